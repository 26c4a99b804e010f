"""Hive rules, base game and the Mosquito/Ladybug/Pillbug expansions, as a python-chess style
``Board`` (legal_moves / play / undo).

The rules are those of the published game as established engines (Mzinga, nokamute) play it,
which refine McGuile's summary (section 3.2) where it is incomplete:

* Placement: the first piece goes anywhere (UHP puts it at the origin), the second player's
  first piece next to it, every later piece touches only its own colour. Tournament rule: no
  Queen on a player's first turn; the Queen must be in play by the player's fourth turn
  (McGuile: "if a player has not placed their Queen Bee by the third move, they must play it
  on their fourth"). Identical bugs enter in number order. No piece moves before its owner's
  Queen is placed.
* One Hive: a ground piece whose cell is an articulation point of the hive graph cannot move
  (instead of McGuile's search per candidate move, section 3.3.2: in a hive without holes,
  counted by ``play``/``undo``, a cell is one exactly when its neighbours form two or more
  arcs; with holes, one linear Tarjan pass per position); the piece under a beetle is pinned.
* Freedom to Move: a ground step from cell x to neighbour n is a slide, allowed when exactly
  one of the two cells beside both x and n is occupied (both: a gate; neither: the piece
  would lose touch with the hive). Beetles moving on or off the hive pass a gate only if one
  of its two stacks is no higher than the higher of source (without the beetle) and target.
* Queen and Beetle one step, Spider exactly three slides without revisiting a cell,
  Grasshopper jumps in a straight line over at least one piece to the first empty cell, Ant
  any number of slides. Pass only when nothing else is legal.
* Game types (UHP ``Base``, ``Base+M`` ... ``Base+MLP``, :class:`GameType`) add one Mosquito,
  Ladybug and/or Pillbug a side; they are placed like any other bug. The readings below are
  the official rulebook's, settled where it is silent the way Mzinga's ``Board.cs`` does (and
  nokamute agrees):

  - **Mosquito** on the ground moves as any bug whose *top* piece touches it (the union of
    their moves; a neighbour under a beetle lends nothing, the beetle on top lends its
    moves). Touching only mosquitoes, it cannot move. Once on top of the hive (it climbed as
    a beetle) it moves only as a beetle until it comes down. It obeys One Hive like any
    ground piece. Touching a Pillbug it may use the Pillbug's special ability (below), also
    when One Hive pins the mosquito itself, but never from on top of the hive.
  - **Ladybug** moves exactly three steps: two on top of the hive, then one down to an empty
    cell, never ending where it started; each step passes gates as a beetle does (a step is
    blocked when both flanking stacks are higher than the higher of where it comes from and
    where it goes).
  - **Pillbug** moves like the Queen (one slide). Its special ability moves an *adjacent*
    piece of either colour up onto the pillbug and down to an empty cell adjacent to the
    pillbug, instead of moving itself. The piece moved must not be covered (a stack of one),
    must not be the piece moved (or placed) on the previous turn, and must not be pinned by
    One Hive; climbing onto and down from the pillbug passes gates as a beetle (blocked by
    two flanking stacks of height two or more). A pillbug may use the ability even when One
    Hive pins it, but not when it is covered or was itself moved on the previous turn.
  - **The piece moved last** (placed, moved, or moved by a pillbug; nothing after a pass)
    cannot move, be moved by a pillbug, or use the pillbug's ability on the next turn. In
    the base game that piece is always the opponent's, so the rule only matters with the
    Pillbug in play.
  - A move is a piece and its destination: a pillbug throw that puts a piece where it could
    also walk, or two pillbugs (a pillbug and a mosquito) throwing the same piece to the same
    cell, is one move (Mzinga's move set), which is what perft counts.
* Outcome: a Queen with six occupied neighbours loses; both at once is a draw. A position
  that occurs for the third time is a draw (threefold repetition), as hivegame.com and
  nokamute play: a rule option, on by default (``Board(repetition=False)`` or
  ``HiveRules(repetition=False)`` for the printed rules, which have none; ``Board`` says
  what counts as the same position). A move cap (``Board(move_cap=N)``) is for batch runs.

The engine is in pieces with one job each, and this module exports them all (as python-chess
exports its board and notation from one place): ``pieces`` (tiles and game types), ``cells``
(integer cells, neighbour-mask tables), ``zobrist`` (position keys), ``moves`` (``Move``,
``PASS``, interned moves), ``stacks`` (the position and its bookkeeping), ``topology`` (One
Hive), ``ants``, ``movement`` (each bug), ``placement``, ``generation`` (the move list),
``picker`` (a uniform random move for playouts), ``legality`` (reasons), ``board`` (``Board``:
making and unmaking moves, outcome, set-up positions, GameStrings) and ``notation`` (UHP
MoveStrings and GameStrings). ``benchmarks/hive_perft.py`` measures their speed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from swarmtui.games.hive.board import Board, format_game_string, parse_game_string
from swarmtui.games.hive.cells import ARCS, BITS, HEX, STEPS, D, W, cell_of
from swarmtui.games.hive.moves import PASS, Move
from swarmtui.games.hive.notation import (
    check_game_type,
    format_move_string,
    parse_move_string,
    split_game_string,
    state_string,
    turn_string,
)
from swarmtui.games.hive.pieces import ALL_PIECES, BASE, Bug, GameType, Piece, parse_piece
from swarmtui.games.hive.zobrist import ZOBRIST_BLACK_TO_MOVE

GameTypeName = Literal["Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP"]


@dataclass(frozen=True)
class HiveRules:
    """Hive's rule variants for the game descriptor: the UHP game type (which expansion bugs play)
    and the threefold-repetition draw."""

    game_type: GameTypeName = field(default="Base", metadata={"help": "UHP game type: Base, Base+M ... Base+MLP"})
    repetition: bool = field(default=True, metadata={
        "help": "Threefold repetition draw: a position occurring for the third time is a draw, as hivegame.com "
                "and nokamute play (false: the printed rules, which have none)"})


__all__ = [
    "ALL_PIECES", "ARCS", "BASE", "BITS", "D", "HEX", "PASS", "STEPS", "W", "ZOBRIST_BLACK_TO_MOVE", "Board", "Bug",
    "GameType", "GameTypeName", "HiveRules", "Move", "Piece", "cell_of", "check_game_type", "format_game_string",
    "format_move_string", "parse_game_string", "parse_move_string", "parse_piece", "split_game_string",
    "state_string", "turn_string",
]
