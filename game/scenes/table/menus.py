"""The table's own controls besides the hand: the toolbar, the pause menu and the
hotseat cover that hides the table between two people."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.scenes.table import phrases
from game.ui.buttons import Button, ButtonRow
from game.ui.overlay import Overlay
from game.ui.wording import WIND_KEYS

if TYPE_CHECKING:
    from game.scenes.table import TableScene


def toolbar(scene: TableScene) -> ButtonRow:
    """Debug switches (debug matches only), 托管 for a person's seat, and the menu."""
    c, t = scene.controller, scene.t
    buttons = []
    if c.debug:
        buttons += [
            Button("show_all", t("table.btn.show_all"), scene.toggle_show_all,
                   lambda: scene.show_all),
            Button("reasoning", t("table.btn.reasoning"), scene.toggle_reasoning,
                   lambda: scene.show_reasoning),
            Button("pause", t("table.btn.pause"), scene.toggle_pause, lambda: c.paused),
            Button("step", t("table.btn.step"), c.step),
            Button("undo", t("table.btn.undo"), scene.undo),
        ]
    if c.is_person(scene.viewer) and c.offers_auto:
        buttons.append(Button("auto", t("table.btn.auto"), scene.toggle_auto,
                              lambda: scene.auto_on))
    says = phrases.button(scene)
    buttons += [says] if says is not None else []
    buttons.append(Button("menu", t("table.btn.menu"), scene.open_pause))
    L = scene.layout
    font = L.small_font       # smaller (down to its size at 100 %) while the row spills over
    row = ButtonRow(buttons, L.toolbar, font, L.gap)
    while font > max(10, round(14 * L.scale)) and row.buttons[0].rect.x < L.toolbar.x:
        font -= 1
        row = ButtonRow(buttons, L.toolbar, font, L.gap)
    return row


def pause(scene: TableScene) -> Overlay:
    """The pause menu: resume, rules, settings, save and quit, and the keys."""
    t = scene.t
    buttons = [Button("resume", t("table.pause.resume"), scene.close_overlay, primary=True),
               Button("rules", t("table.pause.rules"), partial(scene.show_page, "rules")),
               Button("settings", t("table.pause.settings"),
                      partial(scene.show_page, "settings")),
               Button("quit", t("table.pause.quit"), scene.save_and_quit)]
    keys = t("table.pause.keys").split(" · ")
    lines = [" · ".join(keys[:2]), " · ".join(keys[2:])]
    L = scene.layout
    return Overlay(L.size, L.ui, t("table.pause.title"), lines, buttons,   # above the
                   above=min([L.bubbles.y, *(r.y for r in scene.bubbles.rects)]))  # bubbles


def cover(scene: TableScene) -> Overlay:
    """Hotseat: a screen that hides the table until the next person is ready."""
    t = scene.t
    name = scene.controller.seat_name(scene.viewer, t)
    wind = t(WIND_KEYS[scene.wind(scene.viewer)])
    go = Button("go", t("table.cover.go"), scene.close_overlay, primary=True)
    return Overlay(scene.layout.size, scene.layout.ui,
                   t("table.cover", name=name, wind=wind), [], [go], True)
