"""The engine's frozen records copy and pickle, compiled or not (a compiled frozen
dataclass refuses the default rebuild, which sets each field after making the object)."""
from __future__ import annotations

import copy
import pickle
import random

import pytest

from game.bench.random_play import play_random_round
from game.engine.hands import HandRules
from game.engine.state import RoundState
from game.rulesets import load_ruleset


def records() -> list[object]:
    """One of each frozen record, from rounds played to their end."""
    found: dict[type, object] = {HandRules: HandRules(wildcard=5, pair_258=True)}
    rng = random.Random(3)
    while len(found) < 7:
        state = RoundState.new(load_ruleset(), rng.getrandbits(63))
        play_random_round(state, rng)
        view = state.view(0)
        kept = [view, *state.wins]
        for seat in range(state.players):
            kept += [*view.discards[seat], *view.melds[seat], *state.melds[seat],
                     *state.discards[seat]]
        for record in kept:
            found.setdefault(type(record), record)
    return list(found.values())


@pytest.mark.parametrize("rebuild", [copy.copy, copy.deepcopy,
                                     lambda r: pickle.loads(pickle.dumps(r))],
                         ids=["copy", "deepcopy", "pickle"])
def test_every_frozen_record_is_rebuilt_equal(rebuild) -> None:
    for record in records():
        again = rebuild(record)
        assert type(again) is type(record)
        assert again == record
