"""One PDF to chunks with their ids and metadata: what a worker process (or a Ray task) does.

Chunk ids are deterministic (source, content hash, settings fingerprint, index), so a file
written twice replaces itself instead of duplicating.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Sequence

from columnrag.chunking.ids import chunk_id
from columnrag.chunking.settings import ChunkingSettings
from columnrag.loaders.errors import PDFLoadError
from columnrag.loaders.paths import display_path

from .record import PASSAGE_KEY, passage_id
from .settings import Settings

# The loader (PyMuPDF, LangChain) and the splitter (langchain_text_splitters, a tokenizer) are
# imported where a file is parsed: the CLI imports this module and must stay quick to start.


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
    embed_texts: list[str] = field(default_factory=list)  # what is embedded (texts are what is stored)
    # Per chunk, its passages as embedded (chunking.passages): more vectors that find the chunk.
    passages: list[list[str]] = field(default_factory=list)

    def to_embed(self) -> list[str]:
        return self.embed_texts or self.texts

    def embedding_inputs(self) -> list[str]:
        """Everything embedded for this file, in one list: each chunk's text, then every chunk's
        passages in chunk order (`passage_records` takes their vectors back in that order)."""
        return self.to_embed() + [p for ps in self.passages for p in ps]

    def passage_records(self, vectors: Sequence[Sequence[float]]) -> PassageRecords:
        """The passages as records of the passage collection, given the vectors of
        `embedding_inputs` (the chunks' come first): each carries its chunk's metadata, so a
        filter that selects chunks selects their passages too."""
        out = PassageRecords([], [], [], [])
        at = len(self.ids)
        for cid, meta, ps in zip(self.ids, self.metadatas, self.passages):
            for n, text in enumerate(ps):
                out.ids.append(passage_id(cid, n))
                out.vectors.append(vectors[at])
                out.texts.append(text)
                out.metadatas.append({**meta, PASSAGE_KEY: n})
                at += 1
        return out


@dataclass
class PassageRecords:
    ids: list[str]
    vectors: list[Sequence[float]]
    texts: list[str]
    metadatas: list[dict[str, Any]]


def _clean(meta: dict[str, Any]) -> dict[str, Any]:
    """Chroma takes str, int, float and bool values only."""
    return {k: v for k, v in meta.items() if isinstance(v, (str, int, float, bool))}


@lru_cache(maxsize=4)
def configured_splitter(chunking: ChunkingSettings, model: str):
    """The splitter the settings ask for, one per process and settings (it loads the model's
    tokenizer). Ingest workers and `columnrag audit --chunks` both build it here."""
    from columnrag.chunking import BandAwareTextSplitter

    return BandAwareTextSplitter(model=model, settings=chunking)


def _why_no_text(pages: list) -> str:
    """Why a file gave no text at all: scans that could not be OCR'd, scans OCR read and found
    nothing in, or simply no text."""
    if any(p.metadata.get("needs_ocr") for p in pages):
        return "no text layer (scanned pages need OCR)"
    if any(p.metadata.get("ocr") for p in pages):
        return "no text (its scanned pages were read by OCR and hold none)"
    return "no text"


def parse_file(source: str, content_hash: str, settings: Settings) -> FileChunks:
    """Load and chunk one PDF. Never raises: a failure is returned with its reason."""
    from columnrag.loaders import ColumnAwarePDFLoader

    out = FileChunks(display_path(source), content_hash)
    try:
        loader = ColumnAwarePDFLoader(source, password=settings.ingest.password, settings=settings.layout,
                                      ocr=settings.ocr)
        pages = list(loader.lazy_load())
        out.pages = len(pages)
        out.ocr_pages = sum(bool(p.metadata.get("ocr")) for p in pages)
        if pages and not any(p.page_content.strip() for p in pages):
            out.error = _why_no_text(pages)
            return out
        splitter = configured_splitter(settings.chunking, settings.embedding.model)
        chunks = splitter.split_documents(pages)
        embed_texts = [splitter.embedding_text(c) for c in chunks]
        passages = [splitter.embedding_passages(c) for c in chunks]
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
    out.embed_texts, out.passages = embed_texts, passages
    return out
