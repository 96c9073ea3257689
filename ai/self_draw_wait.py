"""血战到底: whether to pass a win on another seat's discard and wait for the self-draw.
Our 血战 has no 过水不胡 (a passed win does not bar the next one), so passing keeps
every later win open; a self-draw is paid by every seat still playing, each a point
more (自摸加底), where a discard win is paid by the discarder alone.  Early in the hand,
while nobody has won, with many live waits and a long wall, the wait is worth more
than the win now (measured on paired walls: docs/ai_strength.md, "Waiting for the
self-draw"; a cap on the points of the win passed did no better)."""
from __future__ import annotations

from ai.stakes import playing
from game.engine.hands import waits
from game.engine.ruleset import Ruleset
from game.engine.view import PlayerView

WAIT_WALL = 24      # wait only while at least this many tiles are left in the wall
WAIT_LIVE = 4       # and the hand's waits have at least this many unseen copies


def waits_for_self_draw(view: PlayerView, ruleset: Ruleset) -> bool:
    """Whether to pass a win on another seat's discard and play on for the self-draw:
    in 血战到底 only, while every seat still plays."""
    if ruleset.bloody is None or playing(view) < view.players \
            or view.wall_remaining < WAIT_WALL:
        return False
    unseen = view.unseen_counts()
    return sum(unseen[k] for k in waits(view.hand_counts(), ruleset.hand_rules)) >= WAIT_LIVE
