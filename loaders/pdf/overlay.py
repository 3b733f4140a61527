"""Drawing over PDF pages and rendering them to PNG: the PyMuPDF half of the audit.

The audit decides what to draw (which boxes, in which colours); this module only knows how. The
file is opened for drawing and never saved, so the PDF on disk is untouched.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

import pymupdf

from ..engine.geometry import Box
from .reader import open_pdf

Colour = tuple[float, float, float]
Point = tuple[float, float]


def _rect(box: Box, pad: float = 0.0) -> pymupdf.Rect:
    return pymupdf.Rect(box.x0 - pad, box.y0 - pad, box.x1 + pad, box.y1 + pad)


class PageCanvas:
    """Outlines and paths drawn on one page; labels come last, on top of them."""

    def __init__(self, page: pymupdf.Page) -> None:
        self._page = page
        self._shape = page.new_shape()
        self._labels: list[Callable[[], None]] = []

    def outline(self, box: Box, colour: Colour, width: float, dashes: str | None = None,
                pad: float = 0.0) -> None:
        """A rectangle around `box`, `pad` points outside it; `dashes` as PDF dash arrays."""
        self._shape.draw_rect(_rect(box, pad))
        self._shape.finish(color=colour, width=width, dashes=dashes)

    def path(self, points: Sequence[Point], colour: Colour) -> None:
        """A dotted line from each point to the next, a dot where it arrives."""
        for a, b in zip(points, points[1:]):
            self._shape.draw_line(pymupdf.Point(a), pymupdf.Point(b))
            self._shape.finish(color=colour, width=0.5, dashes="[1 1] 0")
            self._shape.draw_circle(pymupdf.Point(b), 1.5)
            self._shape.finish(color=colour, fill=colour)

    def tag(self, box: Box, text: str, colour: Colour) -> None:
        """A small white tag with `text`, at the top-left corner of `box`."""
        def draw() -> None:
            label = pymupdf.Rect(box.x0 - 1, box.y0 - 1, box.x0 + 16, box.y0 + 10)
            self._page.draw_rect(label, color=colour, fill=(1, 1, 1), width=0.5)
            self._page.insert_text((label.x0 + 2, label.y0 + 8.5), text, fontsize=8, color=colour)
        self._labels.append(draw)

    def note(self, at: Point, text: str, colour: Colour, size: float = 6) -> None:
        """Bare text whose baseline starts at `at`."""
        self._labels.append(lambda: self._page.insert_text(at, text, fontsize=size, color=colour))

    def finish(self) -> None:
        self._shape.commit()
        for draw in self._labels:
            draw()
        self._labels.clear()


class OverlayPDF:
    """A PDF opened to draw over its pages and render them; raises PDFLoadError like the loader."""

    def __init__(self, path: str | Path, password: str | None = None) -> None:
        self._doc = open_pdf(str(path), password=password)

    @property
    def page_count(self) -> int:
        return self._doc.page_count

    def render(self, number: int, draw: Callable[[PageCanvas], None], png: Path, zoom: float = 1.0) -> None:
        """Draw over page `number` (0-based) and save it as a PNG at `zoom` x 72 dpi."""
        page = self._doc[number]
        canvas = PageCanvas(page)
        draw(canvas)
        canvas.finish()
        page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom)).save(str(png))

    def close(self) -> None:
        self._doc.close()

    def __enter__(self) -> "OverlayPDF":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
