"""What a run did: files new, changed, unchanged, removed and failed (with reasons), pages,
chunks and time; printed by the CLI and kept as `<db>/last-ingest-report.json`."""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger(__name__)
REPORT_NAME = "last-ingest-report.json"
Progress = Callable[[str, int, int], None]  # called per file: (source, files done, files to do)


@dataclass
class Summary:
    new: int = 0
    changed: int = 0
    unchanged: int = 0
    removed: int = 0
    failed: int = 0
    pages: int = 0
    ocr_pages: int = 0  # pages read (in whole or part) by OCR
    chunks: int = 0
    seconds: float = 0.0
    failures: list[dict[str, str]] = field(default_factory=list)

    def add_failure(self, source: str, reason: str) -> None:
        """A file that could not be ingested; the run goes on."""
        self.failed += 1
        self.failures.append({"source": source, "reason": reason})
        log.warning("%s: %s", source, reason)

    def add_stored(self, pages: int, chunks: int, was_recorded: bool, ocr_pages: int = 0) -> None:
        """A file whose chunks are now stored; changed if the record knew it before, else new."""
        self.changed += was_recorded
        self.new += not was_recorded
        self.pages += pages
        self.ocr_pages += ocr_pages
        self.chunks += chunks

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def lines(self) -> list[str]:
        rate_p = self.pages / self.seconds if self.seconds else 0.0
        rate_c = self.chunks / self.seconds if self.seconds else 0.0
        out = [f"files: {self.new} new, {self.changed} changed, {self.unchanged} unchanged, "
               f"{self.removed} removed, {self.failed} failed",
               f"pages: {self.pages}{f' ({self.ocr_pages} read by OCR)' if self.ocr_pages else ''}, "
               f"chunks: {self.chunks}, time: {self.seconds:.1f}s "
               f"({rate_p:.1f} pages/s, {rate_c:.1f} chunks/s)"]
        out += [f"FAILED {f['source']}: {f['reason']}" for f in self.failures]
        return out


def write_report(summary: Summary, folder: str | Path) -> Path:
    path = Path(folder) / REPORT_NAME
    path.write_text(json.dumps(summary.as_dict(), indent=1))
    return path
