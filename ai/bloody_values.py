"""血战到底 in a thinking level's terms: what a complete hand is worth (its points by
game.engine.bloody_score: the fan of its patterns added up, 根 included, capped), and
how long the hand goes on for a seat (a win does not end it: only the third win or
the empty wall do)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from game.engine.bloody_score import WinContext, xuezhan_score
from game.engine.melds import KONG_DIRECT, PENG, Meld
from game.engine.ruleset import Ruleset
from game.engine.view import PlayerView

LAST_WINNER_HAZARD = 0.12   # per go-around, the chance the last other seat playing wins
BLOODY_DEAL_IN = 1.5        # points a deal-in is weighed at (a win pays 1-16)
BLOODY_CLAIM_MARGIN = 0.2   # points a pung that does not advance the hand must gain

Sets = tuple[tuple[int, int], ...]   # the exposed melds: (kind, tiles) per pung or kong
_RULESETS: dict[str, Ruleset] = {}   # the rulesets valued so far, by id (for the cache)


def bloody_points(hands: np.ndarray, sets: Sets, ruleset: Ruleset) -> np.ndarray:
    """Points each payer pays for complete concealed hands (N, 34) won on a discard
    beside the exposed `sets`: 0 for a hand that cannot win (three suits)."""
    _RULESETS.setdefault(ruleset.id, ruleset)
    return np.array([_points(row.tobytes(), sets, ruleset.id) for row in
                     np.ascontiguousarray(hands, dtype=np.int8)], dtype=float)


@lru_cache(maxsize=65536)
def _points(row: bytes, sets: Sets, ruleset_id: str) -> int:
    ruleset = _RULESETS[ruleset_id]
    concealed = [int(c) for c in np.frombuffer(row, dtype=np.int8)]
    melds = [Meld(KONG_DIRECT if n == 4 else PENG, (k,) * n) for k, n in sets]
    win = next((k for k, c in enumerate(concealed) if c), -1)
    try:
        return xuezhan_score(concealed, melds, win, WinContext(), ruleset).points
    except ValueError:   # three suits, or not a win after all
        return 0


def playing(view: PlayerView) -> int:
    """The seats still playing (not yet won), this one included."""
    if not view.won:
        return view.players
    return sum(1 for s in range(view.players) if view.won[s] < 0)


def bloody_pace(view: PlayerView) -> tuple[int, float]:
    """(own draws left, chance per go-around the hand ends for this seat): the wall is
    shared by the seats still playing, and only the last other one's win ends it."""
    seats = playing(view)
    trials = max(1, view.wall_remaining // max(1, seats))
    return trials, LAST_WINNER_HAZARD if seats == 2 else 0.0
