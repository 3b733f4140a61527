"""The PyMuPDF edge for tables: the page's ruling lines and shading edges as thin boxes.

Only pages the layout engine suspects of holding a table ask for them: reading a page's
drawings costs about as much as reading its text.
"""
from __future__ import annotations

import pymupdf

from ..engine.geometry import Box
from ..engine.settings import LayoutSettings
from ..engine.table_rules import Drawing
from .words import PageWords

_WHITE = 0.95  # a fill this light on every channel is paper, not shading


def _visible(fill: object) -> bool:
    return isinstance(fill, (tuple, list)) and any(c < _WHITE for c in fill)


def page_drawing(page: pymupdf.Page, frame: PageWords, s: LayoutSettings) -> Drawing:
    """The page's rules (stroked lines, hairline rectangles, the edges of shaded or framed
    rectangles) and its figure ink (curves and slanted lines: a chart's, never a table's), in the
    frame of the page's words (turned with them)."""
    area = page.rect
    out: list[Box] = []
    ink: list[Box] = []
    for path in page.get_drawings():
        kind = path.get("type") or ""
        stroked = "s" in kind and path.get("color") is not None
        filled = "f" in kind and _visible(path.get("fill"))
        if not (stroked or filled):
            continue
        items = path["items"]
        # Curves of a path that also runs straight along the axes are a rounded box's corners.
        boxy = any(it[0] == "l" and (abs(it[1].x - it[2].x) <= s.rule_thickness
                                     or abs(it[1].y - it[2].y) <= s.rule_thickness) for it in items)
        for item in items:
            op = item[0]
            if op in ("l", "c"):
                (ax, ay), (bx, by) = item[1], item[-1]
                box = Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
                if min(box.width, box.height) > s.rule_thickness or (op == "c" and not boxy):
                    if op == "l" or not boxy:
                        ink.append(box)  # a slanted line, a free curve: a chart's or a diagram's
                elif op == "l" and stroked:
                    out.append(box)
                continue
            if op == "re":
                r = item[1]
            elif op == "qu":
                r = item[1].rect
            else:
                continue
            box = Box(min(r.x0, r.x1), min(r.y0, r.y1), max(r.x0, r.x1), max(r.y0, r.y1))
            if box.width <= s.rule_thickness or box.height <= s.rule_thickness:
                out.append(box)  # a rule drawn as a thin rectangle
            elif box.width < s.page_fill_share * area.width or box.height < s.page_fill_share * area.height:
                # A framed box has four rules. A shaded one parts rows (zebra stripes, a header's
                # band) but not columns: shaded header cells side by side stop at the header.
                out += [Box(box.x0, box.y0, box.x1, box.y0), Box(box.x0, box.y1, box.x1, box.y1)]
                if stroked:
                    out += [Box(box.x0, box.y0, box.x0, box.y1), Box(box.x1, box.y0, box.x1, box.y1)]
    return Drawing([frame.to_frame(b) for b in out], [frame.to_frame(b) for b in ink])
