"""Solo test: one seat alone on a fresh wall, no claims, no other seats; the share of
games it completes a hand by self-draw within `--draws` draws, and the share that are
ready (one tile from winning) after each draw — at a full table the race to 报听 is
decided within the first six or so.

The seat is dealt 13 tiles, then draws; after each draw it is offered 自摸 (if the
hand is complete) and a discard of every kind it holds, through a PlayerView built
here (its own hand and discards; the other seats hold nothing; wall_remaining is
`players` × its draws left, as at a full table).

    python -m ai.solo --level hard --games 1000 --seed 1 --draws 18 [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
from dataclasses import dataclass

from ai.base import Agent, timed_choose
from ai.levels import LEVELS, make_agent
from game.console import OneLineParser, run_cli
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands import is_win, shanten
from game.engine.ruleset import Ruleset, RulesetError
from game.engine.tiles import to_counts
from game.engine.view import DiscardView, Phase, PlayerView
from game.engine.wall import derive_seed, shuffled_wall
from game.rulesets import load_ruleset


def solo_view(ruleset: Ruleset, hand: list[int], drawn: int, pool: list[int],
              draws_left: int) -> PlayerView:
    """Seat 0's view of the solo table."""
    n = ruleset.players
    empty: tuple[()] = ()
    return PlayerView(
        seat=0, players=n, ruleset_id=ruleset.id, phase=Phase.TURN, dealer=0, current=0,
        hand=tuple(sorted(hand)), drawn=drawn, hand_sizes=(len(hand),) + (0,) * (n - 1),
        melds=(empty,) * n,
        discards=(tuple(DiscardView(t, False, None) for t in pool),) + (empty,) * (n - 1),
        ready=(False,) * n, auto=(False,) * n, wall_remaining=n * draws_left,
        scores=(0,) * n, claim_tile=None, claim_from=None, claim_kind=None,
        wildcard=ruleset.wildcard, copies=ruleset.copies, tile_kinds=ruleset.tile_kinds)


@dataclass
class SoloResult:
    """One solo game: whether it was won, and after which draw (1-based) the hand was
    first ready or complete (None: never)."""

    won: bool
    ready_at: int | None


def solo_game(agent: Agent, ruleset: Ruleset, seed: int, draws: int,
              times: list[float]) -> SoloResult:
    """One solo game: won if the hand is completed by self-draw within `draws` draws."""
    wall = shuffled_wall(ruleset.tile_kinds, ruleset.copies, seed)
    hand = wall[:ruleset.hand_size]
    pool: list[int] = []
    ready_at: int | None = None
    for i in range(draws):
        drawn = wall[ruleset.hand_size + i]
        hand.append(drawn)
        counts = to_counts(hand)
        legal = [Action(0, A.SELF_DRAW, drawn)] if is_win(counts, ruleset.hand_rules) else []
        legal += [Action(0, A.DISCARD, k) for k in sorted(set(hand))]
        action = timed_choose(agent, solo_view(ruleset, hand, drawn, pool, draws - i - 1),
                              legal, times)
        if action not in legal:
            raise RuntimeError(f"{agent.name} chose {action}, not legal")
        if action.kind == A.SELF_DRAW:
            return SoloResult(True, i + 1 if ready_at is None else ready_at)
        assert action.tile is not None
        hand.remove(action.tile)
        pool.append(action.tile)
        if ready_at is None and shanten(to_counts(hand), ruleset.hand_rules) == 0:
            ready_at = i + 1
    return SoloResult(False, ready_at)


def ready_by_draw(results: list[SoloResult], draws: int) -> list[float]:
    """Per draw 1..draws, the share of games ready (or complete) by then."""
    firsts = [r.ready_at for r in results if r.ready_at is not None]
    return [sum(1 for f in firsts if f <= d) / len(results) for d in range(1, draws + 1)]


def whole_number(text: str) -> int:
    """An argparse type: a whole number written in ASCII digits (no '²', '９' or '٣')."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 19:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    return int(text)


def ruleset_or_error(parser: OneLineParser, ruleset_id: str) -> Ruleset:
    """The named ruleset, or the parser's one-line error."""
    try:
        return load_ruleset(ruleset_id)
    except RulesetError as exc:
        parser.error(str(exc))


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m ai.solo", description=__doc__)
    parser.add_argument("--level", required=True, choices=sorted(LEVELS))
    parser.add_argument("--games", type=whole_number, default=1000)
    parser.add_argument("--seed", type=whole_number, default=1)
    parser.add_argument("--draws", type=whole_number, default=18)
    parser.add_argument("--ruleset", default="dazhong")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1 or args.draws < 1:
        parser.error("--games and --draws must be at least 1")
    ruleset = ruleset_or_error(parser, args.ruleset)
    most = ruleset.wall_size - ruleset.hand_size
    if args.draws > most:
        parser.error(f"--draws {args.draws} is more than the wall holds after the deal "
                     f"({most} tiles in ruleset '{ruleset.id}')")
    times: list[float] = []
    results = []
    for g in range(args.games):
        agent = make_agent(args.level, derive_seed(args.seed, g, 1))
        results.append(solo_game(agent, ruleset, derive_seed(args.seed, g), args.draws, times))
    wins = sum(r.won for r in results)
    ready = ready_by_draw(results, args.draws)
    result = {"level": args.level, "games": args.games, "draws": args.draws,
              "win_rate": wins / args.games, "ready_by_draw": ready,
              "decision_ms_mean": statistics.fmean(times)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.level}: won {wins}/{args.games} = {result['win_rate']:.3f} within "
              f"{args.draws} draws; mean decision {result['decision_ms_mean']:.2f} ms")
        print("ready by draw: " + "  ".join(f"{d}:{r:.3f}" for d, r in
                                            enumerate(ready, start=1)))
    return 0


if __name__ == "__main__":
    run_cli(main)
