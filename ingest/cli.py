"""`columnrag` command line: argument parsing and printing; the work is done elsewhere.

Commands: ingest, query, stats, audit.
Exit status: 0 success; 1 some files failed (the rest were ingested; see the summary and the
report file in the store folder); 2 bad usage or configuration, the store cannot be used, or
the embedding model cannot be loaded.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any, Sequence

from columnrag.loaders.errors import OcrUnavailableError, PDFLoadError

from .discover import discover_pdfs
from .embedder import ModelLoadError
from .parse import configured_splitter
from .pipeline import run_ingest
from .query import collection_stats, query_store
from .settings import Settings, SettingsError, load_settings
from .store import StoreError

# tqdm (the progress bar) and the audit (PyMuPDF) are imported by the commands that use them,
# so `columnrag stats` or `query` start without them.

EXIT_OK, EXIT_FILES_FAILED, EXIT_ERROR = 0, 1, 2


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", help="YAML settings file (default: configs/default.yaml)")
    p.add_argument("--db", help="embedded Chroma folder (chroma.path)")
    p.add_argument("--collection", help="collection name (chroma.collection)")
    p.add_argument("--chroma-host", help="use the Chroma server on this host (chroma.host)")
    p.add_argument("--chroma-port", type=int, help="its port (chroma.port)")
    p.add_argument("--chroma-ssl", action="store_true", default=None, help="connect with TLS (chroma.ssl)")
    p.add_argument("--model", help="sentence-transformers model name or path (embedding.model)")
    p.add_argument("--device", help="auto, cpu, cuda ... (embedding.device)")
    p.add_argument("-v", "--verbose", action="store_true", help="log progress details")


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="columnrag", description="Column-aware PDF ingestion into Chroma.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("ingest", help="ingest PDFs (files or folders, recursively)")
    p.add_argument("paths", nargs="+")
    _common(p)
    p.add_argument("--workers", type=int, help="parse/chunk worker processes (ingest.workers)")
    p.add_argument("--engine", choices=["local", "ray"], help="local worker processes or a Ray Data job")
    p.add_argument("--ray-address", help="Ray cluster address (ingest.ray_address)")
    p.add_argument("--batch-size", type=int, help="embedding batch size (embedding.batch_size)")
    p.add_argument("--chunk-size", type=int, help="chunk size in tokens (chunking.chunk_size)")
    p.add_argument("--chunk-overlap", type=int, help="overlap in tokens (chunking.chunk_overlap)")
    p.add_argument("--keep-removed", action="store_true", default=None,
                   help="keep chunks of files no longer in the corpus")
    p.add_argument("--password", help="password for encrypted PDFs (ingest.password)")
    p.add_argument("--ocr", choices=["auto", "off", "force"], help="OCR of scanned pages and unreadable text (ocr.mode)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    q = sub.add_parser("query", help="search the collection")
    q.add_argument("question")
    q.add_argument("-k", type=int, default=5, help="number of results")
    q.add_argument("--where", help='metadata filter as JSON, e.g. \'{"page": 0}\'')
    q.add_argument("--json", action="store_true", help="print JSON")
    _common(q)
    au = sub.add_parser("audit", help="draw how a PDF was read, or list a corpus's doubtful pages")
    au.add_argument("target", help="a PDF file, or a folder with --suspicious")
    au.add_argument("--pages", help="pages to draw, e.g. 1-3,7 (default: all)")
    au.add_argument("--out", help="output folder (default: audit/<file name>)")
    au.add_argument("--chunks", action="store_true", help="draw chunk outlines too")
    au.add_argument("--zoom", type=float, default=1.0, help="image scale (1.0 = page size in points)")
    au.add_argument("--suspicious", action="store_true", help="rank pages by layout confidence")
    au.add_argument("-n", type=int, default=20, help="how many pages with --suspicious")
    au.add_argument("--json", action="store_true", help="print JSON with --suspicious")
    au.add_argument("--config", help="YAML settings file (default: configs/default.yaml)")
    au.add_argument("-v", "--verbose", action="store_true", help="log details")
    s = sub.add_parser("stats", help="what the collection holds")
    s.add_argument("--json", action="store_true", help="print JSON")
    _common(s)
    return ap


def settings_from_args(a: argparse.Namespace) -> Settings:
    overrides: dict[str, dict[str, Any]] = {
        "chroma": {"path": getattr(a, "db", None), "collection": getattr(a, "collection", None),
                   "host": getattr(a, "chroma_host", None), "port": getattr(a, "chroma_port", None),
                   "ssl": getattr(a, "chroma_ssl", None)},
        "embedding": {"model": getattr(a, "model", None), "device": getattr(a, "device", None),
                      "batch_size": getattr(a, "batch_size", None)},
        "ocr": {"mode": getattr(a, "ocr", None)},
        "chunking": {"chunk_size": getattr(a, "chunk_size", None),
                     "chunk_overlap": getattr(a, "chunk_overlap", None)},
        "ingest": {"workers": getattr(a, "workers", None), "keep_removed": getattr(a, "keep_removed", None),
                   "engine": getattr(a, "engine", None), "ray_address": getattr(a, "ray_address", None),
                   "password": getattr(a, "password", None)},
    }
    return load_settings(a.config, overrides)


def _ingest(a: argparse.Namespace, settings: Settings) -> int:
    bar = None
    if not a.no_progress:
        from tqdm import tqdm

        bar = tqdm(total=0, unit="file", desc="ingest", file=sys.stderr)

    def progress(source: str, done: int, total: int) -> None:
        if bar is not None:
            bar.total = total
            bar.set_postfix_str(source[-40:])
            bar.update(1)

    summary = run_ingest(a.paths, settings, progress)
    if bar is not None:
        bar.close()
    for line in summary.lines():
        print(line)
    return EXIT_FILES_FAILED if summary.failed else EXIT_OK


def _query(a: argparse.Namespace, settings: Settings) -> int:
    try:
        where = json.loads(a.where) if a.where else None
    except json.JSONDecodeError as exc:
        raise SettingsError(f"--where is not valid JSON ({exc})") from exc
    hits = query_store(settings, a.question, a.k, where)
    if a.json:
        print(json.dumps(hits, ensure_ascii=False, indent=1))
        return EXIT_OK
    for rank, h in enumerate(hits, start=1):
        m = h["metadata"]
        box = ", ".join(f"{m.get(key, 0):.0f}" for key in ("bbox_x0", "bbox_y0", "bbox_x1", "bbox_y1"))
        print(f"{rank}. score {h['score']:.3f}  {m.get('source')}  page {int(m.get('page', 0)) + 1}  box [{box}]")
        print("   " + h["text"].replace("\n", " ")[:300])
    return EXIT_OK


def _audit(a: argparse.Namespace, settings: Settings) -> int:
    from columnrag.loaders.audit import audit_pdf, suspicious_pages

    target = Path(a.target)
    if a.suspicious or target.is_dir():
        pages = suspicious_pages(discover_pdfs([target]), a.n, settings.layout)
        if a.json:
            print(json.dumps([p.__dict__ for p in pages], indent=1))
        for p in pages if not a.json else []:
            where = f"page {p.page + 1}" if p.page >= 0 else "unreadable"
            print(f"{p.confidence:.3f}  {p.source}  {where}  " + "; ".join(p.reasons))
        return EXIT_OK
    out = Path(a.out) if a.out else Path("audit") / target.stem
    chunker = None
    if a.chunks:  # outlines of the chunks an ingest with these settings would make
        chunker = configured_splitter(settings.chunking, settings.embedding.model).split_documents
    try:
        pages = audit_pdf(target, out, a.pages, chunker=chunker, settings=settings.layout, zoom=a.zoom,
                          password=settings.ingest.password)
    except PDFLoadError as exc:
        raise SettingsError(str(exc)) from exc
    for p in pages:
        print(f"page {p.number + 1}: {p.png}  confidence {p.confidence:.2f}")
    print(f"open {out / 'index.html'}")
    return EXIT_OK


def _stats(a: argparse.Namespace, settings: Settings) -> int:
    stats = collection_stats(settings)
    if a.json:
        print(json.dumps(stats, indent=1))
    else:
        for key, value in stats.items():
            print(f"{key}: {value}")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    a = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if a.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        settings = settings_from_args(a)
        commands = {"ingest": _ingest, "query": _query, "stats": _stats, "audit": _audit}
        return commands[a.command](a, settings)
    except (SettingsError, StoreError, ModelLoadError, OcrUnavailableError) as exc:
        print(f"columnrag: {exc}", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
