"""The Ray Data engine on a local Ray: the same collection as the local engine."""
from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from columnrag.ingest.samples import write_sample_corpus

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")]


def ids(db: Path) -> list[str]:
    import chromadb

    return sorted(chromadb.PersistentClient(str(db)).get_collection("columnrag").get()["ids"])


def test_ray_engine_gives_the_local_engines_collection(tmp_path):
    corpus = tmp_path / "c"
    write_sample_corpus(corpus, count=4)
    (corpus / "broken.pdf").write_bytes(b"<html>nope</html>")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "RAY_ENABLE_UV_RUN_RUNTIME_ENV": "0"}
    runs = {}
    for engine in ("local", "ray"):
        db = tmp_path / engine
        r = subprocess.run([sys.executable, "-m", "columnrag", "ingest", str(corpus), "--db", str(db),
                            "--engine", engine, "--no-progress"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=900)
        assert r.returncode == 1, r.stderr[-3000:]  # the broken file is reported, the rest lands
        assert "broken.pdf: not a PDF (an HTML page)" in r.stdout
        # Quiet without -v: none of Ray's INFO or WARNING lines (Ray Data logs its progress).
        assert not re.search(r"\b(INFO|WARNING) \S+\.py:\d+ --", r.stderr), r.stderr[-3000:]
        runs[engine] = ids(db)
    assert runs["ray"] == runs["local"] and runs["ray"]
    again = subprocess.run([sys.executable, "-m", "columnrag", "ingest", str(corpus), "--db", str(tmp_path / "ray"),
                            "--engine", "ray", "--no-progress"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=900)
    assert "0 new, 0 changed, 4 unchanged" in again.stdout
