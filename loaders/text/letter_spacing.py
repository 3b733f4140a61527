"""Words set letter-spaced ("A B S T R A C T", "a r t i c l e  i n f o") read as the words they
spell. Character spacing puts a gap between every two letters wider than MuPDF's word space, so
each letter comes out a word of its own: a heading no reader or embedding model recognises.

A run of single letters on one line is joined when its gaps are of two sizes only: one even gap
between letters, and wider gaps between words; and when every word it spells is in the page's
word list, one of them four letters or more (a variable list "x y z w" or a row of one-letter
column labels spells none).
"""
from __future__ import annotations

from ..engine.geometry import Word, words_box
from .lexicon import Lexicon

MIN_LETTERS = 4  # a run of fewer single letters is left as drawn ("a b", "U S A", "x y z")
MIN_WORD = 4  # ...and so is one that spells no word this long ("P D P D" is no "PD PD")
_EVEN = 0.15  # letter gaps within this share of the letters' height of the narrowest are even
_WIDER = 1.5  # a gap at least this many letter gaps wide parts two words
_LONE_LETTER_WORDS = frozenset("aAI")  # a letter that is a word on its own


def _letter(w: Word) -> bool:
    return len(w.text) == 1 and w.text.isalpha()


def joined_letter_spacing(words: list[Word], lexicon: Lexicon) -> list[Word]:
    """A line's words with each letter-spaced run of single letters replaced by the words it
    spells (one box around each word's letters); the same list when there is none."""
    if not lexicon or not _has_run(words):
        return words
    out: list[Word] = []
    i, n = 0, len(words)
    space = _word_space(words)
    while i < n:
        j = i + 1
        if _letter(words[i]):
            while j < n and _letter(words[j]) and words[j].x0 > words[j - 1].x1:
                j += 1
        spelled = _spelled(words[i:j], lexicon, space) if j - i >= MIN_LETTERS else None
        out.extend(words[i:j] if spelled is None else spelled)
        i = j
    return out


def _has_run(words: list[Word]) -> bool:
    """Whether MIN_LETTERS single letters follow one another (one pass: every line is asked)."""
    count = 0
    for w in words:
        count = count + 1 if len(w.text) == 1 and w.text.isalpha() else 0
        if count >= MIN_LETTERS:
            return True
    return False


def _word_space(words: list[Word]) -> float | None:
    """The line's usual space between words that are not both single letters, if it has any."""
    gaps = sorted(b.x0 - a.x1 for a, b in zip(words, words[1:])
                  if b.x0 > a.x1 and not (_letter(a) and _letter(b)))
    return gaps[len(gaps) // 2] if gaps else None


def _spelled(run: list[Word], lexicon: Lexicon, space: float | None) -> list[Word] | None:
    """The words an evenly letter-spaced run spells, or None (also when its letters are set as
    far apart as the line's other words: "f o r m" in running text is spaced as written)."""
    gaps = [b.x0 - a.x1 for a, b in zip(run, run[1:])]
    letter = min(gaps)
    even = _EVEN * max(w.y1 - w.y0 for w in run)
    if space is not None and letter >= space - even:
        return None
    pieces: list[list[Word]] = [[run[0]]]
    for g, w in zip(gaps, run[1:]):
        if g <= letter + even:
            pieces[-1].append(w)
        elif g >= _WIDER * letter and g > letter + even:
            pieces.append([w])
        else:
            return None  # a gap neither a letter's nor a word's: no letter spacing
    if len(pieces) == len(run):
        return None  # no two letters set at the letter gap: single letters, spaced as words
    texts = ["".join(w.text for w in p) for p in pieces]
    if max(map(len, texts)) < MIN_WORD or not all(
            t.lower() in lexicon if len(t) > 1 else t in _LONE_LETTER_WORDS for t in texts):
        return None
    return [Word(*words_box(p).as_tuple(), t, p[0].seq) for p, t in zip(pieces, texts)]
