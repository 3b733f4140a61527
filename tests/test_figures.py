"""A figure's labels (a chart's ticks, legend and axis titles) told from prose, on generated
pages: the loader marks them, the splitter keeps them out of the chunk text."""
from __future__ import annotations

import pymupdf
from langchain_core.documents import Document

from columnrag.chunking import BandAwareTextSplitter
from columnrag.loaders import ColumnAwarePDFLoader, LayoutSettings, Word, analyze_page
from columnrag.loaders.contract import decode_blocks
from columnrag.loaders.engine.figures import mark_figure_labels
from columnrag.loaders.engine.floats import body_height
from columnrag.loaders.engine.geometry import FIGURE, HEADING, PageLayout

from .boxes import column, line_words, reseq
from .test_fragments import prose, tall
from .test_splitter import sentence_lines

ABOVE = sentence_lines(prose("pre", 64), 8)
BELOW = sentence_lines(prose("post", 96), 8)
CHART = [("0.5", 80, 250), ("Accuracy", 150, 268), ("1.0", 80, 290), ("Ours", 240, 250), ("Baseline", 240, 262)]


def _page(figure: list[Word], caption: str) -> PageLayout:
    """Prose, a figure and its caption, prose: one column down the page."""
    words = column(ABOVE, 72, 60) + figure + line_words(caption, 72, 340) + column(BELOW, 72, 380)
    layout = analyze_page(reseq(words), 612, 792)
    mark_figure_labels(layout, body_height(layout), LayoutSettings())
    return layout


def _small(text: str, x: float, y: float) -> list[Word]:
    """A chart's label: in type smaller than the body's, as charts set them."""
    return tall(line_words(text, x, y), 7.0)


def _chart() -> list[Word]:
    return [w for text, x, y in CHART for w in _small(text, x, y)]


def _marked(layout: PageLayout) -> set[str]:
    return {w.text for b in layout.blocks if b.kind == FIGURE for w in b.words}


def test_a_chart_s_labels_over_its_caption_are_the_figure_s():
    layout = _page(_chart(), "Figure 1: Accuracy over epochs.")
    assert _marked(layout) == {"0.5", "1.0", "Accuracy", "Ours", "Baseline"}
    assert not any(b.kind == FIGURE for b in layout.blocks if "Figure" in b.lines[0].text or "pre1" in b.lines[0].text)


def test_a_table_s_cells_a_listing_and_prose_in_a_script_without_spaces_are_no_labels():
    assert not _marked(_page(_chart(), "Table 1: Accuracy over epochs."))  # cells are the table's content
    listing = column(["def accuracy(runs):", "    hits = sum(runs)", "    return hits / len(runs)"], 80, 290)
    assert not _marked(_page(listing, "Figure 2: The function that scores a run."))
    assert not _marked(_page(column(["if (hits) {", "  n++; }"], 150, 306), "Figure 2: A snippet."))
    for text in ("本算法基于文献实现并在其基础上进行了一定的改进", "ระบบแนะนำภาพยนตร์ทำงานบนข้อมูลของผู้ใช้ทุกคน"):
        assert not _marked(_page(_small("0.5", 80, 290) + line_words(text, 80, 318), "Figure 3: The system.")) - {"0.5"}


def test_a_heading_over_a_caption_and_another_figure_s_caption_are_no_labels():
    """A section's heading in the body's type may stand right over a caption set above its
    chart (APA): the chart's ticks under the caption are the figure's, the heading is not. A
    block holding a caption is that figure's, not the labels of the figure under it."""
    heading = line_words("Results", 72, 170)
    label, title = line_words("Figure 1", 72, 200), line_words("This is my figure caption.", 72, 224)
    ticks = _small("0 20 60 100", 100, 260) + _small("Epochs", 150, 274)
    layout = analyze_page(reseq(column(ABOVE[:4], 72, 60) + heading + label + title + ticks
                                + column(BELOW, 72, 320)), 612, 792)
    mark_figure_labels(layout, body_height(layout), LayoutSettings())
    assert _marked(layout) == {"0", "20", "60", "100", "Epochs"}
    from columnrag.loaders.engine.geometry import Block, Line

    first = Block([Line(_small("0.5", 80, 280)), Line(_small("1.0", 80, 290)),
                   Line(line_words("Figure 1: Accuracy over epochs", 72, 300))], 1)  # (no stop)
    second = [Block([Line(_small("Loss", 80, 330))], 1), Block([Line(line_words("Figure 2: Loss.", 72, 350))], 1)]
    layout = PageLayout(612, 792, [first, *second])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == ["text", FIGURE, "text"]


def test_a_panel_s_caption_alone_over_a_caption_set_above_its_chart_leaves_the_ticks_under_it_found():
    from columnrag.loaders.engine.geometry import Block, Line

    def block(text: str, y: float, small: bool = False) -> Block:
        return Block([Line(_small(text, 90, y) if small else line_words(text, 72, y))], 1)

    layout = PageLayout(612, 792, [block("(a)", 186, True), block("Figure 1", 200), block("Mean scores by group.", 214),
                                   block("0 20 60 100", 240, True)])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == ["text", "text", "text", FIGURE]


def test_the_row_over_a_table_s_caption_run_into_its_block_is_no_figure_s_label():
    """A block of a table's rows that ends in its caption ("Ours 0.91 / Table 2: ...") heads no
    figure: the header over it stays text."""
    from columnrag.loaders.engine.geometry import Block, Line

    header = Block([Line(_small("Method Acc F1", 90, 250))], 1)
    rows = Block([Line(_small("Ours 0.91 0.88", 90, 262)), Line(line_words("Table 2: Results on the test set.", 72, 280))], 1)
    layout = PageLayout(612, 792, [header, rows])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == ["text", "text"]
    rows.lines[1] = Line(line_words("Figure 2: Results on the test set.", 72, 280))
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == [FIGURE, "text"]


def test_a_panel_s_caption_stays_text_and_the_labels_above_it_are_still_found():
    for panel in ("(a) Training", "(A) Training"):
        layout = _page(_chart() + _small(panel, 150, 310), "Figure 1: Accuracy over epochs.")
        assert {"0.5", "Accuracy", "Ours"} <= _marked(layout) and "Training" not in _marked(layout)


def test_a_paragraph_ends_the_run_of_labels():
    """Only the labels between the caption and the nearest prose above it are the figure's: a
    short label-like line read before that prose (a heading) is not."""
    words = (line_words("Results", 72, 40) + column(ABOVE, 72, 60) + _chart()
             + line_words("Figure 1: Accuracy over epochs.", 72, 340) + column(BELOW, 72, 380))
    layout = analyze_page(reseq(words), 612, 792)
    mark_figure_labels(layout, body_height(layout), LayoutSettings())
    assert "Results" not in _marked(layout) and "Ours" in _marked(layout)


def _blocks_doc(parts: list[tuple[str, str]]) -> Document:
    """A page of (kind, text) blocks down one column, with its layout."""
    from columnrag.loaders.contract import BLOCKS_KEY, LayoutBlock, encode_blocks
    from columnrag.loaders.engine.geometry import Box

    text, blocks, y = "", [], 72.0
    for kind, part in parts:
        text += "\n\n" if text else ""
        blocks.append(LayoutBlock(Box(72, y, 300, y + 24), 1, 0, 0, kind, len(text), len(text) + len(part), size=10.0))
        text += part
        y += 34
    return Document(page_content=text, metadata={"source": "mem.pdf", "page": 0, BLOCKS_KEY: encode_blocks(blocks)})


def test_the_splitter_keeps_a_figure_s_labels_out_of_the_text_and_with_its_caption():
    parts = [("text", " ".join(prose("pre", 80))), ("figure", "Ours\nBaseline"),
             ("text", "Figure 1: Accuracy of the two methods over the epochs of training."),
             ("text", " ".join(prose("post", 200)))]
    chunks = BandAwareTextSplitter().split_documents([_blocks_doc(parts)])
    assert not any("Baseline" in c.page_content for c in chunks)
    holder = [c for c in chunks if "Baseline" in c.metadata.get("aside", "")]
    assert len(holder) == 1 and "Figure 1: Accuracy" in holder[0].page_content


def test_labels_read_after_their_caption_go_with_it_and_head_no_section():
    """APA's labels come after "Figure 1" and its title, before the next paragraph; a legend's
    line set apart among them is no subheading."""
    legend = "Pop III\nRedshift of the halo sample\nStellar mass fraction\nAccretion rate of gas"
    parts = [("text", " ".join(prose("pre", 200))), ("text", "Figure 1"),
             ("text", "Mean stellar mass of the halo sample over time."), ("figure", legend),
             ("text", " ".join(prose("post", 200)))]
    chunks = BandAwareTextSplitter().split_documents([_blocks_doc(parts)])
    holder = [c for c in chunks if "Pop III" in c.metadata.get("aside", "")]
    assert len(holder) == 1 and "Figure 1" in holder[0].page_content
    assert not any("Pop III" in c.page_content or "Pop III" in c.metadata["section"] for c in chunks)


def test_the_loader_marks_a_chart_s_labels_in_a_real_pdf_and_its_chunks_leave_them_out(tmp_path):
    path = tmp_path / "chart.pdf"
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 72.0
    for line in ABOVE:
        page.insert_text((72, y), line, fontsize=10)
        y += 12
    page.draw_rect(pymupdf.Rect(100, 240, 300, 320))  # the chart's frame, and its curve
    page.draw_bezier((100, 320), (150, 250), (200, 300), (300, 245))
    for text, x, ty in [("0.5", 80, 250), ("1.0", 80, 318), ("Epochs", 180, 334), ("Ours", 250, 262)]:
        page.insert_text((x, ty), text, fontsize=8)
    page.insert_text((72, 352), "Figure 1: Accuracy over the epochs of training.", fontsize=9)
    y = 380.0
    for line in BELOW:
        page.insert_text((72, y), line, fontsize=10)
        y += 12
    doc.save(path)
    pages = ColumnAwarePDFLoader(path).load()
    figure = [b for b in decode_blocks(pages[0].metadata) if b.kind == FIGURE]
    marked = " ".join(pages[0].page_content[b.start:b.end] for b in figure)
    assert "Epochs" in marked and "Ours" in marked  # in the page text, as the figure's
    chunks = BandAwareTextSplitter().split_documents(pages)
    assert not any("Epochs" in c.page_content or "Ours" in c.page_content for c in chunks)
    assert any("Figure 1: Accuracy" in c.page_content for c in chunks)


def test_a_line_closing_the_column_beside_a_caption_is_not_its_figure_s():
    """An image without text over a caption at the right column's top: the line read before the
    caption ends the left column, beside the figure, not in it."""
    left = column(sentence_lines(prose("left", 72), 6), 72, 60) + line_words("Jane Doe", 72, 220)
    right = line_words("Figure 1: A photograph of the site.", 330, 240) + column(
        sentence_lines(prose("right", 60), 6), 330, 270)
    layout = analyze_page(reseq(left + right), 612, 792)
    mark_figure_labels(layout, body_height(layout), LayoutSettings())
    assert [b.column for b in layout.blocks if "Jane" in b.lines[0].text] == [0]
    assert not _marked(layout)


def test_an_author_block_over_a_teaser_s_image_is_not_the_teaser_s_labels():
    """The image between them parts the authors from the caption: only text within LABEL_REACH
    lines of the caption (or of the labels under it) is the figure's."""
    authors = column(["Jane Doe", "University of Somewhere", "jane@somewhere.edu"], 200, 80)
    words = (authors + line_words("Figure 1: A teaser of the results.", 200, 340) + column(BELOW, 72, 380))
    layout = analyze_page(reseq(words), 612, 792)
    mark_figure_labels(layout, body_height(layout), LayoutSettings())
    assert not _marked(layout)
    near = column(["Jane Doe", "University of Somewhere", "jane@somewhere.edu"], 200, 290)
    layout = analyze_page(reseq(near + line_words("Figure 1: A teaser of the results.", 200, 340)
                                + column(BELOW, 72, 380)), 612, 792)
    mark_figure_labels(layout, body_height(layout), LayoutSettings())
    assert "Jane" in _marked(layout)  # (the same block right over the caption would be taken)


def test_a_panel_s_caption_on_the_row_that_opens_the_caption_s_block_leaves_the_labels_above_it_found():
    """"(a) Energy Variation" read alone beside the caption's block, which opens with "(b) Delay
    Time Variation" on the same row: the labels are measured from the caption's label line."""
    from columnrag.loaders.engine.geometry import Block, Line

    def block(*lines: tuple[str, float, float], band: int = 1) -> Block:
        return Block([Line(line_words(text, x, y)) for text, x, y in lines], band)

    prose_block = block(*[(line, 72, 60 + 12 * k) for k, line in enumerate(ABOVE)], band=0)
    ticks = block(("0.5", 80, 250), ("1.0", 80, 262), ("Epochs", 150, 290))
    panel_a = block(("(a) Training", 100, 318), band=2)
    caption = block(("(b) Test", 300, 318), ("Figure 1: Accuracy over epochs in training and in test.", 72, 332), band=2)
    layout = PageLayout(612, 792, [prose_block, ticks, panel_a, caption])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == ["text", FIGURE, "text", "text"]


def test_labels_under_a_caption_set_above_its_chart_are_the_figure_s_when_some_are_ticks():
    """APA sets "Figure 1" over its title, over the chart: its labels are read after them. Text
    under a caption is else the body's, so only a run with tick values is taken."""
    label = line_words("Figure 1", 72, 200)
    title = line_words("This is my figure caption.", 72, 224)
    chart = (line_words("100", 80, 250) + line_words("Ours", 200, 254) + line_words("50", 80, 272)
             + line_words("0 20 60 100", 100, 294) + line_words("Epochs", 150, 308))
    note = line_words("Note. The runs were repeated five times.", 72, 326)
    layout = analyze_page(reseq(column(ABOVE[:4], 72, 60) + label + title + chart + note + column(BELOW, 72, 360)),
                          612, 792)
    mark_figure_labels(layout, body_height(layout), LayoutSettings())
    assert _marked(layout) == {"100", "Ours", "50", "0", "20", "60", "Epochs"}
    # Under a caption set below its (drawn) figure, a short line with no tick value is the body's.
    caption = line_words("Figure 2: A photograph of the site.", 72, 200)
    layout = analyze_page(reseq(column(ABOVE[:4], 72, 60) + caption + column(["Jane Doe", "Somewhere University"], 72, 220)
                                + column(BELOW, 72, 260)), 612, 792)
    mark_figure_labels(layout, body_height(layout), LayoutSettings())
    assert not _marked(layout)


def test_an_axis_title_set_apart_in_the_body_s_type_under_its_ticks_is_the_chart_s():
    """The engine may set a chart's axis title apart as a heading in the body's type: under its
    ticks it is the chart's; a heading of the same type over them is the page's."""
    from columnrag.loaders.engine.geometry import Block, Line

    heading = Block([Line(line_words("Results", 72, 190))], 1, kind=HEADING)
    ticks = Block([Line(_small("0 10 20 30", 100, 224))], 1)
    title = Block([Line(line_words("Number of training episodes", 100, 240))], 1, kind=HEADING)
    caption = Block([Line(line_words("Figure 8. Profit per year.", 72, 262))], 1)
    layout = PageLayout(612, 792, [heading, ticks, title, caption])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == [HEADING, FIGURE, FIGURE, "text"]


def test_tick_rows_are_labels_and_a_label_in_larger_type_is_passed_over_not_a_stop():
    """Three rows of tick values and an axis title are a chart's, though each has two words or
    more (a listing's rows would not be values). A label the reading order puts among the others
    in larger type (an R² whose superscript makes it tall) stays text but does not hide the
    labels read before it."""
    from columnrag.loaders.engine.geometry import Block, Line

    legend = Block([Line(_small("PFOS", 150, 236))], 1)
    fit = Block([Line(tall(line_words("R2=0.994", 150, 250), 14.0))], 1)
    axis = Block([Line(_small("−0.4 0", 80, 262)), Line(_small("0 1 2 3 4 5", 100, 272)),
                  Line(_small("µ1 - µ2 µ1 - µ2", 110, 282))], 1)
    caption = Block([Line(line_words("Figure 1. Comparison of the bias.", 72, 300))], 1)
    layout = PageLayout(612, 792, [legend, fit, axis, caption])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == [FIGURE, "text", FIGURE, "text"]


def test_a_plot_in_larger_type_than_the_body_is_the_figure_s_under_another_label():
    """A plot whose ticks and axis titles stand in larger type than the body (the engine sets
    them apart as headings, and the splitter would carry "0 0.5 1 ω in eV" as a section's
    heading): under the plot's title, a label in the body's size or less, each block of them
    that holds a bare value is the figure's. A large block over every other label stays the
    page's, and so does one whose only numbers are in brackets (a source's year)."""
    from columnrag.loaders.engine.geometry import Block, Line

    def big(text: str, x: float, y: float) -> Line:
        return Line(tall(line_words(text, x, y), 13.0))

    over = Block([big("Revenue 2023", 100, 156)], 1, kind=HEADING)
    title = Block([Line(_small("Conductivities (CB model)", 110, 176))], 1)
    ticks = Block([big("σ(ω) 0.2", 95, 196)], 1, kind=HEADING)
    axis = Block([big("0 0.5 1", 110, 216), big("ω in eV", 120, 232)], 1, kind=HEADING)
    source = Block([big("Source: Araujo (2012)", 110, 250)], 1, kind=HEADING)
    caption = Block([Line(line_words("FIG. 17: Conductivities for a fixed coupling.", 72, 272))], 1)
    layout = PageLayout(612, 792, [over, title, ticks, axis, source, caption])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == [HEADING, FIGURE, FIGURE, FIGURE, HEADING, "text"]


def test_a_plot_in_larger_type_is_the_figure_s_by_its_rows_of_ticks():
    """However its other labels are set, two blocks with rows of bare tick
    values make it a chart, and its other blocks with values under them are its labels too. A
    lone row of numbers over a caption (a year set large) is not enough."""
    from columnrag.loaders.engine.geometry import Block, Line

    def big(text: str, x: float, y: float) -> Line:
        return Line(tall(line_words(text, x, y), 13.0))

    legend = Block([big("8 Data", 110, 176), big("Fit", 130, 192), big("6", 110, 208)], 1)
    axis = Block([big("I [arb. un.] 4", 90, 226)], 1)
    ticks = Block([big("0", 110, 244), big("400 500 600 700 800", 120, 260)], 1)
    caption = Block([Line(line_words("Figure 2: The spectrum and its fit.", 72, 282))], 1)
    layout = PageLayout(612, 792, [legend, axis, ticks, caption])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == [FIGURE, FIGURE, FIGURE, "text"]
    # A panel over a small legend: its tick rows stand over the legend, and its title with a
    # value under them is the plot's too.
    upper = Block([big("20", 110, 120), big("0", 110, 136)], 1)
    titled = Block([big("ΔW (model λ=1) 10", 120, 152)], 1, kind=HEADING)
    lower = Block([big("−20", 110, 168), big("0.2 0.6 1", 120, 184)], 1)
    small = Block([Line(_small("with lattice", 150, 200))], 1)
    caption = Block([Line(line_words("Figure 4: The sums with and without a lattice.", 72, 222))], 1)
    layout = PageLayout(612, 792, [upper, titled, lower, small, caption])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == [FIGURE, FIGURE, FIGURE, FIGURE, "text"]
    year = Block([big("2024", 110, 250)], 1, kind=HEADING)
    layout = PageLayout(612, 792, [year, Block([Line(line_words("Figure 3: The plant.", 72, 272))], 1)])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == [HEADING, "text"]


def test_a_large_heading_with_a_number_right_under_a_chart_set_under_its_caption_is_the_page_s():
    """APA's caption over its chart: the chart's ticks under it are the figure's; the next
    section's heading in larger type right under them ("Phase 2") holds a bare number but
    stands below every label: the page's."""
    from columnrag.loaders.engine.geometry import Block, Line

    label = Block([Line(line_words("Figure 1", 72, 200))], 1)
    title = Block([Line(line_words("Accuracy over the epochs", 72, 214))], 1)
    ticks = Block([Line(_small("100", 80, 232)), Line(_small("0 20 60 100", 100, 246))], 1)
    axis = Block([Line(_small("Epochs", 150, 258))], 1)
    heading = Block([Line(tall(line_words("Phase 2", 72, 280), 13.0))], 1, kind=HEADING)
    layout = PageLayout(612, 792, [label, title, ticks, axis, heading])
    mark_figure_labels(layout, 10.0, LayoutSettings())
    assert [b.kind for b in layout.blocks] == ["text", "text", FIGURE, FIGURE, HEADING]
