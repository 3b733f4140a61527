"""Asides: a text box (the loader's `panel`) that stands beside the text rather than carrying it:
a sidebar, "Key messages", a pull quote. Its heading heads the box alone, and its text shares no
chunk with the text around it.

A box is an aside where its text is set in other type than the body's, or where the body's
sentence runs on across it (the box interrupts a sentence: the sentence's rest comes up to its
start, and the box follows). A box that holds a numbered
section's heading ("2 Methods"), or text in the body's type that no sentence runs across, carries
the text itself (a report whose sections are set in shaded boxes, a shaded column, a heading bar
with its subtitle): its headings are the document's, and its text joins the text around it as
any other.
"""
from __future__ import annotations

from columnrag.loaders.engine.geometry import SECTION_NUMBER

from .pieces import Piece, body_size, continues
from .sections import SAME_TYPE
from .settings import ChunkingSettings


def _text_size(pieces: list[Piece]) -> float:
    """The usual type size of the pieces' text, their headings and tables aside."""
    return body_size([p for p in pieces if not p.heading and not p.table])


def _other_type(pieces: list[Piece], body: float) -> bool:
    """The box's text (its headings aside) is set in other type than the body's."""
    size = _text_size(pieces)
    if size <= 0 or body <= 0:
        return False
    return size * SAME_TYPE < body or size > SAME_TYPE * body


def _interrupts(pieces: list[Piece], start: int, end: int, s: ChunkingSettings) -> bool:
    """The boxes of pieces [start, end) stand inside a sentence: the piece before them leaves it
    open and the piece after them goes on with it, in lower case."""
    if start == 0 or end >= len(pieces):
        return False
    before, after = pieces[start - 1], pieces[end]
    return (before.panel is None and not before.table and after.text[:1].islower()
            and continues(before, after, s))


def mark_asides(pieces: list[Piece], s: ChunkingSettings) -> list[Piece]:
    """Set `aside` on the pieces of every box that is an aside (see the module's docstring).
    Returns the pieces with the rest of a sentence that asides interrupt brought up to its
    start, the asides after it (as a float follows the paragraph it interrupts)."""
    body = _text_size(pieces)
    out = list(pieces)
    n = 0
    while n < len(pieces):
        if pieces[n].panel is None:
            n += 1
            continue
        end = n
        while end < len(pieces) and pieces[end].panel is not None:
            end += 1  # a run of boxes, one after another
        interrupted = _interrupts(pieces, n, end, s)
        boxes: dict[tuple[int, int], list[Piece]] = {}
        for p in pieces[n:end]:
            if p.panel is not None:
                boxes.setdefault(p.panel, []).append(p)
        for box in boxes.values():
            numbered = any(p.heading and SECTION_NUMBER.match(p.text) for p in box)
            if not numbered and (interrupted or _other_type(box, body)):
                for p in box:
                    p.aside = True
        if interrupted and all(p.aside for p in pieces[n:end]):
            rest = _sentence_rest(pieces, end, s)
            out = [p for p in out if all(p is not r for r in rest)]
            at = next(k for k, p in enumerate(out) if p is pieces[n - 1]) + 1
            out[at:at] = rest
        n = end
    return out


def _sentence_rest(pieces: list[Piece], start: int, s: ChunkingSettings) -> list[Piece]:
    """The pieces from `start` that carry on the sentence the boxes interrupt, up to the one
    that closes it (a paragraph cut again by a column or page break goes on past it)."""
    end = start + 1
    while (end < len(pieces) and pieces[end].panel is None and not pieces[end].heading and not pieces[end].table
           and continues(pieces[end - 1], pieces[end], s)):
        end += 1
    return pieces[start:end]
