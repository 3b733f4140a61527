"""The embedder without sentence-transformers gives sentence-transformers' vectors: BertEncoder
in torch (ingest) and in numpy (queries) against SentenceTransformer.encode, within float32
rounding; bfloat16 stays within cosine 0.998; other model shapes fall back."""
from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from columnrag.chunking.tokens import default_model_path
from columnrag.ingest.bert import BertEncoder
from columnrag.ingest.embedder import Embedder
from columnrag.ingest.settings import EmbeddingSettings

TEXTS = [
    "What does the lab protocol say about incubation?",
    "x",
    "Operating costs rose 4% while the revenue margin held.\nA second line, after a newline.",
    "Ünïcödé, ligatures ﬁ and ﬂ, CJK 漢字, emoji 🙂 and\ttabs.",
    " ".join(["the reading order of two-column pages"] * 80),  # longer than 256 tokens: truncated
    "",
]


@pytest.fixture(scope="module")
def reference() -> np.ndarray:
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(default_model_path(), device="cpu")
    return model.encode([t.replace("\n", " ") for t in TEXTS], normalize_embeddings=True, batch_size=3)


@pytest.mark.parametrize("backend", ["torch", "numpy"])
def test_bert_encoder_equals_sentence_transformers(reference, backend):
    encoder = BertEncoder(default_model_path(), backend=backend)
    ours = np.array(encoder.encode([t.replace("\n", " ") for t in TEXTS], batch_size=4))
    assert ours.shape == reference.shape
    assert np.abs(ours - reference).max() < 1e-5


def test_query_vectors_equal_float32_ingest_vectors_and_bfloat16_stays_close(reference):
    ingest = Embedder(EmbeddingSettings(precision="float32", device="cpu"))
    query = Embedder(EmbeddingSettings(precision="bfloat16", device="cpu"), for_queries=True)
    assert (ingest.backend, query.backend, query.precision) == ("torch", "numpy", "float32")
    for text, ref in zip(TEXTS, reference):
        assert np.abs(np.array(query.embed_query(text)) - np.array(ingest.embed_query(text))).max() < 1e-5
    bf16 = Embedder(EmbeddingSettings(precision="bfloat16", device="cpu"))
    cos = (np.array(bf16.embed(TEXTS)) * reference).sum(axis=1)
    assert cos.min() >= 0.998


def test_progress_counts_every_text_and_order_is_kept():
    e = Embedder(EmbeddingSettings(precision="float32", device="cpu", batch_size=2))
    seen: list[int] = []
    vectors = e.embed(TEXTS, seen.append)
    assert sum(seen) == len(TEXTS) and len(seen) == 3
    assert np.allclose(vectors, e.embed(TEXTS), atol=1e-6)  # other batches: the same vectors, in order
    assert np.allclose(vectors[1], e.embed_query(TEXTS[1]), atol=1e-6)


def test_a_model_of_another_shape_is_left_to_sentence_transformers(tmp_path):
    from sentence_transformers import SentenceTransformer

    model = tmp_path / "model"
    shutil.copytree(default_model_path(), model)
    assert BertEncoder.supports(model)
    pooling = model / "1_Pooling" / "config.json"
    config = json.loads(pooling.read_text())
    pooling.write_text(json.dumps({**config, "pooling_mode_mean_tokens": False, "pooling_mode_max_tokens": True}))
    assert not BertEncoder.supports(model)
    e = Embedder(EmbeddingSettings(model=str(model), precision="float32", device="cpu"))
    assert e.backend == "sentence-transformers"
    ref = SentenceTransformer(str(model), device="cpu").encode(TEXTS[:3], normalize_embeddings=True)
    assert np.abs(np.array(e.embed(TEXTS[:3])) - ref).max() < 1e-5
