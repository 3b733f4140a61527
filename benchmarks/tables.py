"""Table measures: cell F1 and detection precision on the table truth set, and time per page.

Reads `../shared/tables` (real PDFs, no truth here) and `../shared/tables/dev` (synthetic, with
truth), scored by `../shared/eval/score_tables.py`; returns None when they are not there, so the
benchmarks run without `../shared`.
"""
from __future__ import annotations

import importlib.util
import json
import statistics
import tempfile
import time
from pathlib import Path

from .measure import ROOT

SHARED = ROOT.parent / "shared"
TABLES = SHARED / "tables"
SCORER = SHARED / "eval" / "score_tables.py"


def table_json(pdf: Path) -> tuple[dict, int]:
    """The loader's tables of one PDF in the scorer's format ({"tables": [{page, bbox, rows}]}),
    and its page count."""
    from columnrag.loaders import ColumnAwarePDFLoader
    from columnrag.loaders.contract import decode_blocks

    tables = []
    docs = ColumnAwarePDFLoader(pdf).load()
    for doc in docs:
        for block in decode_blocks(doc.metadata):
            if block.rows is not None:
                tables.append({"page": doc.metadata["page"], "bbox": block.box.rounded(2), "rows": block.rows})
    return {"tables": tables}, len(docs)


def _scorer():
    spec = importlib.util.spec_from_file_location("score_tables", SCORER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def table_measures(repeats: int = 3) -> dict | None:
    """Cell F1, detection precision and recall on the synthetic truth (dev), and ms/page of the
    loader (tables on) on the real PDFs; None without ../shared/tables."""
    dev = TABLES / "dev"
    if not (dev / "manifest.json").is_file() or not SCORER.is_file():
        return None
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for pdf in sorted(dev.glob("*.pdf")):
            data, _ = table_json(pdf)
            (Path(tmp) / f"{pdf.stem}.tables.json").write_text(json.dumps(data))
        scored = _scorer().score(dev, Path(tmp))["overall"]
    out["dev"] = {k: scored[k] for k in ("tables", "det_recall", "det_precision", "cell_precision",
                                         "cell_recall", "cell_f1", "exact")}
    real = sorted(TABLES.glob("*.pdf"))
    runs, pages, found = [], 0, 0
    for _ in range(repeats):
        t = time.perf_counter()
        pages = found = 0
        for pdf in real:
            data, n = table_json(pdf)
            pages += n
            found += len(data["tables"])
        runs.append(time.perf_counter() - t)
    out["real"] = {"pdfs": len(real), "pages": pages, "tables_found": found,
                   "ms_per_page": 1000 * statistics.median(runs) / max(1, pages)}
    return out


def write_tables(pdfs: Path, out: Path) -> int:
    """Write OUT/NAME.tables.json (the scorer's format) for every PDF in a folder; the count."""
    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for pdf in sorted(pdfs.glob("*.pdf")):
        data, _ = table_json(pdf)
        (out / f"{pdf.stem}.tables.json").write_text(json.dumps(data, ensure_ascii=False))
        n += 1
    return n


if __name__ == "__main__":  # python -m benchmarks.tables PDF_DIR OUT_DIR: files for score_tables.py
    import sys

    print(write_tables(Path(sys.argv[1]), Path(sys.argv[2])), "PDFs read")
