"""Find column gutters: empty vertical strips that run down many consecutive rows.

A gutter is told apart from a river of word spaces by three guards: it has text on both sides in
several rows (sparse pages and signature blocks have too few), the text beside it is running text
(several words a row, not a key and its value), and the text on at least one side starts or ends
at the same x in most rows (column edges line up, word spaces do not). A note in the margin, a
word or two a line, passes the second guard when its lines run on as one sentence: its strip says
so (`Gutter.note`), and the reader takes the note out rather than cutting columns there.
"""
from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable

from .floats import is_caption_start
from .drawing_order import running_text
from .geometry import PAGE_NUMBER, Line, Word, drawn_in_this_order, median, median_high
from .rows import Row, line_pitch, row_pitch
from .settings import LayoutSettings
from .table_rules import Rules, Segment

PageRules = Callable[[], Rules]  # the page's rules, read only when asked (they cost a pass over its drawing)


_LEADER = re.compile(r"^[.…]+$")  # a dot leader's dots (each a word when spaced)
_EPS = 1e-6  # points: float slack when a word's edge is compared with a strip's edge
_INTERLEAVED = 0.75  # rows this much closer than each side's lines: the sides' baselines alternate


@dataclass(slots=True)
class Gutter:
    x0: float
    x1: float
    first: int  # first row index (inclusive)
    last: int  # last row index (inclusive)
    left: list[int] = field(default_factory=list)  # rows with text left of the strip
    right: list[int] = field(default_factory=list)  # rows with text right of the strip
    centred: bool = False  # between centred blocks (an author grid), not column edges
    note: int = 0  # -1 or 1: the text left (right) of it is a note in the margin, not a column

    @property
    def span(self) -> int:
        return self.last - self.first + 1

    def rows_between(self, first: int, last: int) -> Gutter:
        """The same strip down rows first..last only (its sides' rows outside them left out)."""
        return Gutter(self.x0, self.x1, first, last, [i for i in self.left if first <= i <= last],
                      [i for i in self.right if first <= i <= last], self.centred, self.note)


def _extent(rows: list[Row]) -> tuple[float, float]:
    """The region's left and right edges (from each row's merged word spans, which the sweep
    needs anyway: computed once per row)."""
    spans = [r.occupied() for r in rows]
    return min([s[0][0] for s in spans]), max([s[-1][1] for s in spans])


def _one_sided(row: Row, x0: float, x1: float) -> bool:
    """All of the row's text is on one side of the strip [x0, x1] (it may graze its edge)."""
    return max(w.x1 for w in row.words) < x1 or row.words[0].x0 > x0


def _free(spans: list[tuple[float, float]], lo: float, hi: float,
          min_width: float = 0.0) -> list[tuple[float, float]]:
    """Empty stretches of [lo, hi] between the spans, at least min_width wide."""
    out, x = [], lo
    for a, b in spans:
        if a - x >= min_width and a > x:
            out.append((x, a))
        if b > x:
            x = b
    if hi - x >= min_width and hi > x:
        out.append((x, hi))
    return out


def _isolated(rows: list[Row], min_pitch: float) -> list[bool]:
    """Rows with clear space above and below across the whole region (headlines, captions).
    Rows in type taller than the region's usual row sit further apart by their own height: only
    the distance beyond half of each one's extra height counts (a pull quote in large type
    running down a column is not set apart line by line)."""
    cys = [(r.y0 + r.y1) / 2 for r in rows]
    n = len(cys)
    found = [(i == 0 or cys[i] - cys[i - 1] >= min_pitch) and i + 1 < n and cys[i + 1] - cys[i] >= min_pitch
             for i in range(n)]
    if not any(found):  # (the heights only take rows back: most regions need not measure them)
        return found
    usual = median([r.y1 - r.y0 for r in rows], 0.0)
    half_extra = [max(0.0, r.y1 - r.y0 - usual) / 2 for r in rows]

    def apart(i: int, j: int) -> bool:  # rows i < j
        return cys[j] - cys[i] - half_extra[i] - half_extra[j] >= min_pitch

    return [f and (i == 0 or apart(i - 1, i)) and apart(i, i + 1) for i, f in enumerate(found)]


def _resumes_beyond(rows: list[Row], i: int, x0: float, x1: float) -> bool:
    """Whether two rows after i have text on the other side of the strip [x0, x1] than row i, or
    cover it: a band goes on below (one row there, a page number, a lone label, does not)."""
    left_side = max(w.x1 for w in rows[i].words) < x1
    found = 0
    for row in rows[i + 1:]:
        if left_side and max(w.x1 for w in row.words) >= x1 or not left_side and row.words[0].x0 <= x0:
            found += 1
            if found == 2:
                return True
    return False


def _runs_on_its_side(rows: list[Row], i: int, side: list[int], s: LayoutSettings) -> bool:
    """Whether row i is a line of running text under its side's last rows at that side's own
    line pitch (less than headline_space times it below the last): the next line of its column,
    set apart only from the other column's rows, whose baselines sit between. A headline has
    space above it on its side too; a chart's labels are no running text."""
    recent = side[-4:]
    if len(recent) < 3 or not running_text(Line(rows[i].words), s):
        return False
    dists = [rows[b].cy - rows[a].cy for a, b in zip(recent, recent[1:])]
    return rows[i].cy - rows[recent[-1]].cy < s.headline_space * median(dists, 0.0)


def _sweep(rows: list[Row], lo: float, hi: float, min_gutter: float,
           min_pitch: float, max_active: int, least: int = 0, prose: LayoutSettings | None = None) -> list[Gutter]:
    """Grow candidate strips row by row; a strip ends at the first row that covers it, or at a
    one-sided row set apart by space when text on the other side resumes below it: that is a
    headline between two bands, not a heading in an unbalanced column's tail, nor a line of a
    column's prose whose baselines sit between the other's (`prose`: the settings that tell it,
    see _runs_on_its_side). Only strips with text on each side in at least `least` rows come back.

    Hot loop (every row of every region, several times a page): a strip is a plain list
    [x0, x1, first, last, left, right] until it is returned."""
    active: list[list] = []
    done: list[list] = []
    # No row is set apart by an infinite pitch (the table finder's and the tie gutter's sweeps).
    isolated = _isolated(rows, min_pitch) if min_pitch != float("inf") else [False] * len(rows)
    for i, row in enumerate(rows):
        spans = row._spans if row._spans is not None else row.occupied()
        text_x0, text_x1 = spans[0][0], spans[-1][1]
        # Only stretches a strip could pass through (word spaces are most of them): _free, inline.
        free = []
        ends = []
        x = lo
        for a, b in spans:
            if a - x >= min_gutter and a > x:
                free.append((x, a))
                ends.append(a)
            if b > x:
                x = b
        if hi - x >= min_gutter and hi > x:
            free.append((x, hi))
            ends.append(hi)
        nfree = len(free)
        if not nfree:  # a row across the region ends every strip (and starts none)
            done += active
            active = []
            continue
        still: list[list] = []
        # The strips kept in each free stretch: stretches are disjoint, so two strips can only
        # overlap when they sit in the same one (this keeps the sweep linear in the strips).
        kept: list[list | None] = [None] * nfree
        set_apart = isolated[i]
        for g in active:
            gx0, gx1 = g[0], g[1]
            if (set_apart and _one_sided(row, gx0, gx1) and _resumes_beyond(rows, i, gx0, gx1)
                    and not (prose and _runs_on_its_side(
                        rows, i, g[4] if max(w.x1 for w in row.words) < gx1 else g[5], prose))):
                done.append(g)
                continue
            first_part = True
            # Stretches are sorted and disjoint: start at the first that ends past the strip's
            # left edge, stop at the first that starts past its right edge (hot loop: no min/max).
            # A strip that meets two free stretches follows both: the widest one is not always
            # the gutter (an equation beside a column leaves wide gaps of its own).
            for j in range(bisect_right(ends, gx0), nfree):
                a, b = free[j]
                if a >= gx1:
                    break
                x0 = a if a > gx0 else gx0
                x1 = b if b < gx1 else gx1
                if x1 - x0 < min_gutter:
                    continue
                if first_part:
                    h = g
                    first_part = False
                else:
                    h = [0.0, 0.0, g[2], 0, g[4][:], g[5][:]]
                h[0], h[1], h[3] = x0, x1, i
                if text_x0 < x0:
                    h[4].append(i)
                if text_x1 > x1:
                    h[5].append(i)
                same = kept[j]
                if same is None:
                    kept[j] = [h]
                elif any(o[0] < x1 and x0 < o[1] for o in same):
                    continue  # two strips narrowed onto the same gap: keep the older one
                else:
                    same.append(h)
                still.append(h)
            if first_part:
                done.append(g)
        # New strips start in every free stretch, not only between two words of one row: columns
        # whose baselines alternate give rows with text on one side only.
        for j in range(nfree):
            if kept[j] is None:
                a, b = free[j]
                if not (a <= lo and b >= hi):
                    still.append([a, b, i, i, [i] if a > lo else [], [i] if b < hi else []])
        del still[max_active:]  # a grid of tiny words must not make this quadratic
        active = still
    return [Gutter(*g) for g in done + active if len(g[4]) >= least and len(g[5]) >= least]


def _edge_share(values: list[float], tol: float) -> float:
    """Share of values within tol of the most common value."""
    if not values:
        return 0.0
    centre = _mode(values, tol)
    return sum(abs(v - centre) <= tol for v in values) / len(values)


def _centred_rows(lwords: dict[int, list], rwords: dict[int, list], tol: float) -> list[int]:
    """Rows whose text on one side of a strip is centred on that side's usual line centre."""
    good: set[int] = set()
    for side in (lwords, rwords):
        centres = {i: (ws[0].x0 + ws[-1].x1) / 2 for i, ws in side.items()}
        if len(centres) >= 2:
            axis = _mode(list(centres.values()), tol)
            good.update(i for i, c in centres.items() if abs(c - axis) <= tol)
    return sorted(good)


def _two_edge_share(values: list[float], tol: float) -> float:
    """Share of values within tol of the two most common values (an edge and an indent)."""
    if not values:
        return 0.0
    first = _mode(values, tol)
    rest = [v for v in values if abs(v - first) > tol]
    second = _mode(rest, tol) if rest else first
    return sum(abs(v - first) <= tol or abs(v - second) <= tol for v in values) / len(values)


def _steady_share(values: list[float], tol: float) -> float:
    """Share of rows whose edge lines up with the previous row's on that side: a column edge that
    steps once (a body column narrowed beside a figure) stays steady between its indents, while
    the word starts beside a river of spaces jump from row to row."""
    if len(values) < 2:
        return 0.0
    return sum(abs(b - a) <= tol for a, b in zip(values, values[1:])) / (len(values) - 1)


def _validate(rows: list[Row], g: Gutter, s: LayoutSettings, rules: PageRules | None = None) -> Gutter | None:
    """Apply the guards and trim rows at the strip's ends that do not line up with its edges.

    Sides are counted row by row, not in pairs: columns whose baselines do not line up give rows
    with text on one side only, alternately. `rules` (the page's, asked only for a strip that
    fails the edge guard) may show a rule drawn down the strip between the columns.
    """
    # A strip barely wider than a word space is a column gutter only if it runs long: short
    # coincidences of justified spacing (rivers) look exactly like it for three or four rows.
    width = g.x1 - g.x0
    long_run = s.long_band_rows * s.min_gutter_rows
    wide = width >= s.wide_gutter * s.min_gutter
    if wide and min(len(g.left), len(g.right)) < long_run:
        # Wide in points is not enough for a short strip: justified lines of a few long words
        # space them wider than that, and their spaces line up for three rows.
        wide = width >= s.two_row_space * _word_space(rows, g, s.min_gutter)
    need = s.min_gutter_rows if wide else long_run
    left_of, right_of = g.x0 + _EPS, g.x1 - _EPS
    lwords = {i: ws for i in g.left if (ws := [w for w in rows[i].words if w.x1 <= left_of])}
    rwords = {i: ws for i in g.right if (ws := [w for w in rows[i].words if w.x0 >= right_of])}
    # A strip too short for its width may still part centred blocks whose lines nearly touch.
    narrowed = min(len(g.left), len(g.right)) < need
    if narrowed:
        if not _narrowed_grid(rows, g, lwords, rwords, s):
            return None
        need = s.min_gutter_rows
    if min(len(lwords), len(rwords)) < need:
        return None
    both = [i for i in lwords if i in rwords]
    if _typed_across(lwords, rwords, both, s):
        return None  # spaces typed to line up a listing's second column: its rows are lines
    if _terms_beside_definitions(rows, lwords, rwords, s):
        return None  # a list of terms: each term is read with its definition
    if both and max(sum(1 for i in both if _LEADER.match(lwords[i][-1].text)),
                    sum(1 for i in both if _LEADER.match(rwords[i][0].text))) >= s.leader_share * len(both):
        return None  # a contents list's leaders: their dots line up, and lead to the page numbers
    if _page_numbers(rwords, s):
        return None  # a contents list's page numbers beside their titles: rows, not columns
    words_left = sum(map(len, lwords.values())) / len(lwords)
    words_right = sum(map(len, rwords.values())) / len(rwords)
    prose = s.prose_words * s.min_words_per_side
    clear = width >= s.clear_gutter * s.min_gutter and max(words_left, words_right) >= prose  # beside prose
    note = 0
    if min(words_left, words_right) < s.min_words_per_side:
        note = -1 if words_left <= words_right else 1
        if not clear or not _margin_note(lwords if note < 0 else rwords, s):
            return None
    lx = {i: ws[-1].x1 for i, ws in lwords.items()}
    rx = {i: ws[0].x0 for i, ws in rwords.items()}
    tol = s.edge_tolerance
    lxs, rxs = [lx[i] for i in sorted(lx)], [rx[i] for i in sorted(rx)]
    # A steady edge that steps is evidence only beside prose (a table's numbers step as well).
    steady = max(_steady_share(lxs, tol) if words_left >= prose else 0.0,
                 _steady_share(rxs, tol) if words_right >= prose else 0.0)
    left_edge = _mode(lxs, tol)
    right_edge = _mode(rxs, tol)
    good = _lined_up(lx, rx, [left_edge], [right_edge], tol)
    ruled: list[int] = []  # rows beside a rule drawn down the strip, where no edge lines up
    if max(_edge_share(lxs, tol), _edge_share(rxs, tol), steady) < s.min_edge_alignment:
        # A strip far wider than any word space, beside prose, may have ragged text on both sides
        # (a column of prose beside a table's indented labels): its rows line up on one side or
        # the other.
        # An edge may also sit at two indents (a column of hanging list items: bullets, then text).
        lined_up = max(len(good) / len(set(lx) | set(rx)), _two_edge_share(lxs, tol), _two_edge_share(rxs, tol))
        if not clear or lined_up < s.min_edge_alignment:
            ruled = _beside_column_rule(rows, g, lwords, rwords, rules, s) if rules is not None and not narrowed else []
            centred = (_centred_rows(lwords, rwords, tol)
                       if not ruled and (narrowed or g.x1 - g.x0 >= s.tie_gutter * s.min_gutter) else [])
            if ruled:
                good = ruled  # ragged columns (lists, code) with a rule drawn down between them
            elif len(centred) < s.min_edge_alignment * len(set(lx) | set(rx)) or not both_sides_wordy(
                    rows[g.first: g.last + 1], (g.x0 + g.x1) / 2, s.tie_wordy_share):
                return None  # (words of letters on both sides: a table's centred numbers are no grid)
            else:
                good = centred  # centred blocks side by side (an author grid): their centres line up
                g = Gutter(g.x0, g.x1, g.first, g.last, g.left, g.right, centred=True)
    if not g.centred and not ruled:
        # Where the strip's ends are, rows line up with a side's commonest edge or with one nearer
        # the strip where many rows do: a column's text starts at its edge above references
        # whose hanging indent is commoner.
        lefts = _edges(lxs, left_edge, tol, s.min_gutter_rows, toward=1)
        rights = _edges(rxs, right_edge, tol, s.min_gutter_rows, toward=-1)
        if len(lefts) + len(rights) > 2:
            good = _lined_up(lx, rx, lefts, rights, tol)
    # A heading whose words either side are a word space of their type apart crosses the strip
    # where it narrowed to that space: it lines up with nothing.
    across = [i for i in good if i in lwords and i in rwords and _word_space_apart(lwords[i][-1], rwords[i][0], s)]
    if across:
        body = median([w.y1 - w.y0 for i in good for w in rows[i].words], 0.0)
        good = [i for i in good if i not in across or not _taller(rows[i], body, s)]
    good = _without_spaced_across(rows, g, good, lx, rx, s)
    if len(good) < s.min_gutter_rows:
        return None
    first, last = good[0], good[-1]
    if ruled:
        # The rule says where the columns start and end: a row past its ends runs across the
        # strip (a line under two boxes set side by side, whose rule ends with them).
        return g.rows_between(first, last)
    pitch = line_pitch(rows[first: last + 1])
    # Where the two sides' baselines drift apart, their rows interleave and the rows' own pitch is
    # far below each side's: the band's line pitch is then its sides'.
    sides = min(_side_pitch({i: ws for i, ws in side.items() if first <= i <= last}) for side in (lwords, rwords))
    if row_pitch(rows[first: last + 1]) < _INTERLEAVED * sides:
        pitch = max(pitch, sides)
    # Rows above the first aligned row at the band's own line pitch are its first lines (a
    # heading, an indented list item); a row set apart by space (a title over the columns) is not.
    # A row whose gap at the strip is one of its own word spaces runs across it (a listing's
    # line, whose monospaced spaces line up with a table's column gap under it).
    narrowest = min([rx[i] - lx[i] for i in good if i in lx and i in rx], default=0.0)
    while (first > 0 and rows[first].cy - rows[first - 1].cy <= s.band_top_reach * pitch
           and not any(min(w.x1, g.x1) - max(w.x0, g.x0) > s.gutter_overlap
                       for w in rows[first - 1].words)
           and not _spaced_across(rows[first - 1], g, s.crossing_gap_share * narrowest, s)):
        first -= 1
    if first > 0 and _column_headings(rows[first - 1], rows[first: last + 1], g,
                                      _mode([ws[0].x0 for ws in lwords.values()], tol), right_edge, s):
        first -= 1  # a heading over each column, set apart by a heading's space: the columns' first row
    # Rows after the last aligned row: an unbalanced column's tail belongs to the band, unless it
    # is set apart by extra space and a full-width element follows it (a headline).
    end = g.last
    if end > last:
        followed = g.last + 1 < len(rows)
        if followed and rows[last + 1].cy - rows[last].cy > s.headline_space * pitch:
            end = last
        else:
            # The strip's last row, running text on both sides lined up with neither, its gap at
            # the strip far narrower than any aligned row's (a word space where the strip ran: a
            # caption's first line across two figures), crosses the strip: the band ends above it.
            if (end in lx and end in rx and rx[end] - lx[end] < s.crossing_gap_share * narrowest
                    and all(_running(side[end], s) for side in (lwords, rwords))
                    and not is_caption_start(" ".join(w.text for w in rwords[end]))):
                end -= 1  # (two captions side by side start each side: no line across)
    if note and not all(first <= i <= end for i in (lwords if note < 0 else rwords)):
        return None  # (the band would cut the note short: its rest glued to the lines beside)
    return replace(g.rows_between(first, end), note=note)


def _beside_column_rule(rows: list[Row], g: Gutter, lwords: dict[int, list[Word]], rwords: dict[int, list[Word]],
                        rules: PageRules, s: LayoutSettings) -> list[int]:
    """The rows with words either side of a column rule, or none. The rule is drawn down the
    strip, and no row beside it lies outside the strip (a word crossing where the rule is drawn
    leaves the strip to the guards). Beside it, long_band_rows * min_gutter_rows rows or more
    have words on each side, words of letters on both (`both_sides_wordy`). No rule across meets
    it at both ends or crosses it: a table's rules box its column rules in, or cross them between
    its rows; a column rule hangs free, or from a rule under a masthead. Columns of lists or
    code, ragged on both sides, line up with no edge; the rule between them says where they
    part, whatever the drawing order."""
    long_run = s.long_band_rows * s.min_gutter_rows
    if min(len(lwords), len(rwords)) < long_run or not both_sides_wordy(
            rows[g.first: g.last + 1], (g.x0 + g.x1) / 2, s.tie_wordy_share):
        return []
    page = rules()
    for v in page.vertical:
        if not g.x0 < v.pos < g.x1:
            continue
        along = [i for i, row in enumerate(rows) if v.lo <= row.cy <= v.hi]
        if not along or along[0] < g.first or along[-1] > g.last:
            continue  # the rule runs on past the strip: a word crosses where it is drawn
        beside = [i for i in along if i in lwords or i in rwords]
        if (sum(1 for i in beside if i in lwords) >= long_run and sum(1 for i in beside if i in rwords) >= long_run
                and not _boxed_in(v, page.horizontal, s)):
            return beside
    return []


def _boxed_in(v: Segment, across: list[Segment], s: LayoutSettings) -> bool:
    """Whether rules across meet vertical rule `v` at both its ends, or cross it between them."""
    tol = s.rule_join
    meeting = [h for h in across if h.lo - tol <= v.pos <= h.hi + tol and v.lo - tol <= h.pos <= v.hi + tol]
    top = any(abs(h.pos - v.lo) <= tol for h in meeting)
    bottom = any(abs(h.pos - v.hi) <= tol for h in meeting)
    return (top and bottom) or any(v.lo + tol < h.pos < v.hi - tol for h in meeting)


def _side_pitch(side: dict[int, list[Word]]) -> float:
    """The usual distance between the centres of one side's consecutive lines, one that occurs
    (0 with fewer than three lines)."""
    cys = [(min([w.y0 for w in ws]) + max([w.y1 for w in ws])) / 2 for _, ws in sorted(side.items())]
    dists = [b - a for a, b in zip(cys, cys[1:]) if b > a]
    return median_high(dists) if len(cys) >= 3 and dists else 0.0


def _margin_note(thin: dict[int, list[Word]], s: LayoutSettings) -> bool:
    """A side of a clear strip beside prose, a word or two a line (`thin`, its words by row),
    that is a note set in the margin: its lines follow one another row after row and run on as
    one sentence (a capital first, each line after the first in lower case, a full stop last).
    Labels beside their values (a form, a table's first column, its keys in lower case) are no
    sentence, and list marks start every line alike, so they are still read row by row."""
    rows = sorted(thin)
    if len(rows) < s.min_gutter_rows or rows[-1] - rows[0] != len(rows) - 1:
        return False
    if 2 * Counter(thin[i][0].text for i in rows).most_common(1)[0][1] > len(rows):
        return False  # lines that mostly start alike are items (bullets, list marks), not a sentence
    firsts = [thin[i][0].text.lstrip("([\"'“‘") for i in rows]
    return (all(_WORDY.match(t) for t in firsts) and firsts[0][:1].isupper()
            and all(t[:1].islower() for t in firsts[1:])
            and thin[rows[-1]][-1].text.rstrip(")]\"'”’").endswith((".", "!", "?")))


def _narrowed_grid(rows: list[Row], g: Gutter, lwords: dict[int, list], rwords: dict[int, list],
                   s: LayoutSettings) -> bool:
    """A short strip between centred blocks side by side (an author grid) where long lines, an
    affiliation each side, nearly touch: the text on one side of it is centred on one axis in
    every row, the strip is as wide as a tie gutter in most rows, and where it narrows it is
    still wider than that row's word spaces (two_row_space times). A river of justified spaces
    is narrow in every row."""
    both = [i for i in lwords if i in rwords]
    gaps = {i: rwords[i][0].x0 - lwords[i][-1].x1 for i in both}
    narrow = [i for i in both if gaps[i] < s.tie_gutter * s.min_gutter]
    if not narrow or 2 * len(narrow) >= len(both):
        return False
    for i in narrow:
        spaces = [y.x0 - x.x1 for side in (lwords[i], rwords[i]) for x, y in zip(side, side[1:])]
        if not spaces or gaps[i] < s.two_row_space * median(spaces, 0.0):
            return False
    rows_with_text = set(lwords) | set(rwords)
    if len(_centred_rows(lwords, rwords, s.edge_tolerance)) < len(rows_with_text):
        return False
    grid = [rows[i] for i in sorted(rows_with_text)]
    return both_sides_wordy(grid, (g.x0 + g.x1) / 2, s.tie_wordy_share)


def _running(words: list, s: LayoutSettings) -> bool:
    """Words of running text: as many as prose has beside a strip, most of them of letters."""
    return len(words) >= s.prose_words * s.min_words_per_side and _wordy(words, s.tie_wordy_share)


def _word_space(rows: list[Row], g: Gutter, min_gap: float) -> float:
    """The usual word space of the rows with text on both sides of a short strip: the gaps of
    those rows that do not line up from row to row (a table's other column gaps line up like the
    strip itself and say nothing of its word spaces). 0, which leaves the strip wide, when every
    gap lines up, and so when fewer than two rows have text on both sides."""
    both = sorted(set(g.left) & set(g.right))
    gaps = [[(a[1], b[0]) for a, b in zip(spans, spans[1:])]
            for spans in (rows[i].occupied() for i in both)]

    def lines_up(x0: float, x1: float, k: int) -> bool:
        # (loops, not all() over any(): every gap of every row is tested against every row's)
        for j, other in enumerate(gaps):
            if j == k:
                continue
            for y0, y1 in other:
                if (x1 if x1 < y1 else y1) - (x0 if x0 > y0 else y0) >= min_gap:
                    break
            else:
                return False
        return True

    spaces = [x1 - x0 for k, row in enumerate(gaps) for x0, x1 in row if not lines_up(x0, x1, k)]
    return median(spaces, 0.0)


def _word_space_apart(a: Word, b: Word, s: LayoutSettings) -> bool:
    """Words either side of a strip lie no further apart than a word space of their type
    (column_heading_gap times their height): a line across the strip where it narrowed to that
    space ("Development of | the Brain" over a margin and a column)."""
    return b.x0 - a.x1 < s.column_heading_gap * min(a.y1 - a.y0, b.y1 - b.y0)


def _gap_at(row: Row, g: Gutter, s: LayoutSettings) -> float | None:
    """The row's gap at the strip when it is about as wide as the row's other gaps (within
    two_row_space of their median): a word space where the strip happened to run. None for any
    other gap, or a row without words on both sides or without other spaces."""
    gaps = row.gaps()
    k = bisect_right(gaps.starts, g.x0 + _EPS) - 1  # the last gap that opens left of the strip
    if k < 0 or gaps.ends[k] < g.x1 - _EPS or len(gaps.starts) < 2:
        return None  # (gaps do not overlap: only this one can hold the strip)
    at = gaps.ends[k] - gaps.starts[k]
    usual = gaps.median_without(at)
    if not usual / s.two_row_space <= at <= s.two_row_space * usual:
        return None
    return at


def _typed_across(lwords: dict[int, list[Word]], rwords: dict[int, list[Word]], both: list[int],
                  s: LayoutSettings) -> bool:
    """The rows with words on both sides of the strip are typed across it: every word at one
    typewriter pitch, and every gap between two words, the one at the strip too, a whole number
    of spaces of that pitch ("-b, --benchmark <spaces> perform a benchmark", a command's options
    and what they do). Such rows are lines: two columns set side by side fall on one character
    grid only by chance, and not row after row; type set by a layout program spaces its words
    by other widths than its letters'."""
    if len(both) < s.min_gutter_rows:
        return False
    tol = s.monospace_tolerance
    pitches: list[float] = []
    low = high = 0.0
    for i in both:  # (every validated strip asks: prose shows two pitches within its first words)
        for w in lwords[i] + rwords[i]:
            if w.text:
                p = (w.x1 - w.x0) / len(w.text)
                low, high = (p, p) if not pitches else (min(low, p), max(high, p))
                pitches.append(p)
                if high * (1 - tol) > low * (1 + tol):
                    return False  # no pitch has both within monospace_tolerance of it
    pitch = median(pitches, 0.0)
    if pitch <= 0 or any(abs(p - pitch) > tol * pitch for p in pitches):
        return False
    for i in both:
        words = lwords[i] + rwords[i]
        if not all(whole_spaces(b.x0 - a.x1, pitch, s) for a, b in zip(words, words[1:])):
            return False
    return True


def whole_spaces(gap: float, pitch: float, s: LayoutSettings) -> bool:
    """The gap is a whole number of typewriter spaces of `pitch`, one at least, within
    typed_grid_tolerance of a space: a gap typed with the space bar."""
    spaces = gap / pitch
    return spaces >= 0.5 and abs(spaces - round(spaces)) <= s.typed_grid_tolerance


def _terms_beside_definitions(rows: list[Row], lwords: dict[int, list[Word]], rwords: dict[int, list[Word]],
                              s: LayoutSettings) -> bool:
    """The left side is a list's terms beside their definitions (a reference manual's macros, a
    glossary): each term level with a line of the right side and at most term_share of the usual
    width of the definitions' lines, the terms set apart as entries, not as lines of a column
    (`_entries_apart`, `_entries_spaced`). Headings in the list (`_list_headings`) may stand on
    rows of their own. A side heading over its paragraph's first line reads the same either way."""
    if not rwords:
        return False
    first, last = min(rwords), max(rwords)
    rows_left = [i for i in sorted(lwords) if first <= i <= last]  # (a heading under the list is none)
    terms = [i for i in rows_left if i in rwords]
    if len(terms) < s.min_gutter_rows:
        return False
    usual = median([ws[-1].x1 - ws[0].x0 for ws in rwords.values()], 0.0)
    if any(ws[-1].x1 - ws[0].x0 > s.term_share * usual for ws in lwords.values()):
        return False
    # Lines are measured by their words' bottoms on one side (the definitions' unless a row has
    # none): a term or a subscript a point deeper does not move its line.
    bottom = {i: median([w.y1 for w in ws]) for i, ws in lwords.items()}
    bottom.update({i: median([w.y1 for w in ws]) for i, ws in rwords.items()})
    right = sorted(rwords)
    # The definitions' line pitch: between the right side's lines that carry a definition on,
    # every one within half the entries' extra spacing of it (else none is told).
    wrapped = [bottom[b] - bottom[a] for a, b in zip(right, right[1:]) if b not in lwords]
    line = median(wrapped, 0.0)
    if any(abs(p - line) > (s.entry_spacing - 1) / 2 * line for p in wrapped):
        line = 0.0
    if len(terms) < len(rows_left) and not _list_headings(bottom, [i for i in rows_left if i not in rwords],
                                                           terms, line, s):
        return False
    return (_entries_apart(terms, len(rwords), s) or _entries_spaced(bottom, terms, right, line, s)
            or _entries_of_a_line(terms, lwords, rwords))


_ENTRY_OPENINGS = 0.8  # of a list's one-line entries, the share that open afresh (prose's lines run on)
_FLUSH = 1.0  # points from the right side's edge within which a line ends flush (justified)


def _entries_of_a_line(terms: list[int], lwords: dict[int, list[Word]], rwords: dict[int, list[Word]]) -> bool:
    """A table of terms and values without rules, a line each (a manual's "H2 Reserve" beside
    "Share of capacity kept in reserve, 10 to 40 %"): the two sides start and end together, every
    term level with a value and every value with a term, and the values open afresh, each with a
    capital or a figure, and end where they end, ragged, none in a comma or a hyphen. Lines of
    prose beside a column of short lines (a sidebar's, notes in the margin) run their sentences
    on, end flush when justified, and the two columns seldom end on one row."""
    if not len(terms) == len(lwords) == len(rwords):
        return False
    if any(ws[-1].text[-1:] in ",-" for ws in rwords.values()):
        return False  # (a line that runs on)
    right = max(ws[-1].x1 for ws in rwords.values())
    if 2 * sum(1 for ws in rwords.values() if right - ws[-1].x1 < _FLUSH) > len(rwords):
        return False  # most lines end flush: justified prose (German's nouns open lines with capitals)
    fresh = sum(1 for ws in rwords.values() if ws[0].text[:1].isupper() or ws[0].text[:1].isdigit())
    return fresh >= _ENTRY_OPENINGS * len(rwords)


def _list_headings(bottom: dict[int, float], headings: list[int], terms: list[int], line: float,
                   s: LayoutSettings) -> bool:
    """Left rows with nothing beside them are a list's headings ("6. Columned Output"): a few
    (one in min_gutter_rows terms at most), each set apart from the line above it (entry_spacing
    times the definitions' line pitch, `line`; `bottom`: each row's line) and over a term. Lines
    of a column whose baselines miss the other column's now and then are none of these."""
    if not line or len(headings) * s.min_gutter_rows > len(terms):
        return False
    below = set(terms)
    return all(h + 1 in below and h - 1 in bottom and bottom[h] - bottom[h - 1] >= s.entry_spacing * line
               for h in headings)


def _entries_apart(terms: list[int], right_rows: int, s: LayoutSettings) -> bool:
    """Terms whose definitions wrap: at most term_share of the right side's rows, in runs of their
    own apart (most a row alone, the definition wrapping onto rows of the right side between
    them). A column of text beside another fills its rows one after another."""
    if len(terms) > s.term_share * right_rows:
        return False
    runs = 1 + sum(1 for a, b in zip(terms, terms[1:]) if b - a > 1)
    alone = sum(1 for k, i in enumerate(terms) if (k == 0 or terms[k - 1] != i - 1)
                and (k == len(terms) - 1 or terms[k + 1] != i + 1))
    return runs >= s.min_gutter_rows and alone >= runs / 2


def _entries_spaced(bottom: dict[int, float], terms: list[int], right: list[int], line: float,
                    s: LayoutSettings) -> bool:
    """Terms whose definitions are mostly a line each, the entries set further apart than the
    lines of a definition that wraps (`line`, their pitch; `bottom`: each row's line): every
    term's line lies at least entry_spacing times that below the right side's line above it.
    Lines of a column of text beside another keep its line pitch, a paragraph's first line as
    well as the rest."""
    term_rows = set(terms)
    entry = [bottom[b] - bottom[a] for a, b in zip(right, right[1:]) if b in term_rows]
    return bool(line and entry) and len(entry) >= s.min_gutter_rows and min(entry) >= s.entry_spacing * line


def _spaced_across(row: Row, g: Gutter, below: float, s: LayoutSettings) -> bool:
    """A row that runs across the strip at one of its word spaces, narrower there than `below`
    (a listing's line whose monospaced spaces line up with a table's column gap under it)."""
    gap = _gap_at(row, g, s)
    return gap is not None and gap < below


def _without_spaced_across(rows: list[Row], g: Gutter, good: list[int], lx: dict[int, float],
                           rx: dict[int, float], s: LayoutSettings) -> list[int]:
    """The lined-up rows less those that run across the strip at a word space narrower than
    crossing_gap_share of the narrowest gap of the others: a listing's lines, whose monospaced
    spaces line up with one another (and so seem to line up with an edge) above a table whose
    column gap the strip runs down. Rows that all part at a word space (a table with even gaps)
    stay."""
    spaced = {i: gap for i in good if (gap := _gap_at(rows[i], g, s)) is not None}
    rest = [rx[i] - lx[i] for i in good if i not in spaced and i in lx and i in rx]
    if not spaced or not rest:
        return good
    below = s.crossing_gap_share * min(rest)
    return [i for i in good if i not in spaced or spaced[i] >= below]


def _taller(row: Row, body: float, s: LayoutSettings) -> bool:
    """The row is set in a heading's type: heading_size_ratio times `body` or taller."""
    return row.word_height >= s.heading_size_ratio * body


def _column_headings(row: Row, band: list[Row], g: Gutter, left_start: float, right_start: float,
                     s: LayoutSettings) -> bool:
    """A row of a few words on each side of the strip and none across it, the two sides further
    apart than a word space of their type, one side a heading (type larger than the band's)
    starting at its column's left edge (or in from it by less than its height, inset in a bar of
    colour): the columns' first row. The other side is the other
    column's heading, or a figure's top labels beside it ("Abstract" level with a chart's
    "10,000"). A centred title block's names start at neither edge; "Development of | the
    Brain" is one heading."""
    left = [w for w in row.words if w.x1 <= g.x0 + s.gutter_overlap]
    right = [w for w in row.words if w.x0 >= g.x1 - s.gutter_overlap]
    if not left or not right or len(left) + len(right) < len(row.words):
        return False
    if max(len(left), len(right)) > s.title_max_words:
        return False
    if _word_space_apart(left[-1], right[0], s):
        return False  # one heading across the strip
    if any(PAGE_NUMBER.match(" ".join(w.text for w in side)) for side in (left, right)):
        return False  # a heading and the page's number: a running head ("Contents  92")
    body = median([w.y1 - w.y0 for r in band for w in r.words], 0.0)
    tol = s.edge_tolerance
    for side, start in ((left, left_start), (right, right_start)):
        height = median([w.y1 - w.y0 for w in side], 0.0)
        # (At the column's edge, or set in from it by less than its own height: a heading inset
        # in a bar of colour that spans its column.)
        if height >= s.heading_size_ratio * body and -tol <= side[0].x0 - start <= max(tol, height):
            return True
    return False


def _lined_up(lx: dict[int, float], rx: dict[int, float], lefts: list[float], rights: list[float],
              tol: float) -> list[int]:
    """The rows (in order) whose text left of the strip ends at one of `lefts` or whose text
    right of it starts at one of `rights`."""
    return sorted(i for i in set(lx) | set(rx)
                  if any(abs(lx.get(i, 1e9) - e) <= tol for e in lefts)
                  or any(abs(rx.get(i, 1e9) - e) <= tol for e in rights))


def _edges(values: list[float], first: float, tol: float, least: int, toward: int) -> list[float]:
    """A side's edges: `first` (its values' mode) and the commonest edge nearer the strip (in
    direction `toward`: +1 right, -1 left) when at least `least` values line up there. A
    column's own edge is its outermost: indents, bullets' text and ragged ends lie inside it."""
    nearer = [v for v in values if toward * (v - first) > tol]
    if len(nearer) < least:
        return [first]
    second = _mode(nearer, tol)
    return [first, second] if sum(1 for v in nearer if abs(v - second) <= tol) >= least else [first]


def _mode(values: list[float], tol: float) -> float:
    """The centre of the densest cluster of values (within tol)."""
    counts: dict[int, int] = {}
    for v in values:
        k = round(v / tol)
        counts[k] = counts.get(k, 0) + 1
    best = max(counts, key=lambda k: counts[k] + counts.get(k - 1, 0) + counts.get(k + 1, 0))
    near = [v for v in values if abs(v - best * tol) <= tol]
    return median(near, best * tol)


def find_gutters(rows: list[Row], settings: LayoutSettings, rules: PageRules | None = None) -> list[Gutter]:
    """Validated gutters of a region, widest row span first (`rules`: the page's, see `_validate`)."""
    if len(rows) == 2:
        return _two_row_gutters(rows, settings)
    if len(rows) < settings.min_gutter_rows:
        return []
    lo, hi = _extent(rows)
    found = []
    min_pitch = settings.headline_space * row_pitch(rows)
    # _validate's first guard, in the sweep: most strips fail it
    for g in _sweep(rows, lo, hi, settings.min_gutter, min_pitch, settings.max_active_strips,
                    settings.min_gutter_rows, settings):
        v = _validate(rows, g, settings, rules)
        if v is not None:
            found.append(v)
    found = _without_shadowed(rows, _bridge_overhangs(rows, _join_overlapping(found, settings)), settings)
    found = _yield_to_band_below(rows, found, min_pitch)
    found.sort(key=lambda g: (-g.span, -len(g.left) - len(g.right), g.x0))
    return found


_PAGE_NUMBER = re.compile(r"^(\d{1,4}|[ivxlc]{1,6})$")


def _page_numbers(side: dict[int, list[Word]], s: LayoutSettings) -> bool:
    """Whether a strip's right side is a contents list's page numbers: in every row a number,
    maybe after a leader's dots, and nothing else, the numbers rising (or staying) down the
    rows. Titles without leaders ("1. Licence  3") leave such a strip between them and their
    numbers; no column of text is a column of rising numbers alone."""
    if len(side) < s.min_gutter_rows:
        return False
    numbers = []
    for i in sorted(side):
        words = side[i]
        last = words[-1].text
        if not (_PAGE_NUMBER.match(last) and last.isdecimal()) or not all(_LEADER.match(w.text) for w in words[:-1]):
            return False
        numbers.append(int(last))
    return all(a <= b for a, b in zip(numbers, numbers[1:]))


def _without_shadowed(rows: list[Row], found: list[Gutter], s: LayoutSettings) -> list[Gutter]:
    """Less each strip beside which another runs down nearly all the same rows (gutter_shadow of
    them) and is the column's gutter: a clear strip beside one barely wider than a word space,
    or the strip beyond a contents list's page numbers (only such numbers, one a row, each
    beside its title, between the two). The first is then a gap inside one column, between the
    titles and their numbers set flush right. The rest of its rows must be ones the other strip
    could pass too (no word in its way) or ones where it is no clear gap either ("(Dated:
    December 2018)" lining up above): two figures side by side, their captions far apart under
    the strip, keep it."""
    narrow, wide = s.wide_gutter * s.min_gutter, s.clear_gutter * s.min_gutter

    def gap(i: int, g: Gutter) -> float:
        """The row's gap where g passes it (0 where it has no words on one side)."""
        left = [w.x1 for w in rows[i].words if w.x1 <= g.x0 + _EPS]
        right = [w.x0 for w in rows[i].words if w.x0 >= g.x1 - _EPS]
        return min(right) - max(left) if left and right else 0.0

    def passable(i: int, g: Gutter, h: Gutter) -> bool:
        return (h.first <= i <= h.last or not any(w.x0 < h.x1 and w.x1 > h.x0 for w in rows[i].words)
                or gap(i, g) < wide)

    def page_numbers_between(g: Gutter, h: Gutter) -> bool:
        """Only page numbers between g and h (h to the right), one a row, each beside words
        left of g (its title), in min_gutter_rows rows at least."""
        numbers = 0
        for i in range(max(g.first, h.first), min(g.last, h.last) + 1):
            between = [w for w in rows[i].words if w.x0 >= g.x1 - _EPS and w.x1 <= h.x0 + _EPS]
            if len(between) > 1 or between and not (_PAGE_NUMBER.match(between[0].text)
                                                    and any(w.x1 <= g.x0 + _EPS for w in rows[i].words)):
                return False
            numbers += len(between)
        return numbers >= s.min_gutter_rows

    def shadows(h: Gutter, g: Gutter) -> bool:
        if h is g or min(g.last, h.last) - max(g.first, h.first) + 1 < s.gutter_shadow * g.span:
            return False
        beside_narrow = g.x1 - g.x0 < narrow and h.x1 - h.x0 >= wide
        if not (beside_narrow or h.x0 >= g.x1 and page_numbers_between(g, h)):
            return False
        return all(passable(i, g, h) for i in range(g.first, g.last + 1))

    return [g for g in found if not any(shadows(h, g) for h in found)]


def _join_overlapping(found: list[Gutter], s: LayoutSettings) -> list[Gutter]:
    """One gutter where two strips down the same gap share rows once validated: the sweep ended
    the first at a row it took for a headline set apart, but the second's first lines reach back
    over it at the band's own line pitch, so no headline parts them (columns whose interleaved
    baselines make each row look set apart). A headline between two bands keeps the strips
    apart: the band below starts under it."""
    out = sorted(found, key=lambda g: g.first)
    i = 0
    while i < len(out):
        a = out[i]
        for b in out[i + 1:]:
            if (b.first <= a.last and not (a.note or b.note or a.centred or b.centred)
                    and min(a.x1, b.x1) - max(a.x0, b.x0) >= s.min_gutter):
                out.remove(b)
                a = out[i] = Gutter(max(a.x0, b.x0), min(a.x1, b.x1), a.first, max(a.last, b.last),
                                    sorted(set(a.left) | set(b.left)), sorted(set(a.right) | set(b.right)))
                break
        else:
            i += 1
    return out


def _yield_to_band_below(rows: list[Row], found: list[Gutter], min_pitch: float) -> list[Gutter]:
    """A strip that runs on a few rows into the band under a blank across the region, where
    another gutter opens that band and goes on past it, ends above the blank: a table's column
    gap passes the first lines of the columns under the table (a heading there ends short of
    it), and those lines are the columns', read with the gutter that goes on down the page.
    (Strips down one gap, side by side, are one gutter's: the other must lie clear of it.)"""
    out = []
    for g in found:
        below = [h.first for h in found if h is not g and g.first < h.first <= g.last < h.last
                 and (h.x1 <= g.x0 or h.x0 >= g.x1) and rows[h.first].cy - rows[h.first - 1].cy >= min_pitch]
        if below and min(below) - g.first >= 2:
            g = g.rows_between(g.first, min(below) - 1)
        out.append(g)
    return out


def _bridge_overhangs(rows: list[Row], found: list[Gutter]) -> list[Gutter]:
    """One gutter where two meet across a single row whose text, all on one side, runs on into
    the strip without crossing it (a listing's or a URL's line overhanging its column): the
    columns go on past it. A headline between two bands stops short of the strip; a full-width
    line crosses it."""
    out = list(found)
    for a in found:
        for b in found:
            if b.first != a.last + 2 or a not in out or b not in out or a.note or b.note:
                continue
            x0, x1 = max(a.x0, b.x0), min(a.x1, b.x1)
            if x1 <= x0:
                continue
            ws = rows[a.last + 1].words
            left_end, right_start = max(w.x1 for w in ws), ws[0].x0
            overhang_left = left_end < x1 and left_end > x0
            overhang_right = right_start > x0 and right_start < x1
            if not (overhang_left or overhang_right):
                continue
            out.remove(a)
            out.remove(b)
            out.append(Gutter(x0, x1, a.first, b.last, a.left + b.left, a.right + b.right, a.centred and b.centred))
    return out


def _two_row_gutters(rows: list[Row], s: LayoutSettings) -> list[Gutter]:
    """A region of two rows (the tail of a column band on a page of its own) is too short for the
    guards. A gutter there needs what a river of word spaces lacks: the text on each side of it
    ends, and starts, at the same x in both rows, and the strip is far wider than the word
    spaces of either row."""
    lo, hi = _extent(rows)
    wide = s.wide_gutter * s.min_gutter
    first, second = (_free(r.occupied(), lo, hi, wide) for r in rows)
    found: list[Gutter] = []
    for a0, b0 in first:
        for a1, b1 in second:
            a, b = max(a0, a1), min(b0, b1)
            if b - a < wide or a <= lo or b >= hi:
                continue
            if abs(a0 - a1) > s.edge_tolerance or abs(b0 - b1) > s.edge_tolerance:
                continue  # the facing edges of the two sides do not line up
            if all(_sides_hold_text(r, a, b, s) for r in rows):
                found.append(Gutter(a, b, 0, 1, [0, 1], [0, 1]))
    return found


def _sides_hold_text(row: Row, a: float, b: float, s: LayoutSettings) -> bool:
    """Prose on both sides of the strip [a, b] (the words a row the guards of a longer band call
    prose), and the strip plainly wider than the row's usual word space."""
    left = [w for w in row.words if w.x1 <= a + _EPS]
    right = [w for w in row.words if w.x0 >= b - _EPS]
    if min(len(left), len(right)) < s.prose_words * s.min_words_per_side:
        return False  # running text on both sides, not a key beside its value
    spaces = [y.x0 - x.x1 for side in (left, right) for x, y in zip(side, side[1:])]
    return b - a >= s.two_row_space * median(spaces, 0.0)


def find_tie_gutter(rows: list[Row], settings: LayoutSettings) -> Gutter | None:
    """A clear empty strip too weak for the guards (an author grid, a float beside a column)
    that the drawing order resolves: if the PDF draws everything left of it before everything
    right of it, it is read as two columns; otherwise the rows are read across.

    Drawing orders that carry no evidence (row by row, shuffled) never split anything here, so
    the geometric reading stays the default.
    """
    if len(rows) < 2 or drawn_in_this_order(r.words for r in rows):  # no tie to break
        return None
    lo, hi = _extent(rows)
    wide = settings.tie_gutter * settings.min_gutter
    least = settings.tie_gutter_rows
    cands = [g for g in _sweep(rows, lo, hi, wide, float("inf"), settings.max_active_strips, least)
             if g.x1 - g.x0 >= wide]
    for g in sorted(cands, key=lambda g: (-g.span, g.x0)):
        # The longest run of rows from the strip's top in which the PDF draws everything on one
        # side before anything on the other (an author grid is often several grids stacked).
        mid = (g.x0 + g.x1) / 2
        left: list[int] = []
        right: list[int] = []
        nl = nr = seen = 0
        best = None
        for i in range(g.first, g.last + 1):
            ws = rows[i].words
            left += [w.seq for w in ws if w.x1 <= mid]
            right += [w.seq for w in ws if w.x0 >= mid]
            nl += any(w.x1 <= mid for w in ws)
            nr += any(w.x0 >= mid for w in ws)
            seen += len(ws)
            if len(left) + len(right) < seen:
                break  # a word on the strip's axis
            one_side_first = (left and right and max(left) < min(right)) or (
                settings.right_to_left and left and right and max(right) < min(left))
            if not one_side_first:
                break
            if nl >= least and nr >= least and _not_chance(rows[g.first: i + 1], mid, len(left), len(right), settings):
                best = i
        if best is not None and both_sides_wordy(rows[g.first: best + 1], mid, settings.tie_wordy_share):
            return Gutter(g.x0, g.x1, g.first, best, [], [])
    return None


def _not_chance(rows: list[Row], mid: float, n_left: int, n_right: int, s: LayoutSettings) -> bool:
    """Whether words drawn one side first are evidence: a random order draws n_left words before
    n_right others one time in C(n_left + n_right, n_left), and a side's n words in their reading
    order one time in n!. A shuffled table's two rows of a few words each may come so by chance;
    an author grid drawn cell by cell, each cell in order, hardly ever does."""
    odds = math.comb(n_left + n_right, n_left)
    for n, side in ((n_left, [[w for w in r.words if w.x1 <= mid] for r in rows]),
                    (n_right, [[w for w in r.words if w.x0 >= mid] for r in rows])):
        if odds >= s.tie_order_odds:
            break
        if drawn_in_this_order(side):
            odds *= math.factorial(min(n, 10))  # (10! is past any odds asked)
    return odds >= s.tie_order_odds


# Two letters or more to start with, none of them a math letter (U+1D400..U+1D7FF).
_WORDY = re.compile(r"^[^\W\d_\U0001D400-\U0001D7FF]{2,}")


def both_sides_wordy(rows: list[Row], mid: float, share: float) -> bool:
    """Words on both sides of a tie gutter, not symbols: a display equation drawn piece by piece
    (its sums, fractions, sub- and superscripts apart) must stay one block."""
    words = [w for r in rows for w in r.words]
    return all(_wordy(side, share) for side in ([w for w in words if w.x1 <= mid], [w for w in words if w.x0 >= mid]))


def _wordy(words: list, share: float) -> bool:
    """At least this share of the words are words of letters."""
    return sum(1 for w in words if _WORDY.match(w.text)) >= share * len(words)


def empty_strips(rows: list[Row], min_width: float, settings: LayoutSettings, least: int = 0) -> list[Gutter]:
    """Every empty vertical strip at least `min_width` wide that runs down consecutive rows,
    with the rows that have text on each side of it (in `least` rows or more), unvalidated (the
    table finder reads cells from them)."""
    lo, hi = _extent(rows)
    return _sweep(rows, lo, hi, min_width, float("inf"), settings.max_active_strips, least)
