"""The board's model — seats, open hands, captions — built from one seat's view and
plain data. The table and the replay viewer both build it here, so a table whose
engine runs elsewhere needs only its seat's view, events and the seats' plates."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.engine.tiles import tile_name, tile_name_zh
from game.engine.view import PlayerView
from game.play.setup import SeatSpec, SetupError
from game.render.board_model import SeatInfo, TableModel
from game.shell.i18n import Translate
from game.ui.gb_table import flower_badge, wind_caption
from game.ui.hand import hand_order
from game.ui.wording import TAG_KEYS, words_for


@dataclass(frozen=True)
class Plate:
    """What a seat's name plate shows that the view does not hold."""

    name: str
    kind: str       # the seat kind as recorded: "human", a level, "bot:<program>", ...
    total: int      # the match total, this hand so far included


def seat_tag(kind: str, t: Translate) -> str:
    """A seat kind in words: a kind with words translated, any other (a level another
    version had) shown as it is."""
    try:
        tag = SeatSpec.parse(kind).tag
    except SetupError:
        return kind
    return words_for(t, TAG_KEYS, tag)


def open_hands(views: Iterable[PlayerView]) -> dict[int, tuple[int, ...]]:
    """Each view's own concealed tiles in hand order (a fresh draw last), by seat."""
    return {v.seat: tuple(hand_order(v)[0]) for v in views}


VOID_BADGES = ("table.badge.void_m", "table.badge.void_p", "table.badge.void_s")


def bloody_badges(view: PlayerView, seat: int, t: Translate) -> tuple[str, str]:
    """血战到底: a seat's void suit and, once it has won, its winning tile, in words."""
    void = view.voids[seat] if view.voids else -1
    won = view.won[seat] if view.won else -1
    return (t(VOID_BADGES[void]) if void >= 0 else "",
            # the tile as each language names it: the line picks its own
            t("table.badge.won", zh=tile_name_zh(won), en=tile_name(won)) if won >= 0 else "")


def table_model(view: PlayerView, plates: Sequence[Plate], t: Translate, *, hand: int,
                hands: int, shown: Mapping[int, tuple[int, ...]] | None = None,
                last_discard: int | None = None,
                hidden: frozenset[tuple[str, int]] = frozenset(),
                flowers: tuple[tuple[int, ...], ...] = (), per_wind: int = 0) -> TableModel:
    """The board for `view`: plates with winds, scores and badges; `shown` hands face up
    (never the viewer's own: it is drawn apart); captions for hand `hand` (from 0).
    国标: the flowers each seat set aside (game.ui.gb_table.flowers_of the hand's events),
    and the prevailing wind with the hand within it (`per_wind` hands a wind)."""
    shown = shown or {}
    seats = tuple(SeatInfo(p.name, (s - view.dealer) % view.players, p.total, view.scores[s],
                           s == view.dealer, view.ready[s], view.auto[s], seat_tag(p.kind, t),
                           *bloody_badges(view, s, t), flower_badge(view, s, t))
                  for s, p in enumerate(plates))
    caption = wind_caption(t, view.round_wind, hand, per_wind) if view.round_wind >= 0 \
        and per_wind else t("table.hand", n=hand + 1, total=hands)
    return TableModel(
        view, seats,
        tuple(None if s == view.seat else shown.get(s) for s in range(view.players)),
        last_discard, hidden, (t("table.wall", n=view.wall_remaining), caption),
        {"dealer": t("table.badge.dealer"), "ready": t("table.badge.ready"),
         "auto": t("table.badge.auto")},
        flowers)
