"""Mutated PDF bytes through the loader: a readable Document or PDFLoadError, nothing else, and
each file within a time limit."""
from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest

from columnrag.ingest.samples import two_column_page, write_pdf
from columnrag.loaders import ColumnAwarePDFLoader, PDFLoadError

LIMIT_S = 20


class _TooSlow(Exception):
    pass


def _alarm(signum, frame):
    raise _TooSlow()


@pytest.fixture(scope="module")
def original(tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("fuzz") / "orig.pdf"
    write_pdf(path, [two_column_page(3), two_column_page(4)], "rowmajor", seed=1, header="Fuzz")
    return path.read_bytes()


def mutate(data: bytes, rnd: random.Random) -> bytes:
    buf = bytearray(data)
    kind = rnd.choice(["flip", "cut", "splice", "zero"])
    if kind == "flip":
        for _ in range(rnd.randint(1, 40)):
            buf[rnd.randrange(len(buf))] = rnd.randrange(256)
    elif kind == "cut":
        del buf[rnd.randrange(len(buf)):]
    elif kind == "splice":
        a = rnd.randrange(len(buf))
        buf[a:a] = bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 300)))
    else:
        a = rnd.randrange(len(buf))
        buf[a:a + rnd.randint(1, 2000)] = b"\0" * 50
    return bytes(buf)


@pytest.mark.parametrize("seed", range(40))
def test_mutated_pdf_raises_only_the_documented_error(original, tmp_path, seed):
    path = tmp_path / f"m{seed}.pdf"
    path.write_bytes(mutate(original, random.Random(seed)))
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT_S)
    try:
        docs = ColumnAwarePDFLoader(path).load()
        assert all(isinstance(d.page_content, str) for d in docs)
    except PDFLoadError as exc:
        assert str(path) in str(exc) and exc.reason
    except _TooSlow:
        pytest.fail(f"mutation {seed} took longer than {LIMIT_S} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
