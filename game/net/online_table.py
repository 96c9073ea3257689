"""A seat of a room on a server as the table page's source (game.shell.table_source).

The Online pages hand it a client running on its own thread (game.net.client.Background);
each frame `update` takes the messages that came and turns them into the seat's feed —
`hello` starts it, `event`s (the last of a batch carries the seat's view) fill it,
`decide` sets the decision the table asks for, `state` shows a taken-back seat afresh —
and the lobby's seats give names, connection states and totals. The player's choices go
back with `act()`. What the server sends is read by the guarded readers; a server that
sends something impossible is left with one line (`problem`).

While a seat is held, the ticket (server, room, seat, token: game.net.ticket) is kept in
the data folder so that the menu's Continue can take the seat back after a crash; the
match's end clears it and keeps the server's record in the player's library.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from game.engine import events as E
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.ruleset import Ruleset
from game.engine.view import Phase, PlayerView
from game.net import ticket
from game.net.join import keep_record
from game.net.readers import ServerError, read_legal, read_seen_event, read_view
from game.play.feed import SeatFeed
from game.play.seat import Turn
from game.rulesets import DEFAULT_RULESET, load_ruleset
from game.shell.person import switch_answer
from game.shell.table_source import PageCall, PlateText, TableListener, Translate

STATE_KEYS = {"reconnecting": "online.state.reconnecting", "played by AI": "online.state.by_ai",
              "empty": "online.state.empty"}
DEFAULT_CLAIM_SECONDS = 8.0


class Link(Protocol):
    """The client of the seat (game.net.client.Background)."""

    def poll(self) -> list[dict[str, Any] | None]: ...
    def send(self, message: dict[str, Any]) -> None: ...
    def act(self, action: Action | str) -> None: ...
    def close(self, timeout: float = 5.0) -> None: ...
    @property
    def state(self) -> str: ...
    @property
    def problem(self) -> str | None: ...
    @property
    def refused(self) -> bool: ...


def _int(value: Any, default: int, low: int, high: int) -> int:
    return value if type(value) is int and low <= value <= high else default


class OnlineTable:
    """One seat of a remote room: its lobby before the start, its table after."""

    def __init__(self, link: Link, server: str, t: Translate) -> None:
        self.link = link
        self.server = server
        self.t = t
        self.listener: TableListener | None = None
        self.version = 0
        self.paused = False
        self.claim_countdown = DEFAULT_CLAIM_SECONDS
        self.room: str | None = None
        self.seat: int | None = None
        self.lobby: dict[str, Any] = {}
        self.started = False            # hello came: the table shows the seat
        self.hand_over = False          # between an end_hand and the next deal
        self.over = False               # the match's record came
        self.stopped = False            # the client has stopped
        self.problem: str | None = None   # why play cannot go on (one line)
        self.notice: str | None = None    # the server's last refusal (one line)
        self.kept: tuple[Path | None, str] | None = None   # the record: where kept, or why not
        self._ruleset = load_ruleset(DEFAULT_RULESET)
        self._feed: SeatFeed | None = None
        self._batch: list[Event] = []
        self._paged = False
        self._rejoined = False
        self._switches = (False, False)

    # ------------------------------------------------------------ the room
    @property
    def ruleset(self) -> Ruleset:
        return self._ruleset

    @property
    def host(self) -> bool:
        """This seat is the room's host (it may start the match)."""
        return self.seat is not None and self.lobby.get("host") == self.seat

    @property
    def ready(self) -> bool:
        """The match started and the seat's table can be drawn (its view came)."""
        return self.started and self._feed is not None and self._feed.view is not None

    def seats(self) -> list[dict[str, Any]]:
        """The lobby's seats (each a dict with kind, name, level, state)."""
        seats = self.lobby.get("seats", [])
        return [s for s in seats if isinstance(s, dict)]

    def seat_info(self, seat: int) -> dict[str, Any]:
        seats = self.seats()
        return seats[seat] if 0 <= seat < len(seats) else {}

    def state_words(self, seat: int) -> str:
        """The seat's connection state in the player's words."""
        info = self.seat_info(seat)
        state = info.get("state", "")
        if info.get("kind") == "ai":
            return self.t("online.state.ai")
        if state == "connected":
            return self.t("online.state.connected")
        return self.t(STATE_KEYS[state]) if state in STATE_KEYS else str(state)

    def start(self) -> None:
        """The host starts the match."""
        self.link.send({"type": "start"})

    def give_up(self) -> None:
        """Leave the seat for good (before the start it is open again)."""
        self.link.send({"type": "leave"})
        ticket.clear()

    # ------------------------------------------------------------ messages
    def update(self, dt: float, hold: bool = False) -> None:
        """Take the messages that came since the last frame."""
        for message in self.link.poll():
            if self.stopped:
                break
            try:
                self._take(message)
            except ServerError as exc:
                self._stop(str(exc))
        if not self.stopped and self.started and self._feed is not None \
                and self._feed.turn is not None:
            quick = switch_answer(self._feed.turn.legal, *self._switches)
            if quick is not None:
                self.submit(quick)

    def _stop(self, problem: str | None) -> None:
        """The client stopped (or is left): play cannot go on unless the match is over."""
        self.stopped = True
        if not self.over:
            self.problem = problem or self.link.problem or self.t("online.lost")
        self.link.close(0.0)
        self.version += 1

    def _take(self, message: dict[str, Any] | None) -> None:
        if message is None:
            if self.link.refused:
                ticket.clear()      # a seat the server will not give back is no one's
            self._stop(None)
            return
        kind = message["type"]
        self.version += 1
        if kind == "joined":
            self.room, self.seat = message["room"], message["seat"]
            ticket.save(ticket.Ticket(self.server, message["room"], message["seat"],
                                      message["token"]))
        elif kind == "lobby":
            self._take_lobby(message)
        elif kind == "error":
            self.notice = message["message"]
            if self.room is None:
                self._stop(message["message"])
        elif kind == "hello":
            self._hello(message)
        elif kind == "state":
            self._restart(message["view"])
        elif kind == "decide":
            self._decide(message)
        elif kind == "event":
            self._event(message)
        elif kind == "end_hand":
            self.hand_over = True
        elif kind == "record":
            self.kept = keep_record(message.get("match"))
            self.over = True
        elif kind == "bye":
            ticket.clear()

    def _take_lobby(self, message: dict[str, Any]) -> None:
        self.lobby = message
        self.claim_countdown = float(_int(message.get("claim_seconds"), 8, 1, 120))

    def _hello(self, message: dict[str, Any]) -> None:
        ruleset_id, seat = message.get("ruleset"), message.get("seat")
        try:
            ruleset = load_ruleset(str(ruleset_id))
        except ValueError:
            raise ServerError("the server's ruleset is not one this game has") from None
        if type(seat) is not int or seat != self.seat:
            raise ServerError("the server greeted another seat")
        self._rejoined = self.started     # what came while away was not told
        self._ruleset, self.started, self._batch = ruleset, True, []
        if self._feed is None:
            self._feed = SeatFeed(seat)

    def _own_view(self, data: Any) -> PlayerView:
        view = read_view(data)
        if view.seat != self.seat or view.players != self._ruleset.players:
            raise ServerError("the server sent the view of another seat")
        return view

    def _decide(self, message: dict[str, Any]) -> None:
        feed = self._started_feed()
        view = self._own_view(message["view"])
        legal = tuple(read_legal(message["legal"], feed.seat))
        if not legal:
            raise ServerError("the server asked for a decision with nothing legal")
        if self._rejoined:                # back after a drop: the hand afresh from here
            self._rejoined = False
            feed.restart(view)
            self._tell(True)
        feed.view = view
        feed.turn = Turn(feed.seat, lambda: view, legal,
                         message["deadline_ms"] / 1000, message["id"])

    def _event(self, message: dict[str, Any]) -> None:
        feed = self._started_feed()
        self._batch.append(read_seen_event(message, self._ruleset.players))
        if "view" in message:
            batch, self._batch = self._batch, []
            view = self._own_view(message["view"])
            new_hand = batch[0].kind == E.DEAL
            feed.turn = None            # the table moved on: the decision is over
            feed.see(batch, view)
            if new_hand:
                self.hand_over = False
            self._tell(new_hand)

    def _restart(self, data: Any) -> None:
        """The seat's view after a rejoin: the hand is shown afresh from it."""
        feed = self._started_feed()
        view = self._own_view(data)
        self._rejoined = False
        feed.restart(view)
        self.hand_over = view.phase is Phase.ROUND_END
        self._tell(True)

    def _started_feed(self) -> SeatFeed:
        if self._feed is None:
            raise ServerError("the server sent play before the match started")
        return self._feed

    def _tell(self, reset: bool) -> None:
        if self.listener is not None:
            if reset:
                self.listener.on_reset()
            else:
                self.listener.on_events()

    # ----------------------------------------------- the table's source
    @property
    def debug(self) -> bool:
        return False

    @property
    def offers_auto(self) -> bool:
        """托管 is the server's fill level after a drop; the table has no switch for it."""
        return False

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
    def reasoning(self) -> dict[int, list[tuple[str, float]]]:
        return {}

    def is_person(self, seat: int) -> bool:
        return seat == self.seat

    def seat_name(self, seat: int, t: Translate) -> str:
        info = self.seat_info(seat)
        name = info.get("name")
        if isinstance(name, str) and name:
            return name
        return t("online.seat_name", n=seat + 1)

    def plates(self, view: PlayerView, t: Translate) -> list[PlateText]:
        totals = self.lobby.get("totals")
        if not (isinstance(totals, list) and len(totals) == view.players
                and all(type(x) is int for x in totals)):
            totals = [0] * view.players
        running = [0] * view.players if self.hand_over else view.scores
        plates = []
        for seat in range(view.players):
            info = self.seat_info(seat)
            level = info.get("level")
            if info.get("kind") == "ai" and isinstance(level, str):
                kind = level
            elif info.get("state") == "connected":
                kind = "human"
            else:
                kind = self.state_words(seat)
            plates.append((self.seat_name(seat, t), kind, totals[seat] + running[seat]))
        return plates

    def progress(self) -> tuple[int, int]:
        hands = _int(self.lobby.get("hands"), 1, 1, 16)
        return _int(self.lobby.get("hand"), 1, 1, hands) - 1, hands

    @property
    def hand_finished(self) -> bool:
        return self.hand_over

    def info(self, t: Translate) -> list[str]:
        lines = [t("online.room_line", code=self.room or "")]
        if self.problem is not None:
            lines.append(self.problem)
        elif self.link.state == "reconnecting":
            lines.append(t("online.reconnecting"))
        return lines

    def feed(self, seat: int) -> SeatFeed:
        return self._started_feed()

    def humans_to_act(self) -> list[int]:
        feed = self._feed
        return [feed.seat] if feed is not None and feed.turn is not None else []

    def thinking(self) -> list[int]:
        """The seat whose turn it is, when it is not this one's."""
        feed = self._feed
        view = feed.view if feed is not None else None
        if view is None or self.hand_over or self.stopped or view.phase is not Phase.TURN \
                or view.current == self.seat:
            return []
        return [view.current]

    def is_ai(self, seat: int) -> bool:
        info = self.seat_info(seat)
        return info.get("kind") == "ai" or info.get("state") == "played by AI"

    def open_hands(self) -> tuple[tuple[int, ...], ...]:
        return ()

    def submit(self, action: Action) -> bool:
        """Send the player's choice if it answers the decision the server asked."""
        feed = self._feed
        if feed is None or feed.turn is None or action not in feed.turn.legal or self.stopped:
            return False
        self.link.act(action)
        feed.turn = None
        self.version += 1
        return True

    def set_auto(self, seat: int, on: bool) -> None:
        """Not offered online (offers_auto)."""

    def set_switches(self, auto_win: bool, never_claim: bool) -> None:
        self._switches = (auto_win, never_claim)

    def step(self) -> None:
        """Debug only; never online."""

    def undo(self) -> bool:
        return False

    def hint(self, seat: int) -> Action | None:
        return None

    def next_page(self, hand_shown: bool) -> PageCall | None:
        """The lobby page with the final totals once the match is over (its end shown),
        or with the problem once play cannot go on."""
        done = (self.over and (hand_shown or not self.hand_over)) or \
            (self.stopped and self.problem is not None)
        if not done or self._paged:
            return None
        self._paged = True
        return "lobby", {"online": self, "owner": False}

    def leave(self) -> bool:
        """To the menu: the seat stays this player's (Continue takes it back)."""
        return True

    def close(self) -> None:
        """Close the connection (the server keeps the seat for its grace time)."""
        if not self.stopped:
            self.stopped = True
            self.link.close(1.0)
