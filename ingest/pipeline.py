"""The ingest job, stage by stage: lock the store → open it → plan (discover; new, changed and
unchanged files) → parse and chunk (worker processes) → embed, store, record (the writer) →
remove the chunks of files gone → write the report.

Workers parse and chunk while the main process embeds and a writer thread stores, so the
embedder is kept busy. `ingest.engine: ray` runs the middle stages as a Ray Data job instead.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Sequence

from .embedder import BackgroundEmbedder
from .plan import Plan, gone_sources, make_plan
from .report import Progress, Summary, write_report
from .settings import Settings
from .store import ChromaStore, ingest_lock
from .workers import parsed_files
from .writer import Writer

__all__ = ["Summary", "run_ingest"]


def run_ingest(paths: Sequence[str | Path], settings: Settings, progress: Progress | None = None) -> Summary:
    """Ingest every PDF under `paths` into the configured collection; returns the summary.

    An embedded store takes one ingest at a time (a lock file in its folder); a Chroma server
    takes several at once, on disjoint sets of files.
    """
    started = time.perf_counter()
    if settings.ocr.mode == "force":  # fail once, here, not once per file in the workers
        from columnrag.loaders.pdf.ocr import ocr_engine  # PyMuPDF: only when OCR is forced

        ocr_engine(settings.ocr)
    with ingest_lock(settings.chroma):
        store = ChromaStore.open(settings.chroma, settings.embedding.model)
        summary = Summary()
        plan = make_plan(paths, settings.fingerprint(), store.record, summary)
        _engine(settings)(plan, settings, store, summary, progress)
        if not settings.ingest.keep_removed:
            remove_gone(paths, plan, store, summary)
        summary.seconds = time.perf_counter() - started
        write_report(summary, settings.chroma.path)
    return summary


def _engine(settings: Settings) -> Callable[[Plan, Settings, ChromaStore, Summary, Progress | None], None]:
    if settings.ingest.engine == "ray":
        from .ray_engine import run_on_ray  # the engine switch: Ray is imported only when asked for

        return run_on_ray
    return run_local


def run_local(plan: Plan, settings: Settings, store: ChromaStore, summary: Summary,
              progress: Progress | None = None) -> None:
    """Parse in worker processes; embed and write here, as parsed files come back."""
    model = BackgroundEmbedder(settings.embedding, start=bool(plan.jobs))  # loads while workers start
    with Writer(store, model, settings.fingerprint(), settings.ingest.embed_batch, summary,
                plan.recorded) as writer:
        for done, result in enumerate(parsed_files(plan.jobs, settings), start=1):
            if progress:
                progress(result.source, done, len(plan.jobs))
            if result.error:
                summary.add_failure(result.source, result.error)
            else:
                writer.add(result)
        writer.flush()


def remove_gone(paths: Sequence[str | Path], plan: Plan, store: ChromaStore, summary: Summary) -> None:
    """Remove the chunks and records of files gone from under `paths`."""
    for source in gone_sources(paths, plan, store.record.sources()):
        store.delete_sources([source])
        store.record.delete(source)
        summary.removed += 1
