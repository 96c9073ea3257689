"""Stage 2 of a thinking level's decision: what its seat believes about the tiles it
cannot see, read from its view alone.  The opponents that may be ready and their
waits (ai.defense, ai.wait_model), the chance each discard pays one of them, how often
each kind comes out of the others' discards (ai.discard_odds), and how quickly the
hand is likely to end.  Master's sampled worlds (ai.worlds) are drawn on top of these.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai.bloody_values import bloody_pace
from ai.defense import Threat, deal_in_chances, threats
from ai.discard_odds import mean_winning_odds, winning_odds
from ai.features import Evaluator, MeldShape, ruleset_for
from game.engine.ruleset import Ruleset
from game.engine.view import PlayerView

STEP_BOOST = 0.07    # per opponent holding tiles: claims speed up the earlier steps
BASE_HAZARD = 0.01   # per opponent holding tiles: chance per go-around it ends the hand
READY_HAZARD = 0.12  # added per opponent that is ready


@dataclass
class Beliefs:
    """What one decision believes, computed once from the view."""

    view: PlayerView
    ruleset: Ruleset
    evaluator: Evaluator
    threats: list[Threat]
    unseen_counts: np.ndarray
    unseen: int
    trials: int
    hazard: float
    final_boost: float          # any waiting kind: own draw plus the others' discards
    winning: np.ndarray         # the same per kind (ai.discard_odds)
    step_boost: float
    danger: np.ndarray
    shape: MeldShape
    valued: bool      # wins weighed by their pattern's fan (claims), or all alike (turns)

    @property
    def others(self) -> int:
        return self.view.players - 1


def believe(view: PlayerView, valued: bool, found: list[Threat] | None = None) -> Beliefs:
    """The decision's beliefs; `valued`: weigh wins by their pattern's fan; `found`:
    the opponents that may be ready (by default read from the view, ai.defense)."""
    ruleset = ruleset_for(view.ruleset_id)
    unseen = view.unseen_counts()
    if found is None:
        found = threats(view)
    active = sum(1 for s, n in enumerate(view.hand_sizes) if s != view.seat and n > 0)
    trials = max(1, view.wall_remaining // view.players)
    hazard = BASE_HAZARD * active + READY_HAZARD * sum(t.ready for t in found)
    if ruleset.bloody is not None:   # 血战到底: a win does not end the hand for the others
        trials, hazard = bloody_pace(view)
    return Beliefs(
        view=view, ruleset=ruleset, evaluator=Evaluator(ruleset, unseen), threats=found,
        unseen_counts=np.asarray(unseen, dtype=np.float64), unseen=max(1, sum(unseen)),
        trials=trials, hazard=hazard,
        final_boost=mean_winning_odds(view), winning=winning_odds(view),
        step_boost=1 + STEP_BOOST * active,
        danger=deal_in_chances(found), shape=MeldShape.of(view.melds[view.seat]), valued=valued)
