"""The table's action log: every public event of the hand in words, scrollable back."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine import events as E
from game.engine.actions import Action, ActionSyntaxError
from game.engine.events import Event
from game.engine.tiles import tile_name, tile_name_zh

Translate = Callable[..., str]


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
    if event.kind == E.PASS:
        return t("table.log.pass", name=name)
    if event.kind == E.PAYMENT:
        payer = names[data["payer"]] if 0 <= data.get("payer", -1) < len(names) else ""
        key = "table.log.refund" if data.get("reason") == "chi_refund" else "table.log.payment"
        return t(key, name=name, payer=payer, amount=data.get("amount", 0))
    if event.kind == E.WIN:
        how = data.get("how", "discard")
        return t(f"table.log.win_{how}", name=name, tile=tile, src=src, fan=data.get("fan", 0))
    if event.kind == E.EXHAUSTED:
        return t("table.log.exhausted")
    if event.kind == E.AUTO:
        return t("table.log.auto_on" if data.get("on") else "table.log.auto_off", name=name)
    return None


def action_words(text: str, t: Translate, language: str) -> str:
    """An AI candidate ('0 discard 5m', '2 chi 4s 5s 6s') in the player's words."""
    try:
        action = Action.from_text(text)
    except (ActionSyntaxError, ValueError):
        return t("table.reasoning.other")
    tiles = [*action.tiles, *([action.tile] if action.tile is not None else [])]
    words = " ".join(tile_words(k, language) for k in sorted(set(tiles)))
    kind = t(f"table.act.{action.kind}")
    return f"{kind} {words}".strip() + (t("table.act.and_ready") if action.ready else "")


class ActionLog:
    """Every line of the hand, oldest first, with a scroll position (0 = newest shown)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.back = 0              # lines scrolled back from the newest

    def add(self, line: str | None) -> None:
        """Append a line; a log scrolled back keeps showing the same lines."""
        if line:
            self.lines.append(line)
            if self.back:
                self.back += 1

    def add_events(self, events: Sequence[Event], viewer: int, names: Sequence[str],
                   t: Translate, language: str) -> None:
        """A line for each event the log tells, as `viewer` saw it."""
        for e in events:
            self.add(describe(e.seen_by(viewer), names, t, language))

    def clear(self) -> None:
        self.lines.clear()
        self.back = 0

    def scroll(self, lines: int, shown: int) -> None:
        """Scroll back (positive) or forward (negative), within the hand."""
        self.back = max(0, min(len(self.lines) - shown, self.back + lines))

    def window(self, shown: int) -> tuple[str, ...]:
        """The `shown` lines at the scroll position, oldest first."""
        end = len(self.lines) - self.back
        return tuple(self.lines[max(0, end - shown):end])
