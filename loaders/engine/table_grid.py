"""The cell grid of a table region: columns, rows and which words fill which cell.

Columns come from vertical rules when the table has them, otherwise from its words: the cells
of its lines (cut at gaps far wider than a word space) are gathered into columns, the lines with
most cells first; a cell that reaches over several columns spans them, and a column that one
line alone fills, into which other lines' words run on, is folded into its neighbour. Rows come
from the horizontal rules (strokes, shading edges, not underlines) between lines; lines between
two rules are one row when the rules separate the table's rows, otherwise each line is a row,
and a line that only carries on cells of the line above (a wrapped cell) joins it. A cell that
a rule does not close off from its neighbour spans both; its words are given in every position
it covers. Between column rules a row's rule runs from one column rule to the next: the rules of
a table nested in a cell stop short of its cell's, and that cell's lines stay one row. Columns
of lone marks under a header of words (a check-box matrix) are a table's, not an equation's.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from .geometry import LETTERED, Box, Line, Word, drawn_touching, median, words_box
from .rows import Row, make_rows
from .settings import LayoutSettings
from .table_regions import (LEADER_LENGTH, LIST_MARKER, axis_labels, cell_text, cells_of, counts_evenly, leader_dots,
                            number, without_leaders)
from .table_rules import Rules, Segment, group_segments as _group


@dataclass(slots=True)
class Table:
    """A table found on a page: its box, its cells (rows of columns of words; a spanning cell's
    words are in every position it covers), how many rows head it, its caption's lines and its
    notes' (each note's lines: table_notes.py)."""

    box: Box
    cells: list[list[list[Word]]]
    header_rows: int = 1
    caption: list[Line] = field(default_factory=list)
    notes: list[list[Line]] = field(default_factory=list)

    @property
    def words(self) -> list[Word]:
        seen: set[int] = set()
        out = []
        for row in self.cells:
            for cell in row:
                for w in cell:
                    if id(w) not in seen:
                        seen.add(id(w))
                        out.append(w)
        return out


def _words_inside(words: list[Word], box: Box) -> list[Word]:
    """The words whose centres lie in the box (tested inline: every word of the page is asked)."""
    x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
    return [w for w in words if x0 <= (w.x0 + w.x1) / 2 <= x1 and y0 <= (w.y0 + w.y1) / 2 <= y1]


def _covers(segs: list[Segment], lo: float, hi: float) -> bool:
    """Whether rules at one position cover most of [lo, hi]."""
    mid = (lo + hi) / 2
    return any(g.lo <= mid <= g.hi for g in segs)


def _column_rules(rules: Rules, region: Box, s: LayoutSettings) -> list[list[Segment]]:
    """Inner vertical rules grouped by position, when at least one runs down most of the table
    (a table ruled in columns); otherwise none: its columns come from its words."""
    tol = s.rule_join
    groups = _group([g for g in rules.vertical if region.x0 + tol < g.pos < region.x1 - tol], tol)
    if not any(sum(g.length for g in grp) >= s.table_rule_span * region.height for grp in groups):
        return []
    # Short rules inside (a table nested in a cell) part no column of this table.
    return [grp for grp in groups if sum(g.length for g in grp) >= s.table_rule_part * region.height]


def _without_empty_columns(groups: list[list[Segment]], words: list[Word], region: Box) -> list[list[Segment]]:
    """Column rules less the ones that fence off no word at all (the edge of a shaded header
    just inside the frame): of the two rules around an empty column, the shorter goes."""
    groups = list(groups)
    while groups:
        edges = [region.x0] + [g[0].pos for g in groups] + [region.x1]
        filled = [False] * (len(edges) - 1)
        for w in words:
            cx = (w.x0 + w.x1) / 2
            filled[min(len(filled) - 1, sum(cx > e for e in edges[1:-1]))] = True
        if all(filled):
            return groups
        k = filled.index(False)
        sides = [j for j in (k - 1, k) if 0 <= j < len(groups)]
        groups.pop(min(sides, key=lambda j: sum(g.length for g in groups[j])))
    return groups


def word_columns(lines: list[Row], s: LayoutSettings) -> list[tuple[float, float]]:
    """Column extents from the lines' cells: lines with the most cells set them, the others
    widen them; a cell reaching over two columns is a span and widens neither."""
    cells = [[_phrases(cell, s) for cell in cells_of(r.words, s)] for r in lines]
    cols: list[list[float]] = []
    first_full = _first_full([len(c) for c in cells])
    for i in sorted(range(len(lines)), key=lambda i: (-len(cells[i]), i)):
        for cell in cells[i]:
            x0, x1 = min(a for a, _ in cell), max(b for _, b in cell)
            hits = [c for c in cols if min(c[1], x1) > max(c[0], x0)]
            if len(hits) < 2 and i < first_full and over_gap(x0, x1, sorted(cols), s) is not None:
                continue  # a heading over a group of two columns: a span, widening neither
            if not hits:
                cols.append([x0, x1])
            elif len(hits) == 1:
                hits[0][0], hits[0][1] = min(hits[0][0], x0), max(hits[0][1], x1)
    cols.sort()
    _fold_fragment_columns(cols, cells)
    return [(a, b) for a, b in cols]


def over_gap(x0: float, x1: float, cols: Sequence[Sequence[float]], s: LayoutSettings) -> int | None:
    """k when [x0, x1] is centred on columns k and k+1 together, its middle in the gap between
    them and it reaching no column but those two: a heading over a group of two columns set in
    their gap ("Cost" over "2022" and "2023"); else None. A heading flush with the outer edge of
    either is that column's own, wider than its values ("Weighted average price" over "(in euro)"
    and amounts set flush right), or a group's set flush left, which its rule tells."""
    mid = (x0 + x1) / 2
    for k, (a, b) in enumerate(zip(cols, cols[1:])):
        if a[1] < mid < b[0]:
            centred = abs(mid - (a[0] + b[1]) / 2) <= s.table_group_centre * (b[1] - a[0])
            inside = (k == 0 or x0 >= cols[k - 1][1]) and (k + 2 >= len(cols) or x1 <= cols[k + 2][0])
            flush = abs(x0 - a[0]) <= s.edge_tolerance or abs(x1 - b[1]) <= s.edge_tolerance
            return k if centred and inside and not flush else None
    return None


def _first_full(counts: list[int]) -> int:
    """The index of the first line with the most cells (`counts`: each line's, top down): the
    lines above it are a header's upper lines (0 when there are none)."""
    return counts.index(max(counts)) if counts else 0


def _heading_words(lines: list[Row], s: LayoutSettings) -> frozenset[int]:
    """The ids of the words on lines above the first line with the most cells: a header's upper
    lines, where a heading may stand over a group of columns (`over_gap`)."""
    first = _first_full([len(cells_of(r.words, s)) for r in lines])
    return frozenset(id(w) for r in lines[:first] for w in r.words)


def _phrases(cell: list[Word], s: LayoutSettings) -> list[tuple[float, float]]:
    """The x extents of a cell's runs of words set a word space apart (a cell may hold words
    further apart when the whole line is loosely set)."""
    least = s.table_cell_gap * median([w.y1 - w.y0 for w in cell])
    out = [[cell[0].x0, cell[0].x1]]
    for w in cell[1:]:
        if w.x0 - out[-1][1] < least:
            out[-1][1] = max(out[-1][1], w.x1)
        else:
            out.append([w.x0, w.x1])
    return [(a, b) for a, b in out]


def _fold_fragment_columns(cols: list[list[float]], cells: list[list[list[tuple[float, float]]]]) -> None:
    """Fold into its neighbour a column that at most one line fills on its own while phrases of
    two lines or more run on from the neighbour into it: a mark set off after one value (an
    edit icon's slash, a lone footnote sign) inside a column of wrapped values, not a column
    (the neighbour's values would be given twice, as spans). Only a cell over just the two
    columns counts, and only when a phrase of it runs across their gap: a line across the
    table (a note, a section's row) or a header over two columns with its words set apart
    where they part does not. A table keeps two columns. (`cells`: each line's cells, each its
    phrases' extents.)"""
    while len(cols) > 2:
        own = [0] * len(cols)
        across = [0] * (len(cols) - 1)  # lines with a phrase running on from column j into j + 1
        for line in cells:
            alone: set[int] = set()
            crossed: set[int] = set()
            for cell in line:
                x0, x1 = min(a for a, _ in cell), max(b for _, b in cell)
                hit = [k for k, (a, b) in enumerate(cols) if min(b, x1) > max(a, x0)]
                if len(hit) == 1:
                    alone.add(hit[0])
                if len(hit) == 2 and any(a < cols[hit[0]][1] and b > cols[hit[1]][0] for a, b in cell):
                    crossed.add(hit[0])
            for k in alone:
                own[k] += 1
            for j in crossed:
                across[j] += 1
        pair = next((j for k in range(len(cols)) if own[k] <= 1
                     for j in (k - 1, k) if 0 <= j < len(across) and across[j] >= 2), None)
        if pair is None:
            return
        cols[pair:pair + 2] = [[cols[pair][0], max(cols[pair][1], cols[pair + 1][1])]]


def _unruled_splits(words: list[Word], edges: list[float], rules: Rules, region: Box,
                    s: LayoutSettings) -> list[float]:
    """Column edges no rule draws, inside the columns ruled on both sides between `edges`: a
    clear gap that no word or rule crosses between two columns of words, each with words in two
    rows or more (a ruled table may leave two of its columns unruled between them)."""
    tol = s.rule_join
    border = [any(abs(g.pos - x) <= tol and g.length >= s.table_rule_span * region.height for g in rules.vertical)
              for x in (edges[0], edges[-1])]
    out: list[float] = []
    for k, (a, b) in enumerate(zip(edges, edges[1:])):
        if (k == 0 and not border[0]) or (k == len(edges) - 2 and not border[1]):
            continue  # a column open on its outer side: its words may be more than the table's
        inside = [w for w in words if a <= (w.x0 + w.x1) / 2 < b]
        rows = make_rows(inside, s.row_overlap)
        if len(rows) < 2:
            continue
        cols = word_columns(rows, s)
        for (x0, left), (right, x1) in zip(cols, cols[1:]):
            if right <= left or any(w.x0 < right and w.x1 > left for w in inside):
                continue
            top, bottom = min(w.y0 for w in inside), max(w.y1 for w in inside)
            if any(left < g.pos < right and g.lo < bottom and g.hi > top for g in rules.vertical):
                continue  # a rule too short to part this table's columns: a table nested in a cell
            if (sum(any(x0 <= w.x0 and w.x1 <= left for w in r.words) for r in rows) >= 2
                    and sum(any(right <= w.x0 and w.x1 <= x1 for w in r.words) for r in rows) >= 2):
                out.append((left + right) / 2)
    return out


def _row_rules(rules: Rules, region: Box, cols: list[tuple[float, float]], words: list[Word],
               s: LayoutSettings, ruled: bool = False) -> tuple[list[list[Segment]], list[float]]:
    """Inner horizontal rules grouped by position, those that close off at least one column
    (an underlined word does not) and are not all underlines; and, between column rules
    (`ruled`), the positions of those that cross a column but stop short of its rules. There a
    row's rule runs from one column rule to the next; a table nested in a cell has rules that
    stop short of its cell's (its lines are the cell's, not rows of this table)."""
    tol = s.rule_join
    inner = [g for g in rules.horizontal if region.y0 + tol < g.pos < region.y1 - tol]
    rows: list[list[Segment]] = []
    nested: list[float] = []
    # Columns as far as the vertical rules go (the region may reach past the table's frame).
    left = min((g.pos for g in rules.vertical), default=region.x0)
    right = max((g.pos for g in rules.vertical), default=region.x1)
    ruled_cols = [(max(a, left), min(b, right)) for a, b in cols if min(b, right) > max(a, left)]
    for grp in _group(inner, s.rule_snap):
        if not any(_covers(grp, a, b) for a, b in cols) or all(_underline(g, words, s) for g in grp):
            continue
        if not ruled or any(_reaches(grp, a, b, tol) for a, b in ruled_cols):
            rows.append(grp)
        else:
            nested.append(grp[0].pos)
    return rows, nested


def _reaches(segs: list[Segment], lo: float, hi: float, tol: float) -> bool:
    """Whether rules at one position run all the way across [lo, hi] (pieces meeting within tol)."""
    x = lo
    for g in sorted(segs, key=lambda g: g.lo):
        if g.lo > x + tol:
            break
        x = max(x, g.hi)
    return x >= hi - tol


def _underline(g: Segment, words: list[Word], s: LayoutSettings) -> bool:
    """A rule drawn along the foot of the words right above it and no further than they reach:
    a link's or an emphasis's underline (a row's rule runs past its cells' text)."""
    above = [w for w in words if w.x1 > g.lo and w.x0 < g.hi
             and abs(g.pos - w.y1) <= s.underline_reach * (w.y1 - w.y0)]
    return bool(above) and (min(w.x0 for w in above) - s.rule_join <= g.lo
                            and g.hi <= max(w.x1 for w in above) + s.rule_join)


def _fill(line_words: list[Word], cols: list[tuple[float, float]], seps: list[float] | None,
          s: LayoutSettings, header: bool = False, headings: frozenset[int] = frozenset()) -> list[list[Word]]:
    """A line's words in columns. Between column rules a word goes where its centre is; without
    rules each cell of the line goes to the columns it reaches over (all of them: a span). In a
    header, a heading over several columns heads the first (the rows' labels) only when its
    middle lies over it: a heading wider than its narrow column of amounts overhangs the labels'
    column, which has its own head ("Floating interest rate" beside "Financial Instruments")."""
    out: list[list[Word]] = [[] for _ in cols]
    if seps is not None:
        for w in line_words:
            cx = (w.x0 + w.x1) / 2
            out[sum(cx > p for p in seps)].append(w)
        return out
    least = s.table_cell_gap * median([w.y1 - w.y0 for w in line_words])
    cells = cells_of(line_words, s)
    extents = [(min(w.x0 for w in cell), max(w.x1 for w in cell)) for cell in cells]
    hits = [[k for k, (a, b) in enumerate(cols) if min(b, x1) > max(a, x0)] for x0, x1 in extents]
    # Only a line that reaches every column may part at a column's edge: a section's row or a
    # heading spans some columns and leaves the others empty.
    whole = len({k for hit in hits for k in hit}) == len(cols)
    for cell, (x0, x1), hit in zip(cells, extents, hits):
        if len(hit) < 2 and id(cell[0]) in headings and (k := over_gap(x0, x1, cols, s)) is not None:
            out[k].extend(cell)  # a heading over a group of two columns, in a header's upper line
            out[k + 1].extend(cell)
            continue
        if not hit:
            cx = (x0 + x1) / 2
            hit = [min(range(len(cols)), key=lambda k: min(abs(cx - cols[k][0]), abs(cx - cols[k][1])))]
        if len(hit) > 1:
            # Words of neighbouring cells set close together part where the columns part, by
            # more than a word space, or with the next word right at its column's left edge (a
            # long value run up to the next column's value, closer than a word space); a heading
            # over several columns does not part there.
            at = [column_of((w.x0 + w.x1) / 2, cols) for w in cell]
            # In a line of cells set flush left (the first at its column's left edge), a word set
            # right at a column's left edge starts that column; not in a centred line, nor a word
            # in lower case, which carries a phrase on ("Class options" over "5.1 Title").
            edge = [False] * len(cell)
            flush = whole and abs(cell[0].x0 - cols[hit[0]][0]) <= s.edge_tolerance
            for i in range(1, len(cell) if flush else 1):
                j = next((k for k in hit[1:] if abs(cell[i].x0 - cols[k][0]) <= s.edge_tolerance), None)
                if j is not None and cell[i].x0 > cell[i - 1].x1 and not cell[i].text[:1].islower():
                    at[i], edge[i] = j, True
                    at[:i] = [min(k, j - 1) for k in at[:i]]
            if all(b.x0 - a.x1 >= least or e for a, b, ka, kb, e in zip(cell, cell[1:], at, at[1:], edge[1:])
                   if ka != kb):
                for w, k in zip(cell, at):
                    out[k].append(w)
                continue
        if header and len(hit) > 1 and hit[0] == 0 and (x0 + x1) / 2 > cols[0][1]:
            hit = hit[1:]
        for k in hit:
            out[k].extend(cell)
    return out


def column_of(x: float, cols: list[tuple[float, float]]) -> int:
    """The column an x falls in, or the nearest one."""
    for k, (a, b) in enumerate(cols):
        if a <= x <= b:
            return k
    return min(range(len(cols)), key=lambda k: min(abs(x - cols[k][0]), abs(x - cols[k][1])))


def _union(rows: list[list[list[Word]]]) -> list[list[Word]]:
    return [[w for row in rows for w in row[k]] for k in range(len(rows[0]))]


def _band_rows(band: list[Row], cols: list[tuple[float, float]], seps: list[float] | None, ruled: bool,
               height: float, s: LayoutSettings, headings: frozenset[int] = frozenset()
               ) -> list[list[list[Word]]]:
    """The rows of the lines between two rules. Where rules part the rows, the band is one row
    (its cells wrapped onto several lines) unless several of its lines each fill most columns,
    neither carrying on in lower case or with list items nor under cells that fill their width
    (rows the rules do not part); otherwise each line is a row unless it carries on the one
    above. A line set between two such lines, filling only columns they leave empty, is a cell
    spanning both (a row label centred on its rows)."""
    filled = [_fill(line.words, cols, seps, s, headings=headings) for line in band]
    need = max(2, math.ceil(s.table_parallel_share * len(cols)))
    full = {i for i, f in enumerate(filled)
            if sum(map(bool, f)) >= need and not all(_carries_on(c) for c in f if c)
            and not _wrapped(filled[:i], f, cols, s)}
    if ruled and len(full) < 2:
        return [_union(filled)]
    between = {i for i in range(1, len(band) - 1)
               if i not in full and i - 1 in full and i + 1 in full
               and band[i - 1].y1 <= band[i].cy <= band[i + 1].y0
               and not any(filled[i][k] and (filled[i - 1][k] or filled[i + 1][k]) for k in range(len(cols)))}
    rows: list[list[list[Word]]] = []
    row_of: dict[int, int] = {}
    prev: Row | None = None
    for i, line in enumerate(band):
        if i in between:
            continue
        if ruled:
            new = i in full or not rows
        else:
            new = prev is None or not (_is_continuation(rows, filled[i], cols, line.y0 - prev.y1, height, s)
                                       or _label_goes_on(rows[-1], filled[i], filled[i + 1: i + 2], cols, s))
        if new:
            rows.append([list(c) for c in filled[i]])
        else:
            for k, ws in enumerate(filled[i]):
                rows[-1][k].extend(ws)
        row_of[i] = len(rows) - 1
        prev = line
    for i in between:
        for r in {row_of[i - 1], row_of[i + 1]}:
            for k, ws in enumerate(filled[i]):
                rows[r][k].extend(ws)
    if ruled:
        _span_centred_in_band(rows)
    return rows


def _span_centred_in_band(rows: list[list[list[Word]]]) -> None:
    """Rows that rules enclose together: a column's only cell among them, set nearer the middle
    of the rows than the middle of the line it was read on, labels them all ("6" centred on its
    rows "OTSL" and "HTML", drawn overlapping both lines). One set on its line labels its row."""
    if len(rows) < 2:
        return
    centres = [median([w.cy for cell in row for w in cell]) for row in rows]
    middle = (centres[0] + centres[-1]) / 2
    for k in range(len(rows[0])):
        filled = [r for r, row in enumerate(rows) if row[k]]
        if len(filled) != 1:
            continue
        cell = rows[filled[0]][k]
        line = [w.cy for j, c in enumerate(rows[filled[0]]) if j != k for w in c]
        at = (min(w.y0 for w in cell) + max(w.y1 for w in cell)) / 2
        if line and abs(at - middle) < abs(at - median(line)):
            for row in rows:
                row[k] = cell


def _block_cell(grid: list[list[list[Word]]], least: int) -> bool:
    """Whether one cell spans `least` rows or more and as many columns: a table's cell spans a
    header's columns, or a label's rows, or both in a header's corner (two by two); a block of
    three by three is a diagram's box read over the rules of the boxes around it."""
    where: dict[int, tuple[set[int], set[int]]] = {}
    for r, row in enumerate(grid):
        for k, cell in enumerate(row):
            if cell:
                rows, cols = where.setdefault(id(cell[0]), (set(), set()))
                rows.add(r)
                cols.add(k)
    return any(len(rows) >= least and len(cols) >= least for rows, cols in where.values())


def _values_after_leaders(grid: list[list[list[Word]]]) -> None:
    """A value that dot leaders lead to, read into the label's cell (or into one cell spanning the
    label's column and the next), goes to the next column's cell: "Robbery. . . . . . .102.1" is a
    label and the first column's value, run together where the leader ends under the value's box
    (a leader clipped short of a right-aligned number)."""
    for row in grid:
        for k in range(len(row) - 1):
            if len(row[k]) < 2 or row[k + 1] and row[k + 1][0] is not row[k][0]:
                continue  # (only into an empty cell, or out of one cell read as spanning both)
            cell = in_reading_order(row[k])
            value = len(cell)
            while value and _AMOUNT.match(cell[value - 1].text):
                value -= 1
            leader = value
            while leader and leader_dots(cell[leader - 1].text):
                leader -= 1
            if value < len(cell) and sum(leader_dots(w.text) for w in cell[leader:value]) >= LEADER_LENGTH:
                row[k], row[k + 1] = cell[:value], cell[value:]


def _rows_cross(body: list[list[list[Word]]]) -> bool:
    """Whether most cells spanning rows span past the first or last row of a cell spanning rows
    in another column: the columns' rows do not line up. Lists or boxes ruled each on its own
    and set side by side in one frame cross all over, and read as rows they would give every
    item beside items it has nothing to do with, and each long one over and over. A table's
    spans nest, whichever column groups the other (a county over the plans it has, a plan over
    the counties it serves, in one table), but for a label whose rows the grid found only in
    part (a few cross, not most)."""
    spans: list[list[tuple[int, int]]] = []  # each column's cells spanning rows, as (first row, last row)
    for k in range(len(body[0]) if body else 0):
        cells: list[tuple[int, int]] = []
        for r, row in enumerate(body):
            cell = row[k]
            if cell and r and body[r - 1][k] and body[r - 1][k][0] is cell[0]:
                cells[-1] = (cells[-1][0], r)
            elif cell:
                cells.append((r, r))
        spans.append([(a, b) for a, b in cells if b > a])
    crossing: set[tuple[int, int]] = set()
    for p, mine in enumerate(spans):
        for q in range(p + 1, len(spans)):
            for a, b in mine:
                for c, d in spans[q]:
                    if a < c <= b < d or c < a <= d < b:
                        crossing.update(((p, a), (q, c)))
    return 2 * len(crossing) > sum(map(len, spans))


def _wrapped_under_label(band: list[Row], cols: list[tuple[float, float]], height: float) -> bool:
    """The lines of a band carry on the cells beside its label in loose leading: each set less
    than a line's height under the one above, only the label's line fills the first column, and
    the others fill only columns the label's line fills. The label's line is the first (an
    infobox's value wrapped onto more lines), or one further down when the lines under the
    first each carry on a sentence (they open in lower case: a label centred against a cell of
    three lines, "[Search]" beside "Generate a search query and invoke / the search tool. ...");
    a column of numbers around a centred label is rows of their own, each under that label."""
    def columns(line: Row) -> set[int]:
        return {column_of((w.x0 + w.x1) / 2, cols) for w in line.words}

    filled = [columns(line) for line in band]
    labelled = [k for k, ks in enumerate(filled) if 0 in ks]
    if len(labelled) != 1 or any(y.y0 - x.y1 >= height for x, y in zip(band, band[1:])):
        return False
    label = labelled[0]
    if label > 0 and not all(w.text[:1].islower() for line in band[1:] for w in line.words[:1]
                             if column_of((w.x0 + w.x1) / 2, cols) != 0):
        return False
    return all(ks <= filled[label] for ks in filled)


_OPENS_NUMBER = re.compile(r"^[-−+]?\.?\d")  # a cell's value: "15 pt", "-0.3", ".5"
_OPEN_END = re.compile(r"([,\-–&]|\band)$")  # a cell that goes on ("Velickovic et al.," / "2018")


# Words a label does not end with: its line broke before the words they lead to.
_LEADING_WORDS = frozenset("""the of and to for in on with an or by from at as into per via than
der die das und von für mit zu im den dem des le la les du et à en y del para por con""".split())


def _ends_open(cell: list[Word]) -> bool:
    """A cell's line of words that ends with a word that leads on ("of the", "and") or a word
    with a comma or dash after it: the cell goes on on the next line, whatever case that line
    opens in (a dash alone is a nil value)."""
    last = cell[-1].text
    return last in _LEADING_WORDS or (any(c.isalpha() for c in last) and bool(_OPEN_END.search(last)))


def _carries_on(cell: list[Word]) -> bool:
    """A cell's line that goes on with the cell above: in lower case, or a list item in it."""
    first = cell[0].text
    return first[:1].islower() or bool(LIST_MARKER.match(first))


def _wrapped(above: list[list[list[Word]]], cur: list[list[Word]], cols: list[tuple[float, float]],
             s: LayoutSettings) -> bool:
    """The line carries on cells of the nearest line above it that shares columns with it: in
    every column they share, that line's text fills most of the width and this line's goes on
    in words (a short centred number over another is a row of its own; numbers do not wrap)."""
    for prev in reversed(above):
        shared = [k for k in range(len(cols)) if prev[k] and cur[k]]
        if shared:
            break
    else:
        return False
    return all(any(c.isalpha() for w in cur[k] for c in w.text) for k in shared) and all(
        _fills(prev[k], cols[k], s)
        for k in shared)


def _label_goes_on(row: list[list[Word]], cur: list[list[Word]], after: list[list[list[Word]]],
                   cols: list[tuple[float, float]], s: LayoutSettings) -> bool:
    """The line's first cell goes on in lower case from a row that is a label alone, filling
    most of its column (a row's label wrapped onto the line of its values: "Other creditors and" /
    "accruals | – | 519,300"). A short label alone over a row in lower case heads that row
    ("Demographics" / "age | 34"), and so does one over rows in lower case (`after`: the line
    after this one; "Receivables from related parties" / "current" / "non-current")."""
    k = next((k for k, c in enumerate(cur) if c), None)
    if k is None or not row[k] or any(c for j, c in enumerate(row) if j != k) or not cur[k][0].text[:1].islower():
        return False
    if after and after[0][k] and after[0][k][0].text[:1].islower():
        return False  # the first of the group's rows the label heads
    return _fills(row[k], cols[k], s)


def _fills(cell: list[Word], col: tuple[float, float], s: LayoutSettings) -> bool:
    """The cell's text fills most of its column's width (table_wrap_fill): a line that ran out of
    room, so the line under it may carry it on."""
    return max(w.x1 for w in cell) - min(w.x0 for w in cell) >= s.table_wrap_fill * (col[1] - col[0])


def _is_continuation(above: list[list[list[Word]]], cur: list[list[Word]], cols: list[tuple[float, float]],
                     gap: float, height: float, s: LayoutSettings) -> bool:
    """A line that carries on the row above: set close under it, and either its first cell
    goes on in lower case (or with a list item) under text, or under text that cannot end there
    ("... of the" / "European plants": `_ends_open`), no other cell opening a number
    under one that ended (numbers do not wrap: "paper title | 15 pt" under "Font Size" is a
    row), or, with nothing in the first column, it goes on with cells that filled their width
    (wrapped text)."""
    if gap > s.table_wrap_gap * height or not above:
        return False
    first = next((k for k, c in enumerate(cur) if c), None)
    if first is None:
        return True
    if above[-1][first] and (_carries_on(cur[first]) or _ends_open(above[-1][first])):
        row = above[-1]
        return not any(c and row[k] and _OPENS_NUMBER.match(c[0].text) and not _OPEN_END.search(row[k][-1].text)
                       for k, c in enumerate(cur) if k != first)
    return not cur[0] and _wrapped(above, cur, cols, s)


def build_table(region: Box, page_words: list[Word], rules: Rules, s: LayoutSettings) -> Table | None:
    """The table in `region`, or None when its words do not make one: fewer than two columns,
    or mostly rows of one cell (unless rules part its columns and every row has a label)."""
    words = _words_inside(page_words, region)
    if len(words) < 4:
        return None
    lines = make_rows(words, s.row_overlap)
    rules = rules.within(region, s.rule_join)
    col_rules = _without_empty_columns(_column_rules(rules, region, s), words, region)
    seps: list[float] | None = None
    if col_rules:
        ruled = [sum(g.pos for g in grp) / len(grp) for grp in col_rules]
        seps = sorted(ruled + _unruled_splits(words, [region.x0] + ruled + [region.x1], rules, region, s))
        edges = [region.x0] + seps + [region.x1]
        cols = list(zip(edges, edges[1:]))
    else:
        cols = word_columns(lines, s)
    if len(cols) < 2:
        return None
    headings = _heading_words(lines, s) if seps is None else frozenset()
    row_rules, nested = _row_rules(rules, region, cols, words, s, ruled=bool(col_rules))
    cuts = [sum(g.pos for g in grp) / len(grp) for grp in row_rules]
    band_words: list[list[Word]] = [[] for _ in range(len(cuts) + 1)]
    for w in words:
        band_words[sum((w.y0 + w.y1) / 2 > c for c in cuts)].append(w)
    keep = [b for b in range(len(band_words)) if band_words[b]]
    bands = [make_rows(band_words[b], s.row_overlap) for b in keep]
    band_box = [(([region.y0] + cuts)[b], (cuts + [region.y1])[b]) for b in keep]
    between = [[g for grp in row_rules[keep[i]:keep[i + 1]] for g in grp] for i in range(len(keep) - 1)]
    body = bands[1:] if len(bands) > 1 else bands  # below the header
    height = median([w.y1 - w.y0 for w in words])
    rules_rows = bool(col_rules) or len(body) >= 2
    head = 2 if _two_tier_header(bands, between, cols, seps, s, headings) else 1  # the header's bands
    grid: list[list[list[Word]]] = []
    row_band: list[int] = []
    for b, band in enumerate(bands):
        if b < head and len(bands) > 1 and len(band) <= s.table_header_lines:
            rows = [_union([_fill(line.words, cols, seps, s, header=True, headings=headings)
                            for line in band])]  # the header
        else:
            # Lines set close, or a label's values wrapped under it: rules part the rows.
            tight = all(y.y0 - x.y1 <= s.table_wrap_gap * height for x, y in zip(band, band[1:])) or (
                _wrapped_under_label(band, cols, height))
            lo, hi = band_box[b]
            stack = _stacked_header(band, s, height) if len(bands) == 1 and seps is None else 0
            if any(lo < y < hi for y in nested):
                rows = [_union([_fill(line.words, cols, seps, s) for line in band])]  # a table in a cell
            else:
                rows = [_union([_fill(line.words, cols, seps, s, header=True, headings=headings)
                                for line in band[:stack]])] if stack else []
                rows += _band_rows(band[stack:], cols, seps, bool(col_rules) or (rules_rows and tight), height, s,
                                   headings)
        grid += rows
        row_band += [b] * len(rows)
    _values_after_leaders(grid)
    if not col_rules:
        grid, cols = _join_header_columns(grid, cols, [b < head for b in row_band] if len(bands) > 1
                                          else [r == 0 for r in range(len(grid))])
    _span_cells(grid, row_band, between, band_box, cols, col_rules, head)
    grid = [[in_reading_order(cell) for cell in row] for row in grid]
    header_rows = sum(b < head for b in row_band) if len(bands) > 1 else 2 if _group_row(grid, headings) else 1
    if not col_rules:
        grid, cols = _currency_folded(grid, cols, header_rows)
    grid, cols = _drop_empty(grid, cols)
    multi = sum(sum(map(bool, row)) >= 2 for row in grid)
    labelled = bool(col_rules) and len(grid) >= 2 and all(row[0] for row in grid)
    if len(cols) < 2 or not multi or not labelled and (multi < 2 or multi < s.table_filled_rows * len(grid)):
        return None  # one column of text in a frame, not a table
    if not col_rules and len(grid) < s.table_min_rows:
        return None  # a few lines side by side (a diagram's labels): no table
    if not col_rules and sum(bool(c) for row in grid for c in row) < s.table_min_filled * len(grid) * len(cols):
        return None  # a chart's scattered labels, an equation's pieces: no table
    if _outline(grid):
        return None  # numbered headings or items beside their titles: a contents list, no table
    if _wordless(grid):
        return None  # a diagram's labels in rows: a circuit's wires and gates
    if _address_list(grid):
        return None  # names beside their e-mail addresses, no header: a paper's author block
    if _block_cell(grid, s.table_block_cell):
        return None  # boxes of a diagram (a UML class in a package's frame), no grid of cells
    if _rows_cross(grid[header_rows:]):
        return None  # boxes or lists set side by side in a frame (a form's lists), no rows
    if _axis_column(grid, s) or _symbolic(lines, s, _mark_columns(grid, max(1, header_rows)) | _nil_values(grid, max(1, header_rows))) or any(
            _FIGURE.match(" ".join(w.text for w in r.words)) for r in lines):
        return None  # a chart's axis, a display equation, or a figure with its caption
    return Table(Box.union([region, words_box(words)]), grid, max(1, min(header_rows, s.table_header_lines)))


_CURRENCY = re.compile(r"^(?:[A-Z]{0,2}\$|[€£¥₹₩]|CHF|EUR|USD)$")


def _currency_folded(grid: list[list[list[Word]]], cols: list[tuple[float, float]],
                     header_rows: int) -> tuple[list[list[list[Word]]], list[tuple[float, float]]]:
    """A column of currency signs alone ("$" set apart at the left of each amount, as statements
    set them), each beside an amount in the column after it and with no head of its own, is part
    of that column: "$ 1,204" is one value, not two columns."""
    k = 0
    while k < len(cols) - 1:
        body = grid[header_rows:]
        signs = [r for r, row in enumerate(body) if row[k]]
        if (signs and all(len(body[r][k]) == 1 and _CURRENCY.match(body[r][k][0].text)
                          and body[r][k + 1] and _AMOUNT.match(body[r][k + 1][0].text) for r in signs)
                and all(not row[k] or row[k] is row[k + 1] for row in grid[:header_rows])):
            for row in grid:
                if row[k] is not row[k + 1]:
                    row[k + 1] = row[k] + row[k + 1]
                del row[k]
            cols = cols[:k] + [(cols[k][0], cols[k + 1][1])] + cols[k + 2:]
            continue
        k += 1
    return grid, cols


def _group_row(grid: list[list[list[Word]]], headings: frozenset[int]) -> bool:
    """The first row holds only headings over groups of columns, one of them over two (a
    header's upper tier without rules: "Revenue" over "2022" "2023"): it and the row under it
    head the table."""
    top = grid[0] if len(grid) > 2 else []
    return (any(top) and all(id(w) in headings for cell in top for w in cell)
            and any(x and y and x[0] is y[0] for x, y in zip(top, top[1:])))


def _stacked_header(lines: list[Row], s: LayoutSettings, height: float) -> int:
    """How many lines of a table without rules make its header row, when its heads are stacked
    over lines ("Training" / "loss", "Inference" / "time (ms)" over "Model" "Variant"): the lines
    above the first line with the most cells, two cells or more each, set close over it (as a
    cell's wrapped lines are) and over a line of words (a number opens no head: a first row of
    values under a short header stays a row); else 0."""
    counts = [len(cells_of(r.words, s)) for r in lines]
    first = _first_full(counts)
    if not 1 <= first < min(s.table_header_lines, len(lines) - 1) or min(counts[:first]) < 2:
        return 0
    if any(y.y0 - x.y1 > s.table_wrap_gap * height for x, y in zip(lines[:first], lines[1:first + 1])):
        return 0
    return 0 if any(_OPENS_NUMBER.match(w.text) for w in lines[first].words) else first + 1


def _two_tier_header(bands: list[list[Row]], between: list[list[Segment]], cols: list[tuple[float, float]],
                     seps: list[float] | None, s: LayoutSettings, headings: frozenset[int]) -> bool:
    """A header in two tiers: headings over groups of columns ("Fixed interest rate maturing
    in:"), a rule under the groups only, the columns' own heads under it ("1 year or less" / "$"),
    then a rule across the whole table. A rule under the header that only leaves out the rows'
    labels, with rows under it, has no heading over a group above it."""
    if len(bands) < 3 or len(bands[0]) + len(bands[1]) > s.table_header_lines:
        return False
    if all(_covers(between[0], a, b) for a, b in cols) or not all(_covers(between[1], a, b) for a, b in cols):
        return False
    top = _union([_fill(line.words, cols, seps, s, header=True, headings=headings) for line in bands[0]])
    return any(x and y and x[0] is y[0] for x, y in zip(top, top[1:])) or any(
        _group_under(g, top, cols) for g in between[0])


def _group_under(g: Segment, row: list[list[Word]], cols: list[tuple[float, float]]) -> list[int]:
    """The columns a rule under a row runs under, when it runs under some columns but not all and
    the row has one cell over them: that cell heads them all (a booktabs cmidrule); else none."""
    under = [k for k, (a, b) in enumerate(cols) if g.lo <= (a + b) / 2 <= g.hi]
    cells = {id(row[k][0]) for k in under if row[k]}  # (a cell over two of them is one cell)
    return under if 2 <= len(under) < len(cols) and len(cells) == 1 else []


_NUMBER_OR_WORD = re.compile(r"[^\W\d_]{3}|\d{2}")


def _wordless(grid: list[list[list[Word]]]) -> bool:
    """No cell holds a word (three letters in a row: "Mθ" is a product) or a number of two
    digits, and some are left empty: a diagram's labels ("|0⟩" "H" "Z(−Mθ)" "•" on a circuit's
    wires), not a table; a truth table of 0s and 1s fills every cell."""
    if any(_NUMBER_OR_WORD.search(w.text) for row in grid for cell in row for w in cell):
        return False
    return any(not cell for row in grid for cell in row)


_FIGURE = re.compile(r"^(?i:fig(ure)?\.?|abbildung|abb\.)\s*\d+")


def _axis_column(grid: list[list[list[Word]]], s: LayoutSettings) -> bool:
    """A row of numbers at even distances that count evenly, or a column that counts so up the
    page: a chart's axis."""
    if any(axis_labels([c for c in row if c], s) for row in grid):
        return True
    for k in range(len(grid[0]) if grid else 0):
        cells = [row[k] for row in grid if len(row[k]) == 1]
        values = [number(c[0].text) for c in cells]
        pairs = [(v, (c[0].y0 + c[0].y1) / 2) for v, c in zip(values, cells) if v is not None]
        # A chart's vertical axis counts up the page; a table's column counting down is data.
        if counts_evenly([v for v, _ in pairs], [y for _, y in pairs], s) and pairs[0][0] > pairs[-1][0]:
            return True
    return False


# An outline label: "3", "5.1", "2.4.1.", "A", "B.", "iv)".
_OUTLINE_LABEL = re.compile(r"^(\d{1,3}(\.\d{1,3})*|[A-Z]|[ivxlc]{1,5})[.)]?$")


def _outline(grid: list[list[list[Word]]]) -> bool:
    """Every row an outline label (or none) before a title of words, the title in the last
    column (or across the row: the same words spanning): a table of contents or a numbered list
    set with tabs. A cell that only repeats the title's text in other words is no label (a grid
    whose every cell reads "Data" is a table)."""
    for row in grid:
        title = row[-1]
        if not LETTERED.search(cell_text(title)):
            return False
        spanned = {id(w) for w in title}
        if any(cell and {id(w) for w in cell} != spanned and not _OUTLINE_LABEL.match(cell_text(cell))
               for cell in row[:-1]):
            return False
    return True


_EMAIL = re.compile(r"^\S+@\S+\.\w{2,}$")


def _address_list(grid: list[list[list[Word]]]) -> bool:
    """Every row ends in an e-mail address, the first row too (no header): an author block set
    as names beside addresses, not a table."""
    for row in grid:
        texts = [cell_text(cell) for cell in row if cell]
        if not texts or not _EMAIL.match(texts[-1].replace(" ", "")):
            return False
    return True


def _symbols_only(text: str) -> bool:
    return not any(c.isalnum() for c in text)


def _glyphless(text: str) -> bool:
    """A glyph without a character: the replacement character or a private-use code."""
    return any(c == "\ufffd" or "\ue000" <= c <= "\uf8ff" for c in text)


def _mark_columns(grid: list[list[list[Word]]], header_rows: int) -> set[int]:
    """The words of columns of marks under a header of words: a check-box or tick matrix
    ("State funded" / "CSOs" over a box in every row). Every filled cell below the header is one
    mark, at least two of them. An equation set in pieces has no header over its "=" column,
    and a list's bullets none over theirs."""
    out: set[int] = set()
    head, body = grid[:header_rows], grid[header_rows:]
    for k in range(len(grid[0]) if grid else 0):
        cells = [row[k] for row in body if row[k]]
        if len(cells) >= 2 and any(LETTERED.search(cell_text(row[k])) for row in head) and all(
                len(cell) == 1 and len(cell[0].text) <= 2 and (_symbols_only(cell[0].text) or _glyphless(cell[0].text))
                for cell in cells):
            out.update(id(cell[0]) for cell in cells)
    return out


_NIL = frozenset({"-", "\u2013", "\u2014", "\u2212"})  # a dash for nothing: "–" in a column of amounts
# An ellipsis for no data ("· · ·", AASTeX's \nodata; "...", "…"), in one word or a dot a word.
_ELLIPSIS = frozenset({"\u00b7" * 3, "\u22c5" * 3, "...", "\u2026", "\u22ef"})
_AMOUNT = re.compile(r"^\(?[-\u2212+]?[$€£¥]?\d[\d,.]*%?\)?$")  # "3,004,977", "(1,185)", "8.57%"


def _nil_values(grid: list[list[list[Word]]], header_rows: int) -> set[int]:
    """The words of dashes or ellipses that stand for nothing in a column under a head of words
    or numbers ("2021"). A dash: in a column of amounts, every filled cell an amount or a dash
    alone (a financial statement's "–" where a value is nil; a header taller than its first band
    leaves lines of words at the column's top). An ellipsis: in a column of data of any kind,
    every other cell under the header with a letter or a digit (an astronomical table's "· · ·"
    for no data). An aligned equation's minus signs and dots have no such head over them, nor
    such cells beside them."""
    out: set[int] = set()
    for k in range(len(grid[0]) if grid else 0):
        head = [row[k] for row in grid[:header_rows] if row[k]]
        column = [row[k] for row in grid[header_rows:] if row[k]]
        values = list(column)
        while values and not _nil_or_amount(values[0]):
            head.append(values.pop(0))
        if not any(any(c.isalnum() for c in cell_text(cell)) for cell in head):
            continue
        if values and all(_nil_or_amount(cell) for cell in values):
            out.update(id(w) for cell in values if _nil(cell) for w in cell)
        elif all(_ellipsis(cell) or any(c.isalnum() for c in cell_text(cell)) for cell in column):
            out.update(id(w) for cell in column if _ellipsis(cell) for w in cell)
    return out


def _ellipsis(cell: list[Word]) -> bool:
    """The cell is an ellipsis alone, in one word or a dot a word."""
    return len(cell) <= 3 and "".join([w.text for w in cell]) in _ELLIPSIS


def _nil(cell: list[Word]) -> bool:
    """A cell that stands for nothing: a dash alone, or an ellipsis."""
    text = "".join([w.text for w in cell])
    return (len(cell) == 1 and text in _NIL) or _ellipsis(cell)


def _nil_or_amount(cell: list[Word]) -> bool:
    return _nil(cell) or (len(cell) == 1 and bool(_AMOUNT.match(cell[0].text)))


def _symbolic(lines: list[Row], s: LayoutSettings, marks: frozenset[int] | set[int] = frozenset()) -> bool:
    """Many words of symbols only, or of glyphs without a character (an equation set in pieces),
    not the words and numbers of a table (nor its dot leaders). A number's or a word's pieces
    drawn touching ("26.78" "±" "0" "." "27", "{" "linear" ",") count as the one word they
    make, and a "±" between two numbers as no symbol; an equation's letters and brackets drawn
    touching ("f" "(" "x" ")") stay apart. The `marks` (ids: a check-box matrix's, `_mark_columns`; nil values,
    `_nil_values`) are a table's, and so is a tick or a cross in any column (`_TICK_MARKS`: "✔" beside
    "11pt" in a matrix of options): no equation sets one."""
    tokens = [t for row in lines
              for t in without_leaders(_touching_joined([w for w in row.words if id(w) not in marks]
                                                         if marks else row.words, s))]
    odd = sum(1 for k, t in enumerate(tokens)
              if (_symbols_only(t) and t not in _TICK_MARKS and not _spread(tokens, k) and not _unit_sign(tokens, k))
              or _glyphless(t))
    return odd > s.table_symbol_share * len(tokens)


_SPREAD = frozenset({"±", "∓", "+/-"})


# A table's answers: ticks, crosses and ballot boxes, checked or not.
_TICK_MARKS = frozenset("✓✔✗✘✕✖☐☑☒")


_UNIT_SIGNS = frozenset({"%", "‰", "$", "€", "£", "¥"})


def _unit_sign(tokens: list[str], k: int) -> bool:
    """The k-th token is a percent or currency sign set apart beside a number ("12.5" "%",
    "$" "1,204"): a value's unit, no equation's symbol."""
    return tokens[k] in _UNIT_SIGNS and (
        (k > 0 and tokens[k - 1][-1:].isdigit()) or (k + 1 < len(tokens) and tokens[k + 1][:1].isdigit()))


def _spread(tokens: list[str], k: int) -> bool:
    """The k-th token is a "±" between two numbers: a measurement's ("5.22 ± 2.72"), no
    equation's symbol."""
    return (tokens[k] in _SPREAD and 0 < k < len(tokens) - 1
            and tokens[k - 1][-1:].isdigit() and tokens[k + 1][:1].isdigit())


_WORDLIKE = re.compile(r"[^\W\d_]{2}")  # two letters in a row: a word's piece, no variable


def _touching_joined(line: list[Word], s: LayoutSettings) -> list[str]:
    """A line's words (left to right), two pieces drawn touching joined into one where they meet
    at a digit ("84.9" "±" "0" "." "3") or one of them is a word's ("{" "linear" ","), or where
    an opening bracket set apart from the piece before it opens the next ("(" "p" "<" ...: a
    bracketed remark); an equation's one-letter variables and its brackets ("f" "(" "x" ")")
    stay apart."""
    out: list[str] = []
    prev: Word | None = None
    opening = False  # the last piece is an opening bracket set apart from the one before it
    for w in line:
        touching = prev is not None and drawn_touching(prev, w, s.touching_overlap, s.touching_gap)
        if touching and prev is not None and (opening or prev.text[-1:].isdigit() or w.text[:1].isdigit()
                                              or _WORDLIKE.search(prev.text) or _WORDLIKE.search(w.text)):
            out[-1] += w.text
            opening = False
        else:
            opening = w.text in _OPENING and not touching
            out.append(w.text)
        prev = w
    return out


_OPENING = frozenset("([{")


def _join_header_columns(grid: list[list[list[Word]]], cols: list[tuple[float, float]],
                         header: list[bool]) -> tuple[list[list[list[Word]]], list[tuple[float, float]]]:
    """A column filled only in the header beside one filled only below it is one column whose
    heading is aligned otherwise than its cells ("Year" set left over numbers set right)."""
    k = 0
    while k < len(cols) - 1:
        tops = [any(grid[r][j] for r in range(len(grid)) if header[r]) for j in (k, k + 1)]
        rest = [any(grid[r][j] for r in range(len(grid)) if not header[r]) for j in (k, k + 1)]
        if tops[0] != tops[1] and rest[0] != rest[1] and tops[0] != rest[0]:
            for row in grid:
                row[k:k + 2] = [row[k] + row[k + 1]]
            cols[k:k + 2] = [(cols[k][0], cols[k + 1][1])]
        else:
            k += 1
    return grid, cols


def _span_cells(grid: list[list[list[Word]]], row_band: list[int], between: list[list[Segment]],
                band_box: list[tuple[float, float]], cols: list[tuple[float, float]],
                col_rules: list[list[Segment]], head: int = 1) -> None:
    """Cells no rule closes off from a neighbour span both: across a column rule that stops
    short of the row (a header cell over two columns), and down across a row rule that stops
    short of the column (a row label over two rows). Where columns have no rules, a row rule
    that stops short joins a cell only to an empty one below it; between the `head` bands of a
    header, to the head below it too ("Total carrying" / "amount as per balance sheet"), and a
    head set in the header's middle, not on its lower tier's lines, heads both tiers."""
    n, m = len(grid), len(cols)
    parent = list(range(n * m))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def join(into: int, other: int) -> None:
        parent[find(other)] = find(into)

    # Body columns that no rule between two body rows crosses (while some column has such rules).
    body_cuts = [between[row_band[r]] for r in range(n - 1) if row_band[r + 1] != row_band[r] and row_band[r] >= head]
    ruled = [any(_covers(cut, a, b) for cut in body_cuts) for a, b in cols]
    unruled = [not x and any(ruled) for x in ruled]
    merged = False
    if col_rules:
        for r in range(n):
            y0, y1 = band_box[row_band[r]]
            for k, grp in enumerate(col_rules):
                if not _covers(grp, y0, y1):
                    join(r * m + k, r * m + k + 1)
                    merged = True
    for r in range(n - 1):
        if row_band[r + 1] == row_band[r]:
            continue
        cut = between[row_band[r]]
        if not col_rules:
            # A rule under a cell and under its empty neighbours only (a booktabs cmidrule)
            # says the cell heads them all.
            for g in cut:
                under = _group_under(g, grid[r], cols)
                for k in under[1:]:
                    join(r * m + under[0], r * m + k)
                merged = merged or bool(under)
        for k, (a, b) in enumerate(cols):
            if _covers(cut, a, b):
                continue
            if col_rules and unruled[k] and row_band[r] >= head:
                # A body column no row rule crosses while others have them is simply unruled:
                # a cell in each row (an empty one too), none spanning down, unless it holds one
                # label alone (`_span_centred_labels`: "Wer?" over the rows it groups).
                continue
            if col_rules or (grid[r][k] and not grid[r + 1][k]) or row_band[r + 1] < head and (
                    grid[r][k] or _centred_on_header(grid[r], grid[r + 1], k, cut, cols)):
                join(r * m + k, (r + 1) * m + k)
                merged = True
    if not col_rules or any(unruled):  # (ruled: in the body columns no row rule crosses only)
        merged = _span_centred_labels(grid, row_band, between, cols, find, join, head,
                                      [k for k in range(m) if unruled[k]] if col_rules else range(m)) or merged
    if not merged:
        return
    groups: dict[int, list[Word]] = {}
    for r in range(n):
        for k in range(m):
            group = groups.setdefault(find(r * m + k), [])
            group += [w for w in grid[r][k] if all(w is not x for x in group)]  # (a span's words once)
    for r in range(n):
        for k in range(m):
            grid[r][k] = groups[find(r * m + k)]


def _centred_on_header(upper: list[list[Word]], lower: list[list[Word]], k: int, cut: list[Segment],
                       cols: list[tuple[float, float]]) -> bool:
    """The lower tier's head in column k (one the rule between the tiers does not cross) sits
    nearer the middle of the whole header than the middle of the heads under that rule: set
    across both tiers ("Financial Instruments"), not on the lower tier's line ("Name" beside
    "Second" under "Test Conditions")."""
    tier = [w for j, (a, b) in enumerate(cols) if _covers(cut, a, b) for w in lower[j]]
    if not lower[k] or not tier:
        return False
    header = [w for row in (upper, lower) for cell in row for w in cell]

    def middle(words: list[Word]) -> float:
        return (min(w.y0 for w in words) + max(w.y1 for w in words)) / 2

    at = middle(lower[k])
    return abs(at - middle(header)) < abs(at - middle(tier))


def _span_centred_labels(grid: list[list[list[Word]]], row_band: list[int], between: list[list[Segment]],
                         cols: list[tuple[float, float]], find: Callable[[int], int],
                         join: Callable[[int, int], None], head: int, columns: Iterable[int]) -> bool:
    """Body rows ruled apart by rules that stop short of a column (of `columns`), and the rules
    over and under the run crossing it: a group of rows under one label, set in the middle of the
    run (on any of its rows, not only the first). When the run holds one cell of the column, that
    cell is every row's; with several, which rows each one labels is not known: they stay as they
    are, and so does a run with a cell already joined to one outside it."""
    n, m = len(grid), len(cols)
    rows_of = Counter(row_band)
    alone = [rows_of[b] == 1 for b in row_band]  # a row that is a band of its own
    members: dict[int, list[int]] = {}
    for cell in range(n * m):
        members.setdefault(find(cell), []).append(cell)
    merged = False
    for k in columns:
        a, b = cols[k]
        start = 0
        for r in range(n):
            ends = r == n - 1 or row_band[r] < head or row_band[r + 1] == row_band[r] or _covers(
                between[row_band[r]], a, b)
            if not ends:
                continue
            run = range(start, r + 1)
            filled = [i for i in run if grid[i][k]]
            inside = {i * m + k for i in run}
            # Each row ruled apart from the next (no run starts or ends inside a band), and no
            # column left of this one filled in every row: a label's column, not a data column
            # with a blank cell (a shaded cell's edges stop short of its neighbours too).
            if (len(run) > 1 and len(filled) == 1 and all(alone[i] for i in run)
                    and not any(all(grid[i][j] for i in run) for j in range(k))
                    and all(set(members[find(c)]) <= inside for c in inside)):
                for i in run:
                    join(filled[0] * m + k, i * m + k)
                merged = True
            start = r + 1
    return merged


def in_reading_order(words: list[Word]) -> list[Word]:
    """A cell's words line by line, left to right: a word whose centre lies within a line's
    height is on it (a raised or lowered glyph too)."""
    if len(words) < 2:
        return list(words)
    lines: list[list[Word]] = []
    top = bottom = 0.0
    for w in sorted(words, key=lambda w: w.cy):
        if lines and (w.cy <= bottom or (top + bottom) / 2 >= w.y0):
            lines[-1].append(w)
            top, bottom = min(top, w.y0), max(bottom, w.y1)
        else:
            lines.append([w])
            top, bottom = w.y0, w.y1
    return [w for line in lines for w in sorted(line, key=lambda w: w.x0)]


def _drop_empty(grid: list[list[list[Word]]], cols: list[tuple[float, float]]):
    keep_r = [r for r in grid if any(r)]
    keep_c = [k for k in range(len(cols)) if any(r[k] for r in keep_r)]
    return [[r[k] for k in keep_c] for r in keep_r], [cols[k] for k in keep_c]
