"""Play arena hands and show every decision to a visitor (for the fitting and
measuring tools): one wall in its four rotations of Hard and three Medium."""
from __future__ import annotations

from collections.abc import Callable

from ai.arena import seatings
from ai.levels import make_seat_agent
from game.engine.actions import Action
from game.engine.state import RoundState
from game.engine.view import PlayerView
from game.engine.wall import derive_seed
from game.rulesets import load_ruleset

SEATS = ("hard", "medium", "medium", "medium")

# (state before the action, the seat's view, its level, the action it chose)
Visitor = Callable[[RoundState, PlayerView, str, Action], None]


def walk_wall(seed: int, wall: int, visit: Visitor) -> None:
    """Play wall `wall` of `seed` in each rotation, calling `visit` before every action."""
    ruleset = load_ruleset("dazhong")
    for r, seating in enumerate(seatings("duplicate", list(SEATS))):
        state = RoundState.new(ruleset, derive_seed(seed, wall), dealer=0)
        agents = [make_seat_agent(spec, derive_seed(seed, wall, r + 1, i), i, 4, ruleset.id)
                  for i, spec in enumerate(seating)]
        while not state.is_over:
            seat = state.seats_to_act()[0]
            view = state.view(seat)
            action = agents[seat].choose(view, state.legal_actions(seat))
            visit(state, view, seating[seat], action)
            state.apply(action)
