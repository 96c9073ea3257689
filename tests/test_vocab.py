"""The typed vocabulary: action kinds, phases and event data are enums and typed shapes
whose text on the wire, in files and in reprs is what it always was."""
import hashlib
import json
import random

from ai.protocol import decide_message, encode, event_message, wins_message
from game.engine.actions import Action, ActionKind
from game.engine.events import DATA_OF, ClaimData, ReadyData, WinData, WinKind
from game.engine.state import RoundState
from game.engine.view import Phase
from game.rulesets import load_ruleset


def test_action_kinds_are_typed_and_read_as_their_text():
    action = Action.from_text("1 discard 5m ready")
    assert action.kind is ActionKind.DISCARD
    assert action.to_text() == "1 discard 5m ready"
    assert repr(action) == "Action(seat=1, kind='discard', tile=4, tiles=(), ready=True, on=False)"
    assert json.dumps({"kind": ActionKind.SELF_DRAW}) == '{"kind": "tsumo"}'


def test_a_view_phase_is_a_phase():
    r = RoundState.new(load_ruleset(), seed=3)
    assert r.view(0).phase is Phase.TURN
    assert all(type(a.kind) is ActionKind for a in r.legal_actions(0))


LATER_WIN_FIELDS = ("tile", "from")
RECORDED_RULESETS = ("dazhong", "changsha", "honors", "two_player", "wildcard")  # then shipped


def protocol_bytes_digest(seeds: int) -> str:
    """sha256 of everything the bot protocol sends over seeded random rounds of every
    shipped ruleset: each seat's events, each decision request, the end of each hand."""
    digest = hashlib.sha256()
    for ruleset_id in RECORDED_RULESETS:
        ruleset = load_ruleset(ruleset_id)
        for seed in range(seeds):
            r, rng, told = RoundState.new(ruleset, seed), random.Random(seed), [0] * 4
            while True:
                for s in range(ruleset.players):
                    for e in r.events_for(s, told[s]):
                        digest.update(encode(event_message(e)))
                    told[s] = len(r.events)
                if r.is_over:
                    break
                seat = r.seats_to_act()[0]
                legal = r.legal_actions(seat)
                digest.update(encode(decide_message(r.view(seat), legal, 1000, 1)))
                r.apply(rng.choice(legal))
            # the fields each win gained later (its tile, and whose it was) left out
            wins = [{k: v for k, v in win.items() if k not in LATER_WIN_FIELDS}
                    for win in wins_message(r.wins)]
            for s in range(ruleset.players):
                digest.update(encode({"wins": wins,
                                      "view": decide_message(r.view(s), [], 0)}))
    return digest.hexdigest()


def test_the_bot_protocol_sends_the_same_bytes_as_before_the_vocabulary_was_typed():
    # recorded with the string-typed kinds, phases and event data (commit 2b43931)
    assert protocol_bytes_digest(6) == \
        "2f3bb30826e089ea98e27b6c9b28065133b2cb4f8ccbff646348bca4037aab11"


def test_each_event_kind_has_its_typed_data():
    r = RoundState.new(load_ruleset(), seed=5)
    rng = random.Random(5)
    while not r.is_over:
        r.apply(rng.choice(r.legal_actions(r.seats_to_act()[0])))
    for e in r.events:
        assert type(e.data) is DATA_OF[e.kind], e
    claim = ClaimData(ActionKind.PENG, 2, (4, 4, 4))
    assert claim.as_dict() == {"kind": "peng", "from": 2, "tiles": [4, 4, 4]}
    assert list(claim.as_dict()) == ["kind", "from", "tiles"], "the JSON keeps its key order"
    win = WinData(WinKind.SELF_DRAW, None, "basic", 6)
    assert json.dumps(win.as_dict()) == \
        '{"how": "tsumo", "from": null, "pattern": "basic", "fan": 6}'
    assert ReadyData("14s").hidden().as_dict() == {}
