"""Dot leaders: the row of dots a contents list or an index sets between an entry and its page
number ("Preface . . . . . . . xi"). They only lead the eye across the line; in the text each dot
is a token to an embedder, so a chunk of a contents page would hold a few entries among hundreds
of dots and embed as dots. A leader reads as one ellipsis ("Preface … xi"). Three dots are an
ellipsis already, and four an ellipsis and a full stop (". . . ." in a quotation that leaves out
a sentence's end): both stay as they are. A dot touching a digit after the leader is the value's
decimal point (". . . . . .312")."""
from __future__ import annotations

import re

LEADER_MIN = 5  # dots in a row that make a leader

# LEADER_MIN dots or more in a row, spaced or not, with the spaces around them; the last not a
# value's decimal point.
_LEADER = re.compile(r"[ \u00a0]*\.(?:[ \u00a0]*\.){%d,}(?!\d)[ \u00a0]*" % (LEADER_MIN - 1))
ELLIPSIS = "\u2026"


def without_leaders(line: str) -> str:
    """The line with each dot leader one ellipsis, a space either side where words stand
    ("Preface . . . xi", "Authors. . . . xi": "Preface … xi", "Authors … xi")."""
    if "..." not in line and ". . ." not in line and ".. ." not in line and ". .." not in line:
        return line  # (most lines: no three dots in a row, spaced or not, is cheaper told so)
    return _LEADER.sub(lambda m: (" " if m.start() else "") + ELLIPSIS + (" " if m.end() < len(line) else ""), line)
