"""Win patterns and their fan, on hands in notation."""
import pytest

from game.engine.hands import HandRules
from game.engine.melds import CHI, KONG_CONCEALED, PENG, Meld
from game.engine.patterns import PATTERNS, WinningHand
from game.engine.scoring import score_pattern
from game.engine.tiles import parse_counts, parse_tile, parse_tiles
from game.rulesets import load_ruleset

FANS = load_ruleset().patterns
RULES = HandRules()


def meld(kind: str, text: str) -> Meld:
    tiles = tuple(parse_tiles(text))
    return Meld(kind, tiles, tiles[0], 1)


@pytest.mark.parametrize("hand, melds, name, fan", [
    ("123m456p789s11m234s", [], "basic", 6),
    ("111m222p333s999m55p", [], "all_triplets", 8),
    ("11123456789999m", [], "one_suit", 12),
    ("1122m3344p5566s77m", [], "seven_pairs", 12),
    ("1111m2233p4455s66s", [], "seven_pairs", 12),      # a quad counts as two pairs
    ("11223344556677m", [], "seven_pairs", 12),         # seven pairs + one suit: max, not sum
    ("111222333m44455m", [], "one_suit", 12),           # all triplets + one suit = 12, not 20
    ("123m456m789m11m", [("peng", "555p")], "basic", 6),
    ("456m789m999m11m", [("chi", "123m")], "one_suit", 12),
    ("333s555p99m", [("peng", "111m"), ("kong_concealed", "2222p")], "all_triplets", 8),
])
def test_pattern_fan(hand, melds, name, fan):
    ms = [meld(k, t) for k, t in melds]
    result = score_pattern(parse_counts(hand), ms, RULES, FANS)
    assert (result.name, result.fan) == (name, fan)


def test_all_triplets_needs_no_chi_meld():
    ms = [meld(CHI, "123p")]
    result = score_pattern(parse_counts("111m222s99m555s"), ms, RULES, FANS)
    assert result.name == "basic"


def test_seven_pairs_with_a_quad_is_not_a_win_when_the_rules_say_so():
    with pytest.raises(ValueError):
        score_pattern(parse_counts("1111m2233p4455s66s"), [],
                      HandRules(quads_as_two_pairs=False), FANS)


def test_not_a_winning_hand_is_refused():
    with pytest.raises(ValueError):
        score_pattern(parse_counts("123m456p789s11m235s"), [], RULES, FANS)


def test_wildcard_completes_patterns():
    red = parse_tile("7z")
    wild = HandRules(wildcard=red)
    # two red dragons stand in for the missing 3m and 5p
    assert score_pattern(parse_counts("12m46p789s11m234s77z"), [], wild, FANS).name == "basic"
    assert score_pattern(parse_counts("111m22p333s999m557z"), [], wild, FANS).name == "all_triplets"
    assert score_pattern(parse_counts("1122m3344p556s77m7z"), [], wild, FANS).name == "seven_pairs"
    melds = [Meld(PENG, (0,) * 3, 0, 1), Meld(KONG_CONCEALED, (9,) * 4)]
    assert score_pattern(parse_counts("55s99s33p77z"), melds, wild, FANS).name == "all_triplets"


def test_a_wildcard_is_never_a_fifth_copy_for_all_triplets():
    # As in the win test, a joker does not make 7777m a triplet and a pair: the hand wins
    # only as 55m + 777m + 7m-joker-joker (a run), so it is a basic hand, not all triplets
    wild = HandRules(wildcard=parse_tile("7z"))
    melds = [meld(PENG, "555s"), meld(KONG_CONCEALED, "9999m")]
    result = score_pattern(parse_counts("557777m77z"), melds, wild, FANS)
    assert (result.name, result.fan) == ("basic", 6)
    assert "all_triplets" not in result.applicable
    # a joker making up a triplet (55m + joker = 555m) still counts for all triplets
    assert score_pattern(parse_counts("5577m888p7z"), melds, wild, FANS).name == "all_triplets"


def test_only_the_patterns_a_ruleset_names_are_scored():
    fans = {"basic": 6, "seven_pairs": 12}       # no 清一色, no 碰碰胡 in this ruleset
    result = score_pattern(parse_counts("11123456789999m"), [], RULES, fans)
    assert (result.name, result.fan, result.applicable) == ("basic", 6, ("basic",))
    assert score_pattern(parse_counts("111m222p333s999m55p"), [], RULES, fans).name == "basic"


def test_a_registered_pattern_is_scored_where_a_ruleset_names_it(monkeypatch):
    def all_pairs_of_terminals(hand: WinningHand) -> bool:
        return all(c == 0 or k % 9 in (0, 8) for k, c in enumerate(hand.concealed))

    monkeypatch.setitem(PATTERNS, "terminals", all_pairs_of_terminals)
    hand = parse_counts("1199m1199p1199s99m")
    assert score_pattern(hand, [], RULES, FANS).name == "seven_pairs"
    result = score_pattern(hand, [], RULES, {**FANS, "terminals": 24})
    assert (result.name, result.fan) == ("terminals", 24)
    assert result.applicable == ("seven_pairs", "terminals")
