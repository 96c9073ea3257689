"""Busy sample states of the table for the layout self-check: a claim with three options,
the 报听 switch, a ready hand's waits, full pools and melds, long names, the hotseat
debug view with reasoning panels, the pause menu. Found by playing seeded hands with a
fixed policy (everyone claims, nobody wins), so they are the same every run."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game import paths
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.state import RoundState
from game.shell.controller import MatchSession, SeatSetup

LONG_NAMES = ("Alexandra Montgomery-Smythe", "东方不败的第三个关门高手小张", "Bartholomew Featherstone",
              "Nakamura Kiyoshi Takahashi")
Goal = Callable[[RoundState], bool]
MAX_SEEDS = 400


def policy(state: RoundState, seat: int, legal: list[Action], rng: random.Random,
           claims: bool = True) -> Action:
    """Everyone takes every kong, pung and chow (unless `claims` is off); seat 0 declares
    报听; nobody wins."""
    for kind in (A.CONCEALED_KONG, A.ADDED_KONG, A.KONG, A.PENG, A.CHI) if claims else ():
        found = [a for a in legal if a.kind == kind]
        if found:
            return found[0]
    passes = [a for a in legal if a.kind == A.PASS]
    if passes:
        return passes[0]
    discards = [a for a in legal if a.kind == A.DISCARD and a.ready == (seat == 0)]
    discards = discards or [a for a in legal if a.kind == A.DISCARD]
    return rng.choice(discards or legal)


def play(seed: int, kinds: tuple[str, ...], goal: Goal, debug: bool = False,
         reasoning: dict[int, list[tuple[str, float]]] | None = None,
         claims: bool = True) -> MatchSession | None:
    """Seed `seed`'s first hand under `policy` up to `goal` (checked before each decision
    of seat 0), or None if the hand ends first. With `reasoning`, each AI seat's agent
    also weighs its decisions and the last explanation of each is kept there."""
    seats = [SeatSetup(k, n) for k, n in zip(kinds, LONG_NAMES)]
    session = MatchSession.new("dazhong", seed, 4, seats, debug=debug)
    session.save_path = paths.data_dir() / "layout-specimen.json"
    session.setup.update(show_all_hands=debug)
    state, rng = session.round, random.Random(seed)
    while not state.is_over:
        seat = state.seats_to_act()[0]
        if seat == 0 and goal(state):
            return session
        legal = state.legal_actions(seat)
        agent = session.agents.get(seat)
        if reasoning is not None and agent is not None:
            agent.choose(state.view(seat), legal)
            reasoning[seat] = agent.explain()
        session.match.apply(policy(state, seat, legal, rng, claims))
    return None


def find(kinds: tuple[str, ...], goal: Goal, debug: bool = False,
         claims: bool = True) -> MatchSession:
    """The first seeded hand that reaches `goal`."""
    for seed in range(1, MAX_SEEDS):
        session = play(seed, kinds, goal, debug, claims=claims)
        if session is not None:
            return session
    raise LookupError("no table state reaches the goal")


def busy_claim(state: RoundState) -> bool:
    """Seat 0 may answer a discard three ways (and pass), with the table full of melds."""
    options = [a for a in state.legal_actions(0) if a.kind != A.PASS]
    return state.window is not None and len(options) >= 3 and \
        sum(len(m) for m in state.melds) >= 7


def ready_choice(state: RoundState) -> bool:
    """Seat 0's own turn with discards that declare 报听, late in the hand."""
    return state.window is None and any(a.ready for a in state.legal_actions(0)) and \
        len(state.wall) < 50


def ready_waiting(state: RoundState) -> bool:
    """Seat 0 has declared 报听 and waits while a deep pool lies on the table."""
    return state.ready[0] and state.window is not None and len(state.wall) < 30


def full_pools(state: RoundState) -> bool:
    """The wall nearly empty with no claims made: every pool at its deepest."""
    return len(state.wall) < 6


def table_specimens() -> list[tuple[str, dict[str, Any]]]:
    """(name, keyword arguments for TableScene) of each busy state."""
    ai = ("human", "hard", "medium", "easy")
    hotseat_kinds = ("human", "human", "medium", "easy")
    seed = find(hotseat_kinds, busy_claim, debug=True).match.seed
    reasoning: dict[int, list[tuple[str, float]]] = {}
    hotseat = play(seed, hotseat_kinds, busy_claim, True, reasoning)
    return [("claim", {"session": find(ai, busy_claim)}),
            ("ready_choice", {"session": find(ai, ready_choice)}),
            ("ready_waiting", {"session": find(ai, ready_waiting)}),
            ("hotseat_debug", {"session": hotseat, "reasoning": reasoning}),
            ("full_pools", {"session": find(ai, full_pools, claims=False)}),
            ("pause_menu", {"session": find(ai, busy_claim), "menu": True})]
