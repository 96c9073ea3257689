"""How a meld is laid out on the table: its tiles in order, the claimed one turned
sideways on the side of the seat it came from (left for 上家, middle for the opposite
seat, right for 下家), an added kong's fourth tile stacked on it, a 暗杠 face down."""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.melds import KONG_ADDED, KONG_CONCEALED
from game.engine.view import MeldView
from game.render.layout import side_of


@dataclass(frozen=True)
class Piece:
    """One tile of a meld: kind (None = face down), sideways turn, stacked on the previous."""

    kind: int | None
    turn: int = 0
    stacked: bool = False
    claimed: bool = False


def meld_pieces(meld: MeldView, owner: int, players: int) -> list[Piece]:
    """A meld's tiles as laid out: the claimed tile sideways, on the side of its source
    (left for 上家, middle for the opposite seat, right for 下家)."""
    if not meld.tiles:
        return [Piece(None)] * 4
    if meld.kind == KONG_CONCEALED:
        t = meld.tiles[0]
        return [Piece(None), Piece(t), Piece(t), Piece(None)]
    if meld.claimed is None or meld.from_seat is None:
        return [Piece(t) for t in meld.tiles]
    source = side_of(meld.from_seat, owner, players)
    rest = list(meld.tiles)
    rest.remove(meld.claimed)
    added = meld.kind == KONG_ADDED
    if added:
        rest.pop()
    turn = 270 if source == 1 else 90
    pieces = [Piece(t) for t in rest]
    at = {3: 0, 2: 1}.get(source, len(rest))
    pieces.insert(at, Piece(meld.claimed, turn, claimed=True))
    if added:
        pieces.insert(at + 1, Piece(meld.claimed, turn, stacked=True))
    return pieces
