"""Chinese mahjong (大众麻将): the game, its rules engine and its shell."""
from game.native import drop_stale

drop_stale()   # a compiled module older than its source is never imported
