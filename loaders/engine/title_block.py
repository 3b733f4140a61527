"""A centred title block over columns: author blocks side by side, set apart from the columns.

An author grid sits in the columns' x-ranges, so the gutter between the columns runs up through
it and the authors would be read as the first lines of each column (the second author after the
whole first column). Their lines are set in from the column's edges (centred), and a gap across
the whole page sets them apart from the text below: they are a band of their own, read before
the columns.
"""
from __future__ import annotations

from .geometry import median
from .gutters import Gutter
from .rows import Row, row_pitch
from .settings import LayoutSettings


def _set_in(rows: list[Row], g: Gutter, left: tuple[float, float], right: tuple[float, float],
            s: LayoutSettings) -> bool:
    """The rows' text on each side is set in from its column's edges, the way centred author
    blocks are: none of it spans its column, and at most head_flush_share of its lines start
    at the column's left edge."""
    mid = (g.x0 + g.x1) / 2
    for pick, (lo, hi) in ((lambda w: w.x1 <= mid, left), (lambda w: w.x0 >= mid, right)):
        flush = lines = 0
        for row in rows:
            words = [w for w in row.words if pick(w)]
            if not words:
                continue
            lines += 1
            before, after = words[0].x0 - lo, hi - words[-1].x1
            if before < s.head_indent and after < s.head_indent:
                return False  # a full line of the column
            flush += before < s.head_indent
        if flush > s.head_flush_share * lines:
            return False
    return True


def _columns(band: list[Row], g: Gutter) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The x-ranges of the two columns the gutter splits the band's rows into (None when a side
    is empty)."""
    mid = (g.x0 + g.x1) / 2
    words = [w for r in band for w in r.words]
    left = [w.x0 for w in words if w.x1 <= mid]
    right = [w.x1 for w in words if w.x0 >= mid]
    if not left or not right:
        return None
    return (min(left), g.x0), (g.x1, max(right))


def _centred_blocks(rows: list[Row], g: Gutter, s: LayoutSettings) -> bool:
    """min_gutter_rows lines or more on each side of the gutter, every line of a side centred
    within edge_tolerance of the same x."""
    mid = (g.x0 + g.x1) / 2
    for pick in (lambda w: w.x1 <= mid, lambda w: w.x0 >= mid):
        centres = []
        for row in rows:
            words = [w for w in row.words if pick(w)]
            if words:
                centres.append((words[0].x0 + words[-1].x1) / 2)
        if len(centres) < s.min_gutter_rows or max(centres) - min(centres) > 2 * s.edge_tolerance:
            return False
    return True


def head_rows(rows: list[Row], g: Gutter, s: LayoutSettings) -> int | None:
    """Where the column band proper starts when its first rows are a centred title block set apart
    by a gap across the page (None when they are not)."""
    last = min(g.last, g.first + s.head_max_rows)
    gaps = [(rows[k].y0 - rows[k - 1].y1, k) for k in range(g.first + 1, last + 1)]
    if not gaps:
        return None
    gap, k = max(gaps)
    # Author blocks, centred on both sides, need less space under them than a line of the
    # columns set in would (a centred heading over each column opens the columns).
    least = s.head_block_gap if _centred_blocks(rows[g.first: k], g, s) else s.head_gap
    if k >= g.last or gap < least * row_pitch(rows[g.first: g.last + 1]):
        return None
    columns = _columns(rows[k: g.last + 1], g)
    return k if columns and _set_in(rows[g.first: k], g, *columns, s) else None


def _clear_above(rows: list[Row], g: Gutter, s: LayoutSettings) -> tuple[int, float, float]:
    """How far up from the band a strip near its gutter stays clear, and that strip: each row
    must leave a gap that meets it; the strip narrows to the gaps met but stays at least
    tie_gutter times min_gutter wide (an author's line may reach a little into the gutter). A
    line too long for that (an affiliation that nearly meets its neighbour's) still belongs when
    it splits, at a gap of min_gutter or more, into two parts each centred where the lines below
    it are centred on their side."""
    width = g.x1 - g.x0
    x0, x1 = g.x0 - width, g.x1 + width
    least = s.tie_gutter * s.min_gutter
    centres: tuple[list[float], list[float]] = ([], [])  # line centres met so far, left and right
    j = g.first
    while j > 0:
        words = rows[j - 1].words
        edges = [float("-inf")] + [e for w in words for e in (w.x0, w.x1)] + [float("inf")]
        best = None
        for a, b in zip(edges[::2], edges[1::2]):  # the gaps before, between and after the words
            lo, hi = max(a, x0), min(b, x1)
            if hi - lo >= least and (best is None or hi - lo > best[1] - best[0]):
                best = (lo, hi)
        if best is None:
            best = _centred_split(words, centres, s)
        if best is None:
            break
        x0, x1 = best
        mid = (x0 + x1) / 2
        for side, part in zip(centres, ([w for w in words if w.x1 <= mid], [w for w in words if w.x0 >= mid])):
            if part:
                side.append((part[0].x0 + part[-1].x1) / 2)
        j -= 1
    return j, x0, x1


def _centred_split(words: list, centres: tuple[list[float], list[float]],
                   s: LayoutSettings) -> tuple[float, float] | None:
    """The gap (min_gutter wide or more) that splits a row into two parts, each centred within
    edge_tolerance of the usual centre of the lines met on its side (two or more each)."""
    if min(len(c) for c in centres) < 2:
        return None
    axes = [median(c, 0.0) for c in centres]
    for k in range(1, len(words)):
        a, b = words[k - 1].x1, words[k].x0
        if b - a < s.min_gutter:
            continue
        left, right = words[:k], words[k:]
        if all(abs((part[0].x0 + part[-1].x1) / 2 - axis) <= s.edge_tolerance
               for part, axis in zip((left, right), axes)):
            return a, b
    return None


def head_above(rows: list[Row], g: Gutter, s: LayoutSettings) -> tuple[int, int, Gutter] | None:
    """A centred title block right above a column band, when the band's gutter runs clear through
    it though too weak there to be found (centred lines have no edges to line up): (start, end) of
    the rows just above the band that leave a strip near the gutter clear, down to the widest gap
    above the band (head_above_gap line pitches at least), with text on both sides, set in from the
    column edges, and the strip to split them at. Rows between that gap and the band are the
    band's (None when there is no block)."""
    j, sx0, sx1 = _clear_above(rows, g, s)
    if j == g.first:
        return None
    gap, k = max((rows[k].y0 - rows[k - 1].y1, k) for k in range(j + 1, g.first + 1))
    if gap < s.head_above_gap * row_pitch(rows[g.first: g.last + 1]):
        return None
    head = rows[j: k]
    hmid = (sx0 + sx1) / 2
    sides = [sum(1 for r in head if any(pick(w) for w in r.words))
             for pick in (lambda w: w.x1 <= hmid, lambda w: w.x0 >= hmid)]
    if min(sides) < s.min_gutter_rows:
        return None
    columns = _columns(rows[g.first: g.last + 1], g)
    strip = Gutter(sx0, sx1, j, k - 1)
    return (j, k, strip) if columns and _set_in(head, strip, *columns, s) else None
