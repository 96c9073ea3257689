"""The table's action log: every event of the hand in words (claims, passes, payments
and 吃吐 refunds included); the panel shows the newest lines and scrolls back."""
from __future__ import annotations

from collections.abc import Sequence

from game.engine import events as E
from game.engine.actions import Action, ActionSyntaxError
from game.engine.events import Event
from game.engine.melds import KONG_CONCEALED
from game.engine.tiles import tile_name, tile_name_zh
from game.engine.view import Phase, PlayerView
from game.shell.i18n import Translate
from game.ui.gb_table import flower_words
from game.ui.wording import CLAIM_LOG_KEYS, VERB_KEYS, WIN_LOG_KEYS, reason_key


def tile_words(kind: int | None, language: str) -> str:
    if kind is None:
        return "?"
    return tile_name_zh(kind) if language == "zh" else tile_name(kind)


def action_words(text: str, t: Translate, language: str) -> str:
    """An action's text ('0 discard 5m ready') in the player's words ('打出 五万 报听')."""
    try:
        action = Action.from_text(text)
    except ActionSyntaxError:
        return text
    parts = [t(VERB_KEYS[action.kind])]
    if action.tile is not None:
        parts.append(tile_words(action.tile, language))
    if action.tiles:
        parts.append("+".join(tile_words(k, language) for k in action.tiles))
    if action.ready:
        parts.append(t("table.bubble.ready"))
    return " ".join(parts)


def describe(event: Event | None, names: Sequence[str], t: Translate,
             language: str) -> str | None:
    """One line for an event as the log's reader may know it, or None for events the
    log leaves out (None: an event the reader is not told of)."""
    if event is None:
        return None
    def seat_name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else ""

    name, tile, data = seat_name(event.seat), tile_words(event.tile, language), event.data
    if isinstance(data, E.DealData):
        return t("table.log.deal", name=name) if data.tiles % 3 == 2 else None
    if isinstance(data, E.DiscardData):
        key = "table.log.discard_ready" if data.ready else "table.log.discard"
        return t(key, name=name, tile=tile)
    if isinstance(data, E.ClaimData):
        return t(CLAIM_LOG_KEYS[data.kind], name=name, tile=tile, src=seat_name(data.from_seat))
    if isinstance(data, E.KongData):
        key = "table.log.concealed_kong" if data.kind == KONG_CONCEALED else "table.log.added_kong"
        return t(key, name=name, tile=tile)
    if isinstance(data, E.WinData):
        return t(WIN_LOG_KEYS[data.how], name=name, tile=tile, src=seat_name(data.from_seat),
                 fan=data.fan)
    if isinstance(data, E.FlowerData):    # 国标's 补花
        return t("table.log.flower", name=name, flower=flower_words(data.flower, language))
    if isinstance(data, E.AutoData):
        return t("table.log.auto_on" if data.on else "table.log.auto_off", name=name)
    if isinstance(data, E.PaymentData):
        why = reason_key(data.reason)
        return t("table.log.payment", payer=seat_name(data.payer), name=name,
                 amount=data.amount, reason=t(why) if why else data.reason)
    if event.kind == E.EXHAUSTED:
        return t("table.log.exhausted")
    if event.kind == E.PASS:
        return t("table.log.pass", name=name)
    return None


def recap(view: PlayerView, names: Sequence[str], t: Translate, language: str) -> list[str]:
    """The hand so far as the seat's view alone tells it, for a log without its events (a
    seat taken back midway): each seat's melds, pool and 报听, the wall, who is to play."""
    if view.phase not in (Phase.TURN, Phase.CLAIM):
        return []
    lines = [t("table.log.recap")]
    for seat in range(view.players):
        name = names[seat] if seat < len(names) else ""
        melds = [" ".join(tile_words(k, language) for k in meld.tiles)
                 or t("table.log.recap_hidden_kong") for meld in view.melds[seat]]
        if melds:
            lines.append(t("table.log.recap_melds", name=name, melds=" · ".join(melds)))
        pool = [tile_words(d.tile, language) for d in view.discards[seat]
                if d.claimed_by is None]
        if pool:
            lines.append(t("table.log.recap_pool", name=name, tiles=" ".join(pool)))
        if view.ready[seat]:
            lines.append(t("table.log.recap_ready", name=name))
    lines.append(t("table.log.recap_wall", n=view.wall_remaining))
    if view.phase is Phase.TURN and view.current < len(names):
        lines.append(t("table.log.recap_turn", name=names[view.current]))
    return lines


class ActionLog:
    """Every line of the hand, oldest first; `back` lines scrolled back from the newest."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.back = 0
        self._instead: tuple[str, str] | None = None   # (a line to come, what to show)

    def add(self, line: str | None) -> None:
        if line and self._instead is not None and line == self._instead[0]:
            line, self._instead = self._instead[1], None
        if line:
            self.lines.append(line)
            if self.back:
                self.back += 1   # keep the lines being read in place

    def say_instead(self, expected: str, line: str) -> None:
        """Show `line` in place of the next line `expected` (a pass the table made for
        the player when its time ran out is told once, as that)."""
        self._instead = (expected, line)

    def clear(self) -> None:
        self.lines.clear()
        self.back = 0

    def scroll(self, lines: int, shown: int) -> None:
        """Scroll back (positive) or forward (negative) through the hand, `shown` lines
        being in view."""
        self.back = max(0, min(len(self.lines) - shown, self.back + lines))

    def snapshot(self, shown: int) -> tuple[str, ...]:
        """The `shown` lines in view, oldest first."""
        end = len(self.lines) - self.back
        return tuple(self.lines[max(0, end - shown):end])
