"""The benchmark's own measures, on a tiny generated corpus."""
from __future__ import annotations

from benchmarks.corpus import generate
from benchmarks.extractors import columnrag, pymupdf_text
from benchmarks.measure import _word_edits, loader_speed, order_independence


def test_word_edits_count_replaced_inserted_and_deleted_words():
    assert _word_edits(["a", "b", "c"], ["a", "b", "c"]) == 0
    assert _word_edits(["a", "b", "c"], ["a", "x", "c", "d"]) == 2
    assert _word_edits(["a", "b"], []) == 2


def test_order_independence_tells_a_geometric_reader_from_the_drawing_order(tmp_path):
    corpus = generate(tmp_path / "corpus", documents=1, pages=1)
    ours = order_independence(corpus, columnrag)
    assert ours == {"documents": 1, "within_1pct": 1.0, "worst": 0.0}
    plain = order_independence(corpus, pymupdf_text)  # reads in drawing order: shuffled differs
    assert plain is not None and plain["within_1pct"] == 0.0 and plain["worst"] > 0.5


def test_a_chunk_opening_with_an_earlier_phrase_crosses_only_for_the_scorer():
    from benchmarks.metric import Truth

    body = ("in this paper we study the reading order of pages with two columns and more . "
            "we find that the gutter matters most . in this paper we also measure the speed of "
            "our reader on many real documents from journals .")
    t = Truth([{"kind": "body", "text": body}])
    repeat = "In this paper we also measure the speed of our reader on many real documents."
    glued = "We find that the gutter matters most. Of our reader on many real documents from journals."
    scored = t.score_chunks([repeat, glued])
    assert scored["chunks"] == 2 and scored["crossing"] == 2  # the scorer's first-trigram placement
    assert scored["crossing_real"] == 1  # only the glued chunk breaks wherever it starts


def test_chunk_length_stats_count_fragments_wordless_chunks_and_lone_lines():
    from benchmarks.measure import length_stats

    stats = length_stats(["2 Method", "x = 2", "A whole sentence of prose that goes on and on."], lambda t: len(t.split()))
    assert stats["short_share"] == 1.0 and stats["wordless"] == 1 and stats["lone_line"] == 2


def test_exact_top_k_breaks_ties_by_position_and_the_cache_embeds_each_text_once(tmp_path):
    import numpy as np

    from benchmarks.embedcache import CachedEmbedder, top_k

    vectors = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]], dtype=np.float32)
    assert top_k(np.array([[1.0, 0.0]], dtype=np.float32) @ vectors.T, 2) == [[0, 2]]

    class Counting:
        path, precision, seen = "m", "float32", []

        def embed(self, texts):
            self.seen.extend(texts)
            return [[float(len(t)), 1.0] for t in texts]

    inner = Counting()
    first = CachedEmbedder(inner, tmp_path).embed(["ab", "c", "ab"])
    again = CachedEmbedder(inner, tmp_path).embed(["c", "ab"])  # a new run reads the cache file
    assert sorted(inner.seen) == ["ab", "c"]
    assert first.tolist() == [[2.0, 1.0], [1.0, 1.0], [2.0, 1.0]] and again.tolist() == [[1.0, 1.0], [2.0, 1.0]]


def test_a_chunk_scores_the_best_of_its_own_vector_and_its_passages(tmp_path):
    import numpy as np

    from benchmarks.embedcache import CachedEmbedder, similarities

    axes = {"x": [1.0, 0.0], "y": [0.0, 1.0], "xy": [0.6, 0.8]}

    class Fixed:
        path, precision = "axes", "float32"

        def embed(self, texts):
            return [axes[t] for t in texts]

    sims = similarities(np.array([[1.0, 0.0]], dtype=np.float32), CachedEmbedder(Fixed(), None),
                        ["y", "xy", "y"], [("x",), (), ("xy", "y")])
    assert np.allclose(sims, [[1.0, 0.6, 0.6]])
    # A bare Embedder (lists, not arrays) is ranked the same way.
    bare = similarities(np.array([[1.0, 0.0]], dtype=np.float32), Fixed(), ["y", "xy"], [("x",), ()])
    assert np.allclose(bare, [[1.0, 0.6]])


def test_measures_that_need_shared_corpora_are_skipped_when_they_are_missing(tmp_path):
    import argparse

    from benchmarks.__main__ import shared_measures
    from benchmarks.chunkqa import find

    assert find(tmp_path) is None
    args = argparse.Namespace(shared=tmp_path, no_chunkqa=False, no_sweep=False, queries=10, repeats=1)
    assert shared_measures(args, embedder=None) == {}


def test_export_writes_page_text_and_chunks_for_the_corpus_scorer(tmp_path):
    import json

    from benchmarks.export import export

    corpus = generate(tmp_path / "corpus", documents=1, pages=1)
    export(corpus, tmp_path / "out")
    stem = "gen-000.native"
    text = (tmp_path / "out" / f"{stem}.txt").read_text()
    chunks = [json.loads(line)["text"] for line in (tmp_path / "out" / f"{stem}.chunks.jsonl").read_text().splitlines()]
    assert chunks and " ".join(chunks).split() == text.split()


def test_ocr_is_measured_against_tesseract_on_the_same_scans(tmp_path, tesseract):
    from benchmarks.ocr import ocr_speed, text_layer_cost

    corpus = generate(tmp_path / "corpus", documents=1, pages=1)
    measured = ocr_speed(corpus, documents=1)
    assert measured["pages"] == 1 and measured["ratio"] > 0 and measured["cpu_ratio"] > 0
    ours = measured["order"]["columnrag"]
    assert ours["breaks_per_kw"] == 0 and ours["coverage"] > 0.9
    cost = text_layer_cost([corpus / "gen-000.native.pdf"], repeats=1)
    assert cost["off_cpu_s"] > 0 and cost["ratio"] > 0


def test_loader_speed_reports_the_default_settings_and_ocr_off_against_get_text(tmp_path):
    corpus = generate(tmp_path / "corpus", documents=1, pages=1)
    pdf = corpus / "gen-000.native.pdf"
    assert columnrag(pdf, ocr="off") == columnrag(pdf)  # a good text layer: OCR auto adds nothing
    measured = loader_speed([pdf], repeats=1)
    assert measured["pages"] == 1
    for key in ("ratio", "ocr_off_ratio", "cpu_ratio", "ocr_off_cpu_ratio", "mupdf_ratio"):
        assert measured[key] > 0
    assert measured["ocr_off_ms_per_page"] > 0 and measured["get_text_ms_per_page"] > 0
    # MuPDF's share is part of the reading: the loader does all of it and more.
    assert 0 < measured["mupdf_ms_per_page"] < measured["ocr_off_ms_per_page"]


def test_scrambled_twins_are_made_once_and_a_file_the_scrambler_cannot_redraw_is_left_out(tmp_path):
    import json

    from benchmarks.twins import scrambled_twins

    corpus = generate(tmp_path / "corpus", documents=2, pages=1)
    natives = [m for m in json.loads((corpus / "manifest.json").read_text()) if m["variant"] == "native"]
    real = tmp_path / "real"
    real.mkdir()
    for m in natives:
        for key in ("pdf", "truth"):
            (real / m[key]).write_bytes((corpus / m[key]).read_bytes())
    (real / "manifest.json").write_text(json.dumps(natives))
    # A stand-in for ../shared/eval/scramble.py: copies the PDF, counts its runs, fails on the second.
    calls = tmp_path / "calls"
    scrambler = tmp_path / "scramble.py"
    scrambler.write_text(
        "import shutil, sys\n"
        f"open({str(calls)!r}, 'a').write(sys.argv[1] + '\\n')\n"
        f"sys.exit('cannot redraw') if sys.argv[1].endswith({natives[1]['pdf']!r}) else shutil.copyfile(*sys.argv[1:3])\n")
    twins = scrambled_twins(real, scrambler, tmp_path / "cache")
    made = json.loads((twins / "manifest.json").read_text())
    assert [m["pdf"] for m in made] == [natives[0]["pdf"]] and made[0]["variant"] == "words-shuffled"
    assert (twins / natives[0]["truth"]).is_file()
    assert "cannot redraw" in (twins / f"{natives[1]['pdf']}.failed").read_text()
    scrambled_twins(real, scrambler, tmp_path / "cache")  # a second run scrambles nothing again
    assert len(calls.read_text().splitlines()) == 2


def test_twins_that_lost_their_text_to_the_redrawing_are_told_apart(tmp_path):
    # The scrambler redraws in base-14 fonts: a twin may lose the glyphs (Korean, math) or text
    # it does not redraw. What a twin keeps is measured on the words, order aside.
    import json

    import pymupdf

    from benchmarks.twins import kept_text, twins_keeping_text

    def pdf(path, text):
        doc = pymupdf.open()
        doc.new_page().insert_text((72, 72), text)
        doc.save(path)

    real, twins = tmp_path / "real", tmp_path / "twins"
    real.mkdir(), twins.mkdir()
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa"
    for name, twin_text in [("kept.pdf", " ".join(reversed(words.split()))), ("lost.pdf", "alpha beta · · · ·")]:
        pdf(real / name, words)
        pdf(twins / name, twin_text)
    (twins / "manifest.json").write_text(json.dumps([{"pdf": "kept.pdf"}, {"pdf": "lost.pdf"}]))
    assert kept_text(real / "kept.pdf", twins / "kept.pdf") == 1.0
    assert kept_text(real / "lost.pdf", twins / "lost.pdf") == 0.2
    assert twins_keeping_text(real, twins) == {"kept.pdf"}


def test_the_right_to_left_corpus_reads_in_logical_order_in_every_drawing_order(tmp_path):
    from benchmarks.measure import reading_order
    from benchmarks.rtl import generate_rtl

    corpus = generate_rtl(tmp_path / "rtl", documents=2, pages=1)
    scores = reading_order(corpus, {"columnrag": columnrag, "get_text": pymupdf_text})
    assert all(scores["columnrag"][v]["breaks_per_kw"] == 0 for v in ("native", "rowmajor", "shuffled"))
    assert scores["columnrag"]["ALL"]["coverage"] > 0.95
    assert scores["get_text"]["ALL"]["coverage"] < 0.5  # (word by word, as they stand: get_text reads them backwards)



def test_a_reading_as_truth_keeps_figure_labels_tables_and_captions_aside():
    # As the real truths do: a chart's ticks, a table and a caption may be read anywhere.
    from benchmarks.twins import truth_kind

    blocks = [("text", "Intro text here."), ("text", "Fig. 1. A caption."), ("table", "| a | b |"),
              ("text", "TABLE II: Scores"), ("figure", "0 20 40 Accuracy"), ("heading", "2 Method"),
              ("text", "More text.")]
    assert [truth_kind(kind, text) for kind, text in blocks] == [
        "body", "float", "float", "float", "float", "body", "body"]


def test_held_out_twins_are_scored_against_the_well_drawn_pdf_s_own_reading(tmp_path):
    # Real PDFs without truth: each twin is scored against the loader's reading of its PDF. A
    # twin read the same is perfect; one whose paragraphs come in another order is not.
    import json

    from benchmarks.measure import scored_texts, summarised
    from benchmarks.twins import twins_read_against_native

    corpus = generate(tmp_path / "corpus", documents=2, pages=1)
    folder = tmp_path / "held-out"
    folder.mkdir()
    for m in json.loads((corpus / "manifest.json").read_text()):
        if m["variant"] == "native":
            (folder / m["pdf"]).write_bytes((corpus / m["pdf"]).read_bytes())
    scrambler = tmp_path / "scramble.py"
    scrambler.write_text("import shutil, sys\nshutil.copyfile(*sys.argv[1:3])\n")
    twins = twins_read_against_native(folder, scrambler, cache=tmp_path / "cache")
    assert len(json.loads((twins / "manifest.json").read_text())) == 2

    def swapped(pdf):
        paragraphs = columnrag(pdf).split("\n\n")
        return "\n\n".join(paragraphs[len(paragraphs) // 2:] + paragraphs[: len(paragraphs) // 2])

    scored = summarised(scored_texts(twins, {"same": columnrag, "swapped": swapped}))
    assert scored["same"]["ALL"]["perfect"] == 1.0 and scored["same"]["ALL"]["breaks_per_kw"] == 0
    assert scored["swapped"]["ALL"]["breaks_per_kw"] > 0 and scored["swapped"]["ALL"]["perfect"] == 0


def test_pymupdf4llm_is_compared_where_it_imports_and_reads_the_page_s_words(tmp_path):
    import pytest

    from benchmarks.extractors import _has_pymupdf4llm, available, pymupdf4llm_text
    from benchmarks.measure import manifest
    from benchmarks.metric import Truth

    if not _has_pymupdf4llm():
        pytest.skip("pymupdf4llm does not import beside this PyMuPDF")
    assert available()["pymupdf4llm"] is pymupdf4llm_text
    corpus = generate(tmp_path / "corpus", documents=1, pages=1)
    native = next(m for m in manifest(corpus) if m["variant"] == "native")
    score = Truth.load(corpus / native["truth"]).score_text(pymupdf4llm_text(corpus / native["pdf"]))
    assert score["coverage"] > 0.9, score  # the page's words, read by its layout model


def test_the_twin_table_has_a_row_for_every_reader_measured_in_each_set():
    from benchmarks.__main__ import _twin_section

    per = {"ALL": {"docs": 3, "breaks_per_kw": 0.25, "coverage": 0.95, "perfect": 0.67}}
    readers = ("columnrag", "PyMuPDF get_text()", "pymupdf4llm")
    result = {kind: dict.fromkeys(readers, per) for kind in ("well-drawn", "words-shuffled twin")}
    rows = [line for line in _twin_section(result) if line.startswith("| ") and "0.25" in line]
    assert [r.split(" | ")[0][2:] for r in rows] == [name for name in readers for _ in range(2)]
