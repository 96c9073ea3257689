"""AI levels: always legal (报听 and 托管 included, every ruleset), sensible discards,
claims and defence on hands written in notation."""
from __future__ import annotations

import random

import pytest

from ai.base import Agent
from ai.estimates import Estimate
from ai.levels import LEVELS, make_agent
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.state import RoundState
from game.engine.tiles import parse_tile, parse_tiles
from game.engine.view import DiscardView, MeldView, Phase, PlayerView
from game.engine.wall import derive_seed
from game.rulesets import available_rulesets, load_ruleset

DAZHONG = load_ruleset("dazhong")


def play_round(ruleset_id: str, seed: int, levels: list[str], auto_odds: float) -> RoundState:
    """A round between agents; seats switch 托管 on and off at random moments."""
    ruleset = load_ruleset(ruleset_id)
    rng = random.Random(seed)
    state = RoundState.new(ruleset, seed, dealer=seed % ruleset.players)
    agents: list[Agent] = [make_agent(levels[i % len(levels)], derive_seed(seed, i))
                           for i in range(ruleset.players)]
    while not state.is_over:
        seat = state.seats_to_act()[0]
        if rng.random() < auto_odds:
            state.apply(Action(seat, A.AUTO, on=not state.auto[seat]))
            continue
        legal = state.legal_actions(seat)
        action = agents[seat].choose(state.view(seat), legal)
        assert action in legal, f"{agents[seat].name} chose {action} out of {legal}"
        explained = agents[seat].explain()
        assert all(isinstance(e, Estimate) and isinstance(e.score, float) for e in explained)
        assert [e.score for e in explained] == sorted((e.score for e in explained), reverse=True)
        state.apply(action)
    return state


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_every_level_plays_only_legal_actions(ruleset_id):
    readies = 0
    for seed in range(30):
        levels = [["hard", "medium", "easy", "hard"], ["medium", "hard", "medium", "easy"]][seed % 2]
        state = play_round(ruleset_id, seed, levels, auto_odds=0.02 if seed % 3 else 0.0)
        readies += sum(state.ready)
    if load_ruleset(ruleset_id).payments["ready"] > 0:   # where 报听 pays, it is declared
        assert readies > 0  # the 报听 paths were exercised


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_soak_each_level_alone(level):
    for seed in range(300):
        play_round(available_rulesets()[seed % len(available_rulesets())], seed, [level], 0.01)


# ------------------------------------------------------------------ hands in notation
def view_of(hand: str, drawn: str | None = None, *, pools: dict[int, str] | None = None,
            ready_at: dict[int, int] | None = None, melds: tuple[tuple[MeldView, ...], ...] = (),
            claim: tuple[str, int] | None = None, wall: int = 40, ruleset=DAZHONG) -> PlayerView:
    """Seat 0's view: `hand` (with `drawn` among it), other seats' discard pools in
    notation (in order), ready_at[seat] = index of that seat's 报听 discard."""
    pools = pools or {}
    ready_at = ready_at or {}
    tiles = parse_tiles(hand)
    n = ruleset.players
    discards = tuple(tuple(DiscardView(t, ready_at.get(s) == i, None)
                           for i, t in enumerate(parse_tiles(pools.get(s, ""))))
                     for s in range(n))
    return PlayerView(
        seat=0, players=n, ruleset_id=ruleset.id, phase=Phase.CLAIM if claim else Phase.TURN,
        dealer=0, current=claim[1] if claim else 0, hand=tuple(sorted(tiles)),
        drawn=parse_tile(drawn) if drawn else None, hand_sizes=(len(tiles),) + (13,) * (n - 1),
        melds=melds or ((),) * n, discards=discards,
        ready=tuple(s in ready_at for s in range(n)), auto=(False,) * n,
        wall_remaining=wall, scores=(0,) * n,
        claim_tile=parse_tile(claim[0]) if claim else None,
        claim_from=claim[1] if claim else None, claim_kind="discard" if claim else None,
        wildcard=ruleset.wildcard, copies=ruleset.copies, tile_kinds=ruleset.tile_kinds)


def discards_of(view: PlayerView, ready: set[int] = frozenset()) -> list[Action]:
    kinds = sorted(set(view.hand))
    return ([Action(0, A.DISCARD, k) for k in kinds]
            + [Action(0, A.DISCARD, k, ready=True) for k in kinds if k in ready])


def choose(level: str, view: PlayerView, legal: list[Action]) -> Action:
    action = make_agent(level, 1).choose(view, legal)
    assert action in legal
    return action


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_keeps_a_ready_hand_ready_and_declares(level):
    view = view_of("123m456p789s11m23p9p", "9p")
    action = choose(level, view, discards_of(view, ready={parse_tile("9p")}))
    assert action == Action(0, A.DISCARD, parse_tile("9p"), ready=True)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_isolated_honor_goes_first(level):
    honors = load_ruleset("honors")
    # (with 22m instead of 99m, Hard rightly throws the spare 2m of 1223m first: the
    # honor still pairs with 3 copies left, the spare 2m with 2)
    view = view_of("13m46p79s99m55p88s5s1z", "5s", ruleset=honors)
    assert choose(level, view, discards_of(view)).tile == parse_tile("1z")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_isolated_terminal_goes_first(level):
    view = view_of("234m456m67p11p345s9s", "9s")
    assert choose(level, view, discards_of(view)).tile == parse_tile("9s")


def test_hard_prefers_the_discard_with_more_unseen_effective_tiles():
    # both kanchan 24p and 68s keep the hand one from ready, but every 3p is visible
    view = view_of("123m456m78m11p24p68s", "6s", pools={1: "3p3p", 2: "3p", 3: "3p"})
    assert choose("hard", view, discards_of(view)).tile in (parse_tile("2p"), parse_tile("4p"))
    # and with 7s dead instead, it breaks the other kanchan
    view = view_of("123m456m78m11p24p68s", "6s", pools={1: "7s7s", 2: "7s", 3: "7s"})
    assert choose("hard", view, discards_of(view)).tile in (parse_tile("6s"), parse_tile("8s"))


def test_hard_folds_to_a_safe_tile_against_a_declared_ready_hand():
    # seat 1 declared 报听 with 4m; since then 6s, 3m, 8s and 2s were passed without a
    # win, so they are exactly safe (现物); the own hand is far from ready
    pools = {1: "9s9p4m6s", 2: "5p7m2p3m8s", 3: "8m9m1s2s"}
    hand = "2479m2589p13567s2s"
    calm = view_of(hand, "2s", wall=24, pools=pools)
    assert choose("hard", calm, discards_of(calm)).tile not in parse_tiles("6s2s")
    threatened = view_of(hand, "2s", wall=24, pools=pools, ready_at={1: 2})
    assert choose("hard", threatened, discards_of(threatened)).tile in parse_tiles("6s2s9p")


def test_medium_claims_only_when_it_lowers_shanten():
    useful = view_of("123m456p789s5m7m22s", claim=("6m", 3))
    legal = [Action(0, A.CHI, parse_tile("6m"), tuple(parse_tiles("57m"))), Action(0, A.PASS)]
    assert choose("medium", useful, legal).kind == A.CHI
    useless = view_of("123m456p789s5m6m22s", claim=("2s", 3))
    legal = [Action(0, A.PENG, parse_tile("2s")), Action(0, A.PASS)]
    assert choose("medium", useless, legal).kind == A.PASS


def test_medium_throws_the_spare_tile_of_a_run_not_a_two_sided_shape():
    # 2234p reads as 234p + a spare 2p; the old per-tile score kept the 2p (pair and
    # neighbours) and broke the 两面 78s instead
    view = view_of("456m2234p789p34s78s", "2p")
    assert choose("medium", view, discards_of(view)).tile == parse_tile("2p")


@pytest.mark.parametrize(("dead", "broken"), [("3p", "24p"), ("7s", "68s")])
def test_medium_breaks_the_shape_whose_completing_tiles_are_all_visible(dead, broken):
    view = view_of("123m456m78m11p24p68s", "6s", pools={1: 2 * dead, 2: dead, 3: dead})
    assert choose("medium", view, discards_of(view)).tile in parse_tiles(broken)


def test_agents_are_reproducible_with_the_same_seed():
    a = play_round("dazhong", 7, ["hard", "medium", "easy", "medium"], 0.0)
    b = play_round("dazhong", 7, ["hard", "medium", "easy", "medium"], 0.0)
    assert a.actions == b.actions
