"""The engine stays pure: no pygame, no I/O, no clocks, no global randomness."""
import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "game" / "engine"
FORBIDDEN_MODULES = {"pygame", "pygame_gui", "random", "time", "datetime", "os", "io",
                     "pathlib", "socket", "threading", "subprocess", "secrets"}
FORBIDDEN_CALLS = {"open", "print", "input"}


def impurities(source: str) -> list[str]:
    """What in this source breaks the engine's purity rules."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        found += [f"import {n}" for n in names if n.split(".")[0] in FORBIDDEN_MODULES]
        is_call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        if is_call and node.func.id in FORBIDDEN_CALLS:
            found.append(f"call {node.func.id}()")
        is_np = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
        if is_np and node.attr == "random" and node.value.id in {"np", "numpy"}:
            found.append("numpy.random")
    return found


def test_engine_is_pure():
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) >= 5, "engine files not found"
    for path in files:
        assert impurities(path.read_text(encoding="utf-8")) == [], path.name


def test_the_check_catches_impurities():
    bad = "import pygame\nfrom random import shuffle\nimport numpy as np\nnp.random.rand()\nopen('x')\n"
    assert sorted(impurities(bad)) == ["call open()", "import pygame", "import random", "numpy.random"]
