"""The tournament: its schedule, entrants, ratings and leaderboard; the same answer
serially, on the pool and resumed after a SIGKILL; records that the game checks; bots'
faults; the progress bar."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

import pytest

from ai.tournament.entrants import parse_entrant, parse_entrants
from ai.tournament.progress import Progress
from ai.tournament.ratings import Skill, player_rating, rank_places, rate
from ai.tournament.schedule import FILLED, schedule, table_sizes
from game.play.setup import SetupError

ROOT = Path(__file__).resolve().parent.parent
SMALL = ["easy", "medium", "e2=easy", "--walls", "2", "--rounds", "2", "--seed", "3"]
ROW_KEYS = {"name", "spec", "hands", "mean_points", "ci95", "rating_mu", "rating_sigma",
            "ordinal", "win_rate", "deal_in_rate", "faults"}
GARBAGE_BOT = f"bot:{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehaving_bot.py'} garbage"


def tournament(*args: str | Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ai.tournament", *map(str, args)], cwd=ROOT,
                          check=False, capture_output=True, text=True, timeout=timeout)


def leaderboard(*args: str | Path) -> dict:
    out = tournament(*args, "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_schedule_seats_everyone_each_round_and_balances_meetings():
    tables = schedule(8, 7, seed=5, players=4)
    met: dict[tuple[int, int], int] = {}
    for r in range(7):
        seated = [e for t in tables if t.round == r for e in t.seats]
        assert sorted(seated) == list(range(8))
        for t in (t for t in tables if t.round == r):
            for pair in combinations(sorted(t.seats), 2):
                met[pair] = met.get(pair, 0) + 1
    counts = [met.get(pair, 0) for pair in combinations(range(8), 2)]
    assert max(counts) - min(counts) <= 2       # 28 pairs, 84 meetings: 3 each on average
    assert tables == schedule(8, 7, seed=5, players=4)


def test_tables_filled_evenly_with_the_unrated_fill():
    assert table_sizes(5, 4) == [3, 2] and table_sizes(8, 4) == [4, 4]
    assert table_sizes(9, 4) == [3, 3, 3] and table_sizes(2, 4) == [2]
    (table,) = schedule(2, 1, seed=1, players=4)
    assert sorted(table.seats) == [FILLED, FILLED, 0, 1]
    assert [s[0] for s in table.seatings()] == list(table.seats)


def test_entrants_named_by_level_or_name():
    assert parse_entrant("hard").name == "hard"
    named = parse_entrant("h2=hard")
    assert (named.name, named.spec) == ("h2", "hard")
    bot = parse_entrant("bot:python3 mybot.py --level=3")
    assert bot.name == bot.spec == "bot:python3 mybot.py --level=3"
    for bad in (["hard"], ["hard", "hard"], ["hard", "nobody"], ["fill=hard", "easy"]):
        with pytest.raises(SetupError):
            parse_entrants(bad)


def test_ranks_tie_and_ratings_move_by_rank():
    assert rank_places([6, -2, -2, -2]) == [1.0, 2.0, 2.0, 2.0]
    assert rank_places([0, 0, 0, 0]) == [1.0] * 4
    fresh = [Skill.fresh()] * 4
    after = rate(fresh, [6, -2, -2, -2])
    assert after[0].mu > fresh[0].mu > after[1].mu == after[2].mu == after[3].mu
    assert all(s.sigma < fresh[0].sigma for s in after)


def test_player_rating_against_fixed_levels():
    levels = {"easy": Skill(15.0, 2.0), "hard": Skill(30.0, 2.0)}
    winning = [(0, ["human", "easy", "easy", "hard"], [8, -4, -4, 0])] * 5
    losing = [(0, ["human", "easy", "easy", "hard"], [-8, 4, 4, 0])] * 5
    up, down = player_rating(winning, levels), player_rating(losing, levels)
    assert up.mu > Skill.fresh().mu > down.mu
    assert player_rating(winning, levels) == up     # recomputed: the same
    assert player_rating([], levels) == Skill.fresh()


def test_progress_bar_only_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True
    shown, hidden, quiet = Terminal(), io.StringIO(), Terminal()
    for stream, on in ((shown, True), (hidden, True), (quiet, False)):
        bar = Progress(16, shown=on, stream=stream)
        bar.add(4)
        bar.close()
    assert "4/16 hands" in shown.getvalue() and "hands/s" in shown.getvalue()
    assert "left" in shown.getvalue()
    assert hidden.getvalue() == "" and quiet.getvalue() == ""


def test_leaderboard_same_serially_and_on_the_pool():
    serial = leaderboard(*SMALL)
    pool = leaderboard(*SMALL, "--workers", "2")
    assert serial == pool
    assert (serial["seed"], serial["walls"], serial["rounds"]) == (3, 2, 2)
    rows = serial["entrants"]
    assert {r["name"] for r in rows} == {"easy", "medium", "e2"}
    assert [r["ordinal"] for r in rows] == sorted((r["ordinal"] for r in rows), reverse=True)
    for r in rows:
        assert set(r) == ROW_KEYS
        assert r["hands"] == 2 * 2 * 4      # every round, every wall, every seating
        assert r["ci95"][0] <= r["mean_points"] <= r["ci95"][1]
        assert r["ordinal"] == pytest.approx(r["rating_mu"] - 3 * r["rating_sigma"])


def test_killed_tournament_resumes_to_the_same_leaderboard(tmp_path):
    args = ["easy", "medium", "e2=easy", "e3=easy", "e4=easy", "--walls", "3",
            "--rounds", "3", "--seed", "4"]
    whole = leaderboard(*args)
    folder = tmp_path / "t"
    proc = subprocess.Popen([sys.executable, "-m", "ai.tournament", *args, "--records",
                             str(folder), "--json"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    results = folder / "results"
    deadline = time.monotonic() + 120
    while not (results.is_dir() and any(results.glob("*.json"))):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    kept = len(list(results.glob("*.json")))
    assert 0 < kept < 3 * 2 * 3          # killed part of the way
    # a hand whose write the kill cut short leaves a temp file: resuming removes it
    (folder / "hands" / ".tmp-cut.json").write_text('{"half', encoding="utf-8")
    assert leaderboard("--resume", folder, "--workers", "2") == whole
    # every hand of the run is a match file the game checks
    hands = sorted((folder / "hands").glob("*.json"))
    assert len(hands) == 3 * 2 * 3 * 4
    check = subprocess.run([sys.executable, "-m", "game", "--check", *map(str, hands)],
                           check=False, cwd=ROOT, capture_output=True, text=True, timeout=120,
                           env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_lost_worker_ends_the_run_in_one_line_and_resume_finishes_it(tmp_path):
    args = ["easy", "medium", "e2=easy", "e3=easy", "e4=easy", "--walls", "4",
            "--rounds", "4", "--seed", "6", "--workers", "2"]
    folder = tmp_path / "t"
    proc = subprocess.Popen([sys.executable, "-m", "ai.tournament", *args, "--records",
                             str(folder), "--json"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    results = folder / "results"
    deadline = time.monotonic() + 120
    while not (results.is_dir() and any(results.glob("*.json"))):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    workers = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    os.kill(int(workers[0]), signal.SIGKILL)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 2 and err.count("\n") == 1
    assert f"--resume {folder}" in err
    assert leaderboard("--resume", folder) == leaderboard(*args)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_ends_the_pool_and_its_bots_at_once(tmp_path):
    bot = tmp_path / "marked_bot.py"      # a copy: its path marks its processes
    bot.write_text((ROOT / "examples" / "bots" / "simple_bot.py").read_text())
    folder = tmp_path / "t"
    # minutes of play: ending before its end shows the pool did not play on
    proc = subprocess.Popen([sys.executable, "-m", "ai.tournament", "hard", "h2=hard",
                             f"b=bot:{sys.executable} {bot}", "--walls", "40", "--rounds",
                             "8", "--workers", "2", "--records", str(folder), "--json"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not any((folder / "results").glob("*.json")):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    proc.terminate()
    try:
        assert proc.wait(timeout=60) == 143
    finally:
        proc.kill()
    time.sleep(0.5)
    assert len(list((folder / "results").glob("*.json"))) < 8 * 40
    left = [p for p in Path("/proc").iterdir() if p.name.isdigit()
            and str(bot).encode() in _cmdline(p)]
    assert not left


def _cmdline(proc: Path) -> bytes:
    try:
        return (proc / "cmdline").read_bytes()
    except OSError:
        return b""


def test_a_bot_answering_garbage_gets_faults_and_the_tournament_goes_on():
    data = leaderboard("easy", f"junk={GARBAGE_BOT}", "--walls", "1", "--rounds", "1",
                       "--bot-deadline", "300")
    faults = {r["name"]: r["faults"] for r in data["entrants"]}
    assert faults["junk"] > 0 and faults["easy"] == 0
    assert all(r["hands"] == 4 for r in data["entrants"])


@pytest.mark.parametrize("args, words", [
    (["hard"], "at least 2 entrants"),
    (["hard", "nobody"], "unknown level"),
    (["hard", "hard"], "two entrants are named"),
    (["hard", "easy", "--walls", "0"], "at least 1"),
    (["hard", "easy", "--cluster", "ray:/x"], "--cluster takes"),
    (["hard", "easy", "--ruleset", "nope"], "nope"),
    (["--resume", "/nonexistent-folder"], "holds no tournament"),
])
def test_bad_arguments_one_line(args, words):
    out = tournament(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and words in out.stderr, out.stderr


def test_records_folder_of_another_tournament_refused(tmp_path):
    assert tournament("easy", "medium", "--walls", "1", "--rounds", "1", "--records",
                      tmp_path).returncode == 0
    again = tournament("easy", "hard", "--records", tmp_path)
    assert again.returncode == 2 and "--resume" in again.stderr


def test_cluster_without_ray_says_what_to_install(monkeypatch):
    from ai.tournament import cluster
    from ai.tournament.runner import TournamentError
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(TournamentError, match=r"pip install '\.\[cluster\]'"):
        cluster.import_ray()


def test_same_leaderboard_on_a_local_ray_runtime():
    pytest.importorskip("ray")
    assert leaderboard(*SMALL, "--cluster", "local", "--workers", "2") == \
        leaderboard(*SMALL, "--workers", "2")


def test_shipped_level_ratings_order_the_levels():
    from ai.tournament.ratings import level_ratings
    shipped = level_ratings()
    assert set(shipped) == {"easy", "medium", "hard", "master"}
    assert shipped["hard"].mu > shipped["medium"].mu > shipped["easy"].mu
    assert shipped["master"].mu > shipped["easy"].mu    # level with Hard, within its sigma


def test_level_ratings_tool_keeps_only_levels_under_their_own_names():
    from tools.level_ratings import level_doc
    board = {"seed": 1, "walls": 2, "rounds": 1, "entrants": [
        {"name": "hard", "spec": "hard", "rating_mu": 30.0, "rating_sigma": 2.0,
         "hands": 8, "mean_points": 1.5},
        {"name": "h2", "spec": "hard", "rating_mu": 29.0, "rating_sigma": 2.0,
         "hands": 8, "mean_points": 1.0},
        {"name": "bot:x", "spec": "bot:x", "rating_mu": 20.0, "rating_sigma": 2.0,
         "hands": 8, "mean_points": -2.5}]}
    doc = level_doc(board, "the command")
    assert doc["levels"] == {"hard": {"mu": 30.0, "sigma": 2.0, "hands": 8,
                                      "mean_points": 1.5}}
    assert doc["command"] == "the command"
    with pytest.raises(ValueError):
        level_doc({"entrants": []}, "")


def test_statistics_rate_the_followed_seat_from_the_records(tmp_path):
    assert tournament("easy", "medium", "--walls", "1", "--rounds", "1", "--records",
                      tmp_path).returncode == 0

    def rating() -> dict:
        out = subprocess.run([sys.executable, "-m", "game.stats", "--data-dir",
                              str(tmp_path / "hands"), "--json"], cwd=ROOT, check=False,
                             capture_output=True, text=True, timeout=120,
                             env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
        assert out.returncode == 0, out.stderr
        doc = json.loads(out.stdout)
        assert doc["matches"] == 4
        return doc["rating"]
    first = rating()
    assert first == rating()        # recomputed from the same hands: the same
    assert first["sigma"] < Skill.fresh().sigma
