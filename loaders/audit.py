"""See how columnrag read a PDF before indexing it: page images with the layout drawn over
them, a text dump per page, and an index.html to browse both offline.

Bands and columns are coloured boxes, blocks are numbered in reading order with arrows from
each block to the next, headers and footers are grey, and with chunks their outlines are drawn
too. The text dump lists the same blocks in the same order with their coordinates.
"""
from __future__ import annotations

import html
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import pymupdf
from langchain_core.documents import Document

from columnrag.loaders.langchain.metadata import read_blocks
from columnrag.loaders.langchain.parser import ColumnAwarePDFParser
from columnrag.loaders.engine.settings import LayoutSettings

log = logging.getLogger(__name__)
_PALETTE = [(0.85, 0.1, 0.1), (0.1, 0.45, 0.85), (0.1, 0.6, 0.2), (0.8, 0.45, 0.0),
            (0.55, 0.2, 0.7), (0.0, 0.6, 0.6)]
_GREY = (0.55, 0.55, 0.55)
_CHUNK = (0.95, 0.2, 0.6)


@dataclass
class AuditPage:
    number: int  # 0-based
    png: Path
    dump: Path
    confidence: float
    doubts: list[str]


def parse_pages(spec: str | None, total: int) -> list[int]:
    """'1-3,7' (1-based, as people count pages) -> [0, 1, 2, 6]; None -> every page."""
    if not spec:
        return list(range(total))
    out: set[int] = set()
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        lo, _, hi = part.partition("-")
        a, b = int(lo), int(hi or lo)
        out.update(p - 1 for p in range(a, b + 1) if 1 <= p <= total)
    return sorted(out)


def _dump(doc: Document) -> str:
    lines = [f"page {doc.metadata['page'] + 1}  confidence {doc.metadata.get('layout_confidence', 1.0)}"]
    for reason in json.loads(doc.metadata.get("layout_doubts", "[]")):
        lines.append(f"  doubt: {reason}")
    for n, b in enumerate(read_blocks(doc.metadata), start=1):
        x0, y0, x1, y1 = b["bbox"]
        lines.append(f"#{n} band {b['band']} col {b['column']} {b['kind']} ({x0:.1f},{y0:.1f},{x1:.1f},{y1:.1f})")
        lines.append(doc.page_content[b["start"]:b["end"]])
    for f in json.loads(doc.metadata.get("layout_furniture", "[]")):
        x0, y0, x1, y1 = f["bbox"]
        lines.append(f"[{f['kind']}] ({x0:.1f},{y0:.1f},{x1:.1f},{y1:.1f}) {f['text']}")
    return "\n".join(lines) + "\n"


def _draw(page: pymupdf.Page, doc: Document, chunks: Sequence[Document]) -> None:
    blocks = read_blocks(doc.metadata)
    shape = page.new_shape()
    groups: dict[tuple[int, int], list[list[float]]] = {}
    for b in blocks:
        groups.setdefault((b["band"], b["column"]), []).append(b["bbox"])
    for (band, col), boxes in groups.items():
        r = pymupdf.Rect(min(x[0] for x in boxes), min(x[1] for x in boxes),
                         max(x[2] for x in boxes), max(x[3] for x in boxes)) + (-3, -3, 3, 3)
        color = _PALETTE[(band * 2 + col) % len(_PALETTE)]
        shape.draw_rect(r)
        shape.finish(color=color, width=1.2, dashes="[4 2] 0")
    centres = []
    for n, b in enumerate(blocks, start=1):
        r = pymupdf.Rect(b["bbox"])
        color = _PALETTE[(b["band"] * 2 + b["column"]) % len(_PALETTE)]
        shape.draw_rect(r)
        shape.finish(color=color, width=0.6)
        centres.append(pymupdf.Point((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2))
    for a, b in zip(centres, centres[1:]):
        shape.draw_line(a, b)
        shape.finish(color=(0.2, 0.2, 0.2), width=0.5, dashes="[1 1] 0")
        shape.draw_circle(b, 1.5)
        shape.finish(color=(0.2, 0.2, 0.2), fill=(0.2, 0.2, 0.2))
    for f in json.loads(doc.metadata.get("layout_furniture", "[]")):
        shape.draw_rect(pymupdf.Rect(f["bbox"]))
        shape.finish(color=_GREY, width=0.8, dashes="[2 2] 0")
    for k, c in enumerate(chunks):
        for entry in json.loads(c.metadata.get("boxes", "[]")):
            if entry["page"] == doc.metadata["page"]:
                shape.draw_rect(pymupdf.Rect(entry["bbox"]) + (-1.5, -1.5, 1.5, 1.5))
                shape.finish(color=_CHUNK, width=1.0)
    shape.commit()
    for n, (b, centre) in enumerate(zip(blocks, centres), start=1):
        color = _PALETTE[(b["band"] * 2 + b["column"]) % len(_PALETTE)]
        label = pymupdf.Rect(b["bbox"][0] - 1, b["bbox"][1] - 1, b["bbox"][0] + 16, b["bbox"][1] + 10)
        page.draw_rect(label, color=color, fill=(1, 1, 1), width=0.5)
        page.insert_text((label.x0 + 2, label.y0 + 8.5), str(n), fontsize=8, color=color)
    for f in json.loads(doc.metadata.get("layout_furniture", "[]")):
        page.insert_text((f["bbox"][0], f["bbox"][1] - 1), f["kind"][0].upper(), fontsize=6, color=_GREY)


def audit_pdf(path: str | Path, out: str | Path, pages: str | None = None, chunks: bool = False,
              settings: LayoutSettings | None = None, zoom: float = 1.0,
              password: str | None = None) -> list[AuditPage]:
    """Write page PNGs, text dumps and index.html for `path` into `out`; returns the pages."""
    path, out = Path(path), Path(out)
    out.mkdir(parents=True, exist_ok=True)
    src = pymupdf.open(str(path))
    if src.needs_pass and password:
        src.authenticate(password)
    wanted = parse_pages(pages, src.page_count)
    parser = ColumnAwarePDFParser(pages=wanted, settings=settings, password=password)
    from langchain_core.document_loaders import Blob

    docs = list(parser.lazy_parse(Blob.from_path(path)))
    chunk_docs: list[Document] = []
    if chunks:
        from columnrag.chunking import BandAwareTextSplitter

        chunk_docs = BandAwareTextSplitter().split_documents(docs)
    result: list[AuditPage] = []
    for doc in docs:
        number = doc.metadata["page"]
        page = src[number]
        _draw(page, doc, chunk_docs)
        png = out / f"page-{number + 1:04d}.png"
        page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom)).save(str(png))
        dump = out / f"page-{number + 1:04d}.txt"
        dump.write_text(_dump(doc), encoding="utf-8")
        result.append(AuditPage(number, png, dump, float(doc.metadata.get("layout_confidence", 1.0)),
                                json.loads(doc.metadata.get("layout_doubts", "[]"))))
    src.close()
    _write_index(out, path, result)
    return result


def _write_index(out: Path, source: Path, pages: Iterable[AuditPage]) -> None:
    rows = []
    for p in pages:
        text = html.escape(p.dump.read_text(encoding="utf-8"))
        rows.append(f'<section><h2>Page {p.number + 1} <small>confidence {p.confidence:.2f}</small></h2>'
                    f'<div class="pair"><img src="{p.png.name}" alt="page {p.number + 1}">'
                    f'<pre>{text}</pre></div></section>')
    (out / "index.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>columnrag audit: {html.escape(source.name)}</title><style>"
        "body{font-family:sans-serif;margin:1em}.pair{display:flex;gap:1em;align-items:flex-start}"
        "img{max-width:55%;border:1px solid #ccc}pre{white-space:pre-wrap;font-size:12px;flex:1}"
        "</style></head><body>"
        f"<h1>{html.escape(str(source))}</h1>" + "".join(rows) + "</body></html>", encoding="utf-8")


@dataclass
class SuspiciousPage:
    source: str
    page: int  # 0-based
    confidence: float
    reasons: list[str]


def suspicious_pages(paths: Iterable[Path], limit: int = 20,
                     settings: LayoutSettings | None = None) -> list[SuspiciousPage]:
    """The pages of a corpus most worth a human look: lowest layout confidence first."""
    from langchain_core.document_loaders import Blob

    from .errors import PDFLoadError

    found: list[SuspiciousPage] = []
    parser = ColumnAwarePDFParser(settings=settings)
    for path in paths:
        try:
            for doc in parser.lazy_parse(Blob.from_path(path)):
                found.append(SuspiciousPage(str(path), doc.metadata["page"],
                                            float(doc.metadata.get("layout_confidence", 1.0)),
                                            json.loads(doc.metadata.get("layout_doubts", "[]"))))
        except PDFLoadError as exc:
            found.append(SuspiciousPage(str(path), -1, 0.0, [exc.reason]))
    found.sort(key=lambda s: (s.confidence, s.source, s.page))
    return found[:limit]
