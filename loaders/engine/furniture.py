"""Running headers, footers and page numbers, recognised by position and repetition.

The engine marks the rows set apart at the top and bottom edge of each page (TOP_EDGE_BAND,
BOTTOM_EDGE_BAND); here they are compared across neighbouring pages: a page number, or a line that
repeats (digits ignored) at about the same height on a nearby page, is furniture. Everything else goes back to
being text, and bands are renumbered in reading order.
"""
from __future__ import annotations

import re
from typing import Sequence

from .geometry import (EDGE_BANDS, FURNITURE_BAND, FURNITURE_KINDS, FURNITURE_REGION, FOOTER, HEADER,
                       TOP_EDGE_BAND, Block, PageLayout, median)
from .settings import LayoutSettings

_PAGE_NUMBER = re.compile(
    r"^\W*((page|seite|página|pagina|p\.)\s*)?(\d{1,4}|[ivxlcdm]{1,7})(\s*(/|of|de|von)\s*\d{1,4})?\W*$",
    re.IGNORECASE)


def _key(block: Block) -> str:
    text = " ".join(line.text for line in block.lines).lower()
    return re.sub(r"\d+", "#", re.sub(r"\s+", " ", text)).strip()


def _small_edge_line(block: Block, body_h: float, s: LayoutSettings) -> bool:
    """One short line set in a smaller size than the body, apart at the page edge: a running
    head or foot even on a page with no neighbour to repeat it."""
    if len(block.lines) != 1 or body_h <= 0:
        return False
    line = block.lines[0]
    return (len(line.words) <= s.running_head_max_words
            and median([w.y1 - w.y0 for w in line.words], body_h) < s.running_head_size * body_h)


def _edge_blocks(layout: PageLayout) -> list[Block]:
    return [b for b in layout.blocks if b.band in EDGE_BANDS]


def _candidates(layout: PageLayout, s: LayoutSettings) -> list[tuple[Block, bool]]:
    """Blocks that may be a running head or foot, each with whether it is at the top: the edge
    rows the engine set apart, and the page's first and last body blocks when they are one line
    near the top or bottom edge (in a wide margin the engine does not set a head apart)."""
    out = [(b, b.band == TOP_EDGE_BAND) for b in _edge_blocks(layout)]
    out += [(b, b.kind == HEADER) for b in layout.blocks if b.kind in (HEADER, FOOTER)]  # pages read before
    body = [b for b in layout.blocks if b.band not in EDGE_BANDS and b.kind not in FURNITURE_KINDS]
    if len(body) < 2:  # a head or foot stands beside a page's text, not for all of it
        return out
    zone = s.running_head_zone * layout.height
    top = min(body, key=lambda b: b.box.y0)
    bottom = max(body, key=lambda b: b.box.y1)
    if (len(top.lines) == 1 and top.box.y1 <= zone and not any(t for _, t in out)
            and len(top.lines[0].words) <= s.running_head_max_words):
        out.append((top, True))
    if (bottom is not top and len(bottom.lines) == 1 and bottom.box.y0 >= layout.height - zone
            and not any(not t for _, t in out) and len(bottom.lines[0].words) <= s.running_head_max_words):
        out.append((bottom, False))
    return out


def mark_furniture(pages: Sequence[PageLayout], targets: Sequence[int] | None = None,
                   settings: LayoutSettings | None = None) -> None:
    """Decide header/footer for the edge blocks of `targets` (default: all pages), comparing each
    with the edge blocks of pages at most `furniture_window` away. Mutates the layouts in place."""
    s = settings or LayoutSettings()
    window = s.furniture_window
    candidates = [_candidates(p, s) for p in pages]
    keys = [[(at_top, _key(b), b.box.y0) for b, at_top in found] for found in candidates]
    # Without neighbouring pages repetition cannot be checked: a small single line at the edge is
    # taken for a running head; with neighbours, only repetition decides.
    alone = len(pages) == 1
    for i in (range(len(pages)) if targets is None else targets):
        page = pages[i]
        tol = s.furniture_y_tolerance * page.height
        body_h = median([w.y1 - w.y0 for w in page.words], 0.0) if alone else 0.0
        for b, at_top in candidates[i]:
            key = _key(b)
            edge = b.band in EDGE_BANDS
            furniture = edge and (bool(_PAGE_NUMBER.match(key.replace("#", "1")))
                                  or (alone and _small_edge_line(b, body_h, s)))
            if not furniture and len(key) >= s.furniture_min_chars:
                repeats = 0
                for j in range(max(0, i - window), min(len(pages), i + window + 1)):
                    if j == i:
                        continue
                    y0 = b.box.y0
                    repeats += any(top == at_top and k == key and abs(y - y0) <= tol
                                   for top, k, y in keys[j])
                furniture = repeats >= s.furniture_min_repeats
            if furniture:
                b.kind = HEADER if at_top else FOOTER
        _renumber(page)


def _renumber(page: PageLayout) -> None:
    """Give edge blocks that turned out to be text bands of their own; number bands and regions
    in reading order. Furniture gets FURNITURE_BAND."""
    bands: dict[object, int] = {}
    regions: dict[object, int] = {}
    columns: dict[int, int] = {}
    for b in page.blocks:
        if b.kind in FURNITURE_KINDS:
            b.band, b.column, b.region = FURNITURE_BAND, 0, FURNITURE_REGION
            continue
        edge = b.band in EDGE_BANDS
        band_key: object = (b.band, id(b)) if edge else b.band
        region_key: object = band_key if edge else (b.band, b.region)
        if band_key not in bands:
            bands[band_key] = len(bands)
            columns[bands[band_key]] = 1 if edge else page.columns_per_band.get(b.band, 1)
        regions.setdefault(region_key, len(regions))
        b.band, b.region = bands[band_key], regions[region_key]
    page.columns_per_band = columns
