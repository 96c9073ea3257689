"""Two copies of the game on one data folder: a match one of them plays is shown as in use
by the other, which never writes it; a crash lets go of it."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.play.setup import MatchSetup, SeatSpec
from game.shell import library, locks, saves
from game.shell.session import MatchSession
from tests.test_matches_page import SEATS, played

ROOT = Path(__file__).resolve().parent.parent
HOLDER = ("import sys\nfrom pathlib import Path\nfrom game.shell import locks\n"
          "print(all(locks.hold(Path(p)) for p in sys.argv[1:]), flush=True)\n"
          "sys.stdin.read()\n")


@pytest.fixture
def other_copy() -> Iterator[list[subprocess.Popen[str]]]:
    """Start "another copy of the game" holding the locks of the given files."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def hold_elsewhere(started: list[subprocess.Popen[str]], *paths: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, *map(str, paths)], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    started.append(proc)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "True"
    return proc


def unfinished_match() -> Path:
    path = library.new_match_path()
    saves.write_save(path, played(3, steps=10), MatchSetup.read(SEATS))
    locks.release(path)     # this copy no longer plays it
    return path


def test_a_match_played_elsewhere_is_listed_in_use_and_not_opened(other_copy) -> None:
    path = unfinished_match()
    assert library.latest_unfinished() is not None
    hold_elsewhere(other_copy, path)
    (entry,) = library.list_matches()
    assert entry.in_use and not entry.resumable
    assert library.latest_unfinished() is None
    with pytest.raises(saves.SaveError, match="another window"):
        library.open_match(path)
    with pytest.raises(saves.SaveError, match="another window"):
        library.delete_match(path)


def test_a_session_never_writes_a_match_played_elsewhere(other_copy) -> None:
    path = unfinished_match()
    hold_elsewhere(other_copy, path)   # it took the match between this copy's check and open
    session = MatchSession.from_save(saves.load_save(path), path)
    before = path.read_bytes()
    session.apply(session.round.legal_actions(session.round.seats_to_act()[0])[0])
    assert session.save_path != path and session.save_path is not None
    assert path.read_bytes() == before, "the other copy's match is untouched"
    assert len(saves.load_save(session.save_path).match.hand_actions[0]) == 11


def test_a_crashed_copy_lets_go_of_its_match(other_copy) -> None:
    path = unfinished_match()
    proc = hold_elsewhere(other_copy, path)
    assert locks.in_use_elsewhere(path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert not locks.in_use_elsewhere(path)
    assert library.list_matches()[0].resumable


def test_a_new_match_never_takes_a_name_another_copy_reserved(other_copy) -> None:
    first = library.new_match_path()
    locks.release(first)
    hold_elsewhere(other_copy, first)
    second = library.new_match_path()
    assert second != first and locks.hold(second)


def test_leaving_the_table_lets_go_of_the_match() -> None:
    seats = [SeatSpec.parse(k, k) for k in ("human", "easy", "easy", "easy")]
    session = MatchSession.new("dazhong", 1, 1, seats)
    session.autosave()
    assert session.save_path is not None and locks.lock_path(session.save_path).exists()
    session.release()
    code = ("import sys; from pathlib import Path; from game.shell import locks; "
            "print(locks.in_use_elsewhere(Path(sys.argv[1])), locks.hold(Path(sys.argv[1])))")
    probe = subprocess.run([sys.executable, "-c", code, str(session.save_path)],
                           cwd=ROOT, capture_output=True, text=True, check=True)
    assert probe.stdout.split() == ["False", "True"]



def test_older_saves_moved_into_the_library_are_free_to_open(other_copy) -> None:
    from game import paths
    saves.write_save(paths.data_dir() / "autosave.json", played(7, steps=8), MatchSetup.read(SEATS))
    [moved] = library.adopt_legacy_saves()
    hold_elsewhere(other_copy, moved)
