"""The embedded store shared with the README's other readers: columnrag's client and a user's
chromadb.PersistentClient or langchain_chroma.Chroma on the same folder, in one process."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

# Chroma keeps one client system per folder for the whole process, so each order runs in a
# process of its own (the tests' own processes have theirs already).
_ORDERS = {
    "columnrag first": """
        ours = open_client(cs).get_or_create_collection("columnrag")
        ours.add(ids=["a"], embeddings=[[1.0, 0.0]], documents=["a"])
        theirs()
        """,
    "columnrag second": """
        theirs()
        ours = open_client(cs).get_or_create_collection("columnrag")
        ours.add(ids=["a"], embeddings=[[1.0, 0.0]], documents=["a"])
        """,
}
_SCRIPT = """
import sys
import chromadb
from langchain_chroma import Chroma
from columnrag.ingest.settings import ChromaSettings
from columnrag.ingest.store import open_client

path = sys.argv[1]
cs = ChromaSettings(path=path)

def theirs():
    chromadb.PersistentClient(path).get_or_create_collection("columnrag")
    Chroma(collection_name="columnrag", persist_directory=path).get()
"""


@pytest.mark.parametrize("telemetry", [None, "False"], ids=["chromadb's default", "ANONYMIZED_TELEMETRY=False"])
@pytest.mark.parametrize("order", list(_ORDERS))
def test_columnrag_and_a_default_chromadb_client_share_a_store_in_one_process(tmp_path, order, telemetry):
    env = {k: v for k, v in os.environ.items() if k != "ANONYMIZED_TELEMETRY"}
    if telemetry is not None:
        env["ANONYMIZED_TELEMETRY"] = telemetry
    script = _SCRIPT + textwrap.dedent(_ORDERS[order]) + "print(len(ours.get()['ids']))\n"
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path / "db")], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.split()[-1] == "1"
