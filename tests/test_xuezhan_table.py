"""A person plays 血战到底 at the table: 换三张 picked on the hand, 定缺 by a bubble."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ai.protocol import view_message
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.view import Phase
from game.net.readers import read_view
from game.play.setup import SeatSpec
from game.render.board_model import laid_row
from game.scenes.table import TableScene
from game.scenes.table.framing import won_note
from game.scenes.table.snapshot import seat_wind
from game.shell import specimens
from game.shell.controller import Controller, InlineExecutor
from game.shell.session import MatchSession
from game.ui.hand import laid_hand
from game.ui.table_model import table_model
from game.ui.wording import WIND_KEYS
from tests.engine_helpers import tile
from tests.test_table_model import PLATES
from tests.test_table_scene import AI3, MakeApp, click, play_person_hand, table
from tests.test_table_scene import make_app as table_app  # noqa: F401  (a fixture)
from tests.test_xuezhan import several_winners_round


@pytest.fixture
def make(request: pytest.FixtureRequest) -> MakeApp:
    """The table scene tests' app maker."""
    maker: MakeApp = request.getfixturevalue("table_app")
    return maker


def plain(key: str, **fmt: object) -> str:
    """A key and its fields as words (the badges' makings seen plainly)."""
    return " ".join([key, *(f"{k}={v}" for k, v in sorted(fmt.items()))])


def bloody_session() -> MatchSession:
    return MatchSession.new("xuezhan", 3, 1, [SeatSpec.parse("human", "You"), *AI3])


def test_the_swap_starts_from_the_suggestion_and_a_tile_click_changes_it(
        make: MakeApp) -> None:
    app = make(bloody_session())
    scene = table(app)
    app.step(1 / 60, [])
    assert scene.snapshot.view.phase == Phase.SWAP
    default = scene.pick.default
    assert default is not None and default.kind == A.SWAP
    [bubble] = scene.bubbles.options
    assert bubble.action == default and len(scene.hand.raised) == 3
    picked = sorted(scene.hand.raised)
    click(app, scene.hand.rects[picked[0]].center)      # put one back: no legal trio
    assert len(scene.hand.raised) == 2 and scene.bubbles.options == []
    assert not [a for a in scene.session.round.actions if a.seat == 0]   # nothing played
    click(app, scene.hand.rects[picked[0]].center)       # and pick it again
    assert scene.bubbles.options[0].action == default
    click(app, scene.bubbles.rects[0].center)
    assert default in scene.session.round.actions


def test_a_person_plays_a_whole_bloody_hand(make: MakeApp) -> None:
    app = make(bloody_session())
    scene = table(app)
    round_ = scene.session.round

    def void_bubbles_marked(scene: TableScene) -> bool:
        """定缺: three suit bubbles, the suggestion marked (the first is then taken)."""
        if scene.pick.legal and not scene.pick.swapping:
            options = scene.bubbles.options
            assert [o.kind for o in options] == [A.VOID] * 3
            assert sum(o.claimed is not None for o in options) == 1   # the suggestion marked
        return False

    play_person_hand(app, scene, 600, void_bubbles_marked)
    assert round_.is_over
    mine = [a for a in round_.actions if a.seat == 0]
    assert [a.kind for a in mine[:2]] == [A.SWAP, A.VOID] and mine[1].tile == 0


def test_the_clock_answers_a_set_up_choice_with_the_suggestion(
        make: MakeApp) -> None:
    app = make(bloody_session(), countdown=1)
    scene = table(app)
    app.step(1 / 60, [])
    default = scene.pick.default
    app.step(0.6, [])
    app.step(0.6, [])
    assert default in scene.session.round.actions
    assert scene.session.timeouts


def test_the_winners_are_laid_down_in_order_with_how_they_won(make: MakeApp) -> None:
    session = specimens.bloody_session(winners=2)   # the person has won, and one more
    wins = list(session.round.wins)
    assert len(wins) == 2 and 0 in [w.seat for w in wins] and not session.round.is_over
    app = make(session)
    scene = table(app)
    view = scene.snapshot.view
    for place, win in enumerate(wins):
        laid = list(win.hand)
        laid.remove(win.tile)
        assert view.won_hands[win.seat] == tuple(laid) and view.won[win.seat] == win.tile
        plate = scene._board_model()[0].seats[win.seat]
        assert plate.won == f"第{place + 1}胡" and plate.void == ""
        how = app.t("table.win.self") if win.from_seat is None else \
            app.t("table.win.from", wind=app.t(WIND_KEYS[seat_wind(view, win.from_seat)]))
        assert plate.tag.startswith(f"{how} · ")
    playing = [s for s in range(4) if view.won[s] < 0]
    assert all(view.won_hands[s] == () for s in playing)
    mine = next(w for w in wins if w.seat == 0)
    assert scene.hand.laid and scene.hand.drawn_apart
    assert scene.hand.tiles == [*view.won_hands[0], mine.tile]
    assert not scene.hand.enabled and won_note(scene) == app.t("table.won_note")


def test_the_winners_hands_reach_a_client_as_the_table_has_them() -> None:
    view = specimens.bloody_session(winners=2).round.view(1)
    read = read_view(json.loads(json.dumps(view_message(view))))
    assert read.won_hands == view.won_hands and sum(map(bool, view.won_hands)) == 2


def test_the_ai_plays_on_without_pause_once_every_person_has_won() -> None:
    waiting = Controller(specimens.bloody_session(winners=1), executor=InlineExecutor(),
                         thinking_delay=5.0)
    assert not waiting.people_out()      # the first winner is not the person
    session = specimens.bloody_session(winners=2)
    controller = Controller(session, executor=InlineExecutor(), thinking_delay=5.0)
    assert controller.people_out()
    played = len(session.round.actions)
    for _ in range(4):
        controller.update(0.05)
    assert len(session.round.actions) > played


def test_several_winners_on_one_discard_are_all_laid_down_in_order() -> None:
    state = several_winners_round()
    for text in ("0 discard 5p", "1 hu 5p", "2 hu 5p"):
        state.apply(Action.from_text(text))
    view = state.view(3)
    model = table_model(view, PLATES, plain, hand=0, hands=1, events=state.events)
    assert [s.won for s in model.seats] == [
        "", "table.badge.win_place n=1 nth=1st", "table.badge.win_place n=2 nth=2nd", ""]
    from_east = "table.win.from wind=table.wind.0"     # seat 0 deals: the discarder is East
    assert [s.tag.split(" · ")[0] for s in model.seats[1:3]] == [from_east, from_east]
    assert [s.void for s in model.seats] == ["table.badge.void_p", "", "",
                                             "table.badge.void_m"]
    for seat in (1, 2):    # 13 tiles laid down and the 5p apart
        assert laid_row(view, seat) == [*view.won_hands[seat], tile("5p")]
        assert len(view.won_hands[seat]) == 13
    assert laid_row(view, 0) is None and laid_row(view, 3) is None


def test_a_view_that_does_not_tell_the_winners_hands_lays_them_face_down() -> None:
    view = specimens.bloody_session(winners=2).round.view(0)
    told = replace(view, won_hands=())       # as a server of an older version sends it
    for win in specimens.bloody_session(winners=2).round.wins:
        row = laid_row(told, win.seat)
        assert row is not None and row[-1] == win.tile and set(row[:-1]) == {None}
        assert len(row) == len(laid_row(view, win.seat) or ())
    assert laid_hand(view) == [*view.won_hands[0], view.won[0]] and laid_hand(told) is None
