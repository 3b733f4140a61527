"""Layout thresholds: every number the engine, the text repairs and the PDF edge decide by.

Defaults are documented in configs/default.yaml (a test keeps both equal). Fields that are a
multiple of another field say so: they scale with it.
"""
from __future__ import annotations

from dataclasses import dataclass


TABLES_OFF = "off"
TABLE_MODES = ("markdown", "text", TABLES_OFF)  # how tables are given (LayoutSettings.tables)


@dataclass(frozen=True)
class LayoutSettings:
    # --- Reading the page -------------------------------------------------------------------
    # Read every page's columns right to left (a page whose letters are mostly Hebrew or Arabic
    # is read so anyway, and any line of such letters is read in their order).
    right_to_left: bool = False
    # Pages with more words than this are read row by row (no column analysis): not prose.
    max_words_for_columns: int = 30000

    # --- Words from the PDF (the PyMuPDF edge) ----------------------------------------------
    # A gap wider than this share of the font size where the font changes inside a word is a
    # space the PDF did not draw (math fonts leave it to positioning: "Let 𝑁be").
    missing_space: float = 0.15
    # A word of at least glued_word_chars characters (no URL, path or address) may be several
    # that the PDF spaces by position alone, which MuPDF reads as one ("oneRCT28providedonly"):
    # its characters are parted where the gap between them is at least glued_word_gap of the font
    # size, when every gap inside a word is clearly narrower (a letter-spaced word is left whole).
    # (Only in a line of such long words, and not on a page already read from its characters for
    # T1 ligature codes or math letters.)
    glued_word_chars: int = 20
    glued_word_gap: float = 0.1
    # A lone word this many times taller than wide, of more than vertical_word_chars characters,
    # is set sideways...
    vertical_word_aspect: float = 2.5
    vertical_word_chars: int = 2
    # A sideways word with no text within this many body heights on one side, and text beyond,
    # and words on as many lines as sideways_apart_lines within as much on the other (a photo's
    # credit up its edge, beside a column), is placed after the page is cut, not held in its rows.
    sideways_apart: float = 4.0
    sideways_apart_lines: int = 3
    # Sideways lines side by side, each this share of its width (its type's height) or less from
    # the next and level with it, are one paragraph set sideways: placed as one block, its lines
    # in the order they are read (left to right when they read up, right to left when down).
    sideways_line_gap: float = 0.6
    # ...and so is a line whose vertical travel is over this many times its horizontal travel. A
    # page of mostly sideways text is turned before layout.
    vertical_line_slope: float = 2.0
    # A line whose vertical travel is over this share of its horizontal travel (and no sideways
    # line) is set slanted; slanted, in type this many times the page's usual word height, it is
    # a watermark ("DRAFT" across the page): page furniture, out of the rows it would cover. So
    # is a lone word in such type whose box is narrower than this share of its height per letter
    # (an upright word that tall is far wider).
    slanted_line_slope: float = 0.25
    watermark_size: float = 2.5
    watermark_narrow: float = 0.35
    # Words whose boxes are, by the median, this many times taller than their characters are wide
    # come from a font whose ascender and descender lie far off its glyphs (boxes of ten lines'
    # height): the page is read again with boxes tight around the glyphs.
    tall_box_ratio: float = 6.0
    # MuPDF's words holding less than this share of the page's characters, and missing more than
    # the rest of its words of three letters or more, lose the page's text: it is read by blocks.
    words_text_share: float = 0.5
    # An upright line in such type with this many words of the page's usual type inside its box
    # (printed over the text: a headline sits between lines) is a watermark too.
    watermark_overprinted: int = 3
    # Words of the same text whose top-left corners lie within this many points of each other
    # (across and down) are one word drawn twice (fake bold, duplicated layers).
    duplicate_grid: float = 1.0

    # --- Rows -------------------------------------------------------------------------------
    # Two words share a row when their vertical overlap is at least this share of the smaller
    # height (and two lines when it is more).
    row_overlap: float = 0.5

    # --- Gutters: empty vertical strips between columns -------------------------------------
    # Narrowest empty vertical strip (points) that may separate two columns.
    min_gutter: float = 4.0
    # A gutter must have text on both sides in at least this many rows (sparse-page guard).
    min_gutter_rows: int = 3
    # ...and the words beside it must be this many per row on average on each side (key/value guard),
    # but for a note in the margin: a clear_gutter-wide strip, prose on the other side, and lines
    # that follow one another and run on as one sentence (a capital first, each line after it in
    # lower case, a full stop last): it is taken out of the region and read after the paragraph
    # beside it, as side notes are.
    min_words_per_side: float = 2.0
    # Share of supporting rows whose text starts at the same x right of the gutter (or ends at the
    # same x left of it): real columns have aligned edges, rivers of word spaces do not.
    min_edge_alignment: float = 0.6
    # Tolerance (points) for those aligned edges.
    edge_tolerance: float = 2.0
    # A strip this many times min_gutter wide is plainly no word space; a narrower one must run
    # long_band_rows times as many rows (rivers of justified spacing look like it for 3-4 rows).
    wide_gutter: float = 1.5
    # A strip with a dot leader's dots against its left edge in this share of its rows is the
    # dots lining up, or their gap before the page numbers (a contents list), not a gutter.
    leader_share: float = 0.5
    # That multiple of min_gutter_rows.
    long_band_rows: float = 2.0
    # Text beside a strip with this many times min_words_per_side words a row is prose: only there
    # does a column edge that steps count as aligned (a table's numbers step too).
    prose_words: float = 2.0
    # Rows above a band's first aligned row at most this many line pitches apart are its first
    # lines (a heading, an indented list item); a title set apart by more space is not.
    band_top_reach: float = 1.5
    # Points a word of such a row may reach into the strip without covering it.
    gutter_overlap: float = 1.0
    # A gutter in a region of only two rows, or a strip wide in points that runs down fewer than
    # long_band_rows * min_gutter_rows rows, must be this many times wider than their word spaces.
    two_row_space: float = 1.3
    # A strip narrower than wide_gutter times min_gutter beside a clear one (clear_gutter times
    # min_gutter) that runs down this share of its rows is a gap inside a column (a contents
    # list's titles and page numbers), not the gutter.
    gutter_shadow: float = 0.9
    # Candidate strips the sweep follows at once: a grid of tiny words must not make it quadratic.
    max_active_strips: int = 64
    # A strip too weak for the guards that the drawing order may still resolve into two columns
    # (an author grid, a float beside a column) is at least this many times min_gutter wide...
    tie_gutter: float = 2.0
    # ...has text on each side in at least this many rows...
    tie_gutter_rows: int = 2
    # ...and at least this share of each side's words are words of letters (a display equation
    # drawn piece by piece must stay one block).
    tie_wordy_share: float = 0.5
    # ...and the drawing order is evidence only when a shuffle would draw one side's words all
    # before the other's at most one time in this many (a few words each side: chance does it).
    tie_order_odds: float = 500.0

    # --- Headlines and bands ----------------------------------------------------------------
    # A one-sided row whose centre is this many line pitches from the rows above and below, with
    # text resuming on the other side further down, is a full-width headline between two bands;
    # an unbalanced column's tail this far below its last aligned row ends the band.
    headline_space: float = 1.6
    # A capital letter alone, at least this many body heights tall, left of the first words of
    # as many lines (within drop_cap_gap body heights) is a drop cap: it goes into the first, as
    # the first letter of the word there when that word starts within drop_cap_indent body
    # heights of the other lines (a word of its own, "A", is set a word space further).
    drop_cap_lines: int = 2
    drop_cap_gap: float = 2.0
    drop_cap_indent: float = 0.15
    # A row of prose under a band's aligned rows whose gap at the gutter is under this share of
    # the narrowest of theirs (a word space of a line running across, where the strip happened
    # to run) ends the band.
    crossing_gap_share: float = 0.5
    # Rows typed across a strip: every word at one typewriter pitch (within monospace_tolerance)
    # and every gap between words within this share of a pitch of a whole number of spaces: a
    # listing's second column lined up with spaces, not a gutter.
    typed_grid_tolerance: float = 0.06
    # A strip's left side that is a list's terms (each level with a line of the right side,
    # mostly a row alone) is no gutter when its rows are at most this share of the right side's
    # and each term at most this share of the usual width of the definitions' lines.
    term_share: float = 0.5
    # Or the terms' entries, mostly a line each, lie at least this many times the definitions'
    # line pitch (where one wraps) apart: a list, not a column of text, whose lines keep one pitch.
    # (More than 1: the wrapped lines' pitches must lie within half the margin, (entry_spacing -
    # 1) / 2, of one another to tell it; a heading in the list lies this far under the line above.)
    entry_spacing: float = 1.15
    # Headings over two columns lie further apart than this many times their height (a word
    # space of their type is about a quarter): closer, they are one heading across the strip.
    column_heading_gap: float = 0.5
    # List markers (bullets, "[12]", "3.") hanging left of a gutter: the words within this many
    # edge_tolerances of its left edge...
    list_marker_reach: float = 3.0
    # ...at least this many of them...
    list_marker_min: int = 2
    # ...and at least this share of them markers: the gutter is then the items' indent, and the
    # markers go with their items.
    list_marker_share: float = 0.8
    # A centred title block (author blocks side by side) over a column band is a band of its own:
    # its rows are among the band's first head_max_rows...
    head_max_rows: int = 12
    # ...set apart from the rest by the band's largest gap there, at least this many line pitches...
    head_gap: float = 2.0
    # ...or this many under blocks of min_gutter_rows lines or more, each centred (authors).
    head_block_gap: float = 0.3
    # ...and its lines are set in from their column's edges: none within head_indent points of
    # both, at most head_flush_share of them within it of the left edge.
    head_indent: float = 6.0
    head_flush_share: float = 0.5
    # A centred block right above a band, that the band's gutter runs clear through, is a title
    # block when the widest gap above the band is at least this many line pitches.
    head_above_gap: float = 1.0
    # A grid of centred blocks (authors in rows of three) is read row of blocks by row of blocks,
    # cut where a row sits at least this many line pitches further down than the line pitch.
    grid_row_gap: float = 0.5
    # Side notes in the left margin: lines in type this share of the page's usual word height or
    # smaller, opening rows, ending side_note_gap times min_gutter or more before the next word and
    # before where the body's lines start, side_note_min_lines or more of them at one x; a note's
    # lines follow one another within side_note_pitch of their own height.
    side_note_size: float = 0.85
    side_note_gap: float = 2.0
    side_note_min_lines: int = 3
    side_note_pitch: float = 1.5
    # ...and no note is longer than this many lines (small type running on is a sidebar column).
    side_note_max_lines: int = 4
    # ...and so is a band of blocks flush left whose rows of blocks, so cut, are each at most
    # this many rows (authors' names over their addresses).
    grid_block_rows: int = 8
    # ...whose lines are at most this many words between gaps wider than a word space...
    grid_line_words: int = 6
    # ...and at least this share of the words on each side start with two letters.
    grid_wordy_share: float = 0.7
    # A column band is two bands where a blank this many line heights tall runs across both
    # columns and each column opens with a title below it (a report's boxes, then the next ones)...
    section_gap: float = 3.0
    # ...or both columns below it are set in type under this share of both columns' above it (a
    # paper's last text balanced over its references in smaller type).
    section_smaller_type: float = 0.95
    # A region is read before another below it when their x-ranges overlap by more than this share
    # of the narrower one (the flow of one column, a title over columns)...
    stack_overlap: float = 0.2
    # ...and its bottom is at most this many points below the other's top.
    stack_slack: float = 2.0

    # --- Furniture: running headers, footers, page numbers ----------------------------------
    # Share of the page height at the top and bottom where running headers and footers are sought.
    furniture_zone: float = 0.1
    # A header/footer line repeats (digits ignored) on at least this many other pages nearby.
    furniture_min_repeats: int = 1
    # Rows at the top and bottom edge set apart by this multiple of the body line height are
    # header/footer candidates.
    edge_row_gap: float = 0.8
    # A candidate repeats on another page when it sits within this share of the page height of
    # the same y there (the same line at the same place).
    furniture_y_tolerance: float = 0.03
    # ... and is set in about the same type: its words' usual height there is within this ratio
    # of the one here (a document's title on its first page, in large type, is no running head
    # though the pages after carry the same words at about that height).
    furniture_size_ratio: float = 1.5
    # An edge row whose words fall into parts set apart by this many times their height may be a
    # running foot with a part of its own on one page (the first page's copyright line): less
    # that part it repeats.
    furniture_part_gap: float = 3.0
    # Lines shorter than this many characters (digits counted as one) are not compared across
    # pages: a lone letter or symbol repeats by chance.
    furniture_min_chars: int = 2
    # An edge row this long (digits aside) that stood at the same edge and height on a page
    # further back than furniture_window is a head or foot too (a book's foot on each chapter's
    # opening page); shorter ones ("Exercise 3") repeat by chance.
    furniture_far_min_chars: int = 24
    # A page's first (last) block, when it is one line within this share of the page height of the
    # top (bottom), is compared too: a running head in a wide margin sits below furniture_zone,
    # where the engine leaves it in the body (only repeats make it furniture: one more than
    # furniture_min_repeats).
    running_head_zone: float = 0.15
    # Pages compared with each page for repeats, each side (the reader holds as many back).
    furniture_window: int = 4
    # A page's first or last body block is a head or foot candidate when it is one line of at most
    # this many words; on a document of one page, with no neighbour to repeat it, a single edge
    # line of at most this many words...
    running_head_max_words: int = 15
    # ...set smaller than this multiple of the body line height (every word but page numbers: they
    # may be larger) is a running head or foot.
    running_head_size: float = 0.93
    # Line-number rulers (review copies of papers, pleadings) are set aside as furniture: at least
    # this many numbers...
    ruler_min_numbers: int = 8
    # ...of at most this many digits...
    ruler_max_digits: int = 4
    # ...whose left or right edges fall in one bin this many points wide...
    ruler_edge_bin: float = 2.0
    # ...counting up by one in at least this share of steps from top to bottom (or by 2 to 10,
    # every number a multiple of that step: a ruler that numbers every fifth line)...
    ruler_counting_share: float = 0.7
    # ...or, out in the margin, never down in this share (a ruler whose last digit the page edge
    # cut off reads 55, 55, ..., 56).
    ruler_clipped_share: float = 0.9
    # Counting numbers among the text (not out in the margin) are a ruler only when set smaller
    # than this multiple of the body's word height (else they number headings: a contents list).
    ruler_size: float = 0.9
    # ...and, counting by more than one, smaller than this multiple (a table's first column may
    # count its rows by ten in a table's small type; lineno sets its numbers tiny).
    ruler_step_size: float = 0.75
    # A shorter column of numbers, down to this many, counting on by the ruler's step from where
    # a ruler of the page stops is a ruler too (beside a short last column).
    ruler_min_continued: int = 2
    # Keep running headers, footers and page numbers in the page text (they are always in metadata).
    keep_furniture: bool = False

    # --- Paragraphs and headings ------------------------------------------------------------
    # Lines taller than this multiple of the page's body line height are headings.
    heading_size_ratio: float = 1.15
    # A line that tall but of more words than this is a paragraph set large, not a heading; so is
    # a heading block of several lines over this many words in all, unless set title_size_ratio
    # times the body's type or larger, open at its end, on the first page (a long title).
    heading_max_words: int = 20
    title_size_ratio: float = 1.5
    # A line of at most this many words may be a title: a numbered section heading, a lone line
    # without closing punctuation heading a paragraph or a region. A heading block of more words
    # in no larger than the document's body type is a paragraph on a page of smaller type.
    title_max_words: int = 8
    # A line of at most this many words set in a bold face, over a line that is not, opening after
    # a closed sentence and closing with no stop, comma, colon or semicolon, is a heading in the
    # body's size ("Carrying over unused leave", a FAQ's question): the PDF edge tells the face.
    bold_heading_max_words: int = 12
    # A vertical gap over this multiple of the body line height starts a new block (of the lines'
    # own height, for lines both set larger than the body: their leading is larger). Where a
    # column's boxes are taller than its line pitch, the gap is the distance between the words'
    # usual bottoms beyond the pitch, against the pitch (lines of running text only: a chart's
    # labels keep together).
    paragraph_gap: float = 0.6
    # Where a column's line pitch is known, a new block also needs its centre this many pitches
    # below the line before (short glyph boxes leave white space between every line); a taller
    # line carrying on an open sentence within this many pitches is the same paragraph.
    paragraph_pitch: float = 1.3
    # In the body's type, where the boxes nearly fill the pitch (a font's ascent and descent in
    # them, so little white shows between lines or paragraphs), lines whose baselines stand this
    # many pitches apart are in two paragraphs whatever the white between their boxes (a tall
    # symbol stretches a box, not its line's baseline).
    paragraph_pitch_gap: float = 1.4
    # A column's line pitch is known from this many lines on.
    pitch_min_rows: int = 4
    # A change of word height by more than this share of the larger height starts a new block.
    size_change: float = 0.25

    # --- Floats: captions, footnotes, tables and figures in their own type -------------------
    # Text whose word height differs from the page's body text by more than this share of it is
    # set in another type: inside a sentence it is a float; after a caption line, it ends the caption.
    # A row this far off the height of the row above, more than paragraph_pitch below it, starts a
    # block (a footnote under a column, however little blank its boxes leave).
    float_size_change: float = 0.1
    # At most this many float blocks in a row are moved after the paragraph they interrupt (a
    # chart's labels, often a block each, count apart: four times as many blocks in all).
    float_run_max: int = 12
    # A float at a page's foot beside the last paragraph, with no text over it for this many body
    # heights, stands under a picture: its caption or credit (a footnote sits under its text).
    picture_gap: float = 4.0
    # A block of running text may hold paragraphs set without space between them; a line opens
    # one after a line that closes its sentence and ends this many body heights short of the
    # block's right edge, or where it is set in by this many body heights (a first-line indent).
    # Floats moved off a sentence go there, between paragraphs.
    paragraph_short_end: float = 2.0
    paragraph_indent: float = 0.8
    # A caption's line this share of its block's width (or the next line's) runs full width: a
    # line under it opening in lower case, in the caption's type, goes on with the caption.
    caption_full_line: float = 0.9
    # A line whose words stand this many times their height apart (the median gap) is a
    # diagram's labels, no line of prose that could carry a sentence on.
    label_spread: float = 2.0

    # --- Drawing order ----------------------------------------------------------------------
    # Follow the PDF's drawing order line by line where it agrees with the geometry (columns in
    # order, no row-by-row drawing across a gutter): it places floats and side notes as meant.
    follow_drawing_order: bool = True
    # The drawing order is evidence only where at least this share of each region's rows are drawn
    # top to bottom (native and row-by-row producers do; scattered drawing does not).
    top_down_share: float = 0.9
    # Parts of a row drawn at different times with a gap over this many points between them are
    # separate lines ("Abstract" beside "3 General Instructions").
    piece_gap: float = 8.0
    # A line of at least this many words...
    running_text_words: int = 4
    # ...more than this share of them words of two letters or more, is running text (a table row
    # or a chart's axis labels are shorter, or numbers): the lines the drawing order is judged by.
    running_text_letters: float = 0.5
    # At least this share of them must be drawn in one go, left to right (shuffled drawing fails).
    drawn_whole_share: float = 0.9
    # Drawing that steps across a row into another region between shorter lines more than this
    # many times...
    row_steps_max: int = 2
    # ...and for at least this share of all lines is drawing row by row across a gutter (a table
    # drawn so steps across a few times a page); once between lines of running text is enough.
    row_step_share: float = 0.2

    # --- Text repairs -----------------------------------------------------------------------
    # Join words broken by a hyphen at the end of a line.
    dehyphenate: bool = True
    # Replace ligatures (ﬁ, ﬂ ...) and odd whitespace with plain characters; drop footnote marks
    # glued to the word before them ("and1").
    normalize_text: bool = True
    # Letter-spaced words ("a b s t r a c t"): a run of at least letter_spaced_letters single
    # letters on one line, their gaps alike and no wider than letter_spaced_gap times their
    # height, is written as the known words it spells (text/letter_spacing.py; with normalize_text).
    letter_spaced_letters: int = 4
    letter_spaced_gap: float = 0.6
    # Mend words whose ligature glyph maps to no character ("speci ed" -> "specified").
    repair_ligatures: bool = True
    # Words drawn touching are one word (a kern, a mark drawn apart): a gap under this many points...
    touching_gap: float = 0.2
    # ...or an overlap of less than this many points.
    touching_overlap: float = 1.0
    # A gap inside a word no wider than this multiple of the glyph height may be a lost ligature.
    ligature_gap: float = 1.0
    # Pages of at least this many words that have fi, ff or fl in...
    ligature_sample_words: int = 150
    # ...at least this share of their words kept their ligatures (English has them in about one
    # word in fifty): no word is mended there.
    ligature_share: float = 0.002
    # A word the list lacks is still a word when it is two listed words of at least this many
    # letters each, closed up ("filename"): a lost ligature may be mended into one.
    compound_part_letters: int = 4
    # A word that is a lost ligature's leftover ("le" for "file") is mended only when the mended
    # word is more than this many times as common.
    leftover_rarity: int = 4
    # A page keeps its "tt"/"ft" ligatures when more than this many of its words have them...
    t_ligature_min_present: int = 2
    # ...and more than this share of its words...
    t_ligature_share: float = 0.01
    # ...and has lost them when at least this many of its words lack the t, more than keep it.
    t_ligature_min_lost: int = 3
    # Words shorter than this are not mended by a lost t (too many are words either way).
    t_repair_min_letters: int = 3
    # A page keeps its fi/ff/fl as letters (a font whose ligatures read as a lone "f" has them
    # nowhere) when more than this share of its words have them (English prose: one word in
    # thirty to fifty); up to it, the page has lost them when t_ligature_min_lost words or more
    # read with a lone f, more than keep a pair, and they are mended (the limits of "tt"/"ft",
    # t_repair_min_letters included).
    f_ligature_share: float = 0.03
    # Repairs that guess words from an English list run on pages of at least this many words...
    english_min_words: int = 5
    # ...of which at least this share are the commonest English words.
    english_share: float = 0.12
    # A page's language is told from its first this many words (plenty for the commonest words).
    language_sample_words: int = 400
    # A footnote mark is set higher than its line: a word's top at least this many points above
    # the line's usual top...
    mark_raised: float = 0.3
    # ...or, drawn apart, its box shorter than this share of the line's usual word height, its
    # top not more than mark_top_slack points below the line's usual top...
    mark_small: float = 0.85
    mark_top_slack: float = 0.1
    # ...and then within this many points of its word...
    mark_touching: float = 1.0
    # ...or overlapping it by less than this many.
    mark_overlap: float = 0.5
    # Lines of fewer words are searched for symbol marks only, on two words or more.
    mark_min_line_words: int = 3
    # A run of this many letters before a mark is a word in any language; a shorter one must be in
    # the word list (an exponent follows a variable: "πr2" stays).
    mark_word_letters: int = 4

    # --- Confidence (audits, --suspicious): each doubt multiplies it ------------------------
    # Confidence left to a page with more than max_words_for_columns words (read in rows).
    too_many_words_confidence: float = 0.5
    # A gutter this many times min_gutter wide is beyond doubt; a gap as wide (plus a word's
    # height) inside a column is a table or a missed gutter.
    clear_gutter: float = 2.5
    # Confidence left by the narrowest gutter cut at, were it of no width; it rises to 1 at
    # clear_gutter.
    narrow_gutter_confidence: float = 0.6
    # Confidence left by a column band shorter than long_band_rows times min_gutter_rows rows.
    short_band_confidence: float = 0.85
    # Confidence left by each column split the drawing order decided.
    tie_confidence: float = 0.85
    # Rows whose gaps line up inside a column (columns not split?): the share of the worst region
    # so aligned lowers the confidence by this much...
    aligned_gaps_doubt: float = 0.6
    # ...and each such row by this much more, counting at most aligned_rows_counted rows.
    aligned_row_doubt: float = 0.02
    aligned_rows_counted: int = 5
    # The share of rows with a wide gap inside a column lowers the confidence, by at most this much.
    wide_gap_doubt_max: float = 0.5
    # Two words of a row overlap when one reaches over this share of the narrower one...
    word_overlap: float = 0.5
    # ...and rows with overlapping words lower the confidence by this multiple of their share,
    # at most by overlap_doubt_max.
    overlap_doubt_weight: float = 2.0
    overlap_doubt_max: float = 0.5

    # --- Tables -----------------------------------------------------------------------------
    # How tables are given: "markdown" (a Markdown table in the page text, its rows in the block
    # metadata), "text" (its rows as plain lines, cells apart by " | "), both out of the prose flow;
    # "off" reads tables as prose, as before (and looks for none).
    tables: str = "markdown"
    # Words of a line further apart than this multiple of their height are in different cells (a
    # word space is about a quarter of it; closer words are one phrase of a cell)...
    table_cell_gap: float = 0.5
    # ...and, in a line of table_justified_gaps gaps or more, either this multiple of it or this
    # many times the line's median gap (a justified line stretches all its spaces alike).
    table_wide_gap: float = 1.0
    table_gap_ratio: float = 2.0
    # A line of at least this many gaps, the widest at most table_even_gaps times the narrowest,
    # between words mostly of letters, is justified prose: no cells.
    table_justified_gaps: int = 3
    table_even_gaps: float = 1.5
    # Justification stretches a space to at most this many times table_wide_gap.
    table_justified_span: float = 2.5
    # A table without rules has at least this many rows with cells on both sides of a column gap...
    table_min_rows: int = 3
    # ...a ruled one this many (fewer do not make the page's rules worth reading).
    table_ruled_rows: int = 2
    # Such rows follow each other with at most this many rows of one side only between them (a
    # cell wrapped onto more lines) and at most this many word heights of space.
    table_one_sided_rows: int = 4
    table_row_space: float = 2.5
    # Cells on either side of a column gap sit on one baseline: their bottoms within this share of
    # a word's height (two blocks of lines side by side do not line up so).
    table_baseline: float = 0.25
    # A table without rules has text left of its column gap in at least this share of its rows (a
    # listing's indented lines leave the left side empty).
    table_first_column: float = 0.75
    # Cells of this many words on average on both sides of a gap are two columns of prose; lines of
    # twice as many are running text (a block beside a table running on in them is no part of it).
    table_prose_words: float = 4.0
    # When this share of the rows beside a gap start with a list marker, run on in lower case
    # beside prose (a margin note), end in an equation number, or are a table of contents'
    # entries, it is no table.
    table_marker_share: float = 0.5
    # Words whose width per letter is, for at least monospace_share of them, within
    # monospace_tolerance of the same are set in a typewriter font: code lined up with spaces, a
    # table only inside rules.
    monospace_tolerance: float = 0.05
    monospace_share: float = 0.9
    # Code of commands and braces ("{empty}", "\\pagestyle"), few words of letters alone: its words
    # with signs within this share of one width per character (a typewriter face sets every sign
    # as wide as a letter, exactly, where a proportional face's words alike, "sinh(x)", "cos(x)",
    # come near it by chance), and lined up with spaces (typed_grid_tolerance), are a listing.
    monospace_sign_tolerance: float = 0.01
    # Rows of a region beside a table, on its rows, join it when they are at least this share of
    # its rows (a table the engine read as columns).
    table_beside_share: float = 0.5
    # At least this share of a table's rows have two cells or more (a frame around one column of
    # text is no table).
    table_filled_rows: float = 0.5
    # A table without column rules fills at least this share of its cells (a chart's labels are
    # sparse).
    table_min_filled: float = 0.4
    # A cell spanning this many rows or more and as many columns is a diagram's box read over
    # the rules of the boxes around it: no table (a header's corner spans two by two).
    table_block_cell: int = 3
    # A spanning cell of more words than this is given once, in its first position (a form's
    # address beside three rows of fields); a shorter one (a label) in every position it covers.
    table_span_once_words: int = 8
    # At least this many numbers at even distances counting in even steps are a chart's axis.
    table_axis_ticks: int = 4
    # More than this share of a table's words of symbols only (or of glyphs without a character)
    # is an equation set in pieces (a number's pieces drawn touching count as one word).
    table_symbol_share: float = 0.3
    # A vertical rule running down at least this share of a table's height rules its columns...
    table_rule_span: float = 0.5
    # ...and only those running down at least this share part them (a table nested in a cell).
    table_rule_part: float = 0.4
    # Lines between two rules that each fill at least this share of the columns are rows of their
    # own (rules part groups of rows); otherwise the lines are one row's wrapped cells.
    table_parallel_share: float = 0.5
    # A line under cells whose text fills this share of their columns' width carries them on.
    table_wrap_fill: float = 0.6
    # Lines of a table set closer than this multiple of the word height may be one row's wrapped
    # cells (and so may lines under a label that carry on its value, less than a line apart).
    table_wrap_gap: float = 0.25
    # Lines above a table's first rule, at most this many, are its header: one row.
    table_header_lines: int = 6
    # A heading in a header's upper line set in the gap between two columns, its middle off their
    # middle by at most this share of their width, heads both (a group: "Cost" over two years).
    table_group_centre: float = 0.25
    # Lines set at most this many word heights above a table, none of whose cells spans
    # table_header_span of its width, are the upper lines of its header...
    table_header_gap: float = 0.6
    table_header_span: float = 0.6
    # ...and a header line set apart by at most this many word heights is, when its cells sit
    # over the table's columns: over table_header_cover of them, or none over the first.
    table_header_apart: float = 2.5
    table_header_cover: float = 0.75
    # A header's cells may reach out this many word heights beyond the table's body.
    table_header_overhang: float = 3.0
    # A rule within this many word heights above or below a table's lines, running across at
    # least table_rule_cover of their width, is its top or bottom rule.
    table_rule_reach: float = 3.0
    # A rule through the top (bottom) this share of a table's first (last) line's word height
    # still lies above (below) it: a word's box reaches past its ink by its font's ascent and
    # descent, which some fonts make tall (the rule under a caption cuts the header's boxes).
    table_rule_overshoot: float = 0.25
    # A rule right above a table is its header's when the lines over it, up to a rule across,
    # are a header's: cells of at most this many words (the top rule is then that other one).
    table_header_cell_words: int = 6
    table_rule_cover: float = 0.8
    # Candidates one under another with at most this many word heights between them, one left
    # edge and no rule across between, under a table's top rule and over its bottom rule, are
    # one table: the rows between (a long value run up to the next column's) cut its columns.
    table_stack_gap: float = 4.5
    # A frame of rules with no rule inside (one box) is a table's when it holds at least this
    # share of a candidate (a box drawn around a table, not a shaded row).
    table_frame_share: float = 0.8
    # A caption ("Table N") within this many word heights above (or else below) a table is its...
    table_caption_reach: float = 3.0
    # ...and runs at most this many lines (the last lines of the block above, or the block below).
    table_caption_lines: int = 4
    # A table's box holding this many curves or slanted lines (not a rounded box's corners) is a
    # chart or a diagram.
    table_figure_ink: int = 8
    # ...spread over at least this share of the box's area (an icon in a corner is no chart).
    table_ink_spread: float = 0.05
    # A page with this many paths of curves or slanted lines (a dense chart or map) counts each
    # such path as figure ink once instead of reading its drawing list segment by segment.
    dense_figure_paths: int = 500
    # A drawn line or rectangle at most this thick (pt) is a rule...
    rule_thickness: float = 2.0
    # ...when it is at least this long (pt).
    rule_min_length: float = 8.0
    # Dashes (thin boxes at most dash_max_length long) along one line, each within rule_join of
    # the next, at least this many of them, are a rule drawn dotted or dashed.
    dashed_rule_dashes: int = 3
    dash_max_length: float = 4.0
    # Rules whose positions are this close (pt) are on one line...
    rule_snap: float = 1.5
    # ...and pieces of one line whose ends are this close (pt) are one rule; rules that come this
    # close cross.
    rule_join: float = 3.0
    # A rule this close (x word height) to the foot of the words above it, and no longer than
    # they, underlines them (a link's underline): no row rule of a table.
    underline_reach: float = 0.25
    # A shaded or framed rectangle this share of the page wide or high is a background, no table.
    page_fill_share: float = 0.9
    # A stroked box narrower than this (pt) may be a thick pen's line rather than a frame: the
    # text page's box of a path cannot tell them apart, the drawing list is read instead.
    frame_min_size: float = 24.0
    # A shaded or framed rectangle at least this wide and high (pt) may set text apart: a text
    # box (a sidebar, "Key messages") or its title bar (engine/panels.py).
    panel_min_width: float = 36.0
    panel_min_height: float = 6.0
    # A panel holds less than this share of the page's words: one that holds more is the page's
    # frame or a template's box, which sets nothing apart.
    panel_max_share: float = 0.5
    # A page drawn with more path boxes than this (MuPDF's: one for each rectangle or line of a
    # path; a chart, a map) is not looked at for text boxes: its rectangles are the drawing's,
    # and reading them costs more than the page's text.
    panel_max_paths: int = 2000

    def __post_init__(self) -> None:
        # YAML reads a bare `off` as false: that is the mode "off" too.
        mode = str(self.tables).strip().lower()
        mode = TABLES_OFF if mode in ("false", "no", "none", "0") else mode
        if mode not in TABLE_MODES:
            raise ValueError(f"layout.tables must be one of {', '.join(TABLE_MODES)}, not {self.tables!r}")
        object.__setattr__(self, "tables", mode)
        if not self.entry_spacing > 1:
            raise ValueError(f"layout.entry_spacing must be more than 1 (entries further apart than lines), "
                             f"not {self.entry_spacing!r}")
