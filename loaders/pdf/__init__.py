"""The PyMuPDF edge: the only code that imports pymupdf (opening files, words, metadata, drawing)."""
