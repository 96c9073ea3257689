"""The engine refuses malformed actions by name and leaves the state untouched."""
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.actions import KINDS, Action
from game.engine.state import IllegalAction, RoundState
from game.rulesets import load_ruleset

DAZHONG = load_ruleset("dazhong")


def snapshot(r: RoundState) -> Any:
    return (r.hands, [list(m) for m in r.melds], r.discards, r.scores, list(r.events),
            list(r.actions), r.phase, len(r.wall), r.auto, r.ready)


def fresh() -> RoundState:
    return RoundState.new(DAZHONG, 7)


def a_held_tile(r: RoundState) -> int:
    return r.hand_of(0)[0]


MALFORMED = [
    lambda t: Action(0, "discard", float(t)),                    # type: ignore[arg-type]
    lambda t: Action(0, "discard", True),                       # a bool is not a tile
    lambda t: Action(0, "discard", 34),
    lambda t: Action(0, "discard", -1),
    lambda t: Action(0, "discard", 10**30),
    lambda t: Action("0", "discard", t),                        # type: ignore[arg-type]
    lambda t: Action(0.0, "discard", t),                        # type: ignore[arg-type]
    lambda t: Action(0, "discard", t, ready="yes"),             # type: ignore[arg-type]
    lambda t: Action(0, "discard", t, on=True),
    lambda t: Action(0, "auto", t, on=True),
    lambda t: Action(0, "auto", None, (t,), on=True),
    lambda t: Action(0, "auto", None, ready=True, on=True),
    lambda t: Action(0, "Discard", t),
    lambda t: Action(0, "chi", t, (1.0, 2)),                    # type: ignore[arg-type]
    lambda t: Action(0, "chi", t, [1, 2]),                      # type: ignore[arg-type]
    lambda t: Action(0, "discard", 27),                         # 东 is not in 大众麻将's tiles
    lambda t: "0 discard 5m",
    lambda t: None,
]


@pytest.mark.parametrize("build", MALFORMED)
def test_a_malformed_action_is_refused_and_changes_nothing(build: Any) -> None:
    r = fresh()
    before = snapshot(r)
    with pytest.raises(IllegalAction):
        r.apply(build(a_held_tile(r)))
    assert snapshot(r) == before
    assert r.why_illegal(build(a_held_tile(r))) is not None


@settings(max_examples=200, deadline=None)
@given(seat=st.one_of(st.integers(-5, 9), st.floats(), st.text(max_size=2), st.none()),
       kind=st.one_of(st.sampled_from(KINDS), st.text(max_size=8)),
       tile=st.one_of(st.none(), st.integers(-50, 80), st.floats(), st.booleans()),
       tiles=st.one_of(st.tuples(), st.tuples(st.integers(-3, 40), st.integers(-3, 40)),
                       st.lists(st.integers(0, 33), max_size=3)),
       ready=st.one_of(st.booleans(), st.integers(0, 2)),
       on=st.one_of(st.booleans(), st.none()))
def test_any_action_is_either_legal_or_refused_cleanly(seat: Any, kind: Any, tile: Any,
                                                       tiles: Any, ready: Any, on: Any) -> None:
    r = fresh()
    action = Action(seat, kind, tile, tiles, ready, on)
    legal = r.legal_actions(0)
    before = snapshot(r)
    try:
        r.apply(action)
    except IllegalAction:
        assert snapshot(r) == before
    else:
        assert action in legal or action.kind == "auto"
        assert type(action.seat) is int and action.problem() is None


@pytest.mark.parametrize("text", ["²m", "１m", "٣p", "1²m", "0m", "5x", "m", "55", "5m\x00"])
def test_notation_takes_only_ascii_ranks_one_to_nine(text: str) -> None:
    from game.engine.tiles import NotationError, parse_tiles
    with pytest.raises(NotationError):
        parse_tiles(text)


@pytest.mark.parametrize("text", ["0 discard ²m", "² discard 5m", "٣ pass", "0 discard ５m",
                                  "99999999999999999999 pass", "0 auto maybe", "0 discard"])
def test_action_text_with_foreign_digits_is_refused(text: str) -> None:
    from game.engine.actions import ActionSyntaxError
    r = fresh()
    try:
        action = Action.from_text(text)
    except ActionSyntaxError:
        return
    with pytest.raises(IllegalAction):
        r.apply(action)
