"""What a golden replay pins down about a match."""
from __future__ import annotations

import hashlib
from typing import Any

from game.engine.match import Match


def summarize(match: Match) -> dict[str, Any]:
    """Totals, per-hand wins and payments, and a digest of every event of the last hand."""
    events = "\n".join(f"{e.kind} {e.seat} {e.tile} {sorted(e.data.as_dict().items())}"
                       for e in match.round.events)
    return {
        "totals": match.totals,
        "hands": [
            {"dealer": h.dealer, "deltas": list(h.deltas), "exhausted": h.exhausted,
             "wins": [[w.seat, w.how, w.pattern.name, w.pattern.fan] for w in h.wins],
             "payments": [[p.payer, p.payee, p.amount, p.reason] for p in h.payments]}
            for h in match.history
        ],
        "last_hand_events_sha256": hashlib.sha256(events.encode()).hexdigest(),
    }
