"""Line-number rulers (review copies of papers, legal pleadings): columns of counting numbers.

They are not part of the text, and as a column of one word a row they would be glued to the
lines beside them. They are recognised before layout and set aside as furniture.
"""
from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass

from .geometry import Box, Word, median, words_box
from .settings import LayoutSettings


_MAX_STEP = 10  # a ruler may number every line, or every second to every tenth (lineno's modulo)


def _step(group: list[Word], diffs: list[int]) -> int:
    """The step a column of numbers counts by: 1, or 2 to 10 where most steps are that and
    every number is a multiple of it."""
    if not diffs:
        return 1
    common = max(set(diffs), key=diffs.count)
    if 1 < common <= _MAX_STEP and all(int(w.text) % common == 0 for w in group):
        return common
    return 1


@dataclass(slots=True)
class _Text:
    """The page's words other than numbers, as a ruler is judged beside them: their box, their
    usual height and their centres' heights (sorted)."""

    box: Box
    height: float
    centres: list[float]


def _text_beside(words: list[Word]) -> _Text:
    others = [w for w in words if not w.text.isdecimal()]
    return _Text(words_box(others) if others else Box(0.0, 0.0, 0.0, 0.0),
                 median([w.y1 - w.y0 for w in others], 0.0), sorted((w.y0 + w.y1) / 2 for w in others))


def _beside_lines(group: list[Word], text: _Text, s: LayoutSettings) -> bool:
    """Most numbers (ruler_counting_share) stand at the height of a line of text (a word's
    centre within half the body's height of theirs), as a ruler's do by the lines they count."""
    near = 0
    for w in group:
        cy = (w.y0 + w.y1) / 2
        k = bisect_left(text.centres, cy - text.height / 2)
        near += k < len(text.centres) and text.centres[k] <= cy + text.height / 2
    return near >= s.ruler_counting_share * len(group)


def _ruler_in_parts(groups: list[list[Word]], text: _Text, s: LayoutSettings) -> tuple[list[Word], int]:
    """The numbers of short groups (each aligned on one edge, counting up by one step in reading
    down, or by a multiple of it where another part counts on in between) that together count
    on by that step, ruler_min_numbers of them at least, set small and beside lines of text: one
    ruler in parts, and its step. No numbers if there is none."""
    by_step: dict[int, dict[int, Word]] = defaultdict(dict)
    for group in groups:
        group = sorted(group, key=lambda w: w.y0)
        diffs = [int(b.text) - int(a.text) for a, b in zip(group, group[1:])]
        step = min(diffs)  # (where the other part counts on in between, a multiple of it)
        if 0 < step <= _MAX_STEP and all(d % step == 0 for d in diffs):
            by_step[step].update((id(w), w) for w in group)
    for step, found in by_step.items():
        numbers = sorted(found.values(), key=lambda w: int(w.text))
        values = [int(w.text) for w in numbers]
        if (len(numbers) >= s.ruler_min_numbers and all(b - a == step for a, b in zip(values, values[1:]))
                and (step == 1 or values[0] % step == 0)
                and median([w.y1 - w.y0 for w in numbers], 0.0) < s.ruler_step_size * text.height
                and _beside_lines(numbers, text, s)):
            return numbers, step
    return [], 1


def split_rulers(words: list[Word], s: LayoutSettings) -> tuple[list[Word], list[Word]]:
    """(text words, ruler words). A ruler is at least `ruler_min_numbers` numbers aligned on one
    edge that count up by one (or by 2 to 10), mostly, from top to bottom."""
    numbers = [w for w in words if w.text.isdecimal() and len(w.text) <= s.ruler_max_digits]
    least = s.ruler_min_numbers
    if len(numbers) < least:
        return words, []
    by_edge: dict[tuple[str, int], list[Word]] = defaultdict(list)
    for w in numbers:
        by_edge[("r", round(w.x1 / s.ruler_edge_bin))].append(w)
        by_edge[("l", round(w.x0 / s.ruler_edge_bin))].append(w)
    ruler: set[int] = set()
    steps: list[int] = []  # the rulers' steps
    short: list[list[Word]] = []  # counting groups too short to be rulers on their own
    text: _Text | None = None  # the other words, found once a group may be a ruler
    for group in by_edge.values():
        if len(group) < least:
            if len(group) >= s.ruler_min_continued:
                short.append(group)
            continue
        if text is None:
            text = _text_beside(words)
            if not text.centres:
                return words, []  # numbers alone (a table of them): no line for a ruler to count
        group = sorted(group, key=lambda w: w.y0)
        diffs = [int(b.text) - int(a.text) for a, b in zip(group, group[1:])]
        step = _step(group, diffs)
        counting = sum(d == step for d in diffs) >= s.ruler_counting_share * len(diffs)
        # A ruler whose last digit the page edge cut off reads 55, 55, ..., 56: it still never
        # counts down, and nothing but it lies that far out in the margin.
        box = words_box(group)
        in_margin = box.x1 <= text.box.x0 or box.x0 >= text.box.x1
        never_down = sum(d in (0, 1) for d in diffs) >= s.ruler_clipped_share * len(diffs)
        clipped = in_margin and never_down and any(diffs)
        # Numbers set as large as the text, among it, count its headings (a contents list's
        # sections), not its lines: a ruler is set smaller, or out in the margin.
        size = median([w.y1 - w.y0 for w in group], 0.0)
        small = size < (s.ruler_size if step == 1 else s.ruler_step_size) * text.height
        if step > 1 and not _beside_lines(group, text, s):
            continue  # (a chart's axis counting by ten: its ticks stand by no line of text)
        if counting and (small or in_margin) or clipped:
            ruler.update(id(w) for w in group)
            steps.append(step)
    if not ruler and len(short) >= 2:
        # A ruler the columns part: its numbers by the left column and in the gutter, each group
        # short of a ruler, count on as one (165 ... 190 by the left, 195 ... 215 in the gutter).
        text = text or _text_beside(words)
        if not text.centres:
            return words, []
        parts, step = _ruler_in_parts(short, text, s)
        ruler.update(id(w) for w in parts)
        steps.append(step)
    if not ruler:
        return words, []
    # A column of few lines (a short last column) has a short ruler: it counts on, by the
    # ruler's step, from where a ruler of the page stops ("87" at the foot of the left column,
    # "88" at the top of the right one).
    last = max(int(w.text) for w in words if id(w) in ruler)
    step = min(steps)
    for group in short:
        group = sorted(group, key=lambda w: w.y0)
        if int(group[0].text) == last + step and all(
                int(b.text) - int(a.text) == step for a, b in zip(group, group[1:])):
            ruler.update(id(w) for w in group)
    return [w for w in words if id(w) not in ruler], [w for w in words if id(w) in ruler]
