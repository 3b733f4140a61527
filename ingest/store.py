"""The Chroma side: an embedded or client/server client, the collection (cosine distance, the
model that built it), batched writes within the client's limit, retries with backoff.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

from .settings import ChromaSettings

log = logging.getLogger(__name__)
MODEL_KEY = "columnrag_model"
DIM_KEY = "columnrag_dimension"
T = TypeVar("T")


class StoreError(RuntimeError):
    """The vector store cannot be used as asked; the message says why."""


def _transient(exc: BaseException) -> bool:
    """Connection trouble is worth retrying; a refused request (bad argument) is not."""
    name = type(exc).__name__.lower()
    return isinstance(exc, (ConnectionError, TimeoutError, OSError)) or any(
        k in name for k in ("connect", "timeout", "unavailable", "remoteprotocol", "readerror"))


def with_retries(cs: ChromaSettings, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """Call fn, retrying transient failures with exponential backoff (server mode only)."""
    if not cs.host:
        return fn(*args, **kwargs)
    wrapped = retry(stop=stop_after_attempt(max(1, cs.retries)),
                    wait=wait_exponential(multiplier=0.5, max=8),
                    retry=retry_if_exception(_transient), reraise=True,
                    before_sleep=lambda rs: log.warning("Chroma server call failed (%s); retrying",
                                                        rs.outcome.exception()))(fn)
    try:
        return wrapped(*args, **kwargs)
    except Exception as exc:
        if not _transient(exc):
            raise
        scheme = "https" if cs.ssl else "http"
        raise StoreError(f"lost the Chroma server at {scheme}://{cs.host}:{cs.port} after {cs.retries} "
                         f"tries ({type(exc).__name__}: {exc}); run the ingest again to complete it") from exc


def open_client(settings: ChromaSettings):
    import chromadb
    from chromadb.config import Settings as ChromaClientSettings

    client_settings = ChromaClientSettings(anonymized_telemetry=False)
    if settings.host:
        headers = {}
        if settings.token_env:
            token = os.environ.get(settings.token_env)
            if not token:
                raise StoreError(f"environment variable {settings.token_env} (chroma.token_env) is not set")
            headers[settings.auth_header] = settings.auth_prefix + token
        try:
            return with_retries(settings, chromadb.HttpClient, host=settings.host, port=settings.port,
                                ssl=settings.ssl, headers=headers or None, settings=client_settings)
        except Exception as exc:
            scheme = "https" if settings.ssl else "http"
            raise StoreError(f"cannot reach the Chroma server at {scheme}://{settings.host}:{settings.port} "
                             f"({type(exc).__name__}: {exc})") from exc
    Path(settings.path).mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=settings.path, settings=client_settings)


def open_collection(client, settings: ChromaSettings, model: str | None = None, create: bool = True,
                    name: str | None = None):
    """Get (or create) the collection; refuse to mix vectors of another model into it."""
    name = name or settings.collection
    existing = {c.name if hasattr(c, "name") else str(c) for c in with_retries(settings, client.list_collections)}
    if name not in existing:
        if not create:
            raise StoreError(f"collection {name!r} does not exist (run `columnrag ingest` first)")
        metadata: dict[str, Any] = {"hnsw:space": "cosine"}
        if model:
            metadata[MODEL_KEY] = model
        return with_retries(settings, client.get_or_create_collection, name=name, metadata=metadata)
    coll = with_retries(settings, client.get_collection, name=name)
    built_with = (coll.metadata or {}).get(MODEL_KEY)
    if model and built_with and built_with != model:
        raise StoreError(f"collection {name!r} was built with embedding model {built_with!r}; "
                         f"ingesting with {model!r} would mix vectors. Use another --collection, "
                         f"or the same model.")
    return coll


def batched_upsert(settings: ChromaSettings, client, coll, ids: Sequence[str],
                   embeddings: Sequence[Sequence[float]], documents: Sequence[str],
                   metadatas: Sequence[dict[str, Any]]) -> None:
    size = max(1, int(with_retries(settings, client.get_max_batch_size)))
    for i in range(0, len(ids), size):
        with_retries(settings, coll.upsert, ids=list(ids[i:i + size]),
                     embeddings=[list(e) for e in embeddings[i:i + size]],
                     documents=list(documents[i:i + size]), metadatas=list(metadatas[i:i + size]))


def delete_sources(settings: ChromaSettings, coll, sources: Sequence[str]) -> None:
    """Remove every chunk of these files, in one call."""
    if sources:
        where = {"source": sources[0]} if len(sources) == 1 else {"source": {"$in": list(sources)}}
        with_retries(settings, coll.delete, where=where)
