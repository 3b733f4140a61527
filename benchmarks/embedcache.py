"""Embeddings kept on disk per text, so a sweep (and a rerun of the benchmarks) embeds every
distinct text once: most chunks of two settings, or of the well-drawn and the words-shuffled
PDFs, are the same."""
from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import Sequence

import numpy as np

CACHE = Path(__file__).resolve().parent / ".cache"


class CachedEmbedder:
    """Wraps an Embedder (or anything with `embed(texts)` and a `path` or `model_name`):
    normalised float32 rows, in input order, cached under `folder` by model, precision and text."""

    def __init__(self, embedder, folder: Path | None = CACHE, tag: str = "") -> None:
        self.embedder = embedder
        name = f"{getattr(embedder, 'path', '')}|{getattr(embedder, 'precision', '')}|{tag}"
        self.file = folder / f"emb-{hashlib.sha1(name.encode()).hexdigest()[:12]}.pkl" if folder else None
        self.vectors: dict[str, np.ndarray] = {}
        if self.file is not None and self.file.exists():
            self.vectors = pickle.loads(self.file.read_bytes())

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        keys = [self._key(t) for t in texts]
        missing = sorted({k: t for k, t in zip(keys, texts) if k not in self.vectors}.items())
        if missing:
            new = self.embedder.embed([t for _, t in missing])
            for (k, _), v in zip(missing, new):
                self.vectors[k] = np.asarray(v, dtype=np.float32)
            if self.file is not None:
                self.file.parent.mkdir(parents=True, exist_ok=True)
                tmp = self.file.with_suffix(".tmp")
                tmp.write_bytes(pickle.dumps(self.vectors))
                tmp.replace(self.file)
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack([self.vectors[k] for k in keys])


def similarities(queries: np.ndarray, embedder, texts: Sequence[str],
                 passages: Sequence[Sequence[str]] = ()) -> np.ndarray:
    """Exact cosine similarity of each query (normalised rows) to each chunk, embedded as
    `texts` by `embedder` (an Embedder or a CachedEmbedder): a chunk with passages scores the
    best of its own vector and theirs, as `columnrag query` ranks it."""
    def vectors(items: Sequence[str]) -> np.ndarray:
        return np.asarray(embedder.embed(list(items)), dtype=np.float32)

    if not texts:
        return np.zeros((len(queries), 0), dtype=np.float32)
    sims = queries @ vectors(texts).T
    flat = [p for ps in passages for p in ps]
    if flat:
        owners = np.repeat(np.arange(len(passages)), [len(ps) for ps in passages])
        for row, best in zip(sims, queries @ vectors(flat).T):
            np.maximum.at(row, owners, best)
    return sims


def top_k(sims: np.ndarray, k: int) -> list[list[int]]:
    """The k most similar chunks of each query (a row of `similarities`), ties broken by
    position: deterministic, unlike an approximate index."""
    out = []
    for row in sims:
        order = np.lexsort((np.arange(len(row)), -row))
        out.append(order[:k].tolist())
    return out
