"""A LangChain text splitter that chunks inside bands and columns.

It reads the block layout the loader stores in each page Document and packs sentences into
chunks inside one column region. The joins across a region or page boundary are a heading with
the text it heads, (on by default) a paragraph that a column or page break cut in two, and a
fragment too small to stand alone (a figure's label, an author block, a short last sentence) with the
chunk next to it in reading order (fragments.py). Pieces: pieces.py; sentences and packing:
packing.py; section paths: sections.py; the Document: assemble.py.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, Iterable, Sequence

from langchain_core.documents import Document
from langchain_text_splitters import RecursiveCharacterTextSplitter, TextSplitter

from columnrag.loaders.contract import LayoutBlock, decode_blocks

from .asides import mark_asides
from .assemble import chunk_document, document_context, open_with_headings
from .broken_words import BrokenWords
from .context import contextualize
from .fragments import Draft, FragmentMerger, set_aside
from .packing import Packer, join, sentences
from .pieces import Piece, continue_over_floats, continues, page_pieces
from .paragraphs import split_inner_headings
from .passages import passages
from .sections import assign_sections, demote_run_on_headings, document_title
from .ids import DEFAULT_MODEL, DEFAULT_PRECISION, ChunkIds
from .settings import ChunkingSettings
from .tables import KIND_KEY, TABLE, table_chunks
from .tokens import LengthFunction, model_max_tokens, resolve_model, token_length

log = logging.getLogger(__name__)


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
        given: dict[str, Any] = {"chunk_size": chunk_size, "chunk_overlap": chunk_overlap,
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
        self._packer = Packer(length_function, self._chunk_size, self._chunk_overlap, self.max_length,
                              self.settings)
        self._floor = int(self.settings.min_chunk_fill * self._chunk_size)
        self._fallback = _fallback_splitter(length_function, self._chunk_size, self._chunk_overlap)

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
    def _groups(self, pieces: list[Piece]) -> list[list[Piece]]:
        """Runs of pieces that may share a chunk: contiguous in reading order inside one region,
        a heading with what it heads, a paragraph cut by a column or page break."""
        groups: list[list[Piece]] = []
        last: Piece | None = None
        for piece in pieces:
            if last is None or not self._joins(last, piece):
                groups.append([])
            groups[-1].append(piece)
            last = piece
        return groups

    def _joins(self, last: Piece, piece: Piece) -> bool:
        """May `piece` share a chunk with the piece before it in reading order?"""
        if last.table or piece.table:
            return False  # a table never shares a chunk with prose
        if last.aside_box != piece.aside_box and not (last.heading and last.aside_box is None):
            return False  # a sidebar's text never shares a chunk with the text around it (a heading over it heads it)
        if piece.heading and not last.heading:
            return False  # a heading starts the chunk of the text it heads
        if last.region == piece.region or last.heading:
            return True
        if not self.continue_paragraphs:
            return False
        # A paragraph cut by a column or page break.
        return continues(last, piece, self.settings)

    def _split_layout(self, pages: list[tuple[Document, list[LayoutBlock]]]) -> list[Document]:
        if not pages:
            return []
        pieces = split_inner_headings(page_pieces(pages))
        demote_run_on_headings(pieces)
        # Wordless pieces (super- and subscripts, equation debris) are out of the text flow before
        # a paragraph is followed over the floats that interrupt it.
        kept, anchors = set_aside(pieces)
        kept = continue_over_floats(kept, self.settings)
        kept = mark_asides(kept, self.settings)
        title = document_title(pages[0][0].metadata, kept)
        assign_sections(kept, title, self.settings)
        measure = lambda units: self._length_function(join(units))  # noqa: E731
        broken = BrokenWords([p.text for p in kept])
        drafts: list[Draft] = []
        for n, group in enumerate(self._groups(kept)):
            if group[0].table:
                drafts.append(Draft([], n, 0, table=group[0]))
                continue
            drafts += [Draft(units, n, size) for units, size in
                       self._packer.pack(self._packer.measured(sentences(group, self.settings, broken)))]
        drafts = FragmentMerger(measure, self._floor, self.max_length).merge(drafts)
        holder = {id(p): d for d in drafts for p in d.pieces()}
        for piece, anchor in anchors:
            holder.get(id(anchor), drafts[-1]).aside.append(piece)
        return [c for d in drafts for c in self._documents(d, title)]

    def _documents(self, draft: Draft, title: str) -> list[Document]:
        """A prose draft's one chunk, or a table's chunks (cut between rows, header repeated)."""
        table = draft.table
        if table is None:
            return [chunk_document(draft, title)]
        # (room kept in every part for the headings the first opens with, so the parts stay alike)
        room = self._length_function(join(draft.lead) + "\n") - self._length_function("") if draft.lead else 0
        chunks = table_chunks(table.text, table.block, table.page, table.meta, self._length_function,
                              self._chunk_size - room)
        if draft.lead:
            open_with_headings(chunks[0], draft.lead)
        for c in chunks:
            c.metadata.update(document_context(draft, title))
        return chunks

    # -- embedding ------------------------------------------------------------------------------
    def embedding_text(self, chunk: Document) -> str:
        """The text to embed for a chunk: page_content, with its section path (and the document
        title with `context_title`) in front when `contextualize` is on; the ingest embeds this
        and stores page_content."""
        return self._in_context(chunk.page_content, chunk.metadata)

    def embedding_passages(self, chunk: Document) -> list[str]:
        """The chunk's passages, embedded as more vectors of it (chunking.passages), with the
        chunk's context in front as `embedding_text` puts it; none with `passage_tokens` 0, for a
        chunk of one passage, and for a table's chunk (rows, not sentences)."""
        if chunk.metadata.get(KIND_KEY) == TABLE:
            return []
        found = passages(chunk.page_content, self._length_function, self.settings.passage_tokens)
        return [self._in_context(p, chunk.metadata) for p in found]

    def _in_context(self, text: str, metadata: dict[str, Any]) -> str:
        """`text` with the chunk's section path (and title) in front when `contextualize` is on,
        as much of it as fits the model."""
        if not self.settings.contextualize:
            return text
        return contextualize(text, metadata, lambda t: self._length_function(t) <= self.max_length,
                             title=self.settings.context_title)


def _fallback_splitter(length: LengthFunction, chunk_size: int, chunk_overlap: int) -> RecursiveCharacterTextSplitter:
    """Recursive splitting for text without layout, counting tokens as the layout path does.

    The recursive splitter adds up the lengths of the pieces it merges; a token length counts
    [CLS] and [SEP] in each of them, so it is given the length without them (`length("")`) and
    chunk_size less them: a chunk then measures at most chunk_size, special tokens counted once."""
    base = length("")

    def content(text: str) -> int:
        return length(text) - base

    return RecursiveCharacterTextSplitter(chunk_size=chunk_size - base, chunk_overlap=min(chunk_overlap, chunk_size - base - 1),
                                          length_function=content, add_start_index=True)
