"""Rows: words that share a baseline band across the whole region, whatever column they sit in.

Rows are the unit the gutter finder sweeps over; inside a single column a row is a text line,
once its scripts (sub- and superscripts whose boxes fall between two lines) are back in it.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from operator import attrgetter, itemgetter

from .geometry import Word, median, median_high

# Points. Guards, not thresholds: the height a box of no height (a rule, a space glyph) is measured
# with, and the line height assumed where there is nothing to measure it from.
_MIN_HEIGHT = 0.1
FALLBACK_LINE_HEIGHT = 10.0
_BY_X = attrgetter("x0", "seq")  # a row's words, left to right
# Sub- and superscripts, a fraction's numerator and denominator: glyphs in smaller type set right
# against a word of a line. When their boxes fall between two lines they may form a row of their
# own; each goes back to the line of the word it touches. Facts of typesetting, not tuning: a
# script is set smaller than this share of the word's type, and not smaller than the second (a
# tick label beside an axis title set sideways is no script)...
_SCRIPT_HEIGHT = 0.85
_SCRIPT_MIN_HEIGHT = 0.4
# ...in a row of at most this many words, each of at most this many characters, at most this
# share of the line's height from the word it follows or precedes (a kerned script may overlap
# it by a little), overlapping it by this share of its own height.
_SCRIPT_WORDS = 4
_SCRIPT_CHARS = 4
_SCRIPT_GAP = 0.3
_SCRIPT_REACH = 0.25
# A word with a neighbour this close in size (a share of its height), within this many of its
# heights, is a word of a line in small type. Words this close in x (points) are stacked.
_SAME_SIZE = 0.1
_WORD_SPACE = 0.5
_STACKED = 0.1
# A fraction set in text: numbers of at most this many digits, the narrower half over (under) the
# wider by at least this share of its width, the pair's middle within this share of the line's
# height of the line's middle (a fraction stands on the math axis).
_FRACTION_DIGITS = 3
_FRACTION_OVERLAP = 0.5
_FRACTION_CENTRE = 0.25


# Words in type whose boxes stand far above and below its letters (a title in Open Sans: boxes
# twice the line pitch) overlap the next line's by half their height. A word of the row's first
# word's size set under one of the row's, its centre this share of its height lower, starts the
# next line.
_OTHER_LINE = 0.4
_LETTERED = re.compile(r"[^\W_]{2}")
_NO_BOX = float("nan")  # equal to no coordinate


def _under_a_word_of(w: Word, row: list[Word]) -> bool:
    """`w` lies under (or over) a word of the row of its size, which covers half the narrower's
    width at least, a good share of their height apart (not a word drawn twice over itself),
    both of two letters or digits at least."""
    if not _LETTERED.search(w.text):
        return False  # (a radical sign, an accent, drawn over a word: the line's own)
    h = w.y1 - w.y0
    for u in row:  # (the regular expression last: most words of the row fail a test of numbers)
        if (abs(u.y1 - u.y0 - h) <= _SAME_SIZE * h and abs(u.y0 + u.y1 - w.y0 - w.y1) >= 2 * _OTHER_LINE * h
                and min(u.x1, w.x1) - max(u.x0, w.x0) >= 0.5 * min(u.x1 - u.x0, w.x1 - w.x0)
                and _LETTERED.search(u.text)):
            return True
    return False


def _by_centre(w: Word) -> tuple[float, float, int]:  # rows top to bottom, each left to right
    return (w.y0 + w.y1, w.x0, w.seq)


@dataclass(slots=True)
class Row:
    words: list[Word] = field(default_factory=list)
    y0: float = 0.0
    y1: float = 0.0
    _spans: list[tuple[float, float]] | None = None  # occupied(), computed once
    _gaps: "RowGaps | None" = None  # gaps(), computed once

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    @property
    def word_height(self) -> float:
        """The words' usual height, not the row's extent: a superscript or a tall math symbol
        must not make a body line look like a heading."""
        ws = self.words
        if len(ws) == 1:  # (most rows of a sparse page): its one height
            return ws[0].y1 - ws[0].y0
        return median([w.y1 - w.y0 for w in ws], self.y1 - self.y0)

    def occupied(self) -> list[tuple[float, float]]:
        """Merged x-intervals covered by the row's words, left to right (the gutter sweeps ask
        for them again at every level of the recursion: computed once)."""
        if self._spans is not None:
            return self._spans
        spans: list[tuple[float, float]] = []
        it = iter(self.words)  # sorted by x0; a row has at least one word
        w = next(it)
        a, b = w.x0, w.x1
        for w in it:
            if w.x0 <= b:
                if w.x1 > b:
                    b = w.x1
            else:
                spans.append((a, b))
                a, b = w.x0, w.x1
        spans.append((a, b))
        self._spans = spans
        return spans

    def gaps(self) -> "RowGaps":
        """The gaps between the row's occupied spans, left to right, and their widths sorted (the
        gutter checks ask each row for the gap at every strip they weigh: computed once)."""
        if self._gaps is None:
            spans = self.occupied()
            starts = [a[1] for a in spans[:-1]]
            ends = [b[0] for b in spans[1:]]
            self._gaps = RowGaps(starts, ends, sorted([b - a for a, b in zip(starts, ends)]))
        return self._gaps


@dataclass(slots=True)
class RowGaps:
    starts: list[float]  # each gap's left end (the span before it ends there), left to right
    ends: list[float]
    widths: list[float]  # ends - starts, sorted

    def median_without(self, width: float) -> float:
        """The median of the widths less one of `width` (one of them), without copying them."""
        n = len(self.widths) - 1
        if n <= 0:
            return 0.0
        skip = bisect_left(self.widths, width)

        def at(p: int) -> float:
            return self.widths[p if p < skip else p + 1]

        return at(n // 2) if n % 2 else (at(n // 2 - 1) + at(n // 2)) / 2


def make_rows(words: list[Word], overlap: float) -> list[Row]:
    """Group words into rows by vertical overlap with the row's first word, top to bottom.

    Comparing with the first word (not the growing union) stops a tall word, a drop cap or a
    vertical label, from swallowing the rows beside it.
    """
    rows: list[Row] = []
    ws: list[Word] | None = None  # the open row's words, its extent and its first word's
    top = bottom = ref0 = ref1 = ref_h = 0.0
    # The box of a word that joined the open row on its top and bottom alone: a word of that box
    # joins it as well (the test below asks nothing else; most words of a line share a box). The
    # first word's own box joins when it has a height: the overlap is then its whole height.
    same0 = same1 = _NO_BOX
    # Words come top to bottom, each row's left to right where their centres are level: a row of
    # words of its first word's box alone is already in order; one that took any other is sorted.
    unsorted: list[list[Word]] = []
    for w in sorted(words, key=_by_centre):
        y0, y1 = w.y0, w.y1
        if ws is not None:
            if y0 == same0 and y1 == same1:
                ws.append(w)
                continue
            ov = (y1 if y1 < ref1 else ref1) - (y0 if y0 > ref0 else ref0)
            h = y1 - y0 if y1 - y0 < ref_h else ref_h
            if ov >= overlap * (h if h > _MIN_HEIGHT else _MIN_HEIGHT):
                # A word of the first word's size a line's share lower, under a word of the row,
                # starts the next line; a script, smaller, stays in ("B1,2" over "1,39").
                other_line = (abs(y1 - y0 - ref_h) <= _SAME_SIZE * ref_h
                              and abs(y0 + y1 - ref0 - ref1) >= 2 * _OTHER_LINE * h)
                if not other_line:
                    same0, same1 = y0, y1
                if not (other_line and _under_a_word_of(w, ws)):
                    if not unsorted or unsorted[-1] is not ws:
                        unsorted.append(ws)
                    ws.append(w)
                    if y0 < top:
                        top = y0
                    if y1 > bottom:
                        bottom = y1
                    continue
            rows.append(Row(ws, top, bottom))
        ws = [w]
        top = ref0 = y0
        bottom = ref1 = y1
        ref_h = y1 - y0
        same0, same1 = (y0, y1) if ref_h > _MIN_HEIGHT and ref_h >= overlap * ref_h else (_NO_BOX, _NO_BOX)
    if ws is not None:
        rows.append(Row(ws, top, bottom))
    for row_words in unsorted:
        row_words.sort(key=_BY_X)
    return rows


def scripts_to_their_lines(rows: list[Row]) -> list[Row]:
    """A column's rows as its lines: each script (see _SCRIPT_HEIGHT) in a row of few words goes
    to the row above or below it that holds the word it touches, the word it follows first; rows
    left empty go. Rows of many words are lines: untouched. (Once the columns are found: the
    gutters are found on the rows as they come.) Decided on the rows as they come, then moved."""
    moves: list[tuple[Word, Row, Row]] = []
    fractions: list[tuple[Word, Word]] = []  # a centred fraction's halves moved together: (upper, lower)
    for k, row in enumerate(rows):
        if len(row.words) > _SCRIPT_WORDS:
            continue
        for w in row.words:
            if len(w.text) > _SCRIPT_CHARS or _has_a_neighbour_of_its_size(w, row):
                continue
            best: tuple[bool, float] | None = None
            target = None
            for j in (k - 1, k + 1):
                if not 0 <= j < len(rows):
                    continue
                for base in rows[j].words:
                    follows = _follows(w, base)
                    if follows is None:
                        continue
                    overlap = min(w.y1, base.y1) - max(w.y0, base.y0)
                    if overlap < _SCRIPT_REACH * (w.y1 - w.y0):
                        continue
                    if best is None or (follows, overlap) > best:
                        best, target = (follows, overlap), rows[j]
            if target is None:
                half = _fraction_half_of(w, rows, k)
                if half is not None:
                    target, other = half
                    fractions.append((other, w) if other.y0 < w.y0 else (w, other))
            if target is not None:
                moves.append((w, row, target))
    if not moves:
        return rows
    for w, source, target in moves:
        source.words.remove(w)
        target.words.append(w)
    received = {id(target) for _, _, target in moves}
    changed = received | {id(source) for _, source, _ in moves}
    for row in rows:
        if id(row) in changed and row.words:
            if id(row) in received:
                row.words.sort(key=_BY_X)
                _stacked_top_first(row.words)
                _fractions_top_first(row.words, fractions)
            row.y0 = min(w.y0 for w in row.words)
            row.y1 = max(w.y1 for w in row.words)
            row._spans = None
    return [row for row in rows if row.words]


def _follows(script: Word, base: Word) -> bool | None:
    """Whether `script`, set smaller than `base`, stands right after it (True) or right before it
    (False); None when it is not a script of `base`."""
    h = base.y1 - base.y0
    if not _SCRIPT_MIN_HEIGHT * h <= script.y1 - script.y0 < _SCRIPT_HEIGHT * h:
        return None
    gap = _SCRIPT_GAP * h
    if -gap / 3 <= script.x0 - base.x1 <= gap:
        return True
    if -gap / 3 <= base.x0 - script.x1 <= gap:
        return False
    return None


def _fraction_half(w: Word) -> bool:
    """A word that may be half of a fraction set in text ("5/16 inch"): a number of few digits.
    (A formula's stacked letters are left as they come: a display's rows are its own.)"""
    return w.text.isdigit() and len(w.text) <= _FRACTION_DIGITS


def _fraction_half_of(w: Word, rows: list[Row], k: int) -> tuple[Row, Word] | None:
    """The row above or below row k that holds the other half of the fraction `w` is a half of,
    and that half, if any: a word of its size stacked right over (under) it, across the same x,
    the two set smaller than the row's text and around its middle (a numerator in a line, its
    denominator fallen into a row between lines: "5/16 inch" set with a wider denominator; a
    chart's labels stacked beside a legend are not around its text's middle)."""
    if not _fraction_half(w):
        return None
    h = w.y1 - w.y0
    for j in (k - 1, k + 1):
        if not 0 <= j < len(rows):
            continue
        row = rows[j]
        for o in row.words:
            if abs((o.y1 - o.y0) - h) > _SAME_SIZE * h or not _fraction_half(o) or not _stacked(o, w):
                continue
            gap = w.y0 - o.y1 if j < k else o.y0 - w.y1
            if not -_SCRIPT_REACH * h <= gap <= _SCRIPT_GAP * h:
                continue
            # The two halves stand across the line's text (around its middle), set smaller.
            middle = (min(o.y0, w.y0) + max(o.y1, w.y1)) / 2
            if any(abs(middle - x.cy) < _FRACTION_CENTRE * (x.y1 - x.y0) and h < _SCRIPT_HEIGHT * (x.y1 - x.y0)
                   for x in row.words):
                return row, o
    return None


def _stacked(a: Word, b: Word) -> bool:
    """One word right over the other: the narrower spans most of its width inside the wider
    (a fraction's halves, centred or set at one left edge)."""
    narrower = min(a.x1 - a.x0, b.x1 - b.x0)
    return narrower > 0 and min(a.x1, b.x1) - max(a.x0, b.x0) >= _FRACTION_OVERLAP * narrower


def _has_a_neighbour_of_its_size(w: Word, row: Row) -> bool:
    """A word of the same size within a word space of `w` in its own row: `w` is a word of a line
    in small type (a note), not a script."""
    h = w.y1 - w.y0
    return any(o is not w and abs((o.y1 - o.y0) - h) <= _SAME_SIZE * h
               and min(abs(o.x0 - w.x1), abs(w.x0 - o.x1)) <= _WORD_SPACE * h for o in row.words)


def _stacked_top_first(words: list[Word]) -> None:
    """Words stacked at one left edge (a fraction's numerator over its denominator, the same x to
    _STACKED points), top first, whatever order the PDF draws them in; `words` sorted by x."""
    for i in range(1, len(words)):
        j = i
        while j > 0 and words[j].x0 - words[j - 1].x0 <= _STACKED and words[j].y0 < words[j - 1].y0:
            words[j - 1], words[j] = words[j], words[j - 1]
            j -= 1


def _fractions_top_first(words: list[Word], fractions: list[tuple[Word, Word]]) -> None:
    """A centred fraction's numerator right before its denominator (a wider denominator starts
    left of it); `words` one row's, sorted by x."""
    for upper, lower in fractions:
        at = {id(w): k for k, w in enumerate(words)}
        u, low = at.get(id(upper)), at.get(id(lower))
        if u is not None and low is not None and u > low:
            words.insert(low, words.pop(u))


def row_pitch(rows: list[Row]) -> float:
    """Typical distance between the centres of consecutive rows (the line pitch).

    Centres, not box gaps: some producers give words boxes twice as tall as others for the same
    glyphs, so the white space between boxes says little; the distance between centres does not
    depend on it.
    """
    cys = [r.y0 + r.y1 for r in rows]  # twice the centres: halved once below
    dists = [(b - a) / 2 for a, b in zip(cys, cys[1:]) if b > a]
    if not dists:
        return max((r.y1 - r.y0 for r in rows), default=FALLBACK_LINE_HEIGHT)
    return median_high(dists)


@dataclass(frozen=True, slots=True)
class ParagraphPitch:
    """A column's line pitches: the median distance between its rows (`rows`), and, after each
    line that ends at the column's right edge (which a line of its paragraph follows), that
    line's word height and its distance to the next (`full`)."""

    rows: float
    full: tuple[tuple[float, float], ...]  # sorted by word height: `of` asks for a range of it

    def of(self, word_height: float, same: float, unknown: float | None = None) -> float:
        """The pitch inside paragraphs of type `word_height` tall (within `same` of it): the median
        distance after full lines in that type, where three or more tell it and it is shorter
        than the rows' median; the rows' median otherwise (or `unknown`, when given). A column of
        headings and paragraphs of a line or two (a short paper's method section) has more
        spaces around them than lines inside a paragraph, and the median distance, a space,
        would pass for the pitch, hiding every paragraph break; its references, in smaller
        type, are set closer than its text."""
        lo = bisect_left(self.full, word_height - same * word_height, key=itemgetter(0))
        hi = bisect_right(self.full, word_height + same * word_height, lo, key=itemgetter(0))
        if hi - lo < 3:
            return self.rows if unknown is None else unknown
        found = sorted(d for _, d in self.full[lo:hi])
        return min(self.rows, found[len(found) // 2])


def _right_edge(ends: list[float], tolerance: float) -> float:
    """The rightmost edge that three lines or more end at (within `tolerance`): a column's right
    edge, not a line running over it into the margin (a long URL); infinity where none does."""
    ends = sorted(ends, reverse=True)
    for i, e in enumerate(ends[:-2]):
        if e - ends[i + 2] <= tolerance:
            return e
    return float("inf")


def paragraph_pitch(rows: list[Row], tolerance: float) -> ParagraphPitch:
    """The line pitches of a column's rows (`ParagraphPitch`), its right edge within `tolerance`."""
    ends = [r.occupied()[-1][1] for r in rows]
    right = _right_edge(ends, tolerance)
    # (Rows closer than a line's height are no paragraph's lines: text set beside other text on
    # baselines of its own, a script.)
    full = sorted((a.word_height, b.cy - a.cy) for a, end, b in zip(rows, ends, rows[1:])
                  if right - end <= tolerance and b.cy - a.cy >= a.word_height)
    return ParagraphPitch(row_pitch(rows), tuple(full))


def line_pitch(rows: list[Row]) -> float:
    """The line pitch of rows that may interleave: columns whose baselines do not line up give
    rows half a line apart, so a line's height bounds the pitch from below."""
    return max(row_pitch(rows), median([r.y1 - r.y0 for r in rows], 0.0))
