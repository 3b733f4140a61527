"""Drop caps: a paragraph's first letter set in large type down the side of its first lines.

Its box spans two or more lines, so by its centre it falls into the second or third line, and its
word is read in the middle of the paragraph ("he committee met ... T proposals"). A drop cap is
moved into the first line it stands beside; followed by the rest of its word (in lower case, or
in small capitals as IEEE journals set "T HIS") and starting where the other lines beside it
start (a word of its own, "A" or "I", is set a word space further), it is that word's first
letter.
"""
from __future__ import annotations

from .geometry import Word
from .settings import LayoutSettings


def _is_cap(w: Word, body_h: float, s: LayoutSettings) -> bool:
    return len(w.text) == 1 and w.text.isalpha() and w.text.isupper() and w.y1 - w.y0 >= s.drop_cap_lines * body_h


def drop_caps_into_lines(words: list[Word], body_h: float, s: LayoutSettings) -> list[Word]:
    """The words with each drop cap moved into the first line beside it (a word of its own there,
    or the first letter of the word it starts). A drop cap stands left of the first words of
    drop_cap_lines lines or more, within drop_cap_gap body heights, its top level with the first
    line's (a large letter beside nothing is a figure's label; one beside one line, a heading's)."""
    caps = [w for w in words if _is_cap(w, body_h, s)] if body_h > 0 else []
    if not caps:
        return words  # (most pages)
    reach = s.drop_cap_gap * body_h
    out = list(words)
    for cap in caps:
        beside = [w for w in words if w is not cap and 0 <= w.x0 - cap.x1 <= reach
                  and w.y0 >= cap.y0 - body_h / 2 and w.y1 <= cap.y1 + body_h / 2]
        if not beside:
            continue
        first_top = min(w.y0 for w in beside)
        lines = {round((w.y0 - first_top) / body_h) for w in beside}
        if len(lines) < s.drop_cap_lines or first_top - cap.y0 > max(body_h, (cap.y1 - cap.y0) / 3):
            continue
        first = [w for w in beside if w.y0 - first_top < body_h / 2]
        head = min(first, key=lambda w: w.x0)
        others = [w.x0 for w in beside if w.y0 - first_top >= body_h / 2] or [head.x0]
        rest = head.text
        small_caps = (len(rest) >= 2 and rest.isalpha() and rest.isupper()
                      and not all(w.text.isupper() for w in first if w.text.isalpha()))
        joins = ((rest[:1].islower() or small_caps)
                 and head.x0 - min(others) <= s.drop_cap_indent * body_h)
        at = next(i for i, w in enumerate(out) if w is cap)
        # Its box takes the first line's height (the rows are made by overlap): its metadata box
        # is that line's, from the cap's left edge.
        if joins:
            out[at] = Word(cap.x0, head.y0, head.x1, head.y1, cap.text + rest, head.seq)
            out = [w for w in out if w is not head]
        else:
            out[at] = Word(cap.x0, head.y0, cap.x1, head.y1, cap.text, cap.seq)
    return out
