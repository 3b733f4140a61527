"""Floats that interrupt a paragraph: captions, footnotes, tables and figures in their own type,
boxes. They go after the paragraph they interrupt, never inside a sentence.

A sentence that runs from one block into a later one (a column's last line and the next
column's first, a paragraph around a table) is read whole: the blocks between them that are
floats (a caption, or text set in another size than the page's body) move after the block that
carries the sentence on. Nothing moves unless the sentence plainly goes on: the block before
ends without closing punctuation and the block after starts with a lower-case letter, a number
that is no list item's or a bracket that lower case follows (or the block before ends with a
hyphen); both are running text of the body's size.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .geometry import (EQUATION_NUMBER, FURNITURE_KINDS, HEADING, LETTERED, SECTION_NUMBER, TABLE, TEXT, Block,
                       Line, PageLayout, in_capitals, median, opens_with_note_mark, raised_after)
from .settings import LayoutSettings
from .sideways import is_sideways

# A float's label at a line start: "Figure 3", "Fig. 2", "FIG. 4" (REVTeX), "Table IV", "TABLE 1",
# "Listing 2", "Algorithm 1" ...: a caption's, or a sentence's subject ("Figure 3 shows").
LABEL = re.compile(r"^(Fig(ure)?\.?|FIG(URE)?\.?|Table|TABLE|Tab\.|Listing|Algorithm|Scheme|Chart|Exhibit|Box|Plate|"
                   r"Abbildung|Abb\.|Tabelle|Tableau|Tabla|Figura)\s*([A-Z]?\d+|[IVXL]+)\b")
# A figure's label among them (a chart's, a diagram's, a photograph's), not a table's, a
# listing's or a text box's.
FIGURE_LABEL = re.compile(r"^(Fig(ure)?\.?|FIG(URE)?\.?|Figura|Abbildung|Abb\.|Chart|Scheme|Plate)\s*([A-Z]?\d+|[IVXL]+)\b")
# A caption's: no lower-case word after the label (maybe past its part's number or panel), as
# in "Figure 3 shows", "Table 3-2 lists", "Fig. 6 a presents" (a paragraph's first words).
CAPTION = re.compile(LABEL.pattern + r"(?!(?:[-.]\d+)*(?:\s?\(?[a-z]\)?)?\s+[a-z]{2})")
# A sentence ends in a stop (and closing quotes or brackets), maybe with a footnote number
# after a word's stop ("... end.12"); a decimal number ("(2.86") and a label's number ("Fig.3",
# "Abs.1", "pp.12") end none. (Asked of a line's last characters: a pattern with the footnote's
# case searched over a whole line costs seven times as much, and lines are asked by the thousand.)
_STOP_END = re.compile(r"[.!?:;][\"'”’)\]]*$")
_NOTE_AFTER_STOP = re.compile(r"[a-z]{3}[.!?][\"'”’)\]]*\d{1,2}$")
_PARAGRAPH_STOP_END = re.compile(r"[.!?][\"'”’)\]]*$")
_PARAGRAPH_NOTE_AFTER_STOP = re.compile(r"[a-z]{4}[.!?][\"'”’)\]]*\d{1,2}$")
_TAIL = 12  # characters: a stop, its closing marks and a footnote's number, and the word before


def _ends_with(text: str, stop: re.Pattern[str], note_after_stop: re.Pattern[str]) -> bool:
    tail = text[-_TAIL:]
    return bool(stop.search(tail) or tail[-1:].isdigit() and note_after_stop.search(tail))


def ends_sentence(text: str) -> bool:
    """A stop, colon or semicolon ends the text (white space after it aside), maybe with a
    footnote's number after a word's stop."""
    return _ends_with(text.rstrip(), _STOP_END, _NOTE_AFTER_STOP)


def closes_paragraph(text: str) -> bool:
    """A paragraph's last line ends so: a stop, maybe with a footnote's number after a word's
    stop ("... time.3"; not a label's number: "in Fig.3", "Abs.1"). No colon nor semicolon."""
    return _ends_with(text, _PARAGRAPH_STOP_END, _PARAGRAPH_NOTE_AFTER_STOP)


# A note's symbol mark joined to the note's first word (a figure there may be the word's own).
_GLUED_SYMBOL_MARK = re.compile(r"^[∗⋆†‡§¶*][^\W\d_]")
# A name that opens in lower case with a capital inside it ("iText", "macOS", "eBay"): a product
# named so may head its section; the words that carry a sentence on ("where", "as follows:") never.
_LOWER_CASE_NAME = re.compile(r"[a-z]+[A-Z]")
# Articles, prepositions and conjunctions no sentence ends on (English, German, French, Spanish).
_JOINING_WORDS = frozenset({
    "a", "an", "the", "to", "of", "for", "with", "from", "and", "or", "nor", "into", "onto", "than", "via",
    "between", "among", "whose", "its", "their", "our", "your", "der", "die", "das", "den", "dem", "des",
    "ein", "eine", "einer", "einen", "und", "oder", "mit", "von", "zu", "zum", "zur", "für", "le", "la",
    "les", "un", "une", "de", "du", "et", "ou", "avec", "pour", "el", "los", "las", "una", "y", "con",
    "para", "del"})
_LIST_NUMBER = re.compile(r"^\d+[.)]\s")  # "2. Run the tests": a list item opens with its number
# "(PGH) can give ...", "[Smith] showed that ...": a bracket, then lower case, goes on a
# sentence ("[12] van der Berg, J." opens a reference: a number in square brackets does not).
_BRACKETED_REST = re.compile(r"^(?:\([^()\[\]]{1,40}\)|\[(?!\d+\])[^()\[\]]{1,40}\])[,;:]?\s+([^\W\d_])")


# A caption whose number is set off by a stop or a colon: a caption's line, not a sentence.
_CAPTION_SET_OFF = re.compile(CAPTION.pattern + r"[.:]")


def is_caption_start(text: str) -> bool:
    return bool(CAPTION.match(text))


def bare_label(text: str, label: re.Pattern[str]) -> bool:
    """A line that is a float's `label` alone ("Table 2", "Figure 1"), its caption's title on the
    lines after it."""
    m = label.match(text)
    return m is not None and not text[m.end():].strip(" .:")


def opens_with_label(text: str) -> bool:
    """A line that opens with a float's label: a caption's first line, or a paragraph's whose
    subject the float is ("Figure 3 shows ..."). After a sentence's end, either opens a block."""
    return bool(LABEL.match(text))


def block_height(block: Block) -> float:
    """The block's usual word height (its type size, near enough). (From its lines' words, not
    `Block.words`: no list of them is made first, for every block is asked, some again and again.)"""
    return median([w.y1 - w.y0 for line in block.lines for w in line.words], 0.0)


def clearly_smaller(height: float, than: float, s: LayoutSettings) -> bool:
    """Type clearly smaller than another's: by half float_size_change at least (a 9 pt note
    under 10 pt text, which a page's body height may not tell apart)."""
    return height < (1 - s.float_size_change / 2) * than


def same_height(h: float, height: float, s: LayoutSettings) -> bool:
    """Type of height h is type of this height (within float_size_change of it)."""
    return abs(h - height) <= s.float_size_change * height


def _same_size(block: Block, height: float, s: LayoutSettings) -> bool:
    """The block is set in type of this height (within float_size_change of it)."""
    return same_height(block_height(block), height, s)


def body_size(block: Block, body_h: float, s: LayoutSettings) -> bool:
    return _same_size(block, body_h, s)


def _running(text: str, s: LayoutSettings) -> bool:
    words = text.split()
    return (len(words) >= s.running_text_words
            and sum(1 for w in words if LETTERED.search(w)) > s.running_text_letters * len(words))


def _is_float(block: Block, body_h: float, s: LayoutSettings) -> bool:
    """A caption, or a block that is not body text: another type size, or a label the page set
    apart (a chart's axis title taken for a heading) in another size; or a table read with the
    caption under it, in type near the body's (ACL's tables in 10 points beside 11)."""
    first = block.lines[0].text
    if is_caption_start(first):
        return True
    return not body_size(block, body_h, s) or captioned_below(block, s)


def captioned_below(block: Block, s: LayoutSettings) -> bool:
    """A block whose last caption, its number set off ("Table 2: Font guide.", "Fig. 3. ..."),
    runs to the block's end under lines none of which is a line of prose: a table or a figure's
    labels with its caption, not a paragraph ("Table 2 gives the rest" is a sentence)."""
    texts = [line.text for line in block.lines]
    at = next((k for k in range(len(texts) - 1, 0, -1) if _CAPTION_SET_OFF.match(texts[k])), 0)
    return at > 0 and not any(_prose_line(t, s) for t in texts[:at])


def caption_goes_on(caption: Block, block: Block, body_h: float, s: LayoutSettings) -> bool:
    """`block` is the rest of the float above it: the float's last line leaves its sentence (or
    a word) open, and `block` opens in lower case right under it ("... of the hyperparameters
    asso-" / "ciated with the algorithms ...": a caption's second line, not the body's)."""
    if not caption.lines or not block.lines or not is_caption_start(caption.lines[0].text):
        return False
    line = caption.lines[-1]
    last, first = line.text.rstrip(), block.lines[0].text
    if not last or ends_sentence(last) or not first[:1].islower():
        return False
    # The caption's line broke a word, or ran full width (a short centred caption is whole); the
    # line under it is set in the caption's type, right under it (boxes of a font taller than
    # its leading overlap the line above by up to half their height).
    words = line.words
    full = words[-1].x1 - words[0].x0 >= s.caption_full_line * max(caption.box.width, block.box.width)
    height = block_height(caption)
    return ((last.endswith("-") or full) and _same_size(block, height, s)
            and -height / 2 <= block.box.y0 - caption.box.y1 <= body_h
            and min(block.box.x1, caption.box.x1) > max(block.box.x0, caption.box.x0))


def _prose_line(text: str, s: LayoutSettings) -> bool:
    """A line of prose as a column sets it: running text of twice the words running text needs
    (an axis title, a legend's entry or a label is shorter)."""
    return len(text.split()) >= 2 * s.running_text_words and _running(text, s)


def chart_part(block: Block, s: LayoutSettings) -> bool:
    """A text block of labels: no line of prose, no more than half its lines running text, and
    no closing stop (a chart's tick labels, legend and axis title; a short paragraph of two
    lines ends its sentence). A lone line of a few words is one too: a legend's entry ("Words in
    architecture manual"); a sentence open at a line that short would have run on along it. A
    label set apart like a heading ("Followees", an axis title a little larger than the ticks)
    is one too, but not a section's heading: numbered ("4 Setup", "VI. CONCLUSION") or in
    capitals. A number whose words stand far off, as a chart's labels stand (`_spread`), heads
    no section: a tick's value read in one line with a legend's entry ("0.3 ... PFOS")."""
    if block.kind not in (TEXT, HEADING):
        return False
    if _section_heading(block) and not _spread(block.lines[0], s):
        return False
    texts = [line.text for line in block.lines]
    return (not any(_prose_line(t, s) for t in texts) and 2 * sum(_running(t, s) for t in texts) <= max(len(texts), 2)
            and not ends_sentence(texts[-1]))


def _section_heading(block: Block) -> bool:
    """A heading that opens a section: numbered ("4 Setup", "4.1 Data") or in capitals
    ("VI. CONCLUSION"). No chart labels itself so."""
    if block.kind != HEADING:
        return False
    texts = [line.text for line in block.lines]
    return bool(SECTION_NUMBER.match(texts[0])) or in_capitals(" ".join(texts))


def _section_start(block: Block, body_h: float, s: LayoutSettings) -> bool:
    """A numbered section's heading in type larger than the body's ("4 Function reference"
    over a function's signature), its number in the heading's type: no sentence runs on across
    it, though its size alone would make it a float. (In the body's size it ends a run of floats
    anyway. A chart's labels may be set larger and in capitals, "ACC [%]", "2MI", but are not
    numbered as sections; a tick's number beside an axis title in large type, "10 Height", is set
    in other type than the title; a footnote or a legend that opens with a number, "1 Followers",
    is set no larger than the body.)"""
    if block.kind != HEADING or not SECTION_NUMBER.match(block.lines[0].text):
        return False
    heights = [w.y1 - w.y0 for w in block.lines[0].words]
    return block_height(block) > body_h and not clearly_smaller(min(heights), max(heights), s)


def _heads(block: Block, below: Block, s: LayoutSettings) -> bool:
    """A heading set right over the paragraph that follows it, flush with its left edge and no
    wider (by half a letter of its type at most): it opens that paragraph, and no sentence runs
    on across it, whatever its size. A newspaper's headline over its story ("First heading.
    Aenean sem purus" over "12:34 h — First text."). The paragraph opens with a line of prose:
    a figure's header row over its rows ("Macro Output" over "\\CTAN CTAN") is no heading of
    the text. A caption is no heading; a pull quote is set apart, indented or centred."""
    if (block.kind != HEADING or below.kind != TEXT or is_caption_start(block.lines[0].text)
            or not _prose_line(below.lines[0].text, s)):
        return False
    over, under, height = block.box, below.box, block_height(block)
    return (abs(over.x0 - under.x0) <= s.edge_tolerance and over.x1 <= under.x1 + height / 2
            and 0 <= under.y0 - over.y1 <= 2 * height)


def _open_sentence(block: Block, body_h: float, s: LayoutSettings) -> bool:
    """A body paragraph whose last line leaves its sentence open. (A chart's tick labels over
    its axis title are no paragraph.) The last line is read first: most paragraphs close their
    sentence, and need not be weighed as floats (their every word and line)."""
    if block.kind != TEXT:
        return False
    last = _without_mark(block.lines[-1], s)
    if not last or ends_sentence(last) or not _running(last, s) or _is_float(block, body_h, s):
        return False
    return not chart_part(block, s)


def _without_mark(line: Line, s: LayoutSettings) -> str:
    """A line's text less a footnote's number set raised, in smaller type, apart from the word
    before it ("... the Egger's tests. 24"): after a stop, the sentence ends all the same."""
    text, words = line.text.rstrip(), line.words
    if len(words) > 1 and words[-1].text.isdigit() and len(words[-1].text) <= 2 and text.endswith(" " + words[-1].text):
        if raised_after(words[-1], words[-2], s.mark_small, s.mark_raised):
            return text[: -len(words[-1].text) - 1]
    return text


def _running_opening(block: Block, body_h: float, s: LayoutSettings) -> str | None:
    """The first line of a body paragraph of running text (None for anything else). A short
    first line in lower case opens one too: the word or two that carry a sentence on into a
    display equation ("as" / "ACC = ..." / "where ..."), set flush left over a line of prose
    flush left in the block (a listing's indented "end for", an axis title, are no such lines);
    and so does a block of that one line, in lower case, of two words at least, that closes its
    sentence: the last words of a sentence carried over a float ("from the sensors."). A short
    first line that opens with a name in lower case ("iText") over prose opening with a capital
    is a heading."""
    if block.kind != TEXT or _is_float(block, body_h, s) or _spread(block.lines[0], s):
        return None
    first = block.lines[0].text
    if _running(first, s):
        return first
    if not first[:1].islower() or len(first.split()) >= s.running_text_words:
        return None
    if len(block.lines) == 1:
        ends = closes_paragraph(first) and sum(1 for w in first.split() if LETTERED.search(w)) >= 2
        return first if ends else None
    x0 = block.box.x0
    if _LOWER_CASE_NAME.match(first) and _second_opens_prose(block, s):
        return None  # a heading over its paragraph ("iText" / "Auch iText ist kein ...")
    carried = (block.lines[0].box.x0 - x0 <= body_h
               and any(line.box.x0 - x0 <= body_h and _prose_line(line.text, s) for line in block.lines[1:]))
    return first if carried else None


def _second_opens_prose(block: Block, s: LayoutSettings) -> bool:
    """The block's second line is running prose that opens with a capital: a sentence starts
    there (under a name in lower case, see _LOWER_CASE_NAME, the first line is a heading)."""
    second = block.lines[1].text
    return second[:1].isupper() and _prose_line(second, s)


def _spread(line: Line, s: LayoutSettings) -> bool:
    """Words standing far apart, by label_spread times their height (the median gap): a
    diagram's labels read as one line ("back  feed  Input  Gp"), no prose, whatever its case."""
    words = line.words
    if len(words) < 2:
        return False
    gaps = [b.x0 - a.x1 for a, b in zip(words, words[1:])]
    return median(gaps, 0.0) > s.label_spread * median([w.y1 - w.y0 for w in words], 0.0)


def _opens_sentence_rest(first: str) -> bool:
    """A line that can only carry on a sentence: lower case first, a number that is no list
    item's ("... their first" / "2 years"), or a bracket that lower case follows ("... the
    particle guess heuristic" / "(PGH) can give")."""
    if first[:1].islower() or (first[:1].isdigit() and not _LIST_NUMBER.match(first)):
        return True
    bracketed = _BRACKETED_REST.match(first)
    return bracketed is not None and bracketed.group(1).islower()


def _goes_on_past_any_opening(before: Block, first: str, s: LayoutSettings) -> bool:
    """`before`'s last line ends on a comma, an article, a preposition or a conjunction (a
    footnote's mark after it aside): no paragraph ends so, and the running text whose first line
    is `first` carries it on whatever it opens with, a name or an acronym too ("... full access
    to" / "AI systems", "... perceptron (MLP)," / "AdaBoost"); not a list's next item ("2. Run")."""
    return left_open_for_any(_without_mark(before.lines[-1], s)) and opens_any_rest(first)


def left_open_for_any(last: str) -> bool:
    """A line (its text) that ends on a comma, an article, a preposition or a conjunction: no
    paragraph ends so."""
    words = last.rsplit(None, 1)
    return bool(words) and (last.endswith(",") or words[-1].lower() in _JOINING_WORDS)


def opens_any_rest(first: str) -> bool:
    """A line that may carry on a sentence left open for any word: it opens with a letter or a
    figure, and not with a list's number ("2. Run")."""
    return first[:1].isalnum() and not _LIST_NUMBER.match(first)


def _carries_on(before: Block, after: Block, body_h: float, s: LayoutSettings) -> bool:
    """`after` carries on the sentence `before` leaves open (or the word its last line breaks)."""
    first = _running_opening(after, body_h, s)
    return first is not None and _rest_of(before, first)


def _rest_of(before: Block, first: str) -> bool:
    """The running text whose first line is `first` can only be the rest of `before`'s sentence
    (or of the word its last line breaks)."""
    last = before.lines[-1].text.rstrip()
    return _opens_sentence_rest(first) or (last[-1:] == "-" and first[:1].isalpha())


def runs_into(before: Block, after: Block, body_h: float, s: LayoutSettings) -> bool:
    """`after`, read right after `before`, is the rest of the paragraph `before` leaves in
    mid-sentence (where a column's foot, or a float set inside it, cut it): the two read as one
    paragraph (`_carries_on`, or `_goes_on_past_any_opening`: floats are not moved for that, as
    a heading in small type and a paragraph of filler text that ends on a comma are no floats
    and no sentence to pass them for)."""
    if body_h <= 0 or not _open_sentence(before, body_h, s):
        return False
    first = _running_opening(after, body_h, s)
    return first is not None and (_rest_of(before, first) or _goes_on_past_any_opening(before, first, s))


def floats_after_paragraphs(body: list[Block], body_h: float, s: LayoutSettings) -> list[Block]:
    """The body blocks with floats that sit inside a sentence moved after the block that carries
    that sentence on."""
    if body_h <= 0 or len(body) < 3:
        return body
    out = list(body)
    i = 0
    while i < len(out) - 2:
        if _open_sentence(out[i], body_h, s):
            j = i + 1
            loose = captioned = False  # the run holds a chart's labels in the body's size
            caption: Block | None = None  # the run's last caption (its rest may follow a label)
            floats = 0  # float_run_max at most; a chart's labels, each a block, count apart
            while (j < len(out) and j - i <= 4 * s.float_run_max and not _section_start(out[j], body_h, s)
                   and not (j + 1 < len(out) and _heads(out[j], out[j + 1], s))):
                if not (_is_float(out[j], body_h, s) or caption and caption_goes_on(caption, out[j], body_h, s)
                        or _footnote_under(out[i], out[j], out, s)
                        or caption and _float_rest(caption, out[j], body_h, s)
                        and not _carries_on(out[i], out[j], body_h, s)):
                    # After the caption, such a block is the sentence's (an equation); a short
                    # paragraph that carries the sentence on is no chart's labels.
                    if captioned or not chart_part(out[j], s) or _carries_on(out[i], out[j], body_h, s):
                        break
                    loose = True
                elif not chart_part(out[j], s):  # a chart's labels in small type count apart too
                    floats += 1
                    if floats > s.float_run_max:
                        break
                if is_caption_start(out[j].lines[0].text):
                    captioned, caption = True, out[j]
                elif captioned_below(out[j], s):
                    captioned = True
                j += 1
            # Labels in about the body's size are a figure's only before its caption (a display
            # equation inside a sentence stays where it is).
            captioned = captioned or not loose
            if i + 1 < j < len(out) and captioned and _carries_on(out[i], out[j], body_h, s):
                # The paragraph that carries the sentence on may end inside its block: floats set
                # over it in its column go there. (Notes at another column's foot go after the
                # block, where the page's geometry alone reads them.)
                head, tail = (_first_paragraph(out[j], body_h, s) if any(_over(f, out[j]) for f in out[i + 1: j])
                              else (out[j], None))
                out[i + 1: j + 1] = [head] + out[i + 1: j] + ([tail] if tail else [])
                i += 1  # the paragraph carried on may leave its own sentence open
                continue
        i += 1
    return out


def _float_rest(above: Block, block: Block, body_h: float, s: LayoutSettings) -> bool:
    """`block` is the rest of the captioned float over it (an algorithm's last lines under its
    caption and first lines, parted from them by a script's row): set right under it, less than
    half a body height apart, within its width, no line of it prose. A paragraph that goes on
    after a float stands a float's space below it."""
    a, b = above.box, block.box
    tol = s.edge_tolerance
    return (-body_h / 2 <= b.y0 - a.y1 <= body_h / 2 and b.x0 >= a.x0 - tol and b.x1 <= a.x1 + tol
            and not any(_prose_line(line.text, s) for line in block.lines))


def _footnote_under(paragraph: Block, block: Block, body: list[Block], s: LayoutSettings) -> bool:
    """`block` is a footnote under the paragraph whose sentence it interrupts: at its column's
    foot (no block of the column below it), right under the paragraph, in type clearly smaller
    than the paragraph's (half float_size_change at least: a 9 pt note under 10 pt text, which
    the page's own body height may not tell apart)."""
    a, b = paragraph.box, block.box
    if b.y0 < a.y1 or min(a.x1, b.x1) <= max(a.x0, b.x0) or block.kind != TEXT:
        return False
    if not (clearly_smaller(block_height(block), block_height(paragraph), s) or _notes_by_mark(block, s)):
        return False
    return not any(o is not block and o.box.y0 >= b.y1 and min(o.box.x1, b.x1) > max(o.box.x0, b.x0)
                   for o in body)


def _notes_by_mark(block: Block, s: LayoutSettings) -> bool:
    """Every line of the block opens with a footnote's mark (`opens_with_note_mark`, or a
    symbol's that the text layer joined to the word after it: "*Contact author: ..."):
    footnotes, whatever their own type (a URL's font may stand taller than the body's)."""
    return all(opens_with_note_mark(line, s) or _GLUED_SYMBOL_MARK.match(line.words[0].text)
               for line in block.lines)


def body_height(layout: PageLayout, document_body: float = 0.0, s: LayoutSettings | None = None) -> float:
    """The page's body type: the median word height of its text paragraphs (0 without any). On
    a page whose paragraphs are mostly in another type (references under the conclusion's last
    column), the document's body type (`document_body`, 0: unknown) where paragraphs in it hold
    a quarter of the page's text at least: the paragraphs that carry a sentence are in it."""
    text = [b for b in layout.body_blocks if b.kind == TEXT and b.lines]
    page = median([w.y1 - w.y0 for b in text for line in b.lines for w in line.words], 0.0)
    if document_body <= 0 or page <= 0 or s is None or same_height(page, document_body, s):
        return page
    words = sum(len(line.words) for b in text for line in b.lines)
    in_body = sum(len(line.words) for b in text if _same_size(b, document_body, s) for line in b.lines)
    return document_body if 4 * in_body >= words else page


def _foot_float(block: Block, body_h: float, s: LayoutSettings) -> bool:
    """A float read at the page's foot: a caption, or a float in smaller type (a footnote; a
    pull quote in large type is no such thing), or notes each opening with its mark in type
    smaller than the body's, however little (9 pt notes under 10 pt text), or text set sideways
    (a photograph's credit up its side: the body never runs so)."""
    if all(is_sideways(w, s) for line in block.lines for w in line.words) and block.words:  # (most: the first word)
        return True
    if _is_float(block, body_h, s):
        return is_caption_start(block.lines[0].text) or block_height(block) < body_h
    return block.kind == TEXT and block_height(block) < body_h and _notes_by_mark(block, s)


def figure_label(block: Block, body_h: float, s: LayoutSettings) -> bool:
    """A block of a chart's labels (`chart_part`), set sideways or in type no larger than the
    body's (a tick label, an axis title): above a caption, its figure's. Not a displayed
    equation, numbered at a line's end ("(3.10)"): the sentence above it introduces it."""
    return (chart_part(block, s) and not any(EQUATION_NUMBER.match(line.words[-1].text) for line in block.lines)
            and (all(is_sideways(w, s) for w in block.words)
                 or block_height(block) <= (1 + s.float_size_change) * body_h))


def _floats_at_foot(blocks: list[Block], is_float: Callable[[Block], bool], body_h: float, s: LayoutSettings,
                    most: int) -> int:
    """How many of the blocks, counted back from the last (`most` at most), are floats read at
    the page's foot: those `is_float` takes, and a chart's labels over a caption among them
    (`figure_label`)."""
    n = 0
    captioned = False  # a caption below: the labels above it are its figure's
    while n < min(most, len(blocks)):
        b = blocks[-1 - n]
        if is_float(b):
            captioned = captioned or (b.kind == TEXT and is_caption_start(b.lines[0].text))
        elif not (captioned and figure_label(b, body_h, s)):
            break
        n += 1
    return n


def ends_open(layout: PageLayout, body_h: float, s: LayoutSettings) -> bool:
    """The page's last paragraph leaves its sentence open (it goes on on the next page). The
    floats read after it at the page's foot (a footnote, a figure's caption and the chart's
    labels over it) are not its last."""
    if body_h <= 0:
        return False
    text = [b for b in layout.body_blocks if b.kind == TEXT and b.lines]
    n = _floats_at_foot(text, lambda b: _foot_float(b, body_h, s), body_h, s, len(text))
    return n < len(text) and _open_sentence(text[-1 - n], body_h, s)


def _moves_before_open_end(block: Block, body_h: float, s: LayoutSettings) -> bool:
    """A float at a page's foot that never carries the sentence above it on: a table or a
    caption. (A listing or an equation in smaller type may be the display the sentence
    introduces, "... as in the example below" / its code, and a footnote is as far below the
    text as such a display: they stay after it.)"""
    return block.kind == TABLE or (block.kind == TEXT and is_caption_start(block.lines[0].text)
                                   and _foot_float(block, body_h, s))


def _picture_float(block: Block, last: Block | None, blocks: list[Block], body_h: float, s: LayoutSettings) -> bool:
    """A picture's caption or credit beside the page's last paragraph (`last`): a float at the
    foot (`_foot_float`: smaller type, or set sideways) in another column than the paragraph,
    with no text over it for picture_gap body heights (the picture stands there). A footnote
    stands under its column's text; a display that the paragraph's open sentence introduces
    stands under the paragraph."""
    if last is None or block.kind not in (TEXT, HEADING) or not _foot_float(block, body_h, s):
        return False
    a, b = block.box, last.box
    if min(a.x1, b.x1) > max(a.x0, b.x0):
        return False
    return not any(o is not block and o.kind not in FURNITURE_KINDS and o.box.y0 < a.y0
                   and o.box.y1 > a.y0 - s.picture_gap * body_h and min(a.x1, o.box.x1) > max(a.x0, o.box.x0)
                   for o in blocks)


def floats_before_open_end(layout: PageLayout, body_h: float, s: LayoutSettings) -> None:
    """On a page whose last paragraph leaves its sentence open for the next page, the floats
    read after it (a figure's caption and its chart's labels, a table with its notes) go before
    that paragraph: inside its block, where the paragraph opens there (`paragraph_starts`); else
    before the block that opens its sentence (the paragraph, or the one in the column before
    that it carries on) and the heading over it. The sentence runs on from the page's last words
    to the next page's first. Only where that block opens a sentence after one that leaves none
    open: the floats would part another's halves."""
    if body_h <= 0:
        return
    blocks = layout.blocks
    body = [i for i, b in enumerate(blocks) if b.kind not in FURNITURE_KINDS and b.lines]
    foot = [blocks[i] for i in body]
    last = next((b for b in reversed(foot) if b.kind == TEXT and not _foot_float(b, body_h, s)), None)
    k = len(body) - _floats_at_foot(
        foot, lambda b: _moves_before_open_end(b, body_h, s) or _picture_float(b, last, foot, body_h, s),
        body_h, s, 4 * s.float_run_max)
    if k < 2 or k == len(body) or not _open_sentence(blocks[body[k - 1]], body_h, s):
        return
    moved = [blocks[i] for i in body[k:]]
    last = blocks[body[k - 1]]
    starts = paragraph_starts(last, body_h, s)
    if starts:  # its last paragraph opens inside it: the floats go between its paragraphs
        head, tail = split_block(last, starts[-1])
        _place_before(layout, moved, last, [head], [tail])
        return
    at = k - 1
    # Back to the block that opens the sentence: the paragraph may carry on one from the column
    # before (its first words a sentence's rest), and a heading may head it.
    while at > 0 and _open_sentence(blocks[body[at - 1]], body_h, s) and _carries_on(
            blocks[body[at - 1]], blocks[body[at]], body_h, s):
        at -= 1
    first = _running_opening(blocks[body[at]], body_h, s) or _under_own_heading(blocks[body[at]], body_h, s)
    if first is None or _opens_sentence_rest(first):
        return
    while at > 0 and blocks[body[at - 1]].kind == HEADING:
        at -= 1
    if at == 0 or _open_sentence(blocks[body[at - 1]], body_h, s):
        return
    _place_before(layout, moved, blocks[body[at]], [], [blocks[body[at]]])


def _under_own_heading(block: Block, body_h: float, s: LayoutSettings) -> str | None:
    """The first line of running text in a paragraph whose block opens with its heading on a
    line of its own ("Summary estimates" over "Hb and SF concentrations were ..."): a short line
    that opens in a capital or a section's number, over a line of prose that opens a sentence.
    None for any other block."""
    if block.kind != TEXT or len(block.lines) < 2:
        return None
    head = block.lines[0].text
    if _running(head, s) or ends_sentence(head) or not (head[:1].isupper() or head[:1].isdigit()):
        return None
    first = _running_opening(replace(block, lines=block.lines[1:]), body_h, s)
    return first if first is not None and first[:1].isupper() else None


def _place_before(layout: PageLayout, moved: list[Block], at: Block, before: list[Block],
                  after: list[Block]) -> None:
    """The blocks `moved` taken out of the page's order and put in `at`'s place between
    `before` and `after` (`at` itself, or its two parts)."""
    taken = {id(b) for b in moved}
    rest = [b for b in layout.blocks if id(b) not in taken]
    to = next(j for j, b in enumerate(rest) if b is at)
    layout.blocks = rest[:to] + before + moved + after + rest[to + 1:]


def paragraph_starts(block: Block, body_h: float, s: LayoutSettings) -> list[int]:
    """The lines (by index) that open a paragraph inside a block of running text, which runs
    paragraphs on without space between them: the line before closes its sentence, and either
    ends short of the block's right edge (by paragraph_short_end body heights; not in text set
    ragged right, where a third of the lines that go on with their sentence end so short) or this
    line is set in from its left (by paragraph_indent at least, while the line before is not: no
    list's hanging line); and this line opens with a capital or a figure."""
    lines = block.lines
    if block.kind != TEXT or len(lines) < 3 or body_h <= 0:
        return []
    box = block.box
    short_of = box.x1 - s.paragraph_short_end * body_h
    going_on = [line for line in lines[:-1] if not closes_paragraph(line.text)]
    ragged = 3 * sum(line.box.x1 < short_of for line in going_on) >= len(going_on)
    out = []
    for i in range(1, len(lines)):
        before, line = lines[i - 1], lines[i]
        text = line.text
        if not (text[:1].isupper() or text[:1].isdigit()) or not closes_paragraph(before.text):
            continue
        b = before.box
        if opens_paragraph_after(b.x0, b.x1, line.box.x0, box.x0, box.x1, body_h, s, ragged):
            out.append(i)
    return out


def opens_paragraph_after(before_x0: float, before_x1: float, x0: float, left: float, right: float,
                          body_h: float, s: LayoutSettings, ragged: bool = False) -> bool:
    """A line starting at `x0`, under one from `before_x0` to `before_x1` that closes its
    sentence, in running text from `left` to `right`, opens a paragraph: the line before ends
    short of the right edge by paragraph_short_end body heights (not in text set `ragged` right),
    or this line is set in from the left by paragraph_indent while the line before is not (no
    list's hanging line)."""
    short = not ragged and before_x1 < right - s.paragraph_short_end * body_h
    return short or (x0 - left >= s.paragraph_indent * body_h and before_x0 - left < s.paragraph_indent * body_h / 2)


def _over(block: Block, other: Block) -> bool:
    """`block` stands over `other`, across part of its width (in its column, or a float across
    the columns over it)."""
    a, b = block.box, other.box
    return a.y0 < b.y0 and min(a.x1, b.x1) > max(a.x0, b.x0)


def split_block(block: Block, at: int) -> tuple[Block, Block]:
    """The block as two, its lines parted before line `at`."""
    return replace(block, lines=block.lines[:at]), replace(block, lines=block.lines[at:])


def _first_paragraph(block: Block, body_h: float, s: LayoutSettings) -> tuple[Block, Block | None]:
    """The block's first paragraph and the rest of it (None: the block is one paragraph)."""
    starts = paragraph_starts(block, body_h, s)
    return split_block(block, starts[0]) if starts else (block, None)


def _chart_title(block: Block, blocks: list[Block], body: list[int], i: int, body_h: float,
                 s: LayoutSettings) -> bool:
    """A block of one line, its sentence open, followed by a float or a chart's labels: the title
    of the chart it stands in ("overloaded instance method (lower is better)" over the ticks)."""
    if len(block.lines) != 1 or ends_sentence(block.lines[0].text):
        return False
    nxt = next((blocks[j] for j in body if j > i), None)
    return nxt is not None and (_is_float(nxt, body_h, s) or chart_part(nxt, s))


def floats_after_carried_sentence(layout: PageLayout, body_h: float, s: LayoutSettings) -> None:
    """On a page whose first paragraph carries on a sentence the page before left open, the
    floats above it (a figure's credit, labels and caption, a table at the page's top) go after
    it."""
    if body_h <= 0:
        return
    blocks = layout.blocks
    body = [i for i, b in enumerate(blocks) if b.kind not in FURNITURE_KINDS and b.lines]
    run: list[int] = []
    floats = 0  # the run's floats, float_run_max at most
    # Blocks of a chart's labels in about the body's size since the last caption (or table): a
    # figure's only before its caption, the sentence's after it (an equation).
    labels = 0
    caption: Block | None = None  # the run's last caption (its rest may follow a label)
    for i in body:
        if len(run) >= 4 * s.float_run_max:
            return
        b = blocks[i]
        if _section_start(b, body_h, s):  # a new section: the sentence left open does not run on here
            return
        if b.kind == TABLE or _is_float(b, body_h, s) or caption and caption_goes_on(caption, b, body_h, s):
            run.append(i)
            floats += 1
            if floats > s.float_run_max:
                return
            if b.kind == TABLE:
                labels = 0
            elif is_caption_start(b.lines[0].text):
                labels, caption = 0, b
            continue
        first = _running_opening(b, body_h, s)
        carries = first is not None and _opens_sentence_rest(first)
        # A chart's labels may open with a line as long as running text (an axis title read
        # together with its tick label): a paragraph that carries the sentence on, or one that
        # is no chart's labels (chart_part), ends the run.
        # A chart's title in lower case reads like a sentence's rest: a line of its own, open,
        # inside the chart (floats or labels before it and next) is the chart's. The page's first
        # block stays the sentence's rest, whatever follows it.
        labelled = chart_part(b, s) and (not carries or bool(run) and _chart_title(b, blocks, body, i, body_h, s))
        if first is not None and not labelled:
            if floats and not labels and carries:
                # (the sentence carried on may end a paragraph inside the block: the floats go there)
                head, tail = _first_paragraph(b, body_h, s)
                blocks[i:i + 1] = [tail] if tail else []
                blocks.insert(run[0], head)
            return
        if not labelled:
            return
        run.append(i)
        labels += 1
