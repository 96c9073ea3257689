"""Statistics over finished matches: per opponent level (or per seat) — hands played, win
rate, self-draw share, deal-in rate, 报听 and claim rates, average winning hand, mean
points per hand with a 95 % interval, best hand.

A hand in which a seat was under 托管 (the computer played it for the person: an "auto
on" action of that seat in the hand) is not the person's own: the figures per level count
it in a group of its own, AUTO, and the followed seat's charts leave it out."""
from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from game.engine import actions as A
from game.engine.events import WinKind
from game.engine.match import HandSummary, Match
from game.files import shown_name
from game.shell.saves import Save, SaveError, load_save

Z95 = 1.959964
CLAIMS = ("chi", "peng", "direct_kong")
AUTO = "auto"    # the group of hands played under 托管


@dataclass
class Tally:
    """One group's hands."""

    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    readies: int = 0
    claims: int = 0
    points: list[int] = field(default_factory=list)
    win_fans: list[int] = field(default_factory=list)
    best: tuple[int, str] = (0, "")

    def summary(self) -> Figures:
        """The group's figures."""
        n = self.hands
        mean = statistics.fmean(self.points) if self.points else 0.0
        half = Z95 * statistics.stdev(self.points) / math.sqrt(n) if n > 1 else 0.0
        return Figures(
            hands=n, win_rate=self.wins / n if n else 0.0,
            self_draw_share=self.self_draws / self.wins if self.wins else 0.0,
            deal_in_rate=self.deal_ins / n if n else 0.0,
            ready_rate=self.readies / n if n else 0.0,
            claim_rate=self.claims / n if n else 0.0,
            average_win_fan=statistics.fmean(self.win_fans) if self.win_fans else 0.0,
            mean_points=mean, ci95=(mean - half, mean + half),
            best_hand=self.best if self.best[1] else None)


@dataclass(frozen=True)
class Figures:
    """One group's figures: rates are shares of its hands (self-draw share: of its wins),
    mean points per hand with its 95 % interval, the best hand as (fan, pattern)."""

    hands: int
    win_rate: float
    self_draw_share: float
    deal_in_rate: float
    ready_rate: float
    claim_rate: float
    average_win_fan: float
    mean_points: float
    ci95: tuple[float, float]
    best_hand: tuple[int, str] | None

    def value(self, name: str) -> float:
        """A figure by its name (one of the number fields), for tables of columns."""
        number = getattr(self, name)
        if not isinstance(number, (int, float)):
            raise KeyError(name)
        return number

    def to_json(self) -> dict[str, object]:
        """The figures as the statistics command prints them."""
        out: dict[str, object] = {name: self.value(name) for name in NUMBERS}
        out["ci95"] = list(self.ci95)
        out["best_hand"] = ({"fan": self.best_hand[0], "pattern": self.best_hand[1]}
                            if self.best_hand else None)
        return out


NUMBERS = ("hands", "win_rate", "self_draw_share", "deal_in_rate", "ready_rate",
           "claim_rate", "average_win_fan", "mean_points")


def seat_levels(save: Save) -> list[str]:
    """Each seat's kind in one word from the set-up: "human", "bot" or the level's name
    (a level this build does not know keeps its own name)."""
    return [save.setup.seat(s).tag for s in range(save.match.ruleset.players)]


def auto_hands(match: Match, seat: int) -> set[int]:
    """The hands (0-based) in which `seat` was under 托管 at some point."""
    return {n for n, actions in enumerate(match.hand_actions)
            if any(a.kind == A.AUTO and a.on and a.seat == seat for a in actions)}


def add_match(groups: dict[str, Tally], match: Match, keys: list[str]) -> None:
    """Count every finished hand of `match`, seat s into group keys[s] (its hands under
    托管 into group AUTO)."""
    autos = [auto_hands(match, seat) for seat in range(len(keys))]
    for hand in match.history:
        for seat, key in enumerate(keys):
            t = groups.setdefault(AUTO if hand.number in autos[seat] else key, Tally())
            t.hands += 1
            t.points.append(hand.deltas[seat])
            for win in hand.wins:
                if win.seat == seat:
                    t.wins += 1
                    t.self_draws += win.how == WinKind.SELF_DRAW
                    t.win_fans.append(win.pattern.fan)
                    t.best = max(t.best, (win.pattern.fan, win.pattern.name))
            # one deal-in per hand, even when a discard pays two winners (一炮多响)
            t.deal_ins += any(w.from_seat == seat and w.how != WinKind.SELF_DRAW
                              for w in hand.wins)
            t.readies += any(p.payee == seat and p.reason == "ready"
                             for p in hand.payments)
            t.claims += sum(1 for p in hand.payments if p.payee == seat and p.reason in CLAIMS)


def match_files(folder: Path) -> list[Path]:
    """The match files of a data folder (its library) or of a folder of records."""
    library = folder / "matches"
    source = library if library.is_dir() else folder
    try:
        return sorted(p for p in source.glob("*.json") if not p.name.startswith("."))
    except OSError:
        return []


def load_finished(files: Iterable[Path]) -> tuple[list[Save], list[str]]:
    """The finished matches among `files`, and one line per file that could not be read."""
    saves, problems = [], []
    for path in files:
        try:
            save = load_save(path)
        except SaveError as exc:
            problems.append(f"{shown_name(path.name)}: {exc}")
            continue
        if save.match.is_over:
            saves.append(save)
    return saves, problems


def compute(saves: list[Save], by: str = "level", ruleset: str | None = None,
            last: int | None = None) -> dict[str, Figures]:
    """Figures per level (by="level") or per seat (by="seat"), filtered by ruleset and
    to the `last` matches in the given order."""
    chosen = [s for s in saves if ruleset is None or s.match.ruleset.id == ruleset]
    if last is not None:
        chosen = chosen[-last:] if last > 0 else []
    groups: dict[str, Tally] = {}
    for save in chosen:
        players = save.match.ruleset.players
        keys = seat_levels(save) if by == "level" else [str(s) for s in range(players)]
        add_match(groups, save.match, keys)
    return {key: t.summary() for key, t in sorted(groups.items())}


OUTCOMES = ("self_draw", "won_on_discard", "dealt_in", "others_won", "exhausted")


def player_seat(save: Save, kind: str = "human") -> int:
    """The seat the statistics follow in a match: the first seat of `kind` (else 0)."""
    for seat, level in enumerate(seat_levels(save)):
        if level == kind:
            return seat
    return 0


def filtered(saves: list[Save], ruleset: str | None = None, opponent: str | None = None,
             last: int | None = None) -> list[Save]:
    """The matches of a ruleset, against an opponent level, the last N of them."""
    chosen = [s for s in saves if (ruleset is None or s.match.ruleset.id == ruleset)
              and (opponent is None or opponent in seat_levels(s))]
    return chosen[-last:] if last else chosen


def points_per_match(saves: list[Save]) -> list[int]:
    """The followed seat's total of each match, oldest first."""
    return [s.match.totals[player_seat(s)] for s in saves]


def own_hands(save: Save) -> list[HandSummary]:
    """The followed seat's finished hands of a match, those under 托管 left out."""
    autos = auto_hands(save.match, player_seat(save))
    return [hand for hand in save.match.history if hand.number not in autos]


def hands_under_auto(saves: list[Save]) -> int:
    """How many of the followed seat's finished hands were played under 托管."""
    return sum(len(save.match.history) - len(own_hands(save)) for save in saves)


def hand_endings(saves: list[Save]) -> dict[str, int]:
    """How the followed seat's own hands ended: won by self-draw or on a discard, dealt
    in, another seat won, exhaustive draw."""
    out = dict.fromkeys(OUTCOMES, 0)
    for save in saves:
        seat = player_seat(save)
        for hand in own_hands(save):
            mine = [w for w in hand.wins if w.seat == seat]
            if mine:
                out["self_draw" if mine[0].how == WinKind.SELF_DRAW else "won_on_discard"] += 1
            elif any(w.from_seat == seat and w.how != WinKind.SELF_DRAW for w in hand.wins):
                out["dealt_in"] += 1
            elif hand.wins:
                out["others_won"] += 1
            else:
                out["exhausted"] += 1
    return out


def points_by_opponent(saves: list[Save]) -> dict[str, float]:
    """The followed seat's mean points per own hand against each opponent level it met."""
    sums: dict[str, list[int]] = {}
    for save in saves:
        seat = player_seat(save)
        opponents = {lv for s, lv in enumerate(seat_levels(save)) if s != seat}
        for level in opponents:
            sums.setdefault(level, []).extend(h.deltas[seat] for h in own_hands(save))
    return {level: statistics.fmean(v) for level, v in sorted(sums.items()) if v}


def own_rating(saves: list[Save]) -> tuple[float, float]:
    """The followed seat's rating (mu, sigma) after its own hands of `saves`, in order,
    each ranking the seats by points, against the levels' shipped ratings
    (ai.tournament.ratings): recomputed from the matches, no file kept."""
    from ai.tournament.ratings import level_ratings, player_rating
    skill = player_rating(((player_seat(s), seat_levels(s), hand.deltas)
                           for s in saves for hand in own_hands(s)), level_ratings())
    return skill.mu, skill.sigma
