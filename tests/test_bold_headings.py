"""Headings in the body's size that only a bold face sets apart (Word's, an HTML export's): the
PDF edge tells which words are bold, the engine makes such a short line a heading."""
from __future__ import annotations

import json

import pymupdf
import pytest

from columnrag.chunking import BandAwareTextSplitter
from columnrag.loaders import ColumnAwarePDFLoader, LayoutSettings, Word, analyze_page
from columnrag.loaders.engine.geometry import HEADING

from .boxes import PITCH, column, reseq

_BEFORE = ["The committee reviewed the quarterly figures before the", "annual meeting and found them sound."]
_AFTER = ["Employees may carry over up to five days of unused", "leave into the next year when it is approved."]


def _blocks(lines: list[str], bold_lines: set[str], ask: bool = True) -> dict[str, object]:
    """The blocks, by text, of a column of `lines` at one pitch; the lines in `bold_lines` set in
    bold (the words' face as the PDF edge would tell it)."""
    words = reseq(column(lines, 72, 100))
    bold_words = {w.text for line in bold_lines for w in column([line], 0, 0)}

    def bold(ws: list[Word]) -> list[bool]:
        return [w.text in bold_words for w in ws]

    layout = analyze_page(words, 612, 792, LayoutSettings(), bold=bold if ask else None)
    return {" ".join(line.text for line in b.lines): b for b in layout.blocks}


@pytest.mark.parametrize("before", [
    _BEFORE,  # after a paragraph
    ["2 Methods"],  # right under a heading
])
def test_a_short_line_in_bold_over_text_that_is_not_is_a_heading(before):
    head = "Carrying over unused leave"
    blocks = _blocks(before + [head] + _AFTER, {head})
    assert blocks[head].kind == HEADING and blocks[head].bold
    assert head not in _blocks(before + [head] + _AFTER, {head}, ask=False)  # (without the faces: no heading)


def test_a_bold_heading_is_one_line_whatever_the_line_under_it():
    # A numbered line under it would pass for a heading's second line: it is the text's.
    lines = _BEFORE + ["Method", "1 Preheat the oven to 180 degrees", "The cake keeps for three days in a tin."]
    assert _blocks(lines, {"Method"})["Method"].kind == HEADING


@pytest.mark.parametrize("lines, bold_lines", [
    (_BEFORE + ["Notes on the plan:"] + _AFTER, {"Notes on the plan:"}),  # a run-in label
    (_BEFORE + ["Keep out of reach of children!"] + _AFTER, {"Keep out of reach of children!"}),  # a warning
    (_BEFORE + ["repeat until done"] + _AFTER, {"repeat until done"}),  # an algorithm's keywords
    (_BEFORE + ["Carrying over unused leave"] + _AFTER, {"Carrying over unused leave", *_AFTER}),  # bold text too
    ([_BEFORE[0], "annual meeting and found them"] + ["Carrying over unused leave"] + _AFTER,
     {"Carrying over unused leave"}),  # inside a sentence that runs on
    (_BEFORE + ["Full name", "John Smith", "Date of purchase", "12 March 2024"], {"Full name", "Date of purchase"}),
])
def test_a_bold_line_is_no_heading_where_it_labels_warns_runs_on_or_stands_in_bold_text(lines, bold_lines):
    blocks = _blocks(lines, bold_lines)
    assert not any(b.kind == HEADING for text, b in blocks.items() if text in " ".join(lines))


def test_bold_headings_in_the_body_s_size_head_their_sections(tmp_path):
    """Two columns, the body in 10-point Helvetica, each section's heading in Helvetica Bold a
    little smaller (9.5 points), at the body's pitch."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((60, 60), "Employee handbook", fontsize=20, fontname="hebo")
    sections = ["Annual leave", "Carrying over unused leave", "Parental and adoption leave", "Working from home"]
    body = ("Requests must be approved by the line manager before the end of the month in which they are made. "
            "Every request is answered in writing within five working days.")
    x, y = 60.0, 100.0
    lines = ["This handbook sets out the rules that apply to every employee of the company in all of its offices."]
    for head in sections:
        lines += [f"#{head}"] + [body]
    for text in lines:
        bold = text.startswith("#")
        words, line = text.lstrip("#").split(), ""
        for word in words + [None]:
            if word is not None and pymupdf.get_text_length(f"{line} {word}".strip(), fontsize=10) < 225:
                line = f"{line} {word}".strip()
                continue
            page.insert_text((x, y), line, fontsize=9.5 if bold else 10, fontname="hebo" if bold else "helv")
            y += 13
            if y > 760:
                x, y = 320.0, 100.0
            line = word or ""
    doc.save(tmp_path / "handbook.pdf")
    docs = ColumnAwarePDFLoader(str(tmp_path / "handbook.pdf"), ocr="off").load()
    marked = [docs[0].page_content[b["start"]:b["end"]] for b in json.loads(docs[0].metadata["layout_blocks"])
              if b.get("bold")]
    assert marked == sections
    chunks = BandAwareTextSplitter(chunk_size=60).split_documents(docs)
    for head in sections:
        opening = [c for c in chunks if c.page_content.startswith(head + "\n")]
        assert len(opening) == 1 and opening[0].metadata["section"] == head, head




@pytest.mark.parametrize("pair, heading", [
    (["§ 3", "Registration and library card"], True),  # a statute's sign and number over its title
    (["Carrying over unused leave and", "Other Kinds of Absence"], True),  # a title broken over two lines
    (["II.5 COMMUNICATION BETWEEN THE PARTIES", "II.5.1 Form and means"], False),  # the second has a number of its own
])
def test_two_bold_lines_one_under_the_other_over_prose_are_one_heading(pair, heading):
    blocks = _blocks(_BEFORE + pair + _AFTER, set(pair))
    joined = " ".join(pair)
    assert (joined in blocks and blocks[joined].kind == HEADING) is heading
    assert joined not in _blocks(_BEFORE + pair + _AFTER, set(pair), ask=False)  # (without the faces: none)


def test_a_diagram_s_labels_in_bold_over_its_caption_are_no_heading():
    labels = ["User with", "Full Access"]
    lines = _BEFORE + labels + ["Figure 1-2 Existing row and column controls of the database"]
    blocks = _blocks(lines, set(labels))
    assert not any(b.kind == HEADING for text, b in blocks.items() if "User with" in text)


def test_a_statute_s_sections_set_on_two_bold_lines_head_their_paragraphs(tmp_path):
    """German statutes set "§ 3" on a line of its own over the section's title, both in bold in
    the body's size, and the section's paragraphs "(1) ..." under them."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 80.0
    for sign, title in [("§ 3", "Anmeldung und Bibliotheksausweis"), ("§ 4", "Haftung")]:
        for text in (sign, title):
            width = pymupdf.get_text_length(text, fontname="hebo", fontsize=10)
            page.insert_text(((595 - width) / 2, y), text, fontsize=10, fontname="hebo")
            y += 13
        for n in (1, 2):
            for line in [f"({n}) Die Benutzer sind verpflichtet, die entliehenen Medien sorgfältig zu behandeln",
                         "und vor Beschädigung und Verlust zu bewahren, solange sie diese entliehen haben."]:
                page.insert_text((72, y), line, fontsize=10, fontname="helv")
                y += 13
        y += 13
    doc.save(tmp_path / "satzung.pdf")
    docs = ColumnAwarePDFLoader(str(tmp_path / "satzung.pdf"), ocr="off").load()
    chunks = BandAwareTextSplitter(chunk_size=40).split_documents(docs)
    sections = {c.metadata["section"] for c in chunks}
    assert sections == {"§ 3 Anmeldung und Bibliotheksausweis", "§ 4 Haftung"}


@pytest.mark.parametrize("head, under, space, heading", [
    ("Valuation upside, dividend gives good support too", _AFTER, 8.0, True),  # set apart, over a fresh sentence
    ("Valuation upside, dividend gives good support too", _AFTER, 0.0, False),  # at the text's pitch: not asked
    ("The committee strongly recommends that all of its", ["members attend the meeting on Friday at noon",
                                                           "and bring their papers with them to the hall."], 8.0,
     False),  # its sentence runs on under it
])
def test_a_bold_line_that_fills_the_measure_heads_only_a_sentence_that_opens_afresh(head, under, space, heading):
    words = reseq(column(_BEFORE, 72, 100) + column([head] + under, 72, 100 + len(_BEFORE) * PITCH + space))
    bold_words = {w.text for w in column([head], 0, 0)}
    layout = analyze_page(words, 612, 792, LayoutSettings(), bold=lambda ws: [w.text in bold_words for w in ws])
    blocks = {" ".join(line.text for line in b.lines): b for b in layout.blocks}
    assert (head in blocks and blocks[head].kind == HEADING) is heading
