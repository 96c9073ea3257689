"""血战到底 in a thinking level's terms: its stakes (what a deal-in and a claim are
weighed at), and how long the hand goes on for a seat (a win does not end it: only
the third win or the empty wall do).  What a complete hand is worth there is
ai.win_values.bloody_points."""
from __future__ import annotations

from game.engine.view import PlayerView

LAST_WINNER_HAZARD = 0.12   # per go-around, the chance the last other seat playing wins
BLOODY_DEAL_IN = 1.5        # points a deal-in is weighed at (a win pays 1-16)
BLOODY_CLAIM_MARGIN = 0.2   # points a pung that does not advance the hand must gain



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
