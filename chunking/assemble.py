"""A packed chunk as a LangChain Document: its text, where it sits on the pages, its section.

`boxes` lists every region the chunk's text covers, in reading order: a run of its blocks next to
each other in one column region is one box, and a block the chunk holds only part of (a long
paragraph cut between two chunks) is narrowed to the lines the chunk covers, estimated from the
block's line breaks (a line shared with the neighbouring chunk is included). The flat
`bbox_*` is the first of them: a box around all of them would take in text of other chunks
when the chunk runs on into the next column.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain_core.documents import Document

from columnrag.loaders.contract import BOXES_KEY, ChunkBox, decode_chunk_boxes, encode_chunk_boxes
from columnrag.loaders.engine.geometry import Box

from .fragments import Draft
from .packing import Unit, join
from .pieces import Piece
from .sections import SEPARATOR

SECTION_KEY = "section"  # "2 Method > 2.1 Data": the headings the chunk's first line sits under
# Where a chunk holds a short section and the next: every section path its text lies in, in
# reading order ("7 Tools | Acknowledgments"); absent from a chunk of one section.
SECTIONS_KEY = "sections"
SECTIONS_SEPARATOR = " | "
TITLE_KEY = "doc_title"  # the document's title (the PDF's own, or its first page's largest heading)
ASIDE_KEY = "aside"  # wordless pieces (equation debris, axis ticks) kept out of the chunk's text


@dataclass(slots=True)
class _Cover:
    """The part [start, end) of one piece's page text a chunk holds."""

    piece: Piece
    start: int
    end: int


def _covers(draft: Draft) -> list[_Cover]:
    out: list[_Cover] = []
    for unit in draft.units:
        for sp in unit.spans:
            hit = next((c for c in out if c.piece is sp.piece), None)
            if hit is None:
                out.append(_Cover(sp.piece, sp.start, sp.end))
            else:
                hit.start, hit.end = min(hit.start, sp.start), max(hit.end, sp.end)
    return out


def _lines_box(cover: _Cover) -> Box:
    """The block's box, narrowed to the lines the chunk covers when it holds part of it."""
    block, text = cover.piece.block, cover.piece.text
    lo, hi = cover.start - block.start, cover.end - block.start
    lines = text.count("\n") + 1
    if lines == 1 or (lo <= 0 and hi >= len(text.rstrip())):
        return block.box
    first = text.count("\n", 0, max(0, lo))
    last = text.count("\n", 0, max(lo, hi - 1))
    pitch = block.box.height / lines
    return Box(block.box.x0, block.box.y0 + first * pitch, block.box.x1, block.box.y0 + (last + 1) * pitch)


def chunk_boxes(draft: Draft) -> list[ChunkBox]:
    """The regions the chunk's text covers, blocks side by side in one region joined."""
    boxes: list[ChunkBox] = []
    prev: Piece | None = None
    for cover in _covers(draft):
        box = _lines_box(cover)
        p = cover.piece
        if prev is not None and boxes and prev.region == p.region and p.index - prev.index in (0, 1):
            boxes[-1] = ChunkBox(p.page, Box.union([boxes[-1].box, box]))
        elif ChunkBox(p.page, box) not in boxes:
            boxes.append(ChunkBox(p.page, box))
        prev = p
    return boxes


def open_with_headings(chunk: Document, headings: list[Unit]) -> None:
    """A table's first chunk opening with the headings over it (fragments.headings_over_tables):
    their text, a line each, over the table's, and their boxes before its own."""
    lead = Draft(headings, 0, 0)
    first = lead.first
    boxes = chunk_boxes(lead) + decode_chunk_boxes(chunk.metadata)
    flat = boxes[0].box
    chunk.page_content = join(headings) + "\n" + chunk.page_content
    # (where the headings stand on the page before the table's, the chunk is that page's, as a
    # prose chunk is its first piece's page's)
    chunk.metadata = {
        **chunk.metadata, **first.meta,
        "page": first.page, "last_page": chunk.metadata["last_page"], "start_index": headings[0].start,
        "bbox_x0": float(flat.x0), "bbox_y0": float(flat.y0), "bbox_x1": float(flat.x1), "bbox_y1": float(flat.y1),
        "band": first.block.band, "column": first.block.column, BOXES_KEY: encode_chunk_boxes(boxes)}


def chunk_document(draft: Draft, title: str) -> Document:
    """The Document of a packed chunk: the first piece's page metadata, its place, its section."""
    first = draft.first
    boxes = chunk_boxes(draft)
    flat = boxes[0].box
    pieces = draft.pieces()
    metadata: dict[str, Any] = {
        **first.meta,
        "page": first.page,
        "last_page": max(p.page for p in pieces),
        "bbox_x0": float(flat.x0), "bbox_y0": float(flat.y0),
        "bbox_x1": float(flat.x1), "bbox_y1": float(flat.y1),
        "band": first.block.band,
        "column": first.block.column,
        BOXES_KEY: encode_chunk_boxes(boxes),
        "start_index": draft.units[0].start,
        **document_context(draft, title),
    }
    return Document(page_content=join(draft.units), metadata=metadata)


def document_context(draft: Draft, title: str) -> dict[str, Any]:
    """Where a chunk sits in its document (prose or table alike): the section its first piece is
    in, or the one inside it that its first text is in when it opens with headings one inside
    the other ("Body > Introduction" for a chunk that opens with both; a document's opening
    lines are in none, so a chunk that opens with them is in the first section it goes on
    into), the document's title, and the wordless pieces it carries. A chunk
    that holds a short section and the next (too small to stand alone) is in the first, and
    lists every section its text lies in (SECTIONS_KEY). A table's chunks are in the table's
    own section, the headings its first opens with counted in it (a "Chapter 4" line over
    them may open no section of its own)."""
    pieces = [draft.table] if draft.table is not None else draft.pieces()
    first = pieces[0].section
    at = next((n for n, p in enumerate(pieces) if not p.heading), 0)
    # (a chunk that opens with the document's opening lines, in no section, and goes on into
    # one, the abstract after the title block, is in that one)
    text = next((p.section for p in pieces[at:] if p.section), "")
    inner = not first or text.startswith(first + SEPARATOR)
    section = text if inner else first
    context: dict[str, Any] = {SECTION_KEY: section, TITLE_KEY: title}
    covered = _sections_covered(section, pieces)
    if len(covered) > 1:
        context[SECTIONS_KEY] = SECTIONS_SEPARATOR.join(covered)
    if draft.aside:
        context[ASIDE_KEY] = "\n".join(p.text for p in draft.aside)
    return context


def _sections_covered(section: str, pieces: list[Piece]) -> list[str]:
    """The chunk's section, then every other section path its pieces lie in, in reading order:
    not the document's opening lines' (""), nor one that another one lies in (a heading right
    over its subheading: the inner path says both)."""
    paths = list(dict.fromkeys(path for path in [section] + [p.section for p in pieces] if path))
    return [a for n, a in enumerate(paths) if n == 0 or not any(b.startswith(a + SEPARATOR) for b in paths)]
