"""Tables on PDFs the tests draw: found, read cell by cell, kept out of the prose, chunked whole."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pymupdf
import pytest

from columnrag.chunking import BandAwareTextSplitter
from columnrag.loaders import ColumnAwarePDFLoader
from columnrag.loaders.contract import decode_blocks

from .tablepdf import LEAD, LOREM, PAD, Cell, Page, TableSpec, in_pieces, simple_table, write

HEADER = ["Region", "2021", "2022", "Change"]
BODY = [["North", "1,204", "1,310", "7.0"], ["South", "986", "1,021", "-2.3"], ["East", "1,533", "1,498", "1.4"],
        ["West", "812", "870", "3.9"]]


def tables_of(path: Path, **kw) -> list[tuple[int, list[list[str]], str]]:
    """(page, rows, caption) of every table block the loader gives."""
    out = []
    for doc in ColumnAwarePDFLoader(path, **kw).load():
        for b in decode_blocks(doc.metadata):
            if b.kind == "table":
                out.append((doc.metadata["page"], b.rows, b.caption))
    return out


def page_with(table: TableSpec, caption: str = "Table 1. Sales by region") -> Page:
    p = Page()
    y = p.prose(72, 80, 451, LOREM)
    p.text(72, table.ys[0] - 8, caption)
    p.table(table)
    p.prose(72, table.ys[-1] + 30, 451, LOREM)
    return p


@pytest.mark.parametrize("rules", ["grid", "booktabs", "none"])
def test_a_table_is_read_cell_by_cell_ruled_or_not(tmp_path, rules):
    t = simple_table(72, 170, [120, 90, 90, 90], [HEADER] + BODY, rules)
    found = tables_of(write(tmp_path / "t.pdf", [page_with(t)]))
    assert found == [(0, t.grid(), "Table 1. Sales by region")]


def test_the_page_text_holds_a_markdown_table_out_of_the_prose(tmp_path):
    t = simple_table(72, 170, [120, 90, 90, 90], [HEADER] + BODY)
    doc = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [page_with(t)])).load()[0]
    text = doc.page_content
    assert "Table 1. Sales by region\n\n| Region | 2021 | 2022 | Change |\n| --- | --- | --- | --- |\n" in text
    assert "| North | 1,204 | 1,310 | 7.0 |" in text
    assert text.count("The committee reviewed") == 2  # both paragraphs, neither inside the table
    block = next(b for b in decode_blocks(doc.metadata) if b.kind == "table")
    assert text[block.start:block.end].startswith("Table 1.") and text[block.start:block.end].endswith("| 3.9 |")
    assert 70 <= block.box.x0 <= 73 and 460 <= block.box.x1 <= 464  # its box is the table's


def test_spanning_cells_give_their_text_in_every_position_they_cover(tmp_path):
    xs, ys = [72, 180, 260, 340, 420], [170, 186, 202, 218, 234]
    cells = [Cell(0, 0, "Region", rows=2), Cell(0, 1, "Primary", cols=2), Cell(0, 3, "Secondary"),
             Cell(1, 1, "Girls"), Cell(1, 2, "Boys"), Cell(1, 3, "All"),
             Cell(2, 0, "Coast"), Cell(2, 1, "12"), Cell(2, 2, "13"), Cell(2, 3, "25"),
             Cell(3, 0, "Lake"), Cell(3, 1, "7"), Cell(3, 2, "8"), Cell(3, 3, "15")]
    t = TableSpec(xs, ys, cells, "grid")
    found = tables_of(write(tmp_path / "t.pdf", [page_with(t)]))
    assert found[0][1] == t.grid()
    assert found[0][1][:2] == [["Region", "Primary", "Primary", "Secondary"], ["Region", "Girls", "Boys", "All"]]


def test_spans_that_nest_either_way_in_one_table_keep_it_a_table(tmp_path):
    """A county over the plans it has in one group of rows, a plan over the counties it serves
    in the next: the spans nest, one way then the other; the table is one table, each row with
    its county and plan."""
    xs, ys = [72, 130, 230, 380, 450], [170 + 16 * k for k in range(9)]
    cells = [Cell(0, 0, "Type"), Cell(0, 1, "County"), Cell(0, 2, "Plan"), Cell(0, 3, "Total"),
             Cell(1, 0, "GMC", rows=4), Cell(1, 1, "Sacramento", rows=2), Cell(3, 1, "San Diego", rows=2),
             Cell(1, 2, "Anthem"), Cell(2, 2, "Kaiser"), Cell(3, 2, "Molina"), Cell(4, 2, "Health Net"),
             Cell(5, 0, "COHS", rows=3), Cell(5, 1, "Marin"), Cell(6, 1, "Napa"), Cell(7, 1, "Yolo"),
             Cell(5, 2, "Partnership", rows=3)]
    cells += [Cell(r, 3, f"{100 + 7 * r:,}") for r in range(1, 8)]
    t = TableSpec(xs, ys, cells, "grid")
    [(_, rows, _)] = tables_of(write(tmp_path / "t.pdf", [page_with(t)]))
    assert rows == t.grid()


def test_a_long_cell_spanning_rows_is_given_once(tmp_path):
    """A form's address beside three rows of fields: given in its first row only, not three
    times over (a short label spanning rows is given in each, as above)."""
    xs, ys = [72, 300, 460], [170, 186, 202, 218, 234, 250]
    address = "Consignee: Float Glass Centre\n23 Devaraja Mudali Street\nChennai 600003 India"
    cells = [Cell(0, 0, "Party"), Cell(0, 1, "Field"),
             Cell(1, 0, address, rows=3), Cell(1, 1, "Operator: Li"), Cell(2, 1, "Sales: SA203"),
             Cell(3, 1, "Phone: 18222150"), Cell(4, 0, "Carrier"), Cell(4, 1, "CMA CGM")]
    t = TableSpec(xs, ys, cells, "grid")
    [(_, rows, _)] = tables_of(write(tmp_path / "t.pdf", [page_with(t)]))
    assert [row[0] for row in rows] == ["Party", " ".join(address.split()), "", "", "Carrier"]
    assert [row[1] for row in rows] == ["Field", "Operator: Li", "Sales: SA203", "Phone: 18222150", "CMA CGM"]


def test_a_cell_wrapped_onto_several_lines_is_one_cell(tmp_path):
    rows = [["ID", "Risk", "Owner"],
            ["R1", "Supplier delivers\ncomponents late", "Purchasing"],
            ["R2", "Key staff leave", "HR"],
            ["R3", "Budget overrun on\nthe data platform\nmigration", "Finance"]]
    t = simple_table(72, 170, [60, 200, 120], rows, "grid")
    assert tables_of(write(tmp_path / "t.pdf", [page_with(t)]))[0][1] == t.grid()


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_word_a_cell_breaks_at_a_line_end_is_whole_again(tmp_path, order):
    # As in a paragraph: a word hyphenated at the cell's line end is joined, a compound keeps its
    # hyphen, and a hyphen before a capital ("Norm-" "Trittschallpegel") joins the two parts.
    rows = [["ID", "Requirement", "Owner"],
            ["R1", "Sound insu-\nlation of walls", "Planning"],
            ["R2", "Coal-\nbased heating", "Facilities"],
            ["R3", "Norm-\nTrittschallpegel", "Acoustics"]]
    t = simple_table(72, 170, [60, 200, 120], rows, "grid")
    found = tables_of(write(tmp_path / "t.pdf", [page_with(t)], order, seed=3))[0][1]
    assert [row[1] for row in found] == ["Requirement", "Sound insulation of walls", "Coal-based heating",
                                         "Norm-Trittschallpegel"]


def _two_columns(table_x: float, widths: list[float], rows: list[list[str]], order: str, tmp_path: Path) -> Path:
    return write(tmp_path / f"cols-{order}-{table_x}.pdf", [_two_column_page(table_x, widths, rows)], order, seed=5)


def _two_column_page(table_x: float, widths: list[float], rows: list[list[str]]) -> Page:
    """Two columns of prose, a captioned table in one of them (starting at `table_x`)."""
    p = Page()
    left = p.prose(72, 80, 215, LOREM)
    t = simple_table(table_x, left + 20, widths, rows, "booktabs")
    p.text(table_x, t.ys[0] - 8, "Table 2. Yield by plot")
    p.table(t)
    below = t.ys[-1] + 30
    p.prose(72 if table_x < 300 else 308, below, 215, LOREM)
    for y in (80, below):
        p.prose(308 if table_x < 300 else 72, y, 215, LOREM)
    return p


ROWS = [["Plot", "Variety", "2022"], ["A1", "Arda", "6.1"], ["A2", "Arda", "5.8"], ["B1", "Bora", "7.2"],
        ["C1", "Celt", "5.5"]]


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_table_inside_one_column_beside_text_in_any_drawing_order(tmp_path, order):
    found = tables_of(_two_columns(72, [70, 70, 60], ROWS, order, tmp_path))
    assert found == [(0, ROWS, "Table 2. Yield by plot")]


@pytest.mark.parametrize("parts", [2, 3])
def test_a_page_whose_words_are_drawn_in_pieces_out_of_order_reads_as_the_page_drawn_whole(tmp_path, parts):
    # Each word drawn as pieces touching, in random order: MuPDF gives every piece as a word.
    # The table's cells would pass for lines of several words, and its columns for the page's.
    whole = _two_columns(72, [70, 70, 60], ROWS, "native", tmp_path)
    pieces = write(tmp_path / "pieces.pdf", [in_pieces(_two_column_page(72, [70, 70, 60], ROWS), parts)],
                   "shuffled", seed=5)
    with pymupdf.open(pieces) as doc:
        assert "Pl" in [w[4] for w in doc[0].get_text("words")]  # (the drawing does give pieces)
    assert tables_of(pieces) == [(0, ROWS, "Table 2. Yield by plot")]
    read = ColumnAwarePDFLoader(pieces).load()[0].page_content
    assert read == ColumnAwarePDFLoader(whole).load()[0].page_content


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_table_wider_than_a_column(tmp_path, order):
    p = Page()
    for x in (72, 308):
        p.prose(x, 80, 215, LOREM)
    rows = [["Method", "Set A", "Set B", "Set C", "Set D", "Mean"],
            ["Baseline", "71.2", "64.8", "80.1", "58.3", "68.6"],
            ["Rules", "74.5", "66.1", "82.4", "61.0", "71.0"], ["Neural", "79.9", "70.3", "85.2", "66.4", "75.5"]]
    t = simple_table(72, 180, [120, 66, 66, 66, 66, 66], rows, "booktabs")
    p.text(72, 172, "Table 3. Accuracy by method")
    p.table(t)
    for x in (72, 308):
        p.prose(x, t.ys[-1] + 30, 215, LOREM)
    found = tables_of(write(tmp_path / f"wide-{order}.pdf", [p], order, seed=9))
    assert found == [(0, rows, "Table 3. Accuracy by method")]


def test_a_table_continued_on_the_next_page_is_found_on_both_with_its_header(tmp_path):
    head = ["Date", "Reference", "Debit", "Credit"]
    rows = [[f"{d:02d}/03/2024", f"INV-{4100 + d}", f"{10 * d}.50", ""] for d in range(1, 17)]
    first = Page()
    y = first.prose(72, 80, 451, LOREM)
    t1 = simple_table(72, 560, [100, 120, 100, 100], [head] + rows[:12], "none")
    first.text(72, 552, "Table 4. General ledger")
    first.table(t1)
    second = Page()
    t2 = simple_table(72, 80, [100, 120, 100, 100], [head] + rows[12:], "none")
    second.table(t2)
    second.prose(72, t2.ys[-1] + 30, 451, LOREM)
    found = tables_of(write(tmp_path / "ledger.pdf", [first, second]))
    assert [(page, table[0]) for page, table, _ in found] == [(0, head), (1, head)]
    assert found[0][1] == [head] + rows[:12] and found[1][1] == [head] + rows[12:]


def test_a_table_interrupting_a_sentence_comes_after_the_sentence(tmp_path):
    p = Page()
    p.text(72, 80, "The survey was repeated in spring and the results, which are set out")
    t = simple_table(72, 100, [120, 90, 90, 90], [HEADER] + BODY, "grid")
    p.table(t)
    p.text(72, t.ys[-1] + 20, "below, agree with those of the previous study.")
    docs = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p])).load()
    text = docs[0].page_content
    assert text.index("set out") < text.index("below, agree") < text.index("| Region")
    chunks = [c.page_content for c in BandAwareTextSplitter(chunk_size=200).split_documents(docs)]
    assert "set out below, agree with those of the previous study." in chunks[0] and "|" not in chunks[0]


def test_tables_off_reads_them_as_prose_and_text_mode_as_plain_rows(tmp_path):
    t = simple_table(72, 170, [120, 90, 90, 90], [HEADER] + BODY)
    path = write(tmp_path / "t.pdf", [page_with(t)])
    off = ColumnAwarePDFLoader(path, tables="off").load()[0]
    assert "|" not in off.page_content and all(b.kind != "table" for b in decode_blocks(off.metadata))
    plain = ColumnAwarePDFLoader(path, tables="text").load()[0].page_content
    assert "Region | 2021 | 2022 | Change\nNorth | 1,204 | 1,310 | 7.0" in plain and "---" not in plain


def test_a_long_table_is_split_between_rows_every_part_repeating_the_header(tmp_path):
    head = ["Date", "Reference", "Debit", "Credit"]
    rows = [[f"{d:02d}/03/2024", f"INV-{4100 + d}", f"{10 * d}.50", f"{d}.25"] for d in range(1, 31)]
    p = Page()
    y = p.prose(72, 80, 451, LOREM)
    t = simple_table(72, y + 20, [100, 120, 100, 100], [head] + rows, "grid")
    p.text(72, y + 12, "Table 5. General ledger")
    p.table(t)
    p.text(72, t.ys[-1] + 14, "Source: ledger export of March 2024.")  # its note: after the last part
    docs = ColumnAwarePDFLoader(write(tmp_path / "long.pdf", [p])).load()
    chunks = BandAwareTextSplitter(chunk_size=120).split_documents(docs)
    parts = [c for c in chunks if c.metadata.get("kind") == "table"]
    assert len(parts) > 2
    seen = []
    for c in parts:
        lines = c.page_content.split("\n")
        assert lines[:4] == ["Table 5. General ledger", "", "| Date | Reference | Debit | Credit |",
                             "| --- | --- | --- | --- |"]
        last = c is parts[-1]
        assert (lines[-2:] == ["", "Source: ledger export of March 2024."]) is last
        seen += [re.sub(r"\s", "", line) for line in lines[4:-2 if last else None]]
        assert c.metadata["page"] == 0 and '"bbox"' in c.metadata["boxes"]
        assert 70 <= c.metadata["bbox_x0"] <= 73
    assert seen == ["|" + "|".join(r) + "|" for r in rows]  # every row once, in order
    prose = [c for c in chunks if c.metadata.get("kind") != "table"]
    assert prose and all("|" not in c.page_content for c in prose)  # never shares a chunk with prose


def test_a_long_table_s_later_parts_repeat_only_the_opening_of_a_long_caption(tmp_path):
    head = ["Date", "Reference", "Debit", "Credit"]
    rows = [[f"{d:02d}/03/2024", f"INV-{4100 + d}", f"{10 * d}.50", f"{d}.25"] for d in range(1, 31)]
    caption = ("Table 5. General ledger of the branch office for the month of March, as exported by the accounts "
               "team before the audit. Credits are refunds and debits are invoices paid in the month.")
    p = Page()
    y = p.prose(72, 80, 451, LOREM)
    t = simple_table(72, y + 40, [100, 120, 100, 100], [head] + rows, "grid")
    cut = caption.index(" team")
    p.text(72, y + 12, caption[:cut])
    p.text(72, y + 24, caption[cut + 1:])
    p.table(t)
    docs = ColumnAwarePDFLoader(write(tmp_path / "long.pdf", [p])).load()
    parts = [c for c in BandAwareTextSplitter(chunk_size=150).split_documents(docs)
             if c.metadata.get("kind") == "table"]
    assert len(parts) > 2
    assert parts[0].page_content.startswith(caption + "\n\n| Date |")
    opening = "Table 5. General ledger of the branch office for the month of …"  # a dozen words
    assert all(c.page_content.startswith(opening + "\n\n| Date |") for c in parts[1:])
    seen = [line for c in parts for line in c.page_content.split("\n")[4:]]
    assert [re.sub(r"\s", "", line) for line in seen] == ["|" + "|".join(r) + "|" for r in rows]
    # A caption of a line or so is repeated whole: cutting a word or two off it saves nothing.
    from columnrag.chunking.tables import caption_opening
    short = "Table 1: Average waiting time in seconds for all agents across demand levels"
    assert caption_opening(short) == short


def test_a_table_within_chunk_size_is_one_chunk_with_its_caption(tmp_path):
    t = simple_table(72, 170, [120, 90, 90, 90], [HEADER] + BODY)
    docs = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [page_with(t)])).load()
    parts = [c for c in BandAwareTextSplitter(chunk_size=200).split_documents(docs) if c.metadata.get("kind")]
    assert len(parts) == 1 and parts[0].page_content.startswith("Table 1. Sales by region\n\n| Region")
    assert parts[0].page_content.endswith("| West | 812 | 870 | 3.9 |")


def _headed_table(path: Path, heads: list[str], after: str | None, page_break: bool = False) -> list:
    """A title, "1 Overview" and its paragraph, the lines `heads` (in heading type) right over a
    table, then the heading `after` (none: no heading) and a paragraph. `page_break`: the heads
    stand at the foot of the first page, the table at the top of the next."""
    first = Page()
    first.text(72, 60, "Gas Detector Series", 20)
    first.text(72, 92, "1 Overview", 13)
    y = first.prose(72, 110, 451, LOREM * (6 if page_break else 1))
    for k, head in enumerate(heads):
        first.text(72, y + 8 + 30 * k, head, 13)
    page = Page() if page_break else first
    top = 60 if page_break else y + 20 + 30 * (len(heads) - 1)
    t = simple_table(72, top, [120, 90, 90, 90], [HEADER] + BODY)
    page.table(t)
    y = t.ys[-1] + 30
    if after:
        page.text(72, y, after, 13)
        y += 18
    page.prose(72, y, 451, "Every detector is serviced once a year by a technician who checks the sensor. " * 3)
    return ColumnAwarePDFLoader(write(path, [first, page] if page_break else [first])).load()


@pytest.mark.parametrize("heads, page_break", [
    (["Technical specifications"], False),
    (["Technical specifications"], True),  # the heading at the foot of the page before the table's
    (["Chapter 4", "Technical specifications"], False),  # a line over the heading that opens no section
])
def test_a_heading_that_heads_only_a_table_opens_the_table_s_chunk(tmp_path, heads, page_break):
    docs = _headed_table(tmp_path / "t.pdf", heads, "2 Service", page_break)
    chunks = BandAwareTextSplitter(chunk_size=200).split_documents(docs)
    tables = [c for c in chunks if c.metadata.get("kind") == "table"]
    assert len(tables) == 1 and tables[0].page_content.startswith("\n".join(heads) + "\n| Region")
    assert tables[0].metadata["section"].split(" > ")[-1] == "Technical specifications"
    assert "Overview" not in tables[0].metadata["section"] + tables[0].metadata.get("sections", "")
    # The chunk opens on the headings' page, where they stand, their box first.
    assert (tables[0].metadata["page"], tables[0].metadata["last_page"]) == (0, 1 if page_break else 0)
    assert tables[0].metadata["start_index"] == docs[0].page_content.index(heads[0])
    assert tables[0].metadata["bbox_y1"] < json.loads(tables[0].metadata["boxes"])[-1]["bbox"][1] + 1 or page_break
    # The heading heads no prose across the table: the text after it is in its own section.
    assert not any("Technical specifications" in c.page_content for c in chunks if c is not tables[0])
    service = [c for c in chunks if "serviced once a year" in c.page_content]
    assert [c.metadata["section"].split(" > ")[-1] for c in service] == ["2 Service"]


@pytest.mark.parametrize("head, after", [
    ("Technical specifications", None),  # the paragraph after the table is the heading's too
    ("2 Technical specifications", "2.1 Electrical"),  # so is the subsection after it
])
def test_a_heading_over_a_table_and_the_text_after_it_heads_that_text(tmp_path, head, after):
    docs = _headed_table(tmp_path / "t.pdf", [head], after)
    chunks = BandAwareTextSplitter(chunk_size=200).split_documents(docs)
    tables = [c for c in chunks if c.metadata.get("kind") == "table"]
    assert len(tables) == 1 and tables[0].page_content.startswith("| Region")
    assert [c.page_content.split("\n")[0] for c in chunks if "serviced once a year" in c.page_content] == [head]


def test_prose_in_two_columns_with_a_list_is_no_table(tmp_path):
    p = Page()
    for x in (72, 308):
        y = p.prose(x, 80, 215, LOREM)
        for k in range(1, 5):
            p.text(x, y, f"{k}.")
            p.text(x + 18, y, "an item of a numbered list")
            y += LEAD
        p.prose(x, y + LEAD, 215, LOREM)
    assert tables_of(write(tmp_path / "prose.pdf", [p])) == []


def test_a_contents_list_in_a_column_is_no_table(tmp_path):
    """Section numbers apart from their titles, the subsections indented: the numbers line up
    like a table's first column, but the rows are a contents list."""
    entries = [("1", "Introduction"), ("2", "Obtaining and installing the package"), ("3", "Preparing a paper"),
               ("4", "Class options"), ("5", "Title page"), ("5.1", "Title"), ("5.2", "Authors and institutions"),
               ("5.3", "Abstract and keywords"), ("6", "Sections and lists"), ("6.1", "Sections"), ("6.2", "Lists"),
               ("7", "Mathematics and symbols"), ("7.1", "Equations"), ("7.2", "Special symbols"), ("7.3", "Ions"),
               ("8", "Figures and tables"), ("9", "References and citations"), ("10", "Appendices")]
    p = Page()
    y = 80.0
    p.text(56, y, "CONTENTS")
    y += 2 * LEAD
    for number, title in entries:
        sub = "." in number
        p.text(56 + (14 if sub else 0), y, number)
        p.text(56 + (36 if sub else 14), y, title)
        y += LEAD
    y = 80.0
    for _ in range(4):
        y = p.prose(308, y, 215, LOREM)
    path = write(tmp_path / "contents.pdf", [p])
    assert tables_of(path) == []
    text = ColumnAwarePDFLoader(path).load()[0].page_content
    assert "5.2 Authors and institutions\n5.3 Abstract and keywords" in text
    # The sections' numbers count up like a review copy's line numbers, but they are set as large
    # as the titles, among the text: they stay.
    assert "1 Introduction\n2 Obtaining and installing the package" in text and "10 Appendices" in text


def _leader(p: Page, x0: float, x1: float, y: float) -> None:
    """Dots one by one from x0 up to x1, as a statistical table leads a row's label to its value."""
    x = x0
    while x + 2 < x1:
        p.text(x, y, ".")
        x += 5.0


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_table_whose_labels_lead_to_their_values_by_dots_is_a_table(tmp_path, order):
    """A statistical abstract's table: each label led by dots to the first value, which may sit
    right against the last dot. A table, its labels without their leaders, each value in its
    column; a contents list led by dots to its pages stays no table."""
    rows = [("Violent crime.", ["467.9", "69.1", "398.8"]), ("Robbery.", ["102.1", "25.5", "76.6"]),
            ("Property crime.", ["1,396.4", "338.7", "1,057.7"]), ("Burglary.", ["240.9", "60.3", "180.6"]),
            ("Arson.", ["9.8", "4.3", "5.5"]), ("Fraud.", ["173.7", "5.1", "168.5"])]
    heads, value_right = ["Total", "Under 18", "Adults"], [250.0, 320.0, 390.0]
    p = Page()
    y = p.prose(72, 80, 451, LOREM)
    p.text(72, y + 10, "Table 324. Arrests by age: 2009")
    y += 30
    p.lines += [(72, y - 12, 400, y - 12), (72, y + 4, 400, y + 4)]
    p.text(72, y, "Offense charged")
    for head, right in zip(heads, value_right):
        p.text(right - pymupdf.get_text_length(head, fontname="helv", fontsize=9), y, head)
    for k, (label, values) in enumerate(rows):
        y += LEAD
        p.text(72, y, label)
        first = value_right[0] - pymupdf.get_text_length(values[0], fontname="helv", fontsize=9)
        _leader(p, 72 + pymupdf.get_text_length(label + " ", fontname="helv", fontsize=9), first - (0 if k % 2 else 6), y)
        for value, right in zip(values, value_right):
            p.text(right - pymupdf.get_text_length(value, fontname="helv", fontsize=9), y, value)
    p.lines.append((72, y + 5, 400, y + 5))
    y = p.prose(72, y + 30, 451, LOREM)
    [(_, found, _)] = tables_of(write(tmp_path / f"leaders-{order}.pdf", [p], order, seed=2))
    assert found == [["Offense charged"] + heads] + [[label] + values for label, values in rows]
    # A contents list: titles led by dots to their pages, no table.
    toc = Page()
    y = 80.0
    for title, page in [("Introduction", "1"), ("Methods of the survey", "4"), ("Results by region", "9"),
                        ("Discussion", "15"), ("Conclusions", "21"), ("References", "24")]:
        toc.text(72, y, title)
        _leader(toc, 72 + pymupdf.get_text_length(title + " ", fontname="helv", fontsize=9), 380, y)
        toc.text(390, y, page)
        y += LEAD
    assert tables_of(write(tmp_path / f"toc-{order}.pdf", [toc], order, seed=2)) == []


@pytest.mark.parametrize("rules", ["booktabs", "none"])
def test_a_captions_last_line_set_close_over_the_table_is_no_header_line(tmp_path, rules):
    """A caption of two lines, its short last line centred over the table's columns one line
    space above the header: the caption stays whole, the header is the table's first row."""
    t = simple_table(72, 170, [120, 90, 90, 90], [HEADER] + BODY, rules)
    p = Page()
    p.prose(72, 80, 451, LOREM)
    p.text(72, t.ys[0] - 8 - LEAD, "Table 1. Sales by region in the years of the survey, with the change")
    p.text(180, t.ys[0] - 8, "over the year before.")
    p.table(t)
    p.prose(72, t.ys[-1] + 30, 451, LOREM)
    [(_, rows, caption)] = tables_of(write(tmp_path / "t.pdf", [p]))
    assert rows == t.grid()
    assert caption == "Table 1. Sales by region in the years of the survey, with the change over the year before."


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_top_rule_set_tight_over_the_header_cuts_its_word_boxes_and_is_still_the_top_rule(tmp_path, order):
    """MNRAS's Table 1: a caption of two lines, its short last line close over the top rule, and
    the rule drawn tight over the header, through the top of its words' boxes (a word's box
    reaches past its ink by its font's ascent; here by 1.7 points). The rule is still the
    table's top: the caption's last line stays in the caption, not a header row over the table."""
    rows = [["Command", "Output", "Meaning"]] + [[f"\\{name}", sign, meaning] for name, sign, meaning in [
        ("sun", "S", "Sun, solar"), ("earth", "E", "Earth, terrestrial"), ("micron", "um", "microns"),
        ("degr", "o", "degrees"), ("arcmin", "'", "arcminutes"), ("arcsec", "''", "arcseconds"),
        ("fdg", ".o", "fraction of a degree"), ("farcm", ".'", "fraction of an arcminute"),
        ("fd", ".d", "fraction of a day"), ("fh", ".h", "fraction of an hour"),
        ("fm", ".m", "fraction of a minute"), ("fs", ".s", "fraction of a second")]]
    xs, top = [308.0, 390.0, 460.0, 560.0], 200.0
    p = Page()
    p.prose(72, 80, 215, LOREM + " " + LOREM)
    p.text(308, top - 17, "Table 1. Additional commands for symbols used in as-")
    p.text(308, top - 6, "tronomy. Used anywhere.")
    p.lines.append((xs[0], top, xs[-1], top))
    for k, row in enumerate(rows):
        for x, cell in zip(xs, row):
            p.text(x, top + 8 + 13 * k + (3 if k else 0), cell)
    bottom = top + 16 + 13 * len(rows)
    p.lines += [(xs[0], top + 11, xs[-1], top + 11), (xs[0], bottom, xs[-1], bottom)]
    p.prose(308, bottom + 20, 250, LOREM)
    [(_, found, caption)] = tables_of(write(tmp_path / f"mnras-{order}.pdf", [p], order, seed=4))
    assert found == rows
    assert caption == ("Table 1. Additional commands for symbols used in astronomy. "
                       "Used anywhere.")


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_table_at_the_top_of_the_next_column_comes_after_the_sentence_it_interrupts(tmp_path, order):
    p = Page()
    left = p.prose(72, 80, 215, LOREM)
    p.text(72, left + 4, "and the yields of every plot, which are set out")
    t = simple_table(308, 100, [70, 70, 60], ROWS, "booktabs")
    p.text(308, 92, "Table 5. Yield by plot")
    p.table(t)
    p.text(308, t.ys[-1] + 24, "below, agree with those of the previous year.")
    p.prose(308, t.ys[-1] + 24 + LEAD, 215, LOREM)
    text = ColumnAwarePDFLoader(write(tmp_path / f"top-{order}.pdf", [p], order, seed=3)).load()[0].page_content
    assert text.index("set out") < text.index("below, agree") < text.index("| Plot")


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_sentence_left_on_a_comma_goes_on_past_a_table_at_the_next_column_s_top(tmp_path, order):
    # cec2021: "... multilayer perceptron (MLP, [26])," ends the left column; TABLE IV tops the
    # right one, and "AdaBoost (AB, [27]), and logistic regression" goes on under it: the table
    # goes after the sentence, whatever word carries it on. A sentence that ends stays before it.
    for end, rest in (("the perceptron (MLP, [26]),", "AdaBoost (AB, [27]), and the last one."),
                      ("the perceptron (MLP, [26]).", "AdaBoost (AB, [27]) is the last one.")):
        p = Page()
        left = p.prose(72, 80, 215, LOREM)
        p.text(72, left + 4, end)
        t = simple_table(308, 100, [70, 70, 60], ROWS, "booktabs")
        p.text(308, 92, "Table 5. Yield by plot")
        p.table(t)
        p.text(308, t.ys[-1] + 24, rest)
        p.prose(308, t.ys[-1] + 24 + LEAD, 215, LOREM)
        text = ColumnAwarePDFLoader(write(tmp_path / f"comma-{order}.pdf", [p], order, seed=3)).load()[0].page_content
        table_first = text.index("| Plot") < text.index("AdaBoost")
        assert table_first == end.endswith("."), end


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_long_table_drawn_bottom_up_at_the_next_column_s_top_comes_after_the_sentence(tmp_path, order):
    # The PDF draws the page in reading order but the table's rows from the bottom up: they are
    # not drawn one after another, yet the table is drawn in one go and is still one float.
    rows = [["Plot", "Crop", "Yield"]] + [[f"P{k}", "wheat" if k % 2 else "barley", f"{3 + k / 10:.1f}"]
                                          for k in range(1, 17)]
    p = Page()
    left = p.prose(72, 80, 215, LOREM)
    p.text(72, left + 4, "and the yields of every plot, which are set out")
    t = simple_table(308, 100, [70, 70, 60], rows, "booktabs")
    p.text(308, 92, "Table 5. Yield by plot")
    start = len(p.words)
    p.table(t)
    p.words[start:] = sorted(p.words[start:], key=lambda w: (-w[1], w[0]))
    p.text(308, t.ys[-1] + 24, "below, agree with those of the previous year.")
    p.prose(308, t.ys[-1] + 24 + LEAD, 215, LOREM)
    text = ColumnAwarePDFLoader(write(tmp_path / f"long-{order}.pdf", [p], order, seed=3)).load()[0].page_content
    assert text.index("set out") < text.index("below, agree") < text.index("| Plot")


def left_open(last_line: str) -> Page:
    """A page of prose whose last line leaves its sentence open for the next page."""
    page = Page()
    page.text(72, page.prose(72, 80, 451, LOREM), last_line)
    return page


def table_on_top() -> tuple[Page, TableSpec]:
    """A page that opens with a captioned table, its prose still to come."""
    page = Page()
    t = simple_table(72, 100, [70, 70, 60], ROWS, "booktabs")
    page.text(72, 92, "Table 5. Yield by plot")
    page.table(t)
    return page, t


@pytest.mark.parametrize("order", ["native", "shuffled"])
@pytest.mark.parametrize("opening, carried", [("below, agree with those of the previous year.", True),
                                              ("(YPP) agree with those of the previous year.", True),
                                              ("(a) The yields agree with those of the previous year.", False),
                                              ("[12] van der Berg, J. Yields of the previous year.", False)])
def test_a_table_at_the_top_of_the_next_page_comes_after_the_sentence_carried_over(tmp_path, order, opening,
                                                                                   carried):
    """The sentence goes on in lower case, or in a bracket that lower case follows (an
    abbreviation); a list item's "(a) The ..." opens a sentence of its own."""
    first = left_open("and the yields of every plot, which are set out")
    second, t = table_on_top()
    second.text(72, t.ys[-1] + 24, opening)
    second.prose(72, t.ys[-1] + 24 + LEAD, 451, LOREM)
    docs = ColumnAwarePDFLoader(write(tmp_path / f"carry-{order}.pdf", [first, second], order, seed=4)).load()
    assert docs[0].page_content.rstrip().endswith("set out")
    text = docs[1].page_content
    assert text.startswith(opening) == carried and (text.index(opening) < text.index("| Plot")) == carried


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_table_at_the_top_of_the_next_page_goes_between_the_carried_paragraph_and_the_next(tmp_path, order):
    """The paragraph that carries the sentence over ends, and the next opens at a first-line
    indent in the same block (no space between them): the table goes between the two, not
    after both."""
    first = left_open("and the yields of every plot, which are set out")
    second, t = table_on_top()
    y = t.ys[-1] + 24
    second.text(72, y, "below, agree with those of the previous year.")
    second.text(84, y + LEAD, "A second paragraph opens here, set in from the left as its first line is.")
    second.prose(72, y + 2 * LEAD, 451, LOREM)
    docs = ColumnAwarePDFLoader(write(tmp_path / f"split-{order}.pdf", [first, second], order, seed=4)).load()
    text = docs[1].page_content
    assert text.startswith("below, agree") and text.index("| Plot") < text.index("A second paragraph")


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_sentence_carried_over_onto_a_page_of_references_comes_before_the_table_above_it(tmp_path, order):
    """The next page holds a table at its top, the sentence's rest, then references in smaller
    type, more words than the body text on it: the page's paragraphs are mostly in the
    references' type, but the document's body type still tells the paragraph that carries the
    sentence from the table."""
    first = Page()
    first.text(72, first.prose(72, 80, 451, " ".join([LOREM] * 16)), "and the yields of every plot, which are set out")
    second, t = table_on_top()
    y = t.ys[-1] + 24
    second.text(72, y, "below, agree with those of the previous year.")
    y = second.prose(72, y + LEAD, 451, " ".join([LOREM] * 4))
    for k in range(24):
        second.text(72, y + 9 * k, f"[{k + 1}] A. Author, B. Author. A study of the yields of plots, year {1990 + k}.", 7)
    docs = ColumnAwarePDFLoader(write(tmp_path / f"refs-{order}.pdf", [first, second], order, seed=4)).load()
    text = docs[1].page_content
    assert text.startswith("below, agree") and text.index("below, agree") < text.index("| Plot")


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_sentence_carried_over_past_a_caption_at_the_foot_of_the_page(tmp_path, order):
    """A figure's caption at the foot of the page is read after the paragraph above it: the
    sentence that paragraph leaves open still goes on before the table at the next page's top."""
    first = left_open("and the yields of every plot, which are set out")
    first.text(72, 760, "Fig. 2. Yields of the plots over the years of the survey.")
    second, t = table_on_top()
    second.text(72, t.ys[-1] + 24, "below, agree with those of the previous year.")
    second.prose(72, t.ys[-1] + 24 + LEAD, 451, LOREM)
    docs = ColumnAwarePDFLoader(write(tmp_path / f"foot-{order}.pdf", [first, second], order, seed=4)).load()
    assert docs[0].page_content.rstrip().endswith("survey.")
    text = docs[1].page_content
    assert text.startswith("below, agree with those") and text.index("below, agree") < text.index("| Plot")


@pytest.mark.parametrize("order", ["native", "shuffled"])
@pytest.mark.parametrize("opening", ["as", "given by"])
def test_a_sentence_carried_over_into_a_display_equation_comes_before_the_table_above_it(tmp_path, order, opening):
    """The sentence the page before left open goes on in a word or two on a line of its own, then
    a display equation, then running text: that paragraph still carries the sentence on, and the
    table at the top of the page comes after it."""
    first = left_open("and the yield of each plot is defined")
    second, t = table_on_top()
    y = t.ys[-1] + 24
    second.text(72, y, opening)
    second.text(200, y + LEAD, "Yield = Mass / Area, (1)")
    second.text(72, y + 2 * LEAD, "where the mass is weighed dry and the area is measured on the ground.")
    second.prose(72, y + 3 * LEAD, 451, LOREM)
    docs = ColumnAwarePDFLoader(write(tmp_path / f"eq-{order}.pdf", [first, second], order, seed=4)).load()
    text = docs[1].page_content
    assert text.startswith(opening + "\n") and text.index("Yield = Mass") < text.index("| Plot")


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_display_equation_under_a_table_stays_with_the_paragraph_it_opens(tmp_path, order):
    """The page before leaves "computed as" open; the page opens with a table, then the display
    equation set apart as a block of its own, then "where ...". The equation is no chart's label
    (it comes after the table's caption): the paragraph under it is not read before it."""
    first = left_open("and the yield of each plot is computed as")
    second, t = table_on_top()
    y = t.ys[-1] + 30
    second.text(230, y, "Y = W x + b, (2)")
    second.text(72, y + 3 * LEAD, "where W is the weight of every plot in the field and b the bias of the scale.")
    second.prose(72, y + 4 * LEAD, 451, LOREM)
    docs = ColumnAwarePDFLoader(write(tmp_path / f"eq-{order}.pdf", [first, second], order, seed=4)).load()
    text = docs[1].page_content
    assert text.index("Y = W") < text.index("where W is")


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_sentence_carried_over_comes_before_a_chart_labelled_in_the_body_size(tmp_path, order):
    """A chart at the top of the page, its ticks and axis title set in the body's type (blocks of
    labels, not floats by their type), then its caption: the sentence the page before left open
    is read first, and the chart's labels keep their order after it."""
    first = left_open("and the accuracy of each probe is defined")
    second = Page()
    for k, tick in enumerate(["100", "80", "60", "40", "20", "0"]):
        second.text(72 + 130 * (k % 3), 80 + 3 * LEAD * (k // 3), tick)
    second.text(100, 160, "5 6 7 8 9 10")
    second.text(100, 160 + LEAD, "Observation time of the probe, t [s]")
    second.text(72, 160 + 3 * LEAD, "Fig. 4. Accuracy of the probe over the observation time.")
    y = 160 + 6 * LEAD
    second.text(72, y, "as")
    second.text(200, y + LEAD, "Accuracy = Hits / Trials, (1)")
    second.text(72, y + 2 * LEAD, "where the hits are counted once and the trials are counted at every second.")
    second.prose(72, y + 3 * LEAD, 451, LOREM)
    docs = ColumnAwarePDFLoader(write(tmp_path / f"chart-{order}.pdf", [first, second], order, seed=4)).load()
    text = docs[1].page_content
    assert text.startswith("as\n") and text.index("where the hits") < text.index("100") < text.index("Fig. 4.")


def legend_chart(page: Page, y: float) -> None:
    """From y down: a chart's ticks, its axis title as long as a line of running text over its
    legend, all in the body's type, its caption, then the paragraph that carries on the sentence
    the text above left open ("against the hour ...")."""
    for k, tick in enumerate(["100", "80", "60"]):
        page.text(72 + 130 * k, y, tick)
    page.text(100, y + 2 * LEAD, "Error of the probe in degrees")
    for k, name in enumerate(["Probe A", "Probe B", "Probe C"]):
        page.text(100, y + (3 + k) * LEAD, name)
    page.text(72, y + 7 * LEAD, "Fig. 4. Error of the probes over the day.")
    page.text(72, y + 10 * LEAD, "against the hour of the day, as every probe was read once an hour.")
    page.prose(72, y + 11 * LEAD, 451, LOREM)


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_sentence_carried_over_comes_before_a_legend_under_its_axis_title(tmp_path, order):
    """A chart's axis title as long as a line of running text, set in the body's type over its
    legend, opens no paragraph: the sentence the page before left open is read before the chart."""
    first = left_open("and the error of each probe is plotted")
    second = Page()
    legend_chart(second, 80)
    docs = ColumnAwarePDFLoader(write(tmp_path / f"legend-{order}.pdf", [first, second], order, seed=4)).load()
    text = docs[1].page_content
    assert text.startswith("against the hour") and text.index("Error of the probe in") < text.index("Fig. 4.")


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_chart_with_a_legend_under_its_axis_title_goes_after_the_sentence_it_interrupts(tmp_path, order):
    """The same chart inside a page: it goes after the paragraph that carries the sentence on."""
    page = Page()
    y = page.prose(72, 80, 451, LOREM)
    page.text(72, y, "and the error of each probe is plotted")
    legend_chart(page, y + 3 * LEAD)
    text = ColumnAwarePDFLoader(write(tmp_path / f"inside-{order}.pdf", [page], order, seed=4)).load()[0].page_content
    assert text.index("is plotted") < text.index("against the hour") < text.index("Error of the probe in")


def test_ruled_tables_with_an_icon_and_side_by_side_read_top_down_then_left_to_right(tmp_path):
    """A ruled table with a small logo drawn in curves in its header's corner is still a table; the
    two tables under it, side by side, each under its heading, come after it, left then right;
    and the headings under the first table's last rule are not rows of it."""
    big = simple_table(72, 100, [120, 100, 100, 100], [HEADER] + BODY)
    left = simple_table(72, 240, [90, 90], [["Gas", "Limit"], ["Air", "none"], ["Nitrogen", "none"]])
    right = simple_table(330, 240, [90, 90], [["Gas", "Limit"], ["Methane", "5.0"], ["Propane", "2.0"]])
    p = Page()
    p.text(72, 80, "Target gases for the detectors")
    for t in (big, left, right):
        p.table(t)
    p.text(72, 228, "Left gas list")
    p.text(330, 228, "Right gas list")
    drawn = write(tmp_path / "plain.pdf", [p])
    doc = pymupdf.open(drawn)
    page = doc[0]
    for k in range(4):  # the logo: white circles over the header's right end
        page.draw_circle((470 + 3 * k, 108), 3 + k, color=(1, 1, 1), width=0.8)
    doc.save(tmp_path / "t.pdf")
    found = tables_of(tmp_path / "t.pdf")
    assert [rows for _, rows, _ in found] == [big.grid(), left.grid(), right.grid()]


def test_a_column_without_rules_between_its_rows_has_a_cell_in_each_row(tmp_path):
    """Columns ruled apart, but rules between the rows only across the first column (a common
    word-processor style): the other columns' cells are one per row, empty ones too, none
    spanning down."""
    rows = [["Type of text", "Size", "Style"], ["paper title", "15 pt", "bold"], ["author names", "12 pt", "bold"],
            ["affiliation", "12 pt", ""], ["section titles", "12 pt", "bold"], ["captions", "10 pt", ""]]
    t = simple_table(72, 170, [140, 80, 80], rows, rules="none")
    p = page_with(t)
    x0, x1 = t.xs[0], t.xs[-1]
    p.lines += [(x, t.ys[0], x, t.ys[-1]) for x in t.xs]
    p.lines += [(x0, t.ys[0], x1, t.ys[0]), (x0, t.ys[1], x1, t.ys[1]), (x0, t.ys[-1], x1, t.ys[-1])]
    p.lines += [(x0, y, t.xs[1], y) for y in t.ys[2:-1]]
    found = tables_of(write(tmp_path / "t.pdf", [p]))
    assert [rows for _, rows, _ in found] == [t.grid()]


def test_two_columns_left_unruled_between_them_inside_a_ruled_table_are_two(tmp_path):
    """A framed table whose only inner column rule follows the first column: the two columns to
    its right, apart by a clear gap, are two columns, not one."""
    rows = [["Type of text", "Size", "Style"], ["paper title", "15 pt", "bold"], ["author names", "12 pt", "bold"],
            ["affiliation", "12 pt", ""], ["section titles", "12 pt", "bold"], ["captions", "10 pt", ""]]
    t = simple_table(72, 170, [140, 70, 60], rows, rules="none")
    p = page_with(t)
    x0, x1, y0, y1 = t.xs[0], t.xs[-1], t.ys[0], t.ys[-1]
    p.lines += [(x0, y0, x1, y0), (x0, t.ys[1], x1, t.ys[1]), (x0, y1, x1, y1)]
    p.lines += [(x0, y0, x0, y1), (t.xs[1], y0, t.xs[1], y1), (x1, y0, x1, y1)]
    found = tables_of(write(tmp_path / "t.pdf", [p]))
    assert [rows for _, rows, _ in found] == [t.grid()]


_FORM_LISTS = {
    "A": ["Passport issued by the state", "Permanent resident card with photo\nand its number", "Foreign passport\nwith a temporary stamp\nor a printed note", "Work permit card"],
    "B": ["Driver licence", "Identity card\nof a public office", "School card", "Voter card", "Military card",
          "Native tribal paper"],
    "C": ["Social security card\nwithout limits", "Birth record\nfrom abroad", "Birth certificate\nwith a seal"],
}


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_lists_ruled_each_on_its_own_side_by_side_in_one_frame_are_no_table(tmp_path, order):
    """A form's three lists in one frame under a ruled header, each list's items ruled apart at
    their own heights: no row is the table's (read as rows, each item would stand beside items
    of other lists, and a long one over and over). Each list reads whole, in order, one after the
    other, whatever the drawing order."""
    xs, top = [60, 235, 410, 540], 150.0
    p = Page()
    p.prose(72, 80, 451, LOREM)
    p.lines += [(xs[0], top, xs[-1], top), (xs[0], top + 20, xs[-1], top + 20)]
    bottom = top + 20
    for k, (name, items) in enumerate(_FORM_LISTS.items()):
        p.text(xs[k] + PAD, top + 14, f"List {name}")
        y = top + 20
        for n, item in enumerate(items, 1):
            lines = item.split("\n")
            for j, line in enumerate(lines):
                p.text(xs[k] + PAD, y + 13 + j * LEAD, f"{name}{n}. {line}" if j == 0 else line)
            y += 8 + len(lines) * LEAD
            p.lines.append((xs[k], y, xs[k + 1], y))
        bottom = max(bottom, y + 10)
    p.lines += [(x, top, x, bottom) for x in xs] + [(xs[0], bottom, xs[-1], bottom)]
    path = write(tmp_path / f"lists-{order}.pdf", [p], order, seed=3)
    assert tables_of(path) == []
    text = " ".join(ColumnAwarePDFLoader(path).load()[0].page_content.split())
    expected = [f"{name}{n}. {' '.join(item.split())}" for name, items in _FORM_LISTS.items()
                for n, item in enumerate(items, 1)]
    assert all(e in text for e in expected)
    assert [text.index(e) for e in expected] == sorted(text.index(e) for e in expected)


def test_lines_of_code_between_two_rules_are_no_table(tmp_path):
    """A code example set between a rule above and one below (a manual's listing box), its
    keywords apart from their arguments like cells: no table."""
    p = Page()
    y = p.prose(72, 80, 451, LOREM)
    p.lines += [(72, y, 400, y), (72, y + 70, 400, y + 70)]
    path = write(tmp_path / "plain.pdf", [p])
    doc = pymupdf.open(path)
    page = doc[0]
    code = [("SELECT", "function_id,"), ("", "user_name,"), ("FROM", "function_usage"),
            ("WHERE", "function_id='QIBM_DB_SECADM'"), ("ORDER BY", "user_name;")]
    for k, (keyword, rest) in enumerate(code):
        page.insert_text((76, y + 12 + 11 * k), keyword, fontname="cour", fontsize=8)
        page.insert_text((130, y + 12 + 11 * k), rest, fontname="cour", fontsize=8)
    doc.save(tmp_path / "t.pdf")
    assert tables_of(tmp_path / "t.pdf") == []


def test_a_caption_under_a_table_whose_first_line_falls_into_cells_is_its_caption(tmp_path):
    # A caption set close under the table, its first line spaced wide where a column gap runs
    # (a sentence's end, justified): not the table's last row; read whole, its broken word joined.
    t = simple_table(180, 170, [50, 70, 110], [["output", "natbib", "previous style files"], ["(?)", "citep", "cite"],
                                              ["Lee", "citet", "newcite"], ["(?)", "citeyearpar", "shortcite"]],
                     "booktabs", pitch=14)
    p = Page()
    p.prose(72, 80, 451, LOREM)
    p.table(t)
    y = t.ys[-1] + 14
    p.text(72, y, "Table 1: Sales by year.")
    p.text(t.xs[1] + PAD, y, "The change between the two years is given in per-")
    p.text(72, y + LEAD, "cent of the first year's sales, rounded to one decimal.")
    p.prose(72, y + 3 * LEAD, 451, LOREM)
    found = tables_of(write(tmp_path / "t.pdf", [p]))
    caption = ("Table 1: Sales by year. The change between the two years is given in percent of the first "
               "year's sales, rounded to one decimal.")
    assert found == [(0, t.grid(), caption)]


@pytest.mark.parametrize("after_a, before_b, owner", [(12, 4, 0), (16, 1, 1)])
def test_a_caption_read_as_a_row_between_two_tables_parts_them(tmp_path, after_a, before_b, owner):
    # Two tables one under the other, a caption between them whose first line falls into cells:
    # two tables, neither holding the caption as a row; the caption is the nearer one's.
    rows = [["output", "natbib", "previous style files"], ["(?)", "citep", "cite"], ["Lee", "citet", "newcite"],
            ["(?)", "citeyearpar", "shortcite"]]
    p = Page()
    p.prose(72, 80, 451, LOREM)
    a = simple_table(180, 150, [50, 70, 110], rows, "none", pitch=14)
    p.table(a)
    y = a.ys[-1] + after_a
    p.text(72, y, "Table 2: Sales by year.")
    p.text(a.xs[1] + PAD, y, "The change between the two years in percent.")
    b = simple_table(180, y + before_b, [50, 70, 110], rows, "none", pitch=14)
    p.table(b)
    p.prose(72, b.ys[-1] + 30, 451, LOREM)
    found = tables_of(write(tmp_path / "t.pdf", [p]))
    assert [t[1] for t in found] == [rows, rows]
    assert found[owner][2] == "Table 2: Sales by year. The change between the two years in percent."
    assert found[1 - owner][2] == ""


def test_a_table_whose_numbers_are_drawn_in_touching_pieces_reads_them_whole(tmp_path):
    # Each "mean±sd" is drawn in touching pieces at different times, its digits apart from its
    # points and its "±" (as generators and redrawn PDFs do): most pieces in the table's box are
    # then symbols alone, and still no equation.
    rows = [["Model", "Accuracy", "F1 score"], ["Baseline", "81.2±0.4", "0.77±0.02"],
            ["Ours", "84.9±0.3", "0.81±0.01"], ["Ensemble", "85.3±0.5", "0.82±0.03"],
            ["Oracle", "91.0±0.1", "0.90±0.01"]]
    p = Page()
    y = p.prose(72, 80, 451, LOREM)
    p.text(72, 176, "Table 1. Scores on the test set")
    xs, base = [72, 180, 290], 200.0
    for r, row in enumerate(rows):
        for x, cell in zip(xs, row):
            pieces = re.findall(r"\d+|[±.]", cell) if "±" in cell else cell.split()
            for piece in pieces:
                p.words.append((x, base + 16 * r, piece))
                x += pymupdf.get_text_length(piece + ("" if "±" in cell else " "), fontname="helv", fontsize=9)
    p.lines += [(72, 188, 380, 188), (72, 204, 380, 204), (72, 268, 380, 268)]
    p.prose(72, 300, 451, LOREM)
    found = tables_of(write(tmp_path / "t.pdf", [p], order="shuffled", seed=3))
    assert [r for _, r, _ in found] == [rows]


def test_a_caption_s_short_last_line_over_a_booktabs_top_rule_stays_out_of_the_table(tmp_path):
    """An IEEE table in a column: "TABLE I" over a caption in capitals whose short last line sits
    just over the top rule; a short table whose value cells line up at both ends like a column
    of prose (so only its rules make it a table). The rule, not the caption's last line, is the
    table's top."""
    rows = [["Model", "Surface (mm)", "Volume (L)"],
            ["Proposed model", "4.84 (2.63)", "0.19 (0.15)"],
            ["no adversarial loss", "5.22 (2.72), p < 0.005", "0.20 (0.17), p = 0.951"],
            ["no condition", "6.37 (2.56), p < 0.005", "0.21 (0.16), p < 0.005"],
            ["PCA model", "4.75 (4.03), p = 0.192", "0.29 (0.24), p < 0.005"],
            ["BrainAging", "6.80 (4.42), p < 0.005", "0.27 (0.21), p < 0.005"]]
    t = simple_table(300, 300, [85, 95, 95], rows, "booktabs")
    p = Page()
    p.prose(40, 80, 240, LOREM + " " + LOREM + " " + LOREM)
    p.prose(300, 80, 275, LOREM)
    p.text(420, 240, "TABLE I")  # (its own block: the caption block opens with no "Table")
    p.text(310, 262, "MEAN SURFACE AND VOLUME ERRORS OF THE PATIENTS")
    p.text(330, 273, "IN THE SECOND DATASET AGAINST THE OTHER")
    p.text(418, 284, "METHODS.")
    p.table(t)
    p.prose(300, t.ys[-1] + 24, 275, LOREM)
    [(_, found, _)] = tables_of(write(tmp_path / "t.pdf", [p]))
    assert found == t.grid()


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_label_centred_on_its_group_of_rows_labels_every_row_of_the_group(tmp_path, order):
    """A parameter table: each algorithm's name set in the middle of its rows, rules right across
    between the groups and rules that stop short of the name's column between a group's rows.
    Every row of a group carries its name, whichever row the name sits on (before, a name set
    between two rows or on a group's middle row labelled only the rows below it)."""
    groups = [("KNN", [("k", "1 to 100"), ("weights", "uniform, distance")]),
              ("AdaBoost", [("estimators", "2 to 500"), ("learning rate", "0.01 to 1.0"),
                            ("loss", "linear, square")]),
              ("RF", [("estimators", "2 to 1000")]),
              ("SVM", [("C", "1e-4 to 1e5"), ("kernel", "linear, RBF"), ("gamma", "1e-5 to 10"),
                       ("degree", "1 to 10")])]
    xs, pitch = [72, 170, 290, 440], 14.0
    p = Page()
    p.prose(72, 80, 368, LOREM)
    p.text(72, 150, "Table 4. Hyperparameters of each algorithm and their ranges.")
    y = 160.0
    p.lines.append((xs[0], y, xs[-1], y))
    for k, head in enumerate(["Algorithm", "Parameter", "Range"]):
        p.text(xs[k] + 4, y + 10, head)
    y += pitch
    p.lines.append((xs[0], y, xs[-1], y))
    expected = [["Algorithm", "Parameter", "Range"]]
    for name, rows in groups:
        top = y
        for i, (param, values) in enumerate(rows):
            p.text(xs[1] + 4, y + 10, param)
            p.text(xs[2] + 4, y + 10, values)
            expected.append([name, param, values])
            y += pitch
            if i < len(rows) - 1:
                p.lines.append((xs[1], y, xs[-1], y))  # short of the name's column
        p.text(xs[0] + 4, (top + y) / 2 + 3.5, name)  # in the middle of its rows
        p.lines.append((xs[0], y, xs[-1], y))
    p.prose(72, y + 30, 368, LOREM)
    [(_, found, _)] = tables_of(write(tmp_path / f"groups-{order}.pdf", [p], order, seed=5))
    assert found == expected


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_long_ruled_table_with_values_run_up_to_the_next_column_is_one_table(tmp_path, order):
    """A long booktabs table of three columns in which two rows hold a value run up to the next
    column's, closer than a word space: the gaps between its columns stop at those rows, yet it
    is one table from its top rule to its bottom rule, those rows parted where the columns part."""
    names = ["Astronomy", "Geophysics", "Optics", "Chemistry", "Physics", "Acoustics", "Botany", "Zoology",
             "Geology", "Ecology", "Genetics", "Virology", "Oncology", "Anatomy", "Ethology", "Mycology",
             "Cytology", "Histology", "Petrology", "Seismology", "Glaciology", "Limnology", "Hydrology",
             "Mineralogy"]
    rows = [[f"\\{n[:4].lower()}", n[:5] + ".", f"Journal of {n}"] for n in names]
    rows[8][:2] = ["\\geolx or \\geology", "Geol."]  # runs up to the next column
    rows[17][1:] = ["J. Petrol. Mineral. Res.", "Journal of Petrology"]  # so does this one
    long_1 = pymupdf.get_text_length(rows[8][0], fontname="helv", fontsize=9)
    long_2 = pymupdf.get_text_length(rows[17][1], fontname="helv", fontsize=9)
    xs = [72.0, 72 + long_1 + 1.5]
    xs.append(xs[1] + long_2 + 1.5)
    p = Page()
    p.prose(72, 80, 451, LOREM)
    p.text(72, 148, "Table A1. Journals and their abbreviations.")
    top = 156.0
    p.lines.append((72, top, 523, top))
    for x, head in zip(xs, ["Command", "Output", "Journal name"]):
        p.text(x, top + 11, head)
    p.lines.append((72, top + 15, 523, top + 15))
    y = top + 26
    for row in rows:
        for x, cell in zip(xs, row):
            p.text(x, y, cell)
        y += 10
    p.lines.append((72, y - 6, 523, y - 6))
    p.prose(72, y + 20, 451, LOREM)
    [(_, found, caption)] = tables_of(write(tmp_path / f"long-{order}.pdf", [p], order, seed=6))
    assert found == [["Command", "Output", "Journal name"]] + rows
    assert caption == "Table A1. Journals and their abbreviations."



def _ieee_column() -> tuple[pymupdf.Document, pymupdf.Page]:
    """A page whose right column opens with four lines of text, 10 points on 12, as over a table."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(4):
        page.insert_text((312, 80.0 + 12 * k), "The committee reviewed the figures before the meeting and",
                         fontname="helv", fontsize=10)
    return doc, page


def _caption_of_its_one_table(doc: pymupdf.Document, path: Path, rows: list[list[str]]) -> str:
    """The caption of the one table the saved page holds, which must read `rows`."""
    doc.save(path)
    [(_, found, caption)] = tables_of(path)
    assert found == rows
    return caption


def _ruled_rows(page: pymupdf.Page, rows: list[list[str]], xs: tuple[int, ...], top: float) -> None:
    """A booktabs table in 6.5-point type: a rule over it, one under its header row, one under it."""
    page.draw_line((312, top), (562, top), width=0.5)
    for r, row in enumerate(rows):
        for x, cell in zip(xs, row):
            page.insert_text((x, top + 9 + 9 * r), cell, fontname="helv", fontsize=6.5)
        if r == 0:
            page.draw_line((312, top + 11.5), (562, top + 11.5), width=0.4)
    page.draw_line((312, top + 9 * len(rows) + 3), (562, top + 9 * len(rows) + 3), width=0.5)

def test_a_two_line_caption_read_as_two_paragraphs_is_the_table_s_whole_caption(tmp_path):
    """An IEEE table: a caption whose two lines are set further apart than the text's (each read
    as a paragraph of its own), its first line broken at a hyphen, over a table in small type.
    Both lines are the caption, although the first sits further above the table than a caption
    is looked for (three of the table's word heights)."""
    rows = [["Algorithm", "Parameter", "Space"], ["KNN", "k", "1 to 100"], ["KNN", "weights", "uniform"],
            ["AB", "estimators", "2 to 500"], ["AB", "learning rate", "0.01 to 1.0"], ["RF", "estimators", "2 to 1000"]]
    doc, page = _ieee_column()
    page.insert_text((312, 158), "TABLE IV: Configuration space of the hyperparameters asso-", fontname="helv",
                     fontsize=9)
    _ruled_rows(page, rows, (316, 400, 480), 190.0)
    # (drawn after the table, as LaTeX's float may draw it)
    page.insert_text((312, 180), "ciated with the algorithms comprising the template.", fontname="helv", fontsize=9)
    assert _caption_of_its_one_table(doc, tmp_path / "ieee.pdf", rows) == ("TABLE IV: Configuration space of the hyperparameters associated with the algorithms "
                       "comprising the template.")


def test_an_ieee_label_alone_over_its_caption_in_capitals_is_the_table_s_caption(tmp_path):
    """IEEE sets "TABLE I" on a line of its own, centred, over the caption in small capitals: the
    label sits further above the table than a caption is looked for, and the caption under it
    opens in capitals (no sentence carried on), yet both are the caption."""
    rows = [["Model", "Error (mm)", "Volume (L)"], ["Proposed", "4.84", "0.19"], ["PCA", "4.75", "0.29"],
            ["DCGAN", "5.38", "0.19"], ["Baseline", "6.37", "0.21"]]
    doc, page = _ieee_column()
    page.insert_text((420, 150), "TABLE I", fontname="helv", fontsize=8)  # (the label a size up)
    for k, line in enumerate(["MEAN SURFACE PREDICTION AND VOLUMETRIC ERRORS FOR", "PATIENTS IN DATASET 2.",
                              "P-VALUES FROM A PAIRED WILCOXON TEST."]):
        width = pymupdf.get_text_length(line, fontname="helv", fontsize=7)
        page.insert_text((437 - width / 2, 160 + 9 * k), line, fontname="helv", fontsize=7)
    _ruled_rows(page, rows, (316, 420, 500), 196.0)
    assert _caption_of_its_one_table(doc, tmp_path / "ieee_label.pdf", rows) == ("TABLE I MEAN SURFACE PREDICTION AND VOLUMETRIC ERRORS FOR PATIENTS IN DATASET 2. "
                       "P-VALUES FROM A PAIRED WILCOXON TEST.")


def _words_at(page: pymupdf.Page, x: float, y: float, text: str, align: str = "left") -> None:
    """A line of 9-point words drawn one by one from x (or ending at x, or centred on it)."""
    width = pymupdf.get_text_length(text, fontname="helv", fontsize=9)
    x -= {"left": 0.0, "right": width, "centre": width / 2}[align]
    for word in text.split():
        page.insert_text((x, y), word, fontname="helv", fontsize=9)
        x += pymupdf.get_text_length(word + " ", fontname="helv", fontsize=9)


def _page_with_prose(doc: pymupdf.Document) -> pymupdf.Page:
    page = doc.new_page(width=595, height=842)
    _words_at(page, 72, 80, "The committee reviewed the quarterly figures before the annual meeting and found that")
    _words_at(page, 72, 91, "the results were broadly consistent with those of the previous study in every region.")
    return page


def _tables_of_doc(doc: pymupdf.Document, path: Path) -> list[list[list[str]]]:
    doc.save(path)
    return [rows for _, rows, _ in tables_of(path)]


def test_a_header_over_the_only_rule_above_a_table_stays_its_header(tmp_path):
    """No top rule: a header of centred cells over two lines, the rule under it, then the body.
    The rule is the header's, not the table's top (that is only so for a caption's last line)."""
    doc = pymupdf.open()
    page = _page_with_prose(doc)
    _words_at(page, 235, 160, "Units sold", "centre")
    _words_at(page, 400, 160, "Change", "centre")
    for x, text, align in [(72, "Region", "left"), (235, "2021", "centre"), (325, "2022", "centre"),
                           (400, "per cent", "centre")]:
        _words_at(page, x, 171, text, align)
    page.draw_line((72, 179), (460, 179), width=0.5)
    y = 196.0
    for row in BODY + [["Central", "640", "702", "9.7"]]:
        _words_at(page, 72, y, row[0])
        for x, cell in zip([250, 340, 430], row[1:]):
            _words_at(page, x, y, cell, "right")
        y += 14
    page.draw_line((72, y - 8), (460, y - 8), width=0.5)
    [rows] = _tables_of_doc(doc, tmp_path / "t.pdf")
    assert rows[0] == ["Region", "Units sold 2021", "2022", "Change per cent"] and rows[1][0] == "North"


def test_two_tables_with_a_paragraph_between_under_the_page_s_rules_stay_two(tmp_path):
    """A running head ruled off above, a foot ruled off below, and between them two tables of one
    left edge with a paragraph between: no table from rule to rule."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _words_at(page, 72, 40, "Annual report 2023")
    page.draw_line((72, 46), (523, 46), width=0.5)
    xs, y = [72, 200, 290, 380], 60.0
    for row in [HEADER] + BODY:
        for x, cell in zip(xs, row):
            _words_at(page, x, y, cell)
        y += 13
    for line in ["Operating costs remained stable despite higher energy prices in the north and the west, while",
                 "staff numbers fell slightly in every region of the company over the course of the whole year."]:
        _words_at(page, 72, y + 6, line)
        y += 11
    y += 14
    second = [["Division", "Staff", "Sites", "Share"], ["Retail", "310", "12", "41.0"],
              ["Logistics", "220", "5", "29.1"], ["Services", "150", "7", "19.8"]]
    for row in second:
        for x, cell in zip(xs, row):
            _words_at(page, x, y, cell)
        y += 13
    page.draw_line((72, y + 1), (523, y + 1), width=0.5)
    _words_at(page, 72, y + 13, "Company confidential")
    assert _tables_of_doc(doc, tmp_path / "t.pdf") == [[HEADER] + BODY, second]


def test_a_blank_cell_over_a_shaded_one_stays_blank(tmp_path):
    """A booktabs table with its best result shaded: the shading's edges stop short of the blank
    cell's column above, which is no label of a group of rows."""
    doc = pymupdf.open()
    page = _page_with_prose(doc)
    xs = [72, 200, 280, 360]
    page.draw_line((72, 150), (440, 150), width=0.5)
    for x, cell in zip(xs, ["Method", "CIFAR", "SVHN", "STL"]):
        _words_at(page, x, 163, cell)
    page.draw_line((72, 168), (440, 168), width=0.5)
    rows = [["Baseline", "81.0", "90.2", "70.1"], ["Mixup", "83.5", "91.0", "71.9"], ["CutMix", "84.1", "", "73.3"],
            ["Ours", "86.2", "93.1", "75.0"]]
    y = 181.0
    for r, row in enumerate(rows):
        if r == 3:
            page.draw_rect(pymupdf.Rect(xs[1] - 3, y - 10, xs[2] - 10, y + 3), color=None, fill=(0.85, 0.85, 0.85))
        for x, cell in zip(xs, row):
            if cell:
                _words_at(page, x, y, cell)
        y += 13
    page.draw_line((72, y - 8), (440, y - 8), width=0.5)
    [found] = _tables_of_doc(doc, tmp_path / "t.pdf")
    assert found[3] == ["CutMix", "84.1", "", "73.3"]


def test_a_section_row_whose_word_meets_a_column_s_edge_still_spans(tmp_path):
    """A section's row ("Transformer Models") across a flush-left table, its second word by chance
    at the next column's left edge: it spans the columns it reaches, it is not parted there."""
    doc = pymupdf.open()
    page = _page_with_prose(doc)
    xs = [72, 72 + pymupdf.get_text_length("Transformer ", fontname="helv", fontsize=9), 200, 260]
    page.draw_line((72, 150), (320, 150), width=0.5)
    for x, cell in zip(xs, ["Model", "Acc", "F1", "Size"]):
        _words_at(page, x, 163, cell)
    page.draw_line((72, 168), (320, 168), width=0.5)
    y = 181.0
    for row in [["Transformer Models"], ["BERT", "91.2", "88.0", "110M"], ["GPT-2", "90.1", "87.3", "124M"],
                ["Recurrent Networks"], ["LSTM", "85.2", "81.0", "20M"], ["GRU", "84.7", "80.2", "18M"]]:
        for x, cell in zip(xs, row):
            _words_at(page, x, y, cell)
        y += 13
    page.draw_line((72, y - 8), (320, y - 8), width=0.5)
    [found] = _tables_of_doc(doc, tmp_path / "t.pdf")
    assert found[1][:2] == ["Transformer Models", "Transformer Models"] and found[1][2:] == ["", ""]


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_ruled_grid_of_headers_over_empty_cells_is_a_table(tmp_path, order):
    # A planning grid: a column header spanning three columns over their own headers, a row
    # header spanning four rows beside its labels, every other cell empty, the spanning headers
    # centred in their cells. No run of lines falls into cells that line up (one line of the
    # grid has three cells, the rest one or two, at other places): the rules make it a table.
    # Without the rules the same words are no table.
    xs, ys = [72, 150, 260, 330, 400, 470], [190, 206, 222, 238, 254, 270, 286]
    labels = ["Staff", "Service desk", "Process owner", "Agency"]
    cells = [Cell(0, 0, "", rows=2, cols=2), Cell(0, 2, "", cols=3), Cell(1, 2, "Ad hoc"), Cell(1, 3, "Template"),
             Cell(1, 4, "Process"), Cell(2, 0, "", rows=4)]
    cells += [Cell(2 + k, 1, label) for k, label in enumerate(labels)]
    cells += [Cell(2 + k, c, "") for k in range(4) for c in (2, 3, 4)]
    grid = TableSpec(xs, ys, cells, "grid")
    for ruled in (True, False):
        p = Page()
        p.prose(72, 80, 451, LOREM)
        p.text(76, 205, "Who and what?")  # centred on the two rows it spans
        p.text(340, 201, "What?")
        p.text(76, 265, "Who?")
        if ruled:
            p.table(grid)
        else:
            p.words += [(t.xs[c.col] + PAD, t.ys[c.row] + PAD + 9.0, c.text) for t in (grid,) for c in cells if c.text]
        p.prose(72, 320, 451, LOREM)
        found = tables_of(write(tmp_path / f"g{ruled}.pdf", [p], order))
        if not ruled:
            assert found == []
            continue
        expected = [["Who and what?"] * 2 + ["What?"] * 3, ["Who and what?"] * 2 + ["Ad hoc", "Template", "Process"]]
        expected += [["Who?", label, "", "", ""] for label in labels]
        assert [rows for _, rows, _ in found] == [expected]


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_table_nested_in_a_cell_is_that_cell_s_text_not_rows_of_the_outer_table(tmp_path, order):
    # A word processor's table with a small table inside one cell: its rules stop short of the
    # cell's own, so they part no row of the outer table, and its lines, each filling both outer
    # columns beside the other cell's lines, are still that one row's.
    outer = simple_table(72, 170, [230, 230], [["Column A", "Column B"], ["Plain cell", "Plain too"],
                                             ["", "Rich cell\nA nested table\n\n\n"]])
    outer.cells.append(Cell(2, 0, ""))  # (framed, though its text is the nested table's)
    p = page_with(outer)
    top = outer.ys[2] + 4
    inner = TableSpec([77, 150, 223, 297], [top, top + 16, top + 32],
                      [Cell(r, k, text) for r, row in enumerate([["A", "B", "C"], ["Cell 1", "Cell 2", "Cell 3"]])
                       for k, text in enumerate(row)], "grid")
    p.table(inner)
    (_, rows, _), = tables_of(write(tmp_path / "t.pdf", [p], order))
    assert rows == [["Column A", "Column B"], ["Plain cell", "Plain too"],
                    ["A B C Cell 1 Cell 2 Cell 3", "Rich cell A nested table"]]


def test_a_document_s_title_line_well_above_a_banded_table_stays_out_of_it(tmp_path):
    # An invoice: its number at the left and its date at the right, in line with the table's
    # first and last columns, set well above a table banded by shading (a rule over and under
    # every row, none above the title). The band's top edge is the table's top; the title line
    # is the page's text.
    doc = pymupdf.open()
    page = _page_with_prose(doc)
    _words_at(page, 72, 140, "INVOICE 2020-10")
    _words_at(page, 520, 140, "January 8, 2020", "right")
    items = [["ITEM DESCRIPTION", "QUANTITY", "AMOUNT"], ["1 Super Kite", "2", "40.00"],
             ["2 Turbo Flyer", "15", "200.00"], ["3 Giga Trash", "1", "180.00"], ["4 Bare Bone Kit", "3", "1,150.00"],
             ["5 Nitty Gritty", "10", "200.00"]]
    y = 170.0
    for row in items:
        page.draw_line((72, y - 11), (520, y - 11), width=0.5)
        _words_at(page, 90, y, row[0])
        _words_at(page, 330, y, row[1], "centre")
        _words_at(page, 520, y, row[2], "right")
        y += 16
    page.draw_line((72, y - 11), (520, y - 11), width=0.5)
    _words_at(page, 72, y + 20, "Terms of payment: 30 days net. We thank you for your order and look forward to")
    _words_at(page, 72, y + 31, "working with you again; please quote the invoice number with every payment.")
    doc.save(tmp_path / "t.pdf")
    [(_, rows, _)] = tables_of(tmp_path / "t.pdf")
    assert rows == items
    text = ColumnAwarePDFLoader(tmp_path / "t.pdf").load()[0].page_content
    assert "INVOICE 2020-10 January 8, 2020\n\n| ITEM DESCRIPTION |" in text


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_centred_caption_s_short_last_line_over_a_framed_table_is_the_caption_s(tmp_path, order):
    # IEEE style: "TABLE I", then the title in smaller capitals set close over a ruled grid,
    # all centred, the title's short last line right over the middle column. It is the
    # caption's end, not a header row of the grid.
    grid = simple_table(150, 200, [110, 110, 110], [["Model", "Units", "Rate"], ["Product A", "1365953", "1.19"],
                                                     ["Product B", "1105919", "5.25"], ["Product C", "893984", "1.51"]])
    p = page_with(grid, caption="")
    p.text(315 - pymupdf.get_text_length("TABLE I", fontname="helv", fontsize=9.0) / 2, 180, "TABLE I")
    path = write(tmp_path / "t.pdf", [p], order)
    doc = pymupdf.open(path)
    page = doc[0]
    for y, line in [(188, "ANNUAL REJECTION RATES FOR THREE PRODUCTS OF THE"), (195.5, "COMPANY.")]:
        _words_at_size(page, 315 - pymupdf.get_text_length(line, fontname="helv", fontsize=6.5) / 2, y, line, 6.5)
    [rows] = _tables_of_doc(doc, tmp_path / "t2.pdf")
    assert rows == grid.grid()
    [(_, _, caption)] = tables_of(tmp_path / "t2.pdf")
    assert caption == "TABLE I ANNUAL REJECTION RATES FOR THREE PRODUCTS OF THE COMPANY."


def _words_at_size(page: pymupdf.Page, x: float, y: float, text: str, size: float) -> None:
    for word in text.split():
        page.insert_text((x, y), word, fontname="helv", fontsize=size)
        x += pymupdf.get_text_length(word + " ", fontname="helv", fontsize=size)


def test_a_code_listing_whose_last_lines_line_up_is_no_table(tmp_path):
    # A LaTeX listing in a typewriter font: its last lines ("$^{1}$Affiliation 1\\") line up in
    # two columns, but the lines above them in the same block are code too: no table.
    doc = pymupdf.open()
    page = _page_with_prose(doc)
    listing = ["\\author[K. T. Smith et al.]{", "Keith T. Smith,$^{1}$", "A. N. Other,$^{2}$",
               "and Third Author$^{2,3}$", "\\\\", "$^{1}$Affiliation 1\\\\", "$^{2}$Affiliation 2\\\\",
               "$^{3}$Affiliation 3}"]
    for k, line in enumerate(listing):
        x = 72.0
        for part in line.split(" ") if "Affiliation" in line else [line]:  # (a space and a half apart)
            page.insert_text((x, 130 + 10 * k), part, fontname="cour", fontsize=8)
            x += pymupdf.get_text_length(part, fontname="cour", fontsize=8) + 7.2
    _words_at(page, 72, 230, "Affiliations should be in the format of department, institution, street address,")
    _words_at(page, 72, 241, "city and postcode, then the country, and each on a line of its own as shown above.")
    assert _tables_of_doc(doc, tmp_path / "t.pdf") == []
    text = ColumnAwarePDFLoader(tmp_path / "t.pdf").load()[0].page_content
    assert "$^{1}$Affiliation 1\\\\\n$^{2}$Affiliation 2\\\\" in text


@pytest.mark.parametrize("caption", ["figure", "table"])
def test_a_diagram_s_labels_in_rows_over_a_figure_caption_are_no_table(tmp_path, caption):
    # A network diagram's labels fall into rows and columns that line up like a table's. Right
    # over "Fig. 1. The attack model" they are the figure's; the same rows under "Table 1." are
    # a table.
    rows = [["User device", "Access point", "Gateway"], ["Laptop", "Relay", "Server"], ["Phone", "Router", "Cloud"],
            ["Tablet", "Switch", "Backup"]]
    p = Page()
    p.prose(72, 80, 451, LOREM)
    if caption == "table":
        p.text(72, 152, "Table 1. Devices of the attack model")
    for k, row in enumerate(rows):
        for x, label in zip((80, 230, 380), row):
            p.text(x, 170 + 24 * k, label)
    if caption == "figure":
        p.text(220, 170 + 24 * len(rows) + 6, "Fig. 1. The attack model")
    p.prose(72, 300, 451, LOREM)
    found = tables_of(write(tmp_path / "t.pdf", [p]))
    assert [r for _, r, _ in found] == ([] if caption == "figure" else [rows])


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_ruled_header_over_open_rows_of_amounts_is_one_table_with_them(tmp_path, order):
    # A financial statement's table: its column heads boxed in a grid of two rows (a head over
    # two columns), its rows left open (a rule over and under the total only), a dash for a nil
    # amount; a note under it. The grid, a table of its own by its rules, heads the rows; the
    # dashes are values, not an equation's signs; the note is no row.
    xs = [72, 180, 260, 340, 430, 520]
    head = [(1, 2, "Floating interest rate"), (2, 4, "Fixed interest rate maturing in:"),
            (4, 5, "Non interest bearing"), (0, 1, "Instrument"), (1, 2, "$"), (2, 3, "1 year or less $"),
            (3, 4, "Over 1 year $"), (4, 5, "$")]
    rows = [["Cash", "3,004,977", "-", "-", "3,004,977"], ["Trade debtors", "-", "-", "2,716,209", "2,716,209"],
            ["Other debtors", "-", "-", "428,814", "428,814"], ["Loans", "-", "11,184", "-", "11,184"],
            ["Total assets", "3,004,977", "11,184", "3,145,023", "6,161,184"]]
    p = Page()
    y = p.prose(72, 80, 448, LOREM)
    top, bottom = y + 6, y + 40
    p.lines += [(xs[0], top, xs[-1], top), (xs[1], top + 17, xs[-1], top + 17), (xs[0], bottom, xs[-1], bottom)]
    p.lines += [(x, top, x, bottom) for x in xs]

    def width(text: str) -> float:
        return pymupdf.get_text_length(text, fontname="helv", fontsize=9)

    for k, (a, b, text) in enumerate(head):  # heads centred over their columns
        p.text((xs[a] + xs[b] - width(text)) / 2, top + PAD + 9 + (17 if k >= 3 else 0), text)
    for r, row in enumerate(rows):
        for k, text in enumerate(row):  # amounts set flush right in their columns
            p.text(xs[k] + PAD if k == 0 else xs[k + 1] - PAD - width(text), bottom + 14 + 14 * r, text)
    total = bottom + 14 + 14 * (len(rows) - 1)
    p.lines += [(xs[1], total - 11, xs[-1], total - 11), (xs[1], total + 4, xs[-1], total + 4)]
    p.prose(72, total + 24, 448, "N/a: not applicable for the instruments that bear no interest at all.")
    ((_, found, _),) = tables_of(write(tmp_path / "t.pdf", [p], order))
    assert len(found) == 2 + len(rows) and found[2:] == rows
    assert found[1][1:] == ["$", "1 year or less $", "Over 1 year $", "$"]


def test_prose_under_a_small_ruled_grid_is_not_its_rows_even_over_another_table(tmp_path):
    # A small table of two columns whose header row alone is boxed (LaTeX's accent table), its
    # caption and a paragraph under it, an unruled table right under that: the caption's and the
    # paragraph's lines, one cell each across the box's column rule, are no rows of it.
    small = simple_table(72, 120, [150, 150], [["Command", "Output"], ["\\'e", "é"], ["\\`a", "à"],
                                                ["\\^o", "ô"]], "none")
    x0, x1, y0, y1 = small.xs[0], small.xs[-1], small.ys[0], small.ys[1]
    p = Page()
    p.table(small)
    p.lines += [(x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (small.xs[1], y0, small.xs[1], y1), (x1, y0, x1, y1)]
    p.text(72, small.ys[-1] + 14, "Table 2: Example commands for accented characters, to be used in names.")
    end = p.prose(72, small.ys[-1] + 30, 300, LOREM)
    open_table = simple_table(72, end, [120, 90, 90, 90], [HEADER] + BODY, "none")
    p.table(open_table)
    found = [rows for _, rows, _ in tables_of(write(tmp_path / "t.pdf", [p]))]
    assert found == [small.grid(), open_table.grid()]


def _notes_page(notes: list[str], gap: float = 12.0) -> tuple[Page, TableSpec]:
    """A table with marks in its cells ("Loans(1)", "N/a"), these lines under it, and a
    paragraph `gap` points under them."""
    rows = [["Instrument", "2021", "2022"], ["Loans(1)", "811", "N/a"], ["Cash", "3,004", "2,716"],
            ["Debtors", "428", "N/a"]]
    t = simple_table(72, 170, [140, 90, 90], rows, "booktabs")
    p = page_with(t)
    p.words = [w for w in p.words if w[1] < t.ys[-1] + 20]  # the prose under the table is drawn below the notes
    y = t.ys[-1] + 14
    for line in notes:
        p.text(72, y, line)
        y += LEAD
    p.prose(72, y + gap, 451, LOREM)
    return p, t


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_table_s_notes_are_read_with_it_and_chunked_with_it(tmp_path, order):
    # Under the table: a note on the mark "(1)" its cell carries, the key "N/a" its cells use, and
    # its source. They go with the table (its text, its metadata, its chunk), not with the prose.
    notes = ["(1) Loans to related parties at market rates.", "N/a: not applicable to these instruments.",
             "Source: Annual report 2021."]
    p, t = _notes_page(notes)
    docs = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p], order)).load()
    text = docs[0].page_content
    block = next(b for b in decode_blocks(docs[0].metadata) if b.kind == "table")
    assert block.rows == t.grid() and block.notes == "\n".join(notes)
    assert text[block.start:block.end].endswith("| Debtors | 428 | N/a |\n\n" + "\n".join(notes))
    assert text.count("The committee reviewed") == 2
    chunks = BandAwareTextSplitter().split_documents(docs)
    table_chunk = next(c for c in chunks if c.metadata.get("kind") == "table")
    assert table_chunk.page_content.endswith("Source: Annual report 2021.")
    assert all("The committee" not in c.page_content for c in chunks if c.metadata.get("kind") == "table")


def test_a_paragraph_set_close_under_a_table_s_one_line_note_stays_prose(tmp_path):
    # Read into one block with the note (no blank between them): after the note's stop, a line
    # in the body's type that opens no note is the paragraph's.
    p, _ = _notes_page(["Source: Annual report 2021."], gap=0.0)
    doc = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p])).load()[0]
    block = next(b for b in decode_blocks(doc.metadata) if b.kind == "table")
    assert block.notes == "Source: Annual report 2021."
    assert doc.page_content.count("The committee reviewed") == 2


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_remark_in_brackets_under_a_table_is_its_note(tmp_path, order):
    # No label, no mark: the whole block one remark in brackets, over two lines.
    remark = ["(Loans are to related parties at market rates, and N/a marks", "instruments that bear no interest.)"]
    p, _ = _notes_page(remark)
    doc = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p], order)).load()[0]
    block = next(b for b in decode_blocks(doc.metadata) if b.kind == "table")
    assert block.notes == "\n".join(remark)
    assert doc.page_content[block.start:block.end].endswith("\n".join(remark))


@pytest.mark.parametrize("under", [["Note that the figures for 2022 are not audited yet."],
                                   ["1) First the committee checks the figures of every region."],
                                   ["* The author thanks the committee for the figures of every region."],
                                   ["(In 2022) the committee checked the figures of every region."]])
def test_prose_under_a_table_that_opens_like_a_note_stays_prose(tmp_path, under):
    # "Note that ..." is a sentence, not a note's label; "1)" is no mark of the table's; nor is
    # "*", a footnote's mark on some word of the page's, none of the table's cells; a sentence
    # that opens with a bracket goes on after it closes.
    p, _ = _notes_page(under)
    doc = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p])).load()[0]
    block = next(b for b in decode_blocks(doc.metadata) if b.kind == "table")
    assert not block.notes and under[0] not in doc.page_content[block.start:block.end]
    assert under[0] in doc.page_content


def test_a_running_foot_set_close_under_a_table_s_notes_is_no_note(tmp_path):
    # The table ends near the page's foot: its note in small type, then the journal's running
    # foot in the same type a little under it (as on every page), read into one block with the
    # note. The foot stays furniture, out of the notes and the page text.
    foot = "Journal of Table Tests 12 (2024)"
    p = Page()
    p.prose(72, 80, 451, LOREM + " " + LOREM + " " + LOREM)
    t = simple_table(72, 700, [140, 90, 90], [["Instrument", "2021", "2022"], ["Loans(1)", "811", "920"],
                                              ["Cash", "3,004", "2,716"], ["Debtors", "428", "390"]], "booktabs")
    p.table(t)
    p.text(72, t.ys[-1] + 11, "(1) Loans to related parties at market rates.", size=7)
    q = Page()
    q.prose(72, 80, 451, LOREM + " " + LOREM)
    for page in (p, q):
        page.text(72, t.ys[-1] + 20, foot, size=7)
    docs = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p, q, p, q])).load()
    block = next(b for b in decode_blocks(docs[0].metadata) if b.kind == "table")
    assert block.notes == "(1) Loans to related parties at market rates."
    assert all(foot not in d.page_content for d in docs)


@pytest.mark.parametrize("mark, note", [("1", False), ("a", True)])
def test_a_raised_letter_under_a_table_opens_its_note_a_raised_number_the_page_s_footnote(tmp_path, mark, note):
    p, t = _notes_page([])
    y = t.ys[-1] + 14
    p.text(72, y - 5, mark, size=6)
    p.text(80, y, "https://example.org/figures/regions where the figures were checked twice.")
    doc = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p])).load()[0]
    block = next(b for b in decode_blocks(doc.metadata) if b.kind == "table")
    assert bool(block.notes) is note
    assert "checked twice" in doc.page_content


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_header_in_two_tiers_heads_the_table_with_both_rows(tmp_path, order):
    # Booktabs with a rule under a group heading only: "Test conditions" over two columns, their
    # own heads under it; "Total carrying" goes on under the groups' level ("amount"), in a column
    # the short rule does not cross. Both rows head the table (a long table's parts repeat both).
    xs = [72, 170, 260, 350, 440]
    p = Page()
    y = p.prose(72, 80, 448, LOREM)
    top = y + 6
    p.lines += [(xs[0], top, xs[-1], top), (xs[2], top + 17, xs[-1], top + 17), (xs[0], top + 34, xs[-1], top + 34)]
    p.text(xs[1] + PAD, top + 13, "Total carrying")
    p.text(xs[2] + PAD, top + 13, "Test conditions")
    for k, head in enumerate(["Name", "amount", "Second", "Final"]):
        p.text(xs[k] + PAD, top + 30, head)
    rows = [["Marsden", "223.0", "44", "432,321"], ["Nass", "22.2", "16", "234,333"],
            ["Borriello", "22.9", "11", "93,123"], ["Karat", "34.9", "2200", "103,322"]]
    for r, row in enumerate(rows):
        for k, text in enumerate(row):
            p.text(xs[k] + PAD, top + 48 + 14 * r, text)
    p.lines.append((xs[0], top + 54 + 14 * len(rows), xs[-1], top + 54 + 14 * len(rows)))
    p.prose(72, top + 80 + 14 * len(rows), 448, LOREM)
    (doc,) = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p], order)).load()
    (table,) = [b for b in decode_blocks(doc.metadata) if b.kind == "table"]
    assert table.rows == [["", "Total carrying amount", "Test conditions", "Test conditions"],
                          ["Name", "Total carrying amount", "Second", "Final"]] + rows
    assert table.header_rows == 2
    # Markdown has one header row: the tiers are one there, no tier read as a row of data.
    head = "| Name | Total carrying amount | Test conditions Second | Test conditions Final |\n| --- | --- | --- | --- |\n"
    assert head + "| Marsden |" in doc.page_content and doc.page_content.count("Test conditions") == 2
    # A header said to hold every row leaves its rows as they are under the first.
    from columnrag.loaders.text.tables import render_rows
    assert render_rows([["a", "b"], ["", "c"], ["1", "2"]], 3, "markdown") == "| a | b |\n| --- | --- |\n|  | c |\n| 1 | 2 |"


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_lone_label_in_a_ruled_column_no_row_rule_crosses_labels_all_its_rows(tmp_path, order):
    # A grid whose rules between the rows stop short of the first column, which holds one label
    # set in the middle of the rows: it labels every row (a column with a label in every row
    # keeps one cell per row: test_a_column_without_rules_between_its_rows_has_a_cell_in_each_row).
    xs, pitch = [72, 140, 260, 330, 400, 470], 16.0
    body = [["Staff member", "yes", "no", "no"], ["Service team", "yes", "yes", "no"],
            ["Process", "no", "yes", "yes"], ["External service", "no", "no", "yes"]]
    p = Page()
    p.prose(72, 80, 388, LOREM)
    top = 150.0
    for k, head in enumerate(["What and who?", "", "Ad hoc", "Template", "Process"]):
        if head:
            p.text(xs[k] + PAD, top + 12, head)
    y = top + pitch
    for row in body:
        for k, text in enumerate(row):
            p.text(xs[k + 1] + PAD, y + 12, text)
        y += pitch
    p.text(xs[0] + PAD, (top + pitch + y) / 2 + 3.5, "Who?")
    p.lines += [(x, top if x != xs[1] else top + pitch, x, y) for x in xs]  # the head over both
    p.lines += [(xs[0], top, xs[-1], top), (xs[0], top + pitch, xs[-1], top + pitch), (xs[0], y, xs[-1], y)]
    p.lines += [(xs[1], top + pitch * (r + 2), xs[-1], top + pitch * (r + 2)) for r in range(len(body) - 1)]
    p.prose(72, y + 30, 388, LOREM)
    [(_, found, _)] = tables_of(write(tmp_path / "t.pdf", [p], order))
    assert found == [["What and who?", "What and who?", "Ad hoc", "Template", "Process"]] + [
        ["Who?"] + row for row in body]


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_value_centred_on_the_rows_a_rule_groups_labels_them_all(tmp_path, order):
    # A ruled table whose rules group rows in pairs: the layers' counts are set in the middle of
    # their pair, drawn overlapping both lines; a remark set on its row's line stays that row's.
    xs, pitch = [72, 130, 188, 260, 320, 380, 460], 13.0
    groups = [("6", "6", [("OTSL", "0.965", "2.73", "fast"), ("HTML", "0.969", "5.39", "")]),
              ("4", "2", [("OTSL", "0.938", "1.97", ""), ("HTML", "0.952", "3.77", "")])]
    p = Page()
    p.prose(72, 80, 388, LOREM)
    top = 160.0
    for k, head in enumerate(["Encoder", "Decoder", "Language", "Score", "Time", "Remark"]):
        p.text(xs[k] + PAD, top + 11, head)
    y = top + 16
    expected = [["Encoder", "Decoder", "Language", "Score", "Time", "Remark"]]
    p.lines += [(xs[0], top, xs[-1], top), (xs[0], y, xs[-1], y)]
    for enc, dec, rows in groups:
        for i, row in enumerate(rows):
            for k, text in enumerate(row):
                if text:
                    p.text(xs[k + 2] + PAD, y + 10 + i * pitch, text)
            expected.append([enc, dec, *row])
        for k, text in ((0, enc), (1, dec)):
            p.text(xs[k] + PAD, y + 10 + pitch / 2 - 1, text)  # a little over the middle
        y += 2 * pitch + 3
        p.lines.append((xs[0], y, xs[-1], y))
    p.lines += [(x, top, x, y) for x in xs]
    p.prose(72, y + 30, 388, LOREM)
    [(_, found, _)] = tables_of(write(tmp_path / "t.pdf", [p], order))
    assert found == expected


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_note_on_a_mark_raised_against_a_cell_s_number_is_the_table_s(tmp_path, order):
    # "43" with the note's "1)" set raised in smaller type right against it (MuPDF reads "431)"):
    # the cell reads "43 1)" and the note "1) ..." under the table is its note.
    rows = [["No.", "Element", "Required"], ["1", "Walls and ceilings", "57"], ["2", "Floors", "43"],
            ["3", "Doors", "32"]]
    t = simple_table(72, 170, [60, 160, 90], rows, "booktabs")
    p = page_with(t)
    p.words = [w for w in p.words if w[1] < t.ys[-1] + 20]
    x = t.xs[2] + PAD + pymupdf.get_text_length("43", fontname="helv", fontsize=9)
    p.text(x, t.ys[2] + PAD + 9 - 3, "1)", size=6)
    note = "1) Not required where the machines stand on mounts that damp their noise."
    p.text(72, t.ys[-1] + 14, note)
    p.prose(72, t.ys[-1] + 40, 451, LOREM)
    doc = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p], order)).load()[0]
    block = next(b for b in decode_blocks(doc.metadata) if b.kind == "table")
    assert block.rows[2] == ["2", "Floors", "43 1)"] and block.notes == note


@pytest.mark.parametrize("order", ["native", "shuffled"])
@pytest.mark.parametrize("rules", ["none", "booktabs", "cmidrule"])
def test_a_heading_centred_over_two_columns_in_their_gap_heads_both(tmp_path, rules, order):
    # "Revenue" and "Cost" each centred over two columns of years, set in the gap between them
    # (amounts flush right): each heads its two columns, no column of its own, whatever rules the
    # table has (over the header, under it, under each group only). Above one rule, the header's
    # lines are one row; with a rule under each group, or none, two.
    def width(text: str) -> float:
        return pymupdf.get_text_length(text, fontname="helv", fontsize=9)

    xs = [72, 200, 270, 340, 410, 480]
    p = Page()
    top = p.prose(72, 80, 448, LOREM) + 24
    p.text(72, top - 14, "Table 5. Revenue and cost by region")
    for a, b, text in [(1, 3, "Revenue"), (3, 5, "Cost")]:
        p.text((xs[a] + xs[b]) / 2 - width(text) / 2 + 6, top + 12, text)
        if rules == "cmidrule":
            p.lines.append((xs[a] + 4, top + 15, xs[b] - 4, top + 15))
    head = ["Region", "2022", "2023", "2022", "2023"]
    body = [["North", "1,204", "1,310", "804", "833"], ["South", "986", "1,021", "612", "650"],
            ["East", "1,533", "1,498", "977", "1,010"]]
    for r, row in enumerate([head] + body):
        for k, text in enumerate(row):
            p.text(xs[k] + (0 if k == 0 else 40 - width(text)), top + 25 + (14 * r + 4 if r else 0), text)
    bottom = top + 29 + 14 * len(body) + 4
    if rules != "none":
        p.lines += [(72, top, 480, top), (72, top + 29, 480, top + 29), (72, bottom, 480, bottom)]
    p.prose(72, bottom + 30, 448, LOREM)
    (doc,) = ColumnAwarePDFLoader(write(tmp_path / "t.pdf", [p], order)).load()
    (table,) = [b for b in decode_blocks(doc.metadata) if b.kind == "table"]
    groups = ["", "Revenue", "Revenue", "Cost", "Cost"]
    if rules == "booktabs":
        assert table.rows == [[" ".join(x for x in pair if x).strip() for pair in zip(groups, head)]] + body
        assert table.header_rows == 1
    else:
        assert table.rows == [groups, head] + body
        assert table.header_rows == 2  # (the years head the table too: a long one's parts repeat them)


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_heads_stacked_over_two_lines_without_rules_are_one_header_row(tmp_path, order):
    # No rules: "Training" / "loss", "Test" / "accuracy", "Inference" / "time (ms)" stacked over
    # the line that names every column: one header row. A short header over a first row of values
    # ("2023" "2022" over "Cash 1,204 986") stays apart from it.
    def width(text: str) -> float:
        return pymupdf.get_text_length(text, fontname="helv", fontsize=9)

    def page(caption: str, rows: list[tuple[float, list[str]]]) -> Page:
        p = Page()
        top = p.prose(72, 80, 448, LOREM) + 30
        p.text(72, top - 16, caption)
        for dy, row in rows:
            for k, text in enumerate(row):
                if text:
                    p.text(xs[k] + (0 if k < 2 else 70 - width(text)), top + dy, text)
        p.prose(72, top + max(dy for dy, _ in rows) + 30, 448, LOREM)
        return p

    xs = [72, 170, 260, 350, 440]
    heads = [["", "", "Training", "Test", "Inference"], ["Model", "Variant", "loss", "accuracy", "time (ms)"]]
    body = [["Small", "base", "0.41", "81.2", "12"], ["Small", "tuned", "0.37", "83.0", "12"],
            ["Large", "base", "0.30", "86.5", "48"], ["Large", "tuned", "0.27", "88.1", "49"]]
    stacked = page("Table 6. Results by model size", [(0, heads[0]), (11, heads[1])] + [
        (30 + 14 * r, row) for r, row in enumerate(body)])
    short = [["", "", "2023", "2022"], ["Cash", "", "1,204", "986"], ["Receivables", "", "2,533", "1,498"],
             ["Inventory", "", "812", "870"], ["Payables", "", "904", "733"]]
    apart = page("Table 7. Balance sheet extract", [(12 * r, row) for r, row in enumerate(short)])
    found = [rows for _, rows, _ in tables_of(write(tmp_path / "t.pdf", [stacked, apart], order))]
    assert found[0] == [["Model", "Variant", "Training loss", "Test accuracy", "Inference time (ms)"]] + body
    assert found[1] == [[c for k, c in enumerate(row) if k != 1] for row in short]


@pytest.mark.parametrize("order", ["native", "shuffled"])
@pytest.mark.parametrize("values_on", ["last", "first"])
def test_a_label_wrapped_before_a_capital_goes_on_where_its_line_cannot_end(tmp_path, values_on, order):
    # "Provision for restructuring costs of the" / "European plants": the label's line ends with
    # words that lead on, so the next line, capital and all, is its rest, with the row's values
    # on either line; "Employee benefits" under a label that ends is a row of its own.
    def width(text: str) -> float:
        return pymupdf.get_text_length(text, fontname="helv", fontsize=9)

    rows = [(["Provision for restructuring costs of the", "European plants"], "1,204", "986"),
            (["Employee benefits"], "2,533", "1,498"),
            (["Claims, warranties and", "Returns"], "812", "870"), (["Other"], "90", "77")]
    xs = [72, 330, 430]
    p = Page()
    top = p.prose(72, 80, 448, LOREM) + 30
    p.text(72, top - 16, "Table 4. Provisions")
    for k, text in ((1, "2023"), (2, "2022")):
        p.text(xs[k] + 60 - width(text), top, text)
    y = top + 16
    for label, a, b in rows:
        for j, line in enumerate(label):
            p.text(72 + (8 if j else 0), y + 11 * j, line)
        at = y + 11 * (len(label) - 1 if values_on == "last" else 0)
        p.text(xs[1] + 60 - width(a), at, a)
        p.text(xs[2] + 60 - width(b), at, b)
        y += 11 * len(label) + 4
    p.prose(72, y + 20, 448, LOREM)
    [(_, found, _)] = tables_of(write(tmp_path / "t.pdf", [p], order))
    assert found == [["", "2023", "2022"]] + [[" ".join(label), a, b] for label, a, b in rows]


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_currency_sign_set_apart_from_its_amount_is_part_of_the_amount(tmp_path, order):
    # A statement sets "$" at the left of its column and the amount flush right, on the first and
    # the total rows: "$ 1,204" is one value in the year's column, not a column of signs. A column
    # of currencies with a head of its own ("Currency": "USD", "EUR") stays one.
    def width(text: str) -> float:
        return pymupdf.get_text_length(text, fontname="helv", fontsize=9)

    def page(head: list[str], rows: list[list[str]]) -> Page:
        p = Page()
        top = p.prose(72, 80, 448, LOREM) + 30
        p.text(72, top - 16, "Table 8. Cash and receivables (in thousands)")
        for r, row in enumerate([head] + rows):
            for k, text in enumerate(row):
                if text:
                    x = xs[k] if k == 0 or _sign(text) or r == 0 and k % 2 else xs[k] + 80 - width(text)
                    p.text(x, top + (16 + 14 * (r - 1) if r else 0), text)
        p.prose(72, top + 16 + 14 * len(rows) + 20, 448, LOREM)
        return p

    def _sign(text: str) -> bool:
        return text in ("$", "USD", "EUR", "CHF")

    xs = [72, 300, 300, 420, 420]
    rows = [["Cash and cash equivalents", "$", "1,204", "$", "986"], ["Accounts receivable, net", "", "2,533", "", "1,498"],
            ["Inventories", "", "812", "", "870"], ["Total current assets", "$", "4,549", "$", "3,354"]]
    statement = page(["", "", "2023", "", "2022"], rows)
    xs = [72, 300, 420]
    listed = [["Deposit A", "USD", "1,204"], ["Deposit B", "EUR", "2,533"], ["Deposit C", "CHF", "812"],
              ["Deposit D", "USD", "90"], ["Deposit E", "EUR", "1,017"], ["Deposit F", "USD", "3,310"]]
    currencies = page(["Account", "Currency", "Amount"], listed)
    [(_, found, _)] = tables_of(write(tmp_path / "t.pdf", [statement], order))
    assert found == [["", "2023", "2022"]] + [[r[0], " ".join(x for x in r[1:3] if x), " ".join(x for x in r[3:] if x)]
                                              for r in rows]
    [(_, found, _)] = tables_of(write(tmp_path / "c.pdf", [currencies], order))
    assert found == [["Account", "Currency", "Amount"]] + listed


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_header_line_read_into_the_caption_s_block_is_the_table_s(tmp_path, order):
    # "2023" "2022" set close under "Table 9. Shares by region", over the columns of shares (each
    # "%" a space after its number): the page reads the two lines as one block, but the second
    # holds cells over the table's columns, none over its labels'. It heads the table; the
    # caption keeps its own line.
    def width(text: str) -> float:
        return pymupdf.get_text_length(text, fontname="helv", fontsize=9)

    xs = [72, 300, 420]
    rows = [["North", "12.5 %", "11.0 %"], ["South", "30.2 %", "28.4 %"], ["East", "41.0 %", "44.9 %"],
            ["West", "16.3 %", "15.7 %"]]
    p = Page()
    top = p.prose(72, 80, 448, LOREM) + 30
    p.text(72, top - 16, "Table 9. Shares by region")
    for k, year in ((1, "2023"), (2, "2022")):  # over its column's numbers and signs together
        p.text(xs[k] + 60 - width(year), top, year)
    for r, (label, *shares) in enumerate(rows):
        p.text(72, top + 16 + 14 * r, label)
        for k, share in enumerate(shares, start=1):
            number = share.split()[0]
            p.text(xs[k] + 50 - width(number), top + 16 + 14 * r, number)
            p.text(xs[k] + 62, top + 16 + 14 * r, "%")
    p.prose(72, top + 16 + 14 * len(rows) + 20, 448, LOREM)
    [(_, found, caption)] = tables_of(write(tmp_path / "t.pdf", [p], order))
    assert found == [["", "2023", "2022"]] + rows and caption == "Table 9. Shares by region"


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_ruled_table_of_cells_of_words_read_as_columns_is_one_table(tmp_path, order):
    # OUP's template (and cabrejas_aamas21's Table 1, "7.87 ± 0.83" in every cell): each cell two
    # words or three, in every row, so the engine reads the table's columns as the page's, each
    # cell a line of its own; booktabs rules over and under it make it a table. Without rules,
    # columns of a few words each are no table (a list of keywords in three columns).
    rows = [["column 1", "column 2", "column 3", "column 4"]] + [
        [f"row {k}", f"data {3 * k - 2}", f"data {3 * k - 1}", f"data {3 * k}"] for k in range(1, 4)]
    for rules in ("booktabs", "none"):
        p = Page()
        p.prose(72, 80, 215, LOREM + " " + LOREM)
        p.text(308, 92, "Table 1. Caption text")
        t = simple_table(308, 100, [60, 60, 60, 60], rows, rules)
        p.table(t)
        p.prose(308, t.ys[-1] + 30, 215, LOREM)
        found = tables_of(write(tmp_path / f"cells-{rules}-{order}.pdf", [p], order, seed=5))
        if rules == "booktabs":
            assert [r for _, r, _ in found] == [rows], found
        else:
            assert found == []


def _dotted(page: pymupdf.Page, x0: float, y0: float, x1: float, y1: float) -> None:
    """A rule drawn dotted as a spreadsheet exports it: a tiny filled rectangle per dash."""
    horizontal = y0 == y1
    length = x1 - x0 if horizontal else y1 - y0
    at = 0.0
    while at + 1.9 <= length:
        box = (pymupdf.Rect(x0 + at, y0 - 0.3, x0 + at + 1.9, y0 + 0.3) if horizontal
               else pymupdf.Rect(x0 - 0.3, y0 + at, x0 + 0.3, y0 + at + 1.9))
        page.draw_rect(box, color=None, fill=(0, 0, 0))
        at += 2.5


def test_a_table_ruled_dotted_under_a_solid_header_keeps_its_columns(tmp_path):
    """A spreadsheet's export: the header boxed in solid rules, the frame and the names' column
    too, the body's rows and other columns ruled dotted, dash by dash. Each dash is too short for
    a rule; together they part the body's cells (without them each row's values read as one cell
    spanning the columns the solid rules leave)."""
    xs = [60, 160, 210, 260, 330, 400]
    head = ["Municipality", "Seats", "Size", "Population", "Voters"]
    body = [["Ancarano", "1", "INF", "1.811", "1.620"], ["Arsita", "1", "INF", "756", "874"],
            ["Giulianova", "1", "SUP", "23.442", "21.806"], ["Montefino", "1", "INF", "967", "915"],
            ["Pineto", "1", "INF", "14.538", "13.363"]]
    doc = pymupdf.open()
    page = _page_with_prose(doc)
    top, pitch = 120.0, 14.0
    for k, text in enumerate(head):
        _words_at(page, xs[k] + 3, top + 10, text)
    for x in xs:
        page.draw_line((x, top), (x, top + pitch), width=0.6)
    for y in (top, top + pitch):
        page.draw_line((xs[0], y), (xs[-1], y), width=0.6)
    for r, row in enumerate(body):
        y = top + pitch * (r + 1)
        for k, text in enumerate(row):
            _words_at(page, xs[k] + 3, y + 10, text)
        _dotted(page, xs[0], y + pitch, xs[-1], y + pitch)
    bottom = top + pitch * (len(body) + 1)
    for x in (xs[0], xs[1], xs[-1]):  # the frame and the names' column ruled solid
        page.draw_line((x, top), (x, bottom), width=0.6)
    for x in xs[2:-1]:
        _dotted(page, x, top + pitch, x, bottom)
    [rows] = _tables_of_doc(doc, tmp_path / "dotted.pdf")
    assert rows == [head] + body
