"""A PDF's document information, with the keys and types LangChain's PyMuPDFLoader emits."""
from __future__ import annotations

from typing import Any

import pymupdf

from ..paths import display_path

PDF_KEYS = ("format", "title", "author", "subject", "keywords", "creator", "producer",
            "creationdate", "moddate", "trapped")


def document_metadata(doc: pymupdf.Document, source: str) -> dict[str, Any]:
    """Metadata every Document of the file shares: where it came from and what the PDF says of itself."""
    meta = {k.lower(): v for k, v in (doc.metadata or {}).items() if isinstance(v, (str, int))}
    source = display_path(source)
    out: dict[str, Any] = {"producer": "", "creator": "", "creationdate": "", "source": source,
                           "file_path": source, "total_pages": doc.page_count}
    for key in PDF_KEYS:
        out[key] = str(meta.get(key, "") or "")
    out["format"] = out["format"] or "PDF"
    return out
