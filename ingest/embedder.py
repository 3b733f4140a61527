"""Sentence-transformers embeddings, computed exactly as langchain_huggingface's
HuggingFaceEmbeddings computes them (newlines become spaces), unit-normalised."""
from __future__ import annotations

import logging
import threading
from typing import Sequence

from columnrag.chunking.tokens import resolve_model

from .settings import EmbeddingSettings

# torch and sentence_transformers are imported where a model is loaded: they take seconds to
# import, and `columnrag stats`, `audit` or an ingest with nothing to embed never need them.

log = logging.getLogger(__name__)


class ModelLoadError(RuntimeError):
    """The embedding model cannot be loaded; the message names it and says why."""

    @classmethod
    def because(cls, model: str, exc: BaseException | None) -> ModelLoadError:
        reason = f" ({type(exc).__name__}: {exc})" if exc is not None else ""
        return cls(f"the embedding model {model!r} could not be loaded{reason}")


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
    """Loads the model once; embeds batches of texts of similar length."""

    def __init__(self, settings: EmbeddingSettings) -> None:
        self.settings = settings
        self.model_name = settings.model
        try:
            self._load(settings)
        except Exception as exc:
            raise ModelLoadError.because(settings.model, exc) from exc
        log.info("embedding model %s on %s, %s (dim %d)", self.path, self.device, self.precision, self.dimension)

    def _load(self, settings: EmbeddingSettings) -> None:
        from sentence_transformers import SentenceTransformer

        self.path = resolve_model(settings.model)
        self.device = pick_device(settings.device)
        self.model = SentenceTransformer(self.path, device=self.device)
        self.precision = pick_precision(settings.precision, self.device)
        if self.precision == "bfloat16":
            import torch

            self.model = self.model.to(torch.bfloat16)
        dim = getattr(self.model, "get_embedding_dimension", None) or self.model.get_sentence_embedding_dimension
        self.dimension = int(dim() or 0)

    @staticmethod
    def prepare(texts: Sequence[str]) -> list[str]:
        """What HuggingFaceEmbeddings does to a text before encoding it."""
        return [t.replace("\n", " ") for t in texts]

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        prepared = self.prepare(texts)
        # Batches of similar length waste less padding; results go back in the input order.
        order = sorted(range(len(prepared)), key=lambda i: len(prepared[i]))
        vectors = self.model.encode([prepared[i] for i in order], batch_size=self.settings.batch_size,
                                    normalize_embeddings=True, convert_to_numpy=True,
                                    show_progress_bar=False)
        out: list[list[float]] = [[]] * len(prepared)
        for pos, i in enumerate(order):
            out[i] = vectors[pos].astype("float32").tolist()
        return out

    def embed_query(self, text: str) -> list[float]:
        return self.embed([text])[0]


class BackgroundEmbedder:
    """Loads the model in a thread, so the worker processes start and parse the first files
    meanwhile; `get()` waits for it and raises ModelLoadError if it failed. Not started when
    there is nothing to embed, and not waited for until a batch needs it."""

    def __init__(self, settings: EmbeddingSettings, start: bool = True) -> None:
        self.settings = settings
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

    def get(self) -> Embedder:
        if self._thread.ident is None:  # not started: load now
            self._thread.start()
        self._thread.join()
        if self._embedder is not None:
            return self._embedder
        if isinstance(self._error, ModelLoadError):
            raise self._error
        raise ModelLoadError.because(self.settings.model, self._error) from self._error
