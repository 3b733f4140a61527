"""OCR settings (section `ocr`). Defaults are documented in configs/default.yaml (a test keeps both
equal). Stdlib only, so the settings object can be built without PyMuPDF."""
from __future__ import annotations

from dataclasses import dataclass

OCR_MODES = ("auto", "off", "force")


@dataclass(frozen=True)
class OcrSettings:
    # auto: OCR pages without a text layer, unreadable text (fonts without Unicode) and wordless
    # scanned images; off: never; force: every page, ignoring its text layer.
    mode: str = "auto"
    # Tesseract languages joined by "+" ("eng+deu"): each needs its Debian package tesseract-ocr-<lang>.
    languages: str = "eng"
    # Pages are rendered at this resolution for OCR: Tesseract reads body text best at about 300 dpi.
    dpi: int = 300
    # Words Tesseract is less sure of (0-100) are dropped: scan noise read as stray letters would
    # otherwise fill the gutters the reading order relies on.
    min_confidence: float = 20.0
    # Auto mode: a wordless image covering at least this share of a page may be scanned text
    # (smaller ones are logos and figures far more often; telling costs a quick low-resolution
    # OCR of the image). Above 1: never.
    min_image_share: float = 0.25
    # Tesseract threads per process (fixed when Tesseract first loads): ingest already runs one
    # worker per core, and more threads than cores makes Tesseract several times slower.
    threads: int = 1
    # Seconds one page's OCR may take before the page is left without it (flag needs_ocr).
    timeout: float = 120.0

    def __post_init__(self) -> None:
        if str(self.mode).lower() == "false":  # YAML reads a bare `mode: off` as false
            object.__setattr__(self, "mode", "off")
        if self.mode not in OCR_MODES:
            raise ValueError(f"ocr mode must be one of {', '.join(OCR_MODES)}, not {self.mode!r}")
