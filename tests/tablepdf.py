"""Helpers that draw pages with tables and prose into PDFs with PyMuPDF, word by word, so the
tests know every cell and can redraw the same page in another drawing order."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import pymupdf

FONT, SIZE, LEAD = "helv", 9.0, 11.0
PAD = 4.0  # between a cell's rules and its text


@dataclass
class Cell:
    row: int
    col: int
    text: str  # lines apart by "\n"
    rows: int = 1
    cols: int = 1


@dataclass
class TableSpec:
    """A table: column edges xs, row edges ys, its cells, and how it is ruled: "grid" (every
    cell framed: a spanning cell has no rule inside), "booktabs" (rules over, under the header
    and under the table) or "none"."""

    xs: list[float]
    ys: list[float]
    cells: list[Cell]
    rules: str = "grid"
    header_rows: int = 1

    def grid(self) -> list[list[str]]:
        """The rows a reader should get: a spanning cell's text in every position it covers,
        its lines joined by spaces."""
        out = [[""] * (len(self.xs) - 1) for _ in range(len(self.ys) - 1)]
        for c in self.cells:
            for r in range(c.row, c.row + c.rows):
                for k in range(c.col, c.col + c.cols):
                    out[r][k] = " ".join(c.text.split())
        return out


def simple_table(x0: float, y0: float, widths: list[float], rows: list[list[str]], rules: str = "grid",
                 pitch: float = 16.0) -> TableSpec:
    """A table of one-line cells; a cell with "\\n" takes as many lines (its row grows)."""
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    ys = [y0]
    for row in rows:
        lines = max(c.count("\n") + 1 for c in row)
        ys.append(ys[-1] + pitch + (lines - 1) * LEAD)
    cells = [Cell(r, k, text) for r, row in enumerate(rows) for k, text in enumerate(row) if text]
    return TableSpec(xs, ys, cells, rules)


@dataclass
class Page:
    width: float = 595.0
    height: float = 842.0
    words: list[tuple] = field(default_factory=list)  # (x, baseline, word), or with a font size after it
    lines: list[tuple[float, float, float, float]] = field(default_factory=list)

    def text(self, x: float, y: float, text: str, size: float = SIZE) -> None:
        """One line of words from x at baseline y (in type of `size`)."""
        for word in text.split():
            self.words.append((x, y, word) if size == SIZE else (x, y, word, size))
            x += pymupdf.get_text_length(word + " ", fontname=FONT, fontsize=size)

    def prose(self, x: float, y: float, width: float, text: str) -> float:
        """A paragraph filled into lines of `width`; returns the baseline after it."""
        line: list[str] = []
        for word in text.split():
            trial = " ".join(line + [word])
            if line and pymupdf.get_text_length(trial, fontname=FONT, fontsize=SIZE) > width:
                self.text(x, y, " ".join(line))
                y += LEAD
                line = []
            line.append(word)
        if line:
            self.text(x, y, " ".join(line))
            y += LEAD
        return y + LEAD

    def table(self, t: TableSpec) -> None:
        for c in t.cells:
            x = t.xs[c.col] + PAD
            for k, line in enumerate(c.text.split("\n")):
                self.text(x, t.ys[c.row] + PAD + SIZE + k * LEAD, line)
        x0, x1 = t.xs[0], t.xs[-1]
        if t.rules == "grid":
            for c in t.cells:
                a, b = t.xs[c.col], t.xs[c.col + c.cols]
                top, bottom = t.ys[c.row], t.ys[c.row + c.rows]
                self.lines += [(a, top, b, top), (a, bottom, b, bottom), (a, top, a, bottom), (b, top, b, bottom)]
        elif t.rules == "booktabs":
            for y in (t.ys[0], t.ys[t.header_rows], t.ys[-1]):
                self.lines.append((x0, y, x1, y))


def write(path: Path, pages: list[Page], order: str = "native", seed: int = 0) -> Path:
    """Draw the pages: words in the order given ("native") or shuffled."""
    rnd = random.Random(seed)
    doc = pymupdf.open()
    for p in pages:
        page = doc.new_page(width=p.width, height=p.height)
        for x0, y0, x1, y1 in p.lines:
            page.draw_line((x0, y0), (x1, y1), width=0.5)
        words = list(p.words)
        if order == "shuffled":
            rnd.shuffle(words)
        for x, y, word, *size in words:
            page.insert_text((x, y), word, fontname=FONT, fontsize=size[0] if size else SIZE)
    doc.save(path)
    doc.close()
    return path


LOREM = ("The committee reviewed the quarterly figures before the annual meeting and found that the "
         "results were broadly consistent with those of the previous study in every region. Operating "
         "costs remained stable despite higher energy prices in the north and the west.")


def in_pieces(page: Page, parts: int = 2) -> Page:
    """The page with every word of more than one character drawn as `parts` pieces, each a text
    object of its own touching the one before (as a generator that places a word piece by piece,
    or a font change inside a word, draws it): drawn out of order, MuPDF gives each piece as a
    word."""
    out = Page(page.width, page.height, [], list(page.lines))
    for x, y, word, *size in page.words:
        step = max(1, -(-len(word) // parts))
        for k in range(0, len(word), step):
            piece = word[k:k + step]
            out.words.append((x, y, piece, *size))
            x += pymupdf.get_text_length(piece, fontname=FONT, fontsize=size[0] if size else SIZE)
    return out
