"""The tile-efficiency example bot (examples/bots/efficiency_bot.py): its own shanten
agrees with the engine's on notation hands and on random hands of every ruleset's
tiles, its discards and claims follow its rules, it uses nothing but the standard
library, and it plays whole hands through the bot protocol without a fault."""
from __future__ import annotations

import ast
import importlib.util
import json
import os
import random
import sys
from pathlib import Path

import pytest

from ai.arena import play_hand
from ai.bot import BotSeat, medium_fallback
from game.engine.efficiency import discard_options, effective_tiles
from game.engine.hands import shanten
from game.engine.match import Match
from game.engine.state import RoundState
from game.engine.tiles import parse_counts, tile_name
from game.rulesets import load_ruleset
from tests.test_bot_protocol import children_of

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "examples" / "bots" / "efficiency_bot.py"
BOT = f"{sys.executable} {SOURCE}"

_spec = importlib.util.spec_from_file_location("efficiency_bot", SOURCE)
assert _spec is not None and _spec.loader is not None
eb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(eb)


def bot_shanten(ruleset_id: str) -> object:
    """The bot's shanten for a ruleset, set up as the bot sets it up from hello."""
    rules = load_ruleset(ruleset_id).hand_rules
    return eb.Shanten(pair_258=rules.pair_258, wildcard=rules.wildcard)


@pytest.mark.parametrize("hand, expected", [
    ("123m456p789s11m45p", 0),        # ready on 3p / 6p
    ("123m456p789s11m456p", -1),      # complete
    ("123m456p789s55m46s", 0),        # ready on 5s
    ("123m456p55m99s13s7p", 1),
    ("123m456p55m13s7p", 0),          # 11 tiles (one meld exposed): one exchange from ready
    ("234m456p789s1111s", 1),         # 1s single wait would need a fifth 1s
    ("1111m", 1),
    ("1122m", 0),
    ("11112222333344m", -1),
    ("1133557799m1133p", -1),         # seven pairs
    ("1133557799m113p", 0),           # seven pairs, ready
    ("11335577m11p1s2s5s", 1),        # seven pairs, one away from ready
    ("19m19p19s1234567z", 6),         # honors: no runs
    ("111z222z333z44z56z", 1),
    ("5z", 0),
    ("55z", -1),
])
def test_shanten_of_notation_hands(hand: str, expected: int) -> None:
    counts = eb.counts_of(hand)
    assert counts == list(parse_counts(hand))
    assert eb.Shanten()(counts) == expected == shanten(counts)


def test_notation_is_read_without_the_game() -> None:
    assert eb.kinds_of("123m45p7z") == [0, 1, 2, 12, 13, 33]
    assert [eb.kind_of(tile_name(k)) for k in range(34)] == list(range(34))
    assert eb.kinds_of("") == []


SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


@pytest.mark.parametrize("ruleset_id, hands", [
    ("dazhong", 600), ("honors", 300), ("changsha", 300), ("wildcard", 300)])
def test_shanten_agrees_with_the_engine_on_random_hands(ruleset_id: str, hands: int) -> None:
    ruleset = load_ruleset(ruleset_id)
    mine = bot_shanten(ruleset_id)
    rng = random.Random(f"efficiency-{ruleset_id}")
    wall = [k for k in ruleset.tile_kinds for _ in range(ruleset.copies)]
    one_suit = [k for k in range(9) for _ in range(4)]  # crowded: fifth copies matter
    for i in range(hands):
        n = 13 + i % 2 if i % 3 else rng.choice(SIZES)
        tiles = rng.sample(one_suit if i % 5 == 0 else wall, n)
        counts = [tiles.count(k) for k in range(34)]
        assert mine(counts) == shanten(counts, ruleset.hand_rules), tiles


def test_effective_tiles_agree_with_the_engine() -> None:
    """Unseen copies of the kinds that lower the shanten, as the engine counts them."""
    rng = random.Random(7)
    wall = [k for k in range(27) for _ in range(4)]
    bot = eb.Bot()
    kinds = list(range(27))
    for _ in range(150):
        counts = [0] * 34
        for k in rng.sample(wall, 13):
            counts[k] += 1
        unseen = [rng.randint(0, 4) for _ in range(34)]
        now = shanten(counts)
        expected = sum(unseen[k] for k in effective_tiles(counts))
        assert bot.effective(counts[:], now, unseen, kinds) == expected


def view(hand: str, seat: int = 0, drawn: str | None = None, claim: dict | None = None,
         melds: list | None = None) -> dict:
    """A view as the protocol sends it: only what the bot reads needs to be right."""
    return {"seat": seat, "players": 4, "ruleset": "dazhong", "phase": "turn",
            "hand": hand, "drawn": drawn, "melds": melds or [[], [], [], []],
            "discards": [[], [], [], []], "claim": claim, "wildcard": None}


def turn_legal(hand: str, seat: int = 0) -> list[str]:
    """Plain discards of a 3n+2 hand, with the ready variants the engine would offer."""
    counts = parse_counts(hand)
    legal = []
    for kind, after, _ in discard_options(counts):
        legal.append(f"{seat} discard {tile_name(kind)}")
        if after == 0:
            legal.append(f"{seat} discard {tile_name(kind)} ready")
    return legal


def test_the_discard_keeps_the_lowest_shanten_then_the_most_unseen_effective_tiles() -> None:
    rng = random.Random(11)
    wall = [k for k in range(27) for _ in range(4)]
    for _ in range(60):
        tiles = rng.sample(wall, 14)
        counts = [tiles.count(k) for k in range(34)]
        hand = "".join(tile_name(k) for k in sorted(tiles))
        unseen = [4 - c for c in counts]
        best = {kind: (after, -sum(unseen[k] for k in eff))
                for kind, after, eff in discard_options(counts)}
        choice = eb.Bot(ready=False).decide(view(hand), turn_legal(hand))
        seat, kind, tile = choice.split()
        assert (seat, kind) == ("0", "discard")
        assert best[eb.kind_of(tile)] == min(best.values()), (hand, choice)


def test_it_declares_ready_unless_told_not_to() -> None:
    hand = "123m456p789s11m45p9m"
    legal = turn_legal(hand)
    assert "0 discard 9m ready" in legal
    assert eb.Bot().decide(view(hand, drawn="9m"), legal) == "0 discard 9m ready"
    assert eb.Bot(ready=False).decide(view(hand, drawn="9m"), legal) == "0 discard 9m"


def test_wins_come_first() -> None:
    hand = "123m456p789s11m456p"
    legal = ["0 tsumo 6p", *turn_legal(hand)]
    assert eb.Bot().decide(view(hand, drawn="6p"), legal) == "0 tsumo 6p"
    claim = {"tile": "6p", "from": 3, "kind": "discard"}
    legal = ["0 hu 6p", "0 chi 6p 45p", "0 pass"]
    assert eb.Bot().decide(view("123m456p789s11m45p", claim=claim), legal) == "0 hu 6p"


def claim_view(hand: str, tile: str) -> dict:
    return view(hand, claim={"tile": tile, "from": 3, "kind": "discard"})


def test_it_claims_only_what_lowers_the_shanten() -> None:
    # 1 away from ready: the peng of 9s makes it ready
    hand = "123m456p55m99s13s7p"
    assert eb.Bot().decide(claim_view(hand, "9s"), ["0 peng 9s", "0 pass"]) == "0 peng 9s"
    # already ready: a peng of the pair keeps it ready, no better
    hand = "123m456p789s55m46s"
    assert eb.Bot().decide(claim_view(hand, "5m"), ["0 peng 5m", "0 pass"]) == "0 pass"
    # a chi that completes a meld of a 1-away hand; a useless one is passed
    hand = "123m456p55m99s13s7p"
    assert eb.Bot().decide(claim_view(hand, "2s"), ["0 chi 2s 13s", "0 pass"]) == "0 chi 2s 13s"
    hand = "123m456p789s55m46s"
    assert eb.Bot().decide(claim_view(hand, "3m"), ["0 chi 3m 12m", "0 pass"]) == "0 pass"


def test_it_kongs_when_the_shanten_does_not_get_worse() -> None:
    hand = "123m456p555s79s11m"
    assert eb.Bot().decide(claim_view(hand, "5s"),
                           ["0 kong 5s", "0 peng 5s", "0 pass"]) == "0 kong 5s"
    hand = "123m456p1m9p45555s6s"  # a 5s is in the run 456s: the kong costs a step
    assert shanten(parse_counts("123m456p1m9p46s")) > shanten(parse_counts(hand))
    legal = ["0 concealed_kong 5s", *turn_legal(hand)]
    assert eb.Bot().decide(view(hand, drawn="5s"), legal) != "0 concealed_kong 5s"
    hand = "123m456p79s11m5555s"
    legal = ["0 concealed_kong 5s", *turn_legal(hand)]
    assert eb.Bot().decide(view(hand, drawn="5s"), legal) == "0 concealed_kong 5s"


def test_it_uses_only_the_standard_library() -> None:
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)}
    assert imported <= set(sys.stdlib_module_names), imported
    assert ast.get_docstring(tree)


def test_it_greets_and_answers_through_the_protocol() -> None:
    state = RoundState.new(load_ruleset("dazhong"), 3)
    bot = BotSeat(BOT, 0, 4, "dazhong", medium_fallback(1), log=pytest.fail)
    try:
        assert bot.name == "efficiency bot"
        for _ in range(12):
            if state.is_over:
                break
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            action = bot.choose(state.view(seat), legal) if seat == 0 else legal[0]
            assert action in legal
            state.apply(action)
    finally:
        bot.close()
    assert bot.faults == 0


def test_it_plays_whole_hands_in_the_arena_without_a_fault(tmp_path: Path, capfd) -> None:
    spec = f"bot:{BOT}"
    seating = ("medium", spec, spec, spec)
    for wall in range(2):
        tallies = play_hand("dazhong", 200 + wall, 5, seating, tmp_path, f"hand{wall}")
        assert tallies[spec].hands == 3 and tallies[spec].faults == 0
        record = json.loads((tmp_path / f"hand{wall}.json").read_text())
        match = Match.from_record(record, load_ruleset("dazhong"))
        assert match.is_over and [s["level"] for s in record["seats"]][1:] == ["bot"] * 3
    err = capfd.readouterr().err
    assert "efficiency bot:" not in err and "bot at seat" not in err, err
    assert children_of(os.getpid()) == []
