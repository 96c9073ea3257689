"""One registry of AI levels: a level registered at run time is listed, played and
reported by its own name; a level a file names but this build lacks stays as it is."""
from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

from ai import arena
from ai.easy import EasyAgent
from ai.levels import LEVELS, Level, level_names, register
from game.history.review import review_seat
from game.history.stats import compute, load_finished, match_files
from game.history.timeline import Timeline, seat_levels
from game.scenes.new_match import available_levels
from game.shell.saves import load_save


def test_a_level_registered_at_run_time_is_known_by_its_own_name(tmp_path: Path) -> None:
    register(Level("cautious", EasyAgent, 0))
    try:
        assert level_names()[-1] == "cautious" and available_levels()[0] == "cautious"
        table = arena.seatings("duplicate", ["cautious", "medium", "medium", "medium"])
        totals = arena.run(1, 3, table, records=tmp_path)
        out = io.StringIO()
        with redirect_stdout(out):
            arena.report(totals, 1, 3, ["cautious", "medium", "medium", "medium"], "dazhong",
                         as_json=True)
        assert set(json.loads(out.getvalue())["levels"]) == {"cautious", "medium"}
    finally:
        del LEVELS["cautious"]
    # the records outlive the level: statistics and review still name it, as it is
    saves, problems = load_finished(match_files(tmp_path))
    assert not problems and len(saves) == 4
    assert set(compute(saves, "level")) == {"cautious", "medium"}
    first = load_save(min(tmp_path.glob("*.json")))
    levels = seat_levels(first.setup, 4)
    assert levels == ["cautious", "medium", "medium", "medium"]
    assert review_seat(Timeline(first.match), 0, levels[0]).level == "cautious"
