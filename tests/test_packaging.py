"""columnrag installed as a user installs it, next to an app with its own `loaders/` and `ingest.py`.

Before columnrag was one package, it installed generic top-level modules (`loaders`, `chunking`,
`ingest`) that shadowed or were shadowed by an app's own. This builds a wheel from the checkout,
installs it into a fresh virtual environment (offline: the dependencies come from the running
environment through a .pth file) and runs an app that uses both.
"""
from __future__ import annotations

import shutil
import site
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest

from columnrag.ingest.samples import two_column_page, write_pdf

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "columnrag", "loaders", "chunking", "ingest", "configs")


def _run(*args: str | Path, cwd: Path | None = None) -> str:
    proc = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True)
    assert proc.returncode == 0, f"{args}:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from a copy of the checkout (the build writes nothing into the checkout)."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", out, src)
    return next(out.glob("columnrag-*.whl"))


def test_wheel_installs_one_namespace_with_its_defaults(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    assert top == {"columnrag"}, top
    assert "columnrag/configs/default.yaml" in names
    assert "columnrag/loaders/engine/layout.py" in names


def test_app_with_its_own_loaders_and_ingest_uses_columnrag(wheel, tmp_path):
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv)
    python = venv / "bin" / "python"
    purelib = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip())
    # The dependencies (pymupdf, langchain, ...) come from this environment: no network needed.
    deps = [p for p in [*site.getsitepackages(), sysconfig.get_paths()["purelib"]] if Path(p).is_dir()]
    (purelib / "zz_test_deps.pth").write_text("\n".join(dict.fromkeys(deps)) + "\n")
    _run(python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel)

    app = tmp_path / "app"
    (app / "loaders").mkdir(parents=True)
    (app / "loaders" / "__init__.py").write_text("WHO = 'the app loaders'\n")
    (app / "ingest.py").write_text("WHO = 'the app ingest'\n")
    pdf = tmp_path / "paper.pdf"
    write_pdf(pdf, [two_column_page(3)])
    (app / "main.py").write_text(textwrap.dedent(f"""
        import loaders, ingest
        from columnrag import BandAwareTextSplitter, ColumnAwarePDFLoader
        import columnrag
        from columnrag.ingest.settings import DEFAULT_CONFIG
        assert loaders.WHO == "the app loaders" and ingest.WHO == "the app ingest"
        assert columnrag.__file__.startswith({str(purelib)!r}), columnrag.__file__
        assert DEFAULT_CONFIG.is_file() and str(DEFAULT_CONFIG).startswith({str(purelib)!r})
        docs = ColumnAwarePDFLoader({str(pdf)!r}).load()
        print(len(docs), len(docs[0].page_content.split()))
    """))
    out = _run(python, "main.py", cwd=app).split()
    assert out[0] == "1" and int(out[1]) > 100

    # `python -m ingest` in the app's folder runs the app's module, `python -m columnrag` ours.
    _run(python, "-m", "ingest", cwd=app)
    assert "ingest" in _run(python, "-m", "columnrag", "--help", cwd=app)
