"""One guided lesson being played: its scripted hand, the other seats' moves, and the
judging of each of the player's decisions (the engine says what is legal; the lesson's
step says what is right; a wrong move is not played, so it may be tried again, and a
wrong discard is told why by the numbers, see game.shell.lesson_why). Once the lesson
is done, or before the lesson that teaches 报听, the player has no such move."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ai.setup_choice import setup_choice
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.state import IllegalAction, Phase, RoundState
from game.engine.tiles import format_tiles, parse_tiles
from game.play.driver import Driver, SeatFault
from game.play.seat import Answer, Known, Seat, SeatBase, Turn, WaitingSeat
from game.play.setup import Scenario
from game.rulesets import load_ruleset
from game.shell.lesson_why import DiscardFacts, discard_facts, reason_numbers, why_wrong
from game.shell.lessons import Lesson, LessonError, Move, Step, Text, read_move, script_move
from game.shell.session import scenario_match

PLAYER = 0


@dataclass(frozen=True)
class Verdict:
    """The judgement of one move: right or not, the lesson's words for it, the facts its
    text may name ({tile}, {best}: tiles; {count}, {best_count}: numbers), and for a
    wrong discard the key of its reason (lesson.why.KEY, "" for none) whose numbers are
    in `numbers` too (shanten, best_shanten, count, best_count, risk, best_risk)."""

    ok: bool
    text: Text
    tiles: dict[str, int] = field(default_factory=dict)
    numbers: dict[str, int] = field(default_factory=dict)
    reason: str = ""


def filled(scenario: Scenario) -> Scenario:
    """The scenario with each empty hand ("") dealt from the tiles nobody else holds or
    draws, spread over the kinds (the seats that only pass and discard need no design)."""
    ruleset = load_ruleset(scenario.ruleset)
    used = parse_tiles(scenario.draws) + parse_tiles(scenario.replacements)
    hands = list(scenario.hands)
    for hand in hands:
        used += parse_tiles(hand)
    left = [k for copy in range(ruleset.copies) for k in ruleset.tile_kinds
            if used.count(k) <= copy]
    for seat, hand in enumerate(hands):
        if not hand:
            size = ruleset.hand_size + (seat == scenario.dealer)
            hands[seat], left = format_tiles(left[:size]), left[size:]
    return replace(scenario, hands=tuple(hands))


class ScriptedSeat(SeatBase):
    """Another seat of a lesson: plays its script in order — a discard on its turn, a
    set-up choice, a win ("hu": on the first discard it may win on, "tsumo": this turn);
    else passes every claim, makes the AI's set-up choice and discards the tile drawn."""

    def __init__(self, lesson_id: str, script: list[str]) -> None:
        super().__init__("script")
        self.lesson_id, self.script = lesson_id, script

    def decide(self, turn: Turn) -> Answer:
        view, legal = turn.view, turn.legal
        claiming = view.claim_tile is not None
        setup = bool(legal) and legal[0].kind in A.SETUP_KINDS
        move = script_move(self.script[0]) if self.script else None
        if move is not None and _due(move, claiming, setup, legal):
            text = self.script.pop(0)
            chosen = next((a for a in legal if move.fits(a)), None)
            if chosen is None:
                raise LessonError(f"{self.lesson_id}: seat {turn.seat} cannot play {text!r}")
            return Known(chosen)
        if claiming:
            return Known(next(a for a in legal if a.kind == A.PASS))
        if setup:
            return Known(setup_choice(view, list(legal)))
        drawn = [a for a in legal if a.kind == A.DISCARD and a.tile == view.drawn
                 and not a.ready]
        return Known((drawn or [a for a in legal if a.kind == A.DISCARD])[0])


def _due(move: Move, claiming: bool, setup: bool, legal: tuple[Action, ...]) -> bool:
    """Whether a script's next move is for this decision: a win on a discard when one is
    offered, a set-up choice in the set-up, anything else on the seat's turn."""
    if move.kind == A.HU:
        return claiming and any(move.fits(a) for a in legal)
    if setup:
        return move.kind in A.SETUP_KINDS
    return not claiming


class Tutor:
    """A lesson's hand in progress, played through the driver: seat 0 is the player (its
    moves are judged before they are played), the others follow the script."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.match = scenario_match(filled(lesson.scenario), 0, 1)
        self.player = WaitingSeat("player")
        seats: list[Seat] = [self.player if s == PLAYER else
                             ScriptedSeat(lesson.id, list(lesson.others.get(s, ())))
                             for s in range(self.match.ruleset.players)]
        self.driver = Driver(self.match, seats, strict=True)
        self.step = 0
        self.verdict: Verdict | None = None

    @property
    def state(self) -> RoundState:
        return self.match.round

    @property
    def current_step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step] if self.step < len(steps) else None

    @property
    def player_to_act(self) -> bool:
        return PLAYER in self.state.seats_to_act()

    @property
    def others_to_act(self) -> bool:
        return any(s != PLAYER for s in self.state.seats_to_act())

    @property
    def finished(self) -> bool:
        """Every step done, and the hand over or the player's turn again (a step asking for
        a win is done too when the player's declared hand won by itself)."""
        if self.current_step is None:
            return self.state.is_over or not self.others_to_act
        wins = (A.HU, A.SELF_DRAW)
        return (self.state.is_over and any(w.seat == PLAYER for w in self.state.wins)
                and all(p.split()[0] in wins for s in self.lesson.steps[self.step:]
                        for p in s.accept))

    @property
    def stuck(self) -> bool:
        """The hand ended before the lesson's steps were done (a wrong script)."""
        return self.state.is_over and not self.finished

    # ---------------------------------------------------------- the others
    def step_others(self) -> bool:
        """Play one decision of another seat; False when none is waiting."""
        seats = [s for s in self.state.seats_to_act() if s != PLAYER]
        if not seats:
            return False
        try:
            self.driver.play(seats[0])
        except SeatFault as exc:     # a script that does not fit its wall
            raise LessonError(str(exc)) from None
        return True

    def run_others(self) -> None:
        while self.step_others():
            pass

    # ---------------------------------------------------------- the player
    def legal(self) -> list[Action]:
        """The player's moves now: none once the lesson is done, and no 报听 where the
        lesson does not offer it."""
        if not self.player_to_act or self.finished:
            return []
        moves = self.state.legal_actions(PLAYER)
        return moves if self.lesson.ready_offered else [a for a in moves if not a.ready]

    def play(self, action: Action) -> Verdict:
        """Judge the player's move: a right one is played and the lesson goes on; a wrong
        one is explained and not played. IllegalAction if the engine refuses it."""
        step = self.current_step
        if step is None or action not in self.legal():
            raise IllegalAction(self.state.why_illegal(action) or "not the player's move now")
        verdict = self.judge(action, step)
        if verdict.ok:
            self.driver.ask(PLAYER)
            self.player.answer(action)
            self.driver.play(PLAYER)
            self.step += 1
        self.verdict = verdict
        return verdict

    def right_moves(self) -> list[Action]:
        """The legal moves the current step accepts."""
        step = self.current_step
        if step is None:
            return []
        return [a for a in self.legal() if self._accepts(step, a)]

    def judge(self, action: Action, step: Step) -> Verdict:
        ok = self._accepts(step, action)
        tiles = {"tile": action.tile} if action.tile is not None else {}
        numbers: dict[str, int] = {}
        facts = self.discard_facts()
        discard = action.tile if action.kind == A.DISCARD else None
        mine = facts.get(discard) if discard is not None else None
        best = self.reference(step)
        reason = ""
        if mine is not None and best is not None:
            tiles["best"] = best
            numbers = reason_numbers(mine, facts[best])
            if not ok and best != action.tile:
                reason = why_wrong(mine, facts[best])
        waits = self.danger()
        if action.tile in waits:
            tiles["seat"] = waits[action.tile]
        return Verdict(ok, step.right if ok else step.wrong, tiles, numbers, reason)

    def reference(self, step: Step) -> int | None:
        """The right discard a wrong one is measured against: of the discards the step
        accepts, the nearest to ready with the most useful tiles (the safest first where
        the step asks for safety); None when the step accepts no discard."""
        facts = self.discard_facts()
        safety = "safe" in step.accept
        right = {a.tile for a in self.right_moves() if a.kind == A.DISCARD and a.tile in facts}
        return min(right, key=lambda k: (facts[k].key(safety), k), default=None)

    def _accepts(self, step: Step, action: Action) -> bool:
        return any(self._matches(pattern, action) for pattern in step.accept)

    def _matches(self, pattern: str, action: Action) -> bool:
        if pattern == "ready":
            return action.kind == A.DISCARD and action.ready
        if pattern in ("best", "safe"):
            if action.kind != A.DISCARD or action.tile is None:
                return False
            if pattern == "safe":
                return action.tile not in self.danger()
            facts = self.discard_facts()
            keys = {k: f.key(False)[:2] for k, f in facts.items()}
            return keys[action.tile] == min(keys.values())
        return read_move(pattern).fits(action)

    def discard_facts(self) -> dict[int, DiscardFacts]:
        """For each tile the player may discard now: the shanten after it, the useful
        tiles it leaves and its deal-in risk ({} when the player is not to discard)."""
        if self.state.phase is not Phase.TURN or not self.player_to_act:
            return {}
        return discard_facts(self.state.view(PLAYER), self.state.rules)

    def danger(self) -> dict[int, int]:
        """Each tile that would win for a seat that declared ready, and that seat."""
        state = self.state
        return {tile: seat for seat in range(state.players) if seat != PLAYER and state.ready[seat]
                for tile in state.ready_waits[seat]}
