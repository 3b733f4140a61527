"""What a run has to do: which of the PDFs found are new or changed (to parse), unchanged (to
skip) or unreadable, and, at the end, which recorded files are gone from under the paths."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from columnrag.loaders.paths import display_path

from .discover import discover_pdfs
from .record import file_hash
from .report import Summary
from .store import Record


@dataclass
class Plan:
    """The files to (re)parse, and every source seen."""

    jobs: list[tuple[str, str]]  # (path, content hash)
    sources: list[str]
    recorded: set[str] = field(default_factory=set)  # sources the record already knew


def make_plan(paths: Sequence[str | Path], fingerprint: str, record: Record, summary: Summary) -> Plan:
    """Discover the PDFs and keep those whose content or settings changed since they were stored;
    unchanged and unreadable files are counted in the summary."""
    files = [str(p) for p in discover_pdfs(paths)]
    sources = [display_path(f) for f in files]
    jobs: list[tuple[str, str]] = []
    recorded: set[str] = set()
    for path, source in zip(files, sources):
        try:
            h = file_hash(Path(path))
        except OSError as exc:
            summary.add_failure(source, f"cannot read file ({exc.strerror})")
            continue
        rec = record.get(source)
        if rec:
            recorded.add(source)
        if rec and rec.content_hash == h and rec.fingerprint == fingerprint:
            summary.unchanged += 1
            continue
        jobs.append((path, h))
    return Plan(jobs, sources, recorded)


def gone_sources(paths: Sequence[str | Path], plan: Plan, recorded: Iterable[str]) -> list[str]:
    """Recorded files under `paths` that this run did not find any more."""
    roots = [display_path(str(Path(p))) for p in paths]
    present = set(plan.sources)
    return [source for source in recorded
            if source not in present
            and any(source == r or source.startswith(r.rstrip("/") + "/") for r in roots)]
