"""A random legal player: the engine's fuzzer, test driver and speed benchmark."""
from __future__ import annotations

import random

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
