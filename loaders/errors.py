"""The one error type the loader raises for a PDF it cannot read."""
from __future__ import annotations


class PDFLoadError(Exception):
    """A PDF could not be read. The message names the file and the reason."""

    def __init__(self, source: str, reason: str) -> None:
        super().__init__(f"{source}: {reason}")
        self.source = source
        self.reason = reason
