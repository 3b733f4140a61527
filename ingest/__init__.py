"""Ingestion: embed column-aware chunks and write them to Chroma, incrementally; the CLI."""
from __future__ import annotations

from typing import TYPE_CHECKING

from columnrag._lazy import lazy_exports

_EXPORTS = {"Summary": "columnrag.ingest.report", "run_ingest": "columnrag.ingest.pipeline",
            "plan_ingest": "columnrag.ingest.pipeline", "Selection": "columnrag.ingest.discover",
            "Settings": "columnrag.ingest.settings", "load_settings": "columnrag.ingest.settings",
            "ColumnRAGRetriever": "columnrag.ingest.retriever"}
__all__ = list(_EXPORTS)

if TYPE_CHECKING:
    from columnrag.ingest.discover import Selection
    from columnrag.ingest.pipeline import plan_ingest, run_ingest
    from columnrag.ingest.report import Summary
    from columnrag.ingest.retriever import ColumnRAGRetriever
    from columnrag.ingest.settings import Settings, load_settings

__getattr__ = lazy_exports(__name__, _EXPORTS, globals())
