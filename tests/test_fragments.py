"""Fragments, headings and sections on generated layouts, with the model's own token counts."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from langchain_core.documents import Document

from columnrag.chunking import BandAwareTextSplitter
from columnrag.chunking.context import contextualize
from columnrag.chunking.settings import ChunkingSettings
from columnrag.loaders.engine.geometry import Word

from .boxes import column, line_words
from .test_splitter import page_doc, sentence_lines


@pytest.fixture(scope="module")
def splitter() -> BandAwareTextSplitter:
    return BandAwareTextSplitter()  # 200 tokens, floor a quarter of it


def tall(words: list[Word], height: float) -> list[Word]:
    """The same words set in larger type (taller boxes, same baseline)."""
    return [Word(w.x0, w.y1 - height, w.x0 + (w.x1 - w.x0) * height / 10, w.y1, w.text, w.seq) for w in words]


def prose(tag: str, n: int) -> list[str]:
    """n words in sentences of eight, each opening with a capital and ending with a full stop."""
    words = [f"{tag.capitalize() if i % 8 == 0 else tag}{i}" for i in range(n)]
    return [w + "." if i % 8 == 7 or i == n - 1 else w for i, w in enumerate(words)]


def tokens(splitter: BandAwareTextSplitter, text: str) -> int:
    return splitter._length_function(text)


def test_an_author_block_joins_the_title_and_the_abstract(splitter):
    title = tall(line_words("Reading Order in Practice", 150, 50), 16)
    left = column(["Jane Doe", "University of Somewhere", "jane@somewhere.edu"], 90, 90)
    right = column(["John Roe", "Institute of Elsewhere", "john@elsewhere.org"], 340, 90)
    abstract = line_words("Abstract", 72, 150) + column(sentence_lines(prose("abs", 120), 8), 72, 166)
    chunks = splitter.split_documents([page_doc(title + left + right + abstract)])
    authors = ("Jane", "Somewhere", "John", "Elsewhere")
    holding = [c for c in chunks if any(a in c.page_content for a in authors)]
    assert holding and all("abs1" in c.page_content for c in holding)  # never an author block alone
    assert chunks[0].page_content.startswith("Reading Order in Practice")
    assert all(c.metadata["doc_title"] == "Reading Order in Practice" for c in chunks)
    # That chunk goes on into the abstract from the title block, in no section: it is the abstract's.
    assert chunks[0].metadata["section"] == "Abstract"


def test_a_line_over_the_document_s_first_heading_joins_its_chunk(splitter):
    # A template's web address over a deck's title: nothing comes before it to join, so it
    # opens the title's chunk rather than stand alone.
    words = line_words("www.example.org", 72, 30) + tall(line_words("Tagged Documents", 72, 80), 20)
    words += column(sentence_lines(prose("intro", 60), 8), 72, 120)
    chunks = splitter.split_documents([page_doc(words)])
    assert chunks[0].page_content.startswith("www.example.org\n\nTagged Documents")


def test_figure_labels_and_a_display_equation_do_not_become_chunks_and_only_the_labels_leave_the_text(splitter):
    above = column(sentence_lines(prose("pre", 60)[:-1] + ["as", "follows:"], 8), 72, 60)
    equation = line_words("x = y + 2 (1)", 150, 200)
    labels = (line_words("0.5", 80, 240) + line_words("Accuracy", 150, 262) + line_words("1.0", 80, 290)
              + line_words("Epochs", 150, 318))
    caption = line_words("Figure 1: Accuracy over epochs.", 72, 350)
    below = column(sentence_lines(prose("post", 120), 8), 72, 380)
    chunks = splitter.split_documents([page_doc(above + equation + labels + caption + below)])
    for c in chunks:
        assert "pre1" in c.page_content or "post1" in c.page_content, c.page_content
    texts = " ".join(c.page_content for c in chunks)
    assert "0.5" not in texts  # no words: kept out of the text ...
    aside = " ".join(c.metadata.get("aside", "") for c in chunks)
    assert "0.5" in aside and "1.0" in aside  # ... and in the metadata
    assert any("follows:" in c.page_content and "x = y + 2 (1)" in c.page_content for c in chunks)  # read on
    assert "Accuracy" in texts and "Epochs" in texts


@pytest.mark.parametrize("line, read", [
    ("2014 – 2015", True), ("2021 – present", True), ("X2 + Y2 = Z", True),  # years, an equation
    ("(3)", False), ("(12.3)", False), ("25 20", False), ("0.25 0.50 0.75", False), ("1 0 -1", False),  # ticks
    ("2010 2012 2014", False),
])
def test_figures_a_reader_reads_stay_in_the_chunk_text(splitter, line, read):
    """A span of years under a CV's entry, an equation: text to embed; an equation's number or a
    chart's ticks alone: carried aside."""
    above = column(sentence_lines(prose("entry", 40), 8), 72, 60)
    below = column(sentence_lines(prose("next", 40), 8), 72, 200)
    chunks = splitter.split_documents([page_doc(above + line_words(line, 72, 150) + below)])
    assert any(line in c.page_content for c in chunks) is read
    assert any(line in c.metadata.get("aside", "") for c in chunks) is not read


def test_no_chunk_is_shorter_than_the_floor_where_a_neighbour_has_room(splitter):
    # A paragraph of a little over chunk_size: greedy packing would leave a tail of one sentence.
    words = column(sentence_lines(prose("long", 150), 8), 72, 60)
    doc = page_doc(words)
    assert tokens(splitter, doc.page_content) > splitter._chunk_size
    chunks = splitter.split_documents([doc])
    assert min(tokens(splitter, c.page_content) for c in chunks) >= splitter._chunk_size // 4
    assert " ".join(c.page_content for c in chunks).split() == doc.page_content.split()
    off = BandAwareTextSplitter(settings=ChunkingSettings(min_chunk_fill=0.0)).split_documents([doc])
    assert min(tokens(splitter, c.page_content) for c in off) < splitter._chunk_size // 4


def _sections_page() -> Document:
    return page_doc(_sections_page_words())


def _sections_page_words() -> list[Word]:
    y = 60
    words: list[Word] = []
    for heading, tag, n in (("1 Introduction", "intro", 90), ("2 Method", "meth", 90), ("2.1 Data", "data", 90),
                            ("3 Results", "res", 12)):
        words += line_words(heading, 72, y)
        lines = sentence_lines(prose(tag, n), 12)
        words += column(lines, 72, y + 16)
        y += 16 + 12 * len(lines) + 14
    return words


def test_headings_open_the_chunk_of_their_section_and_never_stand_alone(splitter):
    chunks = splitter.split_documents([_sections_page()])
    for heading in ("1 Introduction", "2 Method", "2.1 Data"):
        opened = [c for c in chunks if heading in c.page_content]
        assert len(opened) == 1 and opened[0].page_content.startswith(heading + "\n")
    assert not any(c.page_content.strip() in ("1 Introduction", "2 Method", "2.1 Data", "3 Results") for c in chunks)
    # The short last section is a chunk under the floor that can only join backwards, which a
    # heading forbids: it stays a whole section, heading first.
    assert chunks[-1].page_content.startswith("3 Results\nRes0")


def test_every_chunk_carries_its_section_path(splitter):
    chunks = splitter.split_documents([_sections_page()])
    by_start = {c.page_content.split("\n")[0]: c.metadata["section"] for c in chunks}
    assert by_start["1 Introduction"] == "1 Introduction"
    assert by_start["2 Method"] == "2 Method"
    assert by_start["2.1 Data"] == "2 Method > 2.1 Data"
    assert by_start["3 Results"] == "3 Results"


def test_the_embedded_text_carries_section_and_title_when_asked():
    title = tall(line_words("Reading Order in Practice", 150, 20), 16)
    doc = page_doc(title + [Word(w.x0, w.y0 + 20, w.x1, w.y1 + 20, w.text) for w in _sections_page_words()])
    plain = BandAwareTextSplitter(settings=ChunkingSettings(contextualize=False))
    ctx = BandAwareTextSplitter(settings=ChunkingSettings(contextualize=True, context_title=False))
    both = BandAwareTextSplitter(settings=ChunkingSettings(contextualize=True, context_title=True))
    chunks = ctx.split_documents([doc])
    assert [c.page_content for c in chunks] == [c.page_content for c in plain.split_documents([doc])]
    data = next(c for c in chunks if c.page_content.startswith("2.1 Data"))
    assert ctx.embedding_text(data) == "2 Method > 2.1 Data\n" + data.page_content
    assert both.embedding_text(data) == "Reading Order in Practice\n2 Method > 2.1 Data\n" + data.page_content
    assert plain.embedding_text(data) == data.page_content


def test_the_context_gives_way_before_the_text_is_cut():
    meta = {"doc_title": "A Title", "section": "2 Method > 2.1 Data"}
    text = "The chunk's own text."
    assert contextualize(text, meta) == "A Title\n2 Method > 2.1 Data\n" + text
    assert contextualize(text, meta, lambda t: len(t) <= len(text) + 12) == "2.1 Data\n" + text
    assert contextualize(text, meta, lambda t: len(t) <= len(text)) == text
    assert contextualize(text, meta, lambda t: False) == text


def test_a_chunk_running_into_the_next_column_has_its_first_box_as_bbox():
    left = column(sentence_lines([f"alpha{i}" for i in range(60)]), 72, 100)
    right = column(sentence_lines([f"beta{i}" for i in range(30)] + ["end."]), 330, 100)
    chunks = BandAwareTextSplitter().split_documents([page_doc(left + right)])
    joined = next(c for c in chunks if "alpha59" in c.page_content and "beta0" in c.page_content)
    boxes = json.loads(joined.metadata["boxes"])
    assert len(boxes) == 2 and boxes[0]["bbox"][2] < 330 <= boxes[1]["bbox"][0]
    flat = [joined.metadata[k] for k in ("bbox_x0", "bbox_y0", "bbox_x1", "bbox_y1")]
    assert flat == pytest.approx(boxes[0]["bbox"])  # the left column's box only


def test_a_paragraph_cut_between_chunks_gives_each_its_own_lines():
    words = column(sentence_lines(prose("para", 400), 8), 72, 60)
    chunks = BandAwareTextSplitter(settings=ChunkingSettings(min_chunk_fill=0.0)).split_documents([page_doc(words)])
    assert len(chunks) >= 3
    spans = [json.loads(c.metadata["boxes"])[0]["bbox"] for c in chunks]
    line = 12.0
    for a, b in zip(spans, spans[1:]):
        assert b[1] >= a[3] - line - 0.5  # they share at most the line the cut falls in
    assert spans[0][1] == pytest.approx(60) and spans[-1][3] == pytest.approx(60 + 12 * 49 + 10, abs=line)


def test_plain_text_is_counted_like_the_layout_path():
    splitter = BandAwareTextSplitter()
    text = " ".join(f"Sentence number {i} says a few plain words." for i in range(60))
    chunks = splitter.split_text(text)
    sizes = [tokens(splitter, c) for c in chunks]
    assert max(sizes) <= splitter._chunk_size
    assert min(sizes[:-1]) >= 0.9 * splitter._chunk_size  # [CLS]/[SEP] once per chunk, not per word
    docs = splitter.split_documents([Document(page_content=text, metadata={"source": "plain"})])
    assert [d.page_content for d in docs] == chunks
    layout = splitter.split_documents([page_doc(column(sentence_lines(text.split(), 10), 72, 40))])
    assert abs(len(layout) - len(chunks)) <= 1


def test_a_document_of_figures_only_keeps_them_and_one_of_symbols_only_has_no_chunk():
    doc = page_doc(line_words("1 2 3", 72, 60) + line_words("= + -", 72, 120))
    chunks = BandAwareTextSplitter().split_documents([doc])
    assert [c.page_content for c in chunks] == ["1 2 3"]
    assert "= + -" in json.dumps(chunks[0].metadata)  # carried aside, as a wordless piece is
    assert BandAwareTextSplitter().split_documents([page_doc(line_words("· • —", 72, 60))]) == []


@pytest.mark.parametrize("fill", [0.0, 0.25, 0.5])
def test_min_chunk_fill_is_the_floor(fill):
    words = column(sentence_lines(prose("w", 500), 10), 72, 40)
    s = BandAwareTextSplitter(settings=replace(ChunkingSettings(), min_chunk_fill=fill))
    sizes = [tokens(s, c.page_content) for c in s.split_documents([page_doc(words)])]
    assert min(sizes) >= int(fill * s._chunk_size) and max(sizes) <= s.max_length


def test_headings_with_nothing_after_them_join_the_chunk_before(splitter):
    words = (line_words("1 Introduction", 72, 60) + column(sentence_lines(prose("intro", 60), 10), 72, 76)
             + tall(line_words("For more information", 72, 200), 14))
    chunks = splitter.split_documents([page_doc(words)])
    assert len(chunks) == 1 and chunks[0].page_content.endswith("For more information")


def _blocks_doc(parts: list[tuple[str, str]]) -> Document:
    """A page Document from (kind, text) blocks stacked down one column, with its layout."""
    from columnrag.loaders.contract import BLOCKS_KEY, LayoutBlock, encode_blocks
    from columnrag.loaders.engine.geometry import Box

    text, blocks, y = "", [], 72.0
    for kind, part in parts:
        if text:
            text += "\n\n"
        lines = part.count("\n") + 1
        rows = [[c.strip() for c in line.strip("|").split("|")] for line in part.split("\n")
                if not line.startswith("| ---")] if kind == "table" else None
        blocks.append(LayoutBlock(Box(72, y, 300, y + 12 * lines), 1, 0, 0, kind, len(text), len(text) + len(part),
                                  size=10.0, rows=rows, header_rows=1 if rows else 0, caption="" if rows else None))
        text += part
        y += 12 * lines + 10
    return Document(page_content=text, metadata={"source": "mem.pdf", "page": 0, BLOCKS_KEY: encode_blocks(blocks)})


def test_a_table_is_never_joined_and_the_prose_around_it_are_neighbours(splitter):
    table = "| Region | Sales |\n| --- | --- |\n| North | 12 |\n| South | 7 |"
    body = " ".join(prose("body", 120))
    doc = _blocks_doc([("text", "Contact: Jane Doe, Somewhere."), ("table", table), ("text", body)])
    chunks = splitter.split_documents([doc])
    tables = [c for c in chunks if c.metadata.get("kind") == "table"]
    assert [c.page_content for c in tables] == [table]  # whole, and alone
    prose_chunks = [c for c in chunks if c.metadata.get("kind") != "table"]
    # The short line before the table is too small to stand alone: it joins the prose after the table.
    assert len(prose_chunks) >= 1 and prose_chunks[0].page_content.startswith("Contact: Jane Doe")
    assert "body1" in prose_chunks[0].page_content
    assert chunks.index(tables[0]) == chunks.index(prose_chunks[0]) + 1  # the table follows that chunk


def _piece(text: str, kind: str = "text", size: float = 10.0, x: tuple[float, float] = (72, 300),
           y: float = 100, region: int = 0, column: int = 0):
    from columnrag.chunking.pieces import Piece
    from columnrag.loaders.contract import LayoutBlock
    from columnrag.loaders.engine.geometry import Box

    lines = text.count("\n") + 1
    block = LayoutBlock(Box(x[0], y, x[1], y + 12 * lines), 1, column, region, kind, 0, len(text), size=size)
    return Piece(text, 0, block, {})


def test_section_paths_leave_out_tick_labels_and_formulas_and_read_roman_numbers():
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece("IV. METHODS", "heading", 12), _piece(body),
              _piece("0 20 25 30 35 40 ω0 (meV)", "heading", 12), _piece(body),
              _piece("|µ1 −µ0| ∈Ω(σ1/√m) ⇒δσ, (C8)", "heading", 12), _piece(body),
              _piece("V. RESULTS", "heading", 12), _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces[1::2]] == ["IV. METHODS", "IV. METHODS", "IV. METHODS", "V. RESULTS"]


def test_a_heading_in_the_body_s_type_set_apart_on_its_own_line_opens_a_section():
    # A short paper's headings, bold but no larger than its text ("Method", "References"), that
    # the loader set apart by the space around them.
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece("Jane Q. Author", "heading"), _piece(body),  # a byline, before any paragraph
              _piece("Method", "heading"), _piece(body),
              _piece("Keywords: layout, reading order", "heading"), _piece(body),  # a run-in label
              _piece("Send ARP Requests", "heading", 6), _piece(body),  # a chart's label, smaller
              _piece("References", "heading"), _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces[1::2]] == ["", "Method", "Method", "Method", "References"]
    # A line of a figure right over its caption heads nothing; a sentence about a table is no caption.
    pieces = [_piece(body), _piece("Results", "heading"), _piece("Table 1 contains the figures. " + body),
              _piece("Data Flow Overview", "heading"), _piece("Fig. 3. The flow of the data through the system."),
              _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces] == ["", "Results", "Results", "Results", "Results", "Results"]


def test_a_heading_s_second_line_joins_it_but_a_heading_set_apart_under_it_opens_its_own_section():
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    lines = [_piece(body, y=60), _piece("Development of", "heading", 12, x=(72, 160), y=100),
             _piece("the Brain", "heading", 12, x=(72, 130), y=114), _piece(body, y=130)]  # at its leading
    assign_sections(lines, "")
    assert lines[-1].section == "Development of the Brain"
    apart = [_piece(body, y=60), _piece("Method", "heading", 12, x=(72, 120), y=100),
             _piece("Participants", "heading", 12, x=(72, 150), y=126), _piece(body, y=150)]  # space between
    assign_sections(apart, "")
    assert [p.section for p in apart[1:]] == ["Method", "Participants", "Participants"]
    # A first line that fills the column goes on, however far below the next line's box lies (a
    # font whose glyph boxes are half its type: "VI. Case Study: Flexible XAI Service for Cloud"
    # / "AI Feature Contributions").
    full = [_piece(body, y=60), _piece("VI. Case Study of a Service for Cloud", "heading", 12, y=100),
            _piece("AI Feature Contributions", "heading", 12, x=(120, 250), y=126), _piece(body, y=150)]
    assign_sections(full, "")
    assert full[-1].section == "VI. Case Study of a Service for Cloud AI Feature Contributions"


def test_lines_of_text_the_loader_took_for_headings_are_text_again():
    from columnrag.chunking.sections import demote_run_on_headings

    pieces = [_piece("4.2 Sound insulation between rooms", "heading", 12, x=(72, 200), y=100),
              _piece("For walls and floors between especially loud", "heading", 12, y=120),
              _piece("Plant rooms and rooms that need protection (bed-", "text", 12, y=134),
              _piece("rooms) the following requirements apply:", "heading", 12, x=(72, 240), y=148),
              _piece("The walls shall insulate well.\nThe floors too, as the table says.", "text", 12, y=162)]
    demote_run_on_headings(pieces)
    assert [p.heading for p in pieces] == [True, False, False, False, False]


def test_a_heading_in_capitals_is_no_line_of_text_for_the_lower_case_after_it():
    from columnrag.chunking.sections import demote_run_on_headings

    # A draft's section opens with a fragment in lower case: the heading in capitals stays one.
    pieces = [_piece("IV. DESIGN OF ONTOLOGY TO DOCUMENT\nARCHITECTURAL MOULDING COLLECTION", "heading", 10),
              _piece("include data we have to describe the current mouldings.", "text", 10)]
    demote_run_on_headings(pieces)
    assert [p.heading for p in pieces] == [True, False]
    pieces = [_piece("33 ORFs with homology to", "heading", 10),
              _piece("components of the pathway were found.", "text", 10)]
    demote_run_on_headings(pieces)
    assert [p.heading for p in pieces] == [False, False]  # a numbered line of text, as before


def test_a_sentence_goes_on_past_a_caption_set_above_its_rest_in_the_next_column(splitter):
    first = " ".join(prose("lead", 40)[:-1]) + " and the margin is set to"
    caption = "Figure 1. An example of a caption set in smaller type."
    rest = "two inches from the edge. " + " ".join(prose("tail", 40))
    doc = _blocks_doc([("text", first), ("text", caption), ("text", rest)])
    chunks = splitter.split_documents([doc])
    assert any("margin is set to two inches from the edge." in c.page_content for c in chunks)
    assert not any("set to Figure" in c.page_content or "set to\n\nFigure" in c.page_content for c in chunks)


def _column_break_doc(parts: list[str]) -> Document:
    """A paragraph whose last line runs full at the left column's foot, then blocks at the right
    column's top."""
    from columnrag.loaders.contract import BLOCKS_KEY, LayoutBlock, encode_blocks
    from columnrag.loaders.engine.geometry import Box

    text, blocks = "", []
    for k, part in enumerate(parts):
        text += "\n\n" if text else ""
        x, y = (72, 72) if k == 0 else (332, 72 + 40 * (k - 1))
        blocks.append(LayoutBlock(Box(x, y, x + 228, y + 38), 1, int(k > 0), 0, "text", len(text), len(text) + len(part),
                                  full_last_line=k == 0, size=10.0))
        text += part
    return Document(page_content=text, metadata={"source": "mem.pdf", "page": 0, BLOCKS_KEY: encode_blocks(blocks)})


def test_a_caption_in_the_body_s_type_is_never_read_into_a_sentence_a_full_line_leaves_open(splitter):
    """A full last line lets a capital go on its sentence ("... (van" / "Hasselt"), but a caption's
    label is no such capital: the caption is read apart, and lower case past it goes on the sentence."""
    lead = " ".join(prose("lead", 40)[:-1]) + " defined using implemented"
    caption = "Figure 9. Cumulative profit in the test set after 30 training episodes."
    tail = " functions and setting parameters and conditions like below. " + " ".join(prose("tail", 40))
    chunks = splitter.split_documents([_column_break_doc([lead, caption, "Matlab" + tail])])
    assert not any("implemented Figure" in c.page_content for c in chunks)
    assert any(c.page_content.startswith("Figure 9. Cumulative") for c in chunks)
    chunks = splitter.split_documents([_column_break_doc([lead, caption, "the Matlab" + tail])])
    assert any("implemented the Matlab functions" in c.page_content.replace("\n", " ") for c in chunks)
    assert not any("implemented Figure" in c.page_content for c in chunks)


def test_a_heading_whose_paragraph_a_column_break_cuts_after_one_line_opens_its_section():
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece("Introduction", "heading", 12), _piece(body),
              _piece("Methods", "heading", 12), _piece("Samples were taken from the herd and", column=0),
              _piece("kept cold until they reached the laboratory, " + body, column=1, x=(320, 540), y=60)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces] == ["Introduction", "Introduction", "Methods", "Methods", "Methods"]


def test_a_subheading_on_the_last_line_of_a_block_heads_the_next_block():
    from columnrag.chunking.paragraphs import split_inner_headings

    body = "\n".join(["We measure the thing carefully and report every", "number in the tables that follow",
                      "in the next section of this paper, as we said.", "Results"])
    pieces = split_inner_headings([_piece(body), _piece("The numbers come out much as we expected them to.")])
    assert [(p.text, p.heading) for p in pieces] == [
        (body.rsplit("\n", 1)[0], False), ("Results", True), ("The numbers come out much as we expected them to.", False)]
    # A short last line before text that goes on in lower case ends its paragraph, heading nothing.
    kept = split_inner_headings([_piece(body), _piece("and the numbers come out much as expected.")])
    assert [p.heading for p in kept] == [False, False]
    # One over a list's first item heads it: "REFERENCES" over "[1] K. Jack, ...".
    refs = body.replace("Results", "REFERENCES")
    for item in ["[1] K. Jack, Video Demystified. Newnes, 2005.", "1. K. Jack, Video Demystified.", "• Python 3.10"]:
        listed = split_inner_headings([_piece(refs), _piece(item)])
        assert [(p.text, p.heading) for p in listed][1:] == [("REFERENCES", True), (item, False)]
    # So does a subheading of words over its bullets; not a reference's wrapped line over the next
    # entry, nor a list's first item over its second.
    listed = split_inner_headings([_piece(body.replace("Results", "Motor Development")), _piece("• Infants crawl first.")])
    assert [p.heading for p in listed] == [False, True, False]
    for line, item in [("IEEE Press, Boston", "[5] K. He, Deep residual learning."),
                       ("In CVPR 2016", "[2] K. He, Identity mappings."),
                       ("1. Collect the raw data", "2. Clean the records")]:
        kept = split_inner_headings([_piece(body.replace("Results", line)), _piece(item)])
        assert [p.heading for p in kept] == [False, False]


def test_a_sentence_the_loader_carries_on_into_a_block_that_opens_with_a_number_stays_one():
    # "... are summarized in Table" at a column's foot, "3. They hold ..." at the next column's
    # head, which the loader read as the rest of that paragraph: one sentence, the number its.
    from columnrag.chunking.broken_words import BrokenWords
    from columnrag.chunking.packing import sentences

    first = _piece("The results of the trial are summarized in Table", y=700)
    rest = replace(_piece("3. They hold for every site.", y=80, x=(320, 540), column=1, region=1), carries_on=True)
    units = sentences([first, rest], ChunkingSettings(), BrokenWords([first.text, rest.text]))
    assert units[0].text == "The results of the trial are summarized in Table 3. They hold for every site."
    # Read as a block of its own, a numbered item opens its own sentence.
    units = sentences([first, replace(rest, carries_on=False)], ChunkingSettings(), BrokenWords([first.text, rest.text]))
    assert units[-1].text == "3. They hold for every site."


def test_a_chunk_that_opens_with_two_headings_is_in_the_inner_section(splitter):
    words = tall(line_words("Reading Order in Practice", 72, 20), 20)
    words += tall(line_words("Body Matter", 72, 60), 16) + tall(line_words("Introduction", 72, 84), 12)
    words += column(sentence_lines(prose("intro", 60), 12), 72, 100)
    chunks = splitter.split_documents([page_doc(words)])
    assert chunks[0].page_content.startswith("Reading Order in Practice\nBody Matter\nIntroduction\nIntro0")
    assert chunks[0].metadata["section"] == "Body Matter > Introduction"
    # A chunk opening with a heading inside the section of the text before it: the inner one.
    words += tall(line_words("Methods", 72, 400), 12) + column(sentence_lines(prose("meth", 60), 12), 72, 416)
    chunks = splitter.split_documents([page_doc(words)])
    opened = next(c for c in chunks if c.page_content.startswith("Methods\nMeth0"))
    assert opened.metadata["section"] == "Body Matter > Methods"


def _heading(number: str, title: str, y: float, height: float) -> list[Word]:
    """A numbered heading in type `height` tall, its number set apart from its title."""
    return tall(line_words(number, 72, y), height) + tall(line_words(title, 100, y), height)


def test_a_chunk_that_holds_a_short_section_and_the_next_lists_both(splitter):
    # "2 Tools" and its one sentence are too small to stand alone and head the next section's
    # chunk: that chunk is in the first, and lists both as the sections it covers.
    def chunk_of(subsections: bool):
        first, second, third = ("1.1", "1.2", "1.3") if subsections else ("1", "2", "3")
        words = tall(line_words("Reading Order in Practice", 72, 20), 20)
        words += _heading("1", "Introduction", 60, 14) if subsections else []
        words += _heading(first, "Start", 80, 12) + column(sentence_lines(prose("intro", 90), 12), 72, 96)
        words += _heading(second, "Tools", 300, 12) + column(sentence_lines(prose("tool", 8), 12), 72, 316)
        words += _heading(third, "Thanks", 360, 12) + column(sentence_lines(prose("thank", 30), 12), 72, 376)
        chunks = splitter.split_documents([page_doc(words)])
        assert chunks[0].metadata["section"].endswith(f"{first} Start") and "sections" not in chunks[0].metadata
        joined = next(c for c in chunks if c.page_content.startswith(f"{second} Tools"))
        assert f"{third} Thanks\nThank0" in joined.page_content
        return joined.metadata["section"], joined.metadata["sections"]

    assert chunk_of(subsections=False) == ("2 Tools", "2 Tools | 3 Thanks")
    assert chunk_of(subsections=True) == ("1 Introduction > 1.2 Tools",
                                          "1 Introduction > 1.2 Tools | 1 Introduction > 1.3 Thanks")


def test_a_title_set_on_two_heading_lines_is_the_whole_title_and_opens_no_section():
    from columnrag.chunking.sections import assign_sections, document_title

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece("Assessment of Reward Functions for", "heading", 16), _piece("Urban Traffic Control", "heading", 16),
              _piece("Introduction", "heading", 12), _piece(body), _piece(body), _piece(body), _piece(body)]
    title = document_title({}, pieces)
    assert title == "Assessment of Reward Functions for Urban Traffic Control"
    assign_sections(pieces, title)
    assert pieces[-1].section == "Introduction"
    # A numbered heading set in the title's type right under it is the first section; a second
    # line opening with "A" is the title's; a heading of the title's type after text is not.
    pieces[1] = _piece("1. Introduction", "heading", 16)
    assert document_title({}, pieces) == "Assessment of Reward Functions for"
    pieces[1] = _piece("A Survey of Methods", "heading", 16)
    assert document_title({}, pieces) == "Assessment of Reward Functions for A Survey of Methods"
    later = [pieces[0], _piece(body), _piece(body), _piece("Background", "heading", 16)] + pieces[3:]
    assert document_title({}, later) == "Assessment of Reward Functions for"
    # The PDF's title may put the title's lines in another order than the page.
    pieces = [_piece("Reading Order in Practice –\nFirst Principles\nChapter 3", "heading", 30),
              _piece("Introduction", "heading", 12), _piece(body)]
    assign_sections(pieces, "Chapter 3: Reading Order in Practice – First Principles")
    assert pieces[-1].section == "Introduction"
    # A line without a word is no evidence: "1" is in any title with a 1 in it.
    pieces = [_piece("1\nIntroduction", "heading", 14), _piece(body)]
    assign_sections(pieces, "COVID-19 Vaccines: an Introduction")
    assert pieces[-1].section == "1 Introduction"


def test_ieee_sections_are_read_by_their_roman_and_lettered_numbers():
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece("I. INTRODUCTION", "heading", 10), _piece(body), _piece("II. METHODS", "heading", 10),
              _piece(body), _piece("A. Data", "heading", 10), _piece(body),
              _piece("B. Training the Model", "heading", 10), _piece(body),
              _piece("III. CONCLUSION", "heading", 10),
              _piece("We presented a method that reads the pages of a paper in their order", "heading", 10),
              _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces if not p.heading] == [
        "I. INTRODUCTION", "II. METHODS", "II. METHODS > A. Data", "II. METHODS > B. Training the Model",
        "III. CONCLUSION"]
    # Outside a Roman-numbered paper a lone capital before one word is too weak a number.
    pieces = [_piece("A. Yes", "heading", 10), _piece(body)]
    assign_sections(pieces, "")
    assert pieces[1].section == ""
    # The first section of a paper whose headings are set in a small-capital font from lower-case
    # text, measured smaller than the body.
    pieces = [_piece("Abstract—We read pages. " + body), _piece("I. Introduction", "heading", 5), _piece(body),
              _piece("II. Related Work", "heading", 5), _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces[2::2]] == ["I. Introduction", "II. Related Work"]
    # ... but not a byline's initial before any paragraph.
    pieces = [_piece("I. Sutskever", "heading", 10), _piece(body)]
    assign_sections(pieces, "")
    assert pieces[1].section == ""


def test_numbered_headings_that_do_not_count_on_open_no_section():
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."

    def sections(*headings: str) -> list[str]:
        pieces = [p for h in headings for p in (_piece(h, "heading", 12), _piece(body))]
        assign_sections(pieces, "")
        return [p.section for p in pieces if not p.heading]

    assert sections("1 Introduction", "1. Authors are not named",  # a list under "1"
                    "3 Models", "3.5 Effect of pH", "0.5 PFOA", "1.5 PFOS",  # a chart's legend under 3.5
                    "4.1 Features",  # "4" itself was not read as a section
                    "1 Introduction", "2 Methods") == [  # a second paper starts
        "1 Introduction", "1 Introduction", "3 Models", "3 Models > 3.5 Effect of pH",
        "3 Models > 3.5 Effect of pH", "3 Models > 3.5 Effect of pH", "4.1 Features", "1 Introduction", "2 Methods"]
    # Running heads numbered with their page, among the sections they interrupt.
    assert sections("3 Models", "3.1 Data", "12 Journal of Tests", "3.2 Methods", "14 Journal of Tests",
                    "3.3 Results", "4 Conclusion") == [
        "3 Models", "3 Models > 3.1 Data", "3 Models > 3.1 Data", "3 Models > 3.2 Methods",
        "3 Models > 3.2 Methods", "3 Models > 3.3 Results", "4 Conclusion"]
    assert sections("2 Results", "0.5 mg dose", "1 mg dose", "2.1 Effects") == [
        "2 Results", "2 Results", "2 Results", "2 Results > 2.1 Effects"]
    # A list numbered 1. 2. 3. in the introduction is read as before when the sections count on
    # from it: "2 Methods" follows "3. Page numbers" and "2.1 Data" follows it.
    assert sections("1 Introduction", "3. Page numbers", "2 Methods", "2.1 Data")[-2:] == [
        "2 Methods", "2 Methods > 2.1 Data"]
    # Sampled pages of a book: further on in the chapter is in sequence.
    assert sections("3 Access", "3.2.2 Variables", "3.6.6 Activating")[-1] == "3 Access > 3.6.6 Activating"


def test_a_title_field_that_names_the_source_file_is_not_the_title():
    from columnrag.chunking.sections import document_title

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece("Quality of Signals in Production", "heading", 16), _piece(body), _piece(body)]
    for named in ("bare_conf.dvi", "C:/Users/eddie/Desktop/artigo-FPF/bare_conf.dvi", "/home/a/paper.ps",
                  "Microsoft Word - acl2005.doc", "text_document_01.odt"):
        assert document_title({"title": named}, pieces) == "Quality of Signals in Production", named
    assert document_title({"title": "PDF/UA form example"}, pieces) == "PDF/UA form example"


def test_a_run_in_abstract_opens_the_abstract_section():
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece("Ada Lovelace1,2 and Charles Babbage", "heading", 12),
              _piece("Abstract—Engines that weave algebraic patterns. " + body), _piece(body),
              _piece("I. INTRODUCTION", "heading", 10), _piece(body),
              _piece("Summary: not an abstract once the sections are numbered. " + body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces if not p.heading] == [
        "Abstract", "Abstract", "I. INTRODUCTION", "I. INTRODUCTION"]
    pieces = [_piece("ABSTRACT—Engines that weave. " + body), _piece("1.1 Background", "heading", 12), _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces] == ["Abstract", "1.1 Background", "1.1 Background"]
    pieces = [_piece("Summary-level data show the engines weave. " + body)]
    assign_sections(pieces, "")
    assert pieces[0].section == ""


def _section_under(first: tuple[str, float], then: tuple[str, float]) -> str:
    """The section of a paragraph under heading `then` (text, size) after a paragraph under
    heading `first`, in a body of size 10."""
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece(body), _piece(first[0], "heading", first[1]), _piece(body), _piece(then[0], "heading", then[1]),
              _piece(body)]
    assign_sections(pieces, "")
    return pieces[-1].section


def test_back_matter_set_in_small_capitals_opens_sections_of_the_top_level():
    # IEEE's and MNRAS's unnumbered sections, in small capitals that measure smaller than the
    # body ("ACKNOWLEDGMENT" at 8 beside the body's 10; "References" in a capitals font whose
    # boxes are half the type): the references are no part of the conclusion.
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece(body), _piece("VI. CONCLUSION", "heading", 10), _piece(body),
              _piece("ACKNOWLEDGMENT", "heading", 8), _piece(body),
              _piece("References", "heading", 5.5), _piece("[1] A. Author, " + body),
              _piece("APPENDIX A: JOURNAL ABBREVIATIONS", "heading", 8), _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces[2::2]] == [
        "VI. CONCLUSION", "ACKNOWLEDGMENT", "References", "APPENDIX A: JOURNAL ABBREVIATIONS"]
    # Under a numbered subsection too: a section in small capitals like the numbered ones is of
    # their rank, not a part of the last subsection.
    pieces = [_piece(body), _piece("2 METHODS", "heading", 10), _piece(body), _piece("2.1 Data", "heading", 10),
              _piece(body), _piece("CONFLICT OF INTEREST", "heading", 8), _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces[2::2]] == ["2 METHODS", "2 METHODS > 2.1 Data", "CONFLICT OF INTEREST"]
    # A chapter's references lie under the chapter's heading, set larger and unnumbered, or
    # numbered and far larger than the body.
    pieces = [_piece(body), _piece("Refs", "heading", 14), _piece("References", "heading", 10), _piece(body)]
    assign_sections(pieces, "")
    assert pieces[-1].section == "Refs > References"
    assert _section_under(("2 Background", 18), ("References", 10)) == "2 Background > References"
    # A section's heading in capitals of the body's size is no chapter's: the references in small
    # capitals after it are of the top level (cermine_test5's DISCUSSION and REFERENCES).
    assert _section_under(("DISCUSSION", 10), ("REFERENCES", 7)) == "REFERENCES"
    # An appendix's label with its title after a space or a dash.
    for label in ("Appendix B Additional Results", "Appendix A — Proofs", "APPENDIX B\nSAMPLING THE SPACE"):
        assert _section_under(("3.1 Data", 10), (label, 8)) == label.replace("\n", " "), label
    # Small capitals in a document whose numbered sections are not: a label ("NOTE"), or a line
    # under larger capitals, unnumbered, opens no section of the same rank.
    assert _section_under(("Installation", 12), ("NOTE", 8.5)) == "Installation"
    assert _section_under(("METHODS", 12), ("STUDY DESIGN", 9)) == "METHODS"
    # The contents (or the references) hold no numbered section, set as large as they are.
    pieces = [_piece(body), _piece("Contents", "heading", 18), _piece(body), _piece("3.1 Introduction", "heading", 14),
              _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces[2::2]] == ["Contents", "3.1 Introduction"]
    # A chart's label in capitals, smaller still, heads nothing.
    pieces = [_piece(body), _piece("SEND ARP REQUESTS", "heading", 6), _piece(body)]
    assign_sections(pieces, "")
    assert pieces[-1].section == ""


def test_an_appendix_s_title_under_its_label_in_small_capitals_is_one_heading():
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece(body, y=60), _piece("APPENDIX A", "heading", 10, x=(140, 220), y=100),
              _piece("ISKLEARN CONFIGURATION SPACE", "heading", 8, x=(110, 260), y=114), _piece(body, y=130)]
    assign_sections(pieces, "")
    assert pieces[-1].section == "APPENDIX A ISKLEARN CONFIGURATION SPACE"
    assert pieces[1].section == pieces[-1].section  # the chunk its label opens is the appendix's too
    # A heading on three lines: each of its lines is in the section they open.
    pieces = [_piece("2 Methods", "heading", 14, y=50), _piece(body, y=70),
              _piece("Development of", "heading", 12, y=200), _piece("the Brain in", "heading", 12, y=212),
              _piece("Early Childhood", "heading", 12, y=224), _piece(body, y=240)]
    assign_sections(pieces, "")
    assert {p.section for p in pieces[2:]} == {"2 Methods > Development of the Brain in Early Childhood"}


def test_a_title_block_s_lines_over_the_abstract_head_no_section():
    # A byline set larger than the abstract's heading, between the title and it, with no prose
    # before: part of the title block, not a section the abstract lies in.
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    pieces = [_piece("Reward Functions for Urban Traffic Control", "heading", 16),
              _piece("Anonymous Author(s)\nSubmission Id: 42", "heading", 13, y=130),
              _piece("ABSTRACT", "heading", 12, y=170), _piece(body, y=190),
              _piece("1 INTRODUCTION", "heading", 12, y=320), _piece(body, y=340)]
    assign_sections(pieces, "Reward Functions for Urban Traffic Control")
    assert [p.section for p in pieces[2:]] == ["ABSTRACT", "ABSTRACT", "1 INTRODUCTION", "1 INTRODUCTION"]


def test_a_letter_far_into_the_alphabet_opens_a_section_only_after_lettered_sections():
    # Minutes list those present as "M. Gaëtan Gagné, conseiller municipal": a title and a name,
    # not section M. A paper's "F. Results" after "E. Methods" is a section.
    from columnrag.chunking.sections import assign_sections

    name = ("M. Gaëtan Gagné, conseiller municipal", 12)
    assert _section_under(("Present", 12), name) == "Present"
    # A Roman numeral or a title's "A" is no lettered section.
    assert _section_under(("I. PRÉSENCES", 12), name) == "I. PRÉSENCES"
    assert _section_under(("A Study of Municipal Councils", 12), name) == "A Study of Municipal Councils"
    assert _section_under(("E. Methods", 12), ("F. Results", 12)) == "F. Results"
    body = "We measure the thing carefully and report every number in the tables that follow here."
    # Nor when the reading missed "E.": "F." and "G." after "D." are sections.
    pieces = [_piece("D. Data", "heading", 12), _piece(body), _piece("F. Ablation Study", "heading", 12), _piece(body),
              _piece("G. Limitations", "heading", 12), _piece(body)]
    assign_sections(pieces, "")
    assert [pieces[3].section, pieces[5].section] == ["F. Ablation Study", "G. Limitations"]


def test_a_heading_s_title_is_its_words_an_identifier_s_too_but_not_its_run_in_paragraph():
    # A manual's "3.3 VERIFY_GROUP_FOR_USER function": the identifier is a word, not a formula.
    function = "3.3 VERIFY_GROUP_FOR_USER function"
    assert _section_under(("3.2 Built-in global variables", 14), (function, 14)) == function
    # Brackets set apart as words of their own (a tokenised corpus's "USS Atlanta ( 1861 )") are none.
    assert _section_under(("Major intersections", 14), ("USS Atlanta ( 1861 )", 16)) == "USS Atlanta ( 1861 )"
    # A numbered heading set run-in is titled without its paragraph's first words.
    assert _section_under(("2.1 Frequency Assignment", 14),
                          ("2.1.1 Exclusive Frequency Assignment. In exclusive frequency", 12)) == (
        "2.1 Frequency Assignment > 2.1.1 Exclusive Frequency Assignment")
    assert _section_under(("4.1 Data", 14), ("4.2. Supervised vs. Unsupervised Learning", 14)) == (
        "4.2. Supervised vs. Unsupervised Learning")
    # A title of two colons is no form's line of fields.
    titled = "Session 2: Machine Learning: Methods and Tools"
    assert _section_under(("Introduction", 14), (titled, 14)) == titled


def test_a_numbered_section_of_another_chapter_is_no_part_of_the_chapter_open():
    # A sample of a book's pages: "Chapter 1. Securing ..." opens, then "2.2 ..." (chapter 2's
    # opening page is not in the sample): 2.2 lies in no part of chapter 1.
    chapter = ("Chapter 1. Securing and protecting data", 20)
    assert _section_under(chapter, ("2.2 Separation of duties", 14)) == "2.2 Separation of duties"
    assert _section_under(chapter, ("1.2 Separation of duties", 14)) == f"{chapter[0]} > 1.2 Separation of duties"


def test_a_reference_s_edition_line_opens_no_section_and_the_sections_after_the_list_do():
    # A reference's wrapped line the loader set apart in larger type ("Fundamental Algorithms
    # (3rd. ed.). Addison Wesley Longman", acmart's fonts) opens nothing under REFERENCES; the
    # sections after the list, in the list heading's type, do.
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    refs = "Donald E. Knuth. 1997. The Art of Computer Programming, Vol. 1: and more of its title here."
    pieces = [_piece("REFERENCES", "heading", 12), _piece(refs),
              _piece("Fundamental Algorithms (3rd. ed.). Addison Wesley Longman", "heading", 12), _piece(refs),
              _piece("Supplementary Material", "heading", 12), _piece(body), _piece("Figure Legends", "heading", 12),
              _piece(body)]
    assign_sections(pieces, "")
    assert [p.section for p in pieces[3::2]] == ["REFERENCES", "Supplementary Material", "Figure Legends"]


def test_lines_no_section_is_titled_open_none_however_large_their_type():
    # A font whose boxes measure the body small (acmart's) makes a reference with a raised
    # "LaTeX" logo, a caption or a display formula "larger than the body".
    from columnrag.chunking.sections import assign_sections

    body = "We measure the thing carefully and report every number in the tables that follow here."
    for line in ["[5] S. Fear. 2005. Publication quality tables in LaTeX. http://www.ctan.org/pkg/booktabs.",
                 "[Lamport 1986] Lamport, L. 1986. LaTeX User's Guide", "Leslie Lamport. 1986. LaTeX User's Guide",
                 "Lemma 3.3. The C-MWPC problem is NP-complete", "Definition 3.2 (C-AG (Coalesced Access Graph))",
                 "Figure 1: A sample black and white graphic.", "log z = z.", "DOI:http://dx.doi.org/10.1145/567752",
                 "Reasoning About Naming Systems. ACM Trans. Program. Lang.",
                 "American Mathematical Society 2015. Using the amsthm Package.",
                 "CCS Concepts: •Computer systems organization →Embedded systems; Redundancy; Robotics",
                 "First Name: ALEJANDRO Last Name: ROSALEZ Date of Birth: 10/12/1982",
                 "Donald E. Knuth. 1997. Fundamental Algorithms (3rd. ed.). Addison Wesley",
                 "“Twenty-three members turned out\ndespite the rain.”"]:  # a pull quote
        pieces = [_piece(body), _piece("REFERENCES", "heading", 14), _piece(body), _piece(line, "heading", 14),
                  _piece(body)]
        assign_sections(pieces, "")
        assert pieces[-1].section == "REFERENCES", line
    # Numbered headings with an abbreviation or a formula, and a label's word without its number's
    # stop, are sections.
    for line in ("Theorem-like Constructs", "4.2. Supervised vs. Unsupervised Learning", "4.1 Results for n = 100",
                 "Proposition 65 Warning", "“Quoted” Titles Work", "“What Is to Be Done?”"):
        assert _section_under(("4 Experiments", 14), (line, 14)).endswith(line), line


def test_the_sentences_of_a_heading_line_stay_on_its_line(splitter):
    words = (column(sentence_lines(prose("pre", 40), 8), 72, 60)
             + tall(line_words("Fig. 1. Code before preprocessing.", 72, 150), 14)
             + column(sentence_lines(prose("post", 60), 8), 72, 180))
    chunks = splitter.split_documents([page_doc(words)])
    text = "\n".join(c.page_content for c in chunks)
    assert "Fig. 1. Code before preprocessing." in text, text
