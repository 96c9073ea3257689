"""Master: sampled worlds agree with the seat's view, its look-ahead is reproducible and
counted in work, its reasons carry numbers in range, and it plays only legal moves."""
from __future__ import annotations

import math
import random

from ai.beliefs import believe
from ai.levels import TABLE_CAP_S, make_agent
from ai.master import MasterAgent
from ai.wait_model import declaration
from ai.worlds import sample_world
from game.engine.hands import waits
from game.engine.state import RoundState
from game.engine.tiles import parse_tiles
from game.engine.view import Phase
from game.rulesets import load_ruleset
from tests.test_ai_agents import discards_of, play_round, view_of

DAZHONG = load_ruleset("dazhong")


def turn_views(seed: int, every: int = 3) -> list[tuple[RoundState, int]]:
    """(round, seat) at some free turns of a Medium round (copies kept as they were)."""
    state = RoundState.new(DAZHONG, seed)
    agent = MasterAgent(random.Random(seed), worlds=1)
    out, step = [], 0
    while not state.is_over:
        seat = state.seats_to_act()[0]
        view = state.view(seat)
        if state.phase is Phase.TURN and not view.ready[seat] and step % every == 0:
            out.append((state.clone(), seat))
        state.apply(agent.policy.choose(view, state.legal_actions(seat)))
        step += 1
    return out


def test_a_sampled_world_shows_the_seat_exactly_its_view_and_holds_every_tile():
    checked = 0
    for seed in range(6):
        for state, seat in turn_views(seed):
            view = state.view(seat)
            world = sample_world(view, believe(view, False), random.Random(seed))
            if world is None:
                continue
            checked += 1
            assert world.view(seat) == view
            assert world.legal_actions(seat) == state.legal_actions(seat)
            assert world.tile_count() == state.tile_count()
            for other in range(view.players):
                if other != seat and view.ready[other]:
                    found = waits(world.hands[other], DAZHONG.hand_rules)
                    assert found and not set(found) & declaration(view, other)[1]
    assert checked > 20


def test_same_seed_same_decisions_and_reasons_and_the_budget_is_counted_in_worlds():
    looked = 0
    for state, seat in turn_views(4, every=4)[:8]:
        view, legal = state.view(seat), state.legal_actions(seat)
        first, again = MasterAgent(random.Random(9), worlds=6), MasterAgent(random.Random(9), worlds=6)
        assert first.choose(view, list(legal)) == again.choose(view, list(legal))
        assert first.reasons == again.reasons
        assert first.samples <= 6
        looked += first.samples > 0
    assert looked > 0


def test_reasons_of_a_look_ahead_are_numbers_in_range():
    seen = 0
    for state, seat in turn_views(11, every=2)[:10]:
        agent = MasterAgent(random.Random(3), worlds=5)
        agent.choose(state.view(seat), state.legal_actions(seat))
        if not agent.samples:
            continue
        seen += 1
        sampled = [e for e in agent.reasons if e.samples]
        assert sampled and all(e.samples == agent.samples for e in sampled)
        for e in sampled:
            assert e.win_chance is not None and 0.0 <= e.win_chance <= 1.0
            assert e.deal_in_risk is not None and 0.0 <= e.deal_in_risk <= 1.0
            assert e.expected_points is not None and math.isfinite(e.expected_points)
        assert [e.score for e in agent.reasons] == sorted((e.score for e in agent.reasons),
                                                          reverse=True)
    assert seen > 0


def test_master_plays_only_legal_moves_over_seeded_rounds():
    for seed in range(3):
        play_round("dazhong", seed, ["master", "medium", "hard", "medium"], 0.02)


def test_master_folds_a_far_hand_against_a_declared_ready_hand():
    pools = {1: "9s9p4m6s", 2: "5p7m2p3m8s", 3: "8m9m1s2s"}
    threatened = view_of("2479m2589p13567s2s", "2s", wall=24, pools=pools, ready_at={1: 2})
    action = MasterAgent(random.Random(1)).choose(threatened, discards_of(threatened))
    assert action.tile in parse_tiles("6s2s9p")


def test_a_table_caps_masters_thinking_by_the_clock_and_the_arena_by_work_alone():
    seated, measured = make_agent("master", 5, at_table=True), make_agent("master", 5)
    assert isinstance(seated, MasterAgent) and isinstance(measured, MasterAgent)
    assert seated.budget.time_cap == TABLE_CAP_S <= 1.0
    assert measured.budget.time_cap is None
    assert seated.budget.worlds == measured.budget.worlds
