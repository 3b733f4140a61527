"""A run killed with SIGKILL at a random point leaves no worker behind, and run again, ends with
exactly the collection a clean run gives; so does a run stopped by SIGINT (Ctrl-C, to the whole process group) or
SIGTERM, which also leaves no process behind and says in one line that it can be resumed; a
second ingest on a locked store refuses with a clear message."""
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


def ingest(corpus: Path, db: Path, new_session: bool = False) -> subprocess.Popen:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "columnrag", "ingest", str(corpus), "--db", str(db),
                             "--no-progress"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=new_session)


def children(pid: int) -> set[int]:
    """Every live descendant of a process (from /proc: pid -> ppid)."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if fields[0] != "Z":
                parent[int(entry.name)] = int(fields[1])
    out: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, pp in parent.items() if pp in frontier} - out
        out |= frontier
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return state[state.rindex(")") + 2] != "Z"


def send(proc: subprocess.Popen, signum: int) -> None:
    """Ctrl-C reaches the whole process group; `kill` (SIGTERM) only the main process."""
    if signum == signal.SIGINT:
        os.killpg(proc.pid, signum)
    else:
        proc.send_signal(signum)


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
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    assert err == ""  # quiet: no library progress bars, INFO lines or warnings
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
    kids = children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    # Its workers cannot be killed by it: they see it gone and exit on their own.
    deadline = time.monotonic() + 30
    while any(alive(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [k for k in kids if alive(k)]
    rerun = ingest(corpus, db)
    assert rerun.wait(timeout=600) == 0, rerun.stderr.read()
    ids, docs = collection(db)
    assert ids == clean[0] and len(ids) == len(set(ids))
    assert docs == clean[1]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_sigint_and_sigterm_stop_cleanly_and_the_rerun_completes(corpus, clean, tmp_path, signum):
    # Somewhere while the workers run; a run faster than the clean one is caught sooner next time.
    delay = random.Random(signum).uniform(0.5, 0.5 * clean[2])
    for attempt in range(4):
        db = tmp_path / f"db{attempt}"
        proc = ingest(corpus, db, new_session=True)
        seen: set[int] = set()
        deadline = time.monotonic() + 300
        while len(seen) < 2 and proc.poll() is None and time.monotonic() < deadline:
            seen |= children(proc.pid)  # the parse worker and the resource tracker
            time.sleep(0.05)
        assert len(seen) >= 2, "the worker processes never started"
        time.sleep(delay)
        seen |= children(proc.pid)
        if proc.poll() is None:
            send(proc, signum)
        out, err = proc.communicate(timeout=120)
        if proc.returncode != 0:
            break
        delay /= 3  # the run had ended, or finished as the signal came (ignored then): catch the next sooner
    assert proc.returncode != 0, "no run could be caught before it ended"
    assert proc.returncode == 128 + signum, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(f"columnrag: stopped by {signal.Signals(signum).name}; ")
    assert lines[0].endswith("run the same command again to resume")
    time.sleep(1.0)
    assert not [p for p in seen if alive(p)], "processes left behind"
    rerun = ingest(corpus, db)
    assert rerun.wait(timeout=600) == 0, rerun.stderr.read()
    ids, docs = collection(db)
    assert ids == clean[0] and docs == clean[1]


def finish(proc: subprocess.Popen, timeout: float = 120) -> tuple[str, str]:
    """Its output once it exits; a run that hangs is killed (with its group) and fails the test."""
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(f"the run hung after the signal:\n{err}")


def _mapped(pid: int, fragment: str) -> bool:
    try:
        return fragment in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_start_up_stops_the_run_as_documented(corpus, tmp_path, signum):
    # PyYAML's extension is loaded halfway through the CLI's imports, before its handlers are in.
    proc = ingest(corpus, tmp_path / "db", new_session=True)
    deadline = time.monotonic() + 60
    while not _mapped(proc.pid, "_yaml") and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.001)
    assert proc.poll() is None, "the run ended before it was caught"
    send(proc, signum)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signum, err
    assert err.strip() == f"columnrag: stopped by {signal.Signals(signum).name}; run the same command again to resume"


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_as_a_finished_run_exits_is_ignored(corpus, clean, tmp_path, signum):
    # Tearing down the store and the model after the summary takes a while: a signal then neither
    # kills the process by its default action nor prints a traceback.
    proc = ingest(corpus, tmp_path / "db", new_session=True)
    assert proc.stdout is not None
    out = ""
    for line in proc.stdout:
        out += line
        if line.startswith("pages:"):
            break
    if proc.poll() is None:
        send(proc, signum)
    rest, err = proc.communicate(timeout=120)
    assert "pages:" in out and "Traceback" not in err, out + rest + err
    # Ignored once the run is over (0); "stopped" (128 + signum) only if it came before main returned.
    assert proc.returncode in (0, 128 + signum), err
    assert len(err.strip().splitlines()) <= 1, err
    assert collection(tmp_path / "db") == clean[:2]


def _parse_worker(pid: int) -> int | None:
    for kid in children(pid):
        try:
            if b"--multiprocessing-fork" in Path(f"/proc/{kid}/cmdline").read_bytes():
                return kid
        except OSError:
            continue
    return None


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_as_the_parse_worker_starts_prints_one_line(corpus, tmp_path, signum):
    # A new worker imports for a while before its initializer ignores Ctrl-C, and the main
    # process may still be writing it what to run: no traceback from either, every time.
    for attempt, delay in enumerate([0.0, 0.05, 0.15, 0.25, 0.35]):
        proc = ingest(corpus, tmp_path / f"db{attempt}", new_session=True)
        deadline = time.monotonic() + 120
        while proc.poll() is None and not _parse_worker(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(delay)
        assert proc.poll() is None, "the run ended before its worker started"
        send(proc, signum)
        out, err = finish(proc)
        assert proc.returncode == 128 + signum, err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def test_second_ingest_on_a_locked_store_refuses(corpus, tmp_path):
    from filelock import FileLock

    db = tmp_path / "db"
    db.mkdir()
    with FileLock(str(db / ".columnrag-ingest.lock")):
        proc = ingest(corpus, db)
        assert proc.wait(timeout=600) == 2
        assert "another ingest is writing" in proc.stderr.read()
