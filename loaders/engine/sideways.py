"""Text set sideways on an upright page: an arXiv stamp or a print job's stamp in the margin, a
photo's credit up its edge, a chart's axis title.

The PDF edge gives each sideways line as one word, a box far taller than wide. Left among the
rows it would share a row with the body line it happens to overlap and be read into the middle of
that line's sentence ("The pincer grasp is a crucial Bruce Plotkin / The Image Works motor
milestone"). Once the page is cut into columns it leaves the line it shares with upright words
and comes back as a block of its own after the block it sits beside; like any float, the floats
pass then moves it past a sentence that goes on.
"""
from __future__ import annotations

from .geometry import LETTERED, TEXT, Block, Line, Word, words_box
from .rows import Row
from .settings import LayoutSettings


def sideways_box(width: float, height: float, text: str, s: LayoutSettings) -> bool:
    """A word's box far taller than wide, of more than a glyph or two (a tall bracket or an
    integral sign is upright): text set sideways."""
    return height > s.vertical_word_aspect * width and len(text) > s.vertical_word_chars


def is_sideways(w: Word, s: LayoutSettings) -> bool:
    """A word (a sideways line, as the PDF edge gives it) set sideways."""
    return sideways_box(w.x1 - w.x0, w.y1 - w.y0, w.text, s)


def sideways_words(words: list[Word], s: LayoutSettings) -> list[Word]:
    """The page's words set sideways (found once a page: most pages have none)."""
    return [w for w in words if is_sideways(w, s)]


def sideways_apart(words: list[Word], tall: list[Word], body_h: float, s: LayoutSettings) -> list[Word]:
    """The sideways words (`tall`, among `words`) set against a wide empty strip on one side,
    with text beyond it, and against lines of words on the other: a photo's credit up its edge
    beside the column it stands in. Such a word leaves the page's words before rows are made and
    the page cut: in place, it would tie the rows of that column to nothing across the photo,
    and part the column where its box ends. (An axis title keeps its place: tick labels,
    figures, stand beside it.)"""
    wide = s.sideways_apart * body_h
    out = []
    for t in tall:
        level = [w for w in words if w is not t and min(w.y1, t.y1) - max(w.y0, t.y0) > 0]
        right = [w.x0 - t.x1 for w in level if w.x0 >= t.x1]
        left = [t.x0 - w.x1 for w in level if w.x1 <= t.x0]
        for far, near_side in ((right, [w for w in level if 0 <= t.x0 - w.x1 < wide]),
                               (left, [w for w in level if 0 <= w.x0 - t.x1 < wide])):
            lines = {round(w.y0) for w in near_side if LETTERED.search(w.text)}
            if far and min(far) >= wide and len(lines) >= s.sideways_apart_lines:
                out.append(t)
                break
    return out


def sideways_stacks(tall: list[Word], s: LayoutSettings) -> list[list[Word]]:
    """The sideways words grouped into paragraphs: lines side by side, each at most
    sideways_line_gap of its width from the next, level with it (overlapping by half the shorter)
    and running the same way, in the order they are read. A stamp, an axis title or a credit is
    a paragraph of one line."""
    stacks: list[list[Word]] = []
    for w in sorted(tall, key=lambda w: (w.x0, w.y0)):
        beside = [st for st in stacks if _next_line(st[-1], w, s)]  # (two stacks may interleave)
        if beside:
            min(beside, key=lambda st: w.x0 - st[-1].x1).append(w)
        else:
            stacks.append([w])
    return [stack[::-1] if stack[0].reads_down else stack for stack in stacks]


def _next_line(last: Word, w: Word, s: LayoutSettings) -> bool:
    """Sideways line `w` follows `last` in one paragraph: just right of it, level, same way."""
    return (last.reads_down == w.reads_down and last.x1 <= w.x0 + s.sideways_line_gap * (w.x1 - w.x0)
            and w.x0 - last.x1 <= s.sideways_line_gap * min(w.x1 - w.x0, last.x1 - last.x0)
            and min(w.y1, last.y1) - max(w.y0, last.y0) >= 0.5 * min(w.y1 - w.y0, last.y1 - last.y0))


def sideways_paragraphs(tall: list[Word], s: LayoutSettings) -> list[Word]:
    """The sideways words that are lines of a paragraph of two lines or more (a column or a
    table set sideways beside upright text): they leave the words before rows are made, as a
    credit does (sideways_apart): in place, each line, as tall as the paragraph, would tie rows
    of the upright text beside it together, and the paragraph come back a line at a time."""
    return [w for stack in sideways_stacks(tall, s) if len(stack) > 1 for w in stack]


def sideways_out_of_lines(columns: list[list[Row]], sideways: list[Word]) -> tuple[list[list[Row]], list[Word]]:
    """The columns' lines (each column's rows) without the `sideways` words that share a line
    with upright text, a word wider than tall; and those words. (A short word of a sideways
    table, too short to tell, is no upright text.) Rows are found, and the page cut into columns,
    with them in place: an axis title beside a chart holds its rows together as the chart's other
    labels do."""
    tall = {id(w) for w in sideways}
    if not tall:
        return columns, []  # (most pages)
    out: list[Word] = []
    kept: list[list[Row]] = []
    for rows in columns:
        lines: list[Row] = []
        for row in rows:
            ws = row.words
            if len(ws) > 1 and any(id(w) in tall for w in ws):
                upright = [w for w in ws if id(w) not in tall]
                if any(w.x1 - w.x0 > w.y1 - w.y0 for w in upright):
                    out += [w for w in ws if id(w) in tall]
                    box = words_box(upright)
                    row = Row(upright, box.y0, box.y1)
            lines.append(row)
        kept.append(lines)
    return kept, out


def place_sideways(body: list[Block], sideways: list[Word], s: LayoutSettings) -> list[Block]:
    """The body blocks with each paragraph of sideways words (sideways_stacks; most are one word)
    as a block of its own, after the block beside it: of the blocks level with it, the nearest
    across; else the nearest above or below. Several beside one block follow it left to right."""
    if not sideways:
        return body
    boxes = [b.box for b in body]
    after: dict[int, list[list[Word]]] = {}
    for stack in sideways_stacks(sideways, s):
        w = words_box(stack)
        best: tuple[float, float, int] | None = None
        anchor = -1
        for i, box in enumerate(boxes):
            across = max(0.0, box.x0 - w.x1, w.x0 - box.x1)
            down = max(0.0, box.y0 - w.y1, w.y0 - box.y1)
            key = (down, across, i)  # level with it (down 0) first, then the nearest across
            if best is None or key < best:
                best, anchor = key, i
        after.setdefault(anchor, []).append(stack)
    out = [_block(stack, None) for stack in after.get(-1, [])]  # (no body block to follow: first)
    for i, b in enumerate(body):
        out.append(b)
        out += [_block(stack, b) for stack in after.get(i, [])]
    return out


def _block(stack: list[Word], anchor: Block | None) -> Block:
    block = Block([Line([w]) for w in stack], anchor.band if anchor else 0, anchor.column if anchor else 0, kind=TEXT)
    block.region = anchor.region if anchor else 0
    return block
