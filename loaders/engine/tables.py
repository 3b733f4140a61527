"""Tables: found where the page's geometry suggests one, read cell by cell, kept out of the prose.

A page is first read as usual. Only when some of its lines line up in cells
(`table_regions.table_candidates`, nearly free for pages without tables) are the page's drawings
asked for; a page without such lines but with a row of three cells (`_row_of_cells`: a ruled
grid of headers over empty cells) asks only for the rules its text page holds. Tables are then
built from rule frames and candidate runs (`table_grid.build_table`),
their words taken out of the page's blocks, and each table put back as one block where a reader
meets it: after the paragraph it interrupts, never inside a sentence.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from operator import itemgetter
from typing import Callable, Sequence

from .floats import FIGURE_LABEL, bare_label, caption_goes_on, is_caption_start, left_open_for_any, opens_any_rest
from .geometry import FIRST_BAND, RULER_BAND, TABLE, TEXT, Block, Box, Line, PageLayout, Word, median
from .panels import floats_into_panels
from .settings import TABLE_MODES, TABLES_OFF, LayoutSettings
from .table_grid import Table, build_table, column_of, word_columns
from .table_notes import note_letter, take_notes
from .rows import Row, make_rows
from .table_regions import Candidate, axis_labels, cell_text, cells_of, table_candidates, typed_listing
from .table_rules import Drawing, Rules, Segment, frames, merge_rules

_CAPTION = re.compile(r"^[\[(]?(?i:table|tab\.|tabelle|tableau|tabla|tabela|tabella|表|표)\s*"
                      r"((?:[A-Z](?=\d))?[\dIVX]+([-.]\d+)*[A-Za-z]?)(?![-.]?\d)"
                      r"[\])]?(\s*[-–—.:|]|\s+[^\sa-z]|\s*$)")
_SENTENCE_END = re.compile(r"[.!?:;]\s*$")


def _opens_caption(words: list[Word]) -> bool:
    """Words (a row's, left to right) that open with "Table N"."""
    return bool(_CAPTION.match(cell_text(words)))

__all__ = ["TABLE_MODES", "TABLES_OFF", "Table", "TableBlock", "find_tables", "place_tables"]


@dataclass(slots=True)
class TableBlock(Block):
    """A table in the page's reading order: one block whose lines are the table's rows of words
    (so the page's words stay whole) and whose box is the table's. The page text fills in its
    cell texts, caption and notes as it renders them (the metadata gives the same)."""

    table: Table | None = None
    rows: list[list[str]] | None = None
    caption: str = ""
    notes: str = ""

    @property
    def box(self) -> Box:
        return self.table.box if self.table is not None else Block.box.fget(self)  # type: ignore[attr-defined]


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a.x1, b.x1) - max(a.x0, b.x0)) * max(0.0, min(a.y1, b.y1) - max(a.y0, b.y0))


def _enclosing_rules(box: Box, rules: Rules, words: list[Word], height: float, s: LayoutSettings,
                     rows: list[Row] | None = None) -> tuple[Segment | None, Segment | None]:
    """The rules right above and below a candidate that run across it (the top and bottom
    rules of a booktabs table), where there are. A rule above with a header's few lines over
    it, under another rule across, is the header's rule: the top rule is that other one (and so
    on up a table ruled under every row). Given the candidate's `rows`, a rule below with a row
    of the table under it, over another rule across, is a row's rule (`_ruled_rows_below`)."""
    reach = s.table_rule_reach * height
    across = _rules_across(rules, box, s)
    inside = s.table_rule_overshoot * height  # (a font's tall ascent or descent: no ink there)
    above = [g for g in across if box.y0 - reach <= g.pos <= box.y0 + inside]
    below = [g for g in across if box.y1 - inside <= g.pos <= box.y1 + reach]
    top = min(above, key=lambda g: g.pos) if above else None
    # Up from rule to rule across while the lines between are a header's or a ruled row's: a few
    # lines of short cells (a line of prose or a caption is neither).
    while top is not None:
        higher = [g for g in across if top.pos - s.table_header_lines * 2 * height <= g.pos < top.pos - height]
        if not higher:
            break
        rule = max(higher, key=lambda g: g.pos)
        x0, x1 = min(box.x0, rule.lo), max(box.x1, rule.hi)  # whole lines, not their pieces over the table
        lines = make_rows([w for w in words if rule.pos < w.cy < top.pos and w.x1 > x0 and w.x0 < x1],
                          s.row_overlap)
        if not lines or len(lines) > s.table_header_lines or any(
                _opens_caption(row.words)
                or any(len(cell) > s.table_header_cell_words for cell in cells_of(row.words, s))
                for row in lines):
            break
        top = rule
    bottom = max(below, key=lambda g: g.pos) if below else None
    if bottom is not None and rows and (columns := word_columns(rows, s)):
        bottom = _ruled_rows_below(bottom, box, columns, across, words, height, s)
    return top, bottom


def _ruled_rows_below(bottom: Segment, box: Box, columns: list[tuple[float, float]], across: list[Segment],
                      words: list[Word], height: float, s: LayoutSettings) -> Segment:
    """The last rule of a table ruled under every row, down from the rule under a candidate:
    while the lines down to the next rule across are a row of the table (a few lines with cells
    in two of its columns or more, every word inside the table's width and none over the gap
    between two columns), that rule closes the table. A row whose cells are set on different
    lines (a label centred against a cell of three lines) makes no candidate of its own: the
    table would end at the first rule under its first rows."""
    tolerance = s.edge_tolerance
    gaps = [(a[1], b[0]) for a, b in zip(columns, columns[1:])]
    while True:
        lower = [g for g in across if bottom.pos + height < g.pos <= bottom.pos + s.table_header_lines * 2 * height]
        if not lower:
            return bottom
        rule = min(lower, key=lambda g: g.pos)
        x0, x1 = min(box.x0, rule.lo), max(box.x1, rule.hi)
        inside = [w for w in words if bottom.pos < w.cy < rule.pos and w.x1 > x0 and w.x0 < x1]
        lines = make_rows(inside, s.row_overlap)
        if (not lines or len(lines) > s.table_header_lines
                or any(w.x0 < x0 - tolerance or w.x1 > x1 + tolerance
                       or any(w.x1 > g0 + tolerance and w.x0 < g1 - tolerance for g0, g1 in gaps) for w in inside)
                or any(_opens_caption(row.words) for row in lines)
                or len({column_of((w.x0 + w.x1) / 2, columns) for w in inside}) < 2):
            return bottom
        bottom = rule


def _rules_across(rules: Rules, box: Box, s: LayoutSettings) -> list[Segment]:
    """The horizontal rules that run across a box (over table_rule_cover of its width)."""
    return [g for g in rules.horizontal if min(g.hi, box.x1) - max(g.lo, box.x0) >= s.table_rule_cover * box.width]


def _grow_to_rules(box: Box, top: Segment | None, bottom: Segment | None) -> Box:
    """A candidate's box grown to its enclosing rules (the header between them comes along)."""
    x0, y0, x1, y1 = box.as_tuple()
    if top is not None:  # the top rule, over a header the candidate may have left out
        y0, x0, x1 = top.pos, min(x0, top.lo), max(x1, top.hi)
    if bottom is not None:
        y1, x0, x1 = bottom.pos, min(x0, bottom.lo), max(x1, bottom.hi)
    return Box(x0, y0, x1, y1)


def _grow_up(c: Candidate, words: list[Word], captions: set[int], s: LayoutSettings) -> Box:
    """A candidate's box grown by the header lines above it that have no cells of their own:
    the upper lines of a header wrapped onto several, set close above, and a header set apart
    by some space whose cells sit over the table's columns: over most of them, or not over the
    first (a heading, a caption or a line of text above a table starts at its left edge or
    spans it). No line of a caption block (`captions`: its words' ids) is a header line: a
    caption's last line set close over the table is no header wrapped onto two; nor is a
    paragraph's last line (`_ends_paragraph`)."""
    box, height = c.box, c.height
    cols = word_columns(c.rows, s)
    reach = s.table_header_lines * 2 * height
    near = s.table_cell_gap * height  # a word this close beside the table is on its lines
    wider = s.table_header_overhang * height  # a header's cells may reach out beyond the body
    above: list[Word] = []
    beside: list[Word] = []  # (level with those, out beyond the table's sides)
    for w in words:
        if box.y0 - reach <= w.cy < box.y0:
            (above if w.x1 > box.x0 - near and w.x0 < box.x1 + near else beside).append(w)
    top = box.y0
    added = 0
    lines = make_rows(above, s.row_overlap)
    for at in range(len(lines) - 1, -1, -1):  # (from the line next above the table up)
        row = lines[at]
        prev = lines[at - 1] if at else None
        gap = top - row.y1
        apart = gap > s.table_header_gap * height
        if added >= s.table_header_lines or gap > s.table_header_apart * height or (apart and added):
            break
        cells = cells_of(row.words, s)
        over = [[k for k, (a, b) in enumerate(cols) if min(b, max(w.x1 for w in cell)) > max(a, cell[0].x0)]
                for cell in cells]
        # A caption block's last line may be the header read into it: cells over the table's
        # columns, none over the first (the labels'), where a caption's line runs from the left.
        heads = len(cells) > 1 and all(over) and not any(0 in o for o in over)
        if (_opens_caption(row.words) or (any(id(w) in captions for w in row.words) and not heads)
                or row.words[0].x0 < box.x0 - wider or max(w.x1 for w in row.words) > box.x1 + wider
                or _runs_on_beside(row, beside, near)
                or (not added and not apart and _ends_paragraph(row, prev, cells, cols, height, s))
                or any(max(w.x1 for w in cell) - cell[0].x0 > s.table_header_span * box.width for cell in cells)):
            break
        if apart:
            full = len({k for o in over for k in o}) >= s.table_header_cover * len(cols) and len(cells) > 1
            if not all(over) or (any(0 in o for o in over) and not full):
                break
        top = row.y0
        added += 1
    return Box(box.x0, top, box.x1, box.y1)


def _ends_paragraph(row: Row, prev: Row | None, cells: list[list[Word]], cols: list[tuple[float, float]],
                    height: float, s: LayoutSettings) -> bool:
    """The line set close over a table is a paragraph's last line, not its header: one cell,
    under a wider line set close above it (within table_header_gap word heights) that starts
    where it starts and runs as one cell from the first column over the next, as a line of prose
    does ("... restrict output to variables with the specified" / "attribute or to give
    variables attributes:"; "... so they both are" / "printed.")."""
    if len(cells) != 1 or prev is None or len(cols) < 2 or row.y0 - prev.y1 > s.table_header_gap * height:
        return False
    x0, x1 = row.words[0].x0, max(w.x1 for w in row.words)
    above = max(w.x1 for w in prev.words)
    return (abs(prev.words[0].x0 - x0) <= s.edge_tolerance and above > x1 and x0 <= cols[0][1]
            and above > cols[1][0] and len(cells_of(prev.words, s)) == 1)


def _runs_on_beside(row: Row, outside: list[Word], near: float) -> bool:
    """The row (of the words over a table) is part of a line that runs on beyond the table's
    sides: a word `outside` them on its line, within `near` of its ends. A line of the text
    around the table, not a header's (the part over the table is all the window above it shows
    of that line)."""
    x0, x1 = row.words[0].x0, max(w.x1 for w in row.words)
    return any(row.y0 < w.cy < row.y1 and (x1 < w.x0 <= x1 + near or x0 - near <= w.x1 < x0) for w in outside)


def find_tables(layout: PageLayout, drawing: Callable[[], Drawing], s: LayoutSettings,
                quick_drawing: Callable[[], Drawing] | None = None) -> list[Table]:
    """The tables of a page already read as prose; `drawing` is asked only when the page's lines
    suggest a table, and `quick_drawing` (the rules a cheaper look gives, when there is one)
    when only a row of cells does (`_row_of_cells`: a ruled grid whose rules alone make it)."""
    candidates = [part for c in table_candidates(layout, s) for part in _parted_at_captions(c, s)]
    if not candidates and not _row_of_cells(layout, s):
        return []
    words = layout.words
    captions = {id(w) for b in layout.body_blocks if b.lines and _opens_caption(b.lines[0].words)
                for line in b.lines for w in line.words}
    drawn = drawing() if candidates or quick_drawing is None else quick_drawing()
    rules = merge_rules(drawn.rules, s)
    found = frames(rules, s)
    # A shaded cell inside a grid is part of it; a plain box around other frames (a page's
    # border) is no table.
    found = [f for f in found if not any(g is not f and (_contains(g.box, f.box) and g.grid
                                                          or _contains(f.box, g.box) and not f.grid)
                                         for g in found)]
    tables: list[Table] = []

    def add(box: Box) -> bool:
        if _inked(box, drawn.ink, s):
            return False  # curves and slanted lines: a chart or a diagram, no table
        if _over_figure_caption(box, words, layout.body_blocks, s):
            return False  # a diagram's labels, in rows by chance, over "Fig. 1. ..."
        t = build_table(box, words, rules, s)
        if t is None or any(_overlap(t.box, o.box) > 0 for o in tables):
            return False
        _caption_row(t)
        tables.append(t)
        return True

    for f in found:
        # A ruled grid crossing lines of cells, a grid ruled in rows and columns right across
        # (a table of few words), or a box around a table; not a chart's frame and ticks.
        held = [c for c in candidates if _overlap(f.box, c.box) >= s.table_frame_share * c.box.width * c.box.height]
        crossed = any(_overlap(f.box, c.box) > 0 for c in candidates)
        if held or f.grid and (crossed or f.rows_across >= s.table_ruled_rows and f.columns):
            tops = [_grow_up(c, words, captions, s) for c in held]
            # Lines grown over the frame's top rule, each one cell, are a caption's last lines.
            box = Box.union([f.box] + [g if g.y0 >= f.box.y0 or not _one_cell_lines(words, g, g.y0, f.box.y0, s)
                                       else Box(g.x0, f.box.y0, g.x1, g.y1) for g in tops])
            # A grid ruled across once at most (no rows of its own) may be a header's box.
            body = (_body_under_header_grid(f.box, rules, words, candidates, s)
                    if f.grid and f.rows_across <= 1 else None)
            if body is not None:
                box = Box.union([box, body])  # the grid heads the rows under it
            elif f.grid and box.y1 > f.box.y1:
                # Lines under a ruled grid's last rule are not its rows (a note, the next heading).
                box = Box(box.x0, box.y0, box.x1, f.box.y1)
            add(box)
    for box in _stacked_in_rules(candidates, rules, words, captions, s):
        add(box)
    for c in candidates:
        if any(_overlap(t.box, c.box) > 0 for t in tables):
            continue
        grown = _grow_up(c, words, captions, s)
        top, bottom = _enclosing_rules(grown, rules, words, c.height, s, c.rows)
        if top is None and grown.y0 < c.box.y0:
            # The lines taken for a header lie over a rule across the table, each line one cell:
            # a caption's last line set close over its top rule. The rule, not they, is the
            # table's top (a header of cells over a rule under it stays the table's).
            ruled, _ = _enclosing_rules(c.box, rules, words, c.height, s)
            if ruled is not None and ruled.pos > grown.y0 and _one_cell_lines(words, grown, grown.y0, ruled.pos, s):
                grown, top = c.box, ruled
        if top is None and grown.y0 == c.box.y0:
            first = _top_rule_under_other_lines(c, rules, words, captions, s)
            if first is not None:
                grown, top = Box(grown.x0, first.pos, grown.x1, grown.y1), first
        # Too few rows to be a table on their own, but ruled above and below right across (a
        # short booktabs table): a table; not lines of code between rules (a listing's box).
        if c.strong or (top is not None and bottom is not None
                        and not typed_listing([w for r in c.rows for w in r.words], s)):
            add(_grow_to_rules(grown, top, bottom))
    return tables


def _body_under_header_grid(grid: Box, rules: Rules, words: list[Word], candidates: list[Candidate],
                            s: LayoutSettings) -> Box | None:
    """The rows under a ruled grid that is a table's header (a financial statement boxes its
    column heads and leaves its rows open; the caller asks only of a grid with no rows of its
    own, ruled across once at most): the lines right under the grid whose cells each keep
    between two of its column rules (a row's label may run on past the first, not past the middle
    of the next column: labels are wider than their head), one after another (table_stack_gap
    word heights apart at most), down to the first line that does not (prose across the columns, a
    note) or a line of other type. Only where table_min_rows of those rows have cells side by
    side and hold a table's rows (a strong candidate) past the grid's first column; None
    otherwise (a grid with a note, prose or the next heading under it). The rows' columns are
    read from their words: a statement's amounts, set flush right, line up under its heads, not
    under the grid's rules."""
    tol = s.rule_join
    cuts = [g.pos for g in rules.vertical
            if grid.x0 + tol < g.pos < grid.x1 - tol and g.lo <= grid.y1 - tol and g.hi >= grid.y1 - tol]
    if not cuts:
        return None
    under = [w for w in words if w.y0 >= grid.y1 - tol and grid.x0 <= (w.x0 + w.x1) / 2 <= grid.x1]
    height = median([w.y1 - w.y0 for w in under], 0.0)
    # A row's label may run on past the first column rule (labels are wider than their head),
    # not past the middle of the next column.
    label_end = (cuts[0] + (cuts[1] if len(cuts) > 1 else grid.x1)) / 2
    bottom, rows = grid.y1, 0
    for row in make_rows(under, s.row_overlap):
        if row.y0 - bottom > s.table_stack_gap * height or abs(row.word_height - height) > s.float_size_change * height:
            break
        cells = cells_of(row.words, s)
        if cells[0][-1].x1 > label_end or any(cells[0][0].x0 < x < cells[0][-1].x1 for x in cuts[1:]) or any(
                c[0].x0 < x < c[-1].x1 for c in cells[1:] for x in cuts):
            break  # a cell across a column rule: prose under the table, not its row
        bottom, rows = row.y1, rows + (len(cells) > 1)
    if rows < s.table_min_rows or not any(
            c.strong and c.box.y1 > grid.y1 + tol and c.box.y0 < bottom and c.box.x1 > cuts[0] for c in candidates):
        return None
    return Box(grid.x0, grid.y1, grid.x1, bottom)


def _over_figure_caption(box: Box, words: list[Word], blocks: list[Block], s: LayoutSettings) -> bool:
    """A figure's caption ("Fig. 1. The attack model") opens within caption reach under the box
    and no table's caption ("Table 2") ends within reach over it: the rows are the figure's
    labels (a network's devices, a block diagram's boxes), however they line up. (`words`: the
    page's, `blocks`: its body blocks.)"""
    inside = [w.y1 - w.y0 for w in words if box.x0 <= (w.x0 + w.x1) / 2 <= box.x1 and box.y0 <= w.cy <= box.y1]
    reach = s.table_caption_reach * median(inside, 10.0)
    figure = table = False
    for b in blocks:
        opens_table = bool(b.lines) and _opens_caption(b.lines[0].words)
        for line in b.lines:
            lb = line.box
            if lb.x1 <= box.x0 or lb.x0 >= box.x1:
                continue
            if 0 <= lb.y0 - box.y1 <= reach and FIGURE_LABEL.match(text := line.text) and is_caption_start(text):
                figure = True
            if opens_table and 0 <= box.y0 - lb.y1 <= reach:
                table = True  # (the last lines of a block that opens "Table N")
    return figure and not table


def _one_cell_lines(words: list[Word], box: Box, y0: float, y1: float, s: LayoutSettings) -> bool:
    """Every line of the words across `box` between y0 and y1 is one cell (a caption's lines,
    not a header's)."""
    return all(len(cells_of(row.words, s)) == 1 for row in make_rows(
        [w for w in words if y0 <= w.cy < y1 and w.x1 > box.x0 and w.x0 < box.x1], s.row_overlap))


def _top_rule_under_other_lines(c: Candidate, rules: Rules, words: list[Word], captions: set[int],
                                s: LayoutSettings) -> Segment | None:
    """The first rule across a candidate with no rule over it, when the candidate's rows above
    that rule are set further above it than a header line (table_header_gap) and would not be
    taken for the header of the rows below it (`_grow_up`): the rule is the table's top, and
    those rows the page's (an invoice's number and date, set well above the table, their ends
    in line with its outer columns). A header sits right on the rule under it."""
    box = c.box
    across = [g for g in _rules_across(rules, box, s) if box.y0 < g.pos < box.y1]
    if not across:
        return None
    rule = min(across, key=lambda g: g.pos)
    under = [r for r in c.rows if r.cy > rule.pos]
    if len(under) == len(c.rows) or len(under) < s.table_ruled_rows:
        return None
    lowest = max(r.y1 for r in c.rows if r.cy <= rule.pos)
    if rule.pos - lowest <= s.table_header_gap * c.height:
        return None
    grown = _grow_up(Candidate(under, c.region, c.strong), words, captions, s)
    return rule if grown.y0 > rule.pos else None


def _row_of_cells(layout: PageLayout, s: LayoutSettings) -> bool:
    """Some row of the page falls into three cells or more: three lines side by side on it (a
    grid the engine read column by column gives a line per column), or one line of three cells.
    The header of a ruled grid whose other cells are too empty, or their labels too unevenly
    set, to line up as a candidate (a planning grid of row and column headers over empty
    cells); its rules decide. Two columns' lines, one parted by a gap (an equation's number),
    are no such row."""
    lines = sorted([(ln.words[0].cy, ln) for b in layout.body_blocks for ln in b.lines], key=itemgetter(0))
    lines.append((float("inf"), Line([])))  # (closes the last row)
    row: list[Line] = []
    bottom = float("-inf")
    for cy, line in lines:
        if cy <= bottom:
            row.append(line)
            continue
        if len(row) >= 3:
            cells = [ln.words for ln in sorted(row, key=lambda ln: ln.words[0].x0)]
        elif len(row) == 1 and len(row[0].words) >= 3:
            cells = _cells(row[0].words, s)
        else:
            cells = []
        if len(cells) >= 3 and not axis_labels(cells, s):  # (a chart's ticks ask for no rules)
            return True
        row = [line]
        bottom = line.words[0].y1 if line.words else float("inf")
    return False


def _cells(ws: list[Word], s: LayoutSettings) -> list[list[Word]]:
    """A line's cells (`cells_of`), the line whole when no gap on it is as wide as a cell gap of
    its smallest type (most lines of a page: cells_of measures by the usual type, no smaller)."""
    if len(ws) > 1:
        least = s.table_cell_gap * min([w.y1 - w.y0 for w in ws])
        right = ws[0].x1
        for w in ws[1:]:
            if w.x0 - right >= least:
                return cells_of(ws, s)
            right = max(right, w.x1)
    return [ws]


def _stacked_in_rules(candidates: list[Candidate], rules: Rules, words: list[Word], captions: set[int],
                      s: LayoutSettings) -> list[Box]:
    """One ruled table found as several candidates one under another: a row or two whose cells
    touch (a long value run up to the next column's) cut the strips between its columns. The
    candidates share their left edge and lie a few rows apart, the rows between them the table's
    own (`_stacks_on`), the first under a rule across and the last over one: the table runs from
    the one rule to the other."""
    out: list[Box] = []
    left = sorted(candidates, key=lambda c: c.box.y0)
    while left:
        chain = [left.pop(0)]
        while nxt := next((c for c in left if _stacks_on(chain[-1], c, rules, words, captions, s)), None):
            chain.append(nxt)
            left.remove(nxt)
        if len(chain) < 2:
            continue
        grown = _grow_up(chain[0], words, captions, s)
        top, _ = _enclosing_rules(grown, rules, words, chain[0].height, s)
        _, bottom = _enclosing_rules(chain[-1].box, rules, words, chain[-1].height, s)
        if top is not None and bottom is not None:
            out.append(_grow_to_rules(Box.union([grown] + [c.box for c in chain]), top, bottom))
    return out


def _stacks_on(upper: Candidate, lower: Candidate, rules: Rules, words: list[Word], captions: set[int],
               s: LayoutSettings) -> bool:
    """Whether `lower` carries on the table of `upper` below a few rows that are not its own."""
    a, b = upper.box, lower.box
    # (Below it: its first row's middle under the upper's box, which a font's tall boxes may
    # overlap by a little.)
    if (lower.rows[0].cy <= a.y1 or b.y0 - a.y1 > s.table_stack_gap * upper.height
            or abs(a.x0 - b.x0) > s.edge_tolerance):
        return False
    x0, x1 = a.x0, max(a.x1, b.x1)
    if any(a.y1 < g.pos < b.y0 and min(g.hi, x1) - max(g.lo, x0) >= s.table_rule_cover * (a.x1 - a.x0)
           for g in rules.horizontal):
        return False  # a rule across between them: two tables
    between = make_rows([w for w in words if a.y1 < w.cy < b.y0 and w.x1 > x0 and w.x0 < x1], s.row_overlap)
    # Each row between is a row of the table: a word starts at every column's left edge (its
    # cells only touch), or its words keep to the first column (a group's label row); a
    # paragraph between two tables, a caption or a heading across is none.
    starts = [x for x, _ in word_columns(upper.rows + lower.rows, s)]
    return len(starts) > 1 and all(
        not _opens_caption(row.words) and not any(id(w) in captions for w in row.words)
        and (all(any(abs(w.x0 - x) <= s.edge_tolerance for w in row.words) for x in starts)
             or max(w.x1 for w in row.words) < starts[1])
        for row in between)


def _parted_at_captions(c: Candidate, s: LayoutSettings) -> list[Candidate]:
    """A candidate parted at the captions read as its rows ("Table 3: ...", its first line cut
    into cells at a wide space: the caption under one table, or over the next): the runs of rows
    between them that are long enough, each strong only if long enough to be a table without
    rules."""
    at = [k for k in range(1, len(c.rows)) if _opens_caption(c.rows[k].words)]
    if not at:
        return [c]
    out = []
    for a, b in zip([0] + [k + 1 for k in at], at + [len(c.rows)]):
        if b - a >= s.table_ruled_rows:
            out.append(Candidate(c.rows[a:b], c.region, c.strong and b - a >= s.table_min_rows))
    return out


def _caption_row(t: Table) -> None:
    """A caption read as the table's first row ("Table 1:" parted from its title like a cell)
    is its caption."""
    first = [w for cell in t.cells[0] for w in cell] if t.cells else []
    seen: list[Word] = []
    for w in first:
        if all(w is not x for x in seen):
            seen.append(w)
    if len(t.cells) > 2 and seen and _opens_caption(seen):
        t.caption = [Line(seen)]
        t.cells = t.cells[1:]


def _inked(box: Box, ink: list[Box], s: LayoutSettings) -> bool:
    """Curves or slanted lines inside, spread over the box: a chart's plot, a diagram's arrows
    (a small icon in a table's corner, however many its curves, is no chart)."""
    cx0, cy0, cx1, cy1 = box.as_tuple()
    need = s.table_figure_ink
    if need <= 0:
        return True
    found = 0
    spread = s.table_ink_spread * box.width * box.height
    ux0 = uy0 = float("inf")
    ux1 = uy1 = float("-inf")
    for b in ink:  # stops at the ink that decides (a chart's page holds tens of thousands)
        if cx0 <= (b.x0 + b.x1) / 2 <= cx1 and cy0 <= (b.y0 + b.y1) / 2 <= cy1:
            found += 1
            ux0, uy0, ux1, uy1 = min(ux0, b.x0), min(uy0, b.y0), max(ux1, b.x1), max(uy1, b.y1)
            if found >= need and (ux1 - ux0) * (uy1 - uy0) >= spread:
                return True
    return False


def _contains(outer: Box, inner: Box) -> bool:
    return outer.x0 <= inner.x0 and outer.y0 <= inner.y0 and outer.x1 >= inner.x1 and outer.y1 >= inner.y1


def _inside_any(boxes: list[Box]) -> Callable[[Word], bool]:
    """Whether a word's centre lies inside any of the boxes (asked for every word of a page: the
    boxes' edges are read once)."""
    rects = [b.as_tuple() for b in boxes]

    def inside_any(w: Word) -> bool:
        cx, cy = (w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2
        for x0, y0, x1, y1 in rects:
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                return True
        return False

    return inside_any


def place_tables(layout: PageLayout, drawing: Callable[[], Drawing], s: LayoutSettings,
                 quick_drawing: Callable[[], Drawing] | None = None) -> PageLayout:
    """The page's layout with its tables: each one TableBlock where a reader meets it, its words
    out of the prose (the rest keeps the reading order it was given). `drawing` (or
    `quick_drawing`) is asked only when the page's lines suggest a table (`find_tables`)."""
    tables = find_tables(layout, drawing, s, quick_drawing) if s.tables != TABLES_OFF else []
    layout.region_rows = []  # (the rows were for the table finder)
    if tables:
        _take_out(layout, [t.box for t in tables])
        for t in sorted(tables, key=lambda t: (t.box.y0, t.box.x0)):
            place_table(layout, t, s, [o.box for o in tables if o is not t])
        floats_into_panels(layout.blocks, layout.panels, s)  # (a table in a sidebar is the sidebar's)
    return layout


def notes_to_tables(layout: PageLayout, s: LayoutSettings) -> None:
    """Each table of the page takes the notes under it (`table_notes.take_notes`); asked once
    the page's running head and foot are known, so that a foot set close under a table's notes
    is no note of it."""
    tables = [(b, b.table) for b in layout.blocks if isinstance(b, TableBlock) and b.table is not None]
    for block, t in tables:
        # (take_notes reads text and headings only: the table blocks are no notes)
        emptied = take_notes(layout.blocks, t, s, [o.box for o, _ in tables if o is not block], layout.usual_height)
        if t.notes:
            block.lines += [line for note in t.notes for line in note]  # (the page's words stay whole)
            layout.blocks = [b for b in layout.blocks if all(b is not e for e in emptied)]


def _take_out(layout: PageLayout, boxes: list[Box]) -> None:
    """The page's blocks without the words inside tables (lines and blocks left empty go): the
    reading order of the rest stays as the page was read. A block whose lines run on above and
    below a table (rows of a list read as one block, the table cut out of them) is two blocks,
    so that the table goes between them."""
    kept: list[Block] = []
    inside_any = _inside_any(boxes)
    for block in layout.blocks:
        lines = []
        for line in block.lines:
            words = [w for w in line.words if not inside_any(w)]
            if len(words) == len(line.words):
                lines.append(line)
            elif words:
                lines.append(Line(words))
        if lines:
            block.lines = lines
            kept += [block] if len(lines) == 1 else _parted_by(block, boxes)
    layout.blocks = kept


def _parted_by(block: Block, boxes: list[Box]) -> list[Block]:
    """The block in parts where a table lies between two of its lines (one above it, the next
    below it, both across it)."""
    parts = [[block.lines[0]]]
    for prev, line in zip(block.lines, block.lines[1:]):
        a, b = prev.box, line.box
        if any(a.y1 <= t.y0 + 1 and b.y0 >= t.y1 - 1 and min(a.x1, t.x1) > max(a.x0, t.x0)
               and min(b.x1, t.x1) > max(b.x0, t.x0) for t in boxes):
            parts.append([line])
        else:
            parts[-1].append(line)
    if len(parts) == 1:
        return [block]
    block.lines = parts[0]
    return [block] + [replace(block, lines=part) for part in parts[1:]]


def _table_block(t: Table) -> TableBlock:
    lines = []
    for row in t.cells:
        ws: list[Word] = []
        for cell in row:
            ws += [w for w in cell if all(w is not x for x in ws)]
        if ws:
            lines.append(Line(ws))
    return TableBlock(lines, kind=TABLE, table=t)


def _take_caption(body: list[Block], t: Table, s: LayoutSettings, others: Sequence[Box] = (),
                  body_h: float = 0.0) -> list[Block]:
    """The caption right above the table (or else right below it): the block above when it
    opens with "Table N", or its last lines from one that does (a caption set close under a
    paragraph is read into it), with the blocks between it and the table that carry its
    sentence on (`floats.caption_goes_on`: a caption's second line read apart, over the table's
    first columns), or the start of the block below, unless that block sits closer over another
    table (`others`: the page's other tables), whose caption it is. Its lines move into the
    table; the blocks left empty are returned, to be dropped. `body_h`: the page's body type."""
    reach = s.table_caption_reach * max((w.y1 - w.y0 for w in t.words), default=10.0)
    tb = t.box
    near = [b for b in body if min(b.box.x1, tb.x1) - max(b.box.x0, tb.x0) > 0]
    above = [b for b in near if tb.y0 - reach <= b.box.y1 <= tb.y0 + 1]
    # A caption's first line further up, read apart from the rest of it, that is near: the
    # caption is the whole of it ("TABLE IV: ... asso-" over "ciated with ..."; an IEEE label alone,
    # "TABLE I", over its caption in capitals, right under it).
    above += [c for c in near if c.box.y1 < tb.y0 - reach and c.lines and _CAPTION.match(c.lines[0].text)
              and any(caption_goes_on(c, b, body_h, s)
                      or _bare_label(c.lines) and -1 <= b.box.y0 - c.box.y1 <= reach for b in above)]
    for b in sorted(above, key=lambda b: -b.box.y1):
        last = len(b.lines) - 1
        for i in [0] + list(range(last, max(0, last - s.table_caption_lines), -1)):
            if _CAPTION.match(b.lines[i].text):
                # (Below it: centres under its foot; the boxes of fonts with a tall ascent overlap.)
                between = sorted((x for x in above if x is not b and x.box.y0 + x.box.y1 > 2 * b.box.y1),
                                 key=lambda x: x.box.y0)
                t.caption, b.lines = b.lines[i:], b.lines[:i]
                emptied = [] if b.lines else [b]
                for rest in between:
                    if len(t.caption) + len(rest.lines) > s.table_caption_lines or not (
                            _bare_label(t.caption) or caption_goes_on(Block(t.caption), rest, body_h, s)):
                        break
                    t.caption = t.caption + rest.lines
                    emptied.append(rest)
                return emptied
    below = [b for b in near if tb.y1 - 1 <= b.box.y0 <= tb.y1 + reach]
    for b in sorted(below, key=lambda b: b.box.y0):
        bb = b.box
        if any(bb.y1 - 1 <= o.y0 < bb.y1 + (bb.y0 - tb.y1) and min(o.x1, bb.x1) > max(o.x0, bb.x0) for o in others):
            continue  # closer over the next table: that table's caption
        if b.lines and _CAPTION.match(b.lines[0].text):
            n = len(b.lines) if len(b.lines) <= s.table_caption_lines else 1
            t.caption, b.lines = b.lines[:n], b.lines[n:]
            return [] if b.lines else [b]
    return []


def _bare_label(caption: list[Line]) -> bool:
    """A caption that is its label alone ("Table 2", Elsevier's line over the title)."""
    return len(caption) == 1 and bare_label(caption[0].text, _CAPTION)


def _end_of_body(blocks: list[Block]) -> int:
    """Where the body ends: before the footers and rulers that close the page's blocks."""
    at = len(blocks)
    while at > 0 and blocks[at - 1].band < FIRST_BAND:
        at -= 1
    return at


def place_table(layout: PageLayout, t: Table, s: LayoutSettings, others: Sequence[Box] = ()) -> None:
    """Put a table into the page's reading order where a reader meets it: after the last block
    (in reading order) above it in its columns, and when that block's sentence goes on below the
    table, after the block that finishes it. Blocks at the page's edges count (furniture is decided later, and
    a line at the top may be the page's first text)."""
    blocks = layout.blocks
    text = [b for b in blocks if b.band != RULER_BAND and not isinstance(b, TableBlock)]
    emptied = _take_caption(text, t, s, others, layout.usual_height)
    if emptied:
        blocks[:] = [b for b in blocks if all(b is not e for e in emptied)]
        text = [b for b in text if all(b is not e for e in emptied)]
    block = _table_block(t)
    block.region = max((b.region for b in blocks), default=0) + 1
    tb = t.box
    # (A table placed already counts: two tables one above the other read top to bottom.)
    placed = [b for b in blocks if isinstance(b, TableBlock)]
    above = [b for b in text + placed if min(b.box.x1, tb.x1) - max(b.box.x0, tb.x0) > 0 and b.box.y1 <= tb.y0 + 1]
    if above:
        prev = max(above, key=lambda b: _index(blocks, b))  # both columns over a wide table: the later
        at = _index(blocks, prev) + 1
    else:  # at the top of its column: before the text under it, unless a sentence runs on into that
        below = [b for b in text if b.box.y0 >= tb.y0 and min(b.box.x1, tb.x1) - max(b.box.x0, tb.x0) > 0]
        at = min(_index(blocks, b) for b in below) if below else _end_of_body(blocks)
    if _interrupts(blocks, at, tb, s):
        at += 1  # the sentence the table interrupts ends first
    while at < len(blocks) and isinstance(blocks[at], TableBlock):
        at += 1  # a table put here before this one is above it or to its left: read first
    block.band, block.column = _body_band(blocks, at)
    blocks.insert(at, block)


def _interrupts(blocks: list[Block], at: int, tb: Box, s: LayoutSettings) -> bool:
    """Would a table put at `at` cut a sentence: the block before it runs on (no sentence end)
    into the block at `at`, which lies under the table and opens in lower case, or, at the top of
    another column, with any word after a comma or a joining word ("... perceptron (MLP, [26]),"
    / TABLE IV / "AdaBoost (AB, [27]), ...")? (Not with a note's letter set small: "a Letters are
    designated ..." under a table is its note.)"""
    if at == 0 or at >= len(blocks):
        return False
    prev, nxt = blocks[at - 1], blocks[at]
    if isinstance(prev, TableBlock) or prev.band == RULER_BAND or not prev.lines:
        return False
    last = prev.lines[-1].text
    if (_SENTENCE_END.search(last) or nxt.band == RULER_BAND or nxt.box.y0 < tb.y1 - 1 or not nxt.lines
            or note_letter(nxt.lines[0].words, s)):
        return False
    first = nxt.lines[0].text
    return first[:1].islower() or ((prev.column, prev.band) != (nxt.column, nxt.band) and prev.kind == TEXT == nxt.kind
                                   and left_open_for_any(last) and opens_any_rest(first))


def _body_band(blocks: list[Block], at: int) -> tuple[int, int]:
    """The band and column a block put at `at` joins: the body block's before it, or else after
    it (never a page edge's: the table is no header or footer)."""
    for b in list(reversed(blocks[:at])) + blocks[at:]:
        if b.band >= FIRST_BAND:
            return b.band, b.column
    return FIRST_BAND, 0


def _index(blocks: list[Block], block: Block) -> int:
    return next(i for i, b in enumerate(blocks) if b is block)
