"""Exposed and concealed melds."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .frozen import rebuilt

CHI: Final = "chi"
PENG: Final = "peng"
KONG_DIRECT: Final = "kong_direct"        # 直杠 on a discard
KONG_ADDED: Final = "kong_added"          # 补杠 onto an exposed peng
KONG_CONCEALED: Final = "kong_concealed"  # 暗杠
KONGS = (KONG_DIRECT, KONG_ADDED, KONG_CONCEALED)


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table. claimed: the tile taken from from_seat (None for 暗杠)."""

    kind: str
    tiles: tuple[int, ...]
    claimed: int | None = None
    from_seat: int | None = None

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return rebuilt(self)

    @property
    def is_kong(self) -> bool:
        return self.kind in KONGS

    @property
    def is_triplet_like(self) -> bool:
        return self.kind != CHI

    def upgraded(self) -> Meld:
        """This peng turned into an added kong."""
        return Meld(KONG_ADDED, self.tiles + (self.tiles[0],), self.claimed, self.from_seat)
