"""The bot protocol's messages: JSON lines between the game and an outside program.

Everything a bot is sent is built here from what its seat may know (its PlayerView
and the events as that seat sees them), with tiles in the engine's notation; every
reply is read here, strictly. See docs/bot_protocol.md.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game.engine.actions import Action
from game.engine.bloody_score import fan_items
from game.engine.events import Event
from game.engine.mcr_fans import fan_counts
from game.engine.ruleset import Ruleset
from game.engine.scoring import PatternResult
from game.engine.state import RoundState, WinRecord
from game.engine.tiles import format_tiles, tile_name
from game.engine.view import DiscardView, PlayerView

PROTOCOL_VERSION = 1
MAX_REPLY_BYTES = 64 * 1024   # a reply is one short line; anything longer is garbage


class ProtocolError(ValueError):
    """A reply that breaks the protocol; str() says how, in one line."""


def tiles(kinds: Any) -> str:
    """Tile kinds in notation, in the order given ('' for none)."""
    return format_tiles(list(kinds), sort=False) if kinds else ""


Pools = dict[int, tuple[tuple[DiscardView, ...], list[dict[str, Any]]]]


def view_message(view: PlayerView, pools: Pools | None = None) -> dict[str, Any]:
    """A seat's view as JSON: its own concealed tiles, everything public. `pools` (one
    per table, the same for every seat's view) keeps each seat's discards as last
    written, reused while the view holds the very same pool (the engine's views share a
    pool that has not changed)."""
    message = {
        "seat": view.seat, "players": view.players, "ruleset": view.ruleset_id,
        "phase": view.phase, "dealer": view.dealer, "current": view.current,
        "hand": format_tiles(list(view.hand)),
        "drawn": tile_name(view.drawn) if view.drawn is not None else None,
        "hand_sizes": list(view.hand_sizes),
        "melds": [[{"kind": m.kind, "tiles": tiles(m.tiles),
                    "claimed": tile_name(m.claimed) if m.claimed is not None else None,
                    "from": m.from_seat} for m in seat_melds] for seat_melds in view.melds],
        "discards": [_pool_message(s, pool, pools) for s, pool in enumerate(view.discards)],
        "ready": list(view.ready), "auto": list(view.auto), "scores": list(view.scores),
        "wall": view.wall_remaining,
        "claim": None if view.claim_tile is None else {
            "tile": tile_name(view.claim_tile), "from": view.claim_from,
            "kind": view.claim_kind},
        "wildcard": tile_name(view.wildcard) if view.wildcard is not None else None,
    }
    if view.voids:   # 血战到底: each seat's void suit ("m", "p", "s"; null: not yet), winners
        message["voids"] = ["mps"[v] if v >= 0 else None for v in view.voids]
        message["won"] = [tile_name(t) if t >= 0 else None for t in view.won]
        message["won_hands"] = [tiles(h) if t >= 0 else None
                                for t, h in zip(view.won, view.won_hands)]
    if view.flowers:   # 国标: the flowers each seat has set aside, the prevailing wind (0-3)
        message["flowers"] = list(view.flowers)
        message["round_wind"] = view.round_wind
    return message


def _pool_message(seat: int, pool: tuple[DiscardView, ...], pools: Pools | None
                  ) -> list[dict[str, Any]]:
    kept = pools.get(seat) if pools is not None else None
    if kept is not None and kept[0] is pool:
        return kept[1]
    made = [{"tile": tile_name(d.tile), "ready": d.ready, "claimed_by": d.claimed_by}
            for d in pool]
    if pools is not None:
        pools[seat] = (pool, made)
    return made


def hello_message(seat: int, players: int, ruleset_id: str,
                  protocol: int = PROTOCOL_VERSION) -> dict[str, Any]:
    """`protocol`: the version of the protocol the hello opens (the room server's
    network protocol counts its own)."""
    return {"type": "hello", "protocol": protocol, "seat": seat, "players": players,
            "ruleset": ruleset_id}


def decide_message(view: PlayerView, legal: list[Action], deadline_ms: int,
                   number: int = 1) -> dict[str, Any]:
    """A request for one decision; `number` counts the bot's decisions (its "id")."""
    return decide_shown(view_message(view), legal, deadline_ms, number)


def decide_shown(shown: object, legal: list[Action], deadline_ms: int, number: int
                 ) -> dict[str, Any]:
    """decide_message with its view already made (a view_message, or its encoded text in
    a form the sender's encoder writes as it is)."""
    return {"type": "decide", "id": number, "view": shown,
            "legal": [a.to_text() for a in legal], "deadline_ms": deadline_ms}


TILE_FIELDS = frozenset({"tiles", "given", "received"})   # event data written as tiles


def event_message(event: Event) -> dict[str, Any]:
    """One event as the seat saw it (another seat's hidden tiles are already gone)."""
    data = {k: (tiles(v) if k in TILE_FIELDS and isinstance(v, list) else v)
            for k, v in event.data.as_dict().items()}
    return {"type": "event", "kind": event.kind, "seat": event.seat,
            "tile": tile_name(event.tile) if event.tile is not None else None, "data": data}


def wins_message(wins: Sequence[WinRecord], ruleset: Ruleset | None = None
                 ) -> list[dict[str, Any]]:
    """A hand's winners as end_hand lists them (the tile won on, and the seat it came
    from: null for a self-draw); given the `ruleset`, each win's fans item by item too."""
    told: list[dict[str, Any]] = [
        {"seat": w.seat, "how": w.how, "pattern": w.pattern.name, "fan": w.pattern.fan,
         "tile": tile_name(w.tile), "from": w.from_seat} for w in wins]
    if ruleset is not None:
        for message, win in zip(told, wins):
            message["fans"] = win_fans(win.pattern, ruleset)
    return told


def win_fans(pattern: PatternResult, ruleset: Ruleset) -> list[dict[str, Any]]:
    """A win's fans as `end_hand` itemises them: each key (as the pattern registry, or
    the 国标 fan list, names it) with its fan in all and how often the win names it —
    国标: every fan met; 血战到底: each item, 根 its fan in all; otherwise the one pattern
    that scores."""
    items: list[tuple[str, int, int]] = [(pattern.name, pattern.fan, 1)]
    if ruleset.guobiao is not None:
        items = [(key, fan, count) for key, count, fan in fan_counts(pattern.applicable)]
    elif (bloody := fan_items(pattern.applicable, pattern.fan, ruleset)) is not None:
        items = [(key, fan, 1) for key, fan in bloody]
    return [{"key": key, "fan": fan, "count": count} for key, fan, count in items]


def end_message(scores: list[int], wins: list[dict[str, Any]],
                hands: Sequence[Sequence[int]] | None) -> dict[str, Any]:
    """A hand's end: each seat's points, the winners and, the hand being over, every
    seat's concealed tiles (seat by seat, in notation; a winner's by discard without the
    tile it won on, as its own view holds them). None: the hands are not known (a server
    that did not send them), and the message has none."""
    message: dict[str, Any] = {"type": "end_hand", "scores": scores, "wins": wins}
    if hands is not None:
        message["hands"] = [format_tiles(list(hand)) for hand in hands]
    return message


def ended_message(state: RoundState) -> dict[str, Any]:
    """end_message of a finished hand's state."""
    return end_message(list(state.scores), wins_message(state.wins, state.ruleset),
                       [state.hand_of(seat) for seat in range(state.players)])


def encode(message: dict[str, Any]) -> bytes:
    """One message as a JSON line."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def read_object(line: bytes) -> dict[str, Any]:
    """A reply line as a JSON object; ProtocolError for anything else."""
    if len(line) > MAX_REPLY_BYTES:
        raise ProtocolError(f"a reply line longer than {MAX_REPLY_BYTES} bytes")
    try:
        value = json.loads(line.decode("utf-8-sig"))   # a byte-order mark is not read
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError(f"not a JSON line: {line[:60]!r}") from None
    if not isinstance(value, dict):
        raise ProtocolError(f"a reply must be a JSON object, got {type(value).__name__}")
    return value


def is_stale(reply: dict[str, Any], number: int) -> bool:
    """Whether a reply answers an earlier decision: it echoes another decision's id (a
    number, or a number written as a string); an id that is neither is not read."""
    echoed = reply.get("id")
    if isinstance(echoed, str) and echoed.strip().isdigit() and echoed.strip().isascii():
        echoed = int(echoed)
    return isinstance(echoed, int) and not isinstance(echoed, bool) and echoed != number


def read_action(reply: dict[str, Any], legal: list[Action]) -> Action:
    """The action a reply names: one of the legal actions' texts (spaces around and
    between its words do not matter)."""
    text = reply.get("action")
    if not isinstance(text, str):
        raise ProtocolError("the reply has no \"action\" string")
    by_text = {a.to_text(): a for a in legal}
    action = by_text.get(" ".join(text.split()))
    if action is None:
        raise ProtocolError(f"{text[:60]!r} is not one of the legal actions")
    return action
