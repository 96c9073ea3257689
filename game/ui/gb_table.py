"""What the table shows of 国标麻将 beyond the other rulesets: the flowers each seat has
set aside (told by the hand's flower events), the prevailing wind and the hand within
it, and how often a win's fan was met."""
from __future__ import annotations

from collections.abc import Iterable

from game.engine import events as E
from game.engine.events import Event
from game.engine.mcr_fans import FLOWER_FAN
from game.engine.ruleset import Ruleset
from game.engine.tiles import NUM_KINDS
from game.engine.view import PlayerView
from game.render.flower_faces import FLOWER_NAMES_EN, FLOWER_NAMES_ZH
from game.shell.i18n import Translate

ROUND_KEYS = ("table.round.east", "table.round.south", "table.round.west", "table.round.north")


def flowers_of(events: Iterable[Event], players: int) -> tuple[tuple[int, ...], ...]:
    """The flower tiles (kinds 34-41) each seat has set aside in the hand, in order."""
    seats: list[list[int]] = [[] for _ in range(players)]
    for e in events:
        if isinstance(e.data, E.FlowerData) and 0 <= e.seat < players:
            seats[e.seat].append(NUM_KINDS + e.data.flower)
    return tuple(tuple(s) for s in seats)


def hands_per_wind(ruleset: Ruleset) -> int:
    """The hands a prevailing wind lasts (0: a ruleset without prevailing winds)."""
    return ruleset.guobiao.hands_per_wind if ruleset.guobiao is not None else 0


def flower_badge(view: PlayerView, seat: int, t: Translate) -> str:
    """The plate's badge of a seat's flowers ('花3'), shown where no row of them fits."""
    count = view.flowers[seat] if view.flowers else 0
    return t("table.badge.flowers", n=count) if count else ""


def wind_caption(t: Translate, round_wind: int, hand: int, per_wind: int) -> str:
    """'东风圈 · 第3局': the prevailing wind and the hand within it (`hand` from 0)."""
    return t(ROUND_KEYS[round_wind % 4], n=hand % max(1, per_wind) + 1)


def flower_words(index: int, language: str) -> str:
    """A flower's name in the player's language (0-7: 春夏秋冬梅兰竹菊)."""
    return FLOWER_NAMES_ZH[index] if language == "zh" else FLOWER_NAMES_EN[index]


def times_mark(key: str, times: int) -> str:
    """How often a fan was met, shown beside its name when more than once, and for the
    flowers always ('×3'); '' otherwise."""
    return f"×{times}" if times > 1 or key == FLOWER_FAN else ""
