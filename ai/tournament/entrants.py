"""Who plays a tournament: its entrants (a level or an outside program, each with a
name) and the unrated Medium that fills a table's empty places."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.levels import parse_spec
from game.play.setup import SetupError

FILL_NAME = "fill"          # the unrated Medium in a table's empty places
FILL_SPEC = "medium"


@dataclass(frozen=True)
class Entrant:
    """One entrant: the name it is listed by and the seat spec it plays as (a level, or
    "bot:COMMAND")."""

    name: str
    spec: str
    rated: bool = True


FILL = Entrant(FILL_NAME, FILL_SPEC, rated=False)


def parse_entrant(text: str) -> Entrant:
    """An entrant from "SPEC" (named by the spec: its level) or "NAME=SPEC"; SetupError
    (one line) if it cannot be seated. A "=" inside a command (after "bot:") is not a
    name's end."""
    name, sep, spec = text.partition("=")
    if not sep or ":" in name or not name.strip() or " " in name.strip():
        name, spec = text, text
    name, spec = name.strip(), spec.strip()
    parse_spec(spec)
    if name == FILL_NAME:
        raise SetupError(f"the name '{FILL_NAME}' is the unrated Medium's: name the entrant "
                         "otherwise (NAME=SPEC)")
    return Entrant(name, spec)


def parse_entrants(texts: Sequence[str]) -> list[Entrant]:
    """The entrants of a tournament, at least two, with distinct names."""
    entrants = [parse_entrant(t) for t in texts]
    if len(entrants) < 2:
        raise SetupError("a tournament needs at least 2 entrants "
                         "(the empty places of a table are filled by an unrated Medium)")
    seen: set[str] = set()
    for e in entrants:
        if e.name in seen:
            raise SetupError(f"two entrants are named '{e.name}': name one of them "
                             f"NAME=SPEC (for example {e.name}2={e.spec})")
        seen.add(e.name)
    return entrants
