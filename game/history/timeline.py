"""A match file as a timeline: every step of every hand, with fast jumps.

A position is (hand, step): the state of hand `hand` after its first `step` recorded
actions (step 0 is the deal). The timeline replays the record once, keeping a
RoundState clone every CHECKPOINT actions; any position is then one clone plus at most
CHECKPOINT - 1 actions, never a replay from the start. Each step keeps the events it
caused and the score changes they brought, for the viewer's log and scrubber.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import actions as A
from game.engine import events as E
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.match import Match
from game.engine.ruleset import Ruleset
from game.engine.state import RoundState
from game.play.setup import MatchSetup

CHECKPOINT = 8   # actions between two kept states of a hand


@dataclass(frozen=True)
class Step:
    """One recorded action: who did what, the events it caused, the score changes."""

    hand: int
    index: int                   # the action's index in its hand (the position before it)
    action: Action
    events: tuple[Event, ...]
    deltas: tuple[int, ...]      # per seat, this step alone
    win: bool                    # the step ended the hand with a win


@dataclass
class HandLine:
    """One hand: its checkpoints, steps and the match totals before it."""

    number: int
    dealer: int
    totals_before: tuple[int, ...]
    checkpoints: list[RoundState]       # state after 0, K, 2K, ... actions
    steps: list[Step]
    deal_events: tuple[Event, ...]      # what the deal itself did (before any action)

    @property
    def length(self) -> int:
        """Positions of this hand: the deal and one after each action."""
        return len(self.steps) + 1


class Timeline:
    """Every position of a match, built once from its record."""

    def __init__(self, match: Match, checkpoint: int = CHECKPOINT) -> None:
        self.ruleset: Ruleset = match.ruleset
        self.seed = match.seed
        self.length = match.length
        self.walls = dict(match.walls)
        self.first_dealer = match.first_dealer
        self.players = match.ruleset.players
        self.checkpoint = checkpoint
        self.finished = match.is_over
        self.final_totals = tuple(match.totals)
        self.hands: list[HandLine] = []
        self._build([list(acts) for acts in match.hand_actions])
        self.starts: list[int] = []     # flat index of each hand's deal
        n = 0
        for line in self.hands:
            self.starts.append(n)
            n += line.length
        self.size = n

    def _build(self, hand_actions: list[list[Action]]) -> None:
        replay = Match(self.ruleset, self.seed, self.length, self.walls, self.first_dealer)
        for number, actions in enumerate(hand_actions):
            if number > 0:
                replay.start_next_hand()
            state = replay.round
            line = HandLine(number, state.dealer, tuple(replay.totals), [state.clone()], [],
                            tuple(state.events))
            for i, action in enumerate(actions):
                seen, before = len(state.events), tuple(state.scores)
                replay.apply(action)
                events = tuple(state.events[seen:])
                deltas = tuple(a - b for a, b in zip(state.scores, before))
                line.steps.append(Step(number, i, action, events, deltas,
                                       any(e.kind == E.WIN for e in events)))
                if (i + 1) % self.checkpoint == 0:
                    line.checkpoints.append(state.clone())
            self.hands.append(line)

    # -------------------------------------------------------------- positions
    def flat(self, hand: int, step: int) -> int:
        """The flat index of a position (0 .. size - 1)."""
        return self.starts[hand] + step

    def position(self, flat: int) -> tuple[int, int]:
        """The (hand, step) of a flat index, clamped to the timeline."""
        flat = max(0, min(self.size - 1, flat))
        hand = max(h for h, start in enumerate(self.starts) if start <= flat)
        return hand, flat - self.starts[hand]

    def state_at(self, hand: int, step: int) -> RoundState:
        """A fresh RoundState at the position (the nearest checkpoint plus < K actions)."""
        line = self.hands[hand]
        if not 0 <= step < line.length:
            raise IndexError(f"hand {hand + 1} has no step {step}")
        base = step // self.checkpoint
        state = line.checkpoints[base].clone()
        for s in line.steps[base * self.checkpoint:step]:
            state.apply(s.action)
        return state

    def totals_at(self, hand: int, step: int) -> tuple[int, ...]:
        """Match totals at the position, the hand so far included."""
        line = self.hands[hand]
        out = list(line.totals_before)
        for s in line.steps[:step]:
            for seat, d in enumerate(s.deltas):
                out[seat] += d
        return tuple(out)

    def events_until(self, hand: int, step: int) -> list[Event]:
        """Every event of the hand up to the position, the deal included."""
        line = self.hands[hand]
        out = list(line.deal_events)
        for s in line.steps[:step]:
            out.extend(s.events)
        return out

    def next_step(self, hand: int, step: int) -> Step | None:
        """The action taken from the position (None at the end of a hand)."""
        steps = self.hands[hand].steps
        return steps[step] if step < len(steps) else None

    # -------------------------------------------------------------- searches
    def decisions(self, seat: int) -> list[tuple[int, int]]:
        """Every position at which `seat` decided something (托管 switches aside)."""
        return [(line.number, s.index) for line in self.hands for s in line.steps
                if s.action.seat == seat and s.action.kind != A.AUTO]

    def next_decision(self, seat: int, flat: int) -> int | None:
        """The flat index of `seat`'s first decision after `flat`, if any."""
        later = [self.flat(h, i) for h, i in self.decisions(seat) if self.flat(h, i) > flat]
        return min(later) if later else None

    def previous_decision(self, seat: int, flat: int) -> int | None:
        """The flat index of `seat`'s last decision before `flat`, if any."""
        earlier = [self.flat(h, i) for h, i in self.decisions(seat) if self.flat(h, i) < flat]
        return max(earlier) if earlier else None

    def wins(self) -> list[int]:
        """Flat indices of the positions just after a win (for the scrubber)."""
        return [self.flat(line.number, s.index + 1) for line in self.hands
                for s in line.steps if s.win]

    # -------------------------------------------------------------- branching
    def match_at(self, hand: int, step: int) -> Match:
        """A new Match (same ruleset, seed and walls) replayed up to the position; the
        source is untouched. Its round equals state_at(hand, step)."""
        match = Match(self.ruleset, self.seed, self.length, self.walls, self.first_dealer)
        for number in range(hand + 1):
            if number > 0:
                match.start_next_hand()
            steps = self.hands[number].steps
            for s in steps if number < hand else steps[:step]:
                match.apply(s.action)
        return match


def seat_levels(setup: MatchSetup, players: int) -> list[str]:
    """Each seat's kind from a save's set-up, as text ("human", "hard", "bot:…")."""
    return [setup.seat(s).text for s in range(players)]
