"""Reading a collection back: the top-k chunks for questions (one model load for many), and what
the collection holds. Imports no more than answering needs: chromadb, numpy and the model's
own files (see bert.py), not torch, sentence-transformers, LangChain or PyMuPDF."""
from __future__ import annotations

from typing import Any, Mapping

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


# Passages asked for per chunk wanted: several passages of one chunk can lead, and a chunk found
# only through a passage must still be among them.
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
        self.passage_count = self.store.passage_count()
        self.embedder: Embedder | None = None

    def search(self, question: str, k: int, where: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Top-k chunks: id, score (cosine similarity), text, metadata; [] when nothing matched."""
        if k < 1:
            raise QueryError(f"k must be at least 1, got {k}")
        filt = where_filter(where)
        if self.count == 0:
            return []
        if self.embedder is None:
            self.embedder = Embedder(self.settings.embedding, for_queries=True)
        vector = self.embedder.embed_query(question)
        try:
            res = self.store.query(vector, min(k, self.count), filt)
            passages = (self.store.query(vector, min(k * PASSAGE_FANOUT, self.passage_count), filt, passages=True)
                        if self.passage_count else None)
        except ValueError as exc:  # chromadb refuses the filter
            raise QueryError(f"the filter {filt} is not one Chroma accepts ({exc})") from exc
        hits = {cid: {"id": cid, "score": 1.0 - float(dist), "text": doc, "metadata": meta}
                for cid, doc, meta, dist in zip(res["ids"][0], res["documents"][0], res["metadatas"][0],
                                                res["distances"][0])}
        if passages is not None:
            self._add_passages(hits, passages)
        ranked = sorted(hits.values(), key=lambda h: (-h["score"], h["id"]))[:k]
        return [{**h, "score": round(h["score"], 6)} for h in ranked]

    def _add_passages(self, hits: dict[str, dict[str, Any]], passages: dict[str, Any]) -> None:
        """Raise each chunk's score to its best passage's, fetching chunks found only that way."""
        best: dict[str, float] = {}
        for meta, dist in zip(passages["metadatas"][0], passages["distances"][0]):
            cid = str(meta.get("chunk_id", ""))
            best[cid] = max(best.get(cid, -1.0), 1.0 - float(dist))
        missing = [cid for cid in best if cid not in hits]
        if missing:
            got = self.store.get(missing)
            for cid, doc, meta in zip(got["ids"], got["documents"], got["metadatas"]):
                hits[cid] = {"id": cid, "score": -1.0, "text": doc, "metadata": meta}
        for cid, score in best.items():
            if cid in hits:
                hits[cid]["score"] = max(hits[cid]["score"], score)


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
