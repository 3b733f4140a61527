"""Column-aware PDF loading for LangChain: geometry, not drawing order, decides reading order."""
from .errors import PDFLoadError
from .geometry import Block, Box, Line, PageLayout, Word
from .layout import analyze_page
from .parser import ColumnAwarePDFLoader, ColumnAwarePDFParser
from .settings import LayoutSettings

__all__ = ["Block", "Box", "ColumnAwarePDFLoader", "ColumnAwarePDFParser", "Line", "LayoutSettings",
           "PDFLoadError", "PageLayout", "Word", "analyze_page"]
