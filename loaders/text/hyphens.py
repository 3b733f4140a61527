"""A hyphen at the end of a line: a word broken there, a compound broken at its own hyphen, or a
suspended hyphen ("age- and sex-independent"). Decided with the words on both sides.
Languages that write compounds closed (German, Dutch) join two words of the list into one.

The hyphen is dropped only when the joined word is a word (the word list knows it, or the page
writes it so) and the parts are not a compound (the page does not write them with the hyphen,
they are not part of a longer hyphenated chain); then the line break goes. A compound of two
words broken at its own hyphen ("coal-" + "based", "mk-" + "temp"; a first part the list lacks
is a word where the page writes it alone: "configurator-" + "based") keeps its hyphen and the line
break as printed: there hyphenation and compounding meet, and consumers of the text settle it by
their own convention (a PDF's text layer, its structure tree and human annotators close such a
break up; a typesetting source keeps the hyphen). The printed line leaves it to them; joined into
one line here, it would read as two words to every consumer that closes such breaks. A hyphen
that is no hyphenation point (below, and in a web or mail address) is kept and its line break
goes: no convention closes it, and a consumer that closes hyphen-broken lines would read "ACL-" +
"2008" as "ACL2008". Across blocks (a column break) a compound the page writes goes whole to the
first block.

Hyphenation breaks words between two lower-case letters: a hyphen after a digit ("114-" + "133",
"acl17-" + "latex.zip") or between a capital and a lower-case word or an acronym and a capital
("non-" + "English", "US-" + "Letter", "Q-" + "Learning"), or after a single letter or an
acronym ("C-" + "nodes", "ACL-" + "related": hyphenation leaves two letters or more of a word
in lower case) is the writer's own and stays, unless the closed-up word is a word ("Java-" +
"Script", "e-" + "mail"). Between two capitalised words ("Smith-" + "Jones") the line break
stays as drawn: names are written both ways.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from ..engine.geometry import WEB_ADDRESS
from .lexicon import Lexicon

# Letters (and hyphens: "not-a-") before the hyphen that ends the line.
_LAST_PART = re.compile(r"([^\W\d_]+(?:[-\u2010][^\W\d_]+)*)[-\u2010]$")
_AFTER_DIGIT = re.compile(r"\d[-\u2010]$")
_FIRST_WORD = re.compile(r"^(\S+)")
_LETTERS = re.compile(r"^[^\W\d_]+")
# Words after which a hyphen is suspended, not a break: "first- and second-order".
_SUSPENDERS = frozenset({"and", "or", "nor", "und", "oder", "sowie", "bzw", "als", "et", "ou", "y", "o",
                         "en", "of", "tot"})
# Letters a first part the list lacks needs for the page's own writing of it to make it a word,
# and the listed second part after it.
_LEAST_WRITTEN_ALONE = 5
_LEAST_LISTED_AFTER = 4
_VOWELS = frozenset("aeiouyàáâäèéêëìíîïòóôöùúûü")
# After a number a range is suspended too: "a 2- to 3-year spurt".
_NUMBER_SUSPENDERS = _SUSPENDERS | {"to", "bis"}


@dataclass(frozen=True, slots=True)
class HyphenContext:
    """What the decision looks at beyond the two lines: the word list (empty when the page's
    language has none), the page's own words and its own hyphenated words (lower case)."""

    words: Lexicon
    page_words: frozenset[str]
    compounds_on_page: frozenset[str]
    # The page's language when it writes its compounds closed ("de", "nl"; else ""): two words of
    # the list are one word the list lacks ("Betten-" + "zimmern"), not a hyphenated compound.
    closed_compounds: str = ""

    @classmethod
    def of(cls, words: Lexicon, page_words: frozenset[str], closed_compounds: str = "") -> HyphenContext:
        """The context of a page (or a document) whose own words, in lower case, are
        `page_words`: its hyphenated ones read with an ASCII hyphen, whichever hyphen the text
        layer gives ("re‐cover" is a compound the page writes)."""
        compounds = frozenset(w.replace("\u2010", "-") for w in page_words if "-" in w or "\u2010" in w)
        return cls(words, page_words, compounds, closed_compounds)


# A hyphen after a letter or a digit at a text's end: a word a line end (or a break) cut there.
_ENDS_AT_HYPHEN = re.compile(r"(?<=[^\W_])[-\u2010]$")


def ends_broken_at_hyphen(text: str) -> bool:
    """`text` ends with a hyphen after a letter or a digit (not a dash set apart: "stderr -").
    Only its last three characters are searched (the letter, the hyphen and a line end the
    pattern's "$" lets through): a piece's or a sentence's whole text is not scanned."""
    return bool(_ENDS_AT_HYPHEN.search(text[-3:]))


class _Decision(NamedTuple):
    joined: str | None  # the two lines as one, or None: the break stays
    sure: bool  # the word list or the page's own words back it
    printed: bool = False  # a compound broken at its own hyphen: within a block, the break stays


def join_at_hyphen(line: str, nxt: str, ctx: HyphenContext, sure_only: bool = False) -> str | None:
    """`line` (ending in letter or digit + hyphen) and `nxt` as one line, the hyphen dropped or
    kept; None when the break stays: a compound of two words broken at its own hyphen, a name
    or a title's capitalised words ("Smith-" + "Jones"), a next line that starts with neither a
    letter nor a digit.
    With `sure_only` (a word broken across blocks, where the next block may not continue this
    one), only a decision the word list or the page's own words back is taken, and a compound
    the page writes goes whole to the first block ("non-archival"): a column break is no line
    of text to keep, and the chunks close a sentence's pieces up across it."""
    joined, sure, printed = _decide(line, nxt, ctx)
    if sure_only:
        return joined if sure else None
    return None if printed else joined


def _closes_up(written: str, a: str, b: str, language: str) -> bool:
    """Two words of the list, broken at a line end, are one compound in a language that closes
    its compounds up: in German a noun's ("Betten-" + "zimmern"; "deutsch-" + "französisch"
    keeps its hyphen, as a short part's "Ad-" + "hoc"), in Dutch unless two vowels would meet
    ("politie-" + "inzet" keeps it)."""
    if language == "de":
        return written[:1].isupper() and len(a) >= 3 and len(b) >= 4
    if language == "nl":
        return not (a[-1:] in _VOWELS and b[:1] in _VOWELS)
    return False


def _decide(line: str, nxt: str, ctx: HyphenContext) -> _Decision:
    """The two lines joined (or None), whether a known word or the page backs the decision, and
    whether it is a compound's break, kept as printed within a block."""
    first = _FIRST_WORD.match(nxt)
    if first is None or not first.group(1)[0].isalnum():
        return _Decision(None, True)
    if _AFTER_DIGIT.search(line):  # "pages 114-" + "133", "acl17-" + "latex.zip", "2-" + "to 3-year"
        suspended = first.group(1).lower() in _NUMBER_SUSPENDERS
        return _Decision(line + (" " if suspended else "") + nxt, False)
    last_word = line.rsplit(None, 1)[-1] if line.strip() else line
    if WEB_ADDRESS.search(last_word) or WEB_ADDRESS.search(first.group(1)):  # (broken at a hyphen of its own)
        return _Decision(line + nxt, False)  # an address's own: "https://example.org/data-" + "sets/"
    # The match holds no white space: it lies in the line's last word (searched alone: a search
    # from every position of a long line costs more than the rest of the decision).
    head = _LAST_PART.search(last_word)
    if head is None:
        return _Decision(None, True)
    tail = _LETTERS.match(first.group(1))
    if tail is None:
        return _Decision(line + nxt, False)  # "ACL-" + "2008": before a number, the writer's own
    parts = head.group(1).lower().replace("\u2010", "-").split("-")
    a, b = parts[-1], tail.group(0).lower()
    compound, closed = a + "-" + b, a + b
    known = closed in ctx.page_words or closed in ctx.words
    if first.group(1).lower() in _SUSPENDERS and len(first.group(1)) == len(b):
        return _Decision(line + " " + nxt, False)  # "age-" + "and sex-independent": a suspended hyphen
    last = re.split("[-\u2010]", head.group(1))[-1]  # (as written)
    if tail.group(0)[:1].isupper() and not (head.group(1).isupper() and tail.group(0).isupper()):
        if len(parts) == 1 and last[:1].isupper() and known:
            return _Decision(line[:-1] + nxt, True)  # camel case: "Java-" + "Script", "Power-" + "Point"
        if last[:1].isupper() and not last.isupper():
            return _Decision(None, True)  # "Smith-" + "Jones", "Cycle-" + "Based": names, titles
        return _Decision(line + nxt, False)  # "non-" + "English", "US-" + "Letter", "Q-" + "Learning"
    if len(parts) > 1 and known and len(a) >= 2 and compound not in ctx.compounds_on_page:
        return _Decision(line[:-1] + nxt, True)  # a chain's last word broken: "end-us-" + "ers"
    if len(parts) > 1 or first.group(1)[len(b):len(b) + 1] in ("-", "\u2010"):
        return _Decision(line + nxt, False)  # in a longer chain: "not-a-" + "number", "one-" + "to-one"
    # After a single letter or an acronym ("C-" + "nodes", "ACL-" + "related"): no hyphenation point.
    no_point = (len(last) == 1 or last.isupper()) and tail.group(0).islower()
    if compound in ctx.compounds_on_page and closed not in ctx.page_words:
        return _Decision(line + nxt, True, printed=not no_point)  # the page writes "coal-based"
    if known:
        return _Decision(line[:-1] + nxt, True)
    if no_point:
        return _Decision(line + nxt, False)
    if b in ctx.words and (a in ctx.words or not last[:1].isupper() and _written_alone(a, b, ctx)) and not _closes_up(
            head.group(1), a, b, ctx.closed_compounds):
        return _Decision(line + nxt, False, printed=True)  # both words, the whole none: "coal-" + "based"
    return _Decision(line[:-1] + nxt, False)  # a part is no word: a word the list lacks ("nonscal-" + "able")


def _written_alone(a: str, b: str, ctx: HyphenContext) -> bool:
    """The line's last word `a`, which the list lacks, is one the page writes on its own too
    ("configurator" of "configurator-" + "based"), and is long enough not to be a syllable the
    page also writes as a word ("has-" + "selt", "mini-" + "mising"); the listed word `b` after
    it is no short syllable either ("writeframes-" + "raw"). (The page is asked of the first part
    only: the second is always a word of the page, the next line's first. The caller leaves out a
    capitalised first part: a name the page writes alone, "Linde-" + "mann", is hyphenated so.)"""
    return len(a) >= _LEAST_WRITTEN_ALONE and len(b) >= _LEAST_LISTED_AFTER and a in ctx.page_words


# A hyphen after a letter or a digit that ends a line before a letter.
_BROKEN_AT_HYPHEN = re.compile(r"(?<=[^\W_])([-\u2010])[ \t]*\n[ \t]*(?=[^\W\d_])")


def compounds_closed(text: str) -> str:
    """`text` with each compound broken at its own hyphen (kept so in the page text: "Model-\n
    based") on one line again ("Model-based")."""
    return _BROKEN_AT_HYPHEN.sub(r"\1", text)


def on_one_line(text: str) -> str:
    """`text` on one line, its line breaks read as spaces, save one after a hyphen that a word
    runs on from (`compounds_closed`): a heading, a caption or a table cell set on one line
    reads "Model-based", not "Model- based"."""
    return " ".join(compounds_closed(text).split())
