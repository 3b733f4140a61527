"""TeX's math extension glyphs that MuPDF gives as U+FFFD, read back from their names."""
from __future__ import annotations

from pathlib import Path

import pymupdf

from columnrag.loaders import ColumnAwarePDFLoader
from columnrag.loaders.pdf.glyph_names import _aligned, _differences, glyph_text


def _equation_pdf(path: Path) -> Path:
    """'R = [x + y] ∑q': the brackets and the sum drawn in a font named CMEX10 whose encoding
    names its glyphs as TeX's math extension font does, and maps them to no character."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 60), "The expected reward is written as", fontname="helv", fontsize=11)
    font = doc.get_new_xref()
    doc.update_object(font, "<< /Type /Font /Subtype /Type1 /BaseFont /CMEX10 /Encoding << /Type /Encoding"
                            " /Differences [ 80 /summationtext 104 /bracketleftBig /bracketrightBig ] >> >>")
    resources = doc.xref_get_key(page.xref, "Resources")[1].split()[0]
    doc.xref_set_key(int(resources), "Font/FM", f"{font} 0 R")
    stream = (b"BT /helv 11 Tf 72 100 Td (R = ) Tj ET\nBT /FM 11 Tf 92 100 Td (h) Tj ET\n"
              b"BT /helv 11 Tf 100 100 Td (x + y) Tj ET\nBT /FM 11 Tf 126 100 Td (i) Tj ET\n"
              b"BT /FM 11 Tf 140 100 Td (P) Tj ET\nBT /helv 11 Tf 150 100 Td (q) Tj ET\n"
              # A second line lower down, its sum further left than the first line's glyphs.
              b"BT /helv 11 Tf 72 140 Td (S = ) Tj ET\nBT /FM 11 Tf 86 140 Td (P) Tj ET\n"
              b"BT /helv 11 Tf 96 140 Td (w and more words after it) Tj ET\n")
    contents = page.get_contents()[0]
    doc.update_stream(contents, doc.xref_stream(contents) + b"\n" + stream)
    doc.save(path)
    return path


def test_a_math_extension_font_s_sum_and_brackets_read_as_their_characters(tmp_path):
    pdf = _equation_pdf(tmp_path / "cmex.pdf")
    plain = pymupdf.open(pdf)[0].get_text(flags=pymupdf.TEXT_PRESERVE_WHITESPACE)
    assert plain.count("\ufffd") == 4  # what MuPDF gives for them
    text = ColumnAwarePDFLoader(pdf).load()[0].page_content
    assert "\ufffd" not in text
    assert "[x + y ]" in text and "∑q" in text and "S = ∑w and more" in text


def test_tex_glyph_names_in_every_size_and_piece():
    assert glyph_text("summationdisplay") == glyph_text("summationtext.1") == "∑"
    assert glyph_text("parenleftBigg") == "(" and glyph_text("bracketrightbig") == "]"
    assert glyph_text("integraldisplay") == glyph_text("uni222B.dsp") == "∫"
    # A tall brace or radical built of pieces reads as one sign: its top (a radical's bottom).
    assert glyph_text("bracelefttp") == "{" and glyph_text("braceleftmid") == glyph_text("braceex") == ""
    assert glyph_text("radicalbt") == "√" and glyph_text("radicalvertex") == glyph_text("radicaltp") == ""
    assert glyph_text("hatwide") == ""
    assert glyph_text("a20") is None and glyph_text("Tfractur") is None  # names it does not know


def test_an_encoding_s_differences_and_a_word_s_glyphs_under_a_subscript():
    assert _differences("<< /Differences [ 0 /parenleftbig /parenrightbig 88 /summationdisplay ] >>") == {
        0: "parenleftbig", 1: "parenrightbig", 88: "summationdisplay"}
    cmex = lambda char, font: font == "CMEX10"  # noqa: E731 (the glyphs MuPDF could not name)
    # "≤∑M" with the sum's subscript "i=" standing in the word's box: passed over.
    inside = [("≤", "CMSY10"), ("P", "CMEX10"), ("M", "CMMI7"), ("i", "CMMI7"), ("=", "CMR7")]
    assert _aligned("≤\ufffdM", inside, cmex) == [[("≤", "CMSY10")], [("P", "CMEX10")], [("M", "CMMI7")]]
    # A display sum whose subscript's bracket stands left of the sum's centre: the sum's glyph.
    assert _aligned("\ufffd", [("(", "CMR7"), ("X", "CMEX10"), ("i", "CMMI7")], cmex) == [[("X", "CMEX10")]]
    # A radical the first reading gave as one glyph, the second as its three pieces.
    pieces = [("u", "CMEX10"), ("u", "CMEX10"), ("t", "CMEX10"), ("M", "CMMI10")]
    assert _aligned("\ufffdM", pieces, cmex) == [pieces[:3], [("M", "CMMI10")]]
    assert _aligned("\ufffdQ", pieces, cmex) is None  # not the same word


def test_two_fonts_of_one_name_that_name_a_code_apart_and_a_dangling_encoding_leave_the_glyph(tmp_path):
    """Which of two subsets named CMEX10 drew a glyph is unknown where they name its code
    apart: it stays U+FFFD, never the wrong sign. A font whose /Encoding points at no object
    is read without it, and the page still reads."""
    pdf = _equation_pdf(tmp_path / "cmex.pdf")
    doc = pymupdf.open(pdf)
    page = doc[0]
    other = doc.get_new_xref()
    doc.update_object(other, "<< /Type /Font /Subtype /Type1 /BaseFont /CMEX10 /Encoding << /Differences"
                             " [ 80 /integraldisplay 104 /bracketleftBig /bracketrightBig ] >> >>")
    dangling = doc.get_new_xref()
    doc.update_object(dangling, "<< /Type /Font /Subtype /Type1 /BaseFont /CMSY10 /Encoding 9999 0 R >>")
    resources = doc.xref_get_key(page.xref, "Resources")[1].split()[0]
    doc.xref_set_key(int(resources), "Font/FO", f"{other} 0 R")
    doc.xref_set_key(int(resources), "Font/FD", f"{dangling} 0 R")
    doc.save(tmp_path / "two.pdf")
    text = ColumnAwarePDFLoader(tmp_path / "two.pdf").load()[0].page_content
    assert "[x + y ]" in text  # both name 104 and 105 alike
    assert "\ufffdq" in text and "∑" not in text and "∫" not in text
