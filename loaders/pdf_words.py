"""The PyMuPDF edge: words of a page as plain `Word` boxes, in drawing order."""
from __future__ import annotations

import pymupdf

from .geometry import Word

# Words straight from the characters: no ligature preservation (we normalise ourselves), no
# dehyphenation (we join across our own lines, not MuPDF's), text clipped to the media box.
_FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP


def page_words(page: pymupdf.Page) -> list[Word]:
    """Every word on the page with its box (top-left origin, unrotated page space)."""
    raw = page.get_text("words", flags=_FLAGS)
    return [Word(w[0], w[1], w[2], w[3], w[4], i) for i, w in enumerate(raw)]
