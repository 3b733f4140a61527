"""Words a PDF draws in pieces are made whole again, and nothing else is joined."""
from __future__ import annotations

from columnrag.loaders import LayoutSettings, Word
from columnrag.loaders.engine.word_pieces import joined_pieces

from .boxes import CHAR_W, HEIGHT, line_words

S = LayoutSettings()


def drawn_in_pieces(parts: list[str], x: float, y: float, seqs: list[int], height: float = HEIGHT) -> list[Word]:
    """One word's pieces side by side, touching, each drawn at its own place in the drawing."""
    out = []
    for part, seq in zip(parts, seqs):
        out.append(Word(x, y, x + CHAR_W * len(part), y + height, part, seq))
        x += CHAR_W * len(part)
    return out


def test_pieces_drawn_touching_on_one_line_are_one_word_with_their_union_box():
    words = line_words("Nodes", 72, 100) + drawn_in_pieces(["{", "2", ",", "500", "}"], 120, 100, [5, 1, 4, 2, 3])
    joined = joined_pieces(words, None, S)
    assert [w.text for w in joined] == ["Nodes", "{2,500}"]
    braces = joined[1]
    assert (braces.x0, braces.y0, braces.x1, braces.y1) == (120, 100, 120 + 7 * CHAR_W, 100 + HEIGHT)


def test_words_a_space_apart_and_pieces_on_other_lines_stay_apart():
    words = line_words("kick off the match", 72, 100)
    below = Word(words[0].x1, 100 + HEIGHT + 2, words[0].x1 + 20, 100 + 2 * HEIGHT + 2, "foot", len(words))
    assert joined_pieces(words + [below], None, S) == words + [below]


def test_a_subscript_joins_its_letter_but_a_raised_mark_and_a_drop_cap_do_not():
    n = Word(72, 100, 72 + CHAR_W, 110, "N", 0)
    sub = Word(n.x1, 103, n.x1 + 40, 110.5, "estimators", 1)  # smaller, lowered
    assert [w.text for w in joined_pieces([n, sub], None, S)] == ["Nestimators"]
    word = Word(72, 100, 112, 110, "Astrophysics", 0)
    mark = Word(word.x1, 97, word.x1 + 4, 104, "a", 1)  # smaller, raised: a note's mark
    assert [w.text for w in joined_pieces([word, mark], None, S)] == ["Astrophysics", "a"]
    cap = Word(72, 100, 100, 134, "T", 0)  # three lines high
    rest = Word(cap.x1, 100, cap.x1 + 15, 110, "he", 1)
    assert [w.text for w in joined_pieces([cap, rest], None, S)] == ["T", "he"]


def test_a_page_of_right_to_left_text_keeps_its_pieces_for_its_reading():
    # A numbered heading "2. שיטות" set right to left: "." drawn left of "2", touching it; joined
    # left to right it would read ".2". The text layer reads such pieces in the line's order.
    words = drawn_in_pieces([".", "2"], 100, 100, [1, 0]) + [Word(60, 100, 95, 110, "שיטות", 2)]
    assert joined_pieces(words, None, S) == words


def test_every_word_keeps_its_place_in_the_drawing_order():
    # "alpha" (drawn 3rd), "be"+"ta" (drawn 1st and 4th), "gamma" (drawn 2nd): the joined word
    # takes its first piece's place; the order is numbered again from 0.
    alpha = Word(72, 100, 97, 110, "alpha", 2)
    beta = drawn_in_pieces(["be", "ta"], 100, 100, [0, 3])
    gamma = Word(130, 100, 155, 110, "gamma", 1)
    joined = joined_pieces([alpha, *beta, gamma], None, S)
    assert [(w.text, w.seq) for w in sorted(joined, key=lambda w: w.seq)] == [("beta", 0), ("gamma", 1), ("alpha", 2)]


def test_only_a_drawn_line_s_first_word_is_asked_whether_it_is_a_piece():
    # Given the text lines as drawn, a piece is a line's first word after another line's last
    # word: "{" "2," "500}" drawn as three lines join; the same words given as one drawn line do
    # not (the line's own words are a space apart, as MuPDF parts them).
    words = drawn_in_pieces(["{", "2,", "500}"], 120, 100, [0, 1, 2])
    assert [w.text for w in joined_pieces(words, [0, 1, 2], S)] == ["{2,500}"]
    assert joined_pieces(words, [0], S) == words


def test_line_numbers_and_a_big_bracket_s_pieces_stay_apart_from_the_words_they_touch():
    # REVTeX's preprint sets each line's number in small type right at the column's edge; a big
    # brace is drawn as pieces stacked over the lines it encloses, each touching a line's word.
    # Down the edge, every fifth line: "265", "270", "275", each touching its line's last word.
    lines = [Word(299.1 - 30 - 5 * k, 205.4 + 30 * k, 299.1, 214.3 + 30 * k, f"effects{k}.", 2 * k) for k in range(3)]
    numbers = [Word(299.1, 210.3 + 30 * k, 307.1, 215.8 + 30 * k, str(265 + 5 * k), 2 * k + 1) for k in range(3)]
    assert sorted(w.text for w in joined_pieces(lines + numbers, None, S)) == sorted(
        [w.text for w in lines + numbers])
    # One such number alone, its foot below the word's, is a subscript's ("log" "10").
    assert [w.text for w in joined_pieces([lines[0], numbers[0]], None, S)] == ["effects0.265"]
    brace = Word(135, 143, 140, 154, "⎧", 0)
    some = Word(brace.x1, 145, brace.x1 + 25, 154, "some", 1)
    assert [w.text for w in joined_pieces([brace, some], None, S)] == ["⎧", "some"]


def test_a_subscript_number_joins_its_letter():
    mu = Word(72, 100, 78, 110, "µ", 0)
    one = Word(mu.x1, 104, mu.x1 + 4, 111.5, "1", 1)  # smaller, its foot below the letter's
    assert [w.text for w in joined_pieces([mu, one], None, S)] == ["µ1"]


def test_a_logo_s_smaller_capital_kerned_into_its_neighbours_joins_both():
    # LaTeX's logo as a redrawn page gives it: "L", a raised smaller "A" drawn 3.9 points back
    # into it, then "TEX2e" 1.6 points into the "A" (more than a kern between two pieces of type
    # of one size). Joining "L" and "TEX2e" over the "A" would read "LTEX2e A".
    logo = [Word(141.7, 359.5, 148.4, 374.0, "L", 0), Word(144.5, 360.6, 150.2, 371.2, "A", 1),
            Word(148.6, 359.5, 176.9, 374.0, "TEX2e", 2)]
    joined = joined_pieces(logo, None, S)
    assert [w.text for w in joined] == ["LATEX2e"]
    # A raised smaller capital after a word, not kerned into it, is a note's mark.
    word = Word(72, 100, 112, 114.5, "NASA", 0)
    mark = Word(word.x1, 98, word.x1 + 6, 108.5, "A", 1)
    assert [w.text for w in joined_pieces([word, mark], None, S)] == ["NASA", "A"]
    # A superscript capital kerned into a capital rises over it: an exponent, no logo's piece.
    x = Word(72, 100, 80, 110, "X", 0)
    sup = Word(79.7, 98, 84, 105, "T", 1)
    assert [w.text for w in joined_pieces([x, sup], None, S)] == ["X", "T"]
