"""Every seat's hand at the end of a hand, as the results panel shows it: the tiles, and
one plain line on how the seat ended — who won and from whom, who dealt in, who had
declared 报听 or was ready (听牌) without declaring."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.engine.events import WinKind
from game.engine.hands import HandRules, shanten
from game.engine.melds import Meld
from game.engine.state import RoundState, WinRecord
from game.engine.tiles import NUM_KINDS
from game.engine.view import MeldView
from game.render.layout import AXES, Frame
from game.render.meld_layout import draw_meld, meld_boxes
from game.render.paint import GAIN, GOLD, IVORY, LOSS, MUTED
from game.render.text import blit_text, fit
from game.render.tile_art import TileArt, tile_art
from game.shell.i18n import Translate
from game.ui.action_log import tile_words
from game.ui.wording import WON_KEYS

WON, DEALT_IN, DECLARED, READY, NOT_READY = "won", "dealt_in", "declared", "ready", "not_ready"
UNTOLD = "untold"    # another seat's hand at an online table: whether it was ready is secret
PIG = "pig"          # 血战到底: still holding its void suit (花猪)
STATUS_COLORS = {WON: GOLD, DEALT_IN: LOSS, DECLARED: GAIN, READY: GAIN, NOT_READY: MUTED,
                 UNTOLD: MUTED, PIG: LOSS}
STATUS_KEYS = {DECLARED: "results.status.declared", READY: "results.status.ready",
               NOT_READY: "results.status.not_ready", PIG: "results.status.pig",
               UNTOLD: "results.status.untold"}   # a win or a deal-in says more


@dataclass(frozen=True)
class HandRow:
    """One seat at the end of a hand."""

    seat: int
    concealed: tuple[int, ...]      # sorted; a winner's winning tile left out
    melds: tuple[Meld | MeldView, ...]
    status: str                     # WON, DEALT_IN, DECLARED, READY, NOT_READY, PIG or UNTOLD
    wins: tuple[WinRecord, ...]     # the seat's win, or the wins it paid for (dealt in)
    players: int = 4
    hidden: int = 0                 # concealed tiles not known here, drawn face down


def hand_rows(state: RoundState) -> list[HandRow]:
    """Each seat's row, from the finished hand's state."""
    rows = []
    for seat in range(state.players):
        won = [w for w in state.wins if w.seat == seat]
        paid = tuple(w for w in state.wins if w.from_seat == seat
                     and w.how != WinKind.SELF_DRAW)
        if won:
            concealed = list(won[0].hand)
            concealed.remove(won[0].tile)
            rows.append(HandRow(seat, tuple(sorted(concealed)), won[0].melds, WON,
                                (won[0],), state.players))
            continue
        counts = state.hands[seat]
        tiles = tuple(k for k in range(NUM_KINDS) for _ in range(counts[k]))
        status = ending_status(bool(paid), state.ready[seat], counts, state.rules)
        void = state.voids[seat] if state.bloody is not None else -1
        if status == NOT_READY and void >= 0 and any(counts[9 * void:9 * void + 9]):
            status = PIG
        rows.append(HandRow(seat, tiles, tuple(state.melds[seat]), status, paid,
                            state.players))
    return rows


def ending_status(paid: bool, declared: bool, counts: Sequence[int] | None,
                  rules: HandRules) -> str:
    """How a seat that did not win ended: it dealt in, had declared 报听, was ready or
    not (`counts`: its concealed tiles by kind; None where they are not known: UNTOLD)."""
    if paid:
        return DEALT_IN
    if declared:
        return DECLARED
    if counts is None:
        return UNTOLD
    return READY if sum(counts) % 3 == 1 and shanten(counts, rules) == 0 else NOT_READY


def status_words(row: HandRow, names: Sequence[str], t: Translate, language: str) -> str:
    """How the seat ended, in words nobody misreads: "胡牌：胡的是 老周 打出的 五万"."""
    if row.status == WON:
        win = row.wins[0]
        source = names[win.from_seat] if win.from_seat is not None else ""
        return t(WON_KEYS[win.how], name=source, tile=tile_words(win.tile, language))
    if row.status == DEALT_IN:   # 血战到底: a seat may deal in more than one tile
        lines = []
        for tile in dict.fromkeys(w.tile for w in row.wins):
            wins = [w for w in row.wins if w.tile == tile]
            winners = "、".join(names[w.seat] for w in wins) if language == "zh" else \
                " and ".join(names[w.seat] for w in wins)
            key = "results.robbed" if wins[0].how == WinKind.ROB_KONG else "results.dealt_in"
            lines.append(t(key, name=winners, tile=tile_words(tile, language)))
        return ("；" if language == "zh" else "; ").join(lines)
    return t(STATUS_KEYS[row.status])


def draw_hand_row(surface: pygame.Surface, rect: pygame.Rect, row: HandRow, name: str,
                  status: str, dealer_tag: str | None, scale: Callable[[float], int],
                  right_room: int = 0) -> None:
    """One seat: its name (and the dealer's tag) and how it ended on the first line —
    `right_room` pixels left free at its right — and its tiles on the second."""
    k = scale
    line = rect.y + k(13)
    label = blit_text(surface, fit(name, k(19), rect.w // 3, bold=True), k(19), (rect.x, line),
                 IVORY, bold=True, anchor="midleft")
    x = label.right + k(10)
    if dealer_tag:
        x = blit_text(surface, dealer_tag, k(15), (x, line), GOLD, bold=True,
                 anchor="midleft").right + k(10)
    blit_text(surface, fit(status, k(17), rect.right - right_room - x), k(17), (x, line),
         STATUS_COLORS[row.status], bold=row.status in (WON, DEALT_IN), anchor="midleft")
    art = tile_art(max(12, rect.h - k(30)))
    draw_tiles(surface, art, (rect.x + k(4), rect.bottom - art.height), row)


def draw_tiles(surface: pygame.Surface, art: TileArt, topleft: tuple[int, int],
               row: HandRow) -> None:
    """The concealed tiles (those not known here face down), a winner's winning tile
    (apart, outlined), then the melds as laid out on the table."""
    tw, th = art.size
    x, y = topleft
    for kind in row.concealed:
        surface.blit(art.face(kind), (x, y))
        x += tw + 1
    for _ in range(row.hidden):
        surface.blit(art.back(), (x, y))
        x += tw + 1
    if row.status == WON:
        x += tw // 3
        surface.blit(art.face(row.wins[0].tile), (x, y))
        surface.blit(art.outline(GOLD), (x, y))
        x += tw + 1
    for meld in row.melds:   # an added kong's fourth tile beside: the row has no room above
        x += tw // 3
        boxes, length = meld_boxes(meld, row.seat, row.players, art.size, stack=False)
        draw_meld(surface, art, Frame((x, y + th), *AXES[0]), boxes)
        x += round(length)
