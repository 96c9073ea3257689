"""The board's model — seats, open hands, captions — built from one seat's view and
plain data. The table and the replay viewer both build it here, so a table whose
engine runs elsewhere needs only its seat's view, events and the seats' plates."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.engine import events as E
from game.engine.events import Event, WinKind
from game.engine.view import PlayerView
from game.play.setup import SeatSpec, SetupError
from game.render.board_model import SeatInfo, TableModel
from game.shell.i18n import Translate
from game.ui.gb_table import flower_badge, wind_caption
from game.ui.hand import hand_order
from game.ui.win_tag import ORDINALS_EN
from game.ui.wording import TAG_KEYS, WIND_KEYS, every, words_for


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
WIN_HOW = every(WinKind, {WinKind.SELF_DRAW: "table.win.self",
                          WinKind.DISCARD: "table.win.from",
                          WinKind.ROB_KONG: "table.win.robbed"})


def win_order(events: Iterable[Event]) -> dict[int, tuple[int, E.WinData]]:
    """The seats that have won, by seat: their place among the winners (from 0) and how
    they won, as the events tell it."""
    wins = [(e.seat, e.data) for e in events
            if e.kind == E.WIN and isinstance(e.data, E.WinData)]
    return {seat: (place, data) for place, (seat, data) in enumerate(wins)}


def bloody_words(view: PlayerView, seat: int, t: Translate,
                 order: Mapping[int, tuple[int, E.WinData]]) -> tuple[str, str, str]:
    """血战到底: a seat's void suit badge and, once it has won, the badge of its place
    among the winners and how it won (self-drawn, or from whom by that seat's wind), in
    words ("" where there is none)."""
    void = view.voids[seat] if view.voids else -1
    if not view.won or view.won[seat] < 0:
        return t(VOID_BADGES[void]) if void >= 0 else "", "", ""
    if seat not in order:     # a table shown afresh, without the hand's events
        return "", t("table.badge.won"), ""
    place, data = order[seat]
    source = data.from_seat if data.from_seat is not None else seat
    return ("", t("table.badge.win_place", n=place + 1, nth=ORDINALS_EN[min(place, 2)]),
            t(WIN_HOW[data.how], wind=t(WIND_KEYS[(source - view.dealer) % view.players])))


def _tag(how: str, tag: str) -> str:
    """A plate's lower line: how a winner won before its level or state."""
    return f"{how} · {tag}" if how else tag


def table_model(view: PlayerView, plates: Sequence[Plate], t: Translate, *, hand: int,
                hands: int, shown: Mapping[int, tuple[int, ...]] | None = None,
                last_discard: int | None = None,
                hidden: frozenset[tuple[str, int]] = frozenset(),
                events: Iterable[Event] = (), flowers: tuple[tuple[int, ...], ...] = (),
                per_wind: int = 0) -> TableModel:
    """The board for `view`: plates with winds, scores and badges; `shown` hands face up
    (never the viewer's own: it is drawn apart); captions for hand `hand` (from 0);
    `events`: the hand's so far (血战到底: who has won, in order, and how).
    国标: the flowers each seat set aside (game.ui.gb_table.flowers_of the hand's events),
    and the prevailing wind with the hand within it (`per_wind` hands a wind)."""
    shown = shown or {}
    order = win_order(events) if view.won else {}
    words = [bloody_words(view, s, t, order) for s in range(view.players)]
    seats = tuple(SeatInfo(p.name, (s - view.dealer) % view.players, p.total, view.scores[s],
                           s == view.dealer, view.ready[s], view.auto[s],
                           _tag(words[s][2], seat_tag(p.kind, t)), *words[s][:2],
                           flower_badge(view, s, t))
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
