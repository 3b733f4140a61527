"""Footnote marks glued to the word they follow or precede ("operands1", "y1 busca", "1All",
an author's "Smith1,2" and "Trovato‡").

A superscript digit (or a list of them, or a reference symbol) drawn right against a word comes
out as part of that word ("and1": a word no reader or embedding model knows), or as a word of its
own in PDFs that draw word by word. Such a mark is set higher than the line's other words, so its
box starts above theirs; only then, and only against a known word (an exponent follows a
variable: "πr2" stays), is it dropped from the text ("python3" on the baseline stays as it is).
Boxes are left as drawn, save that a word before a mark drawn apart takes the mark's place, so
that what touched the mark touches the word.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..engine.geometry import Word, median, raised_after
from ..engine.settings import LayoutSettings
from .lexicon import Lexicon

# Reference marks: a number or a list of them ("1,2", an author's affiliations, "6–10"), then maybe the
# symbols (TeX's asterisk and star, daggers, a section sign, a pilcrow), or symbols alone
# ("†,‡"). The keyboard's "*" is text ("figure*", "Autor*"); see _fits for symbols alone.
_SYMBOLS = "∗⋆†‡§¶"
def _marks_of(number: str) -> str:
    """The marks pattern whose numbers are `number`."""
    return rf"{number}(?:,{number})*(?:,?[{_SYMBOLS}]+)?|[{_SYMBOLS}]+(?:,[{_SYMBOLS}]+)*"


# A number of the list may be a range ("6–10") and have three digits (reference 161, or a
# reference's 16 against a footnote's 1): only after a word written as words are (`_fits`).
_MARKS = _marks_of(r"\d{1,3}(?:[–-]\d{1,3})?")
_MARK = re.compile(_MARKS)
_SHORT_MARKS = re.compile(_marks_of(r"\d{1,2}"))
# What may close a word after its mark: a stop, or a bracket and maybe a stop ("(LR3).").
_AFTER_MARK = r"(?:[)\]][.,;:]?|[.,;:])?"
# The mark after a word, before or after its punctuation: "operands1", "Gastroenterology.8",
# "proceedings1,", "Smith1,2", "Smith1⋆†", "Trovato‡", "(LR3).".
_MARK_AFTER = re.compile(rf"^(.*?([^\W\d_]*)[.,;:)\]\"'”’]?)({_MARKS})({_AFTER_MARK})$")
_MARK_BEFORE = re.compile(r"^(\d{1,2})(([^\W\d_]+).*)$")
# A line that ends a sentence, before or after its mark ("line.2", "documentation5.").
_ENDS_SENTENCE = re.compile(rf"[.!?](?:{_MARKS})?$|[.!?]{_AFTER_MARK}$")
_MAY_HAVE = re.compile(rf"[\d{_SYMBOLS}]")  # no digit and no symbol: no mark
_SYMBOL = re.compile(rf"[{_SYMBOLS}]")
# A cheap first look over the whole line: a word that starts with one or two digits, or ends
# with marks.
_MAY_HOLD_MARK = re.compile(rf"(?:^|\s)\d{{1,2}}(?:[^\W\d_]|\s|$)"
                            rf"|[^\W\d_][.,;:)\]\"'”’]?(?:{_MARKS}){_AFTER_MARK}(?:\s|$)")
# A number's own ending, set raised in many fonts, is no word after a mark: "54th", "2nd", "1er".
ORDINAL_ENDINGS = frozenset({"st", "nd", "rd", "th", "er", "re", "ème", "eme"})
# Units an exponent is raised after: "6 cm3", "m2" (a footnote mark after a unit is rare).
_UNITS = frozenset({"m", "cm", "mm", "km", "nm", "µm", "μm", "dm", "ft", "in", "yd", "mi", "s", "ms"})
_POWERS = frozenset({"2", "3"})
_ONE_LETTER_WORDS = frozenset("aeiouy")  # "y" (Spanish "and"), "a", "e" ...
# No word with a mark is longer (a hash or a URL is not searched: the pattern is not linear).
_LONGEST_WORD = 64


def known_before_mark(letters: str, whole: str, dictionary: Lexicon, s: LayoutSettings) -> bool:
    """The letters before a mark make a word: a long run of them in any language, a shorter one
    in the word list, a single one only a one-letter word standing alone."""
    low = letters.lower()
    if len(low) == 1:
        return low == whole.lower() and low in _ONE_LETTER_WORDS
    # A long run of letters is a word in any language; a short one after a variable may not be.
    return len(low) >= s.mark_word_letters or low in dictionary


def _fits(letters: str, mark: str) -> bool:
    """A number marks any word; a symbol alone marks a word in lower case (a name, "Trovato‡"),
    not one letter ("a∗": maths) nor capitals ("BIT∗", "IDA∗": an algorithm's own name). A range
    or a number of three digits marks only a word written as words are, in lower case, capitalised
    or in capitals ("discovery6–10", "Keras.127", "MACCS138"): after a name that changes case
    inside ("aprilF241", a user's) or a word of a script without case, whose glyphs stand taller
    than the digits (a Chinese comment's "为7-1"), it is the text's own."""
    if not _SHORT_MARKS.fullmatch(mark) and not (letters.islower() or letters.istitle() or letters.isupper()):
        return False
    return mark[0].isdigit() or (len(letters) > 1 and any(c.islower() for c in letters))


_TWO_DIGITS = re.compile(r"\d\d")
_ROMAN = re.compile(r"[IVXLC]+")


def _text_s_own(before: str, letters: str, mark: str) -> bool:
    """Digits after a word (`before`, its last letters `letters`) that are the text's own, not a
    mark: a unit's power ("6 cm3"), two digits right after an apostrophe, a year cut short
    ("BroadNets’04", "ICML'99"), not a footnote's mark after a closing quote; or a section's
    number after a Roman one and its stop ("II.5", a heading's in larger type than the small
    capitals after it, which stand lower)."""
    return ((letters in _UNITS and mark in _POWERS)
            or (before[-1:] in ("’", "'") and _TWO_DIGITS.fullmatch(mark) is not None)
            or (before[-1:] == "." and before[:-1] == letters and _ROMAN.fullmatch(letters) is not None))


def _unpunctuated(text: str) -> str:
    return text.strip(".,;:()[]\"'”’“‘")


def _mark_word(w: Word, prev: Word | None, nxt: Word | None, dictionary: Lexicon,
               s: LayoutSettings) -> bool:
    """A mark drawn as a word of its own (what _MARK_AFTER takes: "1", "1,2", "†"), right
    against a known word before or after it."""
    if not _MARK.fullmatch(w.text):
        return False
    gaps = ((prev, w.x0 - prev.x1) if prev else None, (nxt, nxt.x0 - w.x1) if nxt else None)
    for other, gap in filter(None, gaps):
        if -s.mark_overlap < gap < s.mark_touching:
            letters = _unpunctuated(other.text)
            if (letters.isalpha() and known_before_mark(letters, letters, dictionary, s) and _fits(letters, w.text)
                    and not (other is prev and _text_s_own(prev.text, letters, w.text))):
                return True
    return False


def _list_goes_on(w: Word, prev: Word, dictionary: Lexicon, s: LayoutSettings) -> bool:
    """`w`, numbers, goes on the list of marks that `prev` ends with a comma, after the comma's
    space in the marks' own type ("Granade2," "3": REVTeX's affiliations)."""
    if not (w.text[:1].isdigit() and _MARK.fullmatch(w.text) and 0 <= w.x0 - prev.x1 < (w.y1 - w.y0) / 2):
        return False
    opened = _MARK_AFTER.match(prev.text)
    return (opened is not None and opened.group(4) == "," and opened.group(3)[0].isdigit()
            and known_before_mark(opened.group(2), opened.group(1), dictionary, s))


def without_footnote_marks(words: list[Word], dictionary: Lexicon, s: LayoutSettings,
                           usual: tuple[float, float] | None = None) -> list[Word]:
    """The line's words, with marks against raised known words taken out of their text. A line
    shorter than mark_min_line_words is searched for symbols only, on two words or more (an
    author's "Ben Trovato‡"; a raised digit there may as well be an exponent: "ME bias2"), unless
    it ends a sentence (a paragraph run out on a short line; a chart's legend has no stop) and a
    word's top stands above `usual`'s top (where its paragraph's pitch puts the line's top; with
    the full lines' usual word height) by a raised mark ("documentation5.", "line.2"): then it is
    searched as a full line is, the paragraph telling what its own line cannot (a subscript
    lowers a word's foot, not its top: "CO2." stays)."""
    line = " ".join([w.text for w in words])
    short = len(words) < s.mark_min_line_words
    # The usual place a short line is measured against, where it is (else the line's own words).
    place = (usual if short and usual is not None and _ENDS_SENTENCE.search(line) is not None
             and any(_top_raised(w, usual, s) for w in words) else None)
    if short and place is None and (len(words) < 2 or not _SYMBOL.search(line)):
        return words
    if not _MAY_HAVE.search(line) or not _MAY_HOLD_MARK.search(line):
        return words
    if place is not None:
        short = False
        top, height = place
    else:
        top = median([w.y0 for w in words])
        height = median([w.y1 - w.y0 for w in words])
    out: list[Word] = []
    for k, w in enumerate(words):
        raised = _top_raised(w, place, s) if place is not None else w.y0 < top - s.mark_raised
        # Drawn apart, a mark's own box shows its smaller type: shorter, its top not below the rest.
        small = w.y1 - w.y0 < s.mark_small * height and w.y0 <= top + s.mark_top_slack
        if len(w.text) > _LONGEST_WORD:
            out.append(w)
            continue
        after, before = _MARK_AFTER.match(w.text), _MARK_BEFORE.match(w.text)
        if (raised and after and known_before_mark(after.group(2), after.group(1), dictionary, s)
                and not _text_s_own(after.group(1), after.group(2), after.group(3))
                and _fits(after.group(2), after.group(3)) and not (short and not _SYMBOL.search(after.group(3)))):
            out.append(replace(w, text=after.group(1) + after.group(4)))
        elif short:
            out.append(w)
        elif (raised or small) and k and out and out[-1] is not words[k - 1] and _list_goes_on(
                w, words[k - 1], dictionary, s):  # (the word before had its mark taken out)
            if out[-1].text.endswith(","):  # (the comma was the list's, not the text's)
                out[-1] = replace(out[-1], text=out[-1].text[:-1])
        elif (raised and before and len(before.group(3)) > 1 and before.group(3).lower() not in ORDINAL_ENDINGS
              and known_before_mark(before.group(3), before.group(3), dictionary, s)):
            out.append(replace(w, text=before.group(2)))
        elif ((raised or small or k and raised_after(w, words[k - 1], s.mark_small, s.mark_raised))
              and _mark_word(w, words[k - 1] if k else None, words[k + 1] if k + 1 < len(words) else None,
                             dictionary, s)):
            if out and out[-1] is words[k - 1] and -s.mark_overlap < w.x0 - out[-1].x1 < s.mark_touching:
                # The word before reaches over the mark's place: what touched the mark ("(LR" "3"
                # ")."), touches the word ("(LR)."), as it would had the mark never been drawn.
                out[-1] = replace(out[-1], x1=max(out[-1].x1, w.x1))
        else:
            out.append(w)
    if len(out) == len(words) and all(a is b for a, b in zip(out, words)):
        return words  # no mark: the line as it was (its text need not be made again)
    return out


def _top_raised(w: Word, usual: tuple[float, float], s: LayoutSettings) -> bool:
    """`w`'s top stands above the usual place's (`usual`: its top and the usual word height) and
    its foot does not: a mark lifts only the top of the word it is glued to; a line set a little
    closer than the paragraph's pitch lifts its foot as well."""
    top, height = usual
    return w.y0 < top - s.mark_raised and w.y1 > top + height - s.mark_raised


def may_hold_marks(text: str) -> bool:
    """Whether a line's text has a digit or a mark's symbol at all (else it has no footnote mark)."""
    return _MAY_HAVE.search(text) is not None
