"""The PyMuPDF edge: words of a page as plain `Word` boxes, in drawing order.

A page whose text mostly runs up or down (a landscape table set sideways on a portrait page), or
is set upside down (a page stored so under a /Rotate of 180), is turned so that its text runs
left to right before layout; `PageWords.to_page` turns boxes back into PyMuPDF page coordinates
for metadata.
"""
from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from itertools import accumulate, chain, groupby
from operator import itemgetter

import pymupdf

from ..engine.bidi import MOSTLY, right_to_left_share
from ..engine.geometry import READS_DOWN, READS_UP, UPRIGHT, UPSIDE_DOWN, Box, Word, median, words_box
from ..engine.sideways import sideways_box
from ..engine.settings import LayoutSettings
from ..engine.word_pieces import joined_pieces
from ..text.footnote_marks import ORDINAL_ENDINGS, known_before_mark
from ..text.lexicon import known_words
from .dingbats import is_zapf_dingbats, read_dingbat
from .glyph_names import mended_words
from .pixels import unrotated_rect

log = logging.getLogger(__name__)

# Words straight from the characters: no ligature preservation (we normalise ourselves), no
# dehyphenation (we join across our own lines, not MuPDF's), text clipped to the media box. The
# same reading of the page collects its paths' boxes (for the table finder's rules), lazily, so
# that a path drawn between two glyphs never parts a word: the words are those without it.
_FLAGS = (pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP
          | pymupdf.TEXT_COLLECT_VECTORS | pymupdf.TEXT_LAZY_VECTORS)
_VECTOR_BLOCK = 3  # extractBLOCKS' block type of a path's box

# pdfTeX's T1 fonts without a ToUnicode map give their ligature glyphs as control codes, which
# MuPDF then treats as spaces ("speci\x1ced" comes out as "speci" "ed").
_T1_LIGATURES = {"\x1b": "ff", "\x1c": "fi", "\x1d": "fl", "\x1e": "ffi", "\x1f": "ffl"}
_ANY_LIGATURE_CODE = re.compile(r"[\x1b-\x1f]")
_LIGATURE_CODE = re.compile(r"[^\W\d_][\x1b-\x1f]|[\x1b-\x1f][^\W\d_]")


# Mathematical italic letters (U+1D400..U+1D7FF) glued to ordinary ones: math fonts often leave
# the space after a symbol to positioning, which MuPDF does not read as a space ("Let 𝑁be").
_MATH_GLUED = re.compile("[\U0001D400-\U0001D7FF][^\\W\\d_\U0001D400-\U0001D7FF]"
                         "|[^\\W\\d_\U0001D400-\U0001D7FF][\U0001D400-\U0001D7FF]")
_ANY_MATH_LETTER = re.compile("[\U0001D400-\U0001D7FF]")


def _words_from_chars(raw: dict, s: LayoutSettings) -> list[tuple]:
    """Words built from the characters of a page's rawdict, as the tuples of extractWORDS (x0, y0,
    x1, y1, text, block, line, word), for the pages MuPDF's own words get wrong: T1 ligature codes
    become letters, Zapf Dingbats glyphs the signs they draw (`read_dingbat`), and a word is cut
    where the font changes across a visible gap."""
    missing_space = s.missing_space
    ligatures = _T1_LIGATURES
    out: list[tuple] = []
    # Text blocks numbered alone, as extractWORDS numbers them (a word's own MuPDF line is looked
    # up by these numbers: _lone_words_by_their_lines).
    for bno, block in enumerate(b for b in raw["blocks"] if b.get("type", 0) == 0):
        for lno, line in enumerate(block.get("lines", [])):
            word: list[dict] = []
            wno = 0
            last_span = -1
            for n, span in enumerate(line["spans"]):
                wide = missing_space * span["size"]  # a gap this wide between fonts parts words
                dingbats = is_zapf_dingbats(span["font"])
                for c in span["chars"]:
                    ch = c["c"]
                    if dingbats and (ch := read_dingbat(ch)) != c["c"]:
                        c = {**c, "c": ch}
                    is_text = ch in ligatures or (ord(ch) > 32 and ord(ch) != 160)
                    if word and (not is_text or (n != last_span and c["bbox"][0] - word[-1]["bbox"][2] > wide)):
                        out.append(_char_word(word, bno, lno, wno))
                        wno += 1
                        word = []
                    if is_text:
                        word.append(c)
                        last_span = n
            if word:
                out.append(_char_word(word, bno, lno, wno))
    return out


def _char_word(chars: list[dict], bno: int, lno: int, wno: int) -> tuple:
    """One word of rawdict characters as an extractWORDS tuple: its box around theirs (the
    first of equal edges kept, as `words_box` keeps it), ligature codes as letters."""
    text = "".join([_T1_LIGATURES.get(c["c"], c["c"]) for c in chars])
    boxes = [c["bbox"] for c in chars]
    return (min([b[0] for b in boxes]), min([b[1] for b in boxes]), max([b[2] for b in boxes]),
            max([b[3] for b in boxes]), text, bno, lno, wno)


_line_key = itemgetter(5, 6)  # MuPDF's block and line numbers

# C1 control codes, which no text holds: a dingbat font's check box can come out as U+FFFD and
# one of them, two words, the second nothing to read.
_ANY_C1_CONTROL = re.compile("[\x80-\x9f]")
_BULLETS = "•◦▪▫‣∙●○■□►▸"  # a list's bullets: no letters of a word
_ANY_BULLET = re.compile(f"[{_BULLETS}]")
_BULLET_GAP = 0.25  # (of the bullet's height) the space that sets a bullet apart from its word
_CONTROLS_ONLY = re.compile("^[\x00-\x1a\x7f-\x9f]+$")  # (not T1's ligature codes, 1B..1F: "ff")


def without_control_words(raw: list[tuple]) -> list[tuple]:
    """extractWORDS tuples less the words of control codes only: no text (a dingbat font's
    check box read as U+FFFD and a C1 code, two words, would make the box a column of its own)."""
    return [w for w in raw if not _CONTROLS_ONLY.match(w[4])]


_Char = tuple[float, float, float, float, str, float, float]  # box, character, font size, baseline


def _text_dict(tp: pymupdf.TextPage, raw: bool = False) -> dict:
    """The text page's dict (its rawdict when `raw`), without blocks where MuPDF cannot build
    it: some fonts give a glyph a character code outside Unicode (seen on shaped Arabic), and
    the dict readers then fail for the whole page, where its words still read. The characters
    only refine the words, so the page is read without them rather than lost."""
    try:
        return tp.extractRAWDICT() if raw else tp.extractDICT()
    except (SystemError, ValueError) as exc:
        log.warning("MuPDF cannot give a page's %s (%s): the page is read from its words alone",
                    "characters" if raw else "lines", exc)
        return {"blocks": []}


def _spans(rawdict: dict) -> list[tuple]:
    """A rawdict's spans as (box, font size, characters), for `_word_chars`."""
    return [(span["bbox"], span["size"], span["chars"]) for block in rawdict["blocks"]
            for line in block.get("lines", ()) for span in line["spans"]]


def _spans_near(tp: pymupdf.TextPage, words: list[tuple]) -> list[tuple]:
    """The spans of the text page's lines that cross these words' boxes (widened by their
    height), for `_word_chars` (`_dicts_near`)."""
    return [span for d in _dicts_near(tp, words, raw=True) for span in _spans(d)]


def _dicts_near(tp: pymupdf.TextPage, words: list[tuple], raw: bool) -> list[dict]:
    """The text page's dicts (rawdicts with `raw`) of the lines that cross these words' boxes
    (widened by their height). A rawdict of the whole page costs ten times its words (a dict for
    every character), and the few words that need their characters sit on a line or two: the
    text page's rectangle, which MuPDF's dict readers keep the lines within (as a clip would), is
    narrowed around them, where this PyMuPDF exposes it; one call for each band of words far
    apart from the next (marks on lines down the page: the lines between them are not read)."""
    margin = max(w[3] - w[1] for w in words)
    try:
        rect = tp.this.m_internal.mediabox
        saved = (rect.x0, rect.y0, rect.x1, rect.y1)
    except AttributeError:  # (a PyMuPDF without the low-level text page: the whole page)
        return [_text_dict(tp, raw=raw)]
    out: list[dict] = []
    try:
        for band in _bands(words, margin):
            x0, y0 = min(w[0] for w in band) - margin, min(w[1] for w in band) - margin
            x1, y1 = max(w[2] for w in band) + margin, max(w[3] for w in band) + margin
            rect.x0, rect.y0 = max(saved[0], x0), max(saved[1], y0)
            rect.x1, rect.y1 = min(saved[2], x1), min(saved[3], y1)
            out.append(_text_dict(tp, raw=raw))
    finally:
        rect.x0, rect.y0, rect.x1, rect.y1 = saved
    return out


# A bold face by its name ("Arial-BoldMT", "SourceSansPro-Semibold", "Helvetica-Black"), where
# the font's flags do not say so (MuPDF's bold flag reads the font descriptor, which many omit).
_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi", re.IGNORECASE)


def _bold_reader(tp: pymupdf.TextPage, to_page: Callable[[Box], Box]) -> Callable[[list[Word]], list[bool]]:
    """Which of some words (in the words' frame) are set in a bold face: the spans across each
    word's box, by their font's bold flag or name, the most of its width deciding. Asked by the
    engine for the few lines that a bold face alone may make headings; each ask reads the text
    page's dict around those words only (`_dicts_near`)."""
    def bold(words: list[Word]) -> list[bool]:
        if not words:
            return []
        boxes = [to_page(w.box).as_tuple() for w in words]
        spans = [(span["bbox"], bool(span["flags"] & pymupdf.TEXT_FONT_BOLD) or bool(_BOLD_NAME.search(span["font"])))
                 for d in _dicts_near(tp, boxes, raw=False) for block in d["blocks"]
                 for line in block.get("lines", ()) for span in line["spans"] if span["text"].strip()]
        out = []
        for x0, y0, x1, y1 in boxes:
            weight = 0.0
            for (sx0, sy0, sx1, sy1), is_bold in spans:
                across = min(x1, sx1) - max(x0, sx0)
                if across > 0 and min(y1, sy1) - max(y0, sy0) > 0.5 * (y1 - y0):
                    weight += across if is_bold else -across
            out.append(weight > 0)
        return out
    return bold


def _bands(words: list[tuple], margin: float) -> list[list[tuple]]:
    """The words in bands down the page, each band's words within four margins of the next one's.
    (A line whose box reaches into two bands' rectangles, a tall glyph's between them, is read
    twice: no word's own characters lie in both, and `_word_chars` takes a word's from its box.)"""
    bands: list[list[tuple]] = []
    bottom = float("-inf")
    for w in sorted(words, key=itemgetter(1)):
        if w[1] - bottom > 4 * margin:
            bands.append([])
        bands[-1].append(w)
        bottom = max(bottom, w[3])
    return bands


def _word_chars(word: tuple, spans: list[tuple]) -> list[_Char] | None:
    """The characters of one extractWORDS word, left to right, or None when those inside its
    box do not spell it."""
    x0, y0, x1, y1, text = word[:5]
    chars: list[_Char] = []
    for (sx0, sy0, sx1, sy1), size, span_chars in spans:
        if sx1 < x0 or sx0 > x1 or sy1 < y0 or sy0 > y1:
            continue
        for c in span_chars:
            cx0, cy0, cx1, cy1 = c["bbox"]
            ch = _T1_LIGATURES.get(c["c"], c["c"])
            if ch.strip() and x0 - 0.5 <= (cx0 + cx1) / 2 <= x1 + 0.5 and y0 <= (cy0 + cy1) / 2 <= y1:
                chars.append((cx0, cy0, cx1, cy1, ch, size, c["origin"][1]))
    chars.sort(key=lambda c: c[0])
    return chars if "".join(c[4] for c in chars) == text else None


def _as_word(chars: list[_Char], word: tuple) -> tuple:
    """Some of a word's characters as an extractWORDS tuple in the word's MuPDF line."""
    return (min(c[0] for c in chars), min(c[1] for c in chars), max(c[2] for c in chars),
            max(c[3] for c in chars), "".join(c[4] for c in chars), *word[5:])


# Long words that are no URL, path, address, file name or hyphenated compound: the ones that may
# be glued, in a line of at least _GLUED_LINE characters whose words average _GLUED_MEAN or more
# (a German compound or an identifier sits among words of the usual length).
_NOT_GLUED = re.compile(r"[-/@:_\\?]|\.[a-z]{2,4}\b")  # (".org", ".pdf"; not "improve.The")
_GLUED_LINE = 40
_GLUED_MEAN = 12
_CLEAR_JUMP = 0.05  # share of the font size by which a space's gap must beat every in-word gap
_WORD_CHARS = 2  # in-word gaps per space, at least, where words glued (words of three letters on average)


def _unglued(raw: list[tuple], spans: Callable[[list[tuple]], list[tuple]], s: LayoutSettings) -> list[tuple]:
    """extractWORDS tuples with words that the PDF spaced by position alone parted (see
    LayoutSettings.glued_word_chars); the characters, read only when such a word is there."""
    glued = [k for k, w in enumerate(raw) if len(w[4]) >= s.glued_word_chars and not _NOT_GLUED.search(w[4])]
    if glued:  # (rare: a line's characters are counted only then)
        lines: dict[tuple[int, int], list[int]] = {}  # a line's characters, and its words
        for w in raw:
            line = lines.setdefault(_line_key(w), [0, 0])
            line[0] += len(w[4])
            line[1] += 1
        glued = [k for k in glued if (line := lines[_line_key(raw[k])])[0] >= _GLUED_LINE
                 and line[0] >= _GLUED_MEAN * line[1]]
    return _words_parted(raw, glued, spans, lambda word, page_spans: _parted(word, page_spans, s))


def _words_parted(raw: list[tuple], ks: list[int], spans: Callable[[list[tuple]], list[tuple]],
                  parts_of: Callable[[tuple, list[tuple]], list[tuple] | None]) -> list[tuple]:
    """`raw` with each word at an index of `ks` replaced by the words `parts_of` makes of it with
    the characters of the spans near those words (read only for them; None or none: the word
    stays as it is)."""
    if not ks:
        return raw
    page_spans = spans([raw[k] for k in ks])
    out = list(raw)
    for k in reversed(ks):  # (from the end: a word parted into several shifts those after it)
        parts = parts_of(raw[k], page_spans)
        if parts:
            out[k: k + 1] = parts
    return out


def _parted(word: tuple, spans: list[tuple], s: LayoutSettings) -> list[tuple] | None:
    """One extractWORDS word as the words its characters' gaps make, or None when it stays whole
    (no gap wide enough, in-word gaps nearly as wide, or characters that do not spell it)."""
    chars = _word_chars(word, spans)
    if chars is None:
        return None
    gaps = [b[0] - a[2] for a, b in zip(chars, chars[1:])]
    size = max(c[5] for c in chars)
    wide = [g >= s.glued_word_gap * size for g in gaps]
    narrow = [g for g, w in zip(gaps, wide) if not w]
    # Words of a few letters each, their own gaps clearly narrower (letter-spaced type has only
    # wide gaps: it stays whole).
    if not any(wide) or len(narrow) < _WORD_CHARS * sum(wide) or min(
            g for g, w in zip(gaps, wide) if w) - max(narrow) < _CLEAR_JUMP * size:
        return None
    cuts = [k + 1 for k, w in enumerate(wide) if w]
    # Parted only between words: a bullet or a sign set apart from its word stays on it.
    ends = [0, *cuts, len(chars)]
    pieces = [chars[a:b] for a, b in zip(ends, ends[1:])]
    cuts = [c for c, before, after in zip(cuts, pieces, pieces[1:]) if _lettered(before) and _lettered(after)]
    if not cuts:
        return None
    ends = [0, *cuts, len(chars)]
    return [_as_word(chars[a:b], word) for a, b in zip(ends, ends[1:])]


# A line's first word that may open with a footnote's or an affiliation's mark set right
# against it: one or two digits, then two letters or more that are no number's own ending
# ("1This", "4http://...", "2Centre"; not "3D", "2nd", "1er", "4a),", "2e7").
_LEADING_MARK = re.compile(r"^\d{1,2}([^\W\d_]+)")


# A word of letters that may end with a table note's or an affiliation's mark in letters, set
# raised in smaller type right against it ("Astrophysicsa", "Smitha,b"); a number after a word
# is mended in the text (text/footnote_marks.py), where its digits tell it.
_TRAILING_MARK = re.compile(r"^([^\W\d_]{4,})[^\W\d_](?:,[^\W\d_])*$")
# A word of letters with a footnote's number after it ("werden39"): in a font whose boxes
# stand far above its letters, the raised mark does not raise the word's box.
_NUMBER_MARK_AFTER = re.compile(r"^([^\W\d_]{3,})\d{1,2}$")
# Functions whose power is written raised after their name ("cos2 x"): no footnote's mark.
_FUNCTIONS = frozenset({"sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "coth", "arcsin",
                        "arccos", "arctan", "log", "exp", "det", "tr", "sh", "ch", "tg", "ctg"})
# A number with a note's mark after it, drawn touching: "431)" for "43" and a raised "1)".
_NUMBER_MARKED = re.compile(r"^[-+−]?\d[\d.,]*(?:\d{1,2}|[a-z])\)$")


def _may_end_in_mark(text: str) -> bool:
    """A word that is no word of the list while it is one without its last letter (or letters
    apart by commas): "Astrophysicsa", not "staff" or "pylori"."""
    m = _TRAILING_MARK.match(text)
    if m is None:
        return False
    lexicon = known_words()
    return m.group(1).lower() in lexicon and text.lower() not in lexicon


def _line_tops(raw: list[tuple]) -> list[float | None]:
    """For each word, the top of its MuPDF line's next word (or, last, the one before it); None
    for a word alone on its line. (One pass: every word of a page is asked.)"""
    keys = [_line_key(w) for w in raw]
    n = len(raw)
    out: list[float | None] = [None] * n
    for k in range(n):
        if k + 1 < n and keys[k + 1] == keys[k]:
            out[k] = raw[k + 1][1]
        elif k and keys[k - 1] == keys[k]:
            out[k] = raw[k - 1][1]
    return out


def _raised(word: tuple, top: float | None, s: LayoutSettings, alone: bool) -> bool:
    """The word's top stands above `top`, its MuPDF line's next word's (or, last, the one before
    it), by mark_raised: a mark's raise stretches the word's box up. A word alone on its line
    cannot tell, and is answered `alone`."""
    return alone if top is None else word[1] < top - s.mark_raised


def _marks_off(raw: list[tuple], spans: Callable[[list[tuple]], list[tuple]], s: LayoutSettings) -> list[tuple]:
    """extractWORDS tuples in which a mark set raised, in smaller type, against the first word
    of its line, or a mark in letters after a word, no longer stretches the word's box upwards:
    MuPDF reads "4http://www.imdb.com" and a table's "Astrophysicsa" as one word, and a footnote
    of a URL a line would pass for body type. With normalize_text the mark leaves the text too (a
    footnote mark, as those after a word do: see text/footnote_marks.py). The characters are read
    only for such words whose top stands above their line's (the mark's raise): a line's first
    word opening with a number (or with no word after it), a word of letters beside another. A
    note's mark closing with a bracket after a number ("431)": "43" and a raised "1)") becomes a
    word of its own, which stays in the text (a table's note refers to it)."""
    leading = []
    trailing = []
    numbered = []  # (rare: the pattern alone asks for the characters)
    after_words = []  # a word of letters, a number after it
    tops = _line_tops(raw)
    for k, w in enumerate(raw):
        if w[4][-1:] == ")" and _NUMBER_MARKED.match(w[4]):
            numbered.append(k)
        elif w[7] == 0:  # its line's first word: a leading mark alone on its line (a table's cell) is one
            if (m := _LEADING_MARK.match(w[4])) and len(m.group(1)) > 1 and (
                    m.group(1).lower() not in ORDINAL_ENDINGS) and _raised(w, tops[k], s, alone=True):
                leading.append(k)
        # A trailing mark on a word alone on its line is not asked: its characters would cost a page's.
        elif _raised(w, tops[k], s, alone=False) and _may_end_in_mark(w[4]):
            trailing.append(k)
        if (w[4][-1:].isdigit() and (m := _NUMBER_MARK_AFTER.match(w[4])) and m.group(1) not in _FUNCTIONS
                and known_before_mark(m.group(1), m.group(1), known_words(), s)):
            after_words.append(k)
    if after_words:  # in a line of running text: in a short one a raised digit may be an exponent ("ME bias2")
        lines = Counter(_line_key(w) for w in raw)
        trailing += [k for k in after_words if lines[_line_key(raw[k])] >= s.mark_min_line_words]
    if not (leading or trailing or numbered):
        return raw
    page_spans = spans([raw[k] for k in leading + trailing + numbered])
    out: list[tuple | list[tuple]] = list(raw)
    for k in leading:
        chars = _word_chars(raw[k], page_spans)
        if chars is None:
            continue
        n = next(i for i, c in enumerate(chars) if not c[4].isdigit())
        rest = _as_word(chars[n:], raw[k])
        # Smaller type, its baseline raised (type on the baseline is no mark: "12Monkeys").
        if (max(c[5] for c in chars[:n]) < s.mark_small * chars[n][5]
                and max(c[6] for c in chars[:n]) <= chars[n][6] - s.mark_raised):
            out[k] = rest if s.normalize_text else (raw[k][0], *rest[1:4], *raw[k][4:])
    numbers = set(after_words)
    for k in trailing:
        chars = _word_chars(raw[k], page_spans)
        if chars is None:
            continue
        n = _trailing_mark_at(chars, s)
        # (a mark in letters after four at least; a number after a word of letters)
        mark = "".join(c[4] for c in chars[n:])
        if 4 <= n < len(chars) and chars[n][4].isalpha() or 3 <= n < len(chars) and mark.isdigit() and all(
                c[4].isalpha() for c in chars[:n]):
            kept = _as_word(chars[:n], raw[k])
            out[k] = kept if s.normalize_text else (*kept[0:2], raw[k][2], kept[3], *raw[k][4:])
        elif (k in numbers and _own_type(chars, s) and (top := tops[k]) is not None
              and raw[k][1] < top):
            # Its number set as its letters are ("latin4", "expl3" in a typewriter face): the
            # box stands above its line's only by its font's taller ascent, no mark's raise.
            out[k] = (raw[k][0], top, *raw[k][2:])
    for k in numbered:
        chars = _word_chars(raw[k], page_spans)
        if chars is None:
            continue
        n = _trailing_mark_at(chars, s)  # the mark, "1)", stays: a word of its own (a note's)
        if 0 < n < len(chars) - 1 and chars[n - 1][4].isdigit():
            out[k] = [_as_word(chars[:n], raw[k]), _as_word(chars[n:], raw[k])]
    return [w for item in out for w in (item if isinstance(item, list) else [item])]


# Punctuation that closes a displayed fraction is set on the main line's baseline, right after
# the fraction's longer part: MuPDF reads it into that part's last word, whose box then spans two
# rows ("FN," of "ACC = (TP + TN) / (TP + TN + FP + FN),", the comma on the line of "ACC =").
_CLOSING_PUNCTUATION = frozenset(",.;:")
_TALL_WORD = 1.5  # a word's box this many times as tall as the words beside it spans two rows


def _punctuation_apart(raw: list[tuple], spans: Callable[[list[tuple]], list[tuple]]) -> list[tuple]:
    """extractWORDS tuples in which closing punctuation set after the characters it touches, in
    their type, on a baseline half that type's size or more from theirs (one baseline), is a word
    of its own: each part then stands in its own row. The characters are read only for a word
    that ends in punctuation and stands taller than the words beside it on its MuPDF line."""
    tall = []
    end = len(raw) - 1
    for k, w in enumerate(raw):
        if w[4][-1:] in _CLOSING_PUNCTUATION and len(w[4]) > 1:  # (hot: every word of every page)
            most = (w[3] - w[1]) / _TALL_WORD  # the height the words beside it stay under
            line = w[5:7]
            before = raw[k - 1] if k and raw[k - 1][5:7] == line else None
            after = raw[k + 1] if k < end and raw[k + 1][5:7] == line else None
            if (before or after) and (before is None or before[3] - before[1] < most) and (
                    after is None or after[3] - after[1] < most):
                tall.append(k)
    return _words_parted(raw, tall, spans, _punctuation_off)


def _punctuation_off(word: tuple, page_spans: list[tuple]) -> list[tuple] | None:
    """A word's letters and the closing punctuation set on another baseline after them, as two
    words (`_punctuation_apart`); None where the punctuation sits on the letters' own."""
    chars = _word_chars(word, page_spans)
    if chars is None:
        return None
    n = len(chars)
    while n > 1 and chars[n - 1][4] in _CLOSING_PUNCTUATION:
        n -= 1
    if n == len(chars):
        return None
    letter, stop = chars[n - 1], chars[n]  # (size, baseline: [5], [6])
    size, base = letter[5], letter[6]
    # (After the word's last letter, its letters on one baseline: in a word set sideways, whose
    # box is tall by right, each character stands over the last.)
    if (abs(stop[5] - size) <= _SAME_SIZE * size and abs(stop[6] - base) >= size / 2
            and stop[0] >= letter[2] - size / 4 and all(abs(c[6] - base) < size / 4 for c in chars[:n])):
        return [_as_word(chars[:n], word), _as_word(chars[n:], word)]
    return None


def _bullets_apart(raw: list[tuple], spans: Callable[[list[tuple]], list[tuple]]) -> list[tuple]:
    """extractWORDS tuples in which a list's bullet, set apart from the word after it by a
    quarter of its height or more but with no space character between ("◦bullet list",
    "■Autoren-"), is a word of its own: the list finder looks for it alone, and the text reads
    "◦ bullet". A sign that touches its word is the word's (a degree sign drawn as a bullet, "◦C";
    a check box, "☐There"). The characters are read only for words that open with a bullet."""
    glued = [k for k, w in enumerate(raw) if w[4][:1] in _BULLETS and w[4][1:2].isalnum()]
    return _words_parted(raw, glued, spans, _bullet_apart)


def _bullet_apart(word: tuple, page_spans: list[tuple]) -> list[tuple] | None:
    """The bullet a word opens with and the rest, where they stand apart (`_bullets_apart`)."""
    chars = _word_chars(word, page_spans)
    if chars is None or chars[1][0] - chars[0][2] < _BULLET_GAP * (chars[0][3] - chars[0][1]):
        return None
    return [_as_word(chars[:1], word), _as_word(chars[1:], word)]


def _trailing_mark_at(chars: list[_Char], s: LayoutSettings) -> int:
    """Where a word's trailing mark starts: its last characters in smaller type than its first,
    raised above its baseline (an italic or bold ending on the baseline is the word's own);
    len(chars) when there is none."""
    n = len(chars)
    while n > 0 and chars[n - 1][5] < s.mark_small * chars[0][5] and chars[n - 1][6] <= chars[0][6] - s.mark_raised:
        n -= 1
    return n


_SAME_SIZE = 0.05  # share of a character's size within which another's is the same type


def _own_type(chars: list[_Char], s: LayoutSettings) -> bool:
    """Every character of the word in its first one's size, on its baseline: no part of it set
    as a mark (a footnote's "4" raised after a typewriter word in type but a little smaller)."""
    size, base = chars[0][5], chars[0][6]
    return all(abs(c[5] - size) <= _SAME_SIZE * size and abs(c[6] - base) < s.mark_raised for c in chars)


def _lettered(chars: list[tuple]) -> bool:
    return any(c[4].isalnum() for c in chars)


@dataclass(slots=True)
class PageWords:
    words: list[Word]
    width: float  # of the (possibly turned) frame the words are in
    height: float
    turn: int  # UPRIGHT, READS_UP, READS_DOWN, or UPSIDE_DOWN (type set upside down; a scan OCR'd so)
    page_width: float
    page_height: float
    # The page's path boxes as MuPDF's text page collected them (extractBLOCKS tuples: a box for
    # each rectangle or line of a path, one for the rest of it), read once when first asked (the
    # rules, the text boxes); None once the page is read.
    vectors: Callable[[], list[tuple]] | None = None
    # Which of some words are set in a bold face (`_bold_reader`); None once the page is read.
    bold: Callable[[list[Word]], list[bool]] | None = None
    # Watermarks ("DRAFT", "CONFIDENTIAL"): lines in large type set slanted across the page or
    # printed over its text, one word each, kept out of `words`, whose rows and gutters their
    # boxes would cover.
    watermarks: list[Word] = field(default_factory=list)

    def to_page(self, box: Box) -> Box:
        """A box in the words' frame, back in PyMuPDF page coordinates."""
        if self.turn == READS_UP:  # frame (x', y') = (H - y, x)
            return Box(box.y0, self.page_height - box.x1, box.y1, self.page_height - box.x0)
        if self.turn == READS_DOWN:  # frame (x', y') = (y, W - x)
            return Box(self.page_width - box.y1, box.x0, self.page_width - box.y0, box.x1)
        if self.turn == UPSIDE_DOWN:  # frame (x', y') = (W - x, H - y)
            return Box(self.page_width - box.x1, self.page_height - box.y1,
                       self.page_width - box.x0, self.page_height - box.y0)
        return box

    def to_frame(self, box: Box) -> Box:
        """A box in PyMuPDF page coordinates, in the words' frame (the inverse of `to_page`)."""
        x0, y0, x1, y1 = _turn(box.as_tuple(), self.turn, self.page_width, self.page_height)
        return Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _sideways_prose(lines: list[list[tuple]], directions: list[str], height: float, s: LayoutSettings) -> bool:
    """Whether the page's lines of several words mostly run sideways, those at its top and bottom
    edge left out (a landscape page's running head and foot run across the page as stored, as on
    the document's other pages): a landscape page, whose lone words (a table's one-word cells)
    may then take their MuPDF line's direction. A chart's labels set sideways beside upright
    prose, a caption and a heading turn no page."""
    zone = s.running_head_zone * height
    across = sideways = 0
    for line, d in zip(lines, directions):
        if len(line) < 2:
            continue
        if d in ("up", "down"):
            sideways += len(line)
        elif d == "h" and zone < (line[0][1] + line[0][3]) / 2 < height - zone:
            across += len(line)
    return sideways > across


def _lone_words_mostly_sideways(lines: list[list[tuple]], directions: list[str], s: LayoutSettings) -> bool:
    """Whether more of the page's words stand alone on their MuPDF lines in boxes taller than
    wide, one after another along a line set sideways, than run across the page: a page set
    sideways and drawn word by word (an OCR layer, a generator), whose lines of one word each
    cannot tell which way it runs. Words of three letters or more count (an upright one is
    wider than tall); those of one sideways line share their box across it. A chart's labels
    set sideways, each on a line of its own, are no such lines and turn no page."""
    tall: list[tuple] = []
    across = 0
    for line, d in zip(lines, directions):
        if len(line) > 1:
            across += len(line) if d in ("h", "/") else 0
        elif len(line[0][4]) > s.vertical_word_chars:
            w = line[0]
            if w[3] - w[1] > w[2] - w[0]:
                tall.append(w)
            else:
                across += 1
    if len(tall) <= across:
        return False
    tall.sort(key=itemgetter(0))
    on_lines = 0
    run = 1
    for a, b in zip(tall, tall[1:] + [None]):
        if b is not None and abs(b[0] - a[0]) <= s.edge_tolerance and abs(b[2] - a[2]) <= s.edge_tolerance:
            run += 1
            continue
        on_lines += run if run > 1 else 0
        run = 1
    return on_lines > across


def _lone_words_by_their_lines(tp: pymupdf.TextPage, lines: list[list[tuple]], directions: list[str],
                               s: LayoutSettings) -> list[str]:
    """Directions with each line of one word given its MuPDF line's writing direction (from the
    text matrix). A lone word's box cannot tell: "Unit" set sideways is a box a little taller
    than wide, like many an upright word, and up from down not at all; a landscape table of
    one-word cells read by boxes alone votes its page upright, and reads each column down.
    Asked only on pages of sideways prose (_sideways_prose) or of sideways lone words
    (_lone_words_mostly_sideways)."""
    steep: list[tuple[tuple, tuple]] = []
    # A word's own line first, by extractWORDS' numbers (text blocks counted alone): a page
    # drawn word by word has a line for every word.
    own: dict[tuple[int, int], tuple[tuple, tuple]] = {}
    text_blocks = (block for block in _text_dict(tp)["blocks"] if block["type"] == 0)
    for number, block in enumerate(text_blocks):
        for k, ln in enumerate(block["lines"]):
            if _steep(ln["dir"][0], ln["dir"][1], s):
                own[number, k] = (ln["bbox"], ln["dir"])
                steep.append(own[number, k])
    if not steep:
        return directions
    out = list(directions)
    for k, line in enumerate(lines):
        if len(line) != 1 or out[k] not in ("h", "?"):
            continue
        x, y = (line[0][0] + line[0][2]) / 2, (line[0][1] + line[0][3]) / 2
        mine = own.get(_line_key(line[0]))
        for (x0, y0, x1, y1), (_, down) in chain((mine,) if mine else (), steep):
            if x0 <= x <= x1 and y0 <= y <= y1:
                out[k] = "down" if down > 0 else "up"
                break
    return out


def _runs_backwards(lines: list[list[tuple]], directions: list[str]) -> bool:
    """Whether more of the words on lines of several words running across the page (`_direction`:
    "h" or "/") run from right to left than from left to right, by their boxes in drawing order:
    upside-down type (a page stored upside down under a /Rotate of 180), or a right-to-left
    script."""
    back = ahead = 0
    for line, d in zip(lines, directions):
        if len(line) < 2 or d not in ("h", "/"):
            continue
        if _runs_back(line):
            back += len(line)
        else:
            ahead += len(line)
    return back > ahead


def _runs_back(line: list[tuple]) -> bool:
    """A line of words whose last word's centre stands left of its first's."""
    return line[-1][0] + line[-1][2] < line[0][0] + line[0][2]


def _runs_backwards_in_latin(lines: list[list[tuple]], directions: list[str]) -> bool:
    """`_runs_backwards`, on a page whose letters are not mostly Hebrew or Arabic: theirs run
    so upright, and their glyphs' writing direction need not be asked."""
    return _runs_backwards(lines, directions) and right_to_left_share([w[4] for line in lines for w in line]) <= MOSTLY


def _upside_down(tp: pymupdf.TextPage, s: LayoutSettings) -> bool:
    """Whether most of the page's characters are set upside down, by their MuPDF lines' writing
    direction (from the text matrix, which a right-to-left script does not turn, and which
    holds for a word drawn on its own, whatever order the page draws its words in)."""
    down = up = 0
    for block in _text_dict(tp)["blocks"]:
        for ln in block.get("lines", ()):
            dx, dy = ln["dir"]
            if _steep(dx, dy, s):
                continue  # (sideways lines are counted elsewhere)
            n = sum(len(span["text"]) for span in ln["spans"])
            if dx < 0:
                down += n
            else:
                up += n
    return down > up


def _upside_down_lines(tp: pymupdf.TextPage, lines: list[list[tuple]], directions: list[str],
                       s: LayoutSettings) -> set[int]:
    """The lines (by index) of an upright page set upside down on their own (an answer key turned
    on a textbook's page): two words or more running right to left (the last's centre left of
    the first's) with no letter of a right-to-left script, inside a MuPDF line whose writing
    direction points left. Kept whole, they read in MuPDF's order; read word by word, left to
    right, their words came backwards. (The text dict is read only when a line runs so: rare.)"""
    found = [k for k, (line, d) in enumerate(zip(lines, directions))
             if d == "h" and len(line) > 1 and _runs_back(line) and right_to_left_share([w[4] for w in line]) == 0]
    if not found:
        return set()
    turned = [pymupdf.Rect(ln["bbox"]) for block in _text_dict(tp)["blocks"] for ln in block.get("lines", ())
              if ln["dir"][0] < 0 and not _steep(ln["dir"][0], ln["dir"][1], s)]
    centres = {k: pymupdf.Point((lines[k][0][0] + lines[k][0][2]) / 2, (lines[k][0][1] + lines[k][0][3]) / 2)
               for k in found}  # (each line's first word's)
    return {k for k in found if any(r.contains(centres[k]) for r in turned)}


def ocr_frame(page_width: float, page_height: float, turn: int) -> PageWords:
    """The frame of a page read whole by OCR (none of its text layer's words), its words turned
    by `turn` from the page as stored (before its /Rotate)."""
    sideways = turn in (READS_UP, READS_DOWN)
    return PageWords([], page_height if sideways else page_width, page_width if sideways else page_height,
                     turn, page_width, page_height)


def _direction(line: list[tuple], s: LayoutSettings) -> str:
    """'h' for text running across, 'up' or 'down' for rotated text, '/' for a line set slanted,
    '?' when unknown."""
    if len(line) < 2:
        w = line[0]
        return "?" if sideways_box(w[2] - w[0], w[3] - w[1], w[4], s) else "h"
    a, b = line[0], line[-1]
    dx = ((b[0] + b[2]) - (a[0] + a[2])) / 2
    dy = ((b[1] + b[3]) - (a[1] + a[3])) / 2
    if _steep(dx, dy, s):
        return "down" if dy > 0 else "up"
    return "/" if _slanted(dx, dy, s) else "h"


def _steep(dx: float, dy: float, s: LayoutSettings) -> bool:
    """A direction (a line's travel, or MuPDF's writing direction) that runs up or down the page."""
    return abs(dy) > s.vertical_line_slope * abs(dx)


def _slanted(dx: float, dy: float, s: LayoutSettings) -> bool:
    return s.slanted_line_slope * abs(dx) < abs(dy) <= s.vertical_line_slope * abs(dx)


def _watermark_lines(tp: pymupdf.TextPage, lines: list[list[tuple]], directions: list[str], usual: float,
                     upright: bool, s: LayoutSettings) -> set[int]:
    """The lines in type far larger than the page's usual word height `usual` that are no
    headline: a slanted line whose words are all that tall; an upright one printed over lines of
    the usual type (words of that size, on two lines or more, inside its box above its
    descenders and below its top tenth: a headline sits between lines, and a subtitle set close
    under it reaches no further than its descenders); or a lone word that tall whose box is far
    narrower than an upright word's would be and whose line MuPDF says climbs (asked only then:
    most pages have no such word)."""
    big = s.watermark_size * usual
    tall = [min([w[3] - w[1] for w in line]) >= big for line in lines]
    found = {k for k, (line, d) in enumerate(zip(lines, directions)) if d == "/" and tall[k]}
    over = [k for k, (line, d) in enumerate(zip(lines, directions)) if d == "h" and tall[k]]
    if over:
        usual_type = [((w[0] + w[2]) / 2, (w[1] + w[3]) / 2) for line in lines for w in line
                      if abs(w[3] - w[1] - usual) <= s.float_size_change * usual]
        for k in over:
            x0, y0 = min(w[0] for w in lines[k]), min(w[1] for w in lines[k])
            x1, y1 = max(w[2] for w in lines[k]), max(w[3] for w in lines[k])
            top, bottom = y0 + (y1 - y0) / 10, y1 - (y1 - y0) / 4
            inside = [cy for cx, cy in usual_type if x0 < cx < x1 and top < cy < bottom]
            if len(inside) >= s.watermark_overprinted and max(inside) - min(inside) >= usual:
                found.add(k)
    lone = {k: line[0] for k, (line, d) in enumerate(zip(lines, directions))
            if d == "h" and len(line) == 1 and _big_and_narrow(line[0], big, s)}
    if lone and upright:
        climbing = [ln["bbox"] for b in _text_dict(tp)["blocks"] for ln in b.get("lines", ())
                    if _slanted(ln["dir"][0], ln["dir"][1], s)]
        found |= {k for k, w in lone.items()
                  if any(abs(b[0] - w[0]) <= 1 and abs(b[1] - w[1]) <= 1 and abs(b[2] - w[2]) <= 1
                         and abs(b[3] - w[3]) <= 1 for b in climbing)}
    return found


def _big_and_narrow(w: tuple, big: float, s: LayoutSettings) -> bool:
    """A word (an extractWORDS tuple) at least `big` tall, of four letters or more, its box
    narrower than watermark_narrow of its height a letter: an upright word that tall is wider."""
    width, height, text = w[2] - w[0], w[3] - w[1], w[4]
    return height >= big and len(text) >= 4 and width < s.watermark_narrow * height * len(text)


def _turn(w: tuple, turn: int, width: float, height: float) -> tuple:
    x0, y0, x1, y1 = w[:4]
    if turn == READS_UP:
        return (height - y1, x0, height - y0, x1, *w[4:])
    if turn == READS_DOWN:
        return (y0, width - x1, y1, width - x0, *w[4:])
    if turn == UPSIDE_DOWN:
        return (width - x1, height - y1, width - x0, height - y0, *w[4:])
    return w


def _line_as_word(line: list[tuple], seq: int, reads_down: bool = False) -> Word:
    """A line kept whole (text not running across the page): one box, its words in their order."""
    box = words_box(Word(*w[:5]) for w in line)
    return Word(*box.as_tuple(), " ".join(w[4] for w in sorted(line, key=lambda w: w[7])), seq, reads_down)


_FEW_WORDS = 3  # words too few to tell anything of a page's boxes or of the words it loses


def _words_lose_text(raw: list[tuple], plain: str, s: LayoutSettings) -> bool:
    """MuPDF's words miss most of the page's words that its text holds (a font whose glyphs
    have no width, PyMuPDF's test_3705: the characters of a line pile up at its start and the
    words come out as a fifth of the text, in pieces). Counted in words of three letters or
    more: a pattern drawn in glyphs ("b b b ...") or a symbol font's control codes, which the
    words leave out, lose no text. A cheap test on the characters first."""
    letters = len(plain) - sum(map(plain.count, " \n\t"))
    if sum(len(w[4]) for w in raw) >= s.words_text_share * letters:
        return False  # (every page of text: its words hold all its characters)
    wanted = Counter(t for t in plain.split() if sum(map(str.isalpha, t)) >= 3)
    missing = sum((wanted - Counter(w[4] for w in raw)).values())
    total = sum(wanted.values())
    return total >= _FEW_WORDS and missing > (1 - s.words_text_share) * total


def _zapf_dingbats_on(fonts: list[tuple]) -> bool:
    """The page draws with a Zapf Dingbats font (its own or a form's; `fonts`: the page's, as
    get_fonts() lists them): its glyphs are read from the characters, by their font
    (`read_dingbat`)."""
    return any(is_zapf_dingbats(font[3]) for font in fonts)


def _block_words(tp: pymupdf.TextPage) -> list[tuple]:
    """The text page's text blocks, each one word (extractWORDS' tuple) of its text on one line,
    in its box: what get_text() reads of the page, placed by block."""
    blocks = [b for b in tp.extractBLOCKS() if b[6] == 0 and b[4].strip()]
    return [(x0, y0, x1, y1, " ".join(text.split()), k, 0, 0) for k, (x0, y0, x1, y1, text, *_) in enumerate(blocks)]


def _tall_boxes(raw: list[tuple], s: LayoutSettings) -> bool:
    """Most words' boxes far taller than their characters are wide (tall_box_ratio): a font
    whose ascender and descender MuPDF takes for its glyphs' lie far off them (an unnamed
    embedded font giving each word of a Korean form a box ten lines high), so every line
    overlaps the next ones. Words of two characters or more on lines of several words running
    across are asked (a lone "l" is narrow; a word set sideways is tall by right)."""
    ratio = s.tall_box_ratio
    everyone = [_height_per_letter(w) for w in raw if w[2] > w[0]]
    if len(everyone) < _FEW_WORDS or median(everyone) <= ratio / 2:
        return False  # (most pages: their words' boxes a line high, none near the mark)
    ratios = [_height_per_letter(w)
              for _, g in groupby(raw, key=_line_key) if len(line := list(g)) > 1 and _direction(line, s) == "h"
              for w in line if len(w[4]) > 1 and w[2] > w[0]]
    return len(ratios) >= _FEW_WORDS and median(ratios) > ratio


def _height_per_letter(w: tuple) -> float:
    """A word's box height over its mean character width (extractWORDS' tuple, of some width)."""
    return (w[3] - w[1]) * len(w[4]) / (w[2] - w[0])


def text_page(page: pymupdf.Page) -> pymupdf.TextPage:
    """MuPDF's text page of the page as the loader reads it (white space kept, clipped to the
    media box, path boxes collected for rules and figures)."""
    return page.get_textpage(flags=_FLAGS)


def page_words(page: pymupdf.Page, s: LayoutSettings) -> PageWords:
    """Every word on the page with its box (top-left origin, unrotated page space).

    Horizontal text comes word by word: geometry, not MuPDF's lines, decides which words form a
    line (MuPDF's lines can run across a gutter). A line that runs across the page's main
    direction is kept whole, as one box with its words in their own order.
    """
    tp = text_page(page)

    @cache  # (read once: the quick drawing, the text boxes' count and the tables' drawing all ask)
    def vectors() -> list[tuple]:
        return [b for b in tp.extractBLOCKS() if b[6] == _VECTOR_BLOCK]

    raw = tp.extractWORDS()
    tp_flags = _FLAGS
    if _tall_boxes(raw, s):  # a font's ascender and descender far off its glyphs
        tp_flags = _FLAGS | pymupdf.TEXT_ACCURATE_BBOXES
        tp = page.get_textpage(flags=tp_flags)
        raw = tp.extractWORDS()
    plain = tp.extractText()
    if _words_lose_text(raw, plain, s):
        log.warning("MuPDF's words of page %d lose most of its text (glyphs of no width, run together):"
                    " the page is read by its text blocks", page.number + 1)
        raw = _block_words(tp)
    fonts = page.get_fonts()  # (its own and its forms')
    # A one-character class first: the pair patterns cost ten times as much on every page.
    chars_asked = (_ANY_LIGATURE_CODE.search(plain) and _LIGATURE_CODE.search(plain)) or (
        _ANY_MATH_LETTER.search(plain) and _MATH_GLUED.search(plain)) or _zapf_dingbats_on(fonts)
    spans: Callable[[list[tuple]], list[tuple]]  # the characters' spans near some words, read when asked
    if chars_asked and (rawdict := _text_dict(tp, raw=True))["blocks"]:  # (none: unreadable, see _text_dict)
        spans = lambda _: _spans(rawdict)  # (the page's characters, read already: all of them)
        raw = _words_from_chars(rawdict, s)
    else:  # (the characters read only where asked for, and only then)
        spans = partial(_spans_near, tp)
        raw = _unglued(raw, spans, s)
    raw = _punctuation_apart(_marks_off(raw, spans, s), spans)
    if _ANY_BULLET.search(plain):
        raw = _bullets_apart(raw, spans)
    if _ANY_C1_CONTROL.search(plain):
        raw = without_control_words(raw)
    if "\ufffd" in plain:  # glyphs MuPDF could not name: TeX's math extension font's (∑, big brackets)
        raw = mended_words(page, fonts, raw, tp_flags)
    lines = [list(g) for _, g in groupby(raw, key=_line_key)]
    directions = [_direction(line, s) for line in lines]
    rect = unrotated_rect(page)  # (the words' coordinates: the page before its /Rotate)
    width, height = rect.width, rect.height
    if _sideways_prose(lines, directions, height, s) or _lone_words_mostly_sideways(lines, directions, s):
        directions = _lone_words_by_their_lines(tp, lines, directions, s)
    votes = {"h": 0, "up": 0, "down": 0, "?": 0, "/": 0}
    for line, d in zip(lines, directions):
        votes[d] += len(line)
    turn = UPRIGHT
    if votes["up"] + votes["down"] > votes["h"] + votes["/"]:  # (slanted lines run across)
        turn = READS_UP if votes["up"] >= votes["down"] else READS_DOWN
    elif (page.rotation == UPSIDE_DOWN or _runs_backwards_in_latin(lines, directions)) and _upside_down(tp, s):
        # Read the right way up: the words' frame turned half a turn (a page stored upside down
        # and shown upright by its /Rotate; or type set upside down in lines of several words,
        # whatever the /Rotate: a page without one that draws its upside-down words one by one
        # gives no line to tell, and is read as it is stored).
        turn = UPSIDE_DOWN
    if turn != UPRIGHT:
        lines = [[_turn(w, turn, width, height) for w in line] for line in lines]
        directions = [_direction(line, s) for line in lines]
    heights = [w[3] - w[1] for line in lines for w in line]  # (in the turned frame)
    usual = median(heights)
    marks = (_watermark_lines(tp, lines, directions, usual, turn == UPRIGHT, s)
             if usual > 0 and max(heights) >= s.watermark_size * usual else set())
    backwards = _upside_down_lines(tp, lines, directions, s) if turn == UPRIGHT else set()
    if turn == UPRIGHT and votes["h"] == len(raw) and not marks and not backwards:  # every line runs across: the words as they come
        words = [Word(x0, y0, x1, y1, text, i) for i, (x0, y0, x1, y1, text, _, _, _) in enumerate(raw)]
        return PageWords(joined_pieces(words, _line_starts([len(line) for line in lines]), s), width, height, turn,
                         width, height, vectors, _bold_reader(tp, lambda box: box))
    out: list[Word] = []
    watermarks: list[Word] = []
    starts: list[int] = []  # where each line's words start in `out`
    for k, (line, d) in enumerate(zip(lines, directions)):
        if k in marks:
            watermarks.append(_line_as_word(line, len(out)))
            continue
        starts.append(len(out))
        if d not in ("h", "/") or k in backwards:
            out.append(_line_as_word(line, len(out), d == "down"))
        else:
            base = len(out)  # taken once: extend() grows the list while it consumes a generator
            out.extend([Word(x0, y0, x1, y1, text, base + i)
                        for i, (x0, y0, x1, y1, text, _, _, _) in enumerate(line)])
    fw, fh = (height, width) if turn in (READS_UP, READS_DOWN) else (width, height)
    frame = PageWords(joined_pieces(out, starts, s), fw, fh, turn, width, height, vectors, watermarks=watermarks)
    frame.bold = _bold_reader(tp, frame.to_page)
    return frame


def _line_starts(sizes: list[int]) -> list[int]:
    """Where each of MuPDF's text lines (of `sizes` words, one after another) starts in the list
    of their words: only a line's first word may be a piece of the word before it (within a line,
    MuPDF parts words at spaces)."""
    return list(accumulate(sizes[:-1], initial=0)) if sizes else []
