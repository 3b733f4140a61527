"""The table finder's rules come from the text page MuPDF has already read when every path of the
page is made of rectangles and axis-parallel lines, and from the drawing list otherwise: both ways
must give the same rules."""
from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from columnrag.loaders.engine.settings import LayoutSettings
from columnrag.loaders.engine.table_rules import merge_rules
from columnrag.loaders.pdf import rules as R
from columnrag.loaders.pdf.words import page_words

S = LayoutSettings()


def _page(path: Path, draw) -> pymupdf.Page:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Table 1. Some figures by region and year", fontname="helv", fontsize=9)
    draw(page)
    doc.save(path)
    return pymupdf.open(path)[0]


def _ruled(page: pymupdf.Page) -> None:
    for y in (100, 120, 140, 160):  # a grid drawn line by line
        page.draw_line((72, y), (400, y), width=0.5)
    for x in (72, 200, 300, 400):
        page.draw_line((x, 100), (x, 160), width=0.5)
    page.draw_rect(pymupdf.Rect(72, 200, 400, 215), color=None, fill=(0.85, 0.85, 0.85))  # a shaded band
    page.draw_rect(pymupdf.Rect(72, 240, 400, 300), color=(0, 0, 0), width=1.0)  # a framed box
    page.draw_rect(pymupdf.Rect(72, 320, 400, 321), color=None, fill=(0, 0, 0))  # a rule as a thin rectangle
    page.draw_rect(pymupdf.Rect(72, 340, 400, 380), color=None, fill=(1, 1, 1))  # paper: nothing


def _segments(rules) -> tuple[list, list]:
    def r(segs):
        return [(round(g.pos), round(g.lo), round(g.hi)) for g in segs]
    return r(rules.horizontal), r(rules.vertical)


def _close(a: list, b: list, tol: float = 1.0) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tol for p, q in zip(a, b) for x, y in zip(p, q))


def test_rules_of_a_ruled_page_come_from_the_text_page_and_match_the_drawing_list(tmp_path, monkeypatch):
    page = _page(tmp_path / "ruled.pdf", _ruled)
    expected = _segments(merge_rules(R._drawing_of_paths(page.get_cdrawings(), page.rect, S).rules, S))

    def no_drawing_list(self, *a, **k):
        raise AssertionError("the drawing list was read")

    monkeypatch.setattr(pymupdf.Page, "get_cdrawings", no_drawing_list)
    drawn = R.page_drawing(page, page_words(page, S), S)
    got = _segments(merge_rules(drawn.rules, S))
    assert _close(got[0], expected[0]) and _close(got[1], expected[1]), (got, expected)
    assert len(got[0]) == 9 and len(got[1]) == 6  # grid, band, frame, thin rule; no paper
    assert drawn.ink == []


@pytest.mark.parametrize("extra", ["curve", "slanted", "thick pen"])
def test_a_page_with_other_paths_reads_the_drawing_list(tmp_path, monkeypatch, extra):
    def draw(page):
        _ruled(page)
        if extra == "curve":
            page.draw_circle((500, 500), 30, color=(0, 0, 0))
        elif extra == "slanted":
            page.draw_line((420, 400), (540, 520), width=0.5)
        else:
            page.draw_line((72, 600), (400, 600), width=6)  # a bar, not a frame six points tall

    page = _page(tmp_path / f"{extra}.pdf", draw)
    calls = []
    real = pymupdf.Page.get_cdrawings

    def counted(self, *a, **k):
        calls.append(1)
        return real(self, *a, **k)

    monkeypatch.setattr(pymupdf.Page, "get_cdrawings", counted)
    drawn = R.page_drawing(page, page_words(page, S), S)
    assert calls == [1]
    if extra != "thick pen":
        assert drawn.ink  # the chart's or diagram's ink, which only the drawing list shows
    else:
        assert 600 in [round(g.pos) for g in merge_rules(drawn.rules, S).horizontal]


def test_vector_blocks_are_read_path_by_path_and_an_unknown_format_gives_up():
    blocks = [(10, 10, 100, 11, "\n<vector filled, color: #000000, alpha: 255, is-rect: true, continues: true>\n", 0, 3),
              (10, 20, 100, 21, "\n<vector filled, color: #000000, alpha: 255, is-rect: true, continues: false>\n", 1, 3),
              (5, 5, 50, 50, "\n<vector stroked, color: #ff0000, alpha: 255, is-rect: false, continues: false>\n", 2, 3)]
    paths = R._vector_paths(blocks)
    assert [(len(p.rects), len(p.other)) for p in paths] == [(2, 0), (0, 1)]
    assert paths[1].stroked and paths[1].rgb == 0xFF0000 and not paths[0].stroked
    assert R._vector_paths(blocks + [(0, 0, 1, 1, "<vector something new>", 3, 3)]) is None


def test_a_dense_figure_counts_its_paths_as_ink_without_the_drawing_list(tmp_path, monkeypatch):
    def draw(page):
        _ruled(page)
        for k in range(S.dense_figure_paths):  # a scatter plot of many markers
            page.draw_circle((430 + (k % 25) * 5, 420 + (k // 25) * 5), 1.5, color=(0, 0, 1))

    page = _page(tmp_path / "scatter.pdf", draw)

    def no_drawing_list(self, *a, **k):
        raise AssertionError("the drawing list was read")

    monkeypatch.setattr(pymupdf.Page, "get_cdrawings", no_drawing_list)
    drawn = R.page_drawing(page, page_words(page, S), S)
    assert len(drawn.ink) == S.dense_figure_paths
    assert all(428 <= (b.x0 + b.x1) / 2 <= 552 and 418 <= (b.y0 + b.y1) / 2 <= 517 for b in drawn.ink)
    assert len(merge_rules(drawn.rules, S).horizontal) == 9  # the table's rules are still read


def test_without_the_drawing_list_curves_are_ink_and_an_unclear_box_no_rule(tmp_path, monkeypatch):
    # A ruled grid, a curve and a stroked box 10 points tall (a thick pen's line or a narrow
    # frame: its box cannot tell). The full reading asks the drawing list; the bounded one keeps
    # the grid's rules, takes the curve for figure ink and the unclear box for no rule, and never
    # reads the list.
    def grid(page: pymupdf.Page) -> None:
        for y in (100, 120, 140):
            page.draw_line((72, y), (400, y), width=0.5)
        for x in (72, 236, 400):
            page.draw_line((x, 100), (x, 140), width=0.5)
        page.draw_bezier((450, 100), (470, 80), (490, 160), (510, 120), width=0.5)
        page.draw_rect(pymupdf.Rect(72, 200, 400, 210), color=(0, 0, 0), width=1.0)

    page = _page(tmp_path / "unclear.pdf", grid)

    def no_drawing_list(self, *a, **k):
        raise AssertionError("the drawing list was read")

    monkeypatch.setattr(pymupdf.Page, "get_cdrawings", no_drawing_list)
    with pytest.raises(AssertionError):
        R.page_drawing(page, page_words(page, S), S)
    quick = R.page_drawing(page, page_words(page, S), S, drawing_list=False)
    horizontal, vertical = _segments(merge_rules(quick.rules, S))
    assert _close(horizontal, [(100, 72, 400), (120, 72, 400), (140, 72, 400)]), horizontal
    assert _close(vertical, [(72, 100, 140), (236, 100, 140), (400, 100, 140)]), vertical
    assert len(quick.ink) == 1
