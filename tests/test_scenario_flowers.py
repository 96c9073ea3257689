"""Scenario walls with 国标's flowers: written f1-f8, dealt and drawn like any tile, set
aside and replaced from the wall's end."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import actions as A
from game.engine.events import FLOWER
from game.engine.scenario import ScenarioError, scenario_wall
from game.engine.tiles import NUM_KINDS, NotationError, format_tiles, parse_tiles
from game.engine.wall_notation import parse_wall
from game.play.setup import Scenario, SeatSpec
from game.rulesets import load_ruleset
from game.shell.gb_specimens import LONG_WIN, guobiao_won
from game.shell.session import MatchSession

GB = load_ruleset("guobiao")
OTHERS = ("12345789p5678m1z", "567s567s567s99p12s")


def test_flowers_are_read_in_order_between_the_groups() -> None:
    assert parse_wall("12m f1 3m f8") == [*parse_tiles("12m"), NUM_KINDS,
                                                *parse_tiles("3m"), NUM_KINDS + 7]
    assert parse_wall("f2f3") == [NUM_KINDS + 1, NUM_KINDS + 2]
    assert parse_wall("") == []


@pytest.mark.parametrize("text", ["f9", "f0", "1f1m", "f", "3m f1x"])
def test_a_wrong_flower_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_wall(text)


@given(st.lists(st.integers(0, NUM_KINDS - 1), max_size=20))
def test_tiles_without_flowers_read_as_the_hand_notation(tiles: list[int]) -> None:
    text = format_tiles(tiles)
    assert parse_wall(text) == parse_tiles(text)


def test_a_scenario_deals_its_flowers_and_replaces_them_from_the_end() -> None:
    session = guobiao_won()
    r = session.match.round
    hist = session.match.history[-1]
    assert r.flower_tiles[:2] == [[NUM_KINDS + 2], [NUM_KINDS, NUM_KINDS + 1]]
    assert sum(1 for e in r.events if e.kind == FLOWER) == 3
    assert r.wins[0].seat == 1 and "flower_tiles" in r.wins[0].pattern.applicable
    assert sum(hist.deltas) == 0 and hist.deltas[1] == 8 + r.wins[0].pattern.fan + 16


def test_the_wall_holds_all_144_tiles_with_the_flowers_not_placed_in_the_middle() -> None:
    hands = [parse_wall(h) for h in LONG_WIN.hands]
    wall = scenario_wall(GB, hands, replacements=parse_wall(LONG_WIN.replacements))
    assert len(wall) == 144 and sorted(wall) == sorted(GB.new_wall(1))
    placed = [i for i, k in enumerate(wall) if k >= NUM_KINDS][3:]   # the five not placed
    assert len(placed) == 5 and all(40 < i < 104 for i in placed)


def test_a_flower_too_many_or_in_a_ruleset_without_them_is_refused() -> None:
    hands = [parse_wall(h) for h in LONG_WIN.hands]
    with pytest.raises(ScenarioError, match="too many copies of f1"):
        scenario_wall(GB, hands, draws=parse_wall("f1"))
    dazhong = load_ruleset("dazhong")
    with pytest.raises(ScenarioError, match="f3: this ruleset has no flowers"):
        scenario_wall(dazhong, [parse_wall("f3 1234567891234m"),
                                *map(parse_tiles, ("1112223334445p", "5556667778889p",
                                                   "1112223334445s"))])


def test_a_hotseat_scenario_file_may_place_flowers_in_draws() -> None:
    """The dealer discards, seat 1 draws f4 (set aside) and then 9m from the wall's end."""
    scenario = Scenario(("1112223334s5s4m9p9s", "35678m666677p88p", *OTHERS), "guobiao",
                        draws="f4", replacements="9m")
    session = MatchSession.new("guobiao", 1, 1, [SeatSpec.parse("human", "You"),
                                                 *(SeatSpec.parse("easy", "x"),) * 3],
                               scenario=Scenario.read(scenario.to_dict()))
    r = session.match.round
    r.apply(A.Action(0, A.DISCARD, parse_tiles("9p")[0]))
    while r.window is not None:
        r.apply(A.Action(r.seats_to_act()[0], A.PASS))
    assert r.flower_tiles[1] == [NUM_KINDS + 3] and r.drawn == parse_tiles("9m")[0]
