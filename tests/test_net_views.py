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
from game.engine.match import Match
from game.net.readers import read_view
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
