"""Reading a collection back: the top-k chunks for questions (one model load for many), and what
the collection holds. Imports no more than answering needs: chromadb, numpy and the model's
own files (see bert.py), not torch, sentence-transformers, LangChain or PyMuPDF."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from .embedder import Embedder
from .settings import Settings
from .store import ChromaStore


class QueryError(ValueError):
    """The question or its filter is not one the store can answer; the message says why."""


def where_filter(where: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Chroma takes one condition per filter: several keys become {"$and": [one per key]}."""
    if not where:
        return None
    if not isinstance(where, Mapping):
        raise QueryError("the filter must be a JSON object, e.g. {\"page\": 0}")
    if len(where) == 1:
        return dict(where)
    return {"$and": [{key: value} for key, value in where.items()]}


# Passages first asked for per chunk wanted (several passages of one chunk can lead); doubled
# until no passage left out could change the top k.
PASSAGE_FANOUT = 4


class Searcher:
    """The store opened for reading and the model loaded once, for any number of questions.

    A chunk is ranked by the best of its vectors: its own and its passages' (chunking.passages,
    kept in the `<collection>-passages` collection); a store without passages ranks by the
    chunks' vectors alone."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = ChromaStore.open_existing(settings.chroma, settings.embedding.model)
        self.count = self.store.count()
        self.embedder: Embedder | None = None

    def search(self, question: str, k: int, where: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Top-k chunks: id, score (cosine similarity), text, metadata; [] when nothing matched."""
        if k < 1:
            raise QueryError(f"k must be at least 1, got {k}")
        filt = where_filter(where)
        self.count = self.store.count()  # a long-lived searcher sees what was ingested since
        if self.count == 0:
            return []
        self.store.open_passages()
        if self.embedder is None:
            self.embedder = Embedder(self.settings.embedding, for_queries=True)
        vector = self.embedder.embed_query(question)
        try:
            res = self.store.query(vector, min(k, self.count), filt)
            hits = {cid: {"id": cid, "score": 1.0 - float(dist), "text": doc, "metadata": meta}
                    for cid, doc, meta, dist in zip(res["ids"][0], res["documents"][0], res["metadatas"][0],
                                                    res["distances"][0])}
            self._add_passages(hits, vector, k, filt)
        except ValueError as exc:  # chromadb refuses the filter
            raise QueryError(f"the filter {filt} is not one Chroma accepts ({exc})") from exc
        ranked = sorted(hits.values(), key=lambda h: (-h["score"], h["id"]))[:k]
        return [{**h, "score": round(h["score"], 6)} for h in ranked]

    def _add_passages(self, hits: dict[str, dict[str, Any]], vector: Sequence[float], k: int,
                      where: dict[str, Any] | None) -> None:
        """Raise each chunk's score to its best passage's, adding the chunks found that way.

        `hits` holds the top k by the chunks' own vectors, so any other chunk's own vector scores
        no higher than its k-th: only passages can lift one into the top k. Passages are asked
        for in growing numbers until the k-th score is at least the last passage's (no passage
        left out can reach the top k) or every passage has come. A chunk found only through a
        passage is scored by its own vector too; a passage whose chunk is gone is passed over."""
        total = self.store.passage_count()
        n = min(total, k * PASSAGE_FANOUT)
        fetched: set[str] = set()
        while n > 0:
            res = self.store.query(vector, n, where, passages=True)
            best: dict[str, float] = {}
            for meta, dist in zip(res["metadatas"][0], res["distances"][0]):
                cid = str(meta.get("chunk_id", ""))
                best[cid] = max(best.get(cid, -1.0), 1.0 - float(dist))
            self._fetch([cid for cid in best if cid not in hits and cid not in fetched], hits, vector)
            fetched.update(best)
            for cid, score in best.items():
                if cid in hits:
                    hits[cid]["score"] = max(hits[cid]["score"], score)
            scores = sorted((h["score"] for h in hits.values()), reverse=True)
            last = 1.0 - float(res["distances"][0][-1]) if res["distances"][0] else -1.0
            if n >= total or len(res["ids"][0]) < n or (len(scores) >= k and scores[k - 1] >= last):
                return  # every passage (that passes the filter) has come, or none left out can count
            n = min(total, 2 * n)

    def _fetch(self, ids: list[str], hits: dict[str, dict[str, Any]], vector: Sequence[float]) -> None:
        """Chunks found through their passages, scored by their own vectors as a start."""
        if not ids:
            return
        import numpy as np

        got = self.store.get(ids, embeddings=True)
        q = np.asarray(vector, dtype=np.float64)
        q_norm = np.linalg.norm(q)
        for cid, doc, meta, emb in zip(got["ids"], got["documents"], got["metadatas"], got["embeddings"]):
            v = np.asarray(emb, dtype=np.float64)
            own = float(q @ v / ((q_norm * np.linalg.norm(v)) or 1.0))
            hits[cid] = {"id": cid, "score": own, "text": doc, "metadata": meta}


def query_store(settings: Settings, question: str, k: int, where: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Top-k chunks for one question (see Searcher for several)."""
    return Searcher(settings).search(question, k, where)


def collection_stats(settings: Settings) -> dict[str, Any]:
    """Files and pages recorded, chunks and their passage vectors stored, and the model that
    built the collection."""
    store = ChromaStore.open_existing(settings.chroma)
    files, _, pages = store.record.totals()
    return {"collection": settings.chroma.collection, "db": store.location, "files": files,
            "pages": pages, "chunks": store.count(), "passages": store.passage_count(), "model": store.model}
