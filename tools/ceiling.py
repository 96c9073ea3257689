"""Ceilings of reading: the duplicate arena with Hard told what it can only guess.

Not a player: each Hard seat is handed part of the truth from the engine's state, so
that a paired comparison with the ordinary arena on the same walls shows what a
perfect reading of the hidden hands would be worth (docs/ai_strength.md):

- ``waits``: every declared (报听) seat's true waits, in place of the wait model;
- ``claims``: which discards the others' real hands would claim — 碰 by any seat
  still free to claim, 吃 by the next seat, when the claim lowers the claimer's
  shanten — each costing its payment and one point more for the tempo it gives;
- ``both``: the two together.

``--misread P`` spoils the claims told: each kind's answer is turned round with
chance P (a claim missed, or one imagined and costed as a 碰), drawn from the seat's
own seeded RNG — how well a reading of the claims would have to do to pay.

``--near POINTS`` uses the claims told only on Hard's own turns, and only to choose
among the discards within POINTS of its best one (the one feeding the least, then the
best): a reading used as a tie-break rather than as a cost on every discard.

    python -m ai.arena --walls 1000 --seed 1 --workers 2 --json > base.json
    python -m tools.ceiling --reading waits --walls 1000 --seed 1 --workers 2 --json > waits.json
    python -m tools.paired base.json waits.json --level hard
"""
from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from functools import partial

import numpy as np

from ai.arena import MAX_WORKERS, SeatMaker, arena_seat, report, run, seat_specs, seatings
from ai.beliefs import Beliefs
from ai.defense import Threat
from ai.features import after_claim
from ai.hard import HardAgent
from ai.seats import AgentSeat
from ai.solo import ruleset_or_error, whole_number
from game.console import OneLineParser, run_cli
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands import shanten
from game.engine.ruleset import Ruleset
from game.engine.state import RoundState
from game.engine.tiles import NUM_KINDS
from game.engine.view import PlayerView
from game.play.seat import Seat

READINGS = ("waits", "claims", "both")
TEMPO = 1.0   # points a claim is worth to the claimer beyond its payment


class SightedHard(HardAgent):
    """Hard told part of the truth by the hand's state (an experiment, not a player)."""

    def __init__(self, rng: random.Random, truth: RoundState, reading: str,
                 misread: float = 0.0, near: float | None = None) -> None:
        super().__init__(rng)
        self.truth = truth
        self.reading = reading
        self.misread = misread
        self.near = near

    def read_threats(self, view: PlayerView) -> list[Threat]:
        if self.reading == "claims":
            return super().read_threats(view)
        found = []
        for seat in range(view.players):
            if seat != view.seat and view.ready[seat]:
                waits = np.zeros(NUM_KINDS)
                waits[list(self.truth.ready_waits[seat])] = 1.0
                found.append(Threat(seat, 1.0, waits))
        return found

    def feeding(self, sit: Beliefs) -> np.ndarray | None:
        return None if self.near is not None else self.told_feeding(sit.view)

    def play_turn(self, view: PlayerView, legal: list[Action]) -> Action:
        choice = super().play_turn(view, legal)
        if self.near is None or choice.kind != A.DISCARD:
            return choice
        cost = self.told_feeding(view)
        if cost is None:
            return choice
        scored = [(Action.from_text(text), value) for text, value in self.values.items()]
        discards = [(a, value) for a, value in scored if a.kind == A.DISCARD]
        best = max(value for _, value in discards)
        near = [(a, value) for a, value in discards if value >= best - self.near]
        return min(near, key=lambda p: (cost[p[0].tile], -p[1]))[0]

    def told_feeding(self, view: PlayerView) -> np.ndarray | None:
        """Per kind, what a discard of it feeds the others' real hands (None: not told)."""
        if self.reading == "waits":
            return None
        ruleset = self.truth.ruleset
        cost = np.zeros(NUM_KINDS)
        for seat in range(view.players):
            if seat != view.seat and not self.truth.ready[seat]:
                now = shanten(self.truth.hands[seat], ruleset.hand_rules)
                for kind in view.tile_kinds:
                    cost[kind] += self._claim_cost(seat, kind, view.seat, now, ruleset)
        if self.misread:
            for kind in view.tile_kinds:
                if self.rng.random() < self.misread:
                    cost[kind] = 0.0 if cost[kind] else ruleset.payments["peng"] + TEMPO
        return cost

    def _claim_cost(self, seat: int, kind: int, discarder: int, now: int,
                    ruleset: Ruleset) -> float:
        """What `seat` (its real hand `now` from ready in shanten) would gain by claiming a
        discard of `kind` (0: it would not): the engine's claim options for that hand,
        taken when they lower its shanten."""
        hand = self.truth.hands[seat]
        lowering = {a.kind for a in self.truth.claim_options(seat, kind, discarder)
                    if a.kind in (A.PENG, A.CHI)
                    and shanten(after_claim(hand, a), ruleset.hand_rules) < now}
        for claim in (A.PENG, A.CHI):
            if claim in lowering:
                return ruleset.payments[claim] + TEMPO
        return 0.0


def sighted_seat(reading: str, misread: float, near: float | None, state: RoundState,
                 seat: int, spec: str, seed: int) -> Seat:
    """A Hard seat told `reading` by the hand's state; any other seat as in the arena."""
    if spec != "hard":
        return arena_seat(state, seat, spec, seed)
    return AgentSeat(SightedHard(random.Random(seed), state, reading, misread, near))


def number_in(low: float, high: float, what: str) -> Callable[[str], float]:
    """An argparse type: a number from `low` to `high` (`what` names it in the error)."""
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what}, got {text}")
        return value
    return read


chance = number_in(0.0, 1.0, "a chance from 0 to 1")
points = number_in(0.0, 1e9, "points from 0 up")


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m tools.ceiling", description=__doc__)
    parser.add_argument("--reading", choices=READINGS, required=True)
    parser.add_argument("--misread", type=chance, default=0.0,
                        help="chance each kind's claim answer is turned round")
    parser.add_argument("--near", type=points, default=None,
                        help="use the claims told only among discards this close to the best")
    parser.add_argument("--walls", type=whole_number, default=100)
    parser.add_argument("--seed", type=whole_number, default=1)
    parser.add_argument("--seats", default="hard,medium,medium,medium")
    parser.add_argument("--workers", type=whole_number, default=1)
    parser.add_argument("--ruleset", default="dazhong")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    ruleset = ruleset_or_error(parser, args.ruleset)
    names = seat_specs(parser, args.seats, "--seats", ruleset.players, ruleset.id)
    if "hard" not in names:
        parser.error("--seats needs a hard seat to tell the truth to")
    if args.walls < 1 or args.workers < 1:
        parser.error("--walls and --workers must be at least 1")
    if args.workers > MAX_WORKERS:
        parser.error(f"--workers must be at most {MAX_WORKERS}")
    if (args.misread or args.near is not None) and args.reading == "waits":
        parser.error("--misread and --near apply to the claims told: use them with "
                     "--reading claims or both")
    make: SeatMaker = partial(sighted_seat, args.reading, args.misread, args.near)
    totals = run(args.walls, args.seed, seatings("duplicate", names), args.workers,
                 args.ruleset, make=make)
    report(totals, args.walls, args.seed, names, args.ruleset, args.json)
    return 0


if __name__ == "__main__":
    run_cli(main)
