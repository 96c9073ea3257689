"""Every translation key the game uses is known at test time and has its zh and en texts:
keys are written out (literals, or the explicit maps of game/ui/wording.py), never built
from a string at run time, where a missing one would silently show the key."""
import ast
import re
from pathlib import Path

from game.engine.patterns import PATTERNS
from game.shell.i18n import LANGUAGES, load_strings
from game.ui.wording import PATTERN_KEYS

GAME = Path(__file__).resolve().parent.parent / "game"
STRINGS = load_strings()
NAMESPACES = {key.split(".")[0] for key in STRINGS}
KEY_SHAPE = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")
FILE_NAME = re.compile(r".*\.(json|py|md|png|otf|txt)")


def trees() -> list[tuple[str, ast.AST]]:
    return [(str(path.relative_to(GAME.parent)), ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(GAME.rglob("*.py")) if path.name != "hand_table_data.py"]


def is_key(text: str) -> bool:
    return (KEY_SHAPE.fullmatch(text) is not None and text.split(".")[0] in NAMESPACES
            and FILE_NAME.fullmatch(text) is None)


def test_every_key_the_game_names_has_both_languages_and_every_text_is_named():
    named, missing = set(), []
    for where, tree in trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and is_key(node.value):
                named.add(node.value)
                entry = STRINGS.get(node.value, {})
                if not all(entry.get(language) for language in LANGUAGES):
                    missing.append(f"{where}:{node.lineno} {node.value}")
    assert missing == []
    assert sorted(set(STRINGS) - named) == [], "texts no page names"


def test_no_key_is_built_at_run_time():
    built = []
    for where, tree in trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and (
                    isinstance(node.func, ast.Name) and node.func.id == "t"
                    or isinstance(node.func, ast.Attribute) and node.func.attr == "t") \
                    and isinstance(node.args[0], (ast.JoinedStr, ast.BinOp)):
                built.append(f"{where}:{node.lineno}")
    assert built == []


def test_every_scoring_pattern_has_its_words():
    assert set(PATTERNS) <= set(PATTERN_KEYS)
    for name_key, reason_key in PATTERN_KEYS.values():
        assert all(STRINGS[name_key][lang] and STRINGS[reason_key][lang] for lang in LANGUAGES)
