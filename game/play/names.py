"""A seat's name as data: the ids of the names the game gives (its pages put them into the
current language), and the names older versions wrote out in words, read back as ids.

A seat either has a name a person or a program chose (shown as it is) or one of these ids:
YOU (the person who set no name of their own), PLAYER (a numbered person at a hotseat
table) or an AI seat's name, AI_NAMES[seat]."""
from __future__ import annotations

import re

YOU = "you"
PLAYER = "player"
AI_NAMES = ("ai.0", "ai.1", "ai.2", "ai.3")
NAME_IDS = (YOU, PLAYER, *AI_NAMES)

_OLD_WORDS: dict[str, str] = {   # the default names as versions before ids wrote them
    "你": YOU, "You": YOU,
    **{name: AI_NAMES[s] for names in (("阿东", "小南", "老西", "北北"), ("Dong", "Nan", "Xi", "Bei"),
                                         ("阿明", "小梅", "老周", "大宝"), ("Ming", "Mei", "Zhou", "Bao"))
       for s, name in enumerate(names)},
}
_OLD_PLAYER = re.compile(r"(?:玩家 |Player )(\d)")


def ai_name(seat: int) -> str:
    """The id of the name an AI seat gets at `seat`."""
    return AI_NAMES[seat % len(AI_NAMES)]


def old_default(name: str, seat: int) -> str:
    """The id of a default name an older version wrote out in words at `seat` ("老西",
    "You", "玩家 2"), or "" for any other name."""
    numbered = _OLD_PLAYER.fullmatch(name)
    if numbered:
        return PLAYER if int(numbered.group(1)) == seat + 1 else ""
    return _OLD_WORDS.get(name, "")
