"""Tesseract through its C API (libtesseract, installed with Debian's tesseract-ocr): a page's
pixels in, its words with boxes, confidences and Tesseract's line numbers out (TSV).

Why the C API, not the `tesseract` command: measured on the same page images, the command costs
about 15% more CPU per page than the recognition itself (the image encoded, piped and decoded
again, the model loaded for every page); here the model loads once per process and the
rendered pixels are handed over as they are. The library's language data comes with the Debian
packages, so nothing is downloaded at run time. One engine per process and language set, used
under a lock (Tesseract's API object is not thread-safe).
"""
from __future__ import annotations

import atexit
import ctypes
import ctypes.util
import logging
import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

log = logging.getLogger(__name__)

_PSM_AUTO = 3  # Tesseract's own page segmentation, as its command uses by default


def install_command(languages: str) -> str:
    """The command that installs Tesseract with the data for `languages` ("eng+deu")."""
    packages = ["tesseract-ocr"] + [f"tesseract-ocr-{code.lower().replace('_', '-')}"
                                    for code in languages.split("+") if code]
    return "sudo apt-get install -y " + " ".join(packages)


class OcrFailed(RuntimeError):
    """Tesseract gave no result for this image (it failed, or ran out of time)."""


@dataclass(frozen=True, slots=True)
class OcrWord:
    """One recognised word: its box in image pixels, confidence (0-100), and the Tesseract line
    it belongs to (block, paragraph, line numbers)."""

    left: int
    top: int
    width: int
    height: int
    conf: float
    text: str
    line: tuple[int, int, int]


def parse_tsv(tsv: str) -> list[OcrWord]:
    """Words (level 5 rows with text) of Tesseract's TSV output."""
    out: list[OcrWord] = []
    for row in tsv.splitlines():
        cols = row.split("\t")
        if len(cols) < 12 or cols[0] != "5":
            continue
        text = cols[11].strip()
        if not text:
            continue
        out.append(OcrWord(int(cols[6]), int(cols[7]), int(cols[8]), int(cols[9]), float(cols[10]), text,
                           (int(cols[2]), int(cols[3]), int(cols[4]))))
    return out


_DETECT_ORIENTATION = "TessBaseAPIDetectOrientationScript"


def _bind(lib: ctypes.CDLL) -> ctypes.CDLL:
    p, s, i = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int
    signatures = {
        "TessBaseAPICreate": ([], p), "TessBaseAPIInit3": ([p, s, s], i),
        "TessBaseAPISetPageSegMode": ([p, i], None), "TessBaseAPISetVariable": ([p, s, s], i),
        "TessBaseAPISetImage": ([p, s, i, i, i, i], None), "TessBaseAPISetSourceResolution": ([p, i], None),
        "TessBaseAPIRecognize": ([p, p], i), "TessBaseAPIGetTsvText": ([p, i], p),
        "TessBaseAPIClear": ([p], None), "TessBaseAPIEnd": ([p], None), "TessBaseAPIDelete": ([p], None),
        "TessBaseAPIGetLoadedLanguagesAsVector": ([p], ctypes.POINTER(ctypes.c_char_p)),
        "TessDeleteTextArray": ([ctypes.POINTER(ctypes.c_char_p)], None),
        "TessDeleteText": ([p], None), "TessMonitorCreate": ([], p), "TessMonitorDelete": ([p], None),
        "TessMonitorSetDeadlineMSecs": ([p, i], None),
    }
    for name, (args, result) in signatures.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = args, result
    if hasattr(lib, _DETECT_ORIENTATION):  # (not in a Tesseract built without its legacy engine)
        fn = getattr(lib, _DETECT_ORIENTATION)
        fn.argtypes = [p, ctypes.POINTER(i), ctypes.POINTER(ctypes.c_float), ctypes.POINTER(s),
                       ctypes.POINTER(ctypes.c_float)]
        fn.restype = i
    return lib


@lru_cache(maxsize=1)
def _library(threads: int) -> ctypes.CDLL | None:
    """libtesseract, loaded once. Its OpenMP threads are fixed when it loads (OMP_THREAD_LIMIT,
    read then and restored after): more threads than cores makes Tesseract several times slower
    on a machine whose cores are all busy with ingest workers."""
    name = ctypes.util.find_library("tesseract")
    if name is None:
        return None
    before = os.environ.get("OMP_THREAD_LIMIT")
    if before is None:
        os.environ["OMP_THREAD_LIMIT"] = str(max(1, threads))
    try:
        return _bind(ctypes.CDLL(name))
    except (OSError, AttributeError) as exc:
        log.debug("libtesseract could not be loaded: %s", exc)
        return None
    finally:
        if before is None:
            del os.environ["OMP_THREAD_LIMIT"]


@lru_cache(maxsize=1)
def _openmp() -> ctypes.CDLL | None:
    """The OpenMP runtime Tesseract runs its threads on (loaded with it, or before it by another
    library such as torch), or None when Tesseract was built without OpenMP."""
    try:
        omp = ctypes.CDLL("libgomp.so.1")
        omp.omp_get_max_active_levels.restype = ctypes.c_int
        omp.omp_set_max_active_levels.argtypes = [ctypes.c_int]
        return omp
    except (OSError, AttributeError):
        return None


@contextmanager
def _one_thread(omp: ctypes.CDLL | None) -> Iterator[None]:
    """Tesseract's parallel regions run on the calling thread alone while inside. OMP_THREAD_LIMIT
    (set when Tesseract loads) caps them only if the OpenMP runtime starts with Tesseract: when
    another library (torch) started it first, Tesseract asks for 4 threads per LSTM step and on
    two busy cores reads a page 7 times slower. No active parallel level gives one thread; the
    runtime's setting is restored after, for the other library's sake."""
    if omp is None:
        yield
        return
    before = omp.omp_get_max_active_levels()
    omp.omp_set_max_active_levels(0)
    try:
        yield
    finally:
        omp.omp_set_max_active_levels(before)


class Tesseract:
    """One initialised Tesseract for one set of languages."""

    def __init__(self, lib: ctypes.CDLL, handle: int, languages: str, threads: int = 1) -> None:
        self._lib = lib
        self._handle = handle
        self.languages = languages
        self._omp = _openmp() if threads <= 1 else None
        self._lock = threading.Lock()
        atexit.register(self.close)

    def read(self, samples: bytes, width: int, height: int, stride: int, dpi: int,
             timeout: float) -> list[OcrWord]:
        """The words of a grey image (one byte a pixel, `stride` bytes a row)."""
        with self._image(samples, width, height, stride, dpi) as (lib, api):
            monitor = lib.TessMonitorCreate()
            lib.TessMonitorSetDeadlineMSecs(monitor, int(timeout * 1000))
            try:
                if lib.TessBaseAPIRecognize(api, monitor) != 0:
                    raise OcrFailed(f"recognition failed or took more than {timeout:.0f} s")
                text = lib.TessBaseAPIGetTsvText(api, 0)
                try:
                    tsv = ctypes.string_at(text).decode("utf-8", errors="replace") if text else ""
                finally:
                    lib.TessDeleteText(text)
            finally:
                lib.TessMonitorDelete(monitor)
        return parse_tsv(tsv)

    @contextmanager
    def _image(self, samples: bytes, width: int, height: int, stride: int,
               dpi: int) -> Iterator[tuple[ctypes.CDLL, int]]:
        """The engine holding a grey image (one byte a pixel), used under its lock on one
        thread; the image is let go of after."""
        lib, api = self._lib, self._handle
        with self._lock, _one_thread(self._omp):
            if not api:
                raise OcrFailed("Tesseract was shut down")
            try:
                lib.TessBaseAPISetImage(api, samples, width, height, 1, stride)
                lib.TessBaseAPISetSourceResolution(api, dpi)
                yield lib, api
            finally:
                lib.TessBaseAPIClear(api)

    def orientation(self, samples: bytes, width: int, height: int, stride: int, dpi: int) -> tuple[int, float] | None:
        """How far a grey image's text stands turned clockwise (0, 90, 180 or 270 degrees) and
        Tesseract's confidence in that, or None when it cannot tell (too little text). Only the
        engine for `osd` (find_orientation_engine) tells. (Tesseract takes no deadline here: it
        looks at a sample of the page's blobs, well under a second a page.)"""
        degrees, confidence = ctypes.c_int(), ctypes.c_float()
        script, script_confidence = ctypes.c_char_p(), ctypes.c_float()
        with self._image(samples, width, height, stride, dpi) as (lib, api):
            told = getattr(lib, _DETECT_ORIENTATION)(api, ctypes.byref(degrees), ctypes.byref(confidence),
                                                     ctypes.byref(script), ctypes.byref(script_confidence))
        return (degrees.value % 360, confidence.value) if told else None

    def close(self) -> None:
        with self._lock:
            if self._handle:
                _free(self._lib, self._handle)
                self._handle = 0


def _loaded(lib: ctypes.CDLL, api: int) -> set[str]:
    codes = lib.TessBaseAPIGetLoadedLanguagesAsVector(api)
    out: set[str] = set()
    if codes:
        i = 0
        while codes[i]:
            out.add(codes[i].decode())
            i += 1
        lib.TessDeleteTextArray(codes)
    return out


def _free(lib: ctypes.CDLL, api: int) -> None:
    lib.TessBaseAPIEnd(api)
    lib.TessBaseAPIDelete(api)


@lru_cache(maxsize=None)  # a few language sets a process (auto: English and the pages' own): each kept
def _engine(lib: ctypes.CDLL, languages: str, threads: int = 1) -> Tesseract | str:
    """The engine for `languages`, or why there is none (Tesseract starts with the languages it
    has data for and only prints the others, so they are checked here)."""
    api = lib.TessBaseAPICreate()
    failed = lib.TessBaseAPIInit3(api, None, languages.encode()) != 0
    wanted = [code for code in languages.split("+") if code]
    missing = wanted if failed else [code for code in wanted if code not in _loaded(lib, api)]
    if missing:
        _free(lib, api)
        return f"Tesseract has no data for {', '.join(missing)}: {install_command('+'.join(missing))}"
    lib.TessBaseAPISetPageSegMode(api, _PSM_AUTO)
    lib.TessBaseAPISetVariable(api, b"debug_file", os.devnull.encode())  # no "Detected 44 diacritics"
    return Tesseract(lib, api, languages, threads)


ORIENTATION = "osd"  # Tesseract's orientation and script data (Debian: tesseract-ocr-osd, which tesseract-ocr pulls in)


def find_orientation_engine(threads: int = 1) -> Tesseract | None:
    """The engine that tells which way up a page's text stands, or None (no Tesseract, or no
    `osd` data, or a Tesseract built without its legacy engine, which OSD needs)."""
    lib = _library(threads)
    if lib is None or not hasattr(lib, _DETECT_ORIENTATION):
        return None
    found = _engine(lib, ORIENTATION, threads)
    return found if isinstance(found, Tesseract) else None


def find_tesseract(languages: str, threads: int = 1) -> tuple[Tesseract | None, str]:
    """The engine, or None and why not (naming the command that installs what is missing)."""
    lib = _library(threads)
    if lib is None:
        return None, f"OCR needs Tesseract, which is not installed: {install_command(languages)}"
    found = _engine(lib, languages, threads)
    return (found, "") if isinstance(found, Tesseract) else (None, found)
