"""The Searcher's ranking on hand-made stores (2-d vectors, no model): a chunk scores the best of
its own vector and its passages', whatever their number."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from columnrag.ingest.query import PASSAGE_FANOUT, Searcher
from columnrag.ingest.settings import load_settings


def _toward(c: float) -> list[float]:
    """A unit vector whose cosine with the question (1, 0) is c."""
    return [c, math.sqrt(1 - c * c)]


class _Question:
    def embed_query(self, text: str) -> list[float]:
        return [1.0, 0.0]


def _searcher(db: Path, own: dict[str, float], passages: list[tuple[str, float]]) -> Searcher:
    import chromadb

    client = chromadb.PersistentClient(str(db))  # default settings, as columnrag's own client
    chunks = client.create_collection("tst", metadata={"hnsw:space": "cosine"})
    chunks.add(ids=list(own), embeddings=[_toward(c) for c in own.values()], documents=list(own),
               metadatas=[{"chunk_id": c, "source": "f.pdf"} for c in own])
    if passages:
        coll = client.create_collection("tst-passages", metadata={"hnsw:space": "cosine"})
        coll.add(ids=[f"{c}-p{i:03d}" for i, (c, _) in enumerate(passages)],
                 embeddings=[_toward(s) for _, s in passages], documents=["p"] * len(passages),
                 metadatas=[{"chunk_id": c, "source": "f.pdf", "passage": i} for i, (c, _) in enumerate(passages)])
    searcher = Searcher(load_settings(None, {"chroma": {"path": str(db), "collection": "tst"}}, environ={}))
    searcher.embedder = _Question()
    return searcher


def test_a_chunk_behind_many_passages_of_another_is_still_found(tmp_path):
    k = 2
    # A's passages fill the first request; X is found only by its one passage, below them.
    leading = [("A", 0.99 - 0.005 * i) for i in range(k * PASSAGE_FANOUT + 1)]
    searcher = _searcher(tmp_path, {"A": 0.30, "X": 0.10, "Y": 0.50, "Z": 0.45}, leading + [("X", 0.90)])
    hits = searcher.search("q", k)
    assert [h["id"] for h in hits] == ["A", "X"]
    assert [h["score"] for h in hits] == pytest.approx([0.99, 0.90], abs=1e-4)


def test_passages_whose_chunk_is_gone_are_passed_over(tmp_path):
    k = 2
    leading = [("gone", 0.99 - 0.005 * i) for i in range(k * PASSAGE_FANOUT + 1)]
    searcher = _searcher(tmp_path, {"X": 0.10, "Y": 0.50, "Z": 0.45}, leading + [("X", 0.90)])
    assert [h["id"] for h in searcher.search("q", k)] == ["X", "Y"]


def test_a_store_without_passages_ranks_by_the_chunks_vectors(tmp_path):
    searcher = _searcher(tmp_path, {"A": 0.30, "Y": 0.50, "Z": 0.45}, [])
    assert [h["id"] for h in searcher.search("q", 3)] == ["Y", "Z", "A"]
