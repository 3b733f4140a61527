"""A LangChain text splitter that chunks inside bands and columns.

It reads the block layout the loader stores in each page Document and never puts text from
side-by-side columns or from different bands into one chunk. The only joins across a region or
page boundary are a heading with the text it heads, and (on by default) a paragraph that a
column or page break cut in two.
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from langchain_core.documents import Document
from langchain_text_splitters import RecursiveCharacterTextSplitter, TextSplitter

from loaders.geometry import HEADING
from loaders.metadata import read_blocks

from .tokens import LengthFunction, model_max_tokens, resolve_model, token_length

log = logging.getLogger(__name__)

_SENTENCE_END = re.compile(r"[.!?:;)\]\"'”’]\s*$")
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[^a-z])")
_LAYOUT_KEYS = ("layout_blocks", "layout_furniture")


@dataclass(slots=True)
class _Piece:
    """A block's text (or part of it) with where it came from."""

    text: str
    page: int
    bbox: list[float]
    band: int
    column: int
    start: int
    heading: bool = False


@dataclass(slots=True)
class _Group:
    """Blocks that may share a chunk: contiguous in reading order inside one region."""

    pieces: list[_Piece] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)


class BandAwareTextSplitter(TextSplitter):
    """Split loader Documents into chunks that never cross columns or bands.

    chunk_size and chunk_overlap are in tokens of the embedding model (`model`, default the
    bundled all-MiniLM-L6-v2) unless `length_function` is given. No chunk exceeds the model's
    maximum sequence length.
    """

    def __init__(self, chunk_size: int = 200, chunk_overlap: int = 0, *, model: str | None = None,
                 length_function: LengthFunction | None = None,
                 continue_paragraphs: bool = True, max_length: int | None = None,
                 **kwargs: Any) -> None:
        if length_function is None:
            resolved = resolve_model(model)
            length_function = token_length(resolved)
            cap = model_max_tokens(resolved)
            max_length = min(max_length or cap, cap)
        self.max_length = max_length or chunk_size
        super().__init__(chunk_size=min(chunk_size, self.max_length), chunk_overlap=chunk_overlap,
                         length_function=length_function, **kwargs)
        self.continue_paragraphs = continue_paragraphs
        self._fallback = RecursiveCharacterTextSplitter(
            chunk_size=self._chunk_size, chunk_overlap=self._chunk_overlap,
            length_function=length_function, add_start_index=True)

    # -- plain text -------------------------------------------------------------------------
    def split_text(self, text: str) -> list[str]:
        """Plain text has no layout: recursive splitting on paragraphs, sentences, words."""
        return self._fallback.split_text(text)

    # -- documents --------------------------------------------------------------------------
    def split_documents(self, documents: Iterable[Document]) -> list[Document]:
        out: list[Document] = []
        index: dict[str, int] = {}
        pending: list[Document] = []

        def emit(chunks: list[Document]) -> None:
            """Number chunks per source file, in reading order."""
            for chunk in chunks:
                src = str(chunk.metadata.get("source", ""))
                chunk.metadata["chunk_index"] = index.get(src, 0)
                index[src] = index.get(src, 0) + 1
                out.append(chunk)

        def flush() -> None:
            emit(self._split_layout(pending))
            pending.clear()

        for doc in documents:
            if not read_blocks(doc.metadata):
                flush()
                emit(self._fallback.split_documents([doc]))
                continue
            if pending and pending[-1].metadata.get("source") != doc.metadata.get("source"):
                flush()
            pending.append(doc)
        flush()
        return out

    def transform_documents(self, documents: Sequence[Document], **kwargs: Any) -> Sequence[Document]:
        return self.split_documents(list(documents))

    # -- layout-aware path --------------------------------------------------------------------
    def _groups(self, pages: list[Document]) -> list[_Group]:
        groups: list[_Group] = []
        prev: dict[str, Any] | None = None
        for doc in pages:
            text = doc.page_content
            page = int(doc.metadata.get("page", 0))
            meta = {k: v for k, v in doc.metadata.items() if k not in _LAYOUT_KEYS}
            for b in read_blocks(doc.metadata):
                piece_text = text[b["start"]:b["end"]]
                if not piece_text.strip():
                    continue
                piece = _Piece(piece_text, page, b["bbox"], b["band"], b["column"], b["start"],
                               b.get("kind") == HEADING)
                region = (page, b["band"], b["column"], b.get("region", 0))
                if prev is None or not self._joins(prev, region, groups[-1].pieces[-1], piece):
                    groups.append(_Group(meta=meta))
                groups[-1].pieces.append(piece)
                prev = {"region": region}
        return groups

    def _joins(self, prev: dict[str, Any], region: tuple, last: _Piece, piece: _Piece) -> bool:
        """May `piece` share a chunk with the piece before it in reading order?"""
        if piece.heading and not last.heading:
            return False  # a heading starts the chunk of the text it heads
        if prev["region"] == region or last.heading:
            return True
        if not self.continue_paragraphs:
            return False
        # A paragraph cut by a column or page break: no sentence end before, lower case after.
        return not _SENTENCE_END.search(last.text) and piece.text[:1].islower()

    def _split_layout(self, pages: list[Document]) -> list[Document]:
        chunks: list[Document] = []
        for group in self._groups(pages):
            units = [u for p in group.pieces for u in self._units(p)]
            for members in self._pack(units):
                chunks.append(self._make(group.meta, members))
        return chunks

    def _units(self, piece: _Piece) -> list[_Piece]:
        """A piece small enough, or its sentences (or words) as pieces small enough."""
        if self._length_function(piece.text) <= self._chunk_size:
            return [piece]
        out: list[_Piece] = []
        pos = 0
        for sentence in _SENTENCE_SPLIT.split(piece.text):
            offset = piece.text.find(sentence, pos)
            pos = offset + len(sentence)
            parts = [sentence] if self._length_function(sentence) <= self._chunk_size else self._words(sentence)
            sub = 0
            for part in parts:
                at = sentence.find(part, sub)
                sub = at + len(part)
                out.append(_Piece(part, piece.page, piece.bbox, piece.band, piece.column,
                                  piece.start + offset + at, piece.heading))
        return out

    def _words(self, text: str) -> list[str]:
        parts: list[str] = []
        current: list[str] = []
        for word in text.split():
            trial = " ".join(current + [word])
            if current and self._length_function(trial) > self._chunk_size:
                parts.append(" ".join(current))
                current = [word]
            else:
                current.append(word)
        if current:
            parts.append(" ".join(current))
        return parts

    def _pack(self, units: list[_Piece]) -> list[list[_Piece]]:
        """Greedy packing of units into chunks within chunk_size, with overlap in units."""
        chunks: list[list[_Piece]] = []
        current: list[_Piece] = []
        for unit in units:
            trial = current + [unit]
            if current and (self._length_function(_join(trial)) > self._chunk_size
                            or (current[-1].heading is False and unit.heading)):
                chunks.append(current)
                current = self._overlap(current) + [unit]
                if self._length_function(_join(current)) > self._chunk_size:
                    current = [unit]
            else:
                current = trial
        if current:
            chunks.append(current)
        return chunks

    def _overlap(self, units: list[_Piece]) -> list[_Piece]:
        if self._chunk_overlap <= 0:
            return []
        kept: list[_Piece] = []
        for unit in reversed(units):
            if self._length_function(_join([unit] + kept)) > self._chunk_overlap:
                break
            kept.insert(0, unit)
        return kept

    def _make(self, meta: dict[str, Any], members: list[_Piece]) -> Document:
        first = members[0]
        on_first = [m.bbox for m in members if m.page == first.page]
        boxes: list[dict[str, Any]] = []
        for m in members:
            entry = {"page": m.page, "bbox": m.bbox}
            if entry not in boxes:
                boxes.append(entry)
        metadata = {
            **meta,
            "page": first.page,
            "last_page": members[-1].page,
            "bbox_x0": float(min(b[0] for b in on_first)), "bbox_y0": float(min(b[1] for b in on_first)),
            "bbox_x1": float(max(b[2] for b in on_first)), "bbox_y1": float(max(b[3] for b in on_first)),
            "band": first.band,
            "column": first.column,
            "boxes": json.dumps(boxes, separators=(",", ":")),
            "start_index": first.start,
        }
        return Document(page_content=_join(members), metadata=metadata)


def _join(units: list[_Piece]) -> str:
    """Units of one chunk: blocks apart by a blank line; a broken word or paragraph rejoined."""
    out = ""
    for i, u in enumerate(units):
        text = u.text
        if not out:
            out = text
            continue
        prev = units[i - 1]
        if prev.page == u.page and prev.band == u.band and prev.column == u.column and not u.heading \
                and not prev.heading and u.start > prev.start + len(prev.text) + 2:
            out += "\n\n" + text
        elif out.endswith("-") and text[:1].islower():
            out = out[:-1] + text
        elif prev.heading or u.heading:
            out += "\n" + text
        else:
            out += " " + text if u.start != prev.start + len(prev.text) + 1 else "\n" + text
    return out
