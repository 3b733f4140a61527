"""How sure the engine is of a page's layout, and why not, for audits and `--suspicious`.

Each sign of doubt multiplies the confidence (1.0 = nothing doubtful) and adds a reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .gutters import Gutter
from .rows import Row
from .settings import LayoutSettings

_NO_DOUBT = 0.999  # a factor this close to 1 (float arithmetic on "no doubt") adds no reason
_FLOOR = 0.05  # the most one doubt takes: a page's confidence stays comparable with others'


@dataclass(slots=True)
class Doubt:
    confidence: float = 1.0
    reasons: list[str] = field(default_factory=list)

    def add(self, factor: float, reason: str) -> None:
        if factor < _NO_DOUBT:
            self.confidence *= max(_FLOOR, factor)
            self.reasons.append(reason)


def assess(cuts: list[tuple[Gutter, bool]], leaves_rows: list[list[Row]],
           s: LayoutSettings) -> Doubt:
    """cuts: the gutters the page was cut at, each with whether the drawing order chose it."""
    d = Doubt()
    strong = [g for g, tie in cuts if not tie]
    if strong:
        narrowest = min(g.x1 - g.x0 for g in strong)
        clarity = min(1.0, narrowest / (s.clear_gutter * s.min_gutter))
        base = s.narrow_gutter_confidence
        d.add(base + (1.0 - base) * clarity, f"narrow gutter ({narrowest:.1f} pt)")
        thin = min(min(len(g.left), len(g.right)) for g in strong)
        if thin < s.long_band_rows * s.min_gutter_rows:
            d.add(s.short_band_confidence, f"short column band ({thin} rows)")
    ties = sum(1 for _, tie in cuts if tie)
    if ties:
        d.add(s.tie_confidence ** ties, f"{ties} column split(s) decided by the drawing order")
    wide_gap = s.wide_gutter * s.min_gutter
    aligned = 0
    worst_share = 0.0
    for leaf in leaves_rows:
        prev_gaps: list[tuple[float, float]] = []
        in_leaf = 0
        for r in leaf:
            spans = r.occupied()  # merged word intervals: their gaps are the row's word gaps
            gaps = [(a[1], b[0]) for a, b in zip(spans, spans[1:]) if b[0] - a[1] >= wide_gap]
            if gaps and prev_gaps and any(min(x1, y1) - max(x0, y0) >= s.min_gutter
                                          for x0, x1 in gaps for y0, y1 in prev_gaps):
                in_leaf += 1 + (in_leaf == 0)  # the first aligned pair counts both rows
            prev_gaps = gaps
        aligned += in_leaf
        if len(leaf) >= 2:
            worst_share = max(worst_share, in_leaf / len(leaf))
    if aligned:
        # A whole region of rows split by one gap is most likely columns read as one.
        d.add(1.0 - s.aligned_gaps_doubt * min(1.0, worst_share)
              - s.aligned_row_doubt * min(aligned, s.aligned_rows_counted),
              f"{aligned} row(s) whose gaps line up inside a column (columns not split?)")
    rows = [r for leaf in leaves_rows for r in leaf]
    if rows:
        wide = 0
        overlapping = 0
        clear, share_over = s.clear_gutter * s.min_gutter, s.word_overlap
        for r in rows:
            ws = r.words
            is_wide = is_over = False
            for a, b in zip(ws, ws[1:]):  # one pass for both signs (called for every row)
                gap = b.x0 - a.x1
                if not is_wide and gap >= clear + (a.y1 - a.y0):
                    is_wide = True
                if (not is_over and gap < 0 and b.x0 < a.x1 - share_over * min(a.x1 - a.x0, b.x1 - b.x0)
                        and b.text != a.text):
                    is_over = True
            wide += is_wide
            overlapping += is_over
        if wide:
            share = wide / len(rows)
            d.add(1.0 - min(s.wide_gap_doubt_max, share),
                  f"{wide} row(s) with wide gaps inside a column (table or missed gutter)")
        if overlapping:
            share = overlapping / len(rows)
            d.add(1.0 - min(s.overlap_doubt_max, s.overlap_doubt_weight * share),
                  f"{overlapping} row(s) with overlapping words")
    return d
