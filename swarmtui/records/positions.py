"""Every position of a replayed game, in memory linear in its length: one board walked with
play and undo, and a few checkpoint copies.

A copy of the board per ply costs quadratic memory, since each copy carries the move history
up to its ply (a legal 20,000-ply Hive game took 1.66 GB, 100,000 plies ran out of memory).
:class:`Positions` keeps one board that walks to the ply asked for, forward by replaying the
moves and back by ``undo``, like a reader stepping through a game, and a copy every ``every``
plies so that a jump (Home, End, a test's ``positions[-1]``) replays at most ``every`` moves.
When the copies would outnumber ``max_checkpoints`` every other one is dropped and the spacing
doubles, so they hold at most about ``max_checkpoints`` histories of the game's length:
memory stays linear (``benchmarks/replay_memory.py`` prints it; ``tests/test_replay_memory.py``
bounds it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from swarmtui.core.state import GameState

CHECKPOINT_EVERY = 256
"""Plies between two checkpoint copies at first (the spacing doubles as the game grows)."""
MAX_CHECKPOINTS = 16
"""Checkpoint copies kept at most (beyond, every other is dropped and the spacing doubles)."""

SKIP = object()
"""The action of a ply that the side to move skipped (Hive's immobile-opponent protocol)."""


class Positions(Sequence[GameState]):
    """``positions[i]``: a fresh copy of the board after ``i`` moves, for ``0 <= i <= len(moves)``.

    Built by :meth:`play` and :meth:`skip` while the game is read, move after move; ``at(i)`` is
    the walking board itself at ply ``i`` (no copy: read it, do not keep or change it).
    """

    def __init__(self, start: GameState, skip_turn: Callable[[Any], None] | None = None, *,
                 every: int = CHECKPOINT_EVERY, max_checkpoints: int = MAX_CHECKPOINTS) -> None:
        self._board = start.copy()
        self._ply = 0
        """The ply the walking board is at."""
        self._actions: list[Any] = []
        """Per ply, the move played or ``SKIP``."""
        self._skip_turn = skip_turn
        self._every = max(1, every)
        self._max_checkpoints = max(2, max_checkpoints)
        self._checkpoints: dict[int, GameState] = {0: start.copy()}

    # -- building -------------------------------------------------------------------------------
    @property
    def board(self) -> GameState:
        """The walking board at the last ply (where :meth:`play` adds the next move)."""
        self._walk(len(self._actions))
        return self._board

    def play(self, move: Any) -> None:
        """Add the next move of the game (``IllegalMoveError`` from the rules leaves nothing added)."""
        self.board.play(move)
        self._added(move)

    def skip(self) -> None:
        """Add a skipped turn (the game's ``skip_turn``)."""
        if self._skip_turn is None:
            raise ValueError("this game has no skipped turns")
        self._skip_turn(self.board)
        self._added(SKIP)

    def _added(self, action: Any) -> None:
        self._actions.append(action)
        self._ply += 1
        if self._ply % self._every == 0:
            self._checkpoints[self._ply] = self._board.copy()
            if len(self._checkpoints) > self._max_checkpoints:
                self._every *= 2
                self._checkpoints = {p: b for p, b in self._checkpoints.items() if p % self._every == 0}

    # -- reading --------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._actions) + 1

    @overload
    def __getitem__(self, index: int) -> GameState: ...
    @overload
    def __getitem__(self, index: slice) -> list[GameState]: ...
    def __getitem__(self, index: int | slice) -> GameState | list[GameState]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self.at(index).copy()

    def __iter__(self) -> Iterator[GameState]:
        for ply in range(len(self)):
            yield self[ply]

    def at(self, index: int) -> GameState:
        """The walking board after ``index`` moves (negative: from the end), not a copy."""
        ply = index + len(self) if index < 0 else index
        if not 0 <= ply < len(self):
            raise IndexError(f"no position after {index} moves (the game has {len(self._actions)})")
        self._walk(ply)
        return self._board

    def _walk(self, ply: int) -> None:
        """Bring the walking board to ``ply``: from where it is, or from the nearest checkpoint
        at or before ``ply`` when that replays fewer moves."""
        base = max(p for p in self._checkpoints if p <= ply)
        if ply - base < abs(ply - self._ply):
            self._board, self._ply = self._checkpoints[base].copy(), base
        while self._ply > ply:
            self._board.undo()
            self._ply -= 1
        while self._ply < ply:
            action = self._actions[self._ply]
            if action is SKIP:
                self._skip_turn(self._board)  # type: ignore[misc]  # SKIP is only added with a skip_turn
            else:
                self._board.play(action)
            self._ply += 1
