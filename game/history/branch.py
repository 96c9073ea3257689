"""Play from here: a new match that starts at a moment of a replay.

The new match is the record's actions replayed into a fresh Match (same ruleset, seed
and walls) up to the chosen position; one seat is taken over by the player, the others
play at chosen levels. It is written as a new file of the match library: the match it
came from is never touched.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.history.timeline import Timeline
from game.play.setup import MatchSetup, SeatKind, SeatSpec
from game.shell import library, saves


def branch_setup(timeline: Timeline, seat: int, levels: Sequence[str],
                 named: Sequence[SeatSpec]) -> MatchSetup:
    """The table set-up of a branch: `seat` human, seat s at levels[s] otherwise, each
    under the name (or name id) of the recorded seat named[s]."""
    if not 0 <= seat < timeline.players:
        raise ValueError(f"seat {seat} is not at this table")
    seats = tuple(SeatSpec.parse(SeatKind.HUMAN.value if s == seat else levels[s],
                                 named[s].name, named[s].name_id)
                  for s in range(timeline.players))
    return MatchSetup(timeline.ruleset.id, timeline.seed, timeline.length, seats,
                      source="branch")


def play_from_here(timeline: Timeline, hand: int, step: int, seat: int,
                   levels: Sequence[str], named: Sequence[SeatSpec]) -> tuple[Path, saves.Save]:
    """Write the branch as a new library file; returns its path and the loaded save."""
    match = timeline.match_at(hand, step)
    setup = branch_setup(timeline, seat, levels, named)
    path = library.new_match_path("branch")
    saves.write_save(path, match, setup)
    return path, saves.Save(match, setup)
