"""Hand analyser: ``python -m game.analyze "HAND" [--json]`` or ``--stdin``.

Prints shanten, whether the hand is complete, its waits (3n+1 hands) and, for
3n+2 hands, every distinct discard with the shanten after it, its effective tiles
and how many copies of them remain unseen (4 per kind minus copies in the hand; a kind
the hand holds all four of is never listed: none is left to draw).
Hands of 1..14 tiles are the concealed part; exposed melds are left out, and so are
国标's flowers (f1-f8), which are set aside and never held.
``--ruleset ID`` reads the hand by that ruleset's own rules (game.hand_reading tells how):
only its tiles, its hand rules and its winning shapes, 国标's 十三幺, 全不靠 and 组合龙
among them. Without it the hand rules are dazhong's, changed by the hand-rule flags, over
all 34 kinds. Neither the fan of a win (国标's minimum) nor 血战到底's void suit is weighed:
the analysis is of the hand's shape.
Bad input: one ``error: ...`` line on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from game.console import run_cli
from game.engine.efficiency import discard_options
from game.engine.hands import DEFAULT_RULES, HandRules
from game.engine.ruleset import RulesetError
from game.engine.tiles import NotationError, format_tiles, parse_counts, parse_tile, tile_name
from game.hand_reading import HandReading
from game.rulesets import available_rulesets, load_ruleset

EXIT_BAD_INPUT = 2
MAX_LINE = 1000  # a hand in notation is a few dozen characters
MAX_HAND = 100   # longer text is not a hand, and is not echoed back whole


class InputError(ValueError):
    """Input the analyser rejects (reported as ``error: ...``)."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one ``error:`` line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"error: {message}\n")
        raise SystemExit(EXIT_BAD_INPUT)


Table = list[tuple[int, int, list[tuple[int, int]]]]


def _drawable(options: list[tuple[int, int, list[int]]], left: Sequence[int]) -> Table:
    return [(kind, after, [(k, left[k]) for k in effective if left[k] > 0])
            for kind, after, effective in options]


def discard_table(counts: Sequence[int], left: Sequence[int], rules: HandRules = DEFAULT_RULES
                  ) -> Table:
    """For a 3n+2 hand, per kind held: (the kind, shanten after discarding it, its effective
    tiles with the copies `left` of each to draw); a kind with none left is never listed."""
    return _drawable(discard_options(counts, rules), left)


def analyze(text: str, reading: HandReading | None = None) -> dict[str, Any]:
    """Analysis of one hand in notation, as the JSON-ready dict the CLI prints."""
    reading = reading or HandReading()
    if not text.strip():
        raise InputError("empty hand")
    if len(text) > MAX_HAND:
        raise InputError(f"{len(text)} characters is not a hand (at most 14 tiles, "
                         f"such as 123m456p789s11m45p)")
    if "f" in text:
        raise InputError("flowers (f1-f8) are set aside, never part of a hand: leave them out")
    try:
        counts = parse_counts(text, max_tiles=14)
    except NotationError as exc:
        raise InputError(str(exc)) from None
    n = sum(counts)
    if n % 3 == 0:
        raise InputError(f"{n} tiles in {text.strip()!r}; a concealed hand has 3n+1 or 3n+2 tiles")
    refusal = reading.refusal(counts)
    if refusal is not None:
        raise InputError(refusal)
    result: dict[str, Any] = {
        "hand": format_tiles(k for k in range(34) for _ in range(counts[k])),
        "tiles": n,
        "shanten": reading.shanten(counts),
        "win": n % 3 == 2 and reading.is_win(counts),
        "waits": [tile_name(k) for k in reading.waits(counts)] if n % 3 == 1 else [],
    }
    if reading.ruleset is not None:
        result["ruleset"] = reading.ruleset.id
    if n % 3 == 2:
        discards: list[dict[str, Any]] = []
        left = [4 - c for c in counts]
        for kind, after, drawable in _drawable(reading.discard_options(counts), left):
            discards.append({
                "discard": tile_name(kind),
                "shanten": after,
                "effective": [tile_name(k) for k, _ in drawable],
                "effective_count": sum(n for _, n in drawable),
            })
        discards.sort(key=lambda d: (d["shanten"], -d["effective_count"]))
        result["discards"] = discards
    return result


def format_text(result: dict[str, Any]) -> str:
    """Human-readable report of :func:`analyze`'s result."""
    s = result["shanten"]
    state = "complete" if s == -1 else "ready" if s == 0 else f"{s} from ready"
    lines = [f"ruleset:  {result['ruleset']}"] if "ruleset" in result else []
    lines += [
        f"hand:     {result['hand']}  ({result['tiles']} tiles)",
        f"shanten:  {s}  ({state})",
        f"win:      {'yes' if result['win'] else 'no'}",
    ]
    if result["tiles"] % 3 == 1:
        lines.append(f"waits:    {' '.join(result['waits']) or '-'}")
    if "discards" in result:
        lines.append("discards: (discard -> shanten, effective tiles, copies left)")
        for d in result["discards"]:
            eff = " ".join(d["effective"]) or "-"
            lines.append(f"  {d['discard']:>3} -> {d['shanten']:>2}  "
                         f"{d['effective_count']:>3}  {eff}")
    return "\n".join(lines)


def _reading(args: argparse.Namespace) -> HandReading:
    if args.ruleset is None:
        return HandReading(_rules(args))
    flags = [flag for flag, on in (("--no-seven-pairs", args.no_seven_pairs),
                                   ("--quad-one-pair", args.quad_one_pair),
                                   ("--pair-258", args.pair_258),
                                   ("--wildcard", args.wildcard is not None)) if on]
    if flags:
        raise InputError(f"{flags[0]} changes the hand rules; a ruleset brings its own: "
                         f"give one or the other")
    try:
        return HandReading(ruleset=load_ruleset(args.ruleset))
    except RulesetError as exc:
        raise InputError(f"--ruleset: {exc}") from None


def _rules(args: argparse.Namespace) -> HandRules:
    wildcard = None
    if args.wildcard is not None:
        try:
            wildcard = parse_tile(args.wildcard)
        except NotationError as exc:
            raise InputError(f"--wildcard: {exc}") from None
    return HandRules(seven_pairs=not args.no_seven_pairs,
                     quads_as_two_pairs=not args.quad_one_pair,
                     pair_258=args.pair_258, wildcard=wildcard)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m game.analyze",
                     description="Shanten, waits and discard analysis of a mahjong hand.",
                     epilog="By --ruleset guobiao the shanten is the lower of the sets-and-pair "
                            "and seven-pairs one and the tiles lacking toward 十三幺, 全不靠 "
                            "or 组合龙, less one; its waits and effective tiles are found by "
                            "trying every kind of the ruleset. The analysis is of the hand's "
                            "shape: neither a fan minimum nor a void suit is weighed.")
    parser.add_argument("hand", nargs="?",
                        help="hand in notation, e.g. 123m456p789s11z (1..14 tiles)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--stdin", action="store_true",
                        help="read one hand per line from stdin, print one JSON object per line")
    parser.add_argument("--ruleset", metavar="ID",
                        help="read the hand by this ruleset's tiles, hand rules and winning "
                             f"shapes (one of: {', '.join(available_rulesets())}); without "
                             "it, dazhong's hand rules over all 34 kinds, changed by the flags "
                             "below")
    parser.add_argument("--no-seven-pairs", action="store_true", help="七对 does not win")
    parser.add_argument("--quad-one-pair", action="store_true",
                        help="in 七对 four identical tiles are not two pairs")
    parser.add_argument("--pair-258", action="store_true", help="regular pair must be a 2, 5 or 8")
    parser.add_argument("--wildcard", metavar="TILE", help="joker tile kind, e.g. 5z")
    return parser


def _run_stdin(reading: HandReading) -> int:
    status = 0
    number = 0
    while True:
        raw = sys.stdin.buffer.readline(MAX_LINE + 1)
        if not raw:
            return status
        number += 1
        if len(raw) > MAX_LINE:
            sys.stderr.write(f"error: line {number} is longer than {MAX_LINE} bytes; "
                             f"not a hand, stopping\n")
            return EXIT_BAD_INPUT
        hand = raw.decode("utf-8", errors="replace").strip()
        if not hand:
            continue
        try:
            out: dict[str, Any] = analyze(hand, reading)
        except InputError as exc:
            sys.stderr.write(f"error: line {number}: {exc}\n")
            out = {"hand": hand, "error": str(exc)}
            status = EXIT_BAD_INPUT
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        reading = _reading(args)
        if args.stdin:
            if args.hand is not None:
                raise InputError("give either a hand or --stdin, not both")
            return _run_stdin(reading)
        if args.hand is None:
            raise InputError("no hand given (or use --stdin)")
        result = analyze(args.hand, reading)
    except InputError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return EXIT_BAD_INPUT
    print(json.dumps(result, ensure_ascii=False) if args.json else format_text(result))
    return 0


if __name__ == "__main__":
    run_cli(main)
