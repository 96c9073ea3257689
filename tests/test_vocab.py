"""The typed vocabulary: action kinds, phases and event data are enums and typed shapes
whose text on the wire, in files and in reprs is what it always was."""
import json

from game.engine.actions import Action, ActionKind
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
