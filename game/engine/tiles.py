"""Tile kinds, text notation and 34-kind count vectors.

A tile kind is an int: 0-8 = 1m-9m (万), 9-17 = 1p-9p (筒), 18-26 = 1s-9s (条),
27-33 = 1z-7z (东 南 西 北 白 发 中).  A hand is either a list of kinds or a
count vector of length 34.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

NUM_KINDS: Final = 34
SUITS = "mpsz"
SUIT_SIZES = (9, 9, 9, 7)
MAX_COPIES: Final = 4

HONOR_NAMES_ZH = ("东", "南", "西", "北", "白", "发", "中")
SUIT_NAMES_ZH = ("万", "筒", "条")
NUMERALS_ZH = ("一", "二", "三", "四", "五", "六", "七", "八", "九")


class NotationError(ValueError):
    """A hand or tile string that does not follow the notation."""


def suit_of(kind: int) -> int:
    """0 = m, 1 = p, 2 = s, 3 = honors."""
    return kind // 9 if kind < 27 else 3


def rank_of(kind: int) -> int:
    """Rank 1-9 for suited tiles, 1-7 for honors."""
    return kind - 9 * suit_of(kind) + 1


def is_honor(kind: int) -> bool:
    return kind >= 27


def kind_of(rank: int, suit: str) -> int:
    """Kind index of e.g. (5, 'p')."""
    s = SUITS.index(suit)
    if not 1 <= rank <= SUIT_SIZES[s]:
        raise NotationError(f"no tile {rank}{suit}")
    return 9 * s + rank - 1


_NAMES = tuple(f"{rank_of(k)}{SUITS[suit_of(k)]}" for k in range(NUM_KINDS))
_RANK_DIGITS = tuple(str(rank_of(k)) for k in range(NUM_KINDS))
_SUIT_OF = tuple(suit_of(k) for k in range(NUM_KINDS))


def tile_name(kind: int) -> str:
    """Short notation of one tile, e.g. '5m', '7z'."""
    if not 0 <= kind < NUM_KINDS:
        raise NotationError(f"no tile kind {kind}")
    return _NAMES[kind]


def tile_name_zh(kind: int) -> str:
    """Chinese name of one tile, e.g. '五万', '中'."""
    s = suit_of(kind)
    if s == 3:
        return HONOR_NAMES_ZH[rank_of(kind) - 1]
    return NUMERALS_ZH[rank_of(kind) - 1] + SUIT_NAMES_ZH[s]


def parse_tiles(text: str) -> list[int]:
    """Parse notation such as '123m456p789s11m' or '1m 2m 3z' into kinds, in order.

    Raises NotationError naming the problem for anything malformed (only the ASCII
    digits 1-9 are ranks: superscript, full-width or Arabic-Indic digits are refused).
    """
    if not isinstance(text, str):
        raise NotationError(f"tiles must be written as text, not {type(text).__name__}")
    kinds: list[int] = []
    digits: list[int] = []
    for ch in text.strip():
        if ch.isspace():
            continue
        if ch in "0123456789":
            digits.append(int(ch))
        elif ch in SUITS:
            if not digits:
                raise NotationError(f"suit letter '{ch}' without digits in {text!r}")
            for d in digits:
                if d == 0:
                    raise NotationError(f"rank 0 in {text!r}")
                kinds.append(kind_of(d, ch))
            digits = []
        else:
            raise NotationError(f"unexpected character {ch!r} in {text!r}")
    if digits:
        raise NotationError(f"digits without a suit letter at the end of {text!r}")
    return kinds


def parse_tile(text: str) -> int:
    """Parse exactly one tile, e.g. '5m'."""
    kinds = parse_tiles(text)
    if len(kinds) != 1:
        raise NotationError(f"expected one tile, got {text!r}")
    return kinds[0]


def format_tiles(kinds: Iterable[int], sort: bool = True) -> str:
    """Compact notation: kinds grouped by suit, e.g. '123m456p11z'."""
    seq = sorted(kinds) if sort else list(kinds)
    out: list[str] = []
    run_suit = -1
    for k in seq:
        s = _SUIT_OF[k]
        if run_suit not in (-1, s):
            out.append(SUITS[run_suit])
        out.append(_RANK_DIGITS[k])
        run_suit = s
    if run_suit != -1:
        out.append(SUITS[run_suit])
    return "".join(out)


def to_counts(kinds: Iterable[int]) -> list[int]:
    """Count vector of length 34."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def from_counts(counts: Sequence[int]) -> list[int]:
    """Sorted list of kinds from a count vector."""
    return [k for k in range(NUM_KINDS) for _ in range(int(counts[k]))]


def parse_counts(text: str, max_tiles: int = 14) -> list[int]:
    """Parse a hand into a count vector, checking tile count and copies."""
    kinds = parse_tiles(text)
    if len(kinds) > max_tiles:
        raise NotationError(f"{len(kinds)} tiles in {text!r}; at most {max_tiles}")
    counts = to_counts(kinds)
    for k, c in enumerate(counts):
        if c > MAX_COPIES:
            raise NotationError(f"{c} copies of {tile_name(k)} in {text!r}; at most {MAX_COPIES}")
    return counts
