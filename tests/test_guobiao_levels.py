"""No AI level ever claims an illegal 国标 win: random seeded rounds with every level at
the table (Master on a tiny budget), each win an agent chooses checked against the fan
calculator in the round's context (8 fan besides the flowers), every win applied one an
agent chose from the legal actions, tiles conserved, payments zero-sum and as the fan
says."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.base import Agent
from ai.levels import LEVELS, make_agent
from ai.master import MasterAgent
from game.engine import actions as A
from game.engine.state import RoundState
from game.engine.tiles import NUM_KINDS
from tests.test_guobiao_round import GB, check_offered_win, check_settled

WINS = (A.HU, A.SELF_DRAW)


def agent(level: str, seed: int) -> Agent:
    """A level's agent; Master samples 2 worlds a close decision (no clock)."""
    if level == "master":
        return MasterAgent(random.Random(seed), worlds=2)
    return make_agent(level, seed)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), dealer=st.integers(0, 3),
       order=st.permutations(sorted(LEVELS)))
def test_no_level_claims_a_win_the_engine_did_not_offer_or_under_8_fan(
        seed: int, dealer: int, order: list[str]) -> None:
    levels = (order * 4)[:4]
    agents = [agent(level, seed + i) for i, level in enumerate(levels)]
    state = RoundState.new(GB, seed, dealer)
    chosen: list[A.Action] = []
    while not state.is_over:
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        action = agents[seat].choose(state.view(seat), list(legal))
        assert action in legal, f"{levels[seat]} chose {action.to_text()}, not offered"
        if action.kind in WINS:
            check_offered_win(state, action)
            chosen.append(action)
        state.apply(action)
        assert state.tile_count() == 144 and sum(state.scores) == 0
        assert sum(state.flowers) + sum(1 for t in state.wall if t >= NUM_KINDS) == 8
    assert all(any((a.seat, a.tile) == (w.seat, w.tile) for a in chosen) for w in state.wins)
    check_settled(state)
