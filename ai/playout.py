"""Playing a sampled world forward to the hand's end with a fast policy (Medium at
every seat), for Master's look-ahead: what one candidate move brought in one world."""
from __future__ import annotations

from dataclasses import dataclass

from ai.medium import MediumAgent
from game.engine.actions import Action
from game.engine.state import RoundState


@dataclass(frozen=True)
class Outcome:
    """One playout: the points `seat` gained or lost from the move on, whether it won
    the hand, and whether the move itself paid another seat's win (dealt in at once)."""

    points: int
    won: bool
    dealt_in: bool


def play_out(world: RoundState, move: Action, policy: MediumAgent) -> Outcome:
    """Apply `move` on a copy of `world`, then let `policy` play every seat to the end."""
    state = world.clone()
    seat = move.seat
    before, pool = state.scores[seat], len(state.discards[seat])
    state.apply(move)
    while not state.is_over:
        actor = state.seats_to_act()[0]
        state.apply(policy.choose(state.view(actor), state.legal_actions(actor)))
    won = any(w.seat == seat for w in state.wins)
    dealt_in = any(w.from_seat == seat for w in state.wins) and len(state.discards[seat]) == pool + 1
    return Outcome(state.scores[seat] - before, won, dealt_in)
