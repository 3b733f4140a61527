"""Client/server Chroma: a real `chroma run` server on 127.0.0.1, started and stopped here."""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from columnrag.ingest.samples import write_sample_corpus

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
CHROMA = shutil.which("chroma") or str(Path(sys.executable).parent / "chroma")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(path: Path, port: int) -> subprocess.Popen:
    proc = subprocess.Popen([CHROMA, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1)
            return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError("chroma server exited")
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("chroma server did not start")


@pytest.fixture()
def server(tmp_path):
    port = free_port()
    proc = start_server(tmp_path / "server-data", port)
    yield port, proc
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("server-corpus")
    write_sample_corpus(folder / "a", count=3)
    write_sample_corpus(folder / "b", count=3)
    for i, p in enumerate(sorted((folder / "b").glob("*.pdf"))):
        p.rename(folder / "b" / f"other-{i}.pdf")
    return folder


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "HF_HUB_OFFLINE": "1", **(env or {})}
    return subprocess.run([sys.executable, "-m", "columnrag", *args], cwd=ROOT, capture_output=True,
                          text=True, env=full_env, timeout=600)


def server_ids(port: int, collection: str = "columnrag") -> list[str]:
    import chromadb

    return sorted(chromadb.HttpClient(host="127.0.0.1", port=port).get_collection(collection).get()["ids"])


def test_two_processes_on_one_server_equal_one_embedded_process(server, corpus, tmp_path):
    port, _ = server
    embedded = run_cli("ingest", str(corpus / "a"), str(corpus / "b"), "--db", str(tmp_path / "emb"), "--no-progress")
    assert embedded.returncode == 0, embedded.stderr
    import chromadb

    want = sorted(chromadb.PersistentClient(str(tmp_path / "emb")).get_collection("columnrag").get()["ids"])
    common = ["--chroma-host", "127.0.0.1", "--chroma-port", str(port), "--no-progress", "--db", str(tmp_path / "local")]
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    procs = [subprocess.Popen([sys.executable, "-m", "columnrag", "ingest", str(corpus / part), *common],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for part in ("a", "b")]
    for p in procs:
        assert p.wait(timeout=600) == 0, p.stderr.read()
    assert server_ids(port) == want
    q = run_cli("query", "operating margin of the audit team", "--json", "-k", "3",
                "--chroma-host", "127.0.0.1", "--chroma-port", str(port))
    assert q.returncode == 0, q.stderr
    hits = json.loads(q.stdout)
    assert len(hits) == 3 and all(h["id"] in want for h in hits)
    stats = run_cli("stats", "--json", "--chroma-host", "127.0.0.1", "--chroma-port", str(port))
    assert json.loads(stats.stdout)["files"] == 6


def test_server_down_gives_a_clear_error(tmp_path, corpus):
    port = free_port()
    r = run_cli("ingest", str(corpus / "a"), "--chroma-host", "127.0.0.1", "--chroma-port", str(port),
                "--no-progress", "--db", str(tmp_path / "local"), env={"COLUMNRAG_CHROMA__RETRIES": "2"})
    assert r.returncode == 2
    assert f"cannot reach the Chroma server at http://127.0.0.1:{port}" in r.stderr


def test_token_comes_from_the_environment(tmp_path, corpus, server):
    port, _ = server
    cfg = tmp_path / "c.yaml"
    cfg.write_text("chroma:\n  token_env: COLUMNRAG_TEST_TOKEN\n")
    args = ["stats", "--chroma-host", "127.0.0.1", "--chroma-port", str(port), "--config", str(cfg)]
    r = run_cli(*args)
    assert r.returncode == 2 and "COLUMNRAG_TEST_TOKEN" in r.stderr
    r = run_cli(*args, env={"COLUMNRAG_TEST_TOKEN": "secret"})
    assert "does not exist" in r.stderr  # reached the server (no proxy here checks the header)


def test_server_going_away_then_rerun_completes(tmp_path, corpus):
    port = free_port()
    data = tmp_path / "server-data"
    proc = start_server(data, port)
    common = ["--chroma-host", "127.0.0.1", "--chroma-port", str(port), "--no-progress", "--db", str(tmp_path / "local")]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "COLUMNRAG_CHROMA__RETRIES": "2"}
    ingest = subprocess.Popen([sys.executable, "-m", "columnrag", "ingest", str(corpus / "a"), *common],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(6)
    proc.kill()
    proc.wait(timeout=20)
    code = ingest.wait(timeout=600)
    err = ingest.stderr.read()
    proc = start_server(data, port)
    try:
        rerun = run_cli("ingest", str(corpus / "a"), *common)
        assert rerun.returncode == 0, rerun.stderr
        ids = server_ids(port)
        assert len(ids) == len(set(ids)) and ids
        again = run_cli("ingest", str(corpus / "a"), *common)
        assert "0 new, 0 changed, 3 unchanged" in again.stdout
        # It either finished before the server went, or stopped with a clear message.
        assert code == 0 or (code == 2 and "Chroma server" in err), (code, err[-2000:])
    finally:
        proc.terminate()
        proc.wait(timeout=20)
