"""Letter-spaced words joined: "a b s t r a c t" is "abstract", "C H A P T E R" is "CHAPTER".

Journals and book designers set headings with extra space between the letters (tracking). The
gap between two letters is then wider than MuPDF's word space, so every letter comes out as a
word of its own: no reader, keyword search or embedding model knows "h i g h l i g h t s". Such a
run is told from letters that are words (list marks "a b c d", a grid's column letters, math's
"x y z") by its geometry and its words: single letters side by side in a line, in one type
height, the gaps between them alike (tracking adds the same space after every letter) and no
wider than `letter_spaced_gap` letter heights; a gap clearly wider than that is a word space
("a r t i c l e   i n f o"); and every word the joined letters make is a known word (English,
or the page's language: German sets emphasis letter-spaced, "g e s p e r r t").

Only the text changes (a line's words are joined as its text is written): the layout reads the
letters' boxes as they are, so the page's type sizes, rows and gutters stay what they were.
"""
from __future__ import annotations

from typing import Sequence

from ..engine.geometry import Word
from ..engine.settings import LayoutSettings
from .lexicon import Lexicon

_SAME_GAP = 0.15  # a letter gap within this share of the run's narrowest (plus _SLACK) is alike
_SLACK = 0.3  # points
_WORD_SPACE = 1.5  # a gap this many times the letter gap, or wider, parts two words of the run
_SAME_HEIGHT = 0.2  # letters whose tops and bottoms lie within this share of their height: one type


def _letter(w: Word) -> bool:
    return len(w.text) == 1 and w.text.isalpha()


def _next_letter(a: Word, b: Word, s: LayoutSettings) -> bool:
    """b can follow a in a letter-spaced run: the same type, right after it (within a word space
    of tracked type: the tracking, then a space of the type's height)."""
    h = a.y1 - a.y0
    return (abs(b.y0 - a.y0) <= _SAME_HEIGHT * h and abs(b.y1 - a.y1) <= _SAME_HEIGHT * h
            and 0 < b.x0 - a.x1 <= (1 + s.letter_spaced_gap) * h)


def _words_of_run(run: list[Word], s: LayoutSettings) -> list[list[Word]] | None:
    """The run parted into words at its word spaces, or None when its letters are not tracked
    type: a letter gap wider than letter_spaced_gap letter heights, or letter gaps unlike."""
    gaps = [b.x0 - a.x1 for a, b in zip(run, run[1:])]
    tracking = min(gaps)
    if tracking > s.letter_spaced_gap * (run[0].y1 - run[0].y0):
        return None
    words = [[run[0]]]
    for w, gap in zip(run[1:], gaps):
        if gap <= tracking * (1 + _SAME_GAP) + _SLACK:
            words[-1].append(w)
        elif gap >= _WORD_SPACE * tracking:
            words.append([w])
        else:
            return None  # neither the run's letter gap nor a word space: no tracking
    return words


def _joined(run: list[Word], lexicons: Sequence[Lexicon], s: LayoutSettings) -> list[Word]:
    """The run's letters as the words they spell, or the run as it is."""
    words = None if len(run) < s.letter_spaced_letters else _words_of_run(run, s)
    if words is None or any(len(w) < 2 or not _known("".join(x.text for x in w).lower(), lexicons) for w in words):
        return run
    return [Word(w[0].x0, min(x.y0 for x in w), w[-1].x1, max(x.y1 for x in w), "".join(x.text for x in w), w[0].seq)
            for w in words]


def _known(word: str, lexicons: Sequence[Lexicon]) -> bool:
    return any(word in lexicon for lexicon in lexicons)


def joined_letter_spacing(line: list[Word], lexicons: Sequence[Lexicon], s: LayoutSettings) -> list[Word]:
    """A line's words (left to right) with each letter-spaced word as one word, its box the
    letters' box; the line itself when it holds none. A word is known when one of `lexicons`
    (English, the page's language: German sets emphasis letter-spaced) lists it."""
    n = s.letter_spaced_letters
    if len(line) < n or not any(lexicons) or sum(1 for w in line if len(w.text) == 1) < n:
        return line
    out: list[Word] = []
    run: list[Word] = []
    for w in line:
        if _letter(w) and (not run or _next_letter(run[-1], w, s)):
            run.append(w)
            continue
        out += _joined(run, lexicons, s)
        run = [w] if _letter(w) else []
        if not run:
            out.append(w)
    out += _joined(run, lexicons, s)
    return out if len(out) < len(line) else line
