"""`columnrag ingest --engine ray`: the same pipeline as a Ray Data job.

Files are read and parsed/chunked in Ray tasks, embedded in an actor pool whose actors load the
model once each (GPUs per actor configurable), and the driver writes to Chroma, file by file, as
results stream back, with the same incremental record as the local engine (kept in Chroma, so
shared through a Chroma server). Point ingest.ray_address at an existing cluster to scale out;
every node then needs columnrag installed in the same environment.
"""
from __future__ import annotations

import json
import logging
from typing import Any

from .embedder import Embedder
from .parse import FileChunks, parse_file
from .plan import Plan
from .report import Progress, Summary
from .settings import EmbeddingSettings, Settings, SettingsError
from .store import ChromaStore
from .writer import store_files

# ray is imported in run_on_ray: it is an optional extra (columnrag[ray]), heavy to import, and
# this module is itself imported only when ingest.engine is "ray".

log = logging.getLogger(__name__)


def _parse_row(row: dict[str, Any], settings: Settings) -> dict[str, Any]:
    """A Ray task: parse and chunk one file; lists go as JSON (one schema for every row)."""
    r = parse_file(row["path"], row["hash"], settings)
    return {"source": r.source, "hash": r.content_hash, "pages": r.pages, "ocr_pages": r.ocr_pages,
            "error": r.error or "",
            "ids": json.dumps(r.ids), "texts": json.dumps(r.texts), "metas": json.dumps(r.metadatas),
            "passages": json.dumps(r.passages), "embed": json.dumps(r.embedding_inputs())}


class EmbedActor:
    """A Ray actor: loads the model once, embeds the chunks of a few files per call."""

    def __init__(self, settings: EmbeddingSettings) -> None:
        self.embedder = Embedder(settings)

    def __call__(self, batch):
        texts = [json.loads(t) for t in batch["embed"]]
        flat = [t for ts in texts for t in ts]
        vectors = self.embedder.embed(flat) if flat else []
        out, i = [], 0
        for ts in texts:
            out.append(json.dumps(vectors[i:i + len(ts)]))
            i += len(ts)
        batch["vectors"] = out
        return batch


def _quiet_ray() -> bool:
    """Ray's own output follows columnrag's logging: with INFO on (`columnrag -v`) Ray logs as it
    does by default, its workers' output and progress bars included; otherwise only its errors
    show. Ray Data logs its progress at INFO on its own logger (a few lines a second when stdout is
    not a terminal), whatever ray.init is told, so that logger is set here. Returns whether Ray
    may speak."""
    import ray.data  # (configures its "ray.data" logger as it is imported)

    verbose = log.isEnabledFor(logging.INFO)
    logging.getLogger("ray.data").setLevel(logging.INFO if verbose else logging.ERROR)
    if not verbose:  # (the CLI draws its own bar)
        ray.data.DataContext.get_current().enable_progress_bars = False
    return verbose


def run_on_ray(plan: Plan, settings: Settings, store: ChromaStore, summary: Summary,
               progress: Progress | None = None) -> None:
    """Parse, chunk and embed on Ray; store each file here as its row streams back."""
    try:
        import ray
    except ImportError as exc:
        raise SettingsError("the ray engine needs Ray: pip install 'columnrag[ray]'") from exc
    if not plan.jobs:
        return
    if not ray.is_initialized():
        verbose = _quiet_ray()
        ray.init(address=settings.ingest.ray_address or None, ignore_reinit_error=True,
                 include_dashboard=False, log_to_driver=verbose,
                 logging_level=logging.INFO if verbose else logging.ERROR)
    s = settings.ingest
    fingerprint = settings.fingerprint()
    ds = ray.data.from_items([{"path": p, "hash": h} for p, h in plan.jobs])
    ds = ds.map(_parse_row, fn_kwargs={"settings": settings})
    ds = ds.map_batches(EmbedActor, fn_constructor_kwargs={"settings": settings.embedding},
                        concurrency=max(1, s.embed_actors), num_gpus=s.gpus_per_actor or None,
                        batch_size=s.files_per_batch, batch_format="pandas")
    for done, row in enumerate(ds.iter_rows(), start=1):
        ids, vectors = json.loads(row["ids"]), json.loads(row["vectors"])
        if progress:
            progress.parsed(row["source"], len(vectors), done, len(plan.jobs))
            progress.embedded(len(vectors))
        if row["error"]:
            summary.add_failure(row["source"], row["error"])
            continue
        result = FileChunks(row["source"], row["hash"], pages=int(row["pages"]),
                            ocr_pages=int(row["ocr_pages"]), ids=ids, texts=json.loads(row["texts"]),
                            metadatas=json.loads(row["metas"]), passages=json.loads(row["passages"]))
        store_files(store, [(result, vectors)], fingerprint, summary, plan.recorded)
