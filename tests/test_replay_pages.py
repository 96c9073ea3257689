"""The replay viewer and review pages, driven by keys, wheel and clicks."""
from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UIButton, UILabel

from game.history.autoplay import TIMEOUT_SEAT, sample_match_file, sample_timeout_file
from game.history.timeline import Timeline
from game.play.setup import MatchSetup
from game.scenes.replay import ReplayScene
from game.scenes.review import ReviewScene
from game.shell import library, saves
from game.shell.app import App
from tests.shell_helpers import click, frames, key, make_app


def open_replay(tmp_path: Path, **kw: object) -> tuple[App, ReplayScene]:
    path = sample_match_file()
    app = make_app(tmp_path, "en")
    app.scenes.push("replay", match_path=path, **kw)
    frames(app)
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    return app, scene


def wheel(app: App, y: int) -> None:
    app.step(0.016, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y)])


def test_keys_and_wheel_step_and_back_to_the_same_state(tmp_path: Path) -> None:
    app, scene = open_replay(tmp_path)
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    assert scene.flat == 5
    here = scene.state.view(0), scene.state.hand_of(1), scene.log_lines
    wheel(app, 1)
    assert scene.flat == 4
    wheel(app, -1)
    assert (scene.state.view(0), scene.state.hand_of(1), scene.log_lines) == here
    key(app, pygame.K_END)
    assert scene.flat == scene.timeline.size - 1 and scene.state.is_over  # type: ignore[union-attr]
    key(app, pygame.K_UP)
    assert scene.flat == 0


def test_next_decision_goes_to_the_seat_s_own_move(tmp_path: Path) -> None:
    app, scene = open_replay(tmp_path, viewer=2)
    key(app, pygame.K_n)
    step = scene.timeline.next_step(scene.hand, scene.index)  # type: ignore[union-attr]
    assert step is not None and step.action.seat == 2


def test_play_advances_on_the_clock(tmp_path: Path) -> None:
    app, scene = open_replay(tmp_path)
    key(app, pygame.K_SPACE)
    assert scene.playing and scene.animating
    for _ in range(3):
        scene.cycle_speed()          # 1x -> 2x -> 4x -> 8x
    assert scene.speed == 8.0
    app.step(0.5, [])                # 8 steps at 16 steps a second
    assert scene.flat >= 8


def test_scrubber_click_jumps(tmp_path: Path) -> None:
    app, scene = open_replay(tmp_path)
    bar = scene.bar
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.right - 1,
                                                                     bar.centery), button=1)])
    assert scene.flat == scene.timeline.size - 1  # type: ignore[union-attr]


def test_seat_view_hides_other_hands(tmp_path: Path) -> None:
    _app, scene = open_replay(tmp_path, position=6, viewer=1, open_all=False)
    model = scene._model()
    assert model.view.seat == 1 and all(h is None for h in model.open_hands)
    scene.toggle_open()
    model = scene._model()
    assert [h is None for h in model.open_hands] == [False, True, False, False]


def test_play_from_here_opens_a_new_match_at_the_table(tmp_path: Path) -> None:
    app, scene = open_replay(tmp_path, position=10, viewer=3)
    source = scene.match_path.read_bytes()
    expected = scene.state.view(3)
    [branch] = [b for b in scene.rows[1].buttons if b.key == "branch"]
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=branch.rect.center,
                                        button=1)])
    top = app.scenes.top
    assert type(top).__name__ == "TableScene"
    session = top.session  # type: ignore[attr-defined]
    assert session.round.view(3) == expected and session.is_human(3)
    assert scene.match_path.read_bytes() == source
    [entry] = library.list_matches()
    assert entry.path.name.startswith("branch-")
    app.scenes.clear()


def test_a_damaged_file_shows_its_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    app = make_app(tmp_path, "en")
    app.scenes.push("replay", match_path=bad)
    frames(app)
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene) and scene.problem
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scenes.top, ReplayScene)


def test_review_page_runs_on_a_worker_and_links_to_moments(tmp_path: Path) -> None:
    path = sample_match_file()
    app = make_app(tmp_path, "en")
    app.scenes.push("review", match_path=path, seat=1)
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene)
    for _ in range(5):
        app.step(0.016, [])       # the page keeps drawing while the review works
    worker = scene._worker
    assert worker is not None
    worker.join(timeout=600)      # however slow the machine: a bound on a hang only
    frames(app)
    review = scene.result
    assert review is not None and review.decisions
    worst = review.mistakes()[0]
    buttons = [w for w in app.ui.get_sprite_group().sprites()
               if isinstance(w, UIButton) and w.text == "View"]
    click(app, min(buttons, key=lambda b: b.get_abs_rect().y))   # the costliest decision
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    tl = Timeline(saves.load_save(path).match)
    # the viewer shows the decision just played: its caption names the review's step
    assert (replay.hand, replay.index) == (worst.hand, worst.step + 1)
    assert replay._caption().startswith(
        app.t("replay.where", hand=worst.hand + 1, hands=len(tl.hands), step=worst.step + 1,
              steps=len(tl.hands[worst.hand].steps)))
    assert replay.viewer == 1 and not replay.open_all
    assert "Hard:" in replay._review_note()
    assert tl.next_step(worst.hand, worst.step).action.to_text() == worst.chosen  # type: ignore[union-attr]
    replay.step(-1)
    assert replay._review_note() == ""          # the note belongs to the step it names


def test_leaving_the_review_stops_its_worker(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    app.scenes.push("review", match_path=sample_match_file(), seat=0)
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene)
    worker = scene._worker
    app.scenes.pop()
    assert worker is not None and not worker.is_alive()


def test_review_button_in_the_viewer(tmp_path: Path) -> None:
    app, scene = open_replay(tmp_path, viewer=2)
    [button] = [b for b in scene.rows[1].buttons if b.key == "review"]
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center,
                                        button=1)])
    top = app.scenes.top
    assert isinstance(top, ReviewScene) and top.seat == 2
    app.scenes.clear()


def test_matches_page_views_a_finished_match_in_the_viewer(tmp_path: Path) -> None:
    path = library.new_match_path()
    saves.write_save(path, saves.load_save(sample_match_file()).match, MatchSetup())
    app = make_app(tmp_path, "en")
    app.scenes.push("matches")
    page = app.scenes.top
    page.open_entry(page.entries[0])  # type: ignore[union-attr]
    top = app.scenes.top
    assert isinstance(top, ReplayScene) and top.match_path == path
    key(app, pygame.K_ESCAPE)
    assert type(app.scenes.top).__name__ == "MatchesScene"


def test_load_of_a_finished_match_opens_the_viewer(tmp_path: Path, monkeypatch) -> None:
    from game import __main__ as entry
    from game.shell.app import App as RealApp
    opened: list[str] = []

    class FirstFrame(RealApp):
        def run(self) -> None:
            opened.append(type(self.scenes.top).__name__)
            self.scenes.clear()

    monkeypatch.setattr("game.shell.app.App", FirstFrame)
    assert entry.main(["--load", str(sample_match_file())]) == 0
    assert opened == ["ReplayScene"]


def test_review_page_tells_timeouts_apart(tmp_path: Path) -> None:
    """A claim the clock passed is marked 超时 and counted on its own line, not as the
    player's own 过; the viewer's note at it says so too."""
    app = make_app(tmp_path, "zh")
    path = sample_timeout_file()
    app.scenes.push("review", match_path=path, seat=TIMEOUT_SEAT, wait=True)
    frames(app)
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene) and scene.result is not None
    timed = [d for d in scene.result.decisions if d.timed_out]
    assert len(timed) == scene.result.timeouts == len(saves.load_save(path).timeouts) > 0
    texts = [w.text for w in app.ui.get_sprite_group().sprites() if isinstance(w, UILabel)]
    tag = app.t("review.timeout_tag") + " · "
    assert sum(text.startswith(tag) for text in texts) == len(timed)
    assert app.t("review.timeout_summary", n=len(timed)).split("，")[0] in "".join(texts)
    scene.open_moment(timed[0])
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    assert replay._review_note().startswith(tag)
