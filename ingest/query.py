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


class Searcher:
    """The store opened for reading and the model loaded once, for any number of questions."""

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
        if self.count == 0:
            return []
        if self.embedder is None:
            self.embedder = Embedder(self.settings.embedding, for_queries=True)
        try:
            res = self.store.query(self.embedder.embed_query(question), min(k, self.count), filt)
        except ValueError as exc:  # chromadb refuses the filter
            raise QueryError(f"the filter {filt} is not one Chroma accepts ({exc})") from exc
        return [{"id": cid, "score": round(1.0 - float(dist), 6), "text": doc, "metadata": meta}
                for cid, doc, meta, dist in zip(res["ids"][0], res["documents"][0], res["metadatas"][0],
                                                res["distances"][0])]


def query_store(settings: Settings, question: str, k: int, where: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Top-k chunks for one question (see Searcher for several)."""
    return Searcher(settings).search(question, k, where)


def collection_stats(settings: Settings) -> dict[str, Any]:
    """Files and pages recorded, chunks stored, and the model that built the collection."""
    store = ChromaStore.open_existing(settings.chroma)
    files, _, pages = store.record.totals()
    return {"collection": settings.chroma.collection, "db": store.location, "files": files,
            "pages": pages, "chunks": store.count(), "model": store.model}
