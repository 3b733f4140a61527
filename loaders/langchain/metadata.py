"""A page Document's layout metadata: its blocks, furniture and how sure the reading order is.

Every value is a str, int, float or bool so Documents go straight into Chroma; blocks and
furniture are encoded by the layout contract (loaders/contract.py), which readers decode.
"""
from __future__ import annotations

from typing import Any

from ..contract import (BLOCKS_KEY, CONTENT_HASH_KEY, DOUBTS_KEY, FURNITURE_KEY, SETTINGS_KEY, FurnitureBlock,
                        LayoutBlock, encode_blocks, encode_doubts, encode_furniture, encode_settings)
from ..engine.bidi import paragraph_right_to_left
from ..engine.geometry import FURNITURE_KINDS, READS_DOWN, READS_UP, Block
from ..engine.settings import LayoutSettings
from ..engine.tables import TableBlock
from ..pdf.reader import PageResult

# How near the right edge a last line must end to count as full: a few points, or a little of a
# wide block's width (justified text ends flush; a short last line ends well before). This is a
# fact the loader records for the splitter, not a reading-order decision, so it is no setting.
_FULL_LINE_SLACK = 3.0
_FULL_LINE_SLACK_SHARE = 0.04


def _text_size(block: Block) -> float:
    """The block's typical word height: footnotes and captions are set smaller than body text."""
    heights = sorted(w.y1 - w.y0 for w in block.words)
    return heights[len(heights) // 2] if heights else 0.0


def _full_last_line(block: Block, right_to_left: bool) -> bool:
    """The block's last line runs to the edge where its lines end (the right; the left in a
    Hebrew or Arabic paragraph): a paragraph that ends here would usually leave its last line
    short, so the text likely goes on after a column or page break."""
    if len(block.lines) < 2:
        return False
    box = block.box
    last = block.lines[-1].box
    slack = max(_FULL_LINE_SLACK, _FULL_LINE_SLACK_SHARE * box.width)
    return last.x0 <= box.x0 + slack if right_to_left else last.x1 >= box.x1 - slack


def file_metadata(info: dict[str, Any], content_hash: str, settings: LayoutSettings) -> dict[str, Any]:
    """What every Document of a file carries: PyMuPDFLoader's keys (`info`), then what a chunk id
    is built from (the file's hash and the layout settings used)."""
    return {**info, CONTENT_HASH_KEY: content_hash, SETTINGS_KEY: encode_settings(settings)}


def _table_fields(block: Block) -> dict[str, Any]:
    """A table's rows, header rows, caption and notes, as the page text gave them (nothing for
    other blocks)."""
    if not isinstance(block, TableBlock) or block.rows is None or block.table is None:
        return {}
    return {"rows": block.rows, "header_rows": block.table.header_rows, "caption": block.caption,
            "notes": block.notes}


def _blocks_and_furniture(page: PageResult) -> dict[str, str]:
    """The page's blocks (box, band, column, kind, span in page_content) and furniture, encoded."""
    rtl = page.layout.has_right_to_left  # (pages without a Hebrew or Arabic letter: no look)
    blocks = [LayoutBlock(page.page_box(sp.block.box), sp.block.band, sp.block.column, sp.block.region,
                          sp.block.kind, sp.start, sp.end,
                          _full_last_line(sp.block, rtl and paragraph_right_to_left(sp.block.words, page.layout.right_to_left)),
                          _text_size(sp.block), panel=sp.block.panel, bold=sp.block.bold,
                          **_table_fields(sp.block))
              for sp in page.spans]
    furniture = [FurnitureBlock(page.page_box(b.box), b.kind, " ".join(line.text for line in b.lines))
                 for b in page.layout.blocks if b.kind in FURNITURE_KINDS]
    return {BLOCKS_KEY: encode_blocks(blocks), FURNITURE_KEY: encode_furniture(furniture)}


def layout_metadata(page: PageResult, include_layout: bool = True) -> dict[str, Any]:
    """The page's layout: size, blocks and furniture (left out when `include_layout` is False:
    another splitter would copy them, up to 14 KB a page, into every chunk), how sure the order is,
    and for a page read by OCR, `ocr` and the mean word confidence."""
    # Text read sideways from a text layer is a guess from its lines' direction; a page OCR'd
    # turned (a scan stored sideways, a sheet fed upside down) was measured by Tesseract, and a
    # text layer read upside down follows its glyphs' own writing direction.
    turned = bool(page.frame and page.frame.turn in (READS_UP, READS_DOWN)) and page.ocr is None
    ocr = {"ocr": True, "ocr_confidence": page.ocr.confidence} if page.ocr is not None else {}
    return {
        "page_width": round(page.frame.page_width if page.frame else page.layout.width, 2),
        "page_height": round(page.frame.page_height if page.frame else page.layout.height, 2),
        "text_rotation": page.frame.turn if page.frame else 0,
        "reading_direction": "rtl" if page.layout.right_to_left else "ltr",
        **(_blocks_and_furniture(page) if include_layout else {}),
        "layout_bands": len(page.layout.columns_per_band),
        "layout_max_columns": max(page.layout.columns_per_band.values(), default=0),
        "needs_ocr": page.needs_ocr,
        "layout_confidence": round(page.layout.confidence * (0.9 if turned else 1.0), 3),
        DOUBTS_KEY: encode_doubts(page.layout.doubts + (["text set sideways"] if turned else [])),
        **ocr,
    }
