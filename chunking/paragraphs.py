"""What the loader may leave inside one block: several paragraphs, and headings set in body type.

The loader cuts blocks at extra space between lines and at larger type; a document that puts no
space between paragraphs, and sets its subheadings bold but no larger ("Gameplay", "Reception"),
gives blocks that run over several paragraphs and subheadings. Their lines still show them: a
paragraph's last line closes a sentence well short of the usual line; a subheading is a short
line of a few words, with no closing mark, between a sentence's end and a capital (or a list's
first item, where it reads as a title: "REFERENCES" over "[1] K. Jack, ...").
"""
from __future__ import annotations

import re
from dataclasses import replace

from columnrag.loaders.engine.floats import closes_paragraph
from columnrag.loaders.engine.geometry import HEADING, Box, in_capitals

from .pieces import CAPTION_LABEL, Piece
from .sections import names_its_section

MIN_LINES = 4  # a block this long has a usual line length to measure against
SHORT_LINE = 0.8  # a paragraph's last line is shorter than this share of the usual one
HEADING_LINE = 0.5  # a subheading is shorter than this share of the usual line ...
HEADING_WORDS = 8  # ... and has at most this many words
_LETTERS = re.compile(r"[^\W\d_]")
_WORD = re.compile(r"[^\W\d_]{2,}")
_OPENS_ITEM = re.compile(r"(\[\d{1,3}\]|\d{1,2}[.)]|[•▪■●–-])\s")  # a list's item under its heading ("REFERENCES" / "[1] K. Jack, ...")


def _usual_length(lines: list[str]) -> int:
    return sorted(len(line) for line in lines)[len(lines) // 2]


def paragraph_ends(text: str) -> set[int]:
    """Offsets in a block's text where a paragraph ends inside it."""
    lines = text.split("\n")
    if len(lines) < MIN_LINES:
        return set()
    usual = _usual_length(lines)
    ends: set[int] = set()
    at = 0
    for line in lines[:-1]:
        at += len(line)
        if len(line) < SHORT_LINE * usual and closes_paragraph(line.rstrip()):
            ends.add(at)
        at += 1
    return ends


def _heading_line(lines: list[str], i: int, usual: int, next_text: str = "") -> bool:
    """`next_text`: the text of the block after this one in reading order (a subheading may
    end a block whose paragraph opens the next, at the foot of a column)."""
    line = lines[i].strip()
    if not line or len(line) >= HEADING_LINE * usual or len(line.split()) > HEADING_WORDS:
        return False
    if not (line[0].isupper() or line[0].isdigit()) or not line[-1].isalnum() or not _WORD.search(line):
        return False
    if len(_LETTERS.findall(line)) < 0.6 * len(line.replace(" ", "")):
        return False  # a formula or a row of figures
    before = i == 0 or lines[i - 1].rstrip()[-1:] in ".!?"
    under = lines[i + 1] if i + 1 < len(lines) else next_text
    return before and (under[:1].isupper() or _OPENS_ITEM.match(under) is not None and _heads_a_list(line))


def _heads_a_list(line: str) -> bool:
    """A line over a list's first item heads it when it is no item itself and reads as a title:
    in capitals, naming its section ("REFERENCES", "Bibliography"), or of words without a comma
    or a figure ("Development of the Brain" over its bullets, "Requirements"). A reference's
    wrapped line ("IEEE Press, Boston", "In CVPR 2016" over "[5] ...") and a list's first item
    ("1. Collect the raw data" over "2. ...") head nothing."""
    if _OPENS_ITEM.match(line + " ") is not None:
        return False
    return in_capitals(line) or names_its_section(line) or not any(c == "," or c.isdigit() for c in line)


def _part(piece: Piece, start: int, end: int, lines: tuple[int, int, int], heading: bool) -> Piece:
    """The lines [first, last) of a piece's text (of `total` lines), as a piece of its own."""
    first, last, total = lines
    box = piece.block.box
    pitch = box.height / total
    block = replace(piece.block, start=piece.block.start + start, end=piece.block.start + end,
                    box=Box(box.x0, box.y0 + first * pitch, box.x1, box.y0 + last * pitch),
                    kind=HEADING if heading else piece.block.kind,
                    full_last_line=piece.block.full_last_line and last == total)
    return Piece(piece.text[start:end], piece.page, block, piece.meta, piece.index, inner=True,
                 carries_on=piece.carries_on and start == 0)


def split_inner_headings(pieces: list[Piece]) -> list[Piece]:
    """Pieces with each subheading inside a block made a heading piece of its own."""
    out: list[Piece] = []
    for k, piece in enumerate(pieces):
        lines = piece.text.split("\n")
        if piece.heading or piece.table or piece.figure or len(lines) < MIN_LINES:
            out.append(piece)
            continue
        usual = _usual_length(lines)
        nxt = pieces[k + 1] if k + 1 < len(pieces) else None
        next_text = nxt.text.lstrip() if nxt is not None and not (nxt.heading or nxt.table) else ""
        if CAPTION_LABEL.match(next_text):
            next_text = ""  # a caption set next opens with a capital too: it heads nothing
        heads = [i for i in range(len(lines)) if _heading_line(lines, i, usual, next_text)]
        if not heads:
            out.append(piece)
            continue
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line) + 1)
        cuts = sorted({0, len(lines)} | set(heads) | {i + 1 for i in heads})
        for a, b in zip(cuts, cuts[1:]):
            out.append(_part(piece, offsets[a], offsets[b] - 1, (a, b, len(lines)), a in heads))
    return out
