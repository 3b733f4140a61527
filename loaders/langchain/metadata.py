"""Document metadata with the keys and types LangChain's PyMuPDFLoader emits, plus our layout.

Every value is a str, int, float or bool so Documents go straight into Chroma; structured layout
is encoded as JSON strings.
"""
from __future__ import annotations

import json
from typing import Any

import pymupdf

from ..engine.geometry import FURNITURE_KINDS, Block
from ..paths import display_path
from ..pdf.reader import PageResult

PDF_KEYS = ("format", "title", "author", "subject", "keywords", "creator", "producer",
            "creationdate", "moddate", "trapped")


def document_metadata(doc: pymupdf.Document, source: str) -> dict[str, Any]:
    meta = {k.lower(): v for k, v in (doc.metadata or {}).items() if isinstance(v, (str, int))}
    source = display_path(source)
    out: dict[str, Any] = {"producer": "", "creator": "", "creationdate": "", "source": source,
                           "file_path": source, "total_pages": doc.page_count}
    for key in PDF_KEYS:
        out[key] = str(meta.get(key, "") or "")
    out["format"] = out["format"] or "PDF"
    return out


def _text_size(block: Block) -> float:
    """The block's typical word height: footnotes and captions are set smaller than body text."""
    heights = sorted(w.y1 - w.y0 for w in block.words)
    return round(heights[len(heights) // 2], 2) if heights else 0.0


def _full_last_line(block: Block) -> bool:
    """The block's last line runs to its right edge: a paragraph that ends here would usually
    leave its last line short, so the text likely goes on after a column or page break."""
    box = block.box
    last = block.lines[-1].box
    return len(block.lines) > 1 and last.x1 >= box.x1 - max(3.0, 0.04 * box.width)


def layout_metadata(page: PageResult) -> dict[str, Any]:
    """The page's blocks (box, band, column, kind, span in page_content) and furniture, as JSON."""
    blocks = [{"bbox": page.page_box(sp.block.box).rounded(), "band": sp.block.band, "column": sp.block.column,
               "region": sp.block.region, "kind": sp.block.kind, "start": sp.start, "end": sp.end,
               "full_last_line": _full_last_line(sp.block), "size": _text_size(sp.block)}
              for sp in page.spans]
    furniture = [{"bbox": page.page_box(b.box).rounded(), "kind": b.kind,
                  "text": " ".join(line.text for line in b.lines)}
                 for b in page.layout.blocks if b.kind in FURNITURE_KINDS]
    ocr = {"ocr": True, "ocr_confidence": page.ocr.confidence} if page.ocr is not None else {}
    return {
        "page_width": round(page.frame.page_width if page.frame else page.layout.width, 2),
        "page_height": round(page.frame.page_height if page.frame else page.layout.height, 2),
        "text_rotation": page.frame.turn if page.frame else 0,
        "layout_blocks": json.dumps(blocks, separators=(",", ":")),
        "layout_furniture": json.dumps(furniture, separators=(",", ":"), ensure_ascii=False),
        "layout_bands": len(page.layout.columns_per_band),
        "layout_max_columns": max(page.layout.columns_per_band.values(), default=0),
        "needs_ocr": page.needs_ocr,
        "layout_confidence": round(page.layout.confidence * (0.9 if page.frame and page.frame.turn else 1.0), 3),
        "layout_doubts": json.dumps(page.layout.doubts + (["text set sideways"] if page.frame and page.frame.turn else [])),
        **ocr,
    }


def read_blocks(metadata: dict[str, Any]) -> list[dict[str, Any]]:
    """The block list a loader Document carries (empty for Documents from other loaders)."""
    raw = metadata.get("layout_blocks")
    if not raw:
        return []
    try:
        blocks = json.loads(raw)
    except (TypeError, ValueError):
        return []
    return blocks if isinstance(blocks, list) else []
