"""The rules a hand is read by: which shapes win, and which kind is a joker."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .frozen import rebuilt
from .tiles import NUM_KINDS


@dataclass(frozen=True)
class HandRules:
    """Which hand shapes win."""

    seven_pairs: bool = True  # 七对 allowed
    quads_as_two_pairs: bool = True  # four identical tiles count as two pairs in 七对
    pair_258: bool = False  # 长沙: the regular form's pair must be a 2, 5 or 8 of a suit
    wildcard: int | None = None  # kind whose copies are jokers (鬼牌)

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return rebuilt(self)

    def __post_init__(self) -> None:
        if self.wildcard is not None and not 0 <= self.wildcard < NUM_KINDS:
            raise ValueError(f"wildcard must be a tile kind 0..33, got {self.wildcard!r}")


DEFAULT_RULES = HandRules()
