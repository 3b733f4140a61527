"""Ingestion end to end on generated PDFs, with the real bundled model and embedded Chroma."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from columnrag.ingest.cli import main
from columnrag.ingest.pipeline import run_ingest
from columnrag.ingest.query import collection_stats, query_store
from columnrag.ingest.samples import two_column_page, write_pdf, write_sample_corpus
from columnrag.ingest.settings import DEFAULT_CONFIG, Settings, SettingsError, load_settings


def settings_for(db: Path, **chroma) -> Settings:
    return load_settings(None, {"chroma": {"path": str(db), "collection": chroma.get("collection", "test")}},
                         environ={})


def all_ids(db: Path, collection: str = "test") -> list[str]:
    from columnrag.ingest.store import open_client

    return sorted(open_client(settings_for(db).chroma).get_collection(collection).get()["ids"])


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("corpus")
    write_sample_corpus(folder, count=3)
    (folder / "broken.pdf").write_bytes(b"%PDF-1.4 truncated")
    (folder / ".hidden.pdf").write_bytes(b"junk")
    return folder


class Recorder:
    def __init__(self) -> None:
        self.parsed_texts = self.embedded_texts = 0
        self.files: list[tuple[int, int]] = []

    def parsed(self, source: str, texts: int, files_done: int, files_total: int) -> None:
        self.parsed_texts += texts
        self.files.append((files_done, files_total))

    def embedded(self, texts: int) -> None:
        self.embedded_texts += texts


def _passages(db: Path, collection: str = "test") -> list[dict]:
    """The passage records' metadata (each names its chunk by chunk_id)."""
    from columnrag.ingest.store import open_client

    coll = open_client(settings_for(db).chroma).get_collection(f"{collection}-passages")
    return coll.get(include=["metadatas"])["metadatas"]


def test_ingest_is_incremental_and_idempotent(corpus, tmp_path):
    work = tmp_path / "pdfs"
    shutil.copytree(corpus, work)
    db = tmp_path / "db"
    s = settings_for(db)
    progress = Recorder()
    first = run_ingest([work], s, progress)
    assert (first.new, first.failed) == (3, 1) and first.chunks > 0
    # The progress counts every text parsed and embedded (chunks and their passages), and every file parsed.
    passages = _passages(db)
    assert progress.parsed_texts == progress.embedded_texts == first.chunks + len(passages)
    assert progress.files == [(n, 4) for n in range(1, 5)]
    assert first.failures[0]["source"].endswith("broken.pdf")
    ids = all_ids(db)
    assert len(ids) == first.chunks == len(set(ids))
    # Passages stand for the chunks they come from, and share their metadata (so filters hold).
    assert passages and {p["chunk_id"] for p in passages} <= set(ids)
    by_id = {m["chunk_id"]: m for m in _metadatas(db)}
    assert all(by_id[p["chunk_id"]]["page"] == p["page"] for p in passages)
    second = run_ingest([work], s)
    assert (second.new, second.changed, second.unchanged, second.chunks) == (0, 0, 3, 0)
    assert all_ids(db) == ids
    # A changed file has its chunks replaced, nothing else moves.
    before = {m["chunk_id"]: m["source"] for m in _metadatas(db)}
    write_pdf(work / "sample-1.pdf", [two_column_page(999, with_band=False)], "shuffled")
    third = run_ingest([work], s)
    assert (third.changed, third.unchanged) == (1, 2)
    after = {m["chunk_id"]: m["source"] for m in _metadatas(db)}
    changed = str(work / "sample-1.pdf")
    assert {i for i, src in before.items() if src != changed} == {i for i, src in after.items() if src != changed}
    assert {i for i, src in before.items() if src == changed}.isdisjoint(after)
    assert sum(src == changed for src in after.values()) == third.chunks
    assert {p["chunk_id"] for p in _passages(db)} <= set(after)  # the old chunks' passages went with them
    assert any(p["source"] == changed for p in _passages(db))
    # A removed file has its chunks removed.
    (work / "sample-2.pdf").unlink()
    fourth = run_ingest([work], s)
    assert fourth.removed == 1
    sources = {m["source"] for m in _metadatas(db)}
    assert str(work / "sample-2.pdf") not in sources
    assert str(work / "sample-2.pdf") not in {p["source"] for p in _passages(db)}
    report = json.loads((db / "last-ingest-report.json").read_text())
    assert report["removed"] == 1


def _metadatas(db: Path):
    from columnrag.ingest.store import open_client

    return open_client(settings_for(db).chroma).get_collection("test").get(include=["metadatas"])["metadatas"]


def test_cli_query_and_stats_and_langchain_agree(corpus, tmp_path, capsys):
    db = tmp_path / "db"
    assert main(["ingest", str(corpus), "--db", str(db), "--collection", "cli", "--no-progress"]) == 1
    capsys.readouterr()
    assert main(["query", "incubation of samples in the lab protocol", "--db", str(db),
                 "--collection", "cli", "--json", "-k", "3"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert len(hits) == 3 and {"id", "score", "text", "metadata"} <= set(hits[0])
    assert "page" in hits[0]["metadata"] and "bbox_x0" in hits[0]["metadata"]
    assert main(["query", "incubation of samples in the lab protocol", "--db", str(db),
                 "--collection", "cli", "-k", "3"]) == 0
    printed = capsys.readouterr().out
    first = json.loads(hits[0]["metadata"]["boxes"])[0]
    assert f"boxes p{first['page'] + 1} [" + ", ".join(f"{v:.0f}" for v in first["bbox"]) + "]" in printed
    assert main(["stats", "--db", str(db), "--collection", "cli", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["files"] == 3 and stats["chunks"] > 0 and stats["model"]

    from langchain_chroma import Chroma
    from langchain_huggingface import HuggingFaceEmbeddings

    from columnrag.chunking.tokens import default_model_path

    from columnrag import ColumnRAGRetriever
    from columnrag.ingest.embedder import Embedder
    from columnrag.ingest.store import ChromaStore

    store = Chroma(collection_name="cli", persist_directory=str(db),
                   embedding_function=HuggingFaceEmbeddings(model_name=default_model_path()))
    question = "operating costs and revenue margin"
    s = settings_for(db, collection="cli")
    # LangChain's Chroma on the chunk collection finds what the chunks' own vectors find ...
    lc = [d.id for d in store.similarity_search(question, k=4)]
    vector = Embedder(s.embedding, for_queries=True).embed_query(question)
    assert lc == ChromaStore.open_existing(s.chroma).query(vector, 4)["ids"][0]
    # ... and ColumnRAGRetriever answers as `columnrag query` does (passages counted).
    ours = query_store(s, question, 4)
    got = ColumnRAGRetriever(settings=s, k=4).invoke(question)
    assert [d.id for d in got] == [h["id"] for h in ours]
    assert [d.page_content for d in got] == [h["text"] for h in ours]
    assert got[0].metadata["score"] == ours[0]["score"] and got[0].metadata["chunk_id"] == ours[0]["id"]


def test_a_chunk_ranks_by_the_best_of_its_own_and_its_passages_vectors(corpus, tmp_path):
    import numpy as np

    from columnrag.ingest.embedder import Embedder
    from columnrag.ingest.store import open_client

    db = tmp_path / "db"
    s = settings_for(db)
    run_ingest([corpus], s)
    client = open_client(s.chroma)
    chunks = client.get_collection("test").get(include=["embeddings", "documents"])
    passages = client.get_collection("test-passages").get(include=["embeddings", "metadatas", "documents"])
    # A question that is one sentence from the middle of a chunk of several passages.
    owners = [m["chunk_id"] for m in passages["metadatas"]]
    rich = max(set(owners), key=owners.count)
    middle = [d for d, o in zip(passages["documents"], owners) if o == rich][1]
    question = middle.splitlines()[-1].split(". ")[0]
    qv = np.asarray(Embedder(s.embedding, for_queries=True).embed_query(question))
    own = {cid: float(np.dot(qv, v)) for cid, v in zip(chunks["ids"], chunks["embeddings"])}
    best = dict(own)
    for cid, v in zip(owners, passages["embeddings"]):
        best[cid] = max(best[cid], float(np.dot(qv, v)))
    hits = query_store(s, question, 5)
    assert [h["id"] for h in hits] == sorted(best, key=lambda c: (-best[c], c))[:5]
    assert hits[0]["id"] == rich and hits[0]["score"] == pytest.approx(best[rich], abs=1e-4)
    assert best[rich] > own[rich] + 0.05  # its passage, not its own vector, found it


def test_other_model_into_same_collection_is_refused(corpus, tmp_path):
    from columnrag.ingest.store import StoreError, create_collection, existing_collection, open_client

    db = tmp_path / "db"
    cs = settings_for(db, collection="mixed").chroma
    client = open_client(cs)
    assert existing_collection(client, cs, "default") is None  # opening creates nothing
    create_collection(client, cs, "default")
    with pytest.raises(StoreError, match="would mix vectors"):
        existing_collection(client, cs, "another-model")


def test_settings_precedence(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("chroma:\n  collection: fromfile\nchunking:\n  chunk_size: 120\n")
    s = load_settings(cfg, environ={"COLUMNRAG_CHROMA__COLLECTION": "fromenv"})
    assert s.chroma.collection == "fromenv" and s.chunking.chunk_size == 120
    s = load_settings(cfg, {"chroma": {"collection": "fromflag"}}, environ={"COLUMNRAG_CHROMA__COLLECTION": "x"})
    assert s.chroma.collection == "fromflag"
    cfg.write_text("chroma:\n  colection: typo\n")
    with pytest.raises(SettingsError, match="colection"):
        load_settings(cfg, environ={})


def test_default_config_documents_the_builtin_defaults():
    assert load_settings(DEFAULT_CONFIG, environ={}) == Settings()


def test_discovery_skips_hidden_and_survives_symlink_loops(tmp_path):
    from columnrag.ingest.discover import discover_pdfs

    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "X.PDF").write_bytes(b"x")
    (tmp_path / ".h").mkdir()
    (tmp_path / ".h" / "y.pdf").write_bytes(b"x")
    os.symlink(tmp_path, tmp_path / "a" / "loop")
    found = [p.name for p in discover_pdfs([tmp_path])]
    assert found == ["X.PDF"]


def test_a_model_that_cannot_load_is_a_one_line_error_and_records_nothing(corpus, tmp_path, capsys):
    from columnrag.chunking.tokens import default_model_path
    from columnrag.ingest.store import create_collection, open_client

    broken = tmp_path / "model"  # its tokenizer would chunk the files; the model itself cannot load
    broken.mkdir()
    for f in Path(default_model_path()).glob("tokenizer*.json"):
        shutil.copy(f, broken)
    db = tmp_path / "db"
    assert main(["ingest", str(corpus), "--db", str(db), "--model", str(broken), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"columnrag: the embedding model {str(broken)!r} could not be loaded (")
    assert not db.exists()  # nothing recorded: a later ingest with a good model is not refused
    # A collection built with that model name (by hand here) cannot be queried: one line, exit 2.
    cs = settings_for(db, collection="columnrag").chroma
    create_collection(open_client(cs), cs, str(broken)).add(ids=["x"], embeddings=[[0.1] * 384], documents=["x"])
    assert main(["query", "cash flow", "--db", str(db), "--model", str(broken)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"columnrag: the embedding model {str(broken)!r} could not be loaded (")
