"""Read a whole PyMuPDF document page by page into ordered layouts, streaming.

Headers and footers are decided by comparing each page with its neighbours, so a small window of
pages is held back; memory stays bounded whatever the page count.
"""
from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Callable, Iterable, Iterator

import pymupdf

from ..errors import OcrUnavailableError, PDFLoadError
from ..engine.floats import body_height, ends_open, floats_after_carried_sentence, floats_before_open_end
from ..engine.figures import mark_figure_labels
from ..engine.furniture import FarEdges, mark_furniture
from ..engine.geometry import Box, PageLayout, weighted_median
from ..engine.layout import analyze_page
from ..engine.gutters import PageRules
from ..engine.table_rules import Drawing, merge_rules
from ..engine.tables import notes_to_tables, place_tables
from ..paths import display_path
from .ocr import OcrResult, ocr_engine, plan_ocr, read_page, readable_words
from .ocr_settings import OcrSettings
from .rules import page_drawing
from .pixels import unrotated_rect
from .words import PageWords, ocr_frame, page_words
from ..engine.settings import LayoutSettings
from ..text.render import BlockSpan, page_text

log = logging.getLogger(__name__)


@dataclass(slots=True)
class PageResult:
    number: int  # 0-based
    layout: PageLayout
    text: str
    spans: list[BlockSpan]
    needs_ocr: bool
    frame: PageWords | None = None  # how layout boxes map back to page coordinates
    ocr: OcrResult | None = None  # set when OCR gave (some of) the page's words

    def page_box(self, box: Box) -> Box:
        """A layout box in PyMuPDF page coordinates, cut to the page: type set past its edge (a
        huge glyph, a line run off the paper) is not shown there, and a box is where to look."""
        if self.frame is None:
            return box
        b, width, height = self.frame.to_page(box), self.frame.page_width, self.frame.page_height
        x0, y0 = min(max(b.x0, 0.0), width), min(max(b.y0, 0.0), height)
        return Box(x0, y0, max(min(b.x1, width), x0), max(min(b.y1, height), y0))


def _read(path: str, name: str, size: int = -1) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read(size)
    except OSError as exc:
        raise PDFLoadError(name, f"cannot read file ({exc.strerror})") from exc


def _sniff(head: bytes, source: str) -> None:
    """Say plainly what a file is when it is not a PDF at all."""
    if not head:
        raise PDFLoadError(source, "empty file")
    if b"%PDF-" not in head:
        lowered = head.lower()
        if b"<html" in lowered or b"<!doctype html" in lowered:
            raise PDFLoadError(source, "not a PDF (an HTML page)")
        raise PDFLoadError(source, "not a PDF (no %PDF header)")


def open_pdf(source: str, data: bytes | None = None, password: str | None = None) -> pymupdf.Document:
    """Open a PDF from a path or bytes, or raise PDFLoadError saying why not."""
    source_text = display_path(source)
    if data is None and source_text != source:  # a name that is not UTF-8: MuPDF cannot take it
        data = _read(source, source_text)
    _sniff(data[:1024] if data is not None else _read(source, source_text, 1024), source_text)
    try:
        if data is not None:
            doc = pymupdf.open(stream=data, filetype="pdf")
        else:
            doc = pymupdf.open(source, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises several types for broken files
        raise PDFLoadError(source_text, f"damaged PDF ({exc})") from exc
    if not doc.is_pdf:
        doc.close()
        raise PDFLoadError(source_text, "not a PDF")
    if doc.needs_pass:
        if not password or not doc.authenticate(password):
            doc.close()
            reason = "encrypted; wrong password" if password else "encrypted; no password given"
            raise PDFLoadError(source_text, reason)
    if doc.page_count == 0:
        doc.close()
        raise PDFLoadError(source_text, "has no pages")
    return doc


def _quick_drawing(page: pymupdf.Page, frame: PageWords, settings: LayoutSettings) -> Callable[[], Drawing]:
    """The page's drawing from the text page's boxes alone (a chart's drawing list costs tens of
    times its text), read once if at all, for the gutters and the tables both."""
    return cache(partial(page_drawing, page, frame, settings, drawing_list=False))


def _page_rules(quick: Callable[[], Drawing], settings: LayoutSettings) -> PageRules:
    """The page's rules, merged, for the gutters: read once if at all."""
    return cache(lambda: merge_rules(quick().rules, settings))


def _page_panels(quick: Callable[[], Drawing], frame: PageWords, settings: LayoutSettings) -> Callable[[], list[Box]]:
    """The page's shaded and framed rectangles, for its text boxes: read once if at all, and
    none on a page drawn with more than panel_max_paths path boxes (a chart's, a map's: their
    rectangles are the drawing's, and reading them costs more than the page's text)."""
    def panels() -> list[Box]:
        if frame.vectors is None or len(frame.vectors()) > settings.panel_max_paths:
            return []
        return quick().panels
    return cache(panels)


def _analyze(doc: pymupdf.Document, number: int, settings: LayoutSettings, source: str,
             ocr: OcrSettings, document_body: float = 0.0) -> tuple[PageLayout, bool, PageWords, OcrResult | None]:
    try:
        page = doc[number]
        frame = page_words(page, settings)
        quick = _quick_drawing(page, frame, settings)
        rules = _page_rules(quick, settings)
        panels = _page_panels(quick, frame, settings)
        layout = (analyze_page(frame.words, frame.width, frame.height, settings, document_body, frame.watermarks,
                               rules, panels, frame.bold) if ocr.mode != "force" else None)
        plan = plan_ocr(page, frame, layout, ocr)
        result = None
        if plan and ocr.mode != "off":  # off: the plan only says what would need OCR (needs_ocr)
            result = read_page(partial(ocr_engine, ocr), page, frame, plan, ocr, settings)
            if result is not None:
                if plan.whole_page:  # a page of OCR words has no drawing order: geometry alone decides
                    page_box = unrotated_rect(page)
                    frame = ocr_frame(page_box.width, page_box.height, result.turn)
                    # OCR boxes measure each word's ink, not its type size: a body paragraph
                    # would pass for a float set in other type, so only captions are floats.
                    settings = replace(settings, follow_drawing_order=False,
                                       float_size_change=ocr.float_size_change)
                    quick = _quick_drawing(page, frame, settings)  # (the tables' look, in the OCR frame)
                layout = analyze_page(result.words, frame.width, frame.height, settings,
                                      0.0 if plan.whole_page else document_body, frame.watermarks,
                                      None if plan.whole_page else rules, None if plan.whole_page else panels)
        needs_ocr = bool(plan) and result is None and (plan.whole_page or bool(plan.blocks))
        readable = readable_words(frame.words, plan) if needs_ocr else frame.words
        if layout is None or readable is not frame.words:  # OCR forced, and it failed, or text left unread:
            # the page is read from its text layer, less what cannot be read
            layout = analyze_page(readable, frame.width, frame.height, settings, document_body, frame.watermarks,
                                  rules, panels, frame.bold)
        layout = place_tables(layout, lambda: page_drawing(page, frame, settings), settings, quick)
        layout.turn = frame.turn
    except OcrUnavailableError:
        raise
    except Exception as exc:
        raise PDFLoadError(source, f"page {number + 1} could not be read ({exc})") from exc
    frame.words = []  # the layout holds them; the frame only maps boxes back
    frame.vectors = frame.bold = None  # (and lets go of the page's text)
    return layout, needs_ocr, frame, result


def _existing(doc: pymupdf.Document, source: str, pages: Iterable[int]) -> list[int]:
    """The 0-based page numbers asked for, all of which the file has: a page it has not is an
    error, not an empty result."""
    numbers = list(pages)
    for number in numbers:
        if not 0 <= number < doc.page_count:
            raise PDFLoadError(display_path(source), f"has no page {number} (it has {doc.page_count} "
                                                     "pages, numbered from 0)")
    return numbers


class _DocumentBody:
    """The document's body type: the usual word height of the pages read so far, each page
    weighed by its words (a last page of references in smaller type does not set it), once they
    hold enough words to tell (a cover in large type alone does not set it either)."""

    MIN_WORDS = 300

    def __init__(self) -> None:
        self.words_by_height: dict[float, int] = {}  # (few heights: a long document stays cheap)

    def add(self, layout: PageLayout | None) -> None:
        if layout is not None and layout.word_count:
            h = round(layout.usual_height, 2)
            self.words_by_height[h] = self.words_by_height.get(h, 0) + layout.word_count

    def height(self) -> float:
        """0 (unknown) until the pages read hold MIN_WORDS words."""
        if sum(self.words_by_height.values()) < self.MIN_WORDS:
            return 0.0
        return weighted_median(list(self.words_by_height.items()))


def read_pages(doc: pymupdf.Document, source: str, settings: LayoutSettings | None = None,
               pages: Iterable[int] | None = None, ocr: OcrSettings | None = None) -> Iterator[PageResult]:
    """Ordered pages of `doc` (all, or the 0-based numbers in `pages`), one at a time; pages or
    parts of pages without readable text are read by OCR as `ocr` says (default: auto)."""
    pages = None if pages is None else _existing(doc, source, pages)
    s = settings or LayoutSettings()
    o = ocr or OcrSettings()
    window = s.furniture_window  # pages compared with each page for headers and footers, each side
    numbers = list(range(doc.page_count)) if pages is None else [
        p for p in pages if 0 <= p < doc.page_count]
    read_next = dict(zip(numbers, numbers[1:]))  # each page's next in the order they are read
    held: deque[tuple[int, PageLayout, bool, PageWords, OcrResult | None]] = deque()  # pages [base, base + len(held))
    base = 0
    next_out = 0
    open_on = -1  # the page number whose first paragraph carries on the sentence of the page before
    open_h = 0.0  # the body type that sentence left its page in

    def emit(upto: int) -> Iterator[PageResult]:
        """Emit pages next_out .. upto-1, then drop pages no longer inside anyone's window."""
        nonlocal base, next_out, open_on, open_h
        while next_out < upto:
            pos = next_out - base
            mark_furniture([h[1] for h in held], targets=[pos], settings=s, numbers=[h[0] for h in held], far=far)
            number, layout, needs_ocr, frame, ocr_result = held[pos]
            notes_to_tables(layout, s)
            body_h = body_height(layout, body_type.height(), s)  # the same before and after floats move
            if number == open_on:  # (the sentence runs on in the type it left its page in: a box
                # in other type may hold most of this page's text)
                floats_after_carried_sentence(layout, open_h, s)
            # (Only where the next page is read right after it: on a document's last page, or the
            # last of the pages asked for, the sentence runs on nowhere, and the floats stay.)
            open_on = number + 1 if read_next.get(number) == number + 1 and ends_open(layout, body_h, s) else -1
            open_h = body_h
            if open_on >= 0:
                floats_before_open_end(layout, body_h, s)
            text, spans = page_text(layout, s, body_h)
            mark_figure_labels(layout, body_h, s)  # (after the text: a figure's labels read as they stand)
            yield PageResult(number, layout, text, spans, needs_ocr, frame, ocr_result)
            next_out += 1
            while next_out - base > window:
                held.popleft()
                base += 1

    body_type = _DocumentBody()
    far = FarEdges()  # (the long edge rows of the pages emitted so far)
    for seen, number in enumerate(numbers, start=1):
        held.append((number, *_analyze(doc, number, s, source, o, body_type.height())))
        _, layout, _, _, ocr_result = held[-1]
        if ocr_result is None:  # (OCR boxes measure ink, not type)
            body_type.add(layout)
        yield from emit(seen - window)
    yield from emit(len(numbers))
