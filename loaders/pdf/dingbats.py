"""ZapfDingbats glyphs read as the characters they draw.

MuPDF names a ZapfDingbats glyph that no ToUnicode map covers by its number: glyph "a20" (a
heavy check mark) comes out as U+0014, "a71" (a black circle) as "G". That is the base-14 font
(an R plot's markers, a form's boxes) and the font TeX's pifont embeds (a table's check marks:
"\\ding{51}", a comparison table's cells would read as nothing or as a control code). Read
back here by the glyph's name.

`_GLYPHS` maps a glyph's number N (its name "aN") to the character it draws, as MuPDF's own
Dingbats font maps them (its glyph names against its character map: 201 glyphs, a1 to a206).
"""
from __future__ import annotations

import re

# The fonts that name their glyphs so: Adobe's and ITC's Zapf Dingbats, URW's Dingbats (TeX's
# pzdr, D050000L). Other dingbat fonts (Wingdings, a foundry's own) number theirs otherwise.
_ZAPF_DINGBATS = re.compile(r"(?i)^(?:[A-Z]{6}\+)?(?:itc)?zapf-?dingbats|^(?:[A-Z]{6}\+)?(?:dingbats|d050000l)(?:-regular)?$")

_GLYPHS = {
    1: 0x2701, 2: 0x2702, 3: 0x2704, 4: 0x260E, 5: 0x2706, 6: 0x271D, 7: 0x271E, 8: 0x271F,
    9: 0x2720, 10: 0x2721, 11: 0x261B, 12: 0x261E, 13: 0x270C, 14: 0x270D, 15: 0x270E, 16: 0x270F,
    17: 0x2711, 18: 0x2712, 19: 0x2713, 20: 0x2714, 21: 0x2715, 22: 0x2716, 23: 0x2717, 24: 0x2718,
    25: 0x2719, 26: 0x271A, 27: 0x271B, 28: 0x271C, 29: 0x2722, 30: 0x2723, 31: 0x2724, 32: 0x2725,
    33: 0x2726, 34: 0x2727, 35: 0x2605, 36: 0x2729, 37: 0x272A, 38: 0x272B, 39: 0x272C, 40: 0x272D,
    41: 0x272E, 42: 0x272F, 43: 0x2730, 44: 0x2731, 45: 0x2732, 46: 0x2733, 47: 0x2734, 48: 0x2735,
    49: 0x2736, 50: 0x2737, 51: 0x2738, 52: 0x2739, 53: 0x273A, 54: 0x273B, 55: 0x273C, 56: 0x273D,
    57: 0x273E, 58: 0x273F, 59: 0x2740, 60: 0x2741, 61: 0x2742, 62: 0x2743, 63: 0x2744, 64: 0x2745,
    65: 0x2746, 66: 0x2747, 67: 0x2748, 68: 0x2749, 69: 0x274A, 70: 0x274B, 71: 0x25CF, 72: 0x274D,
    73: 0x25A0, 74: 0x274F, 75: 0x2751, 76: 0x25B2, 77: 0x25BC, 78: 0x25C6, 79: 0x2756, 81: 0x25D7,
    82: 0x2758, 83: 0x2759, 84: 0x275A, 85: 0x276F, 86: 0x2771, 87: 0x2772, 88: 0x2773, 89: 0x2768,
    90: 0x2769, 91: 0x276C, 92: 0x276D, 93: 0x276A, 94: 0x276B, 95: 0x2774, 96: 0x2775, 97: 0x275B,
    98: 0x275C, 99: 0x275D, 100: 0x275E, 101: 0x2761, 102: 0x2762, 103: 0x2763, 104: 0x2764, 105: 0x2710,
    106: 0x2765, 107: 0x2766, 108: 0x2767, 109: 0x2660, 110: 0x2665, 111: 0x2666, 112: 0x2663, 117: 0x2709,
    118: 0x2708, 119: 0x2707, 120: 0x2460, 121: 0x2461, 122: 0x2462, 123: 0x2463, 124: 0x2464, 125: 0x2465,
    126: 0x2466, 127: 0x2467, 128: 0x2468, 129: 0x2469, 130: 0x2776, 131: 0x2777, 132: 0x2778, 133: 0x2779,
    134: 0x277A, 135: 0x277B, 136: 0x277C, 137: 0x277D, 138: 0x277E, 139: 0x277F, 140: 0x2780, 141: 0x2781,
    142: 0x2782, 143: 0x2783, 144: 0x2784, 145: 0x2785, 146: 0x2786, 147: 0x2787, 148: 0x2788, 149: 0x2789,
    150: 0x278A, 151: 0x278B, 152: 0x278C, 153: 0x278D, 154: 0x278E, 155: 0x278F, 156: 0x2790, 157: 0x2791,
    158: 0x2792, 159: 0x2793, 160: 0x2794, 161: 0x2192, 162: 0x27A3, 163: 0x2194, 164: 0x2195, 165: 0x2799,
    166: 0x279B, 167: 0x279C, 168: 0x279D, 169: 0x279E, 170: 0x279F, 171: 0x27A0, 172: 0x27A1, 173: 0x27A2,
    174: 0x27A4, 175: 0x27A5, 176: 0x27A6, 177: 0x27A7, 178: 0x27A8, 179: 0x27A9, 180: 0x27AB, 181: 0x27AD,
    182: 0x27AF, 183: 0x27B2, 184: 0x27B3, 185: 0x27B5, 186: 0x27B8, 187: 0x27BA, 188: 0x27BB, 189: 0x27BC,
    190: 0x27BD, 191: 0x27BE, 192: 0x279A, 193: 0x27AA, 194: 0x27B6, 195: 0x27B9, 196: 0x2798, 197: 0x27B4,
    198: 0x27B7, 199: 0x27AC, 200: 0x27AE, 201: 0x27B1, 202: 0x2703, 203: 0x2750, 204: 0x2752, 205: 0x276E,
    206: 0x2770,
}

# What MuPDF gives for each glyph (its number as a code) and the character it draws; a space
# stays a space (glyph "a32" and the font's own space read alike).
_READ = {chr(n): chr(cp) for n, cp in _GLYPHS.items() if n != 32}


def is_zapf_dingbats(font: str) -> bool:
    """The font (a span's font name, a subset prefix or not) is Zapf Dingbats or a clone of it."""
    return bool(_ZAPF_DINGBATS.search(font))


def read_dingbat(ch: str) -> str:
    """The character a Zapf Dingbats glyph draws, from what MuPDF gives for it (unchanged where
    a ToUnicode map already gave the character)."""
    return _READ.get(ch, ch)
