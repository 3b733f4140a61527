"""Footnote marks glued to the word they follow ("operands1", "y1 busca").

A superscript digit drawn right after a word, with no space, comes out as part of that word and
turns "and" into "and1": a word no reader or embedding model knows. Such a mark is set higher
than the line's other words, so its word's box starts above theirs; only then, and only after a
known word (an exponent follows a variable: "πr2" stays), is it dropped from the text ("python3"
on the baseline stays as it is). The word's box is left unchanged.
"""
from __future__ import annotations

import re

from .geometry import Word, median

_GLUED_MARK = re.compile(r"^(.*?([^\W\d_]*)[.,;:)\]\"'”’]?)(\d{1,2})$")
_ONE_LETTER_WORDS = frozenset("aeiouy")  # "y" (Spanish "and"), "a", "e" ...
_RAISED = 0.5  # points: how much higher a word's top must be than its neighbours' to hold a mark


def _known(letters: str, whole: str, dictionary: frozenset[str]) -> bool:
    low = letters.lower()
    if len(low) == 1:
        return low == whole.lower() and low in _ONE_LETTER_WORDS
    return low in dictionary if dictionary else len(low) >= 3


def without_footnote_marks(words: list[Word], dictionary: frozenset[str] = frozenset()) -> list[Word]:
    """The line's words, with marks glued to raised known words taken out of their text."""
    if len(words) < 3 or not any(w.text[-1:].isdigit() for w in words):
        return words
    top = median([w.y0 for w in words])
    out = []
    for w in words:
        m = _GLUED_MARK.match(w.text) if w.text[-1:].isdigit() else None
        if m and w.y0 < top - _RAISED and _known(m.group(2), m.group(1), dictionary):
            w = Word(w.x0, w.y0, w.x1, w.y1, m.group(1), w.seq)
        out.append(w)
    return out
