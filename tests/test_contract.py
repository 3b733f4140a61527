"""The layout contract: what the loader writes is what the splitter and the audit read back."""
from __future__ import annotations

import pytest

from columnrag.loaders.contract import (BLOCKS_KEY, BOXES_KEY, FURNITURE_KEY, ChunkBox, FurnitureBlock,
                                        LayoutBlock, decode_blocks, decode_chunk_boxes, decode_furniture,
                                        encode_blocks, encode_chunk_boxes, encode_furniture)
from columnrag.loaders.engine.geometry import FURNITURE_BAND, HEADER, HEADING, TEXT, Box

BLOCKS = [LayoutBlock(Box(72.0, 100.5, 300.25, 180.0), 0, 0, 0, HEADING, 0, 12, False, 11.96),
          LayoutBlock(Box(330.0, 100.5, 540.0, 700.0), 1, 1, 2, TEXT, 14, 900, True, 9.5),
          LayoutBlock(Box(330.0, 710.0, 540.0, 760.0), 1, 1, 2, TEXT, 902, 990, False, 8.5, panel=1)]


def test_one_block_is_written_exactly_as_before():
    block = LayoutBlock(Box(72.004, 100.5, 300.256, 180.0), 0, 1, 2, TEXT, 0, 12, True, 9.9649)
    assert encode_blocks([block]) == ('[{"bbox":[72.0,100.5,300.26,180.0],"band":0,"column":1,"region":2,'
                                      '"kind":"text","start":0,"end":12,"full_last_line":true,"size":9.96}]')


def test_a_block_in_a_box_names_its_panel_and_no_other_block_does():
    written = encode_blocks(BLOCKS)
    assert written.count('"panel"') == 1 and written.endswith('"size":8.5,"panel":1}]')


def test_furniture_keeps_its_text_unescaped_and_chunk_boxes_are_compact():
    head = FurnitureBlock(Box(72.0, 20.0, 200.0, 30.0), HEADER, "Résumé — 3")
    assert encode_furniture([head]) == '[{"bbox":[72.0,20.0,200.0,30.0],"kind":"header","text":"Résumé — 3"}]'
    boxes = [ChunkBox(0, Box(72.0, 20.0, 200.0, 30.0)), ChunkBox(1, Box(1.0, 2.0, 3.0, 4.0))]
    assert encode_chunk_boxes(boxes) == '[{"page":0,"bbox":[72.0,20.0,200.0,30.0]},{"page":1,"bbox":[1.0,2.0,3.0,4.0]}]'


def test_round_trip():
    head = FurnitureBlock(Box(72.0, 20.0, 200.0, 30.0), HEADER, "Running Head ü")
    meta = {BLOCKS_KEY: encode_blocks(BLOCKS), FURNITURE_KEY: encode_furniture([head]),
            BOXES_KEY: encode_chunk_boxes([ChunkBox(3, BLOCKS[1].box)])}
    assert decode_blocks(meta) == BLOCKS
    assert decode_furniture(meta) == [head]
    assert decode_chunk_boxes(meta) == [ChunkBox(3, BLOCKS[1].box)]


def test_decoding_rounds_nothing_but_encoding_keeps_two_decimals():
    block = LayoutBlock(Box(1.234, 2.0, 3.0, 4.0), FURNITURE_BAND, 0, -1, HEADER, 0, 1, size=8.126)
    back = decode_blocks({BLOCKS_KEY: encode_blocks([block])})[0]
    assert back.box == Box(1.23, 2.0, 3.0, 4.0) and back.size == 8.13 and back.band == FURNITURE_BAND


@pytest.mark.parametrize("raw", [None, "", "not json", "{}", "3", '{"bbox": [1, 2, 3, 4]}',
                                 '[{"bbox": [1, 2, 3], "band": 0, "column": 0, "start": 0, "end": 1}]',
                                 '[{"band": 0, "column": 0, "start": 0, "end": 1}]', '["text"]', b"\xff", 7])
def test_decoding_what_no_loader_wrote_gives_nothing(raw):
    meta = {BLOCKS_KEY: raw, FURNITURE_KEY: raw, BOXES_KEY: raw}
    assert decode_blocks(meta) == [] and decode_furniture(meta) == [] and decode_chunk_boxes(meta) == []
    assert decode_blocks({}) == [] and decode_furniture({"source": "x.txt"}) == []


def test_one_unreadable_block_drops_the_whole_layout():
    """Half a layout would lose the text of the other half; with none the splitter falls back."""
    good = encode_blocks(BLOCKS[:1])
    assert decode_blocks({BLOCKS_KEY: good[:-1] + ',{"band":1}]'}) == []


def test_optional_keys_take_their_defaults():
    raw = '[{"bbox":[1,2,3,4],"band":0,"column":0,"start":0,"end":5}]'
    assert decode_blocks({BLOCKS_KEY: raw}) == [LayoutBlock(Box(1.0, 2.0, 3.0, 4.0), 0, 0, 0, TEXT, 0, 5)]
