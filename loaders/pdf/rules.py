"""The PyMuPDF edge for tables: the page's ruling lines, shading edges and figure ink.

Only pages the layout engine suspects of holding a table ask for them: reading a page's
drawings costs about as much as reading its text. The raw drawing list (`get_cdrawings`) is
read, path by path: PyMuPDF's friendlier `get_drawings` spends more time building objects
than MuPDF spends drawing.
"""
from __future__ import annotations

import pymupdf

from ..engine.geometry import Box
from ..engine.settings import LayoutSettings
from ..engine.table_rules import Drawing
from .words import UPRIGHT, PageWords

_WHITE = 0.95  # a fill this light on every channel is paper, not shading


def _visible(fill: object) -> bool:
    # min(), not any() over a generator: this runs for every path of a drawing-heavy page
    return isinstance(fill, (tuple, list)) and len(fill) > 0 and min(fill) < _WHITE


def _box(points) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs), max(ys))


def page_drawing(page: pymupdf.Page, frame: PageWords, s: LayoutSettings) -> Drawing:
    """The page's rules (stroked lines, hairline rectangles, the edges of shaded or framed
    rectangles) and its figure ink (curves and slanted lines: a chart's, never a table's), in the
    frame of the page's words (turned with them)."""
    area = page.rect
    wide, tall = s.page_fill_share * area.width, s.page_fill_share * area.height
    thin, least = s.rule_thickness, s.rule_min_length
    out: list[Box] = []
    ink: list[Box] = []
    for path in page.get_cdrawings():
        kind = path.get("type") or ""
        stroked = "s" in kind and path.get("color") is not None
        if not (stroked or ("f" in kind and _visible(path.get("fill")))):
            continue  # a clipping path: nothing is drawn
        items = path["items"]
        px0, py0, px1, py1 = path["rect"]
        if px1 - px0 < least and py1 - py0 < least:
            # Too small for a rule: a chart's marker or a glyph is ink, a cell's corner nothing.
            for it in items:  # (a loop, not any(): a chart's page has tens of thousands of these)
                op = it[0]
                if op == "c" or (op == "l" and abs(it[1][0] - it[2][0]) > thin
                                 and abs(it[1][1] - it[2][1]) > thin):
                    ink.append(Box(px0, py0, px1, py1))
                    break
            continue
        slanted = curves = 0
        boxy = False  # the path runs straight along the axes somewhere
        for item in items:
            op = item[0]
            if op == "l":
                (ax, ay), (bx, by) = item[1], item[2]
                if abs(ax - bx) > thin and abs(ay - by) > thin:
                    slanted += 1
                    continue
                boxy = True
                if stroked:
                    out.append(Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
                continue
            if op == "c":
                curves += 1
                continue
            if op == "re":
                x0, y0, x1, y1 = item[1]
                box = Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            elif op == "qu":
                box = _box(item[1])
            else:
                continue
            if box.width <= thin or box.height <= thin:
                out.append(box)  # a rule drawn as a thin rectangle
            elif box.width < wide or box.height < tall:
                # A framed box has four rules. A shaded one parts rows (zebra stripes, a header's
                # band) but not columns: shaded header cells side by side stop at the header.
                out += [Box(box.x0, box.y0, box.x1, box.y0), Box(box.x0, box.y1, box.x1, box.y1)]
                if stroked:
                    out += [Box(box.x0, box.y0, box.x0, box.y1), Box(box.x1, box.y0, box.x1, box.y1)]
        # Slanted lines and free curves are a chart's or a diagram's ink (the curves of a path
        # that also runs along the axes are a rounded box's corners): the path's box, once for
        # each of them.
        drawn = slanted + (0 if boxy else curves)
        if drawn:
            ink += [Box(px0, py0, px1, py1)] * drawn
    if frame.turn == UPRIGHT:
        return Drawing(out, ink)
    return Drawing([frame.to_frame(b) for b in out], [frame.to_frame(b) for b in ink])
