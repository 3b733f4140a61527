"""Page regions as pixels, in the frame the page's words are in.

MuPDF gives words, image placements and drawings in the unrotated page's coordinates, but renders
a page as it is displayed (its /Rotate applied) and takes a rendering's clip in those displayed
coordinates. Every rendering for OCR goes through here, so that a region found among the words
is the region rendered, and the pixels come out in the words' frame: unrotated, or turned with
them (words.PageWords.turn), whatever the page's /Rotate.
"""
from __future__ import annotations

import math

import pymupdf

from ..engine.geometry import Box


def unrotated_rect(page: pymupdf.Page) -> pymupdf.Rect:
    """The page's rectangle in the coordinates of its words (page.rect is the displayed one)."""
    rect = page.rect
    return pymupdf.Rect(0, 0, rect.height, rect.width) if page.rotation % 180 else pymupdf.Rect(rect)


def render(page: pymupdf.Page, clip: Box | None, dpi: float, turn: int = 0,
           colorspace: pymupdf.Colorspace = pymupdf.csGRAY,
           max_pixels: float = math.inf) -> tuple[pymupdf.Pixmap, pymupdf.Rect]:
    """A region in the words' coordinates (None: the whole page) at `dpi`, turned clockwise by
    `turn` degrees from the unrotated page, and the region. A pixel (px, py) of a region rendered
    unturned lies at region.x0 + px / zoom, region.y0 + py / zoom. A region that would take more
    than `max_pixels` at `dpi` (a poster, a page of several metres) is rendered at the resolution
    that fits them: gigabytes of pixels would fail, or take the machine's memory."""
    region = unrotated_rect(page) if clip is None else pymupdf.Rect(clip.x0, clip.y0, clip.x1, clip.y1)
    zoom = min(dpi / 72, _zoom_within(region.width, region.height, max_pixels))
    matrix = pymupdf.Matrix(zoom, zoom).prerotate((turn - page.rotation) % 360)
    pix = page.get_pixmap(matrix=matrix, colorspace=colorspace, clip=region * page.rotation_matrix, alpha=False)
    return pix, region


def _zoom_within(width: float, height: float, max_pixels: float) -> float:
    """The largest zoom at which a width x height region fits in max_pixels, each side rounded
    up to whole pixels: the root of (w z + 1)(h z + 1) = max_pixels."""
    if math.isinf(max_pixels):
        return math.inf
    area, sides = max(width * height, 1e-9), width + height
    return (math.sqrt(sides * sides - 4 * area * (1 - max_pixels)) - sides) / (2 * area)


def rendered_dpi(pix: pymupdf.Pixmap, region: pymupdf.Rect, turn: int = 0) -> float:
    """The resolution a region was rendered at (render may have lowered the one asked for)."""
    across = region.height if turn % 180 else region.width
    return 72 * pix.width / across if across > 0 else 0.0
