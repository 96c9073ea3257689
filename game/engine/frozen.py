"""How copy and pickle rebuild the engine's frozen records."""
from __future__ import annotations

from dataclasses import fields
from typing import Any


def rebuilt(record: Any) -> tuple[type, tuple[Any, ...]]:
    """A frozen dataclass as `__reduce__` gives it: its class, called again with its
    fields.  A compiled class refuses the default way, which makes the object first and
    then sets each field."""
    return type(record), tuple(getattr(record, f.name) for f in fields(record))
