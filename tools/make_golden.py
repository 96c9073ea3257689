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


def play(ruleset_id: str, seed: int, length: int) -> Match:
    match = Match(load_ruleset(ruleset_id), seed, length)
    rng = random.Random(seed)
    while True:
        while not match.round.is_over:
            seat = match.round.seats_to_act()[0]
            legal = match.round.legal_actions(seat)
            match.apply(greedy_choice(match, legal, rng))
        if match.is_over:
            return match
        match.start_next_hand()


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
