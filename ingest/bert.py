"""A sentence-transformers BERT model (Transformer → mean or CLS pooling [→ Normalize]) run with
plain torch ops, without importing transformers or sentence-transformers.

Why: importing sentence-transformers takes about 4 s (it pulls in transformers), longer than a
query or a small ingest spends embedding, and a query need not import torch at all (numpy does
one vector in milliseconds). The maths is BertModel's, weight for weight, so the vectors equal
sentence-transformers' within float tolerance (tests/test_embedding.py proves it).
Models of any other shape are not handled here: `BertEncoder.supports` says no, and the
embedder falls back to sentence-transformers.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ContextManager, Iterator, Sequence

# torch, safetensors and tokenizers are imported when a model is loaded.

_TRANSFORMER = "sentence_transformers.models.Transformer"
_POOLING = "sentence_transformers.models.Pooling"
_NORMALIZE = "sentence_transformers.models.Normalize"


@dataclass(frozen=True)
class _Layout:
    """What the model folder says: BERT sizes, pooling, normalisation, sequence length."""

    heads: int
    layers: int
    eps: float
    activation: str
    pooling: str  # "mean" | "cls"
    max_tokens: int
    lowercase: bool


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _layout(folder: Path) -> _Layout | None:
    """The model's layout, or None when it is not a plain BERT sentence model."""
    try:
        modules = _read_json(folder / "modules.json")
        config = _read_json(folder / "config.json")
        st = _read_json(folder / "sentence_bert_config.json")
    except (OSError, ValueError):
        return None
    kinds = [m.get("type") for m in modules]
    if kinds not in ([_TRANSFORMER, _POOLING], [_TRANSFORMER, _POOLING, _NORMALIZE]):
        return None
    if modules[0].get("path", "") != "" or not (folder / "model.safetensors").is_file():
        return None
    if (config.get("model_type") != "bert" or config.get("position_embedding_type", "absolute") != "absolute"
            or config.get("hidden_act") not in ("gelu", "relu")):
        return None
    try:
        pool = _read_json(folder / modules[1].get("path", "1_Pooling") / "config.json")
    except (OSError, ValueError):
        return None
    modes = {k for k, v in pool.items() if k.startswith("pooling_mode") and v}
    if modes == {"pooling_mode_mean_tokens"}:
        pooling = "mean"
    elif modes == {"pooling_mode_cls_token"}:
        pooling = "cls"
    else:
        return None
    max_tokens = int(st.get("max_seq_length") or min(512, config.get("max_position_embeddings", 512)))
    return _Layout(heads=int(config["num_attention_heads"]), layers=int(config["num_hidden_layers"]),
                   eps=float(config.get("layer_norm_eps", 1e-12)), activation=config["hidden_act"],
                   pooling=pooling, max_tokens=max_tokens,
                   lowercase=bool(st.get("do_lower_case", False)))


class _NumpyOps:
    """Float32 numpy: imports in a tenth of a second, fast enough for a query's few vectors."""

    def __init__(self) -> None:
        import numpy

        self.np = numpy

    def tensor(self, data: Any, dtype: str = "float32") -> Any:
        return self.np.asarray(data, dtype=dtype)

    def concat(self, parts: list[Any]) -> Any:
        return self.np.concatenate(parts)

    def linear(self, x: Any, w: Any, b: Any) -> Any:
        return x @ w.T + b

    def layer_norm(self, x: Any, g: Any, b: Any, eps: float) -> Any:
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / self.np.sqrt(var + eps) * g + b

    def gelu(self, x: Any) -> Any:
        return 0.5 * x * (1.0 + _erf(self.np, x / math.sqrt(2.0)))

    def relu(self, x: Any) -> Any:
        return self.np.maximum(x, 0)

    def attention(self, q: Any, k: Any, v: Any, keep: Any, scale: float) -> Any:
        scores = self.np.where(keep, (q @ k.swapaxes(-1, -2)) * scale, _MASKED)
        scores = self.np.exp(scores - scores.max(-1, keepdims=True))
        return (scores / scores.sum(-1, keepdims=True)) @ v

    def normalize(self, x: Any) -> Any:
        return x / self.np.maximum(self.np.linalg.norm(x, axis=1, keepdims=True), 1e-12)

    def running(self) -> ContextManager[Any]:
        """One BLAS thread: a query's small products gain nothing from more, and OpenBLAS's
        spinning threads slow a busy machine a hundredfold."""
        from threadpoolctl import threadpool_limits

        return threadpool_limits(1, "blas")


def _erf(np: Any, x: Any) -> Any:
    """erf to within 1.5e-7 (Abramowitz & Stegun 7.1.26), in float64: numpy has no erf."""
    t64 = x.astype("float64")
    sign = np.sign(t64)
    a = np.abs(t64)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return (sign * (1.0 - poly * np.exp(-a * a))).astype(x.dtype)


class _TorchOps:
    """torch, in float32 or bfloat16, on CPU or GPU: for the batches of an ingest."""

    def __init__(self, device: str, dtype: str) -> None:
        import torch
        import torch.nn.functional as F

        self.torch, self.F, self.device, self.dtype = torch, F, device, getattr(torch, dtype)

    def tensor(self, data: Any, dtype: str | None = None) -> Any:
        kind = self.dtype if dtype is None else getattr(self.torch, dtype)
        return self.torch.as_tensor(data, device=self.device).to(kind)

    def concat(self, parts: list[Any]) -> Any:
        return self.torch.cat(parts)

    def linear(self, x: Any, w: Any, b: Any) -> Any:
        return self.F.linear(x, w, b)

    def layer_norm(self, x: Any, g: Any, b: Any, eps: float) -> Any:
        return self.F.layer_norm(x, x.shape[-1:], g, b, eps)

    def gelu(self, x: Any) -> Any:
        return self.F.gelu(x)

    def relu(self, x: Any) -> Any:
        return self.F.relu(x)

    def attention(self, q: Any, k: Any, v: Any, keep: Any, scale: float) -> Any:
        return self.F.scaled_dot_product_attention(q, k, v, attn_mask=keep, scale=scale)

    def normalize(self, x: Any) -> Any:
        return self.F.normalize(x, p=2, dim=1)

    def running(self) -> ContextManager[Any]:
        return self.torch.inference_mode()


class BertEncoder:
    """Encodes texts into unit sentence vectors, batch by batch of similar length.

    backend "torch" (float32 or bfloat16, any device) for ingest batches; "numpy" (float32, CPU)
    for queries: it spares the second or two of importing torch. Both run the one forward pass
    below, so their vectors agree within float32 rounding."""

    @staticmethod
    def supports(folder: str | Path) -> bool:
        return _layout(Path(folder)) is not None and (Path(folder) / "tokenizer.json").is_file()

    def __init__(self, folder: str | Path, device: str = "cpu", dtype: str = "float32",
                 backend: str = "torch") -> None:
        from tokenizers import Tokenizer

        folder = Path(folder)
        layout = _layout(folder)
        if layout is None:
            raise ValueError(f"{folder} is not a BERT sentence-transformers model")
        self.layout = layout
        if backend == "numpy":
            if dtype != "float32" or device != "cpu":
                raise ValueError("the numpy backend runs float32 on the CPU only")
            from safetensors.numpy import load_file

            self.ops: Any = _NumpyOps()
            weights = load_file(str(folder / "model.safetensors"))
        else:
            from safetensors.torch import load_file

            self.ops = _TorchOps(device, dtype)
            weights = load_file(str(folder / "model.safetensors"), device=device)
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""
        self.w = {k[len(prefix):]: self.ops.tensor(v) for k, v in weights.items()
                  if k.startswith(prefix) and not k.endswith("position_ids")}
        for n in range(layout.layers):  # query, key and value in one product: one pass over the input
            p = f"encoder.layer.{n}.attention.self."
            for part in ("weight", "bias"):
                self.w[p + "qkv." + part] = self.ops.concat([self.w.pop(p + x + "." + part)
                                                             for x in ("query", "key", "value")])
        self.dimension = int(self.w["embeddings.word_embeddings.weight"].shape[1])
        self.batch_tokens = _CPU_BATCH_TOKENS if device == "cpu" else None
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length=layout.max_tokens)

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> list[list[float]]:
        """One unit vector per text, in the input order."""
        if self.layout.lowercase:
            texts = [t.lower() for t in texts]
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(encodings)), key=lambda i: len(encodings[i].ids))
        out: list[list[float]] = [[]] * len(encodings)
        with self.ops.running():
            for batch in self._batches(order, [len(e.ids) for e in encodings], max(1, batch_size)):
                vectors = self._forward([encodings[i].ids for i in batch])
                for i, v in zip(batch, vectors.tolist()):
                    out[i] = v
        return out

    def _batches(self, order: list[int], lengths: list[int], batch_size: int) -> Iterator[list[int]]:
        """Runs of `order` (shortest first) of at most batch_size texts and, on the CPU, at most
        batch_tokens padded tokens: products that stay in cache run faster there (measured:
        a quarter less time than batches of 64 chunks of 200 tokens)."""
        batch: list[int] = []
        for i in order:
            if batch and (len(batch) == batch_size or
                          self.batch_tokens and (len(batch) + 1) * lengths[i] > self.batch_tokens):
                yield batch
                batch = []
            batch.append(i)
        if batch:
            yield batch

    def _forward(self, ids: list[list[int]]) -> Any:
        """BertModel's forward (eval mode), then pooling and normalisation in float32."""
        ops, w, lay = self.ops, self.w, self.layout
        longest = max(len(x) for x in ids)
        input_ids = ops.tensor([x + [0] * (longest - len(x)) for x in ids], "int64")
        mask = ops.tensor([[1] * len(x) + [0] * (longest - len(x)) for x in ids], "float32")
        hidden = (w["embeddings.word_embeddings.weight"][input_ids]
                  + w["embeddings.position_embeddings.weight"][:longest]
                  + w["embeddings.token_type_embeddings.weight"][0])
        hidden = ops.layer_norm(hidden, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], lay.eps)
        batch, width = hidden.shape[0], hidden.shape[-1]
        head = width // lay.heads
        keep = (mask > 0)[:, None, None, :]  # padding is not attended to
        act = ops.gelu if lay.activation == "gelu" else ops.relu
        for n in range(lay.layers):
            p = f"encoder.layer.{n}."

            def lin(name: str, x: Any) -> Any:
                return ops.linear(x, w[p + name + ".weight"], w[p + name + ".bias"])

            qkv = lin("attention.self.qkv", hidden).reshape(batch, longest, 3, lay.heads, head)
            q, k, v = (qkv[:, :, j].swapaxes(1, 2) for j in range(3))
            ctx = ops.attention(q, k, v, keep, 1.0 / math.sqrt(head)).swapaxes(1, 2).reshape(batch, longest, width)
            hidden = ops.layer_norm(lin("attention.output.dense", ctx) + hidden,
                                    w[p + "attention.output.LayerNorm.weight"],
                                    w[p + "attention.output.LayerNorm.bias"], lay.eps)
            hidden = ops.layer_norm(lin("output.dense", act(lin("intermediate.dense", hidden))) + hidden,
                                    w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], lay.eps)
        hidden = ops.tensor(hidden, "float32")
        if lay.pooling == "cls":
            pooled = hidden[:, 0]
        else:
            m = mask[:, :, None]
            pooled = (hidden * m).sum(1) / m.sum(1).clip(1e-9, None)
        return ops.normalize(pooled)


_CPU_BATCH_TOKENS = 2048
_MASKED = -3.0e38  # a padded position's attention score (about float32's min, as BertModel)

