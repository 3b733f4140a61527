"""Mending words whose ligature glyph was lost: "speci ed" -> "specified".

Many PDFs draw fi/ff/fl/ffi/ffl as one glyph that maps to no character, so extraction leaves a
gap inside the word. A gap no wider than a glyph, between two parts that only make a word
with a ligature between them, is mended. The word list is `lexicon.known_words`; without one
nothing is changed.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from ..engine.bidi import RIGHT_TO_LEFT_CHARACTER, marks_apart, mostly_right_to_left, text_in_reading_order
from ..engine.geometry import Word, drawn_touching, raised_after, small_caps_piece
from ..engine.settings import LayoutSettings
from .lexicon import VOCABULARY_COUNT, WORD_PUNCT, Lexicon, looks_english

LIGATURES = ("fi", "ff", "fl", "ffi", "ffl")
_LETTER_WORDS = frozenset({"a", "i"})  # English words of one letter
_TAIL = re.compile(r"[^\W\d_]+$")
_HEAD = re.compile(r"^[^\W\d_]+")
_LOWER_HEAD = re.compile(r"^[a-z]+")
# What lost ligatures leave of common words that are (rare) words themselves: "le" (file),
# "nd" (find), "eld" (field), "rm" (firm), "ve" (five), "nal" (final), "ow" (flow) ...
_LEFTOVERS = frozenset({"le", "les", "nd", "nds", "eld", "elds", "rm", "rms", "ve", "nal",
                        "ow", "ows", "ne", "ner", "ed", "ll", "lled", "xed", "ts", "ght", "nite",
                        "ag", "ags"})
# Prefixes that make words the list lacks of words it has ("re" + "sampling"). ("re" is the one
# a lost "fi" turns into another listed word, "fire"; the rest guard rarer such meetings. A
# closed compound of "fire" the list lacks, "firehose" read "rehose", is left so.)
_PREFIXES = ("re", "un", "de", "co", "pre", "non", "sub", "dis", "mis", "out", "over", "under", "inter",
             "multi", "semi", "anti", "auto", "self", "cross")


# Characters a broken ToUnicode map gives ligature glyphs (fonts number their glyphs from "!"
# on): "speci"c", "di#erent", "Scienti!c", "$ip" (flip), "sta#" (staff). Inside a word, or at its
# start or end; "!" and '"' at a word's end are punctuation.
_STAND_IN = re.compile(r"(^|[^\W\d_])([\ufffd!\"#$])(?=[^\W\d_])|(?<=[^\W\d_])([\ufffd#$])(?![^\W\d_])")
_QUOTES = "\"'"


def _stand_in_ligature(m: re.Match[str], text: str, lexicon: Lexicon, s: LayoutSettings) -> str:
    """The ligature that makes a known word (or a closed compound of two: "lename") of the word
    with this stand-in character, or the character itself: a quotation mark before a word of the
    spelling list stays ('"led' is not "filed"), another stand-in, or a quotation mark before a
    word only the model vocabulary knows, stays unless the mended word is far commoner ("$ip" is
    "flip", '"lings' is "filings")."""
    group = 2 if m.group(2) is not None else 3
    char, start, end = m.group(group), m.start(group), m.end(group)
    before = _TAIL.search(text[:start])
    after = _HEAD.match(text[end:])
    left = (before.group(0) if before else "").lower()
    head = after.group(0) if after else ""
    right = head.lower()
    if not left and (len(right) < 2 or not head[0].islower()):
        return char  # "%D", '"The': a sign before a name or a capital
    if not left and right in lexicon and right not in _LEFTOVERS:
        if char in _QUOTES and lexicon[right] > VOCABULARY_COUNT:
            return char  # a quoted word of the spelling list
        floor = s.leftover_rarity * lexicon[right]
        if not any(lexicon.get(lig + right, 0) > floor for lig in LIGATURES):
            return char
    if not right and len(left) < 2:
        return char  # "C#", "e$": a letter and a sign
    if not right and left in lexicon and not any(
            lexicon.get(left + lig, 0) > s.leftover_rarity * lexicon[left] for lig in LIGATURES):
        return char  # a word, then a sign: as written
    for lig in LIGATURES:
        if left + lig + right in lexicon:
            return lig
    for lig in LIGATURES:
        if _compound_of_words(left + lig + right, lexicon, s):
            return lig
    return char


def _mend_word(text: str, lexicon: Lexicon, s: LayoutSettings) -> str:
    """A word that lost a ligature at its start ("rst"; "le" for "file", a leftover that is a word
    too but far rarer than the mended one) or has a stand-in character where the ligature was.
    Acronyms and the first half of a word broken at the line end are left alone."""
    if not text.isalpha() and _STAND_IN.search(text):  # (a stand-in is no letter)
        mended = _STAND_IN.sub(lambda m: (m.group(1) or "") + _stand_in_ligature(m, text, lexicon, s), text)
        if mended != text:
            return mended
    b = _letters(text, at_end=False)
    low = b.lower()
    # A ligature glyph is lower case ("fi", "ffl"): a word that opens with a capital lost none
    # before it ("Shamir" is a name, not "Fishamir"; "Resampling" no "Firesampling").
    if len(b) >= 2 and not text.endswith("-") and b[:1].islower() and (
            low not in lexicon or low in _LEFTOVERS):
        floor = s.leftover_rarity * lexicon.get(low, 0)
        lig = next((x for x in LIGATURES if lexicon.get(x + low, 0) > floor), None)
        if lig is None and low not in lexicon:
            # A closed compound the list lacks ("filename" from "lename": "file" + "name"), not a
            # prefixed word as written ("resampling": "re" + "sampling", though "fire" + "sampling").
            lig = next((x for x in LIGATURES if _compound_of_words(x + low, lexicon, s)), None)
            if lig is not None and _prefixed_word(low, lexicon, s):
                lig = None
        if lig is not None:
            return lig + b + text[len(b):]
    return text


def _prefixed_word(word: str, lexicon: Lexicon, s: LayoutSettings) -> bool:
    """A word the list lacks that is a listed word behind a prefix ("resampling", "unlabeled"):
    a word as written, though a ligature before it makes two listed words ("fire" + "sampling")."""
    least = s.compound_part_letters
    return any(word.startswith(p) and len(word) - len(p) >= least and lexicon.get(word[len(p):], 0) > VOCABULARY_COUNT
               for p in _PREFIXES)


def _compound_of_words(word: str, lexicon: Lexicon, s: LayoutSettings) -> bool:
    """Two listed words of at least compound_part_letters letters each, closed up ("filename",
    "overfitting"): word lists lack many such compounds."""
    least = s.compound_part_letters
    return any(lexicon.get(word[:i], 0) > VOCABULARY_COUNT and lexicon.get(word[i:], 0) > VOCABULARY_COUNT
               for i in range(least, len(word) - least + 1))


def ligatures_look_lost(words: list[Word], s: LayoutSettings, language: str | None) -> bool:
    """Prose in the languages with a word list has "fi", "ff" or "fl" in about one word in fifty
    (English) or more; a page of such a language with none of them has probably lost its ligature
    glyphs (a cheap gate before any mending)."""
    if language is None:
        return False
    if len(words) >= s.ligature_sample_words:
        found = sum(1 for w in words if "f" in w.text and ("fi" in w.text or "ff" in w.text or "fl" in w.text))
        if found >= s.ligature_share * len(words):
            return False
    return True


# Words a font that lost its "Th" ligature leaves behind ("Te", "Tis"): none is English, so a
# page that has more of them than words starting with "Th" lost the ligature (in its body font).
_TH_LOST = frozenset({"Te", "Tis", "Tat", "Tese", "Tey", "Tere", "Teir", "Tose", "Tus", "Terefore"})
_TH_CANDIDATE = re.compile(r"\bT([aeiouy][a-z]*)\b")


def th_ligature_lost(words: list[Word]) -> bool:
    """Whether the page's font dropped the "h" of its "Th" ligature (Linux Libertine does)."""
    texts = [w.text.strip(".,;:!?()\"'") for w in words if "T" in w.text[:2]]
    lost = sum(t in _TH_LOST for t in texts)
    return lost > 0 and lost > sum(t.startswith("Th") for t in texts)


_T_WORD = re.compile(r"\b[A-Za-z]*[tf][A-Za-z]*\b")
_TT_LOST_URL = re.compile(r"htps?://")  # "http" drawn with a "tt" ligature that lost a t: no URL reads so


def _lost_t_at(low: str, dictionary: Lexicon, s: LayoutSettings) -> int | None:
    """Where the second t of a "tt" or "ft" ligature is missing ("formating" -> "formatting",
    "sofware" -> "software", "lef" -> "left"): the word is none, and with that t it is one."""
    if len(low) < s.t_repair_min_letters or low in dictionary:
        return None
    for i, c in enumerate(low, 1):
        if c in "tf" and (low[:i] + "t" + low[i:]) in dictionary:
            return i
    return None


def _more_lost_than_kept(words: list[Word], pairs: tuple[str, ...], share: float, letters: tuple[str, str],
                         lost: Callable[[str], bool], s: LayoutSettings) -> bool:
    """Whether a page has more words that lost a ligature than words that keep it (that have one
    of its letter `pairs` and did not lose one), and t_ligature_min_lost of them: prose is full of
    words with those letters, so a page of prose that has them in few words may have lost the
    glyph. `lost` is asked of the words with one of `letters`, in lower case without punctuation."""
    texts = [w.text for w in words]
    least = max(s.t_ligature_min_present, share * len(words))
    if sum(map(" ".join(texts).count, pairs)) > 2 * least:
        return False  # plainly a page that keeps them (the pairs counted in its text at once)
    a, b = letters
    present = missing = 0
    # Each distinct word asked once (a page repeats its words: "the", "that", "of").
    for t, n in Counter([t for t in texts if a in t or b in t]).items():
        if lost(t.strip(WORD_PUNCT).lower()):
            missing += n
        elif any(p in t for p in pairs):
            present += n
    return present <= least and missing >= s.t_ligature_min_lost and missing > present


def t_ligatures_lost(words: list[Word], dictionary: Lexicon, s: LayoutSettings) -> bool:
    """Whether the page's font dropped the second t of its "tt" and "ft" ligatures: English pages
    are full of "after", "often", "letter"."""
    def lost(t: str) -> bool:
        return (t not in dictionary and t.isalpha() and _lost_t_at(t, dictionary, s) is not None
                or bool(_TT_LOST_URL.match(t)))

    return (_more_lost_than_kept(words, ("tt", "ft"), s.t_ligature_share, ("t", "f"), lost, s)
            and looks_english([w.text for w in words], s))


def _collapsed_at(low: str, dictionary: Lexicon, s: LayoutSettings) -> tuple[int, str] | None:
    """Where a lone "f" stands for a whole ligature, and which one: a broken ToUnicode map that
    gives the glyph only its first letter ("frst" -> "first", "ofering" -> "offering"). The word
    is none, and with the ligature it is one (the commonest, when several are)."""
    if "f" not in low or len(low) < s.t_repair_min_letters or low in dictionary or not low.isalpha():
        return None
    found = [(dictionary.get(low[:i] + lig + low[i + 1:], 0), i, lig)
             for i, c in enumerate(low) if c == "f" for lig in LIGATURES]
    count, i, lig = max(found)
    return (i, lig) if count else None


def f_ligatures_collapsed(words: list[Word], dictionary: Lexicon, s: LayoutSettings) -> bool:
    """Whether the page's font gives its fi, ff and fl ligatures the letter f alone: more words
    read that way than words that have the pairs."""
    return _more_lost_than_kept(words, ("fi", "ff", "fl"), s.f_ligature_share, ("f", "F"),
                                lambda t: _collapsed_at(t, dictionary, s) is not None, s)


def mend_th(text: str, dictionary: Lexicon) -> str:
    """"Te" -> "The", "Tis" -> "This": capitalised T + vowel words that are no word without the
    "h" ("To" and "Ten" stay) and make one with it."""
    def fix_th(m: re.Match[str]) -> str:
        rest = m.group(1)
        if ("th" + rest) in dictionary and (m.group(0) in _TH_LOST or ("t" + rest) not in dictionary):
            return "Th" + rest
        return m.group(0)

    return _TH_CANDIDATE.sub(fix_th, text)


def mend_tt_ft(text: str, dictionary: Lexicon, s: LayoutSettings) -> str:
    """Put back the t that lost "tt" and "ft" ligatures drop: "htp" -> "http", "ofen" -> "often"."""
    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        i = _lost_t_at(word.lower(), dictionary, s)
        return word if i is None else word[:i] + "t" + word[i:]

    return _T_WORD.sub(fix, text)


# A word with an f, between white space (or punctuation) and white space: as the gate reads
# words (a part of "Hartree-Fock" or "mp3fles" is none).
_F_WORD = re.compile(r"(?<![^\s(\[\"'“‘])[^\W\d_]*[fF][^\W\d_]*(?![^\s.,;:!?)\]\"'”’])")


def mend_collapsed_f(text: str, dictionary: Lexicon, s: LayoutSettings) -> str:
    """Put back the ligature a lone f stands for: "frst" -> "first", "Ofcer" -> "Officer",
    "FRST" -> "FIRST"."""
    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        found = _collapsed_at(word.lower(), dictionary, s)
        if found is None:
            return word
        i, lig = found
        if word.isupper() and len(word) > 1:
            lig = lig.upper()
        elif word[i].isupper():
            lig = lig.capitalize()
        return word[:i] + lig + word[i + 1:]

    return _F_WORD.sub(fix, text)


def _letters(text: str, at_end: bool) -> str:
    """The run of letters at the end (or start) of a word."""
    if text.isalpha():
        return text
    m = _TAIL.search(text) if at_end else _HEAD.match(text)
    return m.group(0) if m else ""


def _touching(prev: Word, w: Word, gap: float, s: LayoutSettings) -> bool:
    """Two pieces of one word: drawn touching (or overlapping a little), or in capitals and small
    capitals; not a note's mark set raised after a number ("43" and a raised "1)": `_note_mark`)."""
    return ((drawn_touching(prev, w, s.touching_overlap, s.touching_gap) or small_caps_piece(prev, w, gap))
            and not _note_mark(prev, w, s))


_NOTE_MARK = re.compile(r"^\(?[0-9a-z]{1,2}\)$")


def _note_mark(prev: Word, w: Word, s: LayoutSettings) -> bool:
    """A mark that closes with a bracket ("1)", "a)"), after a number, set in smaller type and
    raised above its foot: a note's mark, which an exponent is not (after a word, MuPDF reads
    "options(1)" as one word, and so does the page text)."""
    return (w.text[-1:] == ")" and prev.text[-1:].isdigit() and bool(_NOTE_MARK.match(w.text))
            and raised_after(w, prev, s.mark_small, s.mark_raised))


def _plain(words: list[Word], s: LayoutSettings) -> str:
    """The words of a line joined with a space wherever `_touching` does not join them."""
    if not words:
        return ""
    out = [words[0].text]
    for prev, w in zip(words, words[1:]):
        if not _touching(prev, w, w.x0 - prev.x1, s):
            out.append(" ")
        out.append(w.text)
    return "".join(out)


# The starts of listed words that a ligature follows ("speci" of "specific"), per word list: one
# look-up tells most word pairs of a line apart from a word broken at a lost ligature. A word
# list is kept with its starts (so that its id is not reused while they are cached) and its size
# (a list that grew is read again).
_LIGATURE_STARTS: dict[int, tuple[Lexicon, int, frozenset[str]]] = {}


def _ligature_starts(lexicon: Lexicon) -> frozenset[str]:
    cached = _LIGATURE_STARTS.get(id(lexicon))
    if cached is not None and cached[0] is lexicon and cached[1] == len(lexicon):
        return cached[2]
    # Every ligature starts with "f" and then "i", "f" or "l".
    starts = frozenset(w[:i] for w in lexicon if "f" in w
                       for i in range(len(w) - 1) if w[i] == "f" and w[i + 1] in "ifl")
    if len(_LIGATURE_STARTS) >= 8:
        _LIGATURE_STARTS.clear()
    _LIGATURE_STARTS[id(lexicon)] = (lexicon, len(lexicon), starts)
    return starts


def _ligature_between(a: str, b: str, lexicon: Lexicon, starts: frozenset[str] | None = None,
                      rarity: int = 1) -> str | None:
    """The ligature that makes one word of `a` + it + `b` ("speci" "ers"; "Over" "owError" by
    its lower-case head), when that word is at least as common as the rarer part. `starts` (of
    `_ligature_starts`), when given, rules out most pairs at once."""
    if not a or not b:
        return None
    if starts is not None and a.lower() not in starts:
        return None  # no listed word has a ligature right after `a`
    low = b.lower()
    heads = [low]
    camel = _LOWER_HEAD.match(b)
    if camel and len(camel.group(0)) < len(b):
        heads.append(camel.group(0))
    a = a.lower()
    floor = min(lexicon.get(a, 0), lexicon.get(low, 0))
    if a in _LETTER_WORDS and a not in lexicon:
        # "a" and "I" are words the list may lack: before a listed word they stand as one ("a
        # right" is no "affright") unless the joined word is common as well ("a air": "affair");
        # before a word's tail one lost a ligature ("a ect").
        floor = lexicon.get(low, 0) // rarity
    for head in heads:
        for lig in LIGATURES:
            n = lexicon.get(a + lig + head, 0)
            if n and n >= floor:
                return lig
    return None


def line_text(words: list[Word], lexicon: Lexicon, s: LayoutSettings, rtl: bool | None = None,
              mixed: bool = True) -> str:
    """The words of one line (left to right) joined by spaces (words drawn touching are joined
    without one), the pieces a lost ligature left apart ("speci" "c") joined when a word list is
    given. Whole words are mended later (`mend_words`), once the line ends are decided. A line
    with words of a right-to-left script is read in their order (`bidi.reading_order`), on a
    line whose paragraph runs right to left when `rtl` says so (None: when most of the line's
    letters do); on a page with no such letter (not `mixed`) no line is looked at for them."""
    if rtl and words:  # (a line of Latin and numbers alone runs right to left too)
        return _in_reading_order(words, True, s)
    text = _left_to_right(words, lexicon, s)
    if not mixed or not RIGHT_TO_LEFT_CHARACTER.search(text):
        return text
    return _in_reading_order(words, mostly_right_to_left(words) if rtl is None else rtl, s)


def _in_reading_order(words: list[Word], rtl: bool, s: LayoutSettings) -> str:
    """A line's words joined in the order they are read: pieces drawn touching as one word, as
    on any line, and right-to-left pieces that overlap (marks drawn apart) too."""
    touching = [_touching(prev, w, w.x0 - prev.x1, s) or marks_apart(prev, w, s) for prev, w in zip(words, words[1:])]
    return text_in_reading_order(words, touching, rtl)


def _left_to_right(words: list[Word], lexicon: Lexicon, s: LayoutSettings) -> str:
    if not lexicon:
        return _plain(words, s)
    starts = _ligature_starts(lexicon)
    parts = [words[0].text]
    for prev, w in zip(words, words[1:]):
        gap = w.x0 - prev.x1
        if 0 < gap <= s.ligature_gap * (prev.y1 - prev.y0):
            lig = _ligature_between(_letters(parts[-1], True), _letters(w.text, False), lexicon, starts,
                                    s.leftover_rarity)
            if lig is not None:
                parts[-1] += lig + w.text
                continue
        if _touching(prev, w, gap, s):
            parts[-1] += w.text
            continue
        parts.append(w.text)
    return " ".join(parts)


# A word, or a compound broken at its own hyphen (ASCII or U+2010) and kept so ("le-\nbased"):
# its parts are words.
_TOKEN = re.compile(r"(?:[-\u2010]\n(?=[^\W\d_])|\S)+")
_KEPT_BREAK = re.compile(r"([-\u2010]\n)")
_HYPHEN = re.compile(r"([-\u2010])")


def _mend_parts(token: str, at: re.Pattern[str], lexicon: Lexicon, s: LayoutSettings) -> str:
    """Each part of `token` between the separators `at` finds (kept as written) mended."""
    pieces = at.split(token)  # [part, separator, part, ...]
    return "".join(p if k % 2 else _mend_token(p, lexicon, s) for k, p in enumerate(pieces))


def _mend_token(token: str, lexicon: Lexicon, s: LayoutSettings) -> str:
    if "-" not in token and "\u2010" not in token:  # (most words: no pattern asked)
        return _mend_word(token, lexicon, s)
    if "\n" in token:
        return _mend_parts(token, _KEPT_BREAK, lexicon, s)  # "le-\nbased"
    if not _HYPHEN.search(token.rstrip("-\u2010")):
        return _mend_word(token, lexicon, s)
    return _mend_parts(token, _HYPHEN, lexicon, s)  # "non-le": "non-file"


def mend_words(text: str, lexicon: Lexicon, s: LayoutSettings) -> str:
    """Words that lost a ligature mended, each part of a hyphenated word alone. Run on a block's
    text once its line-end hyphens are decided: the tail of a broken word is no word of its own
    ("techni-" + "schen" is "technischen", not "techni" + "fischen")."""
    return _TOKEN.sub(lambda m: _mend_token(m.group(0), lexicon, s), text)
