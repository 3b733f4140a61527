"""Housekeeping on a store, file by file: list the ingested files, delete some, or drop the
whole collection with its record. Readers never create a store; writers take the ingest lock."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from columnrag.loaders.paths import display_path

from .discover import InputError, canonical
from .record import FileRecord
from .settings import Settings
from .store import ChromaStore, ingest_lock


def list_files(settings: Settings) -> list[FileRecord]:
    """The ingested files, by path."""
    return sorted(ChromaStore.open_existing(settings.chroma).record.all(), key=lambda r: r.source)


def _matching(given: str, records: Sequence[FileRecord]) -> list[FileRecord]:
    """The records of a file, or of every file under a folder; the path is taken canonical, or
    as stored (sources recorded before paths were made canonical)."""
    wanted = display_path(str(canonical(given)))
    under = wanted.rstrip("/") + "/"
    return [r for r in records if r.source in (wanted, given) or r.source.startswith(under)]


def delete_files(settings: Settings, paths: Sequence[str | Path]) -> list[FileRecord]:
    """Remove the chunks and records of these files (or of every file under these folders).
    InputError, with nothing deleted, when a path matches no ingested file."""
    store = ChromaStore.open_existing(settings.chroma)
    records = store.record.all()
    doomed: dict[str, FileRecord] = {}
    for p in paths:
        found = _matching(str(p), records)
        if not found:
            raise InputError(f"{p}: no ingested file there (`columnrag files` lists them)")
        doomed.update((r.source, r) for r in found)
    with ingest_lock(settings.chroma):
        for source in sorted(doomed):
            store.delete_sources([source])
            store.record.delete(source)
    return [doomed[s] for s in sorted(doomed)]


@dataclass(frozen=True)
class StoreContents:
    collection: str
    location: str
    files: int
    chunks: int


def describe(settings: Settings) -> StoreContents:
    """What `reset` would drop."""
    store = ChromaStore.open_existing(settings.chroma)
    return StoreContents(settings.chroma.collection, store.location, len(store.record.all()), store.count())


def reset_store(settings: Settings) -> None:
    """Drop the collection, its passages `<collection>-passages` and its record `<collection>-files`."""
    store = ChromaStore.open_existing(settings.chroma)
    with ingest_lock(settings.chroma):
        store.drop()
