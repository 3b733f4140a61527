"""LangChain integration: a blob parser and a file loader with column-aware reading order."""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any, AsyncIterator, Iterable, Iterator, Literal

from langchain_core.document_loaders import BaseBlobParser, BaseLoader
from langchain_core.document_loaders.blob_loaders import Blob
from langchain_core.documents import Document

from ..errors import PDFLoadError
from .metadata import layout_metadata
from ..pdf.info import document_metadata
from ..pdf.reader import open_pdf, read_pages
from ..engine.settings import LayoutSettings

log = logging.getLogger(__name__)

Mode = Literal["page", "single"]
PAGE_SEPARATOR = "\n\n"


class ColumnAwarePDFParser(BaseBlobParser):
    """Parse a PDF blob into Documents whose text follows the geometric reading order.

    mode="page" yields one Document per page (default), mode="single" one per file.
    tables="markdown" (default) | "text" | "off" says how tables are given (LayoutSettings.tables).
    Raises PDFLoadError (naming the file and the reason) for files it cannot read.
    """

    def __init__(self, *, mode: Mode = "page", password: str | None = None,
                 pages: Iterable[int] | None = None, settings: LayoutSettings | None = None,
                 keep_furniture: bool | None = None, pages_delimiter: str = PAGE_SEPARATOR,
                 tables: str | None = None) -> None:
        if mode not in ("page", "single"):
            raise ValueError(f"mode must be 'page' or 'single', not {mode!r}")
        s = settings or LayoutSettings()
        if keep_furniture is not None:
            from dataclasses import replace
            s = replace(s, keep_furniture=keep_furniture)
        if tables is not None:  # "markdown" | "text" | "off" (LayoutSettings.tables)
            from dataclasses import replace
            s = replace(s, tables=tables)
        self.mode = mode
        self.password = password
        self.pages = None if pages is None else sorted(set(pages))
        self.settings = s
        self.pages_delimiter = pages_delimiter

    def lazy_parse(self, blob: Blob) -> Iterator[Document]:
        source = str(blob.source if blob.source is not None else blob.path or "<bytes>")
        data = blob.data if blob.data is not None else None
        if isinstance(data, str):
            data = data.encode()
        doc = open_pdf(source if data is not None else str(blob.path), data, self.password)
        try:
            base = document_metadata(doc, source)
            if self.mode == "page":
                for page in read_pages(doc, source, self.settings, self.pages):
                    yield Document(page_content=page.text,
                                   metadata={**base, "page": page.number, **layout_metadata(page)})
            else:
                texts = [p.text for p in read_pages(doc, source, self.settings, self.pages)]
                yield Document(page_content=self.pages_delimiter.join(texts), metadata=base)
        finally:
            doc.close()


class ColumnAwarePDFLoader(BaseLoader):
    """Load a PDF file (path or URL-less local path) into column-ordered Documents."""

    def __init__(self, file_path: str | Path, *, mode: Mode = "page", password: str | None = None,
                 pages: Iterable[int] | None = None, settings: LayoutSettings | None = None,
                 keep_furniture: bool | None = None, tables: str | None = None, **kwargs: Any) -> None:
        self.file_path = str(file_path)
        self.parser = ColumnAwarePDFParser(mode=mode, password=password, pages=pages, settings=settings,
                                           keep_furniture=keep_furniture, tables=tables, **kwargs)

    def lazy_load(self) -> Iterator[Document]:
        if not Path(self.file_path).is_file():
            raise PDFLoadError(self.file_path, "no such file")
        yield from self.parser.lazy_parse(Blob.from_path(self.file_path))

    async def alazy_load(self) -> AsyncIterator[Document]:
        """Parse in a worker thread so an event loop is never blocked by layout work."""
        docs = await asyncio.to_thread(lambda: list(self.lazy_load()))
        for d in docs:
            yield d
