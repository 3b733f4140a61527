"""Follow the PDF's own drawing order where it is a sound reading of the page.

Most real PDFs draw their text in reading order, and they put floats, code, captions and side
notes where their authors meant them to be read, which geometry can only guess. So when the
drawing order agrees with everything the geometry is sure of, it decides the order of the lines;
otherwise the geometric reading stands. Sure means:

- every line of running text is drawn in one go, left to right (shuffled drawing fails this);
- it never steps from a line of running text to another one beside it on the same row (drawing
  row by row across a gutter fails this);
- the columns of each band come in order: most of a column before most of the next;
- it starts where the geometric reading starts (a title the PDF draws last is not followed);
- it reads a title block (author blocks side by side) before the bands below it;
- it reads each column's running text of the body's size down the column: it never goes up
  from such a line to another one above it in its column, unless that one opens a caption (a
  float the drawing puts after the paragraph it interrupts). A form's items drawn "2., 1., 3."
  fail this.

A block whose lines are all drawn together keeps geometry's order of them: the drawing only
says where the block goes.

A line whose parts the PDF draws at different times, with a wide gap between them ("Abstract"
beside "3 General Instructions" on one row), is two lines here.
"""
from __future__ import annotations

import re
from operator import itemgetter

from .floats import body_size, opens_with_label
from .geometry import TEXT, Block, Line, drawn_in_this_order, median_high
from .settings import LayoutSettings

_TWO_LETTERS = re.compile(r"[^\W\d_].*[^\W\d_]")  # a word with two letters or more


def _pieces(line: Line, s: LayoutSettings) -> list[Line]:
    """The line cut where the drawing order jumps across a wide gap, when its parts are drawn
    left to right (each one later than the one before, with other text drawn in between)."""
    words = line.words
    gap = s.piece_gap
    cuts = [k for k in range(1, len(words))
            if words[k].seq != words[k - 1].seq + 1 and words[k].x0 - words[k - 1].x1 > gap]
    if not cuts:
        return [line]  # most lines: drawn in one go, or with no wide gap
    parts = [words[i:j] for i, j in zip([0] + cuts, cuts + [len(words)])]
    firsts = [min(w.seq for w in p) for p in parts]
    if firsts != sorted(firsts):
        return [line]  # parts drawn right before left ("4.2.4" after its title): one line
    return [Line(p) for p in parts]


def running_text(line: Line, s: LayoutSettings) -> bool:
    """A line of prose: running_text_words or more, most of them words of letters (a table row or
    a chart's axis labels are shorter, or numbers)."""
    words = line.words
    if len(words) < s.running_text_words:
        return False
    need = s.running_text_letters * len(words)
    lettered = 0
    search = _TWO_LETTERS.search
    for w in words:  # stops once the line has enough words of letters (most lines of prose)
        if search(w.text):
            lettered += 1
            if lettered > need:
                return True
    return False


def _drawn_in_one_go(line: Line) -> bool:
    seqs = [w.seq for w in line.words]
    return seqs == list(range(seqs[0], seqs[0] + len(seqs)))


def _in_drawing_order(blocks: list[Block], pieces: list[list[list[Line]]]) -> list[Block]:
    """Lines (pieces: pieces[block][line]) sorted by when the PDF draws them; consecutive lines
    of one geometric block stay one block, keeping its band, column, region and kind. A block
    whose lines are all drawn together, in whatever order among themselves (a table's rows
    drawn bottom up), stays whole with its lines as geometry reads them. Not when the drawing
    cut one of its lines into pieces: those pieces are blocks side by side on one row (author
    blocks), which the drawing reads one after the other."""
    items = []
    for bi, per_line in enumerate(pieces):
        for li, line_pieces in enumerate(per_line):
            for piece in line_pieces:
                items.append((min([w.seq for w in piece.words]), bi, li, piece))
    items.sort(key=itemgetter(0))
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for k, (_, bi, _, _) in enumerate(items):
        first.setdefault(bi, k)
        last[bi] = k
    together = {bi for bi, per_line in enumerate(pieces)
                if bi in first and all(len(p) == 1 for p in per_line) and last[bi] - first[bi] + 1 == len(per_line)}
    out: list[Block] = []
    prev: tuple[int, int] | None = None
    for k, (_, bi, li, line) in enumerate(items):
        b = blocks[bi]
        if bi in together:
            if k == first[bi]:
                out.append(Block(list(b.lines), b.band, b.column, b.region, b.kind, b.panel, b.bold))
            prev = None
            continue
        if prev is not None and prev[0] == bi and prev[1] in (li - 1, li):
            out[-1].lines.append(line)
        else:
            out.append(Block([line], b.band, b.column, b.region, b.kind, b.panel, b.bold))
        prev = (bi, li)
    return out


def _steps_across_a_row(ordered: list[Block], s: LayoutSettings) -> bool:
    """Whether the order goes from a line to another beside it on its row, in another region,
    the way drawing row by row across a gutter does: once between lines of running text, or
    often between shorter ones (a table drawn row by row steps across a few times a page).
    Columns whose baselines sit half a line apart, drawn top to bottom, zigzag between lines of
    running text that share less than a row's overlap: often, as short lines do (a column's or a
    cell's last line beside the next one's first steps so now and then)."""
    seq = [(line, b.region) for b in ordered for line in b.lines]
    short = zigzag = 0
    for (l1, r1), (l2, r2) in zip(seq, seq[1:]):
        if r1 == r2:
            continue
        a, b = l1.box, l2.box
        overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
        if overlap <= 0:
            continue
        on_its_row = overlap > s.row_overlap * min(a.height, b.height)
        if running_text(l1, s) and running_text(l2, s):
            if on_its_row:
                return True
            zigzag += 1
        elif on_its_row:
            short += 1
    if zigzag > s.row_steps_max and zigzag >= s.row_step_share * len(seq):
        return True
    return short > s.row_steps_max and short >= s.row_step_share * len(seq)


def _columns_in_order(geometric: list[Block], ordered: list[Block], s: LayoutSettings) -> bool:
    """Most of each column's running text (by median position) comes before most of the next
    one's in its band."""
    where = {id(line.words[0]): k for k, line in enumerate(x for b in ordered for x in b.lines)}
    by_column: dict[tuple[int, int], list[int]] = {}
    for b in geometric:
        for line in b.lines:
            if running_text(line, s):
                by_column.setdefault((b.band, b.column), []).append(where[id(line.words[0])])
    for (band, col), places in by_column.items():
        nxt = by_column.get((band, col + 1))
        if nxt and median_high(places) > median_high(nxt):
            return False
    return True


def _reads_down_its_columns(ordered: list[Block], body_h: float, s: LayoutSettings) -> bool:
    """No line of running text in the body's size is followed, in its column, by another such line
    above it (and over it), unless that line's block opens with a float's label: the drawing
    then reads a caption after the paragraph its float interrupts."""
    last: dict[tuple[int, int], Line] = {}
    for b in ordered:
        if b.kind != TEXT or not body_size(b, body_h, s):
            continue
        caption = opens_with_label(b.lines[0].text)
        for line in b.lines:
            if not running_text(line, s):
                continue
            before = last.get((b.band, b.column))
            if before is not None and not caption:
                up, down = line.box, before.box
                if up.y1 <= down.y0 and min(up.x1, down.x1) > max(up.x0, down.x0):
                    return False
            last[(b.band, b.column)] = line
    return True


def _titles_first(ordered: list[Block], title_bands: frozenset[int]) -> bool:
    """Every title block's lines come before those of the bands below it."""
    for t in title_bands:
        title = [k for k, b in enumerate(ordered) if b.band == t]
        below = [k for k, b in enumerate(ordered) if b.band > t]
        if title and below and max(title) > min(below):
            return False
    return True


def follow_drawing_order(blocks: list[Block], s: LayoutSettings, body_h: float,
                         title_bands: frozenset[int] = frozenset()) -> list[Block]:
    """The blocks re-ordered line by line in drawing order when that order is sound (see the
    module docstring); otherwise the blocks as given. Needs `Word.seq` to be the drawing order.
    Title blocks (`title_bands`) are read before the bands below them whatever the drawing."""
    lines = [line for b in blocks for line in b.lines]
    if len(lines) < 2 or drawn_in_this_order(line.words for line in lines):
        return blocks
    pieces = [[_pieces(line, s) for line in b.lines] for b in blocks]
    # Lines of running text, that is: a chart's axis labels may be drawn in any order.
    prose = [p for per_line in pieces for line_pieces in per_line for p in line_pieces if running_text(p, s)]
    if not prose or sum(map(_drawn_in_one_go, prose)) < s.drawn_whole_share * len(prose):
        return blocks  # no running text to judge the drawing by, or drawn in pieces
    ordered = _in_drawing_order(blocks, pieces)
    if ordered[0].lines[0].words[0] is not lines[0].words[0]:
        return blocks
    if _steps_across_a_row(ordered, s) or not _columns_in_order(blocks, ordered, s):
        return blocks
    if not _reads_down_its_columns(ordered, body_h, s):
        return blocks
    if title_bands and not _titles_first(ordered, title_bands):
        return blocks
    return ordered
