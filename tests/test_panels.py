"""Text boxes (panels): a shaded or framed box sets its text apart; its heading heads it alone."""
from __future__ import annotations

import itertools
import json
from typing import Callable

import pymupdf
import pytest

from columnrag.chunking import BandAwareTextSplitter
from columnrag.loaders import ColumnAwarePDFLoader, LayoutSettings
from columnrag.loaders.engine.geometry import HEADING, TEXT, Block, Box, Line
from columnrag.loaders.engine.panels import mark_panels

from .boxes import column, line_words


def _block(lines: list[str], x: float, y: float, kind: str = TEXT) -> Block:
    words = column(lines, x, y)
    rows: dict[float, list] = {}
    for w in words:
        rows.setdefault(w.y0, []).append(w)
    return Block([Line(ws) for ws in rows.values()], kind=kind)


def _page() -> list[Block]:
    """A paragraph, a box's heading and text, a paragraph under the box."""
    return [_block(["The body opens here and goes on"] * 6, 72, 100),
            Block([Line(line_words("Key messages", 80, 200))], kind=HEADING),
            _block(["The box says this in a few words"] * 3, 80, 216),
            _block(["The body goes on after the box"] * 8, 72, 270)]


def test_the_blocks_inside_a_box_and_its_title_bar_are_one_panel():
    blocks = _page()
    # A dark title bar over a light box, drawn edge to edge over the same width.
    mark_panels(blocks, [Box(76, 196, 300, 212), Box(76, 212, 300, 256)], LayoutSettings())
    assert [b.panel for b in blocks] == [0, 1, 1, 0]


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_a_box_s_rectangles_make_the_same_panel_whatever_order_they_are_drawn_in(order):
    # Two title bars a little apart in width, each close enough in width to the box under them.
    rects = [Box(76, 196, 300, 212), Box(76, 196, 303, 212), Box(76, 212, 301.5, 256)]
    blocks = _page()
    panels = mark_panels(blocks, [rects[k] for k in order], LayoutSettings())
    assert [b.panel for b in blocks] == [0, 1, 1, 0]
    assert panels == [Box(76, 196, 303, 256)]


def test_a_rectangle_behind_part_of_a_paragraph_is_no_panel():
    blocks = _page()
    # Shading behind the box's heading and text and the next paragraph's first lines.
    mark_panels(blocks, [Box(60, 190, 300, 300)], LayoutSettings())
    assert [b.panel for b in blocks] == [0, 0, 0, 0]


def test_a_heading_on_a_shaded_bar_is_no_panel():
    blocks = _page()
    mark_panels(blocks, [Box(76, 196, 300, 212)], LayoutSettings())  # the bar alone: it heads what follows
    assert [b.panel for b in blocks] == [0, 0, 0, 0]


def test_a_frame_around_most_of_the_page_is_no_panel():
    blocks = _page()
    mark_panels(blocks, [Box(50, 80, 560, 400)], LayoutSettings())
    assert [b.panel for b in blocks] == [0, 0, 0, 0]


def _boxed_pdf(path, heading: str = "Key messages", box_size: float = 8.5, before: str = "", after: str = "") -> None:
    """A title, "1 Introduction" and its paragraph, a shaded box under a dark title bar holding
    `heading` and a paragraph in `box_size` type, a paragraph under the box, "2 Methods" and its
    paragraph. `before` ends the paragraph over the box, `after` opens the one under it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 50), "Screening in Rural Clinics", fontsize=20, fontname="hebo")
    page.insert_text((72, 80), "1 Introduction", fontsize=13, fontname="hebo")
    page.insert_textbox(pymupdf.Rect(72, 92, 523, 250), "The study reads every clinic's records in turn. " * 13
                        + (before or "It ends here."), fontsize=10)
    page.draw_rect(pymupdf.Rect(72, 262, 523, 282), color=None, fill=(0.45, 0.45, 0.45))
    page.draw_rect(pymupdf.Rect(72, 282, 523, 372), color=None, fill=(0.9, 0.9, 0.9))
    page.insert_text((80, 277), heading, fontsize=13, fontname="hebo", color=(1, 1, 1))
    page.insert_textbox(pymupdf.Rect(80, 290, 515, 370), "Screening lowers the rate of late diagnosis. " * 5,
                        fontsize=box_size)
    page.insert_textbox(pymupdf.Rect(72, 390, 523, 540), after + "The records were kept by the nurses on duty. " * 14,
                        fontsize=10)
    page.insert_text((72, 570), "3 Results", fontsize=13, fontname="hebo")
    page.insert_textbox(pymupdf.Rect(72, 582, 523, 700), "Each record was read twice by two readers. " * 10,
                        fontsize=10)
    doc.save(path)


def test_a_page_drawn_with_thousands_of_paths_is_not_looked_at_for_boxes(tmp_path):
    path = tmp_path / "boxed.pdf"
    _boxed_pdf(path)
    doc = pymupdf.open(path)
    for k in range(2100):  # a chart's dots, down the page's margin
        doc[0].draw_rect(pymupdf.Rect(540 + k % 20, 100 + k // 20 * 6, 540.5 + k % 20, 100.5 + k // 20 * 6),
                         color=None, fill=(0.2, 0.2, 0.2))
    drawn = tmp_path / "drawn.pdf"
    doc.save(drawn)

    def panels(settings: LayoutSettings) -> list[int]:
        page = ColumnAwarePDFLoader(str(drawn), ocr="off", settings=settings).load()[0]
        return [b.get("panel", 0) for b in json.loads(page.metadata["layout_blocks"])]

    assert not any(panels(LayoutSettings()))
    assert any(panels(LayoutSettings(panel_max_paths=5000)))


def _chunks(path):
    docs = ColumnAwarePDFLoader(str(path), ocr="off").load()
    return docs, BandAwareTextSplitter(chunk_size=120).split_documents(docs)


def _sections(chunks, text: str) -> set[str]:
    return {c.metadata["section"] for c in chunks if text in c.page_content}


def test_a_sidebar_s_heading_heads_the_sidebar_alone_and_the_text_after_it_stays_in_its_section(tmp_path):
    path = tmp_path / "boxed.pdf"
    _boxed_pdf(path)
    docs, chunks = _chunks(path)
    panels = [b.get("panel", 0) for b in json.loads(docs[0].metadata["layout_blocks"])
              if docs[0].page_content[b["start"]:b["end"]].startswith(("Key messages", "Screening lowers"))]
    assert panels == [1, 1]
    assert {s.split(" > ")[-1] for s in _sections(chunks, "late diagnosis")} == {"Key messages"}
    assert _sections(chunks, "nurses on duty") == {"1 Introduction"}
    # The sidebar's text shares no chunk with the body around it.
    assert not any("late diagnosis" in c.page_content and ("nurses" in c.page_content or "records in" in c.page_content)
                   for c in chunks)


def test_a_box_in_the_body_s_type_that_a_sentence_runs_across_is_a_sidebar(tmp_path):
    path = tmp_path / "boxed.pdf"
    _boxed_pdf(path, box_size=10, before="The records were read by", after="the nurses on the ward. ")
    _, chunks = _chunks(path)
    assert _sections(chunks, "nurses on duty") == {"1 Introduction"}
    # The sentence reads whole, the box after it (as a float after the paragraph it interrupts).
    texts = [c.page_content for c in chunks]
    whole = [k for k, t in enumerate(texts) if "read by the nurses on the ward." in " ".join(t.split())]
    box = [k for k, t in enumerate(texts) if "late diagnosis" in t]
    assert len(whole) == 1 and box and min(box) > whole[0]


@pytest.mark.parametrize("heading, box_size", [
    ("Findings", 10),  # a section set in a shaded box, in the body's type: the report's own section
    ("2 Methods", 8.5),  # a numbered section's heading, whatever the type
])
def test_a_box_that_carries_a_section_of_the_text_heads_the_text_after_it(tmp_path, heading, box_size):
    path = tmp_path / "boxed.pdf"
    _boxed_pdf(path, heading, box_size)
    _, chunks = _chunks(path)
    assert {s.split(" > ")[-1] for s in _sections(chunks, "nurses on duty")} == {heading}


def _sidebar_pdf(path, inside: Callable[[pymupdf.Page], None], box_end: float) -> None:
    """A title, "1 Introduction" and its paragraph; a sidebar ("Key messages", in small type)
    down to `box_end`, opening with a paragraph, `inside` drawing the rest of it from y 310 on,
    ending with a paragraph; a paragraph under the box; "3 Results" and its paragraph."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 50), "Screening in Rural Clinics", fontsize=20, fontname="hebo")
    page.insert_text((72, 80), "1 Introduction", fontsize=13, fontname="hebo")
    page.insert_textbox(pymupdf.Rect(72, 92, 523, 200), "The study reads every clinic's records in turn. " * 9,
                        fontsize=10)
    page.draw_rect(pymupdf.Rect(72, 212, 523, 232), color=None, fill=(0.45, 0.45, 0.45))
    page.draw_rect(pymupdf.Rect(72, 232, 523, box_end), color=None, fill=(0.9, 0.9, 0.9))
    page.insert_text((80, 227), "Key messages", fontsize=13, fontname="hebo", color=(1, 1, 1))
    page.insert_textbox(pymupdf.Rect(80, 240, 515, 300), "Screening lowers the rate of late diagnosis. " * 4,
                        fontsize=8.5)
    inside(page)
    page.insert_textbox(pymupdf.Rect(80, box_end - 75, 515, box_end - 5),
                        "Screening also shortens the wait for a treatment. " * 4, fontsize=8.5)
    page.insert_textbox(pymupdf.Rect(72, box_end + 20, 523, box_end + 140),
                        "The records were kept by the nurses on duty. " * 10, fontsize=10)
    page.insert_text((72, 720), "3 Results", fontsize=13, fontname="hebo")
    page.insert_textbox(pymupdf.Rect(72, 732, 523, 800), "Each record was read twice by two readers. " * 5, fontsize=10)
    doc.save(path)


def _ruled_table(page: pymupdf.Page) -> None:
    rows = [["Clinic", "Patients", "Screened"], ["North", "1204", "988"], ["South", "877", "702"],
            ["East", "1530", "1311"], ["West", "640", "512"]]
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            page.insert_text((90 + j * 140, 322 + i * 18), cell, fontsize=8.5)
        page.draw_line((86, 310 + i * 18), (500, 310 + i * 18), width=0.5)
    page.draw_line((86, 400), (500, 400), width=0.5)
    for x in (86, 226, 366, 500):
        page.draw_line((x, 310), (x, 400), width=0.5)


def _chart_drawn_bottom_up(page: pymupdf.Page) -> None:
    for k, value in enumerate(["0", "20", "40", "60", "80"]):
        page.insert_text((100, 440 - k * 25), value, fontsize=7)
    for k, year in enumerate(["2019", "2020", "2021", "2022"]):
        page.draw_rect(pymupdf.Rect(140 + k * 60, 420 - 20 * k, 170 + k * 60, 438), color=None, fill=(0.2, 0.3, 0.6))
        page.insert_text((140 + k * 60, 452), year, fontsize=7)
    page.insert_text((80, 472), "Figure 1. Share of patients screened by year.", fontsize=8.5)


def test_a_table_inside_a_sidebar_is_the_sidebar_s_and_the_sidebar_goes_on_after_it(tmp_path):
    path = tmp_path / "sidebar_table.pdf"
    _sidebar_pdf(path, _ruled_table, 520)
    docs, chunks = _chunks(path)
    tables = [b for b in json.loads(docs[0].metadata["layout_blocks"]) if b["kind"] == "table"]
    assert [b.get("panel", 0) for b in tables] == [1]
    for text in ("late diagnosis", "| North |", "wait for a treatment"):
        assert {s.split(" > ")[-1] for s in _sections(chunks, text)} == {"Key messages"}, text
    assert _sections(chunks, "nurses on duty") == {"1 Introduction"}
    assert not any("wait for a treatment" in c.page_content and "nurses" in c.page_content for c in chunks)


def test_a_sidebar_read_again_in_drawing_order_stays_a_sidebar(tmp_path):
    # A chart in the box whose tick values are drawn bottom up: the page is read again in the
    # order it is drawn (drawing_order.py), and its blocks keep their box.
    _sidebar_pdf(tmp_path / "chart_in_box.pdf", _chart_drawn_bottom_up, 560)
    _, chunks = _chunks(tmp_path / "chart_in_box.pdf")
    assert {s.split(" > ")[-1] for s in _sections(chunks, "late diagnosis")} == {"Key messages"}
    assert _sections(chunks, "nurses on duty") == {"1 Introduction"}


def _flow_pdf(path, *pages: list[tuple]) -> None:
    """Pages drawn top down from a title and "1 Introduction": ("text", text, height) a
    paragraph, ("box", title, text, height) a sidebar under its title bar (its text in small
    type), ("heading", text) a section's heading."""
    doc = pymupdf.open()
    for k, items in enumerate(pages):
        page = doc.new_page(width=595, height=842)
        y = 72.0
        if k == 0:
            page.insert_text((72, 50), "Screening in Rural Clinics", fontsize=20, fontname="hebo")
            page.insert_text((72, 80), "1 Introduction", fontsize=13, fontname="hebo")
            y = 92.0
        for kind, *rest in items:
            if kind == "heading":
                page.insert_text((72, y + 18), rest[0], fontsize=13, fontname="hebo")
                y += 30
            elif kind == "text":
                assert page.insert_textbox(pymupdf.Rect(72, y, 523, y + rest[1]), rest[0], fontsize=10) >= 0
                y += rest[1] + 12
            else:
                title, text, height = rest
                page.draw_rect(pymupdf.Rect(72, y, 523, y + 20), color=None, fill=(0.45, 0.45, 0.45))
                page.draw_rect(pymupdf.Rect(72, y + 20, 523, y + height), color=None, fill=(0.9, 0.9, 0.9))
                page.insert_text((80, y + 15), title, fontsize=13, fontname="hebo", color=(1, 1, 1))
                assert page.insert_textbox(pymupdf.Rect(80, y + 28, 515, y + height - 2), text, fontsize=8.5) >= 0
                y += height + 12
    doc.save(path)


_OPENING = "The study reads every clinic's records in turn. " * 8 + "The records were read by"
_BOX = ("box", "Key messages", "Screening lowers the rate of late diagnosis. " * 4, 80)


def _whole(chunks, text: str) -> bool:
    return any(text in " ".join(c.page_content.split()) for c in chunks)


def test_the_rest_of_a_sentence_a_sidebar_interrupts_comes_up_whole_across_a_page_break(tmp_path):
    _flow_pdf(tmp_path / "f.pdf",
              [("text", _OPENING, 110), _BOX,
               ("text", "the nurses on the ward. " + "The records were kept by the nurses on duty. " * 40
                + "Every ward sent its weekly summary to the", 420)],
              [("text", "district office within a day of its close. " * 8, 120), ("heading", "2 Methods"),
               ("text", "Each record was read twice by two readers. " * 8, 120)])
    _, chunks = _chunks(tmp_path / "f.pdf")
    assert _whole(chunks, "read by the nurses on the ward") and _whole(chunks, "summary to the district office")


def test_two_sidebars_in_one_sentence_both_follow_it(tmp_path):
    _flow_pdf(tmp_path / "f.pdf",
              [("text", _OPENING, 110), _BOX,
               ("text", "the nurses on the ward, who kept them in order. " * 4 + "Each week they sent them to", 80),
               ("box", "Did you know?", "Most clinics keep paper records still. " * 4, 80),
               ("text", "the district office, where they were filed. " * 6, 110), ("heading", "2 Methods"),
               ("text", "Each record was read twice by two readers. " * 8, 110)])
    _, chunks = _chunks(tmp_path / "f.pdf")
    assert _whole(chunks, "read by the nurses on the ward") and _whole(chunks, "sent them to the district office")


def test_a_sidebar_chunk_joins_no_section_after_it(tmp_path):
    # A short sidebar in the last sentence of section 1 comes after it, right before "2 Methods":
    # too small to stand alone, it still does not join the section, which its heading would head.
    _flow_pdf(tmp_path / "f.pdf",
              [("text", _OPENING, 110), ("box", "Key messages", "Screening lowers the rate of late diagnosis.", 50),
               ("text", "the nurses on the ward. " + "The records were kept by the nurses on duty. " * 12, 140),
               ("heading", "2 Methods"), ("text", "Each record was read twice by two readers. " * 12, 160)])
    _, chunks = _chunks(tmp_path / "f.pdf")
    assert _sections(chunks, "read twice") == {"2 Methods"}
    assert {s.split(" > ")[-1] for s in _sections(chunks, "late diagnosis")} == {"Key messages"}
