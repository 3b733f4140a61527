"""Which images of a page may be scans to read in `auto` mode: those covering at least
min_image_share of the page with (almost) no text-layer words on them (half a page scanned, the
other half typed). Found cheaply, cheapest test first, since most pages with an image are pages
of text with a figure: the images' pixel sizes and palettes from the page's resources, then
whether the words leave room for such an image at all, and only then where images are drawn.
"""
from __future__ import annotations

import numpy as np
import pymupdf

from ..engine.geometry import Box, Word
from .ocr_glance import colour_palette
from .ocr_settings import OcrSettings
from .pixels import unrotated_rect

_IMAGE_OPERATIONS = ("fill-image", "fill-imgmask")  # get_bboxlog's names for drawing an image
_GRID = 16  # cells a side of the grid word centres are counted on


def inside(w: Word, box: Box) -> bool:
    """Whether a word's centre lies in the box (edges included)."""
    cx, cy = (w.x0 + w.x1) / 2, w.cy
    return box.x0 <= cx <= box.x1 and box.y0 <= cy <= box.y1


def wordless_images(page: pymupdf.Page, words: list[Word], images: list[tuple],
                    settings: OcrSettings) -> list[Box]:
    """The placements (page coordinates) of images covering at least min_image_share of the
    page with fewer than max_words_on_image words on them. `images` is get_images' list. Where
    images are drawn is looked up only when one has the pixels for it (one pixel a point at
    least: coarser is no scan to read) and is no colour figure by its palette, and when the
    words leave room for it; the lookup is MuPDF's log of what each drawing operation covers,
    several times cheaper than get_image_info (a text page built with the images in it, which
    also counts shadings as images)."""
    rect = unrotated_rect(page)
    area = rect.width * rect.height
    large = [img for img in images if img[2] * img[3] >= settings.min_image_share * area]
    if all(img[5] == "Indexed" and colour_palette(page.parent, img[0], settings) for img in large):
        return []  # none, or colour figures all
    if not _room_for_image(words, rect, settings):
        return []
    out = []
    for kind, bbox in page.get_bboxlog():
        if kind not in _IMAGE_OPERATIONS:
            continue
        r = pymupdf.Rect(bbox) & rect
        if r.is_empty or r.width * r.height < settings.min_image_share * area:
            continue
        box = Box(r.x0, r.y0, r.x1, r.y1)
        if sum(inside(w, box) for w in words) < settings.max_words_on_image:
            out.append(box)
    return out


def _room_for_image(words: list[Word], page: pymupdf.Rect, settings: OcrSettings) -> bool:
    """Whether the words leave room for a wordless image: a rectangle of min_image_share of the
    page with fewer than max_words_on_image word centres. Counted on a grid of cells: such a
    rectangle, a cells wide and b high (a * b >= share * cells, a and b at most a side), holds
    whole cells floor(a) - 1 by floor(b) - 1, and no more words than it; so when every block of
    cells of those sizes holds enough words, no image can be wordless (a proof, not a guess).
    Pages full of text end here, before the lookup of where their images are drawn."""
    share, n = settings.min_image_share, _GRID
    if share * n < 2 or not words:  # blocks of a cell or less: nothing to tell
        return True
    xs = np.fromiter(((w.x0 + w.x1) / 2 for w in words), float, len(words))
    ys = np.fromiter((w.cy for w in words), float, len(words))
    cols = np.floor((xs - page.x0) * (n / page.width))
    rows = np.floor((ys - page.y0) * (n / page.height))
    on = (cols >= 0) & (cols < n) & (rows >= 0) & (rows < n)  # off the page: on no image
    cells = np.bincount((rows[on] * n + cols[on]).astype(np.int64), minlength=n * n).reshape(n, n)
    sums = np.zeros((n + 1, n + 1), np.int64)
    sums[1:, 1:] = cells.cumsum(0).cumsum(1)
    for wide in range(int(share * n), n + 1):  # floor(a); then b >= share*n*n / a > share*n*n / (wide+1)
        c = wide - 1
        r = min(n, max(int(share * n * n / (wide + 1)), int(share * n))) - 1
        if c < 1 or r < 1:
            return True
        counts = sums[r:, c:] - sums[:-r, c:] - sums[r:, :-c] + sums[:-r, :-c]
        if counts.min() < settings.max_words_on_image:
            return True
    return False
