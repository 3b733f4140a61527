"""columnrag: RAG ingestion that keeps the reading order of multi-column PDFs.

The public names are imported on first use, so `import columnrag` stays cheap: no PyMuPDF,
LangChain, torch or chromadb until a loader, splitter or ingest function is actually touched.
The folders of the repository map into this namespace (see pyproject.toml):
`columnrag.loaders` (PDF -> ordered page Documents), `columnrag.chunking` (Documents -> chunks),
`columnrag.ingest` (chunks -> embeddings -> Chroma, the CLI).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from columnrag._lazy import lazy_exports

__version__ = "0.1.0"

_EXPORTS = {
    "ColumnAwarePDFLoader": "columnrag.loaders.langchain.parser",
    "ColumnAwarePDFParser": "columnrag.loaders.langchain.parser",
    "PDFLoadError": "columnrag.loaders.errors",
    "LayoutSettings": "columnrag.loaders.engine.settings",
    "BandAwareTextSplitter": "columnrag.chunking.splitter",
    "Settings": "columnrag.ingest.settings",
    "load_settings": "columnrag.ingest.settings",
    "run_ingest": "columnrag.ingest.pipeline",
    "ColumnRAGRetriever": "columnrag.ingest.retriever",
}

__all__ = [*_EXPORTS, "__version__"]

if TYPE_CHECKING:
    from columnrag.chunking.splitter import BandAwareTextSplitter
    from columnrag.ingest.pipeline import run_ingest
    from columnrag.ingest.retriever import ColumnRAGRetriever
    from columnrag.ingest.settings import Settings, load_settings
    from columnrag.loaders.engine.settings import LayoutSettings
    from columnrag.loaders.errors import PDFLoadError
    from columnrag.loaders.langchain.parser import ColumnAwarePDFLoader, ColumnAwarePDFParser


__getattr__ = lazy_exports(__name__, _EXPORTS, globals())
