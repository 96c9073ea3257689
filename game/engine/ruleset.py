"""Rulesets are data: loaded from JSON, identified by a content digest."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from .bloody_rules import BloodyRules, bloody_rules
from .gb_rules import GuobiaoRules, guobiao_rules
from .hands import HandRules
from .patterns import PATTERNS, shape_patterns
from .tiles import MAX_COPIES, NUM_KINDS, SUITS
from .wall import shuffled_wall

MAX_POINTS = 1000

PAYMENTS = ("chi", "peng", "direct_kong", "added_kong", "concealed_kong", "ready")
CLAIMS = ("chi", "peng", "kong", "multiple_hu", "rob_kong")


class RulesetError(ValueError):
    """A ruleset that is unknown or malformed."""


@dataclass(frozen=True)
class Ruleset:
    """Everything rule-related the engine reads; built from a ruleset JSON object."""

    id: str
    name: str
    name_en: str
    players: int
    tile_kinds: tuple[int, ...]
    copies: int
    hand_size: int
    hand_rules: HandRules
    claims: dict[str, bool]
    patterns: dict[str, int]        # only the patterns this ruleset scores, with their fan
    payments: dict[str, int]
    match_lengths: tuple[int, ...]
    default_match_length: int
    digest: str
    source: dict[str, Any] = field(repr=False, compare=False)
    bloody: BloodyRules | None = None   # 血战到底 play (定缺, going on after a win...)
    guobiao: GuobiaoRules | None = None  # 国标 play (flowers, the fan minimum, winds)

    def new_wall(self, seed: int) -> list[int]:
        """The ruleset's wall (国标: with its flowers) shuffled by `seed`."""
        extra = self.guobiao.flower_kinds() if self.guobiao is not None else ()
        return shuffled_wall(self.tile_kinds, self.copies, seed, extra)

    def title(self, language: str) -> str:
        """The ruleset's name for players of `language` ("zh": its Chinese name)."""
        return self.name if language == "zh" else self.name_en

    @property
    def wall_size(self) -> int:
        flowers = self.guobiao.flowers if self.guobiao is not None else 0
        return len(self.tile_kinds) * self.copies + flowers

    @property
    def wildcard(self) -> int | None:
        return self.hand_rules.wildcard


def _require(obj: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in obj:
        raise RulesetError(f"ruleset is missing '{key}'")
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RulesetError(f"ruleset field '{key}' has the wrong type")
    return value


def ruleset_digest(data: dict[str, Any]) -> str:
    """sha256 of the canonical JSON form of a ruleset object (first 16 hex digits)."""
    canon = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()[:16]


def ruleset_from_dict(data: dict[str, Any]) -> Ruleset:
    """Validate a ruleset JSON object and build a Ruleset."""
    if not isinstance(data, dict):
        raise RulesetError("ruleset must be a JSON object")
    suits = _require(data, "suits", list)
    if any(not isinstance(s, str) or len(s) != 1 or s not in SUITS[:3] for s in suits) \
            or len(set(suits)) != len(suits):
        raise RulesetError("suits must list some of 'm', 'p', 's', each once")
    kinds = [9 * SUITS.index(s) + r for s in suits for r in range(9)]
    if _require(data, "honors", bool):
        kinds += list(range(27, NUM_KINDS))
    extras = data.get("extra_kinds", [])
    if not isinstance(extras, list):
        raise RulesetError("extra_kinds must be a list of tile numbers")
    for extra in extras:
        if type(extra) is not int or not 0 <= extra < NUM_KINDS:
            raise RulesetError(f"bad extra tile kind {extra!r}")
        if extra not in kinds:
            kinds.append(extra)
    wildcard = data.get("wildcard")
    if wildcard is not None and (type(wildcard) is not int or wildcard not in kinds):
        raise RulesetError("the wildcard kind is not in the tile set")
    players = _require(data, "players", int)
    if players not in (2, 3, 4):
        raise RulesetError(f"unsupported number of players {players}")
    copies = _require(data, "copies", int)
    if not 1 <= copies <= MAX_COPIES:
        raise RulesetError(f"bad number of copies {copies}")
    claims = _require(data, "claims", dict)
    patterns = _require(data, "patterns", dict)
    payments = _require(data, "payments", dict)
    for group, names in ((claims, CLAIMS), (payments, PAYMENTS)):
        for name in names:
            if name not in group:
                raise RulesetError(f"ruleset is missing '{name}'")
    for name in CLAIMS:
        if type(claims[name]) is not bool:
            raise RulesetError(f"claim '{name}' must be true or false")
    for name in patterns:
        if name not in PATTERNS:
            raise RulesetError(f"unknown pattern {str(name)[:40]!r}")
    for group, names in ((patterns, tuple(patterns)), (payments, PAYMENTS)):
        for name in names:
            if type(group[name]) is not int or not 0 <= group[name] <= MAX_POINTS:
                raise RulesetError(f"'{name}' must be a whole number of points (0-{MAX_POINTS})")
    lengths = tuple(_require(data, "match_lengths", list))
    if not lengths or any(type(n) is not int or not 1 <= n <= 64 for n in lengths):
        raise RulesetError("match_lengths must list numbers of hands from 1 to 64")
    default_length = _require(data, "default_match_length", int)
    if default_length not in lengths:
        raise RulesetError("default_match_length is not one of match_lengths")
    for key in ("seven_pairs", "quads_as_two_pairs", "pair_258"):
        if key in data and type(data[key]) is not bool:
            raise RulesetError(f"'{key}' must be true or false")
    hand_rules = HandRules(
        seven_pairs=bool(data.get("seven_pairs", True)),
        quads_as_two_pairs=bool(data.get("quads_as_two_pairs", True)),
        pair_258=bool(data.get("pair_258", False)),
        wildcard=wildcard,
    )
    for name in shape_patterns(hand_rules):
        if name not in patterns:
            raise RulesetError(f"ruleset is missing '{name}': every win must score a pattern")
    hand_size = _require(data, "hand_size", int)
    if not 1 <= hand_size <= 13 or hand_size % 3 != 1:
        raise RulesetError(f"hand_size {hand_size} is not 3n+1 tiles up to 13")
    if len(kinds) * copies <= players * hand_size:
        raise RulesetError("the wall is too small to deal every seat")
    try:
        bloody = bloody_rules(data.get("bloody"))
    except (ValueError, TypeError) as exc:
        raise RulesetError(str(exc)) from None
    if bloody is not None and (players != 4 or claims["chi"] or wildcard is not None
                               or len(kinds) != 27):
        raise RulesetError("血战到底 is played by four, on the 108 suited tiles, without 吃")
    try:
        guobiao = guobiao_rules(data.get("guobiao"))
    except (ValueError, TypeError) as exc:
        raise RulesetError(str(exc)) from None
    if guobiao is not None and (players != 4 or bloody is not None or wildcard is not None
                                or len(kinds) != NUM_KINDS or copies != 4 or hand_size != 13):
        raise RulesetError("国标 is played by four, on all 136 tiles and the flowers, 13 a hand")
    return Ruleset(
        id=_require(data, "id", str),
        name=_require(data, "name", str),
        name_en=_require(data, "name_en", str),
        players=players,
        tile_kinds=tuple(sorted(kinds)),
        copies=copies,
        hand_size=hand_size,
        hand_rules=hand_rules,
        claims={k: bool(claims[k]) for k in CLAIMS},
        patterns={k: int(patterns[k]) for k in PATTERNS if k in patterns},
        payments={k: int(payments[k]) for k in PAYMENTS},
        match_lengths=lengths,
        default_match_length=default_length,
        digest=ruleset_digest(data),
        source=data,
        bloody=bloody,
        guobiao=guobiao,
    )
