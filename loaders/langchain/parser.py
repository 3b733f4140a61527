"""LangChain integration: a blob parser and a file loader with column-aware reading order.

Both take PyMuPDFLoader's/PyMuPDFParser's keywords (see compat.py for those we cannot honour) and
emit its metadata keys and value formats, plus the layout keys, so they drop in where it was.
"""
from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, AsyncIterator, Iterable, Iterator, Literal, Mapping

from langchain_core.document_loaders import BaseBlobParser, BaseLoader
from langchain_core.document_loaders.blob_loaders import Blob
from langchain_core.documents import Document

from ..contract import CONTENT_HASH_KEY
from ..engine.settings import LayoutSettings
from ..errors import PDFLoadError
from ..hashing import bytes_hash, file_hash
from ..pdf.info import document_metadata
from ..pdf.ocr import ocr_engine
from ..pdf.ocr_settings import OcrSettings
from ..pdf.reader import open_pdf, read_pages
from .compat import (PAGES_DELIMITER, ImagesFormat, TablesFormat, check_images, check_tables,
                     check_text_options, is_url, with_tables)
from .metadata import file_metadata, layout_metadata

log = logging.getLogger(__name__)

Mode = Literal["page", "single"]


class ColumnAwarePDFParser(BaseBlobParser):
    """Parse a PDF blob into Documents whose text follows the geometric reading order.

    mode="page" yields one Document per page (default), mode="single" one per file, its pages
    joined by `pages_delimiter` ("\\n\\f", as PyMuPDFParser). `pages` are 0-based page numbers, as
    the `page` metadata is; a page the file does not have is a PDFLoadError. include_layout=False
    leaves the block and furniture JSON out of page metadata (for splitters other than ours).
    tables="markdown" (default) | "text" | "off" says how tables are given (LayoutSettings.tables;
    PyMuPDFLoader's extract_tables="markdown" is the same). ocr="auto" (default) reads scanned pages and unreadable text by OCR, "off" never, "force"
    every page (an OcrSettings gives every OCR setting); "force" without Tesseract raises
    OcrUnavailableError at once. Raises PDFLoadError (naming the file and the reason) for files
    it cannot read.
    """

    def __init__(self, text_kwargs: Mapping[str, Any] | None = None, extract_images: bool = False, *,
                 mode: Mode = "page", password: str | None = None, pages: Iterable[int] | None = None,
                 settings: LayoutSettings | None = None, keep_furniture: bool | None = None,
                 include_layout: bool = True, pages_delimiter: str = PAGES_DELIMITER,
                 images_parser: Any = None, images_inner_format: ImagesFormat = "text",
                 extract_tables: TablesFormat | None = None,
                 extract_tables_settings: Mapping[str, Any] | None = None,
                 ocr: OcrSettings | str | None = None, tables: str | None = None) -> None:
        if mode not in ("page", "single"):
            raise ValueError(f"mode must be 'page' or 'single', not {mode!r}")
        check_text_options(text_kwargs)
        check_images(extract_images, images_parser, images_inner_format)
        check_tables(extract_tables, extract_tables_settings)
        s = settings or LayoutSettings()
        if keep_furniture is not None:
            s = replace(s, keep_furniture=keep_furniture)
        if tables is not None:  # "markdown" | "text" | "off" (LayoutSettings.tables)
            s = replace(s, tables=tables)
        self.mode = mode
        self.password = password
        self.pages = None if pages is None else sorted(set(pages))
        self.extract_tables = extract_tables
        self.settings = with_tables(s, extract_tables)
        self.include_layout = include_layout
        self.pages_delimiter = pages_delimiter
        self.images_inner_format = images_inner_format
        self.ocr = ocr if isinstance(ocr, OcrSettings) else OcrSettings(mode=ocr or "auto")
        if self.ocr.mode == "force":
            ocr_engine(self.ocr)

    def lazy_parse(self, blob: Blob) -> Iterator[Document]:
        source = str(blob.source if blob.source is not None else blob.path or "<bytes>")
        data = blob.data if blob.data is not None else None
        if isinstance(data, str):
            data = data.encode()
        doc = open_pdf(source if data is not None else str(blob.path), data, self.password)
        try:
            base = file_metadata(document_metadata(doc, source), _content_hash(blob, data), self.settings)
            pages = read_pages(doc, source, self.settings, self.pages, self.ocr)
            if self.mode == "page":
                for page in pages:
                    yield Document(page_content=page.text, metadata={
                        **base, "page": page.number, **layout_metadata(page, self.include_layout)})
            else:
                if self.pages is not None:  # a part of the file: no whole-file chunk ids (see chunking.ids)
                    del base[CONTENT_HASH_KEY]
                texts = [p.text for p in pages]
                yield Document(page_content=self.pages_delimiter.join(texts), metadata=base)
        finally:
            doc.close()


def _content_hash(blob: Blob, data: bytes | None) -> str:
    if data is not None:
        return bytes_hash(data)
    try:
        return file_hash(str(blob.path))
    except OSError as exc:
        raise PDFLoadError(str(blob.path), f"cannot read file ({exc.strerror})") from exc


class ColumnAwarePDFLoader(BaseLoader):
    """Load a local PDF file into column-ordered Documents.

    Takes the parser's keywords (see ColumnAwarePDFParser) and PyMuPDFLoader's: `headers` is
    accepted and unused (it is for downloading a URL, which this loader does not do); other
    keyword arguments are PyMuPDF get_text() options, as for PyMuPDFLoader.
    """

    def __init__(self, file_path: str | Path, *, mode: Mode = "page", password: str | None = None,
                 pages: Iterable[int] | None = None, settings: LayoutSettings | None = None,
                 keep_furniture: bool | None = None, include_layout: bool = True,
                 pages_delimiter: str = PAGES_DELIMITER, extract_images: bool = False,
                 images_parser: Any = None, images_inner_format: ImagesFormat = "text",
                 extract_tables: TablesFormat | None = None, headers: Mapping[str, str] | None = None,
                 extract_tables_settings: Mapping[str, Any] | None = None,
                 ocr: OcrSettings | str | None = None, tables: str | None = None, **kwargs: Any) -> None:
        self.file_path = os.path.expanduser(str(file_path)) if "~" in str(file_path) else str(file_path)
        if is_url(self.file_path) and not Path(self.file_path).is_file():
            raise NotImplementedError(f"{self.file_path}: columnrag loads local files; download the PDF "
                                      "first and load the downloaded file")
        self.headers = headers
        self.parser = ColumnAwarePDFParser(
            kwargs, extract_images, mode=mode, password=password, pages=pages, settings=settings,
            keep_furniture=keep_furniture, include_layout=include_layout, pages_delimiter=pages_delimiter,
            images_parser=images_parser, images_inner_format=images_inner_format,
            extract_tables=extract_tables, extract_tables_settings=extract_tables_settings, ocr=ocr,
            tables=tables)

    def lazy_load(self) -> Iterator[Document]:
        if not Path(self.file_path).is_file():
            raise PDFLoadError(self.file_path, "no such file")
        yield from self.parser.lazy_parse(Blob.from_path(self.file_path))

    async def alazy_load(self) -> AsyncIterator[Document]:
        """Yield each page as soon as it is read. The layout work runs on one worker thread
        (PyMuPDF objects stay on the thread that made them), so the event loop is never blocked."""
        loop = asyncio.get_running_loop()
        done = object()
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="columnrag-load") as worker:
            pages = self.lazy_load()
            try:
                while (doc := await loop.run_in_executor(worker, next, pages, done)) is not done:
                    yield doc
            finally:  # (a generator is closed on the worker; another iterator needs nothing)
                close = getattr(pages, "close", None)
                if close is not None:
                    await loop.run_in_executor(worker, close)
