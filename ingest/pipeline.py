"""The ingest job, stage by stage: check the paths and the model → lock the store → open it →
plan (discover; new, changed, unchanged and duplicate files) → parse and chunk (worker
processes) → embed, store, record (the writer) → remove the chunks of files gone → write the
report.

Workers parse and chunk while the main process embeds and a writer thread stores, so the
embedder is kept busy. `ingest.engine: ray` runs the middle stages as a Ray Data job instead.
Nothing is created before the paths and the model are known good, and the collection only at
the first write. An interrupt (KeyboardInterrupt, or RunInterrupted from a SIGTERM handler)
stops the workers, lets the batch being written finish, and leaves the record true to what is
stored: the same command run again completes the job.
"""
from __future__ import annotations

import signal
import time
from contextlib import closing
from pathlib import Path
from typing import Callable, Sequence

from columnrag.loaders.paths import display_path

from .discover import InputError, Selection, canonical, check_paths, discover_pdfs, selected
from .embedder import BackgroundEmbedder, cpu_threads
from .model_source import locate_model
from .plan import Plan, make_plan
from .report import Progress, RunInterrupted, Summary, write_report
from .settings import Settings
from .store import ChromaStore, ingest_lock, store_exists
from .workers import parsed_files
from .writer import Writer

__all__ = ["Plan", "RunInterrupted", "Summary", "plan_ingest", "run_ingest"]


def _check(paths: Sequence[str | Path], settings: Settings, selection: Selection) -> list[Path]:
    """The PDFs to look at. InputError for a path that does not exist, and for no PDF at all
    unless the store holds files from under the paths (they are then removed as gone)."""
    check_paths(paths)
    locate_model(settings.embedding.model)  # ModelLoadError now, not after the first files
    files = list(discover_pdfs(paths, selection))
    if not files and not _recorded_under(paths, settings, selection):
        where = ", ".join(str(p) for p in paths)
        raise InputError(f"no PDF files found in {where}" + (" matching --glob/--exclude" if
                                                             selection != Selection() else ""))
    return files


def _recorded_under(paths: Sequence[str | Path], settings: Settings, selection: Selection) -> bool:
    if not store_exists(settings.chroma):
        return False
    roots = [canonical(p) for p in paths]
    store = ChromaStore.open(settings.chroma, create=False)
    return any(selected(s, roots, selection) for s in store.record.sources())


def plan_ingest(paths: Sequence[str | Path], settings: Settings, selection: Selection = Selection(),
                allow_duplicates: bool = False) -> tuple[Plan, Summary]:
    """What `run_ingest` would do, writing nothing (`columnrag ingest --dry-run`)."""
    files = _check(paths, settings, selection)
    summary = Summary()
    records = []
    if store_exists(settings.chroma):
        records = ChromaStore.open(settings.chroma, settings.embedding.model, create=False).record.all()
    plan = make_plan(paths, files, settings.fingerprint(), records, summary, selection, allow_duplicates)
    _set_aside_unreadable(plan, settings.ingest.password, summary)
    return plan, summary


def _set_aside_unreadable(plan: Plan, password: str | None, summary: Summary) -> None:
    """Files the loader would refuse as it opens them (empty, not a PDF, damaged, encrypted
    without the right password, no pages) are unreadable, with the loader's own reason: opening
    is cheap, parsing is not, so a dry run goes no further (a file with no text still shows as
    new)."""
    from columnrag.loaders.errors import PDFLoadError
    from columnrag.loaders.pdf.reader import open_pdf  # PyMuPDF: only when a dry run asks

    for path, _ in list(plan.jobs):
        try:
            with open_pdf(path, password=password):
                pass
        except PDFLoadError as exc:
            source = display_path(path)
            plan.set_aside(source)
            summary.add_failure(source, exc.reason)


def run_ingest(paths: Sequence[str | Path], settings: Settings, progress: Progress | None = None, *,
               selection: Selection = Selection(), allow_duplicates: bool = False) -> Summary:
    """Ingest every PDF under `paths` into the configured collection; returns the summary.

    An embedded store takes one ingest at a time (a lock file in its folder); a Chroma server
    takes several at once, on disjoint sets of files. Raises InputError or ModelLoadError
    before anything is created; RunInterrupted (with the summary so far) on an interrupt.
    """
    started = time.perf_counter()
    if settings.ocr.mode == "force":  # fail once, here, not once per file in the workers
        from columnrag.loaders.pdf.ocr import ocr_engine  # PyMuPDF: only when OCR is forced

        ocr_engine(settings.ocr)
    files = _check(paths, settings, selection)
    summary = Summary()
    with ingest_lock(settings.chroma):
        try:
            store = ChromaStore.open(settings.chroma, settings.embedding.model)
            plan = make_plan(paths, files, settings.fingerprint(), store.record.all(), summary, selection,
                             allow_duplicates)
            _engine(settings)(plan, settings, store, summary, progress)
            remove(plan.to_remove(settings.ingest.keep_removed), store, summary)
        except KeyboardInterrupt as exc:
            raise RunInterrupted(getattr(exc, "signum", signal.SIGINT), summary) from None
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
    model = BackgroundEmbedder(settings.embedding, start=bool(plan.jobs),  # loads while workers start
                               threads=cpu_threads(settings.ingest.workers))
    try:
        with Writer(store, model, settings.fingerprint(), settings.ingest.embed_batch, summary,
                    plan.recorded, progress) as writer, closing(parsed_files(plan.jobs, settings)) as results:
            for done, result in enumerate(results, start=1):
                if progress:
                    progress.parsed(result.source, len(result.embedding_inputs()), done, len(plan.jobs))
                if result.error:
                    summary.add_failure(result.source, result.error)
                else:
                    writer.add(result)
            writer.flush()
    finally:
        model.settle()


def remove(sources: Sequence[str], store: ChromaStore, summary: Summary) -> None:
    """Remove the chunks and records of these files (gone from under the paths, or now
    duplicates of another file)."""
    for source in sources:
        store.delete_sources([source])
        store.record.delete(source)
        summary.removed += 1
