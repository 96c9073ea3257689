"""Medium: a sound everyday player.  Keeps the lowest shanten and, among those
discards, throws the tile that leaves the best-shaped hand: the hand read as 搭子
blocks (melds, pairs, 两面 / 嵌张 / 边张, single tiles) valued with unseen-tile
weights (see :mod:`ai.shapes`); claims only when that lowers the shanten (kongs when
they keep it: they pay); declares 报听 whenever ready.  No look-ahead, no defence."""
from __future__ import annotations

from ai.base import PlanningAgent
from ai.features import after_claim, ruleset_for
from ai.shapes import HandReader
from game.engine import actions as A
from game.engine.actions import Action, discard_row
from game.engine.hands import discard_shanten, shanten
from game.engine.view import PlayerView

_PAYS = {A.KONG: 4, A.PENG: 2, A.CHI: 1}


class MediumAgent(PlanningAgent):
    name = "medium"

    def answer_claim(self, view: PlayerView, legal: list[Action]) -> Action:
        rules = ruleset_for(view.ruleset_id).hand_rules
        counts = view.hand_counts()
        now = shanten(counts, rules)
        scored: list[tuple[Action, float]] = []
        for a in legal:
            if a.kind == A.PASS:
                scored.append((a, 0.0))
                continue
            after = shanten(after_claim(counts, a), rules)
            better = after <= now if a.kind == A.KONG else after < now
            if better:
                scored.append((a, 1.0 + (now - after) + 0.1 * _PAYS[a.kind]))
        self.candidates = scored
        return max(scored, key=lambda p: p[1])[0]

    def play_turn(self, view: PlayerView, legal: list[Action]) -> Action:
        rules = ruleset_for(view.ruleset_id).hand_rules
        counts = view.hand_counts()
        unseen = view.unseen_counts()
        kinds = {a.tile for a in legal if a.kind == A.DISCARD}
        after = {k: s for k, s in discard_shanten(counts, rules).items() if k in kinds}
        best_shanten = min(after.values())
        for a in legal:
            if (a.kind in (A.CONCEALED_KONG, A.ADDED_KONG)
                    and shanten(after_claim(counts, a), rules) <= best_shanten):
                self.candidates = [(a, 1.0)]
                return a
        # lowest shanten first, then the best reading of the hand left (搭子 blocks)
        shapes = HandReader(unseen, rules).scores_after_discards(
            counts, [k for k, s in after.items() if s == best_shanten])
        keys = {k: (-s, shapes.get(k, 0.0)) for k, s in after.items()}
        tile = max(keys, key=keys.__getitem__)
        # the offered action itself (declaring 报听 when it may), not an equal copy
        choice = max((a for a in legal if a.kind == A.DISCARD and a.tile == tile),
                     key=lambda a: a.ready)
        row = discard_row(view.seat)
        self.candidates = [(row[k], 1000.0 * s + v) for k, (s, v) in keys.items()]
        return choice
