"""The menu, the new-match and hotseat forms, Continue, Settings and the rules page,
driven through real scenes by feeding events to app.step."""
import json
import os
import random

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIScrollingContainer

from game.engine.match import Match
from game.layoutcheck.inspect import problems
from game.play.setup import MatchSetup
from game.render.text_block import BADGE
from game.rulesets import load_ruleset
from game.scenes.menu import MenuScene
from game.scenes.new_match import NewMatchScene
from game.scenes.rules import CHOICE_MARK, RulesScene, parse_rules, rules_markdown
from game.scenes.settings_scene import SettingsScene
from game.shell import library, saves
from game.shell.app import App
from game.shell.settings import Settings
from tests.shell_helpers import (
    Backdrop,
    click,
    dialogs,
    frames,
    key,
    make_app,
    resize,
    use_fake_table,
)


def open_form(app, entry="menu.new_match"):
    click(app, app.scenes.top.buttons[entry])
    form = app.scenes.top
    assert isinstance(form, NewMatchScene)
    return form



def pick(choice, value):
    """The button of a segmented control showing `value`."""
    return dict(choice.options)[value]


def test_new_match_then_start_creates_a_session(tmp_path, monkeypatch):
    fake_table = use_fake_table(monkeypatch)
    app = make_app(tmp_path)
    form = open_form(app)
    assert [c.value for c in form.seat_choices] == ["medium"] * 3
    click(app, pick(form.seat_choices[0], "hard"))
    click(app, pick(form.length_choice, 1))
    click(app, pick(form.countdown_choice, 5))
    click(app, form.start_button)
    assert len(fake_table) == 1 and isinstance(app.scenes.top, Backdrop)
    assert len(app.scenes.stack) == 1, "the table replaces the menu"
    session = fake_table[0]
    assert session.match.length == 1 and session.match.ruleset.id == "dazhong"
    assert [s.text for s in session.setup.seats] == ["human", "hard", "medium", "medium"]
    assert (session.setup.seats[0].name, session.setup.seats[0].name_id) == ("", "you")
    assert session.setup.claim_countdown == 5
    assert Settings.load(app.settings.path).claim_countdown == 5, "the form's choice is kept"


def reopened(app):
    """A new window on the same settings file, showing the menu."""
    again = App(Settings.load(app.settings.path), "menu", size=(1280, 800))
    again.step(0.016, [])
    return again


def test_each_form_opens_with_the_choices_it_last_started_with(tmp_path, monkeypatch):
    use_fake_table(monkeypatch)
    app = make_app(tmp_path)
    form = open_form(app)
    click(app, pick(form.seat_choices[0], "hard"))
    form = app.scenes.top
    form._set_kind(2, "bot")
    form = app.scenes.top
    form.bot_commands[2] = "python3 my_bot.py --fast"
    click(app, pick(form.length_choice, 1))
    click(app, form.start_button)
    app = reopened(app)
    form = open_form(app, "menu.hotseat")
    click(app, pick(form.seat_choices[0], "easy"))
    click(app, pick(form.show_all_choice, False))
    form.seed_text = "42"
    click(app, form.start_button)

    app = reopened(app)
    form = open_form(app)
    assert form.kinds == ["human", "hard", "bot", "medium"]
    assert form.bot_commands[2] == "python3 my_bot.py --fast" and form.length == 1
    assert [c.value for c in form.seat_choices] == ["hard", "bot", "medium"]
    key(app, pygame.K_ESCAPE)
    form = open_form(app, "menu.hotseat")
    assert form.kinds[0] == "easy" and not form.show_all and form.seed_text == "42"
    assert form.seed_entry.get_text() == "42"


def test_start_opens_the_real_table(tmp_path):
    from game.scenes.table import TableScene
    app = make_app(tmp_path)
    click(app, open_form(app).start_button)
    assert isinstance(app.scenes.top, TableScene)


def test_choosing_a_two_player_ruleset_shows_one_opponent(tmp_path, monkeypatch):
    fake_table = use_fake_table(monkeypatch)
    app = make_app(tmp_path, "en")
    form = open_form(app)
    menu = form.ruleset_menu
    click(app, menu)  # open the list
    option = next(b for b in menu.current_state.options_selection_list.item_list_container.elements
                  if b.text == "Two players with honors")
    click(app, option)
    form = app.scenes.top
    assert form.ruleset_id == "two_player" and len(form.seat_choices) == 1
    click(app, form.start_button)
    assert fake_table[0].match.ruleset.players == 2


def test_hotseat_mode_with_a_seed_and_a_scenario(tmp_path, monkeypatch):
    fake_table = use_fake_table(monkeypatch)
    scenario = {"ruleset": "dazhong", "dealer": 0,
                "hands": ["11122233344455m", "123456789p1234s", "123456789s5678p",
                          "567s567s567s99p12s"]}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    app = make_app(tmp_path)
    form = open_form(app, "menu.hotseat")
    assert len(form.seat_choices) == 4, "seat 0 is a choice too"
    click(app, pick(form.seat_choices[0], "easy"))
    form.seed_entry.set_text("")
    click(app, form.seed_entry)
    for ch in "42":
        app.step(0.016, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    form.scenario_text = str(path)
    click(app, form.start_button)
    session = fake_table[0]
    assert session.match.seed == 42 and session.setup.debug is True
    assert session.setup.seats[0].text == "easy"
    assert session.match.round.hand_of(0) == sorted(session.match.round.hand_of(0))
    assert "tsumo" in {a.kind for a in session.match.round.legal_actions(0)}


@pytest.mark.parametrize("seed, scenario, words", [
    ("abc", None, "abc"),
    ("", "missing.json", "no file"),
    ("", "{not json", "not valid JSON"),
    ("", json.dumps({"hands": ["1m"]}), "hands"),
    ("", json.dumps({"hands": ["11111222333444m", "123456789p1234s", "123456789s5678p",
                               "567s567s567s99p12s"]}), "too many"),
    ("", json.dumps({}), "hands"),
])
def test_hotseat_form_problems_show_a_dialog(tmp_path, monkeypatch, seed, scenario, words):
    fake_table = use_fake_table(monkeypatch)
    app = make_app(tmp_path, "en")
    form = open_form(app, "menu.hotseat")
    form.seed_text = seed
    if scenario is not None:
        path = tmp_path / "scenario.json"
        if scenario != "missing.json":
            path.write_text(scenario)
        form.scenario_text = str(path)
    click(app, form.start_button)
    assert not fake_table and app.scenes.top is form
    [dialog] = dialogs(app)
    assert words in f"{dialog.message} {dialog.detail}" and dialog.message != dialog.detail
    key(app, pygame.K_RETURN)
    assert not dialogs(app)


def test_continue_needs_an_unfinished_match(tmp_path):
    app = make_app(tmp_path)
    assert not app.scenes.top.buttons["menu.continue"].is_enabled


SEATS = {"seats": [{"kind": "human", "name": "你"}] + [{"kind": "easy", "name": "电脑"}] * 3}


def write_match(match_steps=30, seed=9, length=4, finished=False, debug=False):
    """A match file of the library, `match_steps` decisions in (or played to its end; a
    hotseat one with `debug`)."""
    m = Match(load_ruleset(), seed, length)
    rng = random.Random(seed)
    steps = 0
    while (finished and not m.is_over) or (not finished and steps < match_steps):
        if m.round.is_over:
            m.start_next_hand()
        m.apply(rng.choice(m.round.legal_actions(m.round.seats_to_act()[0])))
        steps += 1
    path = library.new_match_path()
    saves.write_save(path, m, MatchSetup.read({**SEATS, "debug": debug}))
    return m, path


def test_continue_resumes_the_latest_unfinished_match_in_place(tmp_path, monkeypatch):
    fake_table = use_fake_table(monkeypatch)
    _, older_path = write_match(seed=9)
    newer, newer_path = write_match(seed=10)
    os.utime(older_path, (1_000, 1_000))
    write_match(seed=11, length=1, finished=True)   # a finished match is never continued
    app = make_app(tmp_path)
    click(app, app.scenes.top.buttons["menu.continue"])
    [session] = fake_table
    assert session.match.round.hands == newer.round.hands
    assert session.save_path == newer_path, "play goes on in the match's own file"
    assert older_path.read_bytes(), "the other unfinished match is untouched"


def test_continue_resumes_a_hotseat_match_in_hotseat_mode(tmp_path, monkeypatch):
    fake_table = use_fake_table(monkeypatch)
    write_match(seed=9)
    hotseat, path = write_match(seed=10, debug=True)
    app = make_app(tmp_path)
    assert app.scenes.top.buttons["menu.continue"].is_enabled
    click(app, app.scenes.top.buttons["menu.continue"])
    [session] = fake_table
    assert session.save_path == path and session.setup.debug
    assert session.match.round.hands == hotseat.round.hands


def test_a_new_match_never_touches_another(tmp_path):
    _, path = write_match()
    before = path.read_bytes()
    from game.play.setup import SeatSpec
    from game.shell.session import MatchSession
    session = MatchSession.new("dazhong", 5, 1, [SeatSpec.parse("easy", f"P{i}") for i in range(4)])
    session.apply(session.round.legal_actions(session.round.seats_to_act()[0])[0])
    assert session.save_path != path and session.save_path.is_file()
    assert path.read_bytes() == before
    assert len(library.list_matches()) == 2


@pytest.mark.parametrize("damage, words", [
    (lambda text: text[:300], "not valid JSON"),
    (lambda text: text.replace('"seed": 9', '"seed": 8'), "checksum"),
    (lambda text: text.replace('"version": 1', '"version": 99'), "newer version"),
])
def test_continue_with_a_bad_autosave_shows_why_and_keeps_the_file(tmp_path, monkeypatch,
                                                                   damage, words):
    fake_table = use_fake_table(monkeypatch)
    _, path = write_match()
    text = path.read_text(encoding="utf-8")
    app = make_app(tmp_path)        # the menu offers the match while it is whole...
    bad = damage(text).encode("utf-8")
    path.write_bytes(bad)           # ...and it is damaged before Continue is pressed
    click(app, app.scenes.top.buttons["menu.continue"])
    assert not fake_table and isinstance(app.scenes.top, MenuScene)
    [dialog] = dialogs(app)
    assert dialog.window_display_title == app.t("dialog.cannot_resume")
    assert dialog.message.startswith("这个对局文件") and words in dialog.detail
    assert path.read_bytes() == bad
    click(app, dialog.ok)
    assert not dialogs(app)


def test_language_switch_relabels_at_once_and_persists(tmp_path):
    app = make_app(tmp_path)
    menu = app.scenes.top
    assert menu.buttons["menu.new_match"].text == "新对局"
    click(app, menu.buttons["menu.settings"])
    page = app.scenes.top
    assert isinstance(page, SettingsScene)
    click(app, pick(page.language_choice, "en"))
    page = app.scenes.top
    assert page.language_choice.value == "en"
    assert pick(page.sound_choice, True).text == "On"
    assert pygame.display.get_caption()[0] == "Mahjong Table"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top.buttons["menu.new_match"].text == "New match"
    assert Settings.load(app.settings.path).language == "en"


def test_settings_changes_are_saved_and_reloaded(tmp_path):
    app = make_app(tmp_path)
    click(app, app.scenes.top.buttons["menu.settings"])
    page = app.scenes.top
    for choice, value in ((page.sound_choice, False), (page.suggest_choice, True),
                          (page.danger_choice, True), (page.efficiency_choice, False),
                          (page.countdown_choice, 0)):
        button = pick(choice, value)
        page.reveal(button)                   # rows may be below the fold
        click(app, button)
    loaded = Settings.load(app.settings.path)
    assert (loaded.sound_on, loaded.claim_countdown) == (False, 0)
    assert (loaded.hint_efficiency, loaded.hint_suggest, loaded.hint_danger) == (False, True, True)
    assert app.settings.sound_on is False


def type_into(app, entry, text):
    """Empty a text field, then type `text` into it."""
    entry.set_text("")
    click(app, entry)
    app.step(0.016, [pygame.event.Event(pygame.TEXTINPUT, text=text)])
    frames(app)


@pytest.mark.parametrize("language", ["zh", "en"])
def test_your_name_is_kept_trimmed_a_bad_one_refused_in_a_line(tmp_path, language):
    app = make_app(tmp_path, language)
    app.set_ui_scale(2.0)
    resize(app, (960, 600))
    click(app, app.scenes.top.buttons["menu.settings"])
    page = app.scenes.top
    type_into(app, page.name_entry, "  林 枫  ")
    assert Settings.load(app.settings.path).player_name == "林 枫"
    assert page.name_note.text == app.t("settings.name_note")
    for bad in ("x" * 25, "a\tb"):
        type_into(app, page.name_entry, bad)
        assert page.name_note.text == app.t("settings.name_bad")
        assert app.settings.player_name == "林 枫"
        assert problems(app) == [], "the refusal fits its line"
    assert Settings.load(app.settings.path).player_name == "林 枫"


def test_your_name_seats_you_in_a_new_match_in_any_language(tmp_path, monkeypatch):
    fake_table = use_fake_table(monkeypatch)
    app = make_app(tmp_path, "en")
    app.settings.player_name = "Lin Feng"
    click(app, open_form(app).start_button)
    seats = fake_table[0].setup.seats
    assert (seats[0].name, seats[0].name_id) == ("Lin Feng", "")
    assert (seats[1].name, seats[1].name_id) == ("", "ai.1")


def test_a_click_on_a_slider_track_moves_it_there(tmp_path):
    from pygame_gui.elements import UIHorizontalSlider
    app = make_app(tmp_path)
    click(app, app.scenes.top.buttons["menu.settings"])
    [speed, *_] = [w for w in app.ui.get_sprite_group().sprites()
                   if isinstance(w, UIHorizontalSlider)]
    track = speed.get_abs_rect()
    point = (track.x + speed.arrow_button_width + speed.scrollable_width * 9 // 10
             + speed.sliding_button_width // 2, track.centery)
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)])
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)])
    frames(app)
    assert app.settings.anim_speed == pytest.approx(1.8)
    assert Settings.load(app.settings.path).anim_speed == pytest.approx(1.8)


def test_the_volume_slider_sets_every_effect_and_is_kept(tmp_path):
    from pygame_gui.elements import UIHorizontalSlider
    app = make_app(tmp_path)
    sounds = app.sounds
    click(app, app.scenes.top.buttons["menu.settings"])
    sliders = [w for w in app.ui.get_sprite_group().sprites()
               if isinstance(w, UIHorizontalSlider)]
    [volume] = [w for w in sliders if w.value_range == (0.0, 1.0)]
    volume.set_current_value(0.3)
    app.step(0.016, [pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=0.3,
                                        ui_element=volume, ui_object_id="")])
    assert app.settings.volume == pytest.approx(0.3) and sounds.volume == pytest.approx(0.3)
    assert all(s.get_volume() == pytest.approx(0.3, abs=0.01) for s in sounds._sounds.values())
    assert Settings.load(app.settings.path).volume == pytest.approx(0.3)


@pytest.mark.parametrize("language", ["zh", "en"])
def test_rules_page_marks_every_decision(tmp_path, language):
    text = rules_markdown(language)
    assert text.count(CHOICE_MARK) == rules_markdown("zh").count(CHOICE_MARK) >= 6
    app = make_app(tmp_path, language)
    click(app, app.scenes.top.buttons["menu.rules"])
    page = app.scenes.top
    assert isinstance(page, RulesScene)
    badges = [s for b in parse_rules(text, "x") for s in b.spans if s[1] == BADGE]
    assert len(badges) == text.count(CHOICE_MARK), "each decision gets its badge"
    click(app, page.back_button)
    assert isinstance(app.scenes.top, MenuScene)


def test_the_start_button_stays_in_view_when_the_form_scrolls(tmp_path, monkeypatch):
    fake_table = use_fake_table(monkeypatch)
    app = make_app(tmp_path)
    form = open_form(app, "menu.hotseat")
    for choice in form.seat_choices[1:]:
        click(app, pick(choice, "bot"))     # a command row each: more rows than fit
        form = app.scenes.top
    body = next(e for e in form.root.elements if isinstance(e, UIScrollingContainer))
    assert body.scrollable_container.rect.h > body.rect.h, "the rows scroll"
    button = form.start_button.rect
    assert body.rect.bottom <= button.top and button.bottom <= form.panel_rect.bottom
    assert button.bottom <= app.size[1]
    click(app, form.start_button)
    assert not fake_table, "programs without a command are refused, not started"
    assert form.dialog_open


@pytest.mark.parametrize("language", ["zh", "en"])
def test_every_setting_says_what_it_does_under_its_row(tmp_path, language):
    app = make_app(tmp_path, language)
    asked: list[str] = []
    translate = app.translator

    def recording(key, **fmt):
        asked.append(key)
        return translate(key, **fmt)

    app.translator = recording
    click(app, app.scenes.top.buttons["menu.settings"])
    notes = [k for k in asked if k.startswith("settings.note.")]
    assert {"settings.note.hint_efficiency", "settings.note.hint_suggest",
            "settings.note.hint_danger", "settings.note.delay"} <= set(notes)
    assert all(translate.strings[k][language].strip() for k in notes)


def test_quit_asks_first_while_a_match_is_open_and_says_it_is_kept(tmp_path):
    app = make_app(tmp_path, "en")
    click(app, app.scenes.top.buttons["menu.quit"])
    assert not app.running, "nothing open: quit at once"
    write_match()
    app = make_app(tmp_path, "en")
    click(app, app.scenes.top.buttons["menu.quit"])
    [dialog] = dialogs(app)
    assert app.running and dialog.message == app.t("menu.quit_saved")
    key(app, pygame.K_ESCAPE)                       # Cancel: still here
    assert app.running and not dialogs(app)
    click(app, app.scenes.top.buttons["menu.quit"])
    click(app, dialogs(app)[0].ok)
    assert not app.running
