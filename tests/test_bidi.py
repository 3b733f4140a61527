"""Right-to-left scripts: lines read in the order of the Unicode bidirectional algorithm, and
Hebrew or Arabic pages' columns and tables read from the right, whatever the drawing order."""
from __future__ import annotations

import random
from pathlib import Path

import pymupdf
import pytest
from bidi import get_display
from hypothesis import given, settings, strategies as st  # python-bidi: the reference UAX #9 implementation (logical -> visual)

from columnrag.chunking import BandAwareTextSplitter
from columnrag.loaders import ColumnAwarePDFLoader, LayoutSettings, Word, analyze_page
from columnrag.loaders.contract import decode_blocks, decode_furniture
from columnrag.loaders.engine.bidi import mostly_right_to_left, reading_order, text_in_reading_order
from columnrag.loaders.engine.furniture import mark_furniture

from .boxes import column, numbered_lines
from columnrag.loaders.text.ligatures import line_text
from columnrag.loaders.text.render import page_text

HEBREW = "אבגדהוזחטיכלמנסעפצקרשת"
ARABIC = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"
LATIN = "abcdefghijklmnop"
CHAR_W = 5.0


def _token(rnd: random.Random, kind: str) -> str:
    letters = {"h": HEBREW, "a": ARABIC, "l": LATIN}.get(kind)
    if letters:
        return "".join(rnd.choice(letters) for _ in range(rnd.randint(2, 6)))
    if kind == "n":
        return str(rnd.randint(1, 2025))
    if kind == "d":  # Arabic-Indic digits
        return "".join(rnd.choice("٠١٢٣٤٥٦٧٨٩") for _ in range(rnd.randint(1, 4)))
    return rnd.choice(["-", ":", "—", "/", "%"])


def _standing(visual: str) -> list[Word]:
    """A displayed line as the PDF gives it: its words' boxes left to right, each word's
    characters in their logical order (MuPDF turns right-to-left runs around)."""
    words, x = [], 72.0
    for piece in visual.split():
        text = piece[::-1] if mostly_right_to_left([Word(0, 0, 0, 0, piece)]) else piece
        words.append(Word(x, 100, x + CHAR_W * len(piece), 110, text, len(words)))
        x += CHAR_W * (len(piece) + 1)
    return words


@pytest.mark.parametrize("script", ["h", "a"])
@pytest.mark.parametrize("rtl", [True, False], ids=["right-to-left paragraph", "left-to-right paragraph"])
def test_a_line_reads_as_the_bidirectional_algorithm_would_display_it(script, rtl):
    # Lines of mixed scripts, numbers and punctuation, displayed by python-bidi and read back
    # from their boxes. Without numbers the reading is the logical text itself; numbers make
    # some displays ambiguous ("A 12 b" on a Hebrew line is "b 12 A" or "12 b A" read), so there
    # the reading must display as the line stands.
    rnd = random.Random(7 if rtl else 8)
    kinds = (script * 4 + "ll-" if rtl else "llll" + script * 2 + "-") + ("nd" if script == "a" else "n")
    exact = 0
    for trial in range(400):
        with_numbers = trial % 2 == 0
        pool = kinds if with_numbers else kinds.replace("n", "").replace("d", "")
        logical = " ".join(_token(rnd, rnd.choice(pool)) for _ in range(rnd.randint(1, 9)))
        visual = get_display(logical, base_dir="R" if rtl else "L")
        read = line_text(_standing(visual), {}, LayoutSettings(), rtl)
        if with_numbers:
            assert get_display(read, base_dir="R" if rtl else "L") == visual, (logical, read)
            exact += read == logical
        else:
            assert read == logical, visual
    assert exact > 150  # the ambiguous displays are the few


def test_a_full_stop_drawn_touching_a_hebrew_word_ends_it():
    # "שלום עולם." displayed: the full stop stands left of the last word, touching it.
    stop = Word(60, 100, 63, 110, ".")
    last = Word(63, 100, 88, 110, "עולם")
    first = Word(91, 100, 116, 110, "שלום")
    assert line_text([stop, last, first], {}, LayoutSettings()) == "שלום עולם."


def _hebrew_line(text: str, right: float, y: float, seq: int) -> list[Word]:
    """A Hebrew line set flush right at `right`, its first word rightmost."""
    out, x = [], right
    for token in text.split():
        w = CHAR_W * len(token)
        out.append(Word(x - w, y, x, y + 10, token, seq + len(out)))
        x -= w + 2.5
    return out


def test_a_hebrew_page_reads_its_right_column_first_without_a_setting():
    rnd = random.Random(3)
    lines = {side: [" ".join(_token(rnd, "h") for _ in range(5)) for _ in range(20)] for side in ("right", "left")}
    words: list[Word] = []
    for k in range(20):  # drawn row by row across both columns, left column first
        words += _hebrew_line(lines["left"][k], 290, 100 + 12 * k, len(words))
        words += _hebrew_line(lines["right"][k], 540, 100 + 12 * k, len(words))
    layout = analyze_page(words, 612, 792)
    mark_furniture([layout])
    text, _ = page_text(layout)
    assert text.split() == " ".join(lines["right"] + lines["left"]).split()
    # The same boxes in Latin letters: the left column first, each line left to right.
    latin = analyze_page([Word(w.x0, w.y0, w.x1, w.y1, f"w{w.seq}", w.seq) for w in words], 612, 792)
    mark_furniture([latin])
    first_row = sorted((w for w in words if w.y0 == 100 and w.x1 <= 290), key=lambda w: w.x0)
    assert page_text(latin)[0].split()[:5] == [f"w{w.seq}" for w in first_row]


def _hebrew_font() -> pymupdf.Font:
    return pymupdf.Font(script=5)  # MuPDF's built-in Noto Serif Hebrew


def _is_hebrew(word: str) -> bool:
    return mostly_right_to_left([Word(0, 0, 0, 0, word)])


def _draw_hebrew(page: pymupdf.Page, placed: list[tuple[float, float, str]]) -> None:
    """Words drawn as word processors draw Hebrew: each word's glyphs left to right, in the
    order they stand (MuPDF turns them around into their logical order); figures in Helvetica."""
    page.insert_font(fontname="he", fontbuffer=_hebrew_font().buffer)
    for x, y, word in placed:
        if _is_hebrew(word):
            page.insert_text((x, y), word[::-1], fontname="he", fontsize=10)
        else:
            page.insert_text((x, y), word, fontname="helv", fontsize=10)


def _set_right(font: pymupdf.Font, line: str, right: float, y: float) -> list[tuple[float, float, str]]:
    """A line of Hebrew words set flush right, its first word rightmost."""
    out, x = [], right
    for word in line.split():
        x -= font.text_length(word, 10) if _is_hebrew(word) else pymupdf.get_text_length(word, "helv", 10)
        out.append((x, y, word))
        x -= font.text_length(" ", 10)
    return out


@pytest.mark.parametrize("order", ["native", "shuffled"])
def test_a_two_column_hebrew_pdf_reads_right_column_then_left_line_by_line_from_the_right(tmp_path, order):
    rnd = random.Random(5)
    font = _hebrew_font()
    title = "דוח שנתי 2024 על מצב המערכת"
    columns = [[" ".join(_token(rnd, "h") for _ in range(5)) for _ in range(30)] for _ in range(2)]
    placed = _set_right(font, title, 540, 70)
    for col, right in ((0, 540), (1, 290)):
        for k, line in enumerate(columns[col]):
            placed += _set_right(font, line, right, 110 + 13 * k)
    if order == "shuffled":
        random.Random(9).shuffle(placed)
    doc = pymupdf.open()
    _draw_hebrew(doc.new_page(width=612, height=792), placed)
    doc.save(tmp_path / "hebrew.pdf")
    read = ColumnAwarePDFLoader(tmp_path / "hebrew.pdf").load()[0].page_content
    assert read.split() == " ".join([title] + columns[0] + columns[1]).split()
    assert read.splitlines()[0] == title


def test_a_hebrew_table_reads_its_rightmost_column_first(tmp_path):
    font = _hebrew_font()
    rows = [["שם", "עיר", "שנה"], ["דוד", "חיפה", "1990"], ["שרה", "אילת", "2001"], ["משה", "עכו", "1975"]]
    xs = [440, 340, 240, 140]  # column edges from the right: the first cell of a row is rightmost
    ys = [300 + 20 * r for r in range(len(rows) + 1)]
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for y in ys:
        page.draw_line((xs[-1], y), (xs[0], y), width=0.5)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    placed = []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            placed += _set_right(font, cell, xs[c] - 4, ys[r] + 14)
    _draw_hebrew(page, placed)
    doc.save(tmp_path / "table.pdf")
    doc = ColumnAwarePDFLoader(tmp_path / "table.pdf").load()[0]
    table = [line for line in doc.page_content.splitlines() if line.startswith("|")]
    assert table[0] == "| שם | עיר | שנה |"
    assert table[2:] == ["| דוד | חיפה | 1990 |", "| שרה | אילת | 2001 |", "| משה | עכו | 1975 |"]


def _displayed(logical: str, rtl: bool, right: float, y: float) -> list[Word]:
    """A line as python-bidi displays it in a paragraph of that direction, set flush right at
    `right` (flush left at 72 when not `rtl`)."""
    words = _standing(get_display(logical, base_dir="R" if rtl else "L"))
    shift = right - words[-1].x1 if rtl else 0.0
    return [Word(w.x0 + shift, y, w.x1 + shift, y + 10, w.text, w.seq) for w in words]


def _page_reading(body: list[Word], paragraphs: list[list[Word]]) -> list[str]:
    words = body + [w for p in paragraphs for w in p]
    layout = analyze_page([Word(w.x0, w.y0, w.x1, w.y1, w.text, i) for i, w in enumerate(words)], 612, 792)
    mark_furniture([layout])
    return page_text(layout)[0].split("\n\n")


def test_a_short_paragraph_of_mixed_scripts_runs_its_page_s_way():
    # A one-line paragraph's own letters would say the other way: its page decides.
    rnd = random.Random(11)
    english = column(numbered_lines("w", 20, 8), 72, 100)
    quoted = ['He wrote "ספר הזוהר הקדוש" in 1290.', "Peace: שלום עולם הגדול"]
    paragraphs = [_displayed(text, False, 540, 400 + 30 * k) for k, text in enumerate(quoted)]
    assert _page_reading(english, paragraphs)[-2:] == quoted
    hebrew = [w for row in range(20)
              for w in _hebrew_line(" ".join(_token(rnd, "h") for _ in range(8)), 540, 100 + 12 * row, 0)]
    latin_heavy = ["Microsoft Excel – מדריך", "Windows 10 ומעלה"]
    paragraphs = [_displayed(text, True, 540, 400 + 30 * k) for k, text in enumerate(latin_heavy)]
    assert _page_reading(hebrew, paragraphs)[-2:] == latin_heavy


@pytest.mark.parametrize("stored, read", [(")בדיקה(", "(בדיקה)"), ("(בדיקה)", "(בדיקה)"), ("«עולם»", "«עולם»"),
                                          ("»עולם«", "«עולם»")])
def test_brackets_of_a_right_to_left_run_come_out_paired(stored, read):
    # HarfBuzz-shaped PDFs draw a right-to-left run's brackets as mirrored glyphs, which the text
    # layer gives as themselves; producers that keep the logical character give them right.
    words = [Word(60, 100, 80, 110, "ועוד"), Word(85, 100, 120, 110, stored),
             Word(125, 100, 150, 110, "עולם"), Word(155, 100, 180, 110, "שלום")]
    assert line_text(words, {}, LayoutSettings(), True) == f"שלום עולם {read} ועוד"


def test_arabic_marks_drawn_overlapping_their_letters_stay_in_their_word():
    # "الطَّالب" with its shadda drawn apart: the pieces overlap by far more than a Latin kern.
    words = [Word(100, 100, 130, 110, "لب"), Word(120, 100, 150, 110, "طَّا"), Word(140, 100, 160, 110, "ال"),
             Word(200, 100, 220, 110, "كتب")]
    assert line_text(words, {}, LayoutSettings(), True) == "كتب الطَّالب"


def test_latin_words_overlapping_on_a_line_with_a_hebrew_word_stay_apart():
    # Only right-to-left pieces join by any overlap; Latin ones keep the usual kern limit.
    words = [Word(72, 100, 92, 110, "The"), Word(95, 100, 120, 110, "word"), Word(123, 100, 148, 110, "שלום"),
             Word(151, 100, 180, 110, "means"), Word(183, 100, 213, 110, "peace"), Word(210, 100, 225, 110, "(x)")]
    assert line_text(words, {}, LayoutSettings(), False) == "The word שלום means peace (x)"


def test_a_numbered_heading_of_mostly_hebrew_letters_on_an_english_page_stays_a_heading():
    words = column(numbered_lines("w", 12, 8), 72, 100)
    heading = _displayed("2. Results: שלום עולם הגדול", False, 540, 60)
    layout = analyze_page([Word(w.x0, w.y0, w.x1, w.y1, w.text, i) for i, w in enumerate(heading + words)], 612, 792)
    first = layout.blocks[0]
    assert first.kind == "heading" and first.lines[0].text == "2. Results: שלום עולם הגדול"


def test_a_hebrew_running_head_and_numbered_heading_read_in_their_order(tmp_path):
    doc = pymupdf.open()
    rnd = random.Random(2)
    for number in range(3):
        page = doc.new_page(width=612, height=792)
        page.insert_htmlbox(pymupdf.Rect(72, 30, 540, 50), '<p dir="rtl" style="font-size:9px">דוח שנתי של החברה</p>')
        title = '<p dir="rtl" style="font-size:22px">סקירת הפעילות</p>' if number == 0 else ""
        body = "".join(f'<p dir="rtl">{" ".join(_token(rnd, "h") for _ in range(50))}.</p>' for _ in range(3))
        page.insert_htmlbox(pymupdf.Rect(72, 72, 540, 600), title + f'<p dir="rtl">{number + 1}. שיטות המחקר</p>' + body,
                            css="p{font-size:12px;margin-bottom:12px}")
    doc.save(tmp_path / "report.pdf")
    pages = ColumnAwarePDFLoader(tmp_path / "report.pdf").load()
    assert [f.text for f in decode_furniture(pages[1].metadata)] == ["דוח שנתי של החברה"]
    first = decode_blocks(pages[1].metadata)[0]
    assert first.kind == "heading" and pages[1].page_content[first.start:first.end] == "2. שיטות המחקר"
    chunks = BandAwareTextSplitter(chunk_size=120).split_documents(pages)
    assert [c.metadata["section"] for c in chunks if c.metadata["page"] == 1][-1] == "2. שיטות המחקר"


@pytest.mark.parametrize("full", [False, True], ids=["short last line", "full last line"])
def test_a_hebrew_paragraph_s_last_line_is_full_when_it_reaches_the_left_edge(tmp_path, full):
    # The page's metadata says whether a block's last line runs to the edge where its lines end
    # (a paragraph cut there likely goes on): the left one, in Hebrew.
    font = _hebrew_font()
    rnd = random.Random(4)
    lines = [" ".join("".join(rnd.choice(HEBREW) for _ in range(4)) for _ in range(8)) for _ in range(4)]
    widest = max(lines, key=lambda line: font.text_length(line, 10))
    lines.append(widest if full else " ".join(widest.split()[:3]))
    placed = [p for k, line in enumerate(lines) for p in _set_right(font, line, 540, 100 + 13 * k)]
    doc = pymupdf.open()
    _draw_hebrew(doc.new_page(width=612, height=792), placed)
    doc.save(tmp_path / "paragraph.pdf")
    read = ColumnAwarePDFLoader(tmp_path / "paragraph.pdf").load()[0]
    (block,) = decode_blocks(read.metadata)
    assert block.full_last_line is full


_PIECES = st.text(alphabet=st.sampled_from(list("abcXY12٣٤.,:-()«»%שלומר\u064e")), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(_PIECES, min_size=1, max_size=12), data=st.data(), rtl=st.booleans())
def test_reading_order_reads_every_word_once_and_every_space_once(texts, data, rtl):
    touching = data.draw(st.lists(st.booleans(), min_size=len(texts) - 1, max_size=len(texts) - 1))
    words = [Word(10.0 * i, 0, 10.0 * i + 8, 10, t) for i, t in enumerate(texts)]
    order, odd = reading_order(words, touching, rtl)
    assert sorted(i for i in order if i >= 0) == list(range(len(words))) and len(odd) == len(words)
    assert order.count(-1) == touching.count(False)
    read = text_in_reading_order(words, touching, rtl)
    either_way = str.maketrans(")»", "(«")  # (a bracket may come out turned round)
    assert sorted(read.replace(" ", "").translate(either_way)) == sorted("".join(texts).translate(either_way))
