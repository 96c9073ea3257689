"""The results of a hand at an online table: the same report the local page shows, built
from what the seat was told (its own hand only), offered after each hand while the table
goes on underneath, and the lobby with the totals after the last."""
from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.protocol import decide_message, ended_message, event_message, view_message
from game.engine.match import Match
from game.net.online_table import OnlineTable
from game.scenes.results import ResultsScene
from game.shell.specimens import discard_win_session
from game.ui.hand_end import DEALT_IN, READY, UNTOLD, WON, HandRow, hand_rows
from game.ui.hand_report import local_report, online_report
from tests.shell_helpers import Backdrop, make_app
from tests.test_online_table import ScriptLink, played, seated, told

NAMES = ("东家", "南家", "西家", "北家")


def won_hand(length: int = 2) -> Match:
    """Seat 1 wins at once on the dealer's 4s; seats 2 and 3 are ready (听牌)."""
    return discard_win_session(length=length).match


def after_the_hand(match: Match, seat: int = 0, hands_told: bool = True
                   ) -> tuple[ScriptLink, OnlineTable]:
    """A seat that was told the whole hand, its end_hand (every seat's tiles in it,
    unless `hands_told` is off: a server that did not send them) and the lobby after it."""
    link = ScriptLink()
    online = seated(link, seat)
    lobby = {"type": "lobby", "room": "ABCDEF", "host": 0, "started": True, "hand": 1,
             "hands": match.length, "totals": [0, 0, 0, 0], "seats": []}
    state = match.round
    end = ended_message(state)
    if not hands_told:      # as servers before the hands were shown sent it
        del end["hands"]
        end["wins"] = [{k: v for k, v in w.items() if k not in ("tile", "from")}
                       for w in end["wins"]]
    link.inbox += [lobby, *told(match, seat), end, {**lobby, "totals": list(match.totals)}]
    online.update(0.0)
    return link, online


def test_the_local_report_holds_what_the_page_read_of_the_session() -> None:
    match = won_hand()
    hand = match.history[-1]
    report = local_report(match, NAMES)
    assert report.rows == tuple(hand_rows(match.round))
    assert (report.number, report.length, report.dealer, report.exhausted) == \
        (hand.number, match.length, hand.dealer, hand.exhausted)
    assert report.payments == hand.payments and report.deltas == hand.deltas
    assert report.totals == tuple(match.totals) and not report.match_over
    assert report.names == NAMES


def test_the_online_report_shows_every_hand_as_the_local_one_does() -> None:
    match = won_hand()
    _, online = after_the_hand(match, seat=0)
    seen = online.hand_end()
    assert seen is not None
    report = online_report(seen, online.ruleset, NAMES)
    local = local_report(match, NAMES)
    assert report.payments == local.payments and report.payments
    assert report.deltas == local.deltas and report.totals == local.totals
    assert (report.dealer, report.exhausted, report.number) == (0, False, 0)
    for row, known in zip(report.rows, local.rows):
        assert (row.status, row.concealed, row.melds, row.hidden) == \
            (known.status, known.concealed, known.melds, 0)
    assert [r.status for r in report.rows] == [DEALT_IN, WON, READY, READY]
    assert report.rows[1].wins[0].pattern.name == local.rows[1].wins[0].pattern.name
    assert report.rows[1].wins[0].pattern.fan == local.rows[1].wins[0].pattern.fan


def test_a_server_that_does_not_show_the_hands_leaves_the_others_face_down() -> None:
    match = won_hand()
    _, online = after_the_hand(match, seat=0, hands_told=False)
    seen = online.hand_end()
    assert seen is not None and seen.hands is None
    report = online_report(seen, online.ruleset, NAMES)
    local = local_report(match, NAMES)
    mine, winner, *others = report.rows
    assert mine.status == DEALT_IN and (mine.concealed, mine.melds, mine.hidden) == \
        (local.rows[0].concealed, local.rows[0].melds, 0)
    assert mine.wins[0].hand == ()                 # the winner's hand is not told
    assert winner.status == WON and winner.concealed == () and winner.hidden == 13
    for row in others:
        assert row.status == UNTOLD and row.concealed == () and row.hidden == 13


def test_the_table_offers_results_after_a_hand_and_the_lobby_after_the_last() -> None:
    _, online = after_the_hand(won_hand(length=2))
    assert online.next_page(False) is None        # the hand's end is still on screen
    page = online.next_page(True)
    assert page is not None and page[0] == "results" and page[1]["online"] is online
    assert online.next_page(True) is None          # once a hand
    _, last = after_the_hand(won_hand(length=1))
    last.over = True                               # the match's record came
    assert last.next_page(True) == ("results", {"online": last})
    assert last.next_page(True) == ("lobby", {"online": last, "owner": False})


def test_the_online_page_stays_over_the_next_deal_and_closes_when_the_seat_is_asked(
        tmp_path: Path) -> None:
    match = won_hand()
    link, online = after_the_hand(match)
    app = make_app(tmp_path, "en", Backdrop)
    page = online.next_page(True)
    assert page is not None
    app.scenes.push(page[0], **page[1])
    app.step(0.016, [])
    scene = app.scenes.top
    assert isinstance(scene, ResultsScene)
    assert scene.primary.text == "Continue"
    shown = scene.report
    match.start_next_hand()
    link.inbox += told(match, 0)                   # the server deals the next hand
    app.step(0.016, [])
    assert app.scenes.top is scene and scene.report == shown   # still this hand's
    assert not online.hand_finished                # the table underneath went on
    state, start = match.round, len(match.round.events)
    rng = random.Random(5)
    while 0 not in state.seats_to_act():
        seat = state.seats_to_act()[0]
        match.apply(rng.choice(state.legal_actions(seat)))
    news = [event_message(e) for e in state.events_for(0, start)]
    news[-1]["view"] = view_message(state.view(0))
    link.inbox += [*news, decide_message(state.view(0), state.legal_actions(0), 20000, 1)]
    app.step(0.016, [])
    assert app.scenes.top is not scene             # the seat's turn: back to the table


class Table:
    """A table page listening to the seat (what it hears does not matter here)."""

    def on_events(self) -> None:
        """Heard."""

    def on_reset(self) -> None:
        """Heard."""


def test_a_deal_that_comes_early_waits_until_the_table_has_offered_the_results() -> None:
    match = won_hand()
    link, online = after_the_hand(match)
    online.listener = Table()
    match.start_next_hand()
    link.inbox += told(match, 0)                   # the server's pause was short
    online.update(0.0)
    assert online.hand_finished and online.progress()[0] == 0   # the deal waits
    assert online.next_page(True) == ("results", {"online": online})
    online.update(0.0)
    assert not online.hand_finished and online.progress()[0] == 1


def shown(row: HandRow) -> tuple[object, ...]:
    """What a results row shows (a meld as its kind, tiles and where it came from)."""
    melds = tuple((m.kind, tuple(m.tiles), m.claimed, m.from_seat) for m in row.melds)
    return row.status, row.concealed, melds, row.hidden


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), seat=st.integers(0, 3))
def test_every_row_of_a_told_hand_reads_as_the_local_page_reads_it(seed: int, seat: int) -> None:
    match = played(seed, 1000)          # a random hand to its end (a win or a draw)
    assert match.round.is_over
    _, online = after_the_hand(match, seat)
    seen = online.hand_end()
    assert seen is not None
    report, local = online_report(seen, online.ruleset, NAMES), local_report(match, NAMES)
    assert [shown(r) for r in report.rows] == [shown(r) for r in local.rows]


def test_a_seat_taken_back_after_the_end_is_shown_every_hand_from_the_state() -> None:
    match = won_hand()
    state = match.round
    link = ScriptLink()
    online = seated(link, 2)
    link.inbox += [{"type": "state", "view": view_message(state.view(2)), "hand": 1,
                    "totals": [0] * 4}, ended_message(state)]   # its end follows the state
    online.update(0.0)
    seen = online.hand_end()
    assert online.problem is None and seen is not None and seen.events == ()
    assert seen.hands == tuple(tuple(state.hand_of(s)) for s in range(4))
    report, local = online_report(seen, online.ruleset, NAMES), local_report(match, NAMES)
    assert [shown(r) for r in report.rows] == [shown(r) for r in local.rows]
    assert not report.exhausted and report.deltas == local.deltas
