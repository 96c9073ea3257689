"""What a ruleset's points make of a hand, in a thinking level's terms: the stakes (the
points a deal-in is weighed at, whether it ends the own hand, the margin a claim that
does not advance the hand must beat passing by), the pace (the own draws left, the
chance per go-around that the hand ends first) and how a win is paid.  血战到底 has its
own of all three: a win does not end the hand for the others, only the third win or
the empty wall do; a self-draw is paid by every seat still playing, and the winner
pays nothing more."""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.ruleset import Ruleset
from game.engine.view import PlayerView

OPP_FAN = 10.0       # fan a deal-in is weighed at (7 is the mean paid; 10 measured safer)
CLAIM_MARGIN = 1.0   # points by which a chi or peng that does not lower the shanten must
                     # beat passing (its payment tempts more than it is worth: measured)
BASE_HAZARD = 0.01   # per opponent holding tiles: chance per go-around it ends the hand
READY_HAZARD = 0.12  # added per opponent that is ready
BLOODY_DEAL_IN = 1.5        # 血战到底: points a deal-in is weighed at (a win pays 1-16)
BLOODY_CLAIM_MARGIN = 0.2   # 血战到底: points a pung that does not advance must gain
LAST_WINNER_HAZARD = 0.12   # 血战到底: per go-around, the chance the last other seat wins
BLOODY_ESCAPE = 0.27        # 血战到底: points a seat that has won no longer pays, per own
                            # draw it would still have played (others' self-draws, deal-ins)


@dataclass(frozen=True)
class Stakes:
    """What a ruleset's points make of a deal-in and of a claim: the points a deal-in is
    weighed at, whether it ends the own hand too (not in 血战到底: play goes on), and
    the margin a claim that does not advance the hand must beat passing by."""

    deal_in: float = OPP_FAN
    ends_hand: bool = True
    claim_margin: float = CLAIM_MARGIN

    def deal_in_cost(self, danger: float, ev: float) -> float:
        """Expected points a discard of that danger costs, the hand left worth `ev`."""
        return float(danger) * (self.deal_in + (float(ev) if self.ends_hand else 0.0))


def stakes(ruleset: Ruleset) -> Stakes:
    """The stakes of a ruleset (血战到底's own, or the common ones)."""
    if ruleset.bloody is not None:
        return Stakes(BLOODY_DEAL_IN, False, BLOODY_CLAIM_MARGIN)
    return Stakes()


def playing(view: PlayerView) -> int:
    """The seats still playing (not yet won), this one included."""
    if not view.won:
        return view.players
    return sum(1 for s in range(view.players) if view.won[s] < 0)


def pace(view: PlayerView, ruleset: Ruleset, active: int, ready: float) -> tuple[int, float]:
    """(own draws left, chance per go-around the hand ends before the next draw), with
    `active` opponents holding tiles of which `ready` (an expected count) are ready.
    血战到底: the wall is shared by the seats still playing, and only the last other
    one's win ends the hand."""
    if ruleset.bloody is None:
        trials = max(1, view.wall_remaining // view.players)
        return trials, BASE_HAZARD * active + READY_HAZARD * ready
    seats = playing(view)
    trials = max(1, view.wall_remaining // max(1, seats))
    return trials, LAST_WINNER_HAZARD if seats == 2 else 0.0


@dataclass(frozen=True)
class WinPay:
    """How a 血战到底 win is paid, per point of its hand: a self-draw by `payers` seats,
    each `added` points more; a win on a discard by the discarder alone.  And the points
    saved per own draw left when the seat wins (`escape`): it stops paying."""

    payers: float
    added: float
    escape: float


def win_pay(ruleset: Ruleset, seats_playing: int) -> WinPay | None:
    """How a win is paid with `seats_playing` seats still playing (this one included);
    None where every win is weighed alike (the common rules: the hand ends with it)."""
    if ruleset.bloody is None:
        return None
    others = seats_playing - 1
    if ruleset.bloody.self_draw == "point":      # 自摸加底
        return WinPay(others, 1.0, BLOODY_ESCAPE)
    return WinPay(2.0 * others, 0.0, BLOODY_ESCAPE)   # 自摸加番: twice the points each
