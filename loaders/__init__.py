"""Column-aware PDF loading for LangChain: geometry, not drawing order, decides reading order.

Layers, lowest first (a module imports only from its own layer or those below):
`engine` (pure geometry on word boxes), `text` (page text and repairs), `pdf` (the PyMuPDF edge),
`langchain` (Documents and their metadata), and `audit` (a tool on top). `contract`, `errors`,
`paths` and `hashing` (a file's content hash) are small shared leaves. Public names are imported
on first use.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from columnrag._lazy import lazy_exports

_EXPORTS = {
    "Block": "columnrag.loaders.engine.geometry", "Box": "columnrag.loaders.engine.geometry",
    "Line": "columnrag.loaders.engine.geometry", "PageLayout": "columnrag.loaders.engine.geometry",
    "Word": "columnrag.loaders.engine.geometry", "analyze_page": "columnrag.loaders.engine.layout",
    "LayoutSettings": "columnrag.loaders.engine.settings", "PDFLoadError": "columnrag.loaders.errors",
    "OcrUnavailableError": "columnrag.loaders.errors", "OcrSettings": "columnrag.loaders.pdf.ocr_settings",
    "ColumnAwarePDFLoader": "columnrag.loaders.langchain.parser",
    "ColumnAwarePDFParser": "columnrag.loaders.langchain.parser",
}
__all__ = list(_EXPORTS)

if TYPE_CHECKING:
    from columnrag.loaders.engine.geometry import Block, Box, Line, PageLayout, Word
    from columnrag.loaders.engine.layout import analyze_page
    from columnrag.loaders.engine.settings import LayoutSettings
    from columnrag.loaders.errors import OcrUnavailableError, PDFLoadError
    from columnrag.loaders.pdf.ocr_settings import OcrSettings
    from columnrag.loaders.langchain.parser import ColumnAwarePDFLoader, ColumnAwarePDFParser

__getattr__ = lazy_exports(__name__, _EXPORTS, globals())
