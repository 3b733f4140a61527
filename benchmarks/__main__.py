"""`python -m benchmarks [--corpus DIR] [--scorer PATH]`: loader speed ratio and reading order.

Speed: columnrag's loader time per page against PyMuPDF's plain `page.get_text()` on the same
pages, medians of repeated runs, as a ratio (never an absolute time). Reading order: when a
ground-truth corpus and its scorer are given (for example ../shared/corpus and
../shared/eval/score.py), columnrag and get_text() are scored side by side.
Writes benchmarks/RESULTS.md and benchmarks/results.json.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import tempfile
import time
from pathlib import Path

import pymupdf

from ingest.samples import write_sample_corpus
from loaders.reader import open_pdf, read_pages

HERE = Path(__file__).resolve().parent


def _time(fn, repeats: int) -> float:
    runs = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def speed(pdfs: list[Path], repeats: int) -> dict[str, float]:
    pages = sum(pymupdf.open(p).page_count for p in pdfs)

    def plain() -> None:
        for p in pdfs:
            with pymupdf.open(p) as d:
                for page in d:
                    page.get_text()

    def ours() -> None:
        for p in pdfs:
            d = open_pdf(str(p))
            for _ in read_pages(d, str(p)):
                pass
            d.close()

    t_plain, t_ours = _time(plain, repeats), _time(ours, repeats)
    return {"pages": pages, "get_text_ms_per_page": 1000 * t_plain / pages,
            "columnrag_ms_per_page": 1000 * t_ours / pages, "ratio": t_ours / t_plain}


def extract(corpus: Path, out: Path, which: str) -> None:
    manifest = json.loads((corpus / "manifest.json").read_text())
    for m in manifest:
        pdf = corpus / m["pdf"]
        if which == "get_text":
            with pymupdf.open(pdf) as d:
                text = "\n".join(p.get_text() for p in d)
        else:
            d = open_pdf(str(pdf))
            text = "\n\n".join(r.text for r in read_pages(d, str(pdf)))
            d.close()
        (out / f"{Path(m['pdf']).stem}.txt").write_text(text, encoding="utf-8")


def reading_order(corpus: Path, scorer: Path) -> dict[str, dict]:
    spec = importlib.util.spec_from_file_location("score", scorer)
    score = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(score)  # type: ignore[union-attr]
    results = {}
    for which in ("columnrag", "get_text"):
        with tempfile.TemporaryDirectory() as tmp:
            extract(corpus, Path(tmp), which)
            summary, _ = score.score_dir(corpus, tmp)
        results[which] = {k: v for k, v in summary.items() if k != "chunks"}
    return results


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks")
    ap.add_argument("--corpus", type=Path, help="ground-truth corpus folder (with manifest.json)")
    ap.add_argument("--scorer", type=Path, help="score.py of the corpus")
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pdfs = sorted(Path(a.corpus).glob("*.pdf")) if a.corpus else write_sample_corpus(Path(tmp), 6)
        result: dict = {"speed": speed(pdfs, a.repeats)}
    if a.corpus and a.scorer:
        result["reading_order"] = reading_order(a.corpus, a.scorer)
    lines = ["# columnrag benchmarks", "", "## Loader speed (median of runs, same pages, same run)", "",
             "| pages | get_text() ms/page | columnrag ms/page | ratio |", "|---|---|---|---|",
             "| {pages} | {get_text_ms_per_page:.2f} | {columnrag_ms_per_page:.2f} | {ratio:.2f} |".format(**result["speed"])]
    if "reading_order" in result:
        lines += ["", f"## Reading order on {a.corpus}", "",
                  "| extractor | variant | breaks/kw | coverage | perfect |", "|---|---|---|---|---|"]
        for name, summary in result["reading_order"].items():
            for variant, s in summary.items():
                lines.append(f"| {name} | {variant} | {s['breaks_per_kw']:.2f} | {s['coverage']:.3f} | {s['perfect']:.2f} |")
    (HERE / "RESULTS.md").write_text("\n".join(lines) + "\n")
    (HERE / "results.json").write_text(json.dumps(result, indent=1))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
