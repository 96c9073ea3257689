"""The Online page's list of the rooms a server lists (game.net.room_list): a Refresh
button, a line while it looks (or why it cannot, or that there are none), and a row for
each room with its Join button."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.net.room_list import ListedRoom, RoomFinder
from game.render.text import fit_font
from game.rulesets import available_rulesets, load_ruleset
from game.ui.widgets import Page

SAMPLE_ROOMS = (   # the layout self-check's list: long names, every length
    ListedRoom("K7QX2M", "dazhong", 16, 3, "Maximilian-Alexander Lon"),
    ListedRoom("P3WD9K", "changsha", 1, 1, "欧阳长长长长长长长长长名字"),
    ListedRoom("HJ4RTY", "two_player", 2, 1, ""),
    ListedRoom("ZX8N2Q", "wildcard", 8, 2, "Bo"),
    ListedRoom("M5V6CE", "honors", 4, 1, "Ann"),
)
BUTTON_W = 140          # design pixels of a Refresh or Join button


def room_words(page: Page, room: ListedRoom) -> str:
    """A listed room in the player's words."""
    t = page.app.t
    ruleset = load_ruleset(room.ruleset).title(page.app.settings.language) \
        if room.ruleset in available_rulesets() else room.ruleset
    hands = t("form.hand_one") if room.hands == 1 else t("form.hands", n=room.hands)
    return t("online.room_entry", code=room.room, ruleset=ruleset, hands=hands,
             host=room.host_name or "—", free=room.seats_free)


def build_rooms(page: Page, area: pygame.Rect, row_h: int, gap: int, finder: RoomFinder,
                refresh: Callable[[], None], join: Callable[[str], None]) -> None:
    """The list's rows, under the page's form: `refresh` asks again, `join` joins a room
    by its code."""
    t, px = page.app.t, page.app.px
    head = page.field(area, t("online.listed_rooms"), row_h, gap)
    page.button(pygame.Rect(head.right - px(BUTTON_W), head.y, px(BUTTON_W), head.h),
                t("online.refresh"), refresh)
    rooms = finder.rooms or ()
    line = t("online.rooms_looking") if finder.busy else \
        finder.problem.said(t) if finder.problem is not None else \
        t("online.rooms_none") if finder.rooms is not None and not rooms else None
    font = page.app.ui.get_theme().get_font(["label"])
    if line is not None:
        page.label(page.row(area, row_h, gap), fit_font(line, font, area.w))
    for room in rooms:
        row = page.row(area, row_h, gap)
        width = row.w - px(BUTTON_W) - px(12)
        page.label(pygame.Rect(row.x, row.y, width, row.h),
                   fit_font(room_words(page, room), font, width))
        page.button(pygame.Rect(row.right - px(BUTTON_W), row.y, px(BUTTON_W), row.h),
                    t("online.go_join"), partial(join, room.room))
