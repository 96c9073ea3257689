"""Finding and loading the shipped ruleset files (assets/rulesets/*.json)."""
from __future__ import annotations

import json

from game.engine.ruleset import Ruleset, RulesetError, ruleset_from_dict
from game.paths import asset

DEFAULT_RULESET = "dazhong"


def available_rulesets() -> list[str]:
    """Ids of the shipped rulesets, the default first."""
    ids = sorted(p.stem for p in asset("rulesets").glob("*.json"))
    ids.remove(DEFAULT_RULESET)
    return [DEFAULT_RULESET, *ids]


def load_ruleset(ruleset_id: str = DEFAULT_RULESET) -> Ruleset:
    """Load a shipped ruleset by id; RulesetError names an unknown or broken one."""
    path = asset("rulesets") / f"{ruleset_id}.json"
    if not ruleset_id.replace("_", "").isalnum() or not path.is_file():
        raise RulesetError(
            f"unknown ruleset '{ruleset_id}' (known: {', '.join(available_rulesets())})"
        )
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RulesetError(f"ruleset file {path.name} is unreadable: {exc}") from None
    return ruleset_from_dict(data)
