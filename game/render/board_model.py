"""What the table's board shows, as plain data: the viewer's PlayerView and each seat's
public facts for its name plate (built by game.ui.table_model, drawn by
game.render.table_view)."""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.view import PlayerView

LAID_DIM = (10, 20, 16, 70)     # over a winner's laid-down tiles: it plays no more


def laid_row(view: PlayerView, seat: int) -> list[int | None] | None:
    """血战到底: a winner's concealed tiles laid down face up (face down where the view
    does not tell them), its winning tile last, set apart; None for a seat still playing."""
    won = view.won[seat] if view.won else -1
    if won < 0:
        return None
    laid = view.won_hands[seat] if view.won_hands else ()
    if not laid:      # not told: the tiles it holds besides a self-drawn winning tile
        count = view.hand_sizes[seat]
        return [*[None] * (count - (count % 3 == 2)), won]
    return [*laid, won]


@dataclass(frozen=True)
class SeatInfo:
    """Public facts about a seat for its name plate."""

    name: str
    wind: int           # 0..3 = 东南西北
    total: int          # match total including this hand
    delta: int          # this hand so far
    dealer: bool
    ready: bool
    auto: bool
    tag: str            # level or "human", already translated
    void: str = ""      # 血战到底: the void suit's badge ("缺万"), once declared
    won: str = ""       # 血战到底: the badge of a seat that has won, with its tile
    flowers: str = ""   # 国标: the badge of the flowers set aside, where no row shows them


@dataclass(frozen=True)
class TableModel:
    """Everything the board shows; `open_hands` holds face-up hands (debug) or None."""

    view: PlayerView
    seats: tuple[SeatInfo, ...]
    open_hands: tuple[tuple[int, ...] | None, ...]
    last_discard: int | None                 # seat whose newest pool tile is highlighted
    hidden: frozenset[tuple[str, int]]       # ("pool"|"meld", seat): tile still flying
    center: tuple[str, str]                  # wall text, hand text
    labels: dict[str, str]                   # translated badge words: ready, auto, dealer
    flowers: tuple[tuple[int, ...], ...] = ()   # 国标: each seat's flowers set aside (34-41)
