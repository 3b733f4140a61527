"""Joining words broken by a hyphen at a line end: drop the typesetter's hyphen ("exam-" "ple"),
keep a compound's own hyphen ("multi-" "threading").

Without a dictionary, the page itself is the evidence: the same compound written with its
hyphen elsewhere, the joined word written elsewhere, or the part after the break used as a word
of its own (a fragment like "ple" never is).
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

_WORD = re.compile(r"[^\W\d_]+(?:[-\u2010][^\W\d_]+)*")
_TRAILING_HYPHEN = re.compile(r"(?<=[^\W\d_])[-\u2010]$")


def ends_with_break(line: str) -> bool:
    return bool(_TRAILING_HYPHEN.search(line))


class HyphenJoiner:
    """Evidence from some lines (a page), mergeable with other pages' evidence (`merged`)."""

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self.words: Counter[str] = Counter()
        self.compounds: set[str] = set()
        prev_broken = False
        for line in lines:
            tokens = _WORD.findall(line.lower())
            if prev_broken and tokens:
                tokens = tokens[1:]  # a fragment after a break is no evidence of a word
            for tok in tokens:
                if "-" in tok or "\u2010" in tok:
                    self.compounds.add(tok.replace("\u2010", "-"))
                    self.words.update(re.split(r"[-\u2010]", tok))
                else:
                    self.words[tok] += 1
            prev_broken = ends_with_break(line)

    @classmethod
    def merged(cls, joiners: Iterable["HyphenJoiner"]) -> "HyphenJoiner":
        out = cls()
        for j in joiners:
            out.words.update(j.words)
            out.compounds |= j.compounds
        return out

    def join(self, head: str, tail: str) -> str:
        """`head` ends with a hyphen; `tail` is the next line (starting in lower case)."""
        last = head.rsplit(" ", 1)[-1][:-1]
        first = tail.split(" ", 1)[0]
        h = (_WORD.findall(last.lower()) or [""])[-1]
        t = (_WORD.findall(first.lower()) or [""])[0]
        if "-" in h or "\u2010" in h:  # state-of-the- / art: inside a compound already
            return head + tail
        if f"{h}-{t}" in self.compounds:
            return head + tail
        if f"{h}{t}" in self.words:
            return head[:-1] + tail
        if len(t) >= 3 and self.words[t] and (self.words[h] or len(h) >= 4):
            return head + tail
        return head[:-1] + tail
