"""OCR settings (section `ocr`). Defaults are documented in configs/default.yaml (a test keeps both
equal). Stdlib only, so the settings object can be built without PyMuPDF."""
from __future__ import annotations

from dataclasses import dataclass

OCR_MODES = ("auto", "off", "force")
AUTO_LANGUAGES = "auto"
FIRST_LANGUAGES = "eng"  # what `auto` reads with first
# Tesseract's code for each language a page's words can be told in (loaders/text/lexicon.py).
TESSERACT_CODES = {"en": "eng", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "nl": "nld"}


@dataclass(frozen=True)
class OcrSettings:
    # auto: OCR pages without a text layer, unreadable text (fonts without Unicode) and wordless
    # scanned images; off: never; force: every page, ignoring its text layer.
    mode: str = "auto"
    # Tesseract languages joined by "+" ("eng+deu"): each needs its Debian package tesseract-ocr-<lang>.
    # auto: English first; what then reads as German, French, Spanish, Italian, Portuguese or
    # Dutch is read again in that language where its data is installed (English data reads
    # accents away: "diseño" comes out "disefio").
    languages: str = AUTO_LANGUAGES
    # auto: a region is read again in another language only when it has this many words of two
    # letters or more (a formula's or a label's few words say nothing of a language).
    language_min_words: int = 30
    # Pages are rendered at this resolution for OCR: Tesseract reads body text best at about 300 dpi.
    dpi: int = 300
    # ... unless the region would then take more pixels than this (a poster, an engineering
    # drawing, a small scan on a page metres wide): it is rendered at the resolution that fits
    # them (40 million: A2 at 300 dpi; about 300 MB with Tesseract's copies).
    max_pixels: int = 40_000_000
    # Words Tesseract is less sure of (0-100) are dropped: scan noise read as stray letters would
    # otherwise fill the gutters the reading order relies on.
    min_confidence: float = 20.0
    # Auto mode: a wordless image covering at least this share of a page may be scanned text
    # (smaller ones are logos and figures far more often; telling costs a quick low-resolution
    # OCR of the image). Above 1: never.
    min_image_share: float = 0.25
    # Tesseract threads per process (fixed when Tesseract first loads): ingest already runs one
    # worker per core, and more threads than cores makes Tesseract several times slower.
    threads: int = 1
    # Seconds one page's OCR may take before the page is left without it (flag needs_ocr).
    timeout: float = 120.0

    # -- what auto mode OCRs --
    # A block is unreadable when at least this share of its characters is in garbled words ...
    garbled_share: float = 0.5
    # ... and they are this many: a formula's stray replacement characters or a row of checkbox
    # glyphs is not worth an OCR run (and OCR reads them no better).
    min_garbled_chars: int = 24
    # An image is wordless when fewer text-layer words than this lie on it (a label or two).
    max_words_on_image: int = 3
    # Points added around an unreadable block before OCR, so that OCR sees its letters whole.
    block_padding: float = 2.0
    # A wordless image is first read at this low resolution (a tenth of the cost) ...
    probe_dpi: int = 100
    # ... and is scanned text only when that reading gives this many words, ...
    probe_min_words: int = 20
    # ... this share of them with two letters or more, ...
    probe_min_letter_share: float = 0.6
    # ... at this mean confidence: body text reads at about 90 even so; photos, maps, charts and
    # diagrams (their labels included) read at 50 or less, and are then left alone.
    probe_min_confidence: float = 75.0

    # On a page read whole by OCR, a block is a float by its type size only past this relative
    # change (layout.float_size_change on text layers): OCR boxes measure each word's ink, not its
    # type size, so only captions are floats there.
    float_size_change: float = 10.0

    # Before that reading, a glance at the image rendered at this resolution (a few milliseconds):
    # a scan of text is ink on paper, ...
    glance_dpi: int = 24
    # ... with at least this share of its pixels light (paper) ...
    glance_min_paper_share: float = 0.5
    # ... at or above this grey level (0-255; scanned paper is seldom pure white) ...
    glance_paper_level: int = 170
    # ... and at most this share of colourful pixels (channels further apart than the next
    # setting): photos and colour figures end here, with no OCR run at all.
    glance_max_colour_share: float = 0.05
    glance_colour_spread: int = 48
    # An image kept in a palette (/Indexed) with more than this share of its entries colourful is
    # a colour figure, told without decoding its pixels.
    glance_max_palette_colour: float = 0.5
    # Then a second glance at this resolution, where text lines show (ocr_glance.py): running text
    # has long lines, stacked in paragraphs; tables, charts, diagrams and maps have short runs of
    # text between gaps, lines and marks, and end here, before any OCR runs on them.
    glance_text_dpi: int = 50
    # Ink is what is darker than the paper by this share of the paper-to-ink range ...
    glance_ink_contrast: float = 0.25
    # ... closed up along its row over gaps up to this (points: a word space, not a table's
    # column gap), ...
    glance_word_gap: float = 10.0
    # ... and a line is long from this length (points) on.
    glance_line_length: float = 60.0
    # Running text has at least this share of its line ink in long lines ...
    glance_min_long_share: float = 0.55
    # ... or a stack of long lines this tall (points: a paragraph of four lines or so), lines
    # at most glance_line_gap apart (points).
    glance_min_paragraph: float = 45.0
    glance_line_gap: float = 6.0

    # -- pages scanned sideways or upside down --
    # A page read whole is checked for which way up its text stands (Tesseract's orientation
    # detection, about a sixth of a reading's time) only when its words read at a mean confidence
    # below this (upside down, Tesseract reads about 35; an upright scan 90 or more) ...
    orientation_check_confidence: float = 60.0
    # ... or when this share of its words of three letters or more is taller than wide (sideways,
    # Tesseract reads the lines as vertical text, each word a tall box).
    orientation_tall_share: float = 0.5
    # The page is then read turned when the detection is this sure (Tesseract's confidence: 10 to
    # 35 on a page of text, a few points on a handful of words; a wrong turn reads far less sure,
    # which the next setting catches) ...
    orientation_min_confidence: float = 3.0
    # ... and the turned reading's mean confidence is no more than this below the upright one's.
    orientation_confidence_margin: float = 5.0

    # -- deskewing OCR words --
    # Steeper line slopes (dy/dx) are not skew but text set at an angle, and are not undone.
    max_skew: float = 0.1
    # A Tesseract line needs this many words of four letters or more to show its slope.
    skew_line_words: int = 3

    @property
    def first_languages(self) -> str:
        """The languages every region is read with first."""
        return FIRST_LANGUAGES if self.languages == AUTO_LANGUAGES else self.languages

    def __post_init__(self) -> None:
        if str(self.mode).lower() == "false":  # YAML reads a bare `mode: off` as false
            object.__setattr__(self, "mode", "off")
        if str(self.languages).strip().lower() == AUTO_LANGUAGES:
            object.__setattr__(self, "languages", AUTO_LANGUAGES)
        if self.mode not in OCR_MODES:
            raise ValueError(f"ocr mode must be one of {', '.join(OCR_MODES)}, not {self.mode!r}")
