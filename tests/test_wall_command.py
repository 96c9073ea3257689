"""`mahjong wall --seed SEED`: the wall a seed shuffles, printed so anyone can rebuild a
hand; docs/shuffle.md's reference code and test vectors agree with the game's shuffle."""
from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets import available_rulesets, load_ruleset
from game.wall_command import wall_text

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "shuffle.md").read_text(encoding="utf-8")


def wall_command(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", "wall", *words], cwd=ROOT,
                          check=False, capture_output=True, text=True, timeout=60)


def reference() -> dict[str, Any]:
    """The doc's reference code, run as it is written there."""
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.DOTALL)
    assert len(blocks) == 1
    names: dict[str, Any] = {}
    exec(compile(blocks[0], "docs/shuffle.md", "exec"), names)  # noqa: S102 - the doc's own code
    return names


REFERENCE = reference()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, (1 << 64) - 1), ruleset_id=st.sampled_from(available_rulesets()))
def test_the_docs_reference_code_rebuilds_the_games_wall(seed: int, ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    flowers = ruleset.guobiao.flowers if ruleset.guobiao is not None else 0
    kinds = REFERENCE["shuffle"](ruleset.tile_kinds, ruleset.copies, seed, flowers)
    assert " ".join(map(REFERENCE["notation"], kinds)) == wall_text(ruleset, seed)


def test_the_command_prints_the_docs_test_vector() -> None:
    vector = re.search(r"\$ mahjong wall --seed (\d+) --ruleset (\w+)\n(.*?) … (.*?) +\((\d+) tiles\)",
                       DOC)
    assert vector is not None
    seed, ruleset_id, head, tail, size = vector.groups()
    out = wall_command("--seed", seed, "--ruleset", ruleset_id)
    assert out.returncode == 0, out.stderr
    tiles = out.stdout.split()
    assert len(tiles) == int(size) == load_ruleset(ruleset_id).wall_size
    assert tiles[:len(head.split())] == head.split()
    assert tiles[-len(tail.split()):] == tail.split()


def test_the_docs_commitment_example_is_the_sha256_of_seed_and_salt() -> None:
    example = re.search(r"seed `(\d+)`\nwith salt `([0-9a-f]{32})` commits to\n\n```\n([0-9a-f]{64})\n",
                        DOC)
    assert example is not None
    seed, salt, digest = example.groups()
    assert hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest() == digest


def test_the_default_ruleset_is_dazhong_and_every_tile_is_there() -> None:
    out = wall_command("--seed", "18446744073709551615")
    assert out.returncode == 0, out.stderr
    dazhong = load_ruleset("dazhong")
    assert out.stdout.split() == wall_text(dazhong, (1 << 64) - 1).split()
    assert sorted(out.stdout.split()) == sorted(wall_text(dazhong, 0).split())


@pytest.mark.parametrize("words, named", [
    (["--seed", "-1"], "seed"),
    (["--seed", "18446744073709551616"], "2**64"),
    (["--seed", "1e5"], "seed"),
    (["--seed", "٣"], "seed"),
    (["--seed", "7", "--ruleset", "nope"], "unknown ruleset"),
    ([], "--seed"),
])
def test_a_bad_seed_or_ruleset_is_one_line_and_exit_2(words: list[str], named: str) -> None:
    out = wall_command(*words)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and named in out.stderr
