"""Recognised words as the layout engine's `Word` boxes: in page points, level, one height a line.

A scan is rarely straight: turned by half a degree, a line across a 600 pt page drifts by five
points, half a line height, so the words of one line no longer share a row and a gutter slants.
The page's skew is measured on Tesseract's own lines (the median slope of their word tops, robust
to short words and odd ones) and the word boxes are turned back by it. Each word then takes its
line's top and bottom, as a text layer gives every word of a font the same height: letters with and
without ascenders or descenders would otherwise make rows and line heights uneven. Pure code.
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from statistics import median

from ..engine.geometry import Word
from .ocr_settings import OcrSettings
from .tesseract import OcrWord

# Slopes steeper than this (about 6 degrees) are not skew but text set at an angle: left alone.


@dataclass(frozen=True, slots=True)
class Placement:
    """Where an OCR'd image lies on the page: its top-left corner (points) and points per pixel."""

    x0: float
    y0: float
    scale: float


def _theil_sen(points: list[tuple[float, float]]) -> float | None:
    """The median slope over all pairs of points: a few outliers do not move it."""
    slopes = [(b[1] - a[1]) / (b[0] - a[0]) for i, a in enumerate(points) for b in points[i + 1:]
              if b[0] != a[0]]
    return median(slopes) if slopes else None


def _lines(words: list[OcrWord]) -> dict[tuple[int, int, int], list[OcrWord]]:
    lines: dict[tuple[int, int, int], list[OcrWord]] = defaultdict(list)
    for w in words:
        lines[w.line].append(w)
    return lines


def skew(words: list[OcrWord], settings: OcrSettings = OcrSettings()) -> float:
    """The page's skew as a slope (dy/dx in image pixels; positive: lines run down to the right)."""
    slopes = []
    for line in _lines(words).values():
        # Words of four letters or more nearly always reach the ascender height: their tops line up.
        tall = [(w.left + w.width / 2, float(w.top)) for w in line if len(w.text) >= 4]
        if len(tall) >= settings.skew_line_words:
            slope = _theil_sen(tall)
            if slope is not None and abs(slope) <= settings.max_skew:
                slopes.append(slope)
    return median(slopes) if slopes else 0.0


def _readable(w: OcrWord, min_confidence: float) -> bool:
    """Scan noise comes back as marks without a letter or digit and with low confidence, and
    the vertical rules of boxes and column separators as "|": neither is text, and both would
    fill the gutters the reading order relies on."""
    if not w.text.strip("|"):
        return False
    return w.conf >= min_confidence or any(ch.isalnum() for ch in w.text)


def page_words(words: list[OcrWord], width: int, height: int, at: Placement,
               settings: OcrSettings) -> tuple[list[Word], list[float]]:
    """Level `Word`s in page points (in Tesseract's order) and their confidences."""
    kept = [w for w in words if _readable(w, settings.min_confidence)]
    slope = skew(kept, settings)
    angle = math.atan(slope)
    cos, sin = math.cos(-angle), math.sin(-angle)
    cx, cy = width / 2, height / 2

    def level(w: OcrWord) -> tuple[float, float, float, float]:
        """The word's box turned back about the image centre (its size kept: the angle is small)."""
        x, y = w.left + w.width / 2 - cx, w.top + w.height / 2 - cy
        nx, ny = cx + x * cos - y * sin, cy + x * sin + y * cos
        return nx - w.width / 2, ny - w.height / 2, nx + w.width / 2, ny + w.height / 2

    boxes = {id(w): level(w) for w in kept}
    span: dict[tuple[int, int, int], tuple[float, float]] = {}
    for key, line in _lines(kept).items():
        span[key] = (min(boxes[id(w)][1] for w in line), max(boxes[id(w)][3] for w in line))
    out: list[Word] = []
    for seq, w in enumerate(kept):
        x0, _, x1, _ = boxes[id(w)]
        top, bottom = span[w.line]
        out.append(Word(at.x0 + x0 * at.scale, at.y0 + top * at.scale,
                        at.x0 + x1 * at.scale, at.y0 + bottom * at.scale, w.text, seq))
    return out, [w.conf for w in kept]
