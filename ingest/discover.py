"""Find the PDFs under the paths a user gives: recursive, any case of .pdf, no hidden files,
no endless symlink loops, each real file once."""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Iterable, Iterator

log = logging.getLogger(__name__)


def _is_hidden(name: str) -> bool:
    return name.startswith(".")


def discover_pdfs(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Yield PDF paths in a stable (sorted) order. Paths are kept as given (not resolved), so
    the `source` metadata is the path the user typed."""
    seen_dirs: set[tuple[int, int]] = set()
    for root in paths:
        root = Path(root)
        if root.is_file():
            yield root
            continue
        if not root.is_dir():
            log.warning("%s: no such file or folder", root)
            continue
        for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
            st = os.stat(dirpath)
            if (st.st_dev, st.st_ino) in seen_dirs:
                dirnames[:] = []  # a symlink loop, or a folder reached twice
                continue
            seen_dirs.add((st.st_dev, st.st_ino))
            dirnames[:] = sorted(d for d in dirnames if not _is_hidden(d))
            for name in sorted(filenames):
                if not _is_hidden(name) and name.lower().endswith(".pdf"):
                    path = Path(dirpath) / name
                    if path.is_file():
                        yield path
