"""The LangChain edge: the loader, the blob parser and the Document metadata they emit."""
