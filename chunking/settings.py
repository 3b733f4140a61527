"""Chunking settings: one section of the settings object (`chunking:` in configs/default.yaml)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChunkingSettings:
    # Tokens of the embedding model chunks are packed to (one longer sentence stays whole up to
    # the model's maximum sequence length, never above it). Chosen by the sweep in `make bench`:
    # smaller loses recall, larger loses precision (IoU) on chunkqa.
    chunk_size: int = 200
    # Tokens of whole sentences repeated from the previous chunk of the same region (the sweep:
    # a quarter of the chunk lowered chunkqa recall and IoU).
    chunk_overlap: int = 0
    # A paragraph cut by a column or page break may continue in one chunk.
    continue_paragraphs: bool = True
    # Share of chunk_size after which a chunk ends at a paragraph break rather than take the next
    # paragraph's first sentence (a well-filled chunk keeps to one topic).
    paragraph_break_fill: float = 0.6
    # Floats (captions, footnotes, labels) a cut paragraph may skip to find its second half:
    # figures seldom stack deeper, and a longer search would join unrelated text.
    max_floats_skipped: int = 3
    # A block this many words long or shorter may be a float a paragraph flows around (a
    # figure's label, a short caption): body paragraphs are longer.
    float_max_words: int = 12
    # Type set below this share of another block's size is other text (a footnote, a caption):
    # it neither continues a body sentence nor counts as body text.
    smaller_type: float = 0.9
    # A chunk under this share of chunk_size (a label, a table's cells, a last short sentence)
    # joins the chunk next to it in reading order when the two fit the model.
    min_chunk_fill: float = 0.25
    # Embed each chunk with its section path in front (page_content stays the page text): a
    # passage deep in a section then matches questions that name the section's subject (chunkqa
    # recall@5 0.808 -> 0.844 at 200 tokens; `make bench`, sweep).
    contextualize: bool = True
    # With contextualize, the document's title in front of the section path too (measured no
    # better on chunkqa and worse on sentence queries: every chunk of a file shares it).
    context_title: bool = False
    # Each chunk is also embedded as passages of its sentences, runs of at most this many tokens,
    # and found by the best of its vectors (0: the chunk's vector alone). A question about one
    # sentence of a long chunk then finds it (`make bench`, sweep: at 200 tokens chunkqa recall@5
    # 0.850 -> 0.900 and sentence queries 82.8% -> 90.5%; the chunk is still what is returned, so
    # IoU holds). Costs embedding time: about three passages per chunk.
    passage_tokens: int = 64
