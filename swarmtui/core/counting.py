"""Counted nouns for what people read: ``1 move``, ``2 moves``, ``1 cell``, ``3 followers``."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, in the plural unless the number is exactly one (``plural`` when
    the noun does not just take an ``s``)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
