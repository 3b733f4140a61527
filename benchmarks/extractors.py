"""Text extractors compared in the benchmarks: columnrag and what users would otherwise pick."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Callable

import pymupdf

from columnrag.loaders.pdf.ocr_settings import OcrSettings
from columnrag.loaders.pdf.reader import open_pdf, read_pages
from columnrag.loaders.pdf.words import text_page

Extractor = Callable[[Path], str]


def columnrag(path: Path, ocr: str | None = None) -> str:
    """The page texts as the loader reads them: with the default settings, or OCR in mode `ocr`."""
    doc = open_pdf(str(path))
    try:
        settings = OcrSettings(mode=ocr) if ocr is not None else None
        return "\n\n".join(p.text for p in read_pages(doc, str(path), ocr=settings))
    finally:
        doc.close()


def mupdf_share(path: Path) -> int:
    """MuPDF's own work in the loader's reading of every page: its text page (the loader's flags),
    the words, text and blocks read from it. The loader cannot be faster than this. Returns the
    number of words read."""
    words = 0
    with pymupdf.open(path) as doc:
        for page in doc:
            tp = text_page(page)
            words += len(tp.extractWORDS())
            tp.extractText(), tp.extractBLOCKS()
    return words


def pymupdf_text(path: Path) -> str:
    with pymupdf.open(path) as doc:
        return "\n".join(p.get_text() for p in doc)


def pymupdf_sorted(path: Path) -> str:
    with pymupdf.open(path) as doc:
        return "\n".join(p.get_text(sort=True) for p in doc)


def pdfminer_text(path: Path) -> str:
    from pdfminer.high_level import extract_text

    return extract_text(str(path))


def pdf_oxide_text(path: Path) -> str:
    from pdf_oxide import PdfDocument

    doc = PdfDocument(str(path))
    return "\n".join(doc.extract_text(i) for i in range(doc.page_count()))


PYMUPDF4LLM = "pymupdf4llm"


def pymupdf4llm_text(path: Path) -> str:
    """PyMuPDF's own extractor for LLM and RAG pipelines, with the layout model of PyMuPDF Layout
    where it is installed (both come with PyMuPDF 2), called as such a pipeline calls it for plain
    text: the text layer alone (OCR off, as every other reader here), page headers and footers
    left out as columnrag leaves them."""
    import pymupdf4llm

    with pymupdf.open(path) as doc:
        return pymupdf4llm.to_text(doc, use_ocr=False, header=False, footer=False, show_progress=False)


def _has_pymupdf4llm() -> bool:
    """Whether pymupdf4llm imports here with its plain-text reader: it refuses a PyMuPDF of
    another version than its own."""
    try:
        import pymupdf4llm
    except ImportError:
        return False
    return callable(getattr(pymupdf4llm, "to_text", None))


def available() -> dict[str, Extractor]:
    out: dict[str, Extractor] = {"columnrag": columnrag, "PyMuPDF get_text()": pymupdf_text,
                                 "PyMuPDF sort=True": pymupdf_sorted}
    if importlib.util.find_spec("pdfminer"):
        out["pdfminer.six"] = pdfminer_text
    if importlib.util.find_spec("pdf_oxide"):
        out["pdf_oxide"] = pdf_oxide_text
    if _has_pymupdf4llm():
        out[PYMUPDF4LLM] = pymupdf4llm_text
    return out
