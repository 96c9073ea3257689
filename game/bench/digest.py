"""`python -m game.bench.digest`: one fingerprint of many rounds, to show that a speed-up
changed no result.

Every ruleset is played over seeds 0..N-1 by random seats and by Medium at every seat
(through the driver), and by random steps whose every seat's view and events are read
after each action; the printed SHA-256 of each family covers every action, event,
score, win and view. Run it before and after a change: the lines must be the same.
"""
from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Callable

from game.bench.random_play import play_medium_round, play_random_round, random_step
from game.engine.state import RoundState
from game.rulesets import available_rulesets, load_ruleset

Played = Callable[[RoundState, random.Random], object]


def _outcome(state: RoundState) -> str:
    return repr(([a.to_text() for a in state.actions], state.events, state.scores, state.wins))


def _stepped(state: RoundState, rng: random.Random, h: hashlib._Hash) -> None:
    """A random round stepped by hand, with every seat's view and new events after each
    step."""
    told = 0
    while not state.is_over:
        random_step(state, rng)
        for s in range(state.players):
            h.update(repr((state.view(s), state.events_for(s, told))).encode())
        told = len(state.events)


def digest(play: Played | None, seeds: int) -> str:
    """SHA-256 over every ruleset's rounds on seeds 0..seeds-1 played by `play` (None:
    random steps with every view read)."""
    h = hashlib.sha256()
    for rid in available_rulesets():
        ruleset = load_ruleset(rid)
        for seed in range(seeds):
            state = RoundState.new(ruleset, seed, seed % ruleset.players)
            rng = random.Random(seed)
            if play is None:
                _stepped(state, rng, h)
            else:
                play(state, rng)
            h.update(_outcome(state).encode())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.digest", description=__doc__)
    parser.add_argument("--seeds", type=int, default=100, help="seeds per ruleset")
    args = parser.parse_args(argv)
    for name, play in (("random", play_random_round), ("medium", play_medium_round),
                       ("views", None)):
        print(f"{name}: {digest(play, args.seeds)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
