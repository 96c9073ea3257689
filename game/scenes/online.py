"""The Online page: a server's address, your name, and either a room to host (who sits
where, rules, length, the level for empty seats, time limits, whether it is listed) or a
room to join: by its code, or from the rooms the server lists (game.scenes.online_rooms).
Going on opens the lobby, which connects."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.net.room_list import ListedRoom, RoomFinder
from game.net.ticket import good_address
from game.net.wire import WireError, read_code, read_name
from game.render.paint import PRIMARY
from game.rulesets import DEFAULT_RULESET, available_rulesets, load_ruleset
from game.shell.i18n import Words
from game.shell.last_setup import LastSetup
from game.shell.layout_box import Specimen
from game.shell.settings import clean_name
from game.ui.room_rows import SAMPLE_ROOMS, build_rooms
from game.ui.ruleset_note import ruleset_note
from game.ui.widgets import Page
from game.ui.wording import LEVEL_KEYS, PLACE_KEYS, words_for

if TYPE_CHECKING:
    from game.engine.ruleset import Ruleset
    from game.shell.app import App

OPEN = "open"
HOST, JOIN = "host", "join"
LAST_FORM = "online"                # the settings' last_setups entry of a hosted room
MAX_HANDS = 16                      # the server's limit
SHORT_MATCH = 2                     # a short match of friends, whatever the ruleset lists
TURN_SECONDS = (10, 20, 30, 60)
CLAIM_SECONDS = (5, 8, 15, 30)
RULESET_MENU_ROOM = 48              # design pixels of a drop-down list beyond its text


class OnlineScene(Page):
    """Host a room or join one by its code."""

    title_key = "online.title"
    max_width = 1000
    footer = 56

    def __init__(self, app: App, way: str = HOST,
                 rooms: tuple[ListedRoom, ...] | None = None) -> None:
        """`rooms`: the listed rooms shown (the layout check's; None: asked for)."""
        super().__init__(app)
        from ai.levels import level_names
        self.way = way
        self.levels = level_names(strongest_first=False)
        self.rulesets = {rid: load_ruleset(rid) for rid in available_rulesets()}
        settings = app.settings
        self.server = settings.online_server
        self.name = settings.player_name or app.t("online.default_name")
        self.code = ""
        last = settings.last_setups.get(LAST_FORM, LastSetup())
        ruleset = last.ruleset or settings.ruleset
        self.ruleset_id = ruleset if ruleset in self.rulesets else DEFAULT_RULESET
        middle = "medium" if "medium" in self.levels else self.levels[0]
        kinds = [OPEN, *self.levels]
        self.seats = [OPEN, OPEN, middle, middle]
        if len(last.kinds) == len(self.seats) and all(k in kinds for k in last.kinds):
            self.seats = list(last.kinds)
        self.fill = last.fill if last.fill in self.levels else middle
        self.length = last.length or 1
        self.turn_seconds = last.turn_seconds if last.turn_seconds in TURN_SECONDS else 20
        self.claim_seconds = last.claim_seconds if last.claim_seconds in CLAIM_SECONDS else 8
        self.listed = False
        self.finder = RoomFinder()
        self._shown = 0                 # the finder's looks the page shows
        if rooms is not None:
            self.finder.rooms = rooms
        elif way == JOIN:
            self.look_for_rooms()

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        return [("host", {}), ("join", {"way": JOIN, "rooms": ()}),
                ("join_rooms", {"way": JOIN, "rooms": SAMPLE_ROOMS})]

    @property
    def ruleset(self) -> Ruleset:
        return self.rulesets[self.ruleset_id]

    # --------------------------------------------------------------- form
    def build_page(self, area: pygame.Rect) -> None:
        t = self.app.t
        row_h, gap = 44, 12
        self._entry(self.field(area, t("online.server"), row_h, gap), self.server,
                    t("online.server_hint"), "server")
        self._entry(self.field(area, t("online.name"), row_h, gap), self.name, "", "name")
        self.way_choice = self.choice_field(
            area, t("online.way"), [(HOST, t("online.host")), (JOIN, t("online.join"))],
            self.way, self._set_way, row_h, gap)
        if self.way == JOIN:
            self._entry(self.field(area, t("online.code"), row_h, gap), self.code,
                        t("online.code_hint"), "code")
            build_rooms(self, area, row_h, gap, self.finder, self.look_for_rooms,
                        self.join_listed)
            return
        self._build_host(area, row_h, gap)

    def _build_host(self, area: pygame.Rect, row_h: int, gap: int) -> None:
        t = self.app.t
        language = self.app.settings.language
        titles = {rs.title(language): rid for rid, rs in self.rulesets.items()}
        font = self.app.ui.get_theme().get_font(["drop_down_menu"])
        needs = max(font.size(title)[0] for title in titles) + self.app.px(RULESET_MENU_ROOM)
        control = self.field(area, t("form.ruleset"), row_h, gap, needs)
        self.on(UIDropDownMenu(list(titles), self.ruleset.title(language), control,
                               self.app.ui, container=self.parent),
                lambda event: self._set_ruleset(titles[event.text]))
        self._y = ruleset_note(self, control, self.ruleset_id).bottom + self.app.px(gap)
        kinds = [(OPEN, t("online.seat_open"))] + \
            [(level, words_for(t, LEVEL_KEYS, level)) for level in self.levels]
        players = self.ruleset.players
        for seat in range(players):
            self.choice_field(area, t(PLACE_KEYS[players][seat]), kinds, self.seats[seat],
                              partial(self._set_seat, seat), row_h, gap)
        lengths = [(n, t("form.hand_one") if n == 1 else t("form.hands", n=n))
                   for n in hand_counts(self.ruleset)]
        if self.length not in [n for n, _ in lengths]:
            self.length = lengths[0][0]
        self.choice_field(area, t("form.length"), lengths, self.length, self._set_length,
                          row_h, gap)
        self.choice_field(area, t("online.fill"),
                          [(level, words_for(t, LEVEL_KEYS, level)) for level in self.levels],
                          self.fill, self._set_fill, row_h, gap)
        self.choice_field(area, t("online.turn_seconds"),
                          [(s, t("form.seconds", s=s)) for s in TURN_SECONDS],
                          self.turn_seconds, self._set_turn, row_h, gap)
        self.choice_field(area, t("online.claim_seconds"),
                          [(s, t("form.seconds", s=s)) for s in CLAIM_SECONDS],
                          self.claim_seconds, self._set_claim, row_h, gap)
        self.choice_field(area, t("online.listed"), [(False, t("online.listed_no")),
                                                     (True, t("online.listed_yes"))],
                          self.listed, self._set_listed, row_h, gap)

    def build_footer(self, area: pygame.Rect) -> None:
        width = min(area.w, self.app.px(220))
        label = self.app.t("online.go_host" if self.way == HOST else "online.go_join")
        self.go_button = self.button(pygame.Rect(area.right - width, area.y, width, area.h),
                                     label, self.go, PRIMARY)

    def _entry(self, rect: pygame.Rect, value: str, hint: str, attr: str) -> UITextEntryLine:
        entry = UITextEntryLine(rect, self.app.ui, container=self.parent,
                                placeholder_text=hint or None, initial_text=value or None)
        return self.on(entry, lambda event: setattr(self, attr, event.text))

    # ------------------------------------------------------------ changes
    def _set_way(self, way: str) -> None:
        self.way = way
        if way == JOIN and self.finder.rooms is None:
            self.look_for_rooms()
        self.app.rebuild_top()      # the host's rows or the code's

    def _set_ruleset(self, ruleset_id: str) -> None:
        self.ruleset_id = ruleset_id
        self.app.rebuild_top()      # the seats and lengths depend on the ruleset

    def _set_seat(self, seat: int, kind: str) -> None:
        self.seats[seat] = kind

    def _set_length(self, length: int) -> None:
        self.length = length

    def _set_fill(self, level: str) -> None:
        self.fill = level

    def _set_turn(self, seconds: int) -> None:
        self.turn_seconds = seconds

    def _set_claim(self, seconds: int) -> None:
        self.claim_seconds = seconds

    def _set_listed(self, listed: bool) -> None:
        self.listed = listed

    # -------------------------------------------------------- listed rooms
    def look_for_rooms(self) -> None:
        """Ask the server in the address field for its listed rooms (on a thread)."""
        server = self.server.strip()
        if good_address(server):
            self.finder.look(server)
        else:
            self.finder.rooms, self.finder.problem = None, Words("online.bad_server")
        self.app.rebuild_top()

    def resume(self) -> None:
        """Back from a room: the list is looked for afresh."""
        super().resume()
        if self.way == JOIN and good_address(self.server.strip()):
            self.finder.look(self.server.strip())

    def update(self, dt: float) -> None:
        """Show the outcome of a look once it is in."""
        finder = self.finder
        if not finder.busy and finder.done != self._shown:
            self._shown = finder.done
            self.app.rebuild_top()

    def join_listed(self, code: str) -> None:
        """Join a listed room by its code, as if it were typed."""
        self.code = code
        self.go()

    # ----------------------------------------------------------------- go
    def first_message(self) -> dict[str, Any]:
        """The message that takes a seat: create or join (ValueError: what is wrong, in
        the player's words)."""
        t = self.app.t
        if not good_address(self.server.strip()):
            raise ValueError(t("online.bad_server"))
        try:
            name = read_name(self.name)
        except WireError:
            raise ValueError(t("online.bad_name")) from None
        if self.way == JOIN:
            try:
                return {"type": "join", "room": read_code(self.code), "name": name}
            except WireError:
                raise ValueError(t("online.bad_code")) from None
        seats = self.seats[:self.ruleset.players]
        if OPEN not in seats:
            raise ValueError(t("online.no_open"))
        return {"type": "create", "name": name, "seats": seats, "ruleset": self.ruleset_id,
                "hands": self.length, "fill": self.fill, "turn_seconds": self.turn_seconds,
                "claim_seconds": self.claim_seconds, "listed": self.listed}

    def choices(self) -> LastSetup:
        """The host's choices, for the next room they host."""
        return LastSetup(tuple(self.seats), length=self.length, ruleset=self.ruleset_id,
                         fill=self.fill, turn_seconds=self.turn_seconds,
                         claim_seconds=self.claim_seconds)

    def go(self) -> None:
        """Check the form, remember the address (and the name), open the lobby."""
        try:
            first = self.first_message()
        except ValueError as exc:
            self.alert(self.app.t("dialog.form_problem"), str(exc))
            return
        settings = self.app.settings
        settings.online_server = self.server.strip()
        name = clean_name(first["name"])
        if name is not None:
            settings.player_name = name
        if self.way == HOST:
            settings.last_setups[LAST_FORM] = self.choices()
        settings.save()
        self.app.scenes.push("lobby", server=settings.online_server, first=first)


def hand_counts(ruleset: Ruleset) -> list[int]:
    """The numbers of hands a room may play: the ruleset's lengths and a short match of
    two, up to the server's limit."""
    return sorted(n for n in {*ruleset.match_lengths, SHORT_MATCH} if n <= MAX_HANDS)
