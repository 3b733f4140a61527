"""Sentence-transformers embeddings, computed as langchain_huggingface's HuggingFaceEmbeddings
computes them (newlines become spaces), unit-normalised.

A BERT sentence model (the default and most sentence-transformers models) runs through
`bert.BertEncoder`, plain torch without the seconds of importing sentence-transformers; any other
model is loaded by sentence-transformers itself, quietly unless logging is at INFO."""
from __future__ import annotations

import logging
import os
import threading
from typing import Callable, Sequence

from .model_source import ModelLoadError, locate_model
from .settings import EmbeddingSettings

# torch (and sentence_transformers, for models BertEncoder does not handle) are imported where a
# model is loaded: they take seconds to import, and `columnrag stats`, `audit` or an ingest with
# nothing to embed never need them.

__all__ = ["BackgroundEmbedder", "Embedder", "ModelLoadError"]

log = logging.getLogger(__name__)


def cpu_has_bf16() -> bool:
    """AVX-512 BF16 or AMX: bfloat16 matrix work runs natively (about twice float32's speed)."""
    try:
        flags = open("/proc/cpuinfo", encoding="ascii", errors="ignore").read()
    except OSError:
        return False
    return "avx512_bf16" in flags or "amx_bf16" in flags


def pick_precision(precision: str, device: str) -> str:
    """'auto' is bfloat16 where the hardware computes it natively, else float32. The vectors stay
    within cosine 0.998 of float32 (measured in `make bench`)."""
    if precision != "auto":
        return precision
    if device.startswith("cuda"):
        import torch

        return "bfloat16" if torch.cuda.is_bf16_supported() else "float32"
    return "bfloat16" if cpu_has_bf16() else "float32"


def pick_device(device: str) -> str:
    if device != "auto":
        return device
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


class Embedder:
    """Loads the model once; embeds batches of texts of similar length.

    for_queries: a BERT model runs in float32 numpy on the CPU, whatever the device and precision
    settings: a question is one short text, and numpy spares the import of torch. Its vectors
    equal the float32 ingest vectors within float rounding (and are the reference bfloat16 ones
    approximate)."""

    def __init__(self, settings: EmbeddingSettings, for_queries: bool = False) -> None:
        self.settings = settings
        self.for_queries = for_queries
        self.model_name = settings.model
        self.path = locate_model(settings.model)
        try:
            self._load(settings)
        except Exception as exc:
            raise ModelLoadError.because(settings.model, exc) from exc
        log.info("embedding model %s on %s, %s (dim %d, %s)", self.path, self.device, self.precision,
                 self.dimension, self.backend)

    def _load(self, settings: EmbeddingSettings) -> None:
        from .bert import BertEncoder

        bert = settings.backend == "auto" and BertEncoder.supports(self.path)
        if bert and self.for_queries:
            self.device, self.precision, self.backend = "cpu", "float32", "numpy"
        else:
            self.device = pick_device(settings.device)
            self.precision = pick_precision(settings.precision, self.device)
            self.backend = "torch" if bert else "sentence-transformers"
        if bert:
            encoder = BertEncoder(self.path, self.device, self.precision, self.backend)
            self.dimension = encoder.dimension
            self._encode: Callable[[list[str]], list[list[float]]] = (
                lambda texts: encoder.encode(texts, self.settings.batch_size))
            return
        model = _sentence_transformer(self.path, self.device, self.precision)
        dim = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        self.dimension = int(dim() or 0)

        def encode(texts: list[str]) -> list[list[float]]:
            vectors = model.encode(texts, batch_size=self.settings.batch_size, normalize_embeddings=True,
                                   convert_to_numpy=True, show_progress_bar=False)
            return [v.astype("float32").tolist() for v in vectors]

        self._encode = encode

    @staticmethod
    def prepare(texts: Sequence[str]) -> list[str]:
        """What HuggingFaceEmbeddings does to a text before encoding it."""
        return [t.replace("\n", " ") for t in texts]

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None) -> list[list[float]]:
        """Unit vectors in the input order; `progress(n)` after each `batch_size` texts."""
        if not texts:
            return []
        prepared = self.prepare(texts)
        # Batches of similar length waste less padding; results go back in the input order.
        order = sorted(range(len(prepared)), key=lambda i: len(prepared[i]))
        out: list[list[float]] = [[]] * len(prepared)
        step = max(1, self.settings.batch_size) * (1 if progress else 16)
        for start in range(0, len(order), step):
            part = order[start:start + step]
            for i, v in zip(part, self._encode([prepared[i] for i in part])):
                out[i] = v
            if progress:
                progress(len(part))
        return out

    def embed_query(self, text: str) -> list[float]:
        return self.embed([text])[0]


def _sentence_transformer(path: str, device: str, precision: str):
    """A model BertEncoder does not handle, loaded by sentence-transformers without its progress
    bars unless logging is at INFO."""
    if not log.isEnabledFor(logging.INFO):
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    from sentence_transformers import SentenceTransformer

    if not log.isEnabledFor(logging.INFO):
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        hf_logging.set_verbosity_error()
    model = SentenceTransformer(path, device=device)
    if precision == "bfloat16":
        import torch

        model = model.to(torch.bfloat16)
    return model


def cpu_threads(parse_workers: int) -> int:
    """Threads for embedding on the CPU during an ingest: the cores the parse workers leave, at
    least one. Oversubscribed, torch's OpenMP threads spin waiting for each other: on 2 cores
    with one parse worker, two threads took twice the time and CPU of one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - max(0, parse_workers))


def _limit_threads(threads: int | None) -> None:
    """Set torch's thread count in the calling thread (the one that embeds), unless the user
    chose one with OMP_NUM_THREADS."""
    if threads and "OMP_NUM_THREADS" not in os.environ:
        import torch

        torch.set_num_threads(threads)


class BackgroundEmbedder:
    """Loads the model in a thread, so the worker processes start and parse the first files
    meanwhile; `get()` waits for it and raises ModelLoadError if it failed. Not started when
    there is nothing to embed, and not waited for until a batch needs it. `threads`: torch
    threads for the embedding on the CPU (see cpu_threads), set in the thread that calls get()."""

    def __init__(self, settings: EmbeddingSettings, start: bool = True, threads: int | None = None) -> None:
        self.settings = settings
        self.threads = threads
        self._threads_set = False
        self._embedder: Embedder | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._load, name="columnrag-model", daemon=True)
        if start:
            self._thread.start()

    def _load(self) -> None:
        try:
            self._embedder = Embedder(self.settings)
        except BaseException as exc:  # raised by get(), in the thread that needs the model
            self._error = exc

    def settle(self) -> None:
        """Wait for a load under way to end. A run stopped meanwhile (Ctrl-C, SIGTERM) must not
        leave the interpreter while this thread is inside torch: its C++ teardown then aborts
        the process ("terminate called without an active exception") instead of exiting."""
        if self._thread.ident is not None:
            self._thread.join()

    def get(self) -> Embedder:
        if self._thread.ident is None:  # not started: load now
            self._thread.start()
        self._thread.join()
        if self._embedder is not None:
            if not self._threads_set and self._embedder.backend != "numpy" and self._embedder.device == "cpu":
                _limit_threads(self.threads)
                self._threads_set = True
            return self._embedder
        if isinstance(self._error, ModelLoadError):
            raise self._error
        raise ModelLoadError.because(self.settings.model, self._error) from self._error
