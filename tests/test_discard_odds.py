"""How often a waiting kind comes out of the other seats' discards (ai.discard_odds),
the search's per-kind odds, and the measuring tool."""
from __future__ import annotations

import dataclasses

import numpy as np

from ai.discard_odds import RANK_RATE, THROWN_AGAIN, mean_winning_odds, winning_odds
from ai.reach import Odds, ReachSearch
from game.engine.hands import HandRules
from game.engine.state import RoundState
from game.engine.tiles import parse_counts
from game.engine.view import DiscardView, PlayerView
from game.rulesets import load_ruleset
from tools.measure_discards import counts

RULES = HandRules()


def _view(**changes: object) -> PlayerView:
    view = RoundState.new(load_ruleset("dazhong"), 5).view(0)
    return dataclasses.replace(view, **changes)


def test_building_seats_throw_terminals_and_declared_seats_throw_their_draws() -> None:
    odds = winning_odds(_view())
    building = (odds - 1.0) / 3                     # three building seats alike
    assert building[0] > building[1] > building[2] > building[4]   # 1m > 2m > 3m > 5m
    assert np.allclose(building[:9], building[8::-1])  # 1 like 9, 2 like 8 ...
    assert np.isclose(building[8] / building[4], RANK_RATE[0] / RANK_RATE[4])
    declared = winning_odds(_view(ready=(False, True, True, True)))
    assert np.allclose(declared, 4.0)               # each declared seat: like a draw
    assert mean_winning_odds(_view(ready=(False, True, True, True))) == 4.0


def test_a_kind_thrown_before_comes_again_and_an_empty_seat_throws_nothing() -> None:
    view = _view()
    thrown = list(view.discards)
    thrown[1] = (DiscardView(tile=4, ready=False, claimed_by=None),)
    again = winning_odds(_view(discards=tuple(thrown)))
    assert np.isclose(again[4] - winning_odds(view)[4],
                      (THROWN_AGAIN - 1) * (winning_odds(view)[4] - 1) / 3)
    gone = winning_odds(_view(hand_sizes=(13, 0, 13, 13)))
    assert np.all(gone < winning_odds(view))


def test_per_kind_odds_raise_only_the_hands_waiting_on_that_kind() -> None:
    hands = np.array([parse_counts("123m456p789s11m22p"),     # waits on 1m or 2p
                      parse_counts("123m456p789s55m66p")],     # waits on 5m or 6p
                     dtype=np.int8)
    held = hands.max(axis=0)
    unseen = np.maximum(0, 4 - held).astype(np.int16)
    unseen[27:] = 0

    def values(final: float | np.ndarray) -> np.ndarray:
        got = ReachSearch(RULES, unseen, held, 8, Odds(final=final)).values(hands)
        assert got is not None
        return got

    assert np.allclose(values(np.full(34, 2.0)), values(2.0))
    terminal = np.full(34, 2.0)
    terminal[0] = 4.0                                # 1m comes out twice as often
    plain, raised = values(2.0), values(terminal)
    assert raised[0] > plain[0] + 1e-6
    assert np.isclose(raised[1], plain[1])


def test_the_measuring_tool_counts_discards_of_building_seats() -> None:
    got = counts((13, 0)) + counts((13, 1))
    assert got[0, :5].sum() > 0                      # some discards were counted
    assert np.isclose(got[0, :5].sum(), got[0, 5:].sum())   # each once by rank, once by history
    assert np.isclose(got[1, :5].sum(), got[0, :5].sum())   # expected shares add to 1 each



def test_peng_odds_speed_up_only_the_pairs_they_can_make_triplets() -> None:
    with_pair = parse_counts("123m456p78s11m2p5p9s")    # 1m pair: a peng of 1m advances
    no_pair = parse_counts("456p456s78s22s5p8p9p")     # no 1m near: never a 1m pair
    hands = np.array([with_pair, no_pair], dtype=np.int8)
    held = hands.max(axis=0)
    unseen = np.maximum(0, 4 - held).astype(np.int16)
    unseen[27:] = 0
    peng = np.zeros(34)
    peng[0] = 2.0                                    # others throw 1m twice a go-around

    def values(odds: Odds) -> np.ndarray:
        got = ReachSearch(RULES, unseen, held, 8, odds).values(hands)
        assert got is not None
        return got

    plain, claimed = values(Odds()), values(Odds(peng=peng))
    assert claimed[0] > plain[0] + 1e-6
    assert np.isclose(claimed[1], plain[1])
    assert np.allclose(values(Odds(peng=np.zeros(34))), plain)
