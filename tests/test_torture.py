"""A corpus of broken and awkward PDFs next to ten good ones: every good file is ingested, every
bad one is reported once with a precise reason, nothing hangs, and the exit status says so."""
from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import pymupdf
import pytest

from columnrag.ingest.cli import EXIT_FILES_FAILED, main
from columnrag.ingest.samples import two_column_page, write_pdf

pytestmark = pytest.mark.slow

ZERO_PAGES = (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
              b"2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")


def _text_pdf(path: Path, text: str, pages: int = 1, rotate: int = 0, text_rotate: int = 0) -> None:
    doc = pymupdf.open()
    for n in range(pages):
        page = doc.new_page()
        page.insert_text((72, 100), f"{text} on page {n + 1}" + (" and" if pages > 1 else "."),
                         fontsize=11, rotate=text_rotate)
        if rotate:
            page.set_rotation(rotate)
    doc.save(str(path))


@pytest.fixture(scope="module")
def torture(tmp_path_factory) -> tuple[Path, dict[str, str], list[str]]:
    root = tmp_path_factory.mktemp("torture")
    good: list[str] = []
    for i in range(10):
        p = root / f"good-{i:02d}.pdf"
        write_pdf(p, [two_column_page(50 + i)], ["native", "rowmajor", "shuffled"][i % 3], seed=i)
        good.append(str(p))
    sample = (root / "good-00.pdf").read_bytes()
    bad = {}
    (root / "truncated.pdf").write_bytes(sample[: len(sample) // 3])
    (root / "random.pdf").write_bytes(random.Random(3).randbytes(4096))
    bad[str(root / "random.pdf")] = "not a PDF (no %PDF header)"
    (root / "page.pdf").write_text("<!DOCTYPE html><html><body>Not found</body></html>")
    bad[str(root / "page.pdf")] = "not a PDF (an HTML page)"
    (root / "empty.pdf").write_bytes(b"")
    bad[str(root / "empty.pdf")] = "empty file"
    (root / "zero-pages.pdf").write_bytes(ZERO_PAGES)
    bad[str(root / "zero-pages.pdf")] = "has no pages"
    for name, pw in (("locked-other.pdf", "other"), ("locked-ours.pdf", "sesame")):
        doc = pymupdf.open()
        doc.new_page().insert_text((72, 72), f"Confidential figures of {name}.")
        doc.save(str(root / name), encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw=pw, owner_pw=pw)
    bad[str(root / "locked-other.pdf")] = "encrypted; wrong password"
    good.append(str(root / "locked-ours.pdf"))
    doc = pymupdf.open()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 40), False)
    pix.clear_with(120)
    doc.new_page().insert_image(pymupdf.Rect(0, 0, 300, 300), pixmap=pix)
    doc.save(str(root / "scan.pdf"))
    from columnrag.loaders.pdf.tesseract import find_tesseract

    bad[str(root / "scan.pdf")] = ("no text (its scanned pages were read by OCR and hold none)"
                                   if find_tesseract("eng")[0] is not None
                                   else "no text layer (scanned pages need OCR)")
    _text_pdf(root / "long.pdf", "the long report goes on", pages=2000)
    good.append(str(root / "long.pdf"))
    doc = pymupdf.open()
    page = doc.new_page()
    tw = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("helv")
    rnd = random.Random(1)
    for row in range(400):
        for col in range(250):
            tw.append((5 + col * 2.4, 10 + row * 1.95), rnd.choice("ab"), font=font, fontsize=1.2)
    tw.write_text(page)
    doc.save(str(root / "tiny-spans.pdf"))
    good.append(str(root / "tiny-spans.pdf"))
    _text_pdf(root / "rotated-page.pdf", "A page turned by ninety degrees", rotate=90)
    _text_pdf(root / "rotated-text.pdf", "Text set sideways on the page", text_rotate=90)
    good += [str(root / "rotated-page.pdf"), str(root / "rotated-text.pdf")]
    odd = os.fsdecode(bytes(root) + b"/caf\xe9-latin1.pdf")
    shutil.copy(root / "good-01.pdf", odd)
    good.append(odd.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace"))
    (root / "copies").mkdir()
    shutil.copy(root / "good-02.pdf", root / "copies" / "same-content.pdf")
    good.append(str(root / "copies" / "same-content.pdf"))
    os.symlink(root, root / "copies" / "loop")
    return root, bad, good


def test_torture_corpus(torture, tmp_path, capsys):
    root, bad, good = torture
    cfg = tmp_path / "c.yaml"
    cfg.write_text("ingest:\n  password: sesame\n  file_timeout: 240\n")
    db = tmp_path / "db"
    status = main(["ingest", str(root), "--db", str(db), "--config", str(cfg), "--no-progress"])
    out = capsys.readouterr().out
    assert status == EXIT_FILES_FAILED
    report = json.loads((db / "last-ingest-report.json").read_text())
    reasons = {f["source"]: f["reason"] for f in report["failures"]}
    failed_sources = [f["source"] for f in report["failures"]]
    assert len(failed_sources) == len(set(failed_sources)), "a file reported twice"
    for source, reason in bad.items():
        assert reasons.get(source, "").startswith(reason), (source, reasons.get(source))
    truncated = str(root / "truncated.pdf")
    assert truncated in reasons and reasons[truncated].startswith("damaged PDF") \
        or truncated not in reasons  # MuPDF may repair a cut file and read what is left
    import chromadb

    got = chromadb.PersistentClient(str(db)).get_collection("columnrag").get(include=["metadatas"])
    sources = {m["source"] for m in got["metadatas"]}
    # Copies are stored once, under the path found first (files before folders, sorted names).
    odd = next(g for g in good if "latin1" in g)
    duplicates = {str(root / "good-01.pdf"): odd,
                  str(root / "copies" / "same-content.pdf"): str(root / "good-02.pdf")}
    for source, same in duplicates.items():
        assert f"DUPLICATE {source}: same content as {same}" in out
        assert source not in sources
    for source in [*good, *duplicates.values()]:
        if source not in duplicates:
            assert source in sources, source
    long_pages = {b["page"] for m in got["metadatas"] if m["source"].endswith("long.pdf")
                  for b in json.loads(m["boxes"])}
    assert long_pages == set(range(2000))
    assert f"{len(reasons)} failed" in out
