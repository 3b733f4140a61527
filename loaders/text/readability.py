"""Whether a text layer can be read: fonts without a Unicode map give mojibake, not words.

A font whose glyphs map to no character (or to the wrong ones) gives the replacement character,
private-use or control characters, or strings such as "]üìÆüéê •ìê °ê£ë†£ûÜüéê": accented Latin
letters with no plain ones. Such text only adds noise to an index; the
page image still shows the words, so OCR can read them. Pure and cheap: an ASCII page is passed
in one C-level test, and the rest character by character.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Iterable

# Character classes no readable text is made of: unassigned, private use, surrogates, controls.
_NEVER_TEXT = frozenset({"Cn", "Co", "Cs", "Cc"})
_REPLACEMENT = "\ufffd"
_LATIN_EXTRA = range(0xC0, 0x250)  # accented Latin letters (Latin-1 Supplement .. Extended-B)
_ACCENTED_LATIN = re.compile("[\u00c0-\u024f]")


def garbled(word: str) -> bool:
    """A word no language writes: a character that is never text, or (two letters or more) more
    accented Latin letters than plain ones. Signs between letters are no sign of mojibake alone:
    formulas are full of them ("Qαα′", "x→c")."""
    if word.isascii():
        return not word.isprintable()  # control characters (below 32, and 127): one C-level test
    if word.isalpha():  # letters alone (any script: a Hebrew or Greek page's words), in C
        return len(word) >= 2 and 2 * len(_ACCENTED_LATIN.findall(word)) > len(word)
    letters = accented = 0
    for ch in word:
        if ch == _REPLACEMENT or unicodedata.category(ch) in _NEVER_TEXT:
            return True
        if ch.isalpha():
            letters += 1
            accented += ord(ch) in _LATIN_EXTRA
    return letters >= 2 and 2 * accented > letters


def past_reading(word: str) -> bool:
    """A garbled word with no more readable letters and figures than unreadable characters
    ("]üìÆüéê", "�", a private-use glyph): nothing of it can be read. A line of code or a
    word with one stray glyph in it ("Co�st�u�to�" too) still says something."""
    if not garbled(word):
        return False
    bad = good = 0
    for ch in word:
        if ch == _REPLACEMENT or unicodedata.category(ch) in _NEVER_TEXT or ord(ch) in _LATIN_EXTRA:
            bad += 1
        elif ch.isalnum():
            good += 1
    return bad >= good


def unreadable_share(words: Iterable[str]) -> float:
    """The share of characters that belong to garbled words (0 when there are none)."""
    words = list(words)
    total = sum(map(len, words))
    bad = sum(len(w) for w in suspects(words) if garbled(w))
    return bad / total if total else 0.0


def suspects(words: Iterable[str]) -> list[str]:
    """The words that may be garbled: all but printable ASCII, told apart by two C-level calls
    on the words at once (most pages of English text have none), then a word at a time."""
    words = list(words)
    joined = "".join(words)
    if joined.isascii() and joined.isprintable():
        return []
    return [w for w in words if not (w.isascii() and w.isprintable())]
