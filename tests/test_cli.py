"""The command line as a new user meets it: every usage error exits 2 with one line naming what
is wrong and creates nothing; files/delete/reset, --glob/--exclude, --dry-run, duplicates,
`query -`, page labels, and a query that imports only what answering needs."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

import pytest

from columnrag.ingest.cli import main, page_label
from columnrag.ingest.samples import write_sample_corpus

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("cli-corpus")
    write_sample_corpus(folder, count=3)
    return folder


@pytest.fixture(scope="module")
def store(corpus, tmp_path_factory) -> Path:
    """One ingested store; tests that change it work on a copy."""
    db = tmp_path_factory.mktemp("cli-store") / "db"
    assert main(["ingest", str(corpus), "--db", str(db), "--no-progress"]) == 0
    return db


def copy_of(db: Path, tmp_path: Path) -> Path:
    shutil.copytree(db, tmp_path / "db")
    return tmp_path / "db"


def one_line_error(capsys, *fragments: str) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    for f in fragments:
        assert f in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("argv, fragments", [
    (["ingest", "{tmp}/nonexistent"], ["nonexistent: no such file or folder"]),
    (["ingest", "{tmp}/empty"], ["no PDF files found in", "empty"]),
    (["ingest", "{tmp}/empty", "--dry-run"], ["no PDF files found in"]),
    (["query", "anything"], ["no Chroma store in"]),
    (["stats"], ["no Chroma store in"]),
    (["files"], ["no Chroma store in"]),
    (["delete", "{tmp}/x.pdf"], ["no Chroma store in"]),
    (["reset", "--yes"], ["no Chroma store in"]),
    (["query", "anything", "-k", "0"], ["-k: must be at least 1"]),
    (["query", "anything", "--where", "{bad json"], ["--where is not valid JSON"]),
    (["ingest", "{tmp}/empty", "--precision", "half"], ["--precision: invalid choice"]),
    (["ingest", "{tmp}/empty", "--model", "{tmp}/no/such/model"], ["could not be loaded", "no such folder"]),
    (["ingest", "{tmp}/empty", "--model", "no-such/model-xyz"], ["could not be loaded", "not in the Hugging Face cache"]),
    (["audit", "{tmp}/nope.pdf"], ["nope.pdf: no such file or folder"]),
    # An empty path (an unset variable) is not the current folder.
    (["audit", ""], ["argument target: empty path"]),
    (["ingest", "", "--dry-run"], ["argument PATH: empty path"]),
    (["delete", ""], ["argument PATH: empty path"]),
    (["ingest", "{tmp}/empty", "--workers", "-1"], ["--workers: must be at least 0"]),
    (["query", ""], ["argument question: empty question"]),
    (["query", " \t"], ["argument question: empty question"]),
])
def test_usage_errors_exit_2_with_one_line_and_create_nothing(argv, fragments, tmp_path, capsys, monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.chdir(tmp_path)  # audit's default output folder would land here
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv] + ["--db", str(tmp_path / "db")] * (argv[0] != "audit")
    before = sorted(tmp_path.rglob("*"))
    started = time.monotonic()
    assert main(argv) == 2
    one_line_error(capsys, *fragments)
    assert sorted(tmp_path.rglob("*")) == before  # no db folder, no audit folder
    assert time.monotonic() - started < 10  # a mistyped hub model fails at once, offline


@pytest.mark.parametrize("text, where", [
    (b"chroma:\n  path: [unclosed\n  collection: x\n",
     "at line 3, column 13: expected ',' or ']', but got ':' (while parsing a flow sequence at line 2, column 9)"),
    (b"chroma:\n  path: a\n   collection: x\n", "at line 3, column 14: mapping values are not allowed here"),
    (b"chroma: \"abc\n", "at line 2, column 1: found unexpected end of stream"),
    (b"a: \x00\n", "at character 4: special characters are not allowed"),
    (b"a\xff: 1\n", "not UTF-8 text (byte 2)"),
])
def test_a_bad_config_file_is_one_line_naming_the_file_and_where(text, where, tmp_path, capsys):
    config = tmp_path / "bad.yaml"
    config.write_bytes(text)
    assert main(["stats", "--config", str(config), "--db", str(tmp_path / "db")]) == 2
    line = one_line_error(capsys, where)
    assert line.startswith(f"columnrag: {config}: ")


def test_a_negative_worker_count_is_refused_from_any_source():
    from columnrag.ingest.settings import SettingsError, load_settings

    assert load_settings(environ={"COLUMNRAG_INGEST__WORKERS": "0"}).ingest.workers == 0  # in this process
    with pytest.raises(SettingsError, match="ingest.workers: must be at least 0"):
        load_settings(environ={"COLUMNRAG_INGEST__WORKERS": "-1"})


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_audit_without_a_pdf_says_how_to_call_it():
    env = {k: v for k, v in os.environ.items() if k not in ("PDF", "MAKEFLAGS", "MAKELEVEL")}
    for extra in ([], ["PDF="]):  # (run under `make test` too: a nested make names its directory unless told not to)
        proc = subprocess.run(["make", "--no-print-directory", "-n", "audit", *extra], cwd=ROOT, capture_output=True,
                              text=True, env=env)
        assert proc.returncode == 2 and "usage: make audit PDF=paper.pdf" in proc.stderr, proc.stdout + proc.stderr
        assert proc.stdout == ""  # nothing built, nothing run


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
def test_the_audits_default_output_folder_is_git_ignored():
    """`make audit` (and `columnrag audit` run in the repository) write audit/<file name>/."""
    proc = subprocess.run(["git", "check-ignore", "--no-index", "-q", "audit/paper/index.html"], cwd=ROOT)
    assert proc.returncode == 0


@pytest.mark.parametrize("pages, fragment", [("3", "3 is not within pages 1-2"), ("0-1", "0-1 is not within"),
                                             ("2-1", "2-1 is not within"), ("one", "expected 1-based pages")])
def test_audit_pages_are_one_based_and_checked(corpus, tmp_path, capsys, pages, fragment):
    out = tmp_path / "audit"
    assert main(["audit", str(corpus / "sample-1.pdf"), "--pages", pages, "--out", str(out)]) == 2
    one_line_error(capsys, f"--pages {pages!r}: {fragment}")
    assert not out.exists()


def test_query_output_pages_where_and_many_questions(store, capsys, monkeypatch):
    import io

    assert main(["query", "lab protocol incubation", "--db", str(store), "-k", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("1. score ") and " page " in out[0] and " of 2 " in out[0]
    # Two conditions are wrapped in $and; --page is 1-based, the stored page 0-based.
    assert main(["query", "revenue", "--db", str(store), "--json", "-k", "20",
                 "--where", '{"page": 1, "column": 0}']) == 0
    hits = json.loads(capsys.readouterr().out)
    assert hits and all(h["metadata"]["page"] == 1 and h["metadata"]["column"] == 0 for h in hits)
    assert main(["query", "revenue", "--db", str(store), "--json", "-k", "20", "--page", "2"]) == 0
    assert {h["metadata"]["page"] for h in json.loads(capsys.readouterr().out)} == {1}
    assert main(["query", "revenue", "--db", str(store), "--where", '{"page": 99}']) == 0
    assert capsys.readouterr().out.strip() == "nothing matched (no chunk passes the filter)"
    # One question per input line, one model load, JSON lines.
    monkeypatch.setattr(sys, "stdin", io.StringIO("lab protocol\n\ncash flow statement\n"))
    assert main(["query", "-", "--db", str(store), "--json", "-k", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [x["question"] for x in lines] == ["lab protocol", "cash flow statement"]
    assert all(len(x["hits"]) == 1 for x in lines)


def test_page_labels_are_one_based():
    assert page_label({"page": 2, "total_pages": 12}) == "page 3 of 12"
    assert page_label({"page": 2, "last_page": 3, "total_pages": 12}) == "pages 3-4 of 12"
    assert page_label({"page": 0}) == "page 1"


def test_files_delete_reset_and_an_empty_collection(store, corpus, tmp_path, capsys, monkeypatch):
    db = copy_of(store, tmp_path)
    assert main(["files", "--db", str(db), "--json"]) == 0
    files = json.loads(capsys.readouterr().out)
    assert [f["path"] for f in files] == [str(corpus.resolve() / f"sample-{n}.pdf") for n in (1, 2, 3)]
    assert all(f["pages"] == 2 and f["chunks"] > 0 for f in files)
    assert main(["delete", str(tmp_path / "not-there.pdf"), "--db", str(db)]) == 2
    one_line_error(capsys, "not-there.pdf: no ingested file there")
    # A relative path names the same (canonical) file.
    monkeypatch.chdir(corpus)
    assert main(["delete", "sample-1.pdf", "--db", str(db)]) == 0
    assert f"deleted {files[0]['path']} ({files[0]['chunks']} chunks)" in capsys.readouterr().out
    assert main(["stats", "--db", str(db), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["files"] == 2 and stats["chunks"] == files[1]["chunks"] + files[2]["chunks"]
    assert stats["passages"] > 0
    assert main(["delete", str(corpus), "--db", str(db)]) == 0  # a folder: every file under it
    capsys.readouterr()
    assert main(["stats", "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["passages"] == 0  # a file's passages go with its chunks
    assert main(["query", "lab protocol", "--db", str(db)]) == 0
    assert capsys.readouterr().out.strip() == "nothing matched (collection 'columnrag' is empty)"
    # reset asks first; without a terminal it needs --yes.
    monkeypatch.setattr(sys, "stdin", open(os.devnull))
    assert main(["reset", "--db", str(db)]) == 2
    one_line_error(capsys, "pass --yes")
    assert main(["reset", "--db", str(db), "--yes"]) == 0
    assert "dropped collection 'columnrag'" in capsys.readouterr().out
    import chromadb

    left = {c.name for c in chromadb.PersistentClient(str(db)).list_collections()}
    assert not left & {"columnrag", "columnrag-passages", "columnrag-files"}
    assert main(["stats", "--db", str(db)]) == 2
    one_line_error(capsys, "collection 'columnrag' does not exist")


def test_the_same_content_under_another_path_is_a_duplicate(corpus, tmp_path, capsys, monkeypatch):
    work = tmp_path / "pdfs"
    shutil.copytree(corpus, work)
    shutil.copy(work / "sample-1.pdf", work / "copy-of-1.pdf")
    os.symlink(work / "sample-2.pdf", work / "link-to-2.pdf")
    db = tmp_path / "db"
    monkeypatch.chdir(tmp_path)
    # The folder by a relative path, then by an absolute one: one source per file.
    assert main(["ingest", "pdfs", "--db", str(db), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("files: 3 new, 0 changed, 0 unchanged, 1 duplicate, 0 removed, 0 failed")
    # Files are taken in sorted order: the copy comes first and is kept; the link is the file itself.
    assert f"DUPLICATE {work / 'sample-1.pdf'}: same content as {work / 'copy-of-1.pdf'}" in out
    assert main(["ingest", str(work), str(work / "sample-3.pdf"), "--db", str(db), "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("files: 0 new, 0 changed, 3 unchanged, 1 duplicate")
    assert main(["files", "--db", str(db), "--json"]) == 0
    assert [f["path"] for f in json.loads(capsys.readouterr().out)] == [
        str(work / name) for name in ("copy-of-1.pdf", "sample-2.pdf", "sample-3.pdf")]
    assert main(["ingest", str(work), "--db", str(db), "--no-progress", "--allow-duplicates"]) == 0
    assert capsys.readouterr().out.startswith("files: 1 new, 0 changed, 3 unchanged, 0 removed")


def test_glob_exclude_and_dry_run(corpus, tmp_path, capsys):
    work = tmp_path / "pdfs"
    shutil.copytree(corpus, work / "keep")
    shutil.copytree(corpus, work / "drafts")
    for f in (work / "drafts").iterdir():  # other content: not duplicates
        f.write_bytes(f.read_bytes() + b"\n% draft\n")
    db = tmp_path / "db"
    argv = ["ingest", str(work), "--db", str(db), "--no-progress"]
    assert main([*argv, "--dry-run", "--exclude", "drafts", "--glob", "sample-[12].pdf"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("would ingest 2 files (2 new, 0 changed)")
    assert out[1:3] == [f"new        {work / 'keep' / f'sample-{n}.pdf'}" for n in (1, 2)]
    assert out[-1] == "nothing was written (--dry-run)"
    assert not db.exists()
    assert main([*argv, "--exclude", "drafts", "--glob", "sample-[12].pdf"]) == 0
    assert capsys.readouterr().out.startswith("files: 2 new")
    # Files the selection leaves out are not "gone": their chunks stay.
    assert main([*argv, "--glob", "keep/*3.pdf"]) == 0
    assert capsys.readouterr().out.startswith("files: 1 new, 0 changed, 0 unchanged, 0 removed")
    assert main([*argv, "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("would ingest 3 files (3 new, 0 changed), skip 3 unchanged")


def test_version(capsys):
    from columnrag import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"columnrag {__version__}"


def test_the_sentence_transformers_path_is_quiet_too(store):
    env = {**os.environ, "COLUMNRAG_EMBEDDING__BACKEND": "sentence-transformers"}
    proc = subprocess.run([sys.executable, "-m", "columnrag", "query", "lab protocol", "--db", str(store), "-k", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0 and proc.stdout.startswith("1. score "), proc.stderr
    assert proc.stderr == ""  # no "Loading weights" bar, no warnings


def test_query_imports_only_what_answering_needs(store):
    code = ("import sys; from columnrag.ingest.cli import main; "
            f"assert main(['query', 'lab protocol', '--db', {str(store)!r}, '-k', '1']) == 0; "
            "heavy = {'torch', 'transformers', 'sentence_transformers', 'langchain_core', 'pymupdf', 'fitz'}; "
            "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "[]"
    assert proc.stderr == ""  # quiet: no progress bars, warnings or INFO lines


def test_dry_run_lists_unreadable_files_with_the_loaders_reason(corpus, tmp_path, capsys):
    import pymupdf

    work = tmp_path / "pdfs"
    work.mkdir()
    shutil.copy(corpus / "sample-1.pdf", work / "good.pdf")
    (work / "empty.pdf").write_bytes(b"")
    (work / "text.pdf").write_bytes(b"hello\n")
    (work / "truncated.pdf").write_bytes((corpus / "sample-2.pdf").read_bytes()[:3000])
    with pymupdf.open(corpus / "sample-3.pdf") as doc:
        doc.save(work / "locked.pdf", encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="owner")
    db = tmp_path / "db"
    assert main(["ingest", str(work), "--db", str(db), "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("would ingest 1 files (1 new, 0 changed)") and out[0].endswith("; 4 unreadable")
    assert out[1] == f"new        {work / 'good.pdf'}"
    reasons = [("empty.pdf", "empty file"), ("locked.pdf", "encrypted; no password given"),
               ("text.pdf", "not a PDF (no %PDF header)"), ("truncated.pdf", "damaged PDF")]
    assert len(out) == 7 and all(line.startswith(f"unreadable {work / name}: {reason}")
                                 for line, (name, reason) in zip(out[2:6], reasons)), out
    assert not db.exists()
    # The password opens it; the real run refuses the same files for the same reasons.
    assert main(["ingest", str(work), "--db", str(db), "--dry-run", "--password", "pw"]) == 0
    assert capsys.readouterr().out.startswith("would ingest 2 files (2 new, 0 changed)")
    assert main(["ingest", str(work), "--db", str(db), "--no-progress"]) == 1
    failed = [line for line in capsys.readouterr().out.splitlines() if line.startswith("FAILED")]
    assert [line.split(" ", 1)[1] for line in failed] == [line.split(" ", 1)[1] for line in out[2:6]]


@pytest.mark.parametrize("argv", [["files", "--db", "{store}"], ["audit", "{corpus}", "--suspicious", "--json"]])
def test_a_closed_stdout_ends_quietly(argv, store, corpus):
    """`columnrag files | head -1`: the reader is gone before the output is written."""
    argv = [a.replace("{store}", str(store)).replace("{corpus}", str(corpus)) for a in argv]
    proc = subprocess.Popen([sys.executable, "-m", "columnrag", *argv], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=300) == 141, err
    assert err == ""


def _importlib_frame() -> FrameType:
    """A frame of importlib's own code: the one that asks a meta path finder."""
    frames: list[FrameType] = []

    class Finder:
        @staticmethod
        def find_spec(name, path=None, target=None):
            frames.append(sys._getframe(1))

    sys.meta_path.insert(0, Finder)
    try:
        importlib.util.find_spec("columnrag_no_such_module")
    finally:
        sys.meta_path.remove(Finder)
    return frames[0]


def _module_body_frame(tmp_path: Path, monkeypatch) -> FrameType:
    """The frame of a module's body as it is being imported."""
    (tmp_path / "columnrag_probe_module.py").write_text("import sys\nFRAME = sys._getframe()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import columnrag_probe_module

    return sys.modules.pop("columnrag_probe_module").FRAME


def test_a_stop_signal_during_an_import_comes_again_instead_of_raising_there(tmp_path, monkeypatch):
    # Raised between importlib taking an import lock and its `try`, the interrupt left the lock
    # held: the model thread's next import, and the run joining it, waited for ever after a
    # Ctrl-C; raised in a class body's __set_name__ (pydantic, importing chromadb) it came out
    # as a RuntimeError, with a traceback.
    from columnrag.ingest import cli

    sent: list[int] = []
    monkeypatch.setattr(cli, "send_again_soon", sent.append, raising=False)
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        for signum, frame in ((signal.SIGINT, _importlib_frame()),  # importlib's own code
                              (signal.SIGTERM, _module_body_frame(tmp_path, monkeypatch))):  # a module it runs
            try:
                cli._stop(signum, frame)
            except KeyboardInterrupt:
                pytest.fail(f"{signal.Signals(signum).name} raised in the middle of an import")
        assert sent == [signal.SIGINT, signal.SIGTERM]
        with pytest.raises(KeyboardInterrupt):
            cli._stop(signal.SIGINT, sys._getframe())
    finally:
        for s, h in handlers.items():
            signal.signal(s, h)
