import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


@pytest.fixture
def tesseract():
    """Tesseract with English: tests that need it skip where it is missing, except in CI
    (environment variable CI set), where they fail: OCR is never left untested there."""
    from columnrag.loaders.pdf.tesseract import find_tesseract

    engine, problem = find_tesseract("eng")
    if engine is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must test OCR for real: {problem}")
        pytest.skip(problem)
    return engine
