"""Why a lesson's wrong discard is wrong, from the engine's numbers and Hard's reading of
the danger: shanten first (离听牌还差几步 / 已听牌), then the useful tiles (进张), then
the deal-in risk; and the words of a lesson's verdict in the player's language."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ai.hard import deal_in_risk
from game.engine.efficiency import discard_options
from game.engine.hands import HandRules
from game.engine.tiles import rank_of, suit_of, tile_name_zh
from game.engine.view import PlayerView
from game.shell.i18n import Translate

SUITS_EN = ("characters", "dots", "bamboo")
STATE_NUMBERS = ("shanten", "best_shanten")   # numbers said as 已听牌 / 离听牌还差 N 步
WHY_KEYS = {"shanten": "lesson.why.shanten", "tiles": "lesson.why.tiles",
            "safety": "lesson.why.safety", "safety_trade": "lesson.why.safety_trade",
            "same": "lesson.why.same"}     # the words of each reason why_wrong gives


def tile_words(kind: int, language: str) -> str:
    """A tile as the lessons name it: 五万, "5 of dots"."""
    if language == "zh" or suit_of(kind) > 2:
        return tile_name_zh(kind)
    return f"{rank_of(kind)} of {SUITS_EN[suit_of(kind)]}"


@dataclass(frozen=True)
class DiscardFacts:
    """A discard of the player's hand: the shanten after it (0: ready), the unseen copies
    of the tiles that would then lower it (ready: the waits), and its deal-in chance in
    percent (Hard's reading of the opponents; 0 while nobody threatens)."""

    shanten: int
    count: int
    risk: int

    def key(self, safety_first: bool) -> tuple[int, int, int]:
        """Lower is better: nearer to ready, more useful tiles, less risk (risk first
        where the lesson's point is safety)."""
        order = (self.shanten, -self.count, self.risk)
        return (order[2], *order[:2]) if safety_first else order


def discard_facts(view: PlayerView, rules: HandRules) -> dict[int, DiscardFacts]:
    """DiscardFacts of each kind the seat may discard now (its view holds 3n+2 tiles)."""
    unseen = view.unseen_counts()
    risk = deal_in_risk(view)
    return {kind: DiscardFacts(after, sum(unseen[k] for k in effective),
                               0 if risk is None else round(100 * float(risk[kind])))
            for kind, after, effective in discard_options(view.hand_counts(), rules)}


def why_wrong(wrong: DiscardFacts, right: DiscardFacts) -> str:
    """The reason's key: "shanten" or "tiles" where the right discard is nearer to ready
    or, as near, leaves more useful tiles; "safety_trade" where the wrong one is nearer or
    leaves more but the right one is safer; "safety" where they differ in risk only;
    "same" where nothing tells them apart; "" where the wrong one is better by every
    number (only the lesson's own words can say why then)."""
    wrong_at, right_at = (wrong.shanten, -wrong.count), (right.shanten, -right.count)
    if right_at < wrong_at:
        return "shanten" if wrong.shanten != right.shanten else "tiles"
    if wrong.risk > right.risk:
        return "safety_trade" if wrong_at < right_at else "safety"
    return "same" if wrong_at == right_at and wrong.risk == right.risk else ""


def reason_numbers(wrong: DiscardFacts, right: DiscardFacts) -> dict[str, int]:
    return {"shanten": wrong.shanten, "best_shanten": right.shanten, "count": wrong.count,
            "best_count": right.count, "risk": wrong.risk, "best_risk": right.risk}


def reason_words(key: str, tiles: Mapping[str, int], numbers: Mapping[str, int],
                 t: Translate, language: str) -> str:
    """The lesson.why.* line of a reason: its tiles named, its shanten said as a state."""
    facts: dict[str, object] = {k: tile_words(v, language) for k, v in tiles.items()}
    facts.update(numbers)
    for name in STATE_NUMBERS:
        n = numbers[name]
        facts[name.replace("shanten", "state")] = \
            t("lesson.state.ready") if n == 0 else t("lesson.state.away", n=n)
    return t(WHY_KEYS[key], **facts)
