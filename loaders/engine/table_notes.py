"""A table's notes: the lines set right under a table that explain its marks and name its sources.

"Source: Inderes", "Note: ...", "* Has only haemoglobin data.", "a Letters are designated ...",
"(1) Including 34,576 options ...", "N/a: not applicable ..." belong to the table above them,
not to the prose that follows: they are read with the table (its chunk keeps them) instead of as
paragraphs of their own. A block is a note when it opens as one:
- with a note's label ("Note:", "Sources:", "Quelle:" ...) or sign (※), or a reference sign
  (* † ‡ § ¶) that the table's cells carry too;
- with a letter set raised in smaller type (a note's letter: `note_letter`; a raised number
  under a table is as often the page's own footnote);
- with a mark the table itself carries ("1)" after "+ 32 1)", "(1)" after "options(1)", "N/a:"
  under cells reading "N/a");
- or as a remark in brackets, the whole block ("(LR stands for ... task.)").
It sits under the table within `table_caption_reach` of its words' height, across part of the
table's width, in type no larger than the table's or the body's; notes under it follow on, as do
lines in type smaller than the body's set close under a note (the rest of a list of
abbreviations). Notes are taken once the page's running head and foot are known
(`tables.notes_to_tables`, from the reader): a foot set close under a table's last note is
furniture, not a note.
"""
from __future__ import annotations

import re
from typing import Sequence

from .floats import block_height, clearly_smaller, is_caption_start
from .geometry import HEADING, SECTION_NUMBER, TEXT, Block, Box, Line, Word, median
from .settings import LayoutSettings
from .table_grid import Table

_LABEL = re.compile(r"^(?i:notes?|sources?|quellen?|anmerkung(?:en)?|hinweise?|fuentes?|notas?|remarques?"
                    r"|abbreviations?|abkürzungen)\s*[:.]")
_SIGN = re.compile(r"^[*†‡§¶]")  # a reference mark: the table carries it too
_NOTE_SIGN = re.compile(r"^※")  # a note's own sign (CJK typesetting): "※ 주: ...", "※ Source ..."
_ENDS = re.compile(r"[.!?][\"'”’)\]]*$")  # a line that ends its sentence
# A mark the table's cells may carry: "1)", "(1)", "a)", or a short key before a colon ("N/a:").
_MARK = re.compile(r"^(\(?[0-9a-z]{1,2}\))$|^([^\s:]{1,5}):$")


def note_letter(words: list[Word], s: LayoutSettings) -> bool:
    """A line that opens with a letter set raised, in smaller type than the word after it: a
    note's mark (as footnote marks are told: `mark_small`, `mark_raised`)."""
    return (len(words) > 1 and len(words[0].text) == 1 and words[0].y0 < words[1].y0 - s.mark_raised
            and words[0].y1 - words[0].y0 < s.mark_small * (words[1].y1 - words[1].y0))


def _carries(word: str, mark: str) -> bool:
    """A cell's word is the mark, or a word with the mark set after it: "(1)" after a word
    ("options(1)"), "1)" after letters ("Türen1)"), "a)" after a number ("12.5a)"); not a number
    in brackets ("(0.031)", "(2021)") nor a word in them ("(Inca)")."""
    if word == mark:
        return True
    if not word.endswith(mark) or len(word) == len(mark):
        return False
    before = word[-len(mark) - 1]
    if mark[0] == "(":
        return before.isalnum() or before in ".,;:%"
    return before.isalpha() if mark[0].isdigit() else before.isdigit()


def _table_mark(first: str, t: Table) -> bool:
    """The note's first word is a mark the table carries (`_carries`), or a key that is a
    cell's word itself ("N/a:" under cells reading "N/a")."""
    m = _MARK.match(first)
    if m is None:
        return False
    words = [w.text for w in t.words]
    if m.group(1):
        return any(_carries(w, m.group(1)) for w in words)
    return m.group(2) in words


def _opens_note(line: Line, t: Table, s: LayoutSettings) -> bool:
    words = line.words
    text = line.text
    if _LABEL.match(text) or _NOTE_SIGN.match(text) or _table_mark(words[0].text, t):
        return True
    if note_letter(words, s):  # a letter: a raised number under a table is as often the page's footnote
        return words[0].text.isalpha()
    # A sign the table's cells carry ("*Chen LH", "p Value*"); a page's footnote under a table
    # at the page's foot ("* Corresponding author") marks a word elsewhere.
    return bool(_SIGN.match(text)) and any(text[0] in w.text for w in t.words)


def _remark(block: Block) -> bool:
    """A block that is one remark in brackets, opening with "(" and closing with ")" ("(LR
    stands for linear or logistic regression, depending on the task.)"): prose does not open so
    right under a table."""
    text = " ".join(line.text for line in block.lines).strip()
    return text[:1] == "(" and text.rstrip(".")[-1:] == ")" and text.count("(") == text.count(")")


def _across(block: Box, table: Box) -> bool:
    return min(block.x1, table.x1) > max(block.x0, table.x0)


def take_notes(body: list[Block], t: Table, s: LayoutSettings, others: Sequence[Box] = (),
               body_h: float = 0.0) -> list[Block]:
    """The notes under the table move into it (`Table.notes`, one list of lines each); the
    blocks they emptied are returned, to be dropped. `others`: the page's other tables (a block
    closer over another table is that one's); `body_h`: the page's body type."""
    height = median([w.y1 - w.y0 for w in t.words], 0.0)
    if height <= 0:
        return []
    reach = s.table_caption_reach * height
    largest = (1 + s.float_size_change) * max(height, body_h)
    tb = t.box
    under = sorted((b for b in body if b.lines and b.kind in (TEXT, HEADING) and _across(b.box, tb)
                    and b.box.y0 >= tb.y1 - 1), key=lambda b: b.box.y0)
    notes: list[list[Line]] = []
    emptied: list[Block] = []
    bottom = tb.y1
    for b in under:
        bb = b.box
        if bb.y0 > bottom + reach or any(bb.y1 - 1 <= o.y0 < bb.y1 + (bb.y0 - bottom) and _across(bb, o) for o in others):
            break  # too far down, or closer over the next table
        text = b.lines[0].text
        size = block_height(b)
        if size > largest or is_caption_start(text) or SECTION_NUMBER.match(text):
            break
        # The rest of a note (a list of abbreviations under it): in type smaller than the body's,
        # set as close under the note as its lines are to each other.
        rest = notes and body_h > 0 and clearly_smaller(size, body_h, s) and bb.y0 - bottom <= size
        if not (_opens_note(b.lines[0], t, s) or rest or _remark(b)):
            break
        k = _note_lines(b, t, s, body_h)
        notes.append(b.lines[:k])
        if k < len(b.lines):  # a paragraph read into the note's block stays, and ends the notes
            b.lines = b.lines[k:]
            break
        emptied.append(b)
        bottom = bb.y1
    t.notes = notes
    return emptied


def _note_lines(block: Block, t: Table, s: LayoutSettings, body_h: float) -> int:
    """How many of a note's block's lines are notes: after a line that ends a sentence, a line
    goes on with the notes only when it opens a note or is set smaller than the body (a
    paragraph set close under a one-line note is read into its block)."""
    lines = block.lines
    for k in range(1, len(lines)):
        if not _ENDS.search(lines[k - 1].text.rstrip()) or _opens_note(lines[k], t, s):
            continue
        size = median([w.y1 - w.y0 for w in lines[k].words], 0.0)
        if not (body_h > 0 and clearly_smaller(size, body_h, s)):
            return k
    return len(lines)
