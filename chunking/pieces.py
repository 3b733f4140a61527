"""Pieces: the loader's blocks as the splitter reads them, and the tests of how two pieces meet
(does one carry on the other's sentence; is one a float a paragraph flows around)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from langchain_core.documents import Document

from columnrag.loaders.contract import LAYOUT_KEYS, LayoutBlock
from columnrag.loaders.engine.geometry import FIGURE, HEADING, TABLE

from columnrag.loaders.text.hyphens import ends_broken_at_hyphen
from columnrag.loaders.text.render import LINE_SEP

from .marks import CJK_SENTENCE_ENDS, QUOTE_CLOSERS, SPACED_ENDS
from .settings import ChunkingSettings

# A sentence's end: its mark (a Chinese or Japanese one, Arabic's question mark, Urdu's full
# stop, the danda too), then any closing quotes or brackets. A bracket or a quote alone closes
# no sentence: "... (e.g., air or cable)" / "and not hardware ..." runs on over a column break.
_SENTENCE_END = re.compile(rf"[{SPACED_ENDS}{CJK_SENTENCE_ENDS}:;][{QUOTE_CLOSERS}]*\s*$")
# ...but a text that ends with one is no full line a capital carries on: a displayed equation's
# number at the right edge ("... (3)" / "Traditional table-based ...").
_CLOSER_END = re.compile(rf"[{QUOTE_CLOSERS}]\s*$")
# A list item's marker in lower case: "c) ", "(ii) ", "b. ".
_ITEM_MARKER = re.compile(r"\(?(?:[a-z]|[ivx]{1,4})[.)]\s")
_FLOAT_START = re.compile(r"^(fig(ure)?\.?|table|tab\.|illustration|image|photo|chart|source:)\s*\w*", re.I)

# A figure's or a table's label opening a text ("Figure 1.", "Table 2:", "Fig.\n3. The ...", an IEEE
# "TABLE IV" alone on its line), not a sentence about one ("Table 1 contains", "Fig. 2.5 shows").
CAPTION_LABEL = re.compile(r"^(fig(ure)?|table|tab)\.?\s*([A-Z]?\d+(\.\d+)*|[IVXL]+)\b[ \t]*([.:|]\s|$)", re.I | re.M)

Run = tuple[int, int, int]  # (page, band, column): one column of one band on one page


@dataclass(slots=True)
class Piece:
    """A block's text with where it came from: its page, its block (and its index among the
    page's blocks), the page's metadata, and the section it sits in (set by sections.py)."""

    text: str
    page: int
    block: LayoutBlock
    meta: dict[str, Any]
    index: int = 0
    section: str = ""
    inner: bool = False  # part of a block (a subheading the loader left inside it, or text around one)
    # The loader read the block as the rest of the paragraph the block before it on its page left
    # in mid-sentence (a line break, not a blank line, between them in the page text).
    carries_on: bool = False
    aside: bool = False  # it lies in a box beside the text (asides.py)
    heading: bool = field(init=False)
    table: bool = field(init=False)  # a table block: never shares a chunk with prose
    figure: bool = field(init=False)  # a figure's labels (ticks, legend): kept out of the chunk text
    region: tuple[int, int, int, int] = field(init=False)  # pieces of one region may share a chunk

    def __post_init__(self) -> None:
        self.heading = self.block.kind == HEADING
        self.table = self.block.kind == TABLE
        self.figure = self.block.kind == FIGURE
        self.region = (self.page, self.block.band, self.block.column, self.block.region)

    @property
    def panel(self) -> tuple[int, int] | None:
        """The shaded or framed box it lies in (page, number), set apart from the page's flow;
        None outside one."""
        return (self.page, self.block.panel) if self.block.panel else None

    @property
    def aside_box(self) -> tuple[int, int] | None:
        """The box beside the text it lies in (a sidebar: asides.py); None outside one."""
        return self.panel if self.aside else None

    @property
    def run(self) -> Run:
        return (self.page, self.block.band, self.block.column)

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


def page_pieces(pages: list[tuple[Document, list[LayoutBlock]]]) -> list[Piece]:
    """Every block with text, in reading order, page after page."""
    pieces: list[Piece] = []
    for doc, blocks in pages:
        text = doc.page_content
        page = int(doc.metadata.get("page", 0))
        meta = {k: v for k, v in doc.metadata.items() if k not in LAYOUT_KEYS}
        for i, b in enumerate(blocks):
            piece_text = text[b.start:b.end]
            if piece_text.strip():
                carries_on = i > 0 and text[blocks[i - 1].end:b.start] == LINE_SEP
                pieces.append(Piece(piece_text, page, b, meta, i, carries_on=carries_on))
    return pieces


def body_size(pieces: list[Piece]) -> float:
    """The usual type size of the pieces (their median), 0 when no size is known."""
    sizes = sorted(p.size for p in pieces if p.size > 0)
    return sizes[len(sizes) // 2] if sizes else 0.0


def _starts_continuation(text: str) -> bool:
    """Text that can only be the rest of a sentence: it starts in lower case (or with a number
    that ended up on the next column: "... of cycle" / "380. ...")."""
    return text[:1].islower() or text[:1].isdigit()


def _looks_continued(prev: Piece, piece: Piece, s: ChunkingSettings) -> bool:
    """`piece` opens as the rest of the sentence `prev` left open may: lower case after an open
    sentence, or after a full last line or a word cut at a hyphen, any letter or figure ("... (van"
    / "Hasselt, 2013)", "... the non-" / "English pages"); but right under `prev` in its column,
    where the loader parted them, only lower case or a word cut at a hyphen."""
    if piece.heading or prev.table or piece.table or not prev.runs_on():
        return False
    if 0 < piece.size < s.smaller_type * prev.size or 0 < prev.size < s.smaller_type * piece.size:
        return False  # a footnote in smaller type is not the rest of a body sentence
    closed = bool(_CLOSER_END.search(prev.text))
    if closed and _ITEM_MARKER.match(piece.text):
        return False  # the next item of a list: "b) ... (Table top / Distributed)" / "c) Cyber Challenge"
    if _head_of_the_page(prev, piece):
        return False
    if _parted_by_the_loader(prev, piece):
        return piece.text[:1].islower() or (ends_broken_at_hyphen(prev.text) and piece.text[:1].isalnum())
    full = prev.full_last_line and not closed
    return _starts_continuation(piece.text) or ((full or ends_broken_at_hyphen(prev.text)) and piece.text[:1].isalnum())


def _head_of_the_page(prev: Piece, piece: Piece) -> bool:
    """`prev` is its page's first block, one line the loader set apart over `piece`, ending in a
    figure or a capitalised word: a running head it could not tell by repetition (a page read
    alone, an excerpt), or a title; never the start of a sentence the body goes on with ("133
    STAT. 986 PUBLIC LAW 116-25—JULY 1, 2019" / "private sector, including ..."). A line that
    ends in a word in lower case, a comma or a hyphen ("... agreed that the") goes on."""
    last = prev.text.split()[-1] if prev.text.split() else ""
    over = prev.block.box.y1 <= piece.block.box.y0 and min(prev.block.box.x1, piece.block.box.x1) > max(
        prev.block.box.x0, piece.block.box.x0)  # (not beside it: a column's last line before the next column)
    return (prev.page == piece.page and prev.index == 0 and piece.index == 1 and over and "\n" not in prev.text.strip()
            and (last[-1:].isdigit() or last[:1].isupper()) and not ends_broken_at_hyphen(prev.text))


def _parted_by_the_loader(prev: Piece, piece: Piece) -> bool:
    """`piece` is the block right after `prev` in the same column, and the loader did not read it
    as the rest of `prev`'s paragraph: it saw them apart ("Leeds LS10 1QP" / "12 March 2024",
    "Total due 2,292.00" / "Payment terms")."""
    return prev.page == piece.page and prev.index == piece.index - 1 and prev.run == piece.run


def continues(prev: Piece, piece: Piece, s: ChunkingSettings) -> bool:
    """Does `piece` carry on the sentence `prev` left open (across a column or page break, or a
    block boundary inside one column)? The loader read it so, `prev` the block right before it;
    or it looks so (`_looks_continued`) and is no caption opening with its label in capitals
    ("... defined using" / "Figure 9. Cumulative profit"): a caption is never read into a sentence."""
    if piece.carries_on and prev.page == piece.page and prev.index == piece.index - 1:
        return True
    return _looks_continued(prev, piece, s) and not (CAPTION_LABEL.match(piece.text) and piece.text[:1].isupper())


def is_float_like(piece: Piece, body: float, s: ChunkingSettings) -> bool:
    """A caption, a footnote, a figure's label or another short block a paragraph may flow
    around: a table, a caption's opening word, a smaller type size than the body's, or a few words."""
    if piece.table or _FLOAT_START.match(piece.text) or len(piece.text.split()) <= s.float_max_words:
        return True
    return 0 < piece.size < s.smaller_type * body


def is_caption(piece: Piece, body: float, s: ChunkingSettings) -> bool:
    """A figure's or table's caption: it opens with its label ("Figure 1.", "Table 2:"; body text
    says "Figure 1 shows"), or with its word in a smaller type than the body's. A paragraph goes
    on past it even inside one region (a caption set at the top of the next column, above the
    rest of the sentence)."""
    if CAPTION_LABEL.match(piece.text):
        return True
    return bool(_FLOAT_START.match(piece.text)) and 0 < piece.size < s.smaller_type * body


def continue_over_floats(pieces: list[Piece], s: ChunkingSettings) -> list[Piece]:
    """A paragraph cut by a column or page break often has a float between its halves (a
    figure, its caption, a footnote): bring the second half up to the first, the float follows.
    A float that opens with a capital after a full last line looks like the rest of the sentence
    too; a piece past it that opens in lower case is the rest, surely."""
    if not s.continue_paragraphs:
        return pieces
    out = list(pieces)
    body = body_size(pieces)
    i = 0
    while i < len(out) - 2:
        head, after = out[i], out[i + 1]
        # A block that only looks like the rest (a capital after a full line, a caption's too)
        # lets a paragraph go on past it only to text that surely is the rest.
        weak = _looks_continued(head, after, s)
        # (A text that ends with a bracket or a quote goes on only to the piece right after it:
        # past floats, an equation's number "(1)" would reach a paragraph further down.)
        if (not head.runs_on() or _CLOSER_END.search(head.text)
                or (weak and (_starts_continuation(after.text) or not is_float_like(after, body, s)))):
            i += 1
            continue
        for k in range(i + 1, min(i + 1 + s.max_floats_skipped, len(out) - 1)):
            if out[k].heading or not is_float_like(out[k], body, s):
                break
            nxt = out[k + 1]
            if (continues(head, nxt, s) and (nxt.region != out[k].region or is_caption(out[k], body, s))
                    and (not weak or _starts_continuation(nxt.text))):
                out.insert(i + 1, out.pop(k + 1))
                break
        i += 1
    return out
