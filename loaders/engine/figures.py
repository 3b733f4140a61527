"""A figure's labels: the text a chart or diagram draws (tick values, a legend, axis titles),
told from the page's prose so that the chunks embed the prose and the caption, not the ticks.

The labels stay in the page text where the reading order puts them; only their blocks' kind
changes (FIGURE), which the splitter reads."""
from __future__ import annotations

import re

from .floats import captioned_below, figure_label, is_caption_start
from .geometry import FIGURE, FURNITURE_KINDS, HEADING, TEXT, Block, PageLayout
from .settings import LayoutSettings

# A table's (or a listing's) caption heads cells or code, which are content, not labels.
_TABLE_LABEL = re.compile(r"^(Table|TABLE|Tab\.|Tabelle|Tableau|Tabla|Listing|Algorithm)\b")
# Code shown in a figure (a macro's name, a brace): a document's content, not a chart's label.
_CODE = re.compile(r"\\[A-Za-z@]|[{}]")
# Letters of scripts written without spaces (Chinese, Japanese, Korean): a line of them is
# prose by its letters, not its words.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
# How far apart, in body lines, a figure's labels stand at most, down to its caption.
LABEL_REACH = 4.0
# A panel's own caption under it: "(a) Energy Variation", "(b)".
_PANEL = re.compile(r"^\(?[a-z]\)\s*")


def _figure_caption(block: Block, s: LayoutSettings) -> bool:
    first = block.lines[0].text
    if block.kind != TEXT or _TABLE_LABEL.match(first):
        return False
    return is_caption_start(first) or captioned_below(block, s)


def _caption_top(caption: Block) -> float:
    """Where the caption's label line starts: panels' captions may open its block ("(b) Delay
    Time Variation" on the row of "(a) Energy Variation", over "Figure 1: ...")."""
    return next((line.box.y0 for line in caption.lines if is_caption_start(line.text)), caption.box.y0)


def _labels(block: Block, s: LayoutSettings) -> bool:
    """A block that reads as labels, not as lines of text: no code (a macro's name, a brace),
    no line of prose in a script without spaces, and not three lines or more of two words or
    more each (a listing, a table's rows or a flowchart's boxes shown as a figure: content)."""
    texts = [line.text for line in block.lines]
    if any(_CODE.search(t) or len(_UNSPACED.findall(t)) >= 2 * s.running_text_words for t in texts):
        return False
    return len(texts) < 3 or any(len(t.split()) < 2 for t in texts)


def _label_of(block: Block, caption: Block, top: float, body_h: float, s: LayoutSettings) -> bool:
    """`block` may be a label of the figure over `caption` (whose label line starts at `top`): a
    chart's labels (`figure_label`) above it, not in another column of its band (a short centred
    caption is narrower than its chart: a legend may stand beside it)."""
    other_column = block.band == caption.band and block.column != caption.column
    return (block.kind in (TEXT, HEADING) and block.box.y1 <= top + body_h / 2 and not other_column
            and not is_caption_start(block.lines[0].text) and figure_label(block, body_h, s) and _labels(block, s))


def mark_figure_labels(layout: PageLayout, body_h: float, s: LayoutSettings) -> None:
    """Blocks of a figure's labels read right before its caption become FIGURE blocks: those of
    them that hang together over the caption, each within LABEL_REACH body lines of the ones
    below it (an author block over a teaser's image reads right before its caption too, but the
    image parts them). A panel's caption among them ("(a) Energy Variation") stays text."""
    if body_h <= 0:
        return
    body = [b for b in layout.blocks if b.kind not in FURNITURE_KINDS and b.lines]
    for k, caption in enumerate(body):
        if not _figure_caption(caption, s):
            continue
        top = _caption_top(caption)
        j = k - 1
        while j >= 0 and _label_of(body[j], caption, top, body_h, s):
            j -= 1
        for b in sorted(body[j + 1:k], key=lambda b: -b.box.y1):
            if b.box.y1 < top - LABEL_REACH * body_h:
                break
            top = min(top, b.box.y0)
            if not all(_PANEL.match(line.text) for line in b.lines):
                b.kind = FIGURE
