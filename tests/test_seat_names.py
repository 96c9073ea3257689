"""Seat names are stored as data (a chosen name, or the id of a name the game gives) and
shown in the current language; every match file written before that still reads."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.history.autoplay import sample_match_file
from game.play.names import AI_NAMES, PLAYER, YOU
from game.play.setup import MatchSetup, SeatKind, SeatSpec
from game.scenes.matches import MatchesScene
from game.scenes.replay import ReplayScene
from game.scenes.table import TableScene
from game.shell import controller as controller_module
from game.shell import saves
from game.shell.app import App
from game.shell.controller import InlineExecutor
from game.shell.i18n import Translator
from game.shell.session import MatchSession
from game.shell.settings import Settings
from tests.shell_helpers import click, frames, make_app, self_draw_match, use_fake_table

WINDS = ("东", "南", "西", "北", "dong", "nan", "xi", "bei", "east", "south", "west", "north")
SHOWN = {"zh": ["你", "小梅", "老周", "大宝"], "en": ["You", "Mei", "Zhou", "Bao"]}
from game.shell.seat_names import seat_name, seat_names


def old_file(path: Path, seats: list[dict[str, str]]) -> Path:
    """A match file as versions before name ids wrote it: each seat only a kind and a name
    in words."""
    doc = saves.save_document(self_draw_match(1), MatchSetup())
    doc["setup"]["seats"] = seats
    body = {k: v for k, v in doc.items() if k != "checksum"}
    doc["checksum"] = saves._checksum(body)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("language", ["zh", "en"])
def test_ai_names_carry_no_wind(language: str) -> None:
    """老西 wore the 南 badge after the dealer moved: no name the game gives an AI, nor
    the sample match's, may read as a seat wind."""
    t = Translator(language)
    names = [seat_name(SeatSpec(SeatKind.AI, "medium", name_id=i), s, t)
             for s, i in enumerate(AI_NAMES)]
    names += seat_names(saves.load_save(sample_match_file()).setup, 4, t)
    for name in names:
        assert not name.startswith("seat."), name
        assert not any(w in name.lower() for w in WINDS if not w.isascii()), name
        assert not set(name.lower().replace("-", " ").split()) & set(WINDS), name


@pytest.mark.parametrize(("made", "shown"), [("zh", "en"), ("en", "zh")])
def test_a_match_shows_its_names_in_the_language_of_the_day(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, made: str, shown: str) -> None:
    tables = use_fake_table(monkeypatch)
    app = make_app(tmp_path, made)
    click(app, app.scenes.top.buttons["menu.new_match"])
    click(app, app.scenes.top.start_button)
    session = tables[0]
    assert session.autosave()
    setup = saves.load_save(session.save_path).setup
    assert [(s.name, s.name_id) for s in setup.seats] == [("", YOU), *(("", i) for i in AI_NAMES[1:])]

    app.set_language(shown)
    app.scenes.push("replay", match_path=session.save_path)
    frames(app)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.names == SHOWN[shown]
    app.scenes.push("matches")
    frames(app)
    page = app.scenes.top
    assert isinstance(page, MatchesScene)
    texts = [str(getattr(w, "text", "")) for w in app.ui.get_sprite_group().sprites()]
    assert any(text.startswith(SHOWN[shown][1] + " (") for text in texts)
    assert not any(SHOWN[made][1] in text for text in texts)


@pytest.mark.parametrize(("old", "name_id"), [
    ("你", YOU), ("You", YOU), ("老西", AI_NAMES[2]), ("Xi", AI_NAMES[2]), ("北北", AI_NAMES[3]),
    ("小梅", AI_NAMES[1]), ("Bao", AI_NAMES[3])])
def test_an_old_file_s_default_names_read_as_ids(tmp_path: Path, old: str, name_id: str) -> None:
    seat = 0 if name_id == YOU else int(name_id[-1])
    seats = [{"kind": "human" if s == 0 else "easy", "name": "Lin" if s != seat else old}
             for s in range(4)]
    setup = saves.load_save(old_file(tmp_path / "old.json", seats)).setup
    assert (setup.seats[seat].name, setup.seats[seat].name_id) == ("", name_id)
    assert all((s.name, s.name_id) == ("Lin", "") for i, s in enumerate(setup.seats) if i != seat)
    for language in ("zh", "en"):
        assert seat_name(setup.seats[seat], seat, Translator(language)) == SHOWN[language][seat]


def test_an_old_hotseat_file_numbers_its_people_in_the_language_of_the_day(tmp_path: Path) -> None:
    seats = [{"kind": "human", "name": "玩家 1"}, {"kind": "human", "name": "Player 2"},
             {"kind": "human", "name": "玩家 4"}, {"kind": "hard", "name": ""}]
    setup = saves.load_save(old_file(tmp_path / "old.json", seats)).setup
    assert [s.name_id for s in setup.seats] == [PLAYER, PLAYER, "", ""]
    assert seat_names(setup, 4, Translator("en")) == ["Player 1", "Player 2", "玩家 4", "Player 4"]


def test_a_program_s_name_is_never_read_as_a_default(tmp_path: Path) -> None:
    seats = [{"kind": "bot:python bot.py", "name": "老西"}, {"kind": "remote", "name": "You"}]
    setup = saves.load_save(old_file(tmp_path / "old.json", seats * 2)).setup
    assert [s.name for s in setup.seats] == ["老西", "You"] * 2


@pytest.mark.parametrize("typed", ["you", "ai.1", "player", "老西", "You", "Mei", "玩家 2"])
def test_a_chosen_name_is_kept_as_it_is_even_one_that_reads_as_a_default(
        tmp_path: Path, typed: str) -> None:
    setup = MatchSetup("dazhong", 1, 1, (SeatSpec.you(typed), SeatSpec.parse("easy", typed),
                                         SeatSpec.parse("human", typed),
                                         SeatSpec.parse("hard", name_id=AI_NAMES[3])))
    path = tmp_path / "new.json"
    saves.write_save(path, self_draw_match(1), setup)
    read = saves.load_save(path).setup
    assert read == setup
    for language in ("zh", "en"):
        t = Translator(language)
        assert seat_names(read, 4, t)[:3] == [typed] * 3
        assert seat_names(read, 4, t)[3] == SHOWN[language][3]


def test_a_bare_record_s_seats_are_the_game_s_ai_names() -> None:
    record = json.loads(Path("tests/golden/dazhong-2020.json").read_text(encoding="utf-8"))
    save = saves.parse_match_document(record["record"])
    assert seat_names(save.setup, 4, Translator("en")) == ["Ming", *SHOWN["en"][1:]]


def test_the_table_s_plates_follow_a_language_change(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controller_module, "ThreadPoolExecutor", lambda **_: InlineExecutor())
    seats = [SeatSpec.you(""), *(SeatSpec.parse("hard", name_id=i) for i in AI_NAMES[1:])]
    session = MatchSession.new("dazhong", 5, 4, seats)
    session.save_path = tmp_path / "match.json"
    settings = Settings(path=tmp_path / "settings.json")
    settings.language, settings.sound_on = "zh", False
    app = App(settings, lambda a: TableScene(a, session), size=(1280, 800))
    app.step(1 / 60, [])
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    assert [s.name for s in scene._board_model()[0].seats] == SHOWN["zh"]
    app.set_language("en")
    app.step(1 / 60, [])
    assert [s.name for s in scene._board_model()[0].seats] == SHOWN["en"]
    app.scenes.clear()


@pytest.mark.parametrize("language", ["zh", "en"])
def test_every_name_the_game_gives_has_words_in_both_languages(language: str) -> None:
    from game.play.names import NAME_IDS
    from game.shell.i18n import Translator
    from game.shell.seat_names import NAME_KEYS
    assert set(NAME_KEYS) == set(NAME_IDS)
    t = Translator(language)
    for key in NAME_KEYS.values():
        assert t(key, n=1) != key
