"""Sample online rooms for the layout self-check: a connection where nothing more
happens, and rooms as the lobby and the table show them."""
from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from ai.protocol import (
    decide_message,
    ended_message,
    event_message,
    hello_message,
    view_message,
)
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.match import Match
from game.net.fairness import fair_message
from game.net.kept import KeptMatch, own_setup
from game.net.online_table import OnlineTable
from game.net.phrases import PHRASE_KEYS, PHRASES, Heard
from game.net.refusals import CODES, KEYS
from game.net.room_lobby import RoomLobby
from game.play.names import ai_name
from game.play.setup import SeatSpec
from game.rulesets import load_ruleset
from game.shell.i18n import Words
from game.shell.table_source import Translate

CODE = "K7QX2M"
PEOPLE = ("Maximilian-Alexander Lon", "欧阳长长长长长长长长长名字")
SHORT_PEOPLE = ("Testplayer", "欧阳鑫磊")     # the names a plate keeps the start of beside badges


class StillLink:
    """A connection where nothing happens (the layout self-check's sample rooms)."""

    def __init__(self, problem: Words | None = None,
                 said: list[dict[str, Any]] | None = None) -> None:
        self.state, self.problem, self.refused = "connected", problem, False
        self.unreachable = False
        self.next_attempt: float | None = None
        self.said = list(said or [])      # what the server said before it fell silent

    def poll(self) -> list[dict[str, Any] | None]:
        said, self.said = self.said, []
        return list(said)

    def send(self, message: dict[str, Any]) -> None:
        """Sent nowhere."""

    def act(self, action: Action | str) -> None:
        """Sent nowhere."""

    def close(self, timeout: float = 5.0) -> None:
        """Nothing to close."""

    def retry_now(self) -> None:
        """Nothing to retry."""


def sample_room(t: Translate, name: str) -> OnlineTable:
    """A room as the lobby shows it, for the layout self-check: `waiting` (the host's,
    long names), `guest`, `over`, `problem` (a server that cannot be reached),
    `connecting`, `refused` (the longest refusal), `started` (one that offers to watch),
    `other` (a newer server's refusal, its words beside), `watching`."""
    server = "ws://mahjong.example.org:8765"
    unreachable = Words("net.unreachable", server=server,
                        detail="[Errno 111] Connect call failed")
    other = {"type": "error", "code": "paused_for_maintenance",
             "message": "the server is paused for maintenance until 18:00 UTC; come back then"}
    link = StillLink(problem=unreachable, said=[other] if name == "other" else [])
    online = OnlineTable(link, server, t)
    if name == "connecting":
        return online
    if name in ("refused", "started"):     # the longest refusal line; one to watch
        code = name if name == "started" else max(CODES, key=lambda c: len(t(KEYS[c])))
        online = OnlineTable(StillLink(said=[{"type": "error", "code": code, "message": ""}]),
                             server, t)
        online.update(0.0)
        return online
    if name == "other":
        online.update(0.0)
        return online
    if name == "problem":
        online.stopped, online.detail = True, str(unreachable.fields["detail"])
        online.problem = Words("online.unreachable_check").said(t)
        return online
    online.watching = name == "watching"
    online.room, online.seat = CODE, None if online.watching else 1 if name == "guest" else 0
    lobby = sample_lobby(started=name in ("over", "watching"))
    if name == "over":
        lobby["totals"] = [128, -64, 32, -96]
    online.lobby = RoomLobby(lobby)
    if name == "over":
        online.over, online.kept = True, (Path("online.json"), "kept")
    return online


def sample_final(t: Translate, seat: int, kept: KeptMatch) -> OnlineTable:
    """The room of `sample_room("over")` seen from `seat` (0 is the host), its match
    `kept` with this room's seats (long names), the player's seat marked; another
    player has been told the host's next room."""
    online = sample_room(t, "over")
    online.seat = seat
    seats = (SeatSpec.parse("human", PEOPLE[0]), SeatSpec.parse("human", PEOPLE[1]),
             SeatSpec.parse("medium", name_id=ai_name(2)),
             SeatSpec.parse("hard", name_id=ai_name(3)))
    online.final = KeptMatch(kept.match, own_setup(kept.setup.with_seats(seats), seat),
                             kept.save_path)
    online.rematch_room = None if seat == 0 else "P3RD8N"
    return online


def sample_table(t: Translate, actions: int = 40, state: str = "connected",
                 badges: bool = False, phrases: bool = False) -> OnlineTable:
    """A room in the middle of its hand, seen from seat 0 when it must discard (with the
    longest time a server gives): a friend reconnecting, an open seat played by the fill
    level, long names; the connection in `state`. `badges`: every seat ready (听) and
    under 托管, names of four characters and more, totals of four digits below zero.
    `phrases`: the longest quick phrases said by every seat, shown as long as it lasts."""
    match = Match(load_ruleset(), 11, 2)
    rng, round_ = random.Random(11), match.round
    while actions > 0 or round_.seats_to_act() != [0] or round_.phase.value != "turn":
        seat = round_.seats_to_act()[0]
        options = round_.legal_actions(seat)
        calm = [a for a in options if a.kind not in (A.HU, A.SELF_DRAW)] or options
        match.apply(rng.choice(calm))
        actions -= 1
    lobby = sample_lobby(started=True)
    view = view_message(round_.view(0))
    if badges:
        view["ready"], view["auto"] = [True] * 4, [True] * 4
        lobby["totals"] = [-1288, -8888, 1288, -888]
        for seat, name in zip(lobby["seats"], SHORT_PEOPLE):
            seat["name"] = name
    said = [{"type": "joined", "room": CODE, "seat": 0, "token": "t" * 40},
            lobby, hello_message(0, 4, "dazhong")]
    events = [event_message(e) for e in round_.events_for(0)]
    events[-1]["view"] = view
    legal: list[Action] = round_.legal_actions(0)
    decide = decide_message(round_.view(0), legal, 600_000, 9)
    decide["view"] = view
    link = StillLink(said=[*said, *events, decide])
    link.state = state
    online = OnlineTable(link, "ws://mahjong.example.org:8765", t)
    online.update(0.0)
    if phrases:
        online.heard = Heard(lasting=True)
        longest = sorted(PHRASES, key=lambda p: -len(t(PHRASE_KEYS[p])))
        for seat, phrase in enumerate(longest[:4]):
            online.heard.hear(seat, phrase)
    return online


def sample_unreachable(t: Translate) -> OnlineTable:
    """The room of sample_table while its server cannot be reached: the next attempt in
    a few seconds."""
    online = sample_table(t)
    link = online.link
    assert isinstance(link, StillLink)
    link.state, link.unreachable = "reconnecting", True
    link.next_attempt = time.monotonic() + 7.5
    link.problem = Words("net.unreachable", server=online.server,
                         detail="[Errno 111] Connect call failed ('203.0.113.7', 8765)")
    online.update(0.0)
    return online


def sample_hand_end(t: Translate, seed: int = 4, tampered: bool = False,
                    ruleset: str = "dazhong") -> OnlineTable:
    """A room of `ruleset` whose first hand someone has just won (the first seed from
    `seed` on where one does), seen from seat 0: its results as the seat was told them
    (a 国标 or 血战到底 win's fans item by item), its shuffle proved (`tampered`: a tile
    the seat drew is not the wall's)."""
    match = Match(load_ruleset(ruleset), seed, 2)
    rng, state = random.Random(seed), match.round
    while not state.is_over:
        seat = state.seats_to_act()[0]
        options = state.legal_actions(seat)
        wins = [a for a in options if a.kind in (A.HU, A.SELF_DRAW)]
        match.apply(wins[0] if wins else rng.choice(options))
    if not state.wins:
        return sample_hand_end(t, seed + 1, tampered, ruleset)
    salts = ["0123456789abcdef" * 2] * 2
    said = [{"type": "joined", "room": CODE, "seat": 0, "token": "t" * 40},
            sample_lobby(started=True), hello_message(0, 4, ruleset),
            fair_message(match, salts, 0, False)]
    events = [event_message(e) for e in state.events_for(0)]
    events[-1]["view"] = view_message(state.view(0))
    if tampered:
        drawn = next(e for e in events if e["kind"] == "draw" and e["tile"] is not None)
        drawn["tile"] = "9m" if drawn["tile"] != "9m" else "8m"
    after = sample_lobby(started=True)
    after["totals"] = list(match.totals)
    said += [*events, ended_message(state), fair_message(match, salts, 0, True), after]
    online = OnlineTable(StillLink(said=said), "ws://mahjong.example.org:8765", t)
    online.update(0.0)
    online.next_page(True)      # the table offers the results (the page stays up)
    return online


def sample_lobby(started: bool) -> dict[str, Any]:
    seats = [{"seat": 0, "kind": "person", "name": PEOPLE[0], "level": None,
              "state": "connected"},
             {"seat": 1, "kind": "person", "name": PEOPLE[1], "level": None,
              "state": "reconnecting"},
             {"seat": 2, "kind": "open", "name": None, "level": None,
              "name_id": ai_name(2) if started else None,
              "state": "played by AI" if started else "empty"},
             {"seat": 3, "kind": "ai", "name": None, "name_id": ai_name(3), "level": "hard",
              "state": "ai"}]
    return {"type": "lobby", "room": CODE, "host": 0, "started": started, "hand": 1,
            "hands": 16, "totals": [0, 0, 0, 0], "ruleset": "changsha", "fill": "medium",
            "turn_seconds": 600, "claim_seconds": 120, "seats": seats}
