"""No level peeks: a level decides from its seat's view alone. Rounds are built whose
views for one seat are identical while the hidden tiles differ (the other seats'
concealed hands and the wall not yet drawn, dealt differently); every level, with the
same seed, makes the same decision in each of them."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from ai.levels import LEVELS, make_agent
from game.engine import actions as A
from game.engine import events as E
from game.engine.actions import Action
from game.engine.state import RoundState
from game.engine.view import Phase
from game.rulesets import load_ruleset

RULES = load_ruleset("dazhong")
SEAT = 1          # the seat whose decisions are compared


def record_round(seed: int) -> tuple[list[int], list[Action]]:
    """A round played by Medium at every seat: its wall and its actions."""
    state = RoundState.new(RULES, seed)
    agents = [make_agent("medium", seed * 10 + s) for s in range(RULES.players)]
    while not state.is_over:
        seat = state.seats_to_act()[0]
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions(seat)))
    return list(state.initial_wall), list(state.actions)


def received(state: RoundState) -> dict[int, list[int]]:
    """The wall positions each seat has taken so far, in the order it took them."""
    front, back = 0, len(state.initial_wall) - 1
    taken: dict[int, list[int]] = {s: [] for s in range(state.players)}
    for event in state.events:
        if event.kind == E.DEAL:
            assert isinstance(event.data, E.DealData)
            taken[event.seat] += range(front, front + event.data.tiles)
            front += event.data.tiles
        elif event.kind == E.DRAW:
            assert isinstance(event.data, E.DrawData)
            if event.data.replacement:
                taken[event.seat].append(back)
                back -= 1
            else:
                taken[event.seat].append(front)
                front += 1
    return taken


def hidden_positions(state: RoundState) -> list[int]:
    """The wall places whose tiles `SEAT` cannot know: another seat's tiles still in its
    concealed hand (the latest copies it took of each kind; a seat that declared 报听
    keeps its tiles, which its declaration constrains) and the tiles not yet drawn."""
    taken = received(state)
    wall = state.initial_wall
    hidden = [p for p in range(len(wall)) if all(p not in t for t in taken.values())]
    for seat, places in taken.items():
        if seat == SEAT or state.ready[seat]:
            continue
        kept = Counter({k: n for k, n in enumerate(state.hands[seat]) if n})
        for place in reversed(places):        # what it gave away went first
            if kept[wall[place]]:
                kept[wall[place]] -= 1
                hidden.append(place)
    return hidden


def replay(wall: list[int], actions: list[Action], steps: int) -> RoundState:
    """The recorded actions up to `steps` on another wall: a seat other than `SEAT` that
    can now claim a discard it could not claim before passes; a pass that is no longer
    asked for is left out (neither is ever shown to `SEAT`)."""
    state = RoundState(RULES, wall, 0)
    for action in actions[:steps]:
        if action.kind == A.PASS and not asked(state, action.seat):
            continue
        while state.phase is Phase.CLAIM and not (action.kind in A.CLAIM_KINDS
                                                  and asked(state, action.seat)):
            extra = [s for s in state.seats_to_act() if s != SEAT]
            assert extra, f"{action} cannot be replayed"
            state.apply(Action(extra[0], A.PASS))
        state.apply(action)
    return state


def asked(state: RoundState, seat: int) -> bool:
    """Whether `seat` is asked to answer a discard now."""
    return state.phase is Phase.CLAIM and seat in state.seats_to_act()


def decision_points(actions: list[Action]) -> list[int]:
    """The indices of the actions `SEAT` chose (its turns and its claim answers)."""
    return [i for i, a in enumerate(actions) if a.seat == SEAT and a.kind != A.AUTO]


@pytest.mark.parametrize("seed", [3, 17, 2020])
def test_every_level_decides_the_same_on_the_same_view_whatever_is_hidden(seed: int) -> None:
    wall, actions = record_round(seed)
    points = decision_points(actions)
    picked = points[1::max(1, len(points) // 5)][:5]
    assert picked
    for step in picked:
        original = replay(wall, actions, step)
        hidden = hidden_positions(original)
        view, legal = original.view(SEAT), original.legal_actions(SEAT)
        for shuffle in range(2):
            places = sorted(hidden)
            tiles = [wall[p] for p in places]
            random.Random(seed * 100 + step * 7 + shuffle).shuffle(tiles)
            other_wall = list(wall)
            for place, tile in zip(places, tiles):
                other_wall[place] = tile
            other = replay(other_wall, actions, step)
            assert other.hands != original.hands or list(other.wall) != list(original.wall), \
                "the hidden tiles must differ"
            assert other.view(SEAT) == view and other.legal_actions(SEAT) == legal
            for level in LEVELS:
                first = make_agent(level, seed).choose(view, list(legal))
                again = make_agent(level, seed).choose(other.view(SEAT),
                                                       list(other.legal_actions(SEAT)))
                assert first == again, f"{level} decided differently at step {step}"
