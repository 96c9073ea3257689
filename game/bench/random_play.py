"""Rounds played to their end: by random legal actions (the engine's fuzzer, test
driver and speed benchmark), or by Medium at every seat (a playout's cost)."""
from __future__ import annotations

import random

from ai.levels import make_agent
from game.engine.actions import Action
from game.engine.state import RoundState


def random_step(state: RoundState, rng: random.Random) -> Action:
    """Pick a uniformly random legal action for the first seat that must act, apply it."""
    seat = state.seats_to_act()[0]
    action = rng.choice(state.legal_actions(seat))
    state.apply(action)
    return action


def play_random_round(state: RoundState, rng: random.Random) -> list[Action]:
    """Play the round to its end with random legal actions; returns what was applied."""
    applied = []
    while not state.is_over:
        applied.append(random_step(state, rng))
    return applied


def play_medium_round(state: RoundState, rng: random.Random) -> None:
    """Play the round to its end with Medium at every seat: what one playout of a
    search would cost with a sensible (not random) policy."""
    agents = [make_agent("medium", rng.getrandbits(32)) for _ in range(state.ruleset.players)]
    while not state.is_over:
        seat = state.seats_to_act()[0]
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions(seat)))
