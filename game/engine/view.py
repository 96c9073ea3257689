"""PlayerView: everything one seat may know, and nothing more."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .frozen import rebuilt
from .tiles import NUM_KINDS
from .vocab import Word


class Phase(Word):
    """Where a round stands: dealing, (血战到底: three tiles passed on, void suits
    declared,) a seat's turn, a discard being claimed, over."""

    DEAL = "deal"
    SWAP = "swap"          # every seat chooses the three tiles it passes on (换三张)
    VOID = "void"          # every seat declares its void suit (定缺)
    TURN = "turn"
    CLAIM = "claim"
    ROUND_END = "round_end"


# The phases as module names (the engine's hot paths: a module's name is read several
# times quicker than an Enum class's member)
DEAL, TURN, CLAIM, ROUND_END = Phase.DEAL, Phase.TURN, Phase.CLAIM, Phase.ROUND_END
SWAP, VOID = Phase.SWAP, Phase.VOID


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld as seen from a seat; tiles is empty for another seat's 暗杠."""

    kind: str
    tiles: tuple[int, ...]
    claimed: int | None
    from_seat: int | None

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return rebuilt(self)


@dataclass(frozen=True, slots=True)
class DiscardView:
    tile: int
    ready: bool
    claimed_by: int | None

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return rebuilt(self)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A seat's knowledge of the round: own hand, public tiles, others' tile counts."""

    seat: int
    players: int
    ruleset_id: str
    phase: Phase
    dealer: int
    current: int
    hand: tuple[int, ...]
    drawn: int | None
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[MeldView, ...], ...]
    discards: tuple[tuple[DiscardView, ...], ...]
    ready: tuple[bool, ...]
    auto: tuple[bool, ...]
    wall_remaining: int
    scores: tuple[int, ...]
    claim_tile: int | None
    claim_from: int | None
    claim_kind: str | None
    wildcard: int | None
    copies: int
    tile_kinds: tuple[int, ...]
    voids: tuple[int, ...] = ()     # 血战到底: each seat's void suit (0 m, 1 p, 2 s; -1 none yet)
    won: tuple[int, ...] = ()       # 血战到底: each seat's winning tile (-1: still playing)
    won_hands: tuple[tuple[int, ...], ...] = ()   # 血战到底: a winner's concealed tiles, laid
    #                                  down face up (its winning tile apart); () while playing
    flowers: tuple[int, ...] = ()   # 国标: the flowers each seat has set aside
    round_wind: int = -1            # 国标: the prevailing wind, 0-3 east to north (-1: none)

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return rebuilt(self)

    def hand_counts(self) -> list[int]:
        """Own concealed tiles as a 34-count vector."""
        counts = [0] * NUM_KINDS
        for k in self.hand:
            counts[k] += 1
        return counts

    def visible_counts(self) -> list[int]:
        """Copies of each kind this seat can see: own hand, all melds, unclaimed discards."""
        counts = self.hand_counts()
        for seat_melds in self.melds:
            for m in seat_melds:
                for k in m.tiles:
                    counts[k] += 1
        for pool in self.discards:
            for d in pool:
                if d.claimed_by is None:
                    counts[d.tile] += 1
        return counts

    def unseen_counts(self) -> list[int]:
        """Copies of each kind not visible to this seat (in others' hands or the wall)."""
        visible = self.visible_counts()
        unseen = [0] * NUM_KINDS
        for k in self.tile_kinds:
            unseen[k] = max(0, self.copies - visible[k])
        return unseen
