"""Play arena hands and show every decision to a visitor (for the fitting and
measuring tools): one wall in its four rotations of Hard and three Medium."""
from __future__ import annotations

from collections.abc import Callable

from ai.arena import seatings
from ai.levels import make_agent
from ai.seats import AgentSeat
from game.engine.actions import Action
from game.engine.state import RoundState
from game.engine.view import PlayerView
from game.engine.wall import derive_seed
from game.play.driver import Driver, LoneRound
from game.play.seat import Turn
from game.rulesets import load_ruleset

SEATS = ("hard", "medium", "medium", "medium")

# (state before the action, the seat's view, its level, the action it chose)
Visitor = Callable[[RoundState, PlayerView, str, Action], None]


class VisitedSeat(AgentSeat):
    """A level's seat that shows each of its decisions to the visitor first."""

    def __init__(self, level: str, seed: int, state: RoundState, visit: Visitor) -> None:
        super().__init__(make_agent(level, seed))
        self.level, self.state, self.visit = level, state, visit

    def think(self, turn: Turn) -> Action:
        action = super().think(turn)
        self.visit(self.state, turn.view, self.level, action)
        return action


def walk_wall(seed: int, wall: int, visit: Visitor) -> None:
    """Play wall `wall` of `seed` in each rotation, calling `visit` before every action."""
    ruleset = load_ruleset("dazhong")
    for r, seating in enumerate(seatings("duplicate", list(SEATS))):
        state = RoundState.new(ruleset, derive_seed(seed, wall), dealer=0)
        seats = [VisitedSeat(level, derive_seed(seed, wall, r + 1, i), state, visit)
                 for i, level in enumerate(seating)]
        Driver(LoneRound(state), seats, strict=True, explained=False).run_round()
