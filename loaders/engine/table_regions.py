"""Where a table may be: runs of lines inside one column whose cells line up.

This is the cheap first look that every page pays for, on the lines the layout engine has
already ordered: a line is cut into cells at gaps far wider than a word space, and a run of
such lines whose gaps overlap from line to line is a table candidate. Two columns of prose the
engine did not split, display equations with their numbers, list markers and tables of
contents line up too, and are told apart here. Only candidates make the PDF edge read the
page's drawings (a page without one but with a row of three cells reads only the rules its text
page holds: `tables._row_of_cells`).
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import Callable

from .geometry import EQUATION_NUMBER, FIRST_BAND, VALUE, Block, Box, Line, PageLayout, Word, median, words_box
from .gutters import empty_strips, whole_spaces
from .rows import Row, make_rows
from .settings import LayoutSettings
from .sideways import is_sideways

_BULLET_TEXT = r"[^\w\s]{1,2}"  # "•", "–", "*)": a marker with no number or letter
LIST_MARKER = re.compile(rf"^(\[\d{{1,3}}\]|\(?\d{{1,3}}[.)]|\(?[a-zA-Z][.)]|{_BULLET_TEXT})$")
_BULLET = re.compile(rf"^{_BULLET_TEXT}$")  # a list marker that is a bullet, not a number
_LEADER = re.compile(r"(\.\s?){4,}|…{2,}")
_PAGE_NUMBER = re.compile(r"^\d{1,4}$")
_SECTION = re.compile(r"^([A-Z]\.)?(\d{1,2}(\.\d{1,2})*\.?|[IVX]+\.|[A-Z]\.?)$")
# "A.3", "2.1.4": a heading's number ("2.2" alone is a decimal)
_SUBSECTION = re.compile(r"^([A-Z](\.\d{1,2})+|\d{1,2}(\.\d{1,2}){2,})\.?$")
_EPS = 1e-6


def cells_of(words: list[Word], s: LayoutSettings) -> list[list[Word]]:
    """A line's words (left to right) in cells: cut where the gap is far wider than a space, and
    either wide outright or far wider than the line's usual space (a justified line stretches
    all its spaces alike)."""
    if not words:
        return []
    gaps = []
    right = words[0].x1
    for w in words[1:]:
        gaps.append(w.x0 - right)
        if w.x1 > right:
            right = w.x1
    height = median([w.y1 - w.y0 for w in words])
    least = s.table_cell_gap * height
    # No gap as wide as the least cut (a line of prose, a cell of words): one cell, justified or not.
    if not gaps or max(gaps) < least or _justified(words, gaps, s):
        return [list(words)]
    wide = s.table_wide_gap * height
    # A line of few gaps has no usual space to compare with: the least gap decides.
    usual = s.table_gap_ratio * median(gaps, 0.0) if len(gaps) >= s.table_justified_gaps else least
    out = [[words[0]]]
    for w, g in zip(words[1:], gaps):
        if g >= least and (g >= wide or g >= usual):
            out.append([w])
        else:
            out[-1].append(w)
    return out


_LEADER_DOTS = frozenset(".…")
LEADER_LENGTH = 4  # dots in a row (in one word or in a run of them) that make a leader (". . ." is an ellipsis)


def leader_dots(text: str) -> int:
    """How many leader dots the word is made of (0 unless it is made of nothing else)."""
    return len(text) if text and set(text) <= _LEADER_DOTS else 0


def leader_trimmed(words: list[Word]) -> list[Word]:
    """A cell's words (in reading order) less the dot leader it ends with ("Robbery. . . . . ." is
    "Robbery.") and the leader's last dots that it opens with, set close before its value
    (". 467.9"). A cell of dots alone keeps them."""
    end = len(words)
    while end and leader_dots(words[end - 1].text):
        end -= 1
    if not end:
        return words
    if sum(leader_dots(w.text) for w in words[end:]) < LEADER_LENGTH:
        end = len(words)
    start = 0
    while leader_dots(words[start].text):
        start += 1
    return words[start if words[start].text[:1].isdigit() else 0:end]


def without_leaders(tokens: list[str]) -> list[str]:
    """A line's tokens less the dot leaders that lead a row's label to its values (". . . . ." in
    a statistical table or a price list: four dots or more, in one token or in a run of them,
    followed by two values); a leader to a page or a list of pages ("79, 83": a contents list, an
    index) stays."""
    out: list[str] = []
    run: list[str] = []
    for k, t in enumerate(tokens + [""]):
        if leader_dots(t):
            run.append(t)
            continue
        after = tokens[k:k + 2]
        if sum(map(len, run)) < LEADER_LENGTH or len(after) < 2 or not all(VALUE.match(v) for v in after):
            out += run
        run = []
        if t:
            out.append(t)
    return out


_WORD = re.compile(r"^[^\W\d_]{2,}[.,;:]?$")


def _justified(words: list[Word], gaps: list[float], s: LayoutSettings) -> bool:
    """A line of prose set justified: spaces all stretched alike, and not far, mostly between
    words of letters (a table's columns seldom part their cells at even distances)."""
    if len(gaps) < s.table_justified_gaps or min(gaps) <= 0:
        return False
    if max(gaps) > s.table_even_gaps * min(gaps) or max(gaps) > s.table_wide_gap * s.table_justified_span * (
            words[0].y1 - words[0].y0):
        return False
    return sum(bool(_WORD.match(w.text)) for w in words) >= len(words) / 2


@dataclass(slots=True)
class Candidate:
    """Rows of a region that may be a table (top to bottom), and their box."""

    rows: list[Row]
    region: int
    strong: bool = True  # enough rows to be a table without rules; else only inside a frame
    box: Box = Box(0, 0, 0, 0)

    def __post_init__(self) -> None:
        self.box = words_box(w for r in self.rows for w in r.words)

    def take(self, rows: list[Row]) -> None:
        self.rows = sorted(self.rows + rows, key=lambda r: r.y0)
        self.box = Box.union([self.box] + [words_box(r.words) for r in rows])

    @property
    def height(self) -> float:
        """The usual height of its words."""
        return median([w.y1 - w.y0 for r in self.rows for w in r.words])


class _Regions(dict):
    """The rows of each region of a page, made on first use (most regions are never asked)."""

    def __init__(self, layout: PageLayout, s: LayoutSettings) -> None:
        super().__init__()
        self.lines: dict[int, list[Line]] = {}
        self.blocks: dict[int, list[Block]] = {}
        for b in layout.body_blocks:
            if b.band >= FIRST_BAND:
                self.lines.setdefault(b.region, []).extend(b.lines)
                self.blocks.setdefault(b.region, []).append(b)
        self.s = s
        self.read = layout.region_rows
        self.spans: dict[int, list[tuple[float, float]]] = {}  # (see line_spans)

    def __missing__(self, region: int) -> list[Row]:
        words = [w for line in self.lines[region] for w in line.words]
        # A region's rows as the engine cut them (a run of rows that make_rows made, its scripts
        # back in their lines) are taken when the words are the same.
        rows = self.read[region] if 0 <= region < len(self.read) else None
        if rows is not None:
            ids = {id(w) for r in rows for w in r.words}
            # (A sideways word the engine took out of a line came back as a block of the region.)
            if ids != {id(w) for w in words} and ids != {id(w) for w in words if not is_sideways(w, self.s)}:
                rows = None
        if rows is None:
            rows = make_rows(words, self.s.row_overlap)
        self[region] = rows
        return rows

    def line_spans(self, region: int) -> list[tuple[float, float]]:
        """Each line's top and bottom in the region, measured once: every candidate that may
        widen asks each region beside it, again each time it grows."""
        spans = self.spans.get(region)
        if spans is None:
            spans = self.spans[region] = [((b := ln.box).y0, b.y1) for ln in self.lines[region]]
        return spans

    def gapped(self, region: int) -> bool:
        """Whether enough of the region's lines fall into cells (the cheap test that spares
        prose the sweep: most of its lines have no gap as wide as a cell gap at all)."""
        n = 0
        s = self.s
        for line in self.lines[region]:
            ws = line.words
            least = s.table_cell_gap * (ws[0].y1 - ws[0].y0)
            right = ws[0].x1
            for w in ws[1:]:  # a gap as wide as a cell gap between neighbours (hot: every line of a page)
                if w.x0 - right >= least:
                    break
                right = w.x1
            else:
                continue
            if len(cells_of(ws, s)) > 1:
                n += 1
                if n >= s.table_ruled_rows:
                    return True
        return False


def table_candidates(layout: PageLayout, s: LayoutSettings) -> list[Candidate]:
    """Runs of rows that may be tables, in every region of the page."""
    regions = _Regions(layout, s)
    out: list[Candidate] = []
    for region in regions.lines:
        if regions.gapped(region):
            found = _candidates(regions[region], region, s)
            for c in found:
                if c.strong and typed_listing(_block_words(regions.blocks[region], c.box), s):
                    c.strong = False  # the last lines of a code listing (its other lines no table's)
            out += found
    out += _columns_of_cells(regions, s)
    for c in out:
        _widen(c, regions, s)
    merged: list[Candidate] = []
    for c in sorted(out, key=lambda c: -c.box.width * c.box.height):
        if not any(_share_rows(c, m) for m in merged):
            merged.append(c)
    return merged


_CELL_WORDS = 3  # a line of at most this many words may be a table's cell


def _columns_of_cells(regions: _Regions, s: LayoutSettings) -> list[Candidate]:
    """A table the engine read as columns, one region a column, each of its lines a cell of a
    few words ("column 1", "data 4"): no region has a gap inside its lines, so no region alone
    makes a candidate. Three regions or more of a band side by side, each of such lines only:
    their rows across are a candidate, a weak one (a table only where rules enclose it: three
    columns of keywords are no table)."""
    by_band: dict[int, list[int]] = {}
    for region, blocks in regions.blocks.items():
        lines = regions.lines[region]
        if (len(lines) >= s.table_ruled_rows and all(len(ln.words) <= _CELL_WORDS for ln in lines)
                and not regions.gapped(region)):
            by_band.setdefault(blocks[0].band, []).append(region)
    out: list[Candidate] = []
    for band, short in by_band.items():
        if len(short) < 3:
            continue
        rows = make_rows([w for r in short for ln in regions.lines[r] for w in ln.words], s.row_overlap)
        for c in _candidates(rows, short[0], s):
            c.strong = False
            out.append(c)
    return out


def _block_words(blocks: list[Block], box: Box) -> list[Word]:
    """The words of the blocks a candidate's rows are part of that run on above or below it (a
    listing's other lines); none when the rows are blocks of their own (a table set in a
    typewriter font is still judged by its own rows)."""
    return [w for b in blocks if (bb := b.box).y1 > box.y0 and bb.y0 < box.y1 and (bb.y0 < box.y0 or bb.y1 > box.y1)
            for line in b.lines for w in line.words]


def _candidates(rows: list[Row], region: int, s: LayoutSettings) -> list[Candidate]:
    """Rows of a region beside empty strips that run down several rows with cells on both
    sides, strips that are no gutter between prose, no list's indent and no equations' margin."""
    if len(rows) < s.table_ruled_rows:
        return []
    height = median([w.y1 - w.y0 for r in rows for w in r.words])
    spans: list[tuple[int, int, bool]] = []
    cut: list[list[list[Word]] | None] = [None] * len(rows)

    def cells(i: int) -> list[list[Word]]:
        """Row i's cells (`cells_of`), cut once: each strip beside the row asks for them."""
        c = cut[i]
        if c is None:
            c = cut[i] = cells_of(rows[i].words, s)
        return c

    # A strip beside fewer rows than a run needs has no run of rows with cells on both sides.
    for g in empty_strips(rows, s.table_cell_gap * height, s, s.table_ruled_rows):
        for both in _runs(rows, sorted(set(g.left) & set(g.right)), height, g.x1, s):
            n = _table_like(rows, both, g.x0, g.x1, s, cells)
            if n >= s.table_ruled_rows:
                # Without rules, a column mostly empty on the left is a listing's indent (code,
                # a list), not a table's first column.
                filled = len(set(g.left) & set(range(both[0], both[-1] + 1))) / (both[-1] - both[0] + 1)
                strong = n >= s.table_min_rows and filled >= s.table_first_column
                spans.append((both[0], _wrapped_end(rows, both[0], both[-1], g.x1, height, s), strong))
    spans.sort()
    out: list[tuple[int, int, bool]] = []
    for first, last, strong in spans:
        if out and first <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], last), out[-1][2] or strong)
        else:
            out.append((first, last, strong))
    found = []
    for a, b, strong in out:
        if any(axis_labels(cells(k), s) for k in range(a, b + 1)):
            continue  # a chart's tick labels, not a table
        c = Candidate(rows[a: b + 1], region, strong)
        if strong and typed_listing([w for r in c.rows for w in r.words], s):
            c.strong = False  # a code listing aligned with spaces; a table only inside rules
        found.append(c)
    return found


_NUMBER = re.compile(r"^[-−+]?\d+([.,]\d+)?%?$")


def number(text: str) -> float | None:
    """A cell's value when it is one plain number (a sign, decimals, a percent sign)."""
    if not _NUMBER.match(text):
        return None
    return float(text.rstrip("%").replace("−", "-").replace(",", "."))


def counts_evenly(values: list[float], positions: list[float], s: LayoutSettings) -> bool:
    """Numbers set at even distances that count in even steps, at least table_axis_ticks of
    them: a chart's axis (years, and rows or items numbered 1, 2, 3, are a table's)."""
    n = s.table_axis_ticks
    for i in range(len(values) - n + 1):
        vs, ps = values[i: i + n], positions[i: i + n]
        step, gap = vs[1] - vs[0], ps[1] - ps[0]
        if step == 0 or (abs(step) == 1 and all(v.is_integer() for v in vs)):
            continue
        if all(v.is_integer() and 1800 <= v <= 2200 for v in vs):
            continue
        if all(abs((b - a) - step) <= 1e-6 * max(1.0, abs(step)) for a, b in zip(vs, vs[1:])) and all(
                abs((b - a) - gap) <= s.edge_tolerance for a, b in zip(ps, ps[1:])):
            return True
    return False


def axis_labels(cells: list[list[Word]], s: LayoutSettings) -> bool:
    """Cells of a row that are a chart's axis: numbers only, evenly spaced, counting evenly."""
    values: list[float] = []
    centres: list[float] = []
    for c in cells:
        v = number(c[0].text) if len(c) == 1 else None
        if v is None:
            if counts_evenly(values, centres, s):
                return True
            values, centres = [], []
            continue
        values.append(v)
        centres.append((c[0].x0 + c[0].x1) / 2)
    return counts_evenly(values, centres, s)


def _typewriter_width(words: list[Word], counted: Callable[[str], bool], tolerance: float,
                      s: LayoutSettings) -> float | None:
    """The one width per character that the words of two characters or more whose text is
    `counted` are set at, monospace_share of them within `tolerance` of it; None when there is
    none, or fewer than table_min_rows such words."""
    widths = [(w.x1 - w.x0) / len(w.text) for w in words if len(w.text) >= 2 and counted(w.text)]
    if len(widths) < s.table_min_rows:
        return None
    mid = median(widths)
    return mid if sum(abs(x - mid) <= tolerance * mid for x in widths) >= s.monospace_share * len(widths) else None


def _letter_and_no_digit(text: str) -> bool:
    return not any(c.isdigit() for c in text) and any(c.isalpha() for c in text)


def typed_listing(words: list[Word], s: LayoutSettings) -> bool:
    """A listing typed in a typewriter face (code, a terminal's output) whose columns line up
    with spaces, no table without rules. Either its words of letters alone (most fonts set their
    digits all alike) lie within monospace_tolerance of one width per letter; or, code of
    commands and braces with few such words ("\\pagestyle", "{empty}"), its words with a letter
    and no digit lie within monospace_sign_tolerance of one width per character, as a typewriter
    face sets every sign as wide as a letter (a proportional face's "sinh(x)" and "cos(x)" come
    near it by chance, not that near), and monospace_share of the gaps between such words on a
    line are whole spaces (`whole_spaces`). A table of typewriter cells (commands in a tabular)
    parts its columns by other widths than its characters'."""
    if _typewriter_width(words, str.isalpha, s.monospace_tolerance, s) is not None:
        return True
    pitch = _typewriter_width(words, _letter_and_no_digit, s.monospace_sign_tolerance, s)
    if not pitch:
        return False
    typed = sorted((w for w in words if len(w.text) >= 2 and abs((w.x1 - w.x0) / len(w.text) - pitch)
                    <= s.monospace_sign_tolerance * pitch), key=lambda w: (round(w.y1), w.x0))
    gaps = [b.x0 - a.x1 for a, b in zip(typed, typed[1:]) if round(a.y1) == round(b.y1)]
    return sum(whole_spaces(g, pitch, s) for g in gaps) >= s.monospace_share * len(gaps)


def _runs(rows: list[Row], both: list[int], height: float, right: float, s: LayoutSettings) -> list[list[int]]:
    """The rows with text on both sides of a strip (whose right edge is `right`), in runs: a run
    ends where several rows in a row have text on one side only, or where much space parts two
    rows (a letterhead's two blocks above a table are no part of it). Rows that carry on the
    right side's text from the strip's edge (a term's definition wrapped onto lines of its own,
    however many) count as none: a list of terms runs on past its long definitions."""
    out: list[list[int]] = []
    for i in both:
        if out:
            prev = out[-1][-1]
            one_sided = sum(1 for k in range(prev + 1, i) if not _wraps_on(rows[k], right, s))
            # (The space is between neighbouring rows: rows a cell wraps onto part no rows.)
            if one_sided <= s.table_one_sided_rows and all(
                    rows[k + 1].y0 - rows[k].y1 <= s.table_row_space * height for k in range(prev, i)):
                out[-1].append(i)
                continue
        out.append([i])
    return [run for run in out if len(run) >= s.table_ruled_rows]


def _wrapped_end(rows: list[Row], first: int, last: int, right: float, height: float, s: LayoutSettings) -> int:
    """The run's last row, or the last of the rows under it that carry its right cell on from the
    strip's edge, each close under a line that filled most of the right cells' width (table_wrap_fill:
    it ran out of room) and no wider than they: a table's last cell wrapped onto lines of its own
    ends the table, not the rows above it. A line that ends short ends the cell; a line with a wide
    gap (table_wide_gap) is a row of cells, and one running on past the cells a paragraph's."""
    end = max(w.x1 for r in rows[first: last + 1] for w in r.words)
    while (last + 1 < len(rows) and _wraps_on(rows[last + 1], right, s) and not _gapped(rows[last + 1], s)
           and max(w.x1 for w in rows[last].words) - right >= s.table_wrap_fill * (end - right)
           and max(w.x1 for w in rows[last + 1].words) <= end + s.edge_tolerance
           and rows[last + 1].y0 - rows[last].y1 <= s.table_wrap_gap * height):
        last += 1
    return last


def _gapped(row: Row, s: LayoutSettings) -> bool:
    """Two of the row's words lie table_wide_gap word heights apart or more: cells, not a line of
    text. (Not `cells_of`: a short line's wide space after a full stop parts it into cells.)"""
    wide = s.table_wide_gap * row.word_height
    return any(b.x0 - a.x1 >= wide for a, b in zip(row.words, row.words[1:]))


def _wraps_on(row: Row, right: float, s: LayoutSettings) -> bool:
    """A row of the right side alone that starts at the strip's right edge: a wrapped cell's
    next line."""
    return abs(row.words[0].x0 - right) <= s.edge_tolerance


def _justified_side(cells: list[list[Word]], s: LayoutSettings) -> bool:
    """Cells of running text that start and end at the same x, row after row: a justified
    column of prose (a table's text cells end ragged)."""
    if sum(map(len, cells)) < s.table_prose_words * len(cells):
        return False
    lefts = [c[0].x0 for c in cells]
    rights = [max(w.x1 for w in c) for c in cells]
    return all(sum(abs(x - median(xs)) <= s.edge_tolerance for x in xs) >= s.min_edge_alignment * len(xs)
               for xs in (lefts, rights))


def _share_rows(a: Candidate, b: Candidate) -> bool:
    """Two candidates over the same rows (found by two strips, or in two regions): side by side
    in x, a row of either lying across the other's box. Two stacked one under the other do not,
    however close their boxes come (a font's tall boxes make a line's overlap the next)."""
    if min(a.box.x1, b.box.x1) <= max(a.box.x0, b.box.x0):
        return False
    return any(o.box.y0 < r.cy < o.box.y1 for c, o in ((a, b), (b, a)) for r in c.rows)


def _widen(c: Candidate, regions: _Regions, s: LayoutSettings) -> None:
    """A table the engine read as columns (its column gaps looked like gutters) lies in several
    regions side by side: the rows of a region beside the candidate that all sit on the
    candidate's rows, in cells too short for prose, belong to it (not a paragraph's ends, nor a
    bulleted list in the next column)."""
    grown = True
    seen = {c.region}
    while grown:
        grown = False
        for region in regions.lines:
            if region in seen:
                continue
            box = c.box
            if not any(y1 > box.y0 and y0 < box.y1 for y0, y1 in regions.line_spans(region)):
                continue
            rows = regions[region]
            beside = [r for r in rows if r.y1 > box.y0 and r.y0 < box.y1]
            if not beside or any(min(max(w.x1 for w in r.words), box.x1) > max(r.words[0].x0, box.x0)
                                 for r in beside):
                continue
            if len(beside) < s.table_beside_share * len(c.rows):
                continue
            if not _each_on_a_row(beside, c.rows):
                continue
            cells = [cell for r in beside for cell in cells_of(r.words, s)]
            if sum(map(len, cells)) >= s.table_prose_words * len(cells):
                continue
            if _runs_past(regions.blocks[region], box, s) or _bulleted(beside):
                continue
            c.take(beside)
            seen.add(region)
            grown = True


def _runs_past(blocks: list[Block], box: Box, s: LayoutSettings) -> bool:
    """Some block beside the candidate runs on above or below it in lines of running text
    (twice the words of a cell of prose: a header's cell wrapped onto lines has fewer): the rows
    beside are the ends of a paragraph in the next column, not the table's cells."""
    for b in blocks:
        inside = [min(ln.box.y1, box.y1) > max(ln.box.y0, box.y0) for ln in b.lines]
        if any(inside) and any(len(ln.words) >= 2 * s.table_prose_words
                               for ln, x in zip(b.lines, inside) if not x):
            return True
    return False


def _bulleted(rows: list[Row]) -> bool:
    """Most rows are items of a bulleted list (a bullet, then words): a list in the next
    column, each item on one of the table's rows (a table's rows are labelled, not bulleted;
    a column of check boxes, symbols alone, is the table's)."""
    items = sum(bool(_BULLET.match(r.words[0].text)) and any(c.isalpha() for w in r.words[1:] for c in w.text)
                for r in rows)
    return 2 * items > len(rows)


def _each_on_a_row(rows: list[Row], own: list[Row]) -> bool:
    """Each of `rows` sits on one of `own` (_same_row), looked for among the own rows that can
    overlap it (by their tops, sorted), not all of them: a dense page's tables have hundreds."""
    by_top = sorted(own, key=lambda r: r.y0)
    tops = [r.y0 for r in by_top]
    tallest = max((r.y1 - r.y0 for r in own), default=0.0)
    for r in rows:
        near = by_top[bisect_left(tops, r.y0 - tallest):bisect_left(tops, r.y1)]
        if not any(_same_row(r, o) for o in near):
            return False
    return True


def _same_row(a: Row, b: Row) -> bool:
    """Two rows on one baseline (they overlap by most of the lower one's height)."""
    return min(a.y1, b.y1) - max(a.y0, b.y0) >= 0.5 * min(a.y1 - a.y0, b.y1 - b.y0)


def cell_text(cell: list[Word]) -> str:
    return " ".join([w.text for w in cell])  # (a list joins faster than a generator: asked for every cell)


def _table_like(rows: list[Row], both: list[int], x0: float, x1: float, s: LayoutSettings,
                cells_at: Callable[[int], list[list[Word]]]) -> int:
    """In how many rows the strip parts cells (not merely words, as a river of spaces does);
    none when the cells beside it are two columns of prose, a list's markers, running text
    wrapped (a margin note), equation numbers or a table of contents (leaders, or numbered
    sections and their pages). `cells_at(i)`: row i's cells."""
    lefts, rights = [], []
    for i in both:
        cells = cells_at(i)
        for a, b in zip(cells, cells[1:]):
            if max(w.x1 for w in a) <= x0 + _EPS and b[0].x0 >= x1 - _EPS:
                # The strip is a cell boundary of this row (not a river of spaces), between
                # cells on one baseline (not two blocks of lines side by side).
                if abs(a[-1].y1 - b[0].y1) <= s.table_baseline * (a[-1].y1 - a[-1].y0):
                    lefts.append(a)
                    rights.append(b)
                break
    n = len(lefts)
    if not n or min(sum(map(len, lefts)), sum(map(len, rights))) >= s.table_prose_words * n:
        return 0  # two columns of prose the engine did not split
    if _justified_side(lefts, s):
        return 0  # a column of running text left of something else: the strip is a gutter
    share = s.table_marker_share * n
    if sum(bool(LIST_MARKER.match(cell_text(c)) or _SUBSECTION.match(cell_text(c))) for c in lefts) >= share:
        return 0
    if sum(c[0].text[:1].islower() for c in lefts) >= share and (
            sum(map(len, rights)) >= s.table_prose_words * n):
        return 0  # running text wrapped beside prose (a margin note), no table's labels
    if sum(bool(EQUATION_NUMBER.match(cell_text(c))) for c in rights) >= share:
        return 0
    if sum(bool(_LEADER.search(cell_text(a) + " " + cell_text(b))) for a, b in zip(lefts, rights)) >= share:
        return 0
    if _justified_side(rights, s):
        return min(n, s.table_ruled_rows)  # labels beside running text: a table only inside rules
    if sum(bool(_PAGE_NUMBER.match(cell_text(b)) and _SECTION.match(rows[i].words[0].text))
           for i, b in zip(both, rights)) >= share:
        return 0  # numbered sections and their pages: a table of contents without leaders
    return n
