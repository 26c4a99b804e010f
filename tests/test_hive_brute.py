"""An independent, deliberately naive Hive move generator for cross-checking the engine.

It reads the position only through the Board's public API and applies the rules as written
(a breadth-first search of the hive before and after every candidate move, sliding checked
through the two cells both ends touch, found by intersecting neighbour sets), with none of
the engine's tables, masks or articulation points.
"""

from __future__ import annotations

from swarmtui.core.hexgrid import DIRECTIONS, ORIGIN, Hex
from swarmtui.games.hive.pieces import Bug
from swarmtui.games.hive.rules import PASS, Board, Move


def neighbours(cell: Hex) -> set[Hex]:
    return {cell + d for d in DIRECTIONS}


def connected(cells: set[Hex]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()) & cells:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def heights(board: Board) -> dict[Hex, int]:
    return {cell: board.height(cell) for cell in board.occupied()}


def can_slide(a: Hex, b: Hex, occupied: set[Hex]) -> bool:
    """Ground slide a -> b: b empty, and exactly one of the two cells beside both occupied."""
    if b in occupied or b not in neighbours(a):
        return False
    gates = neighbours(a) & neighbours(b)
    assert len(gates) == 2
    return len(gates & occupied) == 1


def brute_moves(board: Board) -> set[Move]:
    if board.outcome is not None:
        return set()
    colour = board.colour_to_move
    moves = _placements(board, colour)
    if board.queen(colour) is not None:
        for piece in board.pieces_on_board(colour):
            moves |= _movements(board, piece)
    return moves or {PASS}


def _placements(board: Board, colour: str) -> set[Move]:
    hand = board.in_hand(colour)
    turn = board.ply // 2 + 1
    if turn == 4 and any(p.bug is Bug.QUEEN for p in hand):
        hand = [p for p in hand if p.bug is Bug.QUEEN]
    elif turn == 1:
        hand = [p for p in hand if p.bug is not Bug.QUEEN]
    firsts, kinds = [], set()
    for piece in hand:  # number order: only the lowest of each kind may enter
        if piece.bug not in kinds:
            kinds.add(piece.bug)
            firsts.append(piece)
    occupied = set(board.occupied())
    if not occupied:
        cells = {ORIGIN}
    elif not board.pieces_on_board(colour):
        cells = {n for c in occupied for n in neighbours(c)} - occupied
    else:
        tops = {c: board.top(c).colour for c in occupied}
        own = {n for c, col in tops.items() if col == colour for n in neighbours(c)}
        enemy = {n for c, col in tops.items() if col != colour for n in neighbours(c)}
        cells = own - enemy - occupied
    return {Move(p, None, c) for p in firsts for c in cells}


def _movements(board: Board, piece) -> set[Move]:
    origin = board.position(piece)
    if board.top(origin) != piece:
        return set()
    h = heights(board)
    h[origin] -= 1
    if h[origin] == 0:
        del h[origin]
    rest = set(h)
    if not connected(rest):
        return set()
    bug = piece.bug
    if bug is Bug.QUEEN:
        dests = {n for n in neighbours(origin) if can_slide(origin, n, rest)}
    elif bug is Bug.ANT:
        dests, todo = {origin}, [origin]
        while todo:
            a = todo.pop()
            for n in neighbours(a):
                if n not in dests and can_slide(a, n, rest):
                    dests.add(n)
                    todo.append(n)
        dests.discard(origin)
    elif bug is Bug.SPIDER:
        dests = set()
        paths = [[origin]]
        for _ in range(3):
            paths = [p + [n] for p in paths for n in neighbours(p[-1]) if n not in p and can_slide(p[-1], n, rest)]
        dests = {p[-1] for p in paths}
    elif bug is Bug.GRASSHOPPER:
        dests = set()
        for d in DIRECTIONS:
            cell, jumped = origin + d, 0
            while cell in rest:
                cell, jumped = cell + d, jumped + 1
            if jumped:
                dests.add(cell)
    else:  # beetle
        dests = set()
        for n in neighbours(origin):
            src, dst = h.get(origin, 0), h.get(n, 0)
            if src == 0 and dst == 0:
                if can_slide(origin, n, rest):
                    dests.add(n)
                continue
            g1, g2 = (h.get(g, 0) for g in neighbours(origin) & neighbours(n))
            if min(g1, g2) <= max(src, dst):
                dests.add(n)
    return {Move(piece, origin, d) for d in dests if connected(rest | {d})}


# -- the engine against the brute force ------------------------------------------------------
import numpy as np  # noqa: E402
import pytest  # noqa: E402


@pytest.mark.parametrize("seed", range(6))
def test_engine_agrees_with_brute_force_through_random_games(seed):
    rng = np.random.default_rng(seed)
    board = Board()
    checked = 0
    while board.outcome is None and board.ply < 70:
        ours = board.legal_moves()
        assert len(ours) == len(set(ours))
        assert set(ours) == brute_moves(board), board.game_string()
        for piece in {m.piece for m in ours if m.piece is not None}:
            assert set(board.moves_for(piece)) == {m for m in ours if m.piece == piece}
        board.play(ours[int(rng.integers(len(ours)))])
        checked += 1
    assert checked >= 20


def test_brute_force_sees_gates():
    # A sanity check of the checker itself: a queen in a pocket between two pieces.
    occupied = {Hex(1, -1), Hex(0, 1)}
    assert not can_slide(Hex(0, 0), Hex(1, 0), occupied)
    assert can_slide(Hex(0, 0), Hex(-1, 1), occupied)
    assert not can_slide(Hex(0, 0), Hex(-1, 0), occupied)  # would lose touch with the hive
