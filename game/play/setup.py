"""A match's set-up, typed: who sits where (a person, an AI level, a program, a person on
another computer), the ruleset, the number of hands, delays, debug and scenario.

`SeatSpec.parse` is the only reader of a seat's text ("human", "hard", "bot:COMMAND",
"remote"); `MatchSetup.read` / `MatchSetup.to_dict` are the only reader and writer of a
set-up in a file. Every set-up the game ever wrote reads back: a seat's kind under
"kind" (or "level", as arena records write it); keys it does not know are passed over.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from game.engine.vocab import Word
from game.play.names import YOU, ai_name, old_default

BOT_PREFIX = "bot:"
MAX_TEXT = 64          # a seat's kind or name in a file
MAX_PROGRAM = 4096     # a program's command line


class SetupError(ValueError):
    """A set-up (or seat text) that cannot be used; str() is one line."""


class SeatKind(Word):
    """What kind of player sits at a seat."""

    HUMAN = "human"        # a person at this computer
    AI = "ai"              # an AI level
    PROGRAM = "program"    # an outside program speaking the bot protocol
    REMOTE = "remote"      # a person on another computer


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat, and the name shown for it.

    level: the AI level's name (AI seats; a name this build does not know is kept as it
    is); program: the command line (PROGRAM seats); name: the name a person or program
    chose, shown as it is; name_id: else the id of a name the game gives (game.play.names),
    which each page puts into the current language."""

    kind: SeatKind
    level: str = ""
    program: str = ""
    name: str = ""
    name_id: str = ""

    @classmethod
    def parse(cls, text: str, name: str = "", name_id: str = "") -> SeatSpec:
        """A seat from its text: "human", "remote", "bot:COMMAND" or an AI level's name."""
        text = text.strip()
        if text == SeatKind.HUMAN.value:
            return cls(SeatKind.HUMAN, name=name, name_id=name_id)
        if text == SeatKind.REMOTE.value:
            return cls(SeatKind.REMOTE, name=name, name_id=name_id)
        if text.startswith(BOT_PREFIX):
            command = text[len(BOT_PREFIX):].strip()
            if not command:
                raise SetupError("'bot:' needs a command")
            return cls(SeatKind.PROGRAM, program=command, name=name, name_id=name_id)
        if not text or not text.isprintable():
            raise SetupError(f"{text!r} is not a seat (human, an AI level or bot:COMMAND)")
        return cls(SeatKind.AI, level=text, name=name, name_id=name_id)

    @classmethod
    def you(cls, name: str) -> SeatSpec:
        """The seat of the person at this computer: under the name they chose, else under
        the id YOU (你 / You in the current language)."""
        return cls(SeatKind.HUMAN, name=name, name_id="" if name else YOU)

    @property
    def text(self) -> str:
        """The seat as text (what parse reads back)."""
        if self.kind is SeatKind.AI:
            return self.level
        if self.kind is SeatKind.PROGRAM:
            return BOT_PREFIX + self.program
        return self.kind.value

    @property
    def tag(self) -> str:
        """The seat's kind in one word: "human", "remote", "bot" or the level's name."""
        return "bot" if self.kind is SeatKind.PROGRAM else self.text

    @property
    def is_person(self) -> bool:
        return self.kind in (SeatKind.HUMAN, SeatKind.REMOTE)

    def named(self, name: str) -> SeatSpec:
        """The seat under a name someone chose (no longer one the game gives)."""
        return replace(self, name=name, name_id="")

    def to_dict(self) -> dict[str, str]:
        """The seat as a file writes it: "name_id" always, even empty, so that a chosen
        name is never read as an older version's default name in words."""
        return {"kind": self.text, "name": self.name, "name_id": self.name_id}

    @classmethod
    def read(cls, data: object, seat: int) -> SeatSpec:
        """A seat from a file: {"kind": TEXT, "name": NAME, "name_id": ID} ("level" for
        "kind" in arena records, whose programs are named by their command). A file from
        before "name_id" wrote the game's names in words: a person's or AI's name that is
        one of those ("你", "老西", "Player 2") is read as its id."""
        if not isinstance(data, dict):
            raise SetupError(f"seat {seat + 1} is not an object")
        kind, name = data.get("kind", data.get("level")), data.get("name", "")
        name_id = data.get("name_id")
        if not isinstance(kind, str) or not isinstance(name, str) \
                or not isinstance(name_id, (str, type(None))):
            raise SetupError(f"seat {seat + 1} has no kind and name")
        if len(name) > 4 * MAX_TEXT or len(name_id or "") > MAX_TEXT \
                or (len(kind) > MAX_TEXT and not kind.startswith(BOT_PREFIX)):
            raise SetupError(f"seat {seat + 1}'s kind or name is too long")
        if "kind" not in data and kind == "bot":    # an arena record: the name is the command
            return cls(SeatKind.PROGRAM, program=name[:MAX_PROGRAM], name=name)
        try:
            spec = cls.parse(kind[:MAX_PROGRAM], name, name_id or "")
        except SetupError as exc:
            raise SetupError(f"seat {seat + 1}: {exc}") from None
        old = old_default(name, seat) if name_id is None else ""
        return replace(spec, name="", name_id=old) \
            if old and spec.kind in (SeatKind.HUMAN, SeatKind.AI) else spec


@dataclass(frozen=True)
class Scenario:
    """A first hand dealt from fixed tiles (hotseat debugging, lessons)."""

    hands: tuple[str, ...]
    ruleset: str = "dazhong"
    dealer: int = 0
    draws: str = ""
    replacements: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "dealer": self.dealer, "hands": list(self.hands),
                "draws": self.draws, "replacements": self.replacements}

    @classmethod
    def read(cls, data: object) -> Scenario:
        if not isinstance(data, dict) or not isinstance(data.get("hands"), list) \
                or not all(isinstance(h, str) for h in data["hands"]):
            raise SetupError("the scenario needs a list of hands")
        dealer = data.get("dealer", 0)
        texts = [data.get(k, d) for k, d in (("ruleset", "dazhong"), ("draws", ""),
                                             ("replacements", ""))]
        if type(dealer) is not int or not all(isinstance(t, str) for t in texts):
            raise SetupError("the scenario's dealer, ruleset, draws or replacements are wrong")
        return cls(tuple(data["hands"]), texts[0], dealer, texts[1], texts[2])


_RANGES = {"thinking_delay": (0.0, 10.0), "claim_countdown": (0.0, 600.0)}


@dataclass(frozen=True)
class MatchSetup:
    """Everything about a match that is not its actions."""

    ruleset: str = "dazhong"
    seed: int = 0
    length: int = 1
    seats: tuple[SeatSpec, ...] = ()
    debug: bool = False
    show_all_hands: bool = True
    thinking_delay: float | None = None     # None: the player's setting
    claim_countdown: float | None = None
    scenario: Scenario | None = None
    source: str = "game"                    # game, arena, record, online, …
    replay: str | None = None               # the file a branched match was played from
    started: str | None = None

    def with_seats(self, seats: tuple[SeatSpec, ...]) -> MatchSetup:
        return replace(self, seats=seats)

    def seat(self, index: int) -> SeatSpec:
        """A seat's spec (a seat the set-up does not list: a person for the first, else
        an AI level of the middle strength — only very old files lack seats)."""
        if index < len(self.seats):
            return self.seats[index]
        return SeatSpec(SeatKind.HUMAN, name_id=YOU) if index == 0 else \
            SeatSpec(SeatKind.AI, level="medium", name_id=ai_name(index))

    def to_dict(self) -> dict[str, Any]:
        """The set-up as a file writes it."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "seed": self.seed,
                               "length": self.length,
                               "seats": [s.to_dict() for s in self.seats],
                               "debug": self.debug, "show_all_hands": self.show_all_hands,
                               "source": self.source}
        for key in ("thinking_delay", "claim_countdown", "replay", "started"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.scenario is not None:
            out["scenario"] = self.scenario.to_dict()
        return out

    @classmethod
    def read(cls, data: object, defaults: MatchSetup | None = None) -> MatchSetup:
        """A set-up from a file; SetupError names the first wrong field. Fields the file
        lacks come from `defaults` (the match record's ruleset, seed and length)."""
        if not isinstance(data, dict):
            raise SetupError("the set-up is not an object")
        base = defaults or cls()
        seats = data.get("seats", [])
        if not isinstance(seats, list) or len(seats) > 4:
            raise SetupError("the seats are not a list of at most four")
        return cls(
            ruleset=_typed(data, "ruleset", str, base.ruleset),
            seed=_typed(data, "seed", int, base.seed),
            length=_typed(data, "length", int, base.length),
            seats=tuple(SeatSpec.read(s, i) for i, s in enumerate(seats)),
            debug=_typed(data, "debug", bool, False),
            show_all_hands=_typed(data, "show_all_hands", bool, True),
            thinking_delay=_number(data, "thinking_delay"),
            claim_countdown=_number(data, "claim_countdown"),
            scenario=Scenario.read(data["scenario"]) if "scenario" in data else None,
            source=_typed(data, "source", str, base.source),
            replay=_typed(data, "replay", str, None),
            started=_typed(data, "started", str, None))


def _typed(data: dict[str, Any], key: str, kind: type, default: Any) -> Any:
    """data[key] if it is of `kind` (a bool is no int), `default` if absent."""
    if key not in data:
        return default
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise SetupError(f"the set-up has a wrong '{key}'")
    return value


def _number(data: dict[str, Any], key: str) -> float | None:
    """A number within its range, or None if absent."""
    if key not in data:
        return None
    value = data[key]
    low, high = _RANGES[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value):
        raise SetupError(f"the set-up has a wrong '{key}'")
    if not low <= value <= high:
        raise SetupError(f"the set-up has '{key}' out of range")
    return float(value)
