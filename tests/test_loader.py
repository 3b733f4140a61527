"""The LangChain loader on PDFs the tests generate with PyMuPDF, drawn in scrambled orders."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pymupdf
import pytest
from langchain_core.document_loaders import Blob
from langchain_core.embeddings import DeterministicFakeEmbedding

from columnrag.chunking import BandAwareTextSplitter
from columnrag.ingest.samples import FONT, SIZE, two_column_page, write_pdf
from columnrag.loaders import ColumnAwarePDFLoader, ColumnAwarePDFParser, LayoutSettings, PDFLoadError
from columnrag.loaders.pdf.words import page_words

PDF_KEYS = {"source", "file_path", "page", "total_pages", "format", "title", "author", "subject",
            "keywords", "creator", "producer", "creationdate", "moddate", "trapped"}


def words(text: str) -> list[str]:
    return text.replace("-\n", "").split()


@pytest.fixture(scope="module")
def scrambled(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pdfs")
    pages = [two_column_page(7), two_column_page(8)]
    out = {}
    for order in ("native", "rowmajor", "shuffled"):
        out[order] = folder / f"{order}.pdf"
        write_pdf(out[order], pages, order, seed=3, header="Running Head")
    out["truth"] = [" ".join(p.reading) for p in pages]  # type: ignore[assignment]
    return out


@pytest.mark.parametrize("order", ["native", "rowmajor", "shuffled"])
def test_page_text_follows_reading_order(scrambled, order):
    docs = list(ColumnAwarePDFLoader(scrambled[order]).lazy_load())
    assert len(docs) == 2
    for doc, truth in zip(docs, scrambled["truth"]):
        assert words(doc.page_content) == truth.split()


def test_headers_and_footers_in_metadata_not_in_text(scrambled):
    doc = list(ColumnAwarePDFLoader(scrambled["rowmajor"]).lazy_load())[1]
    assert "Running" not in doc.page_content
    furniture = json.loads(doc.metadata["layout_furniture"])
    assert {f["kind"] for f in furniture} == {"header", "footer"}
    kept = list(ColumnAwarePDFLoader(scrambled["rowmajor"], keep_furniture=True).lazy_load())[1]
    assert kept.page_content.startswith("Running Head")


def test_metadata_keys_types_and_block_spans(scrambled):
    doc = list(ColumnAwarePDFLoader(scrambled["shuffled"]).lazy_load())[0]
    assert PDF_KEYS <= set(doc.metadata)
    assert doc.metadata["page"] == 0 and doc.metadata["total_pages"] == 2
    assert doc.metadata["source"] == str(scrambled["shuffled"])
    assert all(isinstance(v, (str, int, float, bool)) for v in doc.metadata.values())
    blocks = json.loads(doc.metadata["layout_blocks"])
    assert {b["column"] for b in blocks} == {0, 1}
    for b in blocks:
        assert len(b["bbox"]) == 4 and b["bbox"][0] < b["bbox"][2]
        assert doc.page_content[b["start"]:b["end"]].strip()


def test_single_mode_and_page_subset(scrambled):
    single = list(ColumnAwarePDFLoader(scrambled["native"], mode="single").lazy_load())
    assert len(single) == 1 and "page" not in single[0].metadata
    sub = list(ColumnAwarePDFLoader(scrambled["native"], pages=[1]).lazy_load())
    assert [d.metadata["page"] for d in sub] == [1]


def test_async_load(scrambled):
    import asyncio

    async def collect():
        return [d async for d in ColumnAwarePDFLoader(scrambled["native"]).alazy_load()]

    assert len(asyncio.run(collect())) == 2


def test_langchain_parser_contract(tmp_path):
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Hello world!")
    path = tmp_path / "hello.pdf"
    doc.save(str(path))
    parser = ColumnAwarePDFParser()
    it = parser.lazy_parse(Blob.from_path(path))
    assert iter(it) is it
    docs = list(it)
    assert len(docs) == 1
    assert "Hello world!" in docs[0].page_content
    assert docs[0].metadata["source"] == str(path) and docs[0].metadata["page"] == 0


def test_generic_loader_with_parser(scrambled):
    from langchain_community.document_loaders.generic import GenericLoader

    folder = Path(scrambled["native"]).parent
    loader = GenericLoader.from_filesystem(str(folder), glob="*.pdf", parser=ColumnAwarePDFParser())
    docs = list(loader.lazy_load())
    assert len(docs) == 6


def test_documents_go_straight_into_langchain_chroma(scrambled, tmp_path):
    from langchain_chroma import Chroma

    docs = list(ColumnAwarePDFLoader(scrambled["native"]).lazy_load())
    store = Chroma.from_documents(docs, DeterministicFakeEmbedding(size=16),
                                  persist_directory=str(tmp_path / "db"), collection_name="dropin")
    assert store._collection.count() == len(docs)


def test_broken_and_encrypted_files_raise_with_file_and_reason(tmp_path):
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"<html>not a pdf</html>")
    with pytest.raises(PDFLoadError) as err:
        list(ColumnAwarePDFLoader(bad).lazy_load())
    assert str(bad) in str(err.value)
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "secret text")
    locked = tmp_path / "locked.pdf"
    doc.save(str(locked), encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="pw")
    with pytest.raises(PDFLoadError, match="no password"):
        list(ColumnAwarePDFLoader(locked).lazy_load())
    assert "secret" in list(ColumnAwarePDFLoader(locked, password="pw").lazy_load())[0].page_content


def test_scanned_page_needs_ocr(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 50, 50), False)
    pix.clear_with(200)
    page.insert_image(page.rect, pixmap=pix)
    path = tmp_path / "scan.pdf"
    doc.save(str(path))
    d = list(ColumnAwarePDFLoader(path, ocr="off").lazy_load())[0]
    assert d.page_content == "" and d.metadata["needs_ocr"] is True


def _raw_line(*spans: tuple[str, float, float, float]) -> dict:
    """A rawdict with one line: spans of (text, x of the first char, char advance, font size)."""
    out = []
    for text, x, advance, size in spans:
        chars = [{"c": ch, "bbox": (x + i * advance, 90.0, x + (i + 1) * advance, 100.0)}
                 for i, ch in enumerate(text)]
        out.append({"size": size, "font": "STIXTwoMath" if ord(text[0]) > 0xFFFF else "Helvetica", "chars": chars})
    return {"blocks": [{"lines": [{"spans": out}]}]}


def test_a_space_math_fonts_leave_to_positioning_splits_the_word():
    from columnrag.loaders.pdf.words import _MATH_GLUED, _words_from_chars

    # "Let 𝑁be the set": the math letter's span ends at 83, the next span starts at 86.2 (a third
    # of the 9-pt font size), with no space character between them.
    raw = _raw_line(("Let ", 64.0, 3.0, 9.0), ("\U0001D441", 77.0, 6.0, 9.0), ("be the", 86.2, 4.5, 9.0))
    assert [w[4] for w in _words_from_chars(raw, LayoutSettings())] == ["Let", "\U0001D441", "be", "the"]
    # A subscript or a kerned pair in another font that touches the letter stays one word.
    raw = _raw_line(("\U0001D449", 64.0, 6.0, 9.0), ("\U0001D461", 70.3, 3.0, 6.0), (" and", 73.3, 4.5, 9.0))
    assert [w[4] for w in _words_from_chars(raw, LayoutSettings())] == ["\U0001D449\U0001D461", "and"]
    assert _MATH_GLUED.search("Let \U0001D441be") and not _MATH_GLUED.search("\U0001D465 + \U0001D466 = 1")


Line = tuple[float, str, float]  # (y, text, font size), set at x = 72


def test_words_the_pdf_spaces_by_position_alone_are_parted_and_no_other_long_word(tmp_path):
    # Some journals' PDFs set a line's words with no space glyph, a 0.14 em gap between them, and
    # MuPDF reads "Trialsdemonstratedtoimprove...". Letter-spaced type (every gap wide), a URL, a
    # sign set apart from the words beside it and a gap under glued_word_gap stay as they are.
    font = pymupdf.Font("helv")
    doc = pymupdf.open()
    page = doc.new_page()

    def draw(pieces: list[str], y: float, gap: float) -> None:
        x = 72.0
        for piece in pieces:
            page.insert_text((x, y), piece, fontsize=9, fontname="helv")
            x += font.text_length(piece, 9) + gap

    glued = "Trials demonstrated to improve the anaemia. Trials of patients,".split()
    draw(glued, 100, 1.3)
    draw(list("Internationalisation") + [" "] + list("Internationalisation"), 114, 1.0)
    draw(["https://", "example.org/anaemia/trials/of/patients/with/iron"], 128, 1.3)
    draw(["coefficients", "+", "multiplicative", "coefficients,"], 142, 1.3)
    draw(glued, 156, 0.6)
    got = [w.text for w in page_words(page, LayoutSettings()).words]
    assert got[:9] == glued
    assert got[9:] == ["Internationalisation", "Internationalisation",
                       "https://example.org/anaemia/trials/of/patients/with/iron",
                       "coefficients+multiplicative", "coefficients,", "".join(glued)]


def _url_footnotes_pdf(path: Path) -> Path:
    """Two pages of two columns in 10-point Times; the first page's last sentence runs on into
    the second page past two footnotes of a URL each under the right column, set in 8 points,
    each opening with its mark in 6 points raised against the URL (LaTeX's footnotes; MuPDF reads
    "4http://..." as one word, the mark's raise stretching its box up)."""
    doc = pymupdf.open()
    vocabulary = ("the samples of every site were read twice and the mean of both readings kept for "
                  "each of the plots in the survey so that no reading was lost on the way").split()
    words = iter(vocabulary * 40)
    prose = [" ".join(next(words) for _ in range(8)) for _ in range(21)]
    columns = [[["Our data came from two sources."] + prose[:20] + ["and all of them were kept."],
                prose[:20] + ["with the regression target being the"]],
               [["crime count in the following month.", "3D scans were kept as they came."] + prose[:19],
                ["2nd readings were kept as they came.", "12Monkeys", ""] + prose[:19]]]
    for page_columns in columns:
        page = doc.new_page()
        for x, lines in zip((50, 320), page_columns):
            for k, line in enumerate(lines):
                page.insert_text((x, 80 + 12 * k), line, fontsize=10, fontname="tiro")
    page = doc[1]  # a number in smaller type on the baseline, glued to its word, is no mark
    page.insert_text((320, 104), "7", fontsize=7, fontname="tiro")
    page.insert_text((320 + pymupdf.get_text_length("7", "tiro", 7), 104), "Days", fontsize=10, fontname="tiro")
    page = doc[0]
    y = 80 + 12 * 22 + 14
    for mark, url in (("4", "http://www.example.org/films"), ("5", "https://data.example.gov/")):
        page.insert_text((328, y - 4.5), mark, fontsize=6, fontname="tiro")
        page.insert_text((328.3 + pymupdf.get_text_length(mark, "tiro", 6), y), url, fontsize=8, fontname="tiro")
        y += 9.5
    doc.save(path)
    return path


def test_a_mark_raised_against_a_lines_first_word_leaves_its_box_and_text(tmp_path):
    # cec2021's footnotes: the mark stretched the URL's box to about the body's height, so the
    # footnotes passed for a paragraph of body text that carried the page's last sentence on.
    from columnrag.chunking import BandAwareTextSplitter

    pdf = _url_footnotes_pdf(tmp_path / "footnotes.pdf")
    doc = pymupdf.open(pdf)
    first, second = doc[0], doc[1]
    words = page_words(first, LayoutSettings()).words
    body = next(w for w in words if w.text == "samples")
    urls = [w for w in words if "//" in w.text]
    assert [w.text for w in urls] == ["http://www.example.org/films", "https://data.example.gov/"]
    assert all(w.y1 - w.y0 < 0.85 * (body.y1 - body.y0) for w in urls)  # 8 points against 10
    kept = [w for w in page_words(first, LayoutSettings(normalize_text=False)).words if "//" in w.text]
    assert [w.text for w in kept] == ["4http://www.example.org/films", "5https://data.example.gov/"]
    assert [w.y0 for w in kept] == [w.y0 for w in urls] and kept[0].x0 < urls[0].x0
    # Numbers set in the line's own type, or smaller on its baseline, stay whole.
    assert {"3D", "2nd", "12Monkeys", "7Days"} <= {w.text for w in page_words(second, LayoutSettings()).words}
    chunks = BandAwareTextSplitter().split_documents(ColumnAwarePDFLoader(pdf).load())
    joined = [" ".join(c.page_content.split()) for c in chunks]
    assert any("target being the crime count in the following month." in c for c in joined)
    assert any("http://www.example.org/films https://data.example.gov/" in c for c in joined)

def test_a_footnote_number_raised_after_a_word_leaves_it_though_the_box_shows_no_raise(tmp_path):
    # tudscr's Open Sans: boxes stand far above the letters, so a footnote's "39" set raised in
    # smaller type after "werden" stretches no box up, and MuPDF reads "werden39" as one word.
    # The characters show the mark (smaller, its baseline raised): it leaves the word, as a mark
    # that raises the box does. In a line of two words a raised digit may be an exponent ("ME
    # bias2"), and a number on the baseline is the word's own ("version3").
    doc = pymupdf.open()
    page = doc.new_page()
    font = pymupdf.Font("tiro")
    writer = pymupdf.TextWriter(page.rect)  # (one text object: MuPDF reads the mark into the line)
    lines = [(100, "the samples were read twice and kept", "samples", "39", 2.0),
             (130, "ME bias", "bias", "2", 2.0), (160, "the version of the reader we kept", "version", "3", 0.0),
             (190, "we find that cos x equals one", "cos", "2", 2.0)]
    for y, text, after, mark, raise_by in lines:
        head, tail = text[: text.index(after) + len(after)], text[text.index(after) + len(after):]
        writer.append((72, y), head, font=font, fontsize=10)
        x = 72 + font.text_length(head, 10)
        writer.append((x, y - raise_by), mark, font=font, fontsize=6)
        if tail:
            writer.append((x + font.text_length(mark, 6), y), tail, font=font, fontsize=10)
    writer.write_text(page)
    path = tmp_path / "marks.pdf"
    doc.save(path)
    page = pymupdf.open(path)[0]
    assert "samples39" in [w[4] for w in page.get_text("words")]  # (MuPDF glues them)
    texts = [w.text for w in page_words(page, LayoutSettings()).words]
    assert "samples" in texts and "samples39" not in texts
    assert "bias2" in texts and "version3" in texts and "cos2" in texts  # (a power of a function)
    assert "samples39" in [w.text for w in page_words(page, LayoutSettings(normalize_text=False)).words]


def test_a_number_set_in_its_word_s_own_type_in_a_taller_face_is_no_footnote_mark(tmp_path):
    # "latin4" and "expl3" set in a face whose ascent stands taller than the line's (LaTeX News:
    # \texttt in Latin Modern Mono among Latin Modern Roman): the box stands above its line's
    # as a raised mark's would, but the characters show the number in the word's own type, on
    # its baseline. It stays; a mark raised in smaller type after a word still leaves it.
    doc = pymupdf.open()
    page = doc.new_page()
    body, face = pymupdf.Font("cour"), pymupdf.Font("helv")
    writer = pymupdf.TextWriter(page.rect)
    for y, head, word, tail in [(100, "the new input encoding ", "latin4", " is read here and there today"),
                                (130, "the standard loads the ", "expl3", " code layer for us all the time")]:
        writer.append((72, y), head, font=body, fontsize=10)
        x = 72 + body.text_length(head, 10)
        writer.append((x, y), word, font=face, fontsize=10)
        writer.append((x + face.text_length(word, 10), y), tail, font=body, fontsize=10)
    # A footnote's "4" raised after a typewriter word, in type only a little smaller than its 8
    # points: a mark all the same.
    writer.append((72, 190), "we pass the class ", font=body, fontsize=10)
    x = 72 + body.text_length("we pass the class ", 10)
    writer.append((x, 190), "scrartcl", font=face, fontsize=8)
    x += face.text_length("scrartcl", 8)
    writer.append((x, 186.4), "4", font=body, fontsize=7)
    writer.append((x + body.text_length("4", 7), 190), " with all remaining options", font=body, fontsize=10)
    writer.append((72, 160), "the samples were read twice", font=body, fontsize=10)
    x = 72 + body.text_length("the samples", 10)
    writer.write_text(page)
    page.insert_text((x, 158), "39", fontsize=6, fontname="cour")
    path = tmp_path / "faces.pdf"
    doc.save(path)
    words = pymupdf.open(path)[0].get_text("words")
    latin = next(w for w in words if w[4] == "latin4")
    assert latin[1] < next(w for w in words if w[4] == "encoding")[1] - 0.3  # (its box stands higher)
    text = ColumnAwarePDFLoader(str(path)).load()[0].page_content
    assert "latin4" in text and "expl3" in text and "samples were" in text and "39" not in text
    assert "class scrartcl with" in text


def test_a_table_note_s_letter_raised_against_a_word_leaves_its_text_and_box(tmp_path):
    # MNRAS's list of journals: "Astronomy and Astrophysics" with a table note's "a" set raised in
    # smaller type right against its last word, which MuPDF reads as "Astrophysicsa"; an
    # affiliation's "a,b" after a name the same. A letter on the baseline in the word's type is
    # the word's own.
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [(100, "Astronomy and Astrophysics", "a"), (114, "Monthly Notices of the Royal Astronomical Society", "a,b"),
            (128, "Quarterly Journal of the Royal Society", "")]
    for y, text, mark in rows:
        page.insert_text((72, y), text, fontsize=8, fontname="tiro")
        if mark:
            page.insert_text((72 + pymupdf.get_text_length(text, "tiro", 8), y - 3), mark, fontsize=5.6, fontname="tiro")
    page.insert_text((72, 142), "Journal of Astrophysicsa", fontsize=8, fontname="tiro")  # (no mark: its own letter)
    words = page_words(page, LayoutSettings()).words
    texts = [w.text for w in words]
    assert "Astrophysics" in texts and "Society" in texts and "Astrophysicsa" in texts
    assert len({round(w.y0, 2) for w in words}) == 4  # (no box stretched up by its mark)
    kept = page_words(page, LayoutSettings(normalize_text=False)).words
    assert [w.text for w in kept if w.text.startswith(("Astrophysics", "Society"))] == [
        "Astrophysicsa", "Societya,b", "Society", "Astrophysicsa"]


def test_a_note_s_mark_raised_against_a_number_is_a_word_of_its_own_but_an_exponent_is_not(tmp_path):
    # A table's "43" with a note's "1)" set raised in smaller type right against it, which MuPDF
    # reads as "431)": the value and the mark, in the words and the page text. "10" with a raised
    # "2" (no bracket) is a power and stays as drawn; so does "options(1)", one word as MuPDF reads it.
    doc = pymupdf.open()
    page = doc.new_page()
    for y, text, mark in [(100, "Floors 43", "1)"), (114, "Walls 57", ""), (128, "Power 10", "2"),
                          (142, "Granted options", "(1)")]:
        page.insert_text((72, y), text, fontsize=9, fontname="helv")
        if mark:
            page.insert_text((72 + pymupdf.get_text_length(text, "helv", 9), y - 3), mark, fontsize=6, fontname="helv")
    texts = [w.text for w in page_words(page, LayoutSettings()).words]
    assert "43" in texts and "1)" in texts and "102" in texts and "options(1)" in texts
    doc.save(tmp_path / "marks.pdf")
    text = ColumnAwarePDFLoader(tmp_path / "marks.pdf").load()[0].page_content
    assert "Floors 43 1)" in text and "Power 102" in text and "options(1)" in text


def test_a_displayed_fraction_s_closing_comma_is_no_part_of_its_denominator_s_last_word(tmp_path):
    # IEEE's "ACC = (TP + TN) / (TP + TN + FP + FN), (1)": the comma sits on the line of "ACC =",
    # right after the denominator, and MuPDF reads "FN," as one word two rows tall, which put
    # "FN" on the equation's line ("ACC = FN, (1)" over "TP + TN + FP +"). A comma closing a
    # word on its own baseline stays on it.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 200), "ACC =", fontsize=10, fontname="tiro")
    page.insert_text((130, 193), "TP + TN", fontsize=10, fontname="tiro")
    denominator = "TP + TN + FP + FN"
    page.insert_text((108, 207), denominator, fontsize=10, fontname="tiro")
    page.insert_text((108 + pymupdf.get_text_length(denominator, "tiro", 10), 200), ",", fontsize=10, fontname="tiro")
    page.insert_text((300, 200), "(1)", fontsize=10, fontname="tiro")
    page.insert_text((72, 240), "where TP, TN, FP and FN are counted as usual.", fontsize=10, fontname="tiro")
    # A word in larger type, its comma on its own baseline, stands as tall over the words beside it.
    x = 72 + pymupdf.get_text_length("in a", "tiro", 10) + 6
    page.insert_text((72, 280), "in a", fontsize=10, fontname="tiro")
    page.insert_text((x, 280), "BIG,", fontsize=20, fontname="tiro")
    page.insert_text((x + pymupdf.get_text_length("BIG, ", "tiro", 20), 280), "bold way.", fontsize=10, fontname="tiro")
    texts = [w.text for w in page_words(page, LayoutSettings()).words]
    assert "FN" in texts and "," in texts and "FN," not in texts and "TP," in texts
    assert "BIG," in texts and "BIG" not in texts
    # On a page set sideways a word is as tall as it is long: "m," beside "i" closes no fraction.
    turned = doc.new_page()
    for k in range(3):
        turned.insert_text((300 + 14 * k, 700), "we saw it m, i j and more", fontsize=10, fontname="tiro", rotate=90)
    texts = [w.text for w in page_words(turned, LayoutSettings()).words]
    assert texts.count("m,") == 3 and "m" not in texts
    doc.save(tmp_path / "fraction.pdf")
    text = ColumnAwarePDFLoader(tmp_path / "fraction.pdf").load()[0].page_content
    assert "TP + TN + FP + FN\n" in text and "ACC = , (1)" in text


def test_the_characters_of_a_few_words_come_from_their_lines_alone_and_leave_the_page_whole(tmp_path):
    # A rawdict of the whole page costs ten times its words; the words that need their characters
    # (a footnote's mark, glued words) sit on a line or two, whose lines alone are read.
    from columnrag.loaders.pdf.words import _FLAGS, _spans, _spans_near, _word_chars

    page = pymupdf.open(_url_footnotes_pdf(tmp_path / "footnotes.pdf"))[0]
    tp = page.get_textpage(flags=_FLAGS)
    words = tp.extractWORDS()
    marked = next(w for w in words if w[4].startswith("4http"))
    near = _spans_near(tp, [marked])
    whole = _spans(tp.extractRAWDICT())
    assert _word_chars(marked, near) == _word_chars(marked, whole) is not None
    assert 0 < len(near) < len(whole) / 10
    assert tp.extractWORDS() == words and len(_spans(tp.extractRAWDICT())) == len(whole)


def test_a_bullet_set_apart_from_its_word_without_a_space_is_a_word_of_its_own():
    # odt_text_document_01's "◦bullet list 2.1", PDFUA-Ref-2-05's "■Autoren-": MuPDF gives the
    # bullet and the word as one, though a quarter of the bullet's height or more parts them. A
    # degree sign drawn as a bullet touches its letter ("900 ◦C"): one word, as drawn.
    from columnrag.loaders.pdf.words import _bullets_apart

    def word(text: str, gap: float) -> tuple[tuple, list[tuple]]:
        chars, x = [], 72.0
        for k, c in enumerate(text):
            chars.append({"c": c, "bbox": (x, 100.0, x + 5.0, 110.0), "origin": (x, 108.0)})
            x += 5.0 + (gap if k == 0 else 0.0)
        return (72.0, 100.0, x, 110.0, text, 0, 0, 0), [((72.0, 100.0, x, 110.0), 10.0, chars)]

    apart, spans = word("◦bullet", 4.0)
    assert [w[4] for w in _bullets_apart([apart], lambda _: spans)] == ["◦", "bullet"]
    touching, spans = word("◦C", 0.5)
    assert _bullets_apart([touching], lambda _: spans) == [touching]


def test_a_page_whose_characters_mupdf_cannot_give_is_read_from_its_words(tmp_path, monkeypatch, caplog):
    # Some fonts give a glyph a character code outside Unicode (shaped Arabic): MuPDF's dict
    # readers then fail for the whole page (a SystemError over a ValueError from chr()), while
    # its words read. The characters only refine the words: the page is not lost.
    path = _url_footnotes_pdf(tmp_path / "footnotes.pdf")
    expected = list(ColumnAwarePDFLoader(path).lazy_load())[0].page_content

    def broken(self, *args, **kwargs):
        raise SystemError("<built-in function JM_make_textpage_dict> returned a result with an exception set")

    monkeypatch.setattr(pymupdf.TextPage, "extractRAWDICT", broken)
    monkeypatch.setattr(pymupdf.TextPage, "extractDICT", broken)
    with caplog.at_level("WARNING", logger="columnrag.loaders.pdf.words"):
        page = list(ColumnAwarePDFLoader(path).lazy_load())[0].page_content
    assert "MuPDF cannot give a page's characters" in caplog.text
    assert "www.example.org/films" in page and "Our data came from two sources." in page
    # Only the marks the characters would have told are left on their words.
    assert page.replace("4http", "http").replace("5https", "https") == expected


def test_words_of_control_codes_only_are_no_text():
    from columnrag.loaders.pdf.words import without_control_words

    raw = [(149, 52, 158.5, 62, "\ufffd", 0, 0, 0), (158.5, 52, 162, 62, "\x84", 0, 0, 1),
           (167, 52, 190, 62, "They", 0, 0, 2), (192, 52, 210, 62, "a\x84b", 0, 0, 3)]
    assert [w[4] for w in without_control_words(raw)] == ["\ufffd", "They", "a\x84b"]


def _pdf_of_lines(path: Path, pages: list[list[Line]]) -> Path:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page()
        for y, text, size in lines:
            page.insert_text((72, y), text, fontsize=size)
    doc.save(path)
    return path


def _kind_of_block(page, opening: str) -> list[str]:
    """The kinds of the page's blocks whose text opens so."""
    blocks = json.loads(page.metadata["layout_blocks"])
    return [b["kind"] for b in blocks if page.page_content[b["start"]:b["end"]].startswith(opening)]


def test_the_documents_body_type_read_on_earlier_pages_tells_a_paragraph_from_a_heading(tmp_path):
    # Page 1 sets the body type (10 point); page 2 is mostly references in 8-point type, under
    # a two-line paragraph in body type. Read with page 1 it is text; read alone, a heading.
    first = [(72 + 12 * k, f"body line {k} of the first page in the usual type here", 10) for k in range(30)]
    last = [(72, "The authors thank the lab for the data and", 10),
            (84, "the reviewers for their comments on the work.", 10)]
    last += [(110 + 9.6 * k, f"[{k + 1}] A. Author. A title of a paper in {2000 + k}. Journal {k}.", 8)
             for k in range(30)]
    path = _pdf_of_lines(tmp_path / "refs.pdf", [first, last])
    assert _kind_of_block(ColumnAwarePDFLoader(path).load()[-1], "The authors") == ["text"]
    assert _kind_of_block(ColumnAwarePDFLoader(path, pages=[1]).load()[-1], "The authors") == ["heading"]


def test_a_cover_in_large_type_does_not_set_the_documents_body_type(tmp_path):
    # A cover of a few words in 28-point type, then a page whose two-line heading of nine words
    # in 12-point type heads 10-point text: the cover alone tells no body type; the heading stays.
    cover = [(200 + 40 * k, text, 28) for k, text in enumerate(["Annual Report", "of the Institute",
                                                                 "for Layout Studies"])]
    page = [(120, "Background and motivation for the study", 12), (135, "of document layouts", 12)]
    page += [(160 + 12 * k, f"body line {k} of the page in the usual type of the text here", 10) for k in range(30)]
    path = _pdf_of_lines(tmp_path / "cover.pdf", [cover, page])
    assert _kind_of_block(ColumnAwarePDFLoader(path).load()[-1], "Background") == ["heading"]


def test_an_arxiv_stamp_up_the_margin_is_read_apart_from_the_line_it_is_level_with(tmp_path):
    # arXiv sets its identifier sideways up the left margin of a paper's first page, level with
    # some line of the first column; drawn first or last, it is no part of that line.
    sentence = ("The committee reviews every proposal submitted before the deadline and writes a "
                "careful report on each one of them. ")
    for first in (True, False):
        doc = pymupdf.open()
        page = doc.new_page(width=612, height=792)
        stamp = "arXiv:2101.01234v2 [cs.LG] 12 Jan 2021"
        if first:
            page.insert_text((40, 560), stamp, fontsize=20, rotate=90)
        for x in (72, 312):
            page.insert_textbox(pymupdf.Rect(x, 72, x + 228, 720), sentence * 14, fontsize=10)
        if not first:
            page.insert_text((40, 560), stamp, fontsize=20, rotate=90)
        path = tmp_path / f"stamp-{first}.pdf"
        doc.save(path)
        text = ColumnAwarePDFLoader(path).load()[0].page_content
        lines = text.split("\n")
        assert stamp in lines
        body = " ".join(line for line in lines if line != stamp)
        assert words(body) == (sentence * 28).split()


def _landscape_table(path: Path, sideways: bool) -> None:
    doc = pymupdf.open()
    _landscape_page(doc, sideways)
    doc.save(path)


def _landscape_page(doc: pymupdf.Document, sideways: bool) -> pymupdf.Page:
    """A landscape page: a caption, a table of one-word cells set far apart, a paragraph and a
    folio. Drawn upright on a landscape page, or sideways (reading up) on a portrait page that
    /Rotate 90 shows as landscape, as LaTeX's pdflscape and many generators set such pages."""
    page = doc.new_page(width=595, height=842) if sideways else doc.new_page(width=842, height=595)

    def put(x: float, y: float, text: str) -> None:  # (x, y) on the landscape page as displayed
        if sideways:
            page.insert_text((y, 842 - x), text, fontsize=10, rotate=90)
        else:
            page.insert_text((x, y), text, fontsize=10)

    put(72, 60, "Table 1. Rainfall in millimetres by station and month, averaged over ten years.")
    for c, head in enumerate(["Station", "Jan", "Feb", "Mar", "Apr", "May", "Jun"]):
        put(72 + 90 * c, 90, head)
    for r, name in enumerate(["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]):
        put(72, 110 + 16 * r, name)
        for c in range(1, 7):
            put(72 + 90 * c, 110 + 16 * r, f"{(r * r * 13 + c * c * 7 + r * c) % 90 + 10}.{(r * c) % 10}")
    put(72, 260, "The stations lie along the coast; the values are monthly means of daily totals, and")
    put(72, 274, "the winter months are wettest everywhere, as this paragraph under the table says.")
    put(400, 570, "Page 12")
    if sideways:
        page.set_rotation(90)
    return page


def test_a_landscape_page_of_one_word_cells_drawn_sideways_reads_as_drawn_upright(tmp_path):
    # Each cell is a line of one word, whose box cannot tell which way it runs ("Jan" set
    # sideways is a box a little taller than wide); MuPDF's lines say: the page is turned.
    _landscape_table(tmp_path / "upright.pdf", sideways=False)
    _landscape_table(tmp_path / "sideways.pdf", sideways=True)
    upright = ColumnAwarePDFLoader(tmp_path / "upright.pdf").load()[0]
    sideways = ColumnAwarePDFLoader(tmp_path / "sideways.pdf").load()[0]
    assert sideways.metadata["text_rotation"] == 90
    assert sideways.page_content == upright.page_content
    assert "| Alpha | 17.0 | 38.0 | 73.0 | 32.0 | 95.0 | 82.0 |" in upright.page_content.split("\n")


def test_a_line_set_upside_down_on_an_upright_page_reads_the_right_way_round(tmp_path):
    # PDFUA-Ref-2-08's answer key, turned upside down at the page's foot under its upright text:
    # read word by word, left to right, its words came backwards ("T 6. F; 5. ... to Answers").
    spec = two_column_page(4)
    write_pdf(tmp_path / "page.pdf", [spec])
    doc = pymupdf.open(tmp_path / "page.pdf")
    key = "Answers to pretest: 1. F; 2. T; 3. T; 4. T"
    doc[0].insert_text((400, 770), key, fontname=FONT, fontsize=SIZE, rotate=180)
    doc.save(tmp_path / "key.pdf")
    text = ColumnAwarePDFLoader(tmp_path / "key.pdf").load()[0].page_content
    assert key in text and words(text.replace(key, "")) == " ".join(spec.reading).split()


def _turned_pdf(path: Path, spec, rotation: int, order: str) -> None:
    """`spec`'s words (a portrait page as displayed) stored turned against a /Rotate of
    `rotation` that shows them upright, as a scan fed sideways or upside down is stored: drawn
    in reading order, or in random order word by word (an OCR layer)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792) if rotation == 180 else doc.new_page(width=792, height=612)
    page.set_rotation(rotation)
    placed = list(spec.words)
    if order == "shuffled":
        random.Random(5).shuffle(placed)
    for w in placed:
        page.insert_text(pymupdf.Point(w.x, w.y) * page.derotation_matrix, w.text, fontname=FONT,
                         fontsize=SIZE, rotate=rotation)
    doc.save(path)


@pytest.mark.parametrize("order", ["native", "shuffled"])
@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_a_page_stored_turned_and_shown_upright_reads_the_right_way_up(tmp_path, rotation, order):
    # get_text() reads such a page right when it is drawn in reading order. Read as stored, an
    # upside-down page's lines and words came backwards; a sideways page drawn word by word,
    # every word a line of its own whose box cannot tell which way it runs, read column-wise.
    spec = two_column_page(4)
    write_pdf(tmp_path / "upright.pdf", [spec])
    _turned_pdf(tmp_path / "turned.pdf", spec, rotation, order)
    upright = ColumnAwarePDFLoader(tmp_path / "upright.pdf").load()[0]
    turned = ColumnAwarePDFLoader(tmp_path / "turned.pdf").load()[0]
    assert turned.metadata["text_rotation"] == rotation
    if rotation == 180:  # (the glyphs' own writing direction says so: no guess to doubt)
        assert turned.metadata["layout_confidence"] == upright.metadata["layout_confidence"]
    frame = page_words(pymupdf.open(tmp_path / "turned.pdf")[0], LayoutSettings())
    assert (frame.width, frame.height) == (612, 792)  # the page as read: portrait, whatever its turn
    # (Words, not paragraph breaks: this sample's paragraph gap sits right on the threshold, and
    # the boxes turned back differ from the upright ones in their last float digits.)
    assert words(turned.page_content) == words(upright.page_content) == " ".join(spec.reading).split()


def test_the_running_head_of_a_landscape_page_read_turned_is_furniture(tmp_path):
    # The running head runs across the top of every page as stored: up the side of the
    # landscape page as it is read. Its text repeats on the pages around: furniture there too.
    head = "Journal of Layout Studies, Volume 7"
    doc = pymupdf.open()
    for k in range(3):
        page = _landscape_page(doc, sideways=True) if k == 1 else doc.new_page(width=595, height=842)
        page.insert_text((72, 40), head, fontsize=9)
        if k != 1:
            page.insert_textbox(pymupdf.Rect(72, 72, 523, 770), "A plain paragraph of the article's text. " * 60,
                                fontsize=10)
    doc.save(tmp_path / "article.pdf")
    pages = ColumnAwarePDFLoader(tmp_path / "article.pdf").load()
    assert pages[1].metadata["text_rotation"] == 90 and "| Alpha | 17.0 |" in pages[1].page_content
    assert all(head not in page.page_content for page in pages)
    assert head in pages[1].metadata["layout_furniture"]


def _two_pages(path: Path, heads: list[list[tuple[float, str]]], head_size: float, foot: str = "") -> None:
    """Two pages of prose, each under its running head (pieces at x, at the top edge) in
    head_size type; `foot`, a footnote line in small type at the second page's foot."""
    doc = pymupdf.open()
    for k, pieces in enumerate(heads):
        page = doc.new_page(width=595, height=842)
        for x, text in pieces:
            page.insert_text((x, 40), text, fontsize=head_size)
        page.insert_textbox(pymupdf.Rect(72, 72, 523, 760), f"Page {k + 1} of the article's plain text runs on. " * 50,
                            fontsize=10)
        if foot and k == 1:
            page.insert_text((72, 800), foot, fontsize=7)
    doc.save(path)


def test_facing_pages_running_heads_with_the_number_at_the_outer_edge_are_furniture(tmp_path):
    # A two-page excerpt of a journal: the right-hand page ends its head with its number, the
    # left-hand one starts with it. In the body's own type, only the repetition tells.
    head = "Smith et al. / Journal of Layout Studies 12 (2015) 150-157"
    _two_pages(tmp_path / "excerpt.pdf", [[(72, head), (505, "155")], [(72, "156"), (100, head)]], 10)
    pages = ColumnAwarePDFLoader(tmp_path / "excerpt.pdf").load()
    assert all("Journal of Layout Studies" not in page.page_content for page in pages)
    assert all(head in page.metadata["layout_furniture"] for page in pages)
    assert all(page.page_content.startswith(f"Page {k + 1} of the article") for k, page in enumerate(pages))


def test_a_two_page_document_s_lone_small_heads_are_furniture_and_its_footnote_is_text(tmp_path):
    # A title page under the journal's banner, then a page under its running head: each is the
    # only head of its kind, in small type at the top edge. The footnote in small type at the
    # second page's foot is text (a head's place is the top).
    banner, head = "Journal of Layout Studies 12 (2015) 150-157", "156 J. Smith et al. / Layout Studies"
    foot = "1 https://example.org/layout-studies/data"
    _two_pages(tmp_path / "excerpt.pdf", [[(72, banner)], [(72, head)]], 7, foot)
    pages = ColumnAwarePDFLoader(tmp_path / "excerpt.pdf").load()
    assert banner not in pages[0].page_content and head not in pages[1].page_content
    assert banner in pages[0].metadata["layout_furniture"] and head in pages[1].metadata["layout_furniture"]
    assert pages[1].page_content.rstrip().endswith(foot)


def test_a_two_page_document_s_long_head_in_two_short_parts_is_furniture(tmp_path):
    # A conference paper's second page: the conference flush left, the authors flush right, 17
    # words in all (too many for one running head) but each part short. The same words set as
    # one run of 17 at the edge are a line of text.
    venue, authors = "DocEng '19, September 23-26, 2019, Berlin, Germany", "D. von Seggern, K. Posselt, T. Hassan, and T. Zellmann"
    _two_pages(tmp_path / "paper.pdf", [[(72, "Proceedings of the Symposium")], [(72, venue), (330, authors)]], 7)
    pages = ColumnAwarePDFLoader(tmp_path / "paper.pdf").load()
    assert "Zellmann" not in pages[1].page_content and "Zellmann" in pages[1].metadata["layout_furniture"]
    assert pages[1].page_content.startswith("Page 2 of the article")
    _two_pages(tmp_path / "line.pdf", [[(72, "Proceedings of the Symposium")], [(72, f"{venue} {authors}")]], 7)
    assert "Zellmann" in ColumnAwarePDFLoader(tmp_path / "line.pdf").load()[1].page_content


def test_a_one_page_document_s_footnote_at_its_foot_is_text_its_small_foot_line_furniture(tmp_path):
    # A tender's one page: a small line at its foot is taken for its running foot (there is no
    # other page to repeat it), but not one that opens with a footnote's mark set raised in
    # smaller type: that is the footnote the text refers to.
    def page_with_foot(path, mark):
        doc = pymupdf.open()
        page = doc.new_page(width=595, height=842)
        page.insert_textbox(pymupdf.Rect(72, 72, 523, 400), "The contractor serves the member states of EFTA. " * 12,
                            fontsize=10)
        x = 72
        if mark:
            page.insert_text((72, 796), "1", fontsize=5)
            x = 76
        page.insert_text((x, 800), "European Free Trade Association. The member states are Switzerland, Iceland, "
                         "Norway and Liechtenstein.", fontsize=7)
        doc.save(path)

    page_with_foot(tmp_path / "note.pdf", mark=True)
    page = ColumnAwarePDFLoader(tmp_path / "note.pdf").load()[0]
    assert "Liechtenstein" in page.page_content and "Liechtenstein" not in page.metadata["layout_furniture"]
    page_with_foot(tmp_path / "foot.pdf", mark=False)
    page = ColumnAwarePDFLoader(tmp_path / "foot.pdf").load()[0]
    assert "Liechtenstein" not in page.page_content and "Liechtenstein" in page.metadata["layout_furniture"]


@pytest.mark.parametrize("numbers, furniture", [(("7", "8"), True), (("V", "V"), False)])
def test_a_landscape_page_s_number_astride_the_foot_zone_s_line_is_furniture(tmp_path, numbers, furniture):
    # A landscape page in two columns, its number centred under them: the number's box starts
    # just above the foot zone (a tenth of the page's height), whose line crosses it. It is the
    # page's number, not a word read between the columns. A capital letter there is as likely a
    # diagram's label (a tree's node "V") as a roman page number: it stays text.
    doc = pymupdf.open()
    for number in numbers:
        page = doc.new_page(width=842, height=595)
        for x0 in (72, 440):
            for y in range(82, 520, 12):
                page.insert_text((x0, y), "the wise reader holds the thread of the text and reads on", fontsize=10)
        page.insert_text((418, 544), number, fontsize=11)
    doc.save(tmp_path / "landscape.pdf")
    pages = ColumnAwarePDFLoader(tmp_path / "landscape.pdf").load()
    for page, number in zip(pages, numbers):
        edge = [part["text"] for part in json.loads(page.metadata.get("layout_furniture", "[]"))]
        assert (number not in page.page_content.split() and edge == [number]) is furniture
        assert (number in page.page_content.split() and edge == []) is not furniture


def test_a_book_s_foot_on_each_chapter_s_opening_page_is_furniture_after_its_first(tmp_path):
    # A book's chapters open every sixth page, each opening page carrying the publisher's foot:
    # further apart than the pages compared for repeats. From the second chapter on, the foot
    # that stood at that place before is furniture; the first is read before any other is seen.
    # A short line ("Exercise 3") repeated as far apart is no such foot.
    foot = "© 2024 Example Press GmbH. Published 2024 by Example Press GmbH."
    doc = pymupdf.open()
    for n in range(13):
        page = doc.new_page(width=595, height=842)
        page.insert_textbox(pymupdf.Rect(72, 72, 523, 600), f"Page {n} reads on about its chapter. " * 30, fontsize=10)
        if n % 6 == 0:
            page.insert_text((72, 800), foot, fontsize=7)
            page.insert_text((72, 815), "Exercise 3", fontsize=7)
    doc.save(tmp_path / "book.pdf")
    pages = ColumnAwarePDFLoader(tmp_path / "book.pdf").load()
    assert "Example Press" in pages[0].page_content
    for n in (6, 12):
        assert "Example Press" not in pages[n].page_content and "Example Press" in pages[n].metadata["layout_furniture"]
        assert "Exercise 3" in pages[n].page_content


def test_a_figure_caption_at_a_page_s_foot_leaves_the_sentence_that_goes_on_overleaf_whole(tmp_path):
    # Page 1's last sentence runs on to page 2; the figure's caption at the foot of page 1 is
    # read before the paragraph (and its heading), so the chunks hold the sentence whole.
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(72, 72, 523, 400), "The first section says what the corpus holds. " * 20,
                        fontsize=10)
    page.insert_text((72, 430), "2 Method", fontsize=14)
    page.insert_textbox(pymupdf.Rect(72, 445, 523, 560), "The method reads each page of the corpus in turn. " * 6
                        + "At the end of the page the reader carries this sentence over to the", fontsize=10)
    page.draw_rect(pymupdf.Rect(150, 600, 450, 760), color=(0, 0, 0), fill=(0.6, 0.6, 0.6))
    page.insert_text((72, 780), "Figure 1: The corpus by year of publication.", fontsize=8)
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(72, 72, 523, 400), "next page where it ends at last. " + "The rest follows. " * 20,
                        fontsize=10)
    doc.save(tmp_path / "overleaf.pdf")
    pages = ColumnAwarePDFLoader(tmp_path / "overleaf.pdf").load()
    first = pages[0].page_content
    assert first.index("Figure 1:") < first.index("2 Method")
    assert first.rstrip().endswith("carries this sentence over to the")
    chunks = [" ".join(c.page_content.split()) for c in BandAwareTextSplitter().split_documents(pages)]
    assert any("carries this sentence over to the next page where it ends at last." in c for c in chunks)
    # Read alone (the page asked for by itself, or a sample that stops there), the sentence runs
    # on nowhere: the caption stays where it stands, after the paragraph.
    alone = ColumnAwarePDFLoader(tmp_path / "overleaf.pdf", pages=[0]).load()[0].page_content
    assert alone.index("2 Method") < alone.index("carries this sentence over to the") < alone.index("Figure 1:")
    doc.delete_page(1)
    doc.save(tmp_path / "sample.pdf")
    sample = ColumnAwarePDFLoader(tmp_path / "sample.pdf").load()[0].page_content
    assert sample == alone


def test_on_a_page_alone_a_small_head_is_furniture_but_a_caption_at_the_foot_is_text(tmp_path):
    # A filing's running head opens as a float's label ("Exhibit 99.1") and is a head all the
    # same; the caption under a figure at the foot, in the same small type, is the page's text.
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 40), "Exhibit 99.1", fontsize=8)
    page.insert_textbox(pymupdf.Rect(72, 72, 523, 400), "The company reports its results for the year. " * 20,
                        fontsize=10)
    page.draw_rect(pymupdf.Rect(150, 600, 450, 760), color=(0, 0, 0), fill=(0.6, 0.6, 0.6))
    page.insert_text((72, 780), "Figure 1: Revenue by quarter.", fontsize=8)
    doc.save(tmp_path / "alone.pdf")
    page_doc = ColumnAwarePDFLoader(tmp_path / "alone.pdf").load()[0]
    assert "Exhibit 99.1" in page_doc.metadata["layout_furniture"] and "Exhibit" not in page_doc.page_content
    assert "Figure 1: Revenue by quarter." in page_doc.page_content


@pytest.mark.parametrize("over, size, kept", [
    ("Benutzungssatzung der Stadtbibliothek", 14, True),  # a title over it: its date
    ("", 0, False),  # alone at the top: a running head
    ("Research Article", 10.5, False),  # a line in about the body's type over it: still a running head
])
def test_on_a_page_alone_a_small_line_under_a_title_is_its_date_not_a_running_head(tmp_path, over, size, kept):
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    if over:
        page.insert_text((200, 55), over, fontsize=size)
    page.insert_text((240, 72), "vom 12. Dezember 2023", fontsize=8)
    page.insert_textbox(pymupdf.Rect(72, 110, 523, 400), "Diese Satzung gilt für die Benutzung der Bibliothek. " * 20,
                        fontsize=10)
    doc.save(tmp_path / "statute.pdf")
    page_doc = ColumnAwarePDFLoader(tmp_path / "statute.pdf").load()[0]
    assert ("vom 12. Dezember 2023" in page_doc.page_content) is kept


def test_a_diagram_s_labels_in_lower_case_atop_the_next_page_do_not_carry_its_sentence_on(tmp_path):
    # Page 1 leaves its sentence open. Page 2 opens with a diagram: its labels read as one
    # line that starts in lower case ("back  feed  Input ..."), but its words stand far apart,
    # so it is no prose. The sentence goes on in the paragraph under the caption, and that
    # paragraph is read first.
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(72, 72, 523, 760), "The first section says what the corpus holds. " * 40
                        + "The fourth command is analogous to the third but switched to proceed to", fontsize=10)
    page = doc.new_page(width=595, height=842)
    for k, label in enumerate(["back", "feed", "Input", "Gp", "Gi", "World"]):
        page.insert_text((100 + 65 * k, 90), label, fontsize=10)
    for k, code in enumerate(["\\begin{diagram}", "\\block{A}{feed}", "\\end{diagram}"]):
        page.insert_text((150, 120 + 10 * k, ), code, fontsize=8, fontname="cour")
    page.insert_text((150, 170), "Figure 3: Block creation commands and code", fontsize=10)
    page.insert_textbox(pymupdf.Rect(72, 195, 523, 760), "the left instead of the right, for the feedback loop. "
                        + "The rest of the section follows. " * 30, fontsize=10)
    doc.save(tmp_path / "overleaf.pdf")
    second = ColumnAwarePDFLoader(tmp_path / "overleaf.pdf").load()[1].page_content
    assert second.startswith("the left instead of the right")
    assert second.index("feedback loop.") < second.index("back feed Input") < second.index("Figure 3:")


def test_upside_down_lines_on_a_page_without_a_rotate_read_in_their_own_order(tmp_path):
    # Stored and shown upside down (no /Rotate): lines of several words that run right to left
    # by their boxes, glyphs upside down by their writing direction; read as a reader turning
    # the sheet would, as get_text() reads them.
    spec = two_column_page(6)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for w in spec.words:
        page.insert_text((612 - w.x, 792 - w.y), w.text, fontname=FONT, fontsize=SIZE, rotate=180)
    doc.save(tmp_path / "upside-down.pdf")
    read = ColumnAwarePDFLoader(tmp_path / "upside-down.pdf").load()[0]
    assert read.metadata["text_rotation"] == 180
    assert words(read.page_content) == " ".join(spec.reading).split()


def test_a_right_to_left_script_s_lines_turn_no_page(tmp_path):
    # Hebrew lines run right to left with upright glyphs: their boxes run backwards as upside-down
    # lines' do, their writing direction does not.
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_htmlbox(pymupdf.Rect(72, 72, 540, 400),
                        '<p dir="rtl">' + " ".join(["שלום עולם זהו משפט בעברית שנכתב מימין לשמאל"] * 12) + "</p>")
    doc.save(tmp_path / "hebrew.pdf")
    read = ColumnAwarePDFLoader(tmp_path / "hebrew.pdf").load()[0]
    assert read.metadata["text_rotation"] == 0
    assert sorted(read.page_content.split()) == sorted(pymupdf.open(tmp_path / "hebrew.pdf")[0].get_text().split())


def _footnoted_pages(path: Path, order: str = "native") -> None:
    """Two-column pages whose columns end in footnotes at the page's foot, the left column's
    note and the right column's second note on one baseline; the right column's lines sit half
    a line lower than the left's. The running foot repeats on every page."""
    doc = pymupdf.open()
    rnd = random.Random(2)
    for number in range(3):
        page = doc.new_page(width=612, height=792)
        placed: list[tuple[float, float, str, float]] = []
        left = f"Page {number} left column line {{}} goes on with words."
        right = f"Page {number} right column line {{}} carries more text."
        for k in range(48):
            placed.append((72, 100 + 12 * k, left.format(k), 10))
        for k in range(40):
            placed.append((316, 106 + 12 * k, right.format(k), 10))
        site = ("alpha", "beta", "gamma")[number]
        placed += [(72, 734, f"{3 * number + 1} https://{site}.example.org/left", 7),
                   (316, 725, f"{3 * number + 2} https://{site}.example.org/upper", 7),
                   (316, 734, f"{3 * number + 3} https://{site}.example.org/lower", 7),
                   (430, 765, "Journal of Tests 000, 1-10 (2026)", 8)]
        pieces = [(x + pymupdf.get_text_length(" ".join(line.split()[:i]) + (" " if i else ""), fontsize=size),
                   y, word, size)
                  for x, y, line, size in placed for i, word in enumerate(line.split())]
        if order == "shuffled":
            rnd.shuffle(pieces)
        for x, y, word, size in pieces:
            page.insert_text((x, y), word, fontsize=size)
    doc.save(path)


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_footnotes_at_the_foot_of_both_columns_end_their_own_columns(tmp_path, order):
    # The left column's note and the right column's second note share a baseline near the
    # page's edge: read as a footer candidate row they were one line across the gutter. (Under
    # a running foot, as here; notes that are the page's last rows stay a candidate row.)
    _footnoted_pages(tmp_path / "notes.pdf", order)
    for number, page in enumerate(ColumnAwarePDFLoader(tmp_path / "notes.pdf").load()):
        text = page.page_content
        lines = text.split("\n")
        site = ("alpha", "beta", "gamma")[number]
        left_note = f"{3 * number + 1} https://{site}.example.org/left"
        assert left_note in lines  # a line of its own
        # (the notes come after the column they end, or after both columns: a line each)
        assert text.index("left column line 47 ") < text.index(left_note)
        assert text.rstrip().endswith(f"{3 * number + 2} https://{site}.example.org/upper\n"
                                      f"{3 * number + 3} https://{site}.example.org/lower")
        assert "Journal of Tests" not in text  # the running foot stays furniture


def test_a_charts_sideways_labels_beside_upright_prose_turn_no_page(tmp_path):
    # 27 bar labels, one word each, set sideways under a chart outnumber the page's words of
    # upright prose; the page is still upright (only sideways prose turns a page).
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 90), "Results by country", fontsize=14)
    page.insert_textbox(pymupdf.Rect(72, 100, 540, 160), "Figure 4 shows the share of respondents in each "
                        "country who answered yes to the survey question.", fontsize=10)
    names = ("Austria Belgium Bulgaria Croatia Cyprus Czechia Denmark Estonia Finland France Germany Greece "
             "Hungary Ireland Italy Latvia Lithuania Luxembourg Malta Netherlands Poland Portugal Romania "
             "Slovakia Slovenia Spain Sweden").split()
    for k, name in enumerate(names):
        page.insert_text((100 + k * 16, 570), name, fontsize=8, rotate=90)
    page.insert_text((72, 600), "Figure 4: Share answering yes.", fontsize=9)
    doc.save(tmp_path / "bars.pdf")
    read = ColumnAwarePDFLoader(tmp_path / "bars.pdf").load()[0]
    assert read.metadata["text_rotation"] == 0
    assert read.page_content.startswith("Results by country\n\nFigure 4 shows the share")


def test_an_axis_title_up_the_margin_of_every_page_stays_text(tmp_path):
    # The same sideways axis title at the left edge of three upright pages is no running head
    # (side lines are furniture only on a page read turned).
    body = "Deep learning models were trained on the corpus and evaluated on held out data. " * 4 + "\n"
    doc = pymupdf.open()
    for k, dy in enumerate((-60, 0, 80)):
        page = doc.new_page(width=612, height=792)
        page.insert_textbox(pymupdf.Rect(72, 72, 540, 300 + dy), body * 4, fontsize=10)
        page.draw_rect(pymupdf.Rect(110, 330 + dy, 500, 560 + dy), color=(0, 0, 0), width=0.8)
        page.insert_text((280, 580 + dy), "Epoch", fontsize=9)
        page.insert_text((84, 480 + dy), "Accuracy (%)", fontsize=9, rotate=90)
        page.insert_text((72, 610 + dy), f"Figure {k + 1}: Training curve of model {k + 1}.", fontsize=9)
        page.insert_textbox(pymupdf.Rect(72, 630 + dy, 540, 760), body * 3, fontsize=10)
    doc.save(tmp_path / "curves.pdf")
    assert all("Accuracy (%)" in page.page_content for page in ColumnAwarePDFLoader(tmp_path / "curves.pdf").load())


@pytest.mark.parametrize("mark", ["CONFIDENTIAL DRAFT", "DRAFT"])
def test_a_watermark_across_two_columns_is_furniture_and_the_columns_read_whole(tmp_path, mark):
    sentence = ("The committee reviews every proposal submitted before the deadline and writes a "
                "careful report on each one of them. ")
    doc = pymupdf.open()
    for angle in (0, 25, 40, 55):  # upright, printed over the lines; climbing to the right
        page = doc.new_page(width=612, height=792)
        for x in (72, 312):
            page.insert_textbox(pymupdf.Rect(x, 72, x + 228, 720), sentence * 14, fontsize=10)
        at = pymupdf.Point(100, 650 if angle else 420)
        page.insert_text(at, mark, fontsize=40, color=(0.8, 0.8, 0.8), morph=(at, pymupdf.Matrix(angle)))
    path = tmp_path / "watermark.pdf"
    doc.save(path)
    for page in ColumnAwarePDFLoader(path).load():
        assert words(page.page_content) == (sentence * 28).split()
        furniture = json.loads(page.metadata["layout_furniture"])
        assert [(f["kind"], f["text"]) for f in furniture] == [("watermark", mark)]


@pytest.mark.parametrize("font", ["helv", "tiro"])
@pytest.mark.parametrize("gap", [12, 14, 18])
def test_a_headline_in_large_type_between_lines_is_no_watermark(tmp_path, font, gap):
    # A title in large type with its subtitle set close under it (inside the title's box, as far
    # as its descenders reach), over two columns.
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 110), "Annual Report of the Board", fontsize=40, fontname=font)
    page.insert_text((72, 110 + gap), "Prepared for the members of the foundation", fontsize=10, fontname=font)
    for x in (72, 312):
        page.insert_textbox(pymupdf.Rect(x, 140, x + 228, 720), "The committee met twice this year. " * 40,
                            fontsize=10)
    doc.save(tmp_path / "headline.pdf")
    with pymupdf.open(tmp_path / "headline.pdf") as pdf:
        frame = page_words(pdf[0], LayoutSettings())
    assert frame.watermarks == [] and "Annual" in [w.text for w in frame.words]
    page = ColumnAwarePDFLoader(tmp_path / "headline.pdf").load()[0]
    assert json.loads(page.metadata["layout_furniture"]) == []
    if gap >= 18:  # (closer, the subtitle shares the title's row: one line of both)
        assert " ".join(page.page_content.split()).startswith("Annual Report of the Board Prepared for")


def test_a_drop_cap_drawn_in_large_type_reads_as_its_words_first_letter(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 104), "T", fontsize=40)
    lines = ["he committee met twice this year to review the", "proposals submitted before the deadline and wrote",
             "a careful report on each one of them for the board.", "The board then decided which of the proposals",
             "would receive funding in the coming year."]
    for k, line in enumerate(lines):
        page.insert_text((100 if k < 3 else 72, 80 + 12 * k), line, fontsize=10)
    doc.save(tmp_path / "drop-cap.pdf")
    text = ColumnAwarePDFLoader(tmp_path / "drop-cap.pdf").load()[0].page_content
    assert words(text) == ("T" + " ".join(lines)).split()


def test_a_column_rule_drawn_in_the_pdf_parts_ragged_columns_drawn_in_any_order(tmp_path):
    # The page's drawn rule reaches the layout: two columns of nested list items (no edge lines
    # up on either side of an 8-point gap), their lines drawn in shuffled order, a rule down the
    # gap. Without the rule the same page reads rows across.
    items = [(side, k) for side in (0, 1) for k in range(18)]
    random.Random(5).shuffle(items)
    pdfs = {}
    for ruled in (False, True):
        doc = pymupdf.open()
        page = doc.new_page()
        for side, k in items:
            depth = [0, 1, 2, 3, 4, 3, 2, 1][k % 8]
            text = " ".join([f"{'LR'[side]}{k}item"] + ["word"] * (2 + (k * 7) % 4))
            page.insert_text(((60, 268)[side] + 14 * depth, 80 + 20 * k), text, fontsize=10, fontname="helv")
        if ruled:
            page.draw_line((264, 68), (264, 80 + 20 * 18), width=0.4)
        doc.save(tmp_path / f"ruled{ruled}.pdf")
        pdfs[ruled] = list(ColumnAwarePDFLoader(tmp_path / f"ruled{ruled}.pdf").lazy_load())[0].page_content
    labels = [t for t in pdfs[True].split() if t.endswith("item")]
    assert labels == [f"L{k}item" for k in range(18)] + [f"R{k}item" for k in range(18)]
    assert [t for t in pdfs[False].split() if t.endswith("item")] != labels


def test_words_boxed_far_taller_than_their_glyphs_are_read_again_glyph_tight(tmp_path, monkeypatch):
    # An unnamed embedded font whose ascender and descender lie far off its glyphs: MuPDF boxes
    # each word ten lines high, so every line overlaps the next ones and rows run together. The
    # page is read again with boxes tight around the glyphs (TEXT_ACCURATE_BBOXES), in order.
    doc = pymupdf.open()
    page = doc.new_page()
    lines = ["1. Name of the insurance product", "a. Savings plan with monthly payments",
             "b. Savings plan with a living allowance", "c. Savings plan paid at once",
             "2. Term of the contract and age at entry"]
    for k, line in enumerate(lines):
        page.insert_text((72, 100 + 24 * k), line, fontsize=10, fontname="helv")
    doc.save(tmp_path / "tall.pdf")

    real = pymupdf.Page.get_textpage

    class TallBoxes:
        """MuPDF's text page as such a font makes it: every word's box ten lines deep."""

        def __init__(self, tp):
            self._tp = tp

        def __getattr__(self, name):
            return getattr(self._tp, name)

        def extractWORDS(self):
            return [(x0, y0, x1, y1 + 240, *rest) for x0, y0, x1, y1, *rest in self._tp.extractWORDS()]

    def get_textpage(self, *args, flags=0, **kw):
        tp = real(self, *args, flags=flags, **kw)
        return tp if flags & pymupdf.TEXT_ACCURATE_BBOXES else TallBoxes(tp)

    monkeypatch.setattr(pymupdf.Page, "get_textpage", get_textpage)
    text = ColumnAwarePDFLoader(tmp_path / "tall.pdf", ocr="off").load()[0].page_content
    assert words(text) == words(" ".join(lines))


def test_a_page_whose_words_mupdf_loses_is_read_by_its_text_blocks(tmp_path, monkeypatch, caplog):
    # A font whose glyphs have no width (PyMuPDF's test_3705.pdf): a line's characters pile up
    # at its start and MuPDF's words come out as a fifth of the text, where its text and its
    # blocks hold it all. The page is read by its blocks, with a warning: no text is lost.
    doc = pymupdf.open()
    page = doc.new_page()
    paragraphs = ["The contractor shall keep the site safe for every worker and visitor at all times.",
                  "Every accident is reported to the owner within one day of its occurrence."]
    for k, text in enumerate(paragraphs):
        page.insert_textbox(pymupdf.Rect(72, 100 + 60 * k, 400, 150 + 60 * k), text, fontsize=10, fontname="helv")
    doc.save(tmp_path / "lost.pdf")
    real = pymupdf.TextPage.extractWORDS
    monkeypatch.setattr(pymupdf.TextPage, "extractWORDS", lambda self, *a, **k: real(self, *a, **k)[::5])
    with caplog.at_level("WARNING"):
        text = ColumnAwarePDFLoader(tmp_path / "lost.pdf", ocr="off").load()[0].page_content
    assert words(text) == words(" ".join(paragraphs))
    assert "lose most of its text" in caplog.text


@pytest.mark.parametrize("rotation", [0, 90])
def test_boxes_of_type_set_past_the_page_edge_are_cut_to_the_page(tmp_path, rotation):
    """A box says where to look on the page: a glyph larger than the page, or a line run off
    its edge, gives a box inside it (PyMuPDF's own word boxes run past)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((0, 700), "W", fontsize=900)
    page = doc.new_page()
    page.insert_text((72, 100), "A line of text that runs on and on past the right edge of the paper " * 2, fontsize=11)
    page.insert_text((72, 140), "The next line stays on the page.", fontsize=11)
    for p in doc:
        p.set_rotation(rotation)
    doc.save(tmp_path / "edge.pdf")
    assert max(w[2] for w in pymupdf.open(tmp_path / "edge.pdf")[1].get_text("words")) > 595
    docs = ColumnAwarePDFLoader(tmp_path / "edge.pdf").load()
    chunks = BandAwareTextSplitter().split_documents(docs)
    width, height = 595, 842  # the page as stored: the boxes' coordinates, rotated or not
    for d in docs:
        for block in json.loads(d.metadata["layout_blocks"]):
            x0, y0, x1, y1 = block["bbox"]
            assert 0 <= x0 <= x1 <= width and 0 <= y0 <= y1 <= height, block["bbox"]
    for c in chunks:
        m = c.metadata
        assert 0 <= m["bbox_x0"] <= m["bbox_x1"] <= width and 0 <= m["bbox_y0"] <= m["bbox_y1"] <= height


MINUTES = ("The council met on Monday. It approved the budget for the new library and asked the "
           "architects for a plan of the reading rooms by the end of the month. ") * 5
ACCOUNTS = ("Revenue grew by twelve percent while operating costs fell slightly over the year, "
            "and the board proposed a dividend of four cents a share. ") * 4


def _read_words(text: str) -> list[str]:
    return [w.strip(".,") for w in text.split()]


@pytest.mark.parametrize("rotate", [90, 270])  # the sideways column reads up, or down
def test_a_column_set_sideways_beside_upright_text_reads_as_one_paragraph(tmp_path, rotate):
    """A column of several lines set sideways (a table or a note turned on the page) is one
    block, its lines in the order they are read: left to right when they read up, right to left
    when they read down; the upright column beside it is read whole before it."""
    doc = pymupdf.open()
    page = doc.new_page()
    assert page.insert_textbox(pymupdf.Rect(40, 72, 290, 720), MINUTES, fontsize=10) >= 0
    assert page.insert_textbox(pymupdf.Rect(330, 150, 540, 720), ACCOUNTS, fontsize=10, rotate=rotate) >= 0
    doc.save(tmp_path / "mixed.pdf")
    read = ColumnAwarePDFLoader(tmp_path / "mixed.pdf").load()[0]
    assert read.metadata["text_rotation"] == 0
    assert _read_words(read.page_content) == _read_words(MINUTES + ACCOUNTS)
    sideways = [b for b in json.loads(read.metadata["layout_blocks"]) if "Revenue" in read.page_content[b["start"]:b["end"]]]
    assert len(sideways) == 1 and sideways[0]["bbox"][0] > 300


def test_upright_lines_on_a_page_read_sideways_keep_their_order(tmp_path):
    """More words set sideways than upright: the page is read turned, and the upright column
    (sideways in that frame, reading down) still reads line after line, top to bottom."""
    doc = pymupdf.open()
    page = doc.new_page()
    assert page.insert_textbox(pymupdf.Rect(40, 72, 290, 720), MINUTES[:400], fontsize=10) >= 0
    assert page.insert_textbox(pymupdf.Rect(320, 72, 560, 720), ACCOUNTS * 2, fontsize=10, rotate=90) >= 0
    doc.save(tmp_path / "turned.pdf")
    read = ColumnAwarePDFLoader(tmp_path / "turned.pdf").load()[0]
    assert read.metadata["text_rotation"] != 0
    words = _read_words(read.page_content)
    upright = _read_words(MINUTES[:400])
    start = words.index(upright[0])
    assert words[start:start + len(upright)] == upright


def test_a_table_and_its_note_at_a_page_s_foot_leave_the_sentence_under_a_heading_line_whole(tmp_path):
    # The page's last paragraph opens with its heading on a line of its own in the paragraph's
    # block and leaves its sentence open for the next page; a ruled table and its note in small
    # type (its mark in the table's head) stand at the page's foot. The table goes before the
    # paragraph with its note, so the sentence runs on from this page's last words to the next
    # page's first.
    from .tablepdf import LEAD, Page, simple_table, write

    first = Page()
    y = first.prose(72, 100, 450, "The first section says what the corpus holds and how it was drawn. " * 6)
    first.text(72, y, "Summary estimates")
    first.prose(72, y + LEAD, 450, "The mean change of the first measure was about twelve units in all seven "
                "studies and the changes were higher in the treated groups than in the others. " * 3
                + "The mean change of the second measure was")
    rows = [["Group", "Estimate", "p Value*"], ["Children", "11.77", "2.40 to 21.15"],
            ["Adults", "15.11", "7.87 to 22.35"], ["Bismuth", "20.73", "7.85 to 33.61"]]
    first.table(simple_table(150, 560, [110, 80, 110], rows))
    first.text(150, 640, "*The p value is a test for heterogeneity of the subgroup.", size=6.5)
    second = Page()
    second.prose(72, 100, 450, "calculated to be ten units in every study. " + "The rest follows from it. " * 12)
    for order in ("native", "shuffled"):  # the words drawn in reading order, or in any order
        pages = ColumnAwarePDFLoader(write(tmp_path / f"table_note_{order}.pdf", [first, second], order)).load()
        text = pages[0].page_content
        assert text.index("Children") < text.index("heterogeneity") < text.index("Summary estimates")
        assert text.rstrip().endswith("The mean change of the second measure was")
        chunks = [" ".join(c.page_content.split()) for c in BandAwareTextSplitter().split_documents(pages)]
        assert any("the second measure was calculated to be ten units in every study." in c for c in chunks)


def _picture_page(doc: pymupdf.Document, last_words: str) -> None:
    """A textbook's page: the body column on the right, its last paragraph running to the page's
    foot; a picture on the left, its caption under it in small type and its credit up its side."""
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(220, 72, 540, 300), "The first part of the chapter says what the infant can do. "
                        * 7, fontsize=10.5)
    page.insert_textbox(pymupdf.Rect(220, 320, 540, 790), "Infants who crawl see the room change around them "
                        "as they move. " * 22 + last_words, fontsize=10.5)
    page.draw_rect(pymupdf.Rect(40, 450, 200, 690), color=(0, 0, 0), fill=(0.6, 0.6, 0.6))
    page.insert_text((34, 690), "Photo Agency / Picture Library", fontsize=6, rotate=90)
    page.insert_textbox(pymupdf.Rect(40, 700, 200, 760), "As infants swing back and forth they see changes in "
                        "optical flow, leading to a better sense of distance.", fontsize=8)


def test_a_picture_s_caption_and_credit_beside_a_page_s_open_end_leave_its_sentence_whole(tmp_path):
    # The caption (no label) and the credit set sideways stand beside the last paragraph, under
    # a picture, not under any text: they go before the paragraph, and the sentence runs on from
    # this page's last words to the next page's first.
    doc = pymupdf.open()
    _picture_page(doc, "Then big brother releases her and allows her to approach")
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(220, 72, 540, 400), "the dog unsupervised. " + "The room grows as she goes. " * 12,
                        fontsize=10.5)
    doc.save(tmp_path / "picture.pdf")
    pages = ColumnAwarePDFLoader(tmp_path / "picture.pdf").load()
    first = pages[0].page_content
    assert first.rstrip().endswith("allows her to approach")
    assert first.index("optical flow") < first.index("Infants who crawl")
    chunks = [" ".join(c.page_content.split()) for c in BandAwareTextSplitter().split_documents(pages)]
    assert any("allows her to approach the dog unsupervised." in c for c in chunks)
    assert not any("approach As infants" in c or "approach Photo" in c for c in chunks)



def test_a_sentence_carried_onto_a_page_mostly_in_a_box_of_smaller_type_is_read_first(tmp_path):
    # Page 1 leaves its sentence open. Page 2 holds a margin note at its top and a short body
    # paragraph that carries the sentence on, then a box of exercises in smaller type that holds
    # most of the page's words. The carried paragraph is in the type the sentence left page 1
    # in: it is read before the note, not taken for a float of page 2's own type.
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(200, 72, 540, 780), "The chapter says what the infant can do at each age. "
                        * 38 + "Today, the definition of early", fontsize=11)
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(40, 72, 150, 140), "secular trend: a trend toward earlier growth.", fontsize=8)
    page.insert_textbox(pymupdf.Rect(200, 72, 540, 180), "puberty remains puberty begun before eight years of "
                        "age. The trend began long ago in the richer nations.", fontsize=11)
    for x in (60, 310):
        page.insert_textbox(pymupdf.Rect(x, 230, x + 230, 780), "Check your understanding of the trends here. " * 40,
                            fontsize=9)
    doc.save(tmp_path / "carried.pdf")
    pages = ColumnAwarePDFLoader(tmp_path / "carried.pdf").load()
    assert pages[1].page_content.startswith("puberty remains")
    chunks = [" ".join(c.page_content.split()) for c in BandAwareTextSplitter().split_documents(pages)]
    assert any("the definition of early puberty remains puberty begun" in c for c in chunks)
