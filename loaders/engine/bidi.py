"""Right-to-left scripts (Hebrew, Arabic and their kin): the order a line's words are read in.

MuPDF gives each word's characters in their logical order (it turns Hebrew or Arabic drawn left
to right around), but the engine places words by their boxes, left to right. A Hebrew or Arabic
line is read right to left, with a run of Latin words or numbers inside it read left to right.
That is the Unicode bidirectional algorithm (UAX #9) run backwards, from the order the words
stand in to the order they are read in, at word level: each word takes one direction (its
letters', or a number's, or none), words of no direction take their neighbours' (rules N1-N2),
and the embedding levels that result (I1-I2) are undone run by run (L2 in reverse).
"""
from __future__ import annotations

import re
import unicodedata
from typing import Sequence

from .geometry import Word

# Characters of the right-to-left blocks (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
# Mandaic, their presentation forms, and the historic scripts of the SMP): a line without one
# is read as it stands, with no look at each character's class.
RIGHT_TO_LEFT_CHARACTER = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")
_LETTER = re.compile(r"[^\W\d_]")

_L, _R, _NUMBER, _ARABIC_NUMBER, _NEUTRAL = "L", "R", "number", "arabic number", "neutral"
_NUMBERS = (_NUMBER, _ARABIC_NUMBER)


def right_to_left_share(texts: Sequence[str]) -> float:
    """The share of the letters of `texts` that belong to a right-to-left script."""
    text = "".join(texts)
    if not RIGHT_TO_LEFT_CHARACTER.search(text):
        return 0.0
    letters = _LETTER.findall(text)
    rtl = sum(1 for ch in letters if unicodedata.bidirectional(ch) in ("R", "AL"))
    return rtl / len(letters) if letters else 0.0


def mostly_right_to_left(words: Sequence[Word]) -> bool:
    """Most of the words' letters are in a right-to-left script: a Hebrew or Arabic page (or
    paragraph), whose columns and lines are read from the right."""
    return right_to_left_share([w.text for w in words]) > 0.5


def _direction(text: str) -> str:
    """A word's direction: its letters' (the more of them, R on a tie being rare enough to
    ignore), a number's, or none (punctuation, symbols)."""
    r = left = digits = arabic_digits = 0
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            r += 1
        elif kind == "L":
            left += 1
        elif kind == "EN":
            digits += 1
        elif kind == "AN":
            arabic_digits += 1
    if r or left:
        return _R if r > left else _L
    if digits or arabic_digits:
        return _NUMBER if digits >= arabic_digits else _ARABIC_NUMBER
    return _NEUTRAL


def _levels(kinds: list[str], rtl: bool) -> list[int]:
    """Embedding levels of words of these directions, and of the spaces between them (of no
    direction), as they stand left to right, on a line whose paragraph runs right to left
    (`rtl`) or left to right."""
    base = _R if rtl else _L
    n = len(kinds)
    # What each item with a direction counts as for those of none between (N1). A number counts
    # as R, except one in European digits after Latin letters (W7), which words of a number's
    # left show, read as they stand: the nearest letters on its left decide ("Python 3" on a
    # Hebrew line is one run).
    strong: list[str | None] = []
    for i, kind in enumerate(kinds):
        if kind == _NUMBER:
            strong.append(_nearest(kinds, range(i - 1, -1, -1)) or base)
        elif kind == _ARABIC_NUMBER:
            strong.append(_R)
        elif kind == _NEUTRAL:
            strong.append(None)
        else:
            strong.append(kind)
    resolved = list(strong)
    i = 0
    while i < n:
        if strong[i] is not None:
            i += 1
            continue
        j = i
        while j < n and strong[j] is None:
            j += 1
        before = strong[i - 1] if i else base
        after = strong[j] if j < n else base
        side = before if before == after else base  # N1, else N2
        for k in range(i, j):
            resolved[k] = side
        i = j
    # I1-I2: on a right-to-left line, Latin and numbers stand one level up; on a left-to-right
    # line, right-to-left letters one level up and a number among them two.
    if rtl:
        return [2 if kind in _NUMBERS or side == _L else 1 for kind, side in zip(kinds, resolved)]
    return [(2 if side == _R else 0) if kind in _NUMBERS else (1 if side == _R else 0)
            for kind, side in zip(kinds, resolved)]


def _nearest(kinds: list[str], positions: range) -> str | None:
    """The first direction of letters (L or R) at these positions."""
    return next((kinds[i] for i in positions if kinds[i] in (_L, _R)), None)


def reading_order(words: Sequence[Word], touching: Sequence[bool], rtl: bool) -> list[int]:
    """The positions of a line's words (as they stand, left to right) in the order they are read:
    on a right-to-left line (`rtl`) from the right, runs of Latin words and numbers from the
    left; on a left-to-right line, left to right with runs of right-to-left words from the right.
    `touching[i]`: words i and i + 1 are drawn touching (no space between them to resolve)."""
    kinds: list[str] = []
    word_at: list[int] = []  # the word of each item, -1 for a space
    for i, w in enumerate(words):
        if i and not touching[i - 1]:
            kinds.append(_NEUTRAL)
            word_at.append(-1)
        kinds.append(_direction(w.text))
        word_at.append(i)
    levels = _levels(kinds, rtl)
    order = list(range(len(kinds)))
    for level in range(1, max(levels, default=0) + 1):  # L2 undone: the lowest level first
        i = 0
        while i < len(order):
            if levels[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and levels[order[j]] >= level:
                j += 1
            order[i:j] = order[i:j][::-1]
            i = j
    return [word_at[k] for k in order if word_at[k] >= 0]
