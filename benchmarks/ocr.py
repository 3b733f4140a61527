"""OCR measures: columnrag's OCR of scanned pages against Tesseract's own command on the same page
images (time and reading order, in the same run), and what the OCR check costs pages that have a
good text layer (auto vs off)."""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Callable, TypeVar

import pymupdf

from columnrag.loaders.pdf.ocr_settings import OcrSettings
from columnrag.loaders.pdf.reader import open_pdf, read_pages
from columnrag.loaders.pdf.tesseract import find_tesseract

from .measure import manifest

T = TypeVar("T")
from .metric import Truth, summarise

SCAN_DPI = 200  # the scanner's resolution (as ../shared/scanned)


def _scan(page: pymupdf.Page, path: Path) -> None:
    """The page as a scanner gives it: a grey JPEG at SCAN_DPI in an image-only PDF."""
    pix = page.get_pixmap(dpi=SCAN_DPI, colorspace=pymupdf.csGRAY)
    doc = pymupdf.open()
    doc.new_page(width=page.rect.width, height=page.rect.height).insert_image(
        page.rect, stream=pix.tobytes("jpeg", jpg_quality=85))
    doc.save(str(path))


def _read(path: Path, mode: str) -> str:
    doc = open_pdf(str(path))
    try:
        return "\n\n".join(p.text for p in read_pages(doc, str(path), ocr=OcrSettings(mode=mode)))
    finally:
        doc.close()


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(fn: Callable[[], T], cpu: Callable[[], float]) -> tuple[float, float, T]:
    """Wall and CPU seconds of fn() (CPU from `cpu`, a clock of this process or its children):
    CPU time stays fair when other work shares the machine."""
    t, c = time.perf_counter(), cpu()
    out = fn()
    return time.perf_counter() - t, cpu() - c, out


def ocr_speed(corpus: Path, documents: int = 3) -> dict:
    """Per scanned page: columnrag (render, Tesseract with word boxes, deskew, layout) vs
    `tesseract page.png -` on the page image rendered at the same dpi (its own layout analysis
    and text), one after the other on each page, with the same Tesseract threads. Reading order
    of both is scored on the corpus truth."""
    settings = OcrSettings()
    engine, problem = find_tesseract(settings.first_languages, settings.threads)
    command = shutil.which("tesseract")
    if engine is None or command is None:
        return {"skipped": problem or "the tesseract command is not installed"}
    env = {**os.environ, "OMP_THREAD_LIMIT": str(settings.threads)}
    natives = [m for m in manifest(corpus) if m["variant"] == "native"] or manifest(corpus)
    wall = {"columnrag": 0.0, "tesseract": 0.0}
    cpu = dict(wall)
    rows: dict[str, list[dict]] = {"columnrag": [], "tesseract": []}
    pages = 0
    with tempfile.TemporaryDirectory() as tmp:
        for m in natives[:documents]:
            texts: dict[str, list[str]] = {"columnrag": [], "tesseract": []}
            for page in pymupdf.open(corpus / m["pdf"]):
                scan, image = Path(tmp) / f"scan-{pages}.pdf", Path(tmp) / f"scan-{pages}.png"
                _scan(page, scan)
                with pymupdf.open(scan) as d:
                    d[0].get_pixmap(dpi=settings.dpi, colorspace=pymupdf.csGRAY).save(str(image))
                w, c, text = _timed(lambda: _read(scan, "auto"), time.process_time)
                wall["columnrag"] += w
                cpu["columnrag"] += c
                texts["columnrag"].append(text)
                w, c, proc = _timed(lambda: subprocess.run(
                    [command, str(image), "-", "-l", settings.first_languages, "--dpi", str(settings.dpi)],
                    capture_output=True, env=env, check=True), _children_cpu)
                wall["tesseract"] += w
                cpu["tesseract"] += c
                texts["tesseract"].append(proc.stdout.decode("utf-8", errors="replace"))
                pages += 1
            truth = Truth.load(corpus / m["truth"])
            for name, parts in texts.items():
                rows[name].append(truth.score_text("\n".join(parts)))
    return {"pages": pages, "dpi": settings.dpi, "threads": settings.threads,
            "columnrag_s_per_page": wall["columnrag"] / pages, "tesseract_s_per_page": wall["tesseract"] / pages,
            "ratio": wall["columnrag"] / wall["tesseract"],
            "columnrag_cpu_s_per_page": cpu["columnrag"] / pages, "tesseract_cpu_s_per_page": cpu["tesseract"] / pages,
            "cpu_ratio": cpu["columnrag"] / cpu["tesseract"],
            "order": {name: summarise(r).__dict__ for name, r in rows.items()}}


def text_layer_cost(pdfs: list[Path], repeats: int) -> dict:
    """Pages with a good text layer: loader CPU time with OCR on auto (its checks run) vs off."""
    def cpu(mode: str) -> float:
        runs = []
        for _ in range(repeats):
            t = time.process_time()
            for p in pdfs:
                _read(p, mode)
            runs.append(time.process_time() - t)
        return sorted(runs)[len(runs) // 2]

    off, auto = cpu("off"), cpu("auto")
    return {"off_cpu_s": off, "auto_cpu_s": auto, "ratio": auto / off}
