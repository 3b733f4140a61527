"""Where an embedding model's files are: the bundled default, a local folder, or the Hugging Face
cache, found before any work starts.

Why: a mistyped `--model` used to spend about a minute in the hub client's retries (in every
worker) before failing, after the run had begun writing. Here a model that cannot be found is a
ModelLoadError in well under a second, and a hub that cannot be reached sets HF_HUB_OFFLINE, so
nothing (this process, its workers, tokenizer loads) waits on it again.
"""
from __future__ import annotations

import os
import socket
from pathlib import Path
from urllib.parse import urlparse

from columnrag.chunking.tokens import resolve_model

_WEIGHTS = ("model.safetensors", "pytorch_model.bin", "model.safetensors.index.json",
            "pytorch_model.bin.index.json")


class ModelLoadError(RuntimeError):
    """The embedding model cannot be loaded; the message names it and says why."""

    @classmethod
    def because(cls, model: str, exc: BaseException | str | None) -> ModelLoadError:
        if isinstance(exc, BaseException):
            reason = f" ({type(exc).__name__}: {exc})"
        else:
            reason = f" ({exc})" if exc else ""
        return cls(f"the embedding model {model!r} could not be loaded{reason}")


def _looks_like_path(name: str) -> bool:
    """A hub id is `name` or `owner/name`; anything else is meant as a folder."""
    return name.startswith((".", "/", "~")) or name.count("/") > 1 or os.sep != "/" and os.sep in name


def hub_reachable(timeout: float = 2.0) -> bool:
    """Whether the Hugging Face hub answers a TCP connection (HF_HUB_OFFLINE counts as no)."""
    if os.environ.get("HF_HUB_OFFLINE", "").lower() in ("1", "true", "yes", "on"):
        return False
    url = urlparse(os.environ.get("HF_ENDPOINT") or "https://huggingface.co")
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        with socket.create_connection((url.hostname or "huggingface.co", port), timeout=timeout):
            return True
    except OSError:
        return False


def _cached_snapshot(name: str) -> str | None:
    try:
        from huggingface_hub import snapshot_download

        return snapshot_download(name, local_files_only=True)
    except Exception:  # not in the cache (or a name the hub client rejects)
        return None


def _check_folder(name: str, folder: Path) -> None:
    if not (folder / "config.json").is_file() and not (folder / "modules.json").is_file():
        raise ModelLoadError.because(name, f"{folder} holds no config.json: not a model folder")
    if not any((folder / w).is_file() for w in _WEIGHTS):
        raise ModelLoadError.because(name, f"{folder} holds no model weights")


def locate_model(name: str) -> str:
    """A local folder holding the model, or the hub id itself when the hub will serve it.

    Raises ModelLoadError when the folder does not exist or holds no model, or when the model is
    neither local nor cached and the hub cannot be reached."""
    given = resolve_model(name)
    folder = Path(given).expanduser()
    if folder.is_dir():
        _check_folder(name, folder)
        return str(folder)
    if folder.exists():
        raise ModelLoadError.because(name, f"{folder} is a file, not a model folder")
    if _looks_like_path(given):
        raise ModelLoadError.because(name, f"no such folder: {folder}")
    cached = _cached_snapshot(given)
    offline_set = bool(os.environ.get("HF_HUB_OFFLINE"))
    online = hub_reachable()
    if not online:
        os.environ["HF_HUB_OFFLINE"] = "1"  # read by the hub client, also in worker processes
    if cached:
        _check_folder(name, Path(cached))
        return cached
    if not online:
        why = "HF_HUB_OFFLINE is set" if offline_set else "the hub cannot be reached"
        raise ModelLoadError.because(name, f"not a local folder, not in the Hugging Face cache, and {why}")
    _check_on_hub(name, given)
    return given


def _check_on_hub(name: str, repo: str) -> None:
    """One quick look-up, so a mistyped name fails here rather than in every worker."""
    from huggingface_hub import model_info

    try:
        model_info(repo, timeout=10)
    except Exception as exc:
        raise ModelLoadError.because(name, f"not found on the Hugging Face hub ({type(exc).__name__})") from exc
