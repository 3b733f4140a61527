"""Side notes: short lines in small type in the left margin beside a column (a statute's
"Deadline.", "26 USC 7122."; a textbook's key terms in the margin).

They share rows with the body lines beside them, and no gutter is strong enough there (a word or
two a line, a few lines a page), so they would be glued to the start of those lines, in the middle
of a sentence. They are recognised before layout, kept out of its rows, and each comes back as a
block of its own after the paragraph it sits beside. A note in the body's type (LaTeX's
\\marginpar) is told by the gutter finder instead (`gutters._margin_note`): the reader takes it
out of its region and it comes back here the same way, in either margin.
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from .floats import paragraph_starts, split_block
from .geometry import HEADING, LETTERED, TEXT, Block, Line, Word
from .rows import Row
from .settings import LayoutSettings

_MARGIN_COLUMNS = 2  # columns of side notes a margin holds side by side, at most


def find_side_notes(rows: list[Row], body_h: float, s: LayoutSettings) -> list[list[Word]]:
    """The side notes' lines among the page's rows (body_h: the page's usual word height). A side
    note line is the run of words in small type (side_note_size times body_h or less) that opens a
    row and ends a gap of side_note_gap times min_gutter or more before the row's next word (or
    the row's end), left of where the body's lines start by that gap at least; there are
    side_note_min_lines or more of them, starting at the same x or centred on one axis (labels
    under a margin's icons). A margin may hold two such columns side by side (icons two abreast):
    the second's lines open the rows once the first's are taken."""
    notes: list[list[Word]] = []
    for _ in range(_MARGIN_COLUMNS):
        found = _one_margin_column(rows, body_h, s)
        if not found:
            break
        notes += found
        taken = {id(w) for line in found for w in line}
        rows = [Row([w for w in row.words if id(w) not in taken], row.y0, row.y1) for row in rows]
        rows = [row for row in rows if row.words]
    return notes


def _one_margin_column(rows: list[Row], body_h: float, s: LayoutSettings) -> list[list[Word]]:
    """The side notes' lines of the margin column that opens the rows (`find_side_notes`)."""
    if body_h <= 0:
        return []
    small = s.side_note_size * body_h
    gap = s.side_note_gap * s.min_gutter
    starts: list[float] = []  # where each row's first word in body type starts
    runs: list[list[Word]] = []
    firsts: list[Word] = []  # each row's first word in body type, but the page's first and last rows'
    for i, row in enumerate(rows):
        ws = row.words
        k = 0
        while k < len(ws) and ws[k].y1 - ws[k].y0 <= small:
            k += 1
        if k < len(ws):
            starts.append(ws[k].x0)
            if 0 < i < len(rows) - 1:
                firsts.append(ws[k])
        if k:
            lead = _opening_run(ws, gap)
            if len(lead) <= k:
                runs.append(lead)
    runs = [r for r in runs if _words_of_letters(r)]
    if len(runs) < s.side_note_min_lines or not starts:
        return []
    tol = s.edge_tolerance
    # The body's left edge: the leftmost x at which side_note_min_lines rows of body type start.
    counts = Counter(round(x / tol) for x in starts)
    common = [k for k, n in counts.items() if n >= s.side_note_min_lines]
    edge = min(common) * tol if common else min(starts)
    runs = [r for r in runs if r[-1].x1 <= edge - gap]
    if len(runs) < s.side_note_min_lines:
        return []
    notes, left = _lined_up(runs, tol)
    groups = _groups(notes, s)
    if len(notes) < s.side_note_min_lines or max(map(len, groups)) > s.side_note_max_lines:
        return []  # (a sidebar of small type runs on line after line: a column, not notes)
    # A note's first line may be set in other type (a key term in bold over its definition).
    ids = {id(r[0]) for r in notes}
    for lead in sorted((_opening_run(row.words, gap) for row in rows), key=lambda r: -r[0].y0):
        if (id(lead[0]) not in ids and abs(lead[0].x0 - left) <= tol and lead[-1].x1 <= edge - gap
                and _words_of_letters(lead) and any(_just_above(lead, r, s) for r in notes)):
            notes.append(lead)
            ids.add(id(lead[0]))
    taken = {id(w) for r in notes for w in r}
    right = max(w.x1 for r in notes for w in r)
    if any(left - gap <= w.x0 <= right and id(w) not in taken for w in firsts):
        return []  # body type starts there too: a sidebar's column (its heading), not a margin
    return notes


def _lined_up(runs: list[list[Word]], tol: float) -> tuple[list[list[Word]], float]:
    """The runs that start at the commonest x (within tol), or, where more of them are, those
    centred on the commonest axis; and the x where they start (the leftmost, centred)."""
    def centre(r: list[Word]) -> float:
        return (r[0].x0 + r[-1].x1) / 2

    left = Counter(round(r[0].x0 / tol) for r in runs).most_common(1)[0][0] * tol
    axis = Counter(round(centre(r) / tol) for r in runs).most_common(1)[0][0] * tol
    flush = [r for r in runs if abs(r[0].x0 - left) <= tol]
    centred = [r for r in runs if abs(centre(r) - axis) <= tol]
    if len(centred) > len(flush):
        return centred, min(r[0].x0 for r in centred)
    return flush, left


def _just_above(line: list[Word], below: list[Word], s: LayoutSettings) -> bool:
    """`line` sits right above `below`, within side_note_pitch of its own height."""
    h = line[0].y1 - line[0].y0
    return 0 <= below[0].y0 - line[0].y1 + h <= s.side_note_pitch * h + h


def _opening_run(words: list[Word], gap: float) -> list[Word]:
    """A row's first words, up to the first space of `gap` or more between two of them."""
    end = 1
    while end < len(words) and words[end].x0 - words[end - 1].x1 < gap:
        end += 1
    return words[:end]


def _words_of_letters(run: list[Word]) -> bool:
    """A word of two letters or more, and more plain letters than accented Latin ones (bullets,
    figures and the mojibake of a font without a Unicode map are no note)."""
    text = "".join(w.text for w in run)
    accented = sum(1 for ch in text if 0xC0 <= ord(ch) < 0x250)
    plain = sum(1 for ch in text if ch.isalpha()) - accented
    return plain > accented and any(LETTERED.search(w.text) for w in run)


def _groups(lines: list[list[Word]], s: LayoutSettings) -> list[list[list[Word]]]:
    """Lines that follow one another within side_note_pitch of their own height, together."""
    groups: list[list[list[Word]]] = []
    for line in sorted(lines, key=lambda r: r[0].y0):
        prev = groups[-1][-1] if groups else None
        if prev is not None and line[0].y0 - prev[0].y1 <= s.side_note_pitch * (prev[0].y1 - prev[0].y0):
            groups[-1].append(line)
        else:
            groups.append([line])
    return groups


def place_side_notes(body: list[Block], notes: list[list[Word]], s: LayoutSettings,
                     taken: Sequence[list[list[Word]]] = (), body_h: float = 0.0) -> list[Block]:
    """The body blocks with each side note (its lines that follow one another at a line's
    pitch; or each of `taken`, notes the reader took out whole) after the paragraph it sits
    beside: among the blocks on its inner side (right of a note in the left margin, left of one
    in the right margin) that start at or above the note's top, the nearest of those still
    running there, else the last to start. Where that block runs paragraphs on
    (`floats.paragraph_starts`, with the page's body type `body_h`), after the paragraph the
    note sits beside."""
    if not notes and not taken:
        return body
    out = list(body)
    groups = sorted(_groups(notes, s) + list(taken), key=lambda g: g[0][0].y0)
    for group in reversed(groups):
        top = group[0][0].y0
        left, right = min(w.x0 for line in group for w in line), max(w.x1 for line in group for w in line)
        above = [i for i, b in enumerate(out) if b.box.y0 <= top + s.edge_tolerance]
        beside = [(out[i].box.x0 - right, i) for i in above if out[i].box.x0 >= right] or [
            (left - out[i].box.x1, i) for i in above if out[i].box.x1 <= left]
        level = [(gap, i) for gap, i in beside if out[i].box.y1 >= top]
        if level:
            at = min(level, key=lambda gi: (gi[0], -out[gi[1]].box.y0, -gi[1]))[1]
        else:
            at = max((i for _, i in beside), key=lambda i: (out[i].box.y0, i)) if beside else -1
        # Beside a heading, the note glosses the paragraph the heading opens (under any headings
        # below it): it goes after that one (a heading is read with its text, never apart from
        # it by a note).
        if 0 <= at and out[at].kind == HEADING:
            place = (out[at].band, out[at].column)
            k = at
            while k + 1 < len(out) and out[k + 1].kind == HEADING and (out[k + 1].band, out[k + 1].column) == place:
                k += 1
            if k + 1 < len(out) and out[k + 1].kind == TEXT and (out[k + 1].band, out[k + 1].column) == place:
                at = k + 1
        if 0 <= at and out[at].kind == TEXT and body_h > 0:
            # A block of several paragraphs run on (indented, no space between them): the note
            # goes after the paragraph it sits beside, not after the block's last.
            block = out[at]
            after = [k for k in paragraph_starts(block, body_h, s)
                     if block.lines[k].words[0].y0 > top + s.edge_tolerance]
            if after:
                out[at: at + 1] = split_block(block, after[0])
        anchor = out[at] if at >= 0 else None
        note = Block([Line(line) for line in group], anchor.band if anchor else 0,
                     anchor.column if anchor else 0, kind=TEXT)
        note.region = anchor.region if anchor else 0
        out.insert(at + 1, note)
    return out
