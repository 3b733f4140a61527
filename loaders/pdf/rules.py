"""The PyMuPDF edge for tables: the page's ruling lines, shading edges and figure ink.

Only pages the layout engine suspects of holding a table ask for them. Reading a page's drawings
costs about as much as reading its text (more on a page drawn word by word), so they come first
from the text page already read: MuPDF collects each path there as boxes, one per rectangle or
axis-parallel line and one around the rest. When every path of the page is made of rectangles
and lines, those boxes are its rules. A path with curves or slanted lines (a chart's, a
diagram's, a bullet's) or a box that cannot be told apart (a thick pen's line from a narrow
frame) sends the page to the raw drawing list (`get_cdrawings`), read path by path: PyMuPDF's
friendlier `get_drawings` spends more time building objects than MuPDF spends drawing. A page
that only a row of cells sends here (no candidate) never reads that list: its curves are figure
ink and an unclear box no rule.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import pymupdf

from ..engine.geometry import UPRIGHT, Box
from ..engine.settings import LayoutSettings
from ..engine.table_rules import Drawing, merge_rules
from .pixels import unrotated_rect
from .words import PageWords

_WHITE = 0.95  # a fill this light on every channel is paper, not shading


def _visible(fill: object) -> bool:
    # min(), not any() over a generator: this runs for every path of a drawing-heavy page
    return isinstance(fill, (tuple, list)) and len(fill) > 0 and min(fill) < _WHITE


def _box(points) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs), max(ys))


def page_drawing(page: pymupdf.Page, frame: PageWords, s: LayoutSettings, drawing_list: bool = True) -> Drawing:
    """The page's rules (stroked lines, hairline rectangles, the edges of shaded or framed
    rectangles) and its figure ink (curves and slanted lines: a chart's, never a table's), in the
    frame of the page's words (turned with them). Without `drawing_list`, from the text page's
    boxes alone, every curved or slanted part figure ink and no rule where a box cannot be told
    (bounded cost, for a page only a row of cells sends here: a chart's drawing list costs tens
    of times its text)."""
    paths = _vector_paths(frame.vectors()) if frame.vectors is not None else None
    drawn = None
    if paths is not None:
        dense = not drawing_list or sum(1 for path in paths if path.other) >= s.dense_figure_paths
        drawn = _rules_of_rectangles(paths, unrotated_rect(page), s, figure_ink=dense, drop_unclear=not drawing_list)
    if drawn is None:
        drawn = _drawing_of_paths(page.get_cdrawings(), unrotated_rect(page), s) if drawing_list else Drawing([], [])
    if frame.turn == UPRIGHT:
        return drawn
    return Drawing([frame.to_frame(b) for b in drawn.rules], [frame.to_frame(b) for b in drawn.ink],
                   [frame.to_frame(b) for b in drawn.panels])


Corners = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(slots=True)
class VectorPath:
    """The boxes MuPDF's text page keeps of one path: one per rectangle or axis-parallel line of
    it (`rects`), and the box around the rest of it (`other`: curves, slanted lines), if any. A
    stroked path's boxes are grown by the pen on every side. (Plain tuples: a dense chart has
    tens of thousands of paths.)"""

    stroked: bool
    rgb: int  # 0xRRGGBB of the fill or the stroke
    rects: list[Corners] = field(default_factory=list)
    other: list[Corners] = field(default_factory=list)


_VECTOR = re.compile(r"<vector (stroked|filled), color: #([0-9a-fA-F]{6}), alpha: \d+, "
                     r"is-rect: (true|false), continues: (true|false)>")


def _vector_paths(blocks: list[tuple]) -> list[VectorPath] | None:
    """The page's paths from the text page's vector blocks (a path's blocks follow each other,
    each but the last saying that more follow); None when a block does not read as PyMuPDF
    writes them."""
    paths: list[VectorPath] = []
    path: VectorPath | None = None
    # A dense chart has tens of thousands of blocks in far fewer styles: each text is read once.
    styles: dict[str, tuple[bool, int, bool, bool] | None] = {}
    for block in blocks:
        text = block[4]
        if text in styles:
            style = styles[text]
        else:
            m = _VECTOR.search(text)
            style = styles[text] = None if m is None else (
                m[1] == "stroked", int(m[2], 16), m[3] == "true", m[4] == "true")
        if style is None:
            return None
        stroked, rgb, rect, continues = style
        if path is None:
            path = VectorPath(stroked, rgb)
            paths.append(path)
        (path.rects if rect else path.other).append(block[:4])
        if not continues:
            path = None
    return paths


def _paper(rgb: int) -> bool:
    """A fill this light on every channel is paper, not shading (as `_visible` says)."""
    return min(rgb >> 16, (rgb >> 8) & 255, rgb & 255) >= _WHITE * 255


def _rules_of_rectangles(paths: list[VectorPath], area: pymupdf.Rect, s: LayoutSettings,
                         figure_ink: bool = False, drop_unclear: bool = False) -> Drawing | None:
    """The rules of a page whose paths are all rectangles and axis-parallel lines (what
    `_drawing_of_paths` makes of the same paths), or None when a path holds anything else.
    With `drop_unclear`, a stroked box too thick for a line and too thin for a frame gives no rule
    instead of sending the page to its drawing list, and dashes (of dotted rules) are taken as
    the text page keeps them; without it, dashes that line up into a dotted rule send the page
    to its drawing list, as MuPDF's text page may drop some of a dotted rule's thousands of
    dashes (a chart's scattered ticks do not).

    With `figure_ink`, a path's other parts are figure ink, once each: on a page of a dense chart
    or map (thousands of paths; reading its drawing list costs tens of times its text) a box
    over the figure holds far more ink than a table may either way, and the drawing list would
    only count the same ink more finely."""
    wide, tall = s.page_fill_share * area.width, s.page_fill_share * area.height
    thin, least = s.rule_thickness, s.rule_min_length
    out: list[Box] = []
    ink: list[Box] = []
    dashes: list[Box] = []
    panels: list[Box] = []
    for path in paths:
        stroked = path.stroked
        if not stroked and _paper(path.rgb):
            continue
        if path.other:
            if not figure_ink:
                return None  # curves or slanted lines: ink or rules, the drawing list tells
            ink += [Box(*b) for b in path.other]
        rects = path.rects
        if not rects:
            continue
        if len(rects) == 1:  # (most paths: a chart's thousands of dots and bars)
            x0, y0, x1, y1 = rects[0]
            small = x1 - x0 < least and y1 - y0 < least
        else:
            small = (max([b[2] for b in rects]) - min([b[0] for b in rects]) < least
                     and max([b[3] for b in rects]) - min([b[1] for b in rects]) < least)
        if small:
            if len(rects) == 1 and _dash(x0, y0, x1, y1, s):
                dashes.append(Box(x0, y0, x1, y1))  # a dash of a dotted rule, maybe (merge_rules joins them)
            continue  # too small for a rule, and no curve in it: nothing
        for x0, y0, x1, y1 in rects:
            w, h = x1 - x0, y1 - y0
            t = min(w, h)
            if stroked and t <= thin:
                # A line: the pen's box around it, as far from it on every side.
                e = t / 2
                if w >= h:
                    out.append(Box(x0 + e, y0 + e, x1 - e, y0 + e))
                else:
                    out.append(Box(x0 + e, y0 + e, x0 + e, y1 - e))
            elif stroked and t < s.frame_min_size:
                # A thick pen's line (its box is the line grown by the pen on every side) or a
                # narrow frame: the box cannot tell them apart (without the drawing list: no rule).
                if drop_unclear:
                    continue
                return None
            elif t > 0:  # (a filled line has no area: nothing is drawn)
                box = Box(x0, y0, x1, y1)
                out += _rectangle_rules(box, stroked, thin, wide, tall)
                if _panel(box, wide, tall, s):
                    panels.append(box)
    if dashes and not drop_unclear and merge_rules(dashes, s):
        return None  # dotted rules: the text page may not keep every dash, the drawing list does
    return Drawing(out + dashes, ink, panels)


def _dash(x0: float, y0: float, x1: float, y1: float, s: LayoutSettings) -> bool:
    """A box too short for a rule that may be one dash of a dotted or dashed rule: thin, longer
    than it is thick (a line's box may have no thickness), dash_max_length at most."""
    w, h = x1 - x0, y1 - y0
    return min(w, h) <= s.rule_thickness and 2 * min(w, h) <= max(w, h) <= s.dash_max_length and max(w, h) > 0


def _rectangle_rules(box: Box, stroked: bool, thin: float, wide: float, tall: float) -> list[Box]:
    """The rules a drawn rectangle gives: itself when it is thin (a rule drawn as a rectangle);
    else its edges, unless it fills the page (a background). A framed box has four rules; a
    shaded one parts rows (zebra stripes, a header's band) but not columns: shaded header cells
    side by side stop at the header."""
    if box.width <= thin or box.height <= thin:
        return [box]
    if box.width >= wide and box.height >= tall:
        return []
    edges = [Box(box.x0, box.y0, box.x1, box.y0), Box(box.x0, box.y1, box.x1, box.y1)]
    if stroked:
        edges += [Box(box.x0, box.y0, box.x0, box.y1), Box(box.x1, box.y0, box.x1, box.y1)]
    return edges


def _panel(box: Box, wide: float, tall: float, s: LayoutSettings) -> bool:
    """A rectangle that may hold a line of text apart (a text box, its title bar): large enough
    for a word, smaller than the page (a background sets nothing apart)."""
    return (box.width >= s.panel_min_width and box.height >= s.panel_min_height
            and not (box.width >= wide and box.height >= tall))


def _drawing_of_paths(paths: list[dict], area: pymupdf.Rect, s: LayoutSettings) -> Drawing:
    """Rules and figure ink from PyMuPDF's raw drawing list."""
    wide, tall = s.page_fill_share * area.width, s.page_fill_share * area.height
    thin, least = s.rule_thickness, s.rule_min_length
    out: list[Box] = []
    ink: list[Box] = []
    panels: list[Box] = []
    for path in paths:
        kind = path.get("type") or ""
        stroked = "s" in kind and path.get("color") is not None
        if not (stroked or ("f" in kind and _visible(path.get("fill")))):
            continue  # a clipping path: nothing is drawn
        items = path["items"]
        px0, py0, px1, py1 = path["rect"]
        if px1 - px0 < least and py1 - py0 < least:
            if len(items) == 1 and items[0][0] in ("re", "l") and _dash(px0, py0, px1, py1, s):
                out.append(Box(px0, py0, px1, py1))  # a dash of a dotted rule, maybe (merge_rules joins them)
                continue
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
            out += _rectangle_rules(box, stroked, thin, wide, tall)
            if _panel(box, wide, tall, s):
                panels.append(box)
        # Slanted lines and free curves are a chart's or a diagram's ink (the curves of a path
        # that also runs along the axes are a rounded box's corners): the path's box, once for
        # each of them.
        drawn = slanted + (0 if boxy else curves)
        if drawn:
            ink += [Box(px0, py0, px1, py1)] * drawn
    return Drawing(out, ink, panels)
