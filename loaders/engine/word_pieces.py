"""Words a PDF draws in pieces, made whole again.

MuPDF joins the characters of one text run into words, but a piece of a word drawn as a text
object of its own (a brace in a symbol font, a subscript, a word that a generator or a
redrawing tool places piece by piece) comes out as a word of its own, touching the one before
it. The page text joins such pieces already (`text.ligatures`), but the geometry would count
them as words: a table's short cells ("{", "2", ",", "500", "}") would pass for lines of prose,
and its columns for a page's. Here they become one word, as MuPDF gives them when drawn whole.
Pure geometry on words.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from math import floor
from operator import attrgetter
from typing import AbstractSet, Iterable

from .bidi import RIGHT_TO_LEFT_CHARACTER
from .geometry import SMALL_CAPS_KERN, Word, drawn_touching, raised_after, small_caps_piece
from .settings import LayoutSettings

# A piece is of the word beside it only in type of about its size: a subscript is three
# quarters of its letter's height; a drop cap is three lines of the text it opens.
_LEAST_HEIGHT_SHARE = 0.5
# A big bracket or brace is drawn as pieces stacked over several lines ("⎧" "⎨" "⎩", "⎛" "⎜"
# "⎝"; the Symbol font's own codes for them, U+F8E5 to U+F8FE): each piece stands beside a line
# of what it encloses, no part of its words.
_DELIMITER_PIECE = re.compile("[\u239b-\u23b3\uf8e5-\uf8fe]")


def joined_pieces(words: list[Word], line_starts: list[int] | None, s: LayoutSettings) -> list[Word]:
    """The words with pieces drawn touching on one line joined, left to right, into one word
    (its box the pieces' union, its place in the drawing order its first piece's); every word
    keeps its place in the drawing order, numbered again from 0. `line_starts`: where each text
    line as drawn starts in `words` (given line by line; None: every word may start one): a
    piece of a word drawn apart starts a line of its own, and follows another line's last word.
    Words set sideways, a mark raised in smaller type (a footnote's, which the text layer tells
    apart from its word), line numbers down a column's edge and the stacked pieces of a big
    bracket are left as they are; so is a page with right-to-left text, whose
    pieces ("2" "." of a numbered heading) the text layer reads in the line's order (`bidi`),
    not left to right."""
    if len(words) < 2:
        return words
    near = _near_ends(words, range(len(words)) if line_starts is None else line_starts, s)
    if not near or RIGHT_TO_LEFT_CHARACTER.search(" ".join([w.text for w in words])):
        return words  # (most pages: no line starts where another ends)
    asked = [w for w in near if w.text.isdigit()]
    groups = _grouped(near, s, _numbers_in_a_column(asked, words, s) if asked else set())
    pieces = {id(p) for g in groups if len(g) > 1 for p in g}
    if not pieces:
        return words
    whole = [w for w in words if id(w) not in pieces] + [_whole(g) for g in groups if len(g) > 1]
    whole.sort(key=lambda w: w.seq)
    return [Word(w.x0, w.y0, w.x1, w.y1, w.text, i, w.reads_down) for i, w in enumerate(whole)]


def _near_ends(words: list[Word], starts: Iterable[int], s: LayoutSettings) -> list[Word]:
    """The lines' first words that start where another line's last word ends (within the
    touching distances, on any line: `_grouped` asks the rest), and those last words: the only
    words that may be pieces. A sorted list of the last words' right edges answers each first
    word at the cost of a search."""
    starts = list(starts)
    lasts = [words[i - 1] for i in starts if i > 0] + [words[-1]]
    by_end = sorted(lasts, key=attrgetter("x1"))
    ends = [w.x1 for w in by_end]
    gap, overlap = s.touching_gap, s.touching_overlap
    near: dict[int, Word] = {}
    for w in (words[i] for i in starts):
        lo = bisect_right(ends, w.x0 - gap)
        hi = bisect_left(ends, w.x0 + _reach(w, overlap), lo)
        for prev in by_end[lo:hi]:
            if prev is not w:
                near[id(prev)] = prev
                near[id(w)] = w
    return list(near.values())


def _reach(w: Word, overlap: float) -> float:
    """How far into `w` the word before it may end and still be a piece of it: `overlap`, or,
    for a word opening with a capital, a logo's capital kerned into its neighbour
    (`small_caps_piece`)."""
    return max(overlap, SMALL_CAPS_KERN * (w.y1 - w.y0)) if w.text[:1].isupper() else overlap


def _numbers_in_a_column(asked: list[Word], words: list[Word], s: LayoutSettings) -> set[int]:
    """The numbers `asked` (by id) that start where two other numbers of `words` or more start, on
    other lines: line numbers down a column's edge ("265", "270", "275") where they are in
    smaller type than the word they touch (a table's column of numbers drawn in pieces, "{" "2"
    "," "500" "}", is in its words' type)."""
    numbers = sorted((w for w in words if w.text.isdigit()), key=attrgetter("x0"))
    starts = [w.x0 for w in numbers]
    tol = s.edge_tolerance
    out: set[int] = set()
    for w in asked:
        lo, hi = bisect_left(starts, w.x0 - tol), bisect_right(starts, w.x0 + tol)
        if sum(1 for o in numbers[lo:hi] if abs(o.cy - w.cy) > o.y1 - o.y0) >= 2:
            out.add(id(w))
    return out


def _grouped(words: list[Word], s: LayoutSettings, apart: AbstractSet[int] = frozenset()) -> list[list[Word]]:
    """The words in groups, left to right, each the pieces of one word (most groups one word);
    the numbers in `apart` (by id) no piece of a word in larger type."""
    groups: list[list[Word]] = []
    open_ends: dict[int, list[int]] = {}  # the groups by the floor of their right edge
    for w in sorted(words, key=attrgetter("x0")):
        k = _piece_of(w, groups, open_ends, s, apart)
        if k is None:
            k = len(groups)
            groups.append([w])
        else:
            open_ends[floor(groups[k][-1].x1)].remove(k)
            groups[k].append(w)
        open_ends.setdefault(floor(w.x1), []).append(k)
    return groups


def _piece_of(w: Word, groups: list[list[Word]], open_ends: dict[int, list[int]], s: LayoutSettings,
              apart: AbstractSet[int] = frozenset()) -> int | None:
    """The group whose last piece `w` carries on (the one it overlaps most in height), if any."""
    if w.reads_down or not w.text or _DELIMITER_PIECE.search(w.text):
        return None
    best, best_overlap = None, 0.0
    for key in range(floor(w.x0 - s.touching_gap), floor(w.x0 + _reach(w, s.touching_overlap)) + 1):
        for k in open_ends.get(key, ()):
            prev = groups[k][-1]
            capitals = small_caps_piece(prev, w, w.x0 - prev.x1)
            if (not (capitals or drawn_touching(prev, w, s.touching_overlap, s.touching_gap)) or prev.reads_down
                    or _DELIMITER_PIECE.search(prev.text)):
                continue
            low, high = sorted((prev.y1 - prev.y0, w.y1 - w.y0))
            overlap = min(prev.y1, w.y1) - max(prev.y0, w.y0)
            if (high <= 0 or low < _LEAST_HEIGHT_SHARE * high or overlap < s.row_overlap * low
                    or not capitals and raised_after(w, prev, s.mark_small, s.mark_raised)
                    or (id(w) in apart or id(prev) in apart) and low < s.mark_small * high):
                continue  # (a line number in smaller type; a table's numbers in pieces are its cells')
            if overlap > best_overlap:
                best, best_overlap = k, overlap
    return best


def _whole(pieces: list[Word]) -> Word:
    """One word of the pieces (left to right): their box, their text, the first drawn's place."""
    if len(pieces) == 1:
        return pieces[0]
    return Word(pieces[0].x0, min(p.y0 for p in pieces), max(p.x1 for p in pieces), max(p.y1 for p in pieces),
                "".join(p.text for p in pieces), min(p.seq for p in pieces))
