"""The marks that end a sentence, and the closing quotes and brackets that may follow one: where
the splitter cuts sentences (packing) and where a piece leaves its sentence closed (pieces)."""
from __future__ import annotations

# Full stop, question and exclamation mark; Arabic's question mark, Urdu's full stop and the
# danda of Indian scripts, which a space follows as after ".".
SPACED_ENDS = ".!?\u061f\u06d4\u0964\u0965"
# Chinese and Japanese full stop, exclamation and question mark (。！？), which no space follows.
CJK_SENTENCE_ENDS = "\u3002\uff01\uff1f"
# Closing quotes and brackets, Chinese and Japanese ones too (」』】〕〉》）］), as a regex class's
# characters (an ASCII apostrophe is no closer after "。": it is after ".", `QUOTE_CLOSERS`).
CLOSERS = "\u300d\u300f\u3011\u3015\u3009\u300b\uff09\uff3d\u201d\u2019\")\\]"
QUOTE_CLOSERS = CLOSERS + "'"
