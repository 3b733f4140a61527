"""`columnrag` command line: argument parsing and printing; the work is done elsewhere.

Commands: ingest, query, stats, files, delete, reset, audit.
Exit status: 0 success; 1 some files failed (the rest were ingested; see the summary and the
report file in the store folder), or `reset` was not confirmed; 2 bad usage or configuration
(one line on stderr naming what is wrong; nothing is created), the store cannot be used, or the
embedding model cannot be loaded; 130 / 143 stopped by SIGINT / SIGTERM (what was stored stays;
the same command run again completes the job); 141 stdout was closed by its reader (`| head`):
the command stops quietly, as SIGPIPE would stop it.

Page numbers: 0-based in metadata (as LangChain's loaders give them, and so in --where), 1-based
wherever a person reads or types one (query output "page 3 of 12", --page, audit --pages).
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import re
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import Any, Iterable, NoReturn, Sequence

from columnrag import __version__
from columnrag.loaders.contract import decode_chunk_boxes
from columnrag.loaders.errors import OcrUnavailableError, PDFLoadError

from .discover import InputError, Selection, discover_pdfs
from .model_source import ModelLoadError
from .pipeline import Plan, plan_ingest, run_ingest
from .query import QueryError, Searcher, collection_stats
from .report import RunInterrupted, Summary
from .settings import Settings, SettingsError, load_settings
from .signals import STOP_SIGNALS, Hold, ignore_stop_signals, in_import, send_again_soon
from .store import StoreError

# tqdm (the progress bar), the audit (PyMuPDF) and the splitter are imported by the commands
# that use them, so `columnrag stats` or `query` start without them.

EXIT_OK, EXIT_FILES_FAILED, EXIT_ERROR = 0, 1, 2
EXIT_STDOUT_CLOSED = 128 + 13  # SIGPIPE's number on Linux and macOS (the signal module lacks it on Windows)
USAGE_ERRORS = (SettingsError, StoreError, ModelLoadError, InputError, QueryError, OcrUnavailableError)
_PAGES = re.compile(r"^\s*\d+\s*(-\s*\d+\s*)?(,\s*\d+\s*(-\s*\d+\s*)?)*$")


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (what is wrong, and where help is), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_ERROR, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _whole_number(text: str, least: int, why: str = "") -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}{why}, got {value}")
    return value


def _positive(text: str) -> int:
    return _whole_number(text, 1)


def _workers(text: str) -> int:
    """--workers: processes to parse in; 0 parses in the main process (ingest.workers), fewer is a mistake."""
    return _whole_number(text, 0, " (0: parse in this process)")


def _question(text: str) -> str:
    """A question with words in it: an empty one would rank the store by nothing."""
    if not text.strip():
        raise argparse.ArgumentTypeError('empty question; ask one, or give "-" to read one per line from stdin')
    return text


def _path(text: str) -> str:
    """A file or folder argument: an empty one (an unset shell or make variable) is a mistake,
    not the current folder."""
    if not text:
        raise argparse.ArgumentTypeError("empty path; give a file or folder (\".\" for the current one)")
    return text


def _common(p: argparse.ArgumentParser, model: bool = True) -> None:
    p.add_argument("--config", help="YAML settings file (default: configs/default.yaml)")
    p.add_argument("--db", help="embedded Chroma folder (chroma.path)")
    p.add_argument("--collection", help="collection name (chroma.collection)")
    p.add_argument("--chroma-host", help="use the Chroma server on this host (chroma.host)")
    p.add_argument("--chroma-port", type=int, help="its port (chroma.port)")
    p.add_argument("--chroma-ssl", action="store_true", default=None, help="connect with TLS (chroma.ssl)")
    if model:
        p.add_argument("--model", help="sentence-transformers model name or path (embedding.model)")
        p.add_argument("--device", help="auto, cpu, cuda ... (embedding.device)")
        p.add_argument("--precision", choices=["auto", "float32", "bfloat16"],
                       help="embedding precision (embedding.precision; auto: bfloat16 where native)")
    p.add_argument("-v", "--verbose", action="store_true", help="log progress details and library output")


def _password(p: argparse.ArgumentParser) -> None:
    """The commands that open PDFs (ingest, audit) take their password the same way."""
    p.add_argument("--password", help="password for encrypted PDFs (ingest.password)")


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="columnrag", description="Column-aware PDF ingestion into Chroma.",
                 epilog="Pages are 0-based in metadata (and --where), 1-based wherever you read or "
                        "type one (query output, --page, audit --pages).")
    ap.add_argument("--version", action="version", version=f"columnrag {__version__}")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("ingest", help="ingest PDFs (files or folders, recursively)")
    p.add_argument("paths", nargs="+", metavar="PATH", type=_path)
    _common(p)
    p.add_argument("--glob", action="append", default=[], metavar="PATTERN",
                   help="only files matching (repeatable; no '/': the file name, else the path "
                        "below the folder given; '*' crosses folders)")
    p.add_argument("--exclude", action="append", default=[], metavar="PATTERN",
                   help="leave out files matching (repeatable; no '/': a file or folder name)")
    p.add_argument("--dry-run", action="store_true", help="say what would be done; write nothing")
    p.add_argument("--allow-duplicates", action="store_true",
                   help="store a file even when its content is stored under another path")
    p.add_argument("--workers", type=_workers,
                   help="parse/chunk worker processes (ingest.workers; 0: parse in this process)")
    p.add_argument("--engine", choices=["local", "ray"], help="local worker processes or a Ray Data job")
    p.add_argument("--ray-address", help="Ray cluster address (ingest.ray_address)")
    p.add_argument("--batch-size", type=_positive, help="embedding batch size (embedding.batch_size)")
    p.add_argument("--chunk-size", type=_positive, help="chunk size in tokens (chunking.chunk_size)")
    p.add_argument("--chunk-overlap", type=int, help="overlap in tokens (chunking.chunk_overlap)")
    p.add_argument("--keep-removed", action="store_true", default=None,
                   help="keep chunks of files no longer in the corpus")
    _password(p)
    p.add_argument("--ocr", choices=["auto", "off", "force"], help="OCR of scanned pages and unreadable text (ocr.mode)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    q = sub.add_parser("query", help="search the collection")
    q.add_argument("question", type=_question, help='the question, or "-" to read one question per line from stdin')
    q.add_argument("-k", type=_positive, default=5, help="number of results (at least 1)")
    q.add_argument("--where", help='metadata filter as JSON (page 0-based, as stored), e.g. '
                                   '\'{"column": 1}\'; several keys must all match')
    q.add_argument("--page", type=_positive, help="only chunks that start on this page (1-based)")
    q.add_argument("--json", action="store_true", help="print JSON (JSON lines with \"-\")")
    _common(q)
    s = sub.add_parser("stats", help="what the collection holds")
    s.add_argument("--json", action="store_true", help="print JSON")
    _common(s, model=False)
    f = sub.add_parser("files", help="list the ingested files (path, pages, chunks)")
    f.add_argument("--json", action="store_true", help="print JSON")
    _common(f, model=False)
    d = sub.add_parser("delete", help="remove the chunks, passages and record of files (or of every file under a folder)")
    d.add_argument("paths", nargs="+", metavar="PATH", type=_path)
    _common(d, model=False)
    r = sub.add_parser("reset", help="drop the collection, its passages and its record of ingested files")
    r.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    _common(r, model=False)
    au = sub.add_parser("audit", help="draw how a PDF was read, or list a corpus's doubtful pages")
    au.add_argument("target", type=_path, help="a PDF file, or a folder with --suspicious")
    au.add_argument("--pages", help="pages to draw, 1-based as a viewer shows them, e.g. 1-3,7 (default: all)")
    au.add_argument("--out", help="output folder (default: audit/<file name>)")
    au.add_argument("--chunks", action="store_true", help="draw chunk outlines too")
    au.add_argument("--zoom", type=float, default=1.0, help="image scale (1.0 = page size in points)")
    au.add_argument("--suspicious", action="store_true", help="rank pages by layout confidence")
    au.add_argument("-n", type=_positive, default=20, help="how many pages with --suspicious")
    au.add_argument("--json", action="store_true", help="print JSON with --suspicious")
    _password(au)
    au.add_argument("--config", help="YAML settings file (default: configs/default.yaml)")
    au.add_argument("-v", "--verbose", action="store_true", help="log details")
    return ap


def settings_from_args(a: argparse.Namespace) -> Settings:
    overrides: dict[str, dict[str, Any]] = {
        "chroma": {"path": getattr(a, "db", None), "collection": getattr(a, "collection", None),
                   "host": getattr(a, "chroma_host", None), "port": getattr(a, "chroma_port", None),
                   "ssl": getattr(a, "chroma_ssl", None)},
        "embedding": {"model": getattr(a, "model", None), "device": getattr(a, "device", None),
                      "batch_size": getattr(a, "batch_size", None), "precision": getattr(a, "precision", None)},
        "ocr": {"mode": getattr(a, "ocr", None)},
        "chunking": {"chunk_size": getattr(a, "chunk_size", None),
                     "chunk_overlap": getattr(a, "chunk_overlap", None)},
        "ingest": {"workers": getattr(a, "workers", None), "keep_removed": getattr(a, "keep_removed", None),
                   "engine": getattr(a, "engine", None), "ray_address": getattr(a, "ray_address", None),
                   "password": getattr(a, "password", None)},
    }
    return load_settings(a.config, overrides)


class _EmbedBar:
    """A progress bar of texts embedded (chunks and their passages); its total grows as files
    are parsed. Drawn from the first parsed file on, so a run refused at the start shows none."""

    def __init__(self) -> None:
        self.bar: Any = None

    def parsed(self, source: str, texts: int, files_done: int, files_total: int) -> None:
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=0, unit="text", desc="embedded", file=sys.stderr, dynamic_ncols=True)
        self.bar.total += texts
        self.bar.set_postfix_str(f"files parsed {files_done}/{files_total}")

    def embedded(self, texts: int) -> None:
        if self.bar is not None:
            self.bar.update(texts)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _print_plan(plan: Plan, summary: Summary, keep_removed: bool) -> None:
    remove = plan.to_remove(keep_removed)
    print(f"would ingest {len(plan.jobs)} files ({len(plan.new)} new, {len(plan.changed)} changed), "
          f"skip {len(plan.unchanged)} unchanged and {len(plan.duplicates)} duplicate, "
          f"remove {len(remove)}; {summary.failed} unreadable")
    for label, sources in (("new", plan.new), ("changed", plan.changed), ("remove", remove)):
        for source in sources:
            print(f"{label:10} {source}")
    for source, same in plan.duplicates:
        print(f"{'duplicate':10} {source} (same content as {same})")
    for f in summary.failures:
        print(f"{'unreadable':10} {f['source']}: {f['reason']}")
    print("nothing was written (--dry-run)")


def _ingest(a: argparse.Namespace, settings: Settings) -> int:
    selection = Selection(tuple(a.glob), tuple(a.exclude))
    if a.dry_run:
        plan, summary = plan_ingest(a.paths, settings, selection, a.allow_duplicates)
        _print_plan(plan, summary, settings.ingest.keep_removed)
        return EXIT_OK
    bar = None if a.no_progress else _EmbedBar()
    try:
        summary = run_ingest(a.paths, settings, bar, selection=selection, allow_duplicates=a.allow_duplicates)
    finally:
        if bar is not None:
            bar.close()
    for line in summary.lines():
        print(line)
    return EXIT_FILES_FAILED if summary.failed else EXIT_OK


def _where(a: argparse.Namespace) -> dict[str, Any] | None:
    try:
        where = json.loads(a.where) if a.where else {}
    except json.JSONDecodeError as exc:
        raise QueryError(f"--where is not valid JSON ({exc})") from exc
    if not isinstance(where, dict):
        raise QueryError("--where must be a JSON object, e.g. '{\"column\": 1}'")
    if a.page is not None:
        where["page"] = a.page - 1
    return where or None


def page_label(meta: dict[str, Any]) -> str:
    """'page 3 of 12' (1-based) from 0-based metadata; 'pages 3-4 of 12' for a chunk across pages."""
    first = int(meta.get("page", 0)) + 1
    last = int(meta.get("last_page", first - 1)) + 1
    total = meta.get("total_pages")
    label = f"pages {first}-{last}" if last > first else f"page {first}"
    return f"{label} of {int(total)}" if total else label


def _print_hits(hits: list[dict[str, Any]], searcher: Searcher, where: dict[str, Any] | None) -> None:
    if not hits:
        why = (f"collection {searcher.settings.chroma.collection!r} is empty" if searcher.count == 0
               else "no chunk passes the filter" if where else "no chunk")
        print(f"nothing matched ({why})")
    for rank, h in enumerate(hits, start=1):
        m = h["metadata"]
        print(f"{rank}. score {h['score']:.3f}  {m.get('source')}  {page_label(m)}  {_boxes(m)}")
        if m.get("section"):
            print(f"   section: {m['section']}")
        print("   " + h["text"].replace("\n", " ")[:300])


def _questions(a: argparse.Namespace) -> Iterable[str]:
    if a.question != "-":
        yield a.question
        return
    for line in sys.stdin:
        if line.strip():
            yield line.strip()


def _query(a: argparse.Namespace, settings: Settings) -> int:
    where = _where(a)
    searcher = Searcher(settings)
    many = a.question == "-"
    for n, question in enumerate(_questions(a)):
        hits = searcher.search(question, a.k, where)
        if a.json:
            print(json.dumps({"question": question, "hits": hits}, ensure_ascii=False) if many
                  else json.dumps(hits, ensure_ascii=False, indent=1), flush=many)
            continue
        if many:
            print(("\n" if n else "") + f"? {question}")
        _print_hits(hits, searcher, where)
        sys.stdout.flush()
    return EXIT_OK


def _boxes(m: dict[str, Any]) -> str:
    """Every box the chunk covers ("p2 [x0, y0, x1, y1]", PDF points, top-left origin); the
    flat bbox for chunks that list none."""
    def fmt(values: Sequence[float]) -> str:
        return "[" + ", ".join(f"{v:.0f}" for v in values) + "]"

    boxes = decode_chunk_boxes(m)
    if not boxes:
        return "box " + fmt([float(m.get(k, 0)) for k in ("bbox_x0", "bbox_y0", "bbox_x1", "bbox_y1")])
    return "boxes " + " ".join(f"p{b.page + 1} {fmt(b.box.as_tuple())}" for b in boxes)


def _check_pages(spec: str, pdf: Path, password: str | None) -> None:
    """`audit --pages`: 1-based pages and ranges, each within the document."""
    from columnrag.loaders.pdf.reader import open_pdf

    if not _PAGES.match(spec):
        raise InputError(f"--pages {spec!r}: expected 1-based pages and ranges, e.g. 1-3,7")
    try:
        with open_pdf(str(pdf), password=password) as doc:
            total = doc.page_count
    except PDFLoadError as exc:
        raise InputError(str(exc)) from exc
    for part in spec.split(","):
        lo, _, hi = part.strip().partition("-")
        first, last = int(lo), int(hi or lo)
        if not 1 <= first <= last <= total:
            raise InputError(f"--pages {spec!r}: {part.strip()} is not within pages 1-{total} of {pdf}")


def _audit(a: argparse.Namespace, settings: Settings) -> int:
    target = Path(a.target)
    if not target.exists():
        raise InputError(f"{a.target}: no such file or folder")
    from columnrag.loaders.audit import audit_pdf, suspicious_pages

    if a.pages and target.is_file():
        _check_pages(a.pages, target, settings.ingest.password)

    if a.suspicious or target.is_dir():
        pages = suspicious_pages(discover_pdfs([target]), a.n, settings.layout, settings.ingest.password)
        if a.json:
            print(json.dumps([p.__dict__ for p in pages], indent=1))
        for p in pages if not a.json else []:
            where = f"page {p.page + 1}" if p.page >= 0 else "unreadable"
            print(f"{p.confidence:.3f}  {p.source}  {where}  " + "; ".join(p.reasons))
        return EXIT_OK
    out = Path(a.out) if a.out else Path("audit") / target.stem
    chunker = None
    if a.chunks:  # outlines of the chunks an ingest with these settings would make
        from .parse import configured_splitter

        chunker = configured_splitter(settings.chunking, settings.embedding.model).split_documents
    try:
        audited = audit_pdf(target, out, a.pages, chunker=chunker, settings=settings.layout, zoom=a.zoom,
                            password=settings.ingest.password)
    except PDFLoadError as exc:
        raise InputError(str(exc)) from exc
    for page in audited:
        print(f"page {page.number + 1}: {page.png}  confidence {page.confidence:.2f}")
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


def _files(a: argparse.Namespace, settings: Settings) -> int:
    from .manage import list_files

    records = list_files(settings)
    if a.json:
        print(json.dumps([{"path": r.source, "pages": r.pages, "chunks": r.chunks} for r in records], indent=1))
        return EXIT_OK
    print(f"{'pages':>6} {'chunks':>7}  path")
    for r in records:
        print(f"{r.pages:>6} {r.chunks:>7}  {r.source}")
    print(f"{len(records)} files, {sum(r.pages for r in records)} pages, {sum(r.chunks for r in records)} chunks")
    return EXIT_OK


def _delete(a: argparse.Namespace, settings: Settings) -> int:
    from .manage import delete_files

    gone = delete_files(settings, a.paths)
    for r in gone:
        print(f"deleted {r.source} ({r.chunks} chunks)")
    print(f"{len(gone)} files, {sum(r.chunks for r in gone)} chunks deleted")
    return EXIT_OK


def _reset(a: argparse.Namespace, settings: Settings) -> int:
    from .manage import describe, reset_store

    what = describe(settings)
    question = (f"drop collection {what.collection!r} ({what.files} files, {what.chunks} chunks) "
                f"with its passages and record from {what.location}? [y/N] ")
    if not a.yes:
        if not sys.stdin.isatty():
            raise InputError("reset asks for confirmation on a terminal; pass --yes to drop without asking")
        if input(question).strip().lower() not in ("y", "yes"):
            print("nothing dropped")
            return EXIT_FILES_FAILED
    reset_store(settings)
    print(f"dropped collection {what.collection!r} ({what.files} files, {what.chunks} chunks) from {what.location}")
    return EXIT_OK


COMMANDS = {"ingest": _ingest, "query": _query, "stats": _stats, "files": _files, "delete": _delete,
            "reset": _reset, "audit": _audit}


def _no_telemetry() -> None:
    """chromadb's anonymized telemetry off for this process, unless the environment says
    otherwise: through the environment, not the client's settings, so that every Chroma client
    in the process gets the same settings (chromadb refuses a second client on a folder whose
    settings differ; see store.open_client)."""
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


def _quiet() -> None:
    """No progress bars, INFO lines or warnings from the libraries underneath (--verbose shows them)."""
    import warnings

    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    warnings.filterwarnings("ignore")


def _stop(signum: int, frame: FrameType | None) -> None:
    """SIGINT / SIGTERM: stop once, cleanly (a second signal is ignored while cleaning up). Not
    in the middle of an import, which an exception can leave broken (see signals.in_import):
    the signal is sent again a moment later instead, until the import is done."""
    if in_import(frame):
        send_again_soon(signum)
        return
    ignore_stop_signals()
    raise RunInterrupted(signum)


def _interrupted(exc: KeyboardInterrupt, command: str) -> int:
    signum = getattr(exc, "signum", signal.SIGINT)
    name = signal.Signals(signum).name
    summary = getattr(exc, "summary", None)
    if command == "ingest":
        stored = f"{summary.new + summary.changed} files stored; " if summary is not None else ""
        print(f"columnrag: stopped by {name}; {stored}run the same command again to resume", file=sys.stderr)
    else:
        print(f"columnrag: stopped by {name}", file=sys.stderr)
    return 128 + signum


def _stdout_closed() -> int:
    """The reader of stdout went away (`columnrag files | head -1`): end quietly, with the status
    of a program stopped by SIGPIPE, as 130 / 143 are for SIGINT / SIGTERM. Stdout is pointed at
    devnull so that the interpreter's own flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # (an in-memory stdout, as under a test runner: nothing to point)
        pass
    return EXIT_STDOUT_CLOSED


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status (--help, --version and argument errors too)."""
    try:
        status = _run(argv)
        sys.stdout.flush()  # (a closed pipe shows here, not in the interpreter's flush at exit)
        return status
    except BrokenPipeError:
        return _stdout_closed()


def _run(argv: Sequence[str] | None) -> int:
    try:
        a = build_parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    logging.basicConfig(level=logging.INFO if a.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    if not a.verbose:
        _quiet()
    _no_telemetry()
    handlers = {s: signal.signal(s, _stop) for s in STOP_SIGNALS}
    try:
        for h in handlers.values():
            if isinstance(h, Hold):  # a signal that came while the entry point held them stops the run now
                h.release()
        settings = settings_from_args(a)
        return COMMANDS[a.command](a, settings)
    except USAGE_ERRORS as exc:
        print(f"columnrag: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt as exc:
        return _interrupted(exc, a.command)
    finally:
        for s, h in handlers.items():
            signal.signal(s, h)


if __name__ == "__main__":
    sys.exit(main())
