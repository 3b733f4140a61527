"""Page regions as pixels, in the frame the page's words are in.

MuPDF gives words, image placements and drawings in the unrotated page's coordinates, but renders
a page as it is displayed (its /Rotate applied) and takes a rendering's clip in those displayed
coordinates. Every rendering for OCR goes through here, so that a region found among the words
is the region rendered, and the pixels come out in the words' frame: unrotated, or turned with
them (words.PageWords.turn), whatever the page's /Rotate.
"""
from __future__ import annotations

import pymupdf

from ..engine.geometry import Box


def unrotated_rect(page: pymupdf.Page) -> pymupdf.Rect:
    """The page's rectangle in the coordinates of its words (page.rect is the displayed one)."""
    rect = page.rect
    return pymupdf.Rect(0, 0, rect.height, rect.width) if page.rotation % 180 else pymupdf.Rect(rect)


def render(page: pymupdf.Page, clip: Box | None, dpi: float, turn: int = 0,
           colorspace: pymupdf.Colorspace = pymupdf.csGRAY) -> tuple[pymupdf.Pixmap, pymupdf.Rect]:
    """A region in the words' coordinates (None: the whole page) at `dpi`, turned clockwise by
    `turn` degrees from the unrotated page, and the region. A pixel (px, py) of a region rendered
    unturned lies at region.x0 + px / zoom, region.y0 + py / zoom."""
    region = unrotated_rect(page) if clip is None else pymupdf.Rect(clip.x0, clip.y0, clip.x1, clip.y1)
    zoom = dpi / 72
    matrix = pymupdf.Matrix(zoom, zoom).prerotate((turn - page.rotation) % 360)
    pix = page.get_pixmap(matrix=matrix, colorspace=colorspace, clip=region * page.rotation_matrix, alpha=False)
    return pix, region
