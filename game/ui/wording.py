"""Translation keys for the game's vocabularies, spelled out: what an action, a win, a
payment or a pattern is called, so that every key a page asks for is known (a test checks
each in zh and en) and none is built from a string at run time."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

from game.engine.actions import ActionKind
from game.engine.events import WinKind
from game.history.stats import OUTCOMES
from game.shell.i18n import Translate
from game.ui.fan_keys import FAN_KEYS

K = TypeVar("K", bound=Hashable)


def every(members: Iterable[K], keys: Mapping[K, str]) -> dict[K, str]:
    """`keys` if it names every one of `members` (else a ValueError on import)."""
    missing = [m for m in members if m not in keys]
    if missing:
        raise ValueError(f"no translation key for {missing}")
    return dict(keys)


def words_for(t: Translate, keys: Mapping[str, str], name: str) -> str:
    """`name` in the player's words by `keys` — a level they lack by its name among the
    levels (LEVEL_KEYS) — or as it is when neither knows it (a level or seat kind from
    another version, a program's name)."""
    key = keys.get(name) or LEVEL_KEYS.get(name)
    return t(key) if key is not None else name


A = ActionKind
VERB_KEYS = every(ActionKind, {
    A.DISCARD: "table.verb.discard", A.SELF_DRAW: "table.verb.tsumo",
    A.CONCEALED_KONG: "table.verb.concealed_kong", A.ADDED_KONG: "table.verb.added_kong",
    A.HU: "table.verb.hu", A.KONG: "table.verb.kong", A.PENG: "table.verb.peng",
    A.CHI: "table.verb.chi", A.PASS: "table.verb.pass", A.AUTO: "table.verb.auto",
    A.SWAP: "table.verb.swap", A.VOID: "table.verb.void",
})
CLAIM_LOG_KEYS: dict[ActionKind, str] = {
    A.CHI: "table.log.chi", A.PENG: "table.log.peng", A.KONG: "table.log.kong",
}
WIN_LOG_KEYS = every(WinKind, {
    WinKind.SELF_DRAW: "table.log.win_tsumo", WinKind.DISCARD: "table.log.win_discard",
    WinKind.ROB_KONG: "table.log.win_rob_kong",
})
WON_KEYS = every(WinKind, {   # how a seat won, at the end of the hand
    WinKind.SELF_DRAW: "results.won.tsumo", WinKind.DISCARD: "results.won.discard",
    WinKind.ROB_KONG: "results.won.rob_kong",
})
PAYMENT_KEYS = {   # the payments of actions; a win pays under its pattern's name
    "chi": "results.reason.chi", "peng": "results.reason.peng",
    "direct_kong": "results.reason.direct_kong", "added_kong": "results.reason.added_kong",
    "concealed_kong": "results.reason.concealed_kong", "ready": "results.reason.ready",
    "chi_refund": "results.reason.chi_refund",
    # 血战到底
    "self_draw_point": "results.reason.self_draw_point",
    "kong_transfer": "results.reason.kong_transfer", "flower_pig": "results.reason.flower_pig",
    "not_ready": "results.reason.not_ready", "kong_refund": "results.reason.kong_refund",
    # 国标: every payer's base, and the fan (from the discarder, or each on a self-draw)
    "base": "results.reason.base", "fan": "results.reason.fan",
}
PATTERN_KEYS = {
    "basic": ("results.pattern.basic", "results.reason.basic"),
    "all_triplets": ("results.pattern.all_triplets", "results.reason.all_triplets"),
    "one_suit": ("results.pattern.one_suit", "results.reason.one_suit"),
    "seven_pairs": ("results.pattern.seven_pairs", "results.reason.seven_pairs"),
    # 血战到底: its hand patterns, 根 and the circumstances of a win
    "dragon_seven_pairs": ("results.pattern.dragon_seven_pairs", "results.reason.dragon_seven_pairs"),
    "pure_triplets": ("results.pattern.pure_triplets", "results.reason.pure_triplets"),
    "all_258_triplets": ("results.pattern.all_258_triplets", "results.reason.all_258_triplets"),
    "golden_hook": ("results.pattern.golden_hook", "results.reason.golden_hook"),
    "terminal_sets": ("results.pattern.terminal_sets", "results.reason.terminal_sets"),
    "root": ("results.pattern.root", "results.reason.root"),
    "kong_bloom": ("results.pattern.kong_bloom", "results.reason.kong_bloom"),
    "kong_shot": ("results.pattern.kong_shot", "results.reason.kong_shot"),
    "robbed_kong": ("results.pattern.robbed_kong", "results.reason.robbed_kong"),
    "last_tile": ("results.pattern.last_tile", "results.reason.last_tile"),
    "heavenly": ("results.pattern.heavenly", "results.reason.heavenly"),
    "earthly": ("results.pattern.earthly", "results.reason.earthly"),
    "self_draw": ("results.pattern.self_draw", "results.reason.self_draw"),
}
"""Each scoring pattern's (name, payment reason) keys; a test checks that every pattern
of game.engine.patterns has its row."""


LEVEL_KEYS = {     # the kinds of seat: a person, the AI levels, an outside program
    "human": "level.human", "easy": "level.easy", "medium": "level.medium",
    "hard": "level.hard", "master": "level.master", "bot": "level.bot",
    "auto": "level.auto",    # the statistics' group of hands played under 托管
}
TAG_KEYS = {       # the same, as tagged beside a name at the table
    "human": "table.tag.human", "easy": "table.tag.easy", "medium": "table.tag.medium",
    "hard": "table.tag.hard", "master": "table.tag.master", "bot": "table.tag.bot",
}
OPPONENT_KEYS = {  # who plays the other seats in the replay
    "recorded": "replay.opp.recorded", "easy": "replay.opp.easy",
    "medium": "replay.opp.medium", "hard": "replay.opp.hard", "master": "replay.opp.master",
}
WIND_KEYS = ("table.wind.0", "table.wind.1", "table.wind.2", "table.wind.3")
RESULT_WIND_KEYS = ("results.wind.0", "results.wind.1", "results.wind.2", "results.wind.3")
PLACE_KEYS = {     # where each seat sits on screen, by the number of players
    2: ("seat.2.0", "seat.2.1"),
    3: ("seat.3.0", "seat.3.1", "seat.3.2"),
    4: ("seat.4.0", "seat.4.1", "seat.4.2", "seat.4.3"),
}
ENDING_KEYS = every(OUTCOMES, {
    "self_draw": "stats.ending.self_draw", "won_on_discard": "stats.ending.won_on_discard",
    "dealt_in": "stats.ending.dealt_in", "others_won": "stats.ending.others_won",
    "exhausted": "stats.ending.exhausted",
})


def pattern_key(name: str) -> str | None:
    """The key of a pattern's name, or of a 国标 fan's (None: a pattern this version has
    no words for)."""
    keys = PATTERN_KEYS.get(name)
    return keys[0] if keys else FAN_KEYS.get(name)


def reason_key(reason: str) -> str | None:
    """The key of a payment's reason: an action's payment or a win's pattern."""
    keys = PATTERN_KEYS.get(reason)
    return keys[1] if keys else PAYMENT_KEYS.get(reason)
