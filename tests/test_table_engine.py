"""The table geometry on hand-made boxes: rules, cells, candidates and grids (no PDF)."""
from __future__ import annotations

import pytest

from columnrag.loaders import LayoutSettings, analyze_page
from columnrag.loaders.contract import BLOCKS_KEY, LayoutBlock, decode_blocks, encode_blocks
from columnrag.loaders.engine.geometry import TABLE, Block, Box, Line, PageLayout, Word
from columnrag.loaders.engine.rows import Row, make_rows
from columnrag.loaders.engine.table_grid import Table, _symbolic, _touching_joined, build_table, word_columns
from columnrag.loaders.engine.table_regions import Candidate, _share_rows, cells_of, table_candidates
from columnrag.loaders.engine.table_rules import Drawing, Rules, Segment, frames, merge_rules
from columnrag.loaders.engine.tables import TableBlock, _stacked_in_rules, place_table, place_tables
from columnrag.loaders.text.tables import render_rows

from .boxes import CHAR_W, HEIGHT, column, numbered_lines

S = LayoutSettings()


def proportional(text: str, x: float, y: float, seq: int = 0) -> list[Word]:
    """Words of a proportional font (narrow i, l, dots; wide m, w), a space apart."""
    out = []
    for token in text.split():
        w = sum(2.5 if c in "il.,1" else 7.5 if c in "mwMW" else CHAR_W for c in token)
        out.append(Word(x, y, x + w, y + HEIGHT, token, seq + len(out)))
        x += w + 2.5
    return out


def cell_words(rows: list[list[str]], xs: list[float], y0: float, pitch: float = 16.0) -> list[Word]:
    """Each row's cells as words starting at the column's x; rows `pitch` apart."""
    out: list[Word] = []
    for r, row in enumerate(rows):
        for x, text in zip(xs, row):
            out += proportional(text, x, y0 + r * pitch, len(out))
    return out


def texts(table) -> list[list[str]]:
    return [[" ".join(w.text for w in cell) for cell in row] for row in table.cells]


ROWS = [["Station", "Temp", "Rain"], ["Airport", "11.4", "0.0"], ["Harbour", "10.9", "1.2"], ["Hill", "8.7", "3.4"]]


def test_pieces_of_one_rule_are_one_and_thin_boxes_only_are_rules():
    boxes = [Box(72, 100, 150, 100.5), Box(151, 100.2, 300, 100.7), Box(72, 200, 300, 240),  # a thick box: no rule
             Box(72, 100, 72.5, 200)]
    rules = merge_rules(boxes, S)
    assert [(round(g.pos), g.lo, g.hi) for g in rules.horizontal] == [(100, 72, 300)]
    assert [(round(g.pos), g.lo, g.hi) for g in rules.vertical] == [(72, 100, 200)]


def test_crossing_rules_make_a_frame_and_a_grid_has_rules_inside():
    h = [Box(72, y, 300, y) for y in (100, 120, 140)]
    v = [Box(x, 100, x, 140) for x in (72, 180, 300)]
    (frame,) = frames(merge_rules(h + v, S), S)
    assert frame.box == Box(72, 100, 300, 140) and frame.grid and frame.rows_across == 1 and frame.columns == 1
    (box,) = frames(merge_rules([h[0], h[2], v[0], v[2]], S), S)
    assert not box.grid


def test_a_justified_line_has_no_cells_but_a_table_row_has():
    justified = [Word(72 + 40 * i, 100, 72 + 40 * i + 30, 110, "word") for i in range(6)]
    assert len(cells_of(justified, S)) == 1
    row = cell_words([["Airport", "11.4", "0.0"]], [72, 200, 280], 100)
    assert [[w.text for w in c] for c in cells_of(row, S)] == [["Airport"], ["11.4"], ["0.0"]]


def test_an_unruled_table_in_its_own_rows_is_a_grid_of_its_words():
    words = cell_words(ROWS, [72, 200, 280], 100)
    t = build_table(Box(72, 100, 320, 160), words, Rules(), S)
    assert texts(t) == ROWS


def test_a_rule_over_a_few_header_lines_under_a_rule_across_is_the_headers():
    """Booktabs: the top rule is the one over the header, not the header's own rule right over
    the body; with a paragraph between the two rules, the rule over the body is the top."""
    from columnrag.loaders.engine.table_rules import Segment
    from columnrag.loaders.engine.tables import _enclosing_rules

    body = Box(72, 200, 400, 260)
    rules = Rules([Segment(150, 72, 400), Segment(190, 72, 400), Segment(262, 72, 400)], [])
    header = cell_words([["", "Total number", "Average price"]], [72, 250, 330], 170)
    top, bottom = _enclosing_rules(body, rules, header, HEIGHT, S)
    assert (top.pos, bottom.pos) == (150, 262)
    prose = proportional("The committee reviewed the quarterly figures before the annual meeting began.", 72, 170)
    top, _ = _enclosing_rules(body, rules, prose, HEIGHT, S)
    assert top.pos == 190
    # Ruled under every row: up through the rows above the body to the rule over the header.
    rows = Rules([Segment(y, 72, 400) for y in (110, 130, 150, 170, 190)] + [Segment(262, 72, 400)], [])
    above = (cell_words([["Algorithm", "Parameter", "Space"]], [72, 200, 300], 115)
             + cell_words([["KNN", "k", "1 to 100"], ["", "weights", "uniform"], ["AB", "rate", "0.01 to 1.0"]],
                          [72, 200, 300], 135, pitch=20.0))
    top, _ = _enclosing_rules(body, rows, above, HEIGHT, S)
    assert top.pos == 110


def test_names_beside_their_addresses_are_an_author_block_but_a_contact_table_has_a_header():
    people = [["Carlo Rossi", "carlo.rossi@polimi.it"], ["Anna Bianchi", "anna.bianchi@mail.polimi.it"],
              ["Marco Verdi", "marco.verdi@polimi.it"]]
    words = cell_words(people, [72, 220], 100)
    assert build_table(Box(72, 100, 400, 150), words, Rules(), S) is None
    table = cell_words([["Name", "E-mail"]] + people, [72, 220], 100)
    assert texts(build_table(Box(72, 100, 400, 170), table, Rules(), S)) == [["Name", "E-mail"]] + people


def test_rules_part_rows_whose_cells_wrap_and_a_missing_rule_spans():
    # Two rows between three rules; the first row's middle cell wraps onto two lines; the
    # second row has no column rule between its last two cells (one cell over both).
    words = (proportional("R1", 76, 104) + proportional("Supplier late", 120, 104) + proportional("Buy", 240, 104)
             + proportional("during peak", 120, 116) + proportional("R2", 76, 134)
             + proportional("Stock for all", 120, 134))
    lines = [Box(72, y, 300, y) for y in (100, 130, 150)]
    lines += [Box(72, 100, 72, 150), Box(115, 100, 115, 150), Box(235, 100, 235, 130), Box(300, 100, 300, 150)]
    t = build_table(Box(72, 100, 300, 150), words, merge_rules(lines, S), S)
    assert texts(t) == [["R1", "Supplier late during peak", "Buy"], ["R2", "Stock for all", "Stock for all"]]


def test_candidates_are_rows_of_cells_not_two_columns_of_prose_or_a_list():
    table = cell_words(ROWS, [72, 200, 280], 100)
    prose = column(numbered_lines("L", 6, 8), 72, 300) + column(numbered_lines("R", 6, 8), 320, 300)
    listed = [w for k in range(5) for w in proportional(f"{k + 1}.", 72, 420 + 12 * k) +
              proportional("an item of the list here", 90, 420 + 12 * k)]
    layout = analyze_page(table + prose + listed, 612, 792, S)
    found = table_candidates(layout, S)
    assert len(found) == 1 and found[0].box.y0 == 100 and found[0].strong


def test_place_tables_puts_one_table_block_in_the_flow_and_asks_for_rules_only_then():
    asked = []

    def drawing() -> Drawing:
        asked.append(1)
        return Drawing()

    def read(words: list[Word], s: LayoutSettings = S):
        return place_tables(analyze_page(words, 612, 792, s), drawing, s)

    prose = column(numbered_lines("P", 4, 8), 72, 60)
    layout = read(prose + cell_words(ROWS, [72, 200, 280], 150))
    kinds = [b.kind for b in layout.blocks]
    assert kinds.count(TABLE) == 1 and kinds[-1] == TABLE and asked == [1]  # after the prose above it
    table = layout.blocks[-1]
    assert isinstance(table, TableBlock) and texts(table.table) == ROWS
    read(prose)
    assert asked == [1]  # a page of prose never reads its drawings
    assert all(b.kind != TABLE for b in read(prose + cell_words(ROWS, [72, 200, 280], 150),
                                            LayoutSettings(tables="off")).blocks)


def test_markdown_and_text_rows():
    rows = [["a", "b|c"], ["1", "2"]]
    assert render_rows(rows, 1, "markdown") == "| a | b\\|c |\n| --- | --- |\n| 1 | 2 |"
    assert render_rows(rows, 1, "text") == "a | b|c\n1 | 2"


def test_table_blocks_carry_rows_and_caption_other_blocks_are_written_as_before():
    plain = LayoutBlock(Box(1, 2, 3, 4), 0, 0, 0, "text", 0, 5)
    table = LayoutBlock(Box(1, 2, 3, 4), 0, 0, 1, TABLE, 7, 40, rows=[["Ä", "b"], ["1", "2"]], header_rows=1,
                        caption="Table 1. Ü")
    raw = encode_blocks([plain, table])
    assert raw.startswith('[{"bbox":[1.0,2.0,3.0,4.0],"band":0,"column":0,"region":0,"kind":"text","start":0,'
                          '"end":5,"full_last_line":false,"size":0.0},')
    assert '"rows":[["Ä","b"],["1","2"]],"header_rows":1,"caption":"Table 1. Ü"' in raw
    assert decode_blocks({BLOCKS_KEY: raw}) == [plain, table]
    # A table's notes, when it has any, are written after its caption (and read back).
    noted = LayoutBlock(Box(1, 2, 3, 4), 0, 0, 1, TABLE, 7, 60, rows=[["1", "2"]], header_rows=0, caption="",
                        notes="a In euros.\nSource: Ü")
    raw = encode_blocks([noted])
    assert raw.endswith('"caption":"","notes":"a In euros.\\nSource: Ü"}]')
    assert decode_blocks({BLOCKS_KEY: raw}) == [noted]


@pytest.mark.parametrize("value, mode", [("Markdown", "markdown"), ("text", "text"), (False, "off"), ("off", "off")])
def test_the_tables_setting_takes_its_modes_and_yaml_off(value, mode):
    assert LayoutSettings(tables=value).tables == mode


def test_an_unknown_tables_mode_is_refused():
    with pytest.raises(ValueError, match="markdown, text, off"):
        LayoutSettings(tables="html")


def test_a_table_does_not_take_the_last_line_of_a_paragraph_in_the_next_column():
    # A column's small table sits beside the end of the other column's paragraph (its last line
    # parted by a wide gap) and a short heading: they are on the table's rows and short, but the
    # paragraph runs on above in lines of running text, so they are no cells of the table.
    left = column(numbered_lines("L", 10, 8), 72, 60) + cell_words(ROWS, [72, 200, 250], 200)
    left += column(numbered_lines("M", 6, 8), 72, 280)
    right = column(numbered_lines("R", 12, 9), 320, 56)
    right += proportional("cases where every", 320, 200) + proportional("needs entry.", 450, 200)
    right += proportional("3.3 Deep Network", 320, 232) + column(numbered_lines("S", 6, 9), 320, 260)
    layout = analyze_page(left + right, 612, 792, S)
    found = table_candidates(layout, S)
    assert [c.box.y0 for c in found] == [200]
    assert found[0].box.x1 < 300  # the table stays in its column


def test_an_infobox_s_wrapped_values_under_underlined_labels_are_one_row_each():
    # A key/value box ruled only between its rows, set with loose leading (word boxes 3.5 pt
    # apart, a third of their height); a label underlined as a link; one value followed by a
    # lone slash set off after an icon, over which two other values' lines run.
    step = HEIGHT + 3.5
    words = proportional("Developer", 76, 104) + proportional("Mozilla", 185, 104)
    words += proportional("Stable release", 76, 124) + proportional("4.0.379", 185, 124)
    words += proportional("/", 227, 124) + proportional("December 31,", 185, 124 + step)
    words += proportional("2023", 185, 124 + 2 * step)
    words += proportional("Written in", 76, 169) + proportional("JavaScript, CSS,", 185, 169)
    words += proportional("HTML", 185, 169 + step) + proportional("License", 76, 199)
    words += proportional("Apache 2.0", 185, 199)
    label_end = max(w.x1 for w in words if w.text == "release")
    lines = [Box(72, y, 330, y) for y in (100, 120, 165, 195, 215)] + [Box(76, 134.2, label_end, 134.2)]
    lines += [Box(72, 100, 72, 215), Box(330, 100, 330, 215)]
    t = build_table(Box(72, 100, 330, 215), words, merge_rules(lines, S), S)
    assert texts(t) == [["Developer", "Mozilla"], ["Stable release", "4.0.379 / December 31, 2023"],
                        ["Written in", "JavaScript, CSS, HTML"], ["License", "Apache 2.0"]]


def test_a_rule_under_a_row_that_runs_past_its_text_still_parts_the_rows():
    words = proportional("Developer", 76, 104) + proportional("Mozilla", 185, 104)
    words += proportional("Stable release", 76, 117) + proportional("4.0.379", 185, 117)
    words += proportional("Platform", 76, 137) + proportional("Web", 185, 137)
    lines = [Box(72, y, 330, y) for y in (100, 114.2, 133, 150)]
    lines += [Box(72, 100, 72, 150), Box(330, 100, 330, 150)]
    t = build_table(Box(72, 100, 330, 150), words, merge_rules(lines, S), S)
    assert texts(t) == [["Developer", "Mozilla"], ["Stable release", "4.0.379"], ["Platform", "Web"]]


def test_a_loosely_set_line_in_a_column_the_line_above_leaves_empty_is_a_row_of_its_own():
    # Rules part the rows, but the second line of a band fills a column its first line leaves
    # empty: no wrapped value (a diagram's labels read as a table stay apart).
    step = HEIGHT + 3.5
    words = proportional("Name", 76, 104) + proportional("Kind", 185, 104) + proportional("Port", 260, 104)
    words += proportional("Router", 76, 124) + proportional("RAP", 185, 124)
    words += proportional("ch.11", 260, 124 + step) + proportional("Switch", 76, 159)
    words += proportional("LAP", 185, 159) + proportional("8080", 260, 159)
    lines = [Box(72, y, 330, y) for y in (100, 120, 155, 175)] + [Box(72, 100, 72, 175), Box(330, 100, 330, 175)]
    t = build_table(Box(72, 100, 330, 175), words, merge_rules(lines, S), S)
    assert texts(t) == [["Name", "Kind", "Port"], ["Router", "RAP", ""], ["", "", "ch.11"], ["Switch", "LAP", "8080"]]


def test_a_column_filled_once_keeps_itself_beside_lines_across_the_whole_table():
    # A notes column with one entry, under two section lines that run across every column: the
    # lines part no gap of just two columns, so the column is no mark set off after a value.
    words = proportional("Section A: the northern plots of the survey region and its farms", 72, 100)
    for k, (item, value) in enumerate([("Wheat", "3.1"), ("Barley", "2.8"), ("Oats", "2.2")]):
        words += proportional(item, 72, 112 + 12 * k) + proportional(value, 200, 112 + 12 * k)
    words += proportional("a", 280, 112)
    words += proportional("Section B: the southern plots of the survey region and its farms", 72, 148)
    for k, (item, value) in enumerate([("Wheat", "3.4"), ("Barley", "3.0")]):
        words += proportional(item, 72, 160 + 12 * k) + proportional(value, 200, 160 + 12 * k)
    cols = word_columns(make_rows(words, S.row_overlap), S)
    assert len(cols) == 3 and cols[2][0] == 280


def pieces(parts: list[str], x: float, y: float) -> list[Word]:
    """Pieces of one word drawn touching, each apart in the drawing."""
    out = []
    for part in parts:
        w = proportional(part, x, y)[0]
        out.append(w)
        x = w.x1
    return out


def test_a_number_s_touching_pieces_are_one_word_but_an_equation_s_stay_symbols():
    # Means and deviations drawn in pieces ("84.9" "±" "0" "." "3") are a table's numbers, and
    # sets of words in braces ("{" "linear" "," "square" "}") its values; an equation's letters
    # and brackets drawn touching ("f" "(" "x" ")") are still an equation.
    numbers = [w for k in range(4) for j, x in enumerate((120, 200))
               for w in pieces([f"{80 + k}.{j}", "±", "0", ".", f"{k + 1}"], x, 100 + 12 * k)]
    labels = [w for k in range(4) for w in proportional(f"Model{k}", 72, 100 + 12 * k)]
    assert not _symbolic(make_rows(labels + numbers, S.row_overlap), S)
    sets = [w for k in range(4) for w in proportional(f"Loss{k}", 72, 100 + 12 * k)
            + pieces(["{", "linear", ",", "square", "}"], 150, 100 + 12 * k)]
    assert not _symbolic(make_rows(sets, S.row_overlap), S)
    equation = [w for k in range(4) for j, x in enumerate((72, 150, 230))
                for w in pieces(["f", "(", "x", ")", "+", "g", "(", "y", ")"], x, 100 + 12 * k)]
    assert _symbolic(make_rows(equation, S.row_overlap), S)


def test_a_bracketed_p_value_drawn_in_pieces_is_a_table_s_not_an_equation_s():
    # sipaim2024's table redrawn word by word: "5.22 ± 2.72 (p < 0.005)", the number's digits and
    # point apart and the bracket apart from the "p" it opens (a bracketed remark set apart from
    # the value before it). Its opening bracket joins the "p"; "f(x)"'s, touching the "f", does not.
    rows = []
    for k in range(5):
        y = 100 + 12 * k
        rows += proportional(f"Model{k}", 72, y)
        for x in (150, 290):
            value = pieces([f"{4 + k}", ".", "22"], x, y) + pieces(["±"], x + 30, y) + pieces(["2", ".", "72"], x + 40, y)
            remark = pieces(["(", "p"], x + 60, y) + pieces(["<"], x + 72, y) + pieces(["0", ".", "005", ")"], x + 80, y)
            rows += value + remark
    assert not _symbolic(make_rows(rows, S.row_overlap), S)
    assert _touching_joined(pieces(["2.72"], 150, 100) + pieces(["(", "p"], 160, 100), S) == ["2.72", "(p"]
    assert _touching_joined(pieces(["f", "(", "x", ")"], 150, 100), S) == ["f", "(", "x", ")"]
    equation = [w for k in range(4) for x in (72, 150, 230)
                for w in pieces(["f", "(", "x", ")"], x, 100 + 12 * k) + pieces(["+"], x + 30, 100 + 12 * k)]
    assert _symbolic(make_rows(equation, S.row_overlap), S)


def test_row_rules_stopped_by_a_cell_spanning_rows_still_run_across_the_grid():
    # A row header spanning four rows at the left: the rules between those rows start at its
    # column's rule. They run across the grid; a short rule under one cell does not.
    h = [Box(72, 100, 300, 100), Box(72, 120, 300, 120), Box(72, 200, 300, 200)]
    h += [Box(150, y, 300, y) for y in (140, 160, 180)] + [Box(230, 110, 300, 110)]
    v = [Box(x, 100, x, 200) for x in (72, 300)] + [Box(150, 120, 150, 200), Box(230, 100, 230, 200)]
    (frame,) = frames(merge_rules(h + v, S), S)
    assert frame.box == Box(72, 100, 300, 200) and frame.grid and frame.rows_across == 4 and frame.columns == 2


def test_a_grid_of_one_repeated_word_is_a_table_not_an_outline():
    # A template's placeholder table ("Header" over "Unit", "Data" in every cell, booktabs
    # rules): no row has an outline label before a title, so it is no contents list.
    words = cell_words([["Header"] * 5, ["Unit"] * 5] + [["Data"] * 5] * 6, [72, 130, 188, 246, 304], 100, 12)
    rules = merge_rules([Box(70, 96, 350, 96), Box(70, 121, 350, 121), Box(70, 194, 350, 194)], S)
    table = build_table(Box(70, 96, 350, 194), words, rules, S)
    assert table is not None and texts(table) == [["Header Unit"] * 5] + [["Data"] * 5] * 6


def test_a_check_box_matrix_under_its_header_is_a_table_and_an_aligned_equation_is_not():
    # A survey's matrix: a label a row, a box under each header ("State funded" / "CSOs"), no
    # rules. The boxes are symbols only, more than an equation's share of the words, but each
    # stands alone in a column under a header of words: a table. Aligned equations, their "="
    # and "+" in columns under no header, stay an equation; so do marks under a header that
    # are not alone in their cells.
    labels = ["Persons with disabilities", "Children", "Women", "The elderly", "Migrants"]
    for mark in ("\u2610", "*", "\uf0a8", "\u2713"):
        words = cell_words([["Group", "State funded", "CSOs"]] + [[label, mark, mark] for label in labels],
                           [72, 260, 340], 100)
        table = build_table(Box(70, 95, 400, 200), words, Rules(), S)
        assert table is not None, mark
        assert texts(table) == [["Group", "State funded", "CSOs"]] + [[label, mark, mark] for label in labels]
    equation = [w for k in range(5) for w in pieces([f"x{k}"], 72, 100 + 16 * k) + pieces(["="], 120, 100 + 16 * k)
                + pieces(["(", "a", "+", "b", ")"], 160, 100 + 16 * k) + pieces(["+"], 240, 100 + 16 * k)
                + pieces(["c"], 280, 100 + 16 * k)]
    assert build_table(Box(70, 95, 400, 200), equation, Rules(), S) is None
    headed = cell_words([["Term", "Sign", "Sum"]] + [[f"x{k}", "=", "( a + b ) +"] for k in range(5)], [72, 160, 240], 100)
    assert build_table(Box(70, 95, 400, 200), headed, Rules(), S) is None


def test_ticks_and_crosses_among_other_values_are_a_table_s_answers():
    # A class's options matrix (TUDa's manual): "✔" and "✘" in most cells, "11pt" and
    # "scrbook" in others, so no column is of marks alone; the marks are still no equation's.
    rows = [["Option", "Thesis", "PhD", "Pub"], ["twoside", "✘", "✔", "✘"], ["parskip", "✔", "✘", "✔"],
            ["Kolophon", "✘", "✔", "✘"], ["Widmung", "✘", "✔", "✘"], ["Size", "11pt", "11pt", "9pt"],
            ["marginpar", "✘", "✘", "✔"], ["abstract", "✘", "✔", "✔"]]
    table = build_table(Box(70, 95, 450, 230), cell_words(rows, [72, 200, 280, 360], 100), Rules(), S)
    assert table is not None and texts(table) == rows


def test_dashes_for_nil_amounts_are_a_table_s_values_and_an_equation_s_minus_signs_are_not():
    # A statement's columns of amounts with a dash where a value is nil: the dashes are symbols
    # only, more than an equation's share of the words, but each stands alone in a column of
    # amounts under its head. Aligned equations, their minus signs in columns under no head,
    # stay an equation.
    d = "\u2013"
    rows = [["Item", "2021", "2022", "2023"], ["Cash", d, "1,204", d], ["Debt", d, d, d], ["Loans", "812", d, d],
            ["Other", d, "(1,023)", d], ["Total", "812", "181", d]]
    table = build_table(Box(70, 95, 450, 200), cell_words(rows, [72, 260, 340, 420], 100), Rules(), S)
    assert table is not None and texts(table) == rows
    equation = [w for k in range(5) for w in pieces([f"x{k}"], 72, 100 + 16 * k) + pieces(["="], 120, 100 + 16 * k)
                + pieces(["a"], 160, 100 + 16 * k) + pieces(["\u2212"], 200, 100 + 16 * k)
                + pieces(["b"], 240, 100 + 16 * k) + pieces(["\u2212"], 280, 100 + 16 * k) + pieces(["1"], 320, 100 + 16 * k)]
    assert build_table(Box(70, 95, 400, 200), equation, Rules(), S) is None


def test_ellipses_for_no_data_are_a_table_s_values_and_an_equation_s_dots_are_not():
    # An astronomical table (AASTeX's \\nodata): "· · ·", three dots a word each, wherever a
    # value is missing, beside values with their references ("10.0 (118)") and flags. The dots
    # are symbols only, far more than an equation's share of the words, but each stands for
    # nothing in a column of data under its head.
    e = "\u00b7 \u00b7 \u00b7"
    rows = [["Name", "Vmax", "t2", "FWHM", "Period", "Dust?"], ["V2672 Oph", "10.0 (118)", "2.3 (119)", e, e, "M"],
            ["V351 Pup", "6.5 (120)", e, e, e, e], ["V382 Nor", "8.9 (124)", "12 (40)", e, e, e],
            ["V382 Vel", e, "4.5 (126)", "2400 (126)", e, "N"], ["V407 Cyg", "6.8 (128)", e, e, "15595 (131)", e],
            ["V458 Vul", "8.24 (132)", e, e, e, "Y"]]
    xs = [72, 150, 220, 290, 360, 440]
    table = build_table(Box(70, 95, 500, 210), cell_words(rows, xs, 100), Rules(), S)
    assert table is not None and texts(table) == rows
    # A matrix's rows of entries and dots, a row of vertical and diagonal dots among them, stays
    # an equation.
    matrix = [["a11", "a12", e, "a1n"], ["a21", "a22", e, "a2n"], ["\u22ee", "\u22ee", "\u22f1", "\u22ee"],
              ["am1", "am2", e, "amn"], ["b1", "b2", e, "bn"]]
    assert build_table(Box(70, 95, 400, 200), cell_words(matrix, [72, 120, 170, 220], 100), Rules(), S) is None


def test_a_value_line_a_blank_line_under_its_label_s_row_is_a_row_of_its_own():
    # Under a label's row, a line in the value column set more than a line's height lower is
    # no wrapped value: rules part the band, but not into one row here.
    words = proportional("Developer", 76, 104) + proportional("Mozilla", 185, 104)
    words += proportional("Stable release", 76, 124) + proportional("4.0.379", 185, 124)
    words += proportional("2023", 185, 124 + 2 * HEIGHT + 6) + proportional("License", 76, 169)
    words += proportional("MPL", 185, 169)
    lines = [Box(72, y, 330, y) for y in (100, 120, 165, 185)] + [Box(72, 100, 72, 185), Box(330, 100, 330, 185)]
    t = build_table(Box(72, 100, 330, 185), words, merge_rules(lines, S), S)
    assert texts(t) == [["Developer", "Mozilla"], ["Stable release", "4.0.379"], ["", "2023"], ["License", "MPL"]]


def _block(text: str, x: float, y: float, height: float = HEIGHT, region: int = 0) -> Block:
    words = proportional(text, x, y)
    return Block([Line([Word(w.x0, w.y0, w.x1, w.y0 + height, w.text) for w in words])], region=region)


def _table(x: float, y: float) -> Table:
    rows = [["Command", "Output", "Meaning"], ["sun", "o", "Sun, solar"], ["earth", "e", "Earth"]]
    cells = [[[w] for w in proportional(" ".join(row), x, y + 12 * k)] for k, row in enumerate(rows)]
    return Table(Box.union([w.box for row in cells for cell in row for w in cell]), cells)


def test_a_captions_second_line_read_apart_over_the_table_is_the_captions_own():
    # mnras_guide: the caption's second line fell into a region of its own over the table's
    # first columns; only the first ("Table 1. ...") went with the table, the second was read
    # as a paragraph before it.
    layout = PageLayout(612, 792)
    layout.usual_height = HEIGHT
    layout.blocks = [_block("up new keywords! see the guide.", 72, 40),
                     _block("Table 1. Additional commands for symbols used in as-", 320, 40, 7.0, 1),
                     _block("tronomy. These can be used anywhere.", 320, 50, 7.0, 2),
                     _block("This one is a paragraph under the table.", 320, 120, region=2)]
    t = _table(320, 64)
    place_table(layout, t, S)
    assert [line.text for line in t.caption] == ["Table 1. Additional commands for symbols used in as-",
                                                 "tronomy. These can be used anywhere."]
    assert [b.kind for b in layout.blocks] == ["text", TABLE, "text"]
    # A caption that ends its sentence, or leaves it open over a line that does not carry it on
    # (a header row the table finder left out), takes no block under it; a label alone over its
    # title (Elsevier's "Table 2" / "Calculated constants ...") takes the title.
    for caption, under, taken in (("Table 2. Symbols.", "Some text read here.", False),
                                  ("Table 3 Sales by region", "North South East West", False),
                                  ("Table 2", "Calculated constants of the equations.", True)):
        layout.blocks = [_block(caption, 320, 40, 7.0, 1), _block(under, 320, 50, 7.0, 2)]
        t = _table(320, 64)
        place_table(layout, t, S)
        assert [line.text for line in t.caption] == [caption] + [under] * taken
        assert len(layout.blocks) == 2 - taken


def test_a_note_under_a_table_opening_with_a_small_letter_is_no_rest_of_a_sentence():
    # A table's notes ("a Letters are designated ...", the letter set small) under it, and the
    # block over it that ends without a stop (a running head, a table's last row read as text):
    # the table goes before its notes, not after them as if it cut a sentence in two.
    for mark_height, table_first in ((6.0, True), (HEIGHT, False)):
        note = _block("a Letters are designated by an L", 72, 200)
        note.lines[0].words[0] = Word(72, 199, 77, 199 + mark_height, "a")
        layout = PageLayout(612, 792)
        layout.blocks = [_block("The journals we name in the table", 72, 40), note]
        t = _table(72, 60)
        place_table(layout, t, S)
        kinds = [b.kind for b in layout.blocks]
        assert kinds.index(TABLE) < 2 if table_first else kinds == ["text", "text", TABLE]


FONT_GUIDE = [["Type of Text", "Font Size", "Style"], ["paper title", "15 pt", "bold"], ["author names", "12 pt", "bold"],
              ["author affiliation", "12 pt", ""], ["section titles", "12 pt", "bold"], ["captions", "10 pt", ""]]


def test_rows_labelled_in_lower_case_set_close_are_rows_when_their_values_are_numbers():
    # Rows as close as a wrapped cell's lines: a label in lower case would carry the row above
    # on, but a number opening under a filled cell is a value of its own.
    words = cell_words(FONT_GUIDE, [72, 200, 280], 100, pitch=HEIGHT + 2)
    t = build_table(Box(72, 100, 320, 100 + 6 * (HEIGHT + 2)), words, Rules(), S)
    assert t is not None and texts(t) == FONT_GUIDE
    # A wrapped label's line in lower case, with nothing else, still carries its row on.
    wrapped = [["Name", "Size"], ["body text of the", "11 pt"], ["paper", ""], ["footnotes", "9 pt"], ["captions", "10 pt"]]
    words = cell_words(wrapped, [72, 200], 100, pitch=HEIGHT + 2)
    t = build_table(Box(72, 100, 320, 100 + 5 * (HEIGHT + 2)), words, Rules(), S)
    assert t is not None and texts(t)[1] == ["body text of the paper", "11 pt"]
    # Nor does a number that goes on a cell left open above it (a citation's year).
    cited = [["Model", "Source", "Size"], ["graph attention", "Velickovic et al.,", "0.3M"], ["network", "2018", ""],
             ["transformer", "Vaswani et al.", "65M"], ["convolution", "LeCun et al.", "60K"]]
    words = cell_words(cited, [72, 200, 300], 100, pitch=HEIGHT + 2)
    t = build_table(Box(72, 100, 340, 100 + 5 * (HEIGHT + 2)), words, Rules(), S)
    assert t is not None and texts(t)[1] == ["graph attention network", "Velickovic et al., 2018", "0.3M"]


def test_a_table_in_one_column_does_not_take_a_list_in_the_other_column_beside_it():
    # A right column's table (rows set close) beside a left column's bulleted list of short
    # items, each sitting on one of the table's rows: the list is the page's text, not the
    # table's first cells.
    left = column(numbered_lines("L", 6, 8), 72, 60)
    for k in range(6):  # a bullet, a tab's space, the item
        left += proportional("•", 80, 140 + 13 * k) + proportional(f"Margin {k}: 2.5 cm", 98, 140 + 13 * k)
    left += column(numbered_lines("M", 12, 8), 72, 230)
    right = column(numbered_lines("R", 6, 9), 320, 60) + cell_words(FONT_GUIDE, [330, 430, 500], 142, pitch=HEIGHT + 3)
    right += column(numbered_lines("S", 12, 9), 320, 250)
    layout = analyze_page(left + right, 612, 792, S)
    found = table_candidates(layout, S)
    assert len(found) == 1 and found[0].box.x0 >= 320 and found[0].box.y0 >= 142


def test_a_table_across_both_columns_cut_at_the_gutter_is_one_table_over_the_columns_prose():
    # A table* over a two-column page: its middle column gap lies on the page's gutter, so the
    # engine reads it into the two columns' regions, each of which goes on in prose under it.
    # The right half is the table's all the same (only a bulleted list beside it is not).
    table = cell_words(ROWS, [72, 200, 330, 450], 100) + cell_words([["Wind"], ["12"], ["8"], ["3"]], [520], 100)
    prose = column(numbered_lines("L", 20, 9), 72, 190) + column(numbered_lines("R", 20, 9), 330, 190)
    layout = analyze_page(table + prose, 612, 792, S)
    found = table_candidates(layout, S)
    assert len(found) == 1 and found[0].box.x0 == 72 and found[0].box.x1 > 520 and found[0].box.y0 == 100


def test_a_row_of_cells_counts_the_lines_side_by_side_on_it():
    # A ruled grid the engine read column by column: its header's three cells are three lines
    # in three regions on one baseline. That row sends the page to its rules; three lines one
    # under another, or a line of two cells beside one, do not; nor does a chart's ticks.
    from columnrag.loaders.engine.tables import _row_of_cells

    def page(*blocks: Block) -> PageLayout:
        layout = PageLayout(612, 792)
        layout.blocks = list(blocks)
        return layout

    header = [_block("Layer", 72, 100, region=0), _block("Components", 220, 100, region=1),
              _block("Sub-phase mapping", 380, 100, region=2)]
    assert _row_of_cells(page(*header), S)
    assert not _row_of_cells(page(*[_block(b.lines[0].text, 72, 100 + 20 * k) for k, b in enumerate(header)]), S)
    assert not _row_of_cells(page(_block("Layer", 72, 100), _block("Components", 380, 100, region=1)), S)
    ticks = [_block(str(v), 100 + 60 * k - len(str(v)) * CHAR_W / 2, 100, region=k) for k, v in enumerate(range(0, 120, 20))]
    assert not _row_of_cells(page(*ticks), S)  # (centred on even steps)


def test_an_outline_s_title_may_span_its_row_but_a_repeated_word_is_no_label():
    # A row whose title spans every column (the same words in each position) is an outline's
    # row, as are rows of a label before a title; a row of one word repeated in every cell is no
    # outline (a placeholder table).
    from columnrag.loaders.engine.table_grid import _outline

    def span(text: str) -> list[list[Word]]:
        cell = proportional(text, 72, 100)
        return [cell, cell, cell]

    assert _outline([span("Introduction to the method"), span("Results of the survey")])  # (a box of prose lines)
    assert _outline([span("Introduction to the method"), [proportional("2.1", 72, 112), [], proportional("Data", 150, 112)]])
    assert not _outline([[proportional("Data", x, 100) for x in (72, 150, 230)]])


def test_a_row_label_wrapped_onto_the_line_of_its_values_is_one_row_in_loose_leading():
    # A statement set in loose leading: "Other creditors and" fills the label column alone and
    # "accruals" goes on in lower case beside the row's amounts, as far under it as rows are
    # apart. A short label alone over a row in lower case ("Current" / "assets held") heads it.
    d = "\u2013"
    rows = [["Item", "2021", "2022"], ["Trade creditors and suppliers", "1,844", "1,702"], ["Other creditors and", "", ""],
            ["accruals", "519", d], ["Hire purchase liability", d, "7,403"], ["Current", "", ""],
            ["assets held", "2,101", "1,990"], ["Employee entitlements", "594", "611"]]
    table = build_table(Box(70, 95, 420, 240), cell_words(rows, [72, 300, 370], 100), Rules(), S)
    assert table is not None
    assert texts(table) == [rows[0], rows[1], ["Other creditors and accruals", "519", d], rows[4], rows[5], rows[6],
                            rows[7]]
    # A label over rows in lower case heads them: it is no label wrapped onto the first.
    group = [["Item", "2021", "2022"], ["Receivables from related parties", "", ""], ["current", "34", "35"],
             ["non-current", "12", "14"], ["Employee entitlements", "594", "611"]]
    table = build_table(Box(70, 95, 420, 190), cell_words(group, [72, 300, 370], 100), Rules(), S)
    assert table is not None and texts(table) == group
    # The same rows ruled apart, the wrapped label's two lines between one pair of rules.
    ys = [100 + 16 * k - 3 for k in (0, 1, 2, 4, 5, 7, 8)] + [100 + 16 * 8 - 3]
    lines = [Box(70, y, 420, y) for y in ys] + [Box(70, ys[0], 70, ys[-1]), Box(420, ys[0], 420, ys[-1])]
    table = build_table(Box(70, ys[0], 420, ys[-1]), cell_words(rows, [72, 300, 370], 100), merge_rules(lines, S), S)
    assert table is not None and texts(table)[2] == ["Other creditors and accruals", "519", d]


def test_a_heading_overhanging_the_labels_column_heads_its_column_of_amounts_only():
    # A statement's head row: "Floating interest rate", wider than its column of amounts, runs
    # into the labels' column (whose own head sits on the next line); "Fixed interest rate" over
    # two columns heads both. A rule under the head row sets it apart.
    words = proportional("Floating interest rate", 150, 100) + proportional("Fixed interest rate", 262, 100)
    words += proportional("Instruments", 72, 114) + proportional("$", 200, 114) + proportional("1 year", 262, 114)
    words += proportional("5 years", 332, 114)
    rows = [["Cash", "3,004", "\u2013", "712"], ["Trade debtors", "\u2013", "2,716", "\u2013"],
            ["Loans to related parties", "811", "11,184", "\u2013"], ["Other debtors", "\u2013", "428", "90"]]
    words += cell_words(rows, [72, 196, 262, 332], 132)
    rule = merge_rules([Box(70, 111, 380, 111), Box(70, 129, 380, 129)], S)
    table = build_table(Box(70, 95, 380, 200), words, rule, S)
    assert table is not None
    assert texts(table)[0] == ["", "Floating interest rate", "Fixed interest rate", "Fixed interest rate"]
    assert [row[0] for row in texts(table)[1:]] == ["Instruments", "Cash", "Trade debtors", "Loans to related parties",
                                                    "Other debtors"]


@pytest.mark.parametrize("word, mark, carried", [
    ("options(1)", "(1)", True), ("(1)", "(1)", True), ("Türen1)", "1)", True), ("1)", "1)", True),
    ("12.5a)", "a)", True), ("(0.031)", "1)", False), ("(2021)", "1)", False), ("(Inca)", "a)", False),
    ("Loans(1)", "1)", False)])
def test_a_table_note_s_mark_is_one_a_cell_carries_not_a_number_in_brackets(word, mark, carried):
    from columnrag.loaders.engine.table_notes import _carries

    assert _carries(word, mark) is carried


def test_a_long_table_s_parts_stay_within_the_limit_its_notes_in_the_last():
    from columnrag.chunking.tables import table_parts

    rows = "\n".join(f"| {k:02d}/03 | INV-{4100 + k} | {10 * k}.50 |" for k in range(1, 13))
    notes = "Source: ledger export of March 2024, all amounts in euros."
    text = "Table 5. Ledger\n\n| Date | Ref | Debit |\n| --- | --- | --- |\n" + rows + "\n\n" + notes
    block = LayoutBlock(Box(0, 0, 1, 1), 0, 0, 0, TABLE, 0, len(text), rows=[], header_rows=1,
                        caption="Table 5. Ledger", notes=notes)
    parts = table_parts(text, block, len, 150)
    assert len(parts) > 2 and all(len(p) <= 150 for p, _ in parts)
    assert parts[-1][0].endswith("\n\n" + notes) and not any(notes in p for p, _ in parts[:-1])
    assert all(text[offset:].startswith(p.split("\n")[4]) for p, offset in parts)


@pytest.mark.parametrize("label_y, label_heads_both", [(113, True), (128, False)])
def test_a_header_in_two_tiers_is_two_header_rows_its_heads_over_both_tiers_spanning(label_y, label_heads_both):
    # Headings over groups of columns, a rule under the groups only, the columns' own heads under
    # it, a rule across the table. "Total carrying" goes on under the groups' level in a column
    # the short rule does not cross; the labels' head set in the header's middle heads both tiers,
    # set on the lower tier's line ("Name" beside "Second" under "Test Conditions") only that one.
    words = proportional("Fixed interest rate", 200, 100) + proportional("Total carrying", 340, 100)
    words += proportional("Instruments", 72, label_y)
    words += proportional("1 year", 200, 116) + proportional("5 years", 270, 116) + proportional("amount", 340, 116)
    words += proportional("$", 200, 128) + proportional("$", 270, 128) + proportional("as per sheet", 340, 128)
    rows = [["Cash", "3,004", "\u2013", "3,004"], ["Trade debtors", "\u2013", "2,716", "2,716"],
            ["Other debtors", "811", "428", "1,239"], ["Loans", "\u2013", "11,184", "11,184"]]
    words += cell_words(rows, [72, 200, 270, 340], 146)
    rules = merge_rules([Box(190, 112, 330, 112), Box(70, 142, 420, 142)], S)
    table = build_table(Box(70, 95, 420, 215), words, rules, S)
    assert table is not None and table.header_rows == 2
    label = "Instruments" if label_heads_both else ""
    assert texts(table)[:2] == [
        [label, "Fixed interest rate", "Fixed interest rate", "Total carrying amount as per sheet"],
        ["Instruments", "1 year $", "5 years $", "Total carrying amount as per sheet"]]
    assert texts(table)[2:] == rows
    # A rule under the header that only leaves out the labels' column, with rows under it and a
    # rule over the last row across the table: no group above it, one header row.
    words = cell_words([["", "Temp", "Rain"]], [72, 200, 280], 100)
    words += cell_words(ROWS[1:] + [["Total", "31.0", "4.6"]], [72, 200, 280], 116)
    rules = merge_rules([Box(190, 112, 330, 112), Box(70, 158, 330, 158)], S)
    table = build_table(Box(70, 95, 330, 180), words, rules, S)
    assert table is not None and table.header_rows == 1
    assert texts(table) == [["", "Temp", "Rain"]] + ROWS[1:] + [["Total", "31.0", "4.6"]]


def test_a_circuit_s_gates_in_rows_are_no_table_but_a_truth_table_is():
    # A quantum circuit's wires: a state, gates in boxes, a control dot, cells left empty between
    # them; no word, no number of two digits. A truth table of 0s and 1s fills every cell.
    circuit = [["|0⟩", "H", "Z(−Mθ)", "•", "H"], ["|0⟩", "H", "", "•", ""], ["|φ⟩", "/", "", "U", ""],
               ["|φ⟩", "", "X", "U", "Y"]]
    xs = [72, 120, 160, 220, 260]
    boxes = [Box(x - 3, 97 + 16 * r, x + 30, 113 + 16 * r) for r, row in enumerate(circuit)
             for x, text in zip(xs, row) if text and x > 72]
    edges = [Box(b.x0, y, b.x1, y) for b in boxes for y in (b.y0, b.y1)]
    rules = merge_rules(edges + [Box(x, b.y0, x, b.y1) for b in boxes for x in (b.x0, b.x1)], S)
    region = Box(70, 95, 300, 170)
    assert build_table(region, cell_words(circuit, xs, 100), rules, S) is None
    truth = [["p", "q", "r"], ["0", "0", "0"], ["0", "1", "1"], ["1", "0", "1"], ["1", "1", "1"]]
    assert texts(build_table(region, cell_words(truth, xs, 100), Rules(), S)) == truth
    sparse = [["|0⟩", "H", "Z(−Mθ)", "•", "H"], ["|0⟩", "H", "", "•", "22"], ["|φ⟩", "/", "", "U", ""],
              ["|φ⟩", "", "X", "U", "Y"]]  # a number of two digits: a table's
    assert build_table(region, cell_words(sparse, xs, 100), rules, S) is not None


def test_a_heading_flush_with_its_column_s_edge_is_its_own_not_a_group_s():
    # "Weighted average price" / "(in euro)" set flush right over a narrow column of prices, its
    # first line reaching into the gap after the column of counts: the price column's head, not a
    # heading over both (a group's heading is centred on its columns).
    def flush_right(text: str, right: float, y: float) -> list[Word]:
        words = proportional(text, 0, y)
        shift = right - words[-1].x1
        return [Word(w.x0 + shift, w.y0, w.x1 + shift, w.y1, w.text, w.seq) for w in words]

    words = flush_right("Weighted average price", 400, 100) + flush_right("Total number", 290, 112)
    words += flush_right("(in euro)", 400, 112)
    rows = [("Options granted", "0", "-"), ("Options exercised", "270,761", "41.00"), ("Options cancelled", "12,500", "38.50")]
    for r, (label, count, price) in enumerate(rows):
        words += proportional(label, 72, 130 + 16 * r) + flush_right(count, 290, 130 + 16 * r)
        words += flush_right(price, 400, 130 + 16 * r)
    table = build_table(Box(70, 95, 405, 185), words, Rules(), S)
    assert table is not None
    assert texts(table)[0] == ["", "Total number", "Weighted average price (in euro)"]
    assert [row[2] for row in texts(table)[1:]] == ["-", "41.00", "38.50"]


def test_a_heading_over_four_columns_with_its_rule_heads_all_four_once():
    # Centred over four columns, its middle in the gap between the middle two: the rule under the
    # four says it heads them all, its words once in each.
    words = proportional("Quarterly results", 230, 100)
    rows = [["Region", "Q1", "Q2", "Q3", "Q4"], ["North", "1.2", "1.3", "1.1", "1.4"], ["South", "0.9", "1.0", "1.1", "0.8"],
            ["East", "1.5", "1.4", "1.6", "1.7"]]
    words += cell_words(rows, [72, 170, 220, 290, 340], 116)
    rules = merge_rules([Box(165, 113, 365, 113), Box(70, 129, 370, 129)], S)
    table = build_table(Box(70, 95, 370, 180), words, rules, S)
    assert table is not None
    assert texts(table)[:2] == [["", "Quarterly results", "Quarterly results", "Quarterly results", "Quarterly results"],
                                rows[0]]


def test_percent_signs_set_apart_after_their_numbers_are_a_table_s_units():
    # "12.5 %": the sign a space after its number, in every cell; units, not an equation's
    # symbols (an equation sets its signs between letters).
    rows = [["North", "12.5 %", "11.0 %"], ["South", "30.2 %", "28.4 %"], ["East", "41.0 %", "44.9 %"],
            ["West", "16.3 %", "15.7 %"]]
    table = build_table(Box(70, 95, 400, 170), cell_words(rows, [72, 250, 330], 100), Rules(), S)
    assert table is not None and texts(table) == rows


def test_a_table_ruled_under_every_row_runs_to_its_last_rule_each_label_centred_on_its_lines():
    # A table of functions ruled across under every row: each label set against the middle
    # line of its three lines of description, in loose leading (lines 3.5 pt apart). Only the
    # header and the first labelled line make a candidate; the rules under the rows below, each
    # row's words keeping to the two columns, carry the table down to its last rule.
    descriptions = [["Generate a search query and invoke", "the search tool and append all the",
                     "papers it returns to the queue."],
                    ["Generate a subsection name, then", "add all papers cited in the sub-",
                     "section to the paper queue."],
                    ["Reset the context to the query", "and to the next paper in", "the paper queue."]]
    labels = ["[Search]", "[Expand]", "[Stop]"]
    pitch = HEIGHT + 3.5
    words = proportional("Name", 76, 104) + proportional("Implementation", 130, 104)
    rules = [100.0, 118.0]
    y = 122.0
    for label, lines in zip(labels, descriptions):
        for k, line in enumerate(lines):
            words += proportional(line, 130, y + k * pitch, len(words))
        words += proportional(label, 76, y + pitch, len(words))
        y += 3 * pitch + 4
        rules.append(y - 2)
    prose = column(numbered_lines("P", 4, 6), 72, y + 30)
    drawing = Drawing([Box(72, r, 330, r) for r in rules])
    layout = place_tables(analyze_page(words + prose, 612, 792, S), lambda: drawing, S)
    tables = [b for b in layout.blocks if isinstance(b, TableBlock)]
    assert len(tables) == 1 and tables[0].table is not None
    assert texts(tables[0].table) == [["Name", "Implementation"]] + [
        [label, " ".join(lines)] for label, lines in zip(labels, descriptions)]
    # A column of numbers around a centred label is rows of their own, each under that label.
    numbers = proportional("Model", 76, 122 + pitch) + [w for k, v in enumerate(["0.1", "0.3", "0.5"])
                                                        for w in proportional(v, 130, 122 + k * pitch)]
    table = build_table(Box(72, 100, 330, 170), proportional("Name", 76, 104) + proportional("Score", 130, 104)
                        + numbers, merge_rules([Box(72, r, 330, r) for r in (100, 118, 170)], S), S)
    assert table is not None and [row[1] for row in texts(table)[1:]] == ["0.1", "0.3", "0.5"]


def _grid_with_block(rows: range, cols: range) -> tuple[list[Word], Rules]:
    """A ruled grid of 5 x 5 cells, one word each, but for one block of cells (`rows` by
    `cols`) that no rule parts, holding two lines of its own."""
    xs, ys = [72.0 + 60 * k for k in range(6)], [100.0 + 24 * k for k in range(6)]
    lines: list[Box] = []
    for r, y in enumerate(ys):  # a rule inside the block's rows stops at it
        inner = 0 < r and rows.start < r < rows.stop
        lines += [Box(xs[0], y, xs[cols.start], y), Box(xs[cols.stop], y, xs[-1], y)] if inner else [Box(xs[0], y, xs[-1], y)]
    for k, x in enumerate(xs):
        inner = cols.start < k < cols.stop
        lines += [Box(x, ys[0], x, ys[rows.start]), Box(x, ys[rows.stop], x, ys[-1])] if inner else [Box(x, ys[0], x, ys[-1])]
    words: list[Word] = []
    for r in range(5):
        for k in range(5):
            if r not in rows or k not in cols:
                words += proportional(f"r{r}c{k}", xs[k] + 4, ys[r] + 6, len(words))
    middle = (ys[rows.start] + ys[rows.stop]) / 2
    words += proportional("Block", xs[cols.start] + 10, middle - 12, len(words))
    words += proportional("attributes", xs[cols.start] + 10, middle + 2, len(words))
    return words, merge_rules(lines, S)


def test_a_cell_spanning_three_rows_and_three_columns_is_a_diagram_s_box_not_a_table_s():
    # A header's corner spans two rows and two columns; a box three by three inside a frame of
    # other boxes is a diagram's class box read over the rules around it.
    words, rules = _grid_with_block(range(1, 3), range(1, 3))
    table = build_table(Box(72, 100, 372, 220), words, rules, S)
    assert table is not None and len(table.cells) == 5
    assert sum(" ".join(w.text for w in cell) == "Block attributes" for row in table.cells for cell in row) == 4
    words, rules = _grid_with_block(range(1, 4), range(1, 4))
    assert build_table(Box(72, 100, 372, 220), words, rules, S) is None


def test_a_value_run_up_against_its_label_s_dot_leader_is_the_next_column_s():
    """"Larceny-theft. . . . . .1,080.1": a leader clipped short of a right-aligned number, whose
    box then starts at the last dot, as one cell with the label. The value is the first column's,
    not the label's."""
    rows = [("Burglary.", "240.9", "60.3"), ("Larceny-theft.", "1,080.1", "258.1"), ("Arson.", "9.8", "4.3"),
            ("Fraud.", "173.7", "5.1")]
    words: list[Word] = cell_words([["Offense", "Total", "Minors"]], [72, 180, 240], 100)
    for r, (label, total, minors) in enumerate(rows):
        y = 116 + 16 * r
        words += proportional(label, 72, y)
        x = words[-1].x1 + 2.5
        while x < 170:
            words.append(Word(x, y, x + 2.5, y + HEIGHT, "."))
            x += 5.0
        glued = r % 2  # (the others' leaders stop short, their values set apart)
        words.append(Word(words[-1].x1 if glued else 195, y, 215, y + HEIGHT, total))  # its box from the last dot
        words += proportional(minors, 240, y)
    t = build_table(Box(72, 100, 300, 180), words, Rules(), S)
    assert t is not None
    assert [[" ".join(w.text for w in cell if w.text != ".") for cell in row] for row in t.cells] == [
        ["Offense", "Total", "Minors"]] + [list(row) for row in rows]


def test_a_number_a_cell_draws_in_two_pieces_reads_whole():
    """"11,062." and "6" set less than a space apart (a bold font's figures set loose after the
    decimal point): one value, "11,062.6". Two values a space apart, or words, stay as drawn."""
    from columnrag.loaders.text.tables import cell_text

    def joined(lines: list[list[Word]]) -> str:
        return " ".join(w.text for line in lines for w in line)

    def cell(first: str, second: str, gap: float) -> list[Word]:
        a = Word(100, 100, 100 + CHAR_W * len(first), 100 + HEIGHT, first)
        return [a, Word(a.x1 + gap, 100, a.x1 + gap + CHAR_W * len(second), 100 + HEIGHT, second)]

    assert cell_text(cell("11,062.", "6", 1.6), joined) == "11,062.6"
    assert cell_text(cell("(904.", "5)", 1.0), joined) == "(904.5)"
    assert cell_text(cell("11,062.", "6", 4.0), joined) == "11,062. 6"  # a space apart
    assert cell_text(cell("Fig.", "6", 1.6), joined) == "Fig. 6"


def _page_text(words: list[Word]) -> str:
    from columnrag.loaders.engine.furniture import mark_furniture
    from columnrag.loaders.text.render import page_text
    layout = place_tables(analyze_page(words, 612, 792, S), Drawing, S)
    mark_furniture([layout])
    return page_text(layout, S)[0]


def test_a_list_of_terms_whose_definitions_wrap_onto_many_lines_reads_term_by_term():
    # A manual page's tagged paragraphs (find's "%h", ssh's "DISPLAY"): a term, its definition
    # beside it, wrapped at the definition's indent onto more lines than a table's cell wraps
    # onto. The list is text, each definition after its term: never a table of the terms with
    # one line of each definition and the rest read apart.
    wrapped = ["Dirname; the leading directories of the name of the file, all but its last element. If",
               "the name contains no slashes, since it is in the current directory, the specifier expands",
               "to a dot. For files which are themselves directories and contain a slash, the specifier",
               "expands to the empty string. See the examples section for an example of its use with",
               "the print action, and the section on format directives for the other ones like it here."]
    short = [["Type of the filesystem the file is on; this value can be used for fstype."],
             ["The group name of the file, or its numeric group ID if the group has no name."],
             ["The inode number of the file (in decimal)."], ["Number of hard links to the file."]]
    entries = [(f"%{k}", lines) for k, lines in enumerate(short + [wrapped] + short + [wrapped] + short)]
    words, expected, y = [], [], 100.0
    for term, lines in entries:
        words += proportional(term, 144, y, len(words))
        for k, line in enumerate(lines):
            words += proportional(line, 180, y + 12 * k, len(words))
        expected += [term, *lines]
        y += 12 * len(lines) + 4.8
    text = _page_text(words)
    assert "|" not in text
    assert text.split() == " ".join(expected).split()


def test_a_line_of_prose_over_a_table_running_on_past_its_edge_is_no_header():
    # find's HISTORY: a paragraph's last line, over a table, set with a wide space after a full
    # stop, runs on far past the table's right edge. Its part over the table looks like a header
    # wrapped onto a line above the table's (cells over its columns); the line is the
    # paragraph's, whole and before the table.
    para = ["As of version 4.3.11, the delete action sets the exit status to a nonzero value when it fails.",
            "It will not exit at once.", "Previously, its exit status was unaffected by a failure."]
    words = proportional(para[0], 108, 100) + proportional(para[1], 108, 112, 1000)
    words += proportional(para[2], words[-1].x1 + 5, 112, 2000)
    rows = [["Feature", "Added in", "Also occurs in"], ["files0-from", "4.9.0", ""], ["newerXY", "4.3.3", "BSD"],
            ["readable", "4.3.0", ""], ["writable", "4.3.0", ""], ["executable", "4.3.0", ""],
            ["regextype", "4.2.24", ""], ["execdir", "4.2.12", "BSD"], ["okdir", "4.2.12", ""],
            ["samefile", "4.2.11", ""], ["follow", "4.2.5", "POSIX"], ["delete", "4.2.3", ""],
            ["quit", "4.2.3", ""], ["printf", "4.1.0", "BSD"]]
    words += cell_words(rows, [108, 209, 261], 128, pitch=12.0)
    text = _page_text(words)
    assert " ".join(text.split()).startswith(" ".join(para)), text
    assert "| Feature | Added in | Also occurs in |" in text


def test_a_block_whose_lines_run_on_above_and_below_a_table_is_read_around_it():
    # Rows of a list read as one block, a table found among them: the table goes between the
    # lines above it and those below, not before or after the whole block.
    from columnrag.loaders.engine.tables import _take_out
    t = _table(72, 64)
    lines = [Line(proportional(text, 72, y)) for text, y in (("The first item of the list", 40), ("and its second", 52))]
    lines += [Line([w for cell in row for w in cell]) for row in t.cells]
    lines += [Line(proportional(text, 72, y)) for text, y in (("The third item after it", 104), ("and the last", 116))]
    layout = PageLayout(612, 792)
    layout.usual_height = HEIGHT
    layout.blocks = [Block(lines)]
    _take_out(layout, [t.box])
    place_table(layout, t, S)
    assert [b.kind for b in layout.blocks] == ["text", TABLE, "text"]
    assert [line.text for line in layout.blocks[2].lines] == ["The third item after it", "and the last"]


@pytest.mark.parametrize("last_line, after", [
    ("directive.", [(180, "A literal percent sign follows the table in the same manner as the list.")]),
    ("directive, and the list of the time fields which follows it here, of which there are many.",
     [(180, "@"), (216, "seconds since the epoch.")]),
    ("directive, and the list of the time fields which follows it here, of which there are many.",
     [(180, "The use of such directives in newer versions is controlled by the file named in the configuration, as below.")])])
def test_a_table_s_last_cell_wrapped_onto_lines_of_its_own_ends_the_table(last_line, after):
    # find's %-directives: a table without rules of short rows whose last cell wraps onto lines
    # of its own, at the cell's edge, under lines that filled the cell's width. Those lines are
    # the cell's, not text after the table. A line at the same edge under a short line ends
    # the cell; so does a row with a wide gap in it (a nested list's "@   seconds since ..."), and
    # a line that runs on past the cell's width (the next paragraph's, indented as far).
    rows = [("\\a", "Alarm bell."), ("\\b", "Backspace."), ("\\c", "Stop printing from this format immediately."),
            ("\\f", "Form feed."), ("\\n", "Newline."), ("\\r", "Carriage return."), ("\\t", "Horizontal tab."),
            ("\\v", "Vertical tab."), ("\\0", "ASCII NUL.")]
    wrapped = ["File's last access time in the format specified by k, which is either a sign or a directive for",
               "the C strftime function. The following shows an incomplete list of possible values for the",
               last_line]
    words, y = [], 100.0
    for term, text in rows:
        words += proportional(term, 144, y, len(words))
        words += proportional(text, 180, y, len(words))
        y += 16.8
    words += proportional("%Ak", 144, y, len(words))
    for k, line in enumerate(wrapped):
        words += proportional(line, 180, y + 12 * k, len(words))
    y += 12 * len(wrapped)
    for x, part in after:
        words += proportional(part, x, y, len(words))
    text = _page_text(words)
    assert f"| %Ak | {' '.join(wrapped)} |" in text, text
    assert text.rstrip().endswith(" ".join(part for _, part in after)), text


@pytest.mark.parametrize("last", ["variables attributes of their own:", "given."])
def test_a_paragraph_s_last_line_set_close_over_a_table_is_no_header(last):
    # bash's declare: a paragraph ends in a short line ("attribute or to give variables
    # attributes:", or find's "printed.") set at its line pitch over a table of options, under a
    # wider line of the paragraph that starts where it starts and runs over the table's column
    # gap as one cell, as prose does: it is the paragraph's, not a header over the table.
    para = ["If there is no existing variable, the local variable is initially unset, and the following",
            "options can be used to restrict output to variables with the specified attribute or to give",
            last]
    rows = [("-a", "Each name is an indexed array variable."), ("-A", "Each name is an associative array variable."),
            ("-f", "Use function names only."), ("-i", "The variable is treated as an integer."),
            ("-l", "All upper-case characters are converted to lower-case."),
            ("-n", "Give each name the nameref attribute.")]
    words, y = [], 100.0
    for line in para:
        words += proportional(line, 144, y, len(words))
        y += 12
    for term, text in rows:
        words += proportional(term, 144, y, len(words))
        words += proportional(text, 180, y, len(words))
        y += 12
    text = _page_text(words)
    assert " ".join(text.split()).startswith(" ".join(para) + " | -a | Each name is an indexed array variable. |"), text



def _typed(line: str, x: float, y: float, pitch: float = 4.7) -> list[Word]:
    """A line typed in a typewriter face: each word where its first character's column puts it."""
    out, col = [], 0
    for part in line.split(" "):
        if part:
            out.append(Word(x + col * pitch, y, x + (col + len(part)) * pitch, y + HEIGHT, part))
        col += len(part) + 1
    return out


def test_code_of_commands_typed_with_spaces_is_a_listing_and_a_tabular_of_commands_is_not():
    # revtex's source in a typewriter face, its arguments lined up with spaces: "\\setlength
    # \\paperheight {297mm}%", few words of letters alone, every character as wide as the next
    # and every gap a whole number of spaces: a listing. The same commands set in a tabular
    # (physics' "\\sin(x)  \\sinh(x)  \\arcsin(x)") part their columns by other widths: a table.
    # A proportional face's words alike ("sinh(x)", "arcsin(x)") are no typewriter text.
    from columnrag.loaders.engine.table_regions import typed_listing
    code = ["\\def\\makefrontmatter{%", "  \\pagestyle   {empty}", "  \\pagenumbering {roman}", "  \\maketitlepage",
            "  \\pagestyle   {empty}  \\makecopyrightpage", "  \\setcounter  {page}   {3}", "  \\pagestyle   {fancy}"]
    listing = [w for k, line in enumerate(code) for w in _typed(line, 72, 100 + 12 * k)]
    assert typed_listing(listing, S)
    commands = [["\\sin(x)", "\\sinh(x)", "\\arcsin(x)"], ["\\cos(x)", "\\cosh(x)", "\\arccos(x)"],
                ["\\tan(x)", "\\tanh(x)", "\\arctan(x)"], ["\\csc(x)", "\\csch(x)", "\\arccsc(x)"]]
    tabular = [w for k, row in enumerate(commands) for x, t in zip([72, 117.3, 166.1], row)
               for w in _typed(t, x, 100 + 12 * k)]
    assert not typed_listing(tabular, S)
    faces = [Word(72 + 40 * j, 100 + 12 * k, 72 + 40 * j + width * len(t), 110 + 12 * k, t)
             for k, row in enumerate([["sinh(x)", "arcsin(x)", "asin(x)"], ["cosh(x)", "arccos(x)", "acos(x)"],
                                      ["tanh(x)", "arctan(x)", "atan(x)"]])
             for j, (t, width) in enumerate(zip(row, [4.46, 4.33, 4.38]))]
    assert not typed_listing(faces, S)




def _tall_rows(cells: list[list[str]], xs: list[float], y0: float, pitch: float, height: float) -> list[Row]:
    """Rows of cells whose word boxes stand taller than the rows' pitch (a font whose ascent and
    descent MuPDF takes for its glyphs': each line's box overlaps the next one's)."""
    words = [Word(w.x0, w.y0, w.x1, w.y0 + height, w.text, w.seq) for w in cell_words(cells, xs, y0, pitch)]
    return make_rows(words, S.row_overlap)


def test_two_candidates_one_under_the_other_are_two_even_where_tall_boxes_overlap():
    # mnras_guide's Table 5, redrawn: the rows above and below a row that cuts the column gaps
    # are found as two candidates, the lower's first box overlapping the upper's last by a
    # little. They hold other rows: both are kept (the same rows found twice are one).
    cells = [[f"\\cmd{k}", f"Smith {2000 + k}"] for k in range(10)]
    rows = _tall_rows(cells, [124, 250], 80, 9.3, 11.0)
    upper, lower = Candidate(rows[:5], 0), Candidate(rows[5:], 1)
    assert upper.box.y1 > lower.box.y0  # (the boxes do overlap)
    assert not _share_rows(upper, lower)
    assert _share_rows(upper, Candidate(rows[2:5], 1))


def test_a_ruled_table_found_in_two_pieces_is_one_though_its_tall_boxes_overlap():
    cells = [[f"\\cmd{k}", f"Smith {2000 + k}"] for k in range(10)]
    rows = _tall_rows(cells, [124, 250], 80, 9.3, 11.0)
    words = [w for r in rows for w in r.words]
    rules = Rules([Segment(76, 118, 400), Segment(rows[-1].y1 + 2, 118, 400)], [])
    [box] = _stacked_in_rules([Candidate(rows[:5], 0), Candidate(rows[5:], 1)], rules, words, set(), S)
    assert (box.y0, box.y1) == (76, rows[-1].y1 + 2)
