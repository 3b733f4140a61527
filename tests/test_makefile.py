"""The README's first steps through the Makefile: `make ingest` (the generated sample into the
store), then `make ingest CORPUS=<your PDFs>` into the same store, whose answers then come from
your PDFs only."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from columnrag.ingest.samples import two_column_page, write_pdf

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("make") is None, reason="needs make")]

ROOT = Path(__file__).resolve().parent.parent


def make(*args: str) -> subprocess.CompletedProcess:
    """`make` in the repository with this interpreter, its virtualenv taken as set up."""
    return subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed", f"PY={sys.executable}", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


def stored(db: Path) -> list[str]:
    got = subprocess.run([sys.executable, "-m", "columnrag", "files", "--json", "--db", str(db)],
                         capture_output=True, text=True, timeout=120, check=True)
    return sorted(Path(f["path"]).name for f in json.loads(got.stdout))


def test_your_own_corpus_takes_the_samples_place_in_the_store(tmp_path):
    sample, pdfs, db = tmp_path / "sample", tmp_path / "pdfs", tmp_path / "db"
    first = make("ingest", f"SAMPLE={sample}", f"DB={db}")
    assert first.returncode == 0, first.stdout + first.stderr
    assert stored(db) == ["sample-1.pdf", "sample-2.pdf", "sample-3.pdf", "sample-4.pdf"]

    write_pdf(pdfs / "mine.pdf", [two_column_page(9001)], header="my own report")
    own = make("ingest", f"SAMPLE={sample}", f"CORPUS={pdfs}", f"DB={db}")
    assert own.returncode == 0, own.stdout + own.stderr
    assert "taking the sample corpus" in own.stdout
    assert stored(db) == ["mine.pdf"]

    again = make("ingest", f"SAMPLE={sample}", f"CORPUS={pdfs}", f"DB={db}")  # nothing of the sample left to take
    assert again.returncode == 0 and "taking the sample" not in again.stdout, again.stdout + again.stderr
    assert stored(db) == ["mine.pdf"]
