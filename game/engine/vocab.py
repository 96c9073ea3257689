"""A base for the engine's typed vocabularies: string enums that read, print, compare and
serialise as their plain value ("discard", "tsumo"), so records and JSON keep their text
while mypy checks every use."""
from __future__ import annotations

from enum import Enum


class Word(str, Enum):
    """A member of a vocabulary; str() and formatting give its value."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
