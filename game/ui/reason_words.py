"""A decision's reasons in a player's words: the move, then what the level estimated for
it — chance to win, expected points, chance to deal in, and the samples they rest on —
never its raw ranking numbers (the reasoning panel and the review)."""
from __future__ import annotations

from game.play.driver import Defaulted
from game.play.seat import Reason
from game.shell.i18n import Translate
from game.ui.action_log import action_words

SEPARATOR = " · "


def move_words(reason: Reason, t: Translate, language: str) -> str:
    """The candidate move as the log says it."""
    return action_words(reason.action, t, language)


def estimate_words(reason: Reason, t: Translate) -> str:
    """Its estimates on one line ("胜率 23% · 期望 +4.1 · 放铳 8% · 样本 400"); a move
    the table played for the seat says so; "" when the level estimated nothing."""
    return SEPARATOR.join(estimate_parts(reason, t))


def estimate_parts(reason: Reason, t: Translate) -> tuple[str, ...]:
    """The parts of estimate_words, each to be kept whole on a line."""
    if isinstance(reason, Defaulted):
        return (t("reason.defaulted"),)
    parts = []
    if reason.win_chance is not None:
        parts.append(t("reason.win", pct=percent(reason.win_chance)))
    if reason.expected_points is not None:
        parts.append(t("reason.points", points=f"{reason.expected_points:+.1f}"))
    if reason.deal_in_risk is not None:
        parts.append(t("reason.risk", pct=percent(reason.deal_in_risk)))
    if not parts:
        return ()
    parts.append(t("reason.samples", n=reason.samples) if reason.samples > 0
                 else t("reason.model"))
    return tuple(parts)


def percent(chance: float) -> str:
    """A chance as a whole percentage ("<1" for a small chance that is not nil)."""
    pct = round(100 * max(0.0, min(1.0, chance)))
    return "<1" if pct == 0 and chance > 0 else str(pct)
