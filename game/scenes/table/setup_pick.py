"""The viewer's 血战到底 set-up choices at the table.

换三张: three tiles of one suit are picked on the hand (the suggestion picked at first)
and a bubble showing them confirms. 定缺: one bubble per suit, the suggested suit's tile
outlined in gold. The clock's default answer is the suggestion (the AI's own choice)."""
from __future__ import annotations

from collections.abc import Hashable, Sequence

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.view import PlayerView
from game.ui.bubbles import Option


def is_setup(legal: Sequence[Action]) -> bool:
    """The decision is a set-up choice (换三张 or 定缺)."""
    return bool(legal) and legal[0].kind in A.SETUP_KINDS


def suggestion(view: PlayerView, legal: Sequence[Action]) -> Action:
    """The choice the AI levels make in this seat."""
    from ai.setup_choice import setup_choice
    return setup_choice(view, list(legal))


class SetupPick:
    """The picked tiles (hand indexes) of one set-up decision and its bubbles."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.legal: tuple[Action, ...] = ()
        self.tiles: list[int] = []
        self.picked: list[int] = []
        self.default: Action | None = None

    def follow(self, key: Hashable, view: PlayerView, legal: Sequence[Action],
               tiles: list[int]) -> None:
        """The decision shown now (`legal` empty or not a set-up: none); a new one
        starts from the suggestion."""
        if not is_setup(legal):
            self.key, self.legal, self.picked, self.default = None, (), [], None
            return
        self.legal, self.tiles = tuple(legal), tiles
        if key == self.key:
            return
        self.key, self.default = key, suggestion(view, legal)
        self.picked = []
        for kind in self.default.tiles:
            self.picked.append(next(i for i, k in enumerate(tiles)
                                    if k == kind and i not in self.picked))

    @property
    def swapping(self) -> bool:
        return bool(self.legal) and self.legal[0].kind == A.SWAP

    def enabled(self) -> set[int]:
        """The kinds of the hand that may be picked (all while choosing the void suit)."""
        if not self.swapping:
            return set(self.tiles)
        return {t for a in self.legal for t in a.tiles}

    def toggle(self, index: int) -> bool:
        """Pick or put back the index-th tile of the hand; True if the pick changed."""
        if not self.swapping or not 0 <= index < len(self.tiles):
            return False
        if index in self.picked:
            self.picked.remove(index)
            return True
        if self.tiles[index] not in self.enabled():
            return False
        if len(self.picked) == 3:
            self.picked.pop(0)
        self.picked.append(index)
        return True

    def options(self) -> list[Option]:
        """The bubbles: the picked three when they make a legal swap; one per suit."""
        if not self.swapping:
            mark = self.default.tile if self.default is not None else None
            return [Option(a, A.VOID, (a.tile,), a.tile if a.tile == mark else None)
                    for a in self.legal if a.tile is not None]
        trio = tuple(sorted(self.tiles[i] for i in self.picked))
        chosen = [a for a in self.legal if a.tiles == trio]
        return [Option(chosen[0], A.SWAP, trio)] if chosen else []
