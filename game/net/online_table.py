"""A seat of a room on a server as the table page's source (game.shell.table_source):
what the table asks of its seat — names, plates, hints, 托管, a hand's end, the next
page — answered from the seat's feed and lobby (game.net.room_seat), the same things a
local table's source answers from its match."""
from __future__ import annotations

from game.engine import events as E
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.view import Phase, PlayerView
from game.net.room_seat import RoomSeat
from game.play.feed import SeatFeed
from game.play.seat import Reasoning
from game.shell.table_source import (
    PageCall,
    PlateText,
    SeatHandEnd,
    Translate,
)

LINK_KEYS = {"connecting": "online.link.connecting", "connected": "online.link.connected",
             "reconnecting": "online.reconnecting"}   # the connection's states, in words


class OnlineTable(RoomSeat):
    """One seat of a remote room: its lobby before the start, its table after."""

    @property
    def debug(self) -> bool:
        return False

    @property
    def offers_auto(self) -> bool:
        """托管: the room's fill level answers for the player, on this computer."""
        return True

    @property
    def save_problem(self) -> str | None:
        return None

    @property
    def show_all_hands(self) -> bool:
        return False

    @show_all_hands.setter
    def show_all_hands(self, on: bool) -> None:
        """Never: another seat's tiles are the server's secret."""

    @property
    def reasoning(self) -> dict[int, Reasoning]:
        return {}

    def is_person(self, seat: int) -> bool:
        return seat == self.seat

    def seat_name(self, seat: int, t: Translate) -> str:
        return self.lobby.seat_name(seat, t)

    def plates(self, view: PlayerView, t: Translate) -> list[PlateText]:
        totals = self.lobby.totals(view.players)
        running = [0] * view.players if self.hand_over else view.scores
        return [(self.seat_name(s, t), self.lobby.plate_kind(s, t), totals[s] + running[s])
                for s in range(view.players)]

    def progress(self) -> tuple[int, int]:
        """The lobby's hand, counting the hands dealt since it was sent (the server tells
        the lobby when a hand ends, not when the next is dealt)."""
        hand, hands = self.lobby.progress()
        return min(hand + self._dealt, hands - 1), hands

    @property
    def hand_finished(self) -> bool:
        return self.hand_over

    def info(self, t: Translate) -> list[str]:
        """The room's code and the connection's state (or why play cannot go on)."""
        lines = [t("online.room_line", code=self.room or "")]
        if self.problem is not None:
            lines.append(self.problem)
        elif self.link.state in LINK_KEYS:
            lines.append(t(LINK_KEYS[self.link.state]))
        return lines

    def feed(self, seat: int) -> SeatFeed:
        return self._started_feed()

    def resumed_from(self, seat: int) -> PlayerView | None:
        return self._resumed if seat == self.seat else None

    def humans_to_act(self) -> list[int]:
        feed = self._feed
        return [feed.seat] if feed is not None and feed.turn is not None else []

    def thinking(self) -> list[int]:
        """The seat whose turn it is when it is not this one's, or this one under 托管
        while its AI thinks."""
        feed = self._feed
        view = feed.view if feed is not None else None
        if view is None or self.hand_over or self.stopped:
            return []
        if self.assist.auto and self._turn is not None:
            return [view.seat]
        if view.phase is not Phase.TURN or view.current == self.seat:
            return []
        return [view.current]

    def is_ai(self, seat: int) -> bool:
        return self.lobby.is_ai(seat) or (seat == self.seat and self.assist.auto)

    def open_hands(self) -> tuple[tuple[int, ...], ...]:
        return ()

    def submit(self, action: Action, timed_out: bool = False) -> bool:
        """Send the player's choice if it answers the decision shown at the table (a
        time-out is the server's to record: it plays the default itself)."""
        feed = self._feed
        if feed is None or feed.turn is None or action not in feed.turn.legal:
            return False
        return self._answer(action)

    def set_auto(self, seat: int, on: bool) -> None:
        """托管 on or off for the player's seat: the decision waiting is answered by the
        fill level from the next frame, or shown to the player again; the log says so,
        as at a local table."""
        feed = self._feed
        if seat != self.seat or on == self.assist.auto or feed is None or feed.view is None:
            return
        self.assist.set_auto(on)
        self._set_turn(self._turn)
        feed.see([Event(E.AUTO, seat, data=E.AutoData(on))], self.assist.marked(feed.view))
        self.version += 1
        self._tell(False)

    def set_switches(self, auto_win: bool, never_claim: bool) -> None:
        self._switches = (auto_win, never_claim)

    def step(self) -> None:
        """Debug only; never online."""

    def undo(self) -> bool:
        return False

    def hint(self, seat: int) -> Action | None:
        """What the strongest AI would do in the player's place, on the seat's view and
        the legal list the server sent (None until it has thought)."""
        feed = self._feed
        turn = feed.turn if feed is not None else None
        if turn is None or seat != self.seat or self.stopped:
            return None
        return self.assist.hint(turn)

    def next_page(self, hand_shown: bool) -> PageCall | None:
        """The results of a hand once its end has been shown (the table goes on under
        them); the lobby page with the final totals once the match is over and its last
        results seen, or with the problem once play cannot go on."""
        if self.stopped and self.problem is not None:
            return self._lobby_page()
        feed = self._feed
        if feed is not None and self.results_pending and hand_shown:
            self._reported = feed.hands
            return "results", {"online": self}
        if self.over and not self.results_pending:
            return self._final_page()
        return None

    def _lobby_page(self) -> PageCall | None:
        """The lobby page, once."""
        if self._paged:
            return None
        self._paged = True
        return "lobby", {"online": self, "owner": False}

    def _final_page(self) -> PageCall | None:
        """The final standings of the match as kept in the library (the lobby page with
        the totals if it could not be kept), once."""
        if self.final is None:
            return self._lobby_page()
        if self._paged:
            return None
        self._paged = True
        return "results", {"online": self, "standings": True}

    def rematch_seat(self) -> OnlineTable:
        """A seat of the next room on this connection, after the match: that seat reads
        and closes the connection from now on, this one no longer."""
        self.stopped = True
        return OnlineTable(self.link, self.server, self.t)

    def hand_end(self) -> SeatHandEnd | None:
        """What the seat was told of the hand that ended (None while one is in play)."""
        feed = self._feed
        view = feed.view if feed is not None else None
        if feed is None or view is None or not self.hand_over:
            return None
        deltas = self.hand_scores or view.scores
        if self._totals_before is None:     # taken back after the end: the lobby's are after
            totals = tuple(self.lobby.totals(view.players))
        else:
            totals = tuple(t + d for t, d in zip(self._totals_before, deltas))
        return SeatHandEnd(view, tuple(feed.events), tuple(deltas), totals, *self.progress(),
                           self.shown_hands, self.told_wins, self.told_fans)

    def leave(self) -> bool:
        """To the menu: the seat stays this player's (Continue takes it back)."""
        return True

    def close(self) -> None:
        """Close the connection (the server keeps the seat for its grace time)."""
        self.assist.close()
        if not self.stopped:
            self.stopped = True
            self.link.close(1.0)
