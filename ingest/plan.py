"""What a run has to do: which of the PDFs found are new or changed (to parse), unchanged (to
skip), duplicates of a file already stored (to skip), or unreadable, and which recorded files
are gone from under the paths (to remove)."""
from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from columnrag.loaders.paths import display_path

from .discover import Selection, canonical, selected
from .record import FileRecord, file_hash
from .report import Summary


@dataclass
class Plan:
    """The files to (re)parse, and what the run leaves alone or removes."""

    jobs: list[tuple[str, str]] = field(default_factory=list)  # (path, content hash)
    sources: list[str] = field(default_factory=list)  # every PDF found (canonical)
    recorded: set[str] = field(default_factory=set)  # sources the record already knew
    new: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    duplicates: list[tuple[str, str]] = field(default_factory=list)  # (source, same content as)
    gone: list[str] = field(default_factory=list)  # recorded, under the paths, not found any more
    stale: list[str] = field(default_factory=list)  # recorded, now a duplicate: old chunks go

    def set_aside(self, source: str) -> None:
        """Take a file out of the jobs: one found unreadable before it is parsed (a dry run)."""
        self.jobs = [(path, h) for path, h in self.jobs if display_path(path) != source]
        self.new = [s for s in self.new if s != source]
        self.changed = [s for s in self.changed if s != source]

    def to_remove(self, keep_removed: bool = False) -> list[str]:
        """Files whose chunks go: now duplicates, and (unless keep_removed) files gone."""
        return self.stale + ([] if keep_removed else self.gone)


def make_plan(paths: Sequence[str | Path], files: Sequence[Path], fingerprint: str, records: Sequence[FileRecord],
              summary: Summary, selection: Selection = Selection(), allow_duplicates: bool = False) -> Plan:
    """Of the PDFs found under `paths` (`files`, canonical), keep those whose content or settings
    changed since they were stored, given the `records` of the files stored.

    A file whose content is already stored under another path that still exists (or found
    earlier in this run) is a duplicate and is skipped, unless allow_duplicates. Unchanged,
    duplicate and unreadable files are counted in the summary."""
    by_source = {r.source: r for r in records}
    by_content: dict[str, list[str]] = defaultdict(list)
    for r in records:
        by_content[r.content_hash].append(r.source)
    plan = Plan()
    taken: dict[str, str] = {}  # content hash -> the source this run keeps it under
    for path in files:
        source = display_path(str(path))
        plan.sources.append(source)
        try:
            h = file_hash(path)
        except OSError as exc:
            summary.add_failure(source, f"cannot read file ({exc.strerror})")
            continue
        rec = by_source.get(source)
        if rec:
            plan.recorded.add(source)
        if not allow_duplicates:
            same = taken.get(h) or next((s for s in by_content.get(h, []) if s != source and os.path.exists(s)), None)
            if same:
                plan.duplicates.append((source, same))
                summary.add_duplicate(source, same)
                if rec:
                    plan.stale.append(source)
                continue
        taken.setdefault(h, source)
        if rec and rec.content_hash == h and rec.fingerprint == fingerprint:
            plan.unchanged.append(source)
            summary.unchanged += 1
            continue
        (plan.changed if rec else plan.new).append(source)
        plan.jobs.append((str(path), h))
    roots = [canonical(p) for p in paths]
    present = set(plan.sources)
    plan.gone = [s for s in sorted(by_source) if s not in present and selected(s, roots, selection)]
    return plan
