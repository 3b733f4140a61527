"""A LangChain text splitter that chunks inside bands and columns.

It reads the block layout the loader stores in each page Document and never puts text from
side-by-side columns or from different bands into one chunk. The only joins across a region or
page boundary are a heading with the text it heads, and (on by default) a paragraph that a
column or page break cut in two.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Sequence

from langchain_core.documents import Document
from langchain_text_splitters import RecursiveCharacterTextSplitter, TextSplitter

from columnrag.loaders.contract import (BOXES_KEY, LAYOUT_KEYS, ChunkBox, LayoutBlock, decode_blocks,
                                        encode_chunk_boxes)
from columnrag.loaders.engine.geometry import HEADING, Box

from .ids import DEFAULT_MODEL, DEFAULT_PRECISION, ChunkIds
from .settings import ChunkingSettings
from .tables import is_table, table_chunks
from .tokens import LengthFunction, model_max_tokens, resolve_model, token_length

log = logging.getLogger(__name__)

_SENTENCE_END = re.compile(r"[.!?:;)\]\"'”’]\s*$")
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[^a-z])")
_FLOAT_START = re.compile(r"^(fig(ure)?\.?|table|tab\.|illustration|image|photo|chart|source:)\s*\w*", re.I)


def _starts_continuation(text: str) -> bool:
    """Text that can only be the rest of a sentence: it starts in lower case (or with a number
    that ended up on the next column: "... of cycle" / "380. ...")."""
    return text[:1].islower() or text[:1].isdigit()


def _continues(prev: "_Piece", piece: "_Piece", s: ChunkingSettings) -> bool:
    """Does `piece` carry on the sentence `prev` left open (across a column or page break, or a
    block boundary inside one column)? Lower case after an open sentence always does; after a
    full last line, a capital does too ("... (van" / "Hasselt, 2013)")."""
    if piece.heading or not prev.runs_on() or is_table(prev.block) or is_table(piece.block):
        return False
    if 0 < piece.size < s.smaller_type * prev.size or 0 < prev.size < s.smaller_type * piece.size:
        return False  # a footnote in smaller type is not the rest of a body sentence
    return _starts_continuation(piece.text) or (prev.full_last_line and piece.text[:1].isalnum())


def _is_float_like(piece: "_Piece", body_size: float, s: ChunkingSettings) -> bool:
    """A caption, a footnote, a figure's label or another short block a paragraph may flow
    around: a caption's opening word, a smaller type size than the body's, or a few words."""
    if _FLOAT_START.match(piece.text) or len(piece.text.split()) <= s.float_max_words:
        return True
    return 0 < piece.size < s.smaller_type * body_size


@dataclass(slots=True)
class _Piece:
    """A block's text with where it came from: its page, its block and the page's metadata."""

    text: str
    page: int
    block: LayoutBlock
    meta: dict[str, Any]
    heading: bool = field(init=False)
    region: tuple[int, int, int, int] = field(init=False)  # pieces of one region may share a chunk

    def __post_init__(self) -> None:
        self.heading = self.block.kind == HEADING
        self.region = (self.page, self.block.band, self.block.column, self.block.region)

    @property
    def start(self) -> int:
        return self.block.start

    @property
    def size(self) -> float:
        return self.block.size

    @property
    def full_last_line(self) -> bool:
        return self.block.full_last_line

    def runs_on(self) -> bool:
        """The sentence is still open at the end of this piece: no sentence end, not a heading."""
        return not _SENTENCE_END.search(self.text) and not self.heading


@dataclass(slots=True)
class _Group:
    """Blocks that may share a chunk: contiguous in reading order inside one region."""

    pieces: list[_Piece] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)


class BandAwareTextSplitter(TextSplitter):
    """Split loader Documents into chunks that never cross columns or bands.

    chunk_size and chunk_overlap are in tokens of the embedding model (`model`, default the
    bundled all-MiniLM-L6-v2) unless `length_function` is given. chunk_size is the size chunks are
    packed to; a single sentence longer than that stays whole as long as the model can embed it,
    so no chunk exceeds the model's maximum sequence length (`max_length`) and no sentence is cut
    that would fit.

    `settings` (ChunkingSettings, the `chunking:` section) gives every chunking choice;
    chunk_size, chunk_overlap and continue_paragraphs, when given, override it.

    Chunks of this loader's Documents get deterministic ids (Document.id, see chunking.ids): the
    CLI's ids when `model` and `precision` are the embedding settings the CLI uses.
    """

    def __init__(self, chunk_size: int | None = None, chunk_overlap: int | None = None, *,
                 model: str | None = None, length_function: LengthFunction | None = None,
                 continue_paragraphs: bool | None = None, max_length: int | None = None,
                 settings: ChunkingSettings | None = None, precision: str = DEFAULT_PRECISION,
                 **kwargs: Any) -> None:
        given = {"chunk_size": chunk_size, "chunk_overlap": chunk_overlap,
                 "continue_paragraphs": continue_paragraphs}
        self.settings = replace(settings or ChunkingSettings(),
                                **{k: v for k, v in given.items() if v is not None})
        chunk_size, chunk_overlap = self.settings.chunk_size, self.settings.chunk_overlap
        if length_function is None:
            resolved = resolve_model(model)
            length_function = token_length(resolved)
            cap = model_max_tokens(resolved)
            max_length = min(max_length or cap, cap)
        self.max_length = max_length or chunk_size
        super().__init__(chunk_size=min(chunk_size, self.max_length), chunk_overlap=chunk_overlap,
                         length_function=length_function, **kwargs)
        self.continue_paragraphs = self.settings.continue_paragraphs
        self._ids = ChunkIds(self.settings, model or DEFAULT_MODEL, precision)
        self._fallback = RecursiveCharacterTextSplitter(
            chunk_size=self._chunk_size, chunk_overlap=self._chunk_overlap,
            length_function=length_function, add_start_index=True)

    # -- plain text -------------------------------------------------------------------------
    def split_text(self, text: str) -> list[str]:
        """Plain text has no layout: recursive splitting on paragraphs, sentences, words."""
        return self._fallback.split_text(text)

    # -- documents --------------------------------------------------------------------------
    def split_documents(self, documents: Iterable[Document]) -> list[Document]:
        documents = list(documents)
        out: list[Document] = []
        index: dict[str, int] = {}
        pending: list[tuple[Document, list[LayoutBlock]]] = []  # pages of one source

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
            blocks = decode_blocks(doc.metadata)
            if not blocks:
                flush()
                emit(self._fallback.split_documents([doc]))
                continue
            if pending and pending[-1][0].metadata.get("source") != doc.metadata.get("source"):
                flush()
            pending.append((doc, blocks))
        flush()
        self._ids.assign((d.metadata for d in documents), out)
        return out

    def transform_documents(self, documents: Sequence[Document], **kwargs: Any) -> Sequence[Document]:
        return self.split_documents(list(documents))

    # -- layout-aware path --------------------------------------------------------------------
    def _pieces(self, pages: list[tuple[Document, list[LayoutBlock]]]) -> list[_Piece]:
        pieces: list[_Piece] = []
        for doc, blocks in pages:
            text = doc.page_content
            page = int(doc.metadata.get("page", 0))
            meta = {k: v for k, v in doc.metadata.items() if k not in LAYOUT_KEYS}
            for b in blocks:
                piece_text = text[b.start:b.end]
                if piece_text.strip():
                    pieces.append(_Piece(piece_text, page, b, meta))
        return pieces

    def _continue_over_floats(self, pieces: list[_Piece]) -> list[_Piece]:
        """A paragraph cut by a column or page break often has a float between its halves (a
        figure, its caption): bring the second half up to the first, the float follows."""
        if not self.continue_paragraphs:
            return pieces
        out = list(pieces)
        sizes = sorted(p.size for p in pieces if p.size > 0)
        body_size = sizes[len(sizes) // 2] if sizes else 0.0
        i = 0
        while i < len(out) - 2:
            head = out[i]
            if not head.runs_on() or _continues(head, out[i + 1], self.settings):
                i += 1
                continue
            for k in range(i + 1, min(i + 1 + self.settings.max_floats_skipped, len(out) - 1)):
                if out[k].heading or not _is_float_like(out[k], body_size, self.settings):
                    break
                nxt = out[k + 1]
                if _continues(head, nxt, self.settings) and nxt.region != out[k].region:
                    out.insert(i + 1, out.pop(k + 1))
                    break
            i += 1
        return out

    def _groups(self, pages: list[tuple[Document, list[LayoutBlock]]]) -> list[_Group]:
        groups: list[_Group] = []
        last: _Piece | None = None
        for piece in self._continue_over_floats(self._pieces(pages)):
            if last is None or not self._joins(last, piece):
                groups.append(_Group(meta=piece.meta))
            groups[-1].pieces.append(piece)
            last = piece
        return groups

    def _joins(self, last: _Piece, piece: _Piece) -> bool:
        """May `piece` share a chunk with the piece before it in reading order?"""
        if is_table(last.block) or is_table(piece.block):
            return False  # a table never shares a chunk with prose
        if piece.heading and not last.heading:
            return False  # a heading starts the chunk of the text it heads
        if last.region == piece.region or last.heading:
            return True
        if not self.continue_paragraphs:
            return False
        # A paragraph cut by a column or page break.
        return _continues(last, piece, self.settings)

    def _split_layout(self, pages: list[tuple[Document, list[LayoutBlock]]]) -> list[Document]:
        chunks: list[Document] = []
        for group in self._groups(pages):
            if is_table(group.pieces[0].block):
                piece = group.pieces[0]
                chunks += table_chunks(piece.text, piece.block, piece.page, group.meta,
                                       self._length_function, self._chunk_size)
                continue
            for members in self._pack(self._units(group.pieces)):
                chunks.append(self._make(group.meta, members))
        return chunks

    def _units(self, pieces: list[_Piece]) -> list[_Unit]:
        """Sentences in reading order; a sentence longer than the model's limit becomes runs of
        words.

        A sentence may run over two pieces (a paragraph cut by a column break): it is one unit
        then, so no chunk boundary can fall inside it.
        """
        units: list[_Unit] = []
        for n, piece in enumerate(pieces):
            continues = n > 0 and _continues(pieces[n - 1], piece, self.settings)
            pos = 0
            for k, sentence in enumerate(_SENTENCE_SPLIT.split(piece.text)):
                offset = piece.text.find(sentence, pos)
                pos = offset + len(sentence)
                if k == 0 and continues and units:
                    units[-1].add(sentence, piece)
                else:
                    units.append(_Unit(sentence, [piece], piece.start + offset,
                                       block_start=(k == 0), heading=piece.heading))
        out: list[_Unit] = []
        for u in units:
            u.size = self._length_function(u.text)
            if u.size <= self.max_length:
                out.append(u)
                continue
            for j, part in enumerate(self._words(u.text)):
                out.append(_Unit(part, u.pieces, u.start, block_start=u.block_start and j == 0,
                                 heading=u.heading))
        return out

    def _words(self, text: str) -> list[str]:
        """Runs of whole words within chunk_size, for a sentence too long alone. Word counts are
        added up (tokenizers split on white space first), so a huge run-on text stays linear."""
        base = self._length_function("")
        parts: list[str] = []
        current: list[str] = []
        size = base
        for word in text.split():
            n = self._length_function(word) - base
            if current and size + n > self._chunk_size:
                parts.append(" ".join(current))
                current, size = [], base
            current.append(word)
            size += n
        if current:
            parts.append(" ".join(current))
        return parts

    def _pack(self, units: list[_Unit]) -> list[list[_Unit]]:
        """Greedy packing within chunk_size. A chunk that is already well filled ends at a
        paragraph boundary rather than take the first sentence of the next paragraph.

        Sizes are added up from each sentence's own length (a tokenizer splits on white space
        first, so the tokens of joined sentences are the sum of theirs), then every chunk is
        measured whole once: one that comes out over the limit after all is packed again with
        whole measurements (exact, and quadratic only for it)."""
        chunks: list[list[_Unit]] = []
        for chunk in self._pack_by(units, self._additive_size(units)):
            # One unit alone was measured whole already (a long sentence may exceed chunk_size).
            if len(chunk) == 1 or self._length_function(_join(chunk)) <= self._chunk_size:
                chunks.append(chunk)
            else:
                chunks.extend(self._pack_by(chunk, lambda us: self._length_function(_join(us))))
        return chunks

    def _additive_size(self, units: list[_Unit]) -> Callable[[list[_Unit]], int]:
        base = self._length_function("")
        seps = {sep: self._length_function(sep) - base for sep in (" ", "\n", "\n\n")}
        own = {id(u): (u.size if u.size >= 0 else self._length_function(u.text)) - base for u in units}

        def size(us: list[_Unit]) -> int:
            total = base + sum(own[id(u)] for u in us)
            for prev, u in zip(us, us[1:]):
                total += seps[_separator(prev, u)]
            return total

        return size

    def _pack_by(self, units: list[_Unit], size_of: Callable[[list[_Unit]], int]) -> list[list[_Unit]]:
        chunks: list[list[_Unit]] = []
        current: list[_Unit] = []
        size = 0
        for unit in units:
            trial = size_of(current + [unit])
            if current:
                full = trial > self._chunk_size
                well_filled = size >= self.settings.paragraph_break_fill * self._chunk_size
                paragraph_break = unit.block_start and well_filled
                heading_break = unit.heading and not current[-1].heading
                if full or paragraph_break or heading_break:
                    chunks.append(current)
                    current = self._overlap(current)
                    trial = size_of(current + [unit])
                    if current and trial > self._chunk_size:
                        current = []
                        trial = size_of([unit])
            current.append(unit)
            size = trial
        if current:
            chunks.append(current)
        return chunks

    def _overlap(self, units: list[_Unit]) -> list[_Unit]:
        if self._chunk_overlap <= 0:
            return []
        kept: list[_Unit] = []
        for unit in reversed(units):
            if self._length_function(_join([unit] + kept)) > self._chunk_overlap:
                break
            kept.insert(0, unit)
        return kept

    def _make(self, meta: dict[str, Any], members: list[_Unit]) -> Document:
        pieces: list[_Piece] = []
        for u in members:
            pieces.extend(p for p in u.pieces if all(p is not q for q in pieces))
        first = pieces[0]
        on_first = Box.union(p.block.box for p in pieces if p.page == first.page)
        boxes: list[ChunkBox] = []
        for p in pieces:
            entry = ChunkBox(p.page, p.block.box)
            if entry not in boxes:
                boxes.append(entry)
        metadata = {
            **meta,
            "page": first.page,
            "last_page": max(p.page for p in pieces),
            "bbox_x0": float(on_first.x0), "bbox_y0": float(on_first.y0),
            "bbox_x1": float(on_first.x1), "bbox_y1": float(on_first.y1),
            "band": first.block.band,
            "column": first.block.column,
            BOXES_KEY: encode_chunk_boxes(boxes),
            "start_index": members[0].start,
        }
        return Document(page_content=_join(members), metadata=metadata)


@dataclass(slots=True)
class _Unit:
    """A sentence (or part of an over-long one) and the pieces it came from."""

    text: str
    pieces: list[_Piece]
    start: int
    block_start: bool = False
    heading: bool = False
    size: int = -1  # its length, once measured

    def add(self, text: str, piece: _Piece) -> None:
        """The rest of this sentence, from the next piece (after a column or page break)."""
        if self.text.endswith("-"):
            self.text = self.text[:-1] + text
        else:
            self.text = self.text + " " + text
        self.pieces.append(piece)


def _separator(prev: _Unit, unit: _Unit) -> str:
    """Paragraphs apart by a blank line, a heading on its own line, sentences by a space."""
    return "\n" if prev.heading else "\n\n" if unit.block_start else " "


def _join(units: list[_Unit]) -> str:
    """Units of one chunk, joined by their separators."""
    out = ""
    for i, u in enumerate(units):
        out = out + _separator(units[i - 1], u) + u.text if out else u.text
    return out
