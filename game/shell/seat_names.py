"""A seat's name in the current language: the names the game gives (game.play.names ids)
by their translation keys, a name a person or program chose as it is."""
from __future__ import annotations

from game.play.names import AI_NAMES, PLAYER, YOU
from game.play.setup import MatchSetup, SeatSpec
from game.shell.i18n import Translate

NAME_KEYS = {   # the names the game gives, by id (every one of game.play.names.NAME_IDS)
    YOU: "seat.you", PLAYER: "seat.player", AI_NAMES[0]: "seat.ai_name.0",
    AI_NAMES[1]: "seat.ai_name.1", AI_NAMES[2]: "seat.ai_name.2", AI_NAMES[3]: "seat.ai_name.3",
}


def seat_name(spec: SeatSpec, seat: int, t: Translate) -> str:
    """The name shown for the seat `spec` at `seat`, in the current language: a name the
    game gives by its id, a chosen one as it is, "Player N" for a seat with neither (or
    with an id from another version)."""
    key = NAME_KEYS.get(spec.name_id)
    if key is not None:
        return t(key, n=seat + 1)
    return spec.name or t("seat.player", n=seat + 1)


def seat_names(setup: MatchSetup, players: int, t: Translate) -> list[str]:
    """The name of each of the `players` seats of `setup`, by seat_name."""
    return [seat_name(setup.seat(s), s, t) for s in range(players)]
