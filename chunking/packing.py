"""Sentences (units) of a group of pieces, and their packing into chunks of chunk_size tokens."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from columnrag.loaders.text.hyphens import ends_broken_at_hyphen

from .broken_words import BrokenWords
from .marks import CJK_SENTENCE_ENDS, CLOSERS, SPACED_ENDS
from .paragraphs import paragraph_ends
from .pieces import Piece, continues
from .settings import ChunkingSettings
from .tokens import LengthFunction

# A sentence ends at a full stop, question or exclamation mark (maybe with a footnote's number
# after it) before a space and no lower-case letter (Arabic's question mark and Urdu's full stop,
# the danda of Indian scripts too), or at a Chinese or Japanese full stop, question or exclamation
# mark, which no space follows (nor a closing quote or bracket: 「こんにちは。」と言った。 is one sentence).
SENTENCE_SPLIT = re.compile(rf"(?<=[{SPACED_ENDS}])\s+(?=[^a-z])"
                            rf"|(?<=[{CJK_SENTENCE_ENDS}])\s*(?=[^\s{CJK_SENTENCE_ENDS}{CLOSERS}])"
                            # (a footnote's number after a word's stop, "... time.3 Historians"; not a
                            # label's number, "Fig.3", "Abs.1", "No.10", nor "2.5")
                            r"|(?<=[a-z]{4}[.!?]\d)\s+(?=[A-Z])|(?<=[a-z]{4}[.!?]\d\d)\s+(?=[A-Z])")
_WORD = re.compile(r"\S+")
# A full stop that ends an abbreviation, not a sentence: an author's initial in a list of names
# ("[6] B." / "Shneiderman, ...", "L. C. T. Bezerra", ", and D. Batra"; not "Schedule A." or
# "World War I."; one that opens a line is a label, `_labels_kept`), a word that always leads on
# ("et al.", "e.g.", "vs."), a title before a name ("Dr. Smith"), or a label before its number
# ("Fig. 3", "pp. 32-35", "No. 8", "Abb. 2").
_INITIAL = re.compile(r"(?:[^\W\d_]\.|\]|,|\band|&)[ \t]+([^\W\d_])\.$")
_INITIAL_ALONE = re.compile(r"(?:^|\s)([^\W\d_])\.$")
_NAME_THEN_COMMA = re.compile(r"^[^\W\d_][\w'’-]*,")
_LEADS_ON = re.compile(r"(?<![\w.])(?:et al|e\.g|i\.e|cf|vs|approx|ca|viz|z\.\s?B|d\.\s?h|u\.\s?a|bzw|vgl)\.$")
_TITLE = re.compile(r"(?<![\w.])(?:Dr|Mr|Mrs|Ms|Mme|Prof)\.$")
_BEFORE_NUMBER = re.compile(r"(?<![\w.])(?i:fig|figs|eq|eqs|sec|secs|ref|refs|tab|ch|chap|vol|no|nos|nr|art|abb|p|pp|s)\.$")
_LOOK = 40  # characters on either side of a full stop its abbreviation tests read


def _initial(before: str, after: str) -> bool:
    """`before` ends with an initial of a name: after another initial, a reference's "[6]", a
    comma or "and"; or before a surname and its comma ("J. Smith, ...")."""
    m = _INITIAL.search(before) or (_INITIAL_ALONE.search(before) if _NAME_THEN_COMMA.match(after) else None)
    return m is not None and m.group(1).isupper() and "\n" not in before[m.start():]


def _abbreviation(before: str, after: str) -> bool:
    """The full stop that ends `before` ends an abbreviation that `after` goes on from."""
    if _initial(before, after) or _LEADS_ON.search(before):
        return True
    if _TITLE.search(before):
        return after[:1].isupper()
    return after[:1].isdigit() and bool(_BEFORE_NUMBER.search(before))


def split_sentences(text: str) -> list[str]:
    """`text` cut into its sentences (SENTENCE_SPLIT), never after an abbreviation: a chunk cut
    there would part an author's initial from the name ("[6] B." / "Shneiderman") or "Fig." from
    its number."""
    parts: list[str] = []
    start = 0
    for m in SENTENCE_SPLIT.finditer(text):
        at, end = m.start(), m.end()
        if at > start and not _abbreviation(text[max(0, at - _LOOK):at], text[end:end + _LOOK]):
            parts.append(text[start:at])
            start = end
    parts.append(text[start:])
    return parts


@dataclass(slots=True)
class Span:
    """Where part of a unit's text sits: its piece and the [start, end) offsets in the page text."""

    piece: Piece
    start: int
    end: int


@dataclass(slots=True)
class Unit:
    """A sentence (or part of an over-long one) and where its text came from."""

    text: str
    spans: list[Span] = field(default_factory=list)
    block_start: bool = False
    heading: bool = False
    line_start: bool = False  # it opens a line of its paragraph (a list's or a reference list's next entry)
    size: int = -1  # its length, once measured

    @property
    def start(self) -> int:
        return self.spans[0].start

    @property
    def pieces(self) -> list[Piece]:
        out: list[Piece] = []
        for sp in self.spans:
            if all(sp.piece is not p for p in out):
                out.append(sp.piece)
        return out

    def add(self, text: str, span: Span, broken: BrokenWords) -> None:
        """The rest of this sentence, from the next piece (after a column or page break): a word
        the break cut at a hyphen put back together (`broken_words`)."""
        if ends_broken_at_hyphen(self.text):
            self.text = broken.join(self.text, text)
        else:
            self.text = self.text + " " + text
        self.spans.append(span)


def sentence_gap(before: str, after: str) -> str:
    """What parts two sentences of a paragraph: a space, but nothing after a Chinese or Japanese
    one before another (those scripts set no space after 。！？)."""
    return "" if before[-1:] in CJK_SENTENCE_ENDS and not after[:1].isascii() else " "


def separator(prev: Unit, unit: Unit) -> str:
    """Paragraphs apart by a blank line, a heading on its own line, sentences by `sentence_gap`,
    or by the line break between them ("... 2016." / "[50] K. He, ...": a list's entries stay
    on lines of their own). The sentences of one heading are parted as the page parts them
    ("Fig. 1. Code before preprocessing." stays on its line)."""
    if prev.heading and not (unit.heading and prev.spans[-1].piece is unit.spans[0].piece):
        return "\n"
    if unit.line_start and not unit.block_start:
        return "\n"
    return "\n\n" if unit.block_start else sentence_gap(prev.text, unit.text)


def join(units: list[Unit]) -> str:
    """Units of one chunk, joined by their separators."""
    out = ""
    for i, u in enumerate(units):
        out = out + separator(units[i - 1], u) + u.text if out else u.text
    return out


_NUMBER_ALONE = re.compile(r"^(\d{1,2}(\.\d{1,2})*\.?|[IVX]{1,5}\.|[A-Z]\.)$")


def _spans(text: str, parts: list[str]) -> list[list[int]]:
    """Each part's [start, end) in `text` (the parts of a split of it, in order)."""
    spans: list[list[int]] = []
    pos = 0
    for part in parts:
        at = text.find(part, pos)
        pos = at + len(part)
        spans.append([at, pos])
    return spans


def _labels_kept(text: str, parts: list[str]) -> list[list[int]]:
    """The spans of a block's sentences, a number or letter that opens a line kept with the text
    after it: the sentence split takes "4." ("4. Demande de démolition ..."), an item's "2." or an
    initial's "J." for the end of a sentence, of its own where it opens a line after one that
    ended a sentence, or the last of one that runs on to it ("... werden kann:" / "1." /
    "Konvertierung ..."; a heading's "1. Ad hoc" / "2." / "Vorlagenbasiert")."""
    spans = _spans(text, parts)
    for this, nxt in zip(spans, spans[1:]):
        line = max(text.rfind("\n", this[0], this[1]) + 1, this[0])
        if _NUMBER_ALONE.match(text[line:this[1]]) and (line > this[0] or text[:line].rstrip(" ")[-1:] in ("", "\n")):
            nxt[0] = line  # the label opens the next sentence, on its line
            this[1] = line if line == this[0] else len(text[:line].rstrip())
    return spans


def sentences(pieces: list[Piece], s: ChunkingSettings, broken: BrokenWords) -> list[Unit]:
    """Sentences in reading order. A sentence may run over two pieces (a paragraph cut by a
    column break): it is one unit then, so no chunk boundary can fall inside it. A heading's
    section number stays with its title ("2. Methods", "IV. RESULTS"). `broken` knows the
    document's words a word cut at a hyphen by the break is decided with."""
    units: list[Unit] = []
    for n, piece in enumerate(pieces):
        goes_on = n > 0 and continues(pieces[n - 1], piece, s)
        ends = paragraph_ends(piece.text)
        pos = 0
        parts = split_sentences(piece.text)
        if parts and _NUMBER_ALONE.match(parts[0]) and not piece.carries_on:
            # A numbered item ("26. If your country ...") opens a sentence of its own, unless the
            # loader read its block as the rest of the one before ("... summarized in Table" / "3. ...").
            goes_on = False
        spans = _labels_kept(piece.text, parts)
        whole = ([piece.text[a:b].strip() for a, b in spans if piece.text[a:b].strip()] if piece.heading
                 else [piece.text[a:b] for a, b in spans if b > a])
        for k, sentence in enumerate(whole):
            offset = piece.text.find(sentence, pos)
            opens = k == 0 or any(pos <= e < offset for e in ends)
            new_line = k > 0 and "\n" in piece.text[pos:offset]
            pos = offset + len(sentence)
            span = Span(piece, piece.start + offset, piece.start + pos)
            if k == 0 and goes_on and units:
                units[-1].add(sentence, span, broken)
            else:
                units.append(Unit(sentence, [span], block_start=opens, heading=piece.heading, line_start=new_line))
    return units


_QUESTION_MARKS = ("?", "？", "؟")  # (Latin, Chinese and Japanese, Arabic)


def _dangling_question(chunk: list[Unit]) -> bool:
    """The chunk ends with a question after a sentence of text (not a heading alone, which never
    ends a chunk): what answers it follows (a FAQ's answer, a worksheet's figure under its
    question), in the next chunk."""
    return (not chunk[-1].heading and chunk[-1].text.rstrip().endswith(_QUESTION_MARKS)
            and any(not u.heading for u in chunk[:-1]))


class Packer:
    """Greedy packing of units within chunk_size tokens (`length` measures a text).

    A chunk that is already well filled ends at a paragraph boundary rather than take the first
    sentence of the next paragraph; a heading starts a chunk and never ends one."""

    def __init__(self, length: LengthFunction, chunk_size: int, chunk_overlap: int, max_length: int,
                 settings: ChunkingSettings) -> None:
        self.length = length
        self.chunk_size = chunk_size
        self.chunk_overlap = chunk_overlap
        self.max_length = max_length
        self.s = settings
        self.base = length("")

    # -- units ----------------------------------------------------------------------------------
    def measured(self, units: list[Unit]) -> list[Unit]:
        """Each unit measured; a sentence longer than the model's limit becomes runs of words."""
        out: list[Unit] = []
        for u in units:
            u.size = self.length(u.text)
            if u.size <= self.max_length:
                out.append(u)
            else:
                out.extend(self.word_runs(u, self.chunk_size))
        return out

    def word_runs(self, unit: Unit, budget: int) -> list[Unit]:
        """Runs of whole words, the first within `budget` tokens and the rest within chunk_size,
        keeping the text's own line breaks (a resolution's clauses, a contents page's lines).
        Word counts are added up (tokenizers split on white space first), so a huge run-on text
        stays linear. A unit from one piece keeps exact spans for each run. (Runs ended at a
        clause's or a line's end rather than full lost chunkqa recall@5: 0.901 -> 0.883.)"""
        exact = len(unit.spans) == 1
        parts: list[Unit] = []
        words: list[re.Match[str]] = []
        size = self.base
        for m in _WORD.finditer(unit.text):
            n = self.length(m.group()) - self.base
            if words and size + n > (budget if not parts else self.chunk_size):
                parts.append(self._run(unit, words, exact, first=not parts))
                words, size = [], self.base
            words.append(m)
            size += n
        if words:
            parts.append(self._run(unit, words, exact, first=not parts))
        return parts

    @staticmethod
    def _run(unit: Unit, words: list[re.Match[str]], exact: bool, first: bool) -> Unit:
        text = unit.text[words[0].start():words[-1].end()]
        if exact:
            at = unit.spans[0].start
            spans = [Span(unit.spans[0].piece, at + words[0].start(), at + words[-1].end())]
        else:
            spans = list(unit.spans)
        return Unit(text, spans, block_start=unit.block_start and first, heading=unit.heading,
                    line_start=unit.line_start and first)

    # -- chunks ---------------------------------------------------------------------------------
    def pack(self, units: list[Unit]) -> list[tuple[list[Unit], int]]:
        """Chunks and their sizes. Sizes are added up from each sentence's own length (a
        tokenizer splits on white space first, so the tokens of joined sentences are the sum of
        theirs), then every chunk is measured whole once: one that comes out over the limit after
        all is packed again with whole measurements (exact, and quadratic only for it)."""
        chunks: list[tuple[list[Unit], int]] = []
        whole = lambda us: self.length(join(us))  # noqa: E731
        for chunk, _ in self._pack_by(units, self._additive_size(units)):
            # One unit alone was measured whole already (a long sentence may exceed chunk_size).
            size = chunk[0].size if len(chunk) == 1 and chunk[0].size >= 0 else whole(chunk)
            if len(chunk) == 1 or size <= self._limit(chunk):
                chunks.append((chunk, size))
            else:
                chunks.extend(self._pack_by(chunk, whole))
        return chunks

    def _limit(self, chunk: list[Unit]) -> int:
        """A heading with the sentence it heads may go over chunk_size, never over the model's
        limit (a heading never stands alone)."""
        heads = sum(u.heading for u in chunk)
        return self.max_length if 0 < heads and len(chunk) == heads + 1 else self.chunk_size

    def _additive_size(self, units: list[Unit]) -> Callable[[list[Unit]], int]:
        seps = {sep: self.length(sep) - self.base for sep in ("", " ", "\n", "\n\n")}

        def own(u: Unit) -> int:
            if u.size < 0:
                u.size = self.length(u.text)
            return u.size - self.base

        def size(us: list[Unit]) -> int:
            total = self.base + sum(own(u) for u in us)
            for prev, u in zip(us, us[1:]):
                total += seps[separator(prev, u)]
            return total

        return size

    def _pack_by(self, units: list[Unit], size_of: Callable[[list[Unit]], int]) -> list[tuple[list[Unit], int]]:
        chunks: list[tuple[list[Unit], int]] = []
        current: list[Unit] = []
        size = 0
        pending = list(units)
        while pending:
            unit = pending.pop(0)
            trial = size_of(current + [unit])
            if current and all(u.heading for u in current) and not unit.heading:
                if trial > self.max_length:  # the heading keeps the first words of its sentence
                    head, *rest = self.word_runs(unit, self.chunk_size - size)
                    pending[:0] = rest
                    unit, trial = head, size_of(current + [head])
            elif current:
                full = trial > self.chunk_size
                well_filled = size >= self.s.paragraph_break_fill * self.chunk_size
                paragraph_break = unit.block_start and well_filled
                heading_break = unit.heading and not current[-1].heading
                if full or paragraph_break or heading_break:
                    # A question at the chunk's end goes on to the chunk of what answers it, where
                    # the two fit in one.
                    asked = ([current.pop()] if not heading_break and _dangling_question(current)
                             and size_of(current[-1:] + [unit]) <= self.chunk_size else [])
                    chunks.append((current, size_of(current) if asked else size))
                    current = [] if heading_break else self._overlap(current)
                    trial = size_of(current + asked + [unit])
                    if current and trial > self.chunk_size:
                        current = []
                        trial = size_of(asked + [unit])
                    current += asked
            current.append(unit)
            size = trial
        if current:
            chunks.append((current, size))
        return chunks

    def _overlap(self, units: list[Unit]) -> list[Unit]:
        """The last whole sentences of a chunk, within chunk_overlap tokens, open the next one."""
        if self.chunk_overlap <= 0:
            return []
        kept: list[Unit] = []
        for unit in reversed(units):
            if unit.heading or self.length(join([unit] + kept)) > self.chunk_overlap:
                break
            kept.insert(0, unit)
        return kept
