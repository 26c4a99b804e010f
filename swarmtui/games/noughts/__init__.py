"""Noughts & Crosses: rules, notation, symmetries and text rendering."""

from swarmtui.games.noughts.rules import Board, EMPTY, O, X

__all__ = ["Board", "EMPTY", "X", "O"]
