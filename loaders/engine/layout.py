"""The reading-order engine: words with boxes in, an ordered page structure out.

Recursive XY-cut driven by gutters: a region is cut at its dominant gutter into the rows above
it, the band it separates into columns, and the rows below it; each piece is read the same way,
so nested layouts (three columns under two, a box inside a column) fall out of the recursion.
A region with no gutter is one column: its rows are its lines, top to bottom.
Geometry decides; the drawing order (`Word.seq`) breaks the ties it leaves open, and is followed
line by line only where it agrees with everything geometry is sure of (see drawing_order).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from itertools import chain
from typing import Callable

from .geometry import (BOTTOM_EDGE_BAND, CLAUSE_SIGN, FIRST_BAND, HEADING, LINE_NUMBERS, PAGE_NUMBER, RULER_BAND, SECTION_NUMBER,
                       SECTION_NUMBER_TEXT, TEXT, TOP_EDGE_BAND, WATERMARK, WEB_ADDRESS, Block, Box, Line, PageLayout, Word,
                       in_capitals, median, words_box, words_except)
from .bidi import MOSTLY, right_to_left_share
from .confidence import assess
from .drawing_order import follow_drawing_order, running_text
from .drop_caps import drop_caps_into_lines
from .floats import (block_height, ends_sentence, floats_after_paragraphs, is_caption_start, opens_paragraph_after, opens_with_label,
                     same_height)
from .gutters import Gutter, PageRules, both_sides_wordy, find_gutters, find_tie_gutter
from .rows import (FALLBACK_LINE_HEIGHT, ParagraphPitch, Row, line_pitch, make_rows, paragraph_pitch,
                   scripts_to_their_lines)
from .panels import floats_into_panels, mark_panels
from .rulers import split_rulers
from .side_notes import find_side_notes, place_side_notes
from .sideways import (is_sideways, place_sideways, sideways_apart, sideways_out_of_lines, sideways_paragraphs,
                       sideways_words)
from .title_block import head_above, head_rows
from .settings import LayoutSettings

# A line that opens with a section's number, an appendix's ("A.1") included, whatever follows it.
_NUMBERED_LINE = re.compile(rf"^({SECTION_NUMBER_TEXT}|[A-Z](\.\d{{1,2}})+\.?)\s")
_CAPS_HEADING_LINES = 3
# An initial and a name, then a year or "(ed.)" in brackets or another initial: a reference's
# opening, which a lettered heading ("B. Experiment 1: Setup", "C. Data, Metrics") never is.
_REFERENCE_OPENING = re.compile(r"^[A-Z]\.\s+[A-Z][\w'’-]+(?:\s+\((?:\d{4}|eds?\.)|,\s+(?:and\s+)?[A-Z]\.|\s+and\s+[A-Z]\.)")
# A date that opens with its day, and nothing else ("12 March 2024", "3. Mai 2023", "1er janvier",
# "15 de marzo de 2022"; not "5 Mars exploration"): a numbered line to the eye, never a heading.
_DATE = re.compile(r"^\d{1,2}(?:st|nd|rd|th|er|\.)?\s+(?:de\s+)?(?:jan|feb|febr|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
                   r"|janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre"
                   r"|januar|februar|märz|maerz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio"
                   r"|agosto|septiembre|setiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno"
                   r"|luglio|settembre|ottobre|dicembre|january|february|march|april|june|july|august|september"
                   r"|october|november|december)\.?,?(?:\s+(?:de\s+)?\d{4})?$", re.IGNORECASE)
# A street address opening with its house number ("14 Foundry Lane, Sheffield S3 8AB", "12
# Hauptstraße, 10115 Berlin"): a comma, then a postcode (a British one, or four or five figures
# that are no year). A heading may hold a year or a number after a comma ("4 Experiments, Round 2").
_ADDRESS = re.compile(r"^\d{1,4}\s+[^\d,]+,.*(?:\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b|\b(?!(?:19|20)\d\d\b)\d{4,5}\b)")
# A line of three figures or more ("Telephone 0114 496 0000", "VAT No. GB 123 4567 89", "IBAN DE89 3704
# 0044 0532 0130 00"): a number to be read, no title however alone it stands.
_FIGURE_WORD = re.compile(r"[\d()+./-]*\d[\d()+./-]*")
_TITLE_FIGURES = 3
_LEAD_IN_WORDS = 5  # a numbered line of this many words or more ending in a colon leads into what follows
_COLUMN_CHECK_ROWS = 8  # rows under a page's first rows that tell where its columns part


@dataclass(slots=True)
class _Leaf:
    rows: list[Row]
    band: int
    column: int


class _Reader:
    """Walks a page region recursively and collects single-column leaves in reading order."""

    def __init__(self, settings: LayoutSettings, rules: PageRules | None = None) -> None:
        self.s = settings
        self.rules = rules  # the page's rules, asked only where they may settle a gutter
        self.leaves: list[_Leaf] = []
        self.band = FIRST_BAND - 1  # the last band handed out: none yet
        self.columns: dict[int, int] = {}
        self.cuts: list[tuple[Gutter, bool]] = []  # gutters cut at, and whether a tie
        self.title_bands: set[int] = set()  # bands that are title blocks: read before all below
        self.notes: list[list[list[Word]]] = []  # notes in the margin (their lines), taken out of the regions

    def read(self, words: list[Word], label: tuple[int, int] | None) -> None:
        if words:
            self.read_rows(make_rows(words, self.s.row_overlap), label)

    def read_rows(self, rows: list[Row], label: tuple[int, int] | None,
                  gutters: list[Gutter] | None = None) -> None:
        """Read a region given as rows (a run of a larger region's rows is a region too)."""
        if not rows:
            return
        if gutters is None:
            gutters = find_gutters(rows, self.s, self.rules)
        found = next((g for g in gutters if _splits(rows, g, self.s)), None)
        tie = found is None  # (no gutter: the drawing order may still split at a tie gutter)
        g = find_tie_gutter(rows, self.s) if tie else found
        if g is None or tie and not _splits(rows, g, self.s):
            self._leaf(rows, label)
            return
        if g.note:  # the region reads as if the note were not there; it goes after its paragraph
            left, right = _split_at(_words(rows[g.first: g.last + 1]), g, self.s)
            note = left if g.note < 0 else right
            if note:
                self.notes.append([row.words for row in make_rows(note, self.s.row_overlap)])
                self.read_rows(make_rows(words_except(_words(rows), note), self.s.row_overlap), label)
                return
        self.cuts.append((g, tie))
        above = head_above(rows, g, self.s) if not tie else None
        first = g.first
        if above is not None:  # a centred title block right above the columns, split as they are
            self.read_rows(rows[: above[0]], label)
            self._read_band(rows[above[0]: above[1]], above[2], label, title=True)
            first = above[1]  # rows between it and the band, clear of the gutter, are the band's
        else:
            first = g.first if tie else self._carried_over(rows, g)
            self.read_rows(rows[:first], label)
        head = head_rows(rows, g, self.s) if not tie and above is None and first == g.first else None
        if head is not None:  # a centred title block over the columns: a band of its own
            self._read_band(rows[g.first: head], g, label, title=True)
            self.read_rows(rows[head:], label)
            return
        band = rows[first: g.last + 1]
        parts = _grid_rows(band, self.s)
        # A grid of blocks (authors): row of blocks by row of blocks. Centred blocks say so
        # alone; blocks flush left do when every row of blocks is a few lines, where two columns
        # of prose would hardly ever leave a blank line across both at once twice so close.
        if g.centred or _block_grid(parts, g, self.s):
            for part in parts:
                self._read_band(part, g, label)
        else:
            cut = _sections_below(band, g, self.s)
            if cut is not None:  # boxes of a report side by side, then the next ones: band by band
                self._read_band(band[:cut], g, label)
                self.read_rows(rows[first + cut:], label)
                return
            self._read_band(band, g, label)
        self.read_rows(rows[g.last + 1:], label)

    def _carried_over(self, rows: list[Row], g: Gutter) -> int:
        """Where the band that gutter `g` splits starts: at its strip's first row, or under the
        strip's first rows that carry the columns above on (the last line of a paragraph, a note's
        last lines beside it): text on one side of the strip only, every word under text of the
        row above, none across the gutter that splits the rows above. They are the region
        above's; the strip only reaches up over them because the band below leaves it clear."""
        k = g.first
        if k == 0 or not (_one_sided(rows[k], g) and _under(rows[k], rows[k - 1])):
            return k  # (the common case, told without asking the rows above for their gutter)
        upper = rows[:k]
        split = next((u for u in find_gutters(upper, self.s, self.rules) if _splits(upper, u, self.s)), None)
        if split is None:
            return k
        tol = self.s.edge_tolerance  # (a word's box may reach a hair into the strip)
        while k <= g.last and _one_sided(rows[k], g) and _under(rows[k], rows[k - 1]) and not any(
                w.x0 < split.x1 - tol and w.x1 > split.x0 + tol for w in rows[k].words):
            k += 1
        return k if k <= g.last else g.first

    def _read_band(self, rows: list[Row], g: Gutter, label: tuple[int, int] | None,
                   title: bool = False) -> None:
        """Read rows that a gutter splits into columns (a title block's, when `title`)."""
        left, right = _split_at(_words(rows), g, self.s)
        sides = [right, left] if self.s.right_to_left else [left, right]
        if label is None:
            self.band += 1
            if title:
                self.title_bands.add(self.band)
            # Column numbers are counted at the top level: the left side may itself hold columns.
            self._read_columns(sides, self.band)
        else:
            for side in sides:
                self.read(side, label)

    def _read_columns(self, sides: list[list[Word]], band: int) -> None:
        """Read the sides of a top-level band, splitting further columns off each side."""
        col = 0
        pending = list(sides)
        while pending:
            side = pending.pop(0)
            rows = make_rows(side, self.s.row_overlap)
            gutters = find_gutters(rows, self.s, self.rules)
            g = gutters[0] if gutters else None
            if g is not None and g.first == 0 and g.last == len(rows) - 1 and not g.note:
                # The side is itself a run of full-height columns: a 3- or 4-column band. (Not
                # where the split leaves a side empty, list markers gone with their items: the
                # side would be read again as it is, for ever.)
                left, right = _split_at(side, g, self.s)
                if left and right:
                    pending[:0] = [right, left] if self.s.right_to_left else [left, right]
                    continue
            self.read_rows(rows, (band, col), gutters)
            col += 1
        self.columns[band] = col

    def _leaf(self, rows: list[Row], label: tuple[int, int] | None) -> None:
        if label is None:
            self.band += 1
            label = (self.band, 0)
            self.columns[self.band] = 1
        self.leaves.append(_Leaf(scripts_to_their_lines(rows) if len(rows) > 1 else rows, *label))


def _grid_rows(rows: list[Row], s: LayoutSettings) -> list[list[Row]]:
    """A band of centred blocks cut where a row sits grid_row_gap line pitches or more further
    below the one before than the line pitch (a blank line between rows of blocks)."""
    pitch = line_pitch(rows)
    parts = [[rows[0]]]
    for a, b in zip(rows, rows[1:]):
        if (b.y0 + b.y1) - (a.y0 + a.y1) >= 2 * (1 + s.grid_row_gap) * pitch:
            parts.append([])
        parts[-1].append(b)
    return parts


def _sections_below(band: list[Row], g: Gutter, s: LayoutSettings) -> int | None:
    """Where a column band is two bands: after a blank across both columns of section_gap line
    heights or more, below which each column opens with a title (a report's boxes side by side,
    then the next ones), or both columns are set in smaller type than both above it (a paper's
    last text balanced over its references, notes under the text). A paper's columns run on past
    a gap (a figure beside a figure) and do not both open with a title, nor both change type,
    there. None when there is no such row."""
    pitch = line_pitch(band)
    mid = (g.x0 + g.x1) / 2
    picks = (lambda w: w.x1 <= mid, lambda w: w.x0 >= mid)
    for k in range(1, len(band)):
        if band[k].y0 - band[k - 1].y1 < s.section_gap * pitch:
            continue
        sides = [" ".join(w.text for w in band[k].words if pick(w)) for pick in picks]
        if all(_looks_like_title(side, s) for side in sides):
            return k
        # Every row below, on both sides (a caption over text in the body's type is no such band).
        below = [_row_heights(band[k:], pick) for pick in picks]
        if all(below) and max(max(h) for h in below) < s.section_smaller_type * min(
                median([w.y1 - w.y0 for r in band[:k] for w in r.words if pick(w)], 0.0) for pick in picks):
            return k
    return None


def _row_heights(rows: list[Row], pick: Callable[[Word], bool]) -> list[float]:
    """The usual word height of each row's words that `pick` keeps (rows with none left out)."""
    out = []
    for r in rows:
        hs = [w.y1 - w.y0 for w in r.words if pick(w)]
        if hs:
            out.append(median(hs, 0.0))
    return out


def _block_grid(parts: list[list[Row]], g: Gutter, s: LayoutSettings) -> bool:
    """Rows of blocks flush left (authors' names over their addresses): two or more, each of a
    few rows (2 to grid_block_rows), every line a few words (grid_line_words) between gaps wider
    than a word space, and words of letters on both sides (a table's figures are no grid; two
    columns of prose would hardly ever leave a blank line across both twice so close)."""
    if len(parts) < 2 or not all(2 <= len(p) <= s.grid_block_rows for p in parts):
        return False
    gap = s.tie_gutter * s.min_gutter
    for row in (r for p in parts for r in p):
        run = 1
        for a, b in zip(row.words, row.words[1:]):
            run = run + 1 if b.x0 - a.x1 < gap else 1
            if run > s.grid_line_words:
                return False
    rows = [r for p in parts for r in p]
    return both_sides_wordy(rows, (g.x0 + g.x1) / 2, s.grid_wordy_share)


_LIST_MARKER = re.compile(r"^(\[\d{1,3}\]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|[•◦▪▫‣∙·●○■□►▸–—-])$")


def _one_sided(row: Row, g: Gutter) -> bool:
    """The row has text on one side of the strip only."""
    return all(w.x1 <= g.x0 for w in row.words) or all(w.x0 >= g.x1 for w in row.words)


def _under(row: Row, above: Row) -> bool:
    """The row is set close under the row above (less than half its words' height apart: no
    heading's space), every word under text of that row (across part of its width)."""
    if row.y0 - above.y1 > row.word_height / 2:
        return False
    spans = above.occupied()
    return all(any(a < w.x1 and w.x0 < b for a, b in spans) for w in row.words)


def _splits(rows: list[Row], g: Gutter, s: LayoutSettings) -> bool:
    """Whether the gutter parts its rows into two sides with words each: a strip with nothing
    but list markers left of it is their items' indent (`_split_at` gives them to the items),
    and a region read again whole as its own side would be read for ever."""
    left, right = _split_at(_words(rows[g.first: g.last + 1]), g, s)
    return bool(left) and bool(right)


def _split_at(words: list[Word], g: Gutter, s: LayoutSettings) -> tuple[list[Word], list[Word]]:
    """The words left and right of a gutter. When the text right against the gutter's left edge
    is list markers (bullets, "[12]", "3.") hanging left of their items, the gutter is the items'
    indent: the markers go with the items."""
    mid = (g.x0 + g.x1) / 2
    left: list[Word] = []
    right: list[Word] = []
    for w in words:  # (one pass: every level of the recursion splits its words)
        (left if (w.x0 + w.x1) / 2 < mid else right).append(w)
    touching = [w for w in left if w.x1 >= g.x0 - s.list_marker_reach * s.edge_tolerance]
    markers = {id(w) for w in touching if _LIST_MARKER.match(w.text)}
    if len(touching) >= s.list_marker_min and len(markers) >= s.list_marker_share * len(touching):
        right += [w for w in left if id(w) in markers]
        left = [w for w in left if id(w) not in markers]
    return left, right


def _leaf_box(leaf: _Leaf) -> tuple[float, float, float, float]:
    b = words_box(chain.from_iterable([r.words for r in leaf.rows]))  # (the words chained, not listed)
    return b.x0, b.y0, b.x1, b.y1


def _drawn_top_down(row_firsts: list[list[int]], s: LayoutSettings) -> bool:
    """Whether the PDF draws each region's rows top to bottom (native and row-by-row producers
    do; scattered drawing does not). Only then does the drawing order carry evidence.
    `row_firsts`: each region's rows' first words drawn (`Word.seq`)."""
    steps = rising = 0
    for firsts in row_firsts:
        steps += len(firsts) - 1
        rising += sum(b > a for a, b in zip(firsts, firsts[1:]))
    return steps == 0 or rising >= s.top_down_share * steps


def _order_leaves(leaves: list[_Leaf], s: LayoutSettings, title_bands: frozenset[int] = frozenset()) -> list[_Leaf]:
    """Order single-column regions: geometry sets the constraints, the drawing order breaks ties.

    A region must come before another when it sits above it with overlapping x-ranges (the flow
    of one column, a title over columns), or when both are columns of one band and it is the
    earlier column, or it is a title block's and the other is in a later band. Among the regions free to come next, the one the PDF draws first wins when
    the drawing order is trustworthy; otherwise the XY-cut order decides.
    """
    n = len(leaves)
    if n < 2:
        return leaves
    boxes = [_leaf_box(leaf) for leaf in leaves]
    before: list[set[int]] = [set() for _ in range(n)]  # before[j]: regions that must precede j
    for i in range(n):
        ax0, ay0, ax1, ay1 = boxes[i]
        for j in range(n):
            if i == j:
                continue
            bx0, by0, bx1, by1 = boxes[j]
            overlap = min(ax1, bx1) - max(ax0, bx0)
            stacked = overlap > s.stack_overlap * min(ax1 - ax0, bx1 - bx0) and ay1 <= by0 + s.stack_slack
            same_band = leaves[i].band == leaves[j].band and leaves[i].column < leaves[j].column
            title = leaves[i].band in title_bands and leaves[j].band > leaves[i].band
            if stacked or same_band or title:
                before[j].add(i)
    row_firsts = [[min([w.seq for w in r.words]) for r in leaf.rows] for leaf in leaves]
    if _drawn_top_down(row_firsts, s):
        key = [min(firsts) for firsts in row_firsts]  # (each region's first word drawn)
    else:
        key = list(range(n))
    done: list[int] = []
    placed: set[int] = set()
    while len(done) < n:
        free = [j for j in range(n) if j not in placed and before[j] <= placed]
        if not free:  # contradictory constraints: fall back to the XY-cut order for the rest
            free = [min(j for j in range(n) if j not in placed)]
        nxt = min(free, key=lambda j: (key[j], j))
        done.append(nxt)
        placed.add(nxt)
    return [leaves[j] for j in done]


def _words(rows: list[Row]) -> list[Word]:
    return [w for r in rows for w in r.words]


def _dedupe(words: list[Word], grid: float) -> list[Word]:
    """Drop blank words and words drawn twice within `grid` points of the same place (fake bold,
    overprinted a fraction of a point aside; duplicated layers), and pieces of a word drawn
    inside it (a layer of glyph fragments under the line: "S", "ifi" inside "Specifies")."""
    words = [w for w in words if w.text.strip()]
    words = _without_twins(words, grid) if _may_have_twins(words, grid) else words
    return _without_fragments(words, grid) if _overlapping(words, grid) else words


def _overlapping(words: list[Word], grid: float) -> bool:
    """Whether two words on one line overlap by more than `grid` (words never do, but for a
    piece drawn inside another)."""
    inv = 1.0 / grid
    keyed = sorted([(int(w.y0 * inv + 0.5), w.x0, w.x1) for w in words])
    cell, right = None, 0.0
    for here, x0, x1 in keyed:  # (a loop, not any() over pairs: every page asks)
        if here == cell and x0 < right - grid:
            return True
        cell, right = here, x1
    return False


def _without_fragments(words: list[Word], grid: float) -> list[Word]:
    """The words less each one drawn inside another on its line (its box within the other's,
    `grid` points aside at most) whose text is part of the other's."""
    inv = 1.0 / grid
    drop: set[int] = set()
    active: list[Word] = []
    cell = None
    # By the `grid` cell of their tops, left to right in each (the shorter first of two that start together).
    for here, w in sorted([(int(w.y0 * inv + 0.5), w) for w in words], key=lambda p: (p[0], p[1].x0, p[1].x1)):
        if here != cell:
            cell, active = here, []
        active = [v for v in active if v.x1 > w.x0 + grid]
        for v in active:
            if abs(v.y1 - w.y1) > grid:
                continue
            inner, outer = (v, w) if len(v.text) < len(w.text) else (w, v)
            if (inner.text in outer.text and len(inner.text) < len(outer.text) and outer.x0 - grid <= inner.x0
                    and inner.x1 <= outer.x1 + grid):
                drop.add(id(inner))
        active.append(w)
    return [w for w in words if id(w) not in drop] if drop else words


def _may_have_twins(words: list[Word], grid: float) -> bool:
    """Whether two words of one text may lie within `grid` of each other: on cells twice that
    wide, such a pair shares a cell in x on one of two grids half a cell apart (an interval
    shorter than a cell crosses one of their cell edges at most), and in y the same, so it
    shares one of four grids' cells. Most pages have none, and are done at four set lookups a word
    of a text the page has more than once (no other can have a twin: about half its words)."""
    inv = 1.0 / (2 * grid)
    counts = Counter([w.text for w in words])
    words = [w for w in words if counts[w.text] > 1]
    texts = [w.text for w in words]
    xs, ys = [w.x0 * inv for w in words], [w.y0 * inv for w in words]
    # int(x + 0.5), not round(): this runs for every word of every page
    x_cells = ([int(v) for v in xs], [int(v + 0.5) for v in xs])
    y_cells = ([int(v) for v in ys], [int(v + 0.5) for v in ys])
    return any(len(set(zip(texts, xc, yc))) < len(words) for xc in x_cells for yc in y_cells)


def _without_twins(words: list[Word], grid: float) -> list[Word]:
    """The words less each one drawn again within `grid` points of an earlier one of its text
    (looked for in the cells of a `grid` wide grid next to its own)."""
    inv = 1.0 / grid
    cells: dict[tuple[str, int, int], list[Word]] = {}
    out = []
    for w in words:
        cx, cy = int(w.x0 * inv + 0.5), int(w.y0 * inv + 0.5)
        near = (k for i in (cx - 1, cx, cx + 1) for j in (cy - 1, cy, cy + 1) for k in cells.get((w.text, i, j), ()))
        if not any(abs(w.x0 - k.x0) <= grid and abs(w.y0 - k.y0) <= grid for k in near):
            cells.setdefault((w.text, cx, cy), []).append(w)
            out.append(w)
    return out


def _edge_rows(rows: list[Row], page_h: float, body_h: float, s: LayoutSettings) -> tuple[int, int]:
    """Rows at the top and bottom edge set apart by space: candidates for headers and footers,
    up to the first run of rows that is the body's text (`_body_lines`).

    Returns (n_top, n_bottom): how many rows at each end are candidates.
    """
    n = len(rows)
    zone, gap = s.furniture_zone, s.edge_row_gap * body_h
    top = 0
    for j in range(1, n):
        if rows[j - 1].y1 > zone * page_h and not _number_astride(rows, j - 1, zone * page_h, gap):
            break
        if rows[j].y0 - rows[j - 1].y1 >= gap:
            if top and (_body_lines(rows[top:j], body_h, s)
                        or _parts_as_columns(rows[top:j], rows[j: j + _COLUMN_CHECK_ROWS], s)):
                break
            top = j
    bottom = 0
    for j in range(n - 1, top, -1):
        if rows[j].y0 < (1 - zone) * page_h and not _number_astride(rows, j, (1 - zone) * page_h, gap):
            break
        if rows[j].y0 - rows[j - 1].y1 >= gap:
            if bottom and (_body_lines(rows[j: n - bottom], body_h, s)
                           or _parts_as_columns(rows[j: n - bottom], rows[top:j][::-1], s, beside_only=True)):
                break
            bottom = n - j
    return top, bottom


def _number_astride(rows: list[Row], k: int, line: float, gap: float) -> bool:
    """Row k a page's number in figures alone, the zone's `line` crossing it, set apart from the
    rows above and below: set in the margin, as a page number is (a landscape page's number 50
    points over its foot), not a line's last word run over ("2023-" / "0379;"). (A roman
    number there is as likely a diagram's label: a tree's node "V".)"""
    row = rows[k]
    text = " ".join([w.text for w in row.words])
    return (row.y0 < line < row.y1 and bool(PAGE_NUMBER.match(text)) and any(c.isdigit() for c in text)
            and (k == 0 or row.y0 - rows[k - 1].y1 >= gap) and (k + 1 == len(rows) or rows[k + 1].y0 - row.y1 >= gap))


def _body_lines(run: list[Row], body_h: float, s: LayoutSettings) -> bool:
    """Rows set apart from the page's first (last) rows that are the body's text, no header's
    (footer's): two lines or more at a line's pitch, one of them in the body's type, or one line
    of running text in it (a page that opens with the lines that finish a sentence carried over,
    beside a table's caption or a heading in the other column). A caption or a note in small
    type next to a running head or a footer stays a candidate."""
    body = [row for row in run if abs(row.word_height - body_h) <= s.float_size_change * body_h]
    return bool(body) and (len(run) > 1 or running_text(Line(body[0].words), s))


def _parts_as_columns(run: list[Row], rows: list[Row], s: LayoutSettings, beside_only: bool = False) -> bool:
    """A row of the run parts where the body's columns beside it (`rows`) part: its right part,
    past a wide gap, starts where most of those rows start their right column's lines, with
    nothing of theirs running into the edge from the left. At the top: two columns' first lines
    (a heading over each) set apart like a running head; at the foot (`beside_only`, `rows`
    nearest first): footnotes ending both columns on one baseline, where only the nearest rows
    with text right of the edge are asked (the columns' lines need not share baselines, nor end
    on one row). A running head's or foot's parts stand where the columns' edges do not: one
    that starts at the right column's edge is read as the columns' text. (At the foot, the run
    nearest the edge is not asked: a page number or foot alone there is furniture's to decide,
    and footnotes under no running foot stay a candidate row.)"""
    tol = s.edge_tolerance
    for row in run:
        ws = row.words
        for a, b in zip(ws, ws[1:]):
            if b.x0 - a.x1 < s.wide_gutter * s.min_gutter:
                continue
            edge = b.x0
            asked = [r for r in rows if r.words[-1].x1 > edge + tol][:_COLUMN_CHECK_ROWS] if beside_only else rows
            if len(asked) < s.min_gutter_rows:
                continue
            lined_up = sum(any(abs(w.x0 - edge) <= tol for w in r.words)
                           and not any(w.x0 < edge - tol and w.x1 > edge - s.min_gutter for w in r.words)
                           for r in asked)
            if lined_up >= s.min_edge_alignment * len(asked):
                return True
    return False


def _is_heading(line: Line, height: float, body_h: float, s: LayoutSettings, text: str | None = None) -> bool:
    """`text`: the line's text when the caller has it already."""
    if height >= s.heading_size_ratio * body_h and len(line.words) <= s.heading_max_words:
        return True
    if len(line.words) > s.title_max_words:
        return False
    if text is None:
        text = line.text
    if not SECTION_NUMBER.match(text) or text.endswith(".") or _DATE.match(text) or _ADDRESS.match(text):
        return False
    if text.endswith(":") and len(line.words) >= _LEAD_IN_WORDS:
        return False  # a clause that leads into a list ("1.1 In this Agreement the following terms apply:")
    # A letter's number ("A. Related Work") is an author's initial too: a name after it, then a
    # year or "(ed.)" in brackets, or another initial, is a reference's line ("G. Tesauro (1989).
    # Neurogammon wins", "S. Touretzky (ed.), Advances", "J. Alspector, B. Gupta, and").
    return not _REFERENCE_OPENING.match(text)


def _opens_paragraph(row: Row, prev: Row, leaf: _Leaf, body_h: float, s: LayoutSettings) -> bool:
    """`row`, after `prev` closed its sentence, opens a paragraph as paragraph_starts tells one
    in running text: `prev` ends short of the column's right edge, or `row` is set in from its
    left while `prev` is not. A sentence that opens flush left under a full line ("... unintentional
    interference." / "Fig. 2 shows the graph") goes on in the same paragraph."""
    spans = [r.occupied() for r in leaf.rows]  # (each row's, left to right)
    left, right = min(o[0][0] for o in spans), max(o[-1][1] for o in spans)
    before = prev.occupied()
    return opens_paragraph_after(before[0][0], before[-1][1], row.occupied()[0][0], left, right, body_h, s)


# A line that opens with a number of its own ("II.5.1 Forme", "2.1 Data", "A. Participants", "§ 4"):
# the first line of a heading, never a heading's second.
_OWN_NUMBER = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.(?:\d+(?:\.\d+)*\.?)?|[A-Z]\.|§)\s")
_NO_HEADING_END = re.compile(r"[.,:;!]$")  # a bold line ending so is a run-in label, emphasis or a warning
_HEADING_MEASURE = 0.8  # of the column's width, the most a line a bold face alone makes a heading fills
_TEXT_UNDER_WORDS = 3  # words the line under such a heading holds at least (the text it heads)


def _first_letter(text: str) -> str:
    return next((c for c in text if c.isalpha()), "")


def _opens_with_a_capital(text: str) -> bool:
    return _first_letter(text).isupper()


def _may_be_bold_heading(text: str, words: int, s: LayoutSettings) -> bool:
    """A line's text that a bold face could make a heading: short, of letters, opening with no
    lower-case letter (an algorithm's "repeat", "for all" are keywords), closing with no stop,
    comma, colon, semicolon or exclamation mark (a warning's); no address and no caption's label
    ("Table 1")."""
    first = _first_letter(text)
    return (words <= s.bold_heading_max_words and (bool(first) and not first.islower() or CLAUSE_SIGN.match(text) is not None)
            and not _NO_HEADING_END.search(text) and not WEB_ADDRESS.search(text) and not is_caption_start(text))


def _bold_headings(rows: list[Row], texts: list[str], told: list[bool], pitch: float, body_h: float,
                   s: LayoutSettings, bold: Callable[[list[Word]], list[bool]] | None) -> dict[int, int]:
    """The rows of a leaf that a bold face makes headings in the body's size, each with the first
    row of its heading: a row all in bold that may be one (`_may_be_bold_heading`), opening afresh
    (first, or after a row that closed its sentence or is a heading itself: "Methods" over a bold
    "Participants"), over a row of a few words not all in bold (a page set in bold throughout has
    no such heading), short of the column's measure or, set apart from the line above, over a
    sentence that opens with a capital (a bold opening line whose sentence runs on under it is the
    text's); or two such rows short of the measure, the second right under the first at the
    line's pitch (a heading over its subheading stands apart), over prose (a statute's "§ 3" over
    "Anmeldung und Ausweis", a title broken over two lines). Rows a size or a section number makes headings (`told`) are not
    asked. `texts`: the rows' texts. The PDF edge tells the face (`bold`), asked once for the
    rows that could be such headings and those under them."""
    if bold is None or len(rows) < 2:
        return {}
    left, right = min(r.words[0].x0 for r in rows), max(r.words[-1].x1 for r in rows)

    def short(k: int) -> bool:
        return rows[k].words[-1].x1 - rows[k].words[0].x0 <= _HEADING_MEASURE * (right - left)

    def may_be(k: int) -> bool:
        return not told[k] and _may_be_bold_heading(texts[k], len(rows[k].words), s)

    asked: list[tuple[int, ...]] = []  # a heading's rows
    for k in range(len(rows) - 1):
        if not (k == 0 or told[k - 1] or ends_sentence(texts[k - 1])) or not may_be(k):
            continue
        # (Over a line of a word or two: a form's label over its value, a list's term. A line that
        # fills the column's measure is a heading only set apart from the line above it, over a
        # sentence that opens afresh: a bold opening line whose sentence runs on under it is the
        # text's, and a paragraph's first line at the text's pitch is not asked.)
        if len(rows[k + 1].words) >= _TEXT_UNDER_WORDS and (short(k) or (
                (k == 0 or not _next_line_down(rows[k - 1], rows[k], pitch, body_h, s))
                and _opens_with_a_capital(texts[k + 1]))):
            asked.append((k,))
        if not short(k):
            continue
        if (k + 2 < len(rows) and may_be(k + 1) and short(k + 1) and not _OWN_NUMBER.match(texts[k + 1])
                and _next_line_down(rows[k], rows[k + 1], pitch, body_h, s)
                and running_text(Line(rows[k + 2].words), s) and not is_caption_start(texts[k + 2])):
            asked.append((k, k + 1))  # (over prose: a diagram's labels over more of them, or its caption, are none)
    if not asked:
        return {}
    ks = sorted({j for rs in asked for j in rs + (rs[-1] + 1,)})
    faces = bold([w for k in ks for w in rows[k].words])
    at, in_bold = 0, {}
    for k in ks:
        n = len(rows[k].words)
        in_bold[k] = all(faces[at:at + n])
        at += n
    return {k: rs[0] for rs in asked if all(in_bold[k] for k in rs) and not in_bold[rs[-1] + 1] for k in rs}


def _list_rows(rows: list[Row], texts: list[str], pitch: float, body_h: float, s: LayoutSettings) -> set[int]:
    """The rows that are items of a numbered list: a row whose number the next row, right under
    it at the line's pitch, follows in sequence (`_next_item`: "1. Switch off the unit" over "2.
    Remove the screws"), and the row such a row leads to. Such a line is a step, not a section's
    heading, however short: sections do not follow one another line by line. `texts`: the rows'."""
    out: set[int] = set()
    for k in range(len(rows) - 1):
        if _next_item(texts[k], texts[k + 1]) and _next_line_down(rows[k], rows[k + 1], pitch, body_h, s):
            out |= {k, k + 1}
    return out


def _blocks_of_leaf(leaf: _Leaf, body_h: float, s: LayoutSettings, document_body: float = 0.0,
                    bold: Callable[[list[Word]], list[bool]] | None = None) -> list[Block]:
    """Cut a single-column leaf into paragraph blocks at extra space, size changes and headings.
    `document_body`: the usual word height of the document's other pages (0: unknown); `bold`:
    which words are set in a bold face (`_bold_headings`)."""
    blocks: list[Block] = []
    prev: Row | None = None
    prev_heading = False
    prev_h = 0.0
    caption_h = 0.0  # the word height of the caption the open block is, if it is one
    # Some fonts give boxes far shorter than their line spacing: white space between boxes then
    # says nothing, so a paragraph gap must also exceed the leaf's own line pitch (inside its
    # paragraphs in the type at hand, where its full lines tell it: `ParagraphPitch.of`).
    pitches = paragraph_pitch(leaf.rows, s.edge_tolerance) if len(leaf.rows) >= s.pitch_min_rows else None
    pitch = pitches.rows if pitches else 0.0
    # Others give boxes taller than their line spacing (each line's box overlaps the next): the
    # space between boxes then hides a paragraph gap, and baseline distances over the pitch tell it.
    tall = (pitch > 0 and median([r.y1 - r.y0 for r in leaf.rows], 0.0) > pitch  # (rows: cheap, and no shorter)
            and median([r.word_height for r in leaf.rows], 0.0) > pitch)
    least_pitch = min([pitch, *(d for _, d in pitches.full)]) if pitches else 0.0  # (`_paragraph_pitch_of`'s least)
    prev_text = ""  # the last line's text (the line before `line`): texts are joined once a line
    baselines: dict[int, float] = {}  # each row's `_baseline`, by id: asked of a row as `row`, then as `prev`

    def baseline(r: Row) -> float:
        b = baselines.get(id(r))
        if b is None:
            b = baselines[id(r)] = _baseline(r)
        return b

    items: list[Block] = []  # numbered lines taken for headings that the next line carries on
    lines = [Line(row.words) for row in leaf.rows]
    texts = [line.text for line in lines]
    told = [_is_heading(line, row.word_height, body_h, s, text) for line, row, text in zip(lines, leaf.rows, texts)]
    in_bold = _bold_headings(leaf.rows, texts, told, pitch, body_h, s, bold)
    steps = _list_rows(leaf.rows, texts, pitch, body_h, s)
    for k, row in enumerate(leaf.rows):
        line, text = lines[k], texts[k]
        height = row.word_height
        heading = k in in_bold or told[k]
        if heading and k in steps and height < s.heading_size_ratio * body_h:
            heading = False  # a numbered list's step, however short (not a heading by its size)
        # A line that carries on an open sentence at the usual pitch is the same paragraph, however
        # tall its words (a line of typewriter text among a font with short glyph boxes).
        if (prev is not None and not prev_heading and heading
                and not ends_sentence(prev_text)
                and _next_line_down(prev, row, pitch, body_h, s)):
            blocks[-1].lines.append(line)
            prev = row  # the paragraph's own word height stays the one to compare with
            prev_text = text
            continue
        # A numbered heading in capitals broken over lines ("III. APPROXIMATE BAYESIAN PHASE" /
        # "ESTIMATION"): its next line, in capitals and the same type right under it, is its own.
        if (prev is not None and prev_heading and not heading
                and _caps_heading_goes_on(blocks[-1], text, height, prev_h, s)
                and _next_line_down(prev, row, pitch, body_h, s)):
            blocks[-1].lines.append(line)
            prev, prev_text = row, text
            continue
        if (prev is not None and prev_heading and not heading
                and _list_item_goes_on(blocks[-1], prev_h, text, height, body_h, s)
                and _next_line_down(prev, row, pitch, body_h, s)):
            blocks[-1].lines.append(line)
            items.append(blocks[-1])
            prev, prev_heading, prev_text = row, False, text
            continue
        # (A bold heading is a block of its own: its first row opens one, the row after its last another.)
        new = prev is None or heading != prev_heading or in_bold.get(k) == k or (k - 1 in in_bold and k not in in_bold)
        if not new and heading and _NUMBERED_LINE.match(text) and _caps_heading(blocks[-1]) and not in_capitals(text):
            new = True  # "A. Water Quality Sensors" under "III. SENSOR SYSTEMS FOR ... / POLLUTANTS"
        if not new and prev is not None:
            # Lines in type larger than the body's are set with larger leading: their own size,
            # not the body's, says what space parts them (a two-line title, a paragraph set large
            # over a page of smaller table text). A numbered line under another is a heading of
            # its own ("3 Method" over "3.1 Data"): the body's size as before.
            own_h = height if height < prev_h else prev_h
            gap_h = body_h
            if own_h > body_h and not (_NUMBERED_LINE.match(text) and _NUMBERED_LINE.match(prev_text)):
                gap_h = own_h
            space = row.y0 - prev.y1
            # (Not in larger type, nor a chart's labels; nor a caption's lines in its own type: the
            # labels of its chart, in its leaf, may make the pitch theirs.)
            if (tall and gap_h == body_h and running_text(line, s)
                    and not (caption_h and same_height(height, caption_h, s))):
                space, gap_h = baseline(row) - baseline(prev) - pitch, min(gap_h, pitch)
            # A paragraph gap: white between the boxes over paragraph_gap of a line, or, in the
            # body's type (not in a column of boxes taller than the pitch, measured so above), the
            # lines' baselines paragraph_pitch_gap pitches apart: boxes that nearly fill the pitch
            # leave little white however far apart paragraphs stand. The centre must stand
            # paragraph_pitch pitches below the line above either way. (The pitch inside
            # paragraphs in the type of these two, `_paragraph_pitch_of`, sorts: asked only
            # where either may part them, `least_pitch` being the least it can be.)
            far = 0.0 if tall or not same_height(own_h, body_h, s) else baseline(row) - baseline(prev)
            wide = space > s.paragraph_gap * gap_h
            parted = False
            if wide or far > s.paragraph_pitch_gap * least_pitch:
                own_pitch = _paragraph_pitch_of(pitches, own_h, s)
                parted = row.cy - prev.cy > s.paragraph_pitch * own_pitch and (
                    wide or 0 < own_pitch and far > s.paragraph_pitch_gap * own_pitch)
            if parted:
                new = True
            elif abs(height - prev_h) > s.size_change * max(height, prev_h):
                new = True
            elif (abs(height - prev_h) > s.float_size_change * max(height, prev_h)
                  and (own_pitch := _smaller_type_pitch(pitches, own_h, max(height, prev_h), row.cy - prev.cy, s))
                  and row.cy - prev.cy > s.paragraph_pitch * own_pitch):
                new = True  # other type after extra space (a footnote under the column's text)
            elif caption_h and abs(height - caption_h) > s.float_size_change * max(height, caption_h):
                new = True  # a caption ends where its type does (its text is never the body's)
            elif (opens_with_label(text) and ends_sentence(prev_text)
                  and (is_caption_start(text) or _opens_paragraph(row, prev, leaf, body_h, s))):
                new = True  # a caption, or a paragraph whose subject is a float ("Fig. 2 shows")
        if new:
            caption_h = height if is_caption_start(text) else 0.0
            blocks.append(Block([line], leaf.band, leaf.column, kind=HEADING if heading else TEXT, bold=k in in_bold))
        else:
            blocks[-1].lines.append(line)
        prev, prev_heading, prev_h, prev_text = row, heading, height, text
    # A numbered line carried on is a list item's first line, or a heading broken over lines
    # ("2. Evanescent vs. conventional quadrupole light-matter" / "coupling"): no longer than a title.
    for b in items:
        b.kind = HEADING if sum(len(line.words) for line in b.lines) <= s.title_max_words else TEXT
    # Headings are short: a block of tall lines running over heading_max_words words is a
    # paragraph in larger type (a page whose usual type is its references' or its tables'). So is
    # a block longer than a title in type no larger than the document's body type, where the
    # page's own is so much smaller that the body's type passes for a heading's (the
    # acknowledgement over a page of references). A list of headings, every line opening with a
    # section number, stays; so does a numbered heading in capitals broken over lines.
    # A long title in type far larger than the body's, open at its end, on the document's first
    # page (no body type known yet from pages before), stays a heading.
    for b in blocks:
        if b.kind != HEADING or all(_NUMBERED_LINE.match(line.text) for line in b.lines) or _caps_heading(b):
            continue
        n = sum(len(line.words) for line in b.lines)
        size = block_height(b)
        title = (not document_body and size >= s.title_size_ratio * body_h
                 and not ends_sentence(b.lines[-1].text))
        if (len(b.lines) > 1 and n > s.heading_max_words and not title) or (
                n > s.title_max_words and document_body >= s.heading_size_ratio * body_h
                and size < s.heading_size_ratio * document_body):
            b.kind = TEXT
    # A lone short line with no closing punctuation, set apart above a paragraph, heads it. So do
    # two such lines in capitals, short as a title together ("APPENDIX B" / "SAMPLING
    # CONFIGURATION SETUP" in the body's small capitals): prose is never set so.
    # A lone numbered line longer than a title ("B. Validating the model of retweet chain length
    # distribution", "Appendix B: Stability Against Errors in the Likelihood Function"), set apart
    # over a paragraph, heads it as well (two such lines may be a list's item: not they).
    for b, after in zip(blocks, blocks[1:]):
        if b.kind != TEXT or len(b.lines) > _CAPITALS_TITLE_LINES:
            continue  # (a paragraph of more lines is neither: its text is not joined)
        text = " ".join([line.text for line in b.lines])
        if ((len(b.lines) == 1 or _capitals_title(b.lines, after)) and _looks_like_title(text, s)
                or len(b.lines) == 1 and _numbered_title(text, after, s)):
            b.kind = HEADING
    return blocks


_APPENDIX_LINE = re.compile(r"^(Appendix|APPENDIX)\s+[A-Z](\.\d{1,2})*[:.]?\s+[A-Z]")
_NUMBERED_TITLE_WORDS = 2  # (of title_max_words) a numbered heading's length at most


# Words a title never ends with, where a list item's sentence runs on ("1. Change the beginning
# of your document to"): articles, prepositions, conjunctions (English, German, French, Spanish).
_OPEN_ENDING = frozenset("""a an the of to for in on at by with from and or but as that into
der die das des dem den und oder zu von mit für auf im
le la les de du et ou à au aux en par pour sur avec
el los las del y o con por para un una""".split())


def _numbered_title(text: str, after: Block, s: LayoutSettings) -> bool:
    """A line that opens with a section's number, not a reference's, longer than a title but no
    longer than two, that ends as a title does (no closing punctuation, no word that leads on),
    over a paragraph of lines that is no next item of a list ("3. Pour the mixture into the tin
    and bake until golden" over "4. ...")."""
    words = text.split()
    numbered = (SECTION_NUMBER.match(text) is not None and _REFERENCE_OPENING.match(text) is None
                or _APPENDIX_LINE.match(text) is not None)
    return (numbered and text[-1:].isalnum() and words[-1].lower() not in _OPEN_ENDING
            and s.title_max_words < len(words) <= _NUMBERED_TITLE_WORDS * s.title_max_words
            and after.kind == TEXT and len(after.lines) > 1 and not _next_item(text, after.lines[0].text))


_ITEM_NUMBER = re.compile(r"^(\d{1,2}(?:\.\d{1,2})*)(\.?)\s")


def _next_item(text: str, after: str) -> bool:
    """`after` opens with the number of the list's item after the one `text` opens with ("3." then
    "4."; "3.2" then "3.3"), not with any figure ("25 patients were enrolled")."""
    a, b = _ITEM_NUMBER.match(text), _ITEM_NUMBER.match(after)
    if a is None or b is None or a.group(2) != b.group(2):
        return False
    x, y = [int(n) for n in a.group(1).split(".")], [int(n) for n in b.group(1).split(".")]
    return len(x) == len(y) and x[:-1] == y[:-1] and y[-1] == x[-1] + 1


_CAPITALS_TITLE_LINES = 2  # lines of a title in capitals set apart that heads the paragraph under it
_TITLE_WORD = re.compile(r"(?<!\S)[^\W\d_]{3,}[:.,]?(?!\S)")  # a word of letters, three or more
_NO_TITLE_SIGN = re.compile(r"[=*<>|\[\]{}#@$%^~+]")  # code's, a formula's


def _capitals_title(lines: list[Line], after: Block) -> bool:
    """Lines in capitals, each with a word in it, over a paragraph of lines: a chart's legend
    ("F127-TEOS 300K"), a listing's code ("USER = ALICE") or labels over labels are not."""
    return (len(lines) <= _CAPITALS_TITLE_LINES and after.kind == TEXT and len(after.lines) > 1
            and all(in_capitals(line.text) and _TITLE_WORD.search(line.text) and not _NO_TITLE_SIGN.search(line.text)
                    for line in lines))


def _paragraph_pitch_of(pitches: ParagraphPitch | None, word_height: float, s: LayoutSettings) -> float:
    """The leaf's pitch inside paragraphs of type `word_height` tall (0: a leaf too short to tell)."""
    return pitches.of(word_height, s.float_size_change) if pitches else 0.0


_SCALED_PITCH_CHANGE = 1.5  # (of float_size_change) type clearly smaller, whose pitch scales with it
_SCALED_PITCH_SPACE = 1.1  # (of the leaf's pitch) ...set further down than the leaf's own lines


def _smaller_type_pitch(pitches: ParagraphPitch | None, small_h: float, large_h: float, distance: float,
                        s: LayoutSettings) -> float:
    """The pitch inside paragraphs of type `small_h` tall, beside a line of larger type `distance`
    from it (a footnote under text, a heading in small capitals over it): measured where the
    leaf has full lines enough in it; else, for type clearly smaller (by _SCALED_PITCH_CHANGE
    float_size_change) set further off than the leaf's pitch (by _SCALED_PITCH_SPACE), the larger
    type's pitch in proportion to the sizes, as type is set (a footnote of two lines under a
    column's text has none to measure, and the column's pitch, its text's, would hide the space
    over it); else the leaf's pitch (a line of short words, symbols or subscripts a little
    smaller than its text's, at its pitch, is no other type)."""
    if not pitches:
        return 0.0
    measured = pitches.of(small_h, s.float_size_change, unknown=0.0)
    if (measured or large_h - small_h <= _SCALED_PITCH_CHANGE * s.float_size_change * large_h
            or distance <= _SCALED_PITCH_SPACE * pitches.rows):
        return measured or pitches.rows
    return pitches.of(large_h, s.float_size_change) * small_h / large_h


def _caps_heading(block: Block) -> bool:
    """A numbered heading in capitals ("III. SENSOR SYSTEMS"), maybe broken over lines."""
    return bool(_NUMBERED_LINE.match(block.lines[0].text)) and all(in_capitals(line.text) for line in block.lines)


def _caps_heading_goes_on(block: Block, text: str, height: float, prev_h: float, s: LayoutSettings) -> bool:
    """`text` carries on the numbered heading in capitals that `block` is (a heading: three lines
    at most; longer runs of capitals are a clause set so)."""
    return (len(text.split()) <= s.title_max_words and in_capitals(text) and len(block.lines) < _CAPS_HEADING_LINES
            and _caps_heading(block)
            and abs(height - prev_h) <= s.float_size_change * max(height, prev_h))


def _baseline(row: Row) -> float:
    """Where the row's words usually end below: a subscript or a sum's limits do not move it."""
    return median([w.y1 for w in row.words], row.y1)


def _list_item_goes_on(block: Block, block_h: float, text: str, height: float, body_h: float,
                       s: LayoutSettings) -> bool:
    """A numbered line taken for a heading (`block`, in type of height `block_h`) that the next
    line (`text`, `height`) carries on in its own type, opening in lower case: a list item's or
    clause's first line ("3. Pasaporte extranjero con sello I-551" over "temporal o anotación
    impresa"), for a heading's sentence never runs on into the next line. Only a heading told by
    its number alone, one line open at its end."""
    first = block.lines[0].text
    return (len(block.lines) == 1 and text[:1].islower() and bool(_NUMBERED_LINE.match(first))
            and not ends_sentence(first) and block_h < s.heading_size_ratio * body_h
            and abs(height - block_h) <= s.float_size_change * max(height, block_h))


def _next_line_down(prev: Row, row: Row, pitch: float, body_h: float, s: LayoutSettings) -> bool:
    """`row` sits at the usual line pitch below `prev`. Bottoms are compared, not centres: boxes of
    fonts of different box heights share a baseline, not a centre."""
    if pitch > 0:
        return row.y1 - prev.y1 <= s.paragraph_pitch * pitch
    return row.y0 - prev.y1 <= s.paragraph_gap * body_h


def _edge_block(row: Row, band: int, body_h: float, s: LayoutSettings) -> Block:
    """A row at the top or bottom edge: a header/footer candidate (`furniture.mark_furniture`
    decides), or, when it is not, text of its own; a heading (a section title at the top of a
    page) heads what follows it."""
    line = Line(row.words)
    return Block([line], band, 0, kind=HEADING if _is_heading(line, row.word_height, body_h, s) else TEXT)


def _usual_height(words: list[Word]) -> float:
    """The page's usual word height (the body text's), or a line's height where none tells it."""
    return median([w.y1 - w.y0 for w in words], FALLBACK_LINE_HEIGHT) or FALLBACK_LINE_HEIGHT


def _mark_titles_over_regions(body: list[Block], s: LayoutSettings) -> None:
    """A lone title-like line that ends its region, right above the next region's text, heads
    that text (a section title over a column band)."""
    for a, b in zip(body, body[1:]):
        if not (a.kind == TEXT and b.kind == TEXT and a.region != b.region and len(a.lines) == 1
                and _looks_like_title(a.lines[0].text, s) and not is_sideways(a.lines[0].words[0], s)):
            continue
        above, below = a.box, b.box
        if below.y0 >= above.y1 and min(above.x1, below.x1) > max(above.x0, below.x0):
            a.kind = HEADING


def _looks_like_title(text: str, s: LayoutSettings) -> bool:
    words = text.split()
    return (0 < len(words) <= s.title_max_words and text[:1].isupper() and text[-1:].isalnum()
            and sum(1 for w in words if _FIGURE_WORD.fullmatch(w)) < _TITLE_FIGURES)


def analyze_page(words: list[Word], width: float, height: float,
                 settings: LayoutSettings | None = None, document_body: float = 0.0,
                 watermarks: list[Word] | None = None, rules: PageRules | None = None,
                 panels: Callable[[], list[Box]] | None = None,
                 bold: Callable[[list[Word]], list[bool]] | None = None) -> PageLayout:
    """Order one page's words. Blocks at the page edges are marked as header/footer candidates
    (TOP_EDGE_BAND and BOTTOM_EDGE_BAND); `furniture.mark_furniture` decides across pages.

    `document_body`: the usual word height of the document's other pages (0: unknown): on a page
    whose usual type is its references' or its tables', a paragraph in the document's body type
    is no heading for being larger than the page's type. `watermarks` (the PDF edge tells them:
    large type set slanted or printed over the text) come back as furniture, one block each.
    `rules` gives the page's rules, in the words' frame, where a rule drawn down between columns
    may tell a gutter that their words alone do not; `panels` its shaded and framed rectangles,
    where a text box sets its blocks apart (`panels.mark_panels`); `bold` which of some words are
    set in a bold face, where that alone makes a short line a heading (`_bold_headings`)."""
    s = settings or LayoutSettings()
    words = _dedupe(words, s.duplicate_grid)
    rtl_share = right_to_left_share([w.text for w in words])
    if not s.right_to_left and rtl_share > MOSTLY:  # a Hebrew or Arabic page (mostly_right_to_left)
        s = replace(s, right_to_left=True)
    layout = PageLayout(width, height, right_to_left=s.right_to_left, has_right_to_left=rtl_share > 0)
    marks = [Block([Line([w])], RULER_BAND, 0, kind=WATERMARK) for w in watermarks or ()]
    if not words:
        layout.blocks = marks
        return layout
    words, ruler = split_rulers(words, s)
    body_h = _usual_height(words)
    words = drop_caps_into_lines(words, body_h, s)
    # Found once: the words rows are made of below are these less some (a row never holds a word
    # taken out of them, so asking the rest of this list is asking theirs).
    tall = sideways_words(words, s)
    apart = sideways_apart(words, tall, body_h, s) if tall else []
    if len(tall) > 1:
        apart += [w for w in sideways_paragraphs(tall, s) if all(w is not a for a in apart)]
    if apart:  # (rare) placed once the page is cut
        words = words_except(words, apart)
    rows = make_rows(words, s.row_overlap)
    notes = find_side_notes(rows, body_h, s)
    if notes:  # (rare) they leave the rows
        words = words_except(words, chain.from_iterable(notes))
        body_h = _usual_height(words)
        rows = make_rows(words, s.row_overlap)
    layout.usual_height, layout.word_count = body_h, len(words)
    n_top, n_bottom = _edge_rows(rows, height, body_h, s)
    reader = _Reader(s, rules)
    body_rows = rows[n_top: len(rows) - n_bottom]
    too_many = len(words) > s.max_words_for_columns
    if too_many:
        # Not prose (a dense chart, a map, a glyph dump): read rows top to bottom, say so.
        reader._leaf(body_rows, None)
    else:
        reader.read_rows(body_rows, None)
    reader.leaves = _order_leaves(reader.leaves, s, frozenset(reader.title_bands))
    columns, sideways = sideways_out_of_lines([leaf.rows for leaf in reader.leaves], tall)
    sideways += apart
    for leaf, lines in zip(reader.leaves, columns):
        leaf.rows = lines
    blocks = [_edge_block(row, TOP_EDGE_BAND, body_h, s) for row in rows[:n_top]]
    body: list[Block] = []
    for k, leaf in enumerate(reader.leaves):
        for b in _blocks_of_leaf(leaf, body_h, s, document_body, bold):
            b.region = k
            body.append(b)
    if panels is not None and any(b.kind == HEADING for b in body):  # (a box's heading heads its text alone)
        layout.panels = mark_panels(body, panels(), s)
        floats_into_panels(body, layout.panels, s)  # (a figure in a sidebar is the sidebar's)
    if s.follow_drawing_order and not too_many:
        body = follow_drawing_order(body, s, body_h, frozenset(reader.title_bands))
    body = place_sideways(body, sideways, s)
    body = floats_after_paragraphs(body, body_h, s)
    body = place_side_notes(body, notes, s, reader.notes, body_h)
    _mark_titles_over_regions(body, s)
    blocks += body
    blocks += [_edge_block(row, BOTTOM_EDGE_BAND, body_h, s) for row in rows[len(rows) - n_bottom:]]
    if ruler:
        blocks.append(Block([Line(sorted(ruler, key=lambda w: w.y0))], RULER_BAND, 0, kind=LINE_NUMBERS))
    blocks += marks
    layout.blocks = blocks
    layout.columns_per_band = dict(reader.columns)
    layout.region_rows = [leaf.rows for leaf in reader.leaves]
    doubt = assess(reader.cuts, [leaf.rows for leaf in reader.leaves], s)
    if too_many:
        doubt.add(s.too_many_words_confidence,
                  f"{len(words)} words on the page: too many for column analysis, read in rows")
    layout.confidence, layout.doubts = doubt.confidence, doubt.reasons
    return layout

