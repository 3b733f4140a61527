"""`python -m benchmarks [--corpus DIR]` (or `make bench`): writes benchmarks/RESULTS.md
(tables) and benchmarks/results.json.

Without --corpus it generates its own corpus with ground truth (no ../shared needed), and where
../shared (--shared) holds them it also measures the real-world documents' chunks, chunkqa
(Chroma's chunking evaluation on two-column PDFs) and the sweep that chose the chunking
defaults, each skipped when missing. Give ../shared/corpus or ../shared/realworld to measure on
those alone.
Embeddings are cached per text in benchmarks/.cache, so a rerun embeds only what changed.
"""
from __future__ import annotations

import argparse
import json
import logging
import tempfile
import time
from pathlib import Path

from .chunkqa import VARIANTS, ChunkQA, find
from .corpus import generate
from .embedcache import CachedEmbedder
from .extractors import PYMUPDF4LLM, Extractor, available, columnrag, pymupdf_text
from .measure import (SHORT, chunk_quality, ingest_speed, loader_speed, manifest, memory_scaling,
                      order_independence, precision, query_speed, reading_order, retrieval, scored_texts,
                      summarised)
from .ocr import ocr_speed, text_layer_cost
from .sweep import render as render_sweep
from .sweep import sweep
from .rtl import generate_rtl
from .tables import table_measures
from .twins import KEPT_TEXT, scrambled_twins, twins_keeping_text, twins_read_against_native

HERE = Path(__file__).resolve().parent


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(r) + " |" for r in rows]


def _chunk_table(chunks: dict[str, dict], retrieval: dict[str, float] | None = None) -> list[str]:
    head = ["pipeline", "chunks", "crossing", "crossing wherever its first trigram sits", "intact sentences",
            "mean tokens", f"< {SHORT} tokens", "no word", "one short line"] + (["sentence retrieval"] if retrieval else [])
    rows = []
    for n, c in chunks.items():
        row = [n, str(c["chunks"]), f"{100 * c['crossing_rate']:.2f}%", f"{100 * c['real_crossing_rate']:.2f}%",
               f"{100 * c['intact_sentences']:.1f}%", f"{c.get('mean_tokens', 0):.0f}",
               f"{100 * c.get('short_share', 0):.1f}%", str(c.get("wordless", 0)), str(c.get("lone_line", 0))]
        rows.append(row + ([f"{100 * retrieval[n]:.1f}%"] if retrieval else []))
    return _table(head, rows)


def _chunkqa_section(qa: dict) -> list[str]:
    lines = ["## chunkqa: Chroma's chunking evaluation on two-column PDFs (../shared/chunkqa)", "",
             f"{qa['questions']} questions; token-level recall, precision and IoU of the top k chunks against the "
             "reference excerpts (Chroma Research's metric, chunks aligned to the corpus by word trigrams); "
             "mean chunk tokens without [CLS]/[SEP]. columnrag chunks are embedded as the ingest embeds them.", ""]
    head = ["pipeline", "PDFs", "recall@5", "precision@5", "IoU@5", "recall@10", "IoU@10", "chunks", "mean tokens"]
    rows = []
    for name, per in qa["pipelines"].items():
        for variant, r in per.items():
            rows.append([name, variant, f"{r['recall@5']:.3f}", f"{r['precision@5']:.4f}", f"{r['iou@5']:.4f}",
                         f"{r['recall@10']:.3f}", f"{r['iou@10']:.4f}", str(r["chunks"]), f"{r['mean_tokens']:.0f}"])
    lines += _table(head, rows) + [""]
    corpora = [k.split(" ", 1)[1] for k in next(iter(qa["pipelines"]["columnrag"].values())) if k.startswith("recall@5 ")]
    lines += ["Recall@5 by corpus:", ""]
    lines += _table(["pipeline", "PDFs"] + corpora,
                    [[name, variant] + [f"{r[f'recall@5 {c}']:.3f}" for c in corpora]
                     for name, per in qa["pipelines"].items() for variant, r in per.items()]) + [""]
    return lines


def _ocr_lines(ocr: dict | None, text_layer: dict | None) -> list[str]:
    if not ocr:
        return []
    lines = ["## OCR (the corpus's native pages as 200 dpi grey scans, read at 300 dpi)", ""]
    if "skipped" in ocr:
        return lines + [f"Not measured: {ocr['skipped']}", ""]
    rows = [["OCR time per page vs `tesseract page.png -`", f"{ocr['ratio']:.2f}×",
             f"{ocr['columnrag_s_per_page']:.2f} vs {ocr['tesseract_s_per_page']:.2f} s/page (wall)"],
            ["the same in CPU time", f"{ocr['cpu_ratio']:.2f}×",
             f"{ocr['columnrag_cpu_s_per_page']:.2f} vs {ocr['tesseract_cpu_s_per_page']:.2f} s/page"]]
    if text_layer:
        rows.append(["pages with a text layer: ocr auto vs off", f"{text_layer['ratio']:.2f}×",
                     f"{text_layer['auto_cpu_s']:.2f} vs {text_layer['off_cpu_s']:.2f} s CPU"])
    lines += _table(["measure", "ratio", "detail"], rows) + [""]
    lines += _table(["reading of the scans", "breaks/kw", "coverage", "perfect"],
                    [[name, f"{s['breaks_per_kw']:.2f}", f"{s['coverage']:.3f}", f"{s['perfect']:.2f}"]
                     for name, s in ocr["order"].items()]) + [""]
    return lines + [f"{ocr['pages']} pages; Tesseract with {ocr['threads']} thread(s) on both sides.", ""]


RTL_READERS = ("columnrag", "PyMuPDF get_text()", "PyMuPDF sort=True")


def _rtl_section(result: dict) -> list[str]:
    if "right_to_left" not in result:
        return []
    lines = ["## Right-to-left pages (generated Hebrew and Arabic, two columns under a title)", "",
             "Lines mix Latin words, numbers and punctuation, displayed as the Unicode bidirectional "
             "algorithm displays them (python-bidi) and drawn word by word as word processors draw "
             "them; the truth is the text in its logical order (`benchmarks/rtl.py`).", ""]
    rows = [[name, variant, f"{s['breaks_per_kw']:.2f}", f"{s['coverage']:.3f}", f"{s['perfect']:.2f}"]
            for name, per in result["right_to_left"].items() for variant, s in per.items()]
    lines += _table(["extractor", "variant", "breaks/kw", "coverage", "perfect"], rows) + [""]
    oi = result.get("right_to_left_independence")
    if oi:
        lines += [f"Drawing-order independence (columnrag): {100 * oi['within_1pct']:.0f}% of {oi['documents']} "
                  f"documents within 1% of their native variant's words (worst {100 * oi['worst']:.2f}%). "
                  "Coverage under 1 is the algorithm's own ambiguity: a number between a Latin word and a "
                  "Hebrew one displays the same whichever of the two it follows (\"GPU 1073\" or "
                  "\"1073 GPU\"), and columnrag reads it after the Latin word (\"Windows 10\").", ""]
    return lines


def render(result: dict, corpus: str) -> str:
    lines = [f"# columnrag benchmarks", "", f"Corpus: `{corpus}`; measured {result['date']} on this machine.", ""]
    lines += ["## Reading order (breaks per 1,000 words, coverage, perfect share)", ""]
    rows = []
    for name, per in result["reading_order"].items():
        for variant, s in per.items():
            rows.append([name, variant, f"{s['breaks_per_kw']:.2f}", f"{s['coverage']:.3f}", f"{s['perfect']:.2f}"])
    lines += _table(["extractor", "variant", "breaks/kw", "coverage", "perfect"], rows) + [""]
    oi = result.get("order_independence")
    if oi:
        lines += [f"Drawing-order independence (columnrag): {100 * oi['within_1pct']:.0f}% of {oi['documents']} "
                  f"documents read within 1% of their native variant's words in every drawing order "
                  f"(worst {100 * oi['worst']:.2f}%).", ""]
    lines += _rtl_section(result)
    lines += ["## Chunks", ""]
    lines += _chunk_table(result["chunks"])
    lines += ["", "\"Crossing\" is the corpus scorer's count: it places a chunk's first trigram at its first "
              "occurrence in the document, so a chunk that opens with a phrase used earlier counts as crossing. "
              "The next column counts only chunks that break wherever that trigram is placed. Tokens are the "
              f"embedding model's, [CLS] and [SEP] not counted; \"< {SHORT}\" is the share of fragment chunks.", ""]
    lines += ["## Retrieval (body sentence of 12+ words as query: found whole in a top-5 chunk)", ""]
    lines += _table(["pipeline", "hit rate"], [[n, f"{100 * v:.1f}%"] for n, v in result["retrieval"].items()]) + [""]
    if "realworld" in result:
        rw = result["realworld"]
        lines += ["## Real-world documents (../shared/realworld)", ""]
        lines += _chunk_table(rw["chunks"], {n: rw["retrieval"][n] for n in rw["retrieval"]}) + [""]
    if "realworld_twins" in result:
        lines += _twin_section(result["realworld_twins"])
    if "heldout_twins" in result:
        lines += _agreement_section(result["heldout_twins"])
    if "chunkqa" in result:
        lines += _chunkqa_section(result["chunkqa"])
    if "sweep" in result:
        lines += ["## Sweep: chunk size, sentence overlap, title and section embedded, passage vectors", "",
                  "chunkqa on the well-drawn PDFs; realworld sentence queries as above. \"passages\": each chunk "
                  "is also embedded as runs of its sentences of at most that many tokens, and ranked by the best "
                  "of its vectors. The default is the row "
                  "with the best chunkqa recall@5 whose IoU@5 is at least the text-only token splitter's; the "
                  "sentence-query rate moves by a query or two (0.9 points each) from row to row.", ""]
        lines += render_sweep(result["sweep"]) + [""]
    sp, ing, mem, pr = result["loader_speed"], result["ingest"], result.get("memory"), result["precision"]
    lines += ["## Speed and memory (ratios measured in the same run; medians of repeated runs)", ""]
    rows = _loader_rows(sp, "")
    for name, shared_sp in result.get("loader_speed_shared", {}).items():
        rows += _loader_rows(shared_sp, f" on ../shared/{name}")
    rows += [["whole ingest vs embedding the same chunks and passages alone", f"{ing['ingest_vs_embed']:.2f}×",
              f"{ing['first_run_s']:.1f} s vs {ing['embed_only_s']:.1f} s"],
             ["unchanged second run vs first run", f"{100 * ing['second_vs_first']:.1f}%",
              f"{ing['second_run_s']:.2f} s vs {ing['first_run_s']:.1f} s"],
             ["throughput", f"{ing['pages_per_s']:.1f} pages/s", f"{ing['chunks_per_s']:.1f} chunks/s"]]
    if "speedup_vs_previous" in ing:
        rows.append(["ingest throughput, defaults vs previous defaults (float32 sentence-transformers)",
                     f"{ing['speedup_vs_previous']:.2f}×",
                     f"{ing['first_run_s']:.1f} s vs {ing['previous_first_run_s']:.1f} s"])
    qs = result.get("query")
    if qs:
        rows.append(["one `columnrag query` (fresh process), defaults vs previous defaults",
                     f"{qs['query_vs_previous']:.2f}×", f"{qs['query_s']:.2f} s vs {qs['previous_query_s']:.2f} s"])
    if mem:
        rows.append(["peak memory, corpus ×4 vs ×1", f"{mem['ratio']:.2f}×",
                     " vs ".join(f"{v:.0f} MiB" for k, v in mem.items() if k.startswith("peak"))])
    rows.append(["embedding bfloat16 vs float32", f"{pr['speedup']:.2f}×",
                 f"cosine min {pr['min_cosine']:.4f}, mean {pr['mean_cosine']:.4f}"])
    lines += _table(["measure", "ratio", "detail"], rows) + [""]
    tab = result.get("tables")
    if tab:
        d, r = tab["dev"], tab["real"]
        lines += ["## Tables (`../shared/tables`; scorer `../shared/eval/score_tables.py`)", ""]
        lines += _table(["set", "tables", "detection P / R", "cell P / R / F1", "exact", "ms/page"],
                        [["synthetic, with truth (dev)", str(d["tables"]), f"{d['det_precision']:.2f} / {d['det_recall']:.2f}",
                          f"{d['cell_precision']:.3f} / {d['cell_recall']:.3f} / {d['cell_f1']:.3f}", f"{d['exact']:.2f}", ""],
                         [f"real PDFs ({r['pages']} pages, truth kept elsewhere)", f"{r['tables_found']} found", "", "", "",
                          f"{r['ms_per_page']:.1f}"]]) + [""]
    if "retrieval_bfloat16" in result:
        lines += [f"Retrieval with bfloat16 embeddings (columnrag pipeline): "
                  f"{100 * result['retrieval_bfloat16']:.1f}% (float32: {100 * result['retrieval']['columnrag']:.1f}%).", ""]
    if "retrieval_default" in result:
        lines += [f"Retrieval with the default settings, chunks embedded as `columnrag ingest` embeds them "
                  f"(precision {result['default_precision']}) and questions as `columnrag query` does: "
                  f"{100 * result['retrieval_default']:.1f}% (float32: {100 * result['retrieval']['columnrag']:.1f}%).", ""]
    lines += _ocr_lines(result.get("ocr"), result.get("ocr_text_layer"))
    return "\n".join(lines)


def _loader_rows(sp: dict, where: str) -> list[list[str]]:
    rows = [[f"loader time per page vs PyMuPDF get_text(){where} (defaults: OCR auto)", f"{sp['ratio']:.2f}×",
             f"{sp['columnrag_ms_per_page']:.2f} vs {sp['get_text_ms_per_page']:.2f} ms/page"
             + (f"; CPU {sp['cpu_ratio']:.2f}×" if "cpu_ratio" in sp else "")]]
    if "ocr_off_ratio" in sp:
        rows.append([f"the same with OCR off (page reading alone){where}", f"{sp['ocr_off_ratio']:.2f}×",
                     f"{sp['ocr_off_ms_per_page']:.2f} vs {sp['get_text_ms_per_page']:.2f} ms/page; "
                     f"CPU {sp['ocr_off_cpu_ratio']:.2f}×"])
    if "mupdf_ratio" in sp:
        rows.append([f"of which MuPDF's own work (text page, words, text, blocks){where}", f"{sp['mupdf_ratio']:.2f}×",
                     f"{sp['mupdf_ms_per_page']:.2f} vs {sp['get_text_ms_per_page']:.2f} ms/page: the rest is "
                     f"the Python passes ({sp['ocr_off_ms_per_page'] - sp['mupdf_ms_per_page']:.2f} ms/page)"])
    return rows


def shared_loader_speed(shared: Path, repeats: int) -> dict:
    """The loader against get_text() on the development corpora, read in place, one after the
    other in this run (the issue targets name ../shared/corpus and ../shared/realworld)."""
    out = {}
    for name in ("corpus", "realworld"):
        pdfs = sorted((shared / name).glob("*.pdf"))
        if pdfs:
            out[name] = loader_speed(pdfs, repeats)
    return out


def shared_measures(a: argparse.Namespace, embedder: CachedEmbedder) -> dict:
    """Real-world chunks, chunkqa and the sweep, for what ../shared holds."""
    out: dict = {}
    print("loader speed on ../shared ...", flush=True)
    speed = shared_loader_speed(a.shared, a.repeats)
    if speed:
        out["loader_speed_shared"] = speed
    realworld = a.shared / "realworld"
    has_realworld = (realworld / "manifest.json").is_file()
    if has_realworld:
        print("real-world chunks ...", flush=True)
        quality, chunks = chunk_quality(realworld)
        out["realworld"] = {"chunks": quality, "retrieval": retrieval(realworld, chunks, embedder, a.queries)}
    scrambler = a.shared / "eval" / "scramble.py"
    if has_realworld and scrambler.is_file() and not a.no_twins:
        print("real-world reading order and scrambled twins ...", flush=True)
        out["realworld_twins"] = twin_order(realworld, scrambler)
    held_out = a.shared / "realworld-more"
    if held_out.is_dir() and scrambler.is_file() and not a.no_twins:
        print("held-out real PDFs against their scrambled twins ...", flush=True)
        out["heldout_twins"] = twin_agreement(held_out, scrambler)
    folder = None if a.no_chunkqa else find(a.shared)
    qa = ChunkQA(folder, embedder) if folder else None
    if qa is not None:
        print("chunkqa ...", flush=True)
        out["chunkqa"] = chunkqa_table(qa)
    if not a.no_sweep and (qa is not None or has_realworld):
        print("sweep ...", flush=True)
        out["sweep"] = sweep(qa, realworld if has_realworld else None, embedder, a.queries)
    return out


def twin_order(realworld: Path, scrambler: Path) -> dict:
    """Reading order on the real PDFs and on their words-shuffled twins, with get_text() beside;
    and the same on the PDFs whose twin keeps its text (`twins_keeping_text`): there the gap is
    the reading's, not the redrawing's."""
    twins = scrambled_twins(realworld, scrambler)
    extractors: dict[str, Extractor] = {"columnrag": columnrag, "PyMuPDF get_text()": pymupdf_text}
    if (layout_reader := available().get(PYMUPDF4LLM)) is not None:  # (PyMuPDF's own layout-aware reader)
        extractors[PYMUPDF4LLM] = layout_reader
    kept = twins_keeping_text(realworld, twins)
    real, shuffled = scored_texts(realworld, extractors), scored_texts(twins, extractors)
    return {"well-drawn": summarised(real), "words-shuffled twin": summarised(shuffled),
            f"well-drawn, twin keeps {KEPT_TEXT:.0%} of the words": summarised(real, kept),
            f"words-shuffled twin, keeps {KEPT_TEXT:.0%} of the words": summarised(shuffled, kept)}


def twin_agreement(folder: Path, scrambler: Path) -> dict:
    """The loader's reading of each scrambled twin scored against its reading of the well-drawn
    PDF (real PDFs without truth: `twins_read_against_native`); of all, and of those whose twin
    keeps its text."""
    twins = twins_read_against_native(folder, scrambler)
    scored = scored_texts(twins, {"columnrag": columnrag})
    return {"all": summarised(scored)["columnrag"]["ALL"],
            f"twin keeps {KEPT_TEXT:.0%} of the words": summarised(scored, twins_keeping_text(folder, twins))[
                "columnrag"].get("ALL", {})}


def _agreement_section(result: dict) -> list[str]:
    rows = [[kind, str(s["docs"]), f"{s['breaks_per_kw']:.2f}", f"{s['coverage']:.3f}", f"{s['perfect']:.2f}"]
            for kind, s in result.items() if s]
    return ["## Held-out real PDFs: the twin read as the well-drawn PDF (../shared/realworld-more)", "",
            "These PDFs have no truth: each twin's reading is scored against the loader's reading of the "
            "well-drawn PDF (its blocks as body; as the real truths keep them, a figure's labels, tables "
            "and captions as floats, which may be read elsewhere). A break is a place "
            "where the drawing order changed the reading; 'perfect' is the share of PDFs read the same.",
            ""] + _table(["PDFs", "docs", "breaks/kw", "coverage", "perfect"], rows) + [""]


def _twin_section(result: dict) -> list[str]:
    rows = []
    for name in next(iter(result.values())):  # (the readers measured, in their order)
        for kind, per in result.items():
            s = per[name]["ALL"]
            rows.append([name, kind, str(s["docs"]), f"{s['breaks_per_kw']:.2f}", f"{s['coverage']:.3f}",
                         f"{s['perfect']:.2f}"])
    return ["## Real PDFs and their scrambled twins (../shared/realworld)", "",
            "Each PDF's words redrawn at the same places in random order by ../shared/eval/scramble.py "
            "(made once, kept in benchmarks/.cache/twins; a file it cannot redraw is left out). The "
            "redrawing loses what base-14 fonts cannot show (math and accented glyphs become '·'), which "
            "costs the twins coverage and some breaks whatever the reader. The last two rows of each "
            f"reader leave out the PDFs whose twin keeps less than {KEPT_TEXT:.0%} of their words.", ""] + _table(
        ["extractor", "PDFs", "docs", "breaks/kw", "coverage", "perfect"], rows) + [""]


def chunkqa_table(qa: ChunkQA) -> dict:
    """columnrag, the usual pipeline, the same with a token splitter of columnrag's chunk size,
    and the text-only ceilings, on both PDF variants."""
    from columnrag.chunking.settings import ChunkingSettings

    size = ChunkingSettings().chunk_size
    pipelines = {
        "columnrag": {v: qa.score(qa.columnrag(v)) for v in VARIANTS},
        "PyMuPDFLoader + Recursive 1000/200 characters": {v: qa.score(qa.other("usual", v)) for v in VARIANTS},
        f"PyMuPDFLoader + Recursive {size} tokens": {v: qa.score(qa.token_splitter(v, size)) for v in VARIANTS},
        "text only, Recursive 1000/200 characters": {"(text)": qa.score(qa.other("plain", "text"))},
        f"text only, Recursive {size} tokens": {"(text)": qa.score(qa.token_splitter("text", size))},
    }
    return {"questions": len(qa.questions), "pipelines": pipelines}


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    ap.add_argument("--corpus", type=Path, help="ground-truth corpus (manifest.json + *.truth.json)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats for timings (median)")
    ap.add_argument("--queries", type=int, default=150, help="retrieval queries")
    ap.add_argument("--ingest-repeats", type=int, default=3, help="repeats of the whole-ingest timing")
    ap.add_argument("--query-repeats", type=int, default=5, help="repeats of the one-query timing")
    ap.add_argument("--no-memory", action="store_true", help="skip the 4x-corpus memory run")
    ap.add_argument("--out", type=Path, default=HERE, help="where RESULTS.md and results.json go")
    ap.add_argument("--shared", type=Path, default=HERE.parent.parent / "shared",
                    help="the development corpora (chunkqa, realworld); parts that are missing are skipped")
    ap.add_argument("--no-chunkqa", action="store_true", help="skip chunkqa")
    ap.add_argument("--no-sweep", action="store_true", help="skip the chunking sweep")
    ap.add_argument("--no-twins", action="store_true", help="skip the real PDFs' scrambled twins")
    a = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    from columnrag.ingest.embedder import Embedder
    from columnrag.ingest.settings import EmbeddingSettings

    with tempfile.TemporaryDirectory() as tmp:
        corpus = a.corpus or generate(Path(tmp) / "corpus")
        pdfs = [corpus / m["pdf"] for m in manifest(corpus)]
        result: dict = {"date": time.strftime("%Y-%m-%d"), "corpus": str(a.corpus or "generated")}
        print("reading order ...", flush=True)
        result["reading_order"] = reading_order(corpus, available())
        result["order_independence"] = order_independence(corpus, columnrag)
        rtl = generate_rtl(Path(tmp) / "rtl")
        result["right_to_left"] = reading_order(rtl, {n: f for n, f in available().items() if n in RTL_READERS})
        result["right_to_left_independence"] = order_independence(rtl, columnrag)
        print("chunks ...", flush=True)
        result["chunks"], chunks = chunk_quality(corpus)
        embedder = CachedEmbedder(Embedder(EmbeddingSettings(precision="float32", device="cpu")))
        print("retrieval ...", flush=True)
        result["retrieval"] = retrieval(corpus, chunks, embedder, a.queries)
        print("speed ...", flush=True)
        result["loader_speed"] = loader_speed(pdfs, a.repeats)
        result["ingest"] = ingest_speed(corpus, a.ingest_repeats)
        result["query"] = query_speed(corpus, "What does the lab protocol say about incubation?", a.query_repeats)
        print("ocr ...", flush=True)
        result["ocr"] = ocr_speed(corpus)
        result["ocr_text_layer"] = text_layer_cost(pdfs, a.repeats)
        print("tables ...", flush=True)
        tables = table_measures(a.repeats)
        if tables is not None:  # needs ../shared/tables
            result["tables"] = tables
        if not a.no_memory:
            print("memory ...", flush=True)
            result["memory"] = memory_scaling(corpus)
        print("precision ...", flush=True)
        sample = [c.text for per in chunks["columnrag"].values() for c in per][:300]
        result["precision"] = precision(sample)
        bf16 = Embedder(EmbeddingSettings(precision="bfloat16", device="cpu"))
        result["retrieval_bfloat16"] = retrieval(corpus, {"columnrag": chunks["columnrag"]}, bf16, a.queries)["columnrag"]
        default = Embedder(EmbeddingSettings())
        result["default_precision"] = default.precision
        result["retrieval_default"] = retrieval(corpus, {"columnrag": chunks["columnrag"]}, default, a.queries,
                                                query_embedder=Embedder(EmbeddingSettings(), for_queries=True))["columnrag"]
        if a.corpus is None:  # `make bench`; a run on one corpus measures that corpus alone
            result.update(shared_measures(a, embedder))
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "results.json").write_text(json.dumps(result, indent=1))
    (a.out / "RESULTS.md").write_text(render(result, result["corpus"]))
    print((a.out / "RESULTS.md").read_text())


if __name__ == "__main__":
    main()
