"""A run killed with SIGKILL at a random point, then run again, ends with exactly the collection
a clean run gives; a second ingest on a locked store refuses with a clear message."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from columnrag.ingest.samples import write_sample_corpus

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def ingest(corpus: Path, db: Path) -> subprocess.Popen:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    return subprocess.Popen([sys.executable, "-m", "columnrag", "ingest", str(corpus), "--db", str(db),
                             "--no-progress"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def collection(db: Path) -> tuple[list[str], list[str]]:
    import chromadb

    coll = chromadb.PersistentClient(str(db)).get_collection("columnrag")
    got = coll.get(include=["documents"])
    pairs = sorted(zip(got["ids"], got["documents"]))
    return [p[0] for p in pairs], [p[1] for p in pairs]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("kill-corpus")
    write_sample_corpus(folder, count=8)
    return folder


@pytest.fixture(scope="module")
def clean(corpus, tmp_path_factory) -> tuple[list[str], list[str], float]:
    db = tmp_path_factory.mktemp("clean") / "db"
    started = time.monotonic()
    proc = ingest(corpus, db)
    assert proc.wait(timeout=600) == 0, proc.stderr.read()
    return (*collection(db), time.monotonic() - started)


@pytest.mark.parametrize("seed", [int(s) for s in os.environ.get("COLUMNRAG_KILL_SEEDS", "1,2,3").split(",")])
def test_sigkill_then_rerun_equals_clean_run(corpus, clean, tmp_path, seed):
    # Somewhere between start-up and the end of a clean run: loading, parsing, embedding, writing.
    delay = random.Random(seed).uniform(0.2, 0.9) * clean[2]
    for attempt in range(4):
        db = tmp_path / f"db{attempt}"
        proc = ingest(corpus, db)
        time.sleep(delay)
        if proc.poll() is None:
            break
        delay /= 2  # this run was faster than the clean one: kill sooner
    assert proc.poll() is None, "no run could be caught before it ended"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    rerun = ingest(corpus, db)
    assert rerun.wait(timeout=600) == 0, rerun.stderr.read()
    ids, docs = collection(db)
    assert ids == clean[0] and len(ids) == len(set(ids))
    assert docs == clean[1]


def test_second_ingest_on_a_locked_store_refuses(corpus, tmp_path):
    from filelock import FileLock

    db = tmp_path / "db"
    db.mkdir()
    with FileLock(str(db / ".columnrag-ingest.lock")):
        proc = ingest(corpus, db)
        assert proc.wait(timeout=600) == 2
        assert "another ingest is writing" in proc.stderr.read()
