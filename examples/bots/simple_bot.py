#!/usr/bin/env python3
"""A small bot for the mahjong table's bot protocol (docs/bot_protocol.md).

It needs nothing but Python: copy it and make it stronger. It wins whenever it can,
never claims otherwise, and discards the tile with the fewest neighbours in its hand
(honors and isolated tiles first).

    python -m ai.arena --seats "hard,bot:python3 examples/bots/simple_bot.py,medium,medium"
"""
import json
import sys


def tiles(notation):
    """'123m45p' -> ['1m', '2m', '3m', '4p', '5p']"""
    out, digits = [], []
    for ch in notation:
        if ch.isdigit():
            digits.append(ch)
        else:
            out += [d + ch for d in digits]
            digits = []
    return out


def keep_value(tile, hand):
    """How much a tile helps the hand: copies of itself and near neighbours held."""
    rank, suit = int(tile[0]), tile[1]
    value = 3 * (hand.count(tile) - 1)
    if suit != "z":
        for step, weight in ((1, 2), (2, 1)):
            for r in (rank - step, rank + step):
                if 1 <= r <= 9 and f"{r}{suit}" in hand:
                    value += weight
        value += 1 if 3 <= rank <= 7 else 0
    return value


def decide(view, legal):
    for text in legal:
        kind = text.split()[1]
        if kind in ("hu", "tsumo"):
            return text
    discards = [t for t in legal if t.split()[1] == "discard" and not t.endswith("ready")]
    if not discards:
        return next((t for t in legal if t.endswith("pass")), legal[0])
    hand = tiles(view["hand"])
    return min(discards, key=lambda t: (keep_value(t.split()[2], hand), t))


def main():
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            reply = {"type": "hello", "name": "simple bot"}
        elif kind == "decide":
            reply = {"action": decide(message["view"], message["legal"]), "id": message.get("id")}
        elif kind == "bye":
            return
        else:
            continue  # events and end-of-hand messages need no answer
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
