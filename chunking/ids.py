"""Deterministic chunk ids: the ones the CLI stores, and the ones the splitter sets as Document.id.

An id names the file (its source path and content hash), the settings that produced the chunks
(the settings fingerprint: layout, chunking, embedding model and precision) and the chunk's
position in the file. Loading and chunking the same file with the same settings gives the same
ids, so writing it again replaces its chunks instead of adding copies (`Chroma.from_documents`
with `ids=`, LangChain's `index()`), and a chunk made from Python has the id the CLI gave it.
"""
from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from columnrag.loaders.contract import CONTENT_HASH_KEY, decode_settings
from columnrag.loaders.engine.settings import LayoutSettings

from .settings import ChunkingSettings

if TYPE_CHECKING:  # the CLI imports chunk_id and must start without LangChain
    from langchain_core.documents import Document

DEFAULT_MODEL = "default"
# The embedding precision the CLI stores with by default (embedding.precision); a test keeps the
# two equal, so the splitter's default ids are the CLI's default ids.
DEFAULT_PRECISION = "auto"


@lru_cache(maxsize=32)
def settings_fingerprint(layout: LayoutSettings, chunking: ChunkingSettings, model: str = DEFAULT_MODEL,
                         precision: str = DEFAULT_PRECISION, ocr: str = "") -> str:
    """What decides a file's chunks and vectors, as 16 hex digits. `ocr`: the OCR settings that
    differ from the defaults, as JSON ("" for none, which leaves the default fingerprint as it was)."""
    key = {"layout": asdict(layout), "chunking": asdict(chunking), "model": model, "precision": precision}
    if ocr:
        key["ocr"] = ocr
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


def chunk_id(source: str, content_hash: str, fingerprint: str, index: int) -> str:
    """The id of the `index`-th chunk (0-based, reading order) of a file."""
    src = hashlib.sha1(source.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    return f"{src}-{content_hash[:12]}-{fingerprint[:8]}-{index:05d}"


def _scope(pages: set[int], total: Any, single: bool) -> str:
    """"" when the chunks come from every page of the file read page by page (what the CLI does);
    otherwise what they come from, folded into the id so that a part of a file, or a file read
    as one Document, never takes the ids of the whole file's chunks."""
    whole = not single and isinstance(total, int) and pages == set(range(total))
    if whole:
        return ""
    return ";".join(filter(None, ["single" if single else "",
                                  "pages:" + ",".join(map(str, sorted(pages))) if pages else ""]))


@dataclass(frozen=True)
class ChunkIds:
    """Sets Document.id on the chunks of loader Documents (those carrying a content hash and the
    layout settings); chunks of other Documents keep id None."""

    chunking: ChunkingSettings
    model: str = DEFAULT_MODEL
    precision: str = DEFAULT_PRECISION

    def assign(self, sources: Iterable[Mapping[str, Any]], chunks: Iterable["Document"]) -> None:
        """`sources`: the metadata of the Documents that were split; `chunks`: what they were
        split into, each with its `chunk_index` (per source file, in reading order)."""
        pages: dict[str, set[int]] = defaultdict(set)
        totals: dict[str, Any] = {}
        single: set[str] = set()
        for meta in sources:
            src = str(meta.get("source", ""))
            totals[src] = meta.get("total_pages")
            if "page" in meta:
                pages[src].add(int(meta["page"]))
            else:
                single.add(src)
        scopes = {src: _scope(pages[src], totals[src], src in single) for src in totals}
        for chunk in chunks:
            meta = chunk.metadata
            src = str(meta.get("source", ""))
            content_hash = meta.get(CONTENT_HASH_KEY)
            layout = decode_settings(meta)
            if not content_hash or layout is None or src not in scopes or "chunk_index" not in meta:
                continue
            fingerprint = settings_fingerprint(layout, self.chunking, self.model, self.precision)
            if scopes[src]:
                fingerprint = hashlib.sha256(f"{fingerprint}|{scopes[src]}".encode()).hexdigest()
            chunk.id = chunk_id(src, str(content_hash), fingerprint, int(meta["chunk_index"]))
