"""No seat is ever told another seat's concealed tiles: not by its view, not by the
events it may see (a 暗杠 is face down, a 报听 says 'ready', never the waits)."""
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import events as E
from game.engine.events import Event
from game.engine.melds import KONG_CONCEALED
from game.engine.state import RoundState
from game.rulesets import available_rulesets, load_ruleset
from tests.engine_helpers import act, make_round, texts, tile, until_turn_of

RULESETS = {rid: load_ruleset(rid) for rid in available_rulesets()}

# What another seat's event may carry, by kind (anything else would be a leak)
PUBLIC_DATA = {
    E.DEAL: {"tiles"}, E.DRAW: {"replacement"}, E.DISCARD: {"ready", "auto"},
    E.READY: set(), E.CLAIM: {"kind", "from", "tiles"}, E.KONG: {"kind"},
    E.KONG_DONE: {"scored_as"},
    E.WIN: {"how", "from", "pattern", "fan"}, E.PAYMENT: {"payer", "amount", "reason"},
    E.EXHAUSTED: set(), E.AUTO: {"on"},
    E.SWAP: {"direction", "given", "received"},   # the tiles only to the seat itself (below)
    E.VOID: {"suit"}, E.FLOWER: {"flower"},
}


def leaks(event: Event, seat: int) -> list[str]:
    """What `event`, as given to `seat`, tells about another seat's concealed tiles."""
    if event.seat == seat:
        return []
    if event.kind in (E.PASS, E.CLAIM_WINDOW):  # each says the seat could claim the tile
        return [f"seat {event.seat}'s {event.kind} is told"]
    found = []
    assert isinstance(event.data, E.DATA_OF[event.kind])
    extra = set(event.data.as_dict()) - PUBLIC_DATA[event.kind]
    if extra:
        found.append(f"{event.kind} of seat {event.seat} carries {sorted(extra)}")
    if isinstance(event.data, E.SwapData) and (event.data.given or event.data.received):
        found.append(f"seat {event.seat}'s 换三张 shows its tiles")
    face_down = event.kind == E.DRAW or (isinstance(event.data, E.KongData)
                                         and event.data.kind == KONG_CONCEALED)
    if face_down and event.tile is not None:
        found.append(f"{event.kind} of seat {event.seat} shows its tile")
    return found


def view_leaks(state: RoundState, seat: int) -> list[str]:
    view = state.view(seat)
    found = []
    if list(view.hand) != state.hand_of(seat):
        found.append("the view's hand is not the seat's own")
    if view.drawn is not None and view.drawn not in view.hand:
        found.append("the drawn tile is not the seat's own")
    for other, melds in enumerate(view.melds):
        for meld in melds:  # face down until the hand ends
            if other != seat and meld.kind == KONG_CONCEALED and meld.tiles and not state.is_over:
                found.append(f"seat {other}'s 暗杠 is face up")
    return found


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), ruleset_id=st.sampled_from(sorted(RULESETS)),
       ready_bias=st.floats(0.0, 1.0))
def test_no_seat_learns_another_seats_concealed_tiles(seed: int, ruleset_id: str,
                                                      ready_bias: float) -> None:
    ruleset = RULESETS[ruleset_id]
    rng = random.Random(seed)
    r = RoundState.new(ruleset, seed)
    while not r.is_over:
        seat = r.seats_to_act()[0]
        legal = r.legal_actions(seat)
        # lean towards 报听 and kongs, the moves with something to hide
        keen = [a for a in legal if a.ready or "kong" in a.kind]
        r.apply(rng.choice(keen if keen and rng.random() < ready_bias else legal))
        for s in range(ruleset.players):
            assert view_leaks(r, s) == []
    for s in range(ruleset.players):
        problems: list[Any] = [p for e in r.events_for(s) for p in leaks(e, s)]
        assert problems == []


KONG_HANDS = ["8888s19m28m369p147p", "777s147m258p369p1s", "369m147p258p123s4s",
              "258m369m1p4s6s9s2s5s8p"]


def test_a_concealed_kong_is_face_down_to_the_others_and_open_to_its_owner() -> None:
    r = make_round(KONG_HANDS, replacements="3s")
    act(r, "0 concealed_kong 8s")
    own = [e for e in r.events_for(0) if e.kind == E.KONG]
    other = [e for e in r.events_for(1) if e.kind == E.KONG]
    assert own[0].tile is not None and other[0].tile is None
    assert other[0].data == E.KongData(KONG_CONCEALED)
    assert other[0].data.as_dict() == {"kind": KONG_CONCEALED}
    assert r.view(1).melds[0][0].tiles == () and r.view(0).melds[0][0].tiles != ()


def test_a_concealed_kong_is_turned_face_up_when_the_hand_ends() -> None:
    # RULES.md: the others learn which tile "until the hand ends", not after it
    r = make_round(KONG_HANDS, replacements="3s")
    act(r, "0 concealed_kong 8s")
    while not r.is_over:
        until_turn_of(r, -1)
    assert r.view(1).melds[0][0].tiles == (tile("8s"),) * 4


def test_a_ready_declaration_tells_ready_not_the_waits() -> None:
    hands = ["123m456p789s1122s9m", "369m147p258p123s4s", "147m258m369p1s5s9s2p",
             "258m369m1p4s6s9s2s5s8p"]
    r = make_round(hands)
    declare = [a for a in texts(r.legal_actions(0)) if a.endswith("ready")]
    assert declare, "the test hand can declare 报听"
    act(r, declare[0])
    mine = [e for e in r.events_for(0) if e.kind == E.READY]
    theirs = [e for e in r.events_for(2) if e.kind == E.READY]
    assert "waits" in mine[0].data.as_dict() and "waits" not in theirs[0].data.as_dict()
    assert r.view(2).ready[0] is True


def test_a_claim_and_its_pass_are_told_only_to_the_seat_that_could_claim() -> None:
    # seat 1 holds 99m: seat 0's discard of 9m lets it 碰; its pass must not tell the
    # others that it held a pair of them
    hands = ["123m456p789s1122s9m", "99m147p258p123s4s5s", "147m258m369p1s5s9s2p",
             "258m369m1p4s6s7s2s5s8p"]
    r = make_round(hands)
    act(r, "0 discard 9m")
    assert "1 peng 9m" in texts(r.legal_actions(1))
    act(r, "1 pass")
    told = [(e.kind, e.seat, e.data.as_dict().get("from")) for e in r.events_for(1)
            if e.kind in (E.PASS, E.CLAIM_WINDOW)]
    assert told == [(E.CLAIM_WINDOW, 1, 0), (E.PASS, 1, None)]
    for other in (0, 2, 3):
        assert [e for e in r.events_for(other) if e.kind in (E.PASS, E.CLAIM_WINDOW)] == []
    assert [e.seat for e in r.events if e.kind == E.PASS] == [1]   # the record keeps it
