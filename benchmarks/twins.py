"""Scrambled twins of real PDFs: the same words at the same places, drawn in random order
(`../shared/eval/scramble.py`, read by path, never copied). A well-drawn PDF and its twin should
read the same; where they do not, the drawing order was doing part of the reading.

Scrambling is slow on long documents (minutes for a 30-page book chapter), so each twin is made
once and kept under benchmarks/.cache/twins (git-ignored); a file the scrambler cannot redraw is
remembered as such and left out of the twin set."""
from __future__ import annotations

import json
import logging
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Callable

import pymupdf

from columnrag.loaders.engine.floats import is_caption_start
from columnrag.loaders.engine.geometry import FIGURE, TABLE
from columnrag.loaders.pdf.reader import open_pdf, read_pages

from .embedcache import CACHE
from .measure import manifest
from .metric import tokens

log = logging.getLogger(__name__)

ORDER = "words-shuffled"
TIMEOUT = 1200  # seconds for one file (a 30-page chapter takes about 10 minutes)
# A twin that keeps less of its PDF's words than this lost its text to the redrawing (base-14
# fonts cannot show Korean, Greek or math glyphs; some text the scrambler does not redraw).
KEPT_TEXT = 0.9


def scrambled_twins(corpus: Path, scrambler: Path, cache: Path = CACHE / "twins", order: str = ORDER) -> Path:
    """A folder holding the corpus's twins, their truth and a manifest (variant = `order`)."""
    out = cache / f"{corpus.name}-{order}"
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for m in manifest(corpus):
        if _scrambled(corpus / m["pdf"], out, scrambler, order):
            shutil.copyfile(corpus / m["truth"], out / m["truth"])
            entries.append({**m, "variant": order})
    (out / "manifest.json").write_text(json.dumps(entries, indent=1))
    return out


def twins_read_against_native(folder: Path, scrambler: Path, truth_of: Callable[[Path], dict] | None = None,
                              cache: Path = CACHE / "twins", order: str = ORDER) -> Path:
    """A folder holding the twins of every PDF in `folder` (real PDFs without truth), each with
    the well-drawn PDF's own reading as its truth (`truth_of`, by default the loader's:
    `layout_as_truth`), and a manifest: scored, a twin's breaks are the places where the drawing
    order changed the reading."""
    truth_of = truth_of or layout_as_truth
    out = cache / f"{folder.name}-{order}"
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for pdf in sorted(folder.glob("*.pdf")):
        if _scrambled(pdf, out, scrambler, order):
            truth = f"{pdf.stem}.native.json"
            (out / truth).write_text(json.dumps(truth_of(pdf), ensure_ascii=False))
            entries.append({"pdf": pdf.name, "truth": truth, "variant": order})
    (out / "manifest.json").write_text(json.dumps(entries, indent=1))
    return out


def layout_as_truth(pdf: Path) -> dict:
    """The loader's reading of a PDF as a truth: each block of its pages an item, kept aside as
    the real truths keep a figure's text, a table and a caption (`truth_kind`): a float read
    elsewhere is no break."""
    doc = open_pdf(str(pdf))
    try:
        return {"items": [{"kind": truth_kind(span.block.kind, text), "text": text}
                          for page in read_pages(doc, str(pdf))
                          for span in page.spans if (text := page.text[span.start:span.end]).strip()]}
    finally:
        doc.close()


def truth_kind(block_kind: str, text: str) -> str:
    """A block's kind in a truth: a float for a figure's labels and a table (the loader's kinds)
    and a caption (the loader's own test, `is_caption_start`), body for the rest."""
    return "float" if block_kind in (FIGURE, TABLE) or is_caption_start(text) else "body"


def _scrambled(pdf: Path, out: Path, scrambler: Path, order: str) -> bool:
    """Whether `pdf` has its twin in `out`: made once (a file the scrambler cannot redraw is
    remembered as such, `NAME.failed`, and never tried again)."""
    twin, failed = out / pdf.name, out / f"{pdf.name}.failed"
    if not twin.exists() and not failed.exists():
        log.warning("scrambling %s (once; kept in %s)", pdf.name, out)
        try:
            proc = subprocess.run([sys.executable, str(scrambler), str(pdf), str(twin), order],
                                  capture_output=True, text=True, timeout=TIMEOUT)
            why = "" if proc.returncode == 0 and twin.exists() else proc.stderr[-2000:] or "no output"
        except subprocess.TimeoutExpired:
            why = f"not done in {TIMEOUT} s"
        if why:
            twin.unlink(missing_ok=True)
            failed.write_text(why)
    return twin.exists()


def _words(pdf: Path) -> Counter[str]:
    with pymupdf.open(pdf) as doc:
        return Counter(t for page in doc for t in tokens(page.get_text()))


def kept_text(native: Path, twin: Path) -> float:
    """The share of the native PDF's words (the scorer's tokens, as a multiset: order aside) that
    its twin still holds: what the redrawing kept, whatever reads it."""
    before = _words(native)
    return sum((before & _words(twin)).values()) / max(1, sum(before.values()))


def twins_keeping_text(corpus: Path, twins: Path, least: float = KEPT_TEXT) -> set[str]:
    """The twins' file names whose twin keeps at least `least` of its PDF's words."""
    return {m["pdf"] for m in manifest(twins) if kept_text(corpus / m["pdf"], twins / m["pdf"]) >= least}
