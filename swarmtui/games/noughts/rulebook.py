"""The rules of Noughts & Crosses as a player reads them (the ``rulebook`` service)."""

from __future__ import annotations

from swarmtui.core.services import Rulebook

RULEBOOK = Rulebook("""\
# Noughts & Crosses

Two players, X and O, take turns marking the cells of a 3 x 3 grid. X moves first.

## A turn

On your turn put your mark in one empty cell. Marks never move and are never removed.

## Winning

The first player with **three marks in a row** wins: a row, a column or one of the two
diagonals. When all nine cells are filled and nobody has three in a row, the game is a draw.
Played well by both sides, every game is a draw: the computer's exact `minimax` player
never loses.

## Cells and notation

Columns are `a`, `b`, `c` from left to right and rows `1`, `2`, `3` from top to bottom, as
drawn beside the grid: `a1` is the top-left cell, `b2` the centre and `c3` the bottom-right.
In the app the keys `1` to `9` play a cell directly (`1` = a1, `2` = b1 ... `9` = c3); the
arrows and Enter do too. A position is written row by row, top to bottom, as `X.O/.X./..O`
(`.` an empty cell).
""")
"""Noughts & Crosses' rulebook (``SPEC.services["rulebook"]``)."""
