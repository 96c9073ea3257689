"""Which characters a font file has: its 'cmap' table read directly (formats 4 and 12),
so the game can tell, without rendering, which font draws each character of a line."""
from __future__ import annotations

import struct
from functools import cache
from pathlib import Path

PREFERRED = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3))   # (platform, encoding), best first


class FontFileError(ValueError):
    """A font file whose character map cannot be read."""


def _table(data: bytes, tag: bytes) -> bytes:
    (count,) = struct.unpack_from(">H", data, 4)
    for i in range(count):
        name, _sum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if name == tag:
            return data[offset:offset + length]
    raise FontFileError(f"no {tag.decode()} table")


def _format4(sub: bytes) -> set[int]:
    (seg2,) = struct.unpack_from(">H", sub, 6)
    n = seg2 // 2
    ends = struct.unpack_from(f">{n}H", sub, 14)
    starts = struct.unpack_from(f">{n}H", sub, 16 + seg2)
    deltas = struct.unpack_from(f">{n}h", sub, 16 + 2 * seg2)
    range_at = 16 + 3 * seg2
    ranges = struct.unpack_from(f">{n}H", sub, range_at)
    chars: set[int] = set()
    for i in range(n):
        for c in range(starts[i], ends[i] + 1):
            if c == 0xFFFF:
                continue
            if ranges[i] == 0:
                glyph = (c + deltas[i]) & 0xFFFF
            else:
                at = range_at + 2 * i + ranges[i] + 2 * (c - starts[i])
                (glyph,) = struct.unpack_from(">H", sub, at)
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                chars.add(c)
    return chars


def _format12(sub: bytes) -> set[int]:
    (groups,) = struct.unpack_from(">I", sub, 12)
    chars: set[int] = set()
    for i in range(groups):
        start, end, _glyph = struct.unpack_from(">III", sub, 16 + 12 * i)
        chars.update(range(start, end + 1))
    return chars


def characters(data: bytes) -> frozenset[int]:
    """The code points an OpenType/TrueType font file maps to a glyph."""
    try:
        cmap = _table(data, b"cmap")
        (count,) = struct.unpack_from(">H", cmap, 2)
        subtables = {struct.unpack_from(">HH", cmap, 4 + 8 * i):
                     struct.unpack_from(">I", cmap, 8 + 8 * i)[0] for i in range(count)}
        for key in PREFERRED:
            if key in subtables:
                sub = cmap[subtables[key]:]
                (fmt,) = struct.unpack_from(">H", sub, 0)
                if fmt == 12:
                    return frozenset(_format12(sub))
                if fmt == 4:
                    return frozenset(_format4(sub))
    except struct.error as exc:
        raise FontFileError(f"damaged font file ({exc})") from None
    raise FontFileError("no Unicode character map of format 4 or 12")


@cache
def file_characters(path: str) -> frozenset[int]:
    """characters() of a font file, read once."""
    return characters(Path(path).read_bytes())
