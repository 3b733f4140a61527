"""Fragments: pieces and chunks too small to stand alone.

A piece with no word in it (equation debris, axis ticks, a lone symbol or number), and a figure's
labels (a chart's legend and axis titles, which the loader marks), are kept out of the chunk text
and carried in the metadata of the chunk of the piece next to it. A chunk under the floor (a
figure's caption, a table's cells, an author block, a paragraph's last sentence) joins a
neighbouring chunk in reading order, nearest first (same column, then same band, then same page),
as long as the two fit the model; so such a chunk is left only where nothing it could join fits.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from columnrag.loaders.engine.geometry import CLAUSE_SIGN

from .packing import Unit
from .pieces import CAPTION_LABEL, Piece
from .sections import SEPARATOR

_WORD = re.compile(r"[^\W\d_]{2,}")
# Figures a reader reads, not a chart's ticks or an equation's number: a span of years ("2014 –
# 2015", "2021 – present"), an equation ("X2 + Y2 = Z", "i=0": a letter or figure either side
# of an equals sign) or a statute's section ("§ 3").
_READ_FIGURES = re.compile(r"\b(?:19|20)\d\d\s*[–—-]\s*(?:(?:19|20)\d\d\b|[^\W\d_]{2,})|[^\W_]\s*=\s*[^\W_]")


def has_words(text: str) -> bool:
    """A run of two letters or more, or figures a reader reads (_READ_FIGURES): "(3)", "25 20",
    "0.25 0.50", "∞ ∑" have none."""
    return (_WORD.search(text) is not None or _READ_FIGURES.search(text) is not None
            or CLAUSE_SIGN.match(text.lstrip()) is not None)


@dataclass(slots=True)
class Draft:
    """A chunk before it becomes a Document: its units, the wordless pieces it carries, the
    group it was packed in and its size in tokens; or a whole table (`table`, no units), which
    is chunked by its rows (tables.py) and never joined to prose."""

    units: list[Unit]
    group: int
    size: int
    aside: list[Piece] = field(default_factory=list)
    table: Piece | None = None
    lead: list[Unit] = field(default_factory=list)  # a table's: the headings over it it opens with

    @property
    def first(self) -> Piece:
        return self.table if self.table is not None else self.units[0].spans[0].piece

    @property
    def last(self) -> Piece:
        return self.table if self.table is not None else self.units[-1].spans[-1].piece

    @property
    def opens_with_heading(self) -> bool:
        return self.table is None and self.units[0].heading

    def headings_only(self) -> bool:
        return self.table is None and all(u.heading for u in self.units)

    def pieces(self) -> list[Piece]:
        units = self.lead if self.table is not None else self.units
        return [sp.piece for u in units for sp in u.spans] + ([self.table] if self.table is not None else [])


def set_aside(pieces: list[Piece]) -> tuple[list[Piece], list[tuple[Piece, Piece]]]:
    """The pieces with words, and each wordless piece or figure's labels with the piece whose
    chunk carries it: the nearest before it in its column, else after it in its column, else on
    its page, else anywhere (a figure's labels: the nearest caption on their page first).
    Tables are kept whatever they hold (a table of figures is still a table). A document with no
    word at all keeps its pieces with a letter or a figure (they are all there is); one of
    symbols alone (a page of bullets, a scan's specks) has nothing to index, and no chunk."""
    kept = [p for p in pieces if p.table or (has_words(p.text) and not p.figure)]
    if not kept:
        kept = [p for p in pieces if any(ch.isalnum() for ch in p.text)]
        if not kept:
            return [], []
    pos = {id(p): i for i, p in enumerate(pieces)}
    standing = {id(p) for p in kept}
    anchors: list[tuple[Piece, Piece]] = []
    for p in pieces:
        if id(p) in standing:
            continue
        at = pos[id(p)]
        before = [q for q in kept if pos[id(q)] < at]
        after = [q for q in kept if pos[id(q)] > at]
        # A figure's labels go with their caption, before or after them (APA sets it above).
        captions = sorted((q for q in kept if q.page == p.page and CAPTION_LABEL.search(q.text)),
                          key=lambda q: abs(pos[id(q)] - at)) if p.figure else []
        ranked = (captions + [q for q in reversed(before) if q.run == p.run] + [q for q in after if q.run == p.run]
                  + [q for q in reversed(before) if q.page == p.page] + [q for q in after if q.page == p.page]
                  + list(reversed(before)) + after)
        anchors.append((p, ranked[0]))
    return kept, anchors


def _distance(a: Draft, b: Draft) -> int:
    """How far apart two neighbouring chunks are: one group or column, one band, one page."""
    x, y = a.last, b.first
    if a.group == b.group or x.run == y.run:
        return 0
    if x.page == y.page and x.block.band == y.block.band:
        return 1
    return 2 if x.page == y.page else 3


def _combined(a: Draft, b: Draft) -> list[Unit]:
    """a's units then b's (a unit both hold, by sentence overlap, once)."""
    return a.units + [u for u in b.units if all(u is not v for v in a.units)]


def headings_over_tables(drafts: list[Draft]) -> list[Draft]:
    """The drafts with every chunk of headings alone that heads a table and nothing else taken
    into the table's draft (`lead`): right before the table (on its page or the page before),
    where the text after the table (and the tables after it) opens with a heading of its own
    that is not inside the last of them, or there is none (a spec sheet's "Technical
    specifications", a statement's "Balance sheet"). Joined to the prose past the table, such
    headings would head text of other sections; alone, they are a fragment."""
    out: list[Draft] = []
    for k, d in enumerate(drafts):
        table = drafts[k + 1] if k + 1 < len(drafts) else None
        if (table is not None and table.table is not None and not table.lead and d.headings_only()
                and table.table.page - d.last.page <= 1):
            after = next((o for o in drafts[k + 2:] if o.table is None), None)
            inner = d.last.section + SEPARATOR  # (a subsection after the table: the heading heads it too)
            if after is None or (after.opens_with_heading and not after.first.section.startswith(inner)):
                table.lead, table.aside = d.units, d.aside + table.aside
                continue
        out.append(d)
    return out


class FragmentMerger:
    """Joins every chunk under `floor` tokens (or made of headings only) to a neighbour.

    A heading opens its chunk, so a chunk that opens with one only takes a chunk after it, and
    a chunk is never joined to the end of one before a heading, unless the small chunk is a whole
    short section (a heading and its few lines), which then heads the next section's chunk.
    Headings with no text after them that they could head (the document's last lines) join the
    chunk before them. Tables are never joined: the prose on either side of one are neighbours."""

    def __init__(self, measure: Callable[[list[Unit]], int], floor: int, max_length: int) -> None:
        self.measure = measure
        self.floor = floor
        self.max_length = max_length

    def small(self, d: Draft) -> bool:
        return d.size < self.floor or d.headings_only()

    def merge(self, drafts: list[Draft]) -> list[Draft]:
        """Prose drafts merged; a table is a float, so the prose on either side of it are
        neighbours, and it follows the prose draft it followed before (now maybe a merged one).
        Headings that head a table alone open its first chunk (`headings_over_tables`)."""
        prose: list[Draft] = []
        floats: dict[int, list[Draft]] = {}  # tables after the prose draft of this id (-1: first)
        for d in headings_over_tables(drafts):
            if d.table is not None:
                floats.setdefault(id(prose[-1]) if prose else -1, []).append(d)
            else:
                prose.append(d)
        merged = self._merge_prose(prose, floats)
        out = floats.get(-1, [])
        for d in merged:
            out = out + [d] + floats.get(id(d), [])
        return out

    def _merge_prose(self, drafts: list[Draft], floats: dict[int, list[Draft]]) -> list[Draft]:
        out = list(drafts)
        i = 0
        while i < len(out):
            if not self.small(out[i]):
                i += 1
                continue
            best: tuple[tuple[int, int, int], int, list[Unit], int] | None = None
            for a in (i - 1, i):
                if a < 0 or a + 1 >= len(out) or not self._may_join(out[a], out[a + 1], small_first=a == i,
                                                                     first=a == 0):
                    continue
                units = _combined(out[a], out[a + 1])
                size = self.measure(units)
                if size <= self.max_length:
                    # Headings with nothing after them that they could head join what is before.
                    key = (int(a < i and out[i].headings_only()), _distance(out[a], out[a + 1]), size)
                    if best is None or key < best[0]:
                        best = (key, a, units, size)
            if best is not None:
                _, a, units, size = best
                joined = Draft(units, out[a].group, size, out[a].aside + out[a + 1].aside)
                floats[id(joined)] = floats.pop(id(out[a]), []) + floats.pop(id(out[a + 1]), [])
                out[a:a + 2] = [joined]
                i = a  # the joined chunk may still be small
            else:
                self._shift(out, i)
                i += 1
        return out

    @staticmethod
    def _may_join(a: Draft, b: Draft, small_first: bool, first: bool) -> bool:
        """`first`: `a` is the document's first chunk, whose few lines before its first heading (a
        journal's or a template's line over the title) have no chunk before them to join. A
        sidebar's chunk and the text's next section (or the other way round) stay apart: the
        sidebar's heading would head the section, or the section's the sidebar."""
        if b.opens_with_heading and a.last.aside_box != b.first.aside_box:
            return False
        if small_first:
            return not b.opens_with_heading or a.opens_with_heading or first
        return not b.opens_with_heading or b.headings_only()

    def _shift(self, out: list[Draft], i: int) -> None:
        """No neighbour has room: take sentences from the end of the chunk before, in the same
        group, while that one stays above the floor."""
        if i == 0 or out[i - 1].group != out[i].group or out[i].opens_with_heading:
            return
        prev, cur = out[i - 1], out[i]
        while cur.size < self.floor and len(prev.units) > 1 and not prev.units[-1].heading:
            unit = prev.units[-1]
            rest, grown = prev.units[:-1], [unit] + [u for u in cur.units if u is not unit]
            rest_size, grown_size = self.measure(rest), self.measure(grown)
            if rest_size < self.floor or grown_size > self.max_length:
                return
            prev.units, prev.size, cur.units, cur.size = rest, rest_size, grown, grown_size
