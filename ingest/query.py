"""Reading a collection back: the top-k chunks for a question, and what the collection holds."""
from __future__ import annotations

from typing import Any

from .embedder import Embedder
from .settings import Settings
from .store import ChromaStore


def query_store(settings: Settings, question: str, k: int, where: dict | None = None) -> list[dict[str, Any]]:
    """Top-k chunks for a question: id, score (cosine similarity), text, metadata."""
    store = ChromaStore.open(settings.chroma, settings.embedding.model, create=False)
    vector = Embedder(settings.embedding).embed_query(question)
    res = store.query(vector, k, where)
    return [{"id": cid, "score": round(1.0 - float(dist), 6), "text": doc, "metadata": meta}
            for cid, doc, meta, dist in zip(res["ids"][0], res["documents"][0], res["metadatas"][0],
                                            res["distances"][0])]


def collection_stats(settings: Settings) -> dict[str, Any]:
    """Files and pages recorded, chunks stored, and the model that built the collection."""
    store = ChromaStore.open(settings.chroma, create=False)
    files, _, pages = store.record.totals()
    return {"collection": settings.chroma.collection, "db": store.location, "files": files,
            "pages": pages, "chunks": store.count(), "model": store.model}
