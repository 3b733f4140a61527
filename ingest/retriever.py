"""A LangChain retriever over a columnrag store that ranks as `columnrag query` does: each chunk by
the best of its own vector and its passages' (chunking.passages). `langchain_chroma.Chroma` on
the chunk collection works too, but sees the chunks' own vectors only."""
from __future__ import annotations

from typing import Any, Optional

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field, PrivateAttr

from .query import Searcher
from .settings import Settings, load_settings


class ColumnRAGRetriever(BaseRetriever):
    """`ColumnRAGRetriever(k=5)` reads the store configs/default.yaml names;
    `ColumnRAGRetriever(settings=load_settings(...), k=5, where={"page": 0})` another. Documents
    carry the chunk's metadata, its id, and the similarity as metadata["score"]."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    settings: Optional[Settings] = None
    k: int = Field(default=5, ge=1)  # as `columnrag query -k`
    where: Optional[dict[str, Any]] = None
    _searcher: Optional[Searcher] = PrivateAttr(default=None)

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        if self._searcher is None:  # the store is opened and the model loaded once, at the first question
            self._searcher = Searcher(self.settings or load_settings())
        return [Document(page_content=h["text"], metadata={**h["metadata"], "score": h["score"]}, id=h["id"])
                for h in self._searcher.search(query, self.k, self.where)]
