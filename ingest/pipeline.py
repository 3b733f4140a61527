"""The ingest job: discover → parse and chunk (worker processes) → embed → write, incrementally.

Workers parse and chunk while the main process embeds and writes, so the embedder is kept busy.
A file's old chunks are deleted and its new ones written before its record is updated: a run
killed at any point is completed by the next run, with no duplicates (ids are deterministic).
"""
from __future__ import annotations

import hashlib
import json
import logging
import time
import multiprocessing
import queue
import threading
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from filelock import FileLock, Timeout

from columnrag.chunking.settings import ChunkingSettings
from columnrag.loaders.paths import display_path

from .discover import discover_pdfs
from .record import FileRecord, Record, file_hash
from .settings import Settings
from .store import StoreError, batched_upsert, delete_sources, open_client, open_collection

log = logging.getLogger(__name__)
EMBED_BATCH = 256  # chunks embedded together, across files (memory stays bounded)
REPORT_NAME = "last-ingest-report.json"


@dataclass
class FileChunks:
    source: str
    content_hash: str
    pages: int = 0
    ocr_pages: int = 0  # pages read (in whole or part) by OCR
    ids: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    metadatas: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None


@dataclass
class Summary:
    new: int = 0
    changed: int = 0
    unchanged: int = 0
    removed: int = 0
    failed: int = 0
    pages: int = 0
    ocr_pages: int = 0
    chunks: int = 0
    seconds: float = 0.0
    failures: list[dict[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def lines(self) -> list[str]:
        rate_p = self.pages / self.seconds if self.seconds else 0.0
        rate_c = self.chunks / self.seconds if self.seconds else 0.0
        out = [f"files: {self.new} new, {self.changed} changed, {self.unchanged} unchanged, "
               f"{self.removed} removed, {self.failed} failed",
               f"pages: {self.pages}{f' ({self.ocr_pages} read by OCR)' if self.ocr_pages else ''}, "
               f"chunks: {self.chunks}, time: {self.seconds:.1f}s "
               f"({rate_p:.1f} pages/s, {rate_c:.1f} chunks/s)"]
        out += [f"FAILED {f['source']}: {f['reason']}" for f in self.failures]
        return out


def chunk_id(source: str, content_hash: str, fingerprint: str, index: int) -> str:
    src = hashlib.sha1(source.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    return f"{src}-{content_hash[:12]}-{fingerprint[:8]}-{index:05d}"


def _clean(meta: dict[str, Any]) -> dict[str, Any]:
    """Chroma takes str, int, float and bool values only."""
    return {k: v for k, v in meta.items() if isinstance(v, (str, int, float, bool))}


@lru_cache(maxsize=4)
def _splitter(chunking: ChunkingSettings, model: str):
    """One splitter per process and settings (it loads the model's tokenizer)."""
    from columnrag.chunking import BandAwareTextSplitter

    return BandAwareTextSplitter(chunk_size=chunking.chunk_size, chunk_overlap=chunking.chunk_overlap,
                                 model=model, continue_paragraphs=chunking.continue_paragraphs)


def parse_file(source: str, content_hash: str, settings: Settings) -> FileChunks:
    """Load and chunk one PDF. Never raises: a failure is returned with its reason."""
    from columnrag.loaders import ColumnAwarePDFLoader, PDFLoadError

    out = FileChunks(display_path(source), content_hash)
    try:
        loader = ColumnAwarePDFLoader(source, password=settings.ingest.password, settings=settings.layout,
                                      ocr=settings.ocr)
        pages = list(loader.lazy_load())
        out.pages = len(pages)
        out.ocr_pages = sum(bool(p.metadata.get("ocr")) for p in pages)
        if pages and not any(p.page_content.strip() for p in pages):
            out.error = ("no text layer (scanned pages need OCR)"
                         if any(p.metadata.get("needs_ocr") for p in pages) else "no text")
            return out
        chunks = _splitter(settings.chunking, settings.embedding.model).split_documents(pages)
    except PDFLoadError as exc:
        out.error = exc.reason
        return out
    except Exception as exc:  # one broken PDF must never stop a corpus
        out.error = f"unexpected error: {type(exc).__name__}: {exc}"
        return out
    fp = settings.fingerprint()
    for i, c in enumerate(chunks):
        cid = chunk_id(out.source, content_hash, fp, i)
        out.ids.append(cid)
        out.texts.append(c.page_content)
        out.metadatas.append(_clean({**c.metadata, "chunk_id": cid, "content_hash": content_hash,
                                     "settings": fp}))
    return out


def _kill(pool: ProcessPoolExecutor) -> None:
    """Stop a pool whose worker hangs or died: its processes are killed, not waited for."""
    for proc in list(getattr(pool, "_processes", {}).values()):
        proc.kill()
    pool.shutdown(wait=False, cancel_futures=True)


def _results(jobs: Sequence[tuple[str, str]], settings: Settings) -> Iterator[FileChunks]:
    """Parsed files in job order. Worker processes parse and chunk ahead while the caller embeds
    and writes; a file that takes longer than ingest.file_timeout, or kills its worker, is
    reported and the rest go on in a fresh pool. workers = 0 parses in this process."""
    workers = settings.ingest.workers
    if workers <= 0:
        for source, h in jobs:
            yield parse_file(source, h, settings)
        return
    timeout = settings.ingest.file_timeout or None
    ctx = multiprocessing.get_context("spawn")  # no fork of a process that holds torch threads
    todo: deque[tuple[str, str]] = deque(jobs)
    pending: deque[tuple[tuple[str, str], Future]] = deque()
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    try:
        while todo or pending:
            while todo and len(pending) < 2 * workers:
                job = todo.popleft()
                pending.append((job, pool.submit(parse_file, job[0], job[1], settings)))
            job, fut = pending.popleft()
            try:
                yield fut.result(timeout=timeout)
                continue
            except FutureTimeout:
                error = f"timed out after {timeout:.0f} s"
            except Exception as exc:  # the worker died: memory, a signal, a crash in MuPDF
                error = f"worker process failed ({type(exc).__name__}: {exc})"
            _kill(pool)
            todo.extendleft(reversed([j for j, _ in pending]))
            pending.clear()
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
            yield FileChunks(job[0], job[1], error=error)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def run_ingest(paths: Sequence[str | Path], settings: Settings,
               progress: Callable[[str, int, int], None] | None = None) -> Summary:
    """Ingest every PDF under `paths` into the configured collection; returns the summary.

    An embedded store takes one ingest at a time (a lock file in its folder); a Chroma server
    takes several at once, on disjoint sets of files.
    """
    started = time.perf_counter()
    if settings.ocr.mode == "force":  # fail once, here, not once per file in the workers
        from columnrag.loaders.pdf.ocr import ocr_engine

        ocr_engine(settings.ocr)
    db = Path(settings.chroma.path)
    db.mkdir(parents=True, exist_ok=True)
    if settings.chroma.host:
        return _ingest(paths, settings, progress, started)
    lock = FileLock(str(db / ".columnrag-ingest.lock"))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise StoreError(f"another ingest is writing to {db}; wait for it to finish") from None
    try:
        return _ingest(paths, settings, progress, started)
    finally:
        lock.release()


@dataclass
class Plan:
    """What a run has to do: the files to (re)parse, and every source seen."""

    jobs: list[tuple[str, str]]  # (path, content hash)
    sources: list[str]
    recorded: set[str] = field(default_factory=set)  # sources the record already knew


def plan(paths: Sequence[str | Path], settings: Settings, record: Record, summary: Summary) -> Plan:
    """Discover the PDFs and keep those whose content or settings changed since they were stored."""
    fp = settings.fingerprint()
    files = [str(p) for p in discover_pdfs(paths)]
    sources = [display_path(f) for f in files]
    jobs: list[tuple[str, str]] = []
    recorded: set[str] = set()
    for path, source in zip(files, sources):
        try:
            h = file_hash(Path(path))
        except OSError as exc:
            report_failure(summary, source, f"cannot read file ({exc.strerror})")
            continue
        rec = record.get(source)
        if rec:
            recorded.add(source)
        if rec and rec.content_hash == h and rec.fingerprint == fp:
            summary.unchanged += 1
            continue
        jobs.append((path, h))
    return Plan(jobs, sources, recorded)


def store_files(settings: Settings, client, coll, record: Record,
                batch: Sequence[tuple[FileChunks, Sequence[Sequence[float]]]], summary: Summary,
                recorded: set[str]) -> None:
    """Replace several files' chunks in one delete and one upsert, then record them all: a kill
    in between leaves them unrecorded, so the next run redoes them (ids are deterministic)."""
    cs = settings.chroma
    results = [r for r, _ in batch]
    delete_sources(cs, coll, [r.source for r in results])
    ids = [i for r in results for i in r.ids]
    vectors = [v for _, vs in batch for v in vs]
    texts = [t for r in results for t in r.texts]
    metadatas = [m for r in results for m in r.metadatas]
    batched_upsert(cs, client, coll, ids, vectors, texts, metadatas)
    fp = settings.fingerprint()
    record.put_many([FileRecord(r.source, r.content_hash, fp, len(r.ids), r.pages) for r in results])
    for r in results:
        existed = r.source in recorded
        summary.changed += existed
        summary.new += not existed
        summary.pages += r.pages
        summary.ocr_pages += r.ocr_pages
        summary.chunks += len(r.ids)


class _Writer:
    """Stores embedded files in a thread of its own, a flushed batch at a time and in order, so
    Chroma writes overlap the next batch's embedding. The queue is short: memory stays bounded.
    An error in the writer (a store that went away) stops the run at the next put or at close."""

    _DONE = object()

    def __init__(self, settings: Settings, client, coll, record: Record, summary: Summary,
                 recorded: set[str]) -> None:
        self.args = (settings, client, coll, record)
        self.summary = summary
        self.recorded = recorded
        self.queue: queue.Queue = queue.Queue(maxsize=2)
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="columnrag-writer", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            item = self.queue.get()
            if item is self._DONE:
                return
            if self.error is not None:
                continue  # drain after a failure
            try:
                store_files(*self.args, item, self.summary, self.recorded)
            except BaseException as exc:  # reported by put() or close() in the main thread
                self.error = exc

    def put(self, batch: list[tuple[FileChunks, Sequence[Sequence[float]]]]) -> None:
        if self.error is not None:
            raise self.error
        self.queue.put(batch)

    def close(self) -> None:
        self.queue.put(self._DONE)
        self.thread.join()
        if self.error is not None:
            raise self.error


def report_failure(summary: Summary, source: str, reason: str) -> None:
    summary.failed += 1
    summary.failures.append({"source": source, "reason": reason})
    log.warning("%s: %s", source, reason)


def finish(paths: Sequence[str | Path], settings: Settings, coll, record: Record, the_plan: Plan,
           summary: Summary, started: float) -> Summary:
    """Remove the chunks of files gone from under `paths` (unless kept), write the report."""
    cs = settings.chroma
    if not settings.ingest.keep_removed:
        roots = [display_path(str(Path(p))) for p in paths]
        present = set(the_plan.sources)
        for source in record.sources():
            under = any(source == r or source.startswith(r.rstrip("/") + "/") for r in roots)
            if under and source not in present:
                delete_sources(cs, coll, [source])
                record.delete(source)
                summary.removed += 1
    summary.seconds = time.perf_counter() - started
    (Path(cs.path) / REPORT_NAME).write_text(json.dumps(summary.as_dict(), indent=1))
    return summary


def _ingest(paths, settings: Settings, progress, started: float) -> Summary:
    from .embedder import Embedder

    summary = Summary()
    client = open_client(settings.chroma)
    coll = open_collection(client, settings.chroma, settings.embedding.model)
    record = Record(client, settings.chroma)
    the_plan = plan(paths, settings, record, summary)
    if settings.ingest.engine == "ray":
        from .ray_engine import run_on_ray

        run_on_ray(the_plan, settings, client, coll, record, summary, progress)
        return finish(paths, settings, coll, record, the_plan, summary, started)
    # The model loads in a thread while the worker processes start and parse the first files.
    loaded: list[Embedder] = []
    load_error: list[BaseException] = []

    def load() -> None:
        try:
            loaded.append(Embedder(settings.embedding))
        except BaseException as exc:  # reported when the first batch needs the model
            load_error.append(exc)

    loader = threading.Thread(target=load, daemon=True)
    if the_plan.jobs:
        loader.start()
    pending: list[FileChunks] = []
    writer = _Writer(settings, client, coll, record, summary, the_plan.recorded)

    def flush() -> None:
        """Embed the buffered files' chunks in one go (batches of similar length across files,
        as efficient as embedding the corpus alone); the writer thread stores them meanwhile."""
        texts = [t for r in pending for t in r.texts]
        if texts:
            loader.join()
            if not loaded:
                reason = f" ({type(load_error[0]).__name__}: {load_error[0]})" if load_error else ""
                raise StoreError(f"the embedding model {settings.embedding.model!r} could not be loaded{reason}")
        vectors = loaded[0].embed(texts) if texts else []
        batch = []
        at = 0
        for r in pending:
            batch.append((r, vectors[at:at + len(r.texts)]))
            at += len(r.texts)
        if batch:
            writer.put(batch)
        pending.clear()

    try:
        for done, result in enumerate(_results(the_plan.jobs, settings), start=1):
            if progress:
                progress(result.source, done, len(the_plan.jobs))
            if result.error:
                report_failure(summary, result.source, result.error)
                continue
            pending.append(result)
            if sum(len(r.texts) for r in pending) >= EMBED_BATCH:
                flush()
        flush()
    finally:
        writer.close()
    return finish(paths, settings, coll, record, the_plan, summary, started)
