"""TeX's math extension glyphs (∑, ∫, big brackets) read back from their names.

MuPDF gives a glyph whose font maps it to no character, and whose name the Adobe Glyph List
does not know, as U+FFFD. pdfTeX's Computer Modern math extension font (CMEX10, and txfonts' and
pxfonts' kin, and the AMS symbol font) names its glyphs so: "summationdisplay", "parenleftBig",
"bracelefttp". A page of a paper's equations then reads "E�Rt|s = st� = �∞ γ..." where it
draws "E[Rt|s = st] = ∑∞ γ...". The glyph's code, which MuPDF gives in place of U+FFFD when
asked (`TEXT_CID_FOR_UNKNOWN_UNICODE`), is found in the font's encoding (the PDF's
/Differences, or the Type 1 program's own), and the name read here.
"""
from __future__ import annotations

import logging
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter

import pymupdf

log = logging.getLogger(__name__)

# The characters the base names draw; a size (big ... Bigg, text, display) or a numbered variant
# (".1") draws the same one.
_BASES = {
    "parenleft": "(", "parenright": ")", "bracketleft": "[", "bracketright": "]", "braceleft": "{",
    "braceright": "}", "angbracketleft": "\u27e8", "angbracketright": "\u27e9", "ceilingleft": "\u2308",
    "ceilingright": "\u2309", "floorleft": "\u230a", "floorright": "\u230b", "slash": "/", "backslash": "\\",
    "vextendsingle": "|", "vextenddouble": "\u2016", "summation": "\u2211", "product": "\u220f",
    "coproduct": "\u2210", "integral": "\u222b", "contintegral": "\u222e", "union": "\u22c3",
    "intersection": "\u22c2", "unionmulti": "\u2a04", "unionsq": "\u2a06", "logicaland": "\u22c0",
    "logicalor": "\u22c1", "circledot": "\u2a00", "circleplus": "\u2a01", "circlemultiply": "\u2a02",
    "radical": "\u221a",
    # The AMS symbol font's own names.
    "square": "\u25a1", "squaresolid": "\u25a0", "diamondsolid": "\u25c6", "star": "\u22c6",
    "lessorsimilar": "\u2272", "greaterorsimilar": "\u2273", "lessorequalslant": "\u2a7d",
    "greaterorequalslant": "\u2a7e", "checkmark": "\u2713",
}
_SIZES = ("Bigg", "bigg", "Big", "big", "display", "text")
# Pieces that build a tall delimiter: its top piece stands for it, the others add nothing
# (a brace's middle, a radical's rule); a radical's bottom piece is its sign.
_PIECES = {"tp": True, "bt": False, "mid": False, "ex": False, "vertex": False}
# Wide accents over an expression: nothing to read.
_SILENT = frozenset({"hatwide", "hatwider", "hatwidest", "tildewide", "tildewider", "tildewidest"})
_UNI = re.compile(r"^uni([0-9A-F]{4})$")


def glyph_text(name: str) -> str | None:
    """What a TeX math glyph of this name reads as ("" for a piece that adds nothing), or None
    for a name it does not know."""
    name = name.split(".")[0]  # "summationtext.1", "uni222B.dsp"
    if name in _SILENT:
        return ""
    if (uni := _UNI.match(name)) is not None:
        code = int(uni.group(1), 16)
        return None if 0xD800 <= code <= 0xDFFF else chr(code)  # (no lone surrogate)
    if name in _BASES:
        return _BASES[name]
    for size in _SIZES:
        if name.endswith(size) and name[:-len(size)] in _BASES:
            return _BASES[name[:-len(size)]]
    for piece, stands_for_it in _PIECES.items():
        base = name[:-len(piece)]
        if name.endswith(piece) and (base in _BASES or base + "left" in _BASES or base == "arrow"):
            if base == "radical":
                return _BASES["radical"] if piece == "bt" else ""
            return _BASES.get(base, "") if stands_for_it else ""
    return None


_DUP = re.compile(rb"dup\s+(\d+)\s*/([^\s/\[\]{}()<>]+)\s+put")
_DIFFERENCES = re.compile(r"/Differences\s*\[([^\]]*)\]")
_TOKEN = re.compile(r"\d+|/[^\s/\[\]]+")


@lru_cache(maxsize=256)
def _program_encoding(cleartext: bytes) -> dict[int, str]:
    """The builtin encoding of a Type 1 font program, from its clear text ("dup 88
    /summationdisplay put")."""
    return {int(code): name.decode("latin-1") for code, name in _DUP.findall(cleartext)}


def _differences(text: str) -> dict[int, str]:
    """The codes a /Differences array names: a number sets the code of the names after it."""
    out: dict[int, str] = {}
    match = _DIFFERENCES.search(text)
    code = 0
    for token in _TOKEN.findall(match.group(1) if match else ""):
        if token[0] == "/":
            out[code] = token[1:]
            code += 1
        else:
            code = int(token)
    return out


def font_encoding(doc: pymupdf.Document, xref: int) -> dict[int, str]:
    """Code to glyph name of a simple font: its program's own encoding, which the PDF's
    /Differences override ({} where neither is readable: a TrueType or CFF program, or a font
    a damaged file cannot give: the glyphs then stay as MuPDF read them)."""
    codes: dict[int, str] = {}
    try:
        _, ext, _, program = doc.extract_font(xref)
        if ext in ("pfa", "pfb") and b"eexec" in program:
            codes.update(_program_encoding(program[:program.find(b"eexec")]))
        kind, value = doc.xref_get_key(xref, "Encoding")
        if kind == "xref":
            value = doc.xref_object(int(value.split()[0]))
        if "/Differences" in value:
            codes.update(_differences(value))
    except Exception as exc:  # (MuPDF's own errors are no RuntimeError: a dangling reference, a bad stream)
        log.debug("font %d: no encoding read (%s)", xref, exc)
    return codes


class _Encodings:
    """The encodings of the page's simple fonts by the name a span gives (no subset prefix),
    each read when first asked for (a page's other fonts may be large: a CJK font's program)."""

    def __init__(self, doc: pymupdf.Document, fonts: list[tuple]) -> None:
        self._doc = doc
        self._fonts: dict[str, list[int]] = {}
        for xref, _, kind, base, _, _ in fonts:
            if kind in ("Type1", "MMType1", "Type3", "TrueType"):
                self._fonts.setdefault(base.split("+")[-1], []).append(xref)
        self._read: dict[str, list[dict[int, str]]] = {}

    def name(self, font: str, code: int) -> str | None:
        """The glyph name of `code` in the font the span names; None where it is not found, or
        where two fonts of that name (two subsets) name it apart: which one drew it is unknown."""
        if font not in self._read:
            self._read[font] = [font_encoding(self._doc, xref) for xref in self._fonts.get(font, [])]
        names = {enc[code] for enc in self._read[font] if code in enc}
        return names.pop() if len(names) == 1 else None

    def unnamed(self, char: str, font: str) -> bool:
        """The glyph is one MuPDF could not name (its code read in place of U+FFFD): MuPDF's
        own reading of its name gives none ("summationdisplay"; not "parenleft" nor "a20")."""
        name = self.name(font, ord(char))
        return name is not None and pymupdf.mupdf.fz_unicode_from_glyph_name(name) == 0xFFFD


def _aligned(text: str, inside: list[tuple[str, str]],
             unnamed: Callable[[str, str], bool]) -> list[list[tuple[str, str]]] | None:
    """The second reading's glyphs (character, font) under each character of a word: a
    character as itself, U+FFFD as the run of glyphs MuPDF could not name (`unnamed`) up to the
    word's next character (a tall radical's three pieces, which the first reading gave as one).
    Other glyphs in the word's box are passed over: a subscript set under it ("(i,j)" under a
    sum, whose bracket may stand left of the sum's centre). None where the word is not found."""
    out: list[list[tuple[str, str]]] = []
    j = 0
    for i, ch in enumerate(text):
        if ch != "\ufffd":
            while j < len(inside) and inside[j][0] != ch:
                j += 1
        else:
            while j < len(inside) and not unnamed(*inside[j]):
                j += 1
        if j == len(inside):
            return None
        run = [inside[j]]
        j += 1
        if ch == "\ufffd" and (i + 1 == len(text) or text[i + 1] != "\ufffd"):
            after = text[i + 1] if i + 1 < len(text) else None
            while j < len(inside) and inside[j][0] != after and unnamed(*inside[j]):
                run.append(inside[j])
                j += 1
        out.append(run)
    return out


def mended_words(page: pymupdf.Page, fonts: list[tuple], raw: list[tuple], flags: int) -> list[tuple]:
    """extractWORDS tuples with their U+FFFD glyphs read back where the glyphs' names tell
    (`glyph_text`); the rest as they are. The codes come from a second reading of the page with
    MuPDF's codes for unknown characters, clipped to the words that hold them; the names from
    the encodings of the page's `fonts` (as get_fonts() lists them)."""
    unknown = [k for k, w in enumerate(raw) if "\ufffd" in w[4]]
    if not unknown:
        return raw
    clip = pymupdf.Rect(raw[unknown[0]][:4])
    for k in unknown[1:]:
        clip |= pymupdf.Rect(raw[k][:4])
    try:
        tp = page.get_textpage(flags=flags | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE, clip=clip + (-1, -1, 1, 1))
        blocks = tp.extractRAWDICT()["blocks"]
    except Exception as exc:  # (the characters only mend the words: the page reads without them)
        log.debug("page %d: no second reading for its unnamed glyphs (%s)", page.number + 1, exc)
        return raw
    # (centre y, centre x, character, font) of every glyph in the clip, by centre y.
    chars = sorted(((c["bbox"][1] + c["bbox"][3]) / 2, (c["bbox"][0] + c["bbox"][2]) / 2, c["c"], span["font"])
                   for block in blocks for line in block.get("lines", [])
                   for span in line["spans"] for c in span["chars"] if not c["c"].isspace())
    ys = [c[0] for c in chars]
    encodings = _Encodings(page.parent, fonts)
    out = list(raw)
    for k in unknown:
        x0, y0, x1, y1, text = raw[k][:5]
        # The glyphs whose centres stand in the word's box, left to right (not a neighbour's
        # glyph kerned into it: its centre stays outside).
        band = chars[bisect_left(ys, y0):bisect_right(ys, y1)]
        inside = [(c, font) for _, cx, c, font in sorted(band, key=itemgetter(1)) if x0 <= cx <= x1]
        aligned = _aligned(text, inside, encodings.unnamed)
        if aligned is None:
            continue  # the two readings do not hold the word alike: left as it is
        read = []
        for ch, run in zip(text, aligned):
            said = [glyph_text(name) if (name := encodings.name(font, ord(code))) else None
                    for code, font in run] if ch == "\ufffd" else [None]
            read.append(ch if None in said else "".join(t for t in said if t is not None))
        out[k] = (x0, y0, x1, y1, "".join(read), *raw[k][5:])
    return [w for w in out if w[4]]
