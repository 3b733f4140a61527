"""Table chunks: a table never shares a chunk with prose, and is cut only between its rows.

A table (a `table` block of the loader) within chunk_size is one chunk, its caption and notes with
it. A longer one is cut between rows; every part starts with the caption and the header rows
again (the last part ends with the notes, where the page has them), so each chunk reads as a
table of its own ("what is the sound insulation between offices" finds
the row with its header). The parts after the first repeat a long caption's opening only (its
label and first sentence, a dozen words at most): a paragraph of caption repeated would leave
room for a row or two in each part, and fill a search's results with near copies of one
table. A single row longer than chunk_size stays whole. Chunk metadata says `kind: "table"` and
carries the table's box.
"""
from __future__ import annotations

from typing import Any, Callable

from langchain_core.documents import Document

from columnrag.loaders.contract import BOXES_KEY, ChunkBox, LayoutBlock, encode_chunk_boxes
from columnrag.loaders.engine.geometry import TABLE
from columnrag.loaders.text.tables import CAPTION_SEPARATOR, header_lines

KIND_KEY = "kind"


def table_parts(text: str, block: LayoutBlock, size_of: Callable[[str], int], limit: int) -> list[tuple[str, int]]:
    """The table's text in parts within `limit` (by `size_of`), each with its offset in `text`
    where its own rows begin: the whole text when it fits, else runs of rows under the caption
    and the header repeated, the notes after the last."""
    if size_of(text) <= limit:
        return [(text, 0)]
    caption = notes = ""
    body_at = 0
    body_end = len(text)
    if block.caption and text.startswith(block.caption + CAPTION_SEPARATOR):
        caption = block.caption + CAPTION_SEPARATOR
        body_at = len(caption)
    if block.notes and text.endswith(CAPTION_SEPARATOR + block.notes):
        notes = CAPTION_SEPARATOR + block.notes
        body_end -= len(notes)
    lines = text[body_at:body_end].split("\n")
    head_n = header_lines(lines, block.header_rows)
    head = "\n".join(lines[:head_n])
    offsets = []
    at = body_at
    for line in lines:
        offsets.append(at)
        at += len(line) + 1

    again = caption_opening(block.caption) + CAPTION_SEPARATOR if caption and block.caption else ""
    parts: list[tuple[str, int]] = []

    def part(rows: list[int], last: bool = False) -> str:
        """The rows under the caption (its opening only, after the first part) and the header."""
        body = "\n".join(lines[i] for i in rows)
        return (again if parts else caption) + (head + "\n" + body if head else body) + (notes if last else "")

    current: list[int] = []
    for i in range(head_n, len(lines)):
        if current and size_of(part(current + [i], last=i == len(lines) - 1)) > limit:
            parts.append((part(current), offsets[current[0]]))
            current = []
        current.append(i)
    if current:
        parts.append((part(current, last=True), offsets[current[0]]))
    return parts or [(text, 0)]


_CAPTION_OPENING_WORDS = 12  # of a caption repeated over a long table's later parts
_SHORT_CAPTION_WORDS = 18  # a caption this long or shorter is repeated whole (more than the above)


def caption_opening(caption: str) -> str:
    """A long caption's label and first sentence ("Table 1. HPO performed in OTSL and HTML."), cut
    to _CAPTION_OPENING_WORDS words with an ellipsis where it runs on; a short caption whole."""
    words = caption.split()
    if len(words) <= _SHORT_CAPTION_WORDS:
        return caption
    for i in range(2, min(_CAPTION_OPENING_WORDS, len(words) - 1)):
        if words[i].endswith(".") and words[i + 1][:1].isupper():
            return " ".join(words[:i + 1])
    return " ".join(words[:_CAPTION_OPENING_WORDS]) + " …"


def table_chunks(text: str, block: LayoutBlock, page: int, meta: dict[str, Any],
                 size_of: Callable[[str], int], limit: int) -> list[Document]:
    """The chunks of one table block, with the table's box and `kind: "table"`."""
    box = block.box
    out = []
    for part, offset in table_parts(text, block, size_of, limit):
        out.append(Document(page_content=part, metadata={
            **meta, "page": page, "last_page": page,
            "bbox_x0": float(box.x0), "bbox_y0": float(box.y0), "bbox_x1": float(box.x1), "bbox_y1": float(box.y1),
            "band": block.band, "column": block.column,
            BOXES_KEY: encode_chunk_boxes([ChunkBox(page, box)]),
            "start_index": block.start + offset, KIND_KEY: TABLE}))
    return out
