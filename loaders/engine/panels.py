"""Panels: shaded or framed boxes that set text apart from the page's flow (a sidebar, a text
box, "Main messages" under its title bar). A heading inside one heads the panel's text alone:
the text after the panel goes on in the section it was in before it.

The PDF edge hands in the page's shaded and framed rectangles. Rectangles drawn edge to edge
over the same width (a title bar over its box) are one panel. A panel holds the blocks that lie
inside it; it is no panel where a block runs across its edge (shading behind part of a
paragraph: a highlight, a figure's background), where it holds no text besides headings (a
heading set on a shaded bar heads what follows it, outside the bar), or where it holds
panel_max_share of the page's words or more (the page's frame, a template's box). Pure geometry:
testable on hand-made boxes.
"""
from __future__ import annotations

from .geometry import HEADING, TEXT, Block, Box
from .settings import LayoutSettings

# More rectangles than this on a page are a table's cells or a chart's bars: no text box is
# looked for among them (the look is quadratic in the rectangles).
_MAX_RECTANGLES = 400


def _joined(rects: list[Box], tol: float) -> list[Box]:
    """Rectangles of one width drawn edge to edge (or overlapping) as one, top to bottom."""
    out: list[Box] = []
    for r in sorted(rects, key=lambda b: (b.y0, b.x0)):
        for k, m in enumerate(out):
            if (abs(m.x0 - r.x0) <= tol and abs(m.x1 - r.x1) <= tol
                    and r.y0 <= m.y1 + tol and r.y1 >= m.y0 - tol):
                out[k] = Box(min(m.x0, r.x0), min(m.y0, r.y0), max(m.x1, r.x1), max(m.y1, r.y1))
                break
        else:
            out.append(r)
    return out


def _inside(box: Box, panel: Box, tol: float) -> bool:
    return (box.x0 >= panel.x0 - tol and box.y0 >= panel.y0 - tol
            and box.x1 <= panel.x1 + tol and box.y1 <= panel.y1 + tol)


def _across(box: Box, panel: Box, tol: float) -> bool:
    """The box reaches into the panel (more than `tol` each way) without lying inside it."""
    return (min(box.x1, panel.x1) - max(box.x0, panel.x0) > tol
            and min(box.y1, panel.y1) - max(box.y0, panel.y0) > tol and not _inside(box, panel, tol))


def mark_panels(blocks: list[Block], rects: list[Box], s: LayoutSettings) -> None:
    """Number the blocks that lie inside a panel (Block.panel, from 1, in reading order); the
    rest keep 0. An outer panel takes the blocks of any panel inside it."""
    if not rects or len(rects) > _MAX_RECTANGLES:
        return
    tol = s.edge_tolerance
    prose = [b for b in blocks if b.kind in (TEXT, HEADING)]
    boxes = [b.box for b in prose]
    total = sum(len(b.words) for b in prose)
    taken: dict[int, int] = {}  # prose index -> its panel's place among the panels found
    found = 0
    for panel in sorted(_joined(rects, tol), key=lambda b: -b.width * b.height):
        inside = [k for k, box in enumerate(boxes) if _inside(box, panel, tol)]
        if (not any(prose[k].kind == TEXT for k in inside)
                or sum(len(prose[k].words) for k in inside) >= s.panel_max_share * total
                or any(_across(box, panel, tol) for box in boxes)):
            continue
        found += 1
        for k in inside:
            taken.setdefault(k, found)
    if not taken:
        return
    numbers: dict[int, int] = {}  # a panel's place -> its number, in reading order
    for k, b in enumerate(prose):
        if k in taken:
            b.panel = numbers.setdefault(taken[k], len(numbers) + 1)
