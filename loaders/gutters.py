"""Find column gutters: empty vertical strips that run down many consecutive rows.

A gutter is told apart from a river of word spaces by three guards: it has text on both sides in
several rows (sparse pages and signature blocks have too few), the text beside it is running text
(several words a row, not a key and its value), and the text on at least one side starts or ends
at the same x in most rows (column edges line up, word spaces do not).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .geometry import median
from .rows import Row
from .settings import LayoutSettings


@dataclass(slots=True)
class Gutter:
    x0: float
    x1: float
    first: int  # first row index (inclusive)
    last: int  # last row index (inclusive)
    support: list[int] = field(default_factory=list)  # rows with text on both sides

    @property
    def span(self) -> int:
        return self.last - self.first + 1


def _interior_gaps(spans: list[tuple[float, float]], min_width: float) -> list[tuple[float, float]]:
    return [(a[1], b[0]) for a, b in zip(spans, spans[1:]) if b[0] - a[1] >= min_width]


def _free(spans: list[tuple[float, float]], lo: float, hi: float) -> list[tuple[float, float]]:
    out, x = [], lo
    for a, b in spans:
        if a > x:
            out.append((x, a))
        x = max(x, b)
    if hi > x:
        out.append((x, hi))
    return out


def _sweep(rows: list[Row], lo: float, hi: float, min_gutter: float) -> list[Gutter]:
    """Grow candidate strips row by row; a strip ends at the first row that covers it."""
    active: list[Gutter] = []
    done: list[Gutter] = []
    for i, row in enumerate(rows):
        spans = row.occupied()
        free = _free(spans, lo, hi)
        still: list[Gutter] = []
        for g in active:
            best, best_ov = None, min_gutter
            for a, b in free:
                ov = min(g.x1, b) - max(g.x0, a)
                if ov >= best_ov:
                    best, best_ov = (max(g.x0, a), min(g.x1, b)), ov
            if best is None:
                done.append(g)
                continue
            g.x0, g.x1 = best
            g.last = i
            if spans[0][0] < g.x0 and spans[-1][1] > g.x1:
                g.support.append(i)
            if any(min(h.x1, g.x1) - max(h.x0, g.x0) > 0 for h in still):
                # Two strips have narrowed onto the same gap: keep the older one.
                continue
            still.append(g)
        for a, b in _interior_gaps(spans, min_gutter):
            if not any(min(g.x1, b) - max(g.x0, a) > 0 for g in still):
                still.append(Gutter(a, b, i, i, [i]))
        active = still
    return done + active


def _edge_share(values: list[float], tol: float) -> float:
    """Share of values within tol of the most common value."""
    if not values:
        return 0.0
    counts = Counter(round(v / tol) for v in values)
    best = max(counts, key=lambda k: counts[k] + counts.get(k - 1, 0) + counts.get(k + 1, 0))
    centre = best * tol
    return sum(abs(v - centre) <= tol for v in values) / len(values)


def _sides(row: Row, g: Gutter) -> tuple[int, int, float, float]:
    """Words left and right of the gutter, the left side's end and the right side's start."""
    left = [w for w in row.words if w.x1 <= g.x0 + 1e-6]
    right = [w for w in row.words if w.x0 >= g.x1 - 1e-6]
    lx = max((w.x1 for w in left), default=g.x0)
    rx = min((w.x0 for w in right), default=g.x1)
    return len(left), len(right), lx, rx


def _validate(rows: list[Row], g: Gutter, s: LayoutSettings) -> Gutter | None:
    """Apply the guards and trim rows at the strip's ends that do not line up with its edges."""
    if len(g.support) < s.min_gutter_rows:
        return None
    sides = {i: _sides(rows[i], g) for i in g.support}
    nl = sum(v[0] for v in sides.values()) / len(sides)
    nr = sum(v[1] for v in sides.values()) / len(sides)
    if min(nl, nr) < s.min_words_per_side:
        return None
    lxs = [v[2] for v in sides.values()]
    rxs = [v[3] for v in sides.values()]
    tol = s.edge_tolerance
    if max(_edge_share(lxs, tol), _edge_share(rxs, tol)) < s.min_edge_alignment:
        return None
    left_edge = _mode(lxs, tol)
    right_edge = _mode(rxs, tol)

    def aligned(i: int) -> bool:
        _, _, lx, rx = sides[i]
        return abs(lx - left_edge) <= tol or abs(rx - right_edge) <= tol

    good = [i for i in g.support if aligned(i)]
    if len(good) < s.min_gutter_rows:
        return None
    first, last = good[0], good[-1]
    # One-sided rows after the last aligned row: an unbalanced column's tail belongs to the band,
    # unless it is set apart by extra space and a full-width element follows it (a headline).
    tail_end = g.last
    if tail_end > last:
        pitch = median([rows[i + 1].y0 - rows[i].y1 for i in range(first, last)], 0.0)
        height = median([rows[i].y1 - rows[i].y0 for i in good], 0.0)
        gap = rows[last + 1].y0 - rows[last].y1
        followed = g.last + 1 < len(rows)
        if followed and gap > pitch + 0.8 * height:
            tail_end = last
    return Gutter(g.x0, g.x1, first, max(last, tail_end), good)


def _mode(values: list[float], tol: float) -> float:
    counts = Counter(round(v / tol) for v in values)
    best = max(counts, key=lambda k: counts[k] + counts.get(k - 1, 0) + counts.get(k + 1, 0))
    near = [v for v in values if abs(v - best * tol) <= tol]
    return median(near, best * tol)


def find_gutters(rows: list[Row], settings: LayoutSettings) -> list[Gutter]:
    """Validated gutters of a region, widest row span first."""
    if len(rows) < settings.min_gutter_rows:
        return []
    lo = min(r.words[0].x0 for r in rows)
    hi = max(max(w.x1 for w in r.words) for r in rows)
    found = []
    for g in _sweep(rows, lo, hi, settings.min_gutter):
        v = _validate(rows, g, settings)
        if v is not None:
            found.append(v)
    found.sort(key=lambda g: (-g.span, -len(g.support), g.x0))
    return found
