"""The main menu: new match, online, continue, rules, settings, quit.

With an online seat's ticket kept, Continue goes back to its room; the menu first looks
whether that room's match is still on (game.net.kept_seat), and if it ended meanwhile
Continue collects it instead: its record goes to the player's Matches."""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.net import ticket
from game.render.paint import GOLD, MUTED, felt
from game.render.text import blit_text, panel
from game.render.tile_art import tile_art
from game.shell import library
from game.shell.window import page_scale
from game.ui.dialogs import ConfirmDialog
from game.ui.widgets import UIScene

if TYPE_CHECKING:
    from game.net.kept_seat import KeptSeat
    from game.shell.app import App
    from game.shell.layout_box import Specimen

MENU_BUTTON = ObjectID(class_id="@menu")
MENU_PRIMARY = ObjectID(class_id="@menu_primary")
BUTTON_H, BUTTON_GAP = 46, 8    # design pixels: ten buttons fit a 1280x800 page
BUTTONS = 10
PANEL_H = BUTTONS * BUTTON_H + (BUTTONS - 1) * BUTTON_GAP + 56   # design pixels
TITLE_ROOM, BOTTOM_MARGIN = 210, 24      # design pixels above the panel, and below it
MENU_TALL = TITLE_ROOM + PANEL_H + BOTTOM_MARGIN
FAN_TILES = (27, 0, 13, 26, 33, 32, 31)  # 东 一万 五筒 九条 中 发 白


@lru_cache(maxsize=2)
def tile_fan(height: int) -> pygame.Surface:
    """Seven tiles fanned like a hand of cards: the menu's picture."""
    art = tile_art(height)
    n = len(FAN_TILES)
    radius = height * 2.6
    size = (int(radius * 1.3 + height), int(height * 1.9))
    surf = pygame.Surface(size, pygame.SRCALPHA)
    cx, cy = size[0] / 2, height * 0.75
    for i, kind in enumerate(FAN_TILES):
        angle = (i - (n - 1) / 2) * 9.0
        a = math.radians(angle)
        x, y = cx + radius * math.sin(a), cy + radius * (1 - math.cos(a))
        shadow = pygame.transform.rotozoom(art.shadow(), -angle, 1.0)
        face = pygame.transform.rotozoom(art.face(kind), -angle, 1.0)
        surf.blit(shadow, shadow.get_rect(center=(x + 6, y + 10)))
        surf.blit(face, face.get_rect(center=(x, y)))
    return surf


def match_to_continue() -> Path | None:
    """The most recent unfinished match of the library (read at call time)."""
    entry = library.latest_unfinished()
    return entry.path if entry else None


class MenuScene(UIScene):
    """The title screen with the game's main choices."""

    def __init__(self, app: App, kept: ticket.Ticket | None = None,
                 finished: bool | None = None) -> None:
        """`kept`, `finished`: a sample ticket and what is known of its match, instead of
        the player's (the layout self-check)."""
        super().__init__(app)
        self.online: KeptSeat | None = None
        self.sample = kept is not None
        if kept is not None:
            from game.net.kept_seat import KeptSeat  # only with a ticket: no network code else
            self.online = KeptSeat(kept, app.t, look=False)
            self.online.finished = finished

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        kept = ticket.Ticket("ws://mahjong.example.org:8765", "WWWWWW", 0, "t" * 40)
        return [("default", {}), ("online", {"kept": kept}),
                ("collect", {"kept": kept, "finished": True})]

    def build(self) -> None:
        t = self.app.t
        self.to_continue = match_to_continue()
        online = self._kept_seat()
        self.online_ticket = online.ticket if online is not None else None
        can_continue = self.to_continue is not None or self.online_ticket is not None
        entries: list[tuple[str, Callable[[], None], bool]] = [
            ("menu.new_match", self.opener("new_match"), True),
            ("menu.online", self.opener("online"), True),
            ("menu.continue", self.continue_match, can_continue),
            ("menu.lessons", self.opener("lessons"), True),
            ("menu.matches", self.opener("matches"), True),
            ("menu.stats", self.opener("stats"), True),
            ("menu.hotseat", self.opener("new_match", debug=True), True),
            ("menu.rules", self.opener("rules"), True),
            ("menu.settings", self.opener("settings"), True),
            ("menu.quit", self.ask_to_quit, True),
        ]
        box = self.menu_rect()
        k = self.k
        bw, bh, gap = box.w - round(56 * k), round(BUTTON_H * k), round(BUTTON_GAP * k)
        y = box.y + round(28 * k)
        self.buttons: dict[str, UIButton] = {}
        for key, action, enabled in entries:
            rect = pygame.Rect(box.x + round(28 * k), y, bw, bh)
            style = MENU_PRIMARY if key == "menu.new_match" else MENU_BUTTON
            self.buttons[key] = self.button(rect, t(key), action, style, enabled)
            y += bh + gap
        if online is not None:
            button = self.buttons["menu.continue"]
            if online.finished:
                button.set_text(t("menu.collect_online", code=online.ticket.room))
                button.set_tooltip(t("menu.collect_tip"))
            else:
                button.set_text(t("menu.continue_online", code=online.ticket.room))
                button.set_tooltip(t("menu.continue_online_tip"))
            if online.collecting:
                button.disable()
        if not can_continue:
            self.buttons["menu.continue"].set_tooltip(t("menu.continue_none"))

    def ask_to_quit(self) -> None:
        """Quit; while a match is open (one to continue, or an online seat kept), only
        once the player confirms, told what becomes of it."""
        t = self.app.t
        if self.online_ticket is not None:
            why = t("menu.quit_online")
        elif self.to_continue is not None:
            why = t("menu.quit_saved")
        else:
            self.app.quit()
            return
        if self.dialog_open:
            self.dialog.kill()  # type: ignore[union-attr]
        self.dialog = ConfirmDialog(self.app, t("menu.quit_title"), why, t("menu.quit"),
                                    self.app.quit)

    @property
    def k(self) -> float:
        """The menu's scale: the UI's, but never larger than the window holds, its
        bottom margin included (the menu does not scroll)."""
        return min(page_scale(self.app.size, self.app.scale), self.app.size[1] / MENU_TALL)

    def menu_rect(self) -> pygame.Rect:
        w, h = self.app.size
        k = self.k
        height = round(PANEL_H * k)
        return pygame.Rect(max(round(40 * k), int(w * 0.07)),
                           max(round(TITLE_ROOM * k), (h - height) // 2 + round(70 * k)),
                           round(380 * k), height)

    def _kept_seat(self) -> KeptSeat | None:
        """The kept online seat, its room looked at once while its ticket stays."""
        if self.sample:
            return self.online
        kept = ticket.load()
        if self.online is not None and self.online.ticket != kept:
            self.online.close()
            self.online = None
        if kept is not None and self.online is None:
            from game.net.kept_seat import KeptSeat  # only with a ticket (a quick first frame)
            self.online = KeptSeat(kept, self.app.t)
        return self.online

    def update(self, dt: float) -> None:
        online = self.online
        if online is None or not online.update():
            return
        if online.live:                      # the match is on after all: its room
            self.online = None
            self.app.scenes.push("lobby", server=online.ticket.server,
                                 first=online.ticket.rejoin())
            return
        said, online.said = online.said, None
        self.resize(self.app.size)
        if said is not None:
            self.alert(self.app.t("menu.collect_title"), said)

    def exit(self) -> None:
        super().exit()
        if self.online is not None:
            self.online.close()

    def continue_match(self) -> None:
        """Back to the online room whose seat is kept (or collect its finished match),
        else the latest unfinished match."""
        from game.shell.session import MatchSession
        online = self.online
        if online is not None and self.online_ticket is not None:
            if online.finished:
                online.collect()
                self.resize(self.app.size)
            else:
                self.app.scenes.push("lobby", server=online.ticket.server,
                                     first=online.ticket.rejoin())
            return
        path = self.to_continue
        if path is None:
            return

        def resume() -> Any:
            return MatchSession.from_save(library.open_match(path), path)

        self.open_table(resume, "dialog.cannot_resume")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        box = self.menu_rect()
        k = self.k
        fan = tile_fan(max(40, min(round(170 * k), h // 4, (w - box.right - 60) * 10 // 44)))
        surface.blit(fan, fan.get_rect(center=(box.right + (w - box.right) // 2, h // 2)))
        cx = box.centerx
        blit_text(surface, self.app.t("menu.title"), round(84 * k), (cx, box.y - round(92 * k)),
                  GOLD, bold=True, anchor="midbottom", shadow=True)
        blit_text(surface, self.app.t("menu.subtitle"), round(20 * k), (cx, box.y - round(62 * k)),
                  MUTED, anchor="midbottom")
        panel(surface, box, alpha=170)
        blit_text(surface, self.app.t("menu.footer"), round(15 * k), (w - round(24 * k),
                  h - round(18 * k)), MUTED, anchor="bottomright")
