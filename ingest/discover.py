"""Find the PDFs under the paths a user gives: recursive, any case of .pdf, no hidden files,
no endless symlink loops, each real file once, narrowed by --glob/--exclude patterns.

Paths come back canonical (absolute, symlinks resolved): the same file reached through a
relative path, an absolute path or a link is one source, stored once.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath
from typing import Iterable, Iterator, Sequence

log = logging.getLogger(__name__)


class InputError(ValueError):
    """The paths given to ingest do not exist or hold no PDF; the message says which."""


def canonical(path: str | Path) -> Path:
    """Absolute, with symlinks resolved (also for a path that no longer exists)."""
    return Path(os.path.realpath(os.path.expanduser(str(path))))


def _is_hidden(name: str) -> bool:
    return name.startswith(".")


@dataclass(frozen=True)
class Selection:
    """Which files under a folder to take. A pattern with a "/" is matched against the path
    below the folder given (`*` crosses folders, as in fnmatch); one without, against the file
    name (--glob) or against the file name and every folder name on the way (--exclude).
    Case-sensitive."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()

    def takes(self, rel: PurePosixPath) -> bool:
        """Whether a file at `rel` (relative to the folder given) is selected."""
        if self.include and not any(_matches(p, rel, rel.parts[-1:]) for p in self.include):
            return False
        return not any(_matches(p, rel, rel.parts) for p in self.exclude)


def _matches(pattern: str, rel: PurePosixPath, names: Sequence[str]) -> bool:
    pattern = pattern.strip("/")
    if "/" in pattern:
        return fnmatchcase(rel.as_posix(), pattern)
    return any(fnmatchcase(name, pattern) for name in names)


def check_paths(paths: Sequence[str | Path]) -> list[Path]:
    """The paths, canonical; InputError for the first that does not exist."""
    out = []
    for p in paths:
        c = canonical(p)
        if not c.exists():
            raise InputError(f"{p}: no such file or folder")
        out.append(c)
    return out


def selected(source: str, roots: Iterable[Path], selection: Selection) -> bool:
    """Whether a (canonical) source under one of the roots is one the selection takes; a file
    given by name is always taken."""
    for root in roots:
        if source == str(root):
            return True
        if source.startswith(str(root).rstrip("/") + "/"):
            return selection.takes(PurePosixPath(source[len(str(root).rstrip("/")) + 1:]))
    return False


def discover_pdfs(paths: Iterable[str | Path], selection: Selection = Selection()) -> Iterator[Path]:
    """Yield canonical PDF paths in a stable (sorted) order, each real file once. A path that
    does not exist is skipped with a warning (the CLI refuses it before: check_paths)."""
    seen_dirs: set[tuple[int, int]] = set()
    seen_files: set[Path] = set()
    for given in paths:
        root = canonical(given)
        if root.is_file():
            if root not in seen_files:
                seen_files.add(root)
                yield root
            continue
        if not root.is_dir():
            log.warning("%s: no such file or folder", given)
            continue
        for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
            st = os.stat(dirpath)
            if (st.st_dev, st.st_ino) in seen_dirs:
                dirnames[:] = []  # a symlink loop, or a folder reached twice
                continue
            seen_dirs.add((st.st_dev, st.st_ino))
            dirnames[:] = sorted(d for d in dirnames if not _is_hidden(d))
            for name in sorted(filenames):
                if _is_hidden(name) or not name.lower().endswith(".pdf"):
                    continue
                path = Path(dirpath) / name
                rel = PurePosixPath(path.relative_to(root).as_posix())
                if not selection.takes(rel) or not path.is_file():
                    continue
                real = canonical(path)
                if real not in seen_files:
                    seen_files.add(real)
                    yield real
