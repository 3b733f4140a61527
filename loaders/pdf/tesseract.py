"""The Tesseract command: found once per process, run on one page image, its words read back.

The `tesseract` command (Debian: tesseract-ocr) with its TSV output gives every word's box and
confidence, and Tesseract's own line numbers, in one run; its language data comes with the Debian
packages, so nothing is downloaded at run time. The image goes in on stdin as PNM (no encoding
cost), the TSV comes back on stdout: no temporary files.
"""
from __future__ import annotations

import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache

log = logging.getLogger(__name__)


def install_command(languages: str) -> str:
    """The command that installs Tesseract with the data for `languages` ("eng+deu")."""
    packages = ["tesseract-ocr"] + [f"tesseract-ocr-{code.lower().replace('_', '-')}"
                                    for code in languages.split("+") if code]
    return "sudo apt-get install -y " + " ".join(packages)


class OcrFailed(RuntimeError):
    """Tesseract ran but gave no result for this image (it failed, or took too long)."""


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


@dataclass(frozen=True)
class Tesseract:
    command: str
    languages: frozenset[str]

    def read(self, image: bytes, languages: str, dpi: int, threads: int, timeout: float) -> list[OcrWord]:
        """The words of one page image (any format Leptonica reads; PNM is cheapest)."""
        env = {**os.environ, "OMP_THREAD_LIMIT": str(max(1, threads))}
        try:
            done = subprocess.run([self.command, "stdin", "stdout", "-l", languages, "--dpi", str(dpi), "tsv"],
                                  input=image, capture_output=True, env=env, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            raise OcrFailed(f"tesseract took more than {timeout:.0f} s") from None
        except OSError as exc:
            raise OcrFailed(f"tesseract could not run ({exc})") from exc
        if done.returncode != 0:
            raise OcrFailed(f"tesseract failed ({done.stderr.decode(errors='replace').strip()[-300:]})")
        return parse_tsv(done.stdout.decode("utf-8", errors="replace"))


def parse_tsv(tsv: str) -> list[OcrWord]:
    """Words (level 5 rows with text) of Tesseract's TSV output."""
    out: list[OcrWord] = []
    for row in tsv.splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12 or cols[0] != "5":
            continue
        text = cols[11].strip()
        if not text:
            continue
        out.append(OcrWord(int(cols[6]), int(cols[7]), int(cols[8]), int(cols[9]), float(cols[10]), text,
                           (int(cols[2]), int(cols[3]), int(cols[4]))))
    return out


@lru_cache(maxsize=1)
def _find() -> Tesseract | None:
    command = shutil.which("tesseract")
    if command is None:
        return None
    try:
        listed = subprocess.run([command, "--list-langs"], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        log.debug("tesseract --list-langs failed: %s", exc)
        return None
    lines = listed.stdout.decode(errors="replace").splitlines()
    return Tesseract(command, frozenset(line.strip() for line in lines[1:] if line.strip()))


def find_tesseract(languages: str) -> tuple[Tesseract | None, str]:
    """The engine, or None and why not (naming the command that installs what is missing)."""
    engine = _find()
    if engine is None:
        return None, f"OCR needs Tesseract, which is not installed: {install_command(languages)}"
    missing = [code for code in languages.split("+") if code and code not in engine.languages]
    if missing:
        return None, (f"Tesseract has no data for {', '.join(missing)}: "
                      f"{install_command('+'.join(missing))}")
    return engine, ""
