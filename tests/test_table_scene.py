"""The real table scene, driven by pygame events through the App's frame step."""
from __future__ import annotations

import errno
import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.tiles import parse_tile
from game.play.setup import Scenario, SeatSpec
from game.scenes.table import TableScene
from game.scenes.table.framing import frame_of
from game.shell import controller as controller_module
from game.shell import saves
from game.shell.app import App
from game.shell.controller import InlineExecutor
from game.shell.session import MatchSession
from game.shell.settings import Settings
from game.shell.specimens import busy_session

AI3 = [SeatSpec.parse("medium", "S"), SeatSpec.parse("easy", "W"), SeatSpec.parse("hard", "N")]
OTHERS = ["1112223334445s", "5556667778889s", "1112223334445p"]

MakeApp = Callable[..., App]


@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MakeApp]:
    """An App showing a TableScene for a session; AI answers computed inline."""

    def make(session: MatchSession, countdown: int = 0, size: tuple[int, int] = (1280, 800)
             ) -> App:
        settings = Settings(path=tmp_path / "settings.json")
        settings.anim_speed, settings.thinking_delay, settings.sound_on = 0.0, 0.0, False
        session.save_path = tmp_path / "autosave.json"
        session.setup = replace(session.setup, thinking_delay=0.0, claim_countdown=countdown)
        app = App(settings, lambda a: TableScene(a, session), size=size)
        return app

    monkeypatch.setattr(controller_module, "ThreadPoolExecutor",
                        lambda **_: InlineExecutor())

    yield make
    pygame.display.quit()


def frames_of(app: App, n: int) -> None:
    for _ in range(n):
        app.step(0.05, [])


def table(app: App) -> TableScene:
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    return scene


def click(app: App, pos: tuple[int, int]) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])


def play_person_hand(app: App, scene: TableScene, frames: int,
                     choose: Callable[[TableScene], bool] = lambda scene: False) -> None:
    """The person plays until the hand is over (or `frames` frames have passed): `choose`
    may answer a decision itself (True: answered); else the first bubble offered (a win,
    a claim, a pass, a set-up choice) is taken, or the first tile it may discard."""
    round_ = scene.session.round
    for _ in range(frames):
        app.step(1 / 60, [])
        if round_.is_over:
            return
        if not scene.acting or choose(scene):
            continue
        if scene.bubbles.options:
            click(app, scene.bubbles.rects[0].center)
        else:
            index = next(i for i, k in enumerate(scene.hand.tiles) if k in scene.hand.enabled)
            click(app, scene.hand.rects[index].center)


def key(app: App, k: int, mod: int = 0) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0)])


def new_session(seats: list[SeatSpec] | None = None, **kw: Any) -> MatchSession:
    return MatchSession.new("dazhong", 5, 4, seats or [SeatSpec.parse("human", "You"), *AI3], **kw)


def dealt(hand0: str, debug: bool = False) -> MatchSession:
    """The human deals `hand0` (14 tiles) from a scenario wall."""
    scenario = Scenario((hand0, *OTHERS))
    return new_session(debug=debug, scenario=scenario)


def test_clicking_a_hand_tile_discards_it(make_app: MakeApp) -> None:
    app = make_app(new_session())
    scene = table(app)
    app.step(1 / 60, [])
    kind = scene.hand.tiles[2]
    click(app, scene.hand.rects[2].center)
    assert scene.session.round.actions[0] == Action(0, A.DISCARD, kind)
    assert scene.session.round.discards[0][0].tile == kind


def test_arrow_keys_and_enter_discard(make_app: MakeApp) -> None:
    app = make_app(new_session())
    scene = table(app)
    app.step(1 / 60, [])
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.hand.focus == 1
    kind = scene.hand.tiles[1]
    key(app, pygame.K_RETURN)
    assert scene.session.round.actions[0] == Action(0, A.DISCARD, kind)


def test_claim_bubbles_match_legal_actions_and_a_click_claims(make_app: MakeApp,
                                                              tmp_path: Path) -> None:
    app = make_app(busy_session(tmp_path))
    scene = table(app)
    app.step(1 / 60, [])
    legal = scene.controller.legal(0)
    offered = [o.action for o in scene.bubbles.options]
    assert sorted(offered, key=str) == sorted(legal, key=str) and len(offered) >= 3
    choice = next(i for i, o in enumerate(scene.bubbles.options) if o.kind != A.PASS)
    action = scene.bubbles.options[choice].action
    actions = scene.session.match.hand_actions[-1]
    start = len(actions)
    click(app, scene.bubbles.rects[choice].center)
    assert action in actions[start:]


def test_number_key_answers_with_that_bubble(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(busy_session(tmp_path))
    scene = table(app)
    app.step(1 / 60, [])
    last = len(scene.bubbles.options)
    assert scene.bubbles.options[-1].kind == A.PASS
    actions = scene.session.match.hand_actions[-1]
    start = len(actions)
    key(app, getattr(pygame, f"K_{last}"))
    assert Action(0, A.PASS) in actions[start:]


@pytest.mark.parametrize("how", ["space", "right-click"])
def test_space_and_right_click_pass(make_app: MakeApp, tmp_path: Path, how: str) -> None:
    app = make_app(busy_session(tmp_path))
    scene = table(app)
    app.step(1 / 60, [])
    actions = scene.session.match.hand_actions[-1]
    start = len(actions)
    if how == "space":
        key(app, pygame.K_SPACE)
    else:
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3)])
        app.step(1 / 60, [])
    assert Action(0, A.PASS) in actions[start:]


def test_seat_winds_move_with_the_dealer(make_app: MakeApp, tmp_path: Path) -> None:
    session = busy_session(tmp_path)
    app = make_app(session)
    scene = table(app)
    assert [scene.wind(s) for s in range(4)] == [0, 1, 2, 3]
    feed = scene.feed      # a later hand, as its feed tells it: the deal has passed on twice
    assert feed.view is not None
    feed.view = replace(feed.view, dealer=2)
    assert [scene.wind(s) for s in range(4)] == [2, 3, 0, 1]


def test_the_claim_countdown_passes(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(busy_session(tmp_path), countdown=2)
    scene = table(app)
    actions = scene.session.match.hand_actions[-1]
    start = len(actions)
    for _ in range(3):
        app.step(0.5, [])
    assert not [a for a in actions[start:] if a.seat == 0]
    app.step(0.6, [])
    assert [a for a in actions[start:] if a.seat == 0] == [Action(0, A.PASS)]
    frames_of(app, 3)
    name = scene.controller.seat_name(0, scene.t)
    said = [line for line in scene.log.lines if name in line]
    assert said[-1] == scene.t("table.log.timeout", name=name)     # told once, as a time-out
    assert scene.t("table.log.pass", name=name) not in said[-2:]
    # the file marks the pass as the clock's, not the player's (the review keeps it apart)
    session = scene.session
    assert session is not None
    position = (session.match.hand_number, start)
    assert session.timeouts == [position]
    assert saves.load_save(session.save_path).timeouts == (position,)


def test_a_paused_table_holds_the_claim_countdown(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(busy_session(tmp_path), countdown=2)
    scene = table(app)
    actions = scene.session.match.hand_actions[-1]
    start = len(actions)
    scene.controller.paused = True          # hotseat pause (undo pauses the same way)
    for _ in range(8):
        app.step(0.5, [])
    assert not actions[start:] and scene.own_clock.left == 2
    scene.controller.paused = False
    for _ in range(5):
        app.step(0.5, [])
    assert [a for a in actions[start:] if a.seat == 0] == [Action(0, A.PASS)]


def test_ready_switch_allows_only_ready_discards(make_app: MakeApp) -> None:
    app = make_app(dealt("1112345678999m5p"))
    scene = table(app)
    app.step(1 / 60, [])
    kinds = [o.kind for o in scene.bubbles.options]
    assert kinds == ["ready"]
    key(app, pygame.K_1)
    ready_kinds = {a.tile for a in scene.controller.legal(0) if a.ready}
    assert scene.ready_on and scene.hand.enabled == ready_kinds
    assert parse_tile("5p") in ready_kinds and parse_tile("1m") not in ready_kinds
    index = scene.hand.tiles.index(parse_tile("5p"))
    click(app, scene.hand.rects[index].center)
    r = scene.session.round
    assert r.actions[0] == Action(0, A.DISCARD, parse_tile("5p"), ready=True)
    assert r.ready[0]


def test_self_draw_bubble_wins_and_results_follow(make_app: MakeApp) -> None:
    app = make_app(dealt("11112345678999m"))
    scene = table(app)
    app.step(1 / 60, [])
    kinds = [o.kind for o in scene.bubbles.options]
    assert kinds[:2] == [A.SELF_DRAW, A.CONCEALED_KONG]
    click(app, scene.bubbles.rects[0].center)
    assert scene.session.match.hand_finished
    app.step(1 / 60, [])
    assert type(app.scenes.top).__name__ == "ResultsScene"


@pytest.mark.parametrize("on", [False, True])
def test_auto_win_takes_a_self_draw_at_once(make_app: MakeApp, on: bool) -> None:
    app = make_app(dealt("11112345678999m"))
    app.settings.auto_win = on
    scene = table(app)
    for _ in range(3):
        app.step(1 / 60, [])
    r = scene.session.round
    assert [(a.seat, a.kind) for a in r.actions] == ([(0, A.SELF_DRAW)] if on else [])
    assert not r.auto[0], "托管 stays off"


@pytest.mark.parametrize("switch", ["", "never_claim", "auto_win"])
def test_never_claim_passes_a_claim_at_once(make_app: MakeApp, tmp_path: Path,
                                            switch: str) -> None:
    session = busy_session(tmp_path)
    legal = session.round.legal_actions(0)
    assert {a.kind for a in legal} & {A.CHI, A.PENG, A.KONG} and A.HU not in \
        {a.kind for a in legal}
    app = make_app(session)
    if switch:
        setattr(app.settings, switch, True)
    actions = session.match.hand_actions[-1]
    start = len(actions)
    for _ in range(3):
        app.step(1 / 60, [])
    mine = [a for a in actions[start:] if a.seat == 0]
    assert mine == ([Action(0, A.PASS)] if switch == "never_claim" else [])


def test_auto_play_button_hands_the_seat_over(make_app: MakeApp) -> None:
    app = make_app(new_session())
    scene = table(app)
    app.step(1 / 60, [])
    button = next(b for b in scene.toolbar.buttons if b.key == "auto")
    click(app, button.rect.center)
    r = scene.session.round
    assert r.auto[0]
    app.step(1 / 60, [])
    assert any(a.seat == 0 and a.kind == A.DISCARD for a in r.actions)


def test_window_resize_keeps_everything_inside(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(busy_session(tmp_path))
    scene = table(app)
    for size in [(1280, 800), (1024, 768), (1920, 1080), (800, 600), (1600, 700)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                             size=size)])
        assert scene.layout.size == size
        window = pygame.Rect((0, 0), size)
        rects = [*scene.layout.regions().values(), *scene.layout.panels().values(),
                 *scene.hand.rects, *scene.bubbles.rects,
                 *(b.rect for b in scene.toolbar.buttons)]
        outside = [r for r in rects if not window.contains(r)]
        assert not outside, (size, outside)


def test_a_seat_plate_holds_its_two_lines_of_text_at_every_size() -> None:
    """The name above, the level below: their sizes stop shrinking in small windows, so
    the plate grows to keep the two lines apart."""
    from game.render.layout import TableLayout
    from game.render.text import get_font
    pygame.init()
    for size in [(640, 480), (800, 600), (600, 900), (1280, 800), (3840, 2160)]:
        for players in (4, 2):
            layout = TableLayout(size, players)
            need = (round(13 * layout.scale) + get_font(layout.font, True).get_height()
                    + get_font(layout.small_font).get_height())
            assert all(p.h >= need for p in layout.plates.values()), (size, players)



@pytest.mark.parametrize("size, rows", [((640, 480), 4), ((1280, 800), 6)])
def test_the_log_shows_its_newest_lines_in_a_small_window(make_app: MakeApp,
                                                          size: tuple[int, int],
                                                          rows: int) -> None:
    from game.ui.panels import log_rows
    app = make_app(new_session(), size=size)
    scene = table(app)
    for i in range(12):
        scene.log.add(f"line {i}")
    shown = frame_of(scene).log_lines
    assert log_rows(scene.layout.log.h, scene.layout.small_font) == rows
    assert shown == tuple(f"line {i}" for i in range(12 - rows, 12))


def test_escape_pauses_and_save_and_quit_goes_to_the_menu(make_app: MakeApp,
                                                         tmp_path: Path) -> None:
    app = make_app(new_session())
    scene = table(app)
    key(app, pygame.K_ESCAPE)
    assert scene.overlay is not None
    before = list(scene.session.round.actions)
    app.step(1.0, [])
    assert scene.session.round.actions == before       # the table stands still
    quit_button = next(b for b in scene.overlay.buttons.buttons if b.key == "quit")
    click(app, quit_button.rect.center)
    assert type(app.scenes.top).__name__ == "MenuScene"
    assert saves.load_save(tmp_path / "autosave.json").setup.seats[0].text == "human"


@pytest.mark.parametrize("page", ["rules", "settings"])
def test_the_pause_menu_opens_rules_and_settings_and_returns(make_app: MakeApp,
                                                             page: str) -> None:
    app = make_app(new_session())
    scene = table(app)
    key(app, pygame.K_ESCAPE)
    assert scene.overlay is not None and scene.overlay.lines, "the keys are told"
    before = list(scene.session.round.actions)
    button = next(b for b in scene.overlay.buttons.buttons if b.key == page)
    click(app, button.rect.center)
    assert type(app.scenes.top).__name__ == {"rules": "RulesScene",
                                              "settings": "SettingsScene"}[page]
    app.step(1.0, [])
    key(app, pygame.K_ESCAPE)                          # back to the table, still paused
    assert app.scenes.top is scene and scene.overlay is not None
    assert scene.session.round.actions == before


def test_a_save_that_cannot_be_written_is_told_and_play_goes_on(
        make_app: MakeApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(new_session())
    scene = table(app)
    app.step(1 / 60, [])
    real_write = saves.write_save

    def disk_full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "write_save", disk_full)
    kind = scene.hand.tiles[2]
    click(app, scene.hand.rects[2].center)
    for _ in range(5):
        app.step(1 / 60, [])
    assert scene.session.round.actions[0] == Action(0, A.DISCARD, kind)   # play went on
    frame = frame_of(scene)
    assert scene.t("table.save_failed") in frame.info
    assert any("No space left on device" in line for line in scene.log.lines)
    key(app, pygame.K_ESCAPE)
    assert scene.overlay is not None
    quit_button = next(b for b in scene.overlay.buttons.buttons if b.key == "quit")
    click(app, quit_button.rect.center)
    assert app.scenes.top is scene                     # not left with the match unsaved
    monkeypatch.setattr(saves, "write_save", real_write)
    click(app, quit_button.rect.center)
    assert type(app.scenes.top).__name__ == "MenuScene"
    saved = saves.load_save(tmp_path / "autosave.json")
    assert saved.match.round.actions[0] == Action(0, A.DISCARD, kind)
    assert scene.session.save_problem is None


def test_debug_switches_open_hands_pause_step_and_undo(make_app: MakeApp) -> None:
    session = new_session([SeatSpec.parse("hard", "E"), *AI3], debug=True)
    session.setup = replace(session.setup, show_all_hands=False)
    app = make_app(session)
    scene = table(app)
    key(app, pygame.K_F3)                    # pause
    assert scene.controller.paused
    app.step(1.0, [])
    assert session.round.actions == []
    key(app, pygame.K_F1)                    # open hands (the full state, on purpose)
    model, _ = scene._board_model()
    assert model.open_hands[1] == tuple(session.round.hand_of(1))
    key(app, pygame.K_F4)                    # one step
    app.step(1 / 60, [])
    assert len(session.round.actions) == 1
    assert scene.controller.reasoning        # the AI's candidates were recorded
    key(app, pygame.K_F5)                    # undo
    assert session.round.actions == []
    assert not scene.controller.reasoning    # and go with the move taken back


def test_hotseat_turns_the_table_to_the_human_who_acts(make_app: MakeApp) -> None:
    seats = [SeatSpec.parse("human", "P1"), SeatSpec.parse("human", "P2"), *AI3[1:]]
    session = new_session(seats, debug=True)
    session.setup = replace(session.setup, show_all_hands=False)
    app = make_app(session)
    scene = table(app)
    app.step(1 / 60, [])
    assert scene.viewer == 0
    click(app, scene.hand.rects[0].center)
    for _ in range(50):
        app.step(1 / 60, [])
        if scene.viewer == 1:
            break
    assert scene.viewer == 1 and scene.overlay is not None     # pass the device to P2
    click(app, scene.overlay.card.center)
    assert scene.overlay is None


def test_two_player_table_fits_the_window(make_app: MakeApp) -> None:
    session = MatchSession.new("two_player", 2, 1, [SeatSpec.parse("human", "You"), AI3[0]])
    app = make_app(session, size=(800, 600))
    scene = table(app)
    app.step(1 / 60, [])
    window = pygame.Rect(0, 0, 800, 600)
    assert all(window.contains(r) for r in scene.layout.regions().values())
    assert not scene.layout.plates[0].colliderect(scene.layout.regions()["pool0"])


def test_a_discard_slides_to_the_pool_then_lands(make_app: MakeApp) -> None:
    app = make_app(new_session())
    scene = table(app)
    scene.effects.timeline.speed = 1.0
    app.step(1 / 60, [])
    click(app, scene.hand.rects[0].center)
    assert ("pool", 0) in scene.effects.hidden          # the tile is still in the air
    for _ in range(60):
        app.step(1 / 60, [])
    assert ("pool", 0) not in scene.effects.hidden


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("size", [(960, 600), (1024, 768), (2560, 1080), (3840, 2160)])
def test_specimens_keep_controls_inside_apart_and_off_the_name_plates(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    settings = Settings(path=tmp_path / "settings.json")
    settings.sound_on, settings.language = False, language
    try:
        for name, kw in TableScene.specimens(None):  # type: ignore[arg-type]
            app = App(settings, lambda a, kw=kw: TableScene(a, **kw), size=size)
            scene = table(app)
            scene.controller.paused = True
            app.step(1 / 60, [])
            window = pygame.Rect((0, 0), size)
            boxes = scene.layout_boxes()
            assert all(window.contains(b.rect) for b in boxes), name
            live = [b for b in boxes if b.interactive]
            plates = [b for b in boxes if b.name.startswith("plate")]
            for i, a in enumerate(live):
                covers = live[i + 1:] + ([] if a.name.startswith("overlay") else plates)
                assert not any(a.rect.colliderect(c.rect) for c in covers), (name, a)
            app.scenes.clear()
    finally:
        pygame.display.quit()


def test_a_quiet_human_turn_asks_for_no_frames(make_app: MakeApp, tmp_path: Path) -> None:
    """Idle is idle: waiting for the viewer's discard, nothing moving, the table rests."""
    session = MatchSession.new("dazhong", 3, 1, [SeatSpec.parse("human", "你"), *AI3])
    app = make_app(session)
    scene = table(app)
    for _ in range(120):                      # let the deal's motion settle
        app.step(1 / 30, [])
    assert scene.acting and not scene.animating
    key(app, pygame.K_RIGHT)
    assert not scene.animating


def test_the_table_is_fed_by_its_seat_alone(make_app: MakeApp, tmp_path: Path) -> None:
    session = busy_session(tmp_path)
    app = make_app(session)
    scene = table(app)
    for _ in range(5):
        app.step(0.5, [])
    feed = scene.feed
    assert feed.seat == scene.viewer == 0
    assert feed.events == session.round.events_for(0)
    assert scene.snapshot.view == session.round.view(0)
    assert all(e.tile is None for e in feed.events if e.kind == "draw" and e.seat != 0)
    model, _ = scene._board_model()
    assert all(hand is None for hand in model.open_hands)   # no door to the full state


def hover(app: App, pos: tuple[int, int]) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0))])


def test_hovering_a_tile_shows_its_shanten_and_effective_tiles(make_app: MakeApp) -> None:
    app = make_app(dealt("123m456p789s99p459m"))
    scene = table(app)
    app.step(1 / 60, [])
    assert not frame_of(scene).hints.panel
    nine = scene.hand.tiles.index(parse_tile("9m"))
    hover(app, scene.hand.rects[nine].center)
    hints = frame_of(scene).hints
    assert hints.panel and hints.tiles == ((parse_tile("3m"), 3), (parse_tile("6m"), 4))
    assert hints.title == scene.t("table.hint.ready", n=0, total=7)
    app.settings.hint_efficiency = False
    assert not frame_of(scene).hints.panel


def test_the_gold_borders_legend_shows_once_until_the_player_acts(make_app: MakeApp) -> None:
    app = make_app(dealt("123m456p789s99p459m"))
    scene = table(app)
    app.step(1 / 60, [])
    assert scene._hint is None and not scene.legend.on      # the suggestion is off by default
    app.settings.hint_suggest = True
    app.step(1 / 60, [])
    assert scene._hint is not None and scene.legend.on
    line = scene.t("table.hint.suggest_legend")
    assert any(text == line for segments in frame_of(scene).hints.lines for _, text in segments)
    assert Settings.load(app.settings.path).suggest_legend_seen
    click(app, scene.hand.rects[0].center)
    assert not scene.acting and not scene.legend.on
    again = make_app(dealt("123m456p789s99p459m"))
    again.settings.hint_suggest = again.settings.suggest_legend_seen = True
    again.step(1 / 60, [])
    again.step(1 / 60, [])
    assert table(again)._hint is not None and not table(again).legend.on


def test_danger_colours_tint_the_hand_once_someone_declared(make_app: MakeApp) -> None:
    from game.shell.specimens import declared_session
    app = make_app(declared_session())
    scene = table(app)
    app.step(1 / 60, [])
    assert frame_of(scene).hints.tints == ()                # off by default
    app.settings.hint_danger = True
    hints = frame_of(scene).hints
    assert {kind for kind, _ in hints.tints} == set(scene.hand.tiles)
    assert hints.lines and hints.lines[0][0][1] == scene.t("table.hint.danger")


def test_a_long_hint_panel_keeps_clear_of_the_name_plates() -> None:
    """Twenty effective tiles, the danger and the gold border's legend: the tiles shrink
    rather than reach up into a seat's name plate."""
    from game.render.layout import TableLayout
    from game.render.paint import GOLD
    from game.ui.hints import DANGER_COLORS, HintFrame, placed_panel
    pygame.init()
    hints = HintFrame("After it: 3 from ready · 60 useful tiles",
                      (DANGER_COLORS[2], "danger: medium"), tuple((k, 3) for k in range(20)),
                      (), (((GOLD, "Gold border: the move the AI would make"),),))
    for size in [(960, 600), (1280, 800), (1366, 768), (2560, 1080)]:
        layout = TableLayout(size, 4)
        placed = placed_panel(layout, hints, layout.waits.bottom)
        assert placed is not None
        rect = placed[1]
        assert pygame.Rect((0, 0), size).contains(rect), size
        assert rect.collidelist(list(layout.plates.values())) < 0, (size, rect)


def test_a_legend_line_too_wide_for_the_panel_goes_on_to_another_row() -> None:
    """At 960x600 with the UI at 200 % the gold border's legend and the danger legend no
    longer fit the panel's width: they wrap (taller panel), never cut at its edge."""
    from game.render.layout import TableLayout
    from game.render.paint import GOLD
    from game.ui.hints import DANGER_COLORS, HintFrame, hint_panel
    pygame.init()
    legend = (((GOLD, "金色边框：电脑会这样打"),),
              ((None, "危险："), *((c, "高高高") for c in DANGER_COLORS.values())))
    hints = HintFrame("", None, (), (), legend)
    font = TableLayout((960, 600), 4, 2.0).small_font
    wide = hint_panel(2000, 20, hints, font)
    narrow = hint_panel(wide.get_width() * 2 // 3, 20, hints, font)
    assert narrow.get_width() <= wide.get_width() * 2 // 3
    assert narrow.get_height() > wide.get_height()      # every word kept, on more rows
    titled = HintFrame("After it: 2 from ready · 9 useful tiles",
                       (DANGER_COLORS[2], "danger: medium"), ((3, 2),), (), ())
    one_row = hint_panel(2000, 20, titled, font)
    rows = hint_panel(one_row.get_width() // 2, 20, titled, font)   # title, danger apart
    assert rows.get_width() <= one_row.get_width() // 2
    assert rows.get_height() > one_row.get_height() + font
