"""The measurements: reading order, chunks, retrieval, speed, embedding precision.
Every comparison is made in the same run, on the same pages, with the same model."""
from __future__ import annotations

import gc
import json
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .extractors import Extractor
from .metric import Truth, summarise, tokens

ROOT = Path(__file__).resolve().parent.parent


def manifest(corpus: Path) -> list[dict]:
    return json.loads((corpus / "manifest.json").read_text())


def scored_texts(corpus: Path, extractors: dict[str, Extractor]) -> dict[str, list[tuple[dict, dict]]]:
    """Per extractor: each manifest entry with its text's score against the truth (a tool that
    fails on a file scores as empty text). Read once, summarised as often as asked."""
    truths: dict[str, Truth] = {}
    out: dict[str, list[tuple[dict, dict]]] = {}
    for name, extract in extractors.items():
        out[name] = []
        for m in manifest(corpus):
            t = truths.setdefault(m["truth"], Truth.load(corpus / m["truth"]))
            try:
                text = extract(corpus / m["pdf"])
            except Exception:
                text = ""
            out[name].append((m, t.score_text(text)))
    return out


def summarised(scored: dict[str, list[tuple[dict, dict]]], only: set[str] | None = None) -> dict[str, dict[str, dict]]:
    """Per extractor and variant (and ALL): breaks/kw, coverage, perfect share, of the PDFs named
    in `only` when given."""
    out: dict[str, dict[str, dict]] = {}
    for name, entries in scored.items():
        rows: dict[str, list[dict]] = defaultdict(list)
        for m, row in entries:
            if only is None or m["pdf"] in only:
                rows[m["variant"]].append(row)
                rows["ALL"].append(row)
        out[name] = {v: summarise(r).__dict__ for v, r in rows.items()}
    return out


def reading_order(corpus: Path, extractors: dict[str, Extractor]) -> dict[str, dict[str, dict]]:
    """Per extractor and variant: breaks/kw, coverage, perfect share."""
    return summarised(scored_texts(corpus, extractors))


def _word_edits(a: list[str], b: list[str]) -> int:
    """Word-level edit distance, from difflib's opcodes (a replace of n by m words costs max(n, m))."""
    import difflib

    ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    return sum(max(i2 - i1, j2 - j1) for op, i1, i2, j1, j2 in ops if op != "equal")


def order_independence(corpus: Path, extract: Extractor) -> dict[str, float] | None:
    """For documents drawn in several orders: the share whose every variant reads within 1% of
    the native variant's words (the scorer's word tokens), and the worst difference seen."""
    by_doc: dict[str, dict[str, Path]] = defaultdict(dict)
    for m in manifest(corpus):
        by_doc[m["truth"]][m["variant"]] = corpus / m["pdf"]
    docs = {t: v for t, v in by_doc.items() if "native" in v and len(v) > 1}
    if not docs:
        return None
    worst_per_doc = []
    for variants in docs.values():
        base = tokens(extract(variants["native"]))
        worst = max(_word_edits(base, tokens(extract(pdf))) / max(1, len(base))
                    for name, pdf in variants.items() if name != "native")
        worst_per_doc.append(worst)
    return {"documents": len(docs), "within_1pct": sum(w <= 0.01 for w in worst_per_doc) / len(docs),
            "worst": max(worst_per_doc)}


@dataclass(frozen=True)
class Chunk:
    """A chunk as a pipeline returns it: the text a user gets, the text that is embedded, and
    its passages, embedded as more vectors of it (columnrag's chunking.passages)."""

    text: str
    embed: str
    passages: tuple[str, ...] = ()


def columnrag_chunks(path: Path, settings=None) -> list[Chunk]:
    """The loader and the splitter (with `settings`, default the built-in ones): each chunk's
    page text, and the text the ingest embeds for it."""
    from columnrag.loaders import ColumnAwarePDFLoader

    return split_pages(ColumnAwarePDFLoader(path).load(), settings)


def split_pages(pages, settings=None) -> list[Chunk]:
    """Loader Documents split by the splitter with `settings`."""
    from columnrag.chunking import BandAwareTextSplitter

    splitter = BandAwareTextSplitter(settings=settings)
    return [Chunk(c.page_content, splitter.embedding_text(c), tuple(splitter.embedding_passages(c)))
            for c in splitter.split_documents(pages)]


def usual_chunks(path: Path) -> list[Chunk]:
    """LangChain's usual pipeline: PyMuPDFLoader + RecursiveCharacterTextSplitter(1000, 200)."""
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    try:
        from langchain_community.document_loaders import PyMuPDFLoader

        docs = PyMuPDFLoader(str(path)).load()
    except ImportError:  # the same text PyMuPDFLoader returns
        import pymupdf
        from langchain_core.documents import Document

        with pymupdf.open(path) as d:
            docs = [Document(page_content=p.get_text(), metadata={"page": p.number}) for p in d]
    splitter = RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200)
    return [Chunk(c.page_content, c.page_content) for c in splitter.split_documents(docs)]


PIPELINES: dict[str, Callable[[Path], list[Chunk]]] = {"columnrag": columnrag_chunks,
                                                       "PyMuPDFLoader + Recursive 1000/200": usual_chunks}
SHORT = 25  # a chunk under this many tokens is a fragment (a label, a cell, a lone heading)
_WORD = re.compile(r"[^\W\d_]{2,}")


def model_tokens() -> Callable[[str], int]:
    """Tokens of the embedding model, [CLS] and [SEP] not counted (as chunkqa counts them)."""
    from columnrag.chunking.tokens import default_model_path, token_length

    length = token_length(default_model_path())
    base = length("")
    return lambda text: length(text) - base


def _lone_line(text: str) -> bool:
    """What a heading or a label alone looks like: one line of a few words, no sentence end."""
    text = text.strip()
    return "\n" not in text and len(text.split()) <= 12 and text[-1:] not in ".!?:;"


def length_stats(texts: list[str], tokens: Callable[[str], int]) -> dict[str, float]:
    """Mean and median tokens, the share under SHORT tokens, chunks with no word at all, and
    chunks that are one short line (a heading or a label alone)."""
    sizes = sorted(tokens(t) for t in texts)
    return {"mean_tokens": statistics.fmean(sizes) if sizes else 0.0,
            "median_tokens": statistics.median(sizes) if sizes else 0.0,
            "short_share": sum(n < SHORT for n in sizes) / max(1, len(sizes)),
            "wordless": sum(not _WORD.search(t) for t in texts),
            "lone_line": sum(_lone_line(t) for t in texts)}


def chunk_quality(corpus: Path, pipelines: dict[str, Callable[[Path], list[Chunk]]] | None = None,
                  ) -> tuple[dict[str, dict], dict[str, dict[str, list[Chunk]]]]:
    """Crossing share, intact sentences and chunk lengths per pipeline; also returns the chunks."""
    results: dict[str, dict] = {}
    all_chunks: dict[str, dict[str, list[Chunk]]] = {}
    tokens = model_tokens()
    for name, make in (pipelines or PIPELINES).items():
        tot: defaultdict[str, int] = defaultdict(int)
        all_chunks[name] = {}
        for m in manifest(corpus):
            t = Truth.load(corpus / m["truth"])
            chunks = make(corpus / m["pdf"])
            all_chunks[name][m["pdf"]] = chunks
            for k, v in t.score_chunks([c.text for c in chunks]).items():
                tot[k] += v
        texts = [c.text for per in all_chunks[name].values() for c in per]
        results[name] = {"chunks": tot["chunks"], "crossing_rate": tot["crossing"] / max(1, tot["chunks"]),
                         "real_crossing_rate": tot["crossing_real"] / max(1, tot["chunks"]),
                         "intact_sentences": tot["intact"] / max(1, tot["sentences"]),
                         "all_chunks": len(texts), **length_stats(texts, tokens)}
    return results, all_chunks


def retrieval(corpus: Path, all_chunks: dict[str, dict[str, list[Chunk]]], embedder, queries: int = 150,
              seed: int = 7, query_embedder=None) -> dict[str, float]:
    """Share of sampled body sentences (12+ words) found whole in a top-5 result (exact cosine
    search over each chunk's embedded text; the sentence is looked for in its page text). The
    questions are embedded by `query_embedder` (as `columnrag query` embeds them), else by `embedder`."""
    import numpy as np

    from .embedcache import similarities, top_k

    rnd = random.Random(seed)
    sample: list[tuple[str, str]] = []
    for m in manifest(corpus):
        t = Truth.load(corpus / m["truth"])
        sents = [s for s in t.sentences if len(s.split()) >= 12]
        for s in rnd.sample(sents, min(2, len(sents))):
            sample.append((m["pdf"], s))
    sample = rnd.sample(sample, min(queries, len(sample)))
    qv = np.asarray((query_embedder or embedder).embed([s.strip() for _, s in sample]), dtype=np.float32)
    out = {}
    for name, per_pdf in all_chunks.items():
        chunks = [c for per in per_pdf.values() for c in per]
        sims = similarities(qv, embedder, [c.embed for c in chunks], [c.passages for c in chunks])
        joined = [" " + " ".join(tokens(c.text)) + " " for c in chunks]
        hits = sum(any(s in joined[j] for j in top) for (_, s), top in zip(sample, top_k(sims, 5)))
        out[name] = hits / max(1, len(sample))
    return out


def loader_speed(pdfs: list[Path], repeats: int) -> dict[str, float]:
    """Loader time per page vs PyMuPDF's get_text(), with the default settings (OCR auto: its
    checks run on every page) and with OCR off (the page reading alone), wall and CPU time, and
    the share of MuPDF's own work in the reading (`mupdf_share`): the rest is the Python passes.
    All are timed in turn in every repeat, so that they share the machine's load; medians."""
    import pymupdf

    from .extractors import columnrag, mupdf_share, pymupdf_text

    pages = sum(pymupdf.open(p).page_count for p in pdfs)
    runs: dict[str, Callable[[], object]] = {
        "get_text": lambda: [pymupdf_text(p) for p in pdfs],
        "columnrag": lambda: [columnrag(p) for p in pdfs],
        "ocr_off": lambda: [columnrag(p, ocr="off") for p in pdfs],
        "mupdf": lambda: [mupdf_share(p) for p in pdfs]}
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    runs["columnrag"]()  # word lists and fonts loaded once per process, not in the first repeat
    # The benchmark's own heap (embedding caches, chunk lists) is left out of the garbage
    # collector's passes: they would bill the loader, which makes many small objects, for it.
    gc.collect()
    gc.freeze()
    try:
        for _ in range(repeats):
            for name, fn in runs.items():
                t, c = time.perf_counter(), time.process_time()
                fn()
                wall[name].append(time.perf_counter() - t)
                cpu[name].append(time.process_time() - c)
    finally:
        gc.unfreeze()
    w = {k: statistics.median(v) for k, v in wall.items()}
    cpu_s = {k: statistics.median(v) for k, v in cpu.items()}
    return {"pages": pages, "get_text_ms_per_page": 1000 * w["get_text"] / pages,
            "columnrag_ms_per_page": 1000 * w["columnrag"] / pages, "ratio": w["columnrag"] / w["get_text"],
            "ocr_off_ms_per_page": 1000 * w["ocr_off"] / pages, "ocr_off_ratio": w["ocr_off"] / w["get_text"],
            "cpu_ratio": cpu_s["columnrag"] / cpu_s["get_text"], "ocr_off_cpu_ratio": cpu_s["ocr_off"] / cpu_s["get_text"],
            "mupdf_ms_per_page": 1000 * w["mupdf"] / pages, "mupdf_ratio": w["mupdf"] / w["get_text"]}


# The defaults before `embedding.precision: auto` and the plain-torch BERT encoder: float32
# through sentence-transformers, torch on every core. Measured beside the defaults in the same run.
PREVIOUS = {"embedding": {"precision": "float32", "backend": "sentence-transformers"}}


def _previous_env() -> dict[str, str]:
    import os

    return {**os.environ, "OMP_NUM_THREADS": str(len(os.sched_getaffinity(0))),
            **{f"COLUMNRAG_{section.upper()}__{key.upper()}": str(value)
               for section, values in PREVIOUS.items() for key, value in values.items()}}


def _ingest_subprocess(corpus: Path, db: Path, previous: bool = False) -> tuple[float, int, dict]:
    """Run an ingest in a fresh process (with the defaults, or the previous ones): wall time,
    peak RSS (KiB), summary."""
    code = ("import json,sys,resource,time;t=time.perf_counter();from columnrag.ingest.settings import load_settings;"
            "from columnrag.ingest.pipeline import run_ingest;"
            f"s=run_ingest([{str(corpus)!r}], load_settings(None, {{'chroma': {{'path': {str(db)!r}}}}}));"
            "print(json.dumps({'wall': time.perf_counter()-t, 'rss': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,"
            "'summary': s.as_dict()}))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                          env=_previous_env() if previous else None)
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    return data["wall"], data["rss"], data["summary"]


def _embed_subprocess(texts_file: Path) -> float:
    """Embedding the chunks alone in a fresh process, as an ingest embeds them (model loading
    and thread count included)."""
    code = ("import json,time;t=time.perf_counter();"
            "from columnrag.ingest.embedder import BackgroundEmbedder, cpu_threads;"
            "from columnrag.ingest.settings import Settings;s=Settings();"
            f"texts=json.load(open({str(texts_file)!r}));"
            "BackgroundEmbedder(s.embedding, threads=cpu_threads(s.ingest.workers)).get().embed(texts);"
            "print(time.perf_counter()-t)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return float(proc.stdout.strip().splitlines()[-1])


def ingest_speed(corpus: Path, repeats: int = 1) -> dict[str, float]:
    """Whole ingest vs embedding the same chunks and passages alone (both in a fresh process,
    model loading included); unchanged rerun vs first run; the defaults vs the previous defaults (runs
    interleaved, medians)."""
    from columnrag.ingest.record import passage_collection_name
    from columnrag.ingest.settings import ChromaSettings
    from columnrag.ingest.store import open_client

    firsts, seconds, floors, previous = [], [], [], []
    for k in range(repeats):
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "db"
            previous.append(_ingest_subprocess(corpus, Path(tmp) / "previous", previous=True)[0])
            first, _, summary = _ingest_subprocess(corpus, db)
            second, _, _ = _ingest_subprocess(corpus, db)
            chroma = ChromaSettings(path=str(db))
            client = open_client(chroma)
            stored = {chroma.collection, passage_collection_name(chroma.collection)}
            names = {c.name for c in client.list_collections()} & stored
            texts = [t for name in sorted(names) for t in client.get_collection(name).get(include=["documents"])["documents"]]
            texts_file = Path(tmp) / "texts.json"
            texts_file.write_text(json.dumps(texts))
            floors.append(_embed_subprocess(texts_file))
            firsts.append(first)
            seconds.append(second)
    first, second, embed_only = statistics.median(firsts), statistics.median(seconds), statistics.median(floors)
    before = statistics.median(previous)
    return {"first_run_s": first, "second_run_s": second, "second_vs_first": second / first,
            "embed_only_s": embed_only, "ingest_vs_embed": first / embed_only,
            "pages_per_s": summary["pages"] / first, "chunks_per_s": summary["chunks"] / first,
            "chunks": summary["chunks"], "previous_first_run_s": before, "speedup_vs_previous": before / first}


def query_speed(corpus: Path, question: str, repeats: int = 5) -> dict[str, float]:
    """Wall time of one `columnrag query` (a fresh process: start, imports, model, answer) with
    the defaults vs the previous defaults; runs interleaved, medians."""
    import time as _time

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "db"
        _ingest_subprocess(corpus, db)
        argv = [sys.executable, "-m", "columnrag", "query", question, "--db", str(db), "-k", "5"]
        now: list[float] = []
        before: list[float] = []
        for _ in range(repeats):
            for env, runs in ((_previous_env(), before), (None, now)):
                t = _time.perf_counter()
                subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=True, env=env)
                runs.append(_time.perf_counter() - t)
    return {"query_s": statistics.median(now), "previous_query_s": statistics.median(before),
            "query_vs_previous": statistics.median(now) / statistics.median(before)}


def memory_scaling(corpus: Path, copies: int = 4) -> dict[str, float]:
    """Peak memory of an ingest of the corpus once and of `copies` copies of it."""
    import shutil

    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one"
        many = Path(tmp) / "many"
        shutil.copytree(corpus, one / "c")
        for k in range(copies):
            shutil.copytree(corpus, many / f"c{k}")
        _, rss_one, _ = _ingest_subprocess(one, Path(tmp) / "db1")
        _, rss_many, _ = _ingest_subprocess(many, Path(tmp) / "db2")
    return {"peak_rss_mib_1x": rss_one / 1024, f"peak_rss_mib_{copies}x": rss_many / 1024,
            "ratio": rss_many / rss_one}


def precision(texts: list[str]) -> dict[str, float]:
    """Throughput of the default model in float32 and bfloat16, and how close the vectors are."""
    import numpy as np

    from columnrag.ingest.embedder import Embedder
    from columnrag.ingest.settings import EmbeddingSettings

    out: dict[str, float] = {}
    vecs = {}
    for p in ("float32", "bfloat16"):
        e = Embedder(EmbeddingSettings(precision=p, device="cpu"))
        e.embed(texts[:16])
        t = time.perf_counter()
        vecs[p] = np.array(e.embed(texts))
        out[f"{p}_texts_per_s"] = len(texts) / (time.perf_counter() - t)
    cos = (vecs["float32"] * vecs["bfloat16"]).sum(axis=1)
    out["speedup"] = out["bfloat16_texts_per_s"] / out["float32_texts_per_s"]
    out["min_cosine"] = float(cos.min())
    out["mean_cosine"] = float(cos.mean())
    return out
