"""Line breaking for mixed Chinese and English text: a line may break between any two
Chinese characters or at a space, never before closing punctuation (。，、）》」 …) nor
after opening punctuation (（《「 …). Pure: the caller measures with its own font."""
from __future__ import annotations

from collections.abc import Callable

NO_START = frozenset("。，、：；！？）》」』】〕〉”’…—～·%,.:;!?)]}")  # never opens a line
NO_END = frozenset("（《「『【〔〈“‘([{")                            # never ends a line

Measure = Callable[[str], int]


def _is_wide(ch: str) -> bool:
    """A character after which (and before which) a line may break: CJK ideographs, kana,
    fullwidth forms and CJK punctuation."""
    code = ord(ch)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or ch in "…—")


def units(text: str) -> list[str]:
    """The pieces a line is made of: each wide character alone, each run of other
    characters (an English word, a number) whole; spaces stay with the piece before."""
    out: list[str] = []
    word = ""
    for ch in text:
        if ch == " ":
            if word:
                out.append(word)
                word = ""
            if out:
                out[-1] += ch
            continue
        if _is_wide(ch):
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        else:
            word += ch
    if word:
        out.append(word)
    return out


def _split_long(unit: str, width: int, measure: Measure) -> list[str]:
    """A single piece wider than the line, cut character by character."""
    parts, part = [], ""
    for ch in unit:
        if part and measure(part + ch) > width:
            parts.append(part)
            part = ""
        part += ch
    return [*parts, part] if part else parts


def _settle(line: list[str], rest: list[str]) -> None:
    """Move pieces from the end of `line` to the front of `rest` until no line starts with
    closing punctuation or ends with opening punctuation (a piece stays when it is alone)."""
    while len(line) > 1 and rest and rest[0][0] in NO_START:
        rest.insert(0, line.pop())
    while len(line) > 1 and line[-1].rstrip()[-1:] in NO_END:
        rest.insert(0, line.pop())


def break_lines(text: str, width: int, measure: Measure) -> list[str]:
    """`text` broken into lines of at most `width` pixels as `measure` counts them (a line
    holding one piece that is too wide on its own is cut inside it)."""
    pieces: list[str] = []
    for unit in units(text):
        pieces += _split_long(unit, width, measure) if measure(unit.rstrip()) > width else [unit]
    lines: list[str] = []
    line: list[str] = []
    while pieces:
        piece = pieces.pop(0)
        if line and measure("".join(line) + piece.rstrip()) > width:
            rest = [piece, *pieces]
            _settle(line, rest)
            lines.append("".join(line).rstrip())
            line, pieces = [], rest
            continue
        line.append(piece)
    if line or not lines:
        lines.append("".join(line).rstrip())
    return lines
