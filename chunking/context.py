"""The text a chunk is embedded as: with its document title and section path in front (as
docling's HybridChunker `contextualize` does), so a passage deep in a section still matches a
question that names what the section or the document is about. page_content stays the page text."""
from __future__ import annotations

from typing import Any, Mapping

from .assemble import SECTION_KEY, TITLE_KEY


def contextualize(text: str, metadata: Mapping[str, Any]) -> str:
    """"title\\nsection path\\ntext", leaving out what the chunk does not have."""
    head = [str(metadata.get(key) or "").strip() for key in (TITLE_KEY, SECTION_KEY)]
    return "\n".join([h for h in head if h] + [text])
