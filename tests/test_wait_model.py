"""The fitted model of a declared seat's waits (ai.wait_model) and its fitting tool."""
from __future__ import annotations

import numpy as np

from ai.defense import shape_waits
from ai.levels import make_agent
from ai.wait_model import declaration, logistic, wait_chances
from ai.wait_weights import FEATURES, WEIGHTS
from game.engine.state import RoundState
from game.rulesets import load_ruleset
from tools.fit_wait_model import auc, fit, samples


def test_the_shipped_weights_match_the_features() -> None:
    assert len(WEIGHTS) == len(FEATURES)


def test_the_fit_recovers_known_weights() -> None:
    rng = np.random.default_rng(3)
    x = np.column_stack([np.ones(20000), rng.normal(size=(20000, 2))])
    truth = np.array([-2.0, 1.0, -0.5])
    y = (rng.random(20000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    assert np.allclose(fit(x, y), truth, atol=0.12)


def _first_declaration(seed: int) -> tuple[RoundState, int, int] | None:
    """Play Medium seats until someone declared and another seat is on its turn."""
    state = RoundState.new(load_ruleset("dazhong"), seed)
    agents = [make_agent("medium", seed * 10 + i) for i in range(4)]
    while not state.is_over:
        seat = state.seats_to_act()[0]
        declared = [s for s in range(4) if s != seat and state.ready[s]]
        if declared and state.drawn is not None and not state.ready[seat]:
            return state, seat, declared[0]
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions(seat)))
    return None


def test_passed_tiles_are_safe_and_chances_are_chances() -> None:
    found = 0
    for seed in range(40):
        case = _first_declaration(seed)
        if case is None:
            continue
        state, seat, other = case
        view = state.view(seat)
        unseen = np.asarray(view.unseen_counts(), dtype=np.float64)
        p = wait_chances(view, other, unseen, shape_waits(view, other, unseen))
        _, safe = declaration(view, other)
        assert all(p[k] == 0.0 for k in safe)
        assert not set(safe) & set(state.ready_waits[other])   # safe really is safe
        assert ((p >= 0) & (p < 1)).all()
        assert p[27:].sum() == 0.0                              # no honors in this ruleset
        found += 1
    assert found >= 10


def test_the_model_ranks_and_counts_waits_on_fresh_hands() -> None:
    rows, labels, prior = (np.concatenate(part) for part in
                           zip(*(samples((77, wall)) for wall in range(3))))
    p = logistic(rows, WEIGHTS)
    assert len(labels) > 500
    assert 0.6 < p.sum() / labels.sum() < 1.6       # about as many waits as there are
    assert auc(p, labels) > 0.6
    assert auc(prior, labels) > 0.55
