"""Band-aware chunking: chunks that never join text from different columns or bands."""
from __future__ import annotations

from typing import TYPE_CHECKING

from columnrag._lazy import lazy_exports

_EXPORTS = {"BandAwareTextSplitter": "columnrag.chunking.splitter"}
__all__ = list(_EXPORTS)

if TYPE_CHECKING:
    from columnrag.chunking.splitter import BandAwareTextSplitter

__getattr__ = lazy_exports(__name__, _EXPORTS, globals())
