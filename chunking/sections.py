"""Section paths: which headings a piece sits under ("2 Method > 2.1 Data"), and the title.

The loader marks as headings lines set larger than the body, numbered lines ("2.1 Data") and lone
short title-like lines, so a figure's labels or a table's header row may be marked too. Only a
heading that looks like a section's does count here: a numbered one, or one set larger than
the body text (up to a limit: lettering inside a drawing is huge) that a paragraph follows, or
one in the body's type (or in its small capitals) set apart on a line of its own after the first
paragraph (no label, no list of terms), or one that names a section every document names the
same way (references, acknowledgments, an appendix), whatever its type.
Levels come from the numbering ("2.1" under "2") or, unnumbered, from the type size (smaller
type under larger).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from columnrag.loaders.engine.geometry import CLAUSE_SIGN, in_capitals
from columnrag.loaders.text.hyphens import compounds_closed, ends_broken_at_hyphen, on_one_line

from .pieces import CAPTION_LABEL, Piece, body_size, continues
from .settings import ChunkingSettings

_NUMBER = re.compile(r"^(?P<num>\d{1,2}(\.\d{1,2})*\.?|[IVX]{1,5}\.|[A-Z](\.\d{1,2})+\.?|[A-Z]\.?)\s+(?=\S)")
_CLAUSE_NUMBER = re.compile(CLAUSE_SIGN.pattern + r"\s+")  # "§ 3 ", "§ 12a ": a statute's section's number
_ROMAN_SECTION = re.compile(r"^[IVX]{1,5}\.\s")  # "IV. METHODS": IEEE's sections, lettered subsections
_LONE_CAPITAL = re.compile(r"^([A-Z])\.?\s+(\S+)$")  # "A. Data", "I. INTRODUCTION": a capital, one word
# An abstract set run-in, its label opening its paragraph ("Abstract—", "Abstract.", "Abstract:",
# "Abstract - "; not "Summary-level data").
_RUN_IN_ABSTRACT = re.compile(r"^(abstract|summary)(?:\s*[—–:.]|\s*-(?=\s|(?-i:[A-Z])))\s*\S", re.I)
# A section's number (not a title's opening "A Survey of ..."): figures, Roman numerals, "A." / "B.2".
_SECTION_NUMBER = re.compile(r"^(\d{1,2}(\.\d{1,2})*\.?|[IVX]{1,5}\.|[A-Z](\.\d{1,2})*\.)\s+\S")
# A word of letters (joined by hyphens, apostrophes, or underscores as an identifier is:
# "VERIFY_GROUP_FOR_USER function").
_ALL_LETTERS = re.compile(r"^[(\[\"'“‘]?[^\W\d_]+([-'’_][^\W\d_]+)*[)\]\"'”’,.:;!?]*$")
_SENTENCE_END = re.compile(r"[.!?:;]\s*$")
_WORDS = re.compile(r"[^\W\d_]{2,}")
# A title field that names the file it was made from: a word processor's, TeX's (.dvi) or a path.
_FILE_TITLE = re.compile(r"(^microsoft (word|powerpoint|excel)|\.(docx?|tex|dvi|ps|pdf|indd|pptx?|odt|odp|rtf|txt"
                         r"|html?|xlsx?|qxd|qxp|wpd|pages|key)$|^untitled|^[a-z]:[\\/]|^/|^file://)", re.I)
# The sections every paper, report and book has, which a reader finds by their names whatever
# their type: the contents, the abstract and the back matter, in English, German, French and
# Spanish. A template often sets them apart from the numbered sections in small capitals,
# measured smaller than the body ("References", "ACKNOWLEDGMENT"), and never numbers them: each
# opens a section of the top level, and no numbered section lies inside one but an appendix's.
_OWN_NAMES = (r"(abstract|references|bibliography|acknowledge?ments?|appendices|data availability|contents"
              r"|table of contents|zusammenfassung|literatur(verzeichnis)?|danksagung|inhalt(sverzeichnis)?"
              r"|résumé|références|bibliographie|remerciements|annexes|sommaire|table des matières"
              r"|resumen|referencias|bibliografía|agradecimientos|apéndices|índice)$")
# An appendix with its letter or number, and its title (after a colon, a stop or a dash where it has
# no letter).
_APPENDIX = r"(appendix|anhang|annexe?|apéndice)(\s+(?-i:[A-Z0-9]{1,2})([.:—–-]?\s+\S.*)?|[.:—–-]\s+\S.*)?$"
_MATTER_NAMES = re.compile(rf"^({_OWN_NAMES}|{_APPENDIX})", re.I)
_NO_PARENT = re.compile(rf"^{_OWN_NAMES}", re.I)
# Lines the loader may set apart in larger type that no section is titled: a reference list's
# entry (a citation label "[5] ", "[Lamport 1986] ", or an author and a year: "S. Fear. 2005. ...",
# "American Mathematical Society 2015. Using ..."),
# a theorem's run-in label ("Lemma 3.3.", "Definition 3.2 (C-AG)"), a formula ("log z = z"), a web
# address, a line of several sentences ("Reasoning About Naming Systems. ACM Trans. Program.",
# a reference's next line), or a list of terms ("CCS Concepts: •Computer systems organization
# → Embedded systems; Redundancy; ..."), a reference's edition or editors ("Fundamental Algorithms
# (3rd. ed.). Addison Wesley", "(eds.)"), or a form's line of fields ("First Name: ... Last Name:
# ... Date of Birth: ...", three labels with a colon each), or a quotation set large, a statement of
# five words or more in quotation marks (a pull quote: "“Twenty-three members turned out despite
# the rain.”"; a quoted question, "“What Is to Be Done?”", may title an essay). (A figure's or a
# table's caption is told by
# CAPTION_LABEL.) A numbered heading is not asked: its number's stop and an abbreviation ("4.2. Supervised vs. Unsupervised")
# or a formula ("4.1 Results for n = 100") are a title's.
_NO_SECTION = re.compile(r"^\[[^\]]{1,40}\]\s|^(definition|lemma|theorem|proposition|corollary|proof|remark"
                         r"|claim|conjecture)(\s+\d+(\.\d+)*)?\s*[(.:]|\s(1[89]|20)\d\d[a-z]?\.\s+\S|\s=\s|https?:|doi:"
                         r"|\S\.\s+\S[^.]*\S\.\s+\S|;\s*\S|\S\s*•|\bed(s?\.|itors?)\)"
                         r"|\w:\s+\S.*\s\w+:\s+\S.*\s\w+:(\s|$)"
                         r"|^[“\"‘«„][^?]*?(?:\s[^?\s]+){4}[^?]*?(?:[.!…]\s?[”\"’»“]|[”\"’»“][.!])$", re.I | re.S)
SEPARATOR = " > "
MAX_HEADING_WORDS = 12  # a longer "heading" is a run-in paragraph opening or a caption
MAX_HEADING_CHARS = 100
MAX_TITLE_CHARS = 300  # a title set on several lines is whole (its lines then open no section)
LARGER = 1.08  # unnumbered headings are set at least this much larger than the body text ...
LARGEST = 3.0  # ... and not this much larger (lettering in a drawing)
SAME_TYPE = 1.05  # type sizes within this ratio are one type
SMALL_CAPITALS = 0.8  # a heading in capitals this much smaller than the body or more is in small capitals
SAME_RANK = 1.5  # headings in capitals up to this much larger than one another are of one rank
CHAPTER = 1.5  # a numbered heading this much larger than the body is a chapter's: its back matter is its own
HEADING_WORD_SHARE = 0.5  # more than this share of a section heading's words are made of letters
FULL_LINE_SLACK = 0.02  # a line within this share of a block's width of both its edges fills it
PROSE_WORDS = 13  # a paragraph has more words than a label (or is a whole sentence)
_RUNNING = re.compile(r"[a-z]{2}[.!?](\s|$)")  # a sentence's end: running text, not an address's lines
# A contents list's entry: its leader (one ellipsis in the page text: loaders/text/leaders.py)
# and its page number, in Arabic or Roman figures, end it.
_CONTENTS_ENTRY = re.compile(r"\u2026 ?(?:\d+|[ivxlcdm]+|[IVXLCDM]+)(?!\S)")
HEADING_LINE_GAP = 0.5  # a heading's lines lie closer than this share of their type size apart
_UNDER_PIECES = 3  # pieces of one paragraph (cut by column or page breaks) read under a heading


def names_its_section(text: str) -> bool:
    """A section every document names the same way: Contents, Abstract, References, ... (`_MATTER_NAMES`)."""
    return _MATTER_NAMES.match(clean(text)) is not None


def clean(text: str, limit: int = MAX_HEADING_CHARS) -> str:
    """A heading's text on one line, without trailing marks (footnote symbols, a colon)."""
    text = on_one_line(text)
    return text.rstrip(" :.*∗†‡§¶").strip()[:limit]


@dataclass(frozen=True, slots=True)
class _Entry:
    text: str
    level: int
    size: float
    run_in: bool = False  # an abstract set run-in: any heading ends it


def _level(text: str, size: float, stack: list[_Entry], body: float) -> int:
    """The heading's depth: from its numbering, or below the nearest heading set clearly larger.
    A section every document names the same way (`_MATTER_NAMES`) is no numbered section's
    part, nor another such section's, whatever its type: it lies under an unnumbered heading set
    larger than it and than the body (not a section's in capitals of the body's size, "DISCUSSION"
    over "REFERENCES" in small capitals), or a chapter's (a numbered one CHAPTER times the body's
    size), or at the top. A
    heading in small capitals measures smaller than the body (`body`) though it is no smaller in
    rank: it is of the level of the last numbered heading in capitals before it (their sizes
    tell nothing of their rank)."""
    if _MATTER_NAMES.match(text):
        larger = [e for e in stack if e.size >= LARGER * size > 0 and not _MATTER_NAMES.match(e.text)
                  and e.size >= (CHAPTER if _NUMBER.match(e.text) else LARGER) * body > 0]
        return larger[-1].level + 1 if larger else 1
    m = _NUMBER.match(text)
    if m:
        num = m.group("num").rstrip(".")
        romans = [e for e in stack if _ROMAN_SECTION.match(e.text)]
        if re.fullmatch(r"[A-Z]", num) and romans:
            if _roman(num) == _roman(romans[-1].text.split(".")[0]) + 1:
                return 1  # "V." after "IV.": the next section, not its subsection V
            return 2  # "A." under "II." (IEEE sections)
        return num.count(".") + 1
    if in_capitals(text) and size * SAME_TYPE < body:
        same_style = [e for e in _capitals_sections(stack) if e.size <= SAME_RANK * size]
        if same_style and size * SAME_TYPE < same_style[-1].size:
            return same_style[-1].level
    larger = [e for e in stack if e.size >= LARGER * size > 0]
    return larger[-1].level + 1 if larger else 1


def _roman(numeral: str) -> int:
    """The value of a Roman numeral of I, V and X (0 for anything else)."""
    values = {"I": 1, "V": 5, "X": 10}
    if not numeral or any(c not in values for c in numeral):
        return 0
    total = 0
    for c, nxt in zip(numeral, numeral[1:] + " "):
        v = values[c]
        total += -v if nxt in values and values[nxt] > v else v
    return total


def _wordy(text: str) -> bool:
    """Most of a heading's words (after its number) are words, not numbers or formulas: an
    axis's tick labels or a display equation the loader set apart is no section."""
    m = _NUMBER.match(text) or _CLAUSE_NUMBER.match(text)
    tokens = [t for t in (text[m.end():] if m else text).split() if any(c.isalnum() for c in t)]  # ("(" alone: none)
    return bool(tokens) and sum(bool(_ALL_LETTERS.match(t)) for t in tokens) > HEADING_WORD_SHARE * len(tokens)


def _is_prose(text: str) -> bool:
    """A paragraph, not a label: more words than a label has, or a whole sentence; or the entries
    of a contents list, each led to its page number (what "Contents" heads)."""
    words = len(text.split())
    return (words >= PROSE_WORDS or (words >= 4 and text.rstrip()[-1:] in ".!?")
            or len(_CONTENTS_ENTRY.findall(text)) >= 2)


def _strong_number(text: str, stack: list[_Entry], after_prose: bool) -> bool:
    """Numbered as a section is ("2.1 Data"). A lone capital before one word is too weak a
    number ("A. Yes" in a list) unless it is a Roman one before a word in capitals ("I.
    INTRODUCTION"), a paper's first Roman-numbered section after its first paragraph ("I.
    Introduction", in a small-capital font whose text is in lower case; not a byline's "I.
    Sutskever"), or a lettered subsection under a Roman-numbered section ("A. Data")."""
    if not _NUMBER.match(text):
        return False
    lone = _LONE_CAPITAL.match(text)
    if lone is None:
        return True
    letter, word = lone.groups()
    return ((letter in "IVX" and word.isupper()) or (letter == "I" and word.istitle() and after_prose)
            or (text[1:2] == "." and any(_ROMAN_SECTION.match(e.text) for e in stack)))


_LETTERS_UNPRECEDED = "E"  # a lettered heading up to this letter may open a section whose predecessor was missed


# A numbered heading set run-in, its paragraph's first words after its stop on its line ("2.1.1
# Exclusive Frequency Assignment. In exclusive frequency"): the stop after a word of three letters
# or more, then a capital's word and a word in lower case.
_RUN_IN_STOP = re.compile(r"(?<=[^\W\d_]{3})\.\s+(?=[A-Z][^\s.]*\s+[a-z])")


def _run_in_title(text: str) -> str:
    """A numbered heading's title without the paragraph it runs into ("4.2. Supervised vs.
    Unsupervised Learning" is a title whole)."""
    m = _NUMBER.match(text)
    cut = _RUN_IN_STOP.search(text, m.end()) if m else None
    return text[:cut.start()] if cut else text


def _number_of(text: str) -> str:
    """A heading's number without its stop ("3.6", "IV", "C"; "" for none)."""
    m = _NUMBER.match(text)
    return m.group("num").rstrip(".") if m else ""


def _letter(text: str) -> str | None:
    """A lettered heading's letter, with its stop ("C. Results"; not "C.1 Data", a Roman "V.", nor
    a title's "A Study of ...")."""
    m = _NUMBER.match(text)
    num = m.group("num") if m else ""
    return num[0] if len(num) == 2 and num[1] == "." and num[0] not in "IVX" else None


def _arabic(text: str) -> tuple[int, ...] | None:
    """A heading's number in figures as its parts ("3.6 Data" -> (3, 6)): they count up."""
    num = _number_of(text)
    return tuple(int(part) for part in num.split(".")) if num[:1].isdigit() else None


def _successors(number: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The numbers that count on from a section's: its first subsection, or the next section at
    its own or any outer level (2.3 -> 2.3.1, 2.4, 3)."""
    return {number + (1,)} | {number[:j] + (number[j] + 1,) for j in range(len(number))}


def _follows(number: tuple[int, ...], before: tuple[int, ...]) -> bool:
    """Whether a heading so numbered may come after the section numbered `before`: counting on
    from it, or past a heading or two the reading did not take for one (2.3 -> 2.5, 2.4.1, 4.1),
    or further on in its chapter (3.2.2 -> 3.6.6 in a book's sampled pages)."""
    if number in _successors(before) or (number > before and number[0] == before[0]):
        return True
    return any(number in _successors(n) for n in _successors(before))


def _out_of_sequence(text: str, stack: list[_Entry], next_number: tuple[int, ...] | None) -> bool:
    """A number that does not follow the section before it opens no section ("1.5 PFOA", a
    chart's label under "3.5 Effect of pH"; "12 Journal of Tests", a running head under "3.1"),
    unless the next numbered heading counts on from it: a list "1. 2. 3." inside the introduction
    is followed by "2 General Instructions", which "2.1" follows; another paper's "1 Introduction",
    which "2" or "1.1" follows. A decimal fraction ("0.5") opens none, outside a chapter 0; nor a
    letter past _LETTERS_UNPRECEDED before any lettered section."""
    letter = _letter(text)
    if letter is not None and letter > _LETTERS_UNPRECEDED:
        # A lettered heading far into the alphabet follows lettered sections: "M. Gaëtan Gagné,
        # conseiller municipal" in a list of those present is a title and a name ("F." after
        # "D." whose "E." the reading missed is a section).
        return not any(_letter(e.text) for e in stack)
    number = _arabic(text)
    if number is None:
        return False
    before = next((n for e in reversed(stack) if (n := _arabic(e.text)) is not None), None)
    if number[0] == 0 and len(number) > 1 and (before is None or before[0] != 0):
        return True
    if before is None or _follows(number, before):
        return False
    return next_number not in _successors(number)


def _not_parent(entry: _Entry, number: tuple[int, ...] | None) -> bool:
    """An entry that a heading leaves the path for: the run-in abstract, a section named as
    every document names it but an appendix ("Contents" is no parent of "3.1"), or a numbered
    section that a numbered heading is not under ("3 Models" is no parent of "4.1", whose own "4"
    the reading did not take for a section; nor "Chapter 1. ..." of "2.2")."""
    if entry.run_in or number is not None and _NO_PARENT.match(entry.text):
        return True
    own = _arabic(entry.text) or _chapter_number(entry.text)
    return number is not None and own is not None and number[:len(own)] != own


_CHAPTER = re.compile(r"^(?:chapter|chap\.|kapitel|chapitre|cap[ií]tulo|capitolo|hoofdstuk)\s+(\d{1,2})\b", re.I)


def _chapter_number(text: str) -> tuple[int, ...] | None:
    """A chapter's number where its heading names it ("Chapter 1. Securing ...": (1,)): "2.2"
    is no part of it."""
    m = _CHAPTER.match(text)
    return (int(m.group(1)),) if m else None


def _is_section_heading(piece: Piece, following: str | None, body: float, stack: list[_Entry],
                        next_number: tuple[int, ...] | None, after_prose: bool, next_text: str) -> bool:
    """`following`: the text under the heading, up to the next heading (None when a heading
    follows right away); `stack`: the sections it would open inside; `next_number`: the number
    of the next heading numbered in Arabic figures; `after_prose`: a paragraph came before it
    (a line of the title block, an author's name, set apart in the body's type heads nothing);
    `next_text`: the next piece's text."""
    text = clean(piece.text)
    if CLAUSE_SIGN.match(text) and len(text.split()) <= 2:
        # A statute's "§ 3" on a line of its own over its title: a section, if its title follows.
        return following is not None and _is_prose(following) and next_text[:1].isupper()
    if not _WORDS.search(text) or len(text.split()) > MAX_HEADING_WORDS or not _wordy(text):
        return False
    if CAPTION_LABEL.match(text) or not _NUMBER.match(text) and _NO_SECTION.search(text):
        return False
    if body > 0 and piece.size > LARGEST * body:
        return False
    if _out_of_sequence(text, stack, next_number):
        return False
    if _strong_number(text, stack, after_prose):
        return True
    # inner: told by its line alone; bold: by its face, after a paragraph or over a sentence (a
    # title block's names are set in bold too, over their addresses).
    larger = (body <= 0 or piece.size >= LARGER * body or piece.inner
              or piece.block.bold and (after_prose or following is not None and _RUNNING.search(following) is not None)
              or after_prose and _set_apart(piece.text, next_text)
              and (piece.size * SAME_TYPE >= body or _small_capitals(text, piece.size, body, stack))
              or _MATTER_NAMES.match(text) is not None and piece.text.strip().count("\n") <= 1)
    return larger and following is not None and _is_prose(following)


def _small_capitals(text: str, size: float, body: float, stack: list[_Entry]) -> bool:
    """A heading in small capitals, as the numbered sections before it are set: a label in
    capitals ("NOTE", "WARNING") in a document whose sections are not is no section."""
    return in_capitals(text) and size >= SMALL_CAPITALS * body and bool(_capitals_sections(stack))


def _capitals_sections(stack: list[_Entry]) -> list[_Entry]:
    """The numbered sections of the path set in capitals ("2 METHODS", "VI. CONCLUSION"): the
    rank a heading in small capitals takes."""
    return [e for e in stack if in_capitals(e.text) and _NUMBER.match(e.text)]


def _set_apart(text: str, next_text: str) -> bool:
    """The text of a heading the loader set apart on a line of its own may be a section's: not a
    run-in label or a list of terms ("Keywords: ...", "ACM proceedings, LaTeX"), not a figure's
    or a table's label, nor a line of a chart right over its caption (`next_text`: the next
    piece's)."""
    line = compounds_closed(text.strip())
    return ("\n" not in line and not any(c in line for c in ":,;") and not CAPTION_LABEL.match(line)
            and not CAPTION_LABEL.match(next_text.lstrip()))


def _next_heading_line(line: Piece, pieces: list[Piece], n: int) -> bool:
    """Piece `n` lies under the heading line `line` as its next line would: at its leading (their
    boxes closer than HEADING_LINE_GAP of its type size), or under a line that fills the measure of
    the text under them in its region, edge to edge, and so goes on (a font whose glyph boxes are
    far shorter than its type leaves wide gaps between lines)."""
    piece = pieces[n]
    if piece.size <= 0 or piece.block.box.y0 - line.block.box.y1 < HEADING_LINE_GAP * piece.size:
        return True
    under = next((p for p in pieces[n + 1:] if not p.heading and p.region == line.region), None)
    return under is not None and _full_line(line, under)


def _text_under(pieces: list[Piece], n: int, body: float, s: ChunkingSettings) -> str | None:
    """The paragraph under heading n (past the heading's own further lines on its page), whole
    where a column or page break cuts it after its first lines: its sentence goes on in lower
    case, in body type (a chart's labels in small type, an address over an abstract, are no
    paragraph going on); None when another heading follows first."""
    i = n + 1
    while i < len(pieces) and pieces[i].heading and pieces[i].page == pieces[n].page:
        i += 1
    if i == len(pieces) or pieces[i].heading:
        return None
    texts = [pieces[i].text]
    while (i + 1 < len(pieces) and len(texts) < _UNDER_PIECES and pieces[i + 1].region != pieces[i].region
           and not any(0 < q.size < s.smaller_type * body for q in pieces[i:i + 2])
           and pieces[i + 1].text[:1].islower() and continues(pieces[i], pieces[i + 1], s)):
        i += 1
        texts.append(pieces[i].text)
    return "\n".join(texts)


def demote_run_on_headings(pieces: list[Piece]) -> None:
    """A "heading" in the type of the text after it, whose sentence goes on there ("33 ORFs with
    homology to" / "components of ..."), is a line of text the loader took for a numbered one;
    so is a "heading" that opens in lower case where the sentence before it is still open
    ("... Räumen (Betten-" / "zimmern) sind ...")."""
    for piece, nxt in zip(pieces, pieces[1:]):
        open_before = not _SENTENCE_END.search(piece.text)
        if (piece.heading and not nxt.heading and nxt.text[:1].islower() and open_before
                and piece.size <= SAME_TYPE * nxt.size and not in_capitals(piece.text)):
            piece.heading = False  # (a heading's own next line, in its type, leaves it one)
        if (nxt.heading and nxt.text[:1].islower() and not piece.table
                and (ends_broken_at_hyphen(piece.text.rstrip()) or (open_before and piece.full_last_line))):
            nxt.heading = False
    # Lines of running text the loader set apart as headings (a body set larger than the page's
    # tables and notes): an unnumbered one-line "heading", open at its end, as wide as the text
    # in its type that follows it. From the end, so a run of such lines is undone whole.
    for piece, nxt in reversed(list(zip(pieces, pieces[1:]))):
        if (piece.heading and not nxt.heading and not nxt.table and _full_line(piece, nxt)
                and not _SENTENCE_END.search(piece.text) and not _NUMBER.match(clean(piece.text))
                and abs(piece.size - nxt.size) <= (SAME_TYPE - 1) * nxt.size):
            piece.heading = False


def _one_type(a: Piece, b: Piece) -> bool:
    """Two heading lines in one type: the same size, or both in capitals, where small capitals
    measure smaller than full ones ("APPENDIX A" / "ISKLEARN CONFIGURATION SPACE")."""
    if abs(a.size - b.size) <= 0.05 * b.size:
        return True
    return in_capitals(a.text) and in_capitals(b.text) and max(a.size, b.size) <= SAME_RANK * min(a.size, b.size)


def _full_line(piece: Piece, nxt: Piece) -> bool:
    """`piece` is one line that fills the measure of the text block after it (a piece cut out of
    a block has that block's width, not its line's: never)."""
    if piece.inner:
        return False
    a, b = piece.block.box, nxt.block.box
    slack = FULL_LINE_SLACK * b.width
    return "\n" not in piece.text.strip() and abs(a.x0 - b.x0) <= slack and a.x1 >= b.x1 - slack


def document_title(metadata: Mapping[str, Any], pieces: list[Piece]) -> str:
    """The PDF's own title when it gives one that is not a file name; else the largest heading
    among the first page's opening headings, when it is set larger than the body."""
    given = clean(str(metadata.get("title") or ""))
    if len(_WORDS.findall(given)) >= 2 and not _FILE_TITLE.search(given):
        return given
    body = body_size(pieces)
    opening: list[Piece] = []
    for p in pieces:
        if p.page != pieces[0].page or len(opening) >= 4:
            break
        if p.heading:
            opening.append(p)
    opening = [p for p in opening if _WORDS.search(p.text) and (body <= 0 or p.size >= LARGER * body)]
    if not opening:
        return ""
    first = max(opening, key=lambda p: p.size)
    # A title set on lines the loader gave as headings of their own, right one under the other
    # (a numbered heading in the title's type opens the first section).
    lines = [first.text]
    at = next(i for i, p in enumerate(pieces) if p is first)
    for p in pieces[at + 1:]:
        if (not p.heading or p.page != first.page or p.region != first.region
                or abs(p.size - first.size) > (SAME_TYPE - 1) * first.size or _SECTION_NUMBER.match(p.text)):
            break
        lines.append(p.text)
    return clean("\n".join(lines), MAX_TITLE_CHARS)


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _in_title(text: str, own: str, in_title: str) -> bool:
    """A heading that is the title, or lines of it: the title's own text may order its parts
    otherwise (the PDF's title "Kapitel 3: Wie kommen Sie ...", its first page "Wie kommen Sie
    ..." / "Kapitel 3")."""
    if own in in_title:
        return True
    lines = [_letters(line) for line in text.splitlines() if _WORDS.search(line)]
    return len(lines) > 1 and all(line in in_title for line in lines)


def assign_sections(pieces: list[Piece], title: str, s: ChunkingSettings | None = None) -> None:
    """Set every piece's section path from the section headings before it (a heading's own path
    ends with itself). Headings that make up the title open no section; a heading inside a
    sidebar (asides.py) heads the sidebar's text alone."""
    s = s or ChunkingSettings()
    body = body_size([p for p in pieces if not p.heading])
    in_title = _letters(title)
    stack: list[_Entry] = []
    opened = -2  # the piece that opened the innermost section (its heading's last line)
    heading_at = -2  # ...and its heading's first line
    next_numbers: list[tuple[int, ...] | None] = [None] * len(pieces)  # of the next numbered heading
    for n in range(len(pieces) - 2, -1, -1):
        after = pieces[n + 1]
        number = _arabic(clean(after.text)) if after.heading and _WORDS.search(after.text) else None
        next_numbers[n] = number if number is not None else next_numbers[n + 1]
    after_prose = False
    aside: tuple[int, int] | None = None  # the sidebar the pieces are in
    outside: list[_Entry] = []  # the sections open where it began
    for n, piece in enumerate(pieces):
        if piece.aside_box != aside:
            if aside is not None:  # a sidebar's headings head its text alone
                stack = outside
            outside, aside = list(stack), piece.aside_box
            opened = heading_at = -2  # (no heading runs on into or out of a sidebar)
        if not (piece.heading or piece.table) and _is_prose(piece.text):
            after_prose = True
        if piece.heading:
            following = _text_under(pieces, n, body, s)
            own = _letters(piece.text)
            prev = pieces[n - 1] if n else None
            if own and piece.page == pieces[0].page and _in_title(piece.text, own, in_title):
                pass  # a line of the title
            elif (opened == n - 1 and prev is not None and prev.region == piece.region
                  and _one_type(prev, piece) and not _NUMBER.match(clean(piece.text))
                  and len(stack[-1].text.split()) + len(piece.text.split()) <= MAX_HEADING_WORDS
                  and _next_heading_line(prev, pieces, n)):
                # The second line of a heading the loader set apart ("Development of" / "the Brain"),
                # not a line of text after it that the loader took for a heading too, nor a
                # heading of its own set apart by space ("Method" over "Participants").
                stack[-1] = _Entry(clean(stack[-1].text + "\n" + piece.text), stack[-1].level, stack[-1].size)
                for line in pieces[heading_at:n]:  # its lines before are in it too
                    line.section = SEPARATOR.join(e.text for e in stack)
                opened = n
            elif _is_section_heading(piece, following, body, stack, next_numbers[n], after_prose,
                                     pieces[n + 1].text if n + 1 < len(pieces) else ""):
                text = clean(piece.text)
                if not after_prose and piece.page == pieces[0].page and _MATTER_NAMES.match(text):
                    stack = []  # the title block's lines before the abstract ("Anonymous Author(s)") head none
                level = _level(text, piece.size, stack, body)
                number = _arabic(text)
                while stack and (stack[-1].level >= level or _not_parent(stack[-1], number)):
                    stack.pop()
                stack.append(_Entry(_run_in_title(text), level, piece.size))
                opened = heading_at = n
        elif (piece.page == pieces[0].page and not piece.table and (m := _RUN_IN_ABSTRACT.match(piece.text))
              and not any(_SECTION_NUMBER.match(e.text) for e in stack)):
            stack = [_Entry(m.group(1).capitalize(), 1, 0.0, run_in=True)]
        piece.section = SEPARATOR.join(e.text for e in stack)
