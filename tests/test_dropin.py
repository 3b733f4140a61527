"""Drop-in for PyMuPDFLoader: the same metadata, its keywords, streaming, page numbers, and chunk
ids that make LangChain's index() and Chroma.from_documents idempotent."""
from __future__ import annotations

import asyncio
import time
import warnings
from dataclasses import replace
from pathlib import Path

import pymupdf
import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding

from columnrag.chunking import BandAwareTextSplitter
from columnrag.chunking.settings import ChunkingSettings
from columnrag.ingest.parse import parse_file
from columnrag.ingest.record import file_hash
from columnrag.ingest.samples import two_column_page, write_pdf
from columnrag.ingest.settings import Settings
from columnrag.loaders import ColumnAwarePDFLoader, ColumnAwarePDFParser, LayoutSettings, PDFLoadError
from columnrag.loaders.langchain.compat import with_tables

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # langchain-community is being sunset
    from langchain_community.document_loaders import PyMuPDFLoader

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "shared" / "langchain-examples"
# What our page Documents carry beyond PyMuPDFLoader's keys: the layout, and what chunk ids are made of.
LAYOUT_KEYS = {"page_width", "page_height", "text_rotation", "reading_direction", "layout_blocks", "layout_furniture",
               "layout_bands", "layout_max_columns", "needs_ocr", "layout_confidence", "layout_doubts"}
ID_KEYS = {"content_hash", "layout_settings"}
# Document information as producers write it: a creator with a leading space, dates with a time
# zone, in UTC, without a zone (left as written), and one that is no date at all.
INFO = [
    {"creator": " Microsoft Word ", "producer": "Acrobat\t", "title": "Two columns ", "author": "A. Author",
     "subject": " layout", "keywords": "columns, pdf", "creationDate": "D:20210516153207+02'00'",
     "modDate": "D:20220101090000Z"},
    {"creator": "", "producer": "", "creationDate": "D:20200101120000", "modDate": "yesterday"},
    {},
]


def _pdf(path: Path, info: dict[str, str] | None, pages: int = 2, **save) -> Path:
    write_pdf(path, [two_column_page(seed) for seed in range(pages)], header="Running Head")
    if info is not None:
        doc = pymupdf.open(path)
        doc.set_metadata(info)
        doc.save(str(path) + ".tmp", **save)
        doc.close()
        Path(str(path) + ".tmp").replace(path)
    return path


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("dropin")
    return [_pdf(folder / f"info{n}.pdf", info) for n, info in enumerate(INFO)]


def _assert_same_metadata(path: Path, **kw) -> None:
    """Same keys and values as PyMuPDFLoader's, page by page and in mode="single", layout keys added."""
    for mode in ("page", "single"):
        ours = ColumnAwarePDFLoader(path, mode=mode, **kw).load()
        theirs = PyMuPDFLoader(str(path), mode=mode, **kw).load()
        assert len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            added = set(a.metadata) - set(b.metadata)
            if a.metadata.get("ocr"):  # a page (or part) read by OCR says so
                added -= {"ocr", "ocr_confidence"}
            assert added == (ID_KEYS | LAYOUT_KEYS if mode == "page" else ID_KEYS)
            assert {k: a.metadata[k] for k in b.metadata} == b.metadata


@pytest.mark.parametrize("name", ["hello.pdf", "duplicate-chars.pdf", "multi-page-forms-sample-2-page.pdf"])
def test_metadata_equals_pymupdfloader_on_langchains_examples(name):
    if not (EXAMPLES / name).is_file():
        pytest.skip("../shared/langchain-examples is not here")
    _assert_same_metadata(EXAMPLES / name)


@pytest.mark.parametrize("n", range(len(INFO)))
def test_metadata_equals_pymupdfloader_on_generated_pdfs(generated, n):
    _assert_same_metadata(generated[n])


def test_metadata_of_an_encrypted_pdf_equals_pymupdfloader(tmp_path):
    path = _pdf(tmp_path / "locked.pdf", INFO[0], encryption=pymupdf.PDF_ENCRYPT_AES_256,
                user_pw="pw", owner_pw="owner")
    _assert_same_metadata(path, password="pw")
    meta = ColumnAwarePDFLoader(path, password="pw").load()[0].metadata
    assert meta["encryption"].startswith("Standard")


def test_metadata_values_as_pymupdfloader_formats_them(generated):
    meta = ColumnAwarePDFLoader(generated[0]).load()[0].metadata
    assert meta["creator"] == "Microsoft Word" and meta["producer"] == "Acrobat" and meta["subject"] == "layout"
    assert meta["creationdate"] == "2021-05-16T15:32:07+02:00" and meta["creationDate"] == "D:20210516153207+02'00'"
    assert meta["moddate"] == "2022-01-01T09:00:00+00:00" and meta["modDate"] == "D:20220101090000Z"
    assert meta["page"] == 0 and meta["total_pages"] == 2 and meta["source"] == meta["file_path"] == str(generated[0])
    odd = ColumnAwarePDFLoader(generated[1]).load()[0].metadata
    assert odd["creationdate"] == "D:20200101120000" and odd["moddate"] == "yesterday"


def test_single_mode_joins_pages_with_pymupdfloaders_delimiter(generated):
    pages = [d.page_content for d in ColumnAwarePDFLoader(generated[0]).load()]
    single = ColumnAwarePDFLoader(generated[0], mode="single").load()[0].page_content
    assert single == "\n\f".join(pages)
    assert ColumnAwarePDFLoader(generated[0], mode="single", pages_delimiter="<>").load()[0].page_content \
        == "<>".join(pages)


# -- PyMuPDFLoader's keywords ---------------------------------------------------------------

def test_harmless_pymupdfloader_keywords_are_accepted(generated):
    plain = ColumnAwarePDFLoader(generated[0]).load()
    same = ColumnAwarePDFLoader(generated[0], headers={"User-Agent": "x"}, images_inner_format="markdown-img",
                                extract_images=False, images_parser=None, extract_tables=None,
                                extract_tables_settings=None, sort=True, option="text").load()
    assert [d.page_content for d in same] == [d.page_content for d in plain]
    assert ColumnAwarePDFParser({"sort": True}, False).mode == "page"


@pytest.mark.parametrize("kw, words", [
    ({"extract_images": True}, ["extract_images=True is not supported", "every image", 'ocr="auto"',
                                "scanned pages", "wordless images", "needs_ocr", "PyMuPDFLoader(extract_images=True)"]),
    ({"images_parser": object()}, ["images_parser is not supported", 'ocr="auto"', "scanned pages"]),
    ({"extract_tables": "html"}, ["'html'", "markdown"]),
    ({"extract_tables": "csv"}, ["'csv'", "markdown"]),
    ({"extract_tables_settings": {"snap_tolerance": 3}}, ["find_tables", "LayoutSettings"]),
    ({"flags": 0}, ["get_text", "flags=0", "LayoutSettings"]),
    ({"sort": False}, ["sort=False"]),
])
def test_keywords_we_cannot_honour_fail_plainly(generated, kw, words):
    with pytest.raises(NotImplementedError) as err:
        ColumnAwarePDFLoader(generated[0], **kw)
    assert all(w in str(err.value) for w in words), str(err.value)


@pytest.mark.parametrize("kw", [{"images_inner_format": "png"}, {"extract_tables": "latex"}, {"mode": "pages"}])
def test_bad_keyword_values_are_value_errors(generated, kw):
    with pytest.raises(ValueError):
        ColumnAwarePDFLoader(generated[0], **kw)


def test_a_mistyped_keyword_is_a_type_error(generated):
    with pytest.raises(TypeError, match="pasword"):
        ColumnAwarePDFLoader(generated[0], pasword="x")


def test_a_url_is_refused_with_the_way_out():
    with pytest.raises(NotImplementedError, match="download"):
        ColumnAwarePDFLoader("https://example.org/paper.pdf", headers={"Authorization": "x"})


def test_extract_tables_maps_onto_the_table_option():
    parser = ColumnAwarePDFParser(extract_tables="markdown", settings=LayoutSettings(tables="off"))
    assert parser.extract_tables == "markdown" and parser.settings.tables == "markdown"
    assert ColumnAwarePDFParser(settings=LayoutSettings(tables="text")).settings.tables == "text"
    assert with_tables(LayoutSettings(tables="off"), None).tables == "off"


# -- streaming, page numbers, metadata size ----------------------------------------------------

def test_alazy_load_yields_each_page_without_blocking_the_loop(tmp_path, monkeypatch):
    from columnrag.loaders.pdf import reader

    path = _pdf(tmp_path / "long.pdf", None, pages=8)
    analysed: list[int] = []
    real = reader._analyze

    def slow(doc, number, *args):
        time.sleep(0.05)
        analysed.append(number)
        return real(doc, number, *args)

    monkeypatch.setattr(reader, "_analyze", slow)

    async def first_page() -> tuple[int, int, int]:
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.005)
                ticks += 1

        ticker = asyncio.create_task(tick())
        pages = ColumnAwarePDFLoader(path).alazy_load()
        doc = await pages.__anext__()
        seen = len(analysed)
        await pages.aclose()
        ticker.cancel()
        return doc.metadata["page"], seen, ticks

    page, seen, ticks = asyncio.run(first_page())
    assert page == 0 and seen < 8  # the first page came before the last was read
    assert ticks >= 10  # the loop ran while pages were analysed


def test_pages_are_zero_based_and_a_missing_page_is_an_error(generated):
    docs = ColumnAwarePDFLoader(generated[0], pages=[1]).load()
    assert [d.metadata["page"] for d in docs] == [1]
    for wrong in (2, -1):
        with pytest.raises(PDFLoadError) as err:
            ColumnAwarePDFLoader(generated[0], pages=[0, wrong]).load()
        assert str(generated[0]) in str(err.value) and f"no page {wrong}" in str(err.value)
        assert "2 pages" in str(err.value) and "from 0" in str(err.value)


def test_include_layout_false_keeps_chunks_light(generated):
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    full = ColumnAwarePDFLoader(generated[0]).load()
    light = ColumnAwarePDFLoader(generated[0], include_layout=False).load()
    assert [d.page_content for d in light] == [d.page_content for d in full]
    for a, b in zip(light, full):
        assert set(b.metadata) - set(a.metadata) == {"layout_blocks", "layout_furniture"}
    splitter = RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200)
    size = max(len(str(c.metadata)) for c in splitter.split_documents(light))
    assert size < 1000 < max(len(str(c.metadata)) for c in splitter.split_documents(full))


# -- chunk ids ---------------------------------------------------------------------------------

def _chunks(path: Path, settings: Settings | None = None, **loader_kw):
    s = settings or Settings()
    docs = ColumnAwarePDFLoader(path, settings=s.layout, **loader_kw).load()
    splitter = BandAwareTextSplitter(settings=s.chunking, model=s.embedding.model, precision=s.embedding.precision)
    return splitter.split_documents(docs)


@pytest.mark.parametrize("settings", [
    Settings(),
    replace(Settings(), layout=LayoutSettings(min_gutter=6.0, keep_furniture=True),
            chunking=ChunkingSettings(chunk_size=120, chunk_overlap=20)),
])
def test_chunk_ids_are_the_ids_the_cli_stores(generated, settings):
    path = generated[0]
    chunks = _chunks(path, settings)
    stored = parse_file(str(path), file_hash(path), settings)
    assert stored.error is None and [c.id for c in chunks] == stored.ids
    assert [c.page_content for c in chunks] == stored.texts
    assert len(set(stored.ids)) == len(stored.ids)


def test_default_splitter_ids_are_the_cli_default_ids(generated):
    docs = ColumnAwarePDFLoader(generated[1]).load()
    chunks = BandAwareTextSplitter().split_documents(docs)
    assert [c.id for c in chunks] == parse_file(str(generated[1]), file_hash(generated[1]), Settings()).ids


def test_a_part_of_a_file_never_takes_the_whole_files_ids(generated):
    whole = {c.id for c in _chunks(generated[0])}
    part = [c.id for c in _chunks(generated[0], pages=[1])]
    single = [c.id for c in _chunks(generated[0], mode="single")]
    assert all(part) and all(single) and part == [c.id for c in _chunks(generated[0], pages=[1])]
    assert not whole & set(part) and not whole & set(single) and not set(part) & set(single)
    assert all(c.id is None for c in _chunks(generated[0], mode="single", pages=[1]))


def test_langchain_index_twice_adds_nothing_the_second_time(generated):
    from langchain_core.indexing import InMemoryRecordManager, index
    from langchain_core.vectorstores import InMemoryVectorStore

    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=16))
    manager = InMemoryRecordManager(namespace="columnrag")
    manager.create_schema()
    chunks = _chunks(generated[0]) + _chunks(generated[1])

    def run():
        return index(chunks, manager, store, cleanup="incremental", source_id_key="source",
                     key_encoder=lambda doc: doc.id)

    first = run()
    assert first["num_added"] == len(chunks) and set(store.store) == {c.id for c in chunks}
    assert run() == {"num_added": 0, "num_updated": 0, "num_skipped": len(chunks), "num_deleted": 0}


def test_chroma_from_documents_twice_keeps_one_copy(generated, tmp_path):
    from langchain_chroma import Chroma

    chunks = _chunks(generated[0])
    for _ in range(2):
        store = Chroma.from_documents(chunks, DeterministicFakeEmbedding(size=16),
                                      persist_directory=str(tmp_path / "db"), collection_name="ids")
    assert store._collection.count() == len(chunks)
    assert sorted(store.get()["ids"]) == sorted(c.id for c in chunks)


def test_langchain_index_replaces_the_chunks_of_a_changed_file(tmp_path):
    from langchain_core.indexing import InMemoryRecordManager, index
    from langchain_core.vectorstores import InMemoryVectorStore

    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=16))
    manager = InMemoryRecordManager(namespace="columnrag")
    manager.create_schema()
    path = tmp_path / "paper.pdf"
    old = _chunks(_pdf(path, INFO[0]))
    index(old, manager, store, cleanup="incremental", source_id_key="source", key_encoder=lambda d: d.id)
    new = _chunks(_pdf(path, INFO[1]))  # same path, other content
    result = index(new, manager, store, cleanup="incremental", source_id_key="source", key_encoder=lambda d: d.id)
    assert result["num_added"] == len(new) and result["num_deleted"] == len(old)
    assert set(store.store) == {c.id for c in new}
