"""Whole matches played by AI levels alone (sample matches for pages and tests)."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game import paths
from game.engine.match import Match
from game.engine.wall import derive_seed
from game.play.driver import Driver, run_match
from game.play.names import ai_name
from game.play.setup import MatchSetup, SeatSpec
from game.rulesets import load_ruleset
from game.shell import saves


def play_match(levels: Sequence[str], seed: int, length: int = 1,
               ruleset_id: str = "dazhong") -> Match:
    """A finished match of `length` hands, seat s played by the AI level levels[s]."""
    from ai.levels import make_agent
    from ai.seats import AgentSeat

    match = Match(load_ruleset(ruleset_id), seed, length)
    run_match(match, [AgentSeat(make_agent(level, derive_seed(seed, 100 + s)))
                      for s, level in enumerate(levels)], strict=True)
    return match


SAMPLE_FILE = "sample-match.json"


def sample_match_file() -> Path:
    """A small finished match (one hand, AI levels, one long name) in the data folder,
    written once: the sample the layout self-check opens the viewer and review on."""
    path = paths.data_dir() / SAMPLE_FILE
    if not path.exists():
        levels = ("hard", "easy", "medium", "hard")
        paths.ensure_data_dir()
        match = play_match(levels, 5, 1)
        seats = tuple(SeatSpec.parse(k, "Bartholomew Longname-Smythe" if s == 1 else "",
                                     ai_name(s)) for s, k in enumerate(levels))
        saves.write_save(path, match, MatchSetup(match.ruleset.id, 5, 1, seats))
    return path


TIMEOUT_FILE = "sample-timeouts.json"
TIMEOUT_SEAT = 3


def sample_timeout_file() -> Path:
    """The sample match again, with the last seat's first two passes of a claim marked
    as taken by the clock (the review page's sample of time-outs); written once."""
    from game.engine import actions as A
    from game.history.review import decision_points
    from game.history.timeline import Timeline
    path = paths.data_dir() / TIMEOUT_FILE
    if not path.exists():
        save = saves.load_save(sample_match_file())
        timeline = Timeline(save.match)
        passes = [(h, i) for h, i in decision_points(timeline, TIMEOUT_SEAT)
                  if timeline.hands[h].steps[i].action.kind == A.PASS]
        saves.write_save(path, save.match, save.setup, passes[:2])
    return path


def sample_library(matches: int = 6) -> None:
    """A few finished matches in the library (a human seat played by Medium), written
    once: what the layout self-check shows the statistics page."""
    from game.shell.library import library_dir, new_match_path
    folder = library_dir()
    if folder.is_dir() and any(folder.glob("sample-*.json")):
        return
    opponents = ("easy", "medium", "hard")
    for n in range(matches):
        levels = ("medium", *(opponents[(n + i) % 3] for i in range(3)))
        match = play_match(levels, 40 + n, 1)
        seats = (SeatSpec.you(""), *(SeatSpec.parse(k, name_id=ai_name(s + 1))
                                     for s, k in enumerate(levels[1:])))
        saves.write_save(new_match_path("sample"), match,
                         MatchSetup(match.ruleset.id, 40 + n, 1, seats))


def sample_unfinished_match() -> None:
    """An unfinished match in the library, stopped after the first payment of its second
    hand, with long names; written once (the Matches page's sample of running totals)."""
    from ai.levels import make_agent
    from ai.seats import AgentSeat
    from game.shell.library import library_dir, new_match_path
    from game.shell.specimens import LONG_NAMES
    folder = library_dir()
    if folder.is_dir() and any(folder.glob("unfinished-*.json")):
        return
    match = Match(load_ruleset("dazhong"), 21, 4)
    driver = Driver(match, [AgentSeat(make_agent("medium", derive_seed(21, 100 + s)))
                            for s in range(4)], strict=True)
    while not (match.hand_number == 1 and any(match.round.scores)):
        if match.round.is_over:
            match.start_next_hand()
        else:
            driver.step()
    kinds = ("human", "easy", "medium", "hard")
    seats = tuple(SeatSpec.parse(k, n) for k, n in zip(kinds, LONG_NAMES))
    saves.write_save(new_match_path("unfinished"), match,
                     MatchSetup(match.ruleset.id, 21, 4, seats))
