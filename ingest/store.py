"""The Chroma side: an embedded or client/server client, the collection (cosine distance, the
model that built it), the ingest record beside it, batched writes within the client's limit,
retries with backoff. `ChromaStore` holds them together so the rest of ingest passes one object.
"""
from __future__ import annotations

import hashlib
import logging
import os
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence, TypeVar

from filelock import FileLock, Timeout
from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

from .record import FileRecord, passage_collection_name, record_collection_name
from .settings import ChromaSettings

# chromadb is imported inside open_client: it takes about a second to import, and the CLI's
# parsing, --help and audit never touch a store.

log = logging.getLogger(__name__)
MODEL_KEY = "columnrag_model"
LOCK_NAME = ".columnrag-ingest.lock"
_RECORD_PAGE = 5000
T = TypeVar("T")


class StoreError(RuntimeError):
    """The vector store cannot be used as asked; the message says why."""


def _transient(exc: BaseException) -> bool:
    """Connection trouble is worth retrying; a refused request (bad argument) is not."""
    name = type(exc).__name__.lower()
    return isinstance(exc, (ConnectionError, TimeoutError, OSError)) or any(
        k in name for k in ("connect", "timeout", "unavailable", "remoteprotocol", "readerror"))


def _server_url(cs: ChromaSettings) -> str:
    return f"{'https' if cs.ssl else 'http'}://{cs.host}:{cs.port}"


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
        raise StoreError(f"lost the Chroma server at {_server_url(cs)} after {cs.retries} "
                         f"tries ({type(exc).__name__}: {exc}); run the ingest again to complete it") from exc


def open_client(settings: ChromaSettings, create: bool = True):
    """A client for the server, or for the embedded store in chroma.path. With create=False an
    embedded store must already exist (readers never leave an empty store folder behind).

    The embedded store is opened with chromadb's default settings: chromadb keeps one client
    system per folder in a process and refuses a second client whose settings differ, so any
    other choice would break a `chromadb.PersistentClient(path)` or `langchain_chroma.Chroma(
    persist_directory=path)` opened beside ours. The defaults read ANONYMIZED_TELEMETRY from the
    environment (the CLI sets it to False), the same for every client in the process."""
    import chromadb
    from chromadb.config import Settings as ChromaClientSettings

    if settings.host:
        # Every HttpClient has a system of its own: its settings can differ from the defaults.
        client_settings = ChromaClientSettings(anonymized_telemetry=False)
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
            raise StoreError(f"cannot reach the Chroma server at {_server_url(settings)} "
                             f"({type(exc).__name__}: {exc})") from exc
    if not create and not store_exists(settings):
        raise StoreError(f"no Chroma store in {settings.path} (run `columnrag ingest` first, or give --db)")
    Path(settings.path).mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=settings.path)


def store_exists(settings: ChromaSettings) -> bool:
    """Whether the embedded store folder holds a Chroma database (always true for a server)."""
    return bool(settings.host) or (Path(settings.path) / "chroma.sqlite3").is_file()


def collection_names(client, settings: ChromaSettings) -> set[str]:
    return {c.name if hasattr(c, "name") else str(c) for c in with_retries(settings, client.list_collections)}


def existing_collection(client, settings: ChromaSettings, model: str | None = None, name: str | None = None):
    """The collection, or None when it does not exist yet; refuse to mix vectors of another
    model into it."""
    name = name or settings.collection
    if name not in collection_names(client, settings):
        return None
    coll = with_retries(settings, client.get_collection, name=name)
    built_with = (coll.metadata or {}).get(MODEL_KEY)
    if model and built_with and built_with != model:
        raise StoreError(f"collection {name!r} was built with embedding model {built_with!r}; "
                         f"using {model!r} would mix vectors. Use another --collection, "
                         f"or --model {built_with}.")
    return coll


def create_collection(client, settings: ChromaSettings, model: str | None = None, name: str | None = None):
    metadata: dict[str, Any] = {"hnsw:space": "cosine"}
    if model:
        metadata[MODEL_KEY] = model
    return with_retries(settings, client.get_or_create_collection, name=name or settings.collection,
                        metadata=metadata)


@contextmanager
def ingest_lock(settings: ChromaSettings) -> Iterator[None]:
    """One ingest at a time per embedded store (a lock file in its folder); a Chroma server takes
    several at once, on disjoint sets of files. The folder is made either way: the report goes there."""
    db = Path(settings.path)
    db.mkdir(parents=True, exist_ok=True)
    if settings.host:
        yield
        return
    lock = FileLock(str(db / LOCK_NAME))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise StoreError(f"another ingest is writing to {db}; wait for it to finish") from None
    try:
        yield
    finally:
        lock.release()


class ChromaStore:
    """One Chroma store as ingest, query and the other commands use it: the client, the chunk
    collection, its passage collection and the record of ingested files, every call retried the
    same way (in server mode). The collections are created at the first write, after the model
    has embedded a batch: a run that fails before (a model that cannot load, an interrupt)
    records nothing."""

    def __init__(self, settings: ChromaSettings, client: Any, collection: Any, model: str | None = None) -> None:
        self.settings = settings
        self.client = client
        self.collection = collection  # None until the first write
        self.passages: Any = None  # the chunks' passage vectors (open_passages); None until written
        self.model_name = model

    @classmethod
    def open(cls, settings: ChromaSettings, model: str | None = None, create: bool = True) -> ChromaStore:
        """Connect and open the collection if it exists (see existing_collection for `model`).
        create=False: the store must exist already (no folder is made)."""
        client = open_client(settings, create=create)
        store = cls(settings, client, existing_collection(client, settings, model), model)
        store.open_passages()
        return store

    def open_passages(self) -> None:
        """(Re)open the passage collection, if it exists now (an ingest may have made it since)."""
        if self.passages is None and self.collection is not None:
            self.passages = existing_collection(self.client, self.settings, self.model_name,
                                                passage_collection_name(self.settings.collection))

    @classmethod
    def open_existing(cls, settings: ChromaSettings, model: str | None = None) -> ChromaStore:
        """For readers: the store and its collection must exist; nothing is created."""
        store = cls.open(settings, model, create=False)
        if store.collection is None:
            raise StoreError(f"collection {settings.collection!r} does not exist in {store.location} "
                             f"(run `columnrag ingest` first)")
        return store

    def call(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        return with_retries(self.settings, fn, *args, **kwargs)

    def ensure_collection(self) -> Any:
        if self.collection is None:
            self.collection = create_collection(self.client, self.settings, self.model_name)
        return self.collection

    @cached_property
    def record(self) -> Record:
        return Record(self)

    @property
    def model(self) -> str:
        """The embedding model that built the collection ("" when unknown)."""
        return ((self.collection.metadata if self.collection is not None else None) or {}).get(MODEL_KEY, "")

    @property
    def location(self) -> str:
        cs = self.settings
        return f"{cs.host}:{cs.port}" if cs.host else cs.path

    def count(self) -> int:
        return self.call(self.collection.count) if self.collection is not None else 0

    def upsert(self, ids: Sequence[str], embeddings: Sequence[Sequence[float]], documents: Sequence[str],
               metadatas: Sequence[dict[str, Any]], passages: bool = False) -> None:
        """Write chunks (or, with `passages`, passage records) in batches the client accepts."""
        if not ids:
            return
        if passages:
            if self.passages is None:
                self.passages = create_collection(self.client, self.settings, self.model_name,
                                                  passage_collection_name(self.settings.collection))
            coll = self.passages
        else:
            coll = self.ensure_collection()
        size = max(1, int(self.call(self.client.get_max_batch_size)))
        for i in range(0, len(ids), size):
            self.call(coll.upsert, ids=list(ids[i:i + size]),
                      embeddings=[list(e) for e in embeddings[i:i + size]],
                      documents=list(documents[i:i + size]), metadatas=list(metadatas[i:i + size]))

    def delete_sources(self, sources: Sequence[str]) -> None:
        """Remove every chunk of these files and their passages, one call per collection."""
        if not sources:
            return
        where = {"source": sources[0]} if len(sources) == 1 else {"source": {"$in": list(sources)}}
        for coll in (self.collection, self.passages):
            if coll is not None:
                self.call(coll.delete, where=where)

    def query(self, vector: Sequence[float], k: int, where: Mapping[str, Any] | None = None,
              passages: bool = False) -> dict[str, Any]:
        """The k nearest chunks (or, with `passages`, passage records): ids, documents,
        metadatas and cosine distances (one query)."""
        coll = self.passages if passages else self.collection
        return self.call(coll.query, query_embeddings=[list(vector)], n_results=k,
                         where=where or None, include=["documents", "metadatas", "distances"])

    def get(self, ids: Sequence[str], embeddings: bool = False) -> dict[str, Any]:
        """Chunks by id: ids, documents and metadatas (and their vectors, if asked)."""
        include = ["documents", "metadatas"] + (["embeddings"] if embeddings else [])
        return self.call(self.collection.get, ids=list(ids), include=include)

    def passage_count(self) -> int:
        return self.call(self.passages.count) if self.passages is not None else 0

    def drop(self) -> None:
        """Delete the collection and its passage and record collections."""
        names = collection_names(self.client, self.settings)
        chunks = self.settings.collection
        for name in (chunks, passage_collection_name(chunks), record_collection_name(chunks)):
            if name in names:
                self.call(self.client.delete_collection, name=name)
        self.collection = self.passages = None
        self.__dict__.pop("record", None)


class Record:
    """The record collection `<collection>-files`: one entry (metadata only) per ingested file.
    Made at the first entry written, so reading never creates it."""

    def __init__(self, store: ChromaStore) -> None:
        self.store = store
        self.call = store.call
        self.name = record_collection_name(store.settings.collection)
        self._coll = existing_collection(store.client, store.settings, name=self.name)

    def _writable(self) -> Any:
        if self._coll is None:
            self._coll = self.call(self.store.client.get_or_create_collection, name=self.name,
                                   metadata={"columnrag_record_of": self.store.settings.collection})
        return self._coll

    @staticmethod
    def _id(source: str) -> str:
        return hashlib.sha1(source.encode("utf-8")).hexdigest()

    @staticmethod
    def _entry(m: Mapping[str, Any]) -> FileRecord:
        return FileRecord(m["source"], m["content_hash"], m["fingerprint"], int(m["chunks"]), int(m["pages"]))

    def get(self, source: str) -> FileRecord | None:
        if self._coll is None:
            return None
        got = self.call(self._coll.get, ids=[self._id(source)], include=["metadatas"])
        return self._entry(got["metadatas"][0]) if got["ids"] else None

    def with_content(self, content_hash: str) -> list[FileRecord]:
        """The files recorded with this content (the same bytes under other paths)."""
        if self._coll is None:
            return []
        got = self.call(self._coll.get, where={"content_hash": content_hash}, include=["metadatas"])
        return [self._entry(m) for m in got["metadatas"]]

    def put_many(self, recs: Sequence[FileRecord]) -> None:
        if recs:
            self.call(self._writable().upsert, ids=[self._id(r.source) for r in recs],
                      embeddings=[[0.0]] * len(recs), metadatas=[dict(r.__dict__) for r in recs],
                      documents=[r.source for r in recs])

    def delete(self, source: str) -> None:
        if self._coll is not None:
            self.call(self._coll.delete, ids=[self._id(source)])

    def all(self) -> list[FileRecord]:
        if self._coll is None:
            return []
        out: list[FileRecord] = []
        offset = 0
        while True:
            got = self.call(self._coll.get, include=["metadatas"], limit=_RECORD_PAGE, offset=offset)
            out += [self._entry(m) for m in got["metadatas"]]
            if len(got["ids"]) < _RECORD_PAGE:
                return out
            offset += _RECORD_PAGE

    def sources(self) -> list[str]:
        return sorted(r.source for r in self.all())

    def totals(self) -> tuple[int, int, int]:
        """Files, chunks and pages recorded."""
        recs = self.all()
        return len(recs), sum(r.chunks for r in recs), sum(r.pages for r in recs)
