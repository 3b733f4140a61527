"""Text fidelity rules on generated pages and strings: line-end hyphens, footnote marks, lost
ligatures and words glued to mathematical letters."""
from __future__ import annotations

from dataclasses import replace

from columnrag.loaders import LayoutSettings, Word, analyze_page
from columnrag.loaders.engine.furniture import mark_furniture
from columnrag.loaders.text.hyphens import HyphenContext, join_at_hyphen
from columnrag.loaders.text.lexicon import known_words, page_language
from columnrag.loaders.text.ligatures import mend_words
from columnrag.loaders.text.render import normalize, page_text

from .boxes import column, line_words, reseq, small_line


def text_of(words: list[Word]) -> str:
    layout = analyze_page(reseq(words), 612, 792)
    mark_furniture([layout])
    return page_text(layout, LayoutSettings())[0]


def read(words: list[Word]) -> list[str]:
    return text_of(words).split()


def _ctx(*page_words: str) -> HyphenContext:
    words = frozenset(page_words)
    return HyphenContext(known_words(), words, frozenset(w for w in words if "-" in w))


def test_a_hyphen_after_a_digit_is_the_writers_own():
    # Hyphenation breaks words between letters: after a digit the hyphen is a range, a name's.
    lines = ["read pages 114-", "133 of it, get acl17-", "latex.zip and note a 2-", "to 3-year spurt"]
    assert read(column(lines, 72, 100)) == [
        "read", "pages", "114-133", "of", "it,", "get", "acl17-latex.zip", "and", "note", "a", "2-",
        "to", "3-year", "spurt"]


def test_a_compound_broken_at_its_own_hyphen_keeps_the_line_break_as_printed():
    # Readers close such a break or keep it by their own convention; a hyphen that is no
    # hyphenation point (before a digit, inside a chain) is never closed: its line break goes.
    text = text_of(column(["we ran mk-", "temp in a coal-", "based plant for ACL-", "2008 and not-a-",
                           "number of other runs that we had set up for it"], 72, 100))
    assert "ran mk-\ntemp in a coal-\nbased plant" in text
    assert "for ACL-2008 and not-a-number of" in text
    # The parts are words, mended each: a compound that lost a ligature ("le-" for "file-").
    text = text_of(column(["we use our ne-", "grained model and our le-", "based store for the data that we"
                                                                            " had"], 72, 100))
    assert "our fine-\ngrained model and our file-\nbased store" in text
    # ...whichever hyphen the text layer gives (U+2010, as some fonts' maps do), at a line's end
    # or inside it.
    text = text_of(column(["we use our ne\u2010", "grained model and our old\u2010le store for the data that"
                                                   " we had"], 72, 100))
    assert "our fine\u2010\ngrained model and our old\u2010file store" in text
    # An address's own hyphen, on either side of the break.
    ctx = _ctx()
    assert join_at_hyphen("at https://example.org/data-", "sets/index.html", ctx) == \
        "at https://example.org/data-sets/index.html"
    assert join_at_hyphen("write to first-", "last@example.org now", ctx) == "write to first-last@example.org now"


def test_a_first_part_the_page_writes_alone_makes_a_compound_of_a_listed_word():
    # "configurator" is no word of the list, but the page writes it on its own: "configurator-" +
    # "based" is a compound, kept as printed, not "configuratorbased".
    assert join_at_hyphen("of configurator-", "based tools", _ctx("configurator", "of")) is None
    assert join_at_hyphen("of configurator-", "based tools", _ctx("of")) == "of configuratorbased tools"
    # A syllable the page also writes as a word is no such part ("Has-" + "selt" aside, "mini-" +
    # "mising"), nor is a short listed word after it ("writeframes-" + "raw").
    assert join_at_hyphen("studies, mini-", "mising the", _ctx("mini")) == "studies, minimising the"
    assert join_at_hyphen("or writeframes-", "raw.", _ctx("writeframes")) == "or writeframesraw."
    # A name the page writes alone is no such part: "Linde-" + "mann" is hyphenated so.
    assert join_at_hyphen("by Linde-", "mann and", _ctx("linde")) == "by Lindemann and"


def test_a_compound_the_page_writes_with_u2010_is_one_the_page_writes():
    # "re-cover" (to cover again) written on the page keeps its hyphen at a line end, whichever
    # hyphen the text layer gives; where the page does not write it, "recover" is a word.
    for hyphen in ("-", "\u2010"):
        ctx = HyphenContext.of(known_words(), frozenset({f"re{hyphen}cover", "the", "seats"}))
        assert join_at_hyphen(f"we re{hyphen}", "cover the seats", ctx) is None  # kept as printed
    assert join_at_hyphen("we re\u2010", "cover the seats", HyphenContext.of(known_words(), frozenset())) == \
        "we recover the seats"


def test_an_unreadable_list_marker_reads_as_a_bullet_and_nothing_else_does():
    # A dingbat font's bullet or check box without a character (U+FFFD) at a line's start.
    assert normalize("\ufffd They work in parallel") == "\u2022 They work in parallel"
    assert normalize("\ufffd\ufffdDatabase performance") == "\u2022 Database performance"
    assert normalize("\ufffd \u2610There is no limit") == "\u2022 \u2610There is no limit"
    # One glyph glued to letters is a lost ligature; before a digit, a lost minus; inside a line,
    # whatever it was.
    for text in ("\ufffdnancial data", "\ufffd0.40 to 18.66", "\ufffd 2.37 to 6.85", "a \ufffd b",
                 "\ufffd = x + y", "\ufffd (2.37)", "\ufffd \u22120.40", "\ufffd\ufffd\ufffd \ufffd\ufffd"):
        assert normalize(text) == text


def test_a_heading_or_caption_on_one_line_keeps_a_compound_broken_at_its_hyphen_whole():
    from columnrag.chunking.sections import _set_apart, clean
    from columnrag.loaders.text.hyphens import on_one_line

    assert clean("3 Model-\nbased Reinforcement\nLearning:") == "3 Model-based Reinforcement Learning"
    assert _set_apart("Model-\nbased Learning", "")  # one line, as printed broken at its hyphen
    assert not _set_apart("Model\nbased Learning", "")
    assert on_one_line("Table 2: coal-\nbased plants") == "Table 2: coal-based plants"
    # A suspended hyphen keeps its space; a paragraph break is no line end inside a word.
    assert on_one_line("age- and\nsex-independent") == "age- and sex-independent"
    assert on_one_line("item 2-\n\n3 next") == "item 2- 3 next"


def test_a_hyphen_before_a_capital_stays_unless_the_closed_word_is_a_word():
    ctx = _ctx()
    assert join_at_hyphen("on US-", "Letter paper", ctx) == "on US-Letter paper"  # an acronym's
    assert join_at_hyphen("double Q-", "Learning is", ctx) == "double Q-Learning is"
    assert join_at_hyphen("in non-", "English", ctx) == "in non-English"
    assert join_at_hyphen("written in Java-", "Script", ctx) == "written in JavaScript"  # camel case
    # After a single letter or an acronym: no hyphenation point, unless the closed word is a word.
    assert join_at_hyphen("the C-", "nodes of", ctx) == "the C-nodes of"
    assert join_at_hyphen("an ACL-", "related task", ctx) == "an ACL-related task"
    assert join_at_hyphen("by e-", "mail", _ctx("email")) == "by email"
    assert join_at_hyphen("CRANIOSYNOS-", "TOSIS", ctx) == "CRANIOSYNOSTOSIS"  # a word in capitals
    # A chain's last word broken where it is no compound ("users" is a word, "anumber" none).
    assert join_at_hyphen("for end-us-", "ers of it", ctx) == "for end-users of it"
    assert join_at_hyphen("a self-con-", "tained one", ctx) == "a self-contained one"
    assert join_at_hyphen("is not-a-", "number", ctx) == "is not-a-number"
    assert join_at_hyphen("the state-of-the-", "art", ctx) == "the state-of-the-art"
    # Across blocks the page's own "C-nodes" backs the decision.
    assert join_at_hyphen("the C-", "nodes of", _ctx("c-nodes"), sure_only=True) == "the C-nodes of"
    # Two capitalised words: a name or a title, written both ways; the break stays as drawn.
    assert join_at_hyphen("by Jing-", "Shin Chang", ctx) is None
    # Across blocks only a decision the word list or the page backs is taken.
    assert join_at_hyphen("the non-", "archival", ctx, sure_only=True) is None
    assert join_at_hyphen("the non-", "archival", _ctx("non-archival"), sure_only=True) == "the non-archival"
    assert join_at_hyphen("the recog-", "nition", ctx, sure_only=True) == "the recognition"
    assert join_at_hyphen("pages 114-", "133", ctx, sure_only=True) is None


def test_a_german_page_closes_up_two_words_broken_at_a_hyphen():
    # German writes compounds as one word: two words of the list broken at a line end are one
    # word the list lacks ("Bettenzimmern"), where English keeps a compound's hyphen ("coal-based").
    german = ["Die Anforderungen an die Räume der Klinik sind in der Norm für alle",
              "Bereiche und Räume festgelegt, die von den Patienten und Betten-",
              "zimmern aus genutzt werden. Das ist auch bei den Fluren der Fall,",
              "die nicht zu den Räumen mit einer Anforderung an den Schallschutz gehören."]
    assert page_language(" ".join(german).split(), LayoutSettings()) == "de"
    assert "Bettenzimmern" in read(column(german, 72, 100))
    assert "a coal-\nbased one" in text_of(column(["the plant is a coal-", "based one, and it is not the only"
                                                    " one that is there at all"], 72, 100))
    both = {"betten": 1, "zimmern": 1}
    english = HyphenContext(both, frozenset(), frozenset())
    assert join_at_hyphen("den Betten-", "zimmern aus", english) is None  # a compound: the break stays
    closed = HyphenContext(both, frozenset(), frozenset(), closed_compounds="de")
    assert join_at_hyphen("den Betten-", "zimmern aus", closed) == "den Bettenzimmern aus"
    # A compound the page writes with its hyphen keeps it, in German too.
    written = HyphenContext(both, frozenset({"betten-zimmern"}), frozenset({"betten-zimmern"}), "de")
    assert join_at_hyphen("den Betten-", "zimmern aus", written) is None
    # German closes up nouns, not adjectives paired by a hyphen, nor a short part ("ad hoc");
    # Dutch closes up unless two vowels would meet; "und"/"of" after a hyphen suspend it.
    words = {"betten": 1, "zimmern": 1, "deutsch": 1, "französischen": 1, "ad": 1, "hoc": 1,
             "politie": 1, "inzet": 1, "ziekenhuis": 1, "bed": 1, "voor": 1, "nadeel": 1}
    german_ctx = HyphenContext(words, frozenset(), frozenset(), "de")
    dutch_ctx = HyphenContext(words, frozenset(), frozenset(), "nl")
    assert join_at_hyphen("die deutsch-", "französischen Texte", german_ctx) is None
    assert join_at_hyphen("ein Ad-", "hoc Ansatz", german_ctx) is None
    assert join_at_hyphen("de politie-", "inzet was", dutch_ctx) is None
    assert join_at_hyphen("het ziekenhuis-", "bed is", dutch_ctx) == "het ziekenhuisbed is"
    assert join_at_hyphen("het voor-", "of nadeel", dutch_ctx) == "het voor- of nadeel"


def _two_columns(left_last: str, right_first: str) -> list[Word]:
    """An English page (the word list is English) whose left column ends with `left_last`."""
    prose = ["it is one of the things that we saw in the set", "and they were all there when we had a",
             "look at them in the light of what is known", "from the work of others who have been at it",
             "for a long time, so that it was not hard to", "see why it is so: there is more to it than",
             "what we had in mind at first, but not by much"]
    left = column(prose + [left_last], 72, 100)
    right = column([right_first] + prose, 320, 100)
    return left + right


def test_a_word_broken_at_the_end_of_a_column_is_made_whole_where_it_is_sure():
    text = text_of(_two_columns("and this is why the recog-", "nition rate of the set is high"))
    assert "why the recognition\nrate of" in text
    # "as-" + "journal": both words, nothing on the page joins them; the next block may not continue
    # this one (a sidebar read between): the hyphen and the line break are left as drawn.
    text = text_of(_two_columns("and this is what is used in as-", "journal instructions to the authors"))
    assert "used in as-\njournal instructions" in text
    # A compound the page writes goes whole to the first block: the chunks close a sentence's
    # pieces up across a column break, which would read "nonarchival".
    text = text_of(_two_columns("and a non-archival copy is kept in a non-", "archival store of the set"))
    assert "in a non-archival\nstore of" in text


def _raised(words: list[Word], texts: set[str], by: float = 1.0) -> list[Word]:
    return [Word(w.x0, w.y0 - by, w.x1, w.y1, w.text, w.seq) if w.text in texts else w for w in words]


def test_a_section_number_after_a_roman_one_is_no_footnote_mark():
    # cvatx_041's "II.5 COMMUNICATION ENTRE LES PARTIES": the number in the heading's larger type
    # stands above the small capitals after it, as a word with a mark glued on does; "II" is a
    # word of the list, but "II.5" is the section's number, not "II." and a mark.
    words = line_words("II.5 COMMUNICATION ENTRE LES PARTIES DU CONTRAT ICI", 72, 100)
    words += line_words("and the proceedings1, in this line of the text", 72, 112, len(words))
    text = read(_raised(words, {"II.5", "proceedings1,"}))
    assert text[0] == "II.5" and "proceedings," in text


def test_ordinals_and_powers_of_units_are_no_footnote_marks():
    # A raised "th" or exponent lifts the whole word's box, as a mark does.
    words = line_words("In Proceedings of the 54th Annual Meeting", 72, 100)
    words += line_words("a column of 6 cm3 was used, read the proceedings1, and this", 72, 112, len(words))
    text = read(_raised(words, {"54th", "cm3", "proceedings1,"}))
    assert "54th" in text and "cm3" in text
    assert "proceedings," in text  # a mark between a word and its comma is still a mark


def test_a_mark_raised_between_a_word_and_its_closing_bracket_and_stop_is_a_mark():
    # "(LR3)." (cec2021): the mark sits between the word and a bracket closed by a stop; a unit's
    # power stays there as it stays before a comma, and so does a year cut short after an
    # apostrophe ("(BroadNets’04).", raised by its quote's glyph in acmart's references).
    words = line_words("and logistic regression (LR3). These are the ones we used", 72, 100)
    words += line_words("in a column (6 cm3). Then the stop (see Smith2), which is fine", 72, 112, len(words))
    words += line_words("in Networks (BroadNets’04). IEEE and then (ICML'99), in the end", 72, 124, len(words))
    text = read(_raised(words, {"(LR3).", "cm3).", "Smith2),", "(BroadNets’04).", "(ICML'99),"}))
    assert "(LR)." in text and "Smith)," in text and "cm3)." in text
    assert "(BroadNets’04)." in text and "(ICML'99)," in text


def _pieces(text: str, x: float, y: float) -> list[Word]:
    """A line whose words are drawn in pieces ("|" between them, touching; "^" before a piece
    set raised in smaller type, as a footnote's mark), in reverse drawing order."""
    out: list[Word] = []
    for token in text.split():
        for piece in token.split("|"):
            raised = piece.startswith("^")
            piece = piece.lstrip("^")
            w = 6.0 * len(piece) * (0.7 if raised else 1)
            out.append(Word(x, y - 2 if raised else y, x + w, y + 7 if raised else y + 10, piece))
            x += w
        x += 3.0
    return [replace(w, seq=len(out) - i) for i, w in enumerate(out)]


def test_a_mark_drawn_apart_between_a_word_and_its_punctuation_leaves_no_space_behind():
    # Drawn piece by piece in no order (a scrambled twin, an OCR layer): "(LR" "3" ")." and
    # "operands" "1" "," are pieces apart, touching; the mark goes, and the punctuation stays on
    # its word. A mark before a spaced word leaves that space.
    # A year cut short and a unit's power drawn apart are no marks.
    words = _pieces("and logistic regression (LR|^3|). These are the operands|^1|, and then|^2 more", 72, 100)
    words += _pieces("of the text on a line that goes on here and there for some time now", 72, 112)
    words += _pieces("in (BroadNets’|^04|). and a room of 6 cm|^3 in size, all for now", 72, 124)
    text = read(words)
    assert text[:9] == ["and", "logistic", "regression", "(LR).", "These", "are", "the", "operands,", "and"]
    assert text[9:11] == ["then", "more"]
    assert "(BroadNets’04)." in text and "cm3" in text


def test_a_mark_raised_on_a_paragraph_s_short_last_line_is_a_mark_but_a_legend_s_power_stays():
    # A paragraph run out on one word with its mark ("documentation5.", "line.2"): the line alone
    # cannot show the mark raised, the paragraph's full lines can. A chart's legend of short
    # lines, one of three words, keeps its power ("ME bias2": no sentence ends there).
    prose = ["for full guidance on their use, consult the natbib", "documentation5.",
             "If a reference has several authors, natbib will use", "the first of them and then the",
             "line.2"]
    # A subscript lowers a word's foot, not its top: "CO2." stays. A list's last item set a little
    # closer than the items before lifts its foot too: nothing on it is raised ("Python3.").
    words = column(prose, 72, 100)
    gas = column(["the plant cut its yearly emissions of", "carbon dioxide, the gas known as", "CO2."], 72, 300)
    gas = [Word(w.x0, w.y0, w.x1, w.y1 + 1.5, w.text, w.seq) if w.text == "CO2." else w for w in gas]
    legend = column(["the errors of the estimators we show", "in the chart below, with their", "ME bias2"], 340, 400)
    items = [line_words(t, 340, 100 + 14 * k) for k, t in enumerate(
        ["• We propose a new method for ranking the documents", "• We show that it beats all the baselines",
         "• The whole pipeline runs on one machine written"])]
    items.append(line_words("with Python3.", 340, 100 + 14 * 2 + 12))
    text = text_of(_raised(words, {"documentation5.", "line.2"}) + gas + _raised(legend, {"bias2"})
                   + [w for line in items for w in line])
    assert "natbib\ndocumentation.\nIf" in text and "the\nline." in text
    assert "ME bias2" in text and "known as\nCO2." in text and "with Python3." in text


def test_a_two_line_paragraph_s_mark_is_measured_at_the_page_s_line_pitch():
    # naaclhlt2019_word: "Footnotes should be separated from the text by a" / "line.2". Two
    # lines give no pitch of their own; the page's paragraphs do. A note of two lines in smaller
    # type, set closer, stands above that place foot and all: nothing on it is raised, and its
    # "release3." stays.
    body = column(["The shared task was run on the data of the year", "and every team sent one system at most,",
                   "which the organisers scored on the test set."], 72, 100)
    short = column(["Footnotes should be separated from the text by a", "line.2"], 72, 200)
    size, pitch = 7.0, 8.4
    note = [w for j, t in enumerate(["the data of the task are kept in the archive of the", "release3."])
            for w in small_line(t, 72, 300 + j * pitch, size)]
    text = text_of(body + _raised(short, {"line.2"}) + note)
    assert "text by a\nline.\n" in text + "\n"
    assert "release3." in text


def test_a_range_of_references_and_a_number_of_three_digits_raised_after_a_word_are_marks():
    # Nature-style citations: "discovery6–10" (a range), "example161" (reference 16 against a
    # footnote's 1), "computing4,5"; a range or number on the baseline is the text's own.
    words = line_words("spanning from quantum computing4,5 to drug discovery6–10 to materials", 72, 100)
    words += line_words("structure for example161 and so on, see pages 12–15 and COVID-19 cases", 72, 112, len(words))
    text = read(_raised(words, {"computing4,5", "discovery6–10", "example161"}))
    assert text[3:7] == ["computing", "to", "drug", "discovery"] and "example" in text and "example161" not in text
    assert "12–15" in text and "COVID-19" in text
    # After a name of letters and digits or a word the word list lacks, a raised range or number
    # of three digits is the text's own: a user's "aprilF241", a Chinese comment's "为7-1".
    words = line_words("the users imke jean fritz wespa aprilF241 and then more of them here", 72, 100)
    words += line_words("% 使子图引用为7-1 a) 的格式 and some words of a comment", 72, 112, len(words))
    text = read(_raised(words, {"aprilF241", "使子图引用为7-1"}))
    assert "aprilF241" in text and "使子图引用为7-1" in text


def test_a_footnote_number_drawn_apart_with_its_foot_raised_is_a_mark_though_its_top_is_not():
    # A font whose boxes stand tall over its letters (the twin of cvatx_035): the mark "1" after
    # "EFTA" is drawn as a word of its own, smaller, its foot 5 points up, but its box's top a
    # little below the line's. It is the footnote's mark all the same; "x" "2" stays (a power).
    words = line_words("The EFTA Member States and the EU Institutions agree that x is", 72, 100)
    words = [Word(w.x0, w.y0 - 2.3, w.x1, w.y1 + 2.4, w.text, w.seq) for w in words]  # boxes 14.7 tall
    efta, x = words[1], words[-2]
    marks = [Word(efta.x1 - 0.1, efta.y0 + 0.3, efta.x1 + 3.8, efta.y1 - 5.1, "1"),
             Word(x.x1 - 0.1, x.y0 + 0.3, x.x1 + 3.8, x.y1 - 5.1, "2")]
    text = read(sorted(words + marks, key=lambda w: w.x0))
    assert text[1:3] == ["EFTA", "Member"] and "1" not in text and "EFTA1" not in text
    assert "x2" in text or "2" in text


def test_an_author_s_affiliation_numbers_and_symbols_are_footnote_marks():
    # "Smith1,2", "Smith1⋆†", "Alice1,∗", "Trovato‡": raised, after a name, they are marks, and
    # so is "1,2" drawn as a word of its own; the keyboard's asterisk is text (LaTeX's
    # "figure*"), a star after one letter is maths ("a∗") and after capitals a name ("BIT∗").
    words = line_words("Keith Smith1⋆† and Ben Trovato‡ and Ana Egea1,2 (MIT)", 72, 100)
    words += line_words("with Alice1,∗ and Jo Lee", 72, 112, len(words))
    lee = words[-1]
    words.append(Word(lee.x1 + 0.2, lee.y0 - 1, lee.x1 + 12, lee.y1 - 3, "1,2", len(words)))
    words += line_words("the best action a∗ is found by BIT∗, see figure* here", 72, 124, len(words))
    # REVTeX's "Granade2, 3": the list goes on after the comma's space, drawn as a word apart.
    words += line_words("Nathan Wiebe and Chris Granade2,", 72, 136, len(words))
    last = words[-1]
    words.append(Word(last.x1 + 1.3, last.y0 - 1, last.x1 + 5.3, last.y1 - 3, "3", len(words)))
    # A line of two words is searched for symbols only: a raised digit there is as likely an
    # exponent (a chart's legend: "ME bias2").
    words += line_words("Lars Thørväld§", 72, 160, len(words)) + line_words("ME bias2", 72, 200, len(words) + 2)
    text = read(_raised(words, {"Smith1⋆†", "Trovato‡", "Egea1,2", "Alice1,∗", "a∗", "BIT∗,", "figure*",
                                "Thørväld§", "bias2", "Granade2,"}))
    assert {"Smith", "Trovato", "Egea", "Alice", "Lee", "Thørväld"} <= set(text) and "1,2" not in text
    assert "Chris Granade\n" in text_of(_raised(words, {"Granade2,"}))
    assert {"a∗", "BIT∗,", "figure*", "bias2"} <= set(text)


def test_ligature_stand_ins_at_a_words_edges_and_in_closed_compounds():
    lexicon, s = known_words(), LayoutSettings()
    assert mend_words('the "lename, over"tting on the $ip side; the sta# said', lexicon, s) == (
        "the filename, overfitting on the flip side; the staff said")
    # A quoted word, a sign before a capital, a letter and a sign: as written.
    assert mend_words('a "led" string, the %D line, in C# and e$', lexicon, s) == (
        'a "led" string, the %D line, in C# and e$')
    # A word only the model vocabulary knows ("lings") is no quoted word: "filings".
    assert mend_words('SEC "lings.', lexicon, s) == "SEC filings."


def test_a_capitalised_name_or_a_prefixed_word_lost_no_ligature_before_it():
    # "fi" + "shamir" reads as "fish" + "amir", "fi" + "resampling" as "fire" + "sampling": two
    # listed words, but a ligature glyph is lower case and "re" + "sampling" is a word as written.
    lexicon, s = known_words(), LayoutSettings()
    assert mend_words("by A. Shamir, the Resampling kernel, the resampling and reweighting steps", lexicon, s) == (
        "by A. Shamir, the Resampling kernel, the resampling and reweighting steps")
    # A lost ligature is still mended, in a listed word and in a closed compound.
    assert mend_words("the rst lename", lexicon, s) == "the first filename"


def test_the_tail_of_a_broken_word_is_not_mended_as_a_word_of_its_own():
    # "nal" alone would be "final" (a lost fi); joined to "sig-" it is "signal".
    assert read(column(["the rst sig-", "nal of the le came"], 72, 100)) == [
        "the", "first", "signal", "of", "the", "file", "came"]
    # "puter" alone would be "putter" (a lost tt); joined to "com-" it is "computer".
    lost_tt = ["Please check the formating of the leter you submited on the com-",
               "puter sofware we use ofen, afer reading htp pages on the lef side."]
    assert "computer" in read(column(lost_tt, 72, 100))


def test_a_url_read_htp_tells_a_lost_tt_ligature():
    # Too few words for the page's other evidence alone: "htp://" is no URL's beginning.
    words = column(["see htp://chi2016.acm.org/accessibility and", "htp://tug.org/twg/ afer the PDF is made."], 72, 100)
    text = read(words)
    assert "http://chi2016.acm.org/accessibility" in text and "after" in text


def test_a_word_glued_to_a_mathematical_letter_is_set_apart():
    assert normalize("rewards, with\U0001d445\U0001d463, \U0001d445\U0001d45d being") == (
        "rewards, with \U0001d445\U0001d463, \U0001d445\U0001d45d being")
    assert normalize("\U0001d460\U0001d45a\U0001d44e\U0001d465 and FreNum\u03b1") == (
        "\U0001d460\U0001d45a\U0001d44e\U0001d465 and FreNum\u03b1")  # math alone, Greek: as written


def test_a_justified_arabic_word_loses_its_tatweel_and_bidirectional_controls_are_dropped():
    assert normalize("\u0627\u0644\u0640\u0640\u0640\u0639\u0640\u0631\u0628\u064a\u0629") == "\u0627\u0644\u0639\u0631\u0628\u064a\u0629"
    assert normalize("\u200fPython\u200e 3.14 \u2067\u05e9\u05dc\u05d5\u05dd\u2069") == "Python 3.14 \u05e9\u05dc\u05d5\u05dd"
    assert normalize("a \u0640 b") == "a \u0640 b"  # a lone tatweel among no Arabic letters: as drawn


def test_a_zero_width_non_joiner_inside_a_word_shapes_it_and_stays():
    # Persian "I want" (mi + ZWNJ + khaham): without the non-joiner the prefix joins the verb, a
    # different spelling; a Devanagari half form keeps its joiner. Elsewhere they are noise.
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
    assert normalize(f"{persian} \u0628\u0631\u0648\u0645") == f"{persian} \u0628\u0631\u0648\u0645"
    assert normalize("\u0915\u094d\u200d\u0937") == "\u0915\u094d\u200d\u0937"
    assert normalize("\u200cword\u200d next\u200c") == "word next"
    assert normalize("PDF/\u200cVT and PDF/\u200cUA") == "PDF/VT and PDF/UA"  # a line-break hint in Latin text



def test_a_word_in_capitals_and_small_capitals_drawn_in_pieces_is_one_word():
    # A heading's "I" "NTRODUCTION" (10 pt capitals, 8 pt small capitals), drawn as two pieces
    # half a point apart: no word space is that narrow. "II." stays a word of its own, and so does
    # a lone smaller capital (a subscript: "EP" "S").
    def piece(text: str, x0: float, x1: float, size: float) -> Word:
        return Word(x0, 431.6 - 1.33 * size, x1, 431.6, text)

    heading = [piece("II.", 120.0, 130.1, 10), piece("I", 135.6, 138.9, 10), piece("NTRODUCTION", 139.4, 201.5, 8),
               piece("A", 204.0, 211.2, 10), piece("ND", 211.7, 225.0, 8)]
    assert read(heading) == ["II.", "INTRODUCTION", "AND"]
    assert read([piece("EP", 120.0, 134.0, 10), piece("S", 134.4, 139.0, 7)]) == ["EP", "S"]


def test_a_logo_s_raised_capital_kerned_into_its_neighbours_is_one_word():
    # LaTeX's logo drawn as pieces (MNRAS' words-shuffled twin): "L", a raised smaller "A" kerned
    # 3.3 points back into it, then "TEX." 1.4 points into the "A": words never overlap so.
    logo = [Word(508.2, 318.4, 513.7, 327.3, "L"), Word(510.4, 318.6, 515.7, 325.8, "A"),
            Word(514.3, 318.4, 531.4, 329.3, "TEX.")]
    before = [Word(470.0, 318.4, 503.0, 327.3, "using")]
    assert read(before + logo) == ["using", "LATEX."]
    # Capitals of one size kerned into each other are no logo's pieces (the overlap rule alone),
    # nor is a subscript capital kerned under its letter ("V" with a lowered "T").
    assert read([Word(508.2, 318.4, 513.7, 327.3, "L"), Word(510.4, 318.4, 515.7, 327.3, "A")]) == ["L", "A"]
    assert read([Word(508.2, 318.0, 515.0, 328.0, "V"), Word(513.5, 323.0, 518.0, 330.0, "T")]) == ["V", "T"]


def _tracked(text: str, x: float, y: float, tracking: float, space: float, char_w: float = 5.0,
             height: float = 9.0) -> list[Word]:
    """Letters set with `tracking` points after each, a word space of `space` more between words,
    each letter a word of its own (as MuPDF reads letter-spaced type)."""
    out = []
    for word in text.split():
        for ch in word:
            out.append(Word(x, y, x + char_w, y + height, ch))
            x += char_w + tracking
        x += space
    return out


def test_letter_spaced_words_are_written_as_the_words_they_spell():
    # An Elsevier first page's headings: 4 pt of tracking in 9 pt type, 6 pt more between words.
    assert read(_tracked("highlights", 72, 100, 4.0, 6.0)) == ["highlights"]
    assert read(_tracked("article info", 72, 100, 4.0, 6.0)) == ["article", "info"]
    assert read(_tracked("CHAPTER", 72, 100, 3.2, 6.0) + [Word(160, 100, 170, 109, "5")]) == ["CHAPTER", "5"]
    # Letters that spell no word stay letters (list marks, a grid's column letters), and so do
    # letters further apart than letter_spaced_gap of their height, or unevenly apart (words of
    # one letter set at their own places, not tracked type).
    assert read(_tracked("a b c d e", 72, 100, 4.0, 0.0)) == ["a", "b", "c", "d", "e"]
    assert read(_tracked("abstract", 72, 100, 6.0, 0.0)) == list("abstract")
    uneven = _tracked("abstract", 72, 100, 4.0, 0.0)
    uneven = [Word(w.x0 + k // 2, w.y0, w.x1 + k // 2, w.y1, w.text) for k, w in enumerate(uneven)]  # gaps 4, 5, 4, 5...
    assert read(uneven) == list("abstract")
    # A German page's own words: German sets emphasis letter-spaced (Sperrsatz).
    german = ["Die Anforderungen an die Räume der Klinik sind in der Norm für alle",
              "Bereiche und Räume festgelegt, die von den Patienten genutzt werden."]
    page = _tracked("Zusammenfassung", 72, 80, 3.0, 0.0) + column(german, 72, 100)
    assert read(page)[0] == "Zusammenfassung"
    # The words before and after on the line are left as they are; the boxes too (the layout
    # reads the letters), so only the text changes.
    line = [Word(20, 100, 60, 109, "Keywords:")] + _tracked("abstract", 72, 100, 4.0, 0.0)
    assert read(line) == ["Keywords:", "abstract"]
    layout = analyze_page(reseq(line), 612, 792)
    assert [w.text for w in layout.words] == ["Keywords:", *"abstract"]
    mark_furniture([layout])
    assert page_text(layout, LayoutSettings(normalize_text=False))[0].split() == ["Keywords:", *"abstract"]


def test_a_dot_leader_reads_as_one_ellipsis_and_an_ellipsis_stays():
    from columnrag.loaders.text.leaders import without_leaders
    assert without_leaders("Preface . . . . . . . . xi") == "Preface … xi"
    assert without_leaders("1.1 Security fundamentals. . . . . . 2") == "1.1 Security fundamentals … 2"
    assert without_leaders("Library . . . . . . . MYLIB Name, *LIBL") == "Library … MYLIB Name, *LIBL"
    assert without_leaders("Chapter 1 ........") == "Chapter 1 …"
    # A value's decimal point after the leader is the value's.
    assert without_leaders("Batting average . . . . . . .312") == "Batting average … .312"
    # An ellipsis, and an ellipsis with its sentence's full stop, stay.
    for kept in ("and so on...", "and so on . . .", "the court held . . . .", "and so on....", "see 1.2.3.4 here",
                 "a. b. c. d."):
        assert without_leaders(kept) == kept


def test_a_contents_page_s_leaders_leave_its_entries_in_one_chunk(tmp_path):
    import pymupdf

    from columnrag.chunking import BandAwareTextSplitter
    from columnrag.loaders import ColumnAwarePDFLoader

    doc = pymupdf.open()
    title = doc.new_page(width=595, height=842)
    title.insert_text((72, 100), "Securing a Database", fontsize=24, fontname="hebo")
    title.insert_textbox(pymupdf.Rect(72, 140, 523, 400), "This paper explains how rows and columns are kept safe. " * 20,
                         fontsize=10)
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 70), "Contents", fontsize=18, fontname="hebo")
    # The front matter's two entries (a block of a few words, once each leader is one ellipsis),
    # a gap, then the chapters.
    entries = ["Notices", "Preface"] + [f"{k} Chapter on topic number {k}" for k in range(1, 11)]
    for k, entry in enumerate(entries):
        y = 110 + 18 * k + (30 if k > 1 else 0)
        page.insert_text((72, y), entry, fontsize=10)
        x = 72 + pymupdf.get_text_length(entry + " ", fontsize=10)
        while x < 500:  # the leader's dots, spaced, up to the page number
            page.insert_text((x, y), ".", fontsize=10)
            x += 5
        page.insert_text((510, y), ["vii", "ix"][k] if k < 2 else str(3 * k + 1), fontsize=10)
    doc.save(tmp_path / "contents.pdf")
    docs = ColumnAwarePDFLoader(str(tmp_path / "contents.pdf"), ocr="off").load()
    assert "Notices … vii\n" in docs[1].page_content and "1 Chapter on topic number 1 … 7\n" in docs[1].page_content
    assert ". ." not in docs[1].page_content
    chunks = [c for c in BandAwareTextSplitter(chunk_size=200).split_documents(docs) if c.metadata["page"] == 1]
    assert len(chunks) == 1 and all(e in chunks[0].page_content for e in entries)
    assert chunks[0].metadata["section"] == "Contents"  # (its entries are what it heads)
