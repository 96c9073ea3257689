"""The board's model shared by the table and the replay viewer: built from one seat's
view and plain data."""
from __future__ import annotations

from game.engine.events import last_discarder
from game.engine.state import RoundState
from game.ui.table_model import Plate, open_hands, seat_tag, table_model
from tests.engine_helpers import act, make_round

HANDS = ["5m19m258p369p147s58s", "46m28m147p258s369s", "55m19m369p147p258s",
         "46m28m258p147s369s"]    # seat 0 deals and discards 5m; seat 1 may chi it
PLATES = [Plate("东家", "human", 10), Plate("B", "hard", -3), Plate("C", "bot:prog", 0),
          Plate("D", "oracle", -7)]


def t(key: str, **fmt: object) -> str:
    """Words for every key but the tags of kinds with no words (a translator shows an
    unknown key as itself)."""
    if key.startswith("table.tag.") and key[10:] not in ("human", "hard", "bot"):
        return key
    return f"<{key}{''.join(f' {k}={v}' for k, v in sorted(fmt.items()))}>"


def a_round() -> RoundState:
    """Seat 1 deals; its fourteenth tile, the fresh draw, is 5m (not its highest)."""
    return make_round(["46m28m147p258s369s", "19m258p369p147s58s5m", *HANDS[2:]], dealer=1)


def test_plates_winds_and_captions_come_from_the_view() -> None:
    view = a_round().view(2)
    model = table_model(view, PLATES, t, hand=2, hands=8)
    assert [s.wind for s in model.seats] == [3, 0, 1, 2]           # seat 1 deals: East
    assert [s.dealer for s in model.seats] == [False, True, False, False]
    assert [s.total for s in model.seats] == [10, -3, 0, -7]
    assert model.center == ("<table.wall n=55>", "<table.hand n=3 total=8>")
    assert model.open_hands == (None, None, None, None)


def test_known_kinds_are_translated_and_others_shown_as_they_are() -> None:
    assert [seat_tag(p.kind, t) for p in PLATES] == ["<table.tag.human>", "<table.tag.hard>",
                                                    "<table.tag.bot>", "oracle"]


def test_open_hands_never_show_the_viewers_own_and_put_a_fresh_draw_last() -> None:
    state = a_round()
    shown = open_hands(state.view(s) for s in range(4))
    assert state.drawn == 4 and shown[1][-1] == 4 and shown[1] != tuple(state.hand_of(1))
    assert sorted(shown[1]) == state.hand_of(1) and shown[0] == tuple(state.hand_of(0))
    model = table_model(state.view(0), PLATES, t, hand=0, hands=1, shown=shown)
    assert model.open_hands[0] is None and model.open_hands[1] == shown[1]


def test_the_newest_discard_is_marked_until_it_is_claimed() -> None:
    state = make_round(HANDS)
    assert last_discarder(state.events) is None
    act(state, "0 discard 5m")
    assert last_discarder(state.events) == 0
    act(state, "2 pass")
    act(state, "1 chi 5m 46m")
    assert last_discarder(state.events) is None
