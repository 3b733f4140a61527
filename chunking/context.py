"""The text a chunk is embedded as: with its section path (and, if asked, the document title) in
front, as docling's HybridChunker `contextualize` puts a chunk's headings, so a passage deep in a
section still matches a question that names what the section is about. page_content stays the
page text."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from .assemble import SECTION_KEY, TITLE_KEY
from .sections import SEPARATOR


def contextualize(text: str, metadata: Mapping[str, Any], fits: Callable[[str], bool] = lambda _: True,
                  title: bool = True) -> str:
    """Title, section path and text on lines of their own (the title only when asked), leaving
    out what the chunk does not have. When the whole would not `fit` the model, the title goes
    first, then the outermost sections: the chunk's own text is never cut for its context."""
    name = str(metadata.get(TITLE_KEY) or "").strip() if title else ""
    path = [p for p in str(metadata.get(SECTION_KEY) or "").split(SEPARATOR) if p.strip()]
    while True:
        heads = ([name] if name else []) + ([SEPARATOR.join(path)] if path else [])
        out = "\n".join(heads + [text])
        if fits(out) or not heads:
            return out
        if name:
            name = ""
        else:
            path.pop(0)
