"""Band-aware chunking: chunks that never join text from different columns or bands."""
from .splitter import BandAwareTextSplitter

__all__ = ["BandAwareTextSplitter"]
