"""The house plan, checked: layers import only downwards, no import cycles, a cheap engine, and
type hints that hold (mypy).

Imports are read statically (every `import` and `from ... import` in the package, including those
inside functions, which run sooner or later), so a violation is caught even on a code path no other
test happens to take. Imports under `if TYPE_CHECKING:` are for type checkers only and not counted.
"""
from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The repository's folders as they map into the `columnrag` namespace (pyproject.toml package-dir).
PACKAGE_DIRS = {"columnrag": ROOT / "columnrag", "columnrag.loaders": ROOT / "loaders",
                "columnrag.chunking": ROOT / "chunking", "columnrag.ingest": ROOT / "ingest",
                "columnrag.configs": ROOT / "configs"}

# Layers, lowest first. A module may import from its own layer or any layer below it.
LAYERS = [
    ("leaves", ("columnrag._lazy", "columnrag.configs", "columnrag.loaders.errors", "columnrag.loaders.paths",
                "columnrag.loaders.hashing")),
    ("engine", ("columnrag.loaders.engine", "columnrag.loaders.contract")),
    ("text", ("columnrag.loaders.text",)),
    ("pdf", ("columnrag.loaders.pdf",)),
    ("langchain", ("columnrag.loaders.langchain",)),
    ("audit", ("columnrag.loaders.audit",)),
    ("chunking", ("columnrag.chunking",)),
    ("ingest", ("columnrag.ingest",)),
]
# Package __init__ files only name their public members lazily (strings) and import nothing; importing
# one stands for importing what it exports, so it sits in the layer of its highest export.
LAZY_INITS = {"columnrag": "ingest", "columnrag.loaders": "langchain", "columnrag.chunking": "chunking",
              "columnrag.ingest": "ingest"}
HEAVY = ("pymupdf", "fitz", "langchain_core", "langchain_text_splitters", "torch",
         "sentence_transformers", "transformers", "chromadb", "ray")
# The only modules that may talk to PyMuPDF: the loader's PDF edge, and the sample-PDF writer.
PYMUPDF_ALLOWED = ("columnrag.loaders.pdf", "columnrag.ingest.samples")


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package, folder in PACKAGE_DIRS.items():
        for path in folder.rglob("*.py"):
            rel = path.relative_to(folder).with_suffix("").parts
            if rel[-1] == "__init__":
                rel = rel[:-1]
            name = ".".join((package, *rel))
            if package == "columnrag" and rel and rel[0] in ("loaders", "chunking", "ingest", "configs"):
                continue
            found[name] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path) -> set[str]:
    """Absolute names of every module `name` imports (outside TYPE_CHECKING blocks)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    visit(sub)
                continue
            if isinstance(child, ast.Import):
                out.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[:len(base) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                out.add(target)
                for a in child.names:  # `from pkg import module`
                    if f"{target}.{a.name}" in MODULES:
                        out.add(f"{target}.{a.name}")
            visit(child)

    visit(tree)
    return out


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(module: str) -> int:
    if module in LAZY_INITS:
        return [name for name, _ in LAYERS].index(LAZY_INITS[module])
    for rank, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return rank
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


def _internal(targets: set[str]) -> set[str]:
    return {t for t in targets if t in MODULES}


def test_every_module_has_a_layer():
    for name in MODULES:
        if name not in LAZY_INITS and name != "columnrag.__main__":
            _layer(name)


def test_no_module_imports_from_a_layer_above_it():
    wrong = []
    for name, targets in GRAPH.items():
        if name in LAZY_INITS or name == "columnrag.__main__":
            continue
        for t in _internal(targets):
            if _layer(t) > _layer(name):
                wrong.append(f"{name} ({LAYERS[_layer(name)][0]}) imports {t} ({LAYERS[_layer(t)][0]})")
    assert not wrong, "\n".join(wrong)


def test_lazy_package_inits_import_nothing_of_the_package():
    for name in LAZY_INITS:
        assert _internal(GRAPH[name]) <= {"columnrag._lazy"}, name


def test_no_import_cycles():
    edges = {n: _internal(t) - set(LAZY_INITS) - {n} for n, t in GRAPH.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt):] + [nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            walk(node)


def test_only_the_pdf_edge_imports_pymupdf():
    users = sorted(n for n, t in GRAPH.items() if t & {"pymupdf", "fitz"})
    assert users and all(u.startswith(PYMUPDF_ALLOWED) for u in users), users


def _modules_loaded_by(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_geometry_engine_and_package_import_nothing_heavy():
    engine = [n for n in MODULES if n.startswith("columnrag.loaders.engine.")]
    loaded = _modules_loaded_by("import columnrag\n" + "\n".join(f"import {m}" for m in engine))
    assert engine and not {m.split(".")[0] for m in loaded} & set(HEAVY), sorted(
        m for m in loaded if m.split(".")[0] in HEAVY)


@pytest.mark.parametrize("module", ["columnrag.chunking.settings", "columnrag.ingest.settings",
                                    "columnrag.ingest.cli"])
def test_settings_and_cli_import_no_model_or_store(module):
    loaded = {m.split(".")[0] for m in _modules_loaded_by(f"import {module}")}
    assert not loaded & {"torch", "sentence_transformers", "chromadb", "pymupdf"}, loaded


def test_the_type_hints_hold(tmp_path):
    """Type hints are checked, not decoration: mypy over the package as it is imported, its
    folders copied into `columnrag` as pyproject's package-dir maps them (mypy cannot follow the
    mapping), and over the benchmarks that import it. Settings in pyproject.toml [tool.mypy]:
    other libraries count as untyped."""
    pytest.importorskip("mypy")
    ignore = shutil.ignore_patterns("__pycache__", "*.yaml")
    for name, folder in PACKAGE_DIRS.items():
        shutil.copytree(folder, tmp_path.joinpath(*name.split(".")), ignore=ignore, dirs_exist_ok=True)
    shutil.copytree(ROOT / "benchmarks", tmp_path / "benchmarks",
                    ignore=shutil.ignore_patterns("__pycache__", ".cache", "out", "*.json", "*.md"))
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                             "--cache-dir", str(tmp_path / ".mypy_cache"), "columnrag", "benchmarks"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
