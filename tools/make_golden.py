"""Write the golden replays in tests/golden/: matches of a random player that always
takes a win, whose outcomes the tests pin down.

Usage: python tools/make_golden.py   (only when a rule change is meant to change them)
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golden_summary import summarize

from game.engine.actions import Action, ActionKind
from game.engine.hands import shanten
from game.engine.match import Match
from game.play.driver import run_match
from game.play.seat import Answer, Known, SeatBase, Turn
from game.rulesets import available_rulesets, load_ruleset


def greedy_choice(match: Match, legal: list[Action], rng: random.Random) -> Action:
    """Win when possible; discard to the lowest shanten; answer claims at random."""
    wins = [a for a in legal if a.kind in (ActionKind.HU, ActionKind.SELF_DRAW)]
    if wins:
        return wins[0]
    discards = [a for a in legal if a.kind == ActionKind.DISCARD]
    if not discards:
        return rng.choice(legal)
    hand = match.round.hands[discards[0].seat]
    rules = match.ruleset.hand_rules

    def after(a: Action) -> int:
        assert a.tile is not None
        hand[a.tile] -= 1
        value = shanten(hand, rules)
        hand[a.tile] += 1
        return value

    best = min(after(a) for a in discards)
    return rng.choice([a for a in discards if after(a) == best])


class GreedySeat(SeatBase):
    """greedy_choice at a seat (it reads the match's hands: a tool, not a player)."""

    def __init__(self, match: Match, rng: random.Random) -> None:
        super().__init__("greedy")
        self.match, self.rng = match, rng

    def decide(self, turn: Turn) -> Answer:
        return Known(greedy_choice(self.match, list(turn.legal), self.rng))


def play(ruleset_id: str, seed: int, length: int) -> Match:
    match = Match(load_ruleset(ruleset_id), seed, length)
    seat = GreedySeat(match, random.Random(seed))
    run_match(match, [seat] * match.ruleset.players, strict=True)
    return match


def main() -> int:
    for ruleset_id in available_rulesets():
        match = play(ruleset_id, 2020, 4)
        doc = {"record": match.to_record(), "expected": summarize(match)}
        path = ROOT / "tests" / "golden" / f"{ruleset_id}-2020.json"
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.name}: totals {match.totals}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
