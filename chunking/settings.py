"""Chunking settings: one section of the settings object (`chunking:` in configs/default.yaml)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChunkingSettings:
    # Tokens of the embedding model chunks are packed to (one longer sentence stays whole up to
    # the model's maximum sequence length, never above it).
    chunk_size: int = 200
    # Tokens repeated from the previous chunk of the same region.
    chunk_overlap: int = 0
    # A paragraph cut by a column or page break may continue in one chunk.
    continue_paragraphs: bool = True
