"""The PyMuPDF edge: words of a page as plain `Word` boxes, in drawing order."""
from __future__ import annotations

from itertools import groupby

import pymupdf

from .geometry import Word

# Words straight from the characters: no ligature preservation (we normalise ourselves), no
# dehyphenation (we join across our own lines, not MuPDF's), text clipped to the media box.
_FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP


def _is_vertical(words: list[tuple]) -> bool:
    """Words of one MuPDF line that run down or up the page (rotated text)."""
    if len(words) < 2:
        w = words[0]
        return (w[3] - w[1]) > 2.5 * (w[2] - w[0]) and len(w[4]) > 2
    a, b = words[0], words[-1]
    dx = abs((a[0] + a[2]) - (b[0] + b[2])) / 2
    dy = abs((a[1] + a[3]) - (b[1] + b[3])) / 2
    return dy > 2 * dx


def page_words(page: pymupdf.Page) -> list[Word]:
    """Every word on the page with its box (top-left origin, unrotated page space).

    Horizontal text comes word by word: geometry, not MuPDF's lines, decides which words form a
    line (MuPDF's lines can run across a gutter). A rotated or vertical line is kept whole, as one
    box with its words in their own order, since its words cannot be read across in rows.
    """
    raw = page.get_text("words", flags=_FLAGS)
    out: list[Word] = []
    for _, grp in groupby(raw, key=lambda w: (w[5], w[6])):
        line = list(grp)
        if _is_vertical(line):
            text = " ".join(w[4] for w in sorted(line, key=lambda w: w[7]))
            out.append(Word(min(w[0] for w in line), min(w[1] for w in line),
                            max(w[2] for w in line), max(w[3] for w in line), text, len(out)))
        else:
            out.extend(Word(w[0], w[1], w[2], w[3], w[4], len(out) + i) for i, w in enumerate(line))
    return out
