"""A file's content hash: what the ingest record stores and what chunk ids are built from.

One function for both, so a chunk id computed from Python (loader and splitter) and the one the
CLI stores agree. Stdlib only.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

_BLOCK = 1 << 20


def file_hash(path: str | Path) -> str:
    """The SHA-256 of the file's bytes, read in blocks (memory stays flat for big files)."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(_BLOCK), b""):
            h.update(block)
    return h.hexdigest()


def bytes_hash(data: bytes) -> str:
    """The same hash of bytes already in memory (a blob made from data)."""
    return hashlib.sha256(data).hexdigest()
