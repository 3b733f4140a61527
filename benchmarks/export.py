"""`python -m benchmarks.export CORPUS OUT`: each PDF's page text (OUT/<stem>.txt) and chunks
(OUT/<stem>.chunks.jsonl), with the default settings, for ../shared/eval/score.py:

    python ../shared/eval/score.py CORPUS OUT
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from .measure import manifest


def export(corpus: Path, out: Path) -> None:
    from columnrag.chunking import BandAwareTextSplitter
    from columnrag.loaders import ColumnAwarePDFLoader

    out.mkdir(parents=True, exist_ok=True)
    splitter = BandAwareTextSplitter()
    for m in manifest(corpus):
        pages = ColumnAwarePDFLoader(corpus / m["pdf"]).load()
        stem = Path(m["pdf"]).stem
        (out / f"{stem}.txt").write_text("\n\n".join(p.page_content for p in pages), encoding="utf-8")
        lines = [json.dumps({"text": c.page_content}, ensure_ascii=False) for c in splitter.split_documents(pages)]
        (out / f"{stem}.chunks.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.export", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path, help="folder with manifest.json and the PDFs")
    ap.add_argument("out", type=Path)
    a = ap.parse_args()
    export(a.corpus, a.out)


if __name__ == "__main__":
    main()
