"""An online match kept in the player's library, seen from the player's own seat: the
file names that seat the person at this computer (the other people are people on other
computers), so that its replay and review open at that seat."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from game.engine.match import Match
from game.play.setup import MatchSetup, SeatKind
from game.shell.saves import SaveError, load_save, write_save


@dataclass(frozen=True)
class KeptMatch:
    """A finished match in the library (what the final standings show)."""

    match: Match
    setup: MatchSetup
    save_path: Path


def own_setup(setup: MatchSetup, seat: int) -> MatchSetup:
    """The set-up with `seat` the person here and every other person one elsewhere."""
    seats = tuple(spec if s == seat or spec.kind is not SeatKind.HUMAN
                  else replace(spec, kind=SeatKind.REMOTE)
                  for s, spec in enumerate(setup.seats))
    if seat < len(seats) and seats[seat].kind is SeatKind.REMOTE:
        seats = seats[:seat] + (replace(seats[seat], kind=SeatKind.HUMAN),) + seats[seat + 1:]
    return setup.with_seats(seats)


def mark_own_seat(path: Path, seat: int | None) -> KeptMatch | None:
    """Rewrite the kept match (atomically) with the player's seat marked; the match as
    kept, or None if the file cannot be read back. A file that cannot be rewritten stays
    as the server sent it."""
    try:
        save = load_save(path)
    except SaveError:
        return None
    setup = save.setup if seat is None else own_setup(save.setup, seat)
    if setup != save.setup:
        try:
            write_save(path, save.match, setup, save.timeouts, save.fair)
        except OSError:
            setup = save.setup
    return KeptMatch(save.match, setup, path)
