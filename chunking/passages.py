"""A chunk's passages: its sentences in runs of at most `passage_tokens` tokens, each embedded as
a vector of its own that stands for the chunk (a multi-vector, small-to-big index).

A chunk's one vector averages everything it says, so a question about one of its sentences can
rank it below chunks that are about the question's subject as a whole. A passage vector of that
sentence does not drown. Search ranks a chunk by the best of its vectors and returns the chunk:
what is stored, returned and scored stays the chunk."""
from __future__ import annotations

from columnrag.loaders.text.hyphens import on_one_line

from .packing import sentence_gap, split_sentences
from .tokens import LengthFunction


def passages(text: str, length: LengthFunction, max_tokens: int) -> list[str]:
    """Consecutive sentences of `text` packed greedily into runs of at most `max_tokens` tokens
    (a longer sentence is a run alone); none when passages are off (0) or the whole chunk is one
    run, which the chunk's own vector already stands for."""
    if max_tokens <= 0:
        return []
    base = length("")  # [CLS] and [SEP], counted once per run, not once per sentence
    runs: list[list[str]] = []
    size = 0
    for sentence in split_sentences(on_one_line(text)):
        tokens = length(sentence) - base
        if runs and size + tokens <= max_tokens - base:
            runs[-1].append(sentence)
            size += tokens
        else:
            runs.append([sentence])
            size = tokens
    return [_joined(run) for run in runs] if len(runs) > 1 else []


def _joined(sentences: list[str]) -> str:
    """Sentences apart as a chunk's are (`sentence_gap`)."""
    out = sentences[0]
    for sentence in sentences[1:]:
        out += sentence_gap(out, sentence) + sentence
    return out
