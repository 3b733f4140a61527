"""Plain geometric types shared by the layout engine, the loader and the splitter.

Coordinates are PDF points with PyMuPDF's top-left origin (y grows downwards). Nothing here
imports PyMuPDF, so the layout algorithm can be tested on hand-made boxes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import chain
from typing import Iterable, Sequence

from .bidi import RIGHT_TO_LEFT_CHARACTER, marks_apart, paragraph_right_to_left, text_in_reading_order
from .settings import LayoutSettings


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def as_tuple(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)

    def rounded(self, ndigits: int = 2) -> list[float]:
        return [round(float(v), ndigits) for v in self.as_tuple()]

    @staticmethod
    def union(boxes: Iterable["Box"]) -> "Box":
        """The box around some boxes (at least one); the same one pass as `words_box`."""
        return words_box(boxes)


@dataclass(slots=True)
class Word:
    """One word as the PDF draws it: its box, its text and its position in the drawing order.

    `seq` is only used to break ties the geometry leaves open. `reads_down`: a line set sideways
    (one word, as the PDF edge gives it) that reads top to bottom: lines of such text follow one
    another right to left (text that reads up, left to right, as upright words do).
    """

    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    seq: int = 0
    reads_down: bool = False

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    @property
    def box(self) -> Box:
        return Box(self.x0, self.y0, self.x1, self.y1)


def drawn_touching(prev: Word, w: Word, overlap: float, gap: float) -> bool:
    """Two pieces of one word: `w` drawn right after `prev` on its line, touching it (a gap under
    `gap` points) or overlapping it by less than `overlap` points (a kern, a mark drawn apart)."""
    return -overlap < w.x0 - prev.x1 < gap


# Small capitals: a word in capitals drawn in pieces of two sizes (a heading's "I" "NTRODUCTION",
# "A" "UTO" "S" "KLEARN"), the smaller (two letters or more) of this share of the larger's
# height, on its baseline (within this share of that height) and nearer to it than this share:
# no word space is that narrow.
_SMALL_CAPS_SIZE = (0.5, 0.9)
_SMALL_CAPS_BASELINE = 0.1
_SMALL_CAPS_GAP = 0.1
# A logo's smaller capital kerned into the capital beside it overlaps it by less than this share
# of its own height.
SMALL_CAPS_KERN = 0.5


def small_caps_piece(prev: Word, w: Word, gap: float) -> bool:
    """`prev` and `w` are pieces of one word in capitals and small capitals, or of a logo whose
    smaller capital is kerned into the capital beside it ("L" "A" "TEX")."""
    if not (prev.text[-1:].isupper() and w.text[:1].isupper()):
        return False
    h0, h1 = prev.y1 - prev.y0, w.y1 - w.y0
    big, small = max(h0, h1), min(h0, h1)
    if not _SMALL_CAPS_SIZE[0] * big <= small <= _SMALL_CAPS_SIZE[1] * big:
        return False
    lo, hi = (w, prev) if h1 < h0 else (prev, w)
    if gap < 0:  # kerned into the capital beside it: a logo's raised capital (LaTeX's "A", the
        # larger piece maybe more of the logo, "TEX2e"), its middle and its foot above the
        # larger's (a subscript kerned under its letter is set lower), its top not above the
        # larger's (a superscript's or a note's mark rises over its letter).
        return (-gap < SMALL_CAPS_KERN * small and lo.text.isupper()
                and lo.y0 + lo.y1 < hi.y0 + hi.y1 and lo.y1 < hi.y1
                and lo.y0 >= hi.y0 - _SMALL_CAPS_BASELINE * big)
    if not (prev.text.isupper() and w.text.isupper()):
        return False
    if len(lo.text) < 2:
        return False  # a lone smaller capital is a subscript as often ("E" "P" "S": E with PS below)
    return gap < _SMALL_CAPS_GAP * big and abs(w.y1 - prev.y1) <= _SMALL_CAPS_BASELINE * big


def raised_after(mark: Word, before: Word, small: float, raised: float) -> bool:
    """`mark` set after `before` in smaller type (under `small` times its height) with its foot
    raised by `raised` points at least: a footnote's or a note's mark, not the word's own type."""
    return mark.y1 - mark.y0 < small * (before.y1 - before.y0) and mark.y1 <= before.y1 - raised


def words_except(words: Iterable[Word], taken: Iterable[Word]) -> list[Word]:
    """`words` without those in `taken`: the same objects, not equal boxes (two words may share
    one box)."""
    out = {id(w) for w in taken}
    return [w for w in words if id(w) not in out]


def words_box(words: Iterable["Word | Box"]) -> Box:
    """The box around some words (at least one), in one pass (called for every line and block
    of a page)."""
    it = iter(words)
    first = next(it)
    x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
    for w in it:
        if w.x0 < x0:
            x0 = w.x0
        if w.y0 < y0:
            y0 = w.y0
        if w.x1 > x1:
            x1 = w.x1
        if w.y1 > y1:
            y1 = w.y1
    return Box(x0, y0, x1, y1)


@dataclass(slots=True)
class Line:
    """Words on one baseline inside one column, left to right."""

    words: list[Word]
    # A Hebrew or Arabic line's reading, kept with the text it was read from (the engine asks a
    # line's text several times).
    _read: tuple[str, str] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def box(self) -> Box:
        return words_box(self.words)

    @property
    def height(self) -> float:
        return self.box.height

    @property
    def text(self) -> str:
        """The line's words in the order they are read: left to right, unless the line holds
        Hebrew or Arabic (`_as_read`)."""
        text = " ".join([w.text for w in self.words])  # a list joins faster than a generator
        if text.isascii() or not RIGHT_TO_LEFT_CHARACTER.search(text):
            return text
        if self._read is None or self._read[0] != text:
            self._read = (text, _as_read(self.words))
        return self._read[1]


_DEFAULTS = LayoutSettings()


def _as_read(words: list[Word]) -> str:
    """A Hebrew or Arabic line's words in the order they are read (what the engine looks at: a
    heading's number first, a sentence's full stop last; and a running head's text). The line
    runs right to left when nearly all its letters do, as on a Latin page: the engine's looks at
    a line know no page, and a page of Hebrew or Arabic has few lines of mixed letters."""
    s = _DEFAULTS
    touching = [drawn_touching(prev, w, s.touching_overlap, s.touching_gap) or marks_apart(prev, w, s)
                for prev, w in zip(words, words[1:])]
    return text_in_reading_order(words, touching, paragraph_right_to_left(words, False))


# A number standing alone as a value: a table's cell, a chart's tick ("102.1", "1,080.1", "(904)",
# "12.5%", "−0.2", ".5", ".102.1": a leader's last dot touching it; not "79,").
VALUE = re.compile(r"^\.*\(?[-−+]?\d[\d,.]*(?<!,)\)?%?$")

# Block kinds. Header and footer blocks are page furniture: kept in metadata, not in page text.
TEXT, HEADING, HEADER, FOOTER = "text", "heading", "header", "footer"
TABLE = "table"  # a table: its words leave the prose flow, its cells are kept as rows
FIGURE = "figure"  # a figure's labels (ticks, legend, axis titles): in the page text, not in the chunks' prose
LINE_NUMBERS = "line-numbers"
WATERMARK = "watermark"  # large type set slanted across the page or printed over its text ("DRAFT")
FURNITURE_KINDS = frozenset({HEADER, FOOTER, LINE_NUMBERS, WATERMARK})

# Bands of the page body are numbered in reading order from FIRST_BAND; a negative band is a flag
# (the JSON metadata carries the same numbers). The engine sets rows apart at the page's top and
# bottom edge as header/footer candidates and line numbers in the margin as a ruler; once furniture
# is decided, headers, footers and rulers share FURNITURE_BAND and FURNITURE_REGION.
FIRST_BAND = 0
TOP_EDGE_BAND, BOTTOM_EDGE_BAND, RULER_BAND = -1, -2, -3
EDGE_BANDS = frozenset({TOP_EDGE_BAND, BOTTOM_EDGE_BAND})
FURNITURE_BAND = FURNITURE_REGION = -1

# Two letters in a row: a word of letters somewhere in the text, not only symbols, figures or a bullet.
LETTERED = re.compile(r"[^\W\d_]{2,}")
# A section's number: "3", "3.1", "IV.", "A." (not "A Survey"); a heading opens with one.
SECTION_NUMBER_TEXT = r"\d{1,2}(\.\d{1,2})*\.?|[IVX]+\.|[A-Z]\."
# (A capital; or a Hebrew or Arabic letter after a number with a dot, "2." or "3.1": those
# scripts have no capitals, and a line may open with a bare figure.)
SECTION_NUMBER = re.compile(rf"^({SECTION_NUMBER_TEXT})\s+[A-Z]"
                            r"|^(\d{1,2}(\.\d{1,2})+\.?|\d{1,2}\.)\s+[\u05d0-\u05ea\u0620-\u064a\u066e-\u06d3]")


# A page's number as a line of its own: "12", "- 12 -", "iv", "Page 12 of 30", "Seite 3"; not a
# share ("25%", a chart's tick label at the page's edge).
PAGE_NUMBER = re.compile(
    r"^\W*((page|seite|página|pagina|p\.)\s*)?(\d{1,4}|[ivxlcdm]{1,7})(\s*(/|of|de|von)\s*\d{1,4})?[^\w%‰]*$",
    re.IGNORECASE)
# A displayed equation's number, a word of its own at the end of its line: "(3)", "(3.10)", "(2a)".
EQUATION_NUMBER = re.compile(r"^\(\d+(\.\d+)*[a-z]?\)$")
# A footnote's own mark, opening its line: a number of one or two digits, or a reference symbol.
# A web or mail address in a word or line ("https://...", "www.", "name@host").
WEB_ADDRESS = re.compile(r"://|@|www\.")
# A statute's section sign and its number ("§ 3", "§§ 4"): a heading's line of its own, or the
# opening of one ("§ 3 Anmeldung").
CLAUSE_SIGN = re.compile(r"^§§?\s*\d+[a-z]?")
NOTE_MARK = re.compile(r"^(\d{1,2}|[∗⋆†‡§¶*])$")


def opens_with_note_mark(line: Line, s: LayoutSettings) -> bool:
    """The line opens with a footnote's mark set raised in smaller type before its text ("1 https://data.gov.uk/",
    "2 Example of footnote text."): a footnote, whatever its own type."""
    ws = line.words
    return len(ws) > 1 and bool(NOTE_MARK.match(ws[0].text)) and raised_after(ws[0], ws[1], s.mark_small,
                                                                              s.mark_raised)


def in_capitals(text: str) -> bool:
    """Two letters or more, all capitals ("IV. DESIGN OF ONTOLOGY"): a heading's style, not
    running text's."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


@dataclass(slots=True)
class Block:
    """A paragraph-like run of lines inside one column of one band."""

    lines: list[Line]
    band: int = 0
    column: int = 0
    region: int = 0
    kind: str = TEXT
    panel: int = 0  # the shaded or framed box it lies in (engine/panels.py), from 1 on its page; 0: none
    bold: bool = False  # a heading in the body's size that its bold face alone sets apart (layout.py)

    @property
    def box(self) -> Box:
        # The lines' words chained, not listed first: a block's box is asked for again and again.
        return words_box(chain.from_iterable([line.words for line in self.lines]))

    @property
    def words(self) -> list[Word]:
        words: list[Word] = []
        for line in self.lines:  # (each line's words at once, not word by word: asked for often)
            words += line.words
        return words


# How far a page's words are turned (clockwise, degrees) from the page as stored: the frame the
# engine reads them in (pdf/words.py turns them; a page whose text runs up is READS_UP).
UPRIGHT, READS_UP, UPSIDE_DOWN, READS_DOWN = 0, 90, 180, 270


@dataclass(slots=True)
class PageLayout:
    """The ordered structure of one page: blocks in reading order, furniture included."""

    width: float
    height: float
    blocks: list[Block] = field(default_factory=list)
    columns_per_band: dict[int, int] = field(default_factory=dict)
    confidence: float = 1.0
    doubts: list[str] = field(default_factory=list)
    # The rows of each region (by Block.region) as the engine cut them, for the table finder: rows
    # made again from a region's words come out the same. Emptied once the tables are placed.
    region_rows: list[list] = field(default_factory=list, repr=False, compare=False)
    # Running head and foot candidates (furniture.py's), found once before any page is decided:
    # each page is compared with its neighbours again for every page decided.
    furniture_candidates: list | None = field(default=None, repr=False, compare=False)
    # The page's usual word height (its body type) and how many words it has: the reader weighs
    # pages by them for the document's body type.
    usual_height: float = field(default=0.0, repr=False, compare=False)
    word_count: int = field(default=0, repr=False, compare=False)
    # The turn of its words' frame (UPRIGHT...): a landscape page read turned has the running
    # head and foot it shares with the document's upright pages up its sides.
    turn: int = field(default=UPRIGHT, repr=False, compare=False)
    # Its columns read right to left (a Hebrew or Arabic page, or the setting says so), and
    # whether it has any right-to-left letter (a page without one reads every line as it stands).
    right_to_left: bool = field(default=False, repr=False, compare=False)
    has_right_to_left: bool = field(default=True, repr=False, compare=False)
    # Its text boxes (panels.py), by number: the floats placed later take the number of the box
    # they lie in.
    panels: list[Box] = field(default_factory=list, repr=False, compare=False)

    @property
    def body_blocks(self) -> list[Block]:
        return [b for b in self.blocks if b.kind not in FURNITURE_KINDS]

    @property
    def words(self) -> list[Word]:
        return [w for b in self.blocks for w in b.words]


def weighted_median(pairs: Sequence[tuple[float, int]], default: float = 0.0) -> float:
    """The value at the middle of the total weight of (value, weight) pairs."""
    total = sum(w for _, w in pairs)
    if total <= 0:
        return default
    acc = 0
    for value, w in sorted(pairs):
        acc += w
        if 2 * acc >= total:
            return value
    return default


def median(values: Sequence[float], default: float = 0.0) -> float:
    """Median without numpy (the engine is called per page; this stays cheap)."""
    n = len(values)
    if n < 2:  # (nothing to sort: a row of one word, a line's one gap)
        return values[0] if n else default
    s = sorted(values)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def median_high(values: Sequence[float]) -> float:
    """The larger of the two middle values (one of the values, never an average of two), at least
    one value: a line pitch or a position that must be one actually measured."""
    return sorted(values)[len(values) // 2]


def drawn_in_this_order(groups: Iterable[Sequence[Word]]) -> bool:
    """Whether the PDF draws these words (lines or rows, each left to right) each after the one
    before: the drawing order then says nothing the geometry does not (a cheap early exit)."""
    last = -1
    for words in groups:
        for w in words:
            if w.seq <= last:
                return False
            last = w.seq
    return True
