"""Running headers, footers and page numbers, recognised by position and repetition.

The engine marks the rows set apart at the top and bottom edge of each page (TOP_EDGE_BAND,
BOTTOM_EDGE_BAND); with them, a page's first and last body block of one line near its edge (a head
in a wide margin, left in the body) are the candidates. They are compared across neighbouring pages:
a page number among the edge rows, or a line that repeats (digits ignored, and the page's number
where it stands apart: facing pages set it at their outer edge) at about the same height on nearby
pages, is furniture; on a page alone, or one of two, a short line in small type at the (top) edge
is too, unless a title in larger type stands over it (its date or subtitle). So is a number set
only a line's space from the text, which the engine reads as the first or last line of a paragraph, when nearby pages number on from it at the
same height, and a paragraph's first or last line that nearby pages set apart as their edge row at
that height (a running foot under text that runs down to it), and a first page's banner in small
type where the pages around set their own running heads (a first page's journal banner). A
template's box of a few lines that most pages nearby repeat, text and place, is too (`_stamps`).
Everything else goes back to being text, and bands are renumbered in reading order.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from .floats import block_height, is_caption_start
from .geometry import (EDGE_BANDS, FURNITURE_BAND, FURNITURE_KINDS, FURNITURE_REGION, FOOTER, HEADER, HEADING,
                       PAGE_NUMBER, READS_DOWN, READS_UP, TEXT, TOP_EDGE_BAND, Block, Line, PageLayout, Word, median,
                       opens_with_note_mark)
from .settings import LayoutSettings
from .sideways import is_sideways


def _key(block: Block) -> str:
    return _key_of(" ".join([line.text for line in block.lines]))


def _key_of(text: str) -> str:
    """A text as it is compared across pages: lower case, its spaces one, its numbers "#"."""
    return re.sub(r"\d+", "#", re.sub(r"\s+", " ", text.lower())).strip()


def _unnumbered(key: str) -> str:
    """A key without the numbers that stand as words of their own ("# k. t. smith": "k. t. smith")."""
    return " ".join(t for t in key.split() if t != "#")


def _parts(words: list[Word], s: LayoutSettings) -> list[list[Word]]:
    """A line's parts: runs of words set apart by furniture_part_gap times their height (a
    running head's title flush left, its authors or page number flush right)."""
    h = median([w.y1 - w.y0 for w in words], 0.0)
    parts: list[list[Word]] = []
    for w in words:
        if parts and w.x0 - parts[-1][-1].x1 < s.furniture_part_gap * h:
            parts[-1].append(w)
        else:
            parts.append([w])
    return parts


def _bare_keys_less_parts(block: Block, s: LayoutSettings) -> set[str]:
    """A one-line block's keys (numbers that stand alone left out) less each of its parts, and,
    for a long line of three parts or more (twice furniture_far_min_chars), of each part alone:
    a first page's foot that sets the page's number between an ISSN and a copyright
    ("2470-0045/2025/111(3)/035406(8)  035406-1  ©2025 American Physical Society" over
    "035406-2"; a calendar's row of short days is no such line). Empty for a line of one part;
    keys shorter than furniture_min_chars left out."""
    if len(block.lines) != 1:
        return set()
    parts = _parts(block.lines[0].words, s)
    if len(parts) < 2:
        return set()
    keys = {_unnumbered(_key_of(" ".join(w.text for j, part in enumerate(parts) if j != k for w in part)))
            for k in range(len(parts))}
    if len(parts) >= 3 and len(block.lines[0].text) >= 2 * s.furniture_far_min_chars:
        keys |= {_unnumbered(_key_of(" ".join(w.text for w in part))) for part in parts}
    return {key for key in keys if len(key) >= s.furniture_min_chars}


def _small_edge_line(block: Block, body_h: float, s: LayoutSettings, usual: bool = False) -> bool:
    """One line set in a smaller size than the body, apart at the page edge, each of its parts
    short: a running head or foot even on a page with no neighbour to repeat it. (A head in two
    parts, the conference left and the authors right, may run long as a whole.) `usual`: its
    usual word is small, not every word (a head in the running heads' place, whose "LaTeX" logo
    stands taller)."""
    if len(block.lines) != 1 or body_h <= 0:
        return False
    line = block.lines[0]
    if opens_with_note_mark(line, s):  # ("1 European Free Trade Association."): a footnote, no running foot
        return False
    # Every word small but page numbers (they may be set larger): a body line that a figure's
    # title in small type meets across the gutter is one row, but no running head.
    heights = [w.y1 - w.y0 for w in line.words if not PAGE_NUMBER.match(w.text)]
    return (all(len(part) <= s.running_head_max_words for part in _parts(line.words, s)) and bool(heights)
            and (median(heights, 0.0) if usual else max(heights)) < s.running_head_size * body_h)


def _under_a_title(page: PageLayout, c: _Candidate, body_h: float, s: LayoutSettings) -> bool:
    """A line at the top set under a line in a heading's type (heading_size_ratio of the body's):
    a title's date or subtitle ("vom 12. Dezember 2023"), not a running head, which nothing
    stands above but, at most, a line in the body's type ("Research Article")."""
    top = _top(c.block)
    left = min(line.words[0].x0 for line in c.block.lines)
    right = max(line.words[-1].x1 for line in c.block.lines)
    return c.at_top and any(b is not c.block and _bottom(b) <= top and block_height(b) >= s.heading_size_ratio * body_h
                            and any(w.x0 < right and w.x1 > left for line in b.lines for w in line.words)
                            for b in page.blocks if b.lines)  # (over it: a margin's mark beside it is not)


def _caption_at_foot(c: _Candidate) -> bool:
    """A line at the page's foot that opens as a caption ("Figure 1: The corpus by year."): no
    running foot, even on a page alone (a head may open so: "Exhibit 99.1")."""
    return not c.at_top and is_caption_start(c.block.lines[0].text)


def _edge_blocks(layout: PageLayout) -> list[Block]:
    return [b for b in layout.blocks if b.band in EDGE_BANDS]


def _top(block: Block) -> float:
    """A block's top from its first line (the page's blocks' whole boxes cost more)."""
    return min([w.y0 for w in block.lines[0].words])


def _bottom(block: Block) -> float:
    return max([w.y1 for w in block.lines[-1].words])


@dataclass(slots=True)
class _Candidate:
    """A block that may be a running head or foot."""

    block: Block
    at_top: bool  # else at the bottom
    edge: bool  # one of the engine's edge rows
    key: str  # its text, digits as #
    top: float
    number: int | None  # the page number it reads as, if any
    within: Block | None = None  # the paragraph whose first (last) line it is, if it is one
    side: bool = False  # a line set sideways at the left or right edge (see _side_lines)
    bare: str = ""  # its key without the numbers that stand as words of their own
    size: float = 0.0  # its words' usual height
    ends: list[int] = field(default_factory=list)  # the page numbers its parts at either end read as
    stamp: bool = False  # a short block inside the page (see _stamps)
    text: str = ""  # a stamp's text, digits and all
    left: float = 0.0  # a stamp's left edge

    def __post_init__(self) -> None:
        self.bare = _unnumbered(self.key)
        self.size = median([w.y1 - w.y0 for line in self.block.lines for w in line.words], 0.0)

    def same_type(self, other: _Candidate, ratio: float) -> bool:
        """Set in about the same size: the same running head on another page."""
        return _same_size(self.size, other.size, ratio)


def _same_size(a: float, b: float, ratio: float) -> bool:
    """Two usual word heights within `ratio` of each other."""
    return max(a, b) <= ratio * min(a, b)


def _number(block: Block) -> int | None:
    """The page number a one-line block reads as ("12", "Page 12 of 30"), in arabic digits."""
    m = PAGE_NUMBER.match(" ".join([line.text for line in block.lines]).strip())
    return int(m[3]) if m and m[3].isdigit() else None


def _numbered_ends(block: Block, s: LayoutSettings) -> list[int]:
    """The page numbers that a one-line block's first and last parts read as, where it has parts
    set apart (`_parts`)."""
    parts = _parts(block.lines[0].words, s) if len(block.lines) == 1 else []
    if len(parts) < 2:
        return []
    ends = [_number(Block([Line(part)])) for part in (parts[0], parts[-1])]
    return [n for n in ends if n is not None]


def _counted_on(c: _Candidate, number: int | None, nearby: list[tuple[int, list[_Candidate]]], tol: float) -> int:
    """The nearby pages whose candidate at c's edge and height is `number` counted on to them,
    alone or at an end of their own head."""
    if number is None:
        return 0
    return sum(any(not o.side and o.at_top == c.at_top and (o.number == number + on or number + on in o.ends)
                   and abs(o.top - c.top) <= tol for o in others) for on, others in nearby)


def _candidate(block: Block, at_top: bool, edge: bool, s: LayoutSettings, within: Block | None = None) -> _Candidate:
    return _Candidate(block, at_top, edge, _key(block), _top(block), _number(block), within,
                      ends=_numbered_ends(block, s))


def _candidates(layout: PageLayout, s: LayoutSettings) -> list[_Candidate]:
    """Blocks that may be a running head or foot: the edge rows the engine set apart, and the
    page's first and last body blocks when they are one line near the top or bottom edge (in a
    wide margin the engine does not set a head apart), or further in when they read as a page
    number. A page number or a short line set a line's space from the text is read as the
    paragraph's first (last) line: that line is a candidate too. (A number anywhere is furniture
    only where the pages around number on from it at its height: a list's or an equation's numbers
    do not.)"""
    found = [_candidate(b, b.band == TOP_EDGE_BAND, True, s) for b in _edge_blocks(layout)]
    body = [b for b in layout.blocks if b.band not in EDGE_BANDS and b.kind not in FURNITURE_KINDS
            and b.lines and b.lines[0].words and b.lines[-1].words]
    if len(body) >= 2:  # a head or foot stands beside a page's text, not for all of it
        zone = s.running_head_zone * layout.height
        for block, at_top in ((min(body, key=_top), True), (max(body, key=_bottom), False)):
            if any(c.at_top == at_top for c in found):
                continue
            # (A page number may sit further in, alone or at an end of the line: it must count
            # on with the pages around.)
            if len(block.lines) == 1:
                c = _candidate(block, at_top, False, s)
                near = _bottom(block) <= zone if at_top else c.top >= layout.height - zone
                if (near or c.number is not None or c.ends) and len(block.lines[0].words) <= s.running_head_max_words:
                    found.append(c)
                continue
            line = Block([block.lines[0 if at_top else -1]], block.band, block.column, block.region, block.kind)
            c = _candidate(line, at_top, False, s, within=block)
            if c.number is not None or len(line.lines[0].words) <= s.running_head_max_words:
                found.append(c)
    return found + _side_lines(layout, s) + _stamps(layout, found, s)


_STAMP_LINES = (2, 3)  # a stamp's lines, least and most ("Klaas Posselt," / "Member of the" / "PDF Association")
_STAMP_SLACK = 2.0  # pt: a stamp's place on each page, the same to this (a template's)
_STAMP_PAGES = 3  # the nearby pages that must repeat a stamp, text and place, at the least ...
_STAMP_SHARE = 2 / 3  # ... and this share of them (a deck's section divider has no presenter box)
_STAMP_SIZE = 1.1  # a stamp's type is no larger than the page's usual (to this ratio)


def _stamps(layout: PageLayout, found: list[_Candidate], s: LayoutSettings) -> list[_Candidate]:
    """Short blocks of a few lines anywhere inside the page (_STAMP_LINES, running_head_max_words
    words) in type no larger than the page's, not already candidates: a slide template's
    presenter box, a letterhead's sender. Such a block is furniture where most pages nearby
    repeat it, its text (digits and all) and its place to _STAMP_SLACK (see _stamped_nearby),
    but on the document's first page (its title's: a title slide's presenter, a letter's sender,
    whose one copy the index keeps); text and place repeated so exactly come from a template,
    not from the writer. Not a single line (slides repeat their own titles in place, "Example";
    running heads have rules of their own), not a title in larger type repeated over a run of
    slides, not "Question 2" / "(20 marks)" over each page's question."""
    taken = {id(c.block) for c in found}
    out: list[_Candidate] = []
    for b in layout.blocks:
        if (id(b) in taken or b.band in EDGE_BANDS or b.kind in FURNITURE_KINDS
                or not _STAMP_LINES[0] <= len(b.lines) <= _STAMP_LINES[1]
                or not all(line.words for line in b.lines)
                or sum(len(line.words) for line in b.lines) > s.running_head_max_words):
            continue
        text, top = " ".join(line.text for line in b.lines), _top(b)
        c = _Candidate(b, at_top=top < layout.height / 2, edge=False, key=_key_of(text), top=top, number=None,
                       stamp=True, text=text, left=min(w.x0 for line in b.lines for w in line.words))
        if c.size <= layout.usual_height * _STAMP_SIZE:
            out.append(c)
    return out


def _stamped_nearby(c: _Candidate, nearby: list[tuple[int, list[_Candidate]]]) -> bool:
    """_STAMP_SHARE of the nearby pages, _STAMP_PAGES at the least, have a stamp of c's text at
    c's place (its left edge and its top)."""
    stamped = sum(any(o.stamp and o.text == c.text and abs(o.top - c.top) <= _STAMP_SLACK
                      and abs(o.left - c.left) <= _STAMP_SLACK for o in others) for _, others in nearby)
    return stamped >= max(_STAMP_PAGES, _STAMP_SHARE * len(nearby))


def _side_lines(layout: PageLayout, s: LayoutSettings) -> list[_Candidate]:
    """On a page read turned (a landscape page), the lines set sideways in its left or right edge
    zone: the running head and foot it shares with the document's upright pages run across the
    page as it is stored, up or down its side as it is read. Such a line is furniture when its
    text (digits ignored) is a head or foot candidate of an upright page nearby, wherever it
    stands there. (On an upright page a sideways line at the edge is a chart's axis title or
    an arXiv stamp: never furniture by this rule.)"""
    if layout.turn not in (READS_UP, READS_DOWN):
        return []
    zone = s.running_head_zone * layout.width
    out = []
    for b in layout.blocks:
        if b.kind in FURNITURE_KINDS or len(b.lines) != 1 or len(b.lines[0].words) != 1:
            continue
        w = b.lines[0].words[0]
        if is_sideways(w, s) and (w.x1 <= zone or w.x0 >= layout.width - zone):
            # The page's stored top is on the right when its text reads up, on the left when down.
            at_top = (w.x0 >= layout.width / 2) == (layout.turn == READS_UP)
            out.append(_Candidate(b, at_top, False, _key(b), w.y0, None, side=True))
    return out


@dataclass(slots=True)
class FarEdges:
    """The long edge rows of the pages decided so far in a document, for a head or foot that
    repeats further apart than furniture_window: a chapter's opening page carries the book's
    foot ("© 2024 WILEY-VCH GmbH. Published 2024 by ..."), twenty pages from the last. Keys only:
    a long document stays cheap."""

    seen: dict[tuple[bool, str], list[tuple[int, float, float]]] = field(default_factory=dict)

    def add(self, number: int, c: _Candidate) -> None:
        self.seen.setdefault((c.at_top, c.bare), []).append((number, c.top, c.size))

    def repeats(self, number: int, c: _Candidate, window: int, tol: float, ratio: float) -> bool:
        """c's text stood at its edge and height, in its type, on a page beyond the window."""
        return any(number - n > window and abs(top - c.top) <= tol and _same_size(size, c.size, ratio)
                   for n, top, size in self.seen.get((c.at_top, c.bare), []))


def mark_furniture(pages: Sequence[PageLayout], targets: Sequence[int] | None = None,
                   settings: LayoutSettings | None = None, numbers: Sequence[int] | None = None,
                   far: FarEdges | None = None) -> None:
    """Decide header/footer for the candidates of `targets` (default: all pages), comparing each
    with the candidates of pages at most `furniture_window` away, as each page had them before
    any was decided (a page decided earlier has renumbered its edge rows). `numbers`: the pages'
    own numbers in the document (default: one after the other), which page numbers count on
    with. `far`: the long edge rows of the pages decided before, kept across calls (a foot that
    repeats further apart than the window). Mutates the layouts in place."""
    s = settings or LayoutSettings()
    window = s.furniture_window
    candidates: list[list[_Candidate]] = []
    for p in pages:  # found once per page, before any is decided (the settings of that first call)
        if p.furniture_candidates is None:
            p.furniture_candidates = _candidates(p, s)
        candidates.append(p.furniture_candidates)
    # Without neighbouring pages repetition cannot be checked: a small single line at the edge is
    # taken for a running head; with neighbours, only repetition decides. Two pages are a title
    # page and the next, or facing pages: each may carry the only running head of its kind (the
    # journal's banner, then "100 J. Yu et al. / J. Hazard. Mater."), so a small single line at
    # the top edge is one there too (at the foot it is a footnote as often: a URL, a licence).
    alone = len(pages) == 1
    pair = len(pages) == 2
    for i in (range(len(pages)) if targets is None else targets):
        page = pages[i]
        number = numbers[i] if numbers is not None else i
        tol = s.furniture_y_tolerance * page.height
        body_h = median([w.y1 - w.y0 for w in page.words], 0.0) if alone or pair else 0.0
        # The candidates of the pages around, each with how many pages on from this one it is.
        nearby = [((numbers[j] - numbers[i]) if numbers is not None else j - i, candidates[j])
                  for j in range(max(0, i - window), min(len(pages), i + window + 1)) if j != i]
        for c in candidates[i]:
            if c.stamp:
                if number > 0 and len(c.bare) >= s.furniture_min_chars and _stamped_nearby(c, nearby):
                    c.block.kind = HEADER if c.at_top else FOOTER
                continue
            if c.side:  # (its page number may be a word of its own here, part of the line there)
                if len(c.bare) >= s.furniture_min_chars and sum(
                        any(not o.side and o.within is None and o.bare == c.bare for o in others)
                        for _, others in nearby) >= s.furniture_min_repeats:
                    c.block.kind = HEADER if c.at_top else FOOTER
                continue
            furniture = c.edge and (bool(PAGE_NUMBER.match(c.key.replace("#", "1")))
                                    or ((alone or pair and c.at_top) and _small_edge_line(c.block, body_h, s)
                                        and not _caption_at_foot(c) and not _under_a_title(page, c, body_h, s)))
            if not furniture and not c.edge and c.number is not None:
                # A page's first or last line that is a number, not set apart from the text (a
                # foot a line's space below the columns): a page number when the pages around
                # are numbered on from it at the same height (too short a key to compare as text).
                furniture = _counted_on(c, c.number, nearby, tol) >= s.furniture_min_repeats + 1
            # Compared without the page's number where it stands as a word of its own: facing
            # pages set it at their outer edge ("Smith et al. / J. Chem. 12 (2015) 150-157 155",
            # then "156 Smith et al. / J. Chem. ...").
            if not furniture and len(c.bare) >= s.furniture_min_chars:
                if c.within is None:
                    # A body line repeats once more than an edge row must ("Exercise 3" at the top
                    # of the next page too is no running head; one on every page, or every other, is).
                    repeats = _pages_repeating(c, nearby, tol, s.furniture_size_ratio, edge_rows_only=False)
                    furniture = repeats >= s.furniture_min_repeats + (0 if c.edge else 1)
                elif c.number is None:
                    # A paragraph's first (last) line that nearby pages set apart at their edge:
                    # their running head (foot), read into the paragraph where the leading above
                    # (below) it is as tight as the paragraph's. Only edge rows vouch for it: a
                    # paragraph's lines repeat from page to page in forms and generated text.
                    repeats = _pages_repeating(c, nearby, tol, s.furniture_size_ratio, edge_rows_only=True)
                    furniture = repeats >= s.furniture_min_repeats + 1
            if not furniture and c.edge and c.within is None:
                # The first page's foot adds a part the others lack ("Journal of Heat Transfer |
                # Copyright © 2022 by ASME | PREPRINT FOR REVIEW / 1"): less that part, it repeats
                # (or a part of it alone does, where it adds two).
                parts = _bare_keys_less_parts(c.block, s)
                furniture = bool(parts) and _pages_repeating(c, nearby, tol, s.furniture_size_ratio,
                                                             edge_rows_only=True, keys=parts) >= s.furniture_min_repeats
            if not furniture and c.within is None:
                # A part set apart at an end is the page's number, the pages around numbered on
                # from it there, alone or in their own heads: "To appear in 16th Workshop on Hot
                # Topics.   1" over pages numbered "2"; TeX's "3.5 Vertical material   51" beside
                # "52   Chapter 3. Typesetting" (a body line: one more page must count on).
                least = s.furniture_min_repeats + (0 if c.edge else 1)
                furniture = any(_counted_on(c, n, nearby, tol) >= least for n in c.ends)
            if not furniture and number == 0 and c.edge and c.at_top and c.within is None and not (alone or pair):
                # A first page's banner in the running heads' place ("MNRAS 000, 1-10 (2020)
                # Preprint 27 June 2020 Compiled using MNRAS LaTeX style file v3.0"): no other
                # page says what it says, but the pages around set their own heads apart at its
                # height, in its small type. (The document's first page only: on another, such a
                # line under or in place of its head is a float's caption at the top.)
                furniture = (_in_the_heads_place(c, nearby, tol, s.furniture_size_ratio) >= s.furniture_min_repeats + 1
                             and _small_edge_line(c.block, median([w.y1 - w.y0 for w in page.words], 0.0), s,
                                                  usual=True))
            far_key = c.edge and c.within is None and len(c.bare) >= s.furniture_far_min_chars
            if not furniture and far is not None and far_key:
                furniture = far.repeats(number, c, window, tol, s.furniture_size_ratio)
            if far is not None and far_key:
                far.add(number, c)
            if furniture:
                c.block.kind = HEADER if c.at_top else FOOTER
                if c.within is not None and not any(b is c.block for b in page.blocks):
                    _detach(page, c, c.within)
        _edge_paragraphs(page, s)
        _headings_to_their_column(page)
        _renumber(page)


def _pages_repeating(c: _Candidate, nearby: list[tuple[int, list[_Candidate]]], tol: float, ratio: float,
                     edge_rows_only: bool, keys: set[str] | None = None) -> int:
    """The nearby pages with a candidate of c's text (its own page numbers left out; or of one of
    `keys`) at the same edge and height, in about the same type (`ratio`): one set apart there
    (an edge row), or, unless `edge_rows_only`, a line of its own. A line of another page's
    paragraph never counts."""
    wanted = keys if keys is not None else {c.bare}
    return sum(any(not o.side and o.within is None and (o.edge or not edge_rows_only) and o.at_top == c.at_top
                   and o.bare in wanted and abs(o.top - c.top) <= tol and c.same_type(o, ratio)
                   for o in others) for _, others in nearby)


def _in_the_heads_place(c: _Candidate, nearby: list[tuple[int, list[_Candidate]]], tol: float, ratio: float) -> int:
    """The nearby pages with a running head of their own at c's height and in c's type: a line
    set apart at the top that is a page number, ends in one, or repeats on another page."""
    heads = [[o for o in others if not o.side and o.within is None and o.edge and o.at_top
              and abs(o.top - c.top) <= tol and c.same_type(o, ratio)] for _, others in nearby]
    bares = [o.bare for found in heads for o in found]
    return sum(any(o.number is not None or o.ends or bares.count(o.bare) > 1 for o in found) for found in heads)


def _detach(page: PageLayout, c: _Candidate, within: Block) -> None:
    """Take a page number read as a paragraph's first (last) line out of it, as a block of its
    own before (after) it."""
    line = c.block.lines[0]
    at = next((k for k, b in enumerate(page.blocks) if b is within), None)
    if at is None:  # (the page changed since its candidates were found)
        return
    within.lines = [ln for ln in within.lines if ln is not line]
    page.blocks.insert(at if c.at_top else at + 1, c.block)


def _edge_paragraphs(page: PageLayout, s: LayoutSettings) -> None:
    """Edge rows that turned out to be text, each under the one before with no gap that sets a
    row apart (edge_row_gap body heights), in one type and overlapping across: the lines of a
    paragraph that runs into the page's edge zone (a tall page's last paragraph, double-spaced,
    or the end of a sentence carried over at its top). They are one block again, not a band of
    one line each."""
    gap = s.edge_row_gap * page.usual_height
    out: list[Block] = []
    for b in page.blocks:
        prev = out[-1] if out else None
        if prev is not None and b.band in EDGE_BANDS and prev.band == b.band and _runs_on(prev, b, gap, s):
            out[-1] = Block(prev.lines + b.lines, prev.band, prev.column, prev.region, TEXT)
            continue
        out.append(b)
    page.blocks = out


def _runs_on(upper: Block, lower: Block, gap: float, s: LayoutSettings) -> bool:
    """Two text blocks, the lower less than `gap` under the upper, overlapping across, in one
    type (within float_size_change)."""
    a, b = upper.box, lower.box
    if not (upper.kind == lower.kind == TEXT and 0 <= b.y0 - a.y1 < gap and min(a.x1, b.x1) > max(a.x0, b.x0)):
        return False
    h0, h1 = block_height(upper), block_height(lower)
    return abs(h0 - h1) <= s.float_size_change * max(h0, h1)


def _headings_to_their_column(page: PageLayout) -> None:
    """A heading at the page's top that is no running head, over one column of the columns below
    it, heads that column ("VI. CONCLUSION" topping the right column beside a figure with no
    text): it is read where that column starts, not before the columns to its left. Only where
    the column's first paragraph starts a sentence: a column that carries on the sentence of the
    one before is no section's start (scripts without capitals never move so)."""
    heads = [b for b in page.blocks if b.band == TOP_EDGE_BAND and b.kind == HEADING]
    if not heads:
        return
    body = [b for b in page.blocks if b.band not in EDGE_BANDS and b.kind not in FURNITURE_KINDS and b.lines]
    if not body or page.columns_per_band.get(body[0].band, 1) < 2:
        return
    band = body[0].band
    spans: dict[int, tuple[float, float, Block]] = {}  # column -> x extent and its first block
    for b in body:
        if b.band == band:
            box = b.box
            x0, x1, first = spans.get(b.column, (box.x0, box.x1, b))
            spans[b.column] = (min(x0, box.x0), max(x1, box.x1), first)
    for head in heads:
        box = head.box
        over = [(c, first) for c, (x0, x1, first) in spans.items() if x0 < box.x1 and box.x0 < x1]
        if len(over) != 1:
            continue
        column, first = over[0]
        x0, x1, _ = spans[column]
        if (box.x0 < x0 or box.x1 > x1 or first is body[0] or first.kind != TEXT or first.box.y0 < box.y1
                or not first.lines[0].text[:1].isupper()):
            continue
        page.blocks = [b for b in page.blocks if b is not head]
        at = next(k for k, b in enumerate(page.blocks) if b is first)
        page.blocks.insert(at, head)
        head.band, head.column, head.region = band, column, first.region


def _renumber(page: PageLayout) -> None:
    """Give edge blocks that turned out to be text bands of their own; number bands and regions
    in reading order. Furniture gets FURNITURE_BAND."""
    bands: dict[object, int] = {}
    regions: dict[object, int] = {}
    columns: dict[int, int] = {}
    for b in page.blocks:
        if b.kind in FURNITURE_KINDS:
            b.band, b.column, b.region = FURNITURE_BAND, 0, FURNITURE_REGION
            continue
        edge = b.band in EDGE_BANDS
        band_key: object = (b.band, id(b)) if edge else b.band
        region_key: object = band_key if edge else (b.band, b.region)
        if band_key not in bands:
            bands[band_key] = len(bands)
            columns[bands[band_key]] = 1 if edge else page.columns_per_band.get(b.band, 1)
        regions.setdefault(region_key, len(regions))
        b.band, b.region = bands[band_key], regions[region_key]
    page.columns_per_band = columns
