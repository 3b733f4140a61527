"""The sweep that chose the chunking defaults: chunk size, sentence overlap, contextualised
embedding and passage vectors, measured on questions nobody here wrote (chunkqa, the well-drawn PDFs) and on real
documents (../shared/realworld: sentence queries, and the share of fragment chunks)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from columnrag.chunking.settings import ChunkingSettings

from .chunkqa import ChunkQA
from .measure import SHORT, Chunk, length_stats, manifest, model_tokens, retrieval, split_pages

SIZES = (160, 200, 224, 256)
PASSAGES = (32, 48, 64)  # passage_tokens tried with the section path in front


CONTEXTS = {"none": (False, False), "section": (True, False), "title + section": (True, True)}


def grid() -> list[ChunkingSettings]:
    """Without passages: every size with nothing, the section path, or the title and section
    path embedded in front, no overlap; then a sentence overlap of a quarter of the chunk at 200
    tokens. With passages: every size and passage size, the section path in front."""
    base = replace(ChunkingSettings(), passage_tokens=0)
    out = [replace(base, chunk_size=n, chunk_overlap=0, contextualize=ctx, context_title=title)
           for n in SIZES for ctx, title in CONTEXTS.values()]
    out += [replace(base, chunk_size=200, chunk_overlap=50, contextualize=ctx, context_title=False)
            for ctx in (False, True)]
    out += [replace(base, chunk_size=n, chunk_overlap=0, contextualize=True, context_title=False, passage_tokens=p)
            for n in SIZES for p in PASSAGES]
    return out


def context_name(s: ChunkingSettings) -> str:
    return next(name for name, (ctx, title) in CONTEXTS.items()
                if ctx == s.contextualize and (title == s.context_title or not ctx))


def load_pages(corpus: Path) -> dict[str, list[Any]]:
    """Each PDF's loader Documents, read once for every setting."""
    from columnrag.loaders import ColumnAwarePDFLoader

    return {m["pdf"]: ColumnAwarePDFLoader(corpus / m["pdf"]).load() for m in manifest(corpus)}


def sweep(qa: ChunkQA | None, realworld: Path | None, embedder, queries: int = 150) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    pages = load_pages(realworld) if realworld else {}
    tokens = model_tokens()
    for s in grid():
        row: dict[str, Any] = {"chunk_size": s.chunk_size, "chunk_overlap": s.chunk_overlap,
                               "embedded context": context_name(s), "passage_tokens": s.passage_tokens}
        if qa is not None:
            scored = qa.score(qa.columnrag("original", s))
            row.update({k: scored[k] for k in ("recall@5", "iou@5", "recall@10", "mean_tokens")})
        if realworld is not None:
            chunks: dict[str, list[Chunk]] = {pdf: split_pages(docs, s) for pdf, docs in pages.items()}
            row["realworld_retrieval"] = retrieval(realworld, {"columnrag": chunks}, embedder, queries)["columnrag"]
            stats = length_stats([c.text for per in chunks.values() for c in per], tokens)
            row["realworld_short_share"] = stats["short_share"]
        rows.append(row)
    return rows


def render(rows: list[dict[str, Any]]) -> list[str]:
    head = ["chunk_size", "overlap", "embedded in front", "passages", "chunkqa recall@5", "IoU@5", "recall@10",
            "mean tokens", "realworld sentence retrieval", f"realworld chunks < {SHORT} tokens"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [str(r["chunk_size"]), str(r["chunk_overlap"]), r["embedded context"],
                 str(r.get("passage_tokens") or "none"),
                 _f(r, "recall@5", 3), _f(r, "iou@5", 4), _f(r, "recall@10", 3), _f(r, "mean_tokens", 0),
                 _pct(r, "realworld_retrieval"), _pct(r, "realworld_short_share")]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _f(row: dict[str, Any], key: str, digits: int) -> str:
    return f"{row[key]:.{digits}f}" if key in row else "-"


def _pct(row: dict[str, Any], key: str) -> str:
    return f"{100 * row[key]:.1f}%" if key in row else "-"
