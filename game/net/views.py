"""The seats' views of one room as the JSON they are sent in, each made once.

A seat is sent its view with the last event of every batch, and again in the `decide`
that often follows at once: the text of each seat's last view is kept and sent again
while its view is equal. The discards of every seat's view are written once for the
room's four seats while a pool has not changed (ai.protocol.view_message's `pools`).
"""
from __future__ import annotations

import orjson

from ai.protocol import Pools, view_message
from game.engine.view import PlayerView
from game.net.wire import encode


class ViewTexts:
    """One room's views as encoded JSON, ready to be put into a message."""

    def __init__(self) -> None:
        self._pools: Pools = {}
        self._last: dict[int, tuple[PlayerView, orjson.Fragment]] = {}   # seat: its last

    def __call__(self, view: PlayerView) -> orjson.Fragment:
        """`view_message(view)`, encoded (game.net.wire.encode writes it as it is)."""
        last = self._last.get(view.seat)
        if last is not None and (last[0] is view or last[0] == view):
            return last[1]
        text = orjson.Fragment(encode(view_message(view, self._pools)))
        self._last[view.seat] = (view, text)
        return text
