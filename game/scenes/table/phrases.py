"""Quick phrases at an online table: the toolbar's button that opens the picker (a card
of the phrases, and the switch that mutes them), and the bubbles of what the seats said
(game.ui.phrase_bubbles), unless the player muted them."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.net.online_table import OnlineTable
from game.net.phrases import PHRASE_KEYS, PHRASES
from game.net.samples import sample_table
from game.shell.layout_box import Specimen
from game.shell.table_source import Translate
from game.ui.buttons import Button, ButtonRow
from game.ui.overlay import Overlay
from game.ui.phrase_bubbles import PhraseBubble, place

if TYPE_CHECKING:
    from game.scenes.table import TableScene

KIND = "phrases"        # the table's overlay kind for the picker
COLUMNS = 2
ROOM_LINES = 6          # the card's blank lines the phrases' rows take


def button(scene: TableScene) -> Button | None:
    """The toolbar's phrases button, at a seat of an online room."""
    source = scene.controller
    if not isinstance(source, OnlineTable) or source.watching:
        return None
    return Button(KIND, scene.t("phrase.button"), partial(open_picker, scene))


def open_picker(scene: TableScene) -> None:
    scene.overlay, scene.overlay_kind = picker(scene), KIND


def picker(scene: TableScene) -> Overlay:
    """The card of phrases (two a row), with Mute and Close under them."""
    t, L, settings = scene.t, scene.layout, scene.app.settings
    mute = Button("mute", t("phrase.mute"), partial(_mute, scene),
                  lambda: settings.mute_phrases)
    close = Button("close", t("phrase.close"), scene.close_overlay, primary=True)
    card = Overlay(L.size, L.scale, t("phrase.title"), [""] * ROOM_LINES, [mute, close],
                   above=L.hand_top)
    s = L.scale
    font, gap = max(12, round(18 * s)), round(10 * s)
    top = card.card.y + round(84 * s)
    row_h = (card.buttons.buttons[0].rect.y - gap - top) // 4 - gap
    phrases = [Button(f"phrase {p}", t(PHRASE_KEYS[p]), partial(_say, scene, p))
               for p in PHRASES]
    rows = [phrases[i:i + COLUMNS] for i in range(0, len(phrases), COLUMNS)]
    laid = [ButtonRow(row, pygame.Rect(card.card.x, top + i * (row_h + gap), card.card.w,
                                       row_h), font, gap, "center")
            for i, row in enumerate(rows)]
    every = ButtonRow([], card.card, font, gap)     # one row of every button, as laid out
    every.buttons = [b for row in laid for b in row.buttons] + card.buttons.buttons
    card.buttons = every
    return card


def _say(scene: TableScene, phrase: str) -> None:
    source = scene.controller
    if isinstance(source, OnlineTable):
        source.say(phrase)
    scene.close_overlay()


def _mute(scene: TableScene) -> None:
    settings = scene.app.settings
    settings.mute_phrases = not settings.mute_phrases
    settings.save()


def bubbles(scene: TableScene) -> tuple[PhraseBubble, ...]:
    """The phrases to show now, each by its seat's plate (none when muted)."""
    source = scene.controller
    if not isinstance(source, OnlineTable) or scene.app.settings.mute_phrases \
            or scene.snap is None:
        return ()
    L, view = scene.layout, scene.snapshot.view
    window = pygame.Rect((0, 0), L.size)
    sides = {seat: scene.table.side(view, seat) for seat in range(view.players)}
    return tuple(place(seat, sides[seat], L.plates[sides[seat]], window, scene.t(key),
                       L.small_font)
                 for seat, key in sorted(source.heard.shown().items())
                 if 0 <= seat < view.players)


def specimens(t: Translate) -> list[Specimen]:
    """The layout self-check's tables with a phrase by every seat, and the picker open."""
    return [("online_phrases", {"source": sample_table(t, phrases=True)}),
            ("online_picker", {"source": sample_table(t), "picker": True})]
