"""See how columnrag read a PDF before indexing it: page images with the layout drawn over
them, a text dump per page, and an index.html to browse both offline.

Bands and columns are coloured boxes, blocks are numbered in reading order with arrows from
each block to the next, headers and footers are grey, a figure's labels (which the chunks leave
out) dotted grey, and with chunks their outlines are drawn too. The text dump lists the same
blocks in the same order with their coordinates.
"""
from __future__ import annotations

import html
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from langchain_core.document_loaders import Blob
from langchain_core.documents import Document

from .contract import LayoutBlock, decode_blocks, decode_chunk_boxes, decode_doubts, decode_furniture
from .engine.geometry import FIGURE, Box
from .engine.settings import LayoutSettings
from .langchain.parser import ColumnAwarePDFParser
from .pdf.overlay import Colour, OverlayPDF, PageCanvas

log = logging.getLogger(__name__)
Chunker = Callable[[list[Document]], list[Document]]  # page Documents in, chunk Documents out
_PALETTE: list[Colour] = [(0.85, 0.1, 0.1), (0.1, 0.45, 0.85), (0.1, 0.6, 0.2), (0.8, 0.45, 0.0),
                          (0.55, 0.2, 0.7), (0.0, 0.6, 0.6)]
_GREY: Colour = (0.55, 0.55, 0.55)
_CHUNK: Colour = (0.95, 0.2, 0.6)
_PATH: Colour = (0.2, 0.2, 0.2)


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
    for reason in decode_doubts(doc.metadata):
        lines.append(f"  doubt: {reason}")
    for n, b in enumerate(decode_blocks(doc.metadata), start=1):
        lines.append(f"#{n} band {b.band} col {b.column} {b.kind} {_coords(b.box)}")
        lines.append(doc.page_content[b.start:b.end])
    for f in decode_furniture(doc.metadata):
        lines.append(f"[{f.kind}] {_coords(f.box)} {f.text}")
    return "\n".join(lines) + "\n"


def _coords(box: Box) -> str:
    return f"({box.x0:.1f},{box.y0:.1f},{box.x1:.1f},{box.y1:.1f})"


def _colour(block: LayoutBlock) -> Colour:
    """One colour per band and column, so neighbouring columns differ."""
    return _PALETTE[(block.band * 2 + block.column) % len(_PALETTE)]


def _block_colour(block: LayoutBlock) -> Colour:
    """A block's colour: its column's, or grey for a figure's labels (kept out of the chunks)."""
    return _GREY if block.kind == FIGURE else _colour(block)


def _draw(canvas: PageCanvas, doc: Document, chunk_boxes: list[Box]) -> None:
    """Columns (dashed), blocks numbered in reading order with a path from each to the next,
    furniture (grey) and chunk outlines."""
    blocks = decode_blocks(doc.metadata)
    columns: dict[tuple[int, int], list[LayoutBlock]] = {}
    for b in blocks:
        columns.setdefault((b.band, b.column), []).append(b)
    for members in columns.values():
        canvas.outline(Box.union(b.box for b in members), _colour(members[0]), 1.2, "[4 2] 0", pad=3)
    for b in blocks:
        canvas.outline(b.box, _block_colour(b), 0.6, "[1 1] 0" if b.kind == FIGURE else None)
    canvas.path([((b.box.x0 + b.box.x1) / 2, (b.box.y0 + b.box.y1) / 2) for b in blocks], _PATH)
    furniture = decode_furniture(doc.metadata)
    for f in furniture:
        canvas.outline(f.box, _GREY, 0.8, "[2 2] 0")
    for box in chunk_boxes:
        canvas.outline(box, _CHUNK, 1.0, pad=1.5)
    for n, b in enumerate(blocks, start=1):
        canvas.tag(b.box, str(n), _block_colour(b))
    for f in furniture:
        canvas.note((f.box.x0, f.box.y0 - 1), f.kind[0].upper(), _GREY)


def _boxes_by_page(chunks: Iterable[Document]) -> dict[int, list[Box]]:
    """Every chunk's boxes, by page, in chunk order."""
    out: dict[int, list[Box]] = {}
    for chunk in chunks:
        for entry in decode_chunk_boxes(chunk.metadata):
            out.setdefault(entry.page, []).append(entry.box)
    return out


def audit_pdf(path: str | Path, out: str | Path, pages: str | None = None, *,
              settings: LayoutSettings | None = None, zoom: float = 1.0, password: str | None = None,
              chunker: Chunker | None = None) -> list[AuditPage]:
    """Write page PNGs, text dumps and index.html for `path` into `out`; returns the pages.

    `chunker` turns the page Documents into chunks (the configured splitter's split_documents)
    whose outlines are drawn too; None draws none."""
    path, out = Path(path), Path(out)
    result: list[AuditPage] = []
    with OverlayPDF(path, password) as pdf:
        wanted = parse_pages(pages, pdf.page_count)
        parser = ColumnAwarePDFParser(pages=wanted, settings=settings, password=password)
        docs = list(parser.lazy_parse(Blob.from_path(path)))
        chunk_boxes = _boxes_by_page(chunker(docs)) if chunker else {}
        out.mkdir(parents=True, exist_ok=True)  # only now: a file that cannot be read leaves no folder
        for doc in docs:
            number = doc.metadata["page"]
            png = out / f"page-{number + 1:04d}.png"
            pdf.render(number, lambda canvas: _draw(canvas, doc, chunk_boxes.get(number, [])), png, zoom)
            dump = out / f"page-{number + 1:04d}.txt"
            dump.write_text(_dump(doc), encoding="utf-8")
            result.append(AuditPage(number, png, dump, float(doc.metadata.get("layout_confidence", 1.0)),
                                    decode_doubts(doc.metadata)))
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


def suspicious_pages(paths: Iterable[Path], limit: int = 20, settings: LayoutSettings | None = None,
                     password: str | None = None) -> list[SuspiciousPage]:
    """The pages of a corpus most worth a human look: lowest layout confidence first. `password`
    opens the encrypted files (one for all, as ingest takes it)."""
    from .errors import PDFLoadError

    found: list[SuspiciousPage] = []
    parser = ColumnAwarePDFParser(settings=settings, password=password)
    for path in paths:
        try:
            for doc in parser.lazy_parse(Blob.from_path(path)):
                found.append(SuspiciousPage(str(path), doc.metadata["page"],
                                            float(doc.metadata.get("layout_confidence", 1.0)),
                                            decode_doubts(doc.metadata)))
        except PDFLoadError as exc:
            found.append(SuspiciousPage(str(path), -1, 0.0, [exc.reason]))
    found.sort(key=lambda s: (s.confidence, s.source, s.page))
    return found[:limit]
