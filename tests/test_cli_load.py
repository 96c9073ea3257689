"""`python -m game` on the command line: --help, --load and --ruleset refusals."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.match import Match
from game.play.setup import MatchSetup
from game.rulesets import load_ruleset
from game.shell.app import FIRST_FRAME_ENV
from game.shell.saves import SAVE_VERSION, write_save

ROOT = Path(__file__).resolve().parent.parent
SETUP = {"seats": [{"kind": "human", "name": "你"}] + [{"kind": "easy", "name": "电脑"}] * 3}


def run_game(*args, tmp_path, extra_env=None):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           **(extra_env or {})}
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)  # pygame's banner would betray a late refusal
    return subprocess.run([sys.executable, "-m", "game", "--settings",
                           str(tmp_path / "settings.json"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.fixture
def good_save(tmp_path):
    m = Match(load_ruleset(), 4, 4)
    rng = random.Random(4)
    for _ in range(25):
        m.apply(rng.choice(m.round.legal_actions(m.round.seats_to_act()[0])))
    path = tmp_path / "good.json"
    write_save(path, m, MatchSetup.read(SETUP))
    return path


def _edit(path, change):
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


DAMAGE = {
    "corrupt": (lambda p: p.write_bytes(b"\x00\xff garbage \x81"), "not UTF-8"),
    "truncated": (lambda p: p.write_text(p.read_text(encoding="utf-8")[:400]), "not valid JSON"),
    "tampered": (lambda p: _edit(p, lambda d: d["match"]["hands"][0].append("0 pass")),
                 "checksum"),
    "future": (lambda p: _edit(p, lambda d: d.update(version=SAVE_VERSION + 1)), "newer version"),
    "not a save": (lambda p: p.write_text('{"hello": 1}'), "not a match file"),
    "missing": (lambda p: p.unlink(), "no file at"),
}


@pytest.mark.parametrize("name", DAMAGE)
def test_a_bad_save_is_refused_before_any_window(tmp_path, good_save, name):
    damage, words = DAMAGE[name]
    damage(good_save)
    result = run_game("--load", str(good_save), tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stdout == "", "refused before pygame was even imported"
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and words in lines[0] and str(good_save) in lines[0]
    assert "Traceback" not in result.stderr


def test_refusal_happens_without_importing_pygame(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    code = ("import sys; from game.__main__ import main; "
            f"rc = main(['--load', {str(bad)!r}]); print(rc, 'pygame' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.stdout.strip() == "2 False"


def test_unknown_ruleset_is_refused(tmp_path):
    result = run_game("--ruleset", "x", tmp_path=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert "unknown ruleset 'x'" in line and "dazhong" in line


def test_help(tmp_path):
    result = run_game("--help", tmp_path=tmp_path)
    assert result.returncode == 0
    assert "--load" in result.stdout and "--ruleset" in result.stdout


def test_a_known_ruleset_starts_the_menu_with_it(tmp_path):
    (tmp_path / "settings.json").write_text("{}", encoding="utf-8")    # not a first start
    result = run_game("--ruleset", "honors", tmp_path=tmp_path, extra_env={FIRST_FRAME_ENV: "1"})
    assert result.returncode == 0 and "first-frame" in result.stdout
    assert result.stdout.split()[-1] == "pages=MenuScene"


def test_the_first_start_offers_the_lessons_above_the_menu(tmp_path):
    data = str(tmp_path / "data")
    result = run_game("--data-dir", data, tmp_path=tmp_path, extra_env={FIRST_FRAME_ENV: "1"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "pages=MenuScene/LessonsScene"
    (tmp_path / "settings.json").write_text("{}", encoding="utf-8")
    result = run_game("--data-dir", data, tmp_path=tmp_path, extra_env={FIRST_FRAME_ENV: "1"})
    assert result.stdout.split()[-1] == "pages=MenuScene", "offered once"


def test_a_seated_program_opens_the_new_match_form_above_the_menu(tmp_path):
    result = run_game("--data-dir", str(tmp_path / "data"), "--bot",
                      "2=python3 examples/bots/simple_bot.py", tmp_path=tmp_path,
                      extra_env={FIRST_FRAME_ENV: "1"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "pages=MenuScene/NewMatchScene"


def test_a_good_save_opens(tmp_path, good_save):
    result = run_game("--load", str(good_save), tmp_path=tmp_path,
                      extra_env={FIRST_FRAME_ENV: "1"})
    assert result.returncode == 0, result.stderr
    assert "first-frame" in result.stdout


def test_a_save_whose_program_cannot_start_is_refused_before_any_window(tmp_path):
    m = Match(load_ruleset(), 4, 4)
    m.apply(m.round.legal_actions(m.round.seats_to_act()[0])[0])
    path = tmp_path / "bot.json"
    write_save(path, m, MatchSetup.read({"seats": [{"kind": "human", "name": "你"},
                                   {"kind": "bot:/no/such/program", "name": "bot"},
                                   {"kind": "easy", "name": "e"}, {"kind": "easy", "name": "e"}]}))
    data = tmp_path / "data"
    result = run_game("--data-dir", str(data), "--load", str(path), tmp_path=tmp_path,
                      extra_env={FIRST_FRAME_ENV: "1"})
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert str(path) in line and "cannot start bot '/no/such/program'" in line
    assert not (data / "crash.log").exists()


def test_a_data_folder_that_cannot_be_written_is_refused(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = run_game("--data-dir", str(blocker / "data"), tmp_path=tmp_path,
                      extra_env={FIRST_FRAME_ENV: "1"})
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert "cannot write in the data folder" in line and str(blocker) in line


@pytest.mark.parametrize("args", [["--bot", "-1=x"], ["--bot", "1=python3 'unclosed"],
                                  ["--check"], ["--no-such-option"], ["--load"]])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, args):
    result = run_game("--data-dir", str(tmp_path / "data"), *args, tmp_path=tmp_path,
                      extra_env={FIRST_FRAME_ENV: "1"})
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


def test_an_internal_error_is_one_line_even_when_its_log_cannot_be_written(
        tmp_path, monkeypatch, capsys):
    from game import __main__ as entry
    from game.shell.app import App as RealApp

    class Failing(RealApp):
        def run(self) -> None:
            raise RuntimeError("a bug")

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setattr("game.shell.app.App", Failing)
    monkeypatch.setattr("game.paths.crash_log_path", lambda: blocker / "crash.log")
    assert entry.main(["--settings", str(tmp_path / "settings.json")]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert "internal error" in line and "could not be written" in line
