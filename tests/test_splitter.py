"""Band-aware chunking on generated layouts."""
from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from langchain_core.documents import Document

from columnrag.chunking import BandAwareTextSplitter
from columnrag.chunking.packing import split_sentences
from columnrag.chunking.paragraphs import paragraph_ends
from columnrag.chunking.settings import ChunkingSettings
from columnrag.chunking.tokens import default_model_path, model_max_tokens
from columnrag.loaders import LayoutSettings, analyze_page
from columnrag.loaders.engine.furniture import mark_furniture
from columnrag.loaders.langchain.metadata import layout_metadata
from columnrag.loaders.pdf.reader import PageResult
from columnrag.loaders.text.render import page_text

from columnrag.loaders.contract import BLOCKS_KEY, LayoutBlock, decode_blocks, encode_blocks
from columnrag.loaders.engine.geometry import TEXT, Box, Word

from .boxes import column, line_words, reseq


def page_doc(words, number=0, source="mem.pdf") -> Document:
    layout = analyze_page(reseq(words), 612, 792)
    mark_furniture([layout])
    text, spans = page_text(layout)
    meta = layout_metadata(PageResult(number, layout, text, spans, False))
    return Document(page_content=text, metadata={"source": source, "page": number, **meta})


def sentence_lines(words_list: list[str], per_line: int = 6) -> list[str]:
    return [" ".join(words_list[i:i + per_line]) for i in range(0, len(words_list), per_line)]


def char_splitter(**kw) -> BandAwareTextSplitter:
    """Characters, and no floor: small test pages would otherwise join into one chunk (the
    fragment rules have tests of their own)."""
    settings = replace(kw.pop("settings", ChunkingSettings()), min_chunk_fill=0.0)
    return BandAwareTextSplitter(chunk_size=kw.pop("chunk_size", 2000), length_function=len, settings=settings, **kw)


def test_paragraph_running_from_left_column_into_right_continues():
    left_text = [f"alpha{i}" for i in range(60)]  # the paragraph, no sentence end
    right_text = [f"beta{i}" for i in range(30)] + ["end."] + [f"Gamma{i}" for i in range(30)]
    left = column(sentence_lines(left_text), 72, 100)
    right = column(sentence_lines(right_text), 330, 100)
    doc = page_doc(left + right)
    chunks = char_splitter().split_documents([doc])
    joined = [c for c in chunks if "alpha59" in c.page_content]
    assert joined and "beta0" in joined[0].page_content
    off = char_splitter(continue_paragraphs=False).split_documents([doc])
    assert not any("alpha59" in c.page_content and "beta0" in c.page_content for c in off)


@pytest.mark.parametrize("end, start, joined", [
    ("(e.g., air or cable)", "and not hardware problems.", True),  # a bracket closes no sentence
    ("as in [12]", "and the rest of it.", True),
    ("the first item (a)", "b) the second item.", False),  # a list's next item
])
def test_a_text_ending_in_a_bracket_runs_on_over_a_column_break(end, start, joined):
    left = column(sentence_lines([f"alpha{i}" for i in range(40)] + end.split()), 72, 100)
    right = column(sentence_lines(start.split() + [f"beta{i}" for i in range(30)] + ["end."]), 330, 100)
    chunks = char_splitter().split_documents([page_doc(left + right)])
    text = " ".join(chunks[0].page_content.split())
    assert (f"{end} {start}" in text) is joined


def test_a_column_s_rest_opening_with_a_bracket_joins_its_sentence_as_the_loader_read_it():
    # cermine_test2: "... for their condition, and" / "(iv) the role of the GP ...": the loader
    # reads the right column's block as the rest of the left column's paragraph (a line break,
    # not a blank line, between them); the chunks join the sentence there too.
    left = column(sentence_lines([f"alpha{i}" for i in range(38)] + "for their condition, and".split()), 72, 100)
    right = column(sentence_lines("(iv) the role of the GP in their care.".split() + [f"beta{i}" for i in range(30)]
                                  + ["end."]), 330, 100)
    doc = page_doc(left + right)
    assert "condition, and\n(iv) the role" in doc.page_content
    text = " ".join(char_splitter().split_documents([doc])[0].page_content.split())
    assert "condition, and (iv) the role of the GP" in text


def test_side_by_side_columns_and_bands_never_share_a_chunk():
    top_l = column(sentence_lines([f"tl{i}" for i in range(40)] + ["done."]), 72, 100)
    top_r = column(sentence_lines([f"Tr{i}" for i in range(40)] + ["done."]), 330, 100)
    band = column(sentence_lines([f"Band{i}" for i in range(30)] + ["over."], 14), 72, 230)
    bot_l = column(sentence_lines([f"Bl{i}" for i in range(40)] + ["done."]), 72, 300)
    bot_r = column(sentence_lines([f"Br{i}" for i in range(40)] + ["done."]), 330, 300)
    chunks = char_splitter().split_documents([page_doc(top_l + top_r + band + bot_l + bot_r)])
    prefixes = ["tl", "Tr", "Band", "Bl", "Br"]
    for c in chunks:
        present = {p for p in prefixes if f" {p}1 " in f" {c.page_content} " or c.page_content.startswith(p)}
        assert len(present) == 1, c.page_content[:80]
    assert [c.metadata["column"] for c in chunks][:2] == [0, 1]


def test_page_break_mid_sentence_continues_and_records_last_page():
    p0 = page_doc(column(sentence_lines([f"one{i}" for i in range(20)]), 72, 700), 0)
    p1 = page_doc(column(sentence_lines([f"two{i}" for i in range(20)] + ["stop."]), 72, 100), 1)
    chunks = char_splitter().split_documents([p0, p1])
    assert len(chunks) == 1
    assert chunks[0].metadata["page"] == 0 and chunks[0].metadata["last_page"] == 1
    boxes = json.loads(chunks[0].metadata["boxes"])
    assert {b["page"] for b in boxes} == {0, 1}


@pytest.mark.parametrize("end, start, reads", [
    ("the recog-", "nition of the words", "the recognition of the words"),  # a word hyphenation broke
    ("a coal-", "based plant", "a coal-based plant"),  # a compound of two words: its own hyphen
    ("at ACL-", "2008 in June", "at ACL-2008 in June"),  # before a digit
    ("a PCA-", "based model", "a PCA-based model"),  # after an acronym
    ("the recog\u2010", "nition of the words", "the recognition of the words"),  # U+2010, as some fonts map it
    ("we print it to stderr -", "and then stop", "stderr - and then stop"),  # a dash set apart stays
    ("the non-", "English pages", "the non-English pages"),  # before a capital: the rest all the same
    ("a not-a-", "number value", "a not-a-number value"),  # inside a chain
])
def test_a_word_a_page_break_cuts_at_a_hyphen_is_decided_as_a_line_s(end, start, reads):
    # The loader never sees the next page's words: the chunks put the sentence back together,
    # and a hyphen that is no hyphenation point stays.
    first = [f"one{i}" for i in range(20)] + ["and", "we", "have", "seen"] + end.split()
    p0 = page_doc(column(sentence_lines(first), 72, 700), 0)
    p1 = page_doc(column(sentence_lines(start.split() + [f"two{i}" for i in range(20)] + ["stop."]), 72, 100), 1)
    chunks = char_splitter().split_documents([p0, p1])
    assert len(chunks) == 1
    assert reads in " ".join(chunks[0].page_content.split())


def test_heading_starts_the_chunk_of_its_text():
    words = (column(sentence_lines([f"intro{i}" for i in range(30)] + ["end."]), 72, 100)
             + line_words("2 Methods", 72, 180)
             + column(sentence_lines([f"method{i}" for i in range(30)] + ["end."]), 72, 200))
    chunks = char_splitter(chunk_size=400).split_documents([page_doc(words)])
    starts = [c for c in chunks if "Methods" in c.page_content]
    assert len(starts) == 1 and starts[0].page_content.startswith("2 Methods")
    assert "method0" in starts[0].page_content
    assert not any(c.page_content.strip() == "2 Methods" for c in chunks)


def test_fallback_on_plain_documents():
    doc = Document(page_content="First paragraph here.\n\n" + "word " * 500, metadata={"source": "x"})
    chunks = char_splitter(chunk_size=300).split_documents([doc])
    assert len(chunks) > 1 and all(len(c.page_content) <= 300 for c in chunks)
    assert all(c.metadata["source"] == "x" for c in chunks)


def test_chunks_never_exceed_the_models_max_tokens_and_keep_all_text():
    splitter = BandAwareTextSplitter(chunk_size=10_000)
    limit = model_max_tokens(default_model_path())
    long = column(sentence_lines([f"token{i}" for i in range(900)]), 72, 40)
    doc = page_doc(long)
    chunks = splitter.split_documents([doc])
    assert all(0 < splitter._length_function(c.page_content) <= limit for c in chunks)
    got = " ".join(c.page_content for c in chunks).split()
    assert got == doc.page_content.split()
    for c in chunks:
        assert all(isinstance(c.metadata[k], float) for k in ("bbox_x0", "bbox_y0", "bbox_x1", "bbox_y1"))
        assert isinstance(c.metadata["chunk_index"], int) and isinstance(c.metadata["start_index"], int)


def test_a_sentence_over_chunk_size_stays_whole_up_to_the_models_limit():
    short = [f"s{i}" for i in range(20)]  # a sentence of about 80 characters
    long = [f"Long{i}" for i in range(40)]  # about 270 characters
    huge = [f"Huge{i}" for i in range(120)]  # about 850 characters
    text_words = short[:-1] + [short[-1] + "."] + long[:-1] + [long[-1] + "."] + huge[:-1] + [huge[-1] + "."]
    doc = page_doc(column(sentence_lines(text_words), 72, 40))
    chunks = char_splitter(chunk_size=150, max_length=400).split_documents([doc])
    texts = [" ".join(c.page_content.split()) for c in chunks]
    whole_long = " ".join(long[:-1] + [long[-1] + "."])
    assert whole_long in texts  # 270 > chunk_size, but within the model's limit: not cut
    assert all(len(t) <= 400 for t in texts)
    assert sum("Huge" in t for t in texts) > 1  # over the limit: cut at word boundaries
    assert " ".join(texts).split() == doc.page_content.split()


def test_a_sentence_over_the_models_limit_is_cut_into_runs_that_keep_its_lines():
    # A resolution's "WHEREAS ...;" clauses, one sentence with no full stop, many lines long:
    # cut between words, each run still reads line by line as the page does.
    lines = []
    for k in range(12):
        lines += [f"WHEREAS clause{k} opens here and runs on", f"to its end at line{k} end{k};"]
    doc = page_doc(column(lines, 72, 40))
    chunks = char_splitter(chunk_size=300, max_length=400).split_documents([doc])
    assert len(chunks) > 1
    assert sum("\n" in c.page_content for c in chunks) == len(chunks)
    for c in chunks:
        assert all(any(line in page_line for page_line in lines) for line in c.page_content.split("\n"))
    assert " ".join(c.page_content for c in chunks).split() == " ".join(lines).split()


def test_a_number_that_opens_a_paragraph_s_line_stays_with_its_text():
    # Minutes whose items are paragraphs ("4. Demolition request ..."), and a reference's initial
    # opening its line: "4." and "J." are no sentences of their own, so no chunk ends with them.
    lines = ["3. Questions from the public", "None were asked.", "",
             "4. Demolition request for the building at 1069 Main Street", "Resolution DM-2023-001 was read.",
             "J. Smith asked for the plans to be shown.", "The plans were shown to all."]
    y, words = 40.0, []
    for line in lines:
        if line:
            words += line_words(line, 72, y, len(words))
        y += 12
    chunks = char_splitter(chunk_size=60).split_documents([page_doc(words)])
    texts = [c.page_content for c in chunks]
    assert not any(t.rstrip().endswith(("4.", "J.")) for t in texts)
    assert any(t.startswith("4. Demolition request") for t in texts)
    assert any(t.startswith("J. Smith asked") or "\nJ. Smith asked" in t for t in texts)


def test_a_numbered_step_under_a_line_that_runs_on_to_it_opens_its_own_sentence():
    # A list in the paragraph that introduces it ("... in three steps:"), one block: the sentence
    # split reads "steps:\n1." as a sentence's end; the number opens the step it numbers.
    lines = ["The cartridge is replaced by the owner in three steps:", "1. Switch off and unplug the purifier",
             "2. Remove the four screws on the back panel", "3. Lift the old cartridge out of its housing"]
    words = [w for k, line in enumerate(lines) for w in line_words(line, 72, 40 + 12 * k, 10 * k)]
    for size in (40, 60, 90, 120):
        texts = [c.page_content for c in char_splitter(chunk_size=size).split_documents([page_doc(words)])]
        assert not any(t.rstrip().endswith(("1.", "2.", "3.")) for t in texts), size
        assert all(f"{n}. " in "".join(texts) for n in (1, 2, 3)) and not any(" 1. Switch" in t for t in texts)


def test_a_numbered_question_after_an_answer_without_a_stop_opens_its_own_sentence():
    # A questionnaire: the last answer ("• No") closes no sentence, and the next question is a
    # paragraph of its own that opens with its number: no sentence runs from one into the other.
    words = line_words("25. Does your country have providers for children?", 72, 40)
    words += line_words("• Yes", 72, 52, len(words)) + line_words("• No", 72, 64, len(words) + 2)
    words += line_words("26. If your country allows student law clinics, are there national", 72, 88, len(words) + 4)
    words += line_words("guidelines on how students are supervised in providing legal aid?", 72, 100, len(words) + 15)
    chunks = char_splitter(chunk_size=100).split_documents([page_doc(words)])
    assert not any("No 26." in c.page_content or "No\n26." in c.page_content for c in chunks)
    assert any(c.page_content.startswith("26. If your country") for c in chunks)


def _heading_chunks(words) -> list[str]:
    chunks = char_splitter(chunk_size=2000).split_documents([page_doc(words)])
    return [c.page_content for c in chunks]


def test_a_section_title_at_the_top_edge_of_a_page_heads_its_text():
    # In the zone where running heads live, but large and alone: a heading, not a chunk of its own.
    title = [Word(w.x0, w.y0 - 4, w.x1 + 4, w.y1, w.text, w.seq) for w in line_words("1 Limitations", 72, 40)]
    body = column(sentence_lines([f"lim{i}" for i in range(60)] + ["end."]), 72, 80)
    texts = _heading_chunks(title + body)
    assert texts[0].startswith("1 Limitations\nlim0")
    assert "1 Limitations" not in texts


def _float_between_halves(float_text: str, float_size: float) -> Document:
    """A paragraph cut by a column break with a float (a region of its own, set at `float_size`
    against the body's 10 pt) between its halves, written straight through the layout contract."""
    parts = ["The method works on every page and", float_text, "then it stops."]
    text = "\n\n".join(parts)
    at = [text.index(p) for p in parts]
    places = [(Box(72.0, 100.0, 290.0, 400.0), 0, 0, 0, 10.0), (Box(72.0, 420.0, 290.0, 440.0), 1, 0, 1, float_size),
              (Box(320.0, 100.0, 540.0, 400.0), 2, 1, 2, 10.0)]
    blocks = [LayoutBlock(box, band, column, region, TEXT, a, a + len(p), size=size)
              for (box, band, column, region, size), a, p in zip(places, at, parts)]
    return Document(page_content=text, metadata={"source": "mem.pdf", "page": 0, BLOCKS_KEY: encode_blocks(blocks)})


def _column_break(first: str, rest: str, full_last_line: bool) -> Document:
    """A text cut by a column break, written straight through the layout contract: the first
    block's last line running to the column's edge or not."""
    text = first + "\n\n" + rest
    blocks = [LayoutBlock(Box(72.0, 100.0, 290.0, 400.0), 0, 0, 0, TEXT, 0, len(first), full_last_line, 10.0),
              LayoutBlock(Box(320.0, 100.0, 540.0, 400.0), 0, 1, 1, TEXT, len(first) + 2, len(text), False, 10.0)]
    return Document(page_content=text, metadata={"source": "mem.pdf", "page": 0, BLOCKS_KEY: encode_blocks(blocks)})


@pytest.mark.parametrize("first, joined", [
    ("The sum is taken over every page of the corpus and", True),  # a full last line: the sentence goes on
    ("The sum is taken over every page  S = x + y  (3)", False),  # a displayed equation's number ends it
])
def test_a_full_last_line_carries_a_sentence_over_a_capital_unless_it_ends_in_an_equation_s_number(first, joined):
    chunks = [c.page_content for c in char_splitter().split_documents(
        [_column_break(first, "Traditional methods read each page in turn.", True)])]
    assert (len(chunks) == 1 and " ".join(chunks[0].split()).startswith(" ".join(first.split()) + " Traditional")) is joined


def _one_column_apart(first: str, rest: str, opening: str = "Dear Mr Harrow,") -> Document:
    """Two blocks one under the other in one column, which the loader read apart (a blank line
    between them in the page text), the first block's last line full; under `opening`, the
    page's first block, when given."""
    head = opening + "\n\n" if opening else ""
    text = head + first + "\n\n" + rest
    at = len(head)
    blocks = ([LayoutBlock(Box(72.0, 70.0, 290.0, 82.0), 0, 0, 0, TEXT, 0, len(opening), False, 10.0)] if opening else [])
    blocks += [LayoutBlock(Box(72.0, 100.0, 290.0, 140.0), 0, 0, 0, TEXT, at, at + len(first), True, 10.0),
               LayoutBlock(Box(72.0, 170.0, 290.0, 182.0), 0, 0, 0, TEXT, at + len(first) + 2, len(text), False, 10.0)]
    return Document(page_content=text, metadata={"source": "mem.pdf", "page": 0, BLOCKS_KEY: encode_blocks(blocks)})


@pytest.mark.parametrize("rest, joined", [
    ("12 March 2024", False),  # a letter's date under the address
    ("Payment terms apply to every order", False),  # a capital under a full line: the loader parted them
    ("and the rest of the sentence follows here", True),  # lower case goes on
])
def test_blocks_the_loader_parted_in_one_column_join_only_over_lower_case(rest, joined):
    first = "Harrow & Sons Builders, 7 Riverside Park, Leeds LS10 1QP"
    chunks = [c.page_content for c in char_splitter().split_documents([_one_column_apart(first, rest)])]
    assert any(f"{first} {rest}" in c for c in chunks) is joined


def test_a_page_s_first_line_set_apart_over_its_text_carries_no_sentence_on():
    """A running head the loader could not tell (a page read alone): "133 STAT. 986 PUBLIC LAW"
    over "private sector, including ..." are two things; the page's first line beside the next
    column is the sentence's start (`test_a_full_last_line_carries_...`)."""
    doc = _one_column_apart("133 STAT. 986 PUBLIC LAW 116-25 JULY 1, 2019",
                            "private sector, including online services of every kind.", opening="")
    assert not any("2019 private sector" in c.page_content for c in char_splitter().split_documents([doc]))


def test_a_page_s_first_line_that_runs_on_carries_its_sentence_on():
    doc = _one_column_apart("The committee met on Friday and agreed that the",
                            "proposal should go to the members before the vote.", opening="")
    assert any("agreed that the proposal" in c.page_content for c in char_splitter().split_documents([doc]))


def test_a_word_cut_at_a_hyphen_joins_blocks_the_loader_parted_in_one_column():
    doc = _one_column_apart("The method was tried on the non-", "English pages of the corpus.")
    assert any("the non-English pages" in c.page_content for c in char_splitter().split_documents([doc]))


_LONG = "Results of the first run with many more words than a short label would ever need to hold"


@pytest.mark.parametrize("float_text, float_size, settings, joined", [
    ("Figure 2. Results.", 10.0, ChunkingSettings(), True),
    ("Figure 2. Results.", 10.0, ChunkingSettings(max_floats_skipped=0), False),
    ("Results of the first run", 10.0, ChunkingSettings(), True),
    ("Results of the first run", 10.0, ChunkingSettings(float_max_words=3), False),
    (_LONG, 10.0, ChunkingSettings(), False),
    (_LONG, 8.0, ChunkingSettings(), True),
    (_LONG, 8.0, ChunkingSettings(smaller_type=0.7), False),
])
def test_chunking_settings_decide_what_a_cut_paragraph_skips(float_text, float_size, settings, joined):
    splitter = BandAwareTextSplitter(length_function=len, settings=replace(settings, chunk_size=2000, min_chunk_fill=0.0))
    chunks = [c.page_content for c in splitter.split_documents([_float_between_halves(float_text, float_size)])]
    assert ("The method works on every page and then it stops." in chunks) is joined
    assert any(float_text in c for c in chunks)


def test_a_well_filled_chunk_ends_at_a_paragraph_break():
    long = column(sentence_lines([f"first{i}" for i in range(24)] + ["end."]), 72, 100)
    doc = page_doc(long + line_words("Then a short one.", 72, 200))
    assert 0.6 * 300 < len(doc.page_content.split("\n\n")[0]) and len(doc.page_content) < 300
    early = char_splitter(chunk_size=300).split_documents([doc])
    late = char_splitter(chunk_size=300, settings=ChunkingSettings(paragraph_break_fill=1.0)).split_documents([doc])
    assert len(early) == 2 and len(late) == 1


def test_keywords_override_the_settings_they_name():
    s = ChunkingSettings(chunk_size=50, chunk_overlap=5, continue_paragraphs=False, paragraph_break_fill=0.9)
    assert BandAwareTextSplitter(length_function=len, settings=s)._chunk_size == 50
    over = BandAwareTextSplitter(30, length_function=len, continue_paragraphs=True, settings=s)
    assert (over._chunk_size, over._chunk_overlap, over.continue_paragraphs) == (30, 5, True)
    assert over.settings.paragraph_break_fill == 0.9


def _unbroken_lines(text: str, per_line: int = 18) -> list[str]:
    """Text with no spaces (Chinese) cut into lines of `per_line` characters, as a page sets it."""
    return [text[i:i + per_line] for i in range(0, len(text), per_line)]


@pytest.mark.parametrize("script", ["chinese", "arabic"])
def test_chinese_and_arabic_sentences_end_chunks_at_their_own_marks(script):
    if script == "chinese":  # no space after a sentence: 。！？ end it
        sentences = [f"第{i}个句子讲述文档处理和检索系统的细节" + "。！？"[i % 3] for i in range(12)]
        words = column(_unbroken_lines("".join(sentences)), 72, 40)
    else:  # questions, each ending in Arabic's question mark; lines set from the right
        sentences = [f"هل هذه جملة رقم {i} عن معالجة المستندات واسترجاعها؟" for i in range(12)]
        words = [Word(612 - w.x1, w.y0, 612 - w.x0, w.y1, w.text, w.seq)
                 for w in column(sentence_lines(" ".join(sentences).split()), 72, 40)]
    doc = page_doc(words)
    assert "".join(doc.page_content.split()) == "".join("".join(sentences).split())  # read in order
    chunks = char_splitter(chunk_size=90, max_length=1000).split_documents([doc])
    texts = ["".join(c.page_content.split()) for c in chunks]
    assert len(chunks) > 2
    assert all(t[-1] in "。！？؟" for t in texts)
    assert "".join(texts) == "".join(doc.page_content.split())
    if script == "chinese":  # sentences run on as the page sets them: no space after 。！？
        assert not any(re.search("[。！？] ", c.page_content) for c in chunks)


def test_a_closing_quote_after_a_chinese_full_stop_stays_with_its_sentence():
    from columnrag.chunking.packing import SENTENCE_SPLIT
    assert SENTENCE_SPLIT.split("「こんにちは。」と言った。次の文。") == ["「こんにちは。」と言った。", "次の文。"]
    assert SENTENCE_SPLIT.split("他说：“你好。”然后走了。好！") == ["他说：“你好。”然后走了。", "好！"]
    assert SENTENCE_SPLIT.split("你说什么？！等等。。。好的。") == ["你说什么？！", "等等。。。", "好的。"]


def test_a_numbered_heading_stays_on_one_line_in_its_chunk():
    # "2. Methods" is a heading, not the sentence "2." and another.
    words = line_words("2. Methods", 72, 40) + column(["The method works on every page and then it stops."] * 5, 72, 70)
    chunks = char_splitter(chunk_size=2000).split_documents([page_doc(words)])
    assert chunks[0].page_content.startswith("2. Methods\nThe method works")


def test_a_long_block_taken_for_a_heading_is_still_cut_between_sentences():
    # Only a heading's section number is kept with what follows it; a "heading" of many
    # sentences (a table of contents, a paragraph in large type) is cut where a sentence ends.
    sentences = [f"Sentence number {i} talks about the layout engine and chunking." for i in range(40)]
    doc = page_doc(column(sentence_lines(" ".join(sentences).split(), 10), 72, 100))
    doc.metadata[BLOCKS_KEY] = encode_blocks([replace(b, kind="heading") for b in decode_blocks(doc.metadata)])
    chunks = char_splitter(chunk_size=300, max_length=1000).split_documents([doc])
    assert len(chunks) > 2 and all(c.page_content.endswith("chunking.") for c in chunks)


def test_every_number_of_a_block_of_numbered_headings_stays_with_its_title():
    from columnrag.chunking.packing import SENTENCE_SPLIT, _labels_kept

    def sentences(text: str) -> list[str]:
        return [text[a:b].strip() for a, b in _labels_kept(text, SENTENCE_SPLIT.split(text)) if text[a:b].strip()]

    assert sentences("1. Ad hoc\n2. Vorlagenbasiert\n3. Prozessgestützt") == [
        "1. Ad hoc", "2. Vorlagenbasiert", "3. Prozessgestützt"]
    assert sentences("Intro text.\nII. NEXT part") == ["Intro text.", "II. NEXT part"]


def test_a_list_s_entries_keep_their_own_lines_in_the_chunk_text():
    # A reference list: each entry ends with a full stop at a line's end and the next opens the
    # next line, in one paragraph. Sentences are packed with a space between them; the line
    # break between two entries stays a line break ("... 2016." / "[2] Ben Roe, ...").
    titles = ["reading order in practice", "columns and their gutters", "a survey of layout analysis methods",
              "tables as tables", "the scanned page", "headings carried into chunks", "why drawing order lies",
              "fragments and floors"]
    entries = [f"[{i}] Author{i} Name, {t.capitalize()}, Journal of Things, 2016." for i, t in enumerate(titles, 1)]
    doc = page_doc(column(entries, 72, 100))
    assert "2016.\n[2] Author2" in doc.page_content
    chunks = char_splitter(chunk_size=300).split_documents([doc])
    assert len(chunks) > 1
    text = "\n".join(c.page_content for c in chunks)
    for i in range(2, 9):
        assert f"\n[{i}] Author{i}" in text, text
    assert "2016. [" not in text
    # Sentences that share a line are still parted by a space.
    prose = page_doc(column(["The first sentence ends here. The second one goes on to the end of",
                             "this line and the next. A third."], 72, 100))
    (chunk,) = char_splitter().split_documents([prose])
    assert "ends here. The second" in chunk.page_content


def test_a_question_at_a_chunk_s_end_goes_on_to_the_chunk_of_its_answer():
    sentences = []
    for k in range(12):
        sentences += [f"Plain{k} statement{k} about the sample{k} holds here and there for everyone who reads it.",
                      f"Why{k} does sample{k} matter at all?", f"Answer{k} it matters for the record{k}."]
    doc = page_doc(column(sentence_lines(" ".join(sentences).split(), 7), 72, 100))
    chunks = [c.page_content for c in char_splitter(chunk_size=150).split_documents([doc])]
    assert len(chunks) > 6
    for k in range(12):
        asked = [c for c in chunks if re.search(rf"\bWhy{k}\b", c)]
        assert asked and all(re.search(rf"\bAnswer{k}\b", c) for c in asked), k


def test_a_question_stays_where_it_is_when_it_would_not_fit_with_its_answer_or_would_leave_a_heading_alone():
    from columnrag.chunking.packing import Packer, Unit

    def pack(units: list[Unit], size: int) -> list[list[str]]:
        packer = Packer(len, size, 0, 10_000, ChunkingSettings())
        return [[u.text for u in chunk] for chunk, _ in packer.pack(packer.measured(units))]

    # The question and its answer are over chunk_size together: the question ends its chunk.
    why, because = "Why " + "q" * 35 + "?", "Because " + "b" * 22 + "."
    assert pack([Unit("First."), Unit(why), Unit(because)], 60) == [["First.", why], [because]]
    # A heading never ends a chunk: its question stays with it.
    answer = "X is " + "a" * 20 + "."
    units = [Unit("FAQ", heading=True, block_start=True), Unit("What is X?", block_start=True),
             Unit(answer, block_start=True)]
    assert pack(units, 40) == [["FAQ", "What is X?"], [answer]]
    # Otherwise the question goes on with its answer.
    assert pack([Unit("First sentence."), Unit("What is X?"), Unit(answer)], 40) == [
        ["First sentence."], ["What is X?", answer]]


@pytest.mark.parametrize("text, cut", [
    ("[5] F. Hussain and S. Sharieh, 2019. [6] B. Shneiderman, Bridging the gap, 2020.", ["[6] B. Shneiderman"]),
    ("As shown in Fig. 3, the phase has three steps. It ends.", ["It ends."]),
    ("Vol. 10, pp. 32-35. Reported by Sugimura et al. 2020 and Dr. Smith. Then more.", ["Reported by", "Then more."]),
    ("It rose by 5 p. c. In 2020 it fell. Then it rose.", ["In 2020", "Then it rose."]),
    ("As set out in Schedule A. The Tenant pays. Harris, 2019. J. Smith, Title.", ["The Tenant", "Harris", "J. Smith"]),
    ("A dividend was paid for the first time.3 Historians disagree. Version 2.5 Beta shipped.", ["Historians", "Version 2.5 Beta"]),
    ("As shown in Fig.3 The results hold. Nach Art.5 Abs.1 GG ist das so.", ["Nach Art.5"]),  # labels' numbers
])
def test_sentences_are_never_cut_after_an_abbreviation(text, cut):
    """A sentence opens where `cut` says, and nowhere else: not after an initial, "Fig.", "pp.", "et al."
    or "Dr.", where a chunk boundary would part an author's initial from the name; after a stop
    with a footnote's number, yes ("time.3 Historians"; "2.5" is a number)."""
    opened = [part for part in split_sentences(text)][1:]
    assert [p for p in opened if not any(p.startswith(c) for c in cut)] == []
    assert all(any(p.startswith(c) for p in opened) for c in cut)


def test_a_short_line_closing_its_sentence_before_a_footnote_s_number_ends_a_paragraph():
    lines = ["The summit level was completed in the autumn of the year, and the first boats passed",
             "through to the river the following spring, carrying coal, salt and pottery with them.",
             "Traffic grew, and the tolls paid for the first time.3",
             "Historians have tended to treat this recovery as evidence of sound management, but the",
             "accounts tell a more complicated story than the one the company told its shareholders."]
    text = "\n".join(lines)
    assert paragraph_ends(text) == {text.index("time.3") + len("time.3")}
    assert paragraph_ends(text.replace("time.3", "time 3")) == set()
