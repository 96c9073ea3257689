"""Action value objects: everything a seat can do, with a text round trip.

Text form: "<seat> <kind> [tile] [tiles] [ready]", e.g. "1 discard 5m ready",
"2 chi 3m 45m", "0 pass", "3 hu 7p", "0 concealed_kong 9s", "1 auto on".
Before the first turn of a ruleset that asks for them: "2 swap 378m" (换三张: three tiles of
one suit passed on) and "0 void p" (定缺: the suit the seat will play without).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .tiles import NUM_KINDS, NotationError, format_tiles, parse_tile, parse_tiles, tile_name
from .vocab import Word


class ActionKind(Word):
    """What an action does; its value is the action's word in the text form."""

    DISCARD = "discard"
    SELF_DRAW = "tsumo"                # 自摸
    CONCEALED_KONG = "concealed_kong"  # 暗杠
    ADDED_KONG = "added_kong"          # 补杠
    HU = "hu"                          # win on a discard or by robbing a kong
    KONG = "kong"                      # 直杠 on a discard
    PENG = "peng"
    CHI = "chi"
    PASS = "pass"
    AUTO = "auto"                      # 托管 on/off: a seat's own switch, allowed at any time
    SWAP = "swap"                      # 换三张: the three tiles of one suit passed on
    VOID = "void"                      # 定缺: the suit given up (tile: its 1, written m/p/s)

    def __repr__(self) -> str:
        return repr(self.value)   # an Action's repr reads as it always did: kind='discard'


DISCARD, SELF_DRAW = ActionKind.DISCARD, ActionKind.SELF_DRAW
CONCEALED_KONG, ADDED_KONG = ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG
HU, KONG, PENG, CHI = ActionKind.HU, ActionKind.KONG, ActionKind.PENG, ActionKind.CHI
PASS, AUTO = ActionKind.PASS, ActionKind.AUTO
SWAP, VOID = ActionKind.SWAP, ActionKind.VOID

TURN_KINDS = (DISCARD, SELF_DRAW, CONCEALED_KONG, ADDED_KONG)
CLAIM_KINDS = (HU, KONG, PENG, CHI, PASS)
SETUP_KINDS = (SWAP, VOID)
KINDS = TURN_KINDS + CLAIM_KINDS + (AUTO,) + SETUP_KINDS
SUIT_LETTERS = "mps"   # a void action's suit, by tile // 9
CLAIM_PRIORITY = {HU: 4, KONG: 3, PENG: 2, CHI: 1, PASS: 0}


class ActionSyntaxError(ValueError):
    """An action string that cannot be read."""


@dataclass(frozen=True, order=True)
class Action:
    """One decision of one seat.

    tile: the tile discarded / claimed / konged; tiles: the two hand tiles of a chi;
    ready: 报听 declared with this discard; on: the 托管 switch for AUTO.
    """

    seat: int
    kind: ActionKind
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    ready: bool = False
    on: bool = False

    def problem(self) -> str | None:
        """None if every field has the right type and range, else what is wrong.

        Actions can come from outside (records, bot programs): a float tile, a tile
        number out of range or a stray field is refused before any rule is asked."""
        if type(self.seat) is not int:
            return f"the seat must be a whole number, not {type(self.seat).__name__}"
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            return f"unknown action kind {self.kind!r}"
        if self.tile is not None and (type(self.tile) is not int
                                      or not 0 <= self.tile < NUM_KINDS):
            return f"tile {self.tile!r} is not a tile number"
        if type(self.tiles) is not tuple or any(
                type(t) is not int or not 0 <= t < NUM_KINDS for t in self.tiles):
            return f"tiles {self.tiles!r} are not tile numbers"
        if type(self.ready) is not bool or type(self.on) is not bool:
            return "'ready' and 'on' must be true or false"
        if self.kind == AUTO and (self.tile is not None or self.tiles or self.ready):
            return "an 'auto' action takes only 'on' or 'off'"
        if self.kind != AUTO and self.on:
            return f"'on' belongs to 'auto' actions, not to '{self.kind}'"
        if self.kind == SWAP and (self.tile is not None or len(self.tiles) != 3 or self.ready):
            return "a 'swap' action names exactly three tiles"
        if self.kind == VOID and (self.tile not in (0, 9, 18) or self.tiles or self.ready):
            return "a 'void' action names one suit: m, p or s"
        return None

    def to_text(self) -> str:
        parts = [str(self.seat), self.kind]
        if self.kind == VOID and self.tile is not None:
            return f"{self.seat} void {SUIT_LETTERS[self.tile // 9]}"
        if self.tile is not None:
            parts.append(tile_name(self.tile))
        if self.tiles:
            parts.append(format_tiles(self.tiles))
        if self.ready:
            parts.append("ready")
        if self.kind == AUTO:
            parts.append("on" if self.on else "off")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_text()

    @staticmethod
    def from_text(text: str) -> Action:
        """Parse the text form; ActionSyntaxError names what is wrong."""
        words = text.split()
        if len(words) < 2 or not (words[0].isascii() and words[0].isdigit()) or len(words[0]) > 2:
            raise ActionSyntaxError(f"cannot read action {text!r}: expected '<seat> <kind> ...'")
        seat, word, rest = int(words[0]), words[1], words[2:]
        if word not in KINDS:
            raise ActionSyntaxError(f"unknown action kind {word!r} in {text!r}")
        kind = ActionKind(word)
        try:
            if kind == AUTO:
                if rest not in (["on"], ["off"]):
                    raise ActionSyntaxError(f"'auto' takes 'on' or 'off' in {text!r}")
                return Action(seat, kind, on=rest == ["on"])
            if kind == VOID:
                if len(rest) != 1 or rest[0] not in ("m", "p", "s"):
                    raise ActionSyntaxError(f"'void' takes a suit m, p or s in {text!r}")
                return Action(seat, kind, 9 * SUIT_LETTERS.index(rest[0]))
            if kind == SWAP:
                if len(rest) != 1:
                    raise ActionSyntaxError(f"'swap' takes its three tiles in {text!r}")
                return Action(seat, kind, tiles=tuple(parse_tiles(rest[0])))
            ready = bool(rest) and rest[-1] == "ready"
            if ready:
                rest = rest[:-1]
            tile = parse_tile(rest[0]) if rest else None
            tiles = tuple(parse_tiles(rest[1])) if len(rest) > 1 else ()
            if len(rest) > 2:
                raise ActionSyntaxError(f"too many words in action {text!r}")
        except NotationError as exc:
            raise ActionSyntaxError(f"bad tile in action {text!r}: {exc}") from None
        return Action(seat, kind, tile, tiles, ready)


@cache
def shared(seat: int, kind: ActionKind, tile: int | None = None, tiles: tuple[int, ...] = (),
           ready: bool = False) -> Action:
    """The one Action object of these fields that the engine offers (built once, then
    reused): cheap to offer, and an offered action taken back is known by identity."""
    return Action(seat, kind, tile, tiles, ready)


@cache
def discard_row(seat: int) -> tuple[Action, ...]:
    """The seat's shared plain discard of each tile kind, indexed by kind."""
    return tuple(shared(seat, DISCARD, k) for k in range(NUM_KINDS))
