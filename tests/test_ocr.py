"""OCR: scanned pages, half-scanned pages and fonts without Unicode, read by the same geometry.

Every PDF here is generated. Tests that run Tesseract take the `tesseract` fixture (conftest):
they skip where it is not installed, except in CI, where a missing Tesseract fails them.
"""
from __future__ import annotations

import logging
import os
import re
from typing import Callable

import pymupdf
import pytest

from columnrag.chunking import BandAwareTextSplitter
from columnrag.loaders import ColumnAwarePDFLoader, OcrSettings, OcrUnavailableError
from columnrag.loaders.contract import decode_blocks
from columnrag.loaders.engine.geometry import Box, Word
from columnrag.loaders.pdf import ocr as ocr_module
from columnrag.loaders.pdf import ocr_glance as glance
from columnrag.loaders.pdf import ocr_images as images_module
from columnrag.loaders.pdf import tesseract as tesseract_module
from columnrag.loaders.pdf.ocr_words import Placement, page_words, skew
from columnrag.loaders.pdf.tesseract import OcrWord, find_tesseract, install_command, parse_tsv
from columnrag.loaders.text.readability import garbled, past_reading, unreadable_share

INSTALL = "apt-get install -y tesseract-ocr tesseract-ocr-eng"

# Each paragraph opens with a marker word, so the reading order can be checked through OCR errors.
LEFT = [
    "Alpha. The committee met early on Monday to review the annual budget and the plans for the "
    "new library building near the river.",
    "Bravo. Several members asked whether the costs of heating and lighting had been counted in "
    "the estimate presented last winter.",
    "Charlie. After a long discussion the chair proposed that a small group should visit three "
    "other towns before the final vote.",
]
RIGHT = [
    "Delta. Meanwhile the school board announced that the summer reading program would open to "
    "every child living in the district.",
    "Echo. Parents welcomed the news and many offered to help with the weekly story hour held in "
    "the old town hall.",
    "Foxtrot. The program will end with a picnic in the park where the children can share the "
    "books they liked best.",
]
MARKERS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]


@pytest.fixture
def no_tesseract(monkeypatch):
    """As on a machine without Tesseract, with the one-time warning not yet given."""
    monkeypatch.setattr(tesseract_module, "_library", lambda threads: None)
    monkeypatch.setattr(ocr_module, "_warned", False)


@pytest.fixture
def ocr_refused(monkeypatch):
    """Tesseract must not even be loaded: asking for it fails the test."""
    def refuse(*_):
        raise AssertionError("Tesseract was loaded")

    monkeypatch.setattr(ocr_module, "find_tesseract", refuse)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def _assert_in_order(text: str, markers: list[str]) -> None:
    words = _words(text)
    positions = [words.index(m) for m in markers]
    assert positions == sorted(positions), (markers, text)


def _two_columns(page: pymupdf.Page, top: float, bottom: float, font: str = "helv") -> None:
    width = page.rect.width
    for paragraphs, x0, x1 in ((LEFT, 54, width / 2 - 12), (RIGHT, width / 2 + 12, width - 54)):
        left = page.insert_textbox(pymupdf.Rect(x0, top, x1, bottom), "\n".join(paragraphs),
                                   fontname=font, fontsize=11)
        assert left >= 0, "text did not fit"


def _scan(page: pymupdf.Page, clip: pymupdf.Rect | None = None, angle: float = 0.0,
          dpi: int = 200) -> pymupdf.Pixmap:
    """The page (or a part of it) as a grey scanner image, turned by `angle` degrees."""
    if angle:
        turned = pymupdf.open()
        target = turned.new_page(width=page.rect.width, height=page.rect.height)
        target.show_pdf_page(target.rect, page.parent, page.number, rotate=angle)
        page = target
    return page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY, clip=clip)


def _scanned_two_columns(path, angle: float = 0.0) -> None:
    source = pymupdf.open()
    _two_columns(source.new_page(), 72, 400)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_image(page.rect, pixmap=_scan(source[0], angle=angle))
    doc.save(str(path))


def _chart() -> pymupdf.Pixmap:
    """A grey bar chart (axes, ticks, bars, a thin line, a title and labels) as a 150-dpi image."""
    page = pymupdf.open().new_page(width=500, height=320)
    shape = page.new_shape()
    for i, height in enumerate([120, 200, 90, 230, 160, 60, 180]):
        shape.draw_rect(pymupdf.Rect(70 + 58 * i, 280 - height, 100 + 58 * i, 280))
    shape.finish(color=(0.2, 0.2, 0.2), fill=(0.6, 0.6, 0.6), width=1)
    shape.draw_polyline([(85 + 58 * i, 250 - 25 * (i % 3) - 20 * i) for i in range(7)])
    shape.draw_line((50, 280), (480, 280))
    shape.draw_line((50, 280), (50, 20))
    for i in range(7):
        shape.draw_line((85 + 58 * i, 280), (85 + 58 * i, 285))
    shape.finish(color=(0, 0, 0), width=0.8)
    shape.commit()
    page.insert_text((160, 16), "Yearly visitors by branch", fontsize=10)
    for i in range(7):
        page.insert_text((72 + 58 * i, 297), str(2015 + i), fontsize=7)
    for y in (280, 200, 120, 40):
        page.insert_text((28, y + 3), str(280 - y), fontsize=7)
    return page.get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)


def _table() -> pymupdf.Pixmap:
    """A table of figures with rules (a booktabs table set as an image), 7-point type, 150 dpi."""
    page = pymupdf.open().new_page(width=500, height=300)
    shape = page.new_shape()
    for y in (20, 38, 290):
        shape.draw_line((20, y), (480, y))
    shape.finish(color=(0, 0, 0), width=0.6)
    shape.commit()
    for col, head in enumerate(["Scenario", "Vehicles", "Pedestrians", "Peak", "Off-peak", "Total"]):
        page.insert_text((24 + 76 * col, 32), head, fontsize=7)
    for row in range(26):
        cells = [f"{(row * 7.31 + col * 3.17) % 90:.2f} ± {(row + col) % 9 + 0.13:.2f}" for col in range(5)]
        page.insert_text((24, 50 + 9.4 * row), f"Case {row + 1}", fontsize=7)
        for col, cell in enumerate(cells):
            page.insert_text((100 + 76 * col, 50 + 9.4 * row), cell, fontsize=7)
    return page.get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)


def _scanned_text(angle: float) -> pymupdf.Pixmap:
    """The two columns of text as a scanned image of half a page."""
    source = pymupdf.open()
    _two_columns(source.new_page(), 72, 400)
    return _scan(source[0], clip=pymupdf.Rect(0, 60, source[0].rect.width, 420), angle=angle)


@pytest.mark.parametrize("angle", [0.0, 1.0])
def test_a_scanned_two_column_page_reads_column_by_column(tmp_path, tesseract, angle):
    path = tmp_path / "scan.pdf"
    _scanned_two_columns(path, angle)
    doc = ColumnAwarePDFLoader(path).load()[0]
    _assert_in_order(doc.page_content, MARKERS)
    expected = set(_words(" ".join(LEFT + RIGHT)))
    assert len(expected & set(_words(doc.page_content))) >= 0.9 * len(expected)
    assert doc.metadata["ocr"] is True and doc.metadata["needs_ocr"] is False
    assert doc.metadata["ocr_confidence"] > 80
    assert doc.metadata["layout_max_columns"] == 2


def _scanned_turned(path, turn: int) -> pymupdf.Matrix:
    """The two columns scanned with the sheet turned clockwise by `turn` degrees (fed sideways or
    upside down: the page shows the text turned), and the matrix from the upright page to it."""
    source = pymupdf.open()
    page = source.new_page()
    _two_columns(page, 72, 400)
    page.set_rotation(turn)
    doc = pymupdf.open()
    target = doc.new_page(width=page.rect.width, height=page.rect.height)
    target.insert_image(target.rect, pixmap=page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY))
    doc.save(str(path))
    return page.rotation_matrix


@pytest.mark.parametrize("turn", [90, 180, 270])
def test_a_page_scanned_sideways_or_upside_down_is_read_the_right_way_up(tmp_path, tesseract, turn):
    upright, turned = tmp_path / "upright.pdf", tmp_path / "turned.pdf"
    _scanned_turned(upright, 0)
    to_turned = _scanned_turned(turned, turn)
    read = ColumnAwarePDFLoader(turned).load()[0]
    _assert_in_order(read.page_content, MARKERS)
    expected = set(_words(" ".join(LEFT + RIGHT)))
    assert len(expected & set(_words(read.page_content))) >= 0.9 * len(expected)
    assert read.metadata["ocr_confidence"] > 80 and read.metadata["layout_max_columns"] == 2
    assert read.metadata["text_rotation"] != 0
    # Each block's box is where its text is on the turned page: the upright reading's, turned.
    blocks, reference = decode_blocks(read.metadata), decode_blocks(ColumnAwarePDFLoader(upright).load()[0].metadata)
    assert len(blocks) == len(reference)
    for block, same in zip(blocks, reference):
        want = pymupdf.Rect(same.box.as_tuple()) * to_turned
        assert all(abs(a - b) <= 4 for a, b in zip(block.box.as_tuple(), want)), (block.box, want)


@pytest.fixture
def no_orientation_check(monkeypatch):
    def refuse(*_):
        raise AssertionError("orientation detection ran")

    monkeypatch.setattr(ocr_module, "find_orientation_engine", refuse)


def test_an_upright_scan_read_well_is_not_checked_for_orientation(tmp_path, tesseract, no_orientation_check):
    _scanned_turned(tmp_path / "upright.pdf", 0)
    _assert_in_order(ColumnAwarePDFLoader(tmp_path / "upright.pdf").load()[0].page_content, MARKERS)


def test_a_tesseract_without_orientation_detection_still_reads(tesseract, monkeypatch):
    """Tesseract built without its legacy engine has no orientation detection (the C API leaves
    the function out): OCR goes on, pages are read the way up they are displayed."""
    import ctypes

    real = ctypes.CDLL

    class WithoutOrientation:
        def __init__(self, name: str) -> None:
            self._lib = real(name)

        def __getattr__(self, name: str):
            if name == "TessBaseAPIDetectOrientationScript":
                raise AttributeError(name)
            return getattr(self._lib, name)

    monkeypatch.setattr(tesseract_module.ctypes, "CDLL", WithoutOrientation)
    for cached in (tesseract_module._library, tesseract_module._engine):
        cached.cache_clear()
    try:
        engine, problem = find_tesseract("eng")
        assert engine is not None and problem == ""
        assert tesseract_module.find_orientation_engine() is None
    finally:
        for cached in (tesseract_module._library, tesseract_module._engine):
            cached.cache_clear()


def _stored_sideways(path, source: pymupdf.Document) -> None:
    """The source's page stored a quarter turn round (its content runs up the PDF's page) with
    /Rotate 90 to show it upright, as scanners store a sheet fed sideways."""
    doc = pymupdf.open()
    width, height = source[0].rect.width, source[0].rect.height
    page = doc.new_page(width=height, height=width)
    page.show_pdf_page(page.rect, source, 0, rotate=90)
    page.set_rotation(90)
    doc.save(str(path))


def test_a_scan_stored_sideways_and_shown_upright_has_its_boxes_where_its_words_are(
        tmp_path, tesseract, no_orientation_check):
    """Words, image placements and drawings are in the unrotated page's coordinates; a page is
    rendered as displayed. The scan is read the way it is displayed (no orientation check), and
    its boxes are those the same page's text layer has."""
    source = pymupdf.open()
    _two_columns(source.new_page(), 72, 400)
    scanned = pymupdf.open()
    scanned.new_page().insert_image(scanned[0].rect, pixmap=_scan(source[0]))
    _stored_sideways(tmp_path / "text.pdf", source)
    _stored_sideways(tmp_path / "scan.pdf", scanned)
    read = ColumnAwarePDFLoader(tmp_path / "scan.pdf").load()[0]
    _assert_in_order(read.page_content, MARKERS)
    assert read.metadata["ocr"] is True and read.metadata["layout_max_columns"] == 2
    text_layer = ColumnAwarePDFLoader(tmp_path / "text.pdf", ocr="off").load()[0]
    assert (read.metadata["page_width"], read.metadata["page_height"]) == (
        text_layer.metadata["page_width"], text_layer.metadata["page_height"])
    blocks, reference = decode_blocks(read.metadata), decode_blocks(text_layer.metadata)
    assert len(blocks) == len(reference)
    for block, same in zip(blocks, reference):
        assert all(abs(a - b) <= 4 for a, b in zip(block.box.as_tuple(), same.box.as_tuple())), (block.box, same.box)


def test_a_half_scanned_page_keeps_its_text_layer_and_reads_the_scan_below(tmp_path, tesseract):
    typed = "Golf. This paragraph was typed into the document and has a text layer of its own."
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_textbox(pymupdf.Rect(54, 60, 558, 120), typed, fontname="helv", fontsize=11)
    page.insert_image(pymupdf.Rect(0, 300, page.rect.width, 660), pixmap=_scanned_text(0.0))
    doc.save(str(tmp_path / "half.pdf"))
    out = ColumnAwarePDFLoader(tmp_path / "half.pdf").load()[0]
    assert out.page_content.startswith(typed)  # the text layer, exactly as typed
    _assert_in_order(out.page_content, ["golf"] + MARKERS)
    assert out.metadata["ocr"] is True


CMAP = """/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Garbled-UCS def
/CMapType 2 def
1 begincodespacerange
<00> <FF>
endcodespacerange
2 beginbfrange
<41> <5A> <{upper}>
<61> <7A> <{lower}>
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end
"""


def _without_unicode(path, upper: str, lower: str) -> None:
    """Two columns: the left in Helvetica, the right in Times, whose ToUnicode map sends letters
    to the wrong characters (private use, or accented letters as in real mojibake)."""
    doc = pymupdf.open()
    page = doc.new_page()
    width = page.rect.width
    page.insert_textbox(pymupdf.Rect(54, 72, width / 2 - 12, 400), "\n".join(LEFT), fontname="helv",
                        fontsize=11)
    page.insert_textbox(pymupdf.Rect(width / 2 + 12, 72, width - 54, 400), "\n".join(RIGHT),
                        fontname="tiro", fontsize=11)
    times = [f[0] for f in page.get_fonts() if "Times" in f[3]]
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<<>>")
    doc.update_stream(cmap, CMAP.format(upper=upper, lower=lower).encode())
    doc.xref_set_key(times[0], "ToUnicode", f"{cmap} 0 R")
    doc.save(str(path))


@pytest.mark.parametrize("upper,lower", [("E041", "E061"), ("00C0", "00E0")], ids=["private-use", "mojibake"])
def test_text_in_a_font_without_unicode_is_read_by_ocr(tmp_path, tesseract, upper, lower):
    path = tmp_path / "garbled.pdf"
    _without_unicode(path, upper, lower)
    assert unreadable_share(pymupdf.open(path)[0].get_text().split()) > 0.3
    doc = ColumnAwarePDFLoader(path).load()[0]
    assert unreadable_share(doc.page_content.split()) == 0.0
    assert LEFT[0] in doc.page_content.replace("\n", " ")  # the readable column: its text layer
    _assert_in_order(doc.page_content, MARKERS)
    assert doc.metadata["ocr"] is True and doc.metadata["needs_ocr"] is False


@pytest.mark.parametrize("upper,lower", [("E041", "E061"), ("00C0", "00E0")], ids=["private-use", "mojibake"])
@pytest.mark.parametrize("unread", ["off", "no_tesseract"])
def test_unreadable_text_ocr_does_not_read_is_left_out_and_the_page_flagged(tmp_path, request, upper, lower, unread):
    """A run of mojibake is no text to index: with OCR off, or no Tesseract, the page keeps its
    readable column, leaves the unreadable one out and says it needs OCR; no chunk holds it."""
    if unread == "no_tesseract":
        request.getfixturevalue("no_tesseract")
    else:
        request.getfixturevalue("ocr_refused")
    path = tmp_path / "garbled.pdf"
    _without_unicode(path, upper, lower)
    doc = ColumnAwarePDFLoader(path, ocr="off" if unread == "off" else "auto").load()[0]
    assert doc.metadata["needs_ocr"] is True
    assert doc.page_content.replace("\n", " ").startswith(" ".join(LEFT))
    chunks = " ".join(" ".join(c.page_content.split()) for c in BandAwareTextSplitter().split_documents([doc]))
    assert chunks.startswith(" ".join(LEFT)) and unreadable_share(chunks.split()) == 0.0
    # what is left of the right column is its words no mojibake made of: a mark, a lone letter
    assert len(chunks.split()) - len(" ".join(LEFT).split()) <= 4


def _logo() -> pymupdf.Pixmap:
    logo = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 40), False)
    logo.clear_with(90)
    return logo


@pytest.mark.parametrize("image, where", [
    (_logo, pymupdf.Rect(500, 700, 560, 760)),  # small: a logo, not a scan
    (_chart, pymupdf.Rect(54, 420, 558, 740)),  # wordless, 40% of the page: a grey chart
])
def test_a_page_with_a_good_text_layer_and_a_figure_is_not_ocred(tmp_path, ocr_refused, image, where):
    """Nor is Tesseract loaded: the chart is told from scanned text at a glance."""
    doc = pymupdf.open()
    page = doc.new_page()
    _two_columns(page, 72, 400)
    page.insert_image(where, pixmap=image())
    doc.save(str(tmp_path / "typed.pdf"))
    out = ColumnAwarePDFLoader(tmp_path / "typed.pdf").load()[0]
    assert "ocr" not in out.metadata and out.metadata["needs_ocr"] is False
    assert "visitors" not in out.page_content  # the chart's title: in its pixels only
    _assert_in_order(out.page_content, MARKERS)


def test_without_tesseract_a_scan_is_flagged_with_one_warning(tmp_path, no_tesseract, caplog):
    path = tmp_path / "scan.pdf"
    source = pymupdf.open()
    _two_columns(source.new_page(), 72, 400)
    doc = pymupdf.open()
    for _ in range(2):
        page = doc.new_page()
        page.insert_image(page.rect, pixmap=_scan(source[0], dpi=50))
    doc.save(str(path))
    with caplog.at_level(logging.WARNING):
        docs = ColumnAwarePDFLoader(path).load() + ColumnAwarePDFLoader(path).load()
    assert [d.page_content for d in docs] == [""] * 4
    assert all(d.metadata["needs_ocr"] is True and "ocr" not in d.metadata for d in docs)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and INSTALL in warnings[0]


def test_force_without_tesseract_fails_at_once_naming_the_install_command(tmp_path, no_tesseract):
    with pytest.raises(OcrUnavailableError, match=re.escape(INSTALL)):
        ColumnAwarePDFLoader(tmp_path / "any.pdf", ocr="force")


def test_cli_force_without_tesseract_exits_with_the_install_command(tmp_path, no_tesseract, capsys):
    from columnrag.ingest.cli import EXIT_ERROR, main

    (tmp_path / "in").mkdir()
    status = main(["ingest", str(tmp_path / "in"), "--db", str(tmp_path / "db"), "--ocr", "force",
                   "--no-progress"])
    assert status == EXIT_ERROR and INSTALL in capsys.readouterr().err


def test_missing_language_data_names_its_package(tesseract):
    engine, problem = find_tesseract("eng+chi_sim")
    assert engine is None and "tesseract-ocr-chi-sim" in problem and "tesseract-ocr-eng" not in problem
    assert install_command("eng") == "sudo " + INSTALL


def test_ocr_settings_come_from_the_settings_file_environment_and_command_line(tmp_path):
    from columnrag.ingest.cli import build_parser, settings_from_args
    from columnrag.ingest.settings import SettingsError, load_settings

    assert load_settings(environ={}).ocr == OcrSettings()
    cfg = tmp_path / "c.yaml"
    cfg.write_text("ocr:\n  mode: off\n  languages: eng+deu\n")  # a bare off is YAML's false
    assert load_settings(cfg, environ={}).ocr == OcrSettings(mode="off", languages="eng+deu")
    assert load_settings(cfg, environ={"COLUMNRAG_OCR__DPI": "200"}).ocr.dpi == 200
    with pytest.raises(SettingsError, match="ocr mode must be one of auto, off, force"):
        load_settings(environ={"COLUMNRAG_OCR__MODE": "sometimes"})
    a = build_parser().parse_args(["ingest", "x", "--ocr", "force"])
    assert settings_from_args(a).ocr.mode == "force"
    assert load_settings(environ={}).fingerprint() != load_settings(
        environ={"COLUMNRAG_OCR__MODE": "off"}).fingerprint()


@pytest.mark.parametrize("word,expected", [
    ("]üìÆüéê", True), ("\ufffd", True), ("\ue041\ue042", True), ("\ufffdb", True), ("Co\ufffdst\ufffdu\ufffdto\ufffd", False),
    ("\\XeTeXDeclareMathSymbol\uffff{}{\\mathalpha}", False), ("\ufffd\ufffdDatabase", False), ("naïve", False),
])
def test_a_word_past_reading_has_no_more_readable_characters_than_garbled_ones(word, expected):
    assert past_reading(word) is expected


@pytest.mark.parametrize("word,expected", [
    ("]üìÆüéê", True), ("°ê£ë†£ûÜüéê", True), ("Üüè", True), ("\ufffdb", True), ("\ue041bc", True),
    ("a\x84", True), ("Größenänderung", False), ("naïve", False), ("où", False), ("ação", False),
    ("Qαα′", False), ("x→c", False), ("Ωμέγα", False), ("감염병", False), ("plain", False), ("•", False),
])
def test_garbled_words(word, expected):
    assert garbled(word) is expected


def _line(y: float, x0: float, slope: float, texts: list[str], line: int) -> list[OcrWord]:
    """Words of one line, 200 px apart, their boxes drifting down by `slope` (px per px)."""
    out = []
    for i, t in enumerate(texts):
        x = x0 + 200 * i
        descender = 8 if any(ch in "gjpqy" for ch in t) else 0
        out.append(OcrWord(int(x), int(y + slope * x), 150, 30 + descender, 95.0, t, (1, 1, line)))
    return out


def test_ocr_words_are_levelled_and_share_their_line_height():
    slope = 0.015  # about 0.9 degrees: a line across 2400 px drifts by 36 px, more than its height
    lines = [_line(100 + 50 * n, 0, slope, ["word", "longer", "typing", "quite", "margin", "ending",
                                               "spread", "inside", "people", "things", "notes", "lines"], n)
             for n in range(6)]
    words = [w for line in lines for w in line]
    assert skew(words) == pytest.approx(slope, abs=0.002)
    out, confs = page_words(words, 2550, 3300, Placement(10.0, 20.0, 0.24), OcrSettings(min_confidence=20))
    assert len(out) == len(words) and confs == [95.0] * len(words)
    for n in range(6):
        row = out[12 * n:12 * (n + 1)]
        assert len({(round(w.y0, 3), round(w.y1, 3)) for w in row}) == 1  # one line, one height
        if n:
            assert row[0].y0 > out[12 * (n - 1)].y1 - 1  # lines no longer overlap after levelling


def test_tsv_rows_become_words_and_noise_is_dropped():
    tsv = ("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
           "4\t1\t1\t1\t1\t0\t10\t10\t300\t30\t-1\t\n"
           "5\t1\t1\t1\t1\t1\t10\t10\t100\t30\t96.5\tHello\n"
           "5\t1\t1\t1\t1\t2\t120\t10\t10\t40\t91.0\t|\n"
           "5\t1\t1\t1\t1\t3\t140\t12\t8\t8\t5.0\t~\n"
           "5\t1\t1\t1\t1\t4\t160\t10\t150\t30\t12.0\tworld\n"
           "5\t1\t1\t1\t1\t5\t320\t10\t20\t30\t90.0\t \n")
    found = parse_tsv(tsv)
    assert [w.text for w in found] == ["Hello", "|", "~", "world"]
    out, confs = page_words(found, 1000, 1000, Placement(0, 0, 72 / 300), OcrSettings(min_confidence=20))
    assert [w.text for w in out] == ["Hello", "world"]  # a rule and a speck are not words
    assert isinstance(out[0], Word) and out[0].x0 == pytest.approx(10 * 72 / 300)


def test_off_never_runs_ocr_and_flags_the_scan(tmp_path, ocr_refused):
    path = tmp_path / "scan.pdf"
    source = pymupdf.open()
    _two_columns(source.new_page(), 72, 400)
    doc = pymupdf.open()
    doc.new_page().insert_image(doc[0].rect, pixmap=_scan(source[0], dpi=50))
    doc.save(str(path))
    out = ColumnAwarePDFLoader(path, ocr="off").load()[0]
    assert out.page_content == "" and out.metadata["needs_ocr"] is True and "ocr" not in out.metadata


@pytest.mark.parametrize("image, running", [
    (lambda: _scanned_text(0.0), True), (lambda: _scanned_text(1.0), True),
    (_chart, False), (_table, False),
])
def test_a_glance_tells_scanned_text_from_charts_and_tables(image, running):
    """Both look like ink on paper (grey, mostly light); only running text has long lines
    stacked in paragraphs. No OCR runs here."""
    page = pymupdf.open().new_page()
    box = Box(0, 300, page.rect.width, 660)
    page.insert_image(pymupdf.Rect(box.as_tuple()), pixmap=image())
    settings = OcrSettings()
    assert glance.ink_on_paper(page, box, settings) is True
    assert glance.running_text(page, box, settings) is running


@pytest.mark.parametrize("palette, figure", [
    ("FF0000 00A000 0000FF FFFFFF", True),  # a chart's colours: a figure, its pixels never decoded
    ("000000 555555 AAAAAA FFFFFF", False),  # greys: as a scan may be kept
])
def test_an_image_in_a_palette_of_colours_is_a_figure(palette, figure):
    doc = pymupdf.open()
    page = doc.new_page()
    grey = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 4, 4), False)
    xref = page.insert_image(page.rect, pixmap=grey)
    doc.update_object(xref, "<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /BitsPerComponent 8 "
                            f"/ColorSpace [/Indexed /DeviceRGB 3 <{palette}>] >>")
    doc.update_stream(xref, bytes(range(4)) * 4)
    assert glance.colour_palette(doc, xref, OcrSettings()) is figure
    assert page.get_images()[0][5] == "Indexed"


def test_only_words_that_leave_room_for_a_wordless_image_send_for_where_images_are():
    page, settings = pymupdf.Rect(0, 0, 612, 792), OcrSettings()
    text = [Word(x, y, x + 20, y + 8, "word", 0) for x in range(30, 590, 28) for y in range(30, 770, 14)]
    assert not images_module._room_for_image(text, page, settings)  # a page full of text
    hole = Box(0, 400, 612, 600)  # a quarter of the page (25.3%) with two words on it: room
    holed = [w for w in text if not images_module.inside(w, hole)]
    holed += [Word(100, 450, 120, 458, "a", 0), Word(300, 500, 330, 508, "b", 0)]
    assert images_module._room_for_image(holed, page, settings)  # never a wordless image missed
    hole_words = [Word(x, y, x + 20, y + 8, "word", 0) for x in range(40, 600, 60) for y in range(410, 600, 40)]
    assert not images_module._room_for_image(holed + hole_words, page, settings)  # text there too


def test_tesseract_runs_one_thread_on_an_openmp_runtime_another_library_started(tesseract, monkeypatch):
    # torch starts the OpenMP runtime Tesseract then shares, before OMP_THREAD_LIMIT could cap it:
    # inside a reading no parallel level is active (Tesseract's 4-thread LSTM steps would make
    # a page several times slower on busy cores), and the runtime's own setting comes back after.
    omp = tesseract_module._openmp()
    if omp is None:
        pytest.skip("this Tesseract is built without OpenMP")
    before = omp.omp_get_max_active_levels()
    with tesseract_module._one_thread(omp):
        assert omp.omp_get_max_active_levels() == 0
    assert omp.omp_get_max_active_levels() == before
    seen = []
    original = tesseract_module._one_thread
    monkeypatch.setattr(tesseract_module, "_one_thread", lambda o: seen.append(o) or original(o))
    engine, _ = find_tesseract("eng", threads=1)
    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 200, 60), False)
    pix.clear_with(255)
    engine.read(pix.samples, pix.width, pix.height, pix.stride, 300, 30)
    assert seen == [omp] and omp.omp_get_max_active_levels() == before


SPANISH = ("Diseño. La heurística no detecta por sí sola si una página es de una o de dos columnas. "
           "Úsala en documentos cuyo diseño hayas comprobado; también puede quedar dividida en dos "
           "grupos si el texto atraviesa el centro de la página y los párrafos.")


class _FakeEngine:
    def __init__(self, languages: str) -> None:
        self.languages = languages


def _reading(monkeypatch, available: set[str],
             spanish: str = SPANISH) -> tuple[list[str], Callable[[OcrSettings], list[str]]]:
    """_read_text with a fake Tesseract: each language reads the region as its model would
    (English reads "ñ" as "fi"); returns the languages asked for and the words read."""
    asked: list[str] = []

    def read_region(engine, page, clip, settings, dpi=None, turn=0):
        text = spanish if engine.languages == "spa" else spanish.replace("ñ", "fi").replace("í", "i")
        return [Word(0, 0, 1, 1, t, i) for i, t in enumerate(text.split())], [90.0]

    def engine(languages=None):
        asked.append(languages or "first")
        return _FakeEngine(languages) if languages in available else None

    monkeypatch.setattr(ocr_module, "_read_region", read_region)

    def read(settings: OcrSettings) -> list[str]:
        words, _ = ocr_module._read_text(engine, _FakeEngine(settings.first_languages), pymupdf.open().new_page(),
                                         None, settings, ocr_module.LayoutSettings())
        return [w.text for w in words]

    return asked, read


def test_auto_languages_read_a_page_again_in_its_own_language_where_its_data_is_installed(monkeypatch):
    asked, read = _reading(monkeypatch, {"spa"})
    assert "Diseño." in read(OcrSettings()) and asked == ["spa"]
    asked, read = _reading(monkeypatch, set())  # no Spanish data: the English reading stays
    assert "Disefio." in read(OcrSettings()) and asked == ["spa"]
    asked, read = _reading(monkeypatch, {"spa"})  # languages named: read in them, never again
    assert "Disefio." in read(OcrSettings(languages="eng")) and asked == []
    assert OcrSettings(languages=" Auto").languages == "auto" and OcrSettings(languages="AUTO").first_languages == "eng"
    # A few words (a formula's, a label's) say nothing of a language: no second reading.
    asked, read = _reading(monkeypatch, {"spa"}, spanish=" ".join(SPANISH.split()[:20]))
    assert "Disefio." in read(OcrSettings()) and asked == []


GERMAN = ("Prüfung. Die Größe der Spalten wird über die Geometrie der Seite bestimmt, nicht über die "
          "Reihenfolge, in der das Dokument seine Wörter zeichnet; für gescannte Seiten gilt dasselbe. "
          "Ein Absatz, der am Ende einer Spalte beginnt, wird in der nächsten Spalte fortgesetzt, und "
          "die Überschriften bleiben bei dem Text, den sie einleiten.")


@pytest.mark.parametrize("code,text,expected", [
    ("spa", SPANISH, ("diseño", "heurística", "también")),
    ("deu", GERMAN, ("Prüfung", "Größe", "für")),
])
def test_a_scanned_page_in_another_language_keeps_its_accents(tmp_path, tesseract, code, text, expected):
    if find_tesseract(code)[0] is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must test OCR in {code}: apt-get install -y tesseract-ocr-{code}")
        pytest.skip(f"no {code} data for Tesseract")
    source = pymupdf.open()
    page = source.new_page()
    assert page.insert_textbox(pymupdf.Rect(72, 72, 540, 400), text, fontname="helv", fontsize=12) >= 0
    doc = pymupdf.open()
    doc.new_page().insert_image(doc[0].rect, pixmap=_scan(source[0], dpi=300))
    doc.save(str(tmp_path / "scan.pdf"))
    read = ColumnAwarePDFLoader(tmp_path / "scan.pdf").load()[0].page_content
    assert all(word in read for word in expected), read


def test_a_forced_reading_that_fails_leaves_the_page_its_text_layer(monkeypatch, tmp_path, caplog):
    path = tmp_path / "text.pdf"
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Words of the text layer stay readable.")
    doc.save(path)

    def fail(*args, **kwargs):
        raise ocr_module.OcrFailed("Tesseract stopped")

    monkeypatch.setattr(ocr_module, "_read_region", fail)
    with caplog.at_level(logging.WARNING):
        page = ColumnAwarePDFLoader(str(path), ocr="force").load()[0]
    assert "OCR failed" in caplog.text
    assert page.page_content == "Words of the text layer stay readable."
    assert page.metadata["needs_ocr"] is True


def test_a_region_larger_than_max_pixels_is_read_at_the_resolution_that_fits_them(tmp_path, tesseract, monkeypatch):
    """A poster or a drawing metres wide at 300 dpi would take gigabytes: it is rendered at the
    resolution max_pixels allows, and its words still land where they are on the page."""
    _scanned_two_columns(tmp_path / "scan.pdf")
    sizes: list[int] = []
    render = ocr_module.render

    def measured(*args, **kwargs):
        pix, region = render(*args, **kwargs)
        sizes.append(pix.width * pix.height)
        return pix, region

    monkeypatch.setattr(ocr_module, "render", measured)
    limit = 2_500_000  # an A4 page at about 160 dpi instead of 300
    page = ColumnAwarePDFLoader(tmp_path / "scan.pdf", ocr=OcrSettings(max_pixels=limit)).load()[0]
    assert sizes and max(sizes) <= limit
    _assert_in_order(page.page_content, MARKERS)
    width = pymupdf.open(tmp_path / "scan.pdf")[0].rect.width
    seen = []
    for block in decode_blocks(page.metadata):
        opens = _words(page.page_content[block.start:block.end])[0]
        if opens in MARKERS:
            seen.append(opens)  # a paragraph of the left column lies left of the middle, the right's right
            assert (block.box.x1 < width / 2) == (opens in MARKERS[:3]), (opens, block.box)
    assert {"alpha", "delta"} <= set(seen)  # (a column is one block: its first paragraph opens it)


def test_a_page_too_large_to_render_is_flagged_and_the_rest_of_the_file_read(tmp_path, tesseract, caplog):
    """MuPDF refuses a rendering of billions of pixels: that page's OCR fails (the page is
    flagged needs_ocr, with a warning), not the file."""
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "The first page reads as it always did.")
    huge = doc.new_page(width=14400, height=14400)
    source = pymupdf.open()
    _two_columns(source.new_page(), 72, 400)
    huge.insert_image(pymupdf.Rect(0, 0, 14400, 14400), pixmap=_scan(source[0], dpi=72))
    doc.save(tmp_path / "huge.pdf")
    with caplog.at_level(logging.WARNING):
        pages = ColumnAwarePDFLoader(tmp_path / "huge.pdf", ocr=OcrSettings(max_pixels=10**13)).load()
    assert pages[0].page_content == "The first page reads as it always did."
    assert pages[1].page_content == "" and pages[1].metadata["needs_ocr"] is True
    assert "page 2: OCR failed" in caplog.text
