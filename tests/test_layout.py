"""The reading-order engine on plain boxes: no PDF involved."""
from __future__ import annotations

import random
import signal

import pytest

from hypothesis import given, settings, strategies as st

from columnrag.loaders import LayoutSettings, Word, analyze_page
from columnrag.loaders.engine.furniture import mark_furniture
from columnrag.loaders.engine.table_rules import Rules, Segment
from columnrag.loaders.text.lexicon import known_words
from columnrag.loaders.text.ligatures import f_ligatures_collapsed
from columnrag.loaders.text.render import normalize, page_text

from .boxes import CHAR_W, HEIGHT, PITCH, SPACE, column, line_words, numbered_lines, reseq, small_line


def read(words: list[Word], **kw) -> list[str]:
    layout = analyze_page(words, 612, 792, LayoutSettings(**kw))
    mark_furniture([layout])
    return page_text(layout, LayoutSettings(**kw))[0].split()


def row_major(words: list[Word]) -> list[Word]:
    return reseq(sorted(words, key=lambda w: (w.y0, w.x0)))


def test_two_columns_read_left_then_right_whatever_the_drawing_order():
    left = column(numbered_lines("L", 20), 72, 100)
    right = column(numbered_lines("R", 20), 320, 100)
    expected = [w.text for w in left + right]
    assert read(row_major(left + right)) == expected
    shuffled = left + right
    random.Random(1).shuffle(shuffled)
    assert read(reseq(shuffled)) == expected


def test_three_columns_with_a_narrow_gutter():
    cols = [column(numbered_lines(p, 15, 3), x, 100) for p, x in (("A", 72), ("B", 156), ("C", 240))]
    # Each line is 3 words of 5-6 chars: about 80 pt wide, so the gutters are about 4-6 pt.
    words = [w for c in cols for w in c]
    assert read(row_major(words)) == [w.text for w in words]


def test_full_width_band_between_two_column_bands():
    title = line_words("Title of the whole report spanning everything here", 72, 60)
    top_l = column(numbered_lines("TL", 8), 72, 100)
    top_r = column(numbered_lines("TR", 8), 320, 100)
    band = column([" ".join(f"F{k}w{j}" for j in range(14)) for k in range(3)], 72, 220)
    bot_l = column(numbered_lines("BL", 8), 72, 280)
    bot_r = column(numbered_lines("BR", 8), 320, 280)
    words = title + top_l + top_r + band + bot_l + bot_r
    assert read(row_major(words)) == [w.text for w in words]


def test_three_column_band_under_two_column_band():
    top = column(numbered_lines("TL", 10), 72, 100) + column(numbered_lines("TR", 10), 320, 100)
    head = line_words("Section spanning the page width to separate these bands", 72, 240)
    low = [w for p, x in (("A", 72), ("B", 240), ("C", 408)) for w in column(numbered_lines(p, 10, 3), x, 270)]
    words = top + head + low
    assert read(row_major(words)) == [w.text for w in words]


def _nested_list(prefix: str, x: float, y: float, n: int) -> list[Word]:
    """Items of a list nested five deep, a line each, indented by their depth, ragged right."""
    words: list[Word] = []
    for k in range(n):
        depth = [0, 1, 2, 3, 4, 3, 2, 1][k % 8]
        words += line_words(" ".join([f"{prefix}{k}item"] + ["word"] * (2 + (k * 7) % 4)), x + 12 * depth,
                            y + 2 * k * PITCH)
    return words


def test_a_rule_drawn_down_between_ragged_columns_parts_them_whatever_the_drawing_order():
    # Two columns of nested lists, 8.5 points apart, a rule drawn down the middle of the gap
    # (LaTeX's \columnseprule, a newspaper's column rules): neither side lines up with an edge,
    # and the words alone read rows across. The rule parts them; boxed in by rules across at
    # both its ends (a table's frame) it does not.
    left, right = _nested_list("L", 66, 100, 20), _nested_list("R", 258, 100, 20)
    assert max(w.x1 for w in left) == 249.5
    shuffled = left + right
    random.Random(3).shuffle(shuffled)
    words = reseq(shuffled)
    top, bottom = 95.0, 100 + 40 * PITCH
    rule = Segment(254, top, bottom)

    def read_ruled(rules: Rules | None) -> list[str]:
        layout = analyze_page(words, 612, 792, LayoutSettings(), rules=None if rules is None else lambda: rules)
        return page_text(layout, LayoutSettings())[0].split()

    columns = [w.text for w in left + right]
    assert read_ruled(None) != columns  # (the case: without the rule, rows across)
    assert read_ruled(Rules([], [rule])) == columns
    assert read_ruled(Rules([Segment(top, 60, 500)], [rule])) == columns  # hung from a rule under a masthead
    boxed = Rules([Segment(top, 60, 500), Segment(bottom, 60, 500)], [rule])
    assert read_ruled(boxed) == read_ruled(None)
    crossed = Rules([Segment(300, 60, 500)], [rule])  # a rule across between rows: a table's grid
    assert read_ruled(crossed) == read_ruled(None)


def test_single_column_with_indented_list_is_never_split():
    lines = numbered_lines("P", 6, 12) + ["- item one is short", "- item two", "- item three"]
    words = column(lines[:6], 72, 100) + column(lines[6:], 90, 100 + 6 * 12) + column(numbered_lines("Q", 4, 12), 72, 220)
    assert read(row_major(words)) == [w.text for w in row_major(words)]


def _monospaced(text: str, x: float, y: float, pitch: float = 6.0) -> list[Word]:
    """A line in a typewriter face: every character, spaces too, `pitch` points wide."""
    out, at = [], 0
    for token in text.split(" "):
        out.append(Word(x + at * pitch, y, x + (at + len(token)) * pitch, y + HEIGHT, token))
        at += len(token) + 1
    return out


def test_a_listing_s_lines_whose_spaces_line_up_with_a_table_s_column_gap_are_read_whole():
    # libtasn1's manual: a command's usage in a typewriter face over its options table. The 20th
    # character of both lines is a space, right where the table's column gap runs: the lines
    # must not be cut there into two columns.
    lines = ["Read the whole file of definitions and generate an array",
             "Mandatory arguments to long options are mandatory for short options too."]
    assert all(line[19] == " " for line in lines)
    words = [w for k, line in enumerate(lines) for w in _monospaced(line, 90, 100 + 26 * k)]
    options = [("-c, --check", "checks the syntax only"), ("-o, --output=FILE", "output file"),
               ("-n, --name=NAME", "array name"), ("-h, --help", "display this help and exit"),
               ("-v, --version", "output version information and exit")]
    for k, (flag, meaning) in enumerate(options):
        words += _monospaced(flag, 101, 140 + 13 * k) + line_words(meaning, 227, 140 + 13 * k)
    layout = analyze_page(reseq(words), 612, 792)
    text = page_text(layout)[0]
    assert all(line in text.split("\n") for line in lines), text


def test_a_command_s_options_typed_in_one_typewriter_face_are_read_as_lines():
    # libtasn1's manual again, here all in the typewriter face: each option and what it does
    # typed on one line, the second column lined up with spaces. The strip left of that column
    # is no gutter (the line over it crosses there at a word space): every row is a line.
    pitch = 6.0
    usage = ["Usage: tool [OPTION] DEFINITIONS ENCODED TYPE",
             "Decodes the data in the ENCODED file for the TYPE element."]
    options = [("-b, --benchmark", "perform a benchmark on decoding"), ("-s, --strict", "use strict decoding"),
               ("-t, --no-time-strict", "use strict decoding but not in time fields"),
               ("-h, --help", "display this help and exit"), ("-v, --version", "output version information and exit")]
    words = [w for k, line in enumerate(usage) for w in _monospaced(line, 90, 100 + 13 * k, pitch)]
    for k, (flag, meaning) in enumerate(options):
        y = 140 + 13 * k
        words += _monospaced(flag, 90 + 2 * pitch, y, pitch) + _monospaced(meaning, 90 + 24 * pitch, y, pitch)
    expected = usage + [f"{flag} {meaning}" for flag, meaning in options]
    for order in (row_major(words), reseq(random.Random(3).sample(words, len(words)))):
        lines = page_text(analyze_page(order, 612, 792))[0].split("\n")
        assert all(line in lines for line in expected), lines


def test_two_columns_in_a_typewriter_face_off_each_other_s_character_grid_stay_columns():
    # The guard above reads rows as lines only where every row's gap is a whole number of
    # spaces: two columns set apart fall on one character grid by chance only.
    pitch = 6.0
    assert (320 - 72) / pitch % 1 > 0.2
    left = [w for k, line in enumerate(numbered_lines("L", 12, 4)) for w in _monospaced(line, 72, 100 + 13 * k, pitch)]
    right = [w for k, line in enumerate(numbered_lines("R", 12, 4)) for w in _monospaced(line, 320, 100 + 13 * k, pitch)]
    assert read(row_major(left + right)) == [w.text for w in left + right]


def test_a_contents_list_keeps_its_page_numbers_beside_a_column_of_prose():
    # REVTeX's author guide: a contents list in the left column, each title's page number set
    # flush right at the column's edge, prose in the right column; above them a centred date
    # line whose word space lines up with the gap between the titles and their numbers, which
    # makes that gap run two rows further than the gutter beyond the numbers.
    date = [Word(258, 100, 289, 108, "(Dated:"), Word(293, 100, 333, 108, "December"),
            Word(336, 100, 358, 108, "2018)")]
    heads = line_words("CONTENTS", 147, 126) + line_words("INTRODUCTION", 405, 126)
    titles = ["Introduction", "Formatting the manuscript", "Marking up the front matter and the authors",
              "References", "Body of the paper", "Math markup", "Figures and their placement", "Tables"]
    toc, prose = [], []
    for k in range(24):
        y = 152 + PITCH * k
        title = line_words(f"{k + 1}. {titles[k % len(titles)]}", 70, y)
        toc += title + [Word(294, y, 299, y + HEIGHT, str(1 + k // 5))]
        prose += line_words(f"p{k}a articles published in journals are p{k}b", 317, y)
    assert max(w.x1 for w in toc if not w.text.isdigit()) < 289
    layout = analyze_page(reseq(date + heads + toc + prose), 612, 792)
    text = page_text(layout)[0]
    lines = text.split("\n")
    assert "1. Introduction 1" in lines and "24. Tables 5" in lines, text
    assert "(Dated: December 2018)" in lines
    assert not any(line[:1].isdigit() and " p" in line and "articles" in line for line in lines)
    # IEEE PES's documentation: the titles end far from their numbers (a clear gap), the strip
    # beyond the numbers is narrower; only the numbers stand between the two strips.
    toc, prose = [], []
    for k in range(17):
        y = 152 + 2 * PITCH * k
        toc += line_words(titles[k % len(titles)], 70, y) + [Word(281, y, 286, y + HEIGHT, str(1 + k // 3))]
        prose += line_words(f"q{k}a this document is the documentation for q{k}b", 293, y)
        prose += line_words(f"r{k}a the package which implements the layout r{k}b", 293, y + PITCH)
    layout = analyze_page(reseq(toc + prose), 612, 792)
    lines = page_text(layout)[0].split("\n")
    assert "Introduction 1" in lines and "Figures and their placement 3" in lines, lines
    assert not any(line[:1].isdigit() for line in lines if "document" in line or "package" in line)


def test_a_contents_list_in_two_columns_with_dot_leaders_keeps_each_line_whole():
    # schule's contents: two columns of entries, chapters without leaders, sections with dots
    # set on one grid (TeX's leaders line up from line to line), page numbers flush right. The
    # strips between the dots must not part the columns' lines; the gutter is beyond the numbers.
    def entry(title: str, number: str, x: float, right: float, y: float, leaders: bool) -> list[Word]:
        words = line_words(title, x + (0 if not leaders else 11), y)
        if leaders:
            dot = 8.5 * (int(words[-1].x1 // 8.5) + 2)
            while dot < right - 25:
                words.append(Word(dot, y, dot + 2, y + HEIGHT, "."))
                dot += 8.5
        return words + [Word(right - 5 * len(number), y, right, y + HEIGHT, number)]

    words, expected = [], []
    for side, (x, right) in enumerate(((89, 293), (303, 506))):
        for k in range(14):
            leaders = k % 3 != 0
            title = f"{k + 20 * side}.{'1. Befehle' if leaders else 'Geschichte'}"
            number = str(41 + 2 * k + 20 * side)
            words += entry(title, number, x, right, 85 + 1.4 * PITCH * k, leaders)
            expected.append((title, number))
    lines = page_text(analyze_page(reseq(words), 612, 792))[0].split("\n")
    for title, number in expected:
        assert any(line.startswith(title) and line.endswith(" " + number) for line in lines), (title, lines)


def test_a_title_whose_boxes_stand_twice_its_line_pitch_reads_line_by_line():
    # tudscr's treatise: a title in Open Sans, 20 points, whose boxes are 56 points tall on a
    # 27-point pitch, so that each line's boxes overlap the next's by just over half their height.
    title = ["Ein Anwenderleitfaden für das Erstellen", "einer wissenschaftlichen Abhandlung"]
    words = []
    for k, line in enumerate(title):
        words += [Word(w.x0 * 2 - 72, 149.3 + 27.4 * k, w.x1 * 2 - 72, 205.7 + 27.4 * k, w.text)
                  for w in line_words(line, 72, 0)]
    words += column(numbered_lines("P", 10, 10), 72, 260)
    lines = page_text(analyze_page(reseq(words), 612, 792))[0].split("\n")
    assert lines[:2] == title, lines
    # A script under a word of the line, smaller than the line's type, stays in its line.
    base = line_words("the fact that B is much less than A holds", 72, 100)
    script = [Word(base[3].x1 - 2, 104.5, base[3].x1 + 8, 111.6, "1,39")]
    assert page_text(analyze_page(reseq(base + script), 612, 792))[0].count("\n") == 0


def test_signature_block_pairs_are_read_across():
    words = []
    for k, (a, b) in enumerate([("Prepared by", "Ana Torres"), ("Reviewed by", "Luis Ortega")]):
        words += line_words(a, 72, 400 + k * 12) + line_words(b, 300, 400 + k * 12)
    assert read(row_major(words)) == ["Prepared", "by", "Ana", "Torres", "Reviewed", "by", "Luis", "Ortega"]


def test_sparse_title_page_is_not_split():
    words = (line_words("Annual", 100, 100) + line_words("Report", 400, 100)
             + line_words("2024", 100, 300) + line_words("Company", 400, 300))
    assert read(reseq(words)) == ["Annual", "Report", "2024", "Company"]


def test_right_to_left_columns():
    left = column(numbered_lines("L", 12), 72, 100)
    right = column(numbered_lines("R", 12), 320, 100)
    got = read(row_major(left + right), right_to_left=True)
    assert got[:5] == [w.text for w in right[:5]]


def test_running_header_and_page_number_are_furniture():
    pages = []
    for n in range(3):
        words = line_words("Journal of Tests", 72, 30) + column(numbered_lines(f"p{n}x", 30), 72, 100)
        words += line_words(str(n + 1), 300, 760)
        pages.append(analyze_page(reseq(words), 612, 792))
    mark_furniture(pages)
    text, _ = page_text(pages[1])
    assert "Journal" not in text and "2" not in text.split()
    kinds = {b.kind for b in pages[1].blocks}
    assert {"header", "footer"} <= kinds
    kept, _ = page_text(pages[1], LayoutSettings(keep_furniture=True))
    assert kept.startswith("Journal of Tests")


def test_a_running_head_in_a_wide_margin_is_furniture_on_every_page_the_last_too():
    # The head sits 82 points down a Letter page (below the top tenth, where edge rows are set
    # apart before layout); the foot, 692 points down, above the bottom tenth. The last pages'
    # lines can only repeat the pages read before them, decided (and renumbered) already.
    def pages_with(line_y: float, text_y: float) -> list:
        pages = []
        for n in range(6):  # heads alternate: each repeats on every other page
            line = line_words(f"{n + 1} Ruth Dgani" if n % 2 else f"Planetary Nebulae {n + 1}", 107, line_y)
            pages.append(analyze_page(reseq(line + column(numbered_lines(f"p{n}x", 30), 107, text_y)), 612, 792))
        for n in range(6):  # as the reader does: each page decided once its neighbours are read
            mark_furniture(pages, targets=[n])
        return pages

    for pages in (pages_with(82, 111), pages_with(692, 300)):
        for n, page in enumerate(pages):
            text, _ = page_text(page)
            assert "Dgani" not in text and "Nebulae" not in text, n
            assert text.split()[0] == f"p{n}x0w0"
    # A line at the top of two pages only (an exercise's title, a table continued) is no running
    # head: one in the body must repeat on two other pages.
    pages = [analyze_page(reseq(line_words(f"Exercise {n + 3}", 107, 82) + column(numbered_lines(f"p{n}x", 30), 107, 111)),
                          612, 792) for n in range(2)]
    mark_furniture(pages)
    assert all(page_text(page)[0].startswith("Exercise") for page in pages)


def _set_in(words: list[Word], size: float) -> list[Word]:
    """Words of line_words set in type `size` points tall (widths in proportion), from the same
    top-left corner."""
    k, x0 = size / HEIGHT, words[0].x0
    return [Word(x0 + (w.x0 - x0) * k, w.y0, x0 + (w.x1 - x0) * k, w.y0 + size, w.text) for w in words]


def test_a_title_in_large_type_is_no_running_head_where_the_pages_after_carry_its_words():
    # The running head repeats the title in small type a little above where the title stands
    # (within the height tolerance); only the head in the same type on other pages is furniture.
    first = _set_in(line_words("Shared Database Specification", 150, 62), 24.0)
    pages_words = [first + column(numbered_lines("p0x", 30), 107, 120)]
    for n in range(1, 4):
        head = _set_in(line_words("Shared Database Specification", 400, 45), 8.0)
        pages_words.append(head + column(numbered_lines(f"p{n}x", 40), 107, 80))
    pages = _read_page_by_page(pages_words)
    assert page_text(pages[0])[0].startswith("Shared Database Specification")
    for page in pages[1:]:
        text, _ = page_text(page)
        assert "Shared" not in text and "header" in {b.kind for b in page.blocks}


def _read_page_by_page(pages_words: list[list[Word]]) -> list:
    """Letter pages laid out, each decided once its neighbours are read (as the reader does)."""
    pages = [analyze_page(reseq(words), 612, 792) for words in pages_words]
    for n in range(len(pages)):
        mark_furniture(pages, targets=[n])
    return pages


def test_a_paragraph_running_into_the_page_s_foot_zone_is_one_block_not_a_band_a_line():
    """A double-spaced page's last paragraph starts in the foot zone, set apart from the text
    above by its paragraph space: its lines are footer candidates, one block each. Nothing
    repeats them on the pages around, so they are text, and one paragraph, as on the page above."""
    def page(k: int) -> list[Word]:
        words: list[Word] = []
        for p in range(8):  # paragraphs of four lines, 16 pt apart, 30 pt between paragraphs
            for j in range(4):
                words += line_words(f"P{k}{p}{j} body text of the page that runs on and on here", 72,
                                    100 + p * 78 + j * 16)
        return words

    last = [f"Last{j} words of the final paragraph go on" for j in range(3)]
    pages_words = [page(k) for k in range(3)]
    pages_words[1] += [w for j, text in enumerate(last) for w in line_words(text, 72, 734 + j * 16)]
    blocks = [b for b in _read_page_by_page(pages_words)[1].blocks if b.lines[0].text.startswith("Last")]
    assert [[line.text for line in b.lines] for b in blocks] == [last]


def test_a_first_page_s_foot_with_a_part_of_its_own_is_furniture_where_the_rest_repeats():
    # ASME's journal template: the first page's foot carries the copyright between the journal's
    # name and "PREPRINT FOR REVIEW / 1"; the other pages' feet lack it. Less that part, it is
    # their foot. A last line of text that only shares a part with them stays text.
    pages_words = []
    for n in range(4):
        foot = line_words("Journal of Heat Transfer", 60, 757) + line_words(f"PREPRINT FOR REVIEW / {n + 1}", 429, 757)
        if n == 0:
            foot += line_words("Copyright 2022 by ASME", 248, 757)
        pages_words.append(column(numbered_lines(f"p{n}x", 40), 60, 100) + foot)
    pages = _read_page_by_page(pages_words)
    for page in pages:
        text = page_text(page)[0]
        assert "PREPRINT" not in text and "Copyright" not in text, text[-200:]
    lone = [column(numbered_lines(f"q{n}x", 40), 60, 100) + line_words("Journal of Heat Transfer", 60, 757)
            + line_words(f"Figures {n + 1} and tables of the study", 300, 757) for n in range(4)]
    lone[0] = lone[0][:-7] + line_words("Figures and tables of the whole study", 300, 757)
    assert "Figures and tables of the whole study" in page_text(_read_page_by_page(lone)[0])[0]


def test_a_first_page_s_foot_with_two_parts_of_its_own_is_furniture_where_its_number_repeats():
    # APS journals: the first page's foot sets the article's page number between an ISSN line and
    # the copyright; the other pages' feet are the number alone ("035406-2"). That part alone is
    # their foot. A short row of three parts (a calendar's last days) stays text, though each of
    # its parts alone is a row of the other pages.
    pages_words = []
    for n in range(4):
        foot = line_words(f"035406-{n + 1}", 280, 757)
        if n == 0:
            foot = (line_words("2470-0045/2025/111(3)/035406(8)", 40, 757) + foot
                    + line_words("(c)2025 American Physical Society", 400, 757))
        pages_words.append(column(numbered_lines(f"p{n}x", 40), 60, 100) + foot)
    text = page_text(_read_page_by_page(pages_words)[0])[0]
    assert "Physical Society" not in text and "2470-0045" not in text, text[-200:]
    days = []
    for n in range(4):
        row = line_words("Sat", 280, 757) if n else (line_words("Sun 31", 60, 757) + line_words("Wed 31", 280, 757)
                                                     + line_words("Sat", 500, 757))
        days.append(column(numbered_lines(f"q{n}x", 40), 60, 100) + row)
    assert "Wed 31" in page_text(_read_page_by_page(days)[0])[0]


def test_a_running_foot_read_into_the_last_paragraph_is_furniture_where_other_pages_set_it_apart():
    # A page whose text runs down to its foot: the foot sits a line's space under the last line,
    # and the engine reads it as the paragraph's last line. The pages around set the same foot
    # apart at the same height. Where no page sets it apart, a paragraph's repeated last line
    # stays text: a form's or a generated document's lines repeat from page to page.
    def pages_with(full: set[int]) -> list:
        def page(n: int) -> list[Word]:
            lines = 55 if n in full else 40  # two paragraphs; 55 lines end one pitch above the foot
            text = numbered_lines(f"p{n}x", lines)
            return (column(text[:10], 72, 88 - PITCH) + column(text[10:], 72, 100 + 10 * PITCH)
                    + line_words("Journal of Tests 2024", 72, 760))
        return _read_page_by_page([page(n) for n in range(5)])

    pages = pages_with({2})
    assert [b.kind for b in pages[2].blocks].count("footer") == 1
    for n, page in enumerate(pages):
        words = page_text(page)[0].split()
        assert "Journal" not in words and words[-1] == f"p{n}x{54 if n == 2 else 39}w4", n
    assert page_text(pages[2], LayoutSettings(keep_furniture=True))[0].endswith("Journal of Tests 2024")
    for n, page in enumerate(pages_with({0, 1, 2, 3, 4})):
        assert page_text(page)[0].split()[-4:] == ["Journal", "of", "Tests", "2024"], n


def test_a_running_head_read_into_the_first_paragraph_is_furniture_where_other_pages_set_it_apart():
    # The same at the top: a page whose text starts a line's space under its running head.
    def pages_with(tight: set[int]) -> list:
        def page(n: int) -> list[Word]:
            top = 30 + PITCH if n in tight else 100
            text = numbered_lines(f"p{n}x", 40)
            return (line_words("Journal of Tests 2024", 72, 30) + column(text[:30], 72, top)
                    + column(text[30:], 72, top + 32 * PITCH))
        return _read_page_by_page([page(n) for n in range(5)])

    pages = pages_with({2})
    assert [b.kind for b in pages[2].blocks].count("header") == 1
    for n, page in enumerate(pages):
        assert page_text(page)[0].split()[0] == f"p{n}x0w0", n
    for n, page in enumerate(pages_with({0, 1, 2, 3, 4})):
        assert page_text(page)[0].split()[:4] == ["Journal", "of", "Tests", "2024"], n


@pytest.mark.parametrize("lines, lines_below", [(50, 1), (48, 2), (40, 2)])
def test_a_page_number_a_line_below_the_text_is_furniture_and_the_paragraph_runs_on(lines, lines_below):
    # acmart's sigchi pages: the number sits on the next line under the right column, so the
    # engine reads it as that paragraph's last line; a line further down, it is a block of its
    # own, but no edge row (above the foot zone, whose line would make it one where it crossed
    # it); under shorter columns it sits well above the page's foot. A number
    # that does not count on with the pages (a year closing each page's text) is text.
    def pages_with(numbers: list[str], read: list[int] | None = None) -> list:
        pages = []
        for n, number in enumerate(numbers):
            left = column(numbered_lines(f"p{n}L", lines), 72, 100)
            right = column(numbered_lines(f"p{n}R", lines), 320, 100)
            foot = line_words(number, right[-1].x1 - CHAR_W * len(number), 100 + (lines - 1 + lines_below) * PITCH)
            pages.append(analyze_page(reseq(left + right + foot), 612, 792))
        for n in range(len(pages)):
            mark_furniture(pages, targets=[n], numbers=read)
        return pages

    for n, page in enumerate(pages_with(["1", "2", "3", "4"])):
        words = page_text(page)[0].split()
        assert words[-1] == f"p{n}R{lines - 1}w4" and str(n + 1) not in words, n
        assert [b.kind for b in page.blocks].count("footer") == 1
        assert page_text(page, LayoutSettings(keep_furniture=True))[0].split()[-1] == str(n + 1)
    for n, page in enumerate(pages_with(["2024", "2024", "2024", "2024"])):
        assert page_text(page)[0].split()[-1] == "2024", n
    # Every other page read (pages=[0, 2, 4, 6]): numbers count on with the pages' own numbers.
    for n, page in enumerate(pages_with(["1", "3", "5", "7"], [0, 2, 4, 6])):
        assert page_text(page)[0].split()[-1] == f"p{n}R{lines - 1}w4", n


def test_a_first_page_s_foot_that_ends_in_the_page_s_number_is_furniture_when_the_pages_count_on():
    # hotos17: page 1's foot is "To appear in 16th Workshop on Hot Topics in Operating Systems."
    # with the page's number flush right; the next pages' feet are their numbers alone, at the
    # same height. The foot is furniture, not a line read between two pages' sentences. Where
    # the numbers do not count on from it, nothing vouches for it: it stays text.
    def pages_with(numbers: list[str]) -> list:
        pages = []
        for n, number in enumerate(numbers):
            words = column(numbered_lines(f"p{n}L", 40), 72, 100)
            if n == 0:
                words += line_words("To appear in the Workshop on Tests.", 72, 740)
            words += line_words(number, 540 - CHAR_W * len(number), 740)
            pages.append(analyze_page(reseq(words), 612, 792))
        for n in range(len(pages)):
            mark_furniture(pages, targets=[n])
        return pages

    first = pages_with(["1", "2", "3"])[0]
    assert "appear" not in page_text(first)[0] and [b.kind for b in first.blocks].count("footer") == 1
    assert "appear" in page_text(pages_with(["1", "7", "9"])[0])[0]


def test_running_heads_whose_titles_change_are_furniture_by_the_page_numbers_at_their_ends():
    # A book's running heads a little below the edge zone: the chapter with the number flush
    # left on even pages, the section with the number flush right on odd ones, the section's
    # title changing from page to page so that no head repeats. The numbers at their ends count
    # on with the pages: they are furniture. The same lines whose numbers do not count on are text.
    def pages_with(numbers: list[int]) -> list:
        pages = []
        for n, number in enumerate(numbers):
            if number % 2 == 0:
                head = line_words(str(number), 72, 86) + line_words("Chapter 3. Typesetting", 380, 86)
            else:
                title = ("Vertical material", "Floating bodies", "Mathematical formulae")[n % 3]
                head = line_words(f"3.{n} {title}", 72, 86) + line_words(str(number), 530, 86)
            pages.append(analyze_page(reseq(head + column(numbered_lines(f"p{n}L", 40), 72, 120)), 612, 792))
        for n in range(len(pages)):
            mark_furniture(pages, targets=[n])
        return pages

    for page in pages_with([50, 51, 52, 53, 54]):
        assert page_text(page)[0].split()[0].startswith("p") and [b.kind for b in page.blocks].count("header") == 1
    for page in pages_with([50, 57, 13, 61, 9]):
        assert not page_text(page)[0].split()[0].startswith("p") and "header" not in [b.kind for b in page.blocks]


def test_a_foot_well_above_the_page_s_edge_that_ends_in_counted_page_numbers_is_furniture():
    # A documented source's pages: "File d: classes.dtx" and the page's number flush right, a
    # line's space under short text, far above the foot zone, the file changing from page to
    # page. The numbers count on: a foot.
    pages = []
    for n, name in enumerate(("a: article", "b: report", "c: book", "d: letter")):
        foot = line_words(f"File {name}.dtx", 72, 640) + line_words(str(20 + n), 520, 640)
        pages.append(analyze_page(reseq(column(numbered_lines(f"p{n}L", 40), 72, 100) + foot), 612, 792))
    for n in range(len(pages)):
        mark_furniture(pages, targets=[n])
    for page in pages:
        assert ".dtx" not in page_text(page)[0] and [b.kind for b in page.blocks].count("footer") == 1


def test_a_slide_template_s_block_repeated_in_place_on_the_pages_is_furniture():
    # A presentation's presenter box, three short lines low on the left of every slide, well
    # inside the page, beside each slide's own points: text and place the same on every page.
    def slides(box_lines, moved: bool = False, box_height: float = 10.0, n_pages: int = 6,
               dividers: tuple[int, ...] = ()) -> list[str]:
        pages = []
        for n in range(n_pages):
            points = column(numbered_lines(f"s{n}P", 6, 6), 200, 150 + 10 * n)
            x = 40 + (9 * n if moved else 0)
            box = [w for k, line in enumerate(box_lines)
                   for w in small_line(line.format(n=n + 1), x, 600 + 1.2 * box_height * k, box_height)]
            pages.append(analyze_page(reseq(points + ([] if n in dividers else box)), 612, 792))
        for n in range(len(pages)):
            mark_furniture(pages, targets=[n])
        return [page_text(page)[0] for page in pages]

    first, *rest = slides(["Klaas Posselt,", "Member of the", "PDF Association"])
    assert all("Posselt" not in text and text.startswith("s") for text in rest)
    assert "Posselt" in first  # the title slide's presenter: part of its title
    # A section's divider slide without the box leaves it furniture on the slides around.
    decked = slides(["Klaas Posselt,", "Member of the", "PDF Association"], n_pages=10, dividers=(5,))
    assert not any("Posselt" in text for text in decked[1:])
    # The same lines set somewhere else on each page are the writer's: text.
    assert all("Posselt" in text for text in slides(["Klaas Posselt,", "Member of the", "PDF Association"], moved=True))
    # So is each page's own question over its marks (its number changes), and a title in type
    # larger than the slide's, repeated in place over a run of slides.
    assert all(f"Question {n + 1}" in text for n, text in enumerate(slides(["Question {n}", "(20 marks)"])))
    assert all("Accuracy and Speed" in text
               for text in slides(["Results on the Benchmark", "Accuracy and Speed"], box_height=20, n_pages=4))
    # One line repeated in place is no template's box: a slide's title ("Example") on several slides.
    pages = [analyze_page(reseq(column(numbered_lines(f"s{n}P", 6, 6), 200, 150) + line_words("Worked Example", 200, 300)
                                + column(numbered_lines(f"s{n}Q", 6, 6), 200, 330)), 612, 792) for n in range(6)]
    for n in range(len(pages)):
        mark_furniture(pages, targets=[n])
    assert all("\nWorked Example\n" in page_text(page)[0] for page in pages)


def test_a_share_alone_at_the_page_s_edge_is_no_page_number():
    # A chart's top tick label "100%" set apart at the top of a page is text; "12" there is the
    # page's number.
    for label, kept in (("100%", True), ("12", False)):
        heads = [line_words(label, 300, 40), [], []]
        pages = [analyze_page(reseq(head + column(numbered_lines(f"p{n}L", 40), 72, 100)), 612, 792)
                 for n, head in enumerate(heads)]
        mark_furniture(pages)
        assert (label in page_text(pages[0])[0].split()) is kept


def test_hyphenated_line_end_is_joined():
    words = column(["the experi-", "ment worked"], 72, 100)
    assert read(reseq(words)) == ["the", "experiment", "worked"]


def test_empty_page():
    layout = analyze_page([], 612, 792)
    assert layout.blocks == [] and page_text(layout)[0] == ""


coords = st.floats(min_value=-1e5, max_value=1e5, allow_nan=False, allow_infinity=False)


@st.composite
def random_words(draw):
    n = draw(st.integers(min_value=0, max_value=60))
    out = []
    for i in range(n):
        x0, y0 = draw(coords), draw(coords)
        w = draw(st.floats(min_value=0, max_value=300))
        h = draw(st.floats(min_value=0, max_value=40))
        text = draw(st.sampled_from(["a", "bb", "ccc", "x1", "word", "ﬁ", "", " "]))
        # Empty and blank words are not words; no word's text is part of another's ("a2" of "a29"
        # would be a piece of it, drawn inside its box: dropped by design, as a glyph layer is).
        text = f"{text}_{i}_" if text.strip() else text
        out.append(Word(x0, y0, x0 + w, y0 + h, text, i))
    return out


@settings(max_examples=150, deadline=None)
@given(random_words(), st.randoms())
def test_every_word_exactly_once_and_input_order_does_not_matter(words, rnd):
    layout = analyze_page(words, 612, 792)
    got = sorted(w.text for w in layout.words)
    assert got == sorted(w.text for w in words if w.text.strip())
    shuffled = list(words)
    rnd.shuffle(shuffled)
    again = analyze_page(shuffled, 612, 792)
    assert [w.text for w in again.words] == [w.text for w in layout.words]


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=4, max_value=30), st.integers(min_value=0, max_value=10_000))
def test_generated_two_column_pages_read_in_order(n, seed):
    left = column(numbered_lines("L", n), 72, 100)
    right = column(numbered_lines("R", n), 330, 100)
    words = left + right
    random.Random(seed).shuffle(words)
    assert read(reseq(words)) == [w.text for w in left + right]


def _even_lines(prefix: str, n: int) -> list[str]:
    """Lines of eight words of one length: a column's right edge is flush without justifying."""
    return [" ".join(f"{prefix}{k:02d}w{j}" for j in range(8)) for k in range(n)]


def _offset_columns(gap: int, offset: float, jut: float = 0.0) -> list[Word]:
    """Two columns whose baselines sit `offset` apart; the left one holds a caption, a blank of
    `gap` lines and its text, the caption's last word running `jut` into the gutter."""
    caption = column(_even_lines("C", 6), 72, 100)
    last = caption[-1]
    caption[-1] = Word(last.x0, last.y0, last.x1 + jut, last.y1, last.text)
    left = column(_even_lines("L", 12), 72, 100 + PITCH * (6 + gap))
    right = column(_even_lines("R", 20), 310, 100 + offset)
    return caption + left + right


@pytest.mark.parametrize("offset", [5.0, 6.0, 7.0])
@pytest.mark.parametrize("gap", [0, 1])
def test_columns_whose_baselines_sit_half_a_line_apart_drawn_row_by_row_read_down_each_column(gap, offset):
    words = _offset_columns(gap, offset)
    assert read(row_major(words)) == [w.text for w in words]


@pytest.mark.parametrize("gap", [2, 3])
def test_a_line_running_into_the_gutter_over_a_blank_in_its_column_leaves_the_columns_whole(gap):
    """The gutter's strip narrows at the caption's last word; beside the blank under it, the
    other column's rows stand apart (its baselines sit between the rows above): two strips down
    one gutter, sharing rows, are one gutter, not a cut across the other column."""
    words = _offset_columns(gap, 6.0, jut=2.0)
    expected = [w.text for w in words]
    assert read(reseq(words)) == expected
    shuffled = list(words)
    random.Random(gap).shuffle(shuffled)
    assert read(reseq(shuffled)) == expected
    assert read(row_major(words)) == expected


@pytest.mark.parametrize("offset", [5.5, 6.0, 6.5])
def test_a_column_running_on_beside_notes_under_the_other_stays_whole_whatever_the_drawing(offset):
    """Under the left column's last line, a blank, then its notes; the right column runs on beside
    them, its baselines half a line off the left's. Its lines beside the blank stand apart from
    the rows around them (the left's baselines sat between), but they follow the right column's
    own lines at its own pitch: no headline ends the gutter there, and the notes are not read
    row by row into the right column's last lines."""
    left = column(_even_lines("L", 12), 72, 100)
    notes = column(["Nzz note one is here and set small too", "Nyy note two is here and set small too"],
                   72, 100 + PITCH * 15)
    right = column(_even_lines("R", 17), 310, 100 + offset)
    words = left + notes + right
    shuffled = list(words)
    random.Random(int(2 * offset)).shuffle(shuffled)
    got = read(reseq(shuffled))
    for side in (left, right):
        texts = [w.text for w in side]
        start = got.index(texts[0])
        assert got[start: start + len(texts)] == texts


def test_two_validated_strips_down_one_gap_that_share_rows_are_one_gutter():
    """elsarticle's "References", heading the right column's last part beside a blank in the left
    one, ends the sweep's strip (a one-sided row set apart, text going on on the other side); the
    strip that starts under it reaches back over the rows above once validated. Sharing rows, the
    two are one gutter: the page is not cut across the left column there. Strips that share no row
    (a headline between two bands), or that part at different gaps, stay apart."""
    from columnrag.loaders.engine.gutters import Gutter, _join_overlapping

    s = LayoutSettings()
    upper, lower = Gutter(289.0, 307.0, 0, 18, [0, 5, 18], [1, 6, 18]), Gutter(288.5, 306.5, 18, 62, [20, 62], [18, 30])
    (joined,) = _join_overlapping([lower, upper], s)
    assert (joined.x0, joined.x1, joined.first, joined.last) == (289.0, 306.5, 0, 62)
    assert joined.left == [0, 5, 18, 20, 62] and joined.right == [1, 6, 18, 30]
    apart = Gutter(288.5, 306.5, 20, 62)
    assert _join_overlapping([upper, apart], s) == [upper, apart]
    elsewhere = Gutter(400.0, 420.0, 10, 40)
    assert _join_overlapping([upper, elsewhere], s) == [upper, elsewhere]


def test_a_table_s_column_gap_running_on_past_a_blank_into_the_columns_below_ends_above_it():
    """A table's column gap passes the first rows of the columns under it, where a heading in the
    right column ends short of the gap (cvat_case01_32a7d8aa's "4. Conclusions" beside the left
    column's first line). The column gutter opens at that row, after a blank across the page, and
    goes on below: the table's strip ends above the blank, so the heading is not read on the left
    column's line. Without the blank, or where the two strips lie down one gap, it stays whole."""
    from columnrag.loaders.engine.gutters import Gutter, _yield_to_band_below
    from columnrag.loaders.engine.rows import make_rows

    s = LayoutSettings()
    table = [w for k in range(6) for w in line_words(f"C{k} 0.85 granular-activated", 72, 100 + k * PITCH)
             + line_words(f"{k}.2", 420, 100 + k * PITCH)]
    top = 100 + 8 * PITCH  # a blank of two lines under the table
    columns = (line_words("The organic solvents were also", 72, top) + line_words("4. Results", 320, top)
               + [w for k in range(1, 6) for w in line_words(f"L{k} tried in turn here", 72, top + k * PITCH)
                  + line_words(f"R{k} the column text runs on", 320, top + k * PITCH)])
    rows = make_rows(table + columns, s.row_overlap)
    assert len(rows) == 12
    pitch = s.headline_space * PITCH
    table_gap, column_gap = Gutter(380.0, 420.0, 0, 7), Gutter(262.0, 320.0, 6, 11)
    trimmed, same = _yield_to_band_below(rows, [table_gap, column_gap], pitch)
    assert (trimmed.first, trimmed.last) == (0, 5) and same == column_gap
    no_blank = make_rows(table + [Word(w.x0, w.y0 - 2 * PITCH, w.x1, w.y1 - 2 * PITCH, w.text) for w in columns],
                         s.row_overlap)
    assert _yield_to_band_below(no_blank, [Gutter(380.0, 420.0, 0, 7), Gutter(262.0, 320.0, 6, 11)], pitch)[0].last == 7
    one_gap = Gutter(385.0, 400.0, 6, 11)
    assert _yield_to_band_below(rows, [table_gap, one_gap], pitch)[0] == table_gap


def _blocks(words: list[Word]) -> list[str]:
    layout = analyze_page(words, 612, 792)
    return [b.kind for b in layout.body_blocks]


def test_a_caption_under_its_chart_s_crowded_labels_is_one_block():
    """A chart's labels crowd rows closer than their boxes are tall, so the leaf reads as a font
    with boxes taller than its line pitch, where baselines tell paragraphs apart; at that pitch
    each line of the caption under them stood apart as a paragraph of its own."""
    labels = ["AB", "CD EF", "GH", "IJ KL MN", "OP", "QR ST"]
    words = [w for k in range(16) for w in _sized_line(labels[k % len(labels)], 80 + (k * 37) % 200, 240 + 6 * k, 10)]
    caption = ["Figure 4. Correlation of the amount of training data with",
               "downstream performance. The amount of training data for a",
               "given language is only moderately predictive of the",
               "performance on that language."]
    for k, text in enumerate(caption):
        words += _sized_line(text, 72, 350 + 11 * k, 8)
    blocks = analyze_page(reseq(words), 612, 792).body_blocks
    assert [line.text for line in blocks[-1].lines] == caption


def test_short_glyph_boxes_do_not_make_every_line_a_paragraph():
    # Some fonts give boxes of 4 pt on an 11 pt line pitch: the white space between boxes is
    # then no paragraph gap. A tall superscript does not make a line a heading either.
    words = []
    for k, text in enumerate(numbered_lines("p", 8)):
        ws = line_words(text, 72, 100 + 11 * k, len(words))
        words += [Word(w.x0, w.y0, w.x1, w.y0 + 4.0, w.text, w.seq) for w in ws]
        if k == 3:  # a footnote mark at the end of the line, drawn with it
            words.append(Word(ws[-1].x1, 100 + 11 * k - 3, ws[-1].x1 + 4, 100 + 11 * k + 6, "1", len(words)))
    assert _blocks(words) == ["text"]


def _tall_boxed(lines: list[tuple[str, float]]) -> list[Word]:
    """Lines (text, top) whose boxes are 13 pt tall on an 11 pt pitch: each overlaps the next."""
    words: list[Word] = []
    for text, y in lines:
        words += [Word(w.x0, w.y0 - 1.5, w.x1, w.y0 + 11.5, w.text, w.seq)
                  for w in line_words(text, 72, y, len(words))]
    return words


def test_a_column_of_run_in_headings_and_short_paragraphs_is_cut_at_every_gap():
    # A short paper's method section: headings in the body's type and paragraphs of one or two
    # lines, 8 to 13 points of extra space around each. There are more such spaces than lines
    # inside a paragraph; the lines' own pitch (12), not the median distance, tells them apart,
    # measured after the lines that end at the column's edge (not a line running past it).
    parts = [["We begin with the study of layout and we cite other work here",
              "in parenthesis like this and then go on with it."],
             ["Method"], ["Participants"], ["We had a lot of people in this study as shown in Figure 1."],
             ["Materials"], ["Several materials were used for this project and some of them",
                             "were already created for prior research."],
             ["Instrument"], ["We used an instrument that we found to be highly success-", "ful."],
             ["See https://example.org/a/very/long/address/running/into/the/margin/x"]]  # past the edge
    words: list[Word] = []
    y = 100.0
    for k, part in enumerate(parts):  # justified: every line but a paragraph's last runs to 390
        words = reseq(words + column(part, 72, y, width=318))
        y += PITCH * len(part) + 8 + 5 * (k % 2)
    blocks = analyze_page(words, 612, 792).body_blocks
    assert [[line.text for line in b.lines] for b in blocks] == parts


def test_references_set_closer_in_smaller_type_do_not_set_the_pitch_of_the_text_above_them():
    # A paragraph at a 12-point pitch whose last line holds a word in taller type ("\\thebibliography"
    # set in typewriter type), over a list of references in 8-point type at a 9-point pitch. The
    # references' pitch is theirs: at it, the paragraph's last line would stand apart.
    para = ["Generated by bibtex from your bib file and run latex then bibtex and then",
            "latex twice to resolve references and to create the bbl file then insert",
            "that bbl file into the tex source file and comment out the old command",
            "that is no longer needed in the source of the paper once it is there"]
    words = reseq(column(para, 72, 100, width=340))
    words += [Word(72, 148, 117, 158, "command", len(words)),
              Word(119.5, 148, 190, 162, "thebibliography.", len(words) + 1)]
    refs = ["[1] A. Author and B. Other. 2015. A title of a paper in a journal of its own field",
            "of study. Journal of Tests 12, 3 (May 2015), 45-67. [2] C. Writer. 2001. Another",
            "book about the subject at some length. Publisher, City. [3] D. Editor and E. Someone.",
            "1999. Collected papers on layout and the reading of pages. Press of the University",
            "of Somewhere, Town. [4] F. Person. 2020. A last entry of the list of references here",
            "and its second line goes on to the edge of the column as well. Proceedings of a"]
    for k, text in enumerate(refs):  # justified to the column's edge too
        line = _sized_line(text, 72, 170 + 9 * k, 8)
        extra = (412 - line[-1].x1) / (len(line) - 1)
        words += [Word(w.x0 + i * extra, w.y0, w.x1 + i * extra, w.y1, w.text) for i, w in enumerate(line)]
    words = reseq(words)
    blocks = analyze_page(words, 612, 792).body_blocks
    assert [line.text for line in blocks[0].lines][-1] == "command thebibliography."


def test_rows_closer_than_a_line_s_height_set_no_paragraph_pitch():
    # An index set in two columns whose baselines interleave, read as one column: a full line of
    # the right column is followed 5.5 points down by a line of the left one. That is no line of
    # its paragraph, and no pitch of this type: the rows' median (6.5) stands.
    from columnrag.loaders.engine.rows import make_rows, paragraph_pitch

    words = []
    for k in range(8):
        words += line_words(f"entry{k} . . . 12, 34", 72, 100 + 12 * k)  # the left column's lines
        words += line_words(f"other{k} . . . . . 56, 78, 90", 300, 106.5 + 12 * k)  # about half a line down
    rows = make_rows(reseq(words), LayoutSettings().row_overlap)
    pitch = paragraph_pitch(rows, LayoutSettings().edge_tolerance)
    assert pitch.of(HEIGHT, 0.1) == pitch.rows == 6.5
    # Lines a full line's height apart and more are a paragraph's (the same text, one column).
    one = make_rows(reseq(column([f"line{k} of the paragraph runs to the edge" for k in range(6)], 72, 100)),
                    LayoutSettings().row_overlap)
    assert paragraph_pitch(one, LayoutSettings().edge_tolerance).full == ((HEIGHT, PITCH),) * 5


def test_a_heading_s_lines_in_larger_type_stay_one_heading_where_paragraphs_are_cut_by_their_own_pitch():
    # A thesis page set one-and-a-half spaced (18 points), its sections short: the median distance
    # between lines (27) is a space, not the pitch. A heading in 15-point type runs over three
    # lines 27 points apart, as a heading's larger type is set: one heading, not three.
    # (A paragraph's first line, the longest on the page, runs to the column's right edge.)
    def sized(lines: list[str], y: float, size: float, pitch: float) -> list[Word]:
        return [w for k, text in enumerate(lines) for w in _sized_line(text, 72, y + k * pitch, size)]
    body = ["Esta e outra secao de quinto nivel com texto que corre ate a margem direita",
            "e termina aqui mesmo."]
    heading = ["2.13 Este e um exemplo de nome de secao",
               "longo que deve estar alinhado a esquerda",
               "e iniciar abaixo da primeira palavra"]
    words = (sized(["2.12 Outra secao"], 80, 13, 0) + sized(body, 110, 10.7, 18)
             + sized(["2.12.1 Mais uma secao"], 170, 13, 0) + sized(body, 200, 10.7, 18)
             + sized(["2.12.2 Ainda outra"], 260, 13, 0) + sized(body, 290, 10.7, 18)
             + sized(heading, 350, 15.5, 27.2) + sized(body * 2, 460, 10.7, 18))
    blocks = analyze_page(reseq(words), 612, 792).body_blocks
    texts = [[line.text for line in b.lines] for b in blocks]
    assert heading in texts
    assert texts.count(body) == 3 and texts[-1] == body * 2  # each paragraph whole, apart from its heading


def test_a_paragraph_gap_between_boxes_taller_than_their_pitch_still_parts_paragraphs():
    # A font whose boxes overlap from line to line: the 7 pt of extra space before the second
    # paragraph leaves only 5 pt between boxes (less than the body's gap), yet its centre lies
    # well over a pitch below the line above. Two paragraphs, as with a font of short boxes.
    first = [(text, 100 + 11 * k) for k, text in enumerate(numbered_lines("a", 5))]
    second = [(text, 100 + 11 * 5 + 7 + 11 * k) for k, text in enumerate(numbered_lines("b", 5))]
    assert _blocks(_tall_boxed(first + second)) == ["text", "text"]
    assert _blocks(_tall_boxed(first + [(t, y - 7) for t, y in second])) == ["text"]  # no gap: one
    # A chart's labels (numbers, a word or two a row) keep their rows together, as before.
    labels = [(f"{10 * k}", 100 + 11 * k) for k in range(5)] + [(f"{10 * k}", 100 + 11 * k + 7) for k in range(5, 9)]
    assert len(_blocks(_tall_boxed(labels))) == 1


def test_a_paragraph_gap_under_boxes_nearly_their_pitch_tall_parts_paragraphs():
    # kreate_research_note: boxes 12.4 pt tall on a 13.2 pt pitch (the font's ascent and
    # descent), paragraphs and their headings 6 pt further apart: less white between boxes than
    # the body's paragraph gap (0.6 of a box), yet the lines' centres stand 1.45 pitches apart.
    def lines(prefix: str, n: int, y: float) -> list[Word]:
        return [Word(w.x0, w.y0, w.x1, w.y0 + 12.4, w.text) for k, text in enumerate(numbered_lines(prefix, n, 7))
                for w in line_words(text, 72, y + 13.2 * k)]
    first, heading = lines("a", 6, 100), line_words("A successful year overall", 72, 100 + 13.2 * 5 + 19.2)
    heading = [Word(w.x0, w.y0, w.x1, w.y0 + 12.4, w.text) for w in heading]
    second = lines("b", 6, 100 + 13.2 * 5 + 38.4)
    text = page_text(analyze_page(reseq(first + heading + second), 612, 792))[0]
    assert "a5w6\n\nA successful year overall\n\nb0w0" in text
    # A line set a little further down (1.38 pitches: a formula's larger leading) stays in its
    # paragraph; so does one whose box a tall symbol stretches 11 pt down (its baseline stands).
    nudged = [Word(w.x0, w.y0 + 5, w.x1, w.y1 + 5, w.text) if w.text.startswith("a5") else w for w in first]
    assert "a4w6\na5w0" in page_text(analyze_page(reseq(nudged + lines("c", 3, 100 + 13.2 * 6 + 5)), 612, 792))[0]
    stretched = [Word(w.x0, w.y0, w.x1, w.y1 + 11, w.text) if w.text == "a5w3" else w for w in first]
    assert "a4w6\na5w0" in page_text(analyze_page(reseq(stretched + lines("c", 3, 100 + 13.2 * 6)), 612, 792))[0]


def _sized_line(text: str, x: float, y: float, size: float) -> list[Word]:
    out = []
    for token in text.split():
        w = 0.5 * size * len(token)
        out.append(Word(x, y, x + w, y + size, token))
        x += w + 0.25 * size
    return out


def _body(y: float, n: int = 12) -> list[Word]:
    return column(numbered_lines("b", n, 8), 72, y)


def test_lines_in_large_type_are_parted_by_their_own_leading_not_the_bodys():
    # A two-line title in 18-point type set 25 points apart: 7 points of white between its lines,
    # more than the 10-point body's paragraph gap, far less than its own.
    title = _sized_line("Rogue Access Point Detection by Using", 72, 60, 18) + _sized_line(
        "Failure under the Address Duplication", 72, 85, 18)
    assert _blocks(reseq(title + _body(130))) == ["heading", "text"]
    # A title's second line that opens with "A" or a figure is no numbered heading.
    for second in ("A Survey of Recent Methods", "5 Years of Layout Analysis"):
        title = _sized_line("Deep Learning for Document Layout:", 72, 60, 18) + _sized_line(second, 72, 85, 18)
        assert _blocks(reseq(title + _body(130))) == ["heading", "text"], second
    # Numbered headings stacked so are two headings ("3 Method" over "3.1 Data"), as before.
    heads = _sized_line("3 Method", 72, 60, 18) + _sized_line("3.1 Data", 72, 85, 18)
    assert _blocks(reseq(heads + _body(130))) == ["heading", "heading", "text"]


def test_a_paragraph_in_type_larger_than_the_pages_usual_is_no_heading():
    # A page of small type (references, a table's cells) under a paragraph set in larger type:
    # every line is tall, none is long, yet five lines of prose are no heading.
    para = [f"p{k}a p{k}b p{k}c p{k}d p{k}e p{k}f p{k}g p{k}h" for k in range(4)] + ["p4a p4b p4c p4d p4e p4f p4g."]
    words = [w for k, text in enumerate(para) for w in _sized_line(text, 72, 60 + 14 * k, 12)]
    small = [w for k, text in enumerate(numbered_lines("r", 16, 8))
             for w in _sized_line(text, 72, 150 + 10 * k, 8)]
    assert _blocks(reseq(words + small)) == ["text", "text"]
    # A two-line title in that type is still a heading; so is a long title set far larger.
    title = _sized_line("A Short Title of Two", 72, 60, 12) + _sized_line("Lines in Large Type", 72, 74, 12)
    assert _blocks(reseq(title + small)) == ["heading", "text"]
    long_title = [w for k, text in enumerate(["Effects of a structured programme of care on the outcomes",
                                              "of patients with chronic heart failure in three regional",
                                              "hospitals: a randomised trial"])
                  for w in _sized_line(text, 72, 40 + 20 * k, 16)]
    assert _blocks(reseq(long_title + small)) == ["heading", "text"]


def test_a_paragraph_in_the_documents_body_type_over_smaller_references_is_no_heading():
    # The last page of a paper: its acknowledgement in the document's 10-point body type, then
    # "REFERENCES" and the references in 8-point type, which is this page's usual type.
    ack = (_sized_line("The authors thank the lab for the data and", 72, 60, 10)
           + _sized_line("the reviewers for their comments on the work.", 72, 72, 10))
    refs = [w for k, text in enumerate(numbered_lines("r", 20, 8))
            for w in _sized_line(text, 72, 110 + 10 * k, 8)]
    words = reseq(ack + _sized_line("REFERENCES", 72, 92, 9.5) + refs)

    def kinds(document_body: float) -> list[str]:
        return [b.kind for b in analyze_page(words, 612, 792, document_body=document_body).body_blocks]

    assert kinds(0.0) == ["heading", "heading", "text"]  # the page alone: larger than its type
    assert kinds(10.0) == ["text", "heading", "text"]  # the document's body type: a paragraph
    # A numbered heading in small capitals over such a page stays one, however many words.
    head = (_sized_line("VII. CONCLUSIONS AND FURTHER WORK", 90, 150, 8.5)
            + _sized_line("ON THE MOULDING COLLECTION", 110, 161, 8.5))
    refs7 = [w for k, text in enumerate(numbered_lines("r", 30, 8)) for w in _sized_line(text, 72, 180 + 9 * k, 7)]
    blocks = analyze_page(reseq(_body(100, 3) + head + refs7), 612, 792, document_body=10.0).body_blocks
    assert [b.kind for b in blocks if "CONCLUSIONS" in b.lines[0].text] == ["heading"]


def test_a_numbered_heading_in_capitals_broken_over_lines_is_one_and_ends_before_a_subheading():
    # IEEE and REVTeX set section headings in small capitals, smaller than the body, centred:
    # "III. APPROXIMATE BAYESIAN PHASE" / "ESTIMATION" is one heading; "A. Data" under
    # "II. MATERIALS AND METHODS" / "OF THE STUDY" is a heading of its own.
    def page(lines: list[str]) -> list[str]:
        above = _body(100, 8)
        words = [w for k, text in enumerate(lines) for w in _sized_line(text, 90, 210 + 11 * k, 8)]
        layout = analyze_page(reseq(above + words + _body(210 + 11 * len(lines) + 8)), 612, 792)
        return [" / ".join(line.text for line in b.lines) for b in layout.body_blocks if b.kind == "heading"]

    assert page(["III. APPROXIMATE BAYESIAN PHASE", "ESTIMATION"]) == ["III. APPROXIMATE BAYESIAN PHASE / ESTIMATION"]
    assert page(["II. MATERIALS AND METHODS", "OF THE STUDY", "A. Data"]) == [
        "II. MATERIALS AND METHODS / OF THE STUDY", "A. Data"]


def test_a_reference_that_opens_with_an_initial_is_no_lettered_heading():
    # aistats2021's references, set with a hanging indent: "G. Tesauro (1989). Neurogammon wins
    # computer" opens with a letter and a stop as "B. Setup" does, but goes on past a stop inside
    # the line; "S. Touretzky (ed.), Advances in ..." past a comma. Each entry is one block.
    entries = [["G. Tesauro (1989). Neurogammon wins computer", "   Olympiad. Neural Computation 1(3):321-323."],
               ["J. Alspector and R. B. Allen (1989). A chip. In D.", "   S. Touretzky (ed.), Advances in Neural",
                "   Processing Systems 1, 748-760."]]
    words: list[Word] = []
    y = 100.0
    for entry in entries:
        for k, text in enumerate(entry):
            words += line_words(text.strip(), 72 + (12 if k else 0), y, len(words))
            y += PITCH
        y += PITCH / 2
    layout = analyze_page(reseq(words), 612, 792)
    assert [(b.kind, b.lines[0].text[:5]) for b in layout.body_blocks] == [("text", "G. Te"), ("text", "J. Al")]
    # A lettered heading is one all the same, a colon or a comma in it too, set at the text's
    # own pitch under a paragraph.
    for title in ("B. Setup of the Study", "B. Experiment 1: Setup", "B. Data, Metrics and Baselines"):
        above = column(["the first paragraph runs on over this line", "and it ends here."], 72, 100)
        heading = line_words(title, 72, 100 + 2 * PITCH, len(above))
        layout = analyze_page(reseq(above + heading + _body(100 + 4 * PITCH, 4)), 612, 792)
        assert [b.kind for b in layout.body_blocks if b.lines[0].text.startswith("B. ")] == ["heading"], title


def test_lost_th_ligature_is_mended():
    words = column(["Te results show that Tis works.", "To be sure, Ten more tests ran formating."], 72, 100)
    assert read(reseq(words))[:6] == ["The", "results", "show", "that", "This", "works."]
    assert read(reseq(words))[6:9] == ["To", "be", "sure,"]
    assert read(reseq(words))[-1] == "formatting."  # the same fonts lose the "tt" ligature
    intact = column(["Te Deum is sung. The choir sings it."], 72, 100)
    assert read(reseq(intact))[0] == "Te"  # a page that has its "Th" words keeps "Te"


def test_lost_tt_and_ft_ligatures_are_mended_only_where_the_page_lost_them():
    lost = column(["Please check the formating of the leter you submited, and the",
                   "sofware we use ofen, afer reading htp pages on the lef side."], 72, 100)
    assert read(reseq(lost)) == ("Please check the formatting of the letter you submitted, and the "
                                 "software we use often, after reading http pages on the left side.").split()
    # A page that keeps its "tt" and "ft" words has a typo, not a lost ligature: left as written.
    kept = column(["After the letter was written, we often left the formating as it",
                   "was: better that than a pattern of little fixes, as the software did."], 72, 100)
    assert "formating" in read(reseq(kept))


def test_ligatures_read_as_a_lone_f_are_mended_only_where_the_page_lost_them():
    # A broken ToUnicode map gives the fi/ff/fl/ffi glyphs their first letter alone.
    lost = column(["We show the benefts of exchanging PDF fles: on the frst page, the",
                   "Chief Ofcer is ofering a proft to the Fellows of the team. FRST"], 72, 100)
    assert read(reseq(lost)) == ("We show the benefits of exchanging PDF files: on the first page, the "
                                 "Chief Officer is offering a profit to the Fellows of the team. FIRST").split()
    # Words that lost "fi" may read with an "fl" ("fles", "profle", "flter"): they keep nothing.
    filler = "the cat sat on a mat and " * 12
    assert f_ligatures_collapsed(line_words("fles profle flter frst ofce " + filler, 72, 100), known_words(),
                                 LayoutSettings())
    # A page that has its fi and fl words (Hartree-Fock is a name), or only one such word (lorem
    # ipsum's "fames"), is left as written.
    kept = column(["The first files define the Hartree-Fock field, the flow and the",
                   "office of the difficult final figures that follow from it."], 72, 100)
    assert "Hartree-Fock" in read(reseq(kept))
    latin = column(["Pellentesque habitant morbi tristique senectus et netus et malesuada",
                    "fames ac turpis egestas, and it is the only word of that kind here."], 72, 100)
    assert "fames" in read(reseq(latin))


def test_ruler_cut_off_by_the_page_edge_is_not_text():
    lines = numbered_lines("r", 12)
    words = column(lines, 72, 100)
    words += [Word(575, 100 + 12 * k, 584, 110 + 12 * k, str(55 + k // 6), 0) for k in range(12)]
    assert read(reseq(words)) == " ".join(lines).split()


def test_a_page_of_counting_numbers_alone_is_text_not_rulers():
    """Columns of numbers counting on (1 ... 24, 100 ... 123, 200 ... 223) and no word beside
    them: a table of numbers, not line numbers with no lines to number; none is lost."""
    words = [Word(x, 100 + PITCH * k, x + 15, 110 + PITCH * k, str(start + k))
             for k in range(24) for x, start in ((72, 1), (120, 100), (160, 200))]
    assert sorted(read(reseq(words)), key=int) == sorted((w.text for w in words), key=int)


def test_a_short_ruler_counting_on_from_the_pages_ruler_is_not_text():
    """A review copy: the left column's lines are numbered 1-20, the right column's four lines go
    on from 21 in the gutter, too few numbers to be a ruler on their own."""
    left_lines, right_lines = numbered_lines("L", 20), numbered_lines("R", 4)
    words = column(left_lines, 80, 100)
    words += [Word(62, 100 + PITCH * k, 70, 108 + PITCH * k, str(1 + k), 0) for k in range(20)]
    words += column(right_lines, 330, 100)
    words += [Word(316, 100 + PITCH * k, 324, 108 + PITCH * k, str(21 + k), 0) for k in range(4)]
    assert read(row_major(words)) == " ".join(left_lines + right_lines).split()
    # Numbers that do not count on from the ruler stay text.
    other = [w for w in words if not (w.x0 == 316)] + [
        Word(316, 100 + PITCH * k, 324, 108 + PITCH * k, str(5 + k), 0) for k in range(4)]
    assert {"5", "6", "7", "8"} <= set(read(row_major(other)))


def test_a_ruler_that_numbers_every_fifth_line_is_not_text():
    """REVTeX's review copies (lineno, every fifth line numbered in tiny type): 5, 10, ..., 50 by
    the left column, and 55, 60 going on in the gutter by the right column's short run."""
    left_lines, right_lines = numbered_lines("L", 50), numbered_lines("R", 10)
    words = column(left_lines, 80, 100)
    words += [Word(64, 104 + PITCH * (k - 1), 70, 109 + PITCH * (k - 1), str(k), 0) for k in range(5, 51, 5)]
    words += column(right_lines, 330, 100)
    words += [Word(316, 104 + PITCH * (k - 51), 324, 109 + PITCH * (k - 51), str(k), 0) for k in (55, 60)]
    assert read(row_major(words)) == " ".join(left_lines + right_lines).split()
    # A table's first column counting by ten in the body's size is no ruler.
    years = column(numbered_lines("P", 3, 12), 72, 60) + [
        w for k in range(8) for w in line_words(f"{10 * (k + 1)} percent of the sample", 80, 100 + PITCH * k)]
    assert [w for w in read(row_major(years)) if w.isdigit()] == [str(10 * (k + 1)) for k in range(8)]
    # Every third line numbered (3, 6, 9, ...) is a ruler as well; numbers that step by seven
    # from 3 (3, 10, 17, ...) are no multiples of their step, and stay text.
    unruled = [w for w in words if w.text not in {str(k) for k in range(5, 61, 5)}]
    threes = unruled + [Word(64, 104 + PITCH * (k - 1), 70, 109 + PITCH * (k - 1), str(k), 0) for k in range(3, 49, 3)]
    assert read(row_major(threes)) == " ".join(left_lines + right_lines).split()
    sevens = unruled + [Word(64, 104 + PITCH * k * 5, 70, 109 + PITCH * k * 5, str(3 + 7 * k), 0) for k in range(10)]
    assert "17" in read(row_major(sevens))


def test_a_ruler_the_columns_part_into_short_runs_is_not_text():
    # aapmsamp's page 3: every fifth line numbered, 165 ... 190 by the left column, 160 then
    # 195 ... 215 in the gutter by the right one: no run is a ruler alone, together they count on.
    left_lines, right_lines = numbered_lines("L", 30), numbered_lines("R", 30)
    words = column(left_lines, 80, 100) + column(right_lines, 330, 100)

    def number(value: int, x: float, line: int) -> Word:
        return Word(x, 104 + PITCH * line, x + 9, 109 + PITCH * line, str(value))

    words += [number(165 + 5 * k, 64, 4 + 5 * k) for k in range(6)]
    words += [number(160, 316, 0)] + [number(195 + 5 * k, 316, 5 + 5 * k) for k in range(5)]
    assert read(row_major(words)) == " ".join(left_lines + right_lines).split()
    # A superscript two among the numbers is no number to count with.
    squared = words + [Word(200, 100 + PITCH * k, 203, 104 + PITCH * k, "\u00b2") for k in range(3)]
    assert read(row_major(squared)).count("\u00b2") == 3


def _column_with_caption() -> tuple[list[Word], list[str], list[str]]:
    """Two columns; a caption inside the left one that the PDF draws after that column's text."""
    left = column(numbered_lines("L", 10), 72, 100)
    left = [w if w.y0 < 100 + 5 * PITCH else Word(w.x0, w.y0 + 2 * PITCH, w.x1, w.y1 + 2 * PITCH, w.text)
            for w in left]
    caption = line_words("Figure 1: a caption", 90, 100 + 5.5 * PITCH)
    right = column(numbered_lines("R", 12), 320, 100)
    drawn = left + caption + right
    geometric = [w.text for w in left[:25]] + [w.text for w in caption] + [w.text for w in left[25:]]
    return reseq(drawn), [w.text for w in drawn], geometric + [w.text for w in right]


def test_drawing_order_places_a_float_where_the_pdf_draws_it():
    words, drawn, geometric = _column_with_caption()
    assert read(words) == drawn
    assert read(words, follow_drawing_order=False) == geometric


def test_drawing_order_that_contradicts_the_geometry_is_not_followed():
    words, _, geometric = _column_with_caption()
    assert read(row_major(words)) == geometric  # row by row across the gutter
    title = line_words("A Title Over Both Columns", 200, 60)
    drawn_last = reseq(words + title)  # a title the PDF draws last is still read first
    assert read(drawn_last)[:5] == [w.text for w in title]


def test_drawing_order_that_reads_up_a_column_is_not_followed():
    """A form's items drawn 1, 3, 2, 4 down one column: the column reads down, whatever the
    drawing (a caption drawn after the text under it still goes where it is drawn, above)."""
    items = [column(numbered_lines(f"Item{k}x", 2), 72, 100 + k * 3 * PITCH) for k in range(4)]
    drawn = reseq(items[0] + items[2] + items[1] + items[3])
    assert read(drawn) == [w.text for item in items for w in item]


def _kinds_and_texts(words: list[Word]) -> list[tuple[str, str]]:
    layout = analyze_page(words, 612, 792, LayoutSettings())
    return [(b.kind, " ".join(line.text for line in b.lines)) for b in layout.body_blocks]


def test_a_numbered_line_carried_on_in_lower_case_is_a_list_item_not_a_heading():
    """"1. Passport of the United States or" over "a passport card ...": a list item's first line,
    short and numbered like a heading; the item is one paragraph. A numbered heading broken over
    two lines ("coupling" under its first) stays a heading, and a numbered heading over a
    paragraph that opens in capitals stays one."""
    item = ["1. Passport of the United States or", "a passport card issued by the state",
            "to its own citizens living abroad."]
    heading = ["2. Evanescent versus quadrupole light-matter", "coupling"]
    body = ["Assume that a single particle of radius r is placed at a small distance from",
            "the surface of the prism so that its field decays away from the boundary."]
    heading2 = ["3. Results"]
    words = column(item, 72, 100)
    words += column(heading, 72, 100 + 4 * PITCH) + column(body, 72, 100 + 7 * PITCH)
    words += column(heading2, 72, 100 + 10 * PITCH) + column(body, 72, 100 + 11 * PITCH)
    words = reseq(words)
    assert _kinds_and_texts(words) == [("text", " ".join(item)), ("heading", " ".join(heading)), ("text", " ".join(body)),
                              ("heading", heading2[0]), ("text", " ".join(body))]


def test_raised_footnote_marks_are_dropped_but_exponents_and_names_stay():
    words = line_words("the Boolean operations and1 always return", 72, 100)
    words += line_words("one of python3 their operands, area πr2 here.", 72, 112, len(words))
    raised = {"and1", "πr2"}
    words = [Word(w.x0, w.y0 - 1.0, w.x1, w.y1, w.text, w.seq) if w.text in raised else w for w in words]
    text = read(words)
    assert "and" in text and "and1" not in text
    assert "python3" in text  # on the baseline: part of the word
    assert "πr2" in text  # an exponent after a variable, not a mark after a known word
    # A mark drawn as a word of its own, right against its word, in smaller raised type.
    words = line_words("exception: the operations and", 72, 100)
    last = words[-1]
    words.append(Word(last.x1 + 0.2, last.y0 - 1.0, last.x1 + 4.0, last.y1 - 3.0, "1", len(words)))
    words += line_words("always return", last.x1 + 7.0, 100, len(words))
    assert read(words) == ["exception:", "the", "operations", "and", "always", "return"]


def test_a_compound_keeps_its_own_hyphen_at_a_line_end():
    words = column(["a comma-", "separated list of experi-", "ments"], 72, 100)
    assert read(reseq(words)) == ["a", "comma-", "separated", "list", "of", "experiments"]  # as printed


def test_ligatures_lost_or_mapped_to_stand_ins_are_mended_on_english_pages():
    words = column(['the speci"c di#erent values are de ned', "in the rst le of the suite"], 72, 100)
    assert read(reseq(words)) == ["the", "specific", "different", "values", "are", "defined",
                                  "in", "the", "first", "file", "of", "the", "suite"]
    french = column(["le chat et les chiens de la maison sont dans le jardin"], 72, 100)
    assert read(reseq(french)) == "le chat et les chiens de la maison sont dans le jardin".split()


def test_a_letter_alone_before_a_listed_word_is_a_word_not_a_lost_ligature():
    words = column(["the sides of a right triangle and a ray of light", "had a ect on the e ort and o set"], 72, 100)
    assert read(reseq(words)) == ["the", "sides", "of", "a", "right", "triangle", "and", "a", "ray", "of", "light",
                                  "had", "affect", "on", "the", "effort", "and", "offset"]


def test_the_ligature_starts_of_a_word_list_rule_out_only_pairs_that_make_no_word():
    from columnrag.loaders.text.ligatures import _ligature_between, _ligature_starts

    lexicon = {"specific": 50, "speci": 1, "different": 80, "di": 5, "the": 900, "data": 300}
    pairs = [("speci", "c"), ("di", "erent"), ("the", "data"), ("Speci", "c"), ("", "c"), ("speci", "")]
    starts = _ligature_starts(lexicon)
    assert starts == {"speci", "di"}
    for a, b in pairs:
        assert _ligature_between(a, b, lexicon, starts) == _ligature_between(a, b, lexicon)
    assert _ligature_between("speci", "c", lexicon, starts) == "fi"
    assert _ligature_between("di", "erent", lexicon, starts) == "ff"
    lexicon["reflow"] = 10  # a word list that grew is read again
    assert "re" in _ligature_starts(lexicon)


def test_two_row_columns_are_split_but_a_two_line_paragraph_is_not():
    # The tail of a column band alone on a page: two rows, each side justified to one edge.
    def justified(lines: list[str], x: float) -> list[Word]:  # both lines run on: both justified
        return [w for w in column(lines + ["more"], x, 100, width=140) if w.text != "more"]

    left = justified(["alpha beta gamma delta eps", "zeta eta theta iota kappa"], 72)
    right = justified(["one two three four five six", "seven eight nine ten"], 226)
    words = reseq(sorted(left + right, key=lambda w: (w.y0, w.x0)))  # drawn row by row
    assert read(words) == [w.text for w in left + right]
    # A justified two-line paragraph whose (wide) word spaces line up exactly is one column:
    # none of its gaps is wider than the others.
    para = [w for w in column(["aa bb cc dd ee ff", "gg hh ii jj kk ll", "mm"], 72, 100, width=300)
            if w.text != "mm"]
    assert read(reseq(para)) == [w.text for w in para]


def test_margin_glossary_beside_a_body_column_whose_edge_steps():
    # A textbook page: ragged-right glossary notes in the margin, and a body column that narrows
    # (its left edge steps in) partway down. Neither edge is one x for most rows, but each stays
    # steady from row to row: two columns, not rows read across.
    notes = (column(["term one", "a sequence of", "physical change", "from the head", "to the tail"], 60, 130)
             + column(["term two", "growth that", "proceeds from", "the centre out", "to the limbs", "and feet"], 60, 200))
    body = [w for k, line in enumerate(numbered_lines("B", 22, 9))
            for w in line_words(line, 190 if k < 12 else 215, 100 + k * PITCH)]
    words = body + notes
    text = read(row_major(words))
    assert text == [w.text for w in notes] + [w.text for w in body]


def test_a_table_whose_number_column_steps_is_still_read_row_by_row():
    # The prices start at one x in the first rows and another below (wider numbers): a steady,
    # stepping edge, as beside a narrowed body column, but beside two words a row, not prose.
    rows = [("1 Super Kite", "20.00 40.00"), ("2 Turbo Flyer", "40.00 200.00"),
            ("3 Giga Trash", "80.00 180.00"), ("4 Bare Bone Kit", "150.00 150.00"),
            ("5 Nitty Gritty", "120.00 200.00"), ("6 Pretty Dark Flyer", "175.00 175.00")]
    words: list[Word] = []
    for k, (item, price) in enumerate(rows):
        words += line_words(item, 72, 100 + k * PITCH) + line_words(price, 300 if k < 3 else 294, 100 + k * PITCH)
    assert read(row_major(words)) == [w.text for w in row_major(words)]


def test_a_tall_word_line_that_carries_on_a_sentence_is_not_a_heading():
    # Body glyph boxes of 4 pt; a line set in a typewriter font with full-height boxes continues
    # the sentence above it: same paragraph, not a heading.
    words: list[Word] = []
    lines = numbered_lines("p", 4) + ["using cite.", "Next sentence here and more words after it."]
    for k, text in enumerate(lines):
        ws = line_words(text, 72, 100 + 11 * k, len(words))
        if k == 3:
            ws[-1] = Word(ws[-1].x0, ws[-1].y0, ws[-1].x1, ws[-1].y1, ws[-1].text + ",", ws[-1].seq)
        tall = k == 4
        words += [Word(w.x0, w.y0 - (5 if tall else 0), w.x1, w.y0 + 4.0, w.text, w.seq) for w in ws]
    assert _blocks(words) == ["text"]


def test_a_title_line_that_ends_its_region_heads_the_region_below_it():
    from columnrag.loaders.engine.geometry import TEXT, Block, Line
    from columnrag.loaders.engine.layout import _mark_titles_over_regions

    def block(text: str, x: float, y: float, region: int) -> Block:
        b = Block([Line(line_words(text, x, y))], 0, 0, kind=TEXT)
        b.region = region
        return b

    above = block("service you must derive a class from it.", 72, 180, 0)
    title = block("Motivation", 72, 200, 0)
    below = block("A future statement must appear near the top.", 72, 220, 1)
    beside = block("Evaluation", 72, 300, 1)  # ends its region, but the next region is to its right
    right = block("The double star pattern must be the last one.", 320, 100, 2)
    body = [above, title, below, beside, right]
    _mark_titles_over_regions(body, LayoutSettings())
    assert [b.kind for b in body] == ["text", "heading", "text", "text", "text"]


def _two_cells(left_lines: list[str], right_lines: list[str], y: float = 100) -> tuple[list[Word], list[Word]]:
    left = [w for k, t in enumerate(left_lines) for w in line_words(t, 150, y + k * PITCH)]
    right = [w for k, t in enumerate(right_lines) for w in line_words(t, 330, y + k * PITCH)]
    return left, right


def test_an_author_grid_drawn_cell_by_cell_is_read_cell_by_cell():
    # Two lines a cell: too few for the geometric guards, so the drawing order breaks the tie.
    left, right = _two_cells(["Anna Smith", "Somewhere University"], ["Luis Ortega", "Elsewhere Institute"])
    assert read(reseq(left + right)) == [w.text for w in left + right]
    assert read(row_major(left + right)) == [w.text for w in row_major(left + right)]


def test_a_few_words_drawn_one_side_first_by_chance_break_no_tie():
    # A shuffled page draws the two sides' few words one side first as often as one time in
    # C(8, 4) = 70, each side in no order: that is chance, not a cell-by-cell drawing, and the
    # rows are read across as the geometry reads them. Each side in its reading order is evidence.
    left, right = _two_cells(["Anna Smith", "Somewhere University"], ["Luis Ortega", "Elsewhere Institute"])
    scrambled = [left[2], left[0], left[3], left[1], right[1], right[3], right[0], right[2]]
    assert read(reseq(scrambled)) == [w.text for w in row_major(left + right)]


def test_a_display_equation_drawn_piece_by_piece_is_not_cut_into_columns():
    # R = − Σ q − Σ q (8), with the sums' subscripts on the row below: the PDF draws the left
    # half before the right one, as it draws an author grid, but these are symbols, not words.
    left, right = _two_cells(["R = − Σ q", "n∈N"], ["− Σ q (8)", "m∈M"])
    assert read(reseq(left + right)) == [w.text for w in row_major(left + right)]


def test_reference_labels_hanging_left_of_their_entries_stay_with_them():
    # A ragged left column and a reference list whose labels hang left of the entries: the strip
    # between labels and entries is the clearest gutter on the page, the labels a "column".
    left = column([" ".join(f"L{k}w{j}" for j in range(3 + k % 3)) for k in range(16)], 72, 100)
    refs: list[Word] = []
    for k in range(8):
        y = 100 + 2 * k * PITCH
        refs += line_words(f"[{k + 1}]", 320, y)
        refs += line_words(f"R{k}a author title of the work", 345, y)
        refs += line_words(f"R{k}b journal volume pages", 345, y + PITCH)
    text = read(row_major(left + refs))
    assert text == [w.text for w in left] + [w.text for w in row_major(refs)]


def test_line_end_hyphens_are_decided_with_the_words_on_both_sides():
    lines = ["we set it to not-a-", "number, ran mk-", "temp in a coal-", "based plant, an experi-",
             "ment for ACL-", "2008 in non-", "English and age- and", "sex-independent data"]
    assert read(reseq(column(lines, 72, 100))) == [
        "we", "set", "it", "to", "not-a-number,", "ran", "mk-", "temp", "in", "a", "coal-", "based", "plant,",
        "an", "experiment", "for", "ACL-2008", "in", "non-English", "and", "age-", "and",
        "sex-independent", "data"]


def test_a_word_broken_at_a_line_end_that_the_list_lacks_is_joined():
    # "nonscalable" is in no word list, and "nonscal" is no word: a broken word, not a compound.
    assert read(reseq(column(["the design is nonscal-", "able in practice"], 72, 100))) == [
        "the", "design", "is", "nonscalable", "in", "practice"]


def test_lost_ligatures_are_mended_into_closed_compounds_and_in_other_languages():
    words = column(["the lename of the model shows over tting on the", "data we used in the rst place"], 72, 100)
    assert read(reseq(words))[:2] == ["the", "filename"]
    german = column(["die Datei wird in der Au age von der Firma und dem Team gepr uft"], 72, 100)
    assert "Auflage" in read(reseq(german))


def test_accents_drawn_apart_go_back_on_their_letters_inside_words_only():
    from columnrag.loaders.text.render import normalize

    assert normalize("V\u00a8axj\u00a8o and Vuli\u00b4c") == "Växjö and Vulić"
    assert normalize("Nguy\u02dc\u02c6en and Nguy\u02c6\u02dcen") == "Nguy\u1ec5n and Nguy\u1ec5n"  # stacked
    assert normalize("the term \u02dcA stays") == "the term \u02dcA stays"  # a variable with a tilde


def test_an_accent_drawn_apart_at_a_word_s_start_goes_on_its_letter_where_no_variable_takes_it():
    from columnrag.loaders.text.render import normalize

    assert normalize("IRIDIA, \u00b4Ecole polytechnique, \u02daArhus") == "IRIDIA, \u00c9cole polytechnique, \u00c5rhus"
    # A dotted or hatted variable, a letter alone, an apostrophe drawn as an acute: as drawn.
    for drawn in ("\u02d9x is", "the \u02c6Xl and \u02dcXl", "\u00b4E", "Don\u00b4t"):
        assert normalize(drawn) == drawn


def test_a_cedilla_drawn_apart_goes_back_on_its_letter_on_either_side_of_it():
    from columnrag.loaders.text.render import normalize

    # TeX's OT1 fonts: the cedilla after its c, then a tilde before its a ("Computação").
    assert normalize("Computac\u00b8\u02dcao e Gar\u00e7on") == "Computa\u00e7\u00e3o e Gar\u00e7on"
    assert normalize("Bur\u00b8cin Ba\u00b8sak") == "Bur\u00e7in Ba\u015fak"  # its box just before the letter
    assert normalize("the \u00b8 sign, r\u00b8 and \u00b8c") == "the \u00b8 sign, r\u00b8 and \u00b8c"


def test_symbol_font_bracket_pieces_become_unicode():
    # Adobe Symbol draws a tall "(x)" from Private Use pieces; readers and embedders know only Unicode.
    assert normalize("\uf8eb x \uf8f6\n\uf8ed x \uf8f8") == "\u239b x \u239e\n\u239d x \u23a0"
    assert normalize("\uf8f4") == "\u23aa" and normalize("\uf8e5") == "\u203e"


def test_word_lists_are_read_as_pyspellchecker_holds_them():
    from spellchecker import SpellChecker

    from columnrag.loaders.text.lexicon import spelling_counts

    for language in ("en", "de"):
        ours = spelling_counts(language)
        theirs = SpellChecker(language=language, distance=1).word_frequency.dictionary
        assert dict(ours) == dict(theirs) and list(ours) == list(theirs)


def test_a_river_of_justified_word_spaces_down_three_lines_is_not_a_gutter():
    # Three justified lines of a few long words: their spaces are wide, and one of them lines up
    # in all three (8 points, wider than a gutter must be), its right side starting at one x. The
    # lines' other spaces are as wide and do not line up: a river, read line by line.
    def spaced(tokens: list[str], gaps: list[float], y: float) -> list[Word]:
        out, x = [], 72.0
        for token, gap in zip(tokens, [0.0] + gaps):
            x += gap
            out.append(Word(x, y, x + 5.0 * len(token), y + 10, token))
            x += 5.0 * len(token)
        return out

    above = [w for k, line in enumerate(numbered_lines("A", 4, 10)) for w in line_words(line, 72, 100 + k * PITCH)]
    river = (spaced("different methods depending on the type of".split(), [8] * 6, 100 + 4 * PITCH)
             + spaced("equity investment: 2022 investments in".split(), [15] * 4, 100 + 5 * PITCH)
             + spaced("companies over which we have significant".split(), [10, 11, 18, 10, 10], 100 + 6 * PITCH))
    below = [w for k, line in enumerate(numbered_lines("B", 4, 10)) for w in line_words(line, 72, 100 + (7 + k) * PITCH)]
    words = above + river + below
    expected = [w.text for w in words]
    assert read(row_major(words)) == expected
    shuffled = words[:]
    random.Random(3).shuffle(shuffled)
    assert read(reseq(shuffled)) == expected


def _one_page_with_top_line(top: list[Word]) -> list[str]:
    body = column(numbered_lines("b", 40, 6), 72, 100) + column(numbered_lines("r", 40, 6), 320, 100)
    return read(reseq(top + body))


def test_a_body_line_that_a_small_figure_title_meets_at_the_top_of_a_one_page_document_stays():
    # The page's first line runs on from an earlier page; beside it, across the gutter, a figure's
    # title in small type: one row at the top edge, but in body type, so no running head.
    top = line_words("form of the imaginary part.", 72, 40) + _sized_line("NS Optical Sums (CB model)", 320, 41, 7)
    words = _one_page_with_top_line(top)
    assert words[:5] == ["form", "of", "the", "imaginary", "part."]
    top = line_words("Results", 72, 40) + _sized_line("Fig. 3 NS Sums", 320, 41, 7)
    assert _one_page_with_top_line(top)[0] == "Results"
    # A running head in small type is still furniture, its page number set larger or not.
    for number_size in (7, 12):
        head = _sized_line("Sodexo Registration Document Fiscal 2013", 72, 40, 7) + _sized_line(
            "322", 320, 40, number_size)
        words = _one_page_with_top_line(head)
        assert "Sodexo" not in words and "322" not in words and words[0] == "b0w0"


def test_a_subscript_whose_box_falls_between_two_lines_goes_back_to_the_word_it_follows():
    # "at a temperature T_0 the gas": the subscript's box reaches below its line, more than half
    # of it outside, so rows by overlap leave it a row of its own between two lines.
    first = line_words("at a temperature T", 72, 100)
    t = first[-1]
    script = Word(t.x1, 107.5, t.x1 + 4, 113.5, "0")
    rest = line_words("the gas cools", t.x1 + 6, 100)
    below = line_words("on and on until dawn.", 72, 112)
    for words in ([*first, script, *rest, *below], [*below, *rest, script, *first]):
        assert read(reseq(words)) == ["at", "a", "temperature", "T0", "the", "gas", "cools",
                                      "on", "and", "on", "until", "dawn."]


def test_a_fractions_parts_stay_in_their_line_numerator_first_whatever_the_drawing_order():
    # "3 1/4 inches": the numerator raised, the denominator lowered, at one left edge (to the
    # rounding of the PDF's coordinates), drawn denominator first.
    line = line_words("Columns are to be 3", 71.95, 100)  # the fraction at x = 157.45
    x = line[-1].x1 + 0.5
    numerator = Word(x + 1e-4, 97, x + 4, 103, "1")
    denominator = Word(x - 1e-4, 106, x + 4, 112, "4")
    rest = line_words("inches wide.", x + 6, 100)
    below = line_words("and so on below it.", 72, 114)
    for fraction in ([denominator, numerator], [numerator, denominator]):
        words = line + fraction + rest + below
        assert read(reseq(words)) == ["Columns", "are", "to", "be", "3", "1", "4", "inches", "wide.",
                                      "and", "so", "on", "below", "it."]


def test_a_centred_fractions_denominator_between_two_lines_goes_back_under_its_numerator():
    # "a 5/16 inch space" (CVPR's template): the denominator, wider than the numerator and
    # centred under it, touches no word of the line and falls mostly below it; it is read right
    # after its numerator, not as a line of its own after the paragraph's next line.
    line = line_words("with a", 72, 100)
    x = line[-1].x1 + 3.4
    numerator = Word(x + 1.9, 99.6, x + 5.9, 105.8, "5")
    denominator = Word(x, 107, x + 7.9, 113.2, "16")
    rest = line_words("inch space between them.", x + 11.3, 100)
    below = line_words("and so on below it.", 72, 114)
    for fraction in ([denominator, numerator], [numerator, denominator]):
        assert read(reseq(line + fraction + rest + below)) == [
            "with", "a", "5", "16", "inch", "space", "between", "them.", "and", "so", "on", "below", "it."]


def test_a_script_goes_to_the_word_it_follows_and_a_short_line_in_small_type_stays_whole():
    # A citation mark after a paragraph's one-word last line, right before a word of the line
    # above: it follows "it.", so it goes there.
    above = line_words("aaaa bbbb cc ddd eeee", 72, 100)
    last = line_words("it.", 72, 112)
    mark = Word(last[0].x1, 108, above[1].x0 - 1.5, 114, "15")
    assert read(reseq(above + last + [mark])) == ["aaaa", "bbbb", "cc", "ddd", "eeee", "it.15"]
    # A note in 8-point type whose boxes reach 30% into the line above: its short words are
    # words of their own line, not scripts of the words above them.
    body = line_words("the body text line runs on here", 72, 100)
    note = _sized_line("Note: p <.05", 72, 107.6, 8)
    x = body[1].x1  # "p" right after "body" ends, as it may happen
    note[1] = Word(x + 0.5, note[1].y0, x + 0.5 + (note[1].x1 - note[1].x0), note[1].y1, "p")
    note[2] = Word(note[1].x1 + 2, note[2].y0, note[1].x1 + 2 + (note[2].x1 - note[2].x0), note[2].y1, "<.05")
    note[0] = Word(note[1].x0 - 2 - (note[0].x1 - note[0].x0), note[0].y0, note[1].x0 - 2, note[0].y1, "Note:")
    assert read(reseq(body + note)) == ["the", "body", "text", "line", "runs", "on", "here", "Note:", "p", "<.05"]


def _stamp(text: str, x: float, y0: float, seq: int = 0) -> Word:
    """A line set sideways, as the PDF edge gives it: one word, far taller than wide."""
    return Word(x, y0, x + HEIGHT, y0 + CHAR_W * len(text), text, seq)


def test_text_set_sideways_beside_a_line_is_no_part_of_that_line():
    # An arXiv stamp up the left margin, level with lines of both columns, and a photo credit up
    # a column's edge: each shares a row with body lines (they are drawn first, the stamp last).
    left = column(numbered_lines("L", 20), 72, 100)
    right = column(numbered_lines("R", 20), 320, 100)
    stamp = _stamp("arXiv:2101.01234v2 [cs.LG] 12 Jan 2021", 30, 200, len(left + right))
    credit = _stamp("Photo/Agency", 300, 150, len(left + right) + 1)
    for words in (left + right + [stamp, credit], row_major(left + right + [stamp, credit])):
        lines = page_text(analyze_page(words, 612, 792), LayoutSettings())[0].split("\n")
        assert stamp.text in lines and credit.text in lines  # lines of their own
        body = [t for t in " ".join(lines).split() if t[0] in "LR"]
        assert body == [w.text for w in left + right]  # the columns read whole, in order


def test_a_sideways_table_too_short_to_tell_keeps_its_rows():
    # A landscape table on an upright page: each header a sideways word beside its unit (a word
    # too short to tell from upright text): the pairs stay together.
    words = []
    for k in range(6):
        y = 100 + 40 * k
        words += [_stamp("Header", 70, y, len(words)), Word(82, y + 3, 90, y + 17, "Unit", len(words) + 1)]
    text = page_text(analyze_page(words + column(numbered_lines("b", 6, 8), 150, 100), 612, 792),
                     LayoutSettings())[0]
    assert text.count("Header Unit") == 6


def _words_ending_at(text: str, x1: float, y: float) -> list[Word]:
    """Words of one line, set so that the last ends at x1."""
    ws = line_words(text, 0, y)
    return [Word(w.x0 + x1 - ws[-1].x1, w.y0, w.x1 + x1 - ws[-1].x1, w.y1, w.text) for w in ws]


def test_a_captions_first_line_whose_word_space_falls_in_the_gutter_between_two_figures_is_whole():
    left = column(numbered_lines("A", 8, 3), 72, 100)
    right = column(numbered_lines("B", 8, 3), 300, 100)
    y = 100 + 8 * PITCH + 6
    first = (_words_ending_at("Figure 2: The total stellar mass of both", 268, y)
             + line_words("stars as a function of redshift, top", 272.5, y))
    rest = line_words("and the dashed lines are the total stellar masses of the stars.", 72, y + PITCH)
    body = column(numbered_lines("p", 4, 9), 72, y + 3 * PITCH)
    for words in (reseq(left + right + first + rest + body), row_major(left + right + first + rest + body)):
        lines = page_text(analyze_page(words, 612, 792), LayoutSettings())[0].split("\n")
        assert " ".join(w.text for w in first) in lines
    # Two captions side by side, each under its figure, are no line across.
    pair = (_words_ending_at("Fig. 4. The accuracy of both methods", 268, y)
            + line_words("Fig. 5. The rate of false alarms", 272.5, y))
    lines = page_text(analyze_page(reseq(left + right + pair + body), 612, 792), LayoutSettings())[0].split("\n")
    assert "Fig. 4. The accuracy of both methods" in lines and "Fig. 5. The rate of false alarms" in lines


def test_a_drop_cap_is_read_as_the_first_letter_of_its_paragraph():
    def page(cap: str, first: str, indent: float = 0.0) -> list[Word]:
        big = Word(72, 97, 94, 131, cap)  # three lines tall, beside their starts
        beside = [line_words(t, 100 + (indent if k == 0 else 0), 100 + k * PITCH) for k, t in
                  enumerate([first + " committee met twice this year", "to review the proposals and",
                             "wrote a careful report on each"])]
        under = column(["one of them for the board of the", "foundation before the winter."], 72, 100 + 3 * PITCH)
        return [big] + [w for ws in beside for w in ws] + under

    # The rest of its word in lower case or small capitals; a word of its own ("A" a word space
    # before the line's first word, or before a capitalised one).
    for cap, first, indent, expected in (("T", "he", 0, "The"), ("T", "HE", 0, "THE"), ("A", "Then", 0, "A Then"),
                                         ("A", "new", SPACE, "A new"), ("I", "am", SPACE, "I am")):
        words = page(cap, first, indent)
        for drawn in (reseq(words), row_major(words)):
            text = " ".join(read(drawn))
            assert text.startswith(expected + " committee met twice this year to review"), text
    # A large letter beside one line (an appendix heading's letter) stays a word of its own.
    heading = [Word(72, 96, 84, 118, "A")] + line_words("HEADINGS AND LISTS", 88, 104) + column(
        numbered_lines("h", 4), 72, 130)
    assert read(reseq(heading))[:2] == ["A", "HEADINGS"]
    # A letter beside a heading in capitals run onto two lines is the heading's: a word of its own.
    caps = ([Word(72, 96, 90, 126, "B")] + line_words("APPENDIX ON THE", 94, 100)
            + line_words("METHODS USED", 94, 100 + PITCH) + column(numbered_lines("h", 4), 72, 140))
    assert read(reseq(caps))[:2] == ["B", "APPENDIX"]


def test_a_strip_with_only_leader_dots_left_of_it_is_no_gutter_and_the_page_is_read():
    # The right column of a contents list in two columns ends in rows that open with the last
    # dots of a leader ("· · 4 Index · · ·"): a strip runs down all of them, with nothing but
    # those dots left of it. The dots go with the entries (they hang like list markers), which
    # left the strip's left side empty, and the side was read again as it was, for ever.
    words = column(numbered_lines("L", 9, 6), 72, 100)
    for k, rest in enumerate(["1 v1.0 [2011/03/26]", "4", "4 4 Index · · · · · ·"]):
        y = 100 + 16 * k
        words += [Word(288.2, y + 2, 290.4, y + HEIGHT, "·", len(words)), Word(292.2, y + 2, 294.5, y + HEIGHT, "·", len(words) + 1)]
        words += line_words(rest, 307.7, y, len(words))

    def hung(*_: object) -> None:
        raise TimeoutError("the page was read again and again")

    signal.signal(signal.SIGALRM, hung)
    signal.alarm(30)
    try:
        layout = analyze_page(reseq(words), 612, 792)
    finally:
        signal.alarm(0)
    assert sorted(w.text for b in layout.blocks for line in b.lines for w in line.words) == sorted(w.text for w in words)


def test_a_contents_list_s_titles_keep_their_page_numbers_whatever_the_drawing_order():
    # The first column of a contents list in two columns: titles without leaders, their page
    # numbers flush right ("1. Licence  3"), and entries whose leader dots run up to their numbers.
    # A strip runs down all the rows between the titles and the numbers (between two dots of each
    # leader); the numbers right of it, rising down the page, are no column: each stays with its
    # title, however the page draws its words.
    entries = [("Get started", "3", False), ("1. Licence", "3", False), ("2. Glossary", "3", False),
               ("3. Reading", "4", True), ("4. Impatient", "4", True), ("5. Options", "5", False),
               ("5.1. Load-time", "5", True), ("5.2. Setup", "6", True)]
    left: list[Word] = []
    for k, (title, page, leaders) in enumerate(entries):
        y = 100 + 14 * k
        left += line_words(title, 72, y, len(left))
        if leaders:  # dots on a grid 7.5 pt apart, from past the title to the number
            x = 100 + 7.5 * ((left[-1].x1 + 3 - 100) // 7.5 + 1)
            while x < 252:
                left.append(Word(x, y + 6, x + 2.5, y + HEIGHT, ".", len(left)))
                x += 7.5
        left.append(Word(260 - CHAR_W * len(page), y, 260, y + HEIGHT, page, len(left)))
    right = column(numbered_lines("R", 8, 6), 320, 100)
    expected = read(reseq(left + right))
    shuffled = left + right
    random.Random(3).shuffle(shuffled)
    assert read(reseq(shuffled)) == expected
    assert expected[:7] == ["Get", "started", "3", "1.", "Licence", "3", "2."]



@pytest.mark.parametrize("offset", [(0.0, 0.0), (0.2, 0.0), (0.5, 0.0), (0.75, 0.25), (0.3, -0.6)])
def test_words_overprinted_a_fraction_of_a_point_aside_are_read_once(offset):
    """Fake bold: each word drawn again a fraction of a point aside. Its twin is the same word,
    wherever the two fall on a grid (0.5 pt aside rounds apart from half the positions)."""
    dx, dy = offset
    lines = numbered_lines("L", 8) + ["the end of the left column"]
    words = column(lines, 72.3, 100.1) + column(numbered_lines("R", 8), 330.45, 100.1)
    twins = [Word(w.x0 + dx, w.y0 + dy, w.x1 + dx, w.y1 + dy, w.text) for w in words]
    page = page_text(analyze_page(reseq(words + twins), 612, 792))[0]
    assert page.split() == " ".join(lines + numbered_lines("R", 8)).split()


def test_the_same_word_a_little_further_aside_is_another_word():
    """Two words of one text more than duplicate_grid apart are both read (a table's repeated
    figures, the same word in two lines)."""
    words = line_words("0 0 0", 72, 100) + line_words("0 0 0", 72, 100 + HEIGHT + 1.5)
    assert page_text(analyze_page(reseq(words), 612, 792))[0].split() == ["0"] * 6


def test_a_list_of_terms_beside_their_wrapped_definitions_is_read_term_by_term():
    # groff's -me reference: each macro set in a column of its own, level with the first line
    # of what it does, which wraps onto lines of its own before the next macro. The strip
    # between is no gutter (the macros are no column of text: a row alone each, far shorter
    # than the lines beside them): each macro is read with its definition, in both orders.
    entries = [(".uh T", numbered_lines("U", 2, 12)), (".$p T B N", numbered_lines("P", 5, 12)),
               (".$0 T B N", numbered_lines("Z", 4, 12)), (".$1 .$6", numbered_lines("S", 3, 12))]
    words, expected, y = [], [], 100.0
    for term, lines in entries:
        words += line_words(term, 72, y)
        words += column(lines, 180, y)
        expected += [term, *lines]
        y += PITCH * len(lines) + 4
    words += line_words("3. Headers", 72, y + 12)
    expected.append("3. Headers")
    want = " ".join(expected).split()
    assert read(reseq(words)) == want
    assert read(reseq(random.Random(5).sample(words, len(words)))) == want


def _term_list(entries: list[tuple[str, list[str]]], y: float, heading_before: dict[int, str]) -> tuple[list[Word], list[str]]:
    """Terms at x 72, each level with the first line of its definition at x 180, the entries 4
    points further apart than a definition's lines; `heading_before` sets a heading on a row
    of its own, 8 points further down, before the entry of that index."""
    words, expected = [], []
    for k, (term, lines) in enumerate(entries):
        if k in heading_before:
            y += 8
            words += line_words(heading_before[k], 72, y)
            expected.append(heading_before[k])
            y += PITCH + 4
        words += line_words(term, 72, y)
        words += column(lines, 180, y)
        expected += [term, *lines]
        y += PITCH * len(lines) + 4
    return words, expected


@pytest.mark.parametrize("deeper", [0.0, 1.5])
def test_a_list_of_terms_beside_definitions_of_a_line_each_is_read_term_by_term(deeper):
    # groff's -me reference, its headers and footers: each macro beside a definition that is
    # mostly a line, the entries set further apart than the lines of the few that wrap, and a
    # heading of the list on a row of its own. The macros fill most rows, but they are no column
    # of text: each is read with its definition, in both drawing orders, whichever term's box
    # reaches deeper than its line (`deeper` points: a descender, another font).
    one = [numbered_lines(p, 1, 11) for p in "ABCDEFGHJK"]
    terms = [f".{m} 'l 'm'r '" for m in ("he", "fo", "eh", "oh")] + [".hx", ".m1 +N"]
    entries = list(zip(terms, one[:6]))
    entries += [(".ep", numbered_lines("W", 3, 12)), (".$f", one[6]), (".1c", one[7]), (".bc", one[8]),
                (".sz +P", numbered_lines("V", 2, 12)), (".r W X", one[9])]
    words, expected = _term_list(entries, 100.0, {8: "6. Columned Output"})
    words = [Word(w.x0, w.y0, w.x1, w.y1 + (deeper if w.text == ".ep" else 0.0), w.text) for w in words]
    want = " ".join(expected).split()
    assert read(reseq(words)) == want
    assert read(reseq(random.Random(8).sample(words, len(words)))) == want


def test_a_narrow_column_beside_a_wide_one_at_its_line_pitch_stays_a_column():
    # Short lines of a narrow column beside a wide one, row for row at the same pitch, one
    # paragraph break in each: a column of text, however short its lines, not a list's terms.
    left = numbered_lines("L", 12, 2)
    right = numbered_lines("R", 12, 11)
    words = column(left[:5], 72, 100) + column(left[5:], 72, 100 + 6 * PITCH)
    words += column(right[:7], 180, 100) + column(right[7:], 180, 100 + 8 * PITCH)
    assert read(reseq(words)) == " ".join(left + right).split()


def test_a_first_page_s_banner_in_the_running_heads_place_is_furniture():
    # MNRAS: the first page's head names the journal and the preprint's date, which no other page
    # repeats; the other pages set their own heads (the author and the page number, the title and
    # the page number) at that height in that small type.
    banner = _set_in(line_words("MNRAS 000, 1-10 (2020) Preprint 27 June 2020 Compiled using LaTeX", 72, 30), 7.0)
    banner[-1] = Word(banner[-1].x0, banner[-1].y0 - 3.5, banner[-1].x1, banner[-1].y1, "LaTeX")  # its raised "A"

    def pages_with(heads: list[str]) -> list:
        pages_words = [banner + column(numbered_lines("p0x", 30), 72, 100)]
        for n, head in enumerate(heads, start=1):
            pages_words.append(_set_in(line_words(head, 72, 30), 7.0) + column(numbered_lines(f"p{n}x", 30), 72, 100))
        return _read_page_by_page(pages_words)

    pages = pages_with(["2 K. T. Smith", "LaTeX guide for authors 3", "4 K. T. Smith", "LaTeX guide for authors 5"])
    assert page_text(pages[0])[0].startswith("p0x0w0")
    assert "header" in {b.kind for b in pages[0].blocks}
    # Other pages' first lines that are no running heads (no page number, none repeats) leave it text.
    pages = pages_with(["Exercises for the reader", "Notes on the method", "Further reading", "Sources"])
    assert page_text(pages[0])[0].startswith("MNRAS 000")
    # On another page such a line is a caption at the top (under or in place of its head): text.
    caption = _set_in(line_words("Table 2: Accuracy of the models on the held-out test set.", 72, 30), 7.0)
    pages_words = [column(numbered_lines(f"p{n}x", 30), 72, 100)
                   + (_set_in(line_words(f"{n + 1} K. T. Smith" if n % 2 else f"LaTeX guide {n + 1}", 72, 30), 7.0)
                      if n != 2 else caption) for n in range(5)]
    assert "Table 2: Accuracy" in page_text(_read_page_by_page(pages_words)[2])[0]


def test_pieces_of_a_word_drawn_inside_it_are_dropped():
    # A layer of glyph fragments under a line (docling_redp5110): "S", "ifi", "th" drawn inside
    # "Specifies", "that", each box within its word's and its text part of the word's.
    line = line_words("Specifies that the row permission is to be initially disabled", 72, 200)
    spec, that = line[0], line[1]
    pieces = [Word(spec.x0, spec.y0, spec.x0 + CHAR_W, spec.y1, "S"), Word(spec.x0 + 3 * CHAR_W, spec.y0,
              spec.x0 + 6 * CHAR_W, spec.y1, "ifi"), Word(that.x0, that.y0, that.x0 + 2 * CHAR_W, that.y1, "th")]
    text = column([f"Before the statement comes line {i} of the text." for i in range(3)], 72, 100)
    got = read(reseq(text + pieces + line))
    assert " ".join(got[-10:]) == "Specifies that the row permission is to be initially disabled"
    assert "ifi" not in got and "S" not in got and "th" not in got
    # A word drawn over another that is no part of it stays (a stamp over a line is a word of its own).
    stamp = Word(spec.x0 + CHAR_W, spec.y0, spec.x0 + 5 * CHAR_W, spec.y1, "VOID")
    assert "VOID" in read(reseq(text + [stamp] + line))


def test_the_steps_of_a_numbered_list_are_no_headings():
    # A manual's steps, short and with no stop, each under the one before at the line's pitch:
    # a list, though a numbered line alone over a paragraph would pass for a section's heading.
    intro = ["Replace the cartridge every six months or when the light turns red."]
    steps = ["1. Switch off and unplug the purifier", "2. Remove the four screws", "3. Lift the old cartridge out"]
    after = ["The light turns green when the new cartridge has been found by the unit."]

    def headings(lines: list[str]) -> list[str]:
        layout = analyze_page(reseq(column(lines, 72, 100)), 612, 792)
        return [" ".join(line.text for line in b.lines) for b in layout.blocks if b.kind == "heading"]

    assert headings(intro + steps + after) == []
    assert headings(intro + steps[:1] + after) == steps[:1]  # (one numbered line alone: a heading, as before)


@pytest.mark.parametrize("line, heading", [
    ("12 March 2024", False), ("3. Mai 2023", False), ("15 de marzo de 2022", False),  # a letter's date
    ("14 Foundry Lane, Sheffield S3 8AB", False), ("12 Hauptstraße, 10115 Berlin", False),  # addresses
    ("2 Methods", True), ("5 Mars exploration", True),  # sections' headings
    ("3 Results, Discussion and Outlook", True), ("4 Experiments, Round 2", True),  # no postcode after the comma
    ("2 Background, 1990-2010", True),
])
def test_a_date_or_an_address_that_opens_with_a_number_is_no_numbered_heading(line, heading):
    lines = ["Harbour Property Management, Quay Street, Bristol.", line,
             "Thank you for your letter about the renewal of your lease on the first floor."]
    layout = analyze_page(reseq(column(lines, 72, 100)), 612, 792)
    assert any(b.kind == "heading" and b.lines[0].text == line for b in layout.blocks) == heading


@pytest.mark.parametrize("line, heading", [
    ("Telephone 0114 496 0000", False), ("VAT No. GB 123 4567 89", False),  # numbers to be read
    ("Q3 2024 Results", True), ("Chapter 12", True),  # titles with a figure or two
])
def test_a_lone_line_of_three_figures_is_no_title(line, heading):
    para = column(["Thank you for your order of the fourth of March, which we have now sent out.",
                   "The boiler follows next week from the maker and comes at no extra cost."], 72, 160)
    layout = analyze_page(reseq(line_words(line, 72, 120) + para), 612, 792)
    assert any(b.kind == "heading" and b.lines[0].text == line for b in layout.blocks) == heading


@pytest.mark.parametrize("line, heading", [
    ("1.1 In this Agreement the following terms apply:", False),  # a clause leading into its list
    ("2.1 Objectives:", True),  # a short heading may end in a colon
])
def test_a_numbered_clause_that_leads_into_a_list_is_no_heading(line, heading):
    lines = ["The parties agree as set out in the clauses below.", line,
             "Affiliate means any entity that controls or is controlled by a party to it."]
    layout = analyze_page(reseq(column(lines, 72, 100)), 612, 792)
    assert any(b.kind == "heading" and b.lines[0].text == line for b in layout.blocks) == heading


@pytest.mark.parametrize("inset", [0.0, 8.0])
def test_a_heading_over_each_column_inset_in_its_bar_is_the_column_s_first_row(inset):
    """A poster: four columns, each under a heading in larger type set a little in from the
    column's edge (inside a bar of colour), a heading's space above the text; the words drawn in
    random order. Each heading heads its own column, none runs across the page."""
    words: list[Word] = []
    heads = ["Background", "Methods", "Results", "Conclusions"]
    for c, head in enumerate(heads):
        x = 40.0 + 280.0 * c
        words += [Word(w.x0, w.y0 - 4, w.x1 + 4, w.y1, w.text) for w in line_words(head, x + inset, 100)]
        words += column(numbered_lines(f"c{c}", 8, 6), x, 130)
    random.Random(3).shuffle(words)
    layout = analyze_page(reseq(words), 1190, 842)
    texts = [" ".join(line.text for line in b.lines) for b in layout.blocks]
    for c, head in enumerate(heads):
        assert head in texts
        assert texts.index(head) + 1 == texts.index(next(t for t in texts if t.startswith(f"c{c}0w0")))


def _justified(text: str, x: float, y: float, width: float) -> list[Word]:
    """A line's words spread to fill `width` from `x` (a justified line of prose)."""
    ws = line_words(text, x, y)
    extra = (width - (ws[-1].x1 - x)) / (len(ws) - 1)
    return [Word(w.x0 + i * extra, w.y0, w.x1 + i * extra, w.y1, w.text) for i, w in enumerate(ws)]


@pytest.mark.parametrize("values, justified, across", [
    (["Incoming water hardness from 5 to 50 degrees", "Share of capacity kept in reserve before use",
      "Time of day for the automatic regeneration", "Maximum days between two regenerations",
      "Days of salt left that trigger the alarm"], False, True),  # a value a line, each opening afresh
    (["the water that comes into the softener is measured", "and the share of its capacity that is kept",
      "in reserve before each regeneration starts is set", "by the installer when the unit is fitted",
      "at the time of day the owner has chosen."], False, False),  # prose beside short lines: two columns
    (["Die Würde des Menschen ist unantastbar. Sie zu", "Achten und zu schützen ist Verpflichtung aller",
      "Staatlichen Gewalt. Das Deutsche Volk bekennt", "Sich darum zu unverletzlichen und zu allen",
      "Unveräußerlichen Menschenrechten als Grundlage"], True, False),  # justified prose, capitals and all
])
def test_terms_beside_values_a_line_each_read_across_but_short_lines_beside_prose_do_not(values, justified, across):
    terms = ["H1 Hardness", "H2 Reserve", "H3 Time", "H4 Interval", "H5 Salt"]
    words: list[Word] = []
    for k, (term, value) in enumerate(zip(terms, values)):
        line = _justified(value, 200, 100 + 15 * k, 250) if justified else line_words(value, 200, 100 + 15 * k)
        words += line_words(term, 72, 100 + 15 * k) + line
    random.Random(5).shuffle(words)
    layout = analyze_page(reseq(words), 612, 792)
    text = "\n".join(line.text for b in layout.blocks for line in b.lines)
    assert (f"H2 Reserve {values[1]}" in " ".join(text.split()) or f"| H2 Reserve | {values[1]}" in text) is across
