"""`python -m game.score` (or `mahjong score`): score one winning hand under any ruleset.

    python -m game.score --ruleset guobiao --hand 123m456p789s1122z --win 2z --json

prints `{"fan": N, "points": P, "patterns": [{"key", "name", "name_en", "fan"}, ...]}`
(without --json, one pattern a line in the player's language). A hand that does not win
(or wins below the ruleset's minimum) is one line on stderr, exit status 1; bad input is
one line, exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys

from game.console import OneLineParser, run_cli
from game.engine.ruleset import RulesetError
from game.engine.win_context import NotAWin, WinContext
from game.rulesets import DEFAULT_RULESET
from game.score_input import read_win
from game.scorers import Score, scorer_for
from game.shell.i18n import LANGUAGES, Translator
from game.shell.settings import saved_language
from game.ui.fan_keys import FAN_KEYS
from game.ui.wording import pattern_key


def read_wind(text: str) -> int:
    """A wind written 1-4 (east, south, west, north), as 0-3."""
    if text not in ("1", "2", "3", "4"):
        raise argparse.ArgumentTypeError(f"a wind is 1-4 (east, south, west, north), "
                                         f"not {text[:10]!r}")
    return int(text) - 1


def read_flowers(text: str) -> int:
    """A count of flowers, 0-8."""
    if text not in tuple("012345678"):
        raise argparse.ArgumentTypeError(f"the flowers are a count from 0 to 8, "
                                         f"not {text[:10]!r}")
    return int(text)


def parse_args(argv: list[str], prog: str) -> argparse.Namespace:
    parser = OneLineParser(prog=prog, description="Score one winning hand.")
    add = parser.add_argument
    add("--ruleset", default=DEFAULT_RULESET, metavar="ID",
        help=f"the ruleset to score by (default {DEFAULT_RULESET}; e.g. guobiao)")
    add("--hand", required=True, help="the concealed tiles with the winning tile (or "
                                      "without it), e.g. 123m456p789s11222z")
    add("--win", required=True, metavar="TILE", help="the winning tile, e.g. 2z")
    add("--melds", default="", help='exposed and concealed melds, e.g. '
                                    '"peng:555p,chi:123m,kong:7777s,ckong:1111z"')
    add("--self-drawn", action="store_true", help="won on one's own draw (自摸)")
    add("--flowers", type=read_flowers, default=0, metavar="N", help="flowers set aside")
    add("--seat-wind", type=read_wind, default=0, metavar="1-4",
        help="the winner's wind: 1 east (default), 2 south, 3 west, 4 north")
    add("--round-wind", type=read_wind, default=0, metavar="1-4",
        help="the prevailing wind, 1-4 (default 1, east)")
    add("--last-tile", action="store_true", help="on the wall's last tile (妙手回春 / 海底捞月)")
    add("--kong-draw", action="store_true",
        help="self-drawn on a kong's replacement tile (杠上开花)")
    add("--robbed-kong", action="store_true", help="robbing a kong (抢杠和)")
    add("--fourth-tile", action="store_true",
        help="the last copy of its kind, the other three seen (和绝张)")
    add("--language", choices=LANGUAGES, help="the language of the names (default: the "
                                              "game's setting)")
    add("--json", action="store_true", help="print one JSON object")
    return parser.parse_args(argv)


def name_key(score: Score, key: str) -> str | None:
    """The translation key of a pattern's name, or None when this version has none."""
    return FAN_KEYS.get(key) if score.names == "mcr" else pattern_key(key)


def as_json(score: Score) -> dict[str, object]:
    """The score with each pattern's names in zh and en."""
    zh, en = Translator("zh"), Translator("en")
    rows = []
    for key, fan in score.patterns:
        text = name_key(score, key)
        rows.append({"key": key, "name": zh(text) if text else key,
                     "name_en": en(text) if text else key, "fan": fan})
    return {"fan": score.fan, "points": score.points, "patterns": rows}


def as_lines(score: Score, language: str) -> str:
    """One pattern a line, then the total, in `language`."""
    t = Translator(language)
    lines = []
    for key, fan in score.patterns:
        text = name_key(score, key)
        lines.append(f"{t(text) if text else key}  {t('results.fan', fan=fan)}")
    lines.append(t("score.total", fan=score.fan, points=score.points))
    return "\n".join(lines)


def main(argv: list[str] | None = None, prog: str = "python -m game.score") -> int:
    words = sys.argv[1:] if argv is None else argv
    args = parse_args(words, prog)
    context = WinContext(self_drawn=args.self_drawn or args.kong_draw, flowers=args.flowers,
                         seat_wind=args.seat_wind, round_wind=args.round_wind,
                         last_tile=args.last_tile, kong_draw=args.kong_draw,
                         robbed_kong=args.robbed_kong,
                         fourth_tile=args.fourth_tile)
    try:
        scorer = scorer_for(args.ruleset)
        score = scorer(read_win(args.hand, args.win, args.melds, context))
    except NotAWin as exc:
        print(f"{prog}: does not win under {args.ruleset}: {exc}", file=sys.stderr)
        return 1
    except (RulesetError, ValueError) as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(as_json(score), ensure_ascii=False) if args.json
          else as_lines(score, args.language or saved_language("zh")))
    return 0


if __name__ == "__main__":
    run_cli(main)
