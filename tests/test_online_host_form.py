"""The Online page's host form: a short match of two hands, the host's last choices
remembered in the settings file for the next room; a room's page tells its ruleset,
hands and time limits before the start."""
from __future__ import annotations

import json
from pathlib import Path

from game.net.samples import sample_room
from game.rulesets import load_ruleset
from game.scenes.lobby import LobbyScene
from game.scenes.online import LAST_FORM, OnlineScene, hand_counts
from game.shell.app import App
from game.shell.last_setup import LastSetup, read_all
from game.shell.settings import Settings
from tests.shell_helpers import Backdrop, make_app
from tests.test_online_final import NEXT


def loaded_app(folder: Path) -> App:
    """An app with the settings file of `folder` read back."""
    return App(Settings.load(folder / "settings.json"), Backdrop, size=(1280, 800))


def test_a_room_may_play_two_hands_whatever_the_ruleset_lists() -> None:
    for ruleset_id in ("dazhong", "two_player"):
        counts = hand_counts(load_ruleset(ruleset_id))
        assert 2 in counts and counts == sorted(counts) and max(counts) <= 16


def test_the_hosts_choices_are_kept_for_the_next_room(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path, "en", Backdrop)
    pushed: list[tuple[str, dict]] = []
    monkeypatch.setattr(app.scenes, "push", lambda name, **kw: pushed.append((name, kw)))
    page = OnlineScene(app)
    page.server, page.name = "ws://127.0.0.1:9", "Ann"
    page._set_ruleset("changsha")
    page.seats = ["hard", "open", "open", "easy"]
    page.length, page.fill, page.turn_seconds, page.claim_seconds = 2, "hard", 60, 15
    page.go()
    [(name, kw)] = pushed
    assert name == "lobby" and kw["first"]["hands"] == 2 and kw["first"]["ruleset"] == "changsha"
    stored = json.loads((tmp_path / "settings.json").read_text("utf-8"))["last_setups"]
    assert stored[LAST_FORM]["kinds"] == ["hard", "open", "open", "easy"]
    again = OnlineScene(loaded_app(tmp_path))
    assert again.app.settings.last_setups[LAST_FORM] == page.choices()
    assert (again.ruleset_id, again.seats, again.length, again.fill) == \
        ("changsha", ["hard", "open", "open", "easy"], 2, "hard")
    assert (again.turn_seconds, again.claim_seconds) == (60, 15)


def test_wrong_remembered_choices_give_the_defaults(tmp_path: Path) -> None:
    last = read_all({LAST_FORM: {"kinds": ["open", "nonsense", 3], "length": -1,
                                 "ruleset": "nope", "fill": "", "turn_seconds": 7,
                                 "claim_seconds": "8"}})[LAST_FORM]
    assert last == LastSetup(ruleset="nope", turn_seconds=7)
    settings = Settings(path=tmp_path / "settings.json")
    settings.last_setups[LAST_FORM] = LastSetup(("open", "nonsense"), ruleset="nope",
                                                turn_seconds=7)
    settings.save()
    page = OnlineScene(loaded_app(tmp_path))
    assert page.ruleset_id == "dazhong" and page.seats[:2] == ["open", "open"]
    assert (page.turn_seconds, page.claim_seconds, page.length) == (20, 8, 1)


def test_a_guests_room_page_tells_the_ruleset_hands_and_time_limits(tmp_path: Path) -> None:
    for language, words in (("en", ("Changsha", "16 hands", "600 s a turn", "120 s a claim")),
                            ("zh", ("长沙", "16 局", "出牌 600 秒", "吃碰 120 秒"))):
        app = make_app(tmp_path, language, Backdrop)
        online = sample_room(app.t, "guest")
        app.scenes.push(LobbyScene(app, online=online, owner=False))
        app.step(0.016, [])
        lines = app.scenes.top._rules_lines()
        assert all(w in " ".join(lines) for w in words), lines
        texts = [w.text for w in app.ui.get_sprite_group().sprites() if hasattr(w, "text")]
        assert set(lines) <= set(texts)
        online.lobby.message["ruleset"] = NEXT.lower() + "x"     # one this game lacks
        assert app.scenes.top._rules_lines()[0] == NEXT.lower() + "x"
