"""Reading what a server sends, trusting none of it.

Every frame goes through game.files' JSON limits and a check of its type's fields; a
seat's view is rebuilt as a PlayerView field by field (tiles in notation, seats in
range, counts within the ruleset), a legal list as actions of the client's own seat.
Anything else is a ServerError: one line, for the player or the program's log.
"""
from __future__ import annotations

import functools
import typing
from dataclasses import dataclass, field, fields
from typing import Any

from game.engine.actions import Action, ActionKind, ActionSyntaxError
from game.engine.events import DATA_OF, Event, EventData, EventKind, WinKind
from game.engine.gb_rules import FLOWER_KINDS
from game.engine.ruleset import Ruleset, RulesetError
from game.engine.state import Phase
from game.engine.tiles import NotationError, parse_tile, parse_tiles
from game.engine.view import DiscardView, MeldView, PlayerView
from game.files import DataError, parse_json
from game.net.wire import CODE_ALPHABET, CODE_LENGTH, MAX_FRAME, MAX_NAME
from game.rulesets import load_ruleset
from game.shell.i18n import Words

MAX_LEGAL = 200
WATCHER = -1        # the seat of a watcher's view
MAX_SEATS = 4
SERVER_TYPES = ("joined", "lobby", "error", "hello", "decide", "event", "end_hand", "bye",
                "state", "record", "rematch", "fair", "said", "rooms")
BODIES = {"state": "view", "record": "match", "rooms": "rooms"}   # a message's main field


class ServerError(ValueError):
    """A server message that cannot be used (or a server that cannot be reached): one
    line, `words` in the player's language, str() in English."""

    def __init__(self, key: str, **fields: object) -> None:
        self.words = Words(key, **fields)
        super().__init__(str(self.words))


def read_message(frame: str | bytes) -> dict[str, Any]:
    """A frame from the server as a JSON object of a known type, its fields checked
    (decide and state views are read by read_view, records by the match-file reader)."""
    if not isinstance(frame, str):
        raise ServerError("net.binary_frame")
    if len(frame) > MAX_FRAME:
        raise ServerError("net.huge_frame", limit=MAX_FRAME)
    try:
        message = parse_json(frame, "the server's message", max_depth=12)
    except DataError as exc:
        raise ServerError("net.unreadable", detail=str(exc)) from None
    if not isinstance(message, dict) or message.get("type") not in SERVER_TYPES:
        raise ServerError("net.unknown_type")
    kind = message["type"]
    if kind in ("joined", "rematch"):
        code = message.get("room")
        if not (isinstance(code, str) and len(code) == CODE_LENGTH
                and all(c in CODE_ALPHABET for c in code)):
            raise ServerError("net.bad_code")
    if kind == "joined":
        seat, token = message.get("seat"), message.get("token")
        _seat(seat, MAX_SEATS)
        if not (isinstance(token, str) and 16 <= len(token) <= 128 and token.isascii()
                and token.isprintable()):
            raise ServerError("net.bad_token")
    elif kind == "error":
        text = message.get("message")
        if not isinstance(text, str):
            raise ServerError("net.bare_error")
        message["message"] = printable(text, 200)
        code = message.get("code")
        message["code"] = printable(code, 32) if isinstance(code, str) else None
    elif kind == "decide":
        if type(message.get("id")) is not int or type(message.get("deadline_ms")) is not int \
                or not isinstance(message.get("legal"), list) \
                or not isinstance(message.get("view"), dict):
            raise ServerError("net.bad_decide")
    elif kind == "lobby":
        seats = message.get("seats")
        if not isinstance(seats, list) or len(seats) > MAX_SEATS or \
                not all(isinstance(s, dict) for s in seats):
            raise ServerError("net.bad_lobby")
        for s in seats:
            s["name"] = printable(s["name"], MAX_NAME) if isinstance(s.get("name"), str) else None
            s["state"] = printable(s["state"], 24) if isinstance(s.get("state"), str) else ""
    elif kind == "said":
        _seat(message.get("seat"), MAX_SEATS)
        if not isinstance(message.get("phrase"), str):
            raise ServerError("net.empty_message", kind=kind)
    elif kind in BODIES and not isinstance(message.get(BODIES[kind]),
                                           list if kind == "rooms" else dict):
        raise ServerError("net.empty_message", kind=kind)
    return message


def printable(text: str, limit: int) -> str:
    """Text from a server as it may be shown: printable characters, cut to `limit`."""
    return "".join(c for c in text if c.isprintable())[:limit]


def _seat(value: Any, players: int, none: bool = False) -> int | None:
    if value is None and none:
        return None
    if type(value) is not int or not 0 <= value < players:
        raise ServerError("net.bad_seat", seat=repr(str(value)[:8]))
    return int(value)


def _tiles(value: Any, limit: int = 18) -> tuple[int, ...]:
    if not isinstance(value, str) or len(value) > 4 * limit:
        raise ServerError("net.tiles_not_text")
    try:
        tiles = parse_tiles(value)
    except NotationError as exc:
        raise ServerError("net.bad_tiles", detail=str(exc)) from None
    if len(tiles) > limit:
        raise ServerError("net.too_many_tiles")
    return tuple(tiles)


def read_hands(message: dict[str, Any], players: int) -> tuple[tuple[int, ...], ...] | None:
    """The `hands` of an end_hand (or of a finished hand's state): every seat's concealed
    tiles at the end, sorted; None when the server sent none."""
    hands = message.get("hands")
    if hands is None:
        return None
    if not isinstance(hands, list) or len(hands) != players:
        raise ServerError("net.bad_end_hand")
    return tuple(tuple(sorted(_tiles(hand))) for hand in hands)


def read_wins(message: dict[str, Any], players: int) -> tuple[Event, ...]:
    """An end_hand's winners as the win events they were (who, how, the tile, from whom,
    pattern and fan); () from a server that does not name the tiles."""
    wins = message.get("wins")
    if not isinstance(wins, list) or len(wins) > players \
            or not all(isinstance(w, dict) for w in wins):
        raise ServerError("net.bad_end_hand")
    if not all("tile" in w for w in wins):
        return ()
    return tuple(read_seen_event({"kind": EventKind.WIN, "seat": w.get("seat"), "tile": w["tile"],
                                  "data": w}, players) for w in wins)


def _tile(value: Any, none: bool = True) -> int | None:
    if value is None and none:
        return None
    if not isinstance(value, str) or len(value) > 4:
        raise ServerError("net.tile_not_text")
    try:
        return parse_tile(value)
    except NotationError as exc:
        raise ServerError("net.bad_tile", detail=str(exc)) from None


def _list(value: Any, length: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise ServerError("net.view_per_seat", what=what)
    return value


def read_view(view: Any) -> PlayerView:
    """A seat's view from the server as a PlayerView; ServerError if any field is wrong."""
    if not isinstance(view, dict):
        raise ServerError("net.view_not_object")
    try:
        ruleset = _ruleset(str(view.get("ruleset")))
    except RulesetError:
        raise ServerError("net.view_ruleset") from None
    n = ruleset.players
    if view.get("players") != n or view.get("phase") not in [p.value for p in Phase]:
        raise ServerError("net.view_misfit")
    ints = [_list(view.get(k), n, k) for k in ("hand_sizes", "scores")]
    if not all(type(x) is int and abs(x) < 10**6 for row in ints for x in row):
        raise ServerError("net.view_numbers")
    flags = [_list(view.get(k), n, k) for k in ("ready", "auto")]
    if not all(isinstance(x, bool) for row in flags for x in row):
        raise ServerError("net.view_flags")
    melds = tuple(tuple(_meld(m, n) for m in _list_of(seat_melds, 8))
                  for seat_melds in _list(view.get("melds"), n, "melds"))
    discards = tuple(tuple(_discard(d, n) for d in _list_of(pool, 40))
                     for pool in _list(view.get("discards"), n, "discards"))
    claim = view.get("claim")
    if claim is not None and not isinstance(claim, dict):
        raise ServerError("net.view_claim")
    wall = view.get("wall")
    if type(wall) is not int or not 0 <= wall <= ruleset.wall_size:
        raise ServerError("net.view_wall")
    kind = claim.get("kind") if claim else None
    voids, won, laid = _bloody(view, n)
    flowers, round_wind = _winds(view, ruleset)
    return PlayerView(
        seat=WATCHER if view.get("seat") == WATCHER else int(_seat(view.get("seat"), n) or 0),
        players=n, ruleset_id=ruleset.id,
        phase=_phase(view.get("phase")), dealer=int(_seat(view.get("dealer"), n) or 0),
        current=int(_seat(view.get("current"), n) or 0), hand=_tiles(view.get("hand")),
        drawn=_tile(view.get("drawn")), hand_sizes=tuple(ints[0]), melds=melds,
        discards=discards, ready=tuple(flags[0]), auto=tuple(flags[1]), wall_remaining=wall,
        scores=tuple(ints[1]), claim_tile=_tile(claim.get("tile"), False) if claim else None,
        claim_from=_seat(claim.get("from"), n) if claim else None,
        claim_kind=kind if isinstance(kind, str) and len(kind) <= 16 else None,
        wildcard=_tile(view.get("wildcard")), copies=ruleset.copies,
        tile_kinds=ruleset.tile_kinds, voids=voids, won=won, won_hands=laid,
        flowers=flowers, round_wind=round_wind)


def _bloody(view: dict[str, Any], players: int
            ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """血战到底's void suits (0 m, 1 p, 2 s) and winning tiles, -1 for none yet, and the
    winners' hands laid down (none where a server does not tell them); empty for the
    rulesets without them."""
    if "voids" not in view:
        return (), (), ()
    voids = _list(view.get("voids"), players, "voids")
    if not all(v is None or v in ("m", "p", "s") for v in voids):
        raise ServerError("net.view_misfit")
    won = [_tile(w) for w in _list(view.get("won"), players, "won")]
    laid = view.get("won_hands", [None] * players)
    return (tuple(-1 if v is None else "mps".index(v) for v in voids),
            tuple(-1 if t is None else t for t in won),
            tuple(_tiles(h) if h is not None else () for h in _list(laid, players, "won_hands")))


def _winds(view: dict[str, Any], ruleset: Ruleset) -> tuple[tuple[int, ...], int]:
    """国标's flowers each seat has set aside and the prevailing wind (0-3, east to
    north); (), -1 for the rulesets without them."""
    gb = ruleset.guobiao
    if gb is None:
        return (), -1
    flowers = _list(view.get("flowers"), ruleset.players, "flowers")
    wind = view.get("round_wind")
    if not all(type(f) is int and 0 <= f <= gb.flowers for f in flowers) \
            or sum(flowers) > gb.flowers or type(wind) is not int or not 0 <= wind < 4:
        raise ServerError("net.view_misfit")
    return tuple(flowers), wind


@functools.lru_cache(maxsize=8)
def _ruleset(ruleset_id: str) -> Ruleset:
    """A shipped ruleset, read once (RulesetError, not kept, for any other id)."""
    return load_ruleset(ruleset_id)


def _list_of(value: Any, limit: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise ServerError("net.view_list")
    return value


def _meld(meld: Any, players: int) -> MeldView:
    if not isinstance(meld, dict) or not isinstance(meld.get("kind"), str) \
            or len(meld["kind"]) > 16:
        raise ServerError("net.view_meld")
    return MeldView(meld["kind"], _tiles(meld.get("tiles"), 4), _tile(meld.get("claimed")),
                    _seat(meld.get("from"), players, none=True))


def _discard(discard: Any, players: int) -> DiscardView:
    if not isinstance(discard, dict) or not isinstance(discard.get("ready"), bool):
        raise ServerError("net.view_discard")
    tile = _tile(discard.get("tile"), False)
    assert tile is not None
    return DiscardView(tile, discard["ready"], _seat(discard.get("claimed_by"), players, True))


def read_legal(legal: Any, seat: int) -> list[Action]:
    """A decide's legal list as actions of `seat`: none for another seat, no repeats."""
    if not isinstance(legal, list) or not 0 < len(legal) <= MAX_LEGAL:
        raise ServerError("net.legal_list")
    actions: list[Action] = []
    for text in legal:
        if not isinstance(text, str) or len(text) > 64:
            raise ServerError("net.legal_not_text")
        try:
            action = Action.from_text(text)
        except ActionSyntaxError as exc:
            raise ServerError("net.legal_unreadable", detail=str(exc)) from None
        if action.seat != seat or action.problem() is not None or action in actions:
            raise ServerError("net.legal_impossible", action=repr(text[:40]))
        actions.append(action)
    return actions


@dataclass(frozen=True, slots=True)
class ForwardedData(EventData):
    """An event's data as the server sent it (a checked JSON object), passed on to a
    program as it came: the join command reads none of it."""

    raw: dict[str, Any] = field(hash=False)

    def as_dict(self) -> dict[str, object]:
        return dict(self.raw)


def _phase(value: object) -> Phase:
    try:
        return Phase(value)
    except ValueError:
        raise ServerError("net.view_phase") from None


def read_event(message: dict[str, Any], players: int) -> Event:
    """An event message as the engine's Event (what a bot is passed on)."""
    try:
        kind = EventKind(message.get("kind"))
    except ValueError:
        raise ServerError("net.event_kind") from None
    data = message.get("data", {})
    if not isinstance(data, dict):
        raise ServerError("net.event_data")
    seat = message.get("seat")
    if type(seat) is not int or not -1 <= seat < players:
        raise ServerError("net.event_seat")
    return Event(kind, seat, _tile(message.get("tile")), ForwardedData(data))


def read_seen_event(message: dict[str, Any], players: int) -> Event:
    """An event message as the engine's Event with its typed data, each field checked
    (what a table draws and logs)."""
    base = read_event(message, players)
    kind_of_data = DATA_OF.get(base.kind, EventData)
    if kind_of_data is EventData:
        return Event(base.kind, base.seat, base.tile)
    raw = message.get("data", {})
    hints = _DATA_HINTS[base.kind]
    values = {f.name: _data_field(raw.get(f.metadata.get("key", f.name)), hints[f.name],
                                  f.name, players)
              for f in fields(kind_of_data)}
    return Event(base.kind, base.seat, base.tile, kind_of_data(**values))


_DATA_HINTS = {kind: typing.get_type_hints(data) for kind, data in DATA_OF.items()}


def _data_field(value: Any, hint: Any, name: str, players: int) -> Any:
    """One field of an event's data, as its type says (a seat's number in range)."""
    optional = type(None) in typing.get_args(hint)
    if value is None and optional:
        return None
    kind = next((a for a in typing.get_args(hint) if a is not type(None)), hint) \
        if optional else hint
    if name in ("from_seat", "payer"):
        return _seat(value, players)
    if kind is bool or kind is int:
        if type(value) is not kind or (name == "flower" and not 0 <= value < FLOWER_KINDS):
            raise ServerError("net.event_field", field=name)
        return value
    if kind in (ActionKind, WinKind):
        try:
            return kind(value)
        except ValueError:
            raise ServerError("net.event_field", field=name) from None
    if kind is str:
        if not isinstance(value, str):
            raise ServerError("net.event_text", field=name)
        return printable(value, 60)
    return _tiles(value)
