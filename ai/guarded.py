"""A fast playout policy that minds a declared 报听: Medium's play, except that while
another seat has declared and its own hand has not, it discards by a cheap danger
reading (现物 exactly safe, the shapes that could wait on a kind, ai.defense) instead of
by shape alone.  Master's look-ahead plays its own seat by it (ai.playout), so the
playouts no longer assume a hand that walks into every declared wait."""
from __future__ import annotations

import numpy as np

from ai.defense import shape_waits
from ai.features import ruleset_for
from ai.medium import MediumAgent
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands import discard_shanten
from game.engine.view import PlayerView

STEP_BACK = 0.15   # danger a discard must save to be worth a step back from ready
EVEN = 0.02        # danger within which Medium's own pick is kept


def declared_danger(view: PlayerView) -> np.ndarray | None:
    """Per kind, the chance a discard of it pays a seat that declared 报听 (by the shapes
    that could wait on it; passed tiles exactly safe); None while no other seat has."""
    declared = [s for s in range(view.players) if s != view.seat and view.ready[s]]
    if not declared:
        return None
    unseen = np.asarray(view.unseen_counts(), dtype=np.float64)
    missed = np.ones(len(unseen))
    for seat in declared:
        missed *= 1.0 - shape_waits(view, seat, unseen)
    return 1.0 - missed


class GuardedAgent(MediumAgent):
    name = "guarded"

    def play_turn(self, view: PlayerView, legal: list[Action]) -> Action:
        medium = super().play_turn(view, legal)
        danger = declared_danger(view)
        if danger is None or medium.kind != A.DISCARD:
            return medium
        rules = ruleset_for(view.ruleset_id).hand_rules
        kinds = {a.tile for a in legal if a.kind == A.DISCARD}
        after = {k: s for k, s in discard_shanten(view.hand_counts(), rules).items()
                 if k in kinds}
        best = min(after.values())
        step = STEP_BACK if best > 0 else 1e9   # a hand that can be ready stays ready

        def cost(k: int) -> float:
            return (after[k] - best) * step + float(danger[k])

        tile = min(after, key=cost)
        assert medium.tile is not None
        if cost(medium.tile) <= cost(tile) + EVEN:
            return medium
        return max((a for a in legal if a.kind == A.DISCARD and a.tile == tile),
                   key=lambda a: a.ready)
