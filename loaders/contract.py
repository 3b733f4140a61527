"""The layout contract between the loader and those who read its Documents (splitter, audit).

The loader stores each page's blocks and furniture in the Document's metadata as JSON strings
(Chroma takes flat values only). This module is the one place that writes and reads them, so both
sides share one typed shape instead of dicts with agreed keys. Boxes are page coordinates in
points (top-left origin) and are stored to 1/100 pt. Stdlib and engine geometry only: reading the
layout needs no PDF library.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, Callable, Iterable, Mapping, TypeVar

from .engine.geometry import TEXT, Box
from .engine.settings import LayoutSettings

BLOCKS_KEY = "layout_blocks"
FURNITURE_KEY = "layout_furniture"
LAYOUT_KEYS = (BLOCKS_KEY, FURNITURE_KEY)  # page metadata a chunk does not inherit
BOXES_KEY = "boxes"  # a chunk's boxes
DOUBTS_KEY = "layout_doubts"  # why the reading order may be wrong, in words
# What a chunk id is built from (with the chunking settings and the model): the file's SHA-256
# and the layout settings its pages were read with (only those that differ from the defaults).
CONTENT_HASH_KEY = "content_hash"
SETTINGS_KEY = "layout_settings"
DIGITS = 2  # decimals kept of coordinates and type sizes
_COMPACT = (",", ":")

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class LayoutBlock:
    """A block of the page text: where it is on the page, where it sits in the reading structure
    (band, column, region; see engine.geometry for the flag bands), and its span [start, end) in
    the Document's page_content."""

    box: Box
    band: int
    column: int
    region: int
    kind: str
    start: int
    end: int
    full_last_line: bool = False  # its last line runs to the right edge: the text likely goes on
    size: float = 0.0  # its typical word height (footnotes and captions are smaller than body text)
    # A table (kind "table") only: its rows of cell texts (a spanning cell's text in every position
    # it covers), how many of them head it, its caption ("" when none was found) and its notes
    # (each on its own lines, as the page text gives them; None when none).
    rows: list[list[str]] | None = None
    header_rows: int = 0
    caption: str | None = None
    notes: str | None = None
    # The shaded or framed box (a sidebar, a text box) it lies in, numbered from 1 on its page;
    # 0: none. A heading inside one heads the box's text alone.
    panel: int = 0
    # A heading that its bold face alone sets apart from the text (in the body's size or smaller).
    bold: bool = False


@dataclass(frozen=True, slots=True)
class FurnitureBlock:
    """A running header, footer or line-number column: kept out of the page text, kept here."""

    box: Box
    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class ChunkBox:
    """A box one chunk's text covers, on its page (a chunk may run over columns and pages)."""

    page: int
    box: Box


def _box_out(box: Box) -> list[float]:
    return box.rounded(DIGITS)


def _box_in(value: Any) -> Box:
    x0, y0, x1, y1 = (float(v) for v in value)
    return Box(x0, y0, x1, y1)


def _block_out(b: LayoutBlock) -> dict[str, Any]:
    out = {"bbox": _box_out(b.box), "band": b.band, "column": b.column, "region": b.region, "kind": b.kind,
           "start": b.start, "end": b.end, "full_last_line": b.full_last_line, "size": round(b.size, DIGITS)}
    if b.rows is not None:  # a table; other blocks are written exactly as before tables existed
        out.update(rows=b.rows, header_rows=b.header_rows, caption=b.caption or "")
        if b.notes:  # (a table without notes is written as before notes were read)
            out["notes"] = b.notes
    if b.panel:  # (a block in no box is written as before boxes were read)
        out["panel"] = b.panel
    if b.bold:  # (and a heading set apart by its size or number as before faces were read)
        out["bold"] = True
    return out


def encode_blocks(blocks: Iterable[LayoutBlock]) -> str:
    # Cell text is kept as it is, not \u-escaped (other blocks hold no text: the same either way).
    return json.dumps([_block_out(b) for b in blocks], separators=_COMPACT, ensure_ascii=False)


def encode_furniture(furniture: Iterable[FurnitureBlock]) -> str:
    return json.dumps([{"bbox": _box_out(f.box), "kind": f.kind, "text": f.text} for f in furniture],
                      separators=_COMPACT, ensure_ascii=False)


def encode_chunk_boxes(boxes: Iterable[ChunkBox]) -> str:
    return json.dumps([{"page": b.page, "bbox": _box_out(b.box)} for b in boxes], separators=_COMPACT)


def encode_doubts(doubts: Iterable[str]) -> str:
    return json.dumps(list(doubts))


def encode_settings(settings: LayoutSettings) -> str:
    """The settings that differ from the defaults ("{}" for none): a few bytes in every chunk,
    yet enough to rebuild the whole settings object."""
    default = LayoutSettings()
    return json.dumps({f.name: getattr(settings, f.name) for f in fields(settings)
                       if getattr(settings, f.name) != getattr(default, f.name, None)},
                      sort_keys=True, separators=_COMPACT)


def _decode(raw: Any, entry: Callable[[Any], T]) -> list[T]:
    """A JSON list read entry by entry; [] when it is missing or any entry cannot be read (a
    Document from another loader, or edited metadata): half a layout would drop text unseen."""
    if not raw:
        return []
    try:
        data = json.loads(raw)
        return [entry(d) for d in data] if isinstance(data, list) else []
    except (KeyError, TypeError, ValueError):
        return []


def _block(d: Mapping[str, Any]) -> LayoutBlock:
    box = _box_in(d["bbox"])
    rows = d.get("rows")
    return LayoutBlock(box, int(d["band"]), int(d["column"]), int(d.get("region", 0)),
                       str(d.get("kind", TEXT)), int(d["start"]), int(d["end"]),
                       bool(d.get("full_last_line", False)), float(d.get("size", 0.0)),
                       None if rows is None else [[str(c) for c in row] for row in rows],
                       int(d.get("header_rows", 0)), None if rows is None else str(d.get("caption", "")),
                       None if rows is None or not d.get("notes") else str(d["notes"]), int(d.get("panel", 0)),
                       bool(d.get("bold", False)))


def _furniture(d: Mapping[str, Any]) -> FurnitureBlock:
    return FurnitureBlock(_box_in(d["bbox"]), str(d["kind"]), str(d.get("text", "")))


def _chunk_box(d: Mapping[str, Any]) -> ChunkBox:
    return ChunkBox(int(d["page"]), _box_in(d["bbox"]))


def decode_blocks(metadata: Mapping[str, Any]) -> list[LayoutBlock]:
    """The blocks a loader Document carries, in reading order ([] for other Documents)."""
    return _decode(metadata.get(BLOCKS_KEY), _block)


def decode_furniture(metadata: Mapping[str, Any]) -> list[FurnitureBlock]:
    """The headers, footers and line numbers a loader Document carries ([] for other Documents)."""
    return _decode(metadata.get(FURNITURE_KEY), _furniture)


def decode_chunk_boxes(metadata: Mapping[str, Any]) -> list[ChunkBox]:
    """The boxes a chunk Document covers ([] for chunks from other splitters)."""
    return _decode(metadata.get(BOXES_KEY), _chunk_box)


def decode_doubts(metadata: Mapping[str, Any]) -> list[str]:
    """Why the loader doubts the page's reading order ([] for other Documents)."""
    return _decode(metadata.get(DOUBTS_KEY), str)


def decode_settings(metadata: Mapping[str, Any]) -> LayoutSettings | None:
    """The layout settings a loader Document was read with (None for other Documents, or
    settings this version does not know)."""
    raw = metadata.get(SETTINGS_KEY)
    if not isinstance(raw, str):
        return None
    try:
        data = json.loads(raw)
        return LayoutSettings(**data) if isinstance(data, dict) else None
    except (TypeError, ValueError):
        return None
