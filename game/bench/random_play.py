"""Rounds played to their end through the driver: by random legal actions (the
engine's fuzzer, test driver and speed benchmark), or by Medium at every seat (a
playout's cost)."""
from __future__ import annotations

import random

from ai.levels import make_agent
from ai.seats import AgentSeat
from game.engine.actions import Action
from game.engine.state import RoundState
from game.play.driver import Driver, LoneRound
from game.play.seat import Answer, Known, SeatBase, Turn


class RandomSeat(SeatBase):
    """A seat that takes a uniformly random legal action."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__("random")
        self.rng = rng

    def decide(self, turn: Turn) -> Answer:
        return Known(self.rng.choice(turn.legal))


def random_step(state: RoundState, rng: random.Random) -> Action:
    """Pick a uniformly random legal action for the first seat that must act, apply it."""
    seat = state.seats_to_act()[0]
    action = rng.choice(state.legal_actions(seat))
    state.apply(action)
    return action


def play_random_round(state: RoundState, rng: random.Random) -> list[Action]:
    """Play the round to its end with random legal actions; returns what was applied."""
    start = len(state.actions)
    Driver(LoneRound(state), [RandomSeat(rng)] * state.ruleset.players).run_round()
    return state.actions[start:]


def play_medium_round(state: RoundState, rng: random.Random) -> None:
    """Play the round to its end with Medium at every seat: what one playout of a
    search would cost with a sensible (not random) policy."""
    seats = [AgentSeat(make_agent("medium", rng.getrandbits(32)))
             for _ in range(state.ruleset.players)]
    Driver(LoneRound(state), seats, strict=True, explained=False).run_round()
