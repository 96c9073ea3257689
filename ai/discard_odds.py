"""How often each kind of tile comes out of the other seats' discards, for a seat
waiting on it: a ready hand wins on its own draw and on any seat's discard.

A seat that declared 报听 discards whatever it draws, so its discards come like the
seat's own draws.  A seat still building its hand throws what it can use least:
terminals far more often than middle tiles, and kinds it has thrown before (measured
by `python -m tools.measure_discards`, at the seats' 5th to 8th discards, when the
hands that declare become ready)."""
from __future__ import annotations

import numpy as np

from game.engine.tiles import NUM_KINDS, is_honor, rank_of
from game.engine.view import PlayerView

# per rank class of a suit tile (1/9, 2/8, 3/7, 4/6, 5): how much more often than its
# share of the unseen tiles a building seat discards it (4623 discards of Medium seats
# beside Hard, `python -m tools.measure_discards --walls 400 --seed 13`)
RANK_RATE = (1.58, 1.29, 0.77, 0.66, 0.75)
THROWN_AGAIN = 1.57  # a kind the seat has discarded before (over one it has not)
BUILDING = 0.33      # weight of a building seat's discard against the seat's own draw


def rank_class(kind: int) -> int:
    """Index into RANK_RATE of a suit tile: 0 for 1/9, 1 for 2/8 ... 4 for 5."""
    rank = rank_of(kind)
    return min(rank, 10 - rank) - 1


# per kind, the rate of its rank class (honours: 1, not measured)
_RANK_RATES = np.array([1.0 if is_honor(k) else RANK_RATE[rank_class(k)]
                        for k in range(NUM_KINDS)])


def _others(view: PlayerView) -> tuple[int, list[int]]:
    """(declared seats still holding tiles, building seats still holding tiles)."""
    others = [s for s in range(view.players) if s != view.seat and view.hand_sizes[s] > 0]
    return sum(view.ready[s] for s in others), [s for s in others if not view.ready[s]]


def mean_winning_odds(view: PlayerView) -> float:
    """`winning_odds` of a kind not yet known: every building seat at the mean rate."""
    declared, building = _others(view)
    return 1.0 + declared + BUILDING * len(building)


def winning_odds(view: PlayerView) -> np.ndarray:
    """Per kind, how many times as often as the seat's own draw the kind reaches the
    seat as a winning tile in one go-around (its draw plus the others' discards)."""
    declared, building = _others(view)
    odds = np.full(NUM_KINDS, 1.0 + declared)
    for seat in building:
        rates = _RANK_RATES.copy()
        thrown = list({d.tile for d in view.discards[seat]})
        rates[thrown] *= THROWN_AGAIN
        odds += BUILDING * rates
    if view.wildcard is not None:
        odds[view.wildcard] = 1.0   # a discarded wildcard cannot be claimed
    return odds
