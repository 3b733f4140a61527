"""What has been ingested: each file's content hash and the settings fingerprint that produced
its chunks. The entries live in a companion Chroma collection, `<collection>-files` (see
`store.Record`), so that every ingest process sharing a store (embedded folder or server) shares
the record. A file's entry is written only after its chunks are in the store, so a run killed at
any point redoes exactly the unfinished files."""
from __future__ import annotations

from dataclasses import dataclass

from columnrag.loaders.hashing import file_hash  # the loader puts the same hash in page metadata

__all__ = ["FileRecord", "PASSAGE_KEY", "file_hash", "passage_collection_name", "passage_id",
           "record_collection_name"]
# A passage record's number within its chunk (the passage collection's records only).
PASSAGE_KEY = "passage"


@dataclass(frozen=True)
class FileRecord:
    source: str
    content_hash: str
    fingerprint: str
    chunks: int
    pages: int


def record_collection_name(collection: str) -> str:
    return f"{collection}-files"


def passage_collection_name(collection: str) -> str:
    """The companion collection of the chunks' passage vectors (chunking.passages): the chunk
    collection stays one record per chunk for chromadb and LangChain readers."""
    return f"{collection}-passages"


def passage_id(chunk_id: str, index: int) -> str:
    return f"{chunk_id}-p{index:03d}"
