"""Resolving a claim window: 胡 > 杠 > 碰 > 吃, every seat's answer gathered first."""
from __future__ import annotations

from collections.abc import Sequence

from .actions import CLAIM_PRIORITY, HU, PASS, Action


def resolve_claims(
    answers: dict[int, Action], order: Sequence[int], multiple_hu: bool
) -> tuple[list[int], Action | None]:
    """(winning seats, None) if anyone claimed 胡, else ([], the single highest claim or None).

    `order`: the other seats in turn order after the discarder.  Several 胡 all win when
    `multiple_hu` (一炮多响), else the first in that order.  Ties between other claims
    cannot happen (four copies of a tile), but would also go to the first in it.
    """
    claims = [answers[s] for s in order if s in answers and answers[s].kind != PASS]
    hus = [a.seat for a in claims if a.kind == HU]
    if hus:
        return (hus if multiple_hu else hus[:1]), None
    best: Action | None = None
    for a in claims:
        if best is None or CLAIM_PRIORITY[a.kind] > CLAIM_PRIORITY[best.kind]:
            best = a
    return [], best
