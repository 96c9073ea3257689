"""Translation keys for the game's vocabularies, spelled out: what an action, a win, a
payment or a pattern is called, so that every key a page asks for is known (a test checks
each in zh and en) and none is built from a string at run time."""
from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import TypeVar

from game.engine.actions import ActionKind
from game.engine.events import WinKind

K = TypeVar("K", bound=Enum)


def every(members: type[K], keys: Mapping[K, str]) -> dict[K, str]:
    """`keys` if it names every member of `members` (else a ValueError on import)."""
    missing = [m for m in members if m not in keys]
    if missing:
        raise ValueError(f"no translation key for {missing}")
    return dict(keys)


A = ActionKind
VERB_KEYS = every(ActionKind, {
    A.DISCARD: "table.verb.discard", A.SELF_DRAW: "table.verb.tsumo",
    A.CONCEALED_KONG: "table.verb.concealed_kong", A.ADDED_KONG: "table.verb.added_kong",
    A.HU: "table.verb.hu", A.KONG: "table.verb.kong", A.PENG: "table.verb.peng",
    A.CHI: "table.verb.chi", A.PASS: "table.verb.pass", A.AUTO: "table.verb.auto",
})
CLAIM_LOG_KEYS: dict[ActionKind, str] = {
    A.CHI: "table.log.chi", A.PENG: "table.log.peng", A.KONG: "table.log.kong",
}
WIN_LOG_KEYS = every(WinKind, {
    WinKind.SELF_DRAW: "table.log.win_tsumo", WinKind.DISCARD: "table.log.win_discard",
    WinKind.ROB_KONG: "table.log.win_rob_kong",
})
HOW_KEYS = every(WinKind, {
    WinKind.SELF_DRAW: "results.how.tsumo", WinKind.DISCARD: "results.how.discard",
    WinKind.ROB_KONG: "results.how.rob_kong",
})
PAYMENT_KEYS = {   # the payments of actions; a win pays under its pattern's name
    "chi": "results.reason.chi", "peng": "results.reason.peng",
    "direct_kong": "results.reason.direct_kong", "added_kong": "results.reason.added_kong",
    "concealed_kong": "results.reason.concealed_kong", "ready": "results.reason.ready",
    "chi_refund": "results.reason.chi_refund",
}
PATTERN_KEYS = {
    "basic": ("results.pattern.basic", "results.reason.basic"),
    "all_triplets": ("results.pattern.all_triplets", "results.reason.all_triplets"),
    "one_suit": ("results.pattern.one_suit", "results.reason.one_suit"),
    "seven_pairs": ("results.pattern.seven_pairs", "results.reason.seven_pairs"),
}
"""Each scoring pattern's (name, payment reason) keys; a test checks that every pattern
of game.engine.patterns has its row."""


def pattern_key(name: str) -> str | None:
    """The key of a pattern's name (None: a pattern this version has no words for)."""
    keys = PATTERN_KEYS.get(name)
    return keys[0] if keys else None


def reason_key(reason: str) -> str | None:
    """The key of a payment's reason: an action's payment or a win's pattern."""
    keys = PATTERN_KEYS.get(reason)
    return keys[1] if keys else PAYMENT_KEYS.get(reason)
