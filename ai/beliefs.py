"""Stage 2 of a thinking level's decision: what its seat believes about the tiles it
cannot see, read from its view alone.  The opponents that may be ready and their
waits (ai.defense, ai.wait_model), the chance each discard pays one of them, how often
each kind comes out of the others' discards (ai.discard_odds), and how quickly the
hand is likely to end.  Master's sampled worlds (ai.worlds) are drawn on top of these.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai.defense import Threat, deal_in_chances, threats
from ai.discard_odds import mean_winning_odds, winning_odds
from ai.features import Evaluator, ruleset_for
from ai.stakes import Stakes, pace, playing, stakes
from ai.win_values import MeldShape
from game.engine.ruleset import Ruleset
from game.engine.view import PlayerView

STEP_BOOST = 0.07    # per opponent holding tiles: claims speed up the earlier steps


@dataclass
class Beliefs:
    """What one decision believes, computed once from the view."""

    view: PlayerView
    counts: list[int]           # the seat's concealed tiles, per kind
    ruleset: Ruleset
    stakes: Stakes
    evaluator: Evaluator
    shape: MeldShape
    threats: list[Threat]
    danger: np.ndarray
    unseen_counts: np.ndarray
    unseen: int
    playing: int                # seats still playing, this one included
    trials: int
    hazard: float
    final_boost: float          # any waiting kind: own draw plus the others' discards
    winning: np.ndarray         # the same per kind (ai.discard_odds)
    step_boost: float
    valued: bool      # wins weighed by their pattern's fan (claims), or all alike (turns)

    @property
    def others(self) -> int:
        return self.view.players - 1


def believe(view: PlayerView, valued: bool, found: list[Threat] | None = None) -> Beliefs:
    """The decision's beliefs; `valued`: weigh wins by their pattern's fan; `found`:
    the opponents that may be ready (by default read from the view, ai.defense).
    Read in order: the view's own record, the ruleset and the hand's shape, the
    threats, the others' discards, the pace of the hand."""
    counts, unseen = view.hand_counts(), view.unseen_counts()
    active = sum(1 for s, n in enumerate(view.hand_sizes) if s != view.seat and n > 0)
    ruleset = ruleset_for(view.ruleset_id)
    evaluator = Evaluator(ruleset, unseen)
    shape = MeldShape.of(view.melds[view.seat])
    if found is None:
        found = threats(view)
    danger = deal_in_chances(found)
    final_boost, winning = mean_winning_odds(view), winning_odds(view)
    trials, hazard = pace(view, ruleset, active, sum(t.ready for t in found))
    return Beliefs(
        view=view, counts=counts, ruleset=ruleset, stakes=stakes(ruleset),
        evaluator=evaluator, shape=shape, threats=found, danger=danger,
        unseen_counts=np.asarray(unseen, dtype=np.float64), unseen=max(1, sum(unseen)),
        playing=playing(view), trials=trials, hazard=hazard, final_boost=final_boost,
        winning=winning, step_boost=1 + STEP_BOOST * active, valued=valued)
