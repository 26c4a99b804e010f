"""Connect Four's rules for a person (the ``rulebook`` service): how a game that is not part of
swarmtui provides its rules (one more service in its descriptor), and the rules screen shows them."""

from __future__ import annotations

from swarmtui.core.services import Rulebook

RULEBOOK = Rulebook("""\
# Connect Four (small)

Two players, Red and Yellow, drop discs into the columns of an upright board; Red moves first.

## A turn

Choose a column that is not full: your disc falls to the lowest empty cell of that column.

## Winning

The first player with **four discs in a line** (across, up and down, or diagonal) wins. A
full board without such a line is a draw.

## Notation

Columns are lettered from `a` on the left; a move is the column's letter.
""")
