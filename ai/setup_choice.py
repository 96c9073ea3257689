"""血战到底's own decisions, shared by the thinking levels: which three tiles to pass on
(换三张), which suit to give up (定缺), and which void tile goes first while any is held."""
from __future__ import annotations

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.view import PlayerView


def _suit_weight(counts: list[int], base: int) -> tuple[int, int]:
    """How much a suit is worth keeping: its tiles, then its pairs and neighbours."""
    c = counts[base:base + 9]
    links = sum(min(c[r], 2) // 2 for r in range(9))
    links += sum(1 for r in range(8) if c[r] and c[r + 1])
    links += sum(1 for r in range(7) if c[r] and c[r + 2])
    return sum(c), links


def _tile_use(counts: list[int], kind: int) -> int:
    """How much one tile helps its hand: copies of it and tiles one or two ranks away."""
    rank, use = kind % 9, 2 * (counts[kind] - 1)
    for d in (-2, -1, 1, 2):
        if 0 <= rank + d < 9:
            use += counts[kind + d] * (3 - abs(d))
    return use


def setup_choice(view: PlayerView, legal: list[Action]) -> Action:
    """The void suit: the one least worth keeping. The three tiles passed on: of the
    weakest suit that has three, the three that help the hand least."""
    counts = view.hand_counts()
    if legal[0].kind == A.VOID:
        return min(legal, key=lambda a: _suit_weight(counts, a.tile or 0))

    def cost(a: Action) -> tuple[tuple[int, int], int]:
        base = a.tiles[0] // 9 * 9
        return _suit_weight(counts, base), sum(_tile_use(counts, t) for t in a.tiles)
    return min(legal, key=cost)


def void_discard(view: PlayerView, legal: list[Action]) -> Action | None:
    """While the hand holds its void suit only those tiles may go: the one most often
    seen already (the safest), or None when the void rule does not bind this turn."""
    if not view.voids or view.voids[view.seat] < 0:
        return None
    base = 9 * view.voids[view.seat]
    counts = view.hand_counts()
    if not any(counts[base:base + 9]):
        return None
    seen = view.visible_counts()
    discards = [a for a in legal if a.kind == A.DISCARD and a.tile is not None]
    return max(discards, key=lambda a: (seen[a.tile or 0], a.tile)) if discards else None
