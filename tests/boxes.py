"""Helpers that lay out words as plain boxes (no PDF), with a known reading order."""
from __future__ import annotations

from columnrag.loaders.engine.geometry import Word

CHAR_W, HEIGHT, PITCH, SPACE = 5.0, 10.0, 12.0, 2.5


def line_words(text: str, x: float, y: float, start_seq: int = 0) -> list[Word]:
    out = []
    for i, token in enumerate(text.split()):
        w = CHAR_W * len(token)
        out.append(Word(x, y, x + w, y + HEIGHT, token, start_seq + i))
        x += w + SPACE
    return out


def small_line(text: str, x: float, y: float, size: float = 7.0) -> list[Word]:
    """A line in type of `size` (the body's is HEIGHT): a footnote's, a caption's, a listing's."""
    out, cw = [], CHAR_W * size / HEIGHT
    for token in text.split():
        out.append(Word(x, y, x + cw * len(token), y + size, token))
        x += cw * len(token) + SPACE
    return out


def column(lines: list[str], x: float, y: float, width: float | None = None) -> list[Word]:
    """Left-aligned lines in a column, one per PITCH; justified to `width` when given."""
    words: list[Word] = []
    for k, text in enumerate(lines):
        ws = line_words(text, x, y + k * PITCH, len(words))
        if width and len(ws) > 1 and k < len(lines) - 1:
            natural = ws[-1].x1 - x
            extra = (width - natural) / (len(ws) - 1)
            ws = [Word(w.x0 + i * extra, w.y0, w.x1 + i * extra, w.y1, w.text) for i, w in enumerate(ws)]
        words.extend(ws)
    return words


def numbered_lines(prefix: str, n: int, words_per_line: int = 5) -> list[str]:
    """Distinct, ordered lines: prefix1a prefix1b ... so order is checkable."""
    return [" ".join(f"{prefix}{k}w{j}" for j in range(words_per_line)) for k in range(n)]


def reseq(words: list[Word]) -> list[Word]:
    """Number the drawing order as the list is given."""
    return [Word(w.x0, w.y0, w.x1, w.y1, w.text, i) for i, w in enumerate(words)]
