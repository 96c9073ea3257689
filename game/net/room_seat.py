"""A seat of a room on a server, as the server's messages make it (the table page's
source, game.net.online_table, builds on it).

The Online pages hand it a client running on its own thread (game.net.client.Background);
each frame `update` takes the messages that came and turns them into the seat's feed —
`hello` starts it, `event`s (the last of a batch carries the seat's view) fill it,
`decide` sets the decision the table asks for, `state` shows a taken-back seat afresh —
and the lobby's seats give names, connection states and totals. The player's choices go
back with `act()`. What the server sends is read by the guarded readers; a server that
sends something impossible is left with one line (`problem`).

While a seat is held, the ticket (server, room, seat, token: game.net.ticket) is kept in
the data folder so that the menu's Continue can take the seat back after a crash; the
match's end clears it and keeps the server's record in the player's library. While
the server cannot be heard, the lobby's connection states are not shown as they were
(nobody is known to be connected), and `retry_in()` counts down to the next attempt.
"""
from __future__ import annotations

import time
from collections import deque
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from game.engine import events as E
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.ruleset import Ruleset
from game.engine.view import Phase, PlayerView
from game.net import ticket
from game.net.client import Link
from game.net.join import keep_record
from game.net.kept import KeptMatch, mark_own_seat
from game.net.phrases import Heard
from game.net.readers import (
    ServerError,
    read_hands,
    read_legal,
    read_seen_event,
    read_view,
    read_wins,
)
from game.net.refusals import ENDING, GENERAL, WATCHABLE, refusal
from game.net.room_lobby import RoomLobby
from game.net.seat_assist import SeatAssist
from game.net.shuffle_watch import ShuffleWatch
from game.net.win_fans import read_win_fans
from game.net.wire import WireError, read_code
from game.play.feed import SeatFeed
from game.play.seat import Turn
from game.rulesets import DEFAULT_RULESET, load_ruleset
from game.shell.i18n import Words
from game.shell.person import switch_answer
from game.shell.table_source import (
    TableListener,
    Translate,
)

DEFAULT_CLAIM_SECONDS = 8.0


class RoomSeat:
    """One seat of a remote room: the server's messages turned into its feed, lobby and
    state, and its answers sent back."""

    def __init__(self, link: Link, server: str, t: Translate,
                 executor: Executor | None = None) -> None:
        """`executor`: where the AI of hints and 托管 thinks (a thread of its own)."""
        self.link = link
        self.server = server
        self.t = t
        self.listener: TableListener | None = None
        self.version = 0
        self.paused = False
        self.claim_countdown = DEFAULT_CLAIM_SECONDS
        self.room: str | None = None
        self.seat: int | None = None
        self.lobby = RoomLobby()
        self.started = False            # hello came: the table shows the seat
        self.hand_over = False          # between an end_hand and the next deal
        self._dealt = 0                 # hands dealt since the lobby message (its hand)
        self._resumed: PlayerView | None = None   # the view this hand was taken up from
        self.over = False               # the match's record came
        self.stopped = False            # the client has stopped
        self.problem: str | None = None   # why play cannot go on, and what to do (one line)
        self.notice: str | None = None    # the server's last refusal (one line)
        self.detail: str | None = None    # the server's (or socket's) own words beside it
        self.watchable = False            # the refusal that stopped it suggests watching
        self.watching = False             # a watcher of the room, not a seat
        self.kept: tuple[Path | None, str] | None = None   # the record: where kept, or why not
        self.final: KeptMatch | None = None   # the finished match as kept, the player's seat marked
        self.rematch_room: str | None = None  # the next room the host opened after the match
        self.heard = Heard()                  # the quick phrases said at the table
        self._ruleset = load_ruleset(DEFAULT_RULESET)
        self._feed: SeatFeed | None = None
        self._batch: list[Event] = []
        self._waiting: deque[dict[str, Any] | None] = deque()   # polled, not yet taken
        self._paged = False
        self._reported = -1                # the feed's hand whose results were offered
        self.hand_scores: tuple[int, ...] | None = None   # the server's scores of the hand
        self.shown_hands: tuple[tuple[int, ...], ...] | None = None   # every seat's, at its end
        self.told_wins: tuple[Event, ...] = ()   # the end_hand's winners, as win events
        self.told_fans: tuple[tuple[str, ...], ...] = ()   # and each one's fans, as keys
        self._totals_before: list[int] | None = None      # the totals the hand began from
        self._rejoined = False
        self._away = False                # the link was reconnecting at the last update
        self._switches = (False, False)
        self._turn: Turn | None = None    # the decision the server waits for
        self.assist = SeatAssist(executor)   # hints and 托管, thought out here
        self.shuffle = ShuffleWatch()        # each hand's shuffle proof, checked
        self._ended_hand = 0                 # the hand (from 1) of the last end_hand

    # ------------------------------------------------------------ the room
    @property
    def ruleset(self) -> Ruleset:
        return self._ruleset

    @property
    def host(self) -> bool:
        """This seat is the room's host (it may start the match)."""
        return self.seat is not None and self.lobby.host == self.seat

    @property
    def ready(self) -> bool:
        """The match started and the seat's table can be drawn (its view came)."""
        return self.started and self._feed is not None and self._feed.view is not None

    def start(self) -> None:
        """The host starts the match."""
        self.link.send({"type": "start"})

    def retry_in(self) -> float | None:
        """Seconds to the next attempt to reach the server while it cannot be reached (0:
        an attempt is under way); None while it can, or once the client has stopped."""
        link = self.link
        if self.stopped or link.state != "reconnecting" or not link.unreachable:
            return None
        due = link.next_attempt
        return 0.0 if due is None else max(0.0, due - time.monotonic())

    def retry_now(self) -> None:
        """Attempt to reach the server at once."""
        self.link.retry_now()

    def say(self, phrase: str) -> None:
        """Say a quick phrase (a key of game.net.phrases) to the room."""
        self.link.send({"type": "say", "phrase": phrase})

    def give_up(self) -> None:
        """Leave the seat for good (before the start it is open again)."""
        self.link.send({"type": "leave"})
        if not self.watching:
            ticket.clear()

    # ------------------------------------------------------------ messages
    def update(self, dt: float, hold: bool = False) -> None:
        """Take the messages that came since the last frame (the next hand's deal waits
        while the table that shows the seat has not offered the ended hand's results)."""
        self._waiting.extend(self.link.poll())
        self._hear()
        while self._waiting and not self.stopped and not self._deal_held():
            message = self._waiting.popleft()
            try:
                self._take(message)
            except ServerError as exc:
                self._stop(exc.words)
        turn = self._turn
        if self.stopped or not self.started or turn is None:
            return
        answer = switch_answer(turn.legal, *self._switches) or \
            self.assist.answer(turn, self.lobby.fill)
        if answer is not None:
            self._answer(answer)

    def _hear(self) -> None:
        """A lost connection makes the lobby's connection states unknown (the server sends
        them afresh when the seat is taken back)."""
        away = self.link.state == "reconnecting"
        if away != self._away:
            self._away = away
            self.version += 1
            if away:
                self.lobby = self.lobby.unheard()

    def _deal_held(self) -> bool:
        """The next message deals a hand while a table still has to offer the results of
        the one that ended."""
        message = self._waiting[0]
        return message is not None and message.get("type") == "event" \
            and message.get("kind") == E.DEAL and self.listener is not None \
            and self.results_pending

    @property
    def results_pending(self) -> bool:
        """A hand ended whose results have not been offered yet."""
        feed = self._feed
        return self.hand_over and feed is not None and self._reported != feed.hands

    def _stop(self, problem: Words | None) -> None:
        """The client stopped (or is left): play cannot go on unless the match is over."""
        self.stopped = True
        if not self.over:
            words = problem or self.link.problem or Words("online.lost")
            if words.key == "net.unreachable":    # what to do; the socket's error beside
                self.detail = str(words.fields.get("detail", "")) or None
                words = Words("online.unreachable_named", server=words.fields.get("server", "")) \
                    if self.room is not None else Words("online.unreachable_check")
            elif words.key == "net.certificate":    # what to do; the TLS error beside
                self.detail = str(words.fields.get("detail", "")) or None
                words = Words("online.certificate")
            self.problem = words.said(self.t)
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
        self.shuffle.take(message, self._ruleset)
        if self.watching and kind not in ("lobby", "error", "record"):
            return              # a watcher's page shows the room, not a table
        if kind == "joined":
            self.room, self.seat = message["room"], message["seat"]
            ticket.save(ticket.Ticket(self.server, message["room"], message["seat"],
                                      message["token"]))
        elif kind == "lobby":
            self._take_lobby(message)
        elif kind == "error":
            said = refusal(message)     # the server's words beside a general line only
            self.notice = said.said(self.t)
            self.detail = message["message"] or None if said.key in GENERAL else None
            if self.room is None or message.get("code") in ENDING:
                self.watchable = self.room is None and message.get("code") in WATCHABLE
                self._stop(said)
        elif kind == "hello":
            self._hello(message)
        elif kind == "state":
            self._restart(message["view"])
        elif kind == "decide":
            self._decide(message)
        elif kind == "event":
            self._event(message)
        elif kind == "end_hand":       # read whole before anything is taken from it
            players = self._ruleset.players
            hands, wins = read_hands(message, players), read_wins(message, players)
            fans = read_win_fans(message) if wins else ()
            self.hand_over, self.shown_hands, self.told_wins = True, hands, wins
            self.told_fans = fans
            self._ended_hand = self.shuffle.hand
            self.hand_scores = self._scores(message.get("scores"))
        elif kind == "record" and self.watching:
            self.over = True
        elif kind == "record":
            path, line = keep_record(message.get("match"))
            self.kept = (path, line.said(self.t))
            self.final = mark_own_seat(path, self.seat) if path is not None else None
            self.over = True
        elif kind == "rematch":
            try:
                self.rematch_room = read_code(message.get("room"))
            except WireError:
                pass            # the host's own answer comes as `joined`
        elif kind == "said":
            self.heard.hear(message["seat"], message["phrase"])
        elif kind == "bye":
            ticket.clear()

    def shuffle_line(self) -> Words | None:
        """What the ended hand's shuffle proof showed (None: the server sends none)."""
        return self.shuffle.line(self._ended_hand)

    def _scores(self, scores: Any) -> tuple[int, ...] | None:
        """The end_hand's scores if they are one whole number a seat, else None (the
        seat's view holds them too)."""
        if isinstance(scores, list) and len(scores) == self._ruleset.players \
                and all(type(x) is int for x in scores):
            return tuple(scores)
        return None

    def _take_lobby(self, message: dict[str, Any]) -> None:
        self.lobby = RoomLobby(message)
        if self.watching and self.room is None:
            try:
                self.room = read_code(message.get("room"))
            except WireError:
                raise ServerError("net.bad_code") from None
        self._dealt = 0
        if not self.hand_over and self.started:   # the totals before the hand in play
            self._totals_before = self.lobby.totals(self._ruleset.players)
        self.claim_countdown = self.lobby.claim_seconds

    def _hello(self, message: dict[str, Any]) -> None:
        ruleset_id, seat = message.get("ruleset"), message.get("seat")
        try:
            ruleset = load_ruleset(str(ruleset_id))
        except ValueError:
            raise ServerError("net.ruleset") from None
        if type(seat) is not int or seat != self.seat:
            raise ServerError("net.other_seat")
        self._rejoined = True     # the hand is shown afresh from the state or decision next
        self._ruleset, self.started, self._batch = ruleset, True, []
        self.shuffle.seat = seat
        if self._feed is None:
            self._feed = SeatFeed(seat)

    def _own_view(self, data: Any) -> PlayerView:
        view = read_view(data)
        if view.seat != self.seat or view.players != self._ruleset.players:
            raise ServerError("net.other_view")
        return view

    def _decide(self, message: dict[str, Any]) -> None:
        feed = self._started_feed()
        view = self._own_view(message["view"])
        legal = tuple(read_legal(message["legal"], feed.seat))
        if not legal:
            raise ServerError("net.nothing_legal")
        if self._rejoined:      # back (after a drop, or from the menu): the hand from here
            self._rejoined = False
            self._resumed = view
            feed.restart(self.assist.marked(view))
            self._tell(True)
        feed.view = self.assist.marked(view)
        self._set_turn(Turn(feed.seat, lambda: view, legal, message["deadline_ms"] / 1000,
                            message["id"]))

    def _set_turn(self, turn: Turn | None) -> None:
        """The decision pending; the table shows it unless 托管 answers it."""
        self._turn = turn
        if self._feed is not None:
            self._feed.turn = None if self.assist.auto else turn

    def _event(self, message: dict[str, Any]) -> None:
        feed = self._started_feed()
        self._batch.append(read_seen_event(message, self._ruleset.players))
        if "view" in message:
            batch, self._batch = self._batch, []
            view = self._own_view(message["view"])
            self.shuffle.view(view, self._ruleset)
            new_hand = batch[0].kind == E.DEAL
            self._set_turn(None)        # the table moved on: the decision is over
            feed.see(batch, self.assist.marked(view))
            if new_hand:
                self._resumed = None
                self._dealt += 1 if self.hand_over else 0   # a next hand, not one shown again
                self.hand_over, self.hand_scores, self.shown_hands = False, None, None
                self.told_wins, self.told_fans = (), ()
                self._totals_before = self.lobby.totals(self._ruleset.players)
            self._tell(new_hand)

    def _restart(self, data: Any) -> None:
        """The seat's view after a rejoin: the hand is shown afresh from it (a finished
        hand's end_hand follows)."""
        feed = self._started_feed()
        view = self._own_view(data)
        self._rejoined, self._resumed = False, view
        self.hand_scores, self.shown_hands, self.told_wins = None, None, ()   # its end follows
        self.told_fans = ()
        self._set_turn(None)
        feed.restart(self.assist.marked(view))
        self.hand_over = view.phase is Phase.ROUND_END
        self._totals_before = None if self.hand_over else self.lobby.totals(view.players)
        self._tell(True)

    def _started_feed(self) -> SeatFeed:
        if self._feed is None:
            raise ServerError("net.early_play")
        return self._feed

    def _tell(self, reset: bool) -> None:
        if self.listener is not None:
            if reset:
                self.listener.on_reset()
            else:
                self.listener.on_events()

    def _answer(self, action: Action) -> bool:
        """Send the answer to the decision the server waits for."""
        if self._turn is None or action not in self._turn.legal or self.stopped:
            return False
        self.link.act(action)
        self._set_turn(None)
        self.version += 1
        return True
