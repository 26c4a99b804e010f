"""Halma's ``heuristic`` service: what a greedy player maximises (``greedy``, the non-swarm
baseline every swarm result is compared with).

A move's key is (progress, steps it saves towards the goal's tip, jumps): progress is the change
of ``geometry.advance`` (the distance gained along the axis from the seat's home tip to its goal
tip); the second part pulls stragglers in from the side points; the third prefers the longer
jump chain. Every path of every piece is scored (``Board.paths_from``: steps and all jump
chains), pieces in sorted order, so a seeded tie-break replays. A move that merely reverses the
seat's previous move (played ``players`` plies ago) ``reverses``.
"""

from __future__ import annotations

from swarmtui.core.hexgrid import distance
from swarmtui.games.halma.geometry import advance, opposite, tip
from swarmtui.games.halma.rules import Board, Move


def path_key(path: tuple, goal_corner: int) -> tuple[int, int, int]:
    """The greedy order of a path: (progress, steps it saves towards the goal's tip, jumps)."""
    start, end = path[0], path[-1]
    jumps = len(path) - 1 if distance(path[0], path[1]) == 2 else 0
    apex = tip(goal_corner)
    closer = distance(start, apex) - distance(end, apex)
    return advance(end, goal_corner) - advance(start, goal_corner), closer, jumps


class HalmaHeuristic:
    """The :class:`~swarmtui.core.services.Heuristic` of Halma (module docstring)."""

    def scored_moves(self, state: Board) -> list[tuple[tuple[float, ...], Move]]:
        seat = state.to_move
        goal = opposite(state.corner(seat))
        return [(path_key(path, goal), Move(path[0], path[-1], path))
                for cell in sorted(state.pieces(seat)) for path in state.paths_from(cell)]

    def reverses(self, state: Board, move: Move) -> bool:
        history, back = state.history, len(state.seats)
        last = history[-back] if len(history) >= back else None
        return last is not None and (move.start, move.end) == (last.end, last.start)

    def describe(self, key: tuple[float, ...]) -> str:
        return f"{key[1]:g} nearer the tip, {key[2]:g} jumps"


HEURISTIC = HalmaHeuristic()
"""The service the descriptor names (``GameSpec.services["heuristic"]``)."""
