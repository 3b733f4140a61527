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
    """Rectangles of one width drawn edge to edge (or overlapping) as one, top to bottom, joined
    again until no two join: the same boxes whatever order the PDF draws the rectangles in."""
    out = sorted(rects, key=lambda b: (b.y0, b.x0, b.y1, b.x1))
    while True:
        joined: list[Box] = []
        for r in out:
            for k, m in enumerate(joined):
                if (abs(m.x0 - r.x0) <= tol and abs(m.x1 - r.x1) <= tol
                        and r.y0 <= m.y1 + tol and r.y1 >= m.y0 - tol):
                    joined[k] = Box(min(m.x0, r.x0), min(m.y0, r.y0), max(m.x1, r.x1), max(m.y1, r.y1))
                    break
            else:
                joined.append(r)
        if len(joined) == len(out):
            return joined
        out = sorted(joined, key=lambda b: (b.y0, b.x0, b.y1, b.x1))


def _inside(box: Box, panel: Box, tol: float) -> bool:
    return (box.x0 >= panel.x0 - tol and box.y0 >= panel.y0 - tol
            and box.x1 <= panel.x1 + tol and box.y1 <= panel.y1 + tol)


def _across(box: Box, panel: Box, tol: float) -> bool:
    """The box reaches into the panel (more than `tol` each way) without lying inside it."""
    return (min(box.x1, panel.x1) - max(box.x0, panel.x0) > tol
            and min(box.y1, panel.y1) - max(box.y0, panel.y0) > tol and not _inside(box, panel, tol))


def mark_panels(blocks: list[Block], rects: list[Box], s: LayoutSettings) -> list[Box]:
    """Number the blocks that lie inside a panel (Block.panel, from 1, in reading order); the
    rest keep 0. An outer panel takes the blocks of any panel inside it. Returns the panels'
    boxes by number (the first is panel 1), for the floats placed later (`floats_into_panels`)."""
    if not rects or len(rects) > _MAX_RECTANGLES:
        return []
    tol = s.edge_tolerance
    prose = [b for b in blocks if b.kind in (TEXT, HEADING)]
    boxes = [b.box for b in prose]
    total = sum(len(b.words) for b in prose)
    taken: dict[int, int] = {}  # prose index -> its panel's place among the panels found
    found: list[Box] = []
    for panel in sorted(_joined(rects, tol), key=lambda b: -b.width * b.height):
        inside = [k for k, box in enumerate(boxes) if _inside(box, panel, tol)]
        if (not any(prose[k].kind == TEXT for k in inside)
                or sum(len(prose[k].words) for k in inside) >= s.panel_max_share * total
                or any(_across(box, panel, tol) for box in boxes)):
            continue
        found.append(panel)
        for k in inside:
            taken.setdefault(k, len(found))
    numbers: dict[int, int] = {}  # a panel's place -> its number, in reading order
    for k, b in enumerate(prose):
        if k in taken:
            b.panel = numbers.setdefault(taken[k], len(numbers) + 1)
    return [found[place - 1] for place in sorted(numbers, key=numbers.__getitem__)]


def floats_into_panels(blocks: list[Block], panels: list[Box], s: LayoutSettings) -> None:
    """A block in no panel that lies inside one (a table, a figure or its caption in a sidebar,
    placed after the panels were found) takes its number, the outermost's as mark_panels gives it:
    the panel's text runs on across it."""
    if not panels:
        return
    for b in blocks:
        if not b.panel:
            box = b.box
            around = [k for k, panel in enumerate(panels) if _inside(box, panel, s.edge_tolerance)]
            if around:
                b.panel = 1 + max(around, key=lambda k: panels[k].width * panels[k].height)
