"""The room of an online match: its code large (so the host can tell friends), who sits
where and who is connected, the host's Start, Leave. Once the match starts the table
page takes the seat over; when the match is over (or play cannot go on) the table shows
this page again with the totals (or the problem) and a way back to the menu."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.net import ticket
from game.net.online_table import OnlineTable
from game.net.samples import CODE, sample_room
from game.render.paint import GOLD, PRIMARY
from game.render.text import blit_text, fit_font, text_surface
from game.rulesets import load_ruleset
from game.shell.layout_box import LayoutBox, Specimen
from game.ui.widgets import Page
from game.ui.wording import LEVEL_KEYS, words_for

if TYPE_CHECKING:
    from game.shell.app import App

CODE_ROW = 104         # design pixels of the room code's row
CODE_SIZE = 64         # design pixels of its letters


class LobbyScene(Page):
    """Connects (or was handed the seat by the table) and shows the room."""

    max_width = 900
    footer = 48       # Start, Leave or Back to the menu stay in view

    def __init__(self, app: App, server: str = "", first: dict[str, Any] | None = None,
                 online: OnlineTable | None = None, owner: bool = True,
                 watch_room: str | None = None) -> None:
        """`watch_room`: the room asked for, which a refusal may offer to watch."""
        super().__init__(app)
        if online is None:
            from game.net.client import Background
            assert first is not None, "the lobby needs a message that takes a seat"
            online = OnlineTable(Background(server, first,
                                            insecure=app.settings.online_insecure),
                                 server, app.t)
            online.watching = first.get("type") == "watch"
            room = first.get("room")
            watch_room = room if isinstance(room, str) else None
        self.online = online
        self.watch_room = watch_room
        self.owner = owner          # this page closes the connection when it goes
        self.shown = -1             # the version of the room the widgets show
        self.code_rect = pygame.Rect(0, 0, 0, 0)

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        return [(name, {"online": sample_room(app.t, name), "owner": False,
                        "watch_room": CODE})
                for name in ("waiting", "guest", "over", "problem", "connecting", "refused",
                             "started", "other", "watching")]

    @property
    def title_key(self) -> str:  # type: ignore[override]
        return "lobby.over_title" if self.online.over else "lobby.title"

    @property
    def done(self) -> bool:
        """Nothing more will happen in this room for this player."""
        return self.online.over or self.online.stopped

    # --------------------------------------------------------------- page
    def build_page(self, area: pygame.Rect) -> None:
        t, online = self.app.t, self.online
        self.shown = online.version
        theme = self.app.ui.get_theme()
        font, muted = theme.get_font(["label"]), theme.get_font(["@muted", "label"])
        room = self.app.px(14)     # what a label keeps free around its text
        if online.room is None:
            row = self.row(area, 34, 6)
            self.label(row, fit_font(t("lobby.server", server=online.server), font, row.w - room))
        elif not online.lobby.started:
            for line in self._rules_lines():     # whole: the self-check sees them fit
                self.label(self.row(area, 30, 4), line)
            self.label(self.row(area, 30, 12), t("lobby.tell"), "@muted")
        players = len(online.lobby.seats())
        for seat in range(players):
            row = self.row(area, 34, 6)
            who, how = self._seat_line(seat)
            split = row.w * 3 // 5
            self.label(pygame.Rect(row.x, row.y, split, row.h), fit_font(who, font, split - room))
            self.label(pygame.Rect(row.x + split, row.y, row.w - split, row.h),
                       fit_font(how, font, row.w - split - room))
        self.row(area, 4, 10)
        status = self.row(area, 34, 0)
        if online.problem is None and (online.notice is None or online.detail is None):
            self.label(status, fit_font(self._status(), muted, status.w - room), "@muted")
            return
        self.label(status, fit_font(self._status(), font, status.w - room))
        if online.detail is None:
            return
        detail = self.row(area, 28, 0)      # the server's (or socket's) words, smaller
        self.label(detail, fit_font(t("lobby.detail", detail=online.detail), muted,
                                    detail.w - room), "@muted")

    def build_footer(self, area: pygame.Rect) -> None:
        t, online, buttons = self.app.t, self.online, area
        width = min(self.app.px(220), (buttons.w - self.app.px(16)) // 2)
        right = pygame.Rect(buttons.right - width, buttons.y, width, buttons.h)
        if self.done:
            self.button(right, t("lobby.menu"), self.to_menu, PRIMARY)
            if online.watchable and self.watch_room is not None:
                self.watch_button = self.button(right.move(-width - self.app.px(16), 0),
                                                t("lobby.watch"), self.watch)
                return
            if not online.over and ticket.load() is not None:    # Continue would offer it
                self.leave_button = self.button(right.move(-width - self.app.px(16), 0),
                                                t("lobby.leave"), self.forget)
            return
        self.leave_button = self.button(right.move(-width - self.app.px(16), 0),
                                        t("lobby.leave"), self.leave)
        if online.host and not online.lobby.started and not online.watching:
            self.start_button = self.button(right, t("lobby.start"), online.start, PRIMARY)

    def content_rect(self) -> pygame.Rect:
        """The panel, below the room code once there is one."""
        rect = super().content_rect()
        if self.online.room is None:
            self.code_rect = pygame.Rect(0, 0, 0, 0)
            return rect
        code_h = self.app.fit_px(CODE_ROW)
        self.code_rect = pygame.Rect(rect.x, rect.y - self.app.px(12), rect.w, code_h)
        return pygame.Rect(rect.x, rect.y + code_h, rect.w, max(1, rect.h - code_h))

    def _seat_line(self, seat: int) -> tuple[str, str]:
        """(`Seat 2: Bob (you · host)`, `connected`) — an AI seat's level, and the totals
        once the match is over, on the right."""
        t, online = self.app.t, self.online
        info = online.lobby.seat_info(seat)
        place = t("online.seat_name", n=seat + 1)
        state = online.lobby.state_words(seat, t)
        level = info.get("level")
        if info.get("kind") == "ai" and isinstance(level, str):
            state += " · " + words_for(t, LEVEL_KEYS, level)
        name = online.lobby.given_name(seat, t)
        who = place
        if name is not None:
            tags = [t("lobby.you_tag")] if seat == online.seat else []
            if online.lobby.host == seat:
                tags.append(t("lobby.host_tag"))
            if tags:
                name = t("lobby.tagged", name=name, tags=" · ".join(tags))
            who = t("lobby.seat_line", place=place, name=name)
        if online.over:
            total = online.lobby.totals(players=len(online.lobby.seats()))[seat]
            state = t("lobby.state_points", state=state, points=t("lobby.points", n=f"{total:+d}"))
        return who, state

    def _rules_lines(self) -> tuple[str, str]:
        """The room's ruleset; its hands and time limits (as its lobby message tells)."""
        t, lobby = self.app.t, self.online.lobby
        ruleset = lobby.ruleset_id
        try:
            title = load_ruleset(ruleset).title(self.app.settings.language) if ruleset else "?"
        except ValueError:
            title = ruleset or "?"
        hands = lobby.progress()[1]
        return title, t("lobby.limits_line",
                        hands=t("form.hand_one") if hands == 1 else t("form.hands", n=hands),
                        turn=lobby.turn_seconds, claim=round(lobby.claim_seconds))

    def _status(self) -> str:
        t, online = self.app.t, self.online
        if online.over and online.kept is not None:
            path, line = online.kept
            return t("lobby.kept") if path is not None else line
        if online.problem is not None:
            return online.problem
        if online.room is None:
            return t("lobby.connecting")
        if online.link.state == "reconnecting":
            return t("online.reconnecting")
        if online.notice is not None:
            return online.notice
        if online.watching:
            return t("lobby.watching")
        return t("lobby.can_start") if online.host else t("lobby.waiting_host")

    def layout_boxes(self) -> list[LayoutBox]:
        if self.online.room is None:
            return []
        size = text_surface(self._code(), self.app.fit_px(CODE_SIZE), GOLD, bold=True).get_size()
        return [LayoutBox("room code", self.code_rect, text_size=size)]

    def _code(self) -> str:
        return self.online.room or ""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.online.room is None:
            return
        blit_text(surface, self._code(), self.app.fit_px(CODE_SIZE), self.code_rect.center, GOLD,
                  bold=True, anchor="center", shadow=True)

    # ------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        online = self.online
        online.update(dt)
        if self.owner and online.started and not online.stopped and online.ready:
            self.owner = False      # the table closes the connection from now on
            self.app.scenes.replace("table", source=online)
            return
        if online.version != self.shown and self.root is not None:
            self.resize(self.app.size)

    def exit(self) -> None:
        super().exit()
        if self.owner:
            self.online.close()

    # ------------------------------------------------------------ choices
    def leave(self) -> None:
        """Give the seat up and go back to the Online page."""
        self.online.give_up()
        self.app.scenes.pop()

    def watch(self) -> None:
        """Watch the room the refusal was about (this page's place goes to the watcher's)."""
        self.app.scenes.replace("lobby", server=self.online.server,
                                first={"type": "watch", "room": self.watch_room})

    def forget(self) -> None:
        """Give the kept seat up (a server gone for good) and go to the menu."""
        self.online.give_up()
        self.to_menu()

    def back(self) -> None:
        if self.done:
            self.to_menu()
        else:
            self.leave()

    def to_menu(self) -> None:
        self.app.scenes.replace("menu")
