"""The table's short action log: the last few events in words."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from game.engine import events as E
from game.engine.events import Event
from game.engine.tiles import tile_name, tile_name_zh

Translate = Callable[..., str]
LINES = 6


def tile_words(kind: int | None, language: str) -> str:
    if kind is None:
        return "?"
    return tile_name_zh(kind) if language == "zh" else tile_name(kind)


def describe(event: Event, names: Sequence[str], t: Translate, language: str) -> str | None:
    """One line for a public event, or None for events the log leaves out."""
    name = names[event.seat] if 0 <= event.seat < len(names) else ""
    tile = tile_words(event.tile, language)
    data = event.data
    source = data.get("from")
    src = names[source] if isinstance(source, int) else ""
    if event.kind == E.DEAL:
        return t("table.log.deal", name=name) if data.get("tiles", 0) % 3 == 2 else None
    if event.kind == E.DISCARD:
        key = "table.log.discard_ready" if data.get("ready") else "table.log.discard"
        return t(key, name=name, tile=tile)
    if event.kind == E.CLAIM:
        return t(f"table.log.{data.get('kind')}", name=name, tile=tile, src=src)
    if event.kind == E.KONG:
        kind = "concealed_kong" if data.get("kind") == "kong_concealed" else "added_kong"
        return t(f"table.log.{kind}", name=name, tile=tile)
    if event.kind == E.WIN:
        how = data.get("how", "discard")
        return t(f"table.log.win_{how}", name=name, tile=tile, src=src, fan=data.get("fan", 0))
    if event.kind == E.EXHAUSTED:
        return t("table.log.exhausted")
    if event.kind == E.AUTO:
        return t("table.log.auto_on" if data.get("on") else "table.log.auto_off", name=name)
    return None


class ActionLog:
    """The newest lines, oldest first."""

    def __init__(self) -> None:
        self.lines: deque[str] = deque(maxlen=LINES)

    def add(self, line: str | None) -> None:
        if line:
            self.lines.append(line)

    def clear(self) -> None:
        self.lines.clear()

    def snapshot(self) -> tuple[str, ...]:
        return tuple(self.lines)
