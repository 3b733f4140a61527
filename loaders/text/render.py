"""Turn an ordered page layout into page text, remembering where each block landed in it."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property

from .footnote_marks import may_hold_marks, without_footnote_marks
from .hyphens import HyphenContext, ends_broken_at_hyphen, join_at_hyphen, on_one_line
from ..engine.bidi import paragraph_right_to_left
from ..engine.floats import body_height, runs_into
from ..engine.geometry import FURNITURE_KINDS, HEADING, TEXT, Block, Line, PageLayout, Word, median
from .leaders import without_leaders
from .letter_spacing import joined_letter_spacing
from .lexicon import CLOSED_COMPOUNDS, Lexicon, known_words, page_language, words_of
from .ligatures import (f_ligatures_collapsed, ligatures_look_lost, line_text, mend_collapsed_f, mend_th,
                        mend_tt_ft, mend_words, t_ligatures_lost, th_ligature_lost)
from ..engine.settings import LayoutSettings
from ..engine.tables import TableBlock
from .tables import table_text

_LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
              "\ufb05": "st", "\ufb06": "st", "\u0132": "IJ", "\u0133": "ij"}
_SPACES = re.compile(r"[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\t]+")
# Invisible characters, bidirectional controls among them (marks, embeddings, isolates: the order
# they set is the one the words are read in), and the tatweel stretching Arabic words to justify
# a line ("الـــعربية" is "العربية"). The zero-width non-joiner and joiner shape the letters of a
# word in the scripts that join them (Persian "می‌خواهم", a Devanagari half form): kept between
# two such letters, dropped elsewhere (a line-break hint in "PDF/‌VT").
_JOINING = "\u0600-\u08ff\u0900-\u0dff\ufb50-\ufdff\ufe70-\ufefe"  # Arabic, Syriac, Thaana, Indic
_INVISIBLE = re.compile(r"[\u00ad\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]|"
                        rf"(?<![{_JOINING}])[\u200c\u200d]|[\u200c\u200d](?![{_JOINING}])|"
                        r"(?<=[\u0620-\u064a\u066e-\u06d3])\u0640+|\u0640+(?=[\u0620-\u064a\u066e-\u06d3])")
_LIGATURE_RE = re.compile("|".join(_LIGATURES))
# Adobe's Symbol font draws tall brackets, braces and rules from pieces it puts in the Private Use
# Area (U+F8E5..U+F8FE): no reader or embedder knows them there, Unicode has them as characters.
_SYMBOL_PIECES = dict(zip(map(chr, range(0xF8E5, 0xF8FF)),
                          "\u203e\u23d0\u23af\u00ae\u00a9\u2122\u239b\u239c\u239d\u23a1\u23a2\u23a3\u23a7"
                          "\u23a8\u23a9\u23aa\u23ae\u239e\u239f\u23a0\u23a4\u23a5\u23a6\u23ab\u23ac\u23ad"))
_SYMBOL_PIECE_RE = re.compile("[\uf8e5-\uf8fe]")

LINE_SEP = "\n"
BLOCK_SEP = "\n\n"


# Accents that TeX's older fonts draw as a glyph of their own before the letter ("V¨axj¨o",
# "Vuli´c"): the letter with its accent, one character again ("Växjö", "Vulić").
_SPACING_ACCENTS = {"\u00a8": "\u0308", "\u00b4": "\u0301", "\u02c6": "\u0302", "\u02dc": "\u0303",
                    "\u02da": "\u030a", "\u02c7": "\u030c", "\u02d8": "\u0306", "\u02d9": "\u0307"}
# Inside a word only: a tilde or hat before a variable at the start of a word is mathematics.
_ACCENTED = re.compile("(?<=[^\\W\\d_])([" + "".join(_SPACING_ACCENTS) + "]{1,2})([A-Za-z\u0131])")
_VARIABLE_ACCENTS = "\u02c6\u02dc"  # (the hat and the tilde)
# At a word's start, the accents mathematics does not set over a variable and only before a
# letter that two lower-case letters follow: "´Ecole", "˚Arhus", "¨Uber" ("École", "Århus",
# "Über"), not a dotted variable's "˙x".
_ACCENTED_AT_START = re.compile("(?<![^\\W\\d_])([" + "".join(a for a in _SPACING_ACCENTS if a not in _VARIABLE_ACCENTS)
                                + "])([A-Za-z])(?=[a-z]{2})")


# The cedilla TeX's older fonts draw as a glyph of its own under the letter, which the text layer
# gives after it or, by its box, just before it ("Computac¸˜ao", "Bur¸cin"): on the c, s or t it
# sits under, one character again ("Computação", "Burçin"). Before the letter only inside a word.
_CEDILLA_AFTER = re.compile("([cCsStT])\u00b8")
_CEDILLA_BEFORE = re.compile("(?<=[^\\W\\d_])\u00b8([cCsStT])")


def _with_cedilla(m: re.Match[str]) -> str:
    return unicodedata.normalize("NFC", m.group(1) + "\u0327")


# A list's marker in a font that maps its glyphs to no character (a dingbat font's bullet or check
# box, often without a ToUnicode map) reads U+FFFD: at a line's start, apart from the text it marks,
# or two glyphs and more glued to a word, it is a bullet: before a word, a quote or a check box.
# One glyph glued to letters is a lost ligature ("\ufffdnancial", mended from the word list);
# before a digit, a lost minus ("\ufffd0.40"); before a sign or a bracket, math (a big sum's).
_UNREAD_MARKER = re.compile(r"^(\s*)(?:\ufffd+\s+(?=[^\W\d_]|[\u2610-\u2612\u25a0-\u25ff\"'“‘])"
                            r"|\ufffd{2,}(?=[^\W\d_]))")
# A word run into a mathematical letter ("with𝑅𝑣"): the space between them was lost.
_GLUED_TO_MATH = re.compile(r"(?<=[^\W\d_\U0001D400-\U0001D7FF]{2})(?=[\U0001D400-\U0001D7FF])")


def _accented(m: re.Match[str]) -> str:
    letter = "i" if m.group(2) == "\u0131" else m.group(2)  # a dotless i takes the accent
    marks = [_SPACING_ACCENTS[a] for a in m.group(1)]
    # Two accents stacked (Vietnamese "Nguy˜ˆen"): drawn top one first or last, either way one letter.
    for order in (marks, marks[::-1]):
        if len(one := unicodedata.normalize("NFC", letter + "".join(order))) == 1:
            return one
    return m.group(0)  # no such letter (a hat over a variable): as drawn


def normalize(text: str) -> str:
    """Expand ligatures, give the Symbol font's bracket pieces their Unicode characters, turn odd
    spaces into plain ones, drop invisible characters, put accents drawn apart back on their
    letters, a word glued to a mathematical letter apart from it and an unreadable list marker
    as a bullet."""
    if text.isascii() and "\t" not in text:
        return text  # most lines: nothing to do (every character handled here is non-ASCII)
    text = _LIGATURE_RE.sub(lambda m: _LIGATURES[m.group(0)], text)
    text = _SYMBOL_PIECE_RE.sub(lambda m: _SYMBOL_PIECES[m.group(0)], text)
    text = _INVISIBLE.sub("", text)
    if "\u00b8" in text:
        text = _CEDILLA_BEFORE.sub(_with_cedilla, _CEDILLA_AFTER.sub(_with_cedilla, text))
    text = _ACCENTED_AT_START.sub(_accented, _ACCENTED.sub(_accented, text))
    text = _GLUED_TO_MATH.sub(" ", text)
    if text.lstrip().startswith("\ufffd"):
        text = _UNREAD_MARKER.sub("\\1\u2022 ", text)
    return _SPACES.sub(" ", text)


@dataclass(frozen=True, slots=True)
class BlockSpan:
    """Where a block's text sits in the page text: [start, end)."""

    block: Block
    start: int
    end: int


SOFT_HYPHEN = "\u00ad"


_STRIP = ".,;:!?()[]{}\"'“”‘’"


@dataclass
class _Repairs:
    """What the page's text needs mended and the word lists the mending uses: lost fi/ff/fl,
    "Th" and "tt"/"ft" ligatures and fi/ff/fl read as "f" (by the word list), and compounds told
    from discretionary hyphens."""

    dictionary: Lexicon = field(default_factory=dict)
    th_dictionary: Lexicon = field(default_factory=dict)
    t_dictionary: Lexicon = field(default_factory=dict)
    f_dictionary: Lexicon = field(default_factory=dict)  # ligatures read as a lone "f"
    words: Lexicon = field(default_factory=dict)  # telling compounds from discretionary hyphens
    layout: PageLayout | None = None  # the page, whose own words are read only when needed
    closed_compounds: str = ""  # the page's language, when it writes compounds as one word
    settings: LayoutSettings = field(default_factory=LayoutSettings)  # the page's (line_pitch's full lines)

    @cached_property
    def page_words(self) -> frozenset[str]:
        """The page's own words, lower case (built on first use: most pages never ask)."""
        words = self.layout.words if self.layout else []
        return frozenset([w.text.strip(_STRIP).lower() for w in words])

    @cached_property
    def line_pitch(self) -> float | None:
        """The line pitch of the page's text blocks (its paragraphs, mostly: a few captions,
        notes or labels do not move the median), measured between their full lines (of
        mark_min_line_words words) that follow one another: where a paragraph too short to
        measure its own sets its lines. None without two such lines in a row (built on first
        use: most pages never ask)."""
        pitches = [p for block in (self.layout.blocks if self.layout else [])
                   if block.kind == TEXT and not isinstance(block, TableBlock)
                   for p in _full_line_pitches([line.words for line in block.lines], self.settings)[1]]
        return median(pitches) if pitches else None

    @cached_property
    def hyphens(self) -> HyphenContext:
        """The words a line-end hyphen is decided with (built on first use)."""
        return HyphenContext.of(self.words, self.page_words, self.closed_compounds)


def _line_texts(lines: list[list[Word]], s: LayoutSettings, repairs: _Repairs,
                drop_marks: bool = True) -> list[str]:
    """Lines of words as text (`_clean_line`), footnote marks taken out (`drop_marks`), empty
    lines left out."""
    texts = []
    page = repairs.layout
    mixed = page is None or page.has_right_to_left
    # The paragraph's direction (a page without a right-to-left letter spares every line the look).
    rtl = mixed and paragraph_right_to_left([w for words in lines for w in words], page is not None and page.right_to_left)
    spelled = (known_words(), repairs.words) if s.normalize_text and not rtl else None  # letter-spaced words' lists
    for k, words in enumerate(lines):
        if words and words[0].reads_down and all(w.reads_down for w in words):
            words = words[::-1]  # lines set sideways, reading down: the rightmost is read first
        if spelled:
            words = joined_letter_spacing(words, spelled, s)
        raw = line_text(words, repairs.dictionary, s, rtl, mixed)
        # Footnote marks are digits: a line whose text has none is spared the search.
        if drop_marks and s.normalize_text and may_hold_marks(raw):
            usual = _usual_place(lines, k, s, repairs) if len(words) < s.mark_min_line_words else None
            unmarked = without_footnote_marks(words, known_words(), s, usual)
            if unmarked is not words:
                raw = line_text(unmarked, repairs.dictionary, s, rtl, mixed)
        text = _clean_line(raw, s)
        if text.strip(SOFT_HYPHEN):
            texts.append(text)
    return texts


def _full_line_pitches(lines: list[list[Word]], s: LayoutSettings) -> tuple[list[float], list[float], list[float]]:
    """A paragraph's line tops, the pitches between its full lines that follow one another, and
    the word heights of its full lines (full: of mark_min_line_words words or more)."""
    full = [len(ws) >= s.mark_min_line_words for ws in lines]
    tops = [median([w.y0 for w in ws]) if ws else 0.0 for ws in lines]
    pitches = [tops[j + 1] - tops[j] for j in range(len(lines) - 1) if full[j] and full[j + 1]]
    heights = [w.y1 - w.y0 for ws, f in zip(lines, full) if f for w in ws]
    return tops, pitches, heights


def _usual_place(lines: list[list[Word]], k: int, s: LayoutSettings,
                 repairs: _Repairs | None = None) -> tuple[float, float] | None:
    """Where line k's words would have their top were none raised (the line before's top, one
    pitch of the paragraph's full lines lower), and those lines' usual word height; None
    without a full line before it. A paragraph of too few lines to measure its pitch (two full
    lines in a row) is taken to be set at the pitch of the page's paragraphs. (In other type it
    is not: a smaller note's next line stands above that place foot and all, a larger one's
    below it, and neither reads as raised.)"""
    if k == 0 or len(lines[k - 1]) < s.mark_min_line_words:
        return None
    tops, pitches, heights = _full_line_pitches(lines, s)
    if pitches:
        return tops[k - 1] + median(pitches), median(heights)
    page = repairs.line_pitch if repairs else None
    return None if page is None else (tops[k - 1] + page, median(heights))


def _clean_line(raw: str, s: LayoutSettings) -> str:
    """A line's text normalised, its dot leaders one ellipsis each (leaders.py); a line broken at a soft hyphen (tagged PDFs mark discretionary
    hyphens so) keeps it as its last character."""
    raw = raw.rstrip()
    text = without_leaders(normalize(raw)).strip() if s.normalize_text else raw
    if raw.endswith(SOFT_HYPHEN) and not text.endswith(SOFT_HYPHEN):
        text += SOFT_HYPHEN
    return text


def block_text(block: Block, s: LayoutSettings, repairs: _Repairs | None = None) -> str:
    """A block's lines joined; a word broken by a hyphen at a line end is joined again. Words that
    lost a ligature are mended later (`_mended`), once words broken across blocks are whole too."""
    repairs = repairs or _Repairs()
    return LINE_SEP.join(_rejoined(_line_texts([line.words for line in block.lines], s, repairs), s, repairs))


def _rejoined(lines: list[str], s: LayoutSettings, repairs: _Repairs) -> list[str]:
    """Lines of text, each joined to the line before where a hyphen at that line's end breaks a
    word (a soft hyphen, or a hyphen decided with the words on both sides)."""
    out: list[str] = []
    for text in lines:
        if out and out[-1].endswith(SOFT_HYPHEN):
            if out[-1][:-1].endswith("-"):
                out[-1] = out[-1][:-1]  # a compound broken at its own hyphen: keep the line break
                out.append(text)
                continue
            elif s.dehyphenate and text[:1].isalpha():
                out[-1] = out[-1][:-1] + text  # a discretionary hyphen: the word is whole again
                continue
            else:
                out[-1] = out[-1][:-1] + "-"
        joined = (join_at_hyphen(out[-1], text, repairs.hyphens)
                  if out and s.dehyphenate and ends_broken_at_hyphen(out[-1]) else None)
        if joined is None:
            out.append(text)
        else:
            out[-1] = joined
    if out and out[-1].endswith(SOFT_HYPHEN):
        out[-1] = out[-1][:-1] + "-"
    return out


def _cell_text(lines: list[list[Word]], s: LayoutSettings, repairs: _Repairs) -> str:
    """A table cell's lines (as drawn) on one line, each read as a paragraph's line is (pieces
    drawn touching are one word) and joined as a paragraph's lines are; a hyphen left at a
    line's end before a letter ("Norm-" + "Trittschallpegel") keeps the parts together: a cell's
    lines run on with no line break to keep. A raised digit in a cell stays: it is a unit's
    exponent ("km2") as often as a footnote's mark."""
    return on_one_line(LINE_SEP.join(_rejoined(_line_texts(lines, s, repairs, drop_marks=False), s, repairs)))


_FIRST_WORD = re.compile(r"\S+")


def _join_words_broken_across_blocks(texts: list[tuple[Block, str]], repairs: _Repairs) -> None:
    """A paragraph that runs on in the next column, or past a figure, breaks a word at the block's
    end ("recog-" | "nition is"): the word goes whole to the end of the first block when the word
    list or the page backs it ("recognition" is a word; the page writes "non-archival"), not on a
    guess: the next block may not continue this one. The first block may be a heading: a reference
    entry's first line is often set apart as one."""
    for k in range(1, len(texts)):
        (prev_block, prev), (block, text) = texts[k - 1], texts[k]
        if (prev_block.kind not in (TEXT, HEADING) or block.kind != TEXT or isinstance(prev_block, TableBlock)
                or isinstance(block, TableBlock) or not text[:1].islower()):
            continue
        last = prev[prev.rfind(LINE_SEP) + 1:]
        if not ends_broken_at_hyphen(last):
            continue
        first = _FIRST_WORD.match(text)  # (the text opens with a lower-case letter)
        if first is None:
            continue
        word = first.group(0)
        joined = join_at_hyphen(last, word, repairs.hyphens, sure_only=True)
        if joined is not None:
            rest = text[len(word):]
            texts[k - 1] = (prev_block, prev[:len(prev) - len(last)] + joined)
            texts[k] = (block, rest[1:] if rest[:1] in (" ", LINE_SEP) else rest)


def _mended(text: str, repairs: _Repairs, s: LayoutSettings) -> str:
    """Words that lost a ligature mended, whole: after the line ends are joined."""
    if repairs.dictionary:
        text = mend_words(text, repairs.dictionary, s)
    if repairs.th_dictionary:
        text = mend_th(text, repairs.th_dictionary)
    if repairs.t_dictionary:
        text = mend_tt_ft(text, repairs.t_dictionary, s)
    if repairs.f_dictionary:
        text = mend_collapsed_f(text, repairs.f_dictionary, s)
    return text


def _repairs(layout: PageLayout, s: LayoutSettings) -> _Repairs:
    """What this page's text needs mended, and the word lists that mending uses."""
    if not (s.repair_ligatures or s.dehyphenate):
        return _Repairs(layout=layout, settings=s)
    words = layout.words
    language = page_language([w.text for w in words[: s.language_sample_words]], s)
    lexicon = words_of(language) if language else {}
    th_lost = s.repair_ligatures and language == "en" and th_ligature_lost(words)
    # Fonts that lose "Th" lose "tt" too; others lose "tt" and "ft" alone.
    t_lost = s.repair_ligatures and language == "en" and (th_lost or t_ligatures_lost(words, lexicon, s))
    f_lost = s.repair_ligatures and bool(lexicon) and f_ligatures_collapsed(words, lexicon, s)
    return _Repairs(
        lexicon if s.repair_ligatures and ligatures_look_lost(words, s, language) else {},
        lexicon if th_lost else {},
        lexicon if t_lost else {},
        lexicon if f_lost else {},
        lexicon if s.dehyphenate else {},
        layout,
        language if language in CLOSED_COMPOUNDS else "",
        s)


def _paragraph_text(lines: list[Line], s: LayoutSettings, repairs: _Repairs) -> str:
    """Lines read as the page reads a paragraph (a word its line end broke whole, mended)."""
    return _mended(block_text(Block(list(lines)), s, repairs), repairs, s)


def _caption_text(block: TableBlock, s: LayoutSettings, repairs: _Repairs) -> str:
    """A table's caption on one line."""
    if block.table is None or not block.table.caption:
        return ""
    return on_one_line(_paragraph_text(block.table.caption, s, repairs))


def _notes_text(block: TableBlock, s: LayoutSettings, repairs: _Repairs) -> str:
    """A table's notes, read as the page reads paragraphs (a note a line where each is set on
    its own lines)."""
    if block.table is None:
        return ""
    return "\n".join(_paragraph_text(n, s, repairs) for n in block.table.notes)


def page_text(layout: PageLayout, s: LayoutSettings | None = None,
              body_h: float | None = None) -> tuple[str, list[BlockSpan]]:
    """The page's text in reading order and the span of every block in it: blocks apart by a
    blank line, but a paragraph that a column's break or a float cut in mid-sentence runs on
    after a line break, as its own lines do (`body_h`: the page's body type, see body_height).

    Furniture is left out unless `keep_furniture`; blocks left out have no span in the list.
    """
    s = s or LayoutSettings()
    if body_h is None:
        body_h = body_height(layout, 0.0, s)
    repairs = _repairs(layout, s)
    texts: list[tuple[Block, str]] = []
    for block in layout.blocks:
        if block.kind in FURNITURE_KINDS and not s.keep_furniture:
            continue
        if isinstance(block, TableBlock):
            texts.append((block, table_text(block, s, _caption_text(block, s, repairs),
                                            lambda lines: _cell_text(lines, s, repairs), layout.right_to_left,
                                            _notes_text(block, s, repairs))))
        else:
            texts.append((block, block_text(block, s, repairs)))
    if s.dehyphenate:
        _join_words_broken_across_blocks(texts, repairs)
    parts: list[str] = []
    spans: list[BlockSpan] = []
    pos = 0
    before: Block | None = None  # the block whose text was added last
    for block, text in texts:
        if not isinstance(block, TableBlock):
            text = _mended(text, repairs, s)
        if not text:
            continue
        if parts:
            # (A table is no text block: it neither leaves a sentence open nor carries one on.)
            sep = LINE_SEP if before is not None and runs_into(before, block, body_h, s) else BLOCK_SEP
            parts.append(sep)
            pos += len(sep)
        parts.append(text)
        spans.append(BlockSpan(block, pos, pos + len(text)))
        pos += len(text)
        before = block
    return "".join(parts), spans

