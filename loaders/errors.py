"""The errors the loader raises: a PDF it cannot read, and OCR asked for but not installed."""
from __future__ import annotations


class PDFLoadError(Exception):
    """A PDF could not be read. The message names the file and the reason."""

    def __init__(self, source: str, reason: str) -> None:
        super().__init__(f"{source}: {reason}")
        self.source = source
        self.reason = reason


class OcrUnavailableError(RuntimeError):
    """OCR was required (ocr: force) but Tesseract or its language data is not installed; the
    message names the command that installs it."""
