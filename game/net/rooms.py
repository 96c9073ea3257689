"""A room: a match on the server, who holds which seat, who watches, and the lobby.

Seats are "open" (a person's, through a RemoteSeat) or an AI level (an AgentSeat). A
person holds a seat by a token; only its SHA-256 is kept. Open seats nobody took when
the host starts are played by the fill level. Every change is saved through `saver`
(the room's file) and told to everyone in the room as a `lobby` message.
"""
from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any

from ai.levels import make_agent
from ai.protocol import ended_message, event_message, hello_message, view_message
from ai.seats import AgentSeat
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.melds import KONG_CONCEALED
from game.engine.state import Phase, RoundState
from game.engine.view import MeldView, PlayerView
from game.fair import new_salt
from game.net.fairness import fair_message, proofs, told
from game.net.people import Person, seat_of_token, token_hash
from game.net.phrases import PhraseLimit
from game.net.remote import EventTexts, Link, RemoteSeat
from game.net.views import ViewTexts
from game.net.wire import (
    NET_PROTOCOL,
    SEAT_OPEN,
    TOLD_NEW_FROM,
    RoomConfig,
    WireError,
    encode,
    new_token,
)
from game.play.driver import Driver
from game.play.names import ai_name
from game.play.seat import Seat
from game.play.setup import MatchSetup, SeatKind, SeatSpec
from game.rulesets import load_ruleset
from game.shell.saves import save_document

MAX_WATCHERS = 32
WATCHER = -1        # the seat number a watcher's view carries


def public_view(view: PlayerView, over: bool) -> PlayerView:
    """A view with nothing concealed in it: what a watcher may see."""
    melds = tuple(tuple(m if over or m.kind != KONG_CONCEALED else
                        MeldView(m.kind, (), m.claimed, m.from_seat) for m in seat)
                  for seat in view.melds)
    return replace(view, seat=WATCHER, hand=(), drawn=None, melds=melds)


class Room:
    """One room, from its lobby to the end of its match."""

    def __init__(self, code: str, config: RoomConfig, match: Match,
                 people: dict[int, Person] | None = None, host: int | None = None,
                 started: bool = False, saver: Callable[[Room], None] | None = None,
                 active_at: float | None = None, thinkers: Executor | None = None,
                 salts: list[str] | None = None) -> None:
        self.code = code
        # each hand's salt, drawn up front and kept in the room's file (game.fair)
        self.salts = (salts or [])[:config.hands]
        self.salts += [new_salt() for _ in range(config.hands - len(self.salts))]
        self.thinkers = thinkers        # where AI seats decide (None: at once, here)
        self.config = config
        self.match = match
        self.people = dict(people or {})
        self.host = host
        self.started = started
        self.saver = saver
        self.active_at = time.time() if active_at is None else active_at   # the last change
        self.head = {k: v for k, v in match.to_record().items() if k != "hands"}
        self.texts = [[a.to_text() for a in hand] for hand in match.hand_actions]
        self._head_text = json.dumps(self.head, ensure_ascii=False)[1:-1]
        self._played_text = (0, "")   # the hands before the one in play, as JSON
        self.watchers: list[Link] = []
        self.phrase_limits: dict[int, PhraseLimit] = {}   # each seat's quick phrases
        self._watched: tuple[RoundState | None, int] = (None, 0)   # told to watchers
        self.event_texts = EventTexts()
        self.view_texts = ViewTexts()
        self.seats: list[Seat] = [self._make_seat(s, word) for s, word in enumerate(config.seats)]
        self.driver = Driver(self, self.seats, deadline=self._deadline)
        if started:
            self._watch_people()
        self.closed = False
        self.timeouts: list[tuple[int, int]] = []   # a person's decisions the clock took

    @classmethod
    def new(cls, code: str, config: RoomConfig, saver: Callable[[Room], None] | None = None,
            thinkers: Executor | None = None) -> Room:
        """A fresh room with a wall seed drawn here."""
        match = Match(load_ruleset(config.ruleset), secrets.randbits(64), config.hands)
        return cls(code, config, match, saver=saver, thinkers=thinkers)

    # ------------------------------------------------------------- match
    @property
    def round(self) -> RoundState:
        return self.match.round

    def apply(self, action: Action) -> None:
        """Play an action (the driver's door): the match and its record grow by it."""
        self.match.apply(action)
        self.texts[-1].append(action.to_text())

    def next_hand(self) -> None:
        self.match.start_next_hand()
        self.texts.append([])
        self._tell_fair(fair_message(self.match, self.salts, self.match.hand_number, False))

    def reveal(self) -> None:
        """After a hand's end_hand: its seed and salt, to everyone in the room."""
        if self.match.round.is_over:
            self._tell_fair(fair_message(self.match, self.salts, self.match.hand_number, True))

    def document(self) -> dict[str, Any]:
        """The match file of the room's match, its shuffle proofs with it."""
        return save_document(self.match, self.setup(), self.timeouts,
                             proofs(self.match, self.salts))

    def record(self) -> dict[str, Any]:
        """The match record so far (Match.to_record, without writing every action out
        again at each save)."""
        return {**self.head, "hands": self.texts}

    def record_text(self) -> str:
        """record() as JSON text; the hands before the one in play are encoded once."""
        played = len(self.texts) - 1
        if self._played_text[0] != played:
            self._played_text = (played, "".join(
                json.dumps(hand, ensure_ascii=False) + "," for hand in self.texts[:played]))
        now = json.dumps(self.texts[-1], ensure_ascii=False) if self.texts else ""
        return "{" + self._head_text + ',"hands":[' + self._played_text[1] + now + "]}"

    # ------------------------------------------------------------- seats
    def _agent_seat(self, level: str, seat: int) -> AgentSeat:
        return AgentSeat(make_agent(level, self.match.seed + 7919 * (seat + 1), at_table=True),
                         executor=self.thinkers)

    def _make_seat(self, seat: int, word: str) -> Seat:
        if word != SEAT_OPEN:
            return self._agent_seat(word, seat)
        person = self.people.get(seat)
        remote = RemoteSeat(person.name if person else "", self._agent_seat(self.config.fill, seat),
                            self.event_texts, self.view_texts, self.match.ruleset)
        remote.filling = self.started and person is None
        remote.held = self.started and person is not None    # taken up after a restart
        return remote

    def _deadline(self, state: RoundState, seat: int) -> float:
        return float(self.config.turn_seconds if state.phase is Phase.TURN
                     else self.config.claim_seconds)

    def remote(self, seat: int) -> RemoteSeat | None:
        found = self.seats[seat] if 0 <= seat < len(self.seats) else None
        return found if isinstance(found, RemoteSeat) else None

    @property
    def players(self) -> int:
        return len(self.seats)

    # ------------------------------------------------------------ people
    def join(self, name: str, link: Link) -> tuple[int, str]:
        """Seat a new person at the first open seat: (seat, token). The caller tells
        them, then calls changed()."""
        if self.started:
            raise WireError("the match has started: rejoin with your token, or watch", "started")
        free = [s for s, w in enumerate(self.config.seats) if w == SEAT_OPEN
                and s not in self.people]
        if not free:
            raise WireError("the room is full", "room_full")
        token = new_token()
        seat = free[0]
        self.people[seat] = Person(name, token_hash(token))
        if self.host is None:
            self.host = seat
        remote = self.remote(seat)
        assert remote is not None
        remote.rename(name)
        remote.connect(link)
        return seat, token

    def seat_of_token(self, token: str) -> int:
        return seat_of_token(self.people, token)

    def rejoin(self, seat: int, link: Link) -> Link | None:
        """Give `seat` back to its person on `link`; the link it had before, if any.
        The caller tells them, then calls greet() and changed()."""
        remote = self.remote(seat)
        assert remote is not None
        old = remote.link
        remote.connect(link)
        return old

    def greet(self, seat: int) -> None:
        """What a person (re)entering a started match is sent: hello, then the decision
        waiting for them, or the state of the table, then the shuffle's proofs so far."""
        remote = self.remote(seat)
        if not self.started or remote is None or remote.link is None:
            return
        link = remote.link
        link.send(hello_message(seat, self.players, self.config.ruleset, NET_PROTOCOL))
        pending = remote.pending_message()
        if pending is not None:
            link.send(pending)
        else:
            self.tell_state(seat, link)
        self._tell_proofs(link)

    def drop(self, seat: int, link: Link) -> None:
        """The connection of `seat` is gone (if it is still that seat's)."""
        remote = self.remote(seat)
        if remote is not None and remote.link is link:
            remote.disconnect()
            self.changed()

    def leave(self, seat: int) -> None:
        """A person gives up the seat: before the start it is open again; after it, the
        fill level plays it for the rest of the match."""
        remote = self.remote(seat)
        self.people.pop(seat, None)
        if remote is not None:
            remote.disconnect()
            remote.rename("")
            remote.filling = self.started
            if self.started:
                self.hand_over(seat)
        if self.host == seat:
            self.host = min(self.people, default=None)
        self.changed()

    def hand_over(self, seat: int) -> None:
        """The fill level plays `seat` from now on, the decision waiting included (it is
        asked again of the fill level)."""
        remote = self.remote(seat)
        if remote is not None:
            remote.filling = True
            self.driver.forget(seat)

    def watch(self, link: Link) -> None:
        if len(self.watchers) >= MAX_WATCHERS:
            raise WireError("this room has as many watchers as it takes", "watchers_full")
        self.watchers.append(link)
        if self.started:
            self.tell_state(WATCHER, link)
            self._tell_proofs(link)
        link.send(self.lobby_message())

    def unwatch(self, link: Link) -> None:
        if link in self.watchers:
            self.watchers.remove(link)

    def start(self) -> None:
        if self.started:
            raise WireError("the match has already started", "already_started")
        self.started = True
        for seat, remote in enumerate(self.seats):
            if isinstance(remote, RemoteSeat) and seat not in self.people:
                remote.filling = True
        self.changed()
        for seat in self.people:
            self.greet(seat)
        for link in self.watchers:
            self._tell_proofs(link)
        self._watch_people()

    def _watch_people(self) -> None:
        """From the start on, each person's seat is told its events with its view."""
        for seat, remote in enumerate(self.seats):
            if isinstance(remote, RemoteSeat):
                self.driver.watch(seat, remote)

    # ----------------------------------------------------------- telling
    def _tell_fair(self, message: dict[str, Any]) -> None:
        """A shuffle proof, to everyone in the room whose client reads them."""
        text = encode(message)
        for link in self.links():
            if link.protocol >= TOLD_NEW_FROM:
                link.send(text)

    def _tell_proofs(self, link: Link) -> None:
        """The reveals of the hands played, and the hand in play's commitment (its
        reveal too, once it is over), if its client reads them."""
        if link.protocol >= TOLD_NEW_FROM:
            for message in told(self.match, self.salts):
                link.send(message)

    def links(self) -> list[Link]:
        """Every connection in the room: its people's and its watchers'."""
        held = [seat.link for seat in self.seats if isinstance(seat, RemoteSeat)]
        return [link for link in held if link is not None] + self.watchers

    def tell_watchers(self) -> None:
        """The round's new public events, to every watcher (and the end of the hand)."""
        state = self.match.round
        told = self._watched[1] if self._watched[0] is state else 0
        if told == len(state.events):
            return
        if not self.watchers:       # a watcher who comes is sent the state from now on
            self._watched = (state, len(state.events))
            return
        events = state.events_for(self.players, told)
        self._watched = (state, len(state.events))
        messages = [encode(event_message(event)) for event in events]
        if state.is_over:
            messages.append(encode(ended_message(state)))
        for link in self.watchers:
            for message in messages:
                link.send(message)

    def abandoned(self, now: float, idle_seconds: float) -> bool:
        """Whether nobody started the room and nothing changed in it for `idle_seconds`
        (wall-clock time, kept in the room's file across restarts)."""
        return not self.started and now - self.active_at >= idle_seconds

    def save(self) -> None:
        if self.saver is not None and not self.closed:
            self.saver(self)

    def changed(self) -> None:
        """Save the room and tell everyone in it who sits where."""
        self.active_at = time.time()
        self.save()
        lobby = encode(self.lobby_message())
        for link in self.links():
            link.send(lobby)

    def seat_state(self, seat: int) -> str:
        remote = self.remote(seat)
        if remote is None:
            return "ai"
        if seat not in self.people:
            return "played by AI" if remote.filling else "empty"
        if remote.link is not None:
            return "connected"
        return "played by AI" if remote.filling else "reconnecting"

    def lobby_message(self) -> dict[str, Any]:
        config = self.config
        seats = [{"seat": s, "kind": "ai" if w != SEAT_OPEN else
                  "person" if s in self.people else "open",
                  "name": self.people[s].name if s in self.people else None,
                  "name_id": self._name_id(s),
                  "level": w if w != SEAT_OPEN else None,
                  "state": self.seat_state(s)} for s, w in enumerate(config.seats)]
        settings = {k: v for k, v in config.to_dict().items() if k != "seats"}
        return {"type": "lobby", "room": self.code, "host": self.host, "started": self.started,
                "hand": self.match.hand_number + 1, "totals": list(self.match.totals),
                **settings, "seats": seats, "watchers": len(self.watchers)}

    def _name_id(self, seat: int) -> str | None:
        """The id of the game's name for a seat the AI plays with nobody in it (an AI
        seat; an open seat nobody took, once the match has started), as the match file
        names it; None for a person's seat or one still open."""
        if seat in self.people or (self.config.seats[seat] == SEAT_OPEN and not self.started):
            return None
        return ai_name(seat)

    def state_message(self, seat: int) -> dict[str, Any]:
        state = self.match.round
        view = state.view(max(seat, 0))
        if seat == WATCHER:
            view = public_view(view, state.is_over)
        return {"type": "state", "view": view_message(view), "hand": self.match.hand_number + 1,
                "totals": list(self.match.totals)}

    def tell_state(self, seat: int, link: Link) -> None:
        """The state of the table from `seat` (WATCHER: a watcher's); a finished hand's is
        followed by its end_hand again (its scores, winners and every seat's tiles)."""
        link.send(self.state_message(seat))
        if self.match.round.is_over:
            link.send(ended_message(self.match.round))

    def setup(self) -> MatchSetup:
        """The table set-up of the room's match file (its people as people: each player's
        own library finds their seat; the AI seats under the game's AI names)."""
        seats = tuple(SeatSpec(SeatKind.HUMAN, name=self.people[s].name) if s in self.people
                      else SeatSpec.parse(self.config.fill if w == SEAT_OPEN else w,
                                          name_id=ai_name(s))
                      for s, w in enumerate(self.config.seats))
        return MatchSetup(self.config.ruleset, self.match.seed, self.match.length, seats,
                          source="online")
