"""Ruling lines: the strokes and shading edges a table is drawn with, as straight lines.

The PDF edge hands in thin boxes (a stroked line, a hairline rectangle, the edge of a shaded
area); here they become horizontal and vertical segments, pieces of one line joined, and the
segments that cross each other are grouped into frames (a ruled grid, a box around a table).
Pure geometry: testable on hand-made boxes.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import Iterable

from .geometry import Box
from .settings import LayoutSettings


@dataclass(frozen=True, slots=True)
class Segment:
    """A straight rule: `pos` is the y of a horizontal one (the x of a vertical one), and it
    runs from `lo` to `hi` along its length."""

    pos: float
    lo: float
    hi: float

    @property
    def length(self) -> float:
        return self.hi - self.lo


@dataclass(slots=True)
class Drawing:
    """What the PDF edge hands in: thin boxes that may be rules, the boxes of curves and
    slanted lines (figure ink: charts have it, tables do not), and the shaded or framed
    rectangles that may set text apart (panels: a sidebar, a cell, a bar)."""

    rules: list[Box] = field(default_factory=list)
    ink: list[Box] = field(default_factory=list)
    panels: list[Box] = field(default_factory=list)


@dataclass(slots=True)
class Rules:
    """The page's rules, merged, each list sorted by position."""

    horizontal: list[Segment] = field(default_factory=list)
    vertical: list[Segment] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.horizontal or self.vertical)

    def within(self, box: Box, slack: float) -> "Rules":
        """The rules inside a box (grown by `slack`), clipped to it."""
        x0, y0, x1, y1 = box.x0 - slack, box.y0 - slack, box.x1 + slack, box.y1 + slack
        return Rules(_clip(self.horizontal, y0, y1, x0, x1), _clip(self.vertical, x0, x1, y0, y1))


def _clip(segs: list[Segment], pos0: float, pos1: float, lo: float, hi: float) -> list[Segment]:
    out = []
    for g in segs[bisect_left([g.pos for g in segs], pos0): bisect_right([g.pos for g in segs], pos1)]:
        a, b = max(g.lo, lo), min(g.hi, hi)
        if b > a:
            out.append(Segment(g.pos, a, b))
    return out


def merge_rules(boxes: Iterable[Box], s: LayoutSettings) -> Rules:
    """Thin boxes as merged horizontal and vertical rules; anything thicker is no rule. Thin boxes
    no longer than dash_max_length are dashes: along one line, each within rule_join of the next,
    and dashed_rule_dashes of them at least, they are a rule drawn dotted or dashed (a
    spreadsheet's dotted borders, exported as thousands of tiny rectangles). Longer pieces too
    short for a rule (a row's stretch of a column rule, drawn row by row) stay none: a table read
    from its words without them reads its unruled columns apart."""
    h: list[Segment] = []
    v: list[Segment] = []
    h_dashes: list[Segment] = []
    v_dashes: list[Segment] = []
    thin, least = s.rule_thickness, s.rule_min_length
    for b in boxes:
        if b.height <= thin and b.width >= least:
            h.append(Segment((b.y0 + b.y1) / 2, b.x0, b.x1))
        elif b.width <= thin and b.height >= least:
            v.append(Segment((b.x0 + b.x1) / 2, b.y0, b.y1))
        elif b.height <= thin and b.height < b.width <= s.dash_max_length:
            h_dashes.append(Segment((b.y0 + b.y1) / 2, b.x0, b.x1))
        elif b.width <= thin and b.width < b.height <= s.dash_max_length:
            v_dashes.append(Segment((b.x0 + b.x1) / 2, b.y0, b.y1))
    h += _dashed(h_dashes, s)
    v += _dashed(v_dashes, s)
    return Rules(_merge(h, s.rule_snap, s.rule_join), _merge(v, s.rule_snap, s.rule_join))


def _dashed(dashes: list[Segment], s: LayoutSettings) -> list[Segment]:
    """The rules that runs of dashes along one line make (see merge_rules)."""
    return [Segment(pos, run[0].lo, hi) for pos, run in _runs(dashes, s.rule_snap, s.rule_join)
            if len(run) >= s.dashed_rule_dashes and (hi := max(g.hi for g in run)) - run[0].lo >= s.rule_min_length]


def _merge(segs: list[Segment], snap: float, join: float) -> list[Segment]:
    """Segments on one line (positions within `snap` of the one before) whose ends meet (within
    `join`) become one: a rule drawn in pieces, cell by cell, is one rule."""
    out = [Segment(pos, run[0].lo, max(g.hi for g in run)) for pos, run in _runs(segs, snap, join)]
    out.sort(key=lambda g: (g.pos, g.lo))
    return out


def _runs(segs: list[Segment], snap: float, join: float) -> list[tuple[float, list[Segment]]]:
    """The runs of segments on one line whose ends meet (as `_merge` says), each with the line's
    position and its segments in order along it."""
    out: list[tuple[float, list[Segment]]] = []
    segs = sorted(segs, key=lambda g: g.pos)
    i = 0
    while i < len(segs):
        j = i + 1
        while j < len(segs) and segs[j].pos - segs[j - 1].pos <= snap:
            j += 1
        group = sorted(segs[i:j], key=lambda g: g.lo)
        pos = sum(g.pos for g in group) / len(group)
        run, hi = [group[0]], group[0].hi
        for g in group[1:]:
            if g.lo <= hi + join:
                run.append(g)
                hi = max(hi, g.hi)
            else:
                out.append((pos, run))
                run, hi = [g], g.hi
        out.append((pos, run))
        i = j
    return out


def frames(rules: Rules, s: LayoutSettings) -> list["Frame"]:
    """Boxes drawn by rules that cross each other: at least two horizontal and two vertical
    rules joined into one figure (a ruled grid, a frame around a table)."""
    hs, vs = rules.horizontal, rules.vertical
    if len(hs) < 2 or len(vs) < 2:
        return []
    tol = s.rule_join
    parent = list(range(len(hs) + len(vs)))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    ys = [g.pos for g in hs]
    for j, v in enumerate(vs):
        for i in range(bisect_left(ys, v.lo - tol), bisect_right(ys, v.hi + tol)):
            h = hs[i]
            if h.lo - tol <= v.pos <= h.hi + tol:
                parent[find(i)] = find(len(hs) + j)
    groups: dict[int, tuple[list[Segment], list[Segment]]] = {}
    for i, h in enumerate(hs):
        groups.setdefault(find(i), ([], []))[0].append(h)
    for j, v in enumerate(vs):
        groups.setdefault(find(len(hs) + j), ([], []))[1].append(v)
    out = []
    for gh, gv in groups.values():
        if len(gh) >= 2 and len(gv) >= 2:
            box = Box(min(min(g.lo for g in gh), min(g.pos for g in gv)),
                      min(min(g.pos for g in gh), min(g.lo for g in gv)),
                      max(max(g.hi for g in gh), max(g.pos for g in gv)),
                      max(max(g.pos for g in gh), max(g.hi for g in gv)))
            rows = group_segments(gh, s.rule_snap)[1:-1]
            cols = group_segments(gv, s.rule_snap)[1:-1]
            stops = [box.x0, box.x1] + [sum(g.pos for g in grp) / len(grp) for grp in cols]
            across = sum(_across(grp, box, stops, tol) for grp in rows)
            out.append(Frame(box, bool(rows or cols), across, len(cols)))
    return out


def _across(row: list[Segment], box: Box, stops: list[float], tol: float) -> bool:
    """A row rule that runs across the figure: from edge to edge, or from a column rule to an
    edge or another column rule, over at least half its width (cells spanning rows beside it, a
    "Wer?" over four rows at the left, stop the rules between those rows at their column)."""
    lo, hi = min(g.lo for g in row), max(g.hi for g in row)
    return (hi - lo >= _ACROSS_SHARE * box.width and any(abs(lo - x) <= tol for x in stops)
            and any(abs(hi - x) <= tol for x in stops))


_ACROSS_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class Frame:
    """A figure of crossing rules: its box, whether it has rules inside (a grid) or is one box,
    how many rules inside run across it (`_across`), and how many inside run down."""

    box: Box
    grid: bool
    rows_across: int = 0
    columns: int = 0


def group_segments(segs: list[Segment], tol: float) -> list[list[Segment]]:
    """Segments by position: a double rule, or the facing edges of two shaded cells, is one."""
    out: list[list[Segment]] = []
    for g in sorted(segs, key=lambda g: g.pos):
        if out and g.pos - out[-1][-1].pos <= tol:
            out[-1].append(g)
        else:
            out.append([g])
    return out
