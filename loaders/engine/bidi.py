"""Right-to-left scripts (Hebrew, Arabic and their kin): the order a line's words are read in.

MuPDF gives each word's characters in their logical order (it turns Hebrew or Arabic drawn left
to right around), but the engine places words by their boxes, left to right. A Hebrew or Arabic
line is read right to left, with a run of Latin words or numbers inside it read left to right.
That is the Unicode bidirectional algorithm (UAX #9) run backwards, from the order the words
stand in to the order they are read in, at word level: each word takes one direction (its
letters', or a number's, or none), words of no direction take their neighbours' (rules N1-N2),
and the embedding levels that result (I1-I2) are undone run by run (L2 in reverse). The spaces
between words are items of the reordering too, so punctuation drawn touching a word ends up
beside the word it belongs to. A paragraph runs its page's way unless nearly all its letters
run the other (`paragraph_right_to_left`).
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Protocol, Sequence

from .settings import LayoutSettings

# Characters of the right-to-left blocks (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
# Mandaic, their presentation forms, and the historic scripts of the SMP): a line without one
# is read as it stands, with no look at each character's class.
RIGHT_TO_LEFT_CHARACTER = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")


class Word(Protocol):
    """What this module reads of a word (geometry.Word has it; geometry builds on this module)."""

    x0: float
    x1: float
    text: str


_LETTER = re.compile(r"[^\W\d_]")
_RIGHT_TO_LEFT_LETTER = re.compile(r"(?=[^\W\d_])" + RIGHT_TO_LEFT_CHARACTER.pattern)

_L, _R, _NUMBER, _ARABIC_NUMBER, _NEUTRAL = "L", "R", "number", "arabic number", "neutral"
_NUMBERS = (_NUMBER, _ARABIC_NUMBER)


def right_to_left_share(texts: Sequence[str]) -> float:
    """The share of the letters of `texts` that belong to a right-to-left script."""
    return _share("".join(texts))


def _share(text: str) -> float:
    if not RIGHT_TO_LEFT_CHARACTER.search(text):
        return 0.0
    letters = len(_LETTER.findall(text))
    return len(_RIGHT_TO_LEFT_LETTER.findall(text)) / letters if letters else 0.0


# Over this share of letters in a right-to-left script, a page (or paragraph) is Hebrew or Arabic.
MOSTLY = 0.5


def mostly_right_to_left(words: Sequence[Word]) -> bool:
    """Most of the words' letters are in a right-to-left script: a Hebrew or Arabic page (or
    paragraph), whose columns and lines are read from the right."""
    return right_to_left_share([w.text for w in words]) > MOSTLY


# A paragraph runs the page's way unless its letters are nearly all the other way: on a Hebrew or
# Arabic page, a paragraph under this share of right-to-left letters is Latin (an English
# abstract; "Microsoft Excel – מדריך" is a Hebrew title); on a Latin page, one over
# 1 - this share is Hebrew or Arabic (a quotation set apart; 'He wrote "ספר הזוהר" in 1290.' is
# English).
_OTHER_WAY = 0.2


def paragraph_right_to_left(words: Sequence[Word], page_right_to_left: bool) -> bool:
    """Whether a paragraph (a block's words, a line's, a table's) runs right to left on its
    page; one without letters (figures, dates) runs the page's way."""
    text = "".join([w.text for w in words])
    if page_right_to_left and not _LETTER.search(text):
        return True
    share = _share(text)
    return share > _OTHER_WAY if page_right_to_left else share > 1 - _OTHER_WAY


@lru_cache(maxsize=1 << 16)  # (a line is looked at several times: its words' texts repeat)
def _direction(text: str) -> str:
    """A word's direction: its letters' (the more of them; Latin on a tie), a number's (European
    or Arabic-Indic digits, the more of them), or none (punctuation, symbols)."""
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


def reading_order(words: Sequence[Word], touching: Sequence[bool], rtl: bool) -> tuple[list[int], list[bool]]:
    """The order a line's words (as they stand, left to right) are read in, spaces included:
    word positions, and -1 for the space between two words not drawn touching (`touching[i]`:
    words i and i + 1 touch), which goes where the algorithm puts it (the space of "See
    (שלום עולם) here" stays outside the brackets); and for each word whether it is read right
    to left (an odd level). On a right-to-left line (`rtl`) words are read from the right,
    runs of Latin words and numbers from the left; on a left-to-right line, left to right with
    runs of right-to-left words from the right."""
    kinds: list[str] = []
    word_at: list[int] = []  # the word of each item, -1 for a space
    for i, w in enumerate(words):
        if i and not touching[i - 1]:
            kinds.append(_NEUTRAL)
            word_at.append(-1)
        kinds.append(_direction(w.text))
        word_at.append(i)
    if rtl and _L not in kinds and _NUMBER not in kinds and _ARABIC_NUMBER not in kinds:
        return word_at[::-1], [True] * len(words)  # (most lines: all of one level, read from the right)
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
    odd = [False] * len(words)
    for k, i in enumerate(word_at):
        if i >= 0:
            odd[i] = levels[k] % 2 == 1
    return [word_at[k] for k in order], odd


def text_in_reading_order(words: Sequence[Word], touching: Sequence[bool], rtl: bool) -> str:
    """A line's words (as they stand, left to right) joined in the order they are read, those
    drawn touching without a space (pieces of one word, a full stop at its end). Brackets that
    come out back to front in a right-to-left run (a mirrored glyph extracted as itself, as
    HarfBuzz-shaped PDFs give ")בדיקה(") are turned round where that pairs them."""
    order, odd = reading_order(words, touching, rtl)
    texts = [w.text for w in words]
    plain = _joined(texts, order)
    if not _BRACKET.search(plain):
        return plain
    best, fewest = plain, _unpaired(plain)
    # Turned in the words read right to left; or in every word but Latin ones (a bracket
    # MuPDF gave to a figure's word, "]1").
    for turn in (odd, [o or _direction(t) != _L for o, t in zip(odd, texts)]):
        turned = _joined([t.translate(_MIRRORED) if flag else t for flag, t in zip(turn, texts)], order)
        unpaired = _unpaired(turned)
        if unpaired < fewest:
            best, fewest = turned, unpaired
    return best


def _joined(texts: list[str], order: list[int]) -> str:
    return " ".join("".join(" " if i < 0 else texts[i] for i in order).split())


_OPENING, _CLOSING = "([{«‹", ")]}»›"
_MIRRORED = str.maketrans(_OPENING + _CLOSING, _CLOSING + _OPENING)
_PAIRS = dict(zip(_CLOSING, _OPENING))
_BRACKET = re.compile("[" + re.escape(_OPENING + _CLOSING) + "]")


def _unpaired(text: str) -> int:
    """How many brackets of `text` have no partner (a closing one before any opening one, an
    opening one never closed)."""
    open_: list[str] = []
    unpaired = 0
    for ch in _BRACKET.findall(text):
        if ch in _OPENING:
            open_.append(ch)
        elif open_ and open_[-1] == _PAIRS[ch]:
            open_.pop()
        else:
            unpaired += 1
    return unpaired + len(open_)


def marks_apart(prev: Word, w: Word, s: LayoutSettings) -> bool:
    """Two right-to-left pieces of one word that overlap, by however much: Arabic and Hebrew
    marks (vowels, shadda) drawn apart from their letters overlap them far more than a Latin
    kern (`geometry.drawn_touching` allows)."""
    return (w.x0 - prev.x1 < s.touching_gap and bool(RIGHT_TO_LEFT_CHARACTER.search(prev.text))
            and bool(RIGHT_TO_LEFT_CHARACTER.search(w.text)))


