"""The reading-order metric of the ground-truth corpora (see ../shared/corpus/README.md),
implemented here so benchmarks run without ../shared.

Text and truth are normalised (NFKC, lower case, line-end hyphens joined) and cut into word
tokens. Every word trigram of the extraction is placed in the truth's body flow, preferring the
place right after the previous one; a jump backwards, or forward by more than the tokens read
plus a slack, is a break. Trigrams of floats and furniture are ignored.
"""
from __future__ import annotations

import json
import re
import statistics
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

SLACK = 6
_HYPHEN_BREAK = re.compile(r"(\w)[-\u00ad\u2010]\s*\n\s*(\w)")
_HYPHEN_SPACE = re.compile(r"(\w)[-\u00ad\u2010] (\w)")
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def tokens(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text)
    text = _HYPHEN_SPACE.sub(r"\1\2", _HYPHEN_BREAK.sub(r"\1\2", text))
    return _TOKEN.findall(text.lower())


class Truth:
    def __init__(self, items: list[dict]) -> None:
        self.body: list[str] = []
        self.sentences: list[str] = []
        aside: set[tuple[str, ...]] = set()
        for item in items:
            toks = tokens(item["text"])
            if item["kind"] == "body":
                self.body += toks
                self.sentences += [" " + " ".join(t) + " " for t in map(tokens, _SENTENCE.split(item["text"]))
                                   if len(t) >= 8]
            else:
                aside.update(tuple(toks[i:i + 3]) for i in range(len(toks) - 2))
        self.index: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for i in range(len(self.body) - 2):
            tri = tuple(self.body[i:i + 3])
            if tri not in aside:
                self.index[tri].append(i)
        self.trigrams = max(1, sum(len(v) for v in self.index.values()))

    @classmethod
    def load(cls, path: Path) -> "Truth":
        return cls(json.loads(Path(path).read_text(encoding="utf-8"))["items"])

    def place(self, toks: list[str], first: int | None = None) -> list[tuple[int, int]]:
        """Where each trigram sits in the truth; the first one found at its first occurrence, or
        at `first` when given."""
        out: list[tuple[int, int]] = []
        prev = None
        for i in range(len(toks) - 2):
            cands = self.index.get(tuple(toks[i:i + 3]))
            if not cands:
                continue
            if prev is not None and prev + 1 in cands:
                p = prev + 1
            elif prev is None:
                p = cands[0] if first is None else first
            else:
                later = [c for c in cands if c > prev]
                p = later[0] if later else cands[-1]
            out.append((i, p))
            prev = p
        return out

    @staticmethod
    def breaks(placed: list[tuple[int, int]]) -> int:
        return sum(not (1 <= p1 - p0 <= (i1 - i0) + SLACK) for (i0, p0), (i1, p1) in zip(placed, placed[1:]))

    def score_text(self, text: str) -> dict:
        placed = self.place(tokens(text))
        b = self.breaks(placed)
        return {"breaks": b, "breaks_per_kw": 1000 * b / max(1, len(self.body)),
                "coverage": len({p for _, p in placed}) / self.trigrams}

    def crosses_wherever_it_starts(self, toks: list[str], placed: list[tuple[int, int]]) -> bool:
        """A chunk's first trigram is placed at its first occurrence in the document: a chunk
        that opens with a phrase used earlier ("In this paper we") then shows a break it does not
        have. It really crosses only if it breaks wherever that first trigram is placed."""
        i0 = placed[0][0]
        return all(self.breaks(self.place(toks, first=p)) for p in self.index[tuple(toks[i0:i0 + 3])])

    def score_chunks(self, chunks: list[str]) -> dict:
        scored = crossing = real = 0
        for c in chunks:
            toks = tokens(c)
            placed = self.place(toks)
            if len(placed) >= 5:
                scored += 1
                if self.breaks(placed):
                    crossing += 1
                    real += self.crosses_wherever_it_starts(toks, placed)
        joined = [" " + " ".join(tokens(c)) + " " for c in chunks]
        intact = sum(any(s in c for c in joined) for s in self.sentences)
        return {"chunks": scored, "crossing": crossing, "crossing_real": real,
                "sentences": len(self.sentences), "intact": intact}


@dataclass
class Summary:
    docs: int
    breaks_per_kw: float
    coverage: float
    perfect: float


def summarise(rows: list[dict]) -> Summary:
    return Summary(len(rows), statistics.mean(r["breaks_per_kw"] for r in rows),
                   statistics.mean(r["coverage"] for r in rows),
                   sum(r["breaks"] == 0 and r["coverage"] >= 0.90 for r in rows) / len(rows))
