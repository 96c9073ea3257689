"""Building rounds from notation and driving them in tests."""
from __future__ import annotations

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.ruleset import Ruleset
from game.engine.scenario import scenario_wall
from game.engine.state import Phase, RoundState
from game.engine.tiles import parse_tile, parse_tiles
from game.rulesets import load_ruleset

RULES = load_ruleset("dazhong")


def make_round(hands: list[str], draws: str = "", replacements: str = "", dealer: int = 0,
               ruleset: Ruleset = RULES) -> RoundState:
    """A round dealing exactly `hands` (by seat), then `draws` from the front."""
    wall = scenario_wall(ruleset, [parse_tiles(h) for h in hands], parse_tiles(draws),
                         parse_tiles(replacements), dealer)
    return RoundState(ruleset, wall, dealer)


def act(state: RoundState, text: str) -> None:
    """Apply an action written as text, e.g. '0 discard 5m'."""
    state.apply(Action.from_text(text))


def texts(actions: list[Action]) -> list[str]:
    return [a.to_text() for a in actions]


def pass_claims(state: RoundState) -> None:
    """Every seat with a pending claim passes."""
    while state.phase is Phase.CLAIM:
        state.apply(Action(state.seats_to_act()[0], A.PASS))


def until_turn_of(state: RoundState, seat: int, stop=None) -> None:
    """Other seats discard what they drew (or their first tile) and pass every claim,
    until `seat` must act, the round ends or `stop(state)` is true."""
    while not state.is_over:
        pass_claims(state)
        if state.is_over or state.current == seat and state.phase is Phase.TURN:
            return
        if stop is not None and stop(state):
            return
        mover = state.current
        tile = state.drawn if state.drawn is not None else state.hand_of(mover)[0]
        state.apply(Action(mover, A.DISCARD, tile))


def tile(text: str) -> int:
    return parse_tile(text)
