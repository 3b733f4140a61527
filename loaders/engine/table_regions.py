"""Where a table may be: runs of lines inside one column whose cells line up.

This is the cheap first look that every page pays for, on the lines the layout engine has
already ordered: a line is cut into cells at gaps far wider than a word space, and a run of
such lines whose gaps overlap from line to line is a table candidate. Two columns of prose the
engine did not split, display equations with their numbers, list markers and tables of
contents line up too, and are told apart here. Only candidates make the PDF edge read the
page's drawings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .geometry import FIRST_BAND, Box, Line, PageLayout, Word, median, words_box
from .settings import LayoutSettings

_EQUATION_NUMBER = re.compile(r"^\(\d+(\.\d+)*[a-z]?\)$")
_LIST_MARKER = re.compile(r"^(\[\d{1,3}\]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|[•◦▪▫‣∙·●○■□►▸–—-])$")
_LEADER = re.compile(r"(\.\s?){4,}|…{2,}")


def cells_of(words: list[Word], s: LayoutSettings) -> list[list[Word]]:
    """A line's words (left to right) in cells: cut where the gap is far wider than a space."""
    if not words:
        return []
    gap = s.table_cell_gap * median([w.y1 - w.y0 for w in words])
    out = [[words[0]]]
    right = words[0].x1
    for w in words[1:]:
        if w.x0 - right >= gap:
            out.append([w])
        else:
            out[-1].append(w)
        right = max(right, w.x1)
    return out


def gaps_of(cells: list[list[Word]]) -> list[tuple[float, float]]:
    """The empty stretches between a line's cells."""
    out = []
    for a, b in zip(cells, cells[1:]):
        out.append((max(w.x1 for w in a), min(w.x0 for w in b)))
    return out


@dataclass(slots=True)
class Candidate:
    """Lines that may be a table (top to bottom), and their box."""

    lines: list[Line]
    region: int
    box: Box = Box(0, 0, 0, 0)

    def __post_init__(self) -> None:
        self.box = words_box(w for line in self.lines for w in line.words)

    def take(self, lines: list[Line]) -> None:
        self.lines = sorted(self.lines + lines, key=lambda ln: ln.box.y0)
        self.box = Box.union([self.box] + [ln.box for ln in lines])


def _overlaps(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    return any(min(x1, y1) > max(x0, y0) for x0, x1 in a for y0, y1 in b)


def _crosses_all(words: list[Word], gaps: list[tuple[float, float]]) -> bool:
    """A line whose text covers every gap of the line before: prose, not a wrapped cell."""
    x0, x1 = min(w.x0 for w in words), max(w.x1 for w in words)
    return all(x0 < g0 and x1 > g1 for g0, g1 in gaps)


def _region_lines(layout: PageLayout) -> dict[int, list[Line]]:
    out: dict[int, list[Line]] = {}
    for b in layout.body_blocks:
        if b.band >= FIRST_BAND:
            out.setdefault(b.region, []).extend(b.lines)
    for lines in out.values():
        lines.sort(key=lambda ln: ln.box.y0)
    return out


def table_candidates(layout: PageLayout, s: LayoutSettings) -> list[Candidate]:
    """Runs of lines that may be tables, in every region of the page."""
    regions = _region_lines(layout)
    out: list[Candidate] = []
    for region, lines in regions.items():
        out += _runs(lines, region, s)
    for c in out:
        _widen(c, regions, s)
    merged: list[Candidate] = []
    for c in sorted(out, key=lambda c: -c.box.width * c.box.height):
        if not any(_meets(c.box, m.box) for m in merged):
            merged.append(c)
    return merged


def _meets(a: Box, b: Box) -> bool:
    return min(a.x1, b.x1) > max(a.x0, b.x0) and min(a.y1, b.y1) > max(a.y0, b.y0)


def _widen(c: Candidate, regions: dict[int, list[Line]], s: LayoutSettings) -> None:
    """A table the engine read as columns (its column gaps looked like gutters) lies in several
    regions side by side: the lines of a region beside the candidate that all sit on the
    candidate's lines, in cells too short for prose, belong to it."""
    grown = True
    seen = {c.region}
    while grown:
        grown = False
        for region, lines in regions.items():
            if region in seen:
                continue
            box = c.box
            beside = [ln for ln in lines if ln.box.y1 > box.y0 and ln.box.y0 < box.y1]
            if not beside or any(min(ln.box.x1, box.x1) > max(ln.box.x0, box.x0) for ln in beside):
                continue
            if len(beside) < s.table_beside_share * len(c.lines):
                continue
            if not all(any(_same_row(ln, own) for own in c.lines) for ln in beside):
                continue
            cells = [cell for ln in beside for cell in cells_of(ln.words, s)]
            if sum(map(len, cells)) >= s.table_prose_words * len(cells):
                continue
            c.take(beside)
            seen.add(region)
            grown = True


def _same_row(a: Line, b: Line) -> bool:
    """Two lines on one baseline (they overlap by most of the lower one's height)."""
    ay0, ay1 = a.box.y0, a.box.y1
    by0, by1 = b.box.y0, b.box.y1
    return min(ay1, by1) - max(ay0, by0) >= 0.5 * min(ay1 - ay0, by1 - by0)


def _runs(lines: list[Line], region: int, s: LayoutSettings) -> list[Candidate]:
    found: list[Candidate] = []
    run: list[tuple[Line, list[list[Word]]]] = []
    prev_gaps: list[tuple[float, float]] = []
    singles = 0

    def close() -> None:
        while run and len(run[-1][1]) < 2:
            run.pop()  # trailing lines of one cell are prose after the table
        if sum(len(c) >= 2 for _, c in run) >= s.table_min_rows and _table_like(run, s):
            found.append(Candidate([ln for ln, _ in run], region))
        run.clear()

    for line in lines:
        cells = cells_of(line.words, s)
        if len(cells) >= 2:
            gaps = gaps_of(cells)
            if not (run and _overlaps(gaps, prev_gaps)):
                close()
            run.append((line, cells))
            prev_gaps, singles = gaps, 0
        elif run and singles < s.table_single_lines and not _crosses_all(line.words, prev_gaps):
            run.append((line, cells))
            singles += 1
        else:
            close()
            prev_gaps, singles = [], 0
    close()
    return found


def _table_like(run: list[tuple[Line, list[list[Word]]]], s: LayoutSettings) -> bool:
    """Not two columns of prose, equations with their numbers, a list or a table of contents."""
    multi = [cells for _, cells in run if len(cells) >= 2]
    n = len(multi)
    if all(len(c) == 2 for c in multi):
        left = sum(len(c[0]) for c in multi) / n
        right = sum(len(c[1]) for c in multi) / n
        if min(left, right) >= s.table_prose_words:
            return False
        if sum(bool(_LIST_MARKER.match(" ".join(w.text for w in c[0]))) for c in multi) >= s.table_marker_share * n:
            return False
    if sum(bool(_EQUATION_NUMBER.match(" ".join(w.text for w in c[-1]))) for c in multi) >= s.table_marker_share * n:
        return False
    texts = [" ".join(w.text for w in ln.words) for ln, _ in run]
    return sum(bool(_LEADER.search(t)) for t in texts) < s.table_marker_share * len(texts)
