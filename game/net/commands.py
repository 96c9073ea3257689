"""The network subcommands of `mahjong`: `serve` and `join`."""
from __future__ import annotations


def run_command(words: list[str], prog: str) -> int:
    """Run `serve ...` or `join ...` (words[0] names which)."""
    if words[0] == "serve":
        from game.net.serve import main as serve_main
        return serve_main(words[1:], prog)
    from game.net.join import main as join_main
    return join_main(words[1:], prog)
