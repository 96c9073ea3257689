"""The new-match form's choices when a match last started from it (kept in the settings
file, one per form: "match" and "hotseat"; the ruleset, delay and countdown are
settings of their own), and the Online page's when its player last hosted a room
("online": the seats, hands, fill level, time limits and ruleset)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEATS = 4
MAX_TEXT = 4096        # a program's command line or a scenario file's path


@dataclass(frozen=True)
class LastSetup:
    """kinds: each seat's kind as the form names it ("human", "bot" or a level);
    programs: each seat's program command ("" for none); length: 0 for the ruleset's
    default; seed and scenario: the hotseat form's texts; ruleset, fill, turn_seconds and
    claim_seconds: a hosted room's ("" or 0: the page's default)."""

    kinds: tuple[str, ...] = ()
    programs: tuple[str, ...] = ()
    length: int = 0
    seed: str = ""
    show_all: bool = True
    scenario: str = ""
    ruleset: str = ""
    fill: str = ""
    turn_seconds: int = 0
    claim_seconds: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"kinds": list(self.kinds), "programs": list(self.programs),
                "length": self.length, "seed": self.seed, "show_all": self.show_all,
                "scenario": self.scenario, "ruleset": self.ruleset, "fill": self.fill,
                "turn_seconds": self.turn_seconds, "claim_seconds": self.claim_seconds}

    @classmethod
    def read(cls, data: object) -> LastSetup:
        """Choices from the settings file; a wrong field gives its default."""
        if not isinstance(data, dict):
            return cls()

        def texts(key: str) -> tuple[str, ...]:
            value = data.get(key)
            if isinstance(value, list) and len(value) <= SEATS \
                    and all(isinstance(v, str) and len(v) <= MAX_TEXT for v in value):
                return tuple(value)
            return ()

        def text(key: str) -> str:
            value = data.get(key)
            return value if isinstance(value, str) and len(value) <= MAX_TEXT else ""
        def number(key: str, high: int) -> int:
            value = data.get(key)
            return value if type(value) is int and 0 <= value <= high else 0
        show_all = data.get("show_all")
        return cls(texts("kinds"), texts("programs"), number("length", 1000),
                   text("seed"), show_all if isinstance(show_all, bool) else True,
                   text("scenario"), text("ruleset"), text("fill"),
                   number("turn_seconds", 600), number("claim_seconds", 600))


def read_all(data: object) -> dict[str, LastSetup]:
    """Each form's last choices from the settings file's "last_setups"."""
    if not isinstance(data, dict):
        return {}
    return {form: LastSetup.read(value) for form, value in data.items()
            if form in ("match", "hotseat", "online")}
