"""File names as text."""
from __future__ import annotations


def display_path(path: str) -> str:
    """A path as text that any store accepts: a file name that is not valid UTF-8 (kept by
    Python as surrogate escapes) shows its odd bytes as \\xNN instead."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
