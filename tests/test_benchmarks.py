"""The benchmark's own measures, on a tiny generated corpus."""
from __future__ import annotations

from benchmarks.corpus import generate
from benchmarks.extractors import columnrag, pymupdf_text
from benchmarks.measure import _word_edits, order_independence


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
