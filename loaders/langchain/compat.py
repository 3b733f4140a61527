"""PyMuPDFLoader's keywords: which ones we honour, which we cannot, said plainly.

Code written for LangChain's PyMuPDFLoader/PyMuPDFParser passes keywords this loader has no use
for. Those that change nothing here are accepted; those asking for something we do not do fail
at construction with NotImplementedError naming what to use instead, never silently.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal, Mapping

from ..engine.settings import LayoutSettings


PAGES_DELIMITER = "\n\f"  # PyMuPDFLoader's page separator in mode="single"
ImagesFormat = Literal["text", "markdown-img", "html-img"]
TablesFormat = Literal["csv", "markdown", "html"]
IMAGES_FORMATS = ("text", "markdown-img", "html-img")
TABLES_FORMATS = ("csv", "markdown", "html")
# PyMuPDF get_text() options PyMuPDFLoader passes on (its **kwargs, the parser's text_kwargs) that
# ask for what this loader does anyway: plain text, sorted by position.
_HARMLESS_TEXT_OPTIONS: dict[str, Any] = {"option": "text", "sort": True}
_GET_TEXT_OPTIONS = {"option", "clip", "flags", "textpage", "sort", "delimiters", "tolerance"}
_NO_IMAGES = ("PyMuPDFLoader with an images parser (RapidOCR for extract_images=True) reads every image on a "
              "page, photos and charts too, and adds its text after the page text; columnrag does not. Its "
              "own OCR (ocr=\"auto\", the default) reads what has no usable text layer: scanned pages, text "
              "whose font has no Unicode map, and wordless images that hold running text, whose words join the "
              "page in reading order (pages that needed it but could not get it are flagged needs_ocr=True; "
              "ocr=\"force\" reads every page by OCR). For the text of every image, use LangChain's "
              "PyMuPDFLoader(extract_images=True)")


def check_images(extract_images: bool, images_parser: Any, images_inner_format: str) -> None:
    """PyMuPDFLoader OCRs each image of a page when asked (an images parser, RapidOCR by default);
    columnrag OCRs only what has no usable text, in reading order, so it refuses the keywords."""
    if images_inner_format not in IMAGES_FORMATS:
        raise ValueError(f"images_inner_format must be one of {', '.join(IMAGES_FORMATS)}, "
                         f"not {images_inner_format!r}")
    if extract_images or images_parser is not None:
        keyword = "extract_images=True" if extract_images else "images_parser"
        raise NotImplementedError(f"{keyword} is not supported: {_NO_IMAGES}")


def check_text_options(text_kwargs: Mapping[str, Any] | None) -> None:
    """PyMuPDF get_text() options: our text comes from the layout analysis, not from get_text()."""
    options = dict(text_kwargs or {})
    unknown = sorted(set(options) - _GET_TEXT_OPTIONS)
    if unknown:
        raise TypeError(f"unexpected keyword argument(s): {', '.join(unknown)}")
    odd = {k: v for k, v in options.items() if k not in _HARMLESS_TEXT_OPTIONS or v != _HARMLESS_TEXT_OPTIONS[k]}
    if odd:
        shown = ", ".join(f"{k}={v!r}" for k, v in odd.items())
        raise NotImplementedError(
            f"PyMuPDF get_text() options cannot be honoured ({shown}): columnrag builds the page text "
            "from its own layout analysis; pass settings=LayoutSettings(...) to change how it reads pages")


def check_tables(extract_tables: str | None, extract_tables_settings: Mapping[str, Any] | None) -> None:
    if extract_tables is not None and extract_tables not in TABLES_FORMATS:
        raise ValueError(f"extract_tables must be one of {', '.join(TABLES_FORMATS)} or None, "
                         f"not {extract_tables!r}")
    if extract_tables in ("csv", "html"):
        raise NotImplementedError(f"extract_tables={extract_tables!r} is not supported: columnrag writes "
                                  "tables as markdown (extract_tables='markdown') or as plain text (None)")
    if extract_tables_settings:
        raise NotImplementedError("extract_tables_settings (PyMuPDF find_tables options) cannot be honoured: "
                                  "columnrag finds tables with its own layout analysis; pass "
                                  "settings=LayoutSettings(...) to change it")


def with_tables(settings: LayoutSettings, extract_tables: str | None) -> LayoutSettings:
    """extract_tables="markdown" is our `tables` layout option set to "markdown" (None keeps the
    settings as they are)."""
    return settings if extract_tables is None else replace(settings, tables=extract_tables)


def is_url(path: str) -> bool:
    return path.split("://", 1)[0].lower() in ("http", "https", "s3") and "://" in path
