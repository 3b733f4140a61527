"""A figure's labels: the text a chart or diagram draws (tick values, a legend, axis titles),
told from the page's prose so that the chunks embed the prose and the caption, not the ticks.

The labels stay in the page text where the reading order puts them; only their blocks' kind
changes (FIGURE), which the splitter reads."""
from __future__ import annotations

import re

from .floats import CAPTION, captioned_below, figure_label, is_caption_start
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
# A line of a chart's tick values: numbers alone ("0 20 60 100", "−0.5", "25%").
_TICKS = re.compile(r"^[-+−–]?\d[\d.,]*%?(\s+[-+−–]?\d[\d.,]*%?)*$")


def _figure_caption(block: Block, s: LayoutSettings) -> bool:
    first = block.lines[0].text
    if block.kind not in (TEXT, HEADING) or _TABLE_LABEL.match(first):
        return False
    return is_caption_start(first) or (block.kind == TEXT and captioned_below(block, s))


def _bare_label(block: Block) -> bool:
    """A caption that is its label alone on its line ("Figure 1"), its title in the block after
    it: APA's caption over its figure."""
    m = CAPTION.match(block.lines[0].text) if len(block.lines) == 1 else None
    return m is not None and not block.lines[0].text[m.end():].strip(" .:")


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


def _label_over(block: Block, caption: Block, top: float, body_h: float, s: LayoutSettings) -> bool:
    """`block` may be a label of the figure over `caption` (whose label line starts at `top`):
    labels (`_beside`) above it, past its ends too (a short centred caption is narrower than
    its chart: a legend may stand beside it)."""
    return block.box.y1 <= top + body_h / 2 and _beside(block, caption, body_h, s)


def _label_under(block: Block, caption: Block, body_h: float, s: LayoutSettings) -> bool:
    """`block` may be a label of the figure under `caption` (its caption set above it, as APA
    sets it): as over it (`_label_over`)."""
    return block.box.y0 >= caption.box.y1 - body_h / 2 and _beside(block, caption, body_h, s)


def _beside(block: Block, caption: Block, body_h: float, s: LayoutSettings) -> bool:
    """`block` reads as a chart's labels (`figure_label`, `_labels`) and may belong to the figure
    of `caption`: not in another column of its band, and no caption itself."""
    other_column = block.band == caption.band and block.column != caption.column
    return (block.kind in (TEXT, HEADING) and not other_column and not is_caption_start(block.lines[0].text)
            and figure_label(block, body_h, s) and _labels(block, s))


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


def _mark(labels: list[Block]) -> None:
    for b in labels:
        if not all(_PANEL.match(line.text) for line in b.lines):
            b.kind = FIGURE


def mark_figure_labels(layout: PageLayout, body_h: float, s: LayoutSettings) -> None:
    """Blocks of a figure's labels become FIGURE blocks: those read right before its caption
    that hang together over it, each within LABEL_REACH body lines of the ones below it. A
    caption with none over it may be set above its figure (APA's "Figure 1" over its title):
    the labels read right after it (after its title) that hang together under it are its
    figure's, if some are tick values (a chart: text under a caption is else the body's). A
    panel's caption among them ("(a) Energy Variation") stays text."""
    if body_h <= 0:
        return
    body = [b for b in layout.blocks if b.kind not in FURNITURE_KINDS and b.lines]
    reach = LABEL_REACH * body_h
    for k, caption in enumerate(body):
        if not _figure_caption(caption, s):
            continue
        top = _caption_top(caption)
        j = k - 1
        while j >= 0 and _label_over(body[j], caption, top, body_h, s):
            j -= 1
        if j < k - 1:
            _mark(_hanging(body[j + 1:k], top, reach, down=False))
            continue
        head = body[k + 1] if _bare_label(caption) and k + 1 < len(body) else caption  # (its title)
        j = body.index(head) + 1
        while j < len(body) and _label_under(body[j], head, body_h, s):
            j += 1
        under = _hanging(body[body.index(head) + 1:j], head.box.y1, reach, down=True)
        if any(all(_TICKS.match(line.text) for line in b.lines) for b in under):
            _mark(under)
