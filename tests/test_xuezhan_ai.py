"""Every AI level plays 血战到底 legally: its own 换三张 and 定缺, the void suit first."""
from __future__ import annotations

from ai.arena import play_seated
from ai.levels import make_agent
from ai.setup_choice import setup_choice
from game.engine import actions as A
from game.engine.state import RoundState
from game.engine.tiles import tile_name
from game.play.setup import SeatSpec
from game.rulesets import load_ruleset
from game.shell.controller import Controller, InlineExecutor
from game.shell.i18n import Translator
from game.shell.saves import load_save
from game.shell.session import MatchSession
from game.ui.hand_end import DEALT_IN, hand_rows, status_words

XZ = load_ruleset("xuezhan")


def test_every_level_plays_whole_hands_legally():
    for wall in range(2):
        state, _, _ = play_seated("xuezhan", wall, 7, ["hard", "medium", "easy", "medium"])
        assert state.is_over and sum(state.scores) == 0
        assert {a.kind for a in state.actions} >= {A.SWAP, A.VOID, A.DISCARD}


def test_the_void_is_the_weakest_suit_and_the_swap_its_loosest_tiles():
    state = RoundState.new(XZ, 0)
    for seat in range(4):
        view, legal = state.view(seat), state.legal_actions(seat)
        counts = view.hand_counts()
        suits = [sum(counts[9 * s:9 * s + 9]) for s in range(3)]
        swap = setup_choice(view, legal)
        suit = swap.tiles[0] // 9
        assert suits[suit] == min(n for n in suits if n >= 3)
    for seat in range(4):
        state.apply(setup_choice(state.view(seat), state.legal_actions(seat)))
    for seat in range(4):
        counts = state.view(seat).hand_counts()
        suits = [sum(counts[9 * s:9 * s + 9]) for s in range(3)]
        void = setup_choice(state.view(seat), state.legal_actions(seat))
        assert void.tile is not None and suits[void.tile // 9] == min(suits)


def test_a_whole_match_runs_at_the_table_with_four_ai_seats_and_its_save_reloads(tmp_path):
    seats = [SeatSpec.parse(level, name) for level, name in
             (("hard", "E"), ("medium", "S"), ("easy", "W"), ("medium", "N"))]
    session = MatchSession.new("xuezhan", 11, 4, seats)
    session.save_path = tmp_path / "autosave.json"
    table = Controller(session, executor=InlineExecutor(), thinking_delay=0.0)
    for _ in range(40000):
        if session.match.is_over:
            break
        if session.round.is_over:
            session.start_next_hand()
        table.update(0.0)
    assert session.match.is_over and len(session.match.history) == 4
    assert sum(session.match.totals) == 0
    assert session.autosave() and session.save_path is not None
    saved = load_save(session.save_path)
    assert saved.match.totals == session.match.totals


def test_the_end_of_hand_names_each_tile_a_seat_dealt_in_and_who_won_on_it():
    state = RoundState.new(XZ, 5)   # a wall where one seat deals in two tiles
    agents = [make_agent("medium", seat) for seat in range(4)]
    while not state.is_over:
        seat = state.seats_to_act()[0]
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions(seat)))
    rows = {r.seat: r for r in hand_rows(state)}
    fed = [r for r in rows.values() if r.status == DEALT_IN and len({w.tile for w in r.wins}) > 1]
    assert fed
    row = fed[0]
    names = ["E", "S", "W", "N"]
    line = status_words(row, names, Translator("en"), "en")
    for w in row.wins:
        assert f"{names[w.seat]}" in line and tile_name(w.tile) in line
