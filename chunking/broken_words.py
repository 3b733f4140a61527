"""A word broken by a hyphen where a sentence crosses a column or page break, put back together
as the loader decides a line's hyphen (`loaders.text.hyphens`): the loader leaves such a break
as drawn where it cannot be sure (the next block may not carry on the first, and a page never
sees the next page's words), and the chunks join the sentence's pieces. "recog-" + "nition"
closes up; "ACL-" + "2008", "non-" + "English", "not-a-" + "number" and a compound of two words
("coal-" + "based") keep their hyphen.

The language is told from the document's first words with the layout's default thresholds (the
splitter has no layout settings): a document whose abstract is in another language than its body
is decided by the abstract's."""
from __future__ import annotations

from functools import cached_property
from typing import Sequence

from columnrag.loaders.engine.settings import LayoutSettings
from columnrag.loaders.text.hyphens import HyphenContext, compounds_closed, join_at_hyphen
from columnrag.loaders.text.lexicon import CLOSED_COMPOUNDS, WORD_PUNCT, page_language, words_of


class BrokenWords:
    """Joins a sentence's pieces where the first ends in a word broken at a hyphen, with the
    document's own words and its language's word list (built on first use: most documents
    never ask)."""

    def __init__(self, texts: Sequence[str]) -> None:
        self._texts = list(texts)

    @cached_property
    def _context(self) -> HyphenContext:
        words = [w.strip(WORD_PUNCT).lower() for t in self._texts for w in compounds_closed(t).split()]
        language = page_language(words, LayoutSettings()) or ""
        return HyphenContext.of(words_of(language) if language else {}, frozenset(words),
                                language if language in CLOSED_COMPOUNDS else "")

    def join(self, before: str, after: str) -> str:
        """`before` (ending in a word broken at a hyphen: `hyphens.ends_broken_at_hyphen`) and
        `after` as one text: the hyphen dropped where the joined word is a word, kept where it
        is the writer's own; kept, with no space, where the break stays in a page's text (a
        compound of two words, a name: "Smith-Jones")."""
        joined = join_at_hyphen(before, after, self._context)
        return joined if joined is not None else before + after
