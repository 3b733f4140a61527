"""Running headers, footers and page numbers, recognised by position and repetition.

The engine marks the rows set apart at the top and bottom edge of each page (TOP_EDGE_BAND,
BOTTOM_EDGE_BAND); with them, a page's first and last body block of one line near its edge (a head
in a wide margin, left in the body) are the candidates. They are compared across neighbouring pages:
a page number among the edge rows, or a line that repeats (digits ignored) at about the same height
on nearby pages, is furniture. Everything else goes back to being text, and bands are renumbered
in reading order.
"""
from __future__ import annotations

import re
from typing import Sequence

from .geometry import (EDGE_BANDS, FURNITURE_BAND, FURNITURE_KINDS, FURNITURE_REGION, FOOTER, HEADER, HEADING,
                       TEXT, TOP_EDGE_BAND, Block, PageLayout, median)
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
    # Every word small but page numbers (they may be set larger): a body line that a figure's
    # title in small type meets across the gutter is one row, but no running head.
    heights = [w.y1 - w.y0 for w in line.words if not _PAGE_NUMBER.match(w.text)]
    return (len(line.words) <= s.running_head_max_words and bool(heights)
            and max(heights) < s.running_head_size * body_h)


def _edge_blocks(layout: PageLayout) -> list[Block]:
    return [b for b in layout.blocks if b.band in EDGE_BANDS]


def _top(block: Block) -> float:
    """A block's top from its first line (the page's blocks' whole boxes cost more)."""
    return min([w.y0 for w in block.lines[0].words])


def _bottom(block: Block) -> float:
    return max([w.y1 for w in block.lines[-1].words])


# A candidate: the block, at the top (else at the bottom), one of the engine's edge rows, its text
# key (digits as #) and its top.
_Candidate = tuple[Block, bool, bool, str, float]


def _candidates(layout: PageLayout, s: LayoutSettings) -> list[_Candidate]:
    """Blocks that may be a running head or foot: the edge rows the engine set apart, and the
    page's first and last body blocks when they are one line near the top or bottom edge (in a
    wide margin the engine does not set a head apart)."""
    found = [(b, b.band == TOP_EDGE_BAND, True) for b in _edge_blocks(layout)]
    body = [b for b in layout.blocks if b.band not in EDGE_BANDS and b.kind not in FURNITURE_KINDS
            and b.lines and b.lines[0].words and b.lines[-1].words]
    if len(body) >= 2:  # a head or foot stands beside a page's text, not for all of it
        zone = s.running_head_zone * layout.height
        for block, at_top in ((min(body, key=_top), True), (max(body, key=_bottom), False)):
            if len(block.lines) != 1 or any(t == at_top for _, t, _ in found):
                continue
            near = _bottom(block) <= zone if at_top else _top(block) >= layout.height - zone
            if near and len(block.lines[0].words) <= s.running_head_max_words:
                found.append((block, at_top, False))
    return [(b, at_top, edge, _key(b), _top(b)) for b, at_top, edge in found]


def mark_furniture(pages: Sequence[PageLayout], targets: Sequence[int] | None = None,
                   settings: LayoutSettings | None = None) -> None:
    """Decide header/footer for the candidates of `targets` (default: all pages), comparing each
    with the candidates of pages at most `furniture_window` away, as each page had them before
    any was decided (a page decided earlier has renumbered its edge rows). Mutates the layouts in
    place."""
    s = settings or LayoutSettings()
    window = s.furniture_window
    for p in pages:  # found once per page, before any is decided (the settings of that first call)
        if p.furniture_candidates is None:
            p.furniture_candidates = _candidates(p, s)
    # Without neighbouring pages repetition cannot be checked: a small single line at the edge is
    # taken for a running head; with neighbours, only repetition decides.
    alone = len(pages) == 1
    for i in (range(len(pages)) if targets is None else targets):
        page = pages[i]
        tol = s.furniture_y_tolerance * page.height
        body_h = median([w.y1 - w.y0 for w in page.words], 0.0) if alone else 0.0
        for b, at_top, edge, key, y0 in page.furniture_candidates:
            furniture = edge and (bool(_PAGE_NUMBER.match(key.replace("#", "1")))
                                  or (alone and _small_edge_line(b, body_h, s)))
            if not furniture and len(key) >= s.furniture_min_chars:
                repeats = 0
                for j in range(max(0, i - window), min(len(pages), i + window + 1)):
                    if j == i:
                        continue
                    repeats += any(top == at_top and k == key and abs(y - y0) <= tol
                                   for _, top, _, k, y in pages[j].furniture_candidates)
                # A body line repeats once more than an edge row must ("Exercise 3" at the top of
                # the next page too is no running head; one on every page, or every other, is).
                furniture = repeats >= s.furniture_min_repeats + (0 if edge else 1)
            if furniture:
                b.kind = HEADER if at_top else FOOTER
        _headings_to_their_column(page)
        _renumber(page)


def _headings_to_their_column(page: PageLayout) -> None:
    """A heading at the page's top that is no running head, over one column of the columns below
    it, heads that column ("VI. CONCLUSION" topping the right column beside a figure with no
    text): it is read where that column starts, not before the columns to its left. Only where
    the column's first paragraph starts a sentence: a column that carries on the sentence of the
    one before is no section's start (scripts without capitals never move so)."""
    heads = [b for b in page.blocks if b.band == TOP_EDGE_BAND and b.kind == HEADING]
    if not heads:
        return
    body = [b for b in page.blocks if b.band not in EDGE_BANDS and b.kind not in FURNITURE_KINDS and b.lines]
    if not body or page.columns_per_band.get(body[0].band, 1) < 2:
        return
    band = body[0].band
    spans: dict[int, tuple[float, float, Block]] = {}  # column -> x extent and its first block
    for b in body:
        if b.band == band:
            box = b.box
            x0, x1, first = spans.get(b.column, (box.x0, box.x1, b))
            spans[b.column] = (min(x0, box.x0), max(x1, box.x1), first)
    for head in heads:
        box = head.box
        over = [(c, first) for c, (x0, x1, first) in spans.items() if x0 < box.x1 and box.x0 < x1]
        if len(over) != 1:
            continue
        column, first = over[0]
        x0, x1, _ = spans[column]
        if (box.x0 < x0 or box.x1 > x1 or first is body[0] or first.kind != TEXT or first.box.y0 < box.y1
                or not first.lines[0].text[:1].isupper()):
            continue
        page.blocks = [b for b in page.blocks if b is not head]
        at = next(k for k, b in enumerate(page.blocks) if b is first)
        page.blocks.insert(at, head)
        head.band, head.column, head.region = band, column, first.region


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
