"""What the server sends is the bot protocol's messages, byte for byte as json.dumps
writes them, however much of it was made once and kept: views of every seat through a
played hand (each seat's last view sent again, pools written once for four seats),
events and a decide."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ai.protocol import decide_message, decide_shown, event_message, view_message
from game.engine.events import EventKind
from game.engine.match import Match
from game.net.readers import read_seen_event, read_view
from game.net.views import ViewTexts
from game.net.wire import encode
from game.rulesets import load_ruleset


def as_json(message: dict[str, Any]) -> bytes:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()


@pytest.mark.parametrize("ruleset", ["dazhong", "xuezhan", "guobiao"])
def test_a_rooms_view_texts_are_the_views_of_the_bot_protocol_through_a_hand(
        ruleset: str) -> None:
    match = Match(load_ruleset(ruleset), 11, 1)
    rng = random.Random(3)
    views = ViewTexts()
    checked = 0
    while not match.round.is_over:
        state = match.round
        for seat in (rng.randrange(4), *range(4)):
            view = state.view(seat)
            assert encode({"view": views(view)}) == as_json({"view": view_message(view)})
            read = read_view(json.loads(encode(views(view))))   # as a client reads it
            assert (read.voids, read.won, read.won_hands, read.flowers, read.round_wind) == \
                (view.voids, view.won, view.won_hands, view.flowers, view.round_wind)
            checked += 1
        for event in state.events[-3:]:
            assert encode(event_message(event)) == as_json(event_message(event))
        seat = state.seats_to_act()[0]
        legal = list(state.legal_now(seat))
        assert encode(decide_shown(views(state.view(seat)), legal, 900, 7)) == \
            as_json(decide_message(state.view(seat), legal, 900, 7))
        match.apply(rng.choice(legal))
    assert checked > 200


@pytest.mark.parametrize("ruleset", ["dazhong", "xuezhan", "guobiao"])
def test_every_event_a_seat_is_sent_reads_back_as_the_engine_made_it(ruleset: str) -> None:
    match = Match(load_ruleset(ruleset), 5, 1)
    rng = random.Random(8)
    while not match.round.is_over:
        seat = match.round.seats_to_act()[0]
        match.apply(rng.choice(list(match.round.legal_now(seat))))
    kinds = set()
    for seat in range(4):
        for event in match.round.events_for(seat):
            read = read_seen_event(json.loads(encode(event_message(event))), 4)
            assert (read.kind, read.seat, read.tile, read.data) == \
                (event.kind, event.seat, event.tile, event.data)
            kinds.add(event.kind)
    assert ruleset != "xuezhan" or {EventKind.SWAP, EventKind.VOID} <= kinds
    assert ruleset != "guobiao" or EventKind.FLOWER in kinds
