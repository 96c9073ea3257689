"""Finding and loading the shipped ruleset files (assets/rulesets/*.json)."""
from __future__ import annotations

from game.engine.ruleset import Ruleset, RulesetError, ruleset_from_dict
from game.files import DataError, read_json
from game.paths import asset

DEFAULT_RULESET = "dazhong"
RULESET_CAP = 256 * 1024


def available_rulesets() -> list[str]:
    """Ids of the shipped rulesets, the default first."""
    ids = sorted(p.stem for p in asset("rulesets").glob("*.json"))
    ids.remove(DEFAULT_RULESET)
    return [DEFAULT_RULESET, *ids]


def load_ruleset(ruleset_id: str = DEFAULT_RULESET) -> Ruleset:
    """Load a shipped ruleset by id; RulesetError names an unknown or broken one."""
    known = available_rulesets()
    if not isinstance(ruleset_id, str) or ruleset_id not in known:
        shown = ruleset_id[:40] if isinstance(ruleset_id, str) else type(ruleset_id).__name__
        raise RulesetError(f"unknown ruleset {shown!r} (known: {', '.join(known)})")
    path = asset("rulesets") / f"{ruleset_id}.json"
    try:
        data = read_json(path, f"ruleset file {path.name}", cap=RULESET_CAP)
    except DataError as exc:
        raise RulesetError(str(exc)) from None
    return ruleset_from_dict(data)

