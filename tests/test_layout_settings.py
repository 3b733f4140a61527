"""LayoutSettings: every threshold documented in configs/default.yaml, and really passed down."""
from __future__ import annotations

import re
from dataclasses import fields

import pytest

from columnrag.ingest.settings import DEFAULT_CONFIG
from columnrag.loaders import LayoutSettings, Word, analyze_page
from columnrag.loaders.engine.geometry import HEADING, TEXT

from .boxes import PITCH, column, line_words, numbered_lines
from .test_layout import read, row_major

# "  name: value   # why" under `layout:` (the value may be a quoted string).
_DOCUMENTED = re.compile(r"^  (\w+):\s*\S.*?\s+#\s*\S")


def _layout_section(text: str) -> list[str]:
    """The lines of the `layout:` section, up to the next section."""
    lines = text.split("\nlayout:\n", 1)[1].splitlines()
    return lines[: next(i for i, x in enumerate(lines) if x and not x.startswith(" "))]


def test_every_layout_setting_is_documented_with_a_reason():
    documented = [m.group(1) for line in _layout_section(DEFAULT_CONFIG.read_text(encoding="utf-8"))
                  if (m := _DOCUMENTED.match(line))]
    names = [f.name for f in fields(LayoutSettings)]
    assert sorted(set(names) - set(documented)) == []  # a field without a line and a comment
    assert sorted(set(documented) - set(names)) == []  # a documented key that is no field
    assert len(documented) == len(set(documented))


def test_layout_settings_are_plain_scalars():
    """The config, environment and command line give strings and YAML scalars: each field must be
    a type they coerce to (no tuples or sets)."""
    defaults = LayoutSettings()
    odd = [f.name for f in fields(defaults) if type(getattr(defaults, f.name)) not in (int, float, bool, str)]
    assert odd == []


def _two_columns_apart(gap: float) -> list[Word]:
    left = column(numbered_lines("L", 8), 72, 100)  # lines of one width: the strip is `gap` wide
    right = column(numbered_lines("R", 8), max(w.x1 for w in left) + gap, 100)
    return row_major(left + right)


def test_min_gutter_decides_whether_a_strip_separates_columns():
    words = _two_columns_apart(10.0)
    by_columns = [w.text for w in sorted(words, key=lambda w: (w.text[0], w.seq))]
    assert read(words) == by_columns  # a 10 pt strip is a gutter by default (min_gutter 4)
    assert read(words, min_gutter=12.0) == [w.text for w in words]  # not with 12: read across rows


def test_title_max_words_decides_whether_a_lone_line_heads_a_paragraph():
    title = line_words("Results of the study", 72, 200)
    body = column(numbered_lines("P", 6, 8), 72, 200 + 2 * PITCH)

    def first_kind(**kw) -> str:
        return analyze_page(title + body, 612, 792, LayoutSettings(**kw)).blocks[0].kind

    assert first_kind() == HEADING
    assert first_kind(title_max_words=3) == TEXT


def test_touching_gap_decides_whether_pieces_are_one_word():
    words = line_words("kick off the match now", 72, 200)
    foot = Word(words[-1].x1 + 2.5, 200, words[-1].x1 + 22.5, 210, "foot", len(words))
    ball = Word(foot.x1 + 0.5, 200, foot.x1 + 20.5, 210, "ball", len(words) + 1)
    words += [foot, ball]
    assert read(words)[-2:] == ["foot", "ball"]  # 0.5 pt apart: two words by default (0.2)
    assert read(words, touching_gap=1.0)[-1] == "football"


@pytest.mark.parametrize("value", [1.0, 0.9])
def test_an_entry_spacing_of_one_or_less_is_refused(value):
    # Entries must lie further apart than the lines of a definition: at 1 or less, the rule that
    # reads a list of terms term by term could never tell a list.
    with pytest.raises(ValueError, match="entry_spacing must be more than 1"):
        LayoutSettings(entry_spacing=value)


def test_two_lines_in_capitals_set_apart_above_a_paragraph_head_it():
    # An appendix's label over its title, in the body's small capitals ("APPENDIX B" /
    # "SAMPLING CONFIGURATION SETUP"): no larger than the body, yet no prose is set so.
    def first_kind(lines: list[str]) -> str:
        head = column(lines, 72, 200)
        body = column(numbered_lines("P", 6, 8), 72, 200 + (len(lines) + 1) * PITCH)
        return analyze_page(head + body, 612, 792).blocks[0].kind

    assert first_kind(["APPENDIX B", "SAMPLING CONFIGURATION SETUP"]) == HEADING
    assert first_kind(["Appendix b", "sampling configuration setup"]) == TEXT  # lower case: two lines of text
    assert first_kind(["APPENDIX B", "THE SAMPLING", "CONFIGURATION SETUP"]) == TEXT  # three: a clause in capitals


def test_a_numbered_line_longer_than_a_title_set_apart_above_a_paragraph_heads_it():
    def first_kind(line: str) -> str:
        head = line_words(line, 72, 200)
        body = column(numbered_lines("P", 6, 8), 72, 200 + 2 * PITCH)
        return analyze_page(head + body, 612, 792).blocks[0].kind

    assert first_kind("B. Validating the model of retweet chain length distribution") == HEADING
    assert first_kind("Appendix B: Stability Against Errors in the Likelihood Function") == HEADING
    # A list's item whose sentence runs on into what follows, or one that ends as a sentence does.
    assert first_kind("1. Change the beginning of your document so that it reads as follows to") == TEXT
    assert first_kind("2. Remove the cover and unplug the cable from the board.") == TEXT
    # Longer than two titles: a paragraph's opening line.
    assert first_kind("3. " + " ".join(f"word{k}" for k in range(17))) == TEXT
    # A recipe's step set apart over the next step: an item of a list.
    head = line_words("3. Pour the mixture into the tin and bake until golden", 72, 200)
    step = column(["4. Leave it to cool for an hour before you turn it out", "onto a rack and slice it"], 72, 200 + 2 * PITCH)
    assert analyze_page(head + step, 612, 792).blocks[0].kind == TEXT
    # A heading over a paragraph that opens with a figure heads it.
    head = line_words("3.2 Participants and recruitment procedures across both clinical sites", 72, 200)
    text = column(["25 patients were enrolled at the first site and twenty", "at the second site over a year"],
                  72, 200 + 2 * PITCH)
    assert analyze_page(head + text, 612, 792).blocks[0].kind == HEADING
