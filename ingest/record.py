"""What has been ingested: each file's content hash and the settings fingerprint that produced
its chunks. Kept in SQLite beside the Chroma folder; written only after a file's chunks are in
the store, so a run killed at any point redoes exactly the unfinished files."""
from __future__ import annotations

import hashlib
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

RECORD_NAME = "columnrag-record.sqlite3"


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


class Record:
    def __init__(self, db_dir: str | Path, collection: str) -> None:
        Path(db_dir).mkdir(parents=True, exist_ok=True)
        self.collection = collection
        self.conn = sqlite3.connect(str(Path(db_dir) / RECORD_NAME), timeout=60)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("""CREATE TABLE IF NOT EXISTS files (
            collection TEXT, source TEXT, content_hash TEXT, fingerprint TEXT,
            chunks INTEGER, pages INTEGER, updated REAL, PRIMARY KEY (collection, source))""")
        self.conn.commit()

    def get(self, source: str) -> FileRecord | None:
        row = self.conn.execute(
            "SELECT source, content_hash, fingerprint, chunks, pages FROM files "
            "WHERE collection=? AND source=?", (self.collection, source)).fetchone()
        return FileRecord(*row) if row else None

    def put(self, rec: FileRecord) -> None:
        self.conn.execute("INSERT OR REPLACE INTO files VALUES (?,?,?,?,?,?,?)",
                          (self.collection, rec.source, rec.content_hash, rec.fingerprint,
                           rec.chunks, rec.pages, time.time()))
        self.conn.commit()

    def delete(self, source: str) -> None:
        self.conn.execute("DELETE FROM files WHERE collection=? AND source=?", (self.collection, source))
        self.conn.commit()

    def sources(self) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT source FROM files WHERE collection=? ORDER BY source", (self.collection,))]

    def totals(self) -> tuple[int, int, int]:
        files, chunks, pages = self.conn.execute(
            "SELECT COUNT(*), COALESCE(SUM(chunks),0), COALESCE(SUM(pages),0) FROM files "
            "WHERE collection=?", (self.collection,)).fetchone()
        return int(files), int(chunks), int(pages)

    def close(self) -> None:
        self.conn.close()
