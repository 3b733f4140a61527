"""Ingestion: embed column-aware chunks and write them to Chroma, incrementally."""
from .pipeline import Summary, run_ingest
from .settings import Settings, load_settings

__all__ = ["Settings", "Summary", "load_settings", "run_ingest"]
