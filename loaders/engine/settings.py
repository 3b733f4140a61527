"""Layout thresholds. Defaults are documented in configs/default.yaml (a test keeps both equal)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LayoutSettings:
    # Narrowest empty vertical strip (points) that may separate two columns.
    min_gutter: float = 4.0
    # A gutter must have text on both sides in at least this many rows (sparse-page guard).
    min_gutter_rows: int = 3
    # ...and the words beside it must be this many per row on average on each side (key/value guard).
    min_words_per_side: float = 2.0
    # Share of supporting rows whose text starts at the same x right of the gutter (or ends at the
    # same x left of it): real columns have aligned edges, rivers of word spaces do not.
    min_edge_alignment: float = 0.6
    # Tolerance (points) for those aligned edges.
    edge_tolerance: float = 2.0
    # A one-sided row whose centre is this many line pitches from the rows above and below, with
    # text resuming on the other side further down, is a full-width headline between two bands.
    headline_space: float = 1.6
    # Two words share a row when their vertical overlap is at least this share of the smaller height.
    row_overlap: float = 0.5
    # Share of the page height at the top and bottom where running headers and footers are sought.
    furniture_zone: float = 0.1
    # A header/footer line repeats (digits ignored) on at least this many other pages nearby.
    furniture_min_repeats: int = 1
    # Lines taller than this multiple of the page's body line height are headings.
    heading_size_ratio: float = 1.15
    # A vertical gap over this multiple of the body line height starts a new block.
    paragraph_gap: float = 0.6
    # Pages with more words than this are read row by row (no column analysis): not prose.
    max_words_for_columns: int = 30000
    # Follow the PDF's drawing order line by line where it agrees with the geometry (columns in
    # order, no row-by-row drawing across a gutter): it places floats and side notes as meant.
    follow_drawing_order: bool = True
    # Read columns right to left (Arabic, Hebrew layouts).
    right_to_left: bool = False
    # Join words broken by a hyphen at the end of a line.
    dehyphenate: bool = True
    # Replace ligatures (ﬁ, ﬂ ...) and odd whitespace with plain characters; drop footnote marks
    # glued to the word before them ("and1").
    normalize_text: bool = True
    # Mend words whose ligature glyph maps to no character ("speci ed" -> "specified").
    repair_ligatures: bool = True
    # Keep running headers, footers and page numbers in the page text (they are always in metadata).
    keep_furniture: bool = False
