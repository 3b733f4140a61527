"""Synthetic multi-column PDFs with a known reading order, drawn in any order.

Used for the bundled sample corpus (`make ingest` without CORPUS) and by the tests, so neither
needs files from outside the project.
"""
from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import pymupdf

DrawOrder = Literal["native", "rowmajor", "shuffled"]
FONT, SIZE, LEADING = "helv", 9.5, 12.0

_SUBJECTS = ["The lab protocol", "The quarterly report", "Each sample", "The committee", "The imaging facility",
             "Net cash from operations", "The assay", "The buffer", "The audit team", "Operating revenue",
             "The field survey", "The second cohort", "The pricing model", "The reagent stock", "The board"]
_VERBS = ["incubates", "reviews", "measures", "approves", "records", "replaces", "compares", "reports",
          "stores", "estimates", "doubles", "reduces", "tracks", "confirms", "schedules"]
_OBJECTS = ["the cell cultures", "the operating margin", "the dividend reserve", "the centrifuge runs",
            "the equipment budget", "the freezer inventory", "the staining results", "the cash flow",
            "the control group", "the tax provision", "the calibration curve", "the travel costs"]
_TAILS = ["before the buffer is replaced", "after the second wash", "for the coming fiscal year",
          "at thirty seven degrees", "under the new accounting rules", "while the plates are on ice",
          "ahead of the annual meeting", "once the readings are stable", "for every regional office",
          "during the overnight run"]


def sentence(rnd: random.Random) -> str:
    """A plain, varied sentence: lab protocols and financial statements, the two texts a column
    mix-up would glue together."""
    code = "".join(rnd.choice("bcdfghklmnprstvz") + rnd.choice("aeiou") for _ in range(3))
    return (f"In {code.capitalize()} {rnd.choice(_SUBJECTS).lower()} {rnd.choice(_VERBS)} "
            f"{rnd.choice(_OBJECTS)} {rnd.choice(_TAILS)} in week {rnd.randint(1, 52)} of cycle {rnd.randint(1, 99999)}.")


@dataclass
class Placed:
    x: float
    y: float
    text: str
    order: int


@dataclass
class Page:
    words: list[Placed] = field(default_factory=list)
    reading: list[str] = field(default_factory=list)  # body text in reading order (paragraphs)

    def flow(self, paragraphs: list[str], x0: float, x1: float, y: float) -> float:
        """Set paragraphs left-aligned in [x0, x1] from baseline y; returns the next baseline."""
        for para in paragraphs:
            line: list[str] = []
            width = 0.0
            space = pymupdf.get_text_length(" ", FONT, SIZE)
            for word in para.split():
                w = pymupdf.get_text_length(word, FONT, SIZE)
                if line and width + space + w > x1 - x0:
                    y = self._line(line, x0, y)
                    line, width = [], 0.0
                width = width + space + w if line else w
                line.append(word)
            if line:
                y = self._line(line, x0, y)
            y += LEADING * 0.6
            self.reading.append(para)
        return y

    def _line(self, words: list[str], x: float, y: float) -> float:
        for word in words:
            self.words.append(Placed(x, y, word, len(self.words)))
            x += pymupdf.get_text_length(word + " ", FONT, SIZE)
        return y + LEADING


def paragraphs(seed: int, n: int, sentences: int = 3) -> list[str]:
    rnd = random.Random(seed)
    return [" ".join(sentence(rnd) for _ in range(sentences)) for _ in range(n)]


def two_column_page(seed: int, with_band: bool = True, gutter: float = 18.0) -> Page:
    """Title, two columns, optionally a full-width band and two more columns below it."""
    page = Page()
    page.flow([f"Sample report {seed}"], 72, 540, 80)
    mid = 306
    y_end = 0.0
    seed *= 10  # pages with neighbouring seeds must not share paragraphs
    left = paragraphs(seed, 3)
    right = paragraphs(seed + 1, 3)
    ya = page.flow(left, 72, mid - gutter / 2, 110)
    yb = page.flow(right, mid + gutter / 2, 540, 110)
    y_end = max(ya, yb)
    if with_band:
        y_end = page.flow(paragraphs(seed + 2, 1, 4), 72, 540, y_end + 14)
        ya = page.flow(paragraphs(seed + 3, 2), 72, mid - gutter / 2, y_end + 14)
        yb = page.flow(paragraphs(seed + 4, 2), mid + gutter / 2, 540, y_end + 14)
    return page


def write_pdf(path: Path, pages: list[Page], order: DrawOrder = "native", seed: int = 0,
              header: str | None = None) -> None:
    """Draw each page's words in the chosen order: native (reading order), rowmajor (by
    baseline across the columns, like OCR layers) or shuffled."""
    doc = pymupdf.open()
    rnd = random.Random(seed)
    for number, spec in enumerate(pages, start=1):
        page = doc.new_page(width=612, height=792)
        words = list(spec.words)
        if order == "rowmajor":
            words.sort(key=lambda w: (round(w.y, 1), w.x))
        elif order == "shuffled":
            rnd.shuffle(words)
        if header:
            page.insert_text((72, 40), header, fontname=FONT, fontsize=8)
            page.insert_text((300, 760), str(number), fontname=FONT, fontsize=8)
        for w in words:
            page.insert_text((w.x, w.y), w.text, fontname=FONT, fontsize=SIZE)
    path.parent.mkdir(parents=True, exist_ok=True)
    doc.save(str(path))
    doc.close()


def write_sample_corpus(folder: Path, count: int = 4) -> list[Path]:
    """A small corpus: two-column reports with a full-width band, in several drawing orders."""
    orders: list[DrawOrder] = ["native", "rowmajor", "shuffled"]
    out = []
    for i in range(count):
        path = Path(folder) / f"sample-{i + 1}.pdf"
        pages = [two_column_page(100 * i + k) for k in range(2)]
        write_pdf(path, pages, orders[i % len(orders)], seed=i, header="columnrag sample corpus")
        out.append(path)
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "data/sample")
    for p in write_sample_corpus(target):
        print(p)
