"""The Chroma side: client, collection with cosine distance, the model that built it, and
batched writes within the client's maximum batch size."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Sequence

from .settings import ChromaSettings

log = logging.getLogger(__name__)
MODEL_KEY = "columnrag_model"
DIM_KEY = "columnrag_dimension"


class StoreError(RuntimeError):
    """The vector store cannot be used as asked; the message says why."""


def open_client(settings: ChromaSettings):
    import chromadb
    from chromadb.config import Settings as ChromaClientSettings

    Path(settings.path).mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=settings.path,
                                     settings=ChromaClientSettings(anonymized_telemetry=False))


def open_collection(client, name: str, model: str | None = None, dimension: int | None = None,
                    create: bool = True):
    """Get (or create) the collection; refuse to mix vectors of another model into it."""
    existing = {c.name if hasattr(c, "name") else str(c) for c in client.list_collections()}
    if name not in existing:
        if not create:
            raise StoreError(f"collection {name!r} does not exist (run `columnrag ingest` first)")
        metadata: dict[str, Any] = {"hnsw:space": "cosine"}
        if model:
            metadata[MODEL_KEY] = model
        if dimension:
            metadata[DIM_KEY] = dimension
        return client.create_collection(name=name, metadata=metadata)
    coll = client.get_collection(name=name)
    built_with = (coll.metadata or {}).get(MODEL_KEY)
    if model and built_with and built_with != model:
        raise StoreError(f"collection {name!r} was built with embedding model {built_with!r}; "
                         f"ingesting with {model!r} would mix vectors. Use another --collection, "
                         f"or the same model.")
    return coll


def batched_upsert(client, coll, ids: Sequence[str], embeddings: Sequence[Sequence[float]],
                   documents: Sequence[str], metadatas: Sequence[dict[str, Any]]) -> None:
    size = max(1, int(client.get_max_batch_size()))
    for i in range(0, len(ids), size):
        coll.upsert(ids=list(ids[i:i + size]), embeddings=[list(e) for e in embeddings[i:i + size]],
                    documents=list(documents[i:i + size]), metadatas=list(metadatas[i:i + size]))


def delete_source(coll, source: str) -> None:
    coll.delete(where={"source": source})
