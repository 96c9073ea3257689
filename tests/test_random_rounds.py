"""Property tests over random rounds played by a random legal agent."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bench.random_play import play_medium_round, play_random_round, random_step
from game.engine.match import Match
from game.engine.state import RoundState
from game.rulesets import available_rulesets, load_ruleset

RULESETS = {rid: load_ruleset(rid) for rid in available_rulesets()}


def snapshot(r: RoundState):
    return (r.hands, [list(m) for m in r.melds], r.discards, r.scores, r.events, r.wins,
            r.phase, len(r.wall))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), ruleset_id=st.sampled_from(sorted(RULESETS)),
       dealer=st.integers(0, 3))
def test_random_round_invariants_and_replay(seed, ruleset_id, dealer):
    ruleset = RULESETS[ruleset_id]
    dealer %= ruleset.players
    rng = random.Random(seed)
    r = RoundState.new(ruleset, seed, dealer)
    while not r.is_over:
        seat = r.seats_to_act()[0]
        legal = r.legal_actions(seat)
        assert legal, "a seat that must act has no legal action"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        action = rng.choice(legal)
        assert r.why_illegal(action) is None
        r.apply(action)
        assert r.tile_count() == ruleset.wall_size
        assert sum(r.scores) == 0
        assert all(sum(h) + 3 * len(m) in (13, 14) for h, m in zip(r.hands, r.melds)) or r.is_over
        for other in range(ruleset.players):
            if other not in r.seats_to_act():
                assert r.legal_actions(other) == [], "a seat that is not asked has nothing legal"
            view = r.view(other)
            assert list(view.hand) == r.hand_of(other), "a view shows its own hand"
            in_play = len(ruleset.tile_kinds) * ruleset.copies   # 国标's flowers never are
            assert sum(view.unseen_counts()) + sum(view.visible_counts()) == in_play
    replayed = RoundState.new(ruleset, seed, dealer)
    for a in r.actions:
        replayed.apply(a)
    assert snapshot(replayed) == snapshot(r)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_match_record_round_trip(seed):
    ruleset = RULESETS["dazhong"]
    m = Match(ruleset, seed, 4)
    rng = random.Random(seed)
    while True:
        while not m.round.is_over:
            seat = m.round.seats_to_act()[0]
            m.apply(rng.choice(m.round.legal_actions(seat)))
        if m.is_over:
            break
        m.start_next_hand()
    assert sum(m.totals) == 0 and len(m.history) == 4
    for prev, nxt in zip(m.history, m.history[1:]):
        kept = not prev.wins or any(w.seat == prev.dealer for w in prev.wins)
        assert nxt.dealer == (prev.dealer if kept else (prev.dealer + 1) % 4)
    again = Match.from_record(m.to_record(), ruleset)
    assert again.totals == m.totals and again.history == m.history


def test_clone_is_independent():
    r = RoundState.new(RULESETS["dazhong"], 7)
    c = r.clone()
    rng = random.Random(1)
    for _ in range(30):
        random_step(c, rng)
    assert r.actions == [] and r.tile_count() == 108 and sum(map(sum, r.hands)) == 53


def test_a_clone_plays_on_exactly_as_its_original_would():
    for seed in range(8):
        original = RoundState.new(RULESETS["dazhong"], seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(60)):
            if original.is_over:
                break
            random_step(original, rng)
        copy = original.clone()
        ends = []
        for state in (original, copy):
            play_random_round(state, random.Random(99))
            ends.append(repr((state.actions, state.events, state.scores, state.wins,
                              state.hands, state.melds, state.discards, list(state.wall),
                              state.phase)))
        assert ends[0] == ends[1]


def test_medium_playouts_end_the_round_and_repeat_from_their_seed():
    finals = []
    for _ in range(2):
        state = RoundState.new(RULESETS["dazhong"], 77)
        play_medium_round(state, random.Random(5))
        assert state.is_over
        assert sum(state.scores) == 0
        finals.append((state.scores, [a.to_text() for a in state.actions]))
    assert finals[0] == finals[1]
    # Medium plays to win: over a few walls somebody completes a hand
    wins = 0
    for seed in range(6):
        state = RoundState.new(RULESETS["dazhong"], seed)
        play_medium_round(state, random.Random(seed))
        wins += bool(state.wins)
    assert wins >= 4
