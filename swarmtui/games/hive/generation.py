"""Move generation: every legal move of a position, one piece's moves, and their number.

``legal_moves`` lists the placements, then each piece's own moves in piece order (with the
Pillbug in play, its throws too, without repeats), in a canonical order: cells by ascending
number, so that the compiled kernel (``compiled``, the base game) and the Python layers give
the same list; the list is cached until the position changes. ``count_moves`` counts the same
moves without building them (perft's last ply).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from swarmtui.games.hive.cells import AROUND, BITS, W
from swarmtui.games.hive.compiled import HEAD, KINDS, kernel
from swarmtui.games.hive.movement import BugMoves
from swarmtui.games.hive.moves import MOVEMENTS, PASS, Move, look_up
from swarmtui.games.hive.pieces import PIECE_CODES, PIECES_PER_SIDE, QUEEN, Piece
from swarmtui.games.hive.placement import Placements


class MoveGenerator(BugMoves, Placements):
    """The legal moves of a position (module docstring)."""

    def legal_moves(self) -> list[Move]:
        """Every legal move; ``[PASS]`` when the side to move has none; ``[]`` once over.

        The order is canonical: the placements (placeable pieces in code order, each on its
        cells in ascending cell number), then each piece's movements in code order, each to
        its destinations in ascending cell number (with the Pillbug, its throws last). The
        base game is answered by the compiled kernel once it is ready (``compiled``), the
        expansions and a machine without Numba by the Python layers: the same list either way.
        """
        if self._legal is not None:
            return list(self._legal)
        if self._outcome is not None:
            moves: list[Move] = []
        else:
            colour = self._ply & 1
            ready = kernel() if self._plain else None
            if ready is not None:
                moves = self._compiled_moves(ready[0], colour)
            else:
                moves = self._placements(colour, None)
                if self._pos[colour * PIECES_PER_SIDE] is not None:
                    stunned = self._stunned() if self._pillbug else -1
                    for code in self._codes[colour]:
                        if code != stunned:
                            self._movements(code, moves)
                    if self._pillbug and self._throws(colour, stunned, moves):
                        moves = list(dict.fromkeys(moves))  # a throw may repeat a walk or another throw
            if not moves:
                moves.append(PASS)
        self._legal = moves
        return list(moves)

    def _compiled_moves(self, fast: Callable[..., Any], colour: int) -> list[Move]:
        """``legal_moves`` (before the pass) from the compiled kernel's cells."""
        out = fast(self._where, KINDS, colour, self._pos[colour * PIECES_PER_SIDE] is not None, self._holes).tolist()
        at = HEAD + out[0]
        moves = self._placements(colour, None, out[HEAD:at])
        if not out[1]:
            return moves
        pos, code = self._pos, colour * PIECES_PER_SIDE
        for found in out[2:HEAD]:
            if found:
                end = at + found
                table = MOVEMENTS[code][pos[code]]
                moves += itemgetter(*out[at:end])(table) if found > 6 else map(table.__getitem__, out[at:end])
                at = end
            code += 1
        return moves

    def _compiled_dests(self, fast: Callable[..., Any], code: int) -> list[int]:
        """The destinations of piece ``code`` (of the side to move, its Queen in play) among the
        compiled kernel's cells (``play``'s check of a move not taken from the list)."""
        colour = code // PIECES_PER_SIDE
        out = fast(self._where, KINDS, colour, True, self._holes).tolist()
        j = code - colour * PIECES_PER_SIDE
        at = HEAD + out[0] + sum(out[2:2 + j])
        return out[at:at + out[2 + j]]

    def moves_for(self, piece: Piece) -> list[Move]:
        """The legal moves of one piece (its placements while it is in hand; with the Pillbug in
        play also its throws, so an opponent's piece may have moves)."""
        code = PIECE_CODES[piece]
        colour = code // PIECES_PER_SIDE
        if self._pillbug and self._pos[code] is not None:  # a pillbug may move it, whatever its colour
            return [m for m in self.legal_moves() if m[0] == piece]
        if self._outcome is not None or colour != self._ply & 1:
            return []
        if self._pos[code] is None:
            return self._placements(colour, code)
        moves: list[Move] = []
        if self._pos[colour * PIECES_PER_SIDE] is not None:
            self._movements(code, moves)
        return moves

    def _movements(self, code: int, moves: list[Move]) -> None:
        """Append the moves of piece ``code`` (its own way of moving, not a pillbug's throws)."""
        dests = self._dests(code)
        if dests:
            moves += look_up(MOVEMENTS[code][self._pos[code]], sorted(dests))

    def count_moves(self) -> int:
        """``len(self.legal_moves())``, without building the moves where it can (perft's last
        ply): the placements are bugs x cells and each piece's destinations are counted from
        the same generator ``legal_moves`` uses. With the Pillbug in play (a throw may repeat a
        walk) the list is built and counted."""
        if self._legal is not None:
            return len(self._legal)
        if self._outcome is not None:
            return 0
        if self._pillbug:
            return len(self.legal_moves())
        colour = self._ply & 1
        turn = self._ply >> 1  # the kinds _placeable_kinds lists, counted
        if turn == 3 and not self._placed[colour][QUEEN]:
            kinds = 1
        else:
            kinds = self._hand_kinds[colour] - (turn == 0 and not self._placed[colour][QUEEN])  # no Queen on turn 1
        pos = self._pos
        ready = kernel() if self._plain and pos[colour * PIECES_PER_SIDE] is not None else None
        if ready is not None:  # (before the Queen only placements: the Python count is quicker)
            out = ready[0](self._where, KINDS, colour, True, self._holes)
            return (kinds * int(out[0]) + int(out[1])) or 1
        count = kinds * len(self._placement_set(colour)) if kinds else 0
        if pos[colour * PIECES_PER_SIDE] is not None:
            dests = self._dests
            for code in self._codes[colour]:
                if pos[code] is not None:
                    count += len(dests(code))
        return count or 1  # nothing else legal: the pass

    def _placement_child_counter(self) -> Callable[[Move], int | None] | None:
        """For perft's last two plies: a function giving ``count_moves()`` of the position a
        placement leads to without playing it (None for a move it cannot answer: play it), or
        None when no child of this position can be answered so.

        It answers when the opponent (the side to move after the placement) has pieces in
        play but not its Queen: then it has no movements (nothing moves before its Queen,
        Pillbug throws included), and its placements are its bug kinds times its placement
        cells, which are this position's less the cells beside the new piece (they now touch
        the placing colour; the new piece's own cell touched only the placer's pieces). A
        placement that fills a queen's last free neighbour ends the game, and so may the move
        cap: those are played. A child is a new position (one piece more than any before), so
        the repetition rule never ends it.
        """
        if self._outcome is not None:
            return None
        colour = self._ply & 1
        other = 1 - colour
        placed = self._placed[other]
        if self._pos[other * PIECES_PER_SIDE] is not None or not any(placed) or not any(self._placed[colour]):
            return None
        if self.move_cap is not None and self._ply + 1 >= self.move_cap:
            return None
        turn = (self._ply + 1) >> 1  # the opponent's turn in the child (count_moves' kinds)
        kinds = 1 if turn == 3 else self._hand_kinds[other] - (turn == 0)  # its Queen is in hand
        if not kinds:
            return None
        cells = self._placement_set(other)
        nmask = self._nmask
        ringed = {q for q in (self._pos[0], self._pos[PIECES_PER_SIDE])  # queens with five neighbours
                  if q is not None and len(BITS[nmask.get(q, 0)]) == 5}

        def count(move: Move) -> int | None:
            if move[1] is not None or move[0] is None:
                return None  # a movement or a pass: played
            dest = move[2]
            cell = dest[0] * W + dest[1]  # type: ignore[index]  # a placement has a destination
            around = AROUND[cell]
            if ringed and not ringed.isdisjoint(around):
                return None  # it may surround a queen: played
            return kinds * len(cells.difference(around)) or 1  # nothing to place: the pass
        return count

