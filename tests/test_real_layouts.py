"""Rules for real papers on generated pages: floats inside a sentence, captions, listings, title
blocks over columns, and a real-like page read the same whatever its drawing order."""
from __future__ import annotations

import random

import pytest

from columnrag.loaders import LayoutSettings, Word, analyze_page
from columnrag.loaders.engine.floats import (body_height, ends_open, floats_after_carried_sentence, floats_after_paragraphs,
                                             floats_before_open_end, paragraph_starts)
from columnrag.loaders.engine.furniture import mark_furniture
from columnrag.loaders.engine.geometry import HEADING, TOP_EDGE_BAND, Block, Line, PageLayout
from columnrag.loaders.engine.sideways import sideways_apart, sideways_words
from columnrag.loaders.text.render import page_text

from .boxes import CHAR_W, HEIGHT, PITCH, SPACE, column, line_words, reseq, small_line


def text_of(words: list[Word]) -> str:
    layout = analyze_page(reseq(words), 612, 792)
    mark_furniture([layout])
    return page_text(layout, LayoutSettings())[0]


def blocks_of(words: list[Word]) -> list[str]:
    return text_of(words).split("\n\n")


def assert_in_order(text: str, *marks: str) -> None:
    """Each mark occurs in the text, in the order given."""
    at = [text.index(m) for m in marks]
    assert at == sorted(at), [m for _, m in sorted(zip(at, marks))]


def shuffled(words: list[Word], seed: int = 3) -> list[Word]:
    out = list(words)
    random.Random(seed).shuffle(out)
    return out


_VOCABULARY = ("a an the of to in reading order page layout column gutter paper sentence word line "
               "block figure table caption model method result data value shows often always more "
               "between within across during simple careful").split()


def prose(prefix: str, n: int, width: float = 220, seed: int = 0) -> list[str]:
    """n lines of varied words (a tag like "L3" first, so order is checkable) no wider than width:
    real text, whose word spaces do not line up from line to line."""
    rnd = random.Random(f"{prefix}{seed}")
    lines = []
    for k in range(n):
        words = [f"{prefix}{k}"]
        while True:
            w = rnd.choice(_VOCABULARY)
            if CHAR_W * len("".join(words + [w])) + SPACE * len(words) > width:
                break
            words.append(w)
        lines.append(" ".join(words))
    return lines


def two_columns_with_a_footnote() -> tuple[list[Word], list[Word], list[Word]]:
    """A left column whose last sentence runs on into the right column, with a footnote in small
    type at the foot of the left column."""
    left = column(prose("L", 18) + ["and the sentence runs on past the"], 72, 100)
    note = small_line("1 This work was funded by a grant of the agency.", 72, 100 + 21 * PITCH)
    right = column(["second column where it ends today."] + prose("R", 18), 320, 100)
    return left, note, right


def test_a_footnote_inside_a_sentence_goes_after_the_paragraph_that_carries_it_on():
    left, note, right = two_columns_with_a_footnote()
    for words in (left + note + right, shuffled(left + note + right)):
        text = text_of(words)
        assert "past the\nsecond column where it ends today." in text.replace("\n\n", "\n")
        # (after the right column's block, where the page's geometry alone reads a note at the
        # left column's foot: its first paragraph ends at "today.", but the note is no float over it)
        assert_in_order(text, "ends today.", "R17", "This work was funded")


def test_a_paragraph_a_column_break_cuts_in_mid_sentence_reads_as_one_paragraph():
    # The page text parts paragraphs by a blank line (what a splitter cuts at first): the
    # left column's last sentence runs on in the right column after a line break only, as its
    # own lines do; the footnote the paragraph was moved past, and a paragraph that opens a
    # column after a closed one, stay apart.
    left, note, right = two_columns_with_a_footnote()
    for words in (left + note + right, shuffled(left + note + right)):
        text = text_of(words)
        assert "runs on past the\nsecond column where it ends today." in text
        assert "\n\n1 This work was funded" in text
    closed = column(prose("L", 18) + ["and the sentence ends in this column."], 72, 100)
    opening = column(["The second column opens a paragraph."] + prose("R", 18), 320, 100)
    assert "in this column.\n\nThe second column opens" in text_of(closed + opening)
    # A sentence left on a comma, an article, a preposition or a conjunction goes on whatever
    # the next column opens with: a name, an acronym (compsac2023's "... full access to" / "AI
    # systems").
    cut = column(prose("L", 18) + ["rather than giving full access to"], 72, 100)
    rest = column(["AI systems that run on their own, we offer a service."] + prose("R", 18), 320, 100)
    assert "full access to\nAI systems that run" in text_of(cut + rest)
    comma = column(prose("L", 18) + ["the ones we named, the perceptron (MLP),"], 72, 100)
    assert "perceptron (MLP),\nAI systems that run" in text_of(comma + rest)
    items = column(["2. Run the tests on every page of the set."] + prose("R", 18), 320, 100)
    assert "perceptron (MLP),\n\n2. Run the tests" in text_of(comma + items)  # (a list's next item)
    named = column(prose("L", 18) + ["rather than giving full access here"], 72, 100)
    assert "full access here\n\nAI systems that run" in text_of(named + rest)  # (a word a sentence ends on)


def test_a_heading_in_lower_case_over_its_paragraph_carries_on_no_sentence_the_sentence_s_end_does():
    # PDFUA-Ref-2-05: a section on a product whose name opens in lower case ("iText") tops the
    # right column, in the body's type, its paragraph right under it; the left column ends
    # without a stop (a link). The heading opens its own paragraph: a blank line before it.
    left = column(prose("L", 18) + ["see bit.ly/2VtIOIc (via the maker)"], 72, 100)
    right = column(["iText", "Also iText is no desktop program but a library for making"] + prose("R", 17), 320, 100)
    text = text_of(left + right)
    assert "(via the maker)\n\niText\nAlso iText" in text
    # The words that carry a sentence on over a float, alone on a short line over a line that
    # opens with a capital ("where" / "N is ...", "as follows:" / "The ...", "from the
    # sensors." / a new paragraph), are the sentence's: the caption set over them goes after the
    # paragraph they end.
    for end, rest_first, rest_next in (("and so the count we keep is given by", "where",
                                        "N is the number of tokens in the corpus"),
                                       ("so the whole method we use runs", "as follows:",
                                        "The first step reads every page"),
                                       ("is restricted to what can be obtained", "from the sensors.",
                                        "The next paragraph opens here with a capital and")):
        left = column(prose("L", 18) + [end], 72, 100)
        caption = small_line("Fig. 1. Study junction model in the simulator.", 320, 100)
        rest = column([rest_first, rest_next] + prose("R", 14), 320, 100 + 3 * PITCH)
        text = text_of(left + caption + rest)
        assert_in_order(text, end, rest_first, "Fig. 1.")
        assert f"{end}\n{rest_first}" in text


def test_footnotes_that_open_with_raised_marks_go_after_the_sentence_they_break_whatever_their_type():
    # OUP's template: the left column's footnotes, one a URL in a typewriter font whose boxes
    # stand taller than the body's, each line opening with its mark set raised in smaller type.
    left = column(prose("L", 18) + ["minim veniam, quis nostrud exercitation ullamco"], 72, 100)
    notes = []
    for k, text in enumerate(["https://data.gov.uk/", "Example of footnote text."]):
        y = 100 + (21 + 1.2 * k) * PITCH
        notes += [Word(72, y - 2, 75.5, y + 4.5, str(k + 1))] + [
            Word(w.x0, w.y0, w.x1, w.y1 + 0.8, w.text) for w in line_words(text, 80, y)]
    right = column(["laboris nisi ut aliquip ex ea commodo."] + prose("R", 18), 320, 100)
    for words in (left + notes + right, shuffled(left + notes + right)):
        text = text_of(words)
        assert "exercitation ullamco\nlaboris nisi ut" in text.replace("\n\n", "\n"), text
        assert text.index("ex ea commodo.") < text.index("data.gov.uk")


def test_a_footnote_in_type_near_the_body_s_at_a_column_s_foot_goes_after_the_sentence_it_breaks():
    # ICML's first page: the conference's note at the left column's foot in type a little smaller
    # than the body's (within float_size_change of it: no float by size), a word broken there
    # ("ac-" / "tions") carried on at the right column's top. The note is clearly smaller than the
    # paragraph it interrupts, and nothing of its column lies below it: it goes after the paragraph.
    left = column(prose("L", 18) + ["depends on the expected values of the ac-"], 72, 100)
    note = small_line("Proceedings of the 33rd International Conference on Machine Learning.", 72,
                      100 + 21 * PITCH, size=9.2)
    right = column(["tions available in the reached states."] + prose("R", 18), 320, 100)
    for words in (left + note + right, shuffled(left + note + right)):
        text = text_of(words)
        assert "values of the actions\navailable in the reached" in text.replace("\n\n", "\n")
        assert_in_order(text, "values of the", "available in the reached", "R17", "Proceedings")
    # A paragraph in the same type under it, at the column's foot, is the body's: it stays.
    same = [Word(w.x0, w.y0, w.x1, w.y0 + 10.0, w.text) for w in note]
    assert_in_order(text_of(left + same + right), "values of the ac-", "Proceedings", "tions available")


def test_a_table_in_type_near_the_body_with_its_caption_under_it_goes_after_the_paragraph():
    # ACL's style: body in 11 points, a table in 10 with its caption under it, both read as one
    # block at the right column's top, inside "Footnotes should be separated from | the text".
    # A footnote's URL in about the body's type under the left column is a label of the run.
    left = column(prose("L", 18) + ["Footnotes should be separated from"], 72, 100)
    left += small_line("1 https://en.wikipedia.org/wiki/", 85, 100 + 19 * PITCH + 14, size=9.6)
    rows = ["Type of Text Font Size", "paper title 15 pt bold", "section titles 12 pt bold",
            "document text 11 pt", "captions 9 pt", "Table 2: Font guide."]
    table = [w for k, row in enumerate(rows) for w in small_line(row, 345, 100 + k * 11, size=9.2)]
    right = column(["the text by a line in a column of its own."] + prose("R", 16), 320, 100 + 6 * 11 + 14)
    for words in (left + table + right, shuffled(left + table + right)):
        text = text_of(words)
        assert "separated from\nthe text by a line" in text.replace("\n\n", "\n")
        assert_in_order(text, "separated from", "the text by a line", "paper title", "Font guide.", "R0")
    # A paragraph of prose whose last line opens with "Table 2", or short lines over "Table 2
    # gives ..." (a sentence: no stop or colon after the number), is no table: it does not move.
    for lines in (["Sizes of type that the style asks for are listed below in", "Table 2: sizes."],
                  ["The sizes are in", "Table 2 gives the rest."]):
        para = column(lines, 320, 100)
        words = left + [Word(w.x0, w.y0, w.x1, w.y0 + 9.2, w.text) for w in para] + right
        assert_in_order(text_of(words), "separated from", lines[0][:12], "the text by a line")


def test_a_table_whose_rows_are_drawn_out_of_order_is_one_float_in_a_pdf_read_in_drawing_order():
    # cec2021's page: the PDF draws in reading order, a footnote under the left column, and the
    # table at the right column's top row by row from the bottom up (its row labels last). Each
    # row drawn apart from the one above must not make the table a run of floats too long to
    # move out of "set out | below, agree".
    left = column(prose("L", 18) + ["and the yields of every plot, which are set out"], 72, 100)
    note = small_line("1 Plots were sown in the same week.", 85, 100 + 19 * PITCH + 14)
    caption = small_line("Table 5. Yield by plot and crop in the survey year.", 320, 100)
    rows = [small_line(f"P{k} {'wheat' if k % 2 else 'barley'} {3 + k / 10:.1f}", 345, 112 + 9 * k)
            for k in range(16)]
    below = small_line("(Yields in tonnes per hectare.)", 320, 112 + 9 * 16 + 4)
    right = column(["below, agree with those of the previous year in full."] + prose("R", 10), 320,
                   112 + 9 * 16 + 24)
    drawn = left + note + caption + [w for row in reversed(rows) for w in row] + below + right
    text = text_of(drawn)
    assert_in_order(text, "set out", "below, agree", "R9", "Table 5.", "P15", "tonnes")
    assert_in_order(text_of(shuffled(drawn)), "set out", "below, agree", "R9", "Table 5.", "P15", "tonnes")


def overlapping(words: list[Word], extra: float = 4.0) -> list[Word]:
    """The words with boxes taller than their line pitch (fonts whose ascender and descender
    reach past the line spacing: the boxes of one paragraph's lines overlap)."""
    return [Word(w.x0, w.y0, w.x1, w.y1 + extra, w.text, w.seq) for w in words]


def test_a_footnote_set_close_under_lines_of_overlapping_boxes_is_not_their_paragraph():
    # The blank above the note is narrower than the body's boxes are tall (their boxes overlap
    # by a sixth of the pitch): its smaller type and the extra space between centres set it apart.
    left = overlapping(column(prose("L", 18) + ["and the sentence runs on past the"], 72, 100))
    note = small_line("1 This work was funded by a grant of the agency.", 72, 100 + 18 * PITCH + 20, size=11.3)
    right = overlapping(column(["second column where it ends today."] + prose("R", 18), 320, 100))
    for words in (left + note + right, shuffled(left + note + right)):
        text = text_of(words)
        assert "past the\nsecond column where it ends today." in text.replace("\n\n", "\n")
        assert text.index("ends today.") < text.index("This work was funded")


def test_a_short_paragraph_that_carries_a_sentence_on_past_a_footnote_is_read_before_it():
    # Two lines, the second a word's end: no line of prose, as a chart's labels have none; it
    # carries the sentence on all the same, and the footnote goes after it.
    left = column(prose("L", 18) + ["highlight the methods and guide future research"], 72, 100)
    note = small_line("1 This work was funded by a grant of the agency.", 72, 100 + 18 * PITCH + 20)
    right = (column(["toward scalable and robust sensing sys-", "tems."], 320, 100)
             + column(prose("R", 16), 320, 100 + 3 * PITCH))
    for words in (left + note + right, shuffled(left + note + right)):
        assert_in_order(text_of(words), "future research", "toward scalable", "This work was funded")


def assert_reads_on(words: list[Word], sentence: str, after: str, float_text: str) -> None:
    """In the drawing order given and shuffled: `sentence` reads whole across the float's place
    (blocks apart by one line break or two), and the float comes after `after`."""
    for order in (words, shuffled(words)):
        text = text_of(order)
        assert sentence in text.replace("\n\n", "\n")
        assert text.index(after) < text.index(float_text)


def test_a_sentence_left_open_after_a_decimal_number_runs_on_past_a_caption():
    # "(2.86" ends no sentence, as "end.12" (a footnote mark after a stop) does.
    left = column(prose("L", 18) + ["the margin should be 1 inch (2.86"], 72, 100)
    caption = small_line("Figure 1. Example of a caption.", 320, 100)
    right = column(["cm) from the bottom edge of the page."] + prose("R", 16), 320, 100 + 2 * PITCH)
    assert_reads_on(left + caption + right, "(2.86\ncm) from the bottom edge", "bottom edge", "Figure 1.")


@pytest.mark.parametrize("label", ["Figure 1.", "Fig. 1.", "FIG. 1.", "TABLE I."])
def test_a_caption_in_the_body_size_inside_a_sentence_goes_after_the_paragraph(label):
    # Set in the body's own type (as REVTeX sets "FIG. 1."), the caption is a float by its opening.
    left = column(prose("L", 18) + ["the margin should be one inch from the"], 72, 100)
    caption = small_line(f"{label} Example of a caption.", 320, 100, size=10)
    right = column(["bottom edge of the page, as the journal asks."] + prose("R", 16), 320, 100 + 2 * PITCH)
    assert_reads_on(left + caption + right, "from the\nbottom edge", "journal asks.", label)


def test_a_chart_of_many_labels_inside_a_sentence_goes_after_the_paragraph():
    # Eight tick labels, an axis title in large type and a caption between a sentence's halves;
    # the rest of the sentence opens with a number ("... their first" / "2 years ...").
    top = column(prose("A", 6) + ["the orphans spent most of their first"], 72, 100)
    chart = [w for k, tick in enumerate(["25", "20", "15", "10", "5", "0", "-5", "-10"])
             for w in small_line(tick, 80, 100 + (8 + k) * PITCH)]
    chart += [Word(120, 100 + 9 * PITCH, 132, 100 + 14 * PITCH, "Height")]  # an axis title, set large
    chart += small_line("Figure 5.1 Gain in height per year.", 90, 100 + 17 * PITCH)
    bottom = column(["2 years lying flat on their backs.", "Later they sat up."], 72, 100 + 19 * PITCH)
    assert_reads_on(top + chart + bottom, "their first\n2 years lying flat", "sat up.", "Figure 5.1")


def test_a_chart_labelled_in_about_the_body_size_goes_after_the_paragraph_with_its_caption():
    # The tick labels and the legend are set in about the body's size, so their size does not
    # tell them from the body: they are no running text, and their caption says they are a figure.
    top = column(prose("A", 6) + ["the sorbed amounts decreased from 3.0 to 6.0 and"], 72, 100)
    chart = [w for k, tick in enumerate(["1.4", "1.2", "1.0", "0.8", "0.6", "0.4", "0.2", "0.0"])
             for w in small_line(tick, 80, 100 + (8 + k) * PITCH, size=9.5)]
    chart += small_line("t/q = 1/0.37 + t/0.67", 120, 100 + 10 * PITCH, size=9.5)
    chart += small_line("0 10 20 30 40 50", 100, 100 + 16 * PITCH, size=9.5)
    caption = small_line("Fig. 5. Sorption kinetics of the two acids.", 72, 100 + 18 * PITCH)
    bottom = column(["would not adsorb on the charged carbon.", "Later they sat up."], 72, 100 + 20 * PITCH)
    assert_reads_on(top + chart + caption + bottom, "6.0 and\nwould not adsorb", "sat up.", "Fig. 5.")
    # Without a caption such lines are a display equation inside the sentence: they stay there.
    equation = small_line("E = m c 2 (1)", 150, 100 + 8 * PITCH, size=9.5)
    text = text_of(column(prose("A", 6) + ["the energy of the body is given by"], 72, 100) + equation
                   + column(["where m is the mass of the body.", "Later they sat up."], 72, 100 + 10 * PITCH))
    assert text.index("given by") < text.index("E = m c 2") < text.index("where m is")
    # Nor does one under a chart's caption move with the chart.
    text = text_of(column(prose("A", 6) + ["the energy of the body is given by"], 72, 100) + chart[:8]
                   + small_line("Fig. 5. Sorption kinetics of the two acids.", 72, 100 + 17 * PITCH)
                   + small_line("E = m c 2 (1)", 150, 100 + 19 * PITCH, size=9.5)
                   + column(["where m is the mass of the body.", "Later they sat up."], 72, 100 + 21 * PITCH))
    assert text.index("given by") < text.index("E = m c 2") < text.index("where m is")


def test_a_chart_whose_legend_entries_are_lines_of_a_few_words_goes_after_the_paragraph():
    # Each legend entry, a lone line of four words in about the body's size, is no paragraph
    # whose sentence the caption would interrupt: the chart goes whole after the paragraph.
    top = column(prose("A", 6) + ["the last two years have seen the semantics change and exhibit"], 72, 100)
    chart = [w for k, tick in enumerate(["10,000", "1,000", "100", "10", "1"])
             for w in small_line(tick, 80, 100 + (8 + 2 * k) * PITCH, size=9.5)]
    chart += small_line("CPU transistor count 0.5", 130, 100 + 13 * PITCH, size=9.5)
    chart += small_line("1999 2003 2007 2011 2015", 100, 100 + 19 * PITCH, size=9.5)
    chart += small_line("Words in architecture manual", 130, 100 + 21 * PITCH, size=9.5)
    caption = small_line("Figure 1: Complexity growth of the instruction set.", 72, 100 + 23 * PITCH)
    bottom = column(["complex interactions with other extensions.", "Later they sat up."], 72, 100 + 25 * PITCH)
    words = top + chart + caption + bottom
    assert_reads_on(words, "and exhibit\ncomplex interactions", "sat up.", "Figure 1:")
    for order in (words, shuffled(words)):
        assert_in_order(text_of(order), "sat up.", "CPU transistor count", "Words in architecture manual", "Figure 1:")


def test_a_caption_whose_last_line_follows_a_label_of_its_figure_goes_after_the_paragraph():
    # A fraction's denominator in small type sits between the caption's lines in reading order;
    # the caption's last line, set in about the body's size, is still the caption's.
    top = column(prose("A", 6) + ["the sorbed amounts decreased from 3.0 to 6.0 and"], 72, 100)
    chart = [w for k, tick in enumerate(["1.4", "1.0", "0.6", "0.2"])
             for w in small_line(tick, 80, 100 + (8 + k) * PITCH)]
    y = 100 + 13 * PITCH
    caption = small_line("Fig. 5. Sorption kinetics as defined by q / u - 1 averaged over", 72, y, size=9.2)
    label = small_line("u(v)", 170, y + 9.5, size=4)
    rest = small_line("two acids.", 72, y + 14, size=9.2)
    bottom = column(["would not adsorb on the charged carbon.", "Later they sat up."], 72, y + 3 * PITCH)
    words = top + chart + caption + label + rest + bottom
    assert_reads_on(words, "6.0 and\nwould not adsorb", "sat up.", "Fig. 5.")
    for order in (words, shuffled(words)):
        assert_in_order(text_of(order), "sat up.", "averaged over", "two acids.")


def _block(text: str, y: float, size: float = 10, x: float = 72) -> Block:
    return Block([Line(small_line(text, x, y, size))])


def _open_paragraph() -> Block:
    return Block([Line(line_words(text, 72, 100 + k * PITCH))
                  for k, text in enumerate(["the sorbed amounts of both acids decreased",
                                            "from the first hour to the third and"])])


def _caption_split_by_a_label() -> list[Block]:
    """Blocks as the engine cuts them from a font whose boxes are taller than its leading: the
    caption's last line overlaps the line above by a little, and a label sits between them."""
    return [_block("Fig. 5. Sorption kinetics as defined by q / u - 1 averaged over", 200, 9.2),
            _block("u(v)", 206, 4, x=170), _block("two acids.", 208.5, 9.2)]


def test_a_caption_s_last_line_overlapping_its_first_after_a_label_is_the_caption_s():
    paragraph, carried = _open_paragraph(), _block("would not adsorb on the charged carbon.", 240)
    caption = _caption_split_by_a_label()
    body = [paragraph, *caption, carried]
    assert floats_after_paragraphs(body, 10, LayoutSettings()) == [paragraph, carried, *caption]
    # At the top of the page after the one that left the sentence open, the same.
    ticks = [_block("1.4", 60, 7), _block("0.2", 120, 7)]
    layout = PageLayout(612, 792, ticks + caption + [carried])
    floats_after_carried_sentence(layout, 10, LayoutSettings())
    assert layout.blocks == [carried] + ticks + caption


def test_a_chart_whose_labels_are_a_block_each_goes_after_the_paragraph_however_many_they_are():
    # cvat_case01_497a347f's Fig. 5: at a column's foot under a sentence that goes on at the top
    # of the next column, eight tick labels up the axis and six along it, two fits and their R2,
    # in about the body's size, each read as a block of its own, then two axis titles in smaller
    # type and the caption: 19 blocks, more than float_run_max floats would be, but three floats.
    paragraph, carried = _open_paragraph(), _block("would not adsorb on the charged carbon.", 100)
    labels = [_block(tick, 400 + 13 * k, 9.6, x=90) for k, tick in enumerate(
        ["1.4", "1.2", "1.0", "0.8", "0.6", "0.4", "0.2", "0.0"])]
    labels += [_block(tick, 510, 9.6, x=100 + 25 * k) for k, tick in enumerate(["0", "10", "20", "30", "40", "50"])]
    labels += [_block("t/q = 1/1.43 + t/1.45", 420, 9.6, x=160), _block("R2=0.994", 432, 9.6, x=160),
               _block("t/q = 1/0.37 + t/0.67", 470, 9.6, x=160)]
    axes = [_block("t (h)", 525, 7, x=160), _block("q (mmol/g)", 430, 7, x=75)]
    caption = _block("Fig. 5. Sorption kinetics of the two acids.", 545, 7)
    s = LayoutSettings()
    assert len(labels + axes) > s.float_run_max
    body = [paragraph, *labels, *axes, caption, carried]
    assert floats_after_paragraphs(body, 10, s) == [paragraph, carried, *labels, *axes, caption]
    # Labels in small type (cvatfx_011's plots at the next column's top): floats by their size,
    # and a chart's labels all the same, which count apart.
    small = [_block(b.lines[0].text, b.box.y0, 7, x=b.box.x0) for b in labels]
    body = [paragraph, *small, *axes, caption, carried]
    assert floats_after_paragraphs(body, 10, s) == [paragraph, carried, *small, *axes, caption]
    # More floats than float_run_max in a row (not a chart's labels) still stay where they are.
    notes = [_block(f"{k} A note in small type.", 400 + 10 * k, 7) for k in range(s.float_run_max + 1)]
    body = [paragraph, *notes, caption, carried]
    assert floats_after_paragraphs(body, 10, s) == body


@pytest.mark.parametrize("opening", ["Fig. 6 a presents", "Figure 3 shows", "Table 3-2 lists", "Abbildung 2 zeigt"])
def test_a_paragraph_whose_subject_is_a_figure_is_no_caption(opening):
    # "Fig. 6 a presents the effect of ..." opens a paragraph, not a caption: a lower-case word
    # follows the label (past its panel or part). The paragraph's open sentence goes on past the
    # caption under it.
    from columnrag.loaders.engine.floats import is_caption_start

    paragraph = Block([Line(line_words(f"{opening} the sorbed amounts of both acids", 72, 100)),
                       Line(line_words("from the first hour to the third and", 72, 100 + PITCH))])
    caption = _block("Fig. 5. Sorption kinetics of the two acids.", 170, 7)
    carried = _block("would not adsorb on the charged carbon.", 240)
    assert floats_after_paragraphs([paragraph, caption, carried], 10, LayoutSettings()) == [paragraph, carried, caption]
    assert not is_caption_start(opening + " the")
    assert all(is_caption_start(c) for c in ("Figure 3 Effect of pH", "Fig. 1 a, Schematic of the cell", "FIG. 4. Median",
                                             "Table 3-2 Built-in global variables", "TABLE IV", "Figure 2 (b) Zeta"))


def test_a_sentence_whose_subject_is_a_figure_opens_no_paragraph_under_a_full_line():
    # ieee_icc2021_sss: "... and unintentional interference." fills its line and "Fig. 2 shows the
    # graph" opens the next one flush left: one paragraph. Set in from the left, or under a line
    # that ends short, the same words open a paragraph of their own.
    lines = ["the traffic changes with the mobility of nodes,", "collisions and unintentional interference.",
             "Fig. 2 shows the graph of the throughput over", "the time of the run, with the attack at the end",
             "of the second half and the detection after it."]
    assert len(blocks_of(column(lines, 72, 100, width=260))) == 1
    indented = column(lines[:2], 72, 100, width=260) + column(lines[2:], 84, 100 + 2 * PITCH, width=248)
    assert [b.split()[0] for b in blocks_of(indented)] == ["the", "Fig."]
    short = lines[:1] + ["collisions.", *lines[2:]]
    assert [b.split()[0] for b in blocks_of(column(short, 72, 100, width=260))] == ["the", "Fig."]


def test_a_short_footnote_in_smaller_type_is_apart_from_the_text_over_it():
    # ifac_ifacconf: two lines of footnote in 8 points under a column's 10-point text, their centres
    # 1.22 of the column's pitches below its last line's (a footnote's few lines give no pitch of
    # their own to measure): in proportion to its size, the smaller type's pitch is 0.8 of the
    # column's, and the footnote is a block apart, not the paragraph's last lines.
    body = prose("body", 6)
    words = column(body[:-1] + [body[-1] + " end."], 72, 100, width=300)
    top = 100 + 5 * PITCH + HEIGHT / 2 + 1.22 * PITCH - 4
    words += small_line("1 Supported by the research council of the country.", 72, top, 8)
    words += small_line("Grant number twelve of the year.", 72, top + 0.8 * PITCH, 8)
    blocks = blocks_of(words)
    assert blocks[-1].startswith("1 Supported") and "end." in blocks[-2]
    # Type an eighth smaller at the same distance is the text's own (a line of short words and
    # symbols): too near the text's size to scale the pitch by. So is a line in type a quarter
    # smaller at the column's own pitch (subscripts, small capitals): no space over it.
    words = column(body, 72, 100, width=300)
    words += small_line("and the rest of the words.", 72, top + 4 - 4.4, 8.8)
    assert len(blocks_of(words)) == 1
    words = column(body, 72, 100, width=300)
    words += small_line("and the rest of the words.", 72, 100 + 6 * PITCH + HEIGHT / 2 - 3.8, 7.6)
    assert len(blocks_of(words)) == 1


def test_a_chart_s_label_set_apart_as_a_heading_does_not_end_the_run_of_floats():
    # A chart's legend entry and axis title in about the body's size, set apart from the ticks
    # like headings ("Followees", "Number of followers"), at the top of the page after the one
    # that left its sentence open, over the figure's caption: they are the figure's, and the
    # paragraph that carries the sentence on goes before them.
    legend = Block([Line(small_line("Followees", 110, 70, size=9.3))], kind=HEADING)
    ticks = [_block("0.8", 90, 7), _block("1 10 100 1000", 200, 7)]
    axis = Block([Line(small_line("Number of followers", 130, 216, size=9.3))], kind=HEADING)
    caption = _block("Fig. 2. Cumulative fraction of users by degree", 250, 8)
    carried = _block("chains of the tweets he posts, as the figure shows.", 450)
    layout = PageLayout(612, 792, [legend, ticks[0], ticks[1], axis, caption, carried])
    floats_after_carried_sentence(layout, 10, LayoutSettings())
    assert layout.blocks == [carried, legend, *ticks, axis, caption]
    # A section's heading is no label, short as it may be: numbered, or in capitals, it ends the
    # run above the caption, and the paragraph stays in its place.
    for title in ("4 Setup", "RESULTS"):
        section = Block([Line(line_words(title, 72, 60))], kind=HEADING)
        layout = PageLayout(612, 792, [section, *ticks, caption, carried])
        floats_after_carried_sentence(layout, 10, LayoutSettings())
        assert layout.blocks == [section, *ticks, caption, carried]

def test_a_chart_s_title_in_lower_case_is_no_sentence_carried_on_from_the_page_before():
    # test_open2 (pymupdf's tests) page 7: the page before ends "... The net"; this one opens
    # with a chart whose title, on a line of its own in the body's size, reads "overloaded
    # instance method (lower is better)": running text in lower case, but open, and over more of
    # the chart. The paragraph under the caption ("result is that, ...") carries the sentence on.
    ticks = [_block("350.0", 54, 7), _block("300.0", 72, 7), _block("250.0", 84, 7)]
    title = _block("overloaded instance method (lower is better)", 61, 9, x=94)
    axis = _block("Time Normalized to C++ (=1)", 120, 7)
    caption = _block("Fig. 3: Relative performance (compared to C++) of the FFI", 200, 9)
    carried = _block("result is that, after warm-up, the performance is the same.", 240)
    layout = PageLayout(612, 792, [ticks[0], title, *ticks[1:], axis, caption, carried])
    floats_after_carried_sentence(layout, 10, LayoutSettings())
    assert layout.blocks == [carried, ticks[0], title, *ticks[1:], axis, caption]
    # The sentence's own rest, a short line of its own over a figure at the page's top, stays
    # the sentence's: no float stands before it.
    rest = _block("the second run is shown", 54)
    more = _block("and the third run is in Table 2.", 240)
    layout = PageLayout(612, 792, [rest, caption, more])
    floats_after_carried_sentence(layout, 10, LayoutSettings())
    assert layout.blocks == [rest, caption, more]


def test_no_sentence_runs_on_across_a_numbered_section_s_heading_in_large_type():
    # libtasn1's manual: a page that ends on a command line with no stop ("$ asn1Decoding
    # pkix.asn assign.out"), then a chapter's heading in large type, its section's under it, and
    # a function's signature in lower case ("int asn1_parser2tree (...)"). Large type alone
    # would make the headings floats the signature is read before; numbered, they open a new
    # section, and everything stays where it is: on the next page, and inside a page.
    chapter = Block([Line(small_line("4 Function reference", 72, 60, size=17))], kind=HEADING)
    section = Block([Line(small_line("4.1 ASN.1 schema functions", 72, 100, size=14))], kind=HEADING)
    signature = _block("int asn1_parser2tree (const char * file, asn1 node * definitions)", 140)
    layout = PageLayout(612, 792, [chapter, section, signature])
    floats_after_carried_sentence(layout, 10, LayoutSettings())
    assert layout.blocks == [chapter, section, signature]
    body = [_open_paragraph(), chapter, section, signature]
    assert floats_after_paragraphs(body, 10, LayoutSettings()) == body
    # A chart's label set large in capitals ("ACC [%] 60", "2MI") is no section's heading: the
    # paragraph that carries the sentence on still goes before the figure.
    label = Block([Line(small_line("ACC [%] 60", 90, 60, size=17))], kind=HEADING)
    caption = _block("Fig. 4. The accuracy over the observation time.", 200, 8)
    carried = _block("as the accuracy rises with the time observed.", 300)
    layout = PageLayout(612, 792, [label, caption, carried])
    floats_after_carried_sentence(layout, 10, LayoutSettings())
    assert layout.blocks == [carried, label, caption]


def test_no_sentence_runs_on_across_a_headline_set_flush_over_its_story():
    # A newspaper's front page: the edition's line (no stop at its end), then a headline in large
    # type right over its story, flush with it, and the story opening with the time ("12:34 h").
    # A number may carry a sentence on, but not across a heading that opens the paragraph under
    # it. A pull quote, indented in the column, is still a float the sentence runs on past.
    edition = Block([Line(line_words("my papertex edition of the day and", 72, 100)),
                     Line(line_words("VIII Iunii MMVII and the news of", 72, 112))])
    headline = Block([Line(small_line(text, 72, 140 + 22 * k, size=20)) for k, text in
                      enumerate(["First heading. Aenean", "sem purus, blandit"])], kind=HEADING)
    story = Block([Line(line_words(text, 72, 200 + k * PITCH)) for k, text in
                   enumerate(["12:34 h the first text of the story runs on", "over two lines of the column."])])
    body = [edition, headline, story]
    assert floats_after_paragraphs(body, 10, LayoutSettings()) == body
    quote = Block([Line(small_line(text, 110, 140 + 22 * k, size=20)) for k, text in
                   enumerate(["A quote set", "apart here"])], kind=HEADING)
    assert floats_after_paragraphs([edition, quote, story], 10, LayoutSettings()) == [edition, story, quote]
    # A figure's header row over its rows is no heading of the text ("Macro Output" over
    # "\\CTAN CTAN"): the paragraph that carries the sentence on goes before the figure.
    header = Block([Line(small_line("Macro Output", 72, 140, size=12))], kind=HEADING)
    rows = Block([Line(small_line(text, 72, 156 + 10 * k, size=8)) for k, text in
                  enumerate(["\\KOMAScript KOMA-Script", "\\MacOSX Mac OS X", "\\CTAN CTAN"])])
    caption = _block("Figure 1: A few of the provided acronyms", 200, 8)
    carried = _block("appearance of all-caps sequences among normal text is poor.", 240)
    body = [_open_paragraph(), header, rows, caption, carried]
    assert floats_after_paragraphs(body, 10, LayoutSettings()) == [body[0], carried, header, rows, caption]


def test_a_short_paragraph_that_ends_its_sentence_is_no_chart_s_labels():
    # Two lines, the first short of a line of prose: it ends its sentence, so it is the text's,
    # and the caption under it does not carry the paragraph above past it.
    paragraph = _open_paragraph()
    short = Block([Line(line_words("We set the rates out in Table", 72, 130)), Line(line_words("3 below.", 72, 142))])
    caption = _block("Fig. 5. Sorption kinetics of the two acids.", 170, 7)
    rest = _block("where the rate is the amount sorbed in an hour.", 190)
    body = [paragraph, short, caption, rest]
    assert floats_after_paragraphs(body, 10, LayoutSettings()) == body


def test_a_pages_first_lines_under_its_running_head_are_read_in_their_columns():
    # mnras_guide's page 3: under the running head, the left column opens with the two lines
    # that finish the sentence the page before left open, beside a table's caption in smaller
    # type; space follows both (a section heading on the left, the table on the right). The two
    # rows were taken for header candidates, and each read across the gutter.
    head = small_line("MNRAS guide for authors 3", 420, 30, size=10)
    left = column(["up new keywords! For the current list", "of allowed keywords, see the guide."], 72, 52)
    caption = (small_line("Table 1. Additional commands for symbols", 320, 54)
               + small_line("used in astronomy. Use them anywhere.", 320, 64))
    left += column(["6 SECTIONS AND LISTS"] + prose("L", 30), 72, 100)
    right = column(prose("R", 30), 320, 96)
    for words in (head + left + caption + right, shuffled(head + left + caption + right)):
        text = text_of(words)
        assert "the current list\nof allowed keywords, see the guide." in text
        assert "Table 1. Additional commands for symbols\nused in astronomy." in text
        assert_in_order(text, "see the guide.", "SECTIONS", "L29", "Table 1.", "R0", "R29")
    # aistats2021's page 3: one line of the left column's list beside the right column's
    # heading, space under both.
    item = column(["1. Change the beginning of your document to"], 72, 52)
    item += column(prose("L", 30), 80, 76)
    heading = line_words("References", 320, 52)
    right = column(prose("R", 30), 320, 76)
    text = text_of(head + item + heading + right)
    assert "document to\n" in text and "to References" not in text
    assert_in_order(text, "1. Change", "L29", "References", "R0")
    # mnras_guide's last page: at the foot of the left column, past a code listing's space, the
    # two lines that end its paragraph, over the page's footer; the right column ends higher.
    left = column(prose("L", 50), 72, 100) + column(["maketitle inserts the title, authors and list in",
                                                     "the correct formatting."], 72, 730)
    footer = line_words("MNRAS 000, 1-10 (2020)", 450, 770)
    text = text_of(head + left + column(prose("R", 20), 320, 100) + footer)
    assert_in_order(text, "L49", "maketitle", "correct formatting.", "R0")
    # A journal's second header line in the body's type, numbers more than words, stays a
    # candidate for the page's edge.
    issue = line_words("Vol. 12 No. 3 2021 pp. 1-10", 72, 52)
    layout = analyze_page(reseq(head + issue + column(prose("T", 40), 72, 76)), 612, 792)
    assert [(b.band, b.lines[0].text[:8]) for b in layout.blocks[:2]] == [
        (TOP_EDGE_BAND, "MNRAS gu"), (TOP_EDGE_BAND, "Vol. 12 ")]
    # Under the running head, a caption in small type over a table at the top of the page stays
    # a candidate for the page's edge, as before.
    layout = analyze_page(reseq(head + caption + column(prose("T", 40), 72, 96)), 612, 792)
    assert [(b.band, b.lines[0].text[:8]) for b in layout.blocks[:3]] == [
        (TOP_EDGE_BAND, "MNRAS gu"), (TOP_EDGE_BAND, "Table 1."), (TOP_EDGE_BAND, "used in ")]


def test_headings_opening_both_columns_under_the_running_head_are_read_in_their_columns():
    # mnras_guide's page 2: a section heading in small capitals opens each column right under
    # the running head, space above and below them. The row was taken for a header candidate
    # and read across the gutter ("3 PREPARING AND SUBMITTING A PAPER 5.1 Title"); it parts
    # where the columns do.
    head = small_line("MNRAS guide for authors 3", 420, 30, size=10)
    left, right = column(prose("L", 30), 72, 72), column(prose("R", 30), 320, 72)
    body = (small_line("3 PREPARING AND SUBMITTING A PAPER", 72, 52, size=8.8) + left
            + small_line("5.1 Title", 320, 52, size=8.8) + right)
    for words in (head + body, shuffled(head + body)):
        text = text_of(words)
        assert "A PAPER 5.1" not in text
        assert_in_order(text, "PREPARING AND SUBMITTING A PAPER", "L0", "L29", "5.1 Title", "R0", "R29")
    # A second header line whose parts stand where the columns' edges do not (the issue at the
    # left margin, its pages set flush right) stays a candidate for the page's edge.
    issue = line_words("Vol. 12 No. 3 2021", 72, 52) + line_words("pp. 1-10", 500, 52)
    layout = analyze_page(reseq(head + issue + left + right), 612, 792)
    assert [(b.band, b.lines[0].text[:8]) for b in layout.blocks[:2]] == [
        (TOP_EDGE_BAND, "MNRAS gu"), (TOP_EDGE_BAND, "Vol. 12 ")]


def test_a_photo_s_credit_up_its_edge_beside_a_column_is_set_apart_an_axis_title_beside_its_ticks_is_not():
    # PDFUA-Ref-2-08's box: the credit up a photo's left edge, 8 points right of a column's
    # narrow lines, the photo (no text) on its right and the box's other column beyond. Held in
    # the rows, it cut the column where its box ended; it is placed once the page is cut.
    s = LayoutSettings()
    lines = column(prose("L", 12, width=120), 36, 302)
    beyond = column(prose("R", 12, width=115), 423, 302)
    credit = Word(167, 343, 174, 439, "Smiley N. Pool/Dallas Morning News/Corbis")
    def apart(words: list[Word]) -> list[Word]:
        return sideways_apart(words, sideways_words(words, s), 10, s)

    assert apart(lines + beyond + [credit]) == [credit]
    # Without text beyond the empty side (the page's margin) it keeps its place, as does an
    # axis title set against a chart's tick labels, figures, with the chart beside it beyond.
    assert apart(lines + [credit]) == []
    ticks = [w for k in range(8) for w in line_words(f"{10 * k}", 150, 302 + 15 * k)]
    title = Word(167, 330, 174, 420, "Accuracy of the probe")
    assert apart(ticks + beyond + [title]) == []


def test_a_heading_level_with_a_chart_s_top_labels_opens_its_column():
    # hotos17's first page: under the title block, "Abstract" opens the left column on the row
    # of the top tick labels of a chart atop the right column ("10,000", "2.5"). The row was
    # read with the title block, the labels after the heading; it parts where the columns do.
    title = line_words("Hardware is the new software", 200, 102) + line_words("Andrew Baumann, Research", 213, 135)
    ticks = [small_line(text, x, y) for text, x, y in (("10,000", 321, 171), ("2.5", 514, 171), ("1,000", 325, 199),
                                                       ("2", 514, 193), ("1.5", 514, 230), ("100", 330, 276))]
    chart = [w for labels in ticks for w in labels] + small_line("Words in architecture manual", 360, 310)
    body = small_line("Abstract", 72, 172, size=12.7) + column(prose("L", 40), 72, 197) + chart
    body += column(prose("R", 30), 320, 340)
    for words in (title + body, shuffled(title + body)):
        text = text_of(words)
        assert text[text.index("Abstract") + len("Abstract"): text.index("L0")].strip() == ""
        assert_in_order(text, "Hardware", "Baumann", "Abstract", "L0", "L39", "10,000", "Words in", "R0", "R29")


def test_a_page_ends_open_past_a_caption_or_footnote_not_past_large_type():
    paragraph = _open_paragraph()
    for foot, open_ in ((_block("Fig. 2. Yields of the plots.", 700, 10), True),
                        (_block("1 This work was funded by a grant.", 720, 7), True),
                        (_block("A pull quote set large.", 700, 16), False)):
        assert ends_open(PageLayout(612, 792, [paragraph, foot]), 10, LayoutSettings()) is open_


def test_a_page_ends_open_past_notes_a_little_smaller_than_the_body_opening_with_their_marks():
    # demo-issue-340 (APS): the authors' notes at the left column's foot, in 9 pt type under 10 pt
    # text (within float_size_change of the body: no float by size), each opening with its mark,
    # which the text layer joins to the first word ("*Contact"). Notes all the same: the page's
    # last paragraph, "... can be further", leaves its sentence open for the next page. A line in
    # that type without a mark is no note, nor are notes in the body's own type.
    paragraph = _open_paragraph()
    notes = Block([Line(small_line("*Contact author: shen@example.com", 72, 720, 9.1)),
                   Line(small_line("\u2020Contact author: kang@example.com", 72, 731, 9.1))])
    assert ends_open(PageLayout(612, 792, [paragraph, notes]), 10, LayoutSettings())
    plain = _block("Contact the authors at their addresses.", 720, 9.1)
    assert not ends_open(PageLayout(612, 792, [paragraph, plain]), 10, LayoutSettings())
    body_type = Block([Line(small_line("*Contact author: shen@example.com", 72, 720, 10))])
    assert not ends_open(PageLayout(612, 792, [paragraph, body_type]), 10, LayoutSettings())


def test_a_page_whose_last_sentence_ends_before_a_raised_footnote_number_ends_closed():
    # "... Egger's tests." and the footnote's number set raised in small type, a word apart: the
    # sentence ends there, so the caption at the foot stays after it. On the baseline, in the
    # body's type, the number is the sentence's own ("... in the years 19 / 20").
    caption = _block("Fig. 2. Yields of the plots.", 700, 10)
    for raised, open_ in ((True, False), (False, True)):
        words = line_words("bias was assessed by the Egger tests.", 72, 100)
        mark = (Word(words[-1].x1 + 2, 99, words[-1].x1 + 8, 105, "24") if raised
                else Word(words[-1].x1 + 3, 100, words[-1].x1 + 13, 110, "24"))
        paragraph = Block([Line(line_words("Publication bias and the heterogeneity of the trials", 72, 100 - PITCH)),
                           Line(words + [mark])])
        assert ends_open(PageLayout(612, 792, [paragraph, caption]), 10, LayoutSettings()) is open_


def _page_left_open(words: list[Word]) -> str:
    """The text of a page whose last sentence goes on on the next page, as the loader reads it."""
    layout = analyze_page(reseq(words), 612, 792)
    mark_furniture([layout])
    s = LayoutSettings()
    body_h = body_height(layout)
    assert ends_open(layout, body_h, s)
    floats_before_open_end(layout, body_h, s)
    return page_text(layout, s)[0]


def test_a_caption_under_a_page_s_open_last_sentence_goes_before_its_section():
    # The page's last sentence runs on to the next page: the figure's caption at the foot would
    # part its halves, so it goes before the paragraph, and before the heading that opens it.
    first = column(prose("A", 8) + ["and here the first section ends."], 72, 100)
    heading = small_line("2 Method", 72, 100 + 10.5 * PITCH, size=13.0)
    last = column(["The method reads each page of the corpus in turn and",
                   "then it carries the open sentence on to the"], 72, 100 + 12 * PITCH)
    caption = small_line("Figure 3: Pages read by the method.", 72, 700)
    for words in (first + heading + last + caption, shuffled(first + heading + last + caption)):
        text = _page_left_open(words)
        assert_in_order(text, "first section ends.", "Figure 3:", "2 Method", "The method reads")
        assert text.endswith("open sentence on to the")


def test_a_caption_under_a_sentence_carried_from_the_column_before_goes_before_its_paragraph():
    # The open paragraph at the right column's foot carries on the left column's last one: the
    # caption goes before the paragraph that opens the sentence, in the left column.
    left = (column(prose("L", 14) + ["and here the section ends."], 72, 100)
            + column(["The next paragraph opens and runs on to the"], 72, 100 + 16 * PITCH))
    right = column(["foot of the left column where it goes"] + prose("R", 12) + ["and it goes on past the"],
                   320, 100)
    caption = small_line("Fig. 4. The corpus by year.", 320, 100 + 16 * PITCH)
    for words in (left + right + caption, shuffled(left + right + caption)):
        text = _page_left_open(words)
        assert_in_order(text, "section ends.", "Fig. 4.", "The next paragraph", "foot of the left column")
        assert text.endswith("goes on past the")


def _lines_block(words: list[Word]) -> Block:
    """The words as one block, a line per baseline."""
    rows: dict[float, list[Word]] = {}
    for w in words:
        rows.setdefault(w.y0, []).append(w)
    return Block([Line(sorted(rows[y], key=lambda w: w.x0)) for y in sorted(rows)])


def test_a_paragraph_opens_inside_a_block_after_a_short_closing_line_or_at_a_first_line_indent():
    s = LayoutSettings()
    # Justified lines: "... ends here." short of the edge, then a capital: a new paragraph.
    short = (column(["The first paragraph runs on across the", "whole column and ends here."], 72, 100, width=230)
             + column(["The second paragraph opens flush left", "and runs on to the end of the"], 72,
                      100 + 2 * PITCH, width=230))
    assert paragraph_starts(_lines_block(short), 10, s) == [2]
    # A sentence that ends where a full line does, the next line flush left: the same paragraph.
    full = column(["The first paragraph runs on across the", "whole column and it ends right at the edge.",
                   "The same paragraph goes on flush left", "and runs on to the end of the"], 72, 100, width=230)
    assert paragraph_starts(_lines_block(full), 10, s) == []
    # ...unless the next line is set in: a first-line indent.
    indented = full[:-15] + [Word(w.x0 + 12, w.y0, w.x1 + 12, w.y1, w.text) for w in full[-15:-8]] + full[-8:]
    assert [w.text for w in full[-15:-8]][0] == "The"
    assert paragraph_starts(_lines_block(indented), 10, s) == [2]
    # Text set ragged right: a line short of the edge after a stop is no paragraph's end.
    ragged = column(["The first line of the paragraph runs on", "to a short line.", "Then a sentence follows",
                     "on a line as long as the first one is", "and it runs on to the end of the"], 72, 100)
    assert paragraph_starts(_lines_block(ragged), 10, s) == []


def test_a_caption_under_a_page_s_open_last_sentence_goes_between_the_paragraphs_of_its_block():
    # The page's last block holds two paragraphs, set without space between them: the caption
    # at the foot goes before the second, whose sentence runs on to the next page, not before
    # the whole block (which carries on the sentence of the paragraph above it).
    first = column(prose("A", 8) + ["and here the first paragraph runs on to the"], 72, 100, width=220)
    block = column(["foot of the column, where it ends at last.", "Here the block goes on with its own",
                    "sentences, one after another, and ends.", "The method reads each page of the corpus",
                    "in turn and then it carries the open", "sentence on to the"], 72, 100 + 10 * PITCH, width=220)
    block = [Word(w.x0 + 12, w.y0, w.x1 + 12, w.y1, w.text) if abs(w.y0 - (100 + 13 * PITCH)) < 1 else w
             for w in block]  # the second paragraph's first line set in
    caption = small_line("Figure 3: Pages read by the method.", 72, 700)
    for words in (first + block + caption, shuffled(first + block + caption)):
        text = _page_left_open(words)
        assert_in_order(text, "runs on to the", "foot of the column", "and ends.", "Figure 3:", "The method reads")
        assert text.rstrip().endswith("sentence on to the")


def test_a_chart_s_labels_over_a_caption_under_a_page_s_open_last_sentence_go_with_the_caption():
    # A chart's ticks and axis title in the body's type over its caption at the page's foot:
    # the page still ends open, and the labels move with the caption, before the open paragraph.
    first = column(prose("A", 8) + ["and here the first section ends."], 72, 100)
    last = column(["The method reads each page of the corpus in turn and",
                   "then it carries the open sentence on to the"], 72, 100 + 10 * PITCH)
    ticks = [w for k, tick in enumerate(["100", "50", "0"]) for w in line_words(tick, 80, 500 + 3 * k * PITCH)]
    labels = ticks + line_words("Time of the day (h)", 120, 500 + 8 * PITCH)
    caption = small_line("Figure 3: Pages read by the method.", 72, 700)
    for words in (first + last + labels + caption, shuffled(first + last + labels + caption)):
        text = _page_left_open(words)
        assert_in_order(text, "first section ends.", "100", "Time of the day", "Figure 3:", "The method reads")
        assert text.endswith("open sentence on to the")


def test_a_tick_read_in_one_line_with_a_legend_s_entry_is_a_chart_label_not_a_section_heading():
    # A chart at the page's foot, under its open last paragraph: the tick "0.3" and the legend's
    # entry "PFOS" far to its right share a baseline and read as one line taken for a heading.
    # It opens like "0.3 Results", but a section's number stands a word space from its title:
    # the line is the chart's, and moves with its ticks and caption before the open paragraph.
    # A numbered heading set so ("0.3 Results") stops the floats there, as before.
    s = LayoutSettings()
    done = Block([Line(line_words(text, 72, 100 + k * PITCH)) for k, text in
                  enumerate(["The corpus was read page by page in turn", "and here the first section ends."])])
    open_ = Block([Line(line_words(text, 72, 100 + (3 + k) * PITCH)) for k, text in
                   enumerate(["The method reads each page of the corpus and", "then it carries the open sentence on to the"])])
    ticks = Block([Line(line_words(tick, 80, 500 + k * PITCH)) for k, tick in enumerate(["0.9", "0.6"])])
    caption = _block("Fig. 6. Effect of pH on the adsorption of both acids.", 700, 9.2)
    y = 500 + 2 * PITCH
    for title, x, chart in (("PFOS", 190, True), ("Results", 80 + 3 * CHAR_W + SPACE, False)):
        label = Block([Line(small_line("0.3", 80, y, 10) + small_line(title, x, y, 10))], kind=HEADING)
        layout = PageLayout(612, 792, [done, open_, ticks, label, caption])
        floats_before_open_end(layout, 10, s)
        text = page_text(layout, s)[0]
        if chart:
            assert_in_order(text, "section ends.", "0.9", "0.3 PFOS", "Fig. 6.", "The method reads")
            assert text.rstrip().endswith("open sentence on to the")
        else:
            assert_in_order(text, "section ends.", "The method reads", "on to the", "0.3 Results")


def test_a_numbered_equation_over_a_caption_is_no_chart_label_and_stays_after_its_sentence():
    first = column(prose("A", 8) + ["and here the first section ends."], 72, 100)
    last = column(["The method reads each page of the corpus in turn and",
                   "it counts its words by the rule"], 72, 100 + 10 * PITCH)
    equation = line_words("n = w + 1 (3)", 200, 100 + 13 * PITCH)
    caption = small_line("Figure 3: Pages read by the method.", 72, 700)
    layout = analyze_page(reseq(first + last + equation + caption), 612, 792)
    assert not ends_open(layout, body_height(layout), LayoutSettings())
    floats_before_open_end(layout, body_height(layout), LayoutSettings())
    assert_in_order(page_text(layout, LayoutSettings())[0], "first section ends.", "by the rule", "n = w + 1 (3)",
                    "Figure 3:")


@pytest.mark.parametrize("foot", ["1 This work was funded by a grant of the agency.", "print(add(3, 5))"])
def test_a_footnote_or_a_listing_under_a_page_s_open_last_sentence_stays_after_it(foot):
    # Code the sentence introduces ("... as in the example below" / the code) sits as far under
    # it as a footnote: neither moves (only captions and tables do).
    first = column(prose("A", 8) + ["and here the first section ends."], 72, 100)
    last = column(["The helper is called by every test of the suite,",
                   "as in the example shown below"], 72, 100 + 10 * PITCH)
    text = _page_left_open(first + last + small_line(foot, 72, 100 + 12.5 * PITCH))
    assert_in_order(text, "first section ends.", "The helper is called", foot)


def test_a_table_inside_a_paragraph_of_one_column_goes_after_it():
    top = column(prose("A", 6) + ["as the figures in the table show, the"], 72, 100)
    table = [w for k, row in enumerate(["Table 2: Results per site", "site alpha 10 20", "site beta 30 40"])
             for w in small_line(row, 72, 100 + (8 + 1.5 * k) * PITCH)]
    bottom = column(["yield grew each year.", "Later the yield fell again."], 72, 100 + 14 * PITCH)
    text = text_of(top + table + bottom)
    assert "show, the\nyield grew each year." in text.replace("\n\n", "\n")
    assert text.index("fell again.") < text.index("Table 2:")


def test_a_sentence_s_last_words_alone_on_a_line_under_a_figure_carry_it_on():
    # cabrejas_itsc21: the left column leaves "... restricted to what can be obtained" open; the
    # right column opens with a figure's caption, then "from the sensors." alone on its line,
    # then a section's heading. That one short line in lower case that closes the sentence is
    # the sentence's end: the caption goes after it.
    left = column(prose("L", 18) + ["is restricted to what can be obtained"], 72, 100)
    caption = small_line("Fig. 1. Study junction model in the simulator.", 320, 100)
    rest = column(["from the sensors."], 320, 100 + 3 * PITCH)
    heading = small_line("C. State Representation", 320, 100 + 5 * PITCH, size=12)
    right = column(prose("R", 14), 320, 100 + 7 * PITCH)
    for words in (left + caption + rest + heading + right, shuffled(left + caption + rest + heading + right)):
        text = text_of(words)
        assert "can be obtained\nfrom the sensors." in text.replace("\n\n", "\n")
        assert_in_order(text, "from the sensors.", "Fig. 1.", "C. State", "R0")


def test_a_table_inside_a_paragraph_goes_after_it_not_after_the_next_one_in_its_block():
    # The paragraph that carries the sentence on under the table ends, and the next opens at a
    # first-line indent in the same block: the table goes between them.
    top = column(prose("A", 6) + ["as the figures in the table show, the"], 72, 100)
    table = [w for k, row in enumerate(["Table 2: Results per site", "site alpha 10 20", "site beta 30 40"])
             for w in small_line(row, 72, 100 + (8 + 1.5 * k) * PITCH)]
    bottom = column(["yield grew each year across the sites.", "Later the yield fell again at every",
                     "site, and the study ended in the spring."], 72, 100 + 14 * PITCH, width=220)
    bottom = [Word(w.x0 + 12, w.y0, w.x1 + 12, w.y1, w.text) if abs(w.y0 - (100 + 15 * PITCH)) < 1 else w
              for w in bottom]  # the next paragraph's first line set in
    for words in (top + table + bottom, shuffled(top + table + bottom)):
        text = text_of(words)
        assert "show, the\nyield grew each year" in text.replace("\n\n", "\n")
        assert_in_order(text, "across the sites.", "Table 2:", "Later the yield fell")


def test_a_captions_second_line_is_not_taken_for_the_sentence_a_column_leaves_open():
    # The left column's sentence goes on in the right column under a table's caption, whose
    # first line runs full width and breaks a word ("asso-" / "ciated"): its second line opens in
    # lower case like the sentence's rest, but it is the caption's, set in the caption's type.
    left = column(prose("L", 18) + ["and the sentence runs on past the"], 72, 100)
    caption = (small_line("TABLE IV: Configuration space of the hyperparameters asso-", 320, 100, size=10.0)
               + small_line("ciated with the algorithms of the system.", 320, 118, size=10.0))
    rows = [w for k, row in enumerate(["KNN k 1 to 100", "AB estimators 2 to 500"])
            for w in small_line(row, 330, 100 + (2.5 + k) * PITCH)]
    right = column(["table below, where it ends today."] + prose("R", 14), 320, 100 + 6 * PITCH)
    assert_reads_on(left + caption + rows + right, "past the\ntable below, where", "ends today.", "TABLE IV")
    text = " ".join(text_of(left + caption + rows + right).split())
    assert "hyperparameters associated with the algorithms" in text and text.index("algorithms") < text.index("KNN")


def test_a_caption_is_never_joined_to_the_body_text_under_it():
    body = column(prose("B", 6), 72, 100)
    # Captions are often set only a little smaller (8 pt under 10 pt), close above the text.
    caption = small_line("Fig. 1. System setup for real tests.", 120, 100 + 7 * PITCH, size=8.0)
    below = column(["When devices arrive at the workstation, the test runs."] + prose("C", 5),
                   72, 100 + 7 * PITCH + 8.0 + 3)
    blocks = blocks_of(body + caption + below)
    assert "Fig. 1. System setup for real tests." in blocks
    assert not any("real tests." in b and "When devices" in b for b in blocks)


def test_a_listing_inside_a_sentence_keeps_its_lines_in_order_after_the_paragraph():
    before = column(prose("P", 5) + ["and the helper below is what we"], 72, 100)
    code = ["Listing 1: The helper", "def add(a, b):", "    return a + b", "print(add(3, 5))"]
    listing = [w for k, row in enumerate(code) for w in small_line(row, 90, 100 + (7 + 1.2 * k) * PITCH)]
    after = column(["call from every test of the suite."], 72, 100 + 13 * PITCH)
    for words in (before + listing + after, shuffled(before + listing + after)):
        text = text_of(words)
        assert "what we\ncall from every test" in text.replace("\n\n", "\n")
        assert text.index("suite.") < text.index("Listing 1:")
        lines = text.split("\n")
        at = lines.index("def add(a, b):")
        assert lines[at + 1: at + 3] == ["return a + b", "print(add(3, 5))"]


def centred(lines: list[str], centre: float, y: float) -> list[Word]:
    out = []
    for k, text in enumerate(lines):
        width = CHAR_W * len(text.replace(" ", "")) + SPACE * (len(text.split()) - 1)
        out += line_words(text, centre - width / 2, y + k * PITCH)
    return out


def real_like_page() -> list[Word]:
    """A paper's first page: a title, two author blocks over two justified columns, a footnote
    inside a sentence that runs on into the right column."""
    title = centred(["A Study of Reading Order"], 306, 60)
    first = centred(["Ada Author", "Department of Reading", "ada@example.org"], 189, 100)
    second = centred(["Bo Writer", "Institute of Layout", "bo@example.org"], 423, 100)
    left = column(prose("L", 16) + ["and the sentence runs on past the"], 72, 190)
    note = small_line("1 This work was funded by a grant.", 72, 190 + 19 * PITCH)
    right = column(["second column where it ends today."] + prose("R", 16), 318, 190)
    return title + first + second + left + note + right


def test_a_title_block_of_authors_side_by_side_is_read_before_the_columns():
    text = text_of(shuffled(real_like_page()))
    assert_in_order(text, "A Study", "Ada Author", "ada@example.org", "Bo Writer", "bo@example.org", "L0 ", "past the",
                    "second column", "R0 ")


def test_the_scrambled_twin_of_a_real_like_page_reads_the_same():
    page = real_like_page()
    native = text_of(page)
    for seed in range(3):
        assert text_of(shuffled(page, seed)) == native
    rowmajor = sorted(page, key=lambda w: (round(w.y0), w.x0))
    assert text_of(rowmajor) == native


def test_an_affiliation_that_nearly_meets_its_neighbour_still_splits_the_author_block():
    # The first author's long affiliation leaves only a word space and a half before the
    # second's: no strip of the width the title block needs, but each half is centred where the
    # lines below it are, so the block still splits there (before, both names and both
    # affiliations were read across, scrambled).
    title = centred(["A Study of Reading Order"], 306, 60)
    first = centred(["Ada Author", "School of Mathematics and Systems Engineering", "Vaxjo University",
                     "ada@example.org"], 190, 100)
    second = centred(["Bo Writer", "Language Technologies Institute", "Mellon University",
                      "bo@example.org"], 377.25, 100)
    left = column(prose("L", 16), 72, 190)
    right = column(prose("R", 16), 318, 190)
    gap = min(w.x0 for w in second if w.y0 == 100 + PITCH) - max(w.x1 for w in first if w.y0 == 100 + PITCH)
    assert SPACE < gap < 2 * 4.0  # narrower than the tie gutter (tie_gutter x min_gutter)
    page = title + first + second + left + right
    for words in (page, shuffled(page)):
        text = text_of(words)
        assert_in_order(text, "Ada Author", "School of", "ada@example.org", "Bo Writer", "Language Technologies",
                        "bo@example.org", "L0 ", "R0 ")


def test_a_row_of_four_author_blocks_whose_affiliations_nearly_touch_reads_block_by_block():
    # An IEEE grid of four authors: the name, city and e-mail rows leave wide strips between the
    # blocks, the affiliation row only a little more than a word space (too short and too narrow
    # a strip for the guards, and too narrow for the drawing order's tie). Each side is centred.
    title = centred(["Diffusion on a Social Network"], 306, 60)
    # (The second affiliation runs across the columns' gutter: the grid is no head of the columns.)
    blocks = [(["Ada Author", "Nat. Institute of Informatics", "Tokyo, Japan", "ada@example.org"], 120),
              (["Bo Writer", "National Univ. of Singapore", "Singapore", "bo@example.org"], 258),
              (["Cy Reader", "The University of Tokyo", "Tokyo, Japan", "cy@example.org"], 380),
              (["Di Editor", "Institute of Science", "Tokyo, Japan", "di@example.org"], 500)]
    grid = [centred(lines, x, 100) for lines, x in blocks]
    affiliations = [[w for w in block if w.y0 == 100 + PITCH] for block in grid]
    gaps = [b[0].x0 - a[-1].x1 for a, b in zip(affiliations, affiliations[1:])]
    assert 1.3 * SPACE < min(gaps) < 2 * 4.0  # under the tie gutter (tie_gutter x min_gutter)
    left = column(prose("L", 16), 72, 170)
    right = column(prose("R", 16), 318, 170)
    page = title + [w for block in grid for w in block] + left + right
    for words in (page, shuffled(page), sorted(page, key=lambda w: (round(w.y0), w.x0))):
        text = text_of(words)
        assert_in_order(text, "Ada Author", "Nat. Institute of Informatics", "ada@example.org", "Bo Writer",
                        "National Univ. of Singapore", "bo@example.org", "Cy Reader", "The University of Tokyo",
                        "cy@example.org", "Di Editor", "Institute of Science", "di@example.org", "L0 ", "R0 ")


def flush_left_authors() -> list[Word]:
    """Two rows of author blocks flush left in two columns, a blank line between the rows."""
    blocks = [(["First Author", "University of Author", "Authortown, CA 94022, USA", "first@example.edu"], 72, 100),
              (["Second Author", "Authoring Holdings, Ltd.", "Awdur SA22 8PP, UK", "second@example.uk"], 320, 100),
              (["Third Author", "Lekhaka Labs", "Bengaluru 560 080, India", "third@example.com"], 72, 100 + 5 * PITCH),
              (["Fourth Author", "YetAuthorCo, Inc.", "Authortown, BC V6M Canada", "fourth@example.com"], 320,
               100 + 5 * PITCH)]
    return [w for lines, x, y in blocks for w in column(lines, x, y)]


def test_rows_of_author_blocks_flush_left_are_read_row_by_row():
    page = flush_left_authors() + column(prose("L", 12, width=460), 72, 100 + 11 * PITCH)
    for words in (page, shuffled(page), shuffled(page, 5)):
        text = text_of(words)
        assert_in_order(text, "First Author", "first@example.edu", "Second Author", "second@example.uk",
                        "Third Author", "third@example.com", "Fourth Author", "L0 ")


@pytest.mark.parametrize("above, below, gap", [(3, 3, 4), (4, 6, 8)])
def test_a_blank_across_two_columns_of_prose_does_not_cut_them(above: int, below: int, gap: int):
    # Two blank lines across both columns close together (short paragraphs: no grid of author
    # blocks, whose lines are a few words), or one wide blank (a figure beside a figure) under
    # which the columns run on without titles: one band, each column read to its end.
    left = column(prose("L", above), 72, 100) + column(prose("M", below), 72, 100 + gap * PITCH)
    right = column(prose("R", above), 318, 100) + column(prose("S", below), 318, 100 + gap * PITCH)
    if above == 3:  # and a third paragraph in each column, after another blank across both
        left += column(prose("N", 3), 72, 100 + 8 * PITCH)
        right += column(prose("T", 3), 318, 100 + 8 * PITCH)
    text = text_of(shuffled(left + right))
    assert text.index(f"M{below - 1} ") < text.index("R0 ")


def test_boxes_side_by_side_then_the_next_boxes_are_read_box_by_box():
    # A report's page: two boxes of figures side by side, a wide blank, then two titled sections
    # side by side. Scrambled, nothing but geometry says the upper boxes come first.
    upper = column(["Gender share", "Overall 53%", "Directors 48%"], 72, 100) + column(
        ["Ethnic share", "Overall 34%", "Directors 30%"], 320, 100)
    lower = column(["Recognition"] + prose("L", 6), 72, 100 + 8 * PITCH) + column(
        ["Pay equity"] + prose("R", 6), 320, 100 + 8 * PITCH)
    for words in (shuffled(upper + lower), shuffled(upper + lower, 5)):
        text = text_of(words)
        assert_in_order(text, "Gender share", "Directors 48%", "Ethnic share", "Directors 30%", "Recognition", "L5 ",
                        "Pay equity", "R0 ")


def test_a_pull_quote_in_large_type_stays_whole_in_its_column():
    # Three lines in 24-point type, beside a blank in the other column: each sits a tall line
    # from the next, which must not set it apart as a headline between two bands (the band
    # was cut inside the quote, and the other column's box read into the middle of it).
    big = 24.0
    quote = [w for k, t in enumerate(["Q0 In 2023 we", "Q1 invested more", "Q2 to train staff."])
             for w in small_line(t, 72, 100 + 8 * PITCH + k * (big + 2), size=big)]
    left = column(prose("L", 8), 72, 100) + quote + column(prose("M", 10), 72, 100 + 8 * PITCH + 3 * (big + 2) + 6)
    right = (column(["B0 72% of employees", "B1 took our training", "B2 last year, up", "B3 from 40% in 2022"],
                    320, 100 + 2 * PITCH)
             + column(["Compensation"] + prose("R", 14), 320, 100 + 8 * PITCH + 2 * (big + 2)))
    for words in (left + right, shuffled(left + right)):
        text = text_of(words)
        assert_in_order(text, "L0 ", "Q0 ", "Q1 ", "Q2 ", "M0 ", "M9 ")
        assert not any(text.index("Q0 ") < text.index(t) < text.index("Q2 ") for t in ("B0 ", "Compensation"))


def test_a_listing_line_overhanging_into_the_gutter_does_not_cut_the_columns():
    # A typewriter line runs from its column's edge into the gutter, with blank beside it in the
    # other column: the columns go on past it (it used to end the left column's band there).
    listing = line_words("L5a dvips -Ppdf -tletter -G0 -o paper.ps paper.dvi 12", 72, 100 + 5 * PITCH)
    assert 318 - 4.0 < listing[-1].x1 < 318  # less than min_gutter left of the strip
    left = column(prose("L", 5), 72, 100) + listing + column(prose("M", 12), 72, 100 + 6 * PITCH)
    right = column(prose("R", 5), 318, 100) + column(prose("S", 12), 318, 100 + 6 * PITCH)
    text = text_of(shuffled(left + right))
    assert_in_order(text, "L0 ", "L5a ", "M0 ", "M11 ", "R0 ", "S0 ")


def test_author_blocks_close_over_the_columns_are_read_before_them():
    # Three centred lines a side, only half a line of space above the columns: the gutter runs
    # up through them, yet they are a title block, not each column's first lines.
    first = centred(["Ada Author", "Department of Reading", "ada@example.org"], 182, 100)
    second = centred(["Bo Writer", "Institute of Layout", "bo@example.org"], 428, 100)
    left = column(prose("L", 16), 72, 100 + 3 * PITCH + 6)
    right = column(prose("R", 16), 318, 100 + 3 * PITCH + 6)
    page = first + second + left + right
    for words in (shuffled(page), shuffled(page, 5)):
        text = text_of(words)
        assert_in_order(text, "Ada Author", "ada@example.org", "Bo Writer", "bo@example.org", "L0 ", "L15 ", "R0 ")


def test_a_page_number_under_a_short_column_does_not_cut_off_the_long_columns_tail():
    # The left column runs on below the right one in spaced list items; a page number sits
    # under the right column. One row of text beyond a spaced item is no band resuming there:
    # the items are the left column's tail, not headlines over a band of their own.
    left = column(prose("L", 14), 72, 100) + [
        w for k in range(4) for w in line_words(f"T{k} Item number {k} of the outline", 90, 100 + (15 + 2 * k) * PITCH)]
    right = column(prose("R", 12), 318, 100)
    number = line_words("4", 530, 100 + 22 * PITCH)
    for words in (shuffled(left + right + number), shuffled(left + right + number, 5)):
        text = text_of(words)
        assert_in_order(text, "L0 ", "L13 ", "T0 ", "T3 ", "R0 ", "R11 ")


def contents_line(title: str, page: str, y: float) -> list[Word]:
    """A contents entry with dot leaders the way LaTeX sets them: the dots on a grid shared by
    every entry (their gaps line up from row to row), the page number flush right at 280."""
    words = line_words(title, 72, y)
    x = 8.0 * (int(words[-1].x1 // 8.0) + 2)
    while x < 262:
        words.append(Word(x, y, x + 2, y + 10, "."))
        x += 8.0
    return words + line_words(page, 275, y)


def test_the_dots_of_a_contents_list_are_no_gutter():
    entries = [("2.1 Mathematics", "1"), ("2.2 Lists", "1"), ("2.3 Figures and Tables", "2"),
               ("2.4 Theorems", "2"), ("2.5 Verbatim", "2")]
    toc = [w for k, (title, page) in enumerate(entries) for w in contents_line(title, page, 100 + k * PITCH)]
    right = column(prose("R", 8), 318, 100)
    for words in (toc + right, shuffled(toc + right)):
        lines = text_of(words).split("\n")
        for title, page in entries:
            line = next(line for line in lines if line.startswith(title))
            assert line == f"{title} … {page}"  # (its leader one ellipsis: leaders.py)


def test_a_heading_over_each_column_opens_that_column():
    # AISTATS' first page: "Abstract" centred over the left column and "2 FIRST LEVEL HEADINGS"
    # flush over the right one, in 12-point type on one row a heading's space above the columns.
    # On the scrambled twin the strip the sweep found started under them (a strip from the
    # author line above ran into their gap and kept it), and they were read across as one line.
    from columnrag.loaders.engine.gutters import Gutter, _validate
    from columnrag.loaders.engine.rows import make_rows

    heads = small_line("Abstract", 154, 201, size=12) + small_line("2 FIRST LEVEL HEADINGS", 315, 201, size=12)
    left = column(prose("L", 14, width=190), 83, 233)
    right = column(prose("R", 14, width=210), 315, 233)
    s = LayoutSettings()
    rows = make_rows(heads + left + right, s.row_overlap)
    assert " ".join(w.text for w in rows[0].words) == "Abstract 2 FIRST LEVEL HEADINGS"
    n = len(rows)
    strip = Gutter(280, 315, 1, n - 1, list(range(1, n)), list(range(1, n)))
    assert _validate(rows, strip, s).first == 0
    # The same row in body type, or with a word across the strip, is no pair of headings.
    plain = small_line("Abstract", 154, 201, size=10) + small_line("2 FIRST LEVEL HEADINGS", 315, 201, size=10)
    rows = make_rows(plain + left + right, s.row_overlap)
    assert _validate(rows, strip, s).first == 1
    across = heads + small_line("and", 283, 201, size=12)
    rows = make_rows(across + left + right, s.row_overlap)
    assert _validate(rows, strip, s).first == 1


def page_top_heading_over_the_right_column(right_first: str) -> list[Word]:
    """IEEE's last page: a figure with no text tops the left column (its caption under it), and
    a section heading tops the right one alone, set apart at the page's top edge."""
    heading = small_line("VI. CONCLUSION AND PERSPECTIVES", 360, 50, size=11)
    caption = small_line("Fig. 10. Tweets needed for one chain of a given length.", 72, 200)
    left = column(prose("L", 20) + ["and so the study ends here."], 72, 230)
    right = column([right_first] + prose("R", 20), 320, 80)
    return heading + caption + left + right


def test_a_heading_at_the_page_top_over_the_right_column_opens_that_column():
    words = page_top_heading_over_the_right_column("In this paper we have shown how chains grow.")
    for order in (words, shuffled(words)):
        text = text_of(order)
        assert_in_order(text, "L0", "study ends here.", "VI. CONCLUSION AND PERSPECTIVES", "In this paper", "R0")
    # A right column that carries on the left one's sentence starts no section: the line over it
    # stays where the page's top puts it.
    text = text_of(page_top_heading_over_the_right_column("and the chain grows on in this column."))
    assert_in_order(text, "VI. CONCLUSION AND PERSPECTIVES", "L0", "study ends here.", "and the chain grows")



def figure_beside_a_column_top_over_references() -> list[Word]:
    """ICC's last page: a figure's labels top the left column over its body text, whose last
    sentence runs on at the right column's top; a section heading set apart, centred in the right
    column, follows, then references whose hanging indent is the right column's commonest edge."""
    labels = (small_line("mA", 170, 76, size=6) + small_line("ma", 170, 82, size=6)
              + small_line("LAP(a)", 162, 88, size=6) + small_line("User Device Gateway", 83, 128, size=6))
    caption = small_line("Fig. 7. The network model in the cafe", 95, 160)
    left = column(prose("L", 38, width=240) + ["so we assume that an access point can be"], 49, 240)
    top = column(["judged whether it is a relay or not on the basis of", "this idea, which we plan to study",
                  "in the future with the signal", "strength value."], 314, 52)
    heading = small_line("VI. CONCLUSION", 401, 118, size=8)
    conclusion = column(prose("C", 6, width=240), 314, 134)
    refs: list[Word] = []
    for r in range(10):
        y = 214 + r * 4 * PITCH
        refs += line_words(f"[{r + 1}] A. Author and B. Author, a title", 314, y)
        refs += column([f"N{r}a of a paper", f"N{r}b in a journal", f"N{r}c pages 1-9."], 332, y + PITCH)
    return labels + caption + left + top + heading + conclusion + refs


def test_a_column_s_top_lines_over_a_figure_beside_them_are_that_column_s():
    words = figure_beside_a_column_top_over_references()
    for order in (words, shuffled(words)):
        text = text_of(order)
        assert "access point can be\njudged whether" in text
        assert_in_order(text, "L0", "L37", "access point can be", "judged whether", "strength value.",
                        "VI. CONCLUSION", "C0", "[1] A. Author", "N9c")


def test_columns_over_references_in_smaller_type_are_two_bands():
    # REVTeX's last page: the conclusion balanced in two columns, a blank across both, then the
    # references in two columns of 9-point type under 10: the text, then the references.
    left = column(prose("L", 12, width=230), 60, 100)
    right = column(prose("R", 12, width=230), 320, 100)
    y = 100 + 12 * PITCH + 40
    refs = [w for k in range(24) for w in small_line(f"[{k + 1}] A. Author, Journal {k} (2014).", 60, y + k * 10.5, 9)]
    refs += [w for k in range(24) for w in small_line(f"[{k + 25}] B. Author, Letters {k} (2015).", 320, y + k * 10.5, 9)]
    words = left + right + refs
    for order in (words, shuffled(words)):
        assert_in_order(text_of(order), "L0", "L11", "R0", "R11", "[1] A.", "[24] A.", "[25] B.", "[48] B.")
    # In the body's type the columns run on past the blank (a figure beside a figure).
    same = column(prose("M", 24, width=230), 60, y) + column(prose("S", 24, width=230), 320, y)
    assert_in_order(text_of(shuffled(left + right + same)), "L0", "L11", "M0", "M23", "R0", "R11", "S0", "S23")


@pytest.mark.parametrize("size, space, below", [(20, 5.5, 32), (12, 5.0, 14)])
def test_a_heading_across_a_margin_column_and_the_text_reads_as_one_line(size, space, below):
    # A textbook's heading in large type runs from the margin (its glossary column) into the
    # text column; between two of its words the strip down the page narrows to a word space of
    # that type. That is one heading, not a heading over each column (nor, set close over the
    # text, the columns' first line).
    heading = small_line("Development of", 72, 200, size=size)
    heading += small_line("the Brain", heading[-1].x1 + space, 200, size=size)
    glossary = [w for k, text in enumerate(["brain growth spurt", "the period between the", "7th prenatal month",
                                            "and two years of age", "synapse", "the space between", "two nerve cells"])
                for w in small_line(text, 72, 200 + below + 8 + k * 10, size=8)]
    text = column(prose("T", 16, width=300), 216, 200 + below)
    for words in (heading + glossary + text, shuffled(heading + glossary + text)):
        assert "Development of the Brain" in text_of(words)


def statute_page(heading_at_notes: bool = False) -> tuple[list[Word], list[Word]]:
    """A statute's page: body lines from x=180 (paragraphs indented to 200), notes in 7-point
    type in the left margin at x=100, each on the row of the line it annotates."""
    body = column(["(1) the assessment of the services that the Internal Revenue",
                   "Service can co-locate with other Federal services;",
                   "(2) proposals to improve Internal Revenue Service customer",
                   "service in the short term and in the long term;",
                   "(b) UPDATED GUIDANCE.—Not later than 2 years after the date",
                   "of the enactment of this Act the Secretary shall make",
                   "available the updated guidance and training materials."], 180, 100)
    notes = (small_line("Assessment.", 100, 100) + small_line("Proposals.", 100, 100 + 2 * PITCH)
             + small_line("Time periods.", 100, 100 + 3 * PITCH) + small_line("Deadline.", 100, 100 + 4 * PITCH))
    if heading_at_notes:  # a sidebar's heading in body type over the small lines: a column
        notes += line_words("Highlights", 100, 100 - 3 * PITCH) + line_words("Solution Brief", 180, 40)
    return body, notes


def test_side_notes_in_the_margin_are_not_glued_into_the_lines_beside_them():
    body, notes = statute_page()
    for words in (body + notes, shuffled(body + notes)):
        text = text_of(words)
        lines = text.split("\n")
        assert "Deadline." in lines and "Assessment." in lines
        assert not any(line.startswith(("Assessment. (1)", "Proposals. (2)", "Deadline. (b)")) for line in lines)
        assert_in_order(text, "(1) the assessment", "materials.", "Assessment.", "Proposals.", "Deadline.")


@pytest.mark.parametrize("subheading", [False, True])
def test_a_side_note_beside_a_heading_goes_after_the_paragraph_the_heading_opens(subheading):
    # A heading is read with its text (under any subheading): the note level with it glosses
    # that paragraph.
    body, notes = statute_page()
    down = (4 if subheading else 2) * PITCH
    body = [Word(w.x0, w.y0 + down, w.x1, w.y1 + down, w.text) for w in body]
    heading = small_line("SEC. 1102. LOW-INCOME EXCEPTION FOR PAYMENTS", 180, 100, size=13)
    if subheading:
        heading += small_line("Part A. Offers in Compromise", 180, 100 + 2 * PITCH, size=12)
    for words in (heading + body + notes, shuffled(heading + body + notes)):
        text = text_of(words)
        assert_in_order(text, "SEC. 1102.", "(1) the assessment", "materials.", "Assessment.")


def side_notes_of(words: list[Word]) -> list[str]:
    from columnrag.loaders.engine.rows import make_rows
    from columnrag.loaders.engine.side_notes import find_side_notes

    s = LayoutSettings()
    found = find_side_notes(make_rows(reseq(words), s.row_overlap), 10.0, s)
    return [" ".join(w.text for w in line) for line in sorted(found, key=lambda r: r[0].y0)]


def test_small_lines_under_a_heading_in_body_type_are_a_sidebar_not_side_notes():
    body, notes = statute_page()
    assert side_notes_of(body + notes) == ["Assessment.", "Proposals.", "Time periods.", "Deadline."]
    body, sidebar = statute_page(heading_at_notes=True)
    assert side_notes_of(body + sidebar) == []
    bullets = [w for k in range(4) for w in small_line(f"• {k}", 100, 100 + k * PITCH)]
    assert side_notes_of(body + bullets) == []  # bullets and figures are no notes


def test_a_column_s_first_line_level_with_the_other_column_s_heading_starts_the_band():
    # AAMAS' first page: "ABSTRACT" over the left column, a heading's space above its text, level
    # with the right column's first line. The columns' baselines sit half a line apart, so their
    # rows interleave and the rows' pitch is half a line's: the band's pitch is each column's own,
    # and the row 1.5 lines above the strip's first is the band's first (not a line across both).
    from columnrag.loaders.engine.gutters import Gutter, _validate
    from columnrag.loaders.engine.rows import make_rows

    def short(words: list[Word]) -> list[Word]:  # boxes of 6 pt on an 11 pt pitch
        return [Word(w.x0, w.y0, w.x1, w.y0 + 6, w.text, w.seq) for w in words]
    left = line_words("ABSTRACT", 72, 100)
    for k, text in enumerate(prose("L", 20, width=200)):
        left += line_words(text, 72, 116.5 + 11 * k)
    right = [w for k, text in enumerate(prose("R", 22, width=200)) for w in line_words(text, 320, 100 + 11 * k)]
    s = LayoutSettings()
    rows = make_rows(short(left + right), s.row_overlap)
    assert " ".join(w.text for w in rows[0].words).startswith("ABSTRACT R0")
    n = len(rows)
    sides = [i for i in range(1, n)]
    strip = Gutter(290, 320, 1, n - 1, [i for i in sides if rows[i].words[0].x0 < 290],
                   [i for i in sides if rows[i].words[-1].x1 > 320])
    assert _validate(rows, strip, s).first == 0
    # A title two lines above the columns is no row of theirs, whatever their pitch.
    titled = line_words("A Title Over The Columns", 72, 100) + [
        Word(w.x0, w.y0 + 22, w.x1, w.y1 + 22, w.text) for w in left + right]
    rows = make_rows(short(titled), s.row_overlap)
    n = len(rows)
    sides = [i for i in range(2, n)]
    strip = Gutter(290, 320, 2, n - 1, [i for i in sides if rows[i].words[0].x0 < 290],
                   [i for i in sides if rows[i].words[-1].x1 > 320])
    assert _validate(rows, strip, s).first == 1


def margin_note_page(note_x: float = 20) -> list[Word]:
    """A column of prose at x=80, a section heading set apart by space, and, in the margin beside
    the section's paragraph (at note_x), a note in the body's type a word or two a line (LaTeX's
    \\marginpar), drawn where the PDF meets it: after the paragraph's first line."""
    top = 100 + 6 * PITCH + 20
    above = column(prose("A", 6, width=200), 80, 100) + line_words("2 Figures", 80, top)
    beside = column(["B0 larger figures such as the one above are usually placed", "in a float to be",
                     "positioned at a suitable place to help with column and page", "breaking and the",
                     "sentence runs on here", "to its end."], 80, top + PITCH + 4)
    note = column(["Marginal", "notes are", "usually", "placed in", "the outer", "margin."], note_x, top + PITCH + 4)
    return above + beside[:10] + note + beside[10:]


@pytest.mark.parametrize("note_x", [20, 400])
def test_a_note_in_the_margin_in_body_type_is_read_whole_after_the_paragraph_it_sits_beside(note_x):
    # A word or two a line: too few for a column by the usual count, but its lines run on as one
    # sentence and a clear strip parts them from prose. No line may glue "Marginal" to "B0", and
    # the note goes after the paragraph, never inside its sentence, however the PDF draws it.
    drawn = margin_note_page(note_x)
    for words in (drawn, shuffled(drawn)):
        text = text_of(words)
        flat = " ".join(text.split())
        assert "Marginal notes are usually placed in the outer margin." in flat
        assert "B0 larger figures such as the one above are usually placed in a float to be positioned" in flat
        assert_in_order(text, "A5", "2 Figures", "B0", "to its end.", "Marginal")


def test_notes_in_both_margins_of_a_two_column_page_each_follow_the_paragraph_beside_them():
    # A note in each outer margin, level with each other: neither is a column of its own (the
    # left one's strip runs the whole height of its side), nor are their lines mixed.
    left = column(prose("L", 6, width=190) + ["LB the note on the left sits", "beside this line and the",
                                               "next one, which ends here."], 80, 100)
    right = column(prose("R", 6, width=190) + ["RB the note on the right sits", "beside this line and the",
                                                "next one, which ends there."], 330, 100)
    y = 100 + 6 * PITCH
    west = column(["Notes", "go in", "this", "margin."], 20, y)
    east = column(["Some", "go on", "this", "side."], 540, y)
    words = left + right + west + east
    for order in (words, shuffled(words)):
        text = text_of(order)
        flat = " ".join(text.split())
        assert "Notes go in this margin." in flat and "Some go on this side." in flat
        assert_in_order(text, "L0", "L5", "LB", "ends here.", "Notes", "R0", "RB", "ends there.", "Some")


def test_labels_a_word_or_two_long_beside_their_values_are_still_read_row_by_row():
    # A form's labels start each line anew (a capital): not a note running on, so each label
    # stays with the value on its row.
    labels = ["Name", "Street", "Town", "Country", "Phone"]
    words: list[Word] = []
    for k, label in enumerate(labels):
        words += line_words(label, 20, 100 + k * PITCH) + line_words(f"V{k} the value given for it here", 80, 100 + k * PITCH)
    for order in (words, shuffled(words)):
        text = text_of(order)
        for k, label in enumerate(labels):
            assert f"{label} V{k} the value" in " ".join(text.split())
    # Nor are keys in lower case beside their meanings: no sentence (no capital, no full stop).
    keys = ["alpha", "gamma", "delta", "omega", "sigma"]
    table = [w for k, key in enumerate(keys) for w in line_words(key, 20, 100 + k * PITCH)
             + line_words(f"M{k} the meaning of this symbol", 80, 100 + k * PITCH)]
    for order in (table, shuffled(table)):
        text = " ".join(text_of(order).split())
        assert all(f"{key} M{k} the meaning" in text for k, key in enumerate(keys))
    # Nor are list marks that a font without a Unicode map gives as letters ("yy"): they start
    # every line alike.
    items = [w for k in range(6) for w in line_words("yy", 20, 100 + k * PITCH)
             + line_words(f"I{k} persons of this group here", 40, 100 + k * PITCH)]
    for order in (items, shuffled(items)):
        text = " ".join(text_of(order).split())
        assert all(f"yy I{k} persons" in text for k in range(6))


def test_labels_centred_under_margin_icons_two_abreast_leave_the_lines_and_follow_their_paragraph():
    # A textbook's margin: icons two abreast, each with its label in small type under it: the
    # left ones flush left, the right ones centred on their icon's axis, level with the body's
    # lines. Neither column of labels is glued to the start of a body line; each label follows
    # the paragraph it sits beside, though the paragraphs run on in one block (indented, no
    # space between them).
    first = ["Before we close our discussion of growth let us look at how the",
             "themes we named are reflected in the many aspects of physical",
             "growth, including the growth of the brain, the body and the motor",
             "skills and puberty. Recall that our themes include the active child",
             "and the interplay of nature and nurture in the development."]
    second = ["Our first theme is that of the active child, or how the child",
              "takes part in his or her own development both by intention and",
              "through the unconscious implications of his or her own nature. One",
              "dramatic piece of evidence that the child is active is the fact",
              "that the early experiences direct the pruning that occurs in the",
              "first few years of life, and the same text goes on to its end here."]
    body = column(first, 180, 100, width=335) + column(second[:1], 195, 100 + 5 * PITCH)
    body += column(second[1:], 180, 100 + 6 * PITCH, width=335)
    flush = [w for text, row in (("Active", 0), ("Passive", 2), ("Holistic", 4))
             for w in small_line(text, 60, 100 + row * PITCH)]
    centred = [w for text, row in (("Continuity", 0), ("Discontinuity", 2), ("Nature", 4), ("Nurture", 8))
               for w in small_line(text, 130 - 3.5 * len(text) / 2, 100 + row * PITCH)]
    for words in (body + flush + centred, shuffled(body + flush + centred)):
        text = text_of(words)
        lines = text.split("\n")
        assert all(line.startswith(("Before", "themes", "growth", "skills", "and the", "Our", "takes", "through",
                                    "dramatic", "that the", "first few")) for line in lines
                   if len(line.split()) > 3), text
        assert_in_order(text, "in the development.", "Continuity", "Our first theme", "goes on to its end here.",
                        "Nurture")
        assert_in_order(text, "in the development.", "Active", "Discontinuity", "Nature", "Our first theme")


def test_a_caption_under_a_picture_beside_an_open_last_paragraph_moves_but_a_column_s_footnote_stays():
    # Two columns; the right one's last paragraph runs on to the next page. A line in small type
    # at the left column's foot with nothing over it for a few lines stands under a picture (its
    # caption, unlabelled): it goes before the paragraph. Right under the left column's text the
    # same line is that column's footnote: it stays after the paragraph.
    s = LayoutSettings()
    done = Block([Line(line_words(text, 72, 100 + k * PITCH)) for k, text in
                  enumerate(["The corpus was read page by page in turn", "and here the first section ends."])])
    open_ = Block([Line(line_words(text, 320, 100 + k * PITCH)) for k, text in
                   enumerate(["The method reads each page of the corpus and"] * 40
                             + ["then it carries the open sentence on to the"])])
    for column_ends, moves in ((400, True), (700, False), (720, False)):  # (720: its box reaches into the note's)
        left = Block([Line(line_words(text, 72, column_ends - (3 - k) * PITCH)) for k, text in
                      enumerate(["The left column's last lines of text", "run on down here", "and end here."])])
        note = _block("Infants see changes in the optical flow.", 714, 7)
        layout = PageLayout(612, 792, [done, left, open_, note])
        assert ends_open(layout, 10, s)
        floats_before_open_end(layout, 10, s)
        text = page_text(layout, s)[0]
        if moves:
            assert_in_order(text, "section ends.", "optical flow.", "The method reads")
            assert text.rstrip().endswith("open sentence on to the")
        else:
            assert_in_order(text, "and end here.", "open sentence on to the", "optical flow.")
    # On a page of one column whose text ends short of the foot, a note far under the open
    # paragraph, in its column, is its footnote: it stays.
    short = Block([Line(line_words(text, 72, 300 + k * PITCH)) for k, text in
                   enumerate(["The method reads each page of the corpus and",
                              "then it carries the open sentence on to the"])])
    layout = PageLayout(612, 792, [done, short, _block("1 A note on the method.", 714, 7)])
    floats_before_open_end(layout, 10, s)
    assert_in_order(page_text(layout, s)[0], "section ends.", "open sentence on to the", "A note on the method.")


def test_an_algorithm_s_last_lines_under_its_caption_are_the_float_s_not_the_sentence_s():
    # ICML's page: the left column ends inside a word ("advertis-"); the right column opens
    # with an algorithm, its caption and first lines one block, a script's row apart from its
    # last lines ("end for" ... "until"), set right under them. Those lines are the algorithm's:
    # the paragraph a float's space below them carries the sentence on ("ers whose bids ..."),
    # and comes up before the algorithm.
    s = LayoutSettings()
    left = Block([Line(line_words(text, 72, 600 + k * PITCH)) for k, text in
                  enumerate(["We measured the gain of the first advertiser for each bid",
                             "value and competing with four other advertis-"])])
    algorithm = Block([Line(line_words(text, 320, 100 + k * PITCH)) for k, text in
                       enumerate(["Algorithm 1 Weighted Q-Learning", "initialize all the values to zero", "repeat",
                                  "for all actions do", "w <- the weight of the action"])])
    script = Block([Line(small_line("i", 400, 100 + 5 * PITCH - 4, size=6))])
    rest = Block([Line(line_words(text, 330, 100 + (5 + k) * PITCH)) for k, text in
                  enumerate(["end for", "W <- w Q(s, a)", "until s is terminal"])])
    carried = Block([Line(line_words(text, 320, 100 + (10 + k) * PITCH)) for k, text in
                     enumerate(["ers whose bids are all the same. The rates are", "estimated from the data."])])
    body = [left, algorithm, script, rest, carried]
    assert floats_after_paragraphs(body, 10, s) == [left, carried, algorithm, script, rest]
    # Set a float's space below the algorithm, the same lines would be a paragraph of their own
    # (no rest of it): nothing moves past them.
    apart = Block([Line(line_words(line.text, 330, line.words[0].y0 + 2 * PITCH)) for line in rest.lines])
    assert floats_after_paragraphs([left, algorithm, script, apart, carried], 10, s)[:2] == [left, algorithm]
    # A paragraph of prose set close under the float is no rest of it, though it opens with a
    # capital that does not carry the sentence on: the run of floats stops there.
    open_ = Block([Line(line_words("We measured the gain of the first advertiser with four other", 72, 600))])
    prose = Block([Line(line_words(text, 320, 100 + (5 + k) * PITCH)) for k, text in
                   enumerate(["Jo and Al say it is so in all", "of the runs and in each round."])])
    body = [open_, algorithm, script, prose, carried]
    assert floats_after_paragraphs(body, 10, s) == body


def test_a_side_note_a_little_above_a_paragraph_s_first_line_goes_after_that_paragraph():
    # A note set by its top a hair above the first line of the paragraph it glosses (a line in
    # larger type, notes aligned by their tops) still follows that paragraph, not the one before.
    from columnrag.loaders.engine.side_notes import place_side_notes

    s = LayoutSettings()
    lines = ["The first paragraph says what the corpus holds in all.", "It ends here."]
    second = ["The second paragraph opens here and goes on with the", "method, and ends at last."]
    block = Block([Line(line_words(text, 180, 100 + k * PITCH)) for k, text in enumerate(lines)]
                  + [Line(line_words(second[0], 195, 100 + 2 * PITCH))]
                  + [Line(line_words(second[1], 180, 100 + 3 * PITCH))])
    note = [small_line("method", 60, 100 + 2 * PITCH - 0.5)]
    out = place_side_notes([block], note, s, (), 10)
    text = " | ".join(" ".join(line.text for line in b.lines) for b in out)
    assert text.endswith("ends at last. | method")


def test_a_column_s_last_line_over_a_lower_band_s_gutter_stays_with_its_column():
    # A textbook's page: a narrow column of notes beside the body column; the body paragraph's
    # last line is short ("life (Tanner, 1990).") and the notes' last lines run beside and under
    # it. Below, a band of other columns (a chart's labels left, a column of text right under a
    # heading's space) whose gutter is clear up through those short last lines. They are the
    # columns' above, not the band's: the body's last line is not glued to the note beside it.
    notes = column([f"N{k} notes set in the margin" for k in range(10)], 36, 100)
    body = column(prose("b", 8, width=355) + ["life (Tanner, 1990)."], 180, 100)  # (lines that run on, in lower case)
    chart = column([f"C{k} 200% 180 160 the long label of the axis in its unit" for k in range(8)], 36,
                   100 + 10 * PITCH)
    right = column(["Muscular Development"] + prose("R", 6, width=220), 312, 100 + 10.5 * PITCH)
    for words in (notes + body + chart + right, shuffled(notes + body + chart + right)):
        text = text_of(words)
        lines = text.split("\n")
        assert "life (Tanner, 1990)." in lines, text
        assert "N9 notes set in the margin" in lines
        assert_in_order(text, "b7", "life (Tanner, 1990).", "C0")
        assert_in_order(text, "N7", "N8", "N9", "C0")
