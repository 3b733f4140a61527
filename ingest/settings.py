"""One settings object for everything: defaults, configs/*.yaml, environment, command line.

Precedence (lowest first): built-in defaults (documented in configs/default.yaml), the YAML
file given with --config (or configs/default.yaml when present), COLUMNRAG_<SECTION>__<KEY>
environment variables, then command-line flags.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields, replace
from importlib.resources import files
from pathlib import Path
from typing import Any, Mapping

import yaml

from columnrag.chunking.ids import settings_fingerprint
from columnrag.chunking.settings import ChunkingSettings
from columnrag.loaders.engine.settings import LayoutSettings
from columnrag.loaders.pdf.ocr_settings import OcrSettings

# configs/default.yaml ships inside the package (columnrag.configs), so an installed columnrag
# finds its defaults wherever it runs.
DEFAULT_CONFIG = Path(str(files("columnrag.configs").joinpath("default.yaml")))
ENV_PREFIX = "COLUMNRAG_"
PRECISIONS = ("auto", "float32", "bfloat16")
BACKENDS = ("auto", "sentence-transformers")


class SettingsError(ValueError):
    """A configuration value or file is wrong; the message says which."""


@dataclass(frozen=True)
class EmbeddingSettings:
    model: str = "default"
    device: str = "auto"
    batch_size: int = 64
    precision: str = "auto"  # bfloat16 where the hardware computes it natively, else float32
    # auto: BERT sentence models run in plain torch (numpy for queries), others through
    # sentence-transformers; "sentence-transformers": always through it. The same vectors either
    # way (within float rounding), so this stays out of the fingerprint.
    backend: str = "auto"

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise SettingsError(f"embedding.backend: expected one of {', '.join(BACKENDS)}, got {self.backend!r}")
        if self.precision not in PRECISIONS:
            raise SettingsError(f"embedding.precision: expected one of {', '.join(PRECISIONS)}, "
                                f"got {self.precision!r}")
        if self.batch_size < 1:
            raise SettingsError(f"embedding.batch_size: must be at least 1, got {self.batch_size}")


@dataclass(frozen=True)
class ChromaSettings:
    path: str = "data/chroma"
    collection: str = "columnrag"
    host: str | None = None  # set to use a Chroma server (chromadb.HttpClient) instead of `path`
    port: int = 8000
    ssl: bool = False
    # Extra header for an authenticating proxy; its value is read from the environment variable
    # named in token_env (never from a file or the command line), sent as "<prefix><token>".
    auth_header: str = "Authorization"
    auth_prefix: str = "Bearer "
    token_env: str | None = None
    retries: int = 5  # attempts for each server call, with exponential backoff


@dataclass(frozen=True)
class IngestSettings:
    engine: str = "local"  # local (worker processes) | ray (a Ray Data job)
    ray_address: str | None = None  # None/"auto": connect to a running cluster or start a local one
    embed_actors: int = 1  # Ray: embedding actors (each loads the model once)
    gpus_per_actor: float = 0.0  # Ray: GPUs each embedding actor asks for
    workers: int = 1
    keep_removed: bool = False
    password: str | None = None
    file_timeout: float = 300.0
    # How a run is batched (not what it computes: the vectors are the same), so these sit with the
    # run's other knobs and stay out of the fingerprint.
    embed_batch: int = 1024  # texts (chunks and passages) gathered across files, embedded and written together
    files_per_batch: int = 4  # Ray: files whose chunks one embedding-actor call embeds

    def __post_init__(self) -> None:
        if self.workers < 0:
            raise SettingsError(f"ingest.workers: must be at least 0 (0: parse in this process), got {self.workers}")


@dataclass(frozen=True)
class Settings:
    layout: LayoutSettings = field(default_factory=LayoutSettings)
    ocr: OcrSettings = field(default_factory=OcrSettings)
    chunking: ChunkingSettings = field(default_factory=ChunkingSettings)
    embedding: EmbeddingSettings = field(default_factory=EmbeddingSettings)
    chroma: ChromaSettings = field(default_factory=ChromaSettings)
    ingest: IngestSettings = field(default_factory=IngestSettings)

    def fingerprint(self) -> str:
        """What decides a file's chunks and vectors: layout, chunking, the embedding model, and OCR
        settings that differ from the defaults (threads and timeout decide nothing)."""
        default = OcrSettings()
        ocr = {k: v for k, v in asdict(self.ocr).items()
               if k not in ("threads", "timeout") and v != getattr(default, k)}
        return settings_fingerprint(self.layout, self.chunking, self.embedding.model, self.embedding.precision,
                                    json.dumps(ocr, sort_keys=True) if ocr else "")


def _coerce(section: str, name: str, current: Any, value: Any) -> Any:
    kind = type(current) if current is not None else str
    if isinstance(value, str) and kind is not str:
        text = value.strip().lower()
        if kind is bool:
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise SettingsError(f"{section}.{name}: expected true/false, got {value!r}")
        if text in ("null", "none", ""):
            return None
    if value is None:
        return None
    try:
        return kind(value)
    except (TypeError, ValueError) as exc:
        raise SettingsError(f"{section}.{name}: expected {kind.__name__}, got {value!r}") from exc


def _merge(settings: Settings, data: Mapping[str, Any], origin: str) -> Settings:
    sections = {f.name: getattr(settings, f.name) for f in fields(settings)}
    for section, values in data.items():
        if section not in sections:
            raise SettingsError(f"{origin}: unknown section {section!r}")
        if values is None:
            continue
        if not isinstance(values, Mapping):
            raise SettingsError(f"{origin}: section {section!r} must be a mapping")
        current = sections[section]
        known = {f.name for f in fields(current)}
        changes = {}
        for name, value in values.items():
            if name not in known:
                raise SettingsError(f"{origin}: unknown setting {section}.{name}")
            changes[name] = _coerce(section, name, getattr(current, name), value)
        try:
            sections[section] = replace(current, **changes)
        except ValueError as exc:  # a value the section itself refuses (e.g. ocr.mode: sometimes)
            raise SettingsError(f"{origin}: {exc}") from exc
    return Settings(**sections)


def _from_env(environ: Mapping[str, str]) -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = {}
    for key, value in environ.items():
        if key.startswith(ENV_PREFIX) and "__" in key:
            section, name = key[len(ENV_PREFIX):].lower().split("__", 1)
            data.setdefault(section, {})[name] = value
    return data


def _read_yaml(path: Path) -> Any:
    """The file's YAML, or a SettingsError of one line saying where it is wrong and why."""
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise SettingsError(f"{path}: not valid YAML {_yaml_problem(exc)}") from exc
    except UnicodeDecodeError as exc:
        raise SettingsError(f"{path}: not UTF-8 text (byte {exc.start + 1})") from exc
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read the config file ({exc.strerror})") from exc


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """PyYAML's several-line message as one: where (line and column from 1, as editors count
    them), the problem, and what the parser was in the middle of."""
    def at(mark: Any) -> str:
        return f"line {mark.line + 1}, column {mark.column + 1}"

    if isinstance(exc, yaml.reader.ReaderError):  # a character YAML does not allow (a control character)
        return f"at character {exc.position + 1}: {exc.reason}"
    if not isinstance(exc, yaml.MarkedYAMLError) or exc.problem_mark is None or not exc.problem:
        return "(" + " ".join(str(exc).split()) + ")"
    context = ""
    if exc.context:
        context = f" ({exc.context}" + (f" at {at(exc.context_mark)}" if exc.context_mark else "") + ")"
    return f"at {at(exc.problem_mark)}: {exc.problem}{context}"


def load_settings(config: str | Path | None = None, overrides: Mapping[str, Mapping[str, Any]] | None = None,
                  environ: Mapping[str, str] | None = None) -> Settings:
    """Defaults < YAML file < environment < overrides (command-line flags; None values ignored)."""
    settings = Settings()
    path = Path(config) if config else (DEFAULT_CONFIG if DEFAULT_CONFIG.is_file() else None)
    if path is not None:
        if not path.is_file():
            raise SettingsError(f"{path}: config file not found")
        data = _read_yaml(path)
        if not isinstance(data, Mapping):
            raise SettingsError(f"{path}: must hold a mapping of sections")
        settings = _merge(settings, data, str(path))
    settings = _merge(settings, _from_env(os.environ if environ is None else environ), "environment")
    if overrides:
        clean = {s: {k: v for k, v in vals.items() if v is not None} for s, vals in overrides.items()}
        settings = _merge(settings, clean, "command line")
    return settings
