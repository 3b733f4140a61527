"""What has been ingested: each file's content hash and the settings fingerprint that produced
its chunks, kept in a companion Chroma collection so that every ingest process sharing a store
(embedded folder or server) shares the record. A file's entry is written only after its chunks
are in the store, so a run killed at any point redoes exactly the unfinished files."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from .settings import ChromaSettings
from .store import with_retries

_PAGE = 5000


def file_hash(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@dataclass(frozen=True)
class FileRecord:
    source: str
    content_hash: str
    fingerprint: str
    chunks: int
    pages: int


def record_collection_name(collection: str) -> str:
    return f"{collection}-files"


class Record:
    def __init__(self, client, settings: ChromaSettings) -> None:
        self.settings = settings
        self.coll = with_retries(settings, client.get_or_create_collection,
                                 name=record_collection_name(settings.collection),
                                 metadata={"columnrag_record_of": settings.collection})

    def _id(self, source: str) -> str:
        return hashlib.sha1(source.encode("utf-8")).hexdigest()

    def get(self, source: str) -> FileRecord | None:
        got = with_retries(self.settings, self.coll.get, ids=[self._id(source)], include=["metadatas"])
        if not got["ids"]:
            return None
        m = got["metadatas"][0]
        return FileRecord(m["source"], m["content_hash"], m["fingerprint"], int(m["chunks"]), int(m["pages"]))

    def put_many(self, recs: list[FileRecord]) -> None:
        if recs:
            with_retries(self.settings, self.coll.upsert, ids=[self._id(r.source) for r in recs],
                         embeddings=[[0.0]] * len(recs), metadatas=[dict(r.__dict__) for r in recs],
                         documents=[r.source for r in recs])

    def delete(self, source: str) -> None:
        with_retries(self.settings, self.coll.delete, ids=[self._id(source)])

    def all(self) -> list[FileRecord]:
        out: list[FileRecord] = []
        offset = 0
        while True:
            got = with_retries(self.settings, self.coll.get, include=["metadatas"], limit=_PAGE, offset=offset)
            for m in got["metadatas"]:
                out.append(FileRecord(m["source"], m["content_hash"], m["fingerprint"], int(m["chunks"]),
                                      int(m["pages"])))
            if len(got["ids"]) < _PAGE:
                return out
            offset += _PAGE

    def sources(self) -> list[str]:
        return sorted(r.source for r in self.all())

    def totals(self) -> tuple[int, int, int]:
        recs = self.all()
        return len(recs), sum(r.chunks for r in recs), sum(r.pages for r in recs)
