"""The benchmarks' default corpus: generated multi-column PDFs with their reading-order truth,
in three drawing orders, in the same layout as ../shared/corpus (manifest.json, *.truth.json)."""
from __future__ import annotations

import json
from pathlib import Path

from columnrag.ingest.samples import DrawOrder, two_column_page, write_pdf

ORDERS: tuple[DrawOrder, ...] = ("native", "rowmajor", "shuffled")


def generate(folder: Path, documents: int = 6, pages: int = 2) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    manifest = []
    for d in range(documents):
        specs = [two_column_page(1000 * d + k, with_band=(d + k) % 2 == 0, gutter=6.0 + 6 * (d % 3))
                 for k in range(pages)]
        stem = f"gen-{d:03d}"
        items = []
        for n, spec in enumerate(specs, start=1):
            items.append({"kind": "furniture", "text": "columnrag benchmark corpus"})
            items += [{"kind": "body", "text": para} for para in spec.reading]
            items.append({"kind": "furniture", "text": str(n)})
        (folder / f"{stem}.truth.json").write_text(json.dumps({"doc": stem, "items": items}))
        for order in ORDERS:
            pdf = f"{stem}.{order}.pdf"
            write_pdf(folder / pdf, specs, order, seed=d, header="columnrag benchmark corpus")
            manifest.append({"pdf": pdf, "truth": f"{stem}.truth.json", "family": "generated", "variant": order})
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return folder
