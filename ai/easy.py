"""Easy: random discards, claims by fixed odds, always takes a win."""
from __future__ import annotations

from ai.base import SeededAgent
from ai.setup_choice import setup_choice
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.view import PlayerView

CLAIM_ODDS = {A.PENG: 0.50, A.CHI: 0.33, A.KONG: 0.67}


class EasyAgent(SeededAgent):
    """The beginner's opponent of the classic games: no plan, just luck."""

    name = "easy"

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        if legal[0].kind in A.SETUP_KINDS:   # 换三张, 定缺
            choice = setup_choice(view, legal)
            self.candidates = [(choice, 1.0)]
            return choice
        for a in legal:
            if a.kind in (A.HU, A.SELF_DRAW):
                self.candidates = [(a, 1.0)]
                return a
        claims = [a for a in legal if a.kind in CLAIM_ODDS]
        self.rng.shuffle(claims)
        for a in claims:
            if self.rng.random() < CLAIM_ODDS[a.kind]:
                self.candidates = [(a, CLAIM_ODDS[a.kind])]
                return a
        passes = [a for a in legal if a.kind == A.PASS]
        if passes:
            self.candidates = [(passes[0], 1.0)]
            return passes[0]
        kongs = [a for a in legal if a.kind in (A.CONCEALED_KONG, A.ADDED_KONG)]
        if kongs and self.rng.random() < CLAIM_ODDS[A.KONG]:
            self.candidates = [(kongs[0], CLAIM_ODDS[A.KONG])]
            return kongs[0]
        discards = [a for a in legal if a.kind == A.DISCARD and not a.ready]
        choice = self.rng.choice(discards or legal)
        self.candidates = [(choice, 1.0 / max(1, len(discards)))]
        return choice
