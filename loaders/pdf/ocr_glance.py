"""Whether a wordless image may be a scan of running text, told from its palette and small
renderings in milliseconds, before any OCR runs on it.

Cheapest first. An image kept in a palette of mostly colours (as PNG charts are) is a colour
figure, known without decoding its pixels. At 24 dpi: a scan of text is ink on paper (mostly
light, hardly any colour); photos and colour figures stop here. At 50 dpi the text lines show:
a scan of running text has long lines (its words closed up over their spaces run on for
inches) stacked in paragraphs, while a table, a chart, a diagram or a map has short runs of
text between wide gaps, lines and marks. Figures full of text (a table set as an image, a
forest plot) stop here: a Tesseract probe of one costs more than reading the whole document's
text layer. Only what passes the glances is probed by OCR (ocr.py). numpy on PyMuPDF's pixels.
"""
from __future__ import annotations

import re

import numpy as np
import pymupdf

from ..engine.geometry import Box
from .ocr_settings import OcrSettings
from .pixels import render


_INDEXED_RGB = re.compile(rb"/Indexed\s*/DeviceRGB\s*(\d+)\s*(?:(\d+)\s+0\s+R|<([0-9A-Fa-f\s]*)>)")


def colour_palette(doc: pymupdf.Document, xref: int, settings: OcrSettings) -> bool:
    """Whether an image is kept in a palette (/Indexed, RGB) of which more than
    glance_max_palette_colour is colourful: a colour figure, told from its palette alone (its
    pixels may take 50 ms to decode). Scans are stored grey, bitonal or in full colour; a scan
    kept in a palette has mostly greys in it, the shades of paper and ink."""
    try:
        kind, value = doc.xref_get_key(xref, "ColorSpace")
        if kind == "xref":
            value = doc.xref_object(int(value.split()[0]), compressed=True)
        found = _INDEXED_RGB.search(value.encode("latin-1"))
        if found is None:
            return False
        entries = int(found[1]) + 1
        if found[2]:
            table = doc.xref_stream(int(found[2]))
        else:
            table = bytes.fromhex("".join(found[3].decode().split()))
    except (ValueError, RuntimeError, UnicodeError):  # a colour space written otherwise: no shortcut
        return False
    colours = np.frombuffer(table or b"", np.uint8)[:3 * entries]
    colours = colours[:len(colours) // 3 * 3].reshape(-1, 3).astype(np.int16)
    if not len(colours):
        return False
    colourful = (colours.max(axis=1) - colours.min(axis=1) > settings.glance_colour_spread).mean()
    return bool(colourful > settings.glance_max_palette_colour)


def ink_on_paper(page: pymupdf.Page, image: Box, settings: OcrSettings) -> bool:
    """Whether an image looks like a scan of text at a glance (a tiny rendering): ink on paper,
    mostly light, hardly any colour. Photos and colour figures are told apart here for a few
    milliseconds."""
    pix, _ = render(page, image, settings.glance_dpi, colorspace=pymupdf.csRGB)
    if pix.width * pix.height == 0:
        return False
    rgb = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3].astype(np.int16)
    colourful = (rgb.max(axis=2) - rgb.min(axis=2) > settings.glance_colour_spread).mean()
    paper = (rgb.mean(axis=2) >= settings.glance_paper_level).mean()
    return bool(colourful <= settings.glance_max_colour_share and paper >= settings.glance_min_paper_share)


def running_text(page: pymupdf.Page, image: Box, settings: OcrSettings) -> bool:
    """Whether the image's text lines look like running text: most of their ink in long lines,
    or a paragraph of long lines stacked one under the other."""
    pix, _ = render(page, image, settings.glance_text_dpi, colorspace=pymupdf.csGRAY)
    if pix.width * pix.height == 0:
        return False
    grey = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, :pix.width]
    share, paragraph = text_lines(grey, settings.glance_text_dpi, settings)
    return share >= settings.glance_min_long_share or paragraph >= settings.glance_min_paragraph


def text_lines(grey: np.ndarray, dpi: int, settings: OcrSettings) -> tuple[float, float]:
    """(share of text-line ink in long lines, height in points of the tallest stack of long lines)
    of a grey image. A text line is ink closed up along its row over gaps up to word_gap, at least
    three pixel rows thick (so that rules, axes and whiskers are no text), widened by a row each
    side so that a slightly turned scan keeps its lines long; a long line runs on for line_length."""
    pt = dpi / 72
    ink = _ink(grey, settings.glance_ink_contrast)
    if ink is None:
        return 0.0, 0.0
    closed = _close_rows(ink, round(settings.glance_word_gap * pt))
    core = np.zeros_like(closed)
    core[1:-1] = closed[2:] & closed[1:-1] & closed[:-2]
    lines = core.copy()
    for k in (1, 2):  # the band the core was eroded from, and a row more each side
        lines[k:] |= core[:-k]
        lines[:-k] |= core[k:]
    rows, starts, lengths = _runs(lines)
    total = lengths.sum()
    if not total:
        return 0.0, 0.0
    long = lengths >= settings.glance_line_length * pt
    long_lines = np.zeros(lines.shape, bool)
    long_lines.ravel()[_flat_runs(rows[long] * lines.shape[1] + starts[long], lengths[long])] = True
    stacked = _close_rows(np.ascontiguousarray(long_lines.T), round(settings.glance_line_gap * pt))
    heights = _runs(stacked)[2]
    return float(lengths[long].sum() / total), float(heights.max() / pt) if len(heights) else 0.0


def _ink(grey: np.ndarray, contrast: float) -> np.ndarray | None:
    """Pixels darker than the paper by `contrast` of the paper-to-ink range (None: no ink)."""
    cumulative = np.bincount(grey.ravel(), minlength=256).cumsum()
    paper = int(np.searchsorted(cumulative, 0.75 * cumulative[-1]))
    darkest = int(np.searchsorted(cumulative, 0.005 * cumulative[-1]))
    if paper - darkest < 40:  # blank, or a flat tone: no ink to speak of
        return None
    return grey < paper - contrast * (paper - darkest)


def _close_rows(mask: np.ndarray, gap: int) -> np.ndarray:
    """The mask with gaps of up to `gap` pixels between marks along each row filled."""
    width = mask.shape[1]
    cols = np.arange(width, dtype=np.int32)
    last = np.maximum.accumulate(np.where(mask, cols, -width), axis=1)
    following = np.minimum.accumulate(np.where(mask, cols, 2 * width)[:, ::-1], axis=1)[:, ::-1]
    return following - last <= gap + 1


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row, first column and length of every run of marks along the rows."""
    edges = np.diff(mask.astype(np.int8), axis=1, prepend=0, append=0)
    rows, starts = np.nonzero(edges == 1)
    ends = np.nonzero(edges == -1)[1]
    return rows, starts, ends - starts


def _flat_runs(firsts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Flat indices of the runs starting at `firsts` with `lengths`."""
    offsets = np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    return np.repeat(firsts, lengths) + offsets
