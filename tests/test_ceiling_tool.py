"""tools.ceiling: Hard told the truth of the hidden hands, for measuring what reading is worth."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np

from ai.beliefs import believe
from ai.defense import threats
from ai.hard import HardAgent
from game.engine.state import RoundState
from game.engine.tiles import parse_counts, parse_tile
from game.rulesets import load_ruleset
from tools.ceiling import SightedHard
from tools.paired import paired

ROOT = Path(__file__).resolve().parent.parent


def table() -> RoundState:
    """Seat 0 to discard; its next seat waits on 3m-6m, the seat across on 9m or 2p (a 碰
    of either completes its hand), the last seat holds nothing that pairs or runs."""
    state = RoundState.new(load_ruleset("dazhong"), 5, dealer=0)
    state.hands[1] = parse_counts("45m11p789p123s456s")
    state.hands[2] = parse_counts("99m22p234p567p789s")
    state.hands[3] = parse_counts("13579m13579p135s")
    return state


def test_the_claims_reading_costs_what_the_real_hands_would_claim() -> None:
    state = table()
    view = state.view(0)
    hard = SightedHard(random.Random(1), state, "claims")
    cost = hard.feeding(believe(view, valued=False))
    assert cost is not None
    chi, peng = 1 + 1, 2 + 1          # the payment and one point of tempo
    expected = np.zeros(len(cost))
    expected[[parse_tile("3m"), parse_tile("6m")]] = chi     # the next seat's 45m
    expected[[parse_tile("9m"), parse_tile("2p")]] = peng     # the seat across's pairs
    assert cost.tolist() == expected.tolist()


def test_a_misread_turns_the_answers_round() -> None:
    state = table()
    sit = believe(state.view(0), valued=False)
    true = SightedHard(random.Random(1), state, "claims").feeding(sit)
    always = SightedHard(random.Random(1), state, "claims", misread=1.0).feeding(sit)
    assert true is not None and always is not None
    kinds = list(state.view(0).tile_kinds)
    assert [always[k] for k in kinds] == [0.0 if true[k] else 3.0 for k in kinds]
    some = [SightedHard(random.Random(seed), state, "claims", misread=0.3).feeding(sit)
            for seed in (7, 7, 8)]
    assert some[0] is not None and some[1] is not None and some[2] is not None
    assert some[0].tolist() == some[1].tolist() != some[2].tolist()   # seeded


def test_a_declared_seat_is_no_longer_fed() -> None:
    state = table()
    state.ready[2] = True          # locked: it claims nothing more
    hard = SightedHard(random.Random(1), state, "both")
    cost = hard.feeding(believe(state.view(0), valued=False))
    assert cost is not None and cost[parse_tile("9m")] == 0 and cost[parse_tile("3m")] == 2


def test_the_waits_reading_is_the_declared_seats_true_waits() -> None:
    state = table()
    state.ready[1] = True
    state.ready_waits[1] = (parse_tile("3m"), parse_tile("6m"))
    view = state.view(0)
    found = SightedHard(random.Random(1), state, "waits").read_threats(view)
    assert [t.seat for t in found] == [1] and found[0].ready == 1.0
    assert np.flatnonzero(found[0].waits).tolist() == [parse_tile("3m"), parse_tile("6m")]
    assert SightedHard(random.Random(1), state, "waits").feeding(
        believe(view, valued=False)) is None
    # told only the claims, Hard reads the waits from the public record as it always does
    public = SightedHard(random.Random(1), state, "claims").read_threats(view)
    assert [(t.seat, t.waits.tolist()) for t in public] == \
        [(t.seat, t.waits.tolist()) for t in threats(view)]


def test_near_uses_the_claims_told_only_to_choose_among_near_equal_discards() -> None:
    state = table()
    state.hands[0] = parse_counts("123456789p55s9m27s")   # three lone tiles to discard
    view, legal = state.view(0), state.legal_actions(0)
    plain = HardAgent(random.Random(1))
    assert plain.play_turn(view, legal).tile == parse_tile("9m")   # the seat across's 99m
    cost = SightedHard(random.Random(1), state, "claims").told_feeding(view)
    assert cost is not None and cost[parse_tile("9m")] == 3
    near = SightedHard(random.Random(1), state, "claims", near=1.0)
    choice = near.play_turn(view, legal)
    assert choice.tile in (parse_tile("2s"), parse_tile("7s")) and cost[choice.tile] == 0
    assert plain.values[choice.to_text()] >= max(plain.values.values()) - 1.0
    assert near.feeding(believe(view, valued=False)) is None   # no cost elsewhere
    exact = SightedHard(random.Random(1), state, "claims", near=0.0).play_turn(view, legal)
    assert exact.tile == parse_tile("9m")                          # nothing else is as good


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, check=False,
                          capture_output=True, text=True, timeout=300)


def test_a_ceiling_run_pairs_with_the_arena_on_the_same_walls() -> None:
    walls = ["--walls", "2", "--seed", "3", "--json"]
    base = run("ai.arena", *walls)
    told = run("tools.ceiling", "--reading", "both", *walls)
    assert base.returncode == 0 and told.returncode == 0, base.stderr + told.stderr
    result = paired(json.loads(base.stdout), json.loads(told.stdout), "hard")
    assert result["walls"] == 2


def test_a_table_without_hard_is_refused_in_one_line() -> None:
    out = run("tools.ceiling", "--reading", "waits", "--seats", "medium,easy,easy,easy")
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0 and "hard seat" in out.stderr


def test_bad_claim_options_are_refused_in_one_line() -> None:
    for args, said in ((["--reading", "claims", "--near", "-1"], "points from 0 up"),
                       (["--reading", "claims", "--misread", "2"], "a chance from 0 to 1"),
                       (["--reading", "waits", "--near", "1"], "--reading claims or both")):
        out = run("tools.ceiling", *args)
        assert out.returncode == 2 and said in out.stderr
        assert out.stderr.strip().count("\n") == 0
