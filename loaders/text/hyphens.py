"""A hyphen at the end of a line: a word broken there, a compound broken at its own hyphen, or a
suspended hyphen ("age- and sex-independent"). Decided with the words on both sides.

The hyphen is dropped only when the joined word is a word (the word list knows it, or the page
writes it so) and the parts are not a compound (the page does not write them with the hyphen,
they are not part of a longer hyphenated chain). Either way the line break goes: a kept hyphen
followed by a line break reads as a broken word to every consumer that joins such breaks.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .lexicon import Lexicon

# Letters (and hyphens: "not-a-") before the hyphen that ends the line.
_LAST_PART = re.compile(r"([^\W\d_]+(?:[-\u2010][^\W\d_]+)*)[-\u2010]$")
_FIRST_WORD = re.compile(r"^(\S+)")
_LETTERS = re.compile(r"^[^\W\d_]+")
# Words after which a hyphen is suspended, not a break: "first- and second-order".
_SUSPENDERS = frozenset({"and", "or", "nor", "und", "oder", "et", "ou", "y", "o"})


@dataclass(frozen=True, slots=True)
class HyphenContext:
    """What the decision looks at beyond the two lines: the word list (empty when the page's
    language has none), the page's own words and its own hyphenated words (lower case)."""

    words: Lexicon
    page_words: frozenset[str]
    compounds_on_page: frozenset[str]


def join_at_hyphen(line: str, nxt: str, ctx: HyphenContext) -> str | None:
    """`line` (ending in letter + hyphen) and `nxt` as one line, the hyphen dropped or kept; None
    when the next line starts with neither a letter nor a digit (the break stays)."""
    # The match holds no white space: it lies in the line's last word (searched alone: a search
    # from every position of a long line costs more than the rest of the decision).
    last_word = line.rsplit(None, 1)[-1] if line.strip() else line
    head = _LAST_PART.search(last_word)
    first = _FIRST_WORD.match(nxt)
    if head is None or first is None or not first.group(1)[0].isalnum():
        return None
    tail = _LETTERS.match(first.group(1))
    if tail is None:
        return line + nxt  # "ACL-" + "2008": a hyphen before a number is the writer's own
    parts = head.group(1).lower().replace("\u2010", "-").split("-")
    a, b = parts[-1], tail.group(0).lower()
    if first.group(1).lower() in _SUSPENDERS and len(first.group(1)) == len(b):
        return line + " " + nxt  # "age-" + "and sex-independent": a suspended hyphen
    if tail.group(0)[:1].isupper() and not (head.group(1).isupper() and tail.group(0).isupper()):
        if head.group(1)[:1].isupper():
            return None  # "Smith-" + "Jones" or "Syntax-" + "Error": nothing tells them apart
        return line + nxt  # "non-" + "English" (but "INTRODUC-" + "TION" is decided below)
    if len(parts) > 1 or first.group(1)[len(b):len(b) + 1] in ("-", "\u2010"):
        return line + nxt  # part of a longer chain: "not-a-" + "number", "one-" + "to-one"
    compound = a + "-" + b
    closed = a + b
    if compound in ctx.compounds_on_page and closed not in ctx.page_words:
        return line + nxt
    if closed in ctx.page_words or closed in ctx.words:
        return line[:-1] + nxt
    if a in ctx.words and b in ctx.words:
        return line + nxt  # both parts are words and the whole none: "coal-" + "based", "mk-" + "temp"
    return line[:-1] + nxt  # a part is no word: a word the list lacks ("nonscal-" + "able"), broken
