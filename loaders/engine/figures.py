"""A figure's labels: the text a chart or diagram draws (tick values, a legend, axis titles),
told from the page's prose so that the chunks embed the prose and the caption, not the ticks.

The labels stay in the page text where the reading order puts them; only their blocks' kind
changes (FIGURE), which the splitter reads."""
from __future__ import annotations

import re

from .floats import FIGURE_LABEL, bare_label, block_height, captioned_below, chart_part, clearly_smaller, figure_label, is_caption_start
from .geometry import FIGURE, HEADING, TEXT, VALUE, Block, Line, PageLayout, Word
from .settings import LayoutSettings
from .sideways import is_sideways

# Code shown in a figure (a macro's name, a brace): a document's content, not a chart's label.
_CODE = re.compile(r"\\[A-Za-z@]|[{}]")
# Letters of scripts written without spaces (Chinese, Japanese, Korean, Thai, Lao, Myanmar,
# Khmer): a line of them is prose by its letters, not its words.
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
                       r"\uac00-\ud7af\uf900-\ufaff]")
# How far apart, in body lines, a figure's labels stand at most, down to its caption.
LABEL_REACH = 4.0
# A panel's own caption: "(a) Energy Variation", "(B)".
_PANEL = re.compile(r"^\(?[A-Za-z]\)\s*")


def _caption_line(block: Block, s: LayoutSettings) -> int | None:
    """The line of `block` that opens a figure's caption: its first, or the last of a block of
    labels run into their caption (`captioned_below`); None when it holds none."""
    if block.kind not in (TEXT, HEADING):
        return None
    if is_caption_start(block.lines[0].text):
        at = 0
    elif block.kind == TEXT and captioned_below(block, s):
        at = max(k for k, line in enumerate(block.lines) if is_caption_start(line.text))
    else:
        return None
    return at if FIGURE_LABEL.match(block.lines[at].text) else None


def _bare_label(block: Block) -> bool:
    """A caption that is its label alone on its line ("Figure 1"), its title in the block after
    it: APA's caption over its figure."""
    return len(block.lines) == 1 and bare_label(block.lines[0].text, FIGURE_LABEL)


def _labels(block: Block, s: LayoutSettings) -> bool:
    """A block that reads as labels, not as lines of text: no code (a macro's name, a brace),
    no line of prose in a script without spaces, and not three lines or more each of two words
    or more, not all values (a listing, a table's rows or a flowchart's boxes shown as a figure:
    content; an axis's ticks are values)."""
    texts = [line.text for line in block.lines]
    if any(_CODE.search(t) or len(_UNSPACED.findall(t)) >= 2 * s.running_text_words for t in texts):
        return False
    return len(texts) < 3 or any(len(line.words) < 2 or _tick_line(line) for line in block.lines)


def _tick_line(line: Line, bare: bool = False) -> bool:
    """A line of a chart's tick values alone ("0 20 60 100"); `bare`: none in brackets
    (`_bare_value`)."""
    return all(_bare_value(w) if bare else VALUE.match(w.text) for w in line.words)


def _ticks(block: Block, bare: bool = False) -> bool:
    """A block with a line of tick values (`bare`: see `_tick_line`)."""
    return any(_tick_line(line, bare) for line in block.lines)


def _label_like(block: Block, caption: Block, s: LayoutSettings) -> bool:
    """`block` reads as a chart's (`chart_part`, `_labels`) and may stand in the figure of
    `caption`: not in another column of its band, and holding no caption. (One already marked,
    another caption's, is passed over, not a stop; so is one in larger type, a label whose
    superscript makes it tall, which `figure_label` will not mark.)"""
    if block.kind == FIGURE:
        return True
    if block.kind not in (TEXT, HEADING) or any(is_caption_start(line.text) for line in block.lines):
        return False
    if block.band == caption.band and block.column != caption.column:
        return False
    return chart_part(block, s) and _labels(block, s)


def _plain_heading(block: Block, body_h: float, s: LayoutSettings) -> bool:
    """A block the engine set apart as a heading, in the body's type, upright, of words: an axis
    title, or a section's heading that may stand right over a caption."""
    return block.kind == HEADING and not (clearly_smaller(block_height(block), body_h, s) or _ticks(block)
                                          or all(is_sideways(w, s) for w in block.words))


def _bare_value(word: Word) -> bool:
    """A value standing bare, as a tick's does: not in brackets (a source's year or page,
    "Fonte: Araujo (2012, p. 24)"; an equation's number, "(3)")."""
    return bool(VALUE.match(word.text)) and "(" not in word.text and ")" not in word.text


def _valued(block: Block) -> bool:
    """A block holding a bare value ("0.2", "WK(meV) 160", "0 / 0 0.5 1 / ω in eV"): a tick's."""
    return any(_bare_value(w) for w in block.words)


def _inside(run: list[Block], body_h: float, s: LayoutSettings, down: bool = False) -> list[Block]:
    """The figure's labels in a run that hangs together: those `figure_label` takes (none in
    larger type), less the headings in the body's type that no other label stands over: an axis
    title under its ticks is the chart's, a heading over the chart (or over a caption set above
    it) is the page's. Under another label, a block in larger type that holds a tick's value is
    one too: a plot drawn in larger type than the body ("0.5", "ω in eV" set apart as headings,
    which the splitter would carry as a section's). Rows of bare tick values, in two blocks at
    least, are such a plot's whatever their type, and so stand over its other labels too.
    (`down`: the run is read under a caption set above its chart.)"""
    labels = [b for b in run if b.kind == FIGURE or figure_label(b, body_h, s)]
    ticks = [b for b in run if _ticks(b, bare=True)]
    others = [b for b in labels if not _plain_heading(b, body_h, s)] + (ticks if len(ticks) >= 2 else [])
    if not others:
        return []
    top = min(b.box.y0 for b in others)
    # Under a caption set above its chart, a block in larger type only over another label too:
    # the next section's heading right under the chart ("Phase 2") stands below every label.
    bottom = max(b.box.y1 for b in others) if down else float("inf")
    return [b for b in run if b in others or b.box.y0 > top and (b in labels or _valued(b) and b.box.y1 <= bottom)]


def _hanging(run: list[Block], edge: float, reach: float, down: bool) -> list[Block]:
    """The blocks of `run` that hang together from the caption's edge: each within `reach` of
    those nearer the caption (an author block over a teaser's image reads right before its
    caption too, but the image parts them)."""
    out = []
    if down:
        for b in sorted(run, key=lambda b: b.box.y0):
            if b.box.y0 > edge + reach:
                break
            edge = max(edge, b.box.y1)
            out.append(b)
    else:
        for b in sorted(run, key=lambda b: -b.box.y1):
            if b.box.y1 < edge - reach:
                break
            edge = min(edge, b.box.y0)
            out.append(b)
    return out


def _mark(labels: list[Block]) -> bool:
    """The labels become FIGURE blocks but a panel's caption ("(a) Energy Variation"), which
    stays text; whether any did."""
    marked = False
    for b in labels:
        if not all(_PANEL.match(line.text) for line in b.lines):
            b.kind = FIGURE
            marked = True
    return marked


def mark_figure_labels(layout: PageLayout, body_h: float, s: LayoutSettings) -> None:
    """Blocks of a figure's labels become FIGURE blocks: those read right before its caption
    that hang together over its label line, each within LABEL_REACH body lines of the ones
    below it. A caption with none over it may be set above its figure (APA's "Figure 1" over
    its title): the labels read right after it (after its title) that hang together under it
    are its figure's, if some are tick values (text under a caption is else the body's). Either
    way, a heading in the body's type is one of them only under another (`_inside`)."""
    if body_h <= 0:
        return
    body = [b for b in layout.body_blocks if b.lines]
    reach = LABEL_REACH * body_h
    for k, caption in enumerate(body):
        at = _caption_line(caption, s)
        if at is None:
            continue
        top = caption.lines[at].box.y0
        j = k - 1
        while j >= 0 and body[j].box.y1 <= top + body_h / 2 and _label_like(body[j], caption, s):
            j -= 1
        if _mark(_inside(_hanging(body[j + 1:k], top, reach, down=False), body_h, s)):
            continue
        h = k + 1 if _bare_label(caption) and k + 1 < len(body) else k  # (its title)
        j = h + 1
        while j < len(body) and body[j].box.y0 >= body[h].box.y1 - body_h / 2 and _label_like(body[j], caption, s):
            j += 1
        under = _inside(_hanging(body[h + 1:j], body[h].box.y1, reach, down=True), body_h, s, down=True)
        if any(_ticks(b) for b in under):
            _mark(under)
