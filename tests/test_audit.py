"""The audit draws how a page was read; its text dump follows the loader's order."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pymupdf
import pytest
from langchain_core.documents import Document

from columnrag.chunking import BandAwareTextSplitter
from columnrag.ingest.cli import main
from columnrag.ingest.samples import two_column_page, write_pdf
from columnrag.loaders import ColumnAwarePDFLoader
from columnrag.loaders.audit import audit_pdf, parse_pages
from columnrag.loaders.contract import ChunkBox, decode_blocks, encode_chunk_boxes
from columnrag.loaders.engine.geometry import Box


@pytest.fixture()
def pdf(tmp_path) -> Path:
    path = tmp_path / "report.pdf"
    write_pdf(path, [two_column_page(5), two_column_page(6)], "shuffled", seed=2, header="Audit Head")
    return path


def test_png_is_page_sized_and_dump_follows_loader_order(pdf, tmp_path):
    out = tmp_path / "audit"
    pages = audit_pdf(pdf, out, pages="1", chunker=BandAwareTextSplitter().split_documents)
    assert [p.number for p in pages] == [0]
    png = pymupdf.Pixmap(str(pages[0].png))
    assert (png.width, png.height) == (612, 792)
    dump = pages[0].dump.read_text()
    numbers = [int(n) for n in re.findall(r"^#(\d+) band", dump, re.M)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 4
    blocks = re.split(r"^#\d+ band [^\n]*\n", dump, flags=re.M)[1:]
    texts = [b.split("\n[")[0].strip() for b in blocks]
    page = list(ColumnAwarePDFLoader(pdf, pages=[0]).lazy_load())[0]
    assert texts == [page.page_content[b.start:b.end] for b in decode_blocks(page.metadata)]
    assert "[header]" in dump
    assert (out / "index.html").read_text().count("<img") == 1


def _pink_at(png: Path, xs: range, y: int) -> bool:
    """Whether the chunk outline's colour shows anywhere along row y between xs."""
    pix = pymupdf.Pixmap(str(png))
    return any(r > 200 and g < 140 and b > 100 for r, g, b in (pix.pixel(x, y)[:3] for x in xs))


def test_chunk_outlines_come_from_the_given_chunker(pdf, tmp_path):
    seen: list[list[int]] = []

    def chunker(docs: list[Document]) -> list[Document]:
        seen.append([d.metadata["page"] for d in docs])
        box = ChunkBox(0, Box(20.0, 300.0, 60.0, 340.0))  # in the left margin, where no text is
        return [Document(page_content="x", metadata={"boxes": encode_chunk_boxes([box])})]

    drawn = audit_pdf(pdf, tmp_path / "with", pages="1", chunker=chunker)
    plain = audit_pdf(pdf, tmp_path / "without", pages="1")
    assert seen == [[0]]
    assert _pink_at(drawn[0].png, range(16, 22), 320)
    assert not _pink_at(plain[0].png, range(16, 22), 320)


def test_page_ranges():
    assert parse_pages("1-3,7", 10) == [0, 1, 2, 6]
    assert parse_pages(None, 3) == [0, 1, 2]
    assert parse_pages("9-12", 10) == [8, 9]


def test_cli_suspicious_ranks_pages(pdf, tmp_path, capsys):
    (tmp_path / "broken.pdf").write_bytes(b"nope")
    assert main(["audit", str(tmp_path), "--suspicious", "-n", "5"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("0.000") and "broken.pdf" in lines[0]
    scores = [float(line.split()[0]) for line in lines]
    assert scores == sorted(scores)


@pytest.mark.skipif(not (shutil.which("chromium") or shutil.which("chromium-browser")),
                    reason="Chromium is not installed")
def test_index_html_loads_in_headless_chromium(pdf, tmp_path):
    out = tmp_path / "audit"
    audit_pdf(pdf, out)
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    proc = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--disable-background-networking", "--disable-component-update",
                           f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
                           (out / "index.html").as_uri()], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "<img" in proc.stdout and "Page 1" in proc.stdout


@pytest.mark.parametrize("name, content, reason", [("zero.pdf", b"", "empty file"),
                                                   ("page.pdf", b"<html>nope</html>", "not a PDF (an HTML page)")])
def test_an_unreadable_pdf_leaves_no_output_folder(tmp_path, capsys, name, content, reason):
    (tmp_path / name).write_bytes(content)
    out = tmp_path / "out" / "here"
    assert main(["audit", str(tmp_path / name), "--out", str(out)]) == 2
    assert capsys.readouterr().err.strip() == f"columnrag: {tmp_path / name}: {reason}"
    assert not (tmp_path / "out").exists()


def test_an_encrypted_pdf_without_its_password_leaves_no_output_folder(pdf, tmp_path, capsys):
    locked = tmp_path / "locked.pdf"
    with pymupdf.open(pdf) as doc:
        doc.save(locked, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="owner")
    assert main(["audit", str(locked), "--out", str(tmp_path / "out")]) == 2
    assert "encrypted; no password given" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_audit_takes_a_password_as_ingest_does(pdf, tmp_path, capsys):
    locked = tmp_path / "corpus" / "locked.pdf"
    locked.parent.mkdir()
    with pymupdf.open(pdf) as doc:
        doc.save(locked, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="owner")
    out = tmp_path / "out"
    assert main(["audit", str(locked), "--out", str(out), "--password", "pw", "--pages", "1"]) == 0
    assert (out / "page-0001.png").is_file() and (out / "index.html").is_file()
    capsys.readouterr()
    assert main(["audit", str(locked.parent), "--suspicious", "--json", "--password", "pw"]) == 0
    pages = json.loads(capsys.readouterr().out)
    assert sorted(p["page"] for p in pages) == [0, 1]  # read, not "unreadable" (page -1)
