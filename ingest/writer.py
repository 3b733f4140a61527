"""Parsed files into the store, a batch at a time: embed, then store, then record.

A file's old chunks are deleted and its new ones written before its record is updated: a run
killed at any point leaves the unfinished files unrecorded, and the next run redoes them, with
no duplicates (chunk ids are deterministic). A run stopped by an exception (an interrupt)
finishes the batch being written, drops the ones still queued, and returns.
"""
from __future__ import annotations

import queue
import threading
from typing import Sequence

from .embedder import BackgroundEmbedder
from .parse import FileChunks
from .record import FileRecord
from .report import Progress, Summary
from .store import ChromaStore

# A file's chunks and the vectors of its embedding_inputs() (its chunks', then its passages').
Embedded = tuple[FileChunks, Sequence[Sequence[float]]]


def store_files(store: ChromaStore, batch: Sequence[Embedded], fingerprint: str, summary: Summary,
                recorded: set[str]) -> None:
    """Replace several files' chunks and passages in one delete and one upsert per collection,
    then record them all."""
    results = [r for r, _ in batch]
    store.delete_sources([r.source for r in results])
    store.upsert([i for r in results for i in r.ids], [v for r, vs in batch for v in vs[:len(r.ids)]],
                 [t for r in results for t in r.texts], [m for r in results for m in r.metadatas])
    passages = [r.passage_records(vs) for r, vs in batch]
    store.upsert([i for p in passages for i in p.ids], [v for p in passages for v in p.vectors],
                 [t for p in passages for t in p.texts], [m for p in passages for m in p.metadatas],
                 passages=True)
    store.record.put_many([FileRecord(r.source, r.content_hash, fingerprint, len(r.ids), r.pages)
                           for r in results])
    for r in results:
        summary.add_stored(r.pages, len(r.ids), r.source in recorded, r.ocr_pages)


class Writer:
    """Gathers parsed files until `batch_texts` texts (chunks and passages) wait, embeds them in one go (batches of
    similar length across files: as fast as embedding the corpus alone), and stores them in a
    thread of its own, a batch at a time and in order, so Chroma writes overlap the next batch's
    embedding. The queue is short, so memory stays bounded. An error in the store thread (a
    server that went away) stops the run at the next flush or at close."""

    _DONE = object()

    def __init__(self, store: ChromaStore, model: BackgroundEmbedder, fingerprint: str, batch_texts: int,
                 summary: Summary, recorded: set[str], progress: Progress | None = None) -> None:
        self.store = store
        self.model = model
        self.fingerprint = fingerprint
        self.batch_texts = batch_texts
        self.summary = summary
        self.recorded = recorded
        self.progress = progress
        self.abandoned = False
        self.pending: list[FileChunks] = []
        self.pending_texts = 0
        self.queue: queue.Queue = queue.Queue(maxsize=2)
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._store_batches, name="columnrag-writer", daemon=True)
        self.thread.start()

    def __enter__(self) -> Writer:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, *exc_info: object) -> None:
        if exc_type is not None:
            self.abandoned = True  # the batch being written is finished, queued ones are dropped
        self.close()

    def add(self, result: FileChunks) -> None:
        self.pending.append(result)
        self.pending_texts += len(result.embedding_inputs())
        if self.pending_texts >= self.batch_texts:
            self.flush()

    def flush(self) -> None:
        """Embed the gathered files' chunks and passages and hand them to the store thread."""
        inputs = [r.embedding_inputs() for r in self.pending]
        texts = [t for ts in inputs for t in ts]
        vectors = self.model.get().embed(texts, self.progress.embedded if self.progress else None) if texts else []
        batch: list[Embedded] = []
        at = 0
        for r, ts in zip(self.pending, inputs):
            batch.append((r, vectors[at:at + len(ts)]))
            at += len(ts)
        self.pending, self.pending_texts = [], 0
        if batch:
            if self.error is not None:
                raise self.error
            self.queue.put(batch)

    def close(self) -> None:
        """Wait for the stored batches (not for gathered ones: flush() first)."""
        self.queue.put(self._DONE)
        self.thread.join()
        if self.error is not None and not self.abandoned:
            raise self.error

    def _store_batches(self) -> None:
        while True:
            batch = self.queue.get()
            if batch is self._DONE:
                return
            if self.error is not None or self.abandoned:
                continue  # drain after a failure or an interrupt
            try:
                store_files(self.store, batch, self.fingerprint, self.summary, self.recorded)
            except BaseException as exc:  # raised by flush() or close() in the main thread
                self.error = exc
