"""Chroma Research's chunking evaluation on two-column PDFs (../shared/chunkqa, read in place).

Questions nobody here wrote, with reference excerpts as character ranges of their corpus; every
chunk is mapped back to that corpus by word trigrams, and the top k chunks of each question are
scored by Chroma's token-level recall, precision and IoU. The harness's own functions are used
(its run.py and align.py, loaded by path): its questions, its pipelines other than columnrag, its
alignment and its metric. Unlike run.py, retrieval here is an exact cosine search over the
embeddings of the project's Embedder (what the ingest stores), and columnrag chunks are embedded
as the ingest embeds them (`embedding_text`), while their page text is what is aligned and scored.
"""
from __future__ import annotations

import importlib.util
import os
import statistics
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from .embedcache import similarities, top_k

VARIANTS = ("original", "words-shuffled")
OTHERS = {"usual": "PyMuPDFLoader + Recursive 1000/200 characters",
          "usual-tokens": "PyMuPDFLoader + Recursive 200 tokens",
          "plain": "text only, Recursive 1000/200 characters",
          "plain-tokens": "text only, Recursive 200 tokens"}
KS = (5, 10)


@dataclass(frozen=True)
class QAChunk:
    corpus: str
    text: str  # what is aligned and scored
    embed: str  # what is embedded
    passages: tuple[str, ...] = ()  # embedded too, as more vectors of the chunk


def _harness(folder: Path) -> ModuleType:
    """../shared/chunkqa/run.py as a module (it puts its folder on sys.path for align.py)."""
    os.environ.setdefault("CHUNKQA_OUT", str(Path(__file__).resolve().parent / ".cache" / "chunkqa"))
    spec = importlib.util.spec_from_file_location("chunkqa_run", folder / "run.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"{folder / 'run.py'}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("chunkqa_run", module)
    spec.loader.exec_module(module)
    return module


class ChunkQA:
    """The questions, the corpora and their aligners, loaded once; chunks are scored by `score`."""

    def __init__(self, folder: Path, embedder) -> None:
        self.folder = folder
        self.run = _harness(folder)
        self.embedder = embedder
        self.corpora = list(self.run.CORPORA)
        self.texts = {c: (folder / "corpora" / f"{c}.txt").read_text(encoding="utf-8") for c in self.corpora}
        self.questions, _ = self.run.load_questions(self.corpora, self.texts)
        self.aligners = {c: self.run.align.Corpus(self.texts[c]) for c in self.corpora}
        self._qv = embedder.embed([q["question"] for q in self.questions])

    @lru_cache(maxsize=8)
    def pages(self, variant: str, corpus: str) -> list[Any]:
        from columnrag.loaders import ColumnAwarePDFLoader

        return ColumnAwarePDFLoader(str(self.folder / "pdfs" / variant / f"{corpus}.pdf")).load()

    def columnrag(self, variant: str, settings=None) -> list[QAChunk]:
        from .measure import split_pages

        return [QAChunk(c, ch.text, ch.embed, ch.passages) for c in self.corpora
                for ch in split_pages(self.pages(variant, c), settings) if ch.text.strip()]

    def other(self, pipeline: str, variant: str) -> list[QAChunk]:
        """One of the harness's own pipelines (OTHERS; plain ones take the variant "text")."""
        chunks = self.run.chunks_for(pipeline, variant, self.corpora, self.texts, self.folder / "pdfs")
        return [QAChunk(c["corpus"], c["text"], c["text"]) for c in chunks]

    def token_splitter(self, variant: str, chunk_size: int) -> list[QAChunk]:
        """The recursive splitter counting the model's tokens, at columnrag's chunk size ([CLS]
        and [SEP] not counted there, so chunk_size - 2), no overlap: on PyMuPDFLoader's pages of a
        PDF variant, or on the corpus text itself for variant "text" (the text-only ceiling)."""
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        splitter = RecursiveCharacterTextSplitter.from_huggingface_tokenizer(
            self.run.hf_tokenizer(), chunk_size=chunk_size - 2, chunk_overlap=0)
        out: list[QAChunk] = []
        for c in self.corpora:
            if variant == "text":
                texts = splitter.split_text(self.texts[c])
            else:
                from langchain_community.document_loaders import PyMuPDFLoader

                pages = PyMuPDFLoader(str(self.folder / "pdfs" / variant / f"{c}.pdf")).load()
                texts = [d.page_content for d in splitter.split_documents(pages)]
            out += [QAChunk(c, t, t) for t in texts if t.strip()]
        return out

    def score(self, chunks: list[QAChunk]) -> dict[str, float]:
        """Mean recall, precision and IoU at k = 5 and 10 over the questions; chunk count and
        mean tokens ([CLS]/[SEP] not counted)."""
        align = self.run.align
        placed = []
        hint: dict[str, int | None] = {}
        for ch in chunks:
            spans, unaligned, _, hint[ch.corpus] = self.aligners[ch.corpus].align(ch.text, hint.get(ch.corpus))
            placed.append((ch.corpus, spans, align.sum_of_ranges(spans) + unaligned))
        sims = similarities(self._qv, self.embedder, [ch.embed for ch in chunks], [ch.passages for ch in chunks])
        ranked = top_k(sims, max(KS))
        out: dict[str, float] = {"questions": len(self.questions), "chunks": len(chunks),
                                 "mean_tokens": statistics.fmean(self.run.n_tokens(ch.text) for ch in chunks)}
        for k in KS:
            rows = [align.score(q["refs"], q["corpus"], [placed[j] for j in top[:k]])
                    for q, top in zip(self.questions, ranked)]
            for n, name in enumerate(("recall", "precision", "iou")):
                out[f"{name}@{k}"] = statistics.fmean(r[n] for r in rows)
            if k == KS[0]:
                for c in self.corpora:
                    out[f"recall@{k} {c}"] = statistics.fmean(r[0] for r, q in zip(rows, self.questions)
                                                               if q["corpus"] == c)
        return out


def find(shared: Path) -> Path | None:
    """The chunkqa folder when ../shared has it (the benchmarks skip it otherwise)."""
    folder = shared / "chunkqa"
    return folder if (folder / "run.py").is_file() and (folder / "pdfs").is_dir() else None
