"""Zapf Dingbats glyphs (check marks, bullets, a plot's markers) read as the signs they draw."""
from __future__ import annotations

from pathlib import Path

import pymupdf

from columnrag.loaders import ColumnAwarePDFLoader
from columnrag.loaders.pdf.dingbats import _GLYPHS, is_zapf_dingbats, read_dingbat


def _page_with_font(path: Path, base_font: str, rows: list[tuple[str, bytes]]) -> Path:
    """A page of rows, each a Helvetica label and codes drawn in the base-14 font `base_font`
    (not embedded, no encoding: the font's own, as an R plot or a form writes it)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 60), "Comparison of the three methods", fontname="helv", fontsize=11)
    font = doc.get_new_xref()
    doc.update_object(font, f"<< /Type /Font /Subtype /Type1 /BaseFont /{base_font} >>")
    resources = doc.xref_get_key(page.xref, "Resources")[1].split()[0]
    doc.xref_set_key(int(resources), "Font/FD", f"{font} 0 R")
    stream = b""
    for i, (label, codes) in enumerate(rows):
        y = 760 - 100 - 18 * i
        stream += f"BT /helv 11 Tf 72 {y} Td ({label}) Tj ET\n".encode()
        stream += b"BT /FD 11 Tf 200 %d Td (%s) Tj ET\n" % (y, codes)
    contents = page.get_contents()[0]
    doc.update_stream(contents, doc.xref_stream(contents) + b"\n" + stream)
    doc.save(path)
    return path


def test_check_marks_and_bullets_of_the_base_14_zapf_dingbats_read_as_the_signs(tmp_path):
    # MuPDF gives glyph "a19" (code "3") as U+0013, "a23" ("7") as U+0017, "a71" ("l") as "G".
    pdf = _page_with_font(tmp_path / "zapf.pdf", "ZapfDingbats",
                          [("Fast", b"3"), ("Exact", b"7"), ("Cheap", b"4"), ("Marker", b"l")])
    text = ColumnAwarePDFLoader(pdf).load()[0].page_content
    read = " ".join(text.replace("|", " ").split())  # (the rows may read as a table's)
    assert "Fast ✓" in read and "Exact ✗" in read and "Cheap ✔" in read and "Marker ●" in read
    assert "G" not in text and not any(ord(c) < 32 and c != "\n" for c in text)


def test_another_dingbat_font_keeps_its_codes(tmp_path):
    # Wingdings numbers its glyphs otherwise: its "l" (a filled circle too) is no Zapf glyph "a108".
    pdf = _page_with_font(tmp_path / "wing.pdf", "Wingdings", [("Marker", b"l")])
    text = ColumnAwarePDFLoader(pdf).load()[0].page_content
    assert "Marker l" in " ".join(text.replace("|", " ").split())


def test_the_fonts_that_number_their_glyphs_as_zapf_dingbats_does():
    assert all(is_zapf_dingbats(name) for name in ("ZapfDingbats", "WEFIQE+Dingbats", "ZapfDingbatsITC",
                                                   "D050000L", "Dingbats"))
    assert not any(is_zapf_dingbats(name) for name in ("Wingdings", "AllumiStd-DingbatsTwo", "Helvetica"))
    assert read_dingbat("•") == "•"  # a character a ToUnicode map gave stays as it is


def test_every_glyph_read_is_the_one_of_that_name_in_mupdf_s_own_dingbats_font():
    # Glyph "aN" of the table draws the character MuPDF's Dingbats font maps to its glyph "aN".
    font = pymupdf.Font("zadb")
    assert len(_GLYPHS) == 201
    assert all(pymupdf.mupdf.fz_get_glyph_name2(font.this, font.has_glyph(cp)) == f"a{n}" for n, cp in _GLYPHS.items())
