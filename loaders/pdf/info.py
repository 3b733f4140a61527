"""A PDF's document information, as LangChain's PyMuPDFLoader emits it.

Same keys and the same value formats, so our Documents drop in where PyMuPDFLoader's were:
every str/int entry of PyMuPDF's `doc.metadata` with its key lower-cased and its value stripped
(`creator: " XeTeX"` -> `"XeTeX"`), `creationdate`/`moddate` converted to ISO 8601
(`D:20210516153207+02'00'` -> `2021-05-16T15:32:07+02:00`; left as they are when they do not
parse), the raw `creationDate`/`modDate` besides, and `source`, `file_path`, `total_pages`.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

import pymupdf

from ..paths import display_path

# Where the PDF says nothing of itself, PyMuPDFLoader names PyMuPDF as producer and creator.
_DEFAULTS = {"producer": "PyMuPDF", "creator": "PyMuPDF", "creationdate": ""}
_DATE_KEYS = ("creationdate", "moddate")
_RAW_DATE_KEYS = ("modDate", "creationDate")  # also kept as PyMuPDF gives them
_PDF_DATE = "D:%Y%m%d%H%M%S%z"


def iso_date(value: str) -> str:
    """A PDF date (`D:YYYYMMDDHHmmSS+HH'mm'`) in ISO 8601, or the value unchanged when it is
    not one (no time zone, a bare `Z00'00'`, empty): PyMuPDFLoader's rule, kept to the letter."""
    try:
        return datetime.strptime(value.replace("'", ""), _PDF_DATE).isoformat("T")
    except ValueError:
        return value


def document_metadata(doc: pymupdf.Document, source: str) -> dict[str, Any]:
    """Metadata every Document of the file shares: where it came from and what the PDF says of itself."""
    source = display_path(source)
    raw = doc.metadata or {}
    out: dict[str, Any] = {**_DEFAULTS, "source": source, "file_path": source, "total_pages": doc.page_count}
    for key, value in raw.items():
        if not isinstance(value, (str, int)):
            continue  # `encryption` is None for an unencrypted file
        key = key.lower()
        if key in _DATE_KEYS:
            out[key] = iso_date(str(value))
        else:
            out[key] = value.strip() if isinstance(value, str) else value
    for key in _RAW_DATE_KEYS:
        if key in raw:
            out[key] = raw[key]
    return out
