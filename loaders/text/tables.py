"""A table block as text: a GitHub-style Markdown table (or plain lines), its caption above it and
its notes under it.

Cell text is read from the words the engine put in each cell, line by line, each line read and
its lines normalised and joined as a paragraph's are (pieces of a word drawn touching are one
word, a word broken at a line end whole again: the page text hands that in, this module stays
below the page renderer); the lines are apart by single spaces.
A spanning cell's text is given in every position it covers (the engine repeats its words), so
every row keeps the shape of the table; a long one only in its first (`cell_rows`).
"""
from __future__ import annotations

import re
from typing import Callable

from ..engine.bidi import paragraph_right_to_left
from ..engine.geometry import Word
from ..engine.settings import LayoutSettings
from ..engine.table_grid import Table
from ..engine.table_regions import leader_trimmed
from ..engine.tables import TableBlock

JoinLines = Callable[[list[list[Word]]], str]  # a cell's lines of words, as drawn -> its text, on one line

MARKDOWN, TEXT = "markdown", "text"
TEXT_SEPARATOR = " | "  # between the cells of a row in plain-text mode
CAPTION_SEPARATOR = "\n\n"  # between a caption and its table, and between the table and its notes
_DELIMITER = re.compile(r"^\|(\s*:?-{3,}:?\s*\|)+$")


def _cell_lines(words: list[Word]) -> list[list[Word]]:
    """A cell's words (in reading order) by line: a word that starts left of the end of the one
    before it, below that one's middle, starts a line."""
    lines: list[list[Word]] = []
    for w in words:
        if lines and not (w.x0 < lines[-1][-1].x1 and w.y0 > lines[-1][-1].cy):
            lines[-1].append(w)
        else:
            lines.append([w])
    return lines


def cell_text(words: list[Word], join_lines: JoinLines) -> str:
    """A cell's words in reading order, one line of text (its lines made one by `join_lines`),
    less its dot leader ("Robbery. . . . . . ." reads "Robbery.") and with a decimal number
    drawn in two pieces whole."""
    return join_lines(_cell_lines(_decimal_whole(leader_trimmed(words))))


_INTEGER_PART = re.compile(r"^[-−+(]?\d[\d,]*\.$")  # "11,062." of "11,062.6"
_DECIMALS = re.compile(r"^\d+\)?%?$")
_PIECE_GAP = 0.3  # in word heights: closer than a space (a quarter of an em and more, in type a box tall)


def _decimal_whole(words: list[Word]) -> list[Word]:
    """A cell that is one number drawn in two pieces apart by less than a space ("11,062." and
    "6": a bold font's figures set loose after the decimal point) as the one number it is."""
    if len(words) != 2:
        return words
    a, b = words
    if (_INTEGER_PART.match(a.text) and _DECIMALS.match(b.text) and abs(a.y1 - b.y1) < 0.5 * a.height
            and 0 <= b.x0 - a.x1 < _PIECE_GAP * a.height):
        return [Word(a.x0, min(a.y0, b.y0), b.x1, max(a.y1, b.y1), a.text + b.text, a.seq)]
    return words


def cell_rows(table: Table, join_lines: JoinLines, once_over: int, page_right_to_left: bool = False) -> list[list[str]]:
    """The table's rows of cell texts in reading order: a Hebrew or Arabic table's from the right
    (on a right-to-left page, any table but one of Latin words). A spanning cell of more than
    `once_over` words is given once, in its first position (top left): a form's address beside
    three rows of fields is not read three times; a shorter one (a row's label, a group's head) in
    every position, so each row keeps its shape."""
    given: set[int] = set()
    rows = []
    for row in table.cells:
        texts = []
        for cell in row:
            first = id(cell[0]) if cell else 0
            texts.append("" if first in given and len(cell) > once_over else cell_text(cell, join_lines))
            given.add(first)
        rows.append(texts)
    return [row[::-1] for row in rows] if paragraph_right_to_left(table.words, page_right_to_left) else rows


def _markdown_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|")


def render_rows(rows: list[list[str]], header_rows: int, mode: str) -> str:
    """Rows as a Markdown table or, in text mode, as lines of cells apart by " | ". Markdown has
    one header row: a header in tiers is one row there, each column's heads top to bottom
    ("TEDs" over "simple": "TEDs simple"; a head spanning both tiers once), so that no tier
    reads as the table's first row of data."""
    if mode != MARKDOWN:
        return "\n".join(TEXT_SEPARATOR.join(row) for row in rows)
    if not rows:
        return "|"
    width = max(len(r) for r in rows)
    padded = [row + [""] * (width - len(row)) for row in rows]
    tiers = max(header_rows, 1) if header_rows < len(padded) else 1  # (a header of every row: its first)
    head = [_tiers_joined([row[k] for row in padded[:tiers]]) for k in range(width)]
    lines = ["| " + " | ".join(_markdown_cell(c) for c in row) + " |" for row in [head] + padded[tiers:]]
    lines.insert(1, "|" + " --- |" * width)
    return "\n".join(lines)


def _tiers_joined(heads: list[str]) -> str:
    """A column's heads over one another, each once, top to bottom."""
    out: list[str] = []
    for head in heads:
        if head and (not out or out[-1] != head):
            out.append(head)
    return " ".join(out)


def table_text(block: TableBlock, s: LayoutSettings, caption: str, join_lines: JoinLines,
               page_right_to_left: bool = False, notes: str = "") -> str:
    """The text a table block gives the page: its caption (read as the page reads a paragraph,
    on one line), a blank line, the table, and its notes (a line each) after a blank line. The
    block keeps its cell texts, caption and notes (the page metadata gives them)."""
    table = block.table
    assert table is not None, "a table block is made with its table"
    block.rows = cell_rows(table, join_lines, s.table_span_once_words, page_right_to_left)
    block.caption, block.notes = caption, notes
    body = render_rows(block.rows, table.header_rows, s.tables)
    if block.caption:
        body = block.caption + CAPTION_SEPARATOR + body
    return body + CAPTION_SEPARATOR + block.notes if block.notes else body


def header_lines(lines: list[str], header_rows: int) -> int:
    """How many of a rendered table's lines head it: a Markdown table's header row and the
    delimiter under it (its tiers are one row), or a text table's header rows."""
    if len(lines) > 1 and _DELIMITER.match(lines[1].strip()):
        return 2
    return min(header_rows, len(lines))
