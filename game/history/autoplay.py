"""Whole matches played by AI levels alone (sample matches for pages and tests)."""
from __future__ import annotations

from collections.abc import Sequence

from game.engine.match import Match
from game.engine.wall import derive_seed
from game.rulesets import load_ruleset


def play_match(levels: Sequence[str], seed: int, length: int = 1,
               ruleset_id: str = "dazhong") -> Match:
    """A finished match of `length` hands, seat s played by the AI level levels[s]."""
    from ai.levels import make_agent

    match = Match(load_ruleset(ruleset_id), seed, length)
    agents = [make_agent(level, derive_seed(seed, 100 + s)) for s, level in enumerate(levels)]
    while not match.is_over:
        state = match.round
        if state.is_over:
            match.start_next_hand()
            continue
        seat = state.seats_to_act()[0]
        match.apply(agents[seat].choose(state.view(seat), state.legal_actions(seat)))
    return match
