"""OCR of what a page's text layer cannot give: word boxes for the layout engine, not OCR text.

What is read, in `auto` mode: a page with no words but an image (a scan), the blocks whose text is
mostly unreadable (a font without a Unicode map), and wordless images that cover a large share of
the page (half a page scanned, the other half typed) when they look like running text at a glance
(ocr_glance: no OCR for photos, charts, tables or diagrams) and a quick low-resolution reading
confirms it; Tesseract is loaded only when something is read. Only those regions are rendered
and read; the rest of the text layer stays as it is. `force` reads every page whole. The words come back
as `Word` boxes in page coordinates, so the same geometry decides their reading order as for any
text layer; Tesseract's own order is not used (an OCR'd page is read with follow_drawing_order
off, its words numbered row by row).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable

import pymupdf

from ..engine.geometry import LETTERED, UPRIGHT, UPSIDE_DOWN, Box, PageLayout, Word
from ..engine.settings import LayoutSettings
from ..errors import OcrUnavailableError
from ..text.lexicon import WORD_PUNCT, page_language
from ..text.readability import garbled, past_reading, suspects, unreadable_share
from .ocr_glance import ink_on_paper, running_text
from .ocr_images import inside, wordless_images
from .ocr_settings import AUTO_LANGUAGES, TESSERACT_CODES, OcrSettings
from .ocr_words import Placement, page_words
from .pixels import render, rendered_dpi
from .tesseract import OcrFailed, Tesseract, find_orientation_engine, find_tesseract
from .words import PageWords

log = logging.getLogger(__name__)

# Every threshold below is a field of OcrSettings (section `ocr` of the settings), with its reason.


@dataclass(slots=True)
class OcrPlan:
    """What a page needs read: the whole page, or some regions (page coordinates)."""

    whole_page: bool = False
    blocks: list[Box] | None = None  # unreadable text-layer blocks (padded): read again by OCR
    garbled: set[tuple] | None = None  # their words (_key), which OCR's words replace
    images: list[Box] | None = None  # wordless images: their words are added when they read as text

    def __bool__(self) -> bool:
        return self.whole_page or bool(self.blocks) or bool(self.images)


@dataclass(slots=True)
class OcrResult:
    words: list[Word]  # the page's words: text layer outside what was read, plus what OCR found
    ocr_words: int  # how many of them OCR found
    confidence: float  # their mean confidence, 0-100 (0 when none)
    # A page read whole: how its words' frame is turned from the page as stored (its /Rotate, or
    # the way up a scan fed sideways or upside down stands).
    turn: int = UPRIGHT


def _key(w: Word) -> tuple:
    """A word's identity across the layout (which may copy words) and the frame."""
    return w.x0, w.y0, w.x1, w.y1, w.text


def _pad(box: Box, page: Box, pad: float) -> Box:
    return Box(max(page.x0, box.x0 - pad), max(page.y0, box.y0 - pad),
               min(page.x1, box.x1 + pad), min(page.y1, box.y1 + pad))


def plan_ocr(page: pymupdf.Page, frame: PageWords, layout: PageLayout | None,
             settings: OcrSettings) -> OcrPlan:
    """What of this page needs OCR. Cheap for a page of plain text: an ASCII test on its words
    and, when it has images, their placements (`off` asks for no images: its plan only tells
    which pages and text need OCR)."""
    if settings.mode == "force" or not frame.words:
        return OcrPlan(whole_page=settings.mode == "force" or bool(page.get_images(full=False)))
    plan = OcrPlan()
    # Parts of a page are read by OCR only on an upright one (its words and the page share their
    # coordinates); a page read upside down may still be read whole (OCR finds its way up).
    if layout is not None and frame.turn in (UPRIGHT, UPSIDE_DOWN):
        doubtful = suspects(w.text for w in frame.words)
        if doubtful:
            texts = [w.text for w in frame.words]
            share = unreadable_share(texts) if any(map(garbled, doubtful)) else 0.0
            if share and (frame.turn == UPRIGHT or share >= settings.garbled_share):
                _plan_blocks(plan, layout, frame, settings)
            if share >= settings.garbled_share:
                plan.whole_page, plan.blocks = True, []  # (its unreadable blocks stay named in garbled)
                return plan
    if settings.mode == "auto" and frame.turn == UPRIGHT:
        images = page.get_images(full=False)
        if images:
            plan.images = wordless_images(page, frame.words, images, settings)
    return plan


def readable_words(words: list[Word], plan: OcrPlan) -> list[Word]:
    """The words less the unreadable ones OCR was to read again (plan_ocr's unreadable blocks, or
    the whole page). Where OCR did not read them, they are left out of the page (a run of mojibake
    is no text to index; the page is flagged needs_ocr); the readable words around them, and
    words only partly garbled (a line of code with one stray glyph), stay."""
    planned = plan.garbled or set()
    kept = [w for w in words if not ((plan.whole_page or _key(w) in planned) and past_reading(w.text))]
    return kept if len(kept) < len(words) else words


def _plan_blocks(plan: OcrPlan, layout: PageLayout, frame: PageWords, settings: OcrSettings) -> None:
    """The unreadable blocks of a page with some garbled words: read again by OCR."""
    page_box = Box(0, 0, frame.width, frame.height)
    plan.blocks, plan.garbled = [], set()
    for block in layout.blocks:
        words = [w.text for w in block.words]
        share = unreadable_share(words)
        if share >= settings.garbled_share and share * sum(map(len, words)) >= settings.min_garbled_chars:
            plan.blocks.append(_pad(block.box, page_box, settings.block_padding))
            plan.garbled.update(_key(w) for w in block.words)


def _read_region(engine: Tesseract, page: pymupdf.Page, clip: Box | None, settings: OcrSettings,
                 dpi: int | None = None, turn: int = UPRIGHT) -> tuple[list[Word], list[float]]:
    """A region's words in page points; a page read whole (clip None) turned by `turn`, in the
    frame of words turned so."""
    pix, region = render(page, clip, dpi or settings.dpi, turn, max_pixels=settings.max_pixels)
    rendered = rendered_dpi(pix, region, turn)
    found = engine.read(pix.samples, pix.width, pix.height, pix.stride, round(rendered), settings.timeout)
    return page_words(found, pix.width, pix.height, Placement(region.x0, region.y0, 72 / rendered), settings)


def _reads_as_text(engine: Tesseract, page: pymupdf.Page, image: Box, settings: OcrSettings) -> bool:
    """Whether a wordless image that looks like running text at a glance (ocr_glance) holds it:
    a quick low-resolution reading finds running text in it."""
    words, confs = _read_region(engine, page, image, settings, dpi=min(settings.probe_dpi, settings.dpi))
    if len(words) < settings.probe_min_words:
        return False
    letters = sum(sum(ch.isalpha() for ch in w.text) >= 2 for w in words)
    return (letters >= settings.probe_min_letter_share * len(words)
            and sum(confs) / len(confs) >= settings.probe_min_confidence)


Engine = Callable[..., "Tesseract | None"]  # ocr_engine with its settings: (languages=None) -> engine


def read_page(engine: Engine, page: pymupdf.Page, frame: PageWords, plan: OcrPlan, settings: OcrSettings,
              layout: LayoutSettings | None = None) -> OcrResult | None:
    """The page's words with the planned regions read by OCR; None when OCR failed or is not
    installed, or found no text in wordless images (the page is then as it was). `engine` is
    asked for Tesseract only when something is to be read: a page whose wordless images are
    all figures at a glance never loads it."""
    try:
        return _read_planned(engine, page, frame, plan, settings, layout or LayoutSettings())
    except (OcrFailed, pymupdf.mupdf.FzErrorBase) as exc:  # (MuPDF: the page could not be rendered)
        log.warning("%s page %d: OCR failed: %s", page.parent.name, page.number + 1, exc)
        return None


def _read_text(engine: Engine, tesseract: Tesseract, page: pymupdf.Page, clip: Box | None,
               settings: OcrSettings, layout: LayoutSettings, turn: int = UPRIGHT) -> tuple[list[Word], list[float]]:
    """A region's words; with languages `auto`, read again in its own language when its words
    (read in English) are another's and Tesseract has that language's data."""
    words, confs = _read_region(tesseract, page, clip, settings, turn=turn)
    if settings.languages != AUTO_LANGUAGES:
        return words, confs
    texts = [w.text for w in words]
    if sum(LETTERED.fullmatch(t.strip(WORD_PUNCT)) is not None for t in texts) < settings.language_min_words:
        return words, confs
    code = TESSERACT_CODES.get(page_language(texts, layout) or "")
    if code is None or code == tesseract.languages:
        return words, confs
    own = engine(languages=code)
    if own is None:
        return words, confs
    log.debug("%s page %d reads as %s: read again in it", page.parent.name, page.number + 1, code)
    return _read_region(own, page, clip, settings, turn=turn)


def _may_be_turned(words: list[Word], confs: list[float], settings: OcrSettings) -> bool:
    """Whether a page read whole may stand the wrong way up: its words read at low confidence
    (upside down, Tesseract guesses at shapes) or most words of letters are taller than wide
    (sideways, it reads the lines as vertical text). An upright page read well costs nothing more."""
    if _mean(confs) < settings.orientation_check_confidence:
        return True
    lettered = [w for w in words if sum(ch.isalpha() for ch in w.text) >= 3]
    tall = sum(w.height > w.x1 - w.x0 for w in lettered)
    return bool(lettered) and tall >= settings.orientation_tall_share * len(lettered)


def _page_turn(page: pymupdf.Page, turn: int, settings: OcrSettings) -> int:
    """The turn (words.PageWords) that stands the page's text upright, by Tesseract's orientation
    detection on the page rendered turned by `turn`; `turn` itself when it is unsure, cannot
    tell, or has no orientation data."""
    osd = find_orientation_engine(settings.threads)
    if osd is None:
        log.debug("Tesseract has no orientation data (osd): pages are read the way up they are displayed")
        return turn
    pix, region = render(page, None, settings.dpi, turn, max_pixels=settings.max_pixels)
    found = osd.orientation(pix.samples, pix.width, pix.height, pix.stride, round(rendered_dpi(pix, region, turn)))
    if found is None or found[1] < settings.orientation_min_confidence:
        return turn
    return (turn + 360 - found[0]) % 360  # turned clockwise by d: turned back by d


def _read_whole_page(engine: Engine, tesseract: Tesseract, page: pymupdf.Page, settings: OcrSettings,
                     layout: LayoutSettings) -> tuple[list[Word], list[float], int]:
    """A page's words and the turn (from the unrotated page) they are read in: as the page is
    displayed, or the way up its text stands when it was scanned sideways or upside down (and
    that reading is not the less sure one)."""
    shown = page.rotation % 360
    words, confs = _read_text(engine, tesseract, page, None, settings, layout, shown)
    if not _may_be_turned(words, confs, settings):
        return words, confs, shown
    turn = _page_turn(page, shown, settings)
    if turn == shown:
        return words, confs, shown
    turned, turned_confs = _read_text(engine, tesseract, page, None, settings, layout, turn)
    if _mean(turned_confs) < _mean(confs) - settings.orientation_confidence_margin:
        return words, confs, shown
    log.debug("%s page %d reads turned by %d degrees from how it is displayed", page.parent.name,
              page.number + 1, (turn - shown) % 360)
    return turned, turned_confs, turn


def _read_planned(engine: Engine, page: pymupdf.Page, frame: PageWords, plan: OcrPlan, settings: OcrSettings,
                  layout: LayoutSettings) -> OcrResult | None:
    scans = [image for image in plan.images or []
             if ink_on_paper(page, image, settings) and running_text(page, image, settings)]
    if not (plan.whole_page or plan.blocks or scans):
        return None
    tesseract = engine()
    if tesseract is None:
        return None
    if plan.whole_page:
        words, confs, turn = _read_whole_page(engine, tesseract, page, settings, layout)
        return OcrResult(_row_major(words), len(words), _mean(confs), turn)
    kept = list(frame.words)
    added: list[Word] = []
    confs_all: list[float] = []
    if plan.blocks:
        words, confs = _read_text(engine, tesseract, page, Box.union(plan.blocks), settings, layout)
        kept = [w for w in kept if _key(w) not in (plan.garbled or ())]
        pairs = [(w, c) for w, c in zip(words, confs) if any(inside(w, b) for b in plan.blocks)]
        added += [w for w, _ in pairs]
        confs_all += [c for _, c in pairs]
    for image in scans:
        if _reads_as_text(tesseract, page, image, settings):
            words, confs = _read_text(engine, tesseract, page, image, settings, layout)
            added += words
            confs_all += confs
    if not plan.blocks and not added:
        return None
    return OcrResult(_merge(kept, added), len(added), _mean(confs_all))


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 1) if values else 0.0


def _row_major(words: list[Word]) -> list[Word]:
    """OCR words numbered top to bottom, left to right: no order but the geometry's."""
    ordered = sorted(words, key=lambda w: (round(w.cy), w.x0))
    return [Word(w.x0, w.y0, w.x1, w.y1, w.text, i) for i, w in enumerate(ordered)]


def _merge(text_layer: list[Word], ocr: list[Word]) -> list[Word]:
    """Text-layer words keep their drawing order; OCR words follow, row by row."""
    base = max((w.seq for w in text_layer), default=-1) + 1
    return text_layer + [Word(w.x0, w.y0, w.x1, w.y1, w.text, base + w.seq) for w in _row_major(ocr)]


_warned = False
_missing_languages: set[str] = set()


def ocr_engine(settings: OcrSettings, languages: str | None = None) -> Tesseract | None:
    """Tesseract for the settings' first languages, or None after one warning (auto) naming the
    install command; force raises. With `languages` (a page's own language, for languages
    `auto`): that engine, or None after one note naming the package that would read it better."""
    global _warned
    if languages is not None:
        if languages in _missing_languages:
            return None
        engine, problem = find_tesseract(languages, settings.threads)
        if engine is None:
            _missing_languages.add(languages)
            log.info("Some pages read as %s, read in English: %s", languages, problem)
        return engine
    engine, problem = find_tesseract(settings.first_languages, settings.threads)
    if engine is None:
        if settings.mode == "force":
            raise OcrUnavailableError(problem)
        if not _warned:
            log.warning("%s; pages that need OCR are left without it (metadata needs_ocr).", problem)
            _warned = True
    return engine
