"""Passages: the extra vectors a chunk is found by (chunking/passages.py), with the model's own
token counts."""
from __future__ import annotations

import pytest
from langchain_core.documents import Document

from columnrag.chunking import BandAwareTextSplitter
from columnrag.chunking.passages import passages
from columnrag.chunking.settings import ChunkingSettings
from columnrag.chunking.tokens import resolve_model, token_length

SENTENCES = ["Cells were incubated at 37 degrees for two hours before staining.",
             "The revenue of the second quarter rose by eleven percent against last year.",
             "Samples went to the freezer overnight.",
             "A third reviewer settled every disagreement between the first two."]


@pytest.fixture(scope="module")
def length():
    return token_length(resolve_model(None))


def test_sentences_are_packed_in_order_within_the_token_budget(length):
    text = " ".join(SENTENCES)
    budget = length(" ".join(SENTENCES[:2]))  # the first two fit together, the third does not join them
    runs = passages(text, length, budget)
    assert runs[0] == " ".join(SENTENCES[:2])
    assert " ".join(runs) == text  # every sentence once, in order
    assert all(length(r) <= budget for r in runs)


def test_a_sentence_longer_than_the_budget_is_a_passage_alone(length):
    runs = passages(" ".join(SENTENCES), length, 8)
    assert runs == SENTENCES


def test_line_breaks_inside_a_chunk_do_not_part_a_sentence(length):
    text = "Cells were incubated at 37 degrees\nfor two hours before staining.\n\n" + SENTENCES[1]
    assert passages(text, length, 8) == [SENTENCES[0], SENTENCES[1]]


def test_no_passages_when_off_or_when_the_chunk_is_one_passage(length):
    text = " ".join(SENTENCES)
    assert passages(text, length, 0) == []
    assert passages(text, length, 500) == []  # the chunk's own vector stands for it
    assert passages(SENTENCES[0], length, 8) == []


def test_the_splitter_gives_passages_with_the_chunks_context():
    chunk = Document(page_content=" ".join(SENTENCES), metadata={"section": "2 Method > 2.1 Data"})
    ctx = BandAwareTextSplitter(settings=ChunkingSettings(passage_tokens=24))
    plain = BandAwareTextSplitter(settings=ChunkingSettings(passage_tokens=24, contextualize=False))
    off = BandAwareTextSplitter(settings=ChunkingSettings(passage_tokens=0))
    bare = plain.embedding_passages(chunk)
    assert len(bare) > 1
    assert ctx.embedding_passages(chunk) == ["2 Method > 2.1 Data\n" + p for p in bare]
    assert off.embedding_passages(chunk) == []


def test_a_table_chunk_has_no_passages():
    rows = "Sample | Result\n" + "\n".join(f"S{i}. Done. | Value {i}. Kept." for i in range(12))
    table = Document(page_content=rows, metadata={"kind": "table"})
    splitter = BandAwareTextSplitter(settings=ChunkingSettings(passage_tokens=8))
    assert splitter.embedding_passages(table) == []
    assert splitter.embedding_passages(Document(page_content=rows)) != []


def test_a_compound_broken_at_its_own_hyphen_is_whole_in_its_passage(length):
    # The page text keeps such a break as printed ("coal-\nbased"); a passage is one line.
    text = "Cells were grown in a coal-\nbased medium for two hours.\n\n" + SENTENCES[1]
    assert passages(text, length, 8)[0] == "Cells were grown in a coal-based medium for two hours."
