"""A generated right-to-left corpus: Hebrew and Arabic two-column pages under a title, their
lines mixing Latin words, numbers and punctuation, displayed as the Unicode bidirectional
algorithm displays them (python-bidi) and drawn as word processors draw them (each word's
glyphs left to right, in the order they stand), in three drawing orders, with the text in its
logical order as truth (the layout of ../shared/corpus: manifest.json, *.truth.json)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pymupdf
from bidi import get_display

from .corpus import ORDERS

SCRIPTS = {"hebrew": ("אבגדהוזחטיכלמנסעפצקרשת", 5), "arabic": ("ابتثجحخدذرزسشصضطظعغفقكلمنهوي", 6)}
LATIN = ("Python", "PDF", "LangChain", "Chroma", "OCR", "Windows", "API", "JSON", "GPU", "ISO")
SIZE = 10.0
PAGE_W, PAGE_H = 612.0, 792.0
COLUMNS = ((326.0, 540.0), (72.0, 286.0))  # the right column first: it is read first


def _is_rtl(text: str) -> bool:
    return any("\u0590" <= ch <= "\u08ff" for ch in text)


class _Writer:
    """Words drawn in the script's font (MuPDF's built-in Noto), Latin and figures in Helvetica."""

    def __init__(self, script: str) -> None:
        self.letters, number = SCRIPTS[script]
        self.font = pymupdf.Font(script=number)

    def width(self, piece: str) -> float:
        if _is_rtl(piece):
            return self.font.text_length(piece, SIZE)
        return pymupdf.get_text_length(piece, "helv", SIZE)

    def token(self, rnd: random.Random) -> str:
        r = rnd.random()
        if r < 0.06:
            return str(rnd.randint(2, 2030))
        if r < 0.12:
            return rnd.choice(LATIN)
        word = "".join(rnd.choice(self.letters) for _ in range(rnd.randint(2, 7)))
        return word + ("," if rnd.random() < 0.06 else "")

    def paragraph(self, rnd: random.Random, words: int) -> str:
        return " ".join(self.token(rnd) for _ in range(words)).rstrip(",") + "."

    def lines(self, text: str, width: float) -> list[str]:
        out: list[str] = []
        line: list[str] = []
        for word in text.split():
            if line and self.width(" ".join(line + [word])) > width:
                out.append(" ".join(line))
                line = []
            line.append(word)
        return out + [" ".join(line)] if line else out

    def placed(self, line: str, right: float, y: float) -> list[tuple[float, float, str]]:
        """The line displayed right to left, flush right: its pieces (a word's letters apart
        from its punctuation, drawn touching) from the left, as they stand."""
        pieces: list[tuple[float, str]] = []
        x = 0.0
        for k, token in enumerate(get_display(line, base_dir="R").split(" ")):
            if k:
                x += self.width(" ")
            for part in _split_punctuation(token):
                pieces.append((x, part))
                x += self.width(part)
        return [(right - x + px, y, part) for px, part in pieces]


def _split_punctuation(token: str) -> list[str]:
    """A displayed word as pieces of one font each: its right-to-left letters, and the commas
    and full stops beside them."""
    if not _is_rtl(token):
        return [token]
    core = token.strip(",.")
    lead = token[: len(token) - len(token.lstrip(",."))]
    tail = token[len(token.rstrip(",.")):]
    return [p for p in (lead, core, tail) if p]


def _page(writer: _Writer, rnd: random.Random, with_title: bool) -> tuple[list[str], list[tuple[float, float, str]]]:
    reading: list[str] = []
    placed: list[tuple[float, float, str]] = []
    y = 80.0
    if with_title:
        title = " ".join(writer.token(rnd).rstrip(",") for _ in range(5))
        reading.append(title)
        placed += writer.placed(title, 540.0, y)
        y += 40
    for x0, x1 in COLUMNS:
        line_y = y
        while line_y < PAGE_H - 100:
            text = writer.paragraph(rnd, rnd.randint(25, 60))
            lines = writer.lines(text, x1 - x0)
            if line_y + 13 * len(lines) > PAGE_H - 80:
                break
            reading.append(text)
            for line in lines:
                placed += writer.placed(line, x1, line_y)
                line_y += 13
            line_y += 8
    return reading, placed


def _write(path: Path, writer: _Writer, pages: list[list[tuple[float, float, str]]], order: str, seed: int) -> None:
    rnd = random.Random(seed)
    doc = pymupdf.open()
    for placed in pages:
        page = doc.new_page(width=PAGE_W, height=PAGE_H)
        page.insert_font(fontname="rtl", fontbuffer=writer.font.buffer)
        pieces = list(placed)
        if order == "rowmajor":
            pieces.sort(key=lambda p: (round(p[1]), p[0]))
        elif order == "shuffled":
            rnd.shuffle(pieces)
        for x, y, piece in pieces:
            page.insert_text((x, y), piece, fontname="rtl" if _is_rtl(piece) else "helv", fontsize=SIZE)
    doc.save(path)
    doc.close()


def generate_rtl(folder: Path, documents: int = 4, pages: int = 2) -> Path:
    """Hebrew and Arabic documents in turn, each in ORDERS' drawing orders."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = []
    for d in range(documents):
        script = ("hebrew", "arabic")[d % 2]
        writer = _Writer(script)
        rnd = random.Random(7000 + d)
        texts, drawn = [], []
        for k in range(pages):
            reading, placed = _page(writer, rnd, with_title=k == 0)
            texts += reading
            drawn.append(placed)
        stem = f"rtl-{script}-{d:02d}"
        items = [{"kind": "body", "text": t} for t in texts]
        (folder / f"{stem}.truth.json").write_text(json.dumps({"doc": stem, "items": items}, ensure_ascii=False))
        for order in ORDERS:
            pdf = f"{stem}.{order}.pdf"
            _write(folder / pdf, writer, drawn, order, seed=d)
            manifest.append({"pdf": pdf, "truth": f"{stem}.truth.json", "family": script, "variant": order})
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return folder
