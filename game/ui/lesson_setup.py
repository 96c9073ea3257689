"""A lesson's 血战到底 set-up choices. 换三张: the player picks three tiles of one suit on
the hand (nothing is picked for them: choosing is the lesson) and the bubble showing the
three plays them; 定缺: one bubble per suit."""
from __future__ import annotations

from collections.abc import Sequence

from game.engine import actions as A
from game.engine.actions import Action
from game.ui.bubbles import Option


def setup_kind(legal: Sequence[Action]) -> A.ActionKind | None:
    """SWAP or VOID while the player makes that set-up choice, else None."""
    return legal[0].kind if legal and legal[0].kind in A.SETUP_KINDS else None


def pick(picked: list[int], index: int, tiles: Sequence[int]) -> list[int]:
    """The hand indexes picked after a click on the index-th tile: a picked one is put
    back; a tile of another suit starts the pick over; a fourth lets the oldest go."""
    if index in picked:
        return [i for i in picked if i != index]
    suit = tiles[index] // 9
    return [*[i for i in picked if tiles[i] // 9 == suit][-2:], index]


def setup_options(legal: Sequence[Action], tiles: Sequence[int],
                  picked: Sequence[int]) -> list[Option]:
    """The bubbles: a suit each for 定缺; for 换三张 the picked three once they may go."""
    if setup_kind(legal) == A.VOID:
        return [Option(a, A.VOID, (a.tile,)) for a in legal if a.tile is not None]
    trio = tuple(sorted(tiles[i] for i in picked))
    return [Option(a, A.SWAP, trio) for a in legal if a.tiles == trio]


def pickable(legal: Sequence[Action]) -> set[int]:
    """The kinds of the hand a swap may pass (none while choosing the void suit)."""
    return {t for a in legal for t in a.tiles} if setup_kind(legal) == A.SWAP else set()
