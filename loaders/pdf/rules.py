"""The PyMuPDF edge for tables: the page's ruling lines and shading edges as thin boxes.

Only pages the layout engine suspects of holding a table ask for them: reading a page's
drawings costs about as much as reading its text.
"""
from __future__ import annotations

import pymupdf

from ..engine.geometry import Box
from ..engine.settings import LayoutSettings
from .words import PageWords

_WHITE = 0.95  # a fill this light on every channel is paper, not shading


def _visible(fill: object) -> bool:
    return isinstance(fill, (tuple, list)) and any(c < _WHITE for c in fill)


def rule_boxes(page: pymupdf.Page, frame: PageWords, s: LayoutSettings) -> list[Box]:
    """Stroked lines, hairline rectangles and the edges of shaded or framed rectangles, in the
    frame of the page's words (turned with them)."""
    area = page.rect
    out: list[Box] = []
    for path in page.get_drawings():
        kind = path.get("type") or ""
        stroked = "s" in kind and path.get("color") is not None
        filled = "f" in kind and _visible(path.get("fill"))
        if not (stroked or filled):
            continue
        for item in path["items"]:
            op = item[0]
            if op == "l" and stroked:
                (ax, ay), (bx, by) = item[1], item[2]
                out.append(Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
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
    return [frame.to_frame(b) for b in out]
