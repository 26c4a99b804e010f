"""An independent, deliberately naive Hive move generator for cross-checking the engine.

It reads the position only through the Board's public API and applies the rules as written
(a breadth-first search of the hive before and after every candidate move, sliding checked
through the two cells both ends touch, found by intersecting neighbour sets), with none of
the engine's tables, masks or articulation points. The expansion bugs follow the rulebook
the same way: the Mosquito copies its neighbours' top bugs, the Ladybug walks every
three-step path over the hive, and the Pillbug's throw is a climb onto it and a step down,
each checked by the beetle's gate rule; the piece moved last stays put.
"""

from __future__ import annotations

import numpy as np
import pytest

from swarmtui.core.hexgrid import DIRECTIONS, ORIGIN, Hex
from swarmtui.games.hive.pieces import GAME_TYPES, Bug, Piece
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


def top(board: Board, cell: Hex) -> Piece:
    """The piece on top of the occupied ``cell``."""
    piece = board.top(cell)
    assert piece is not None, f"{cell} is empty"
    return piece


def position(board: Board, piece: Piece) -> Hex:
    """Where ``piece``, which is on the board, is."""
    cell = board.position(piece)
    assert cell is not None, f"{piece} is not on the board"
    return cell


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
            if piece != board.last_moved:
                moves |= _movements(board, piece)
        moves |= _throws(board, colour)
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
        tops = {c: top(board, c).colour for c in occupied}
        own = {n for c, col in tops.items() if col == colour for n in neighbours(c)}
        enemy = {n for c, col in tops.items() if col != colour for n in neighbours(c)}
        cells = own - enemy - occupied
    return {Move(p, None, c) for p in firsts for c in cells}


def _movements(board: Board, piece) -> set[Move]:
    origin = position(board, piece)
    if board.top(origin) != piece:
        return set()
    h = heights(board)
    h[origin] -= 1
    if h[origin] == 0:
        del h[origin]
    rest = set(h)
    if not connected(rest):
        return set()
    if piece.bug is Bug.MOSQUITO:
        if h.get(origin, 0):  # on top of the hive: a beetle
            bugs = {Bug.BEETLE}
        else:
            bugs = {top(board, n).bug for n in neighbours(origin) if n in rest} - {Bug.MOSQUITO}
    else:
        bugs = {piece.bug}
    dests = set().union(*(_bug_dests(bug, origin, h, rest) for bug in bugs))
    return {Move(piece, origin, d) for d in dests if connected(rest | {d})}


def gate_open(a: Hex, b: Hex, h: dict[Hex, int]) -> bool:
    """The beetle's rule for a step a -> b off, over or onto the hive (``h``: heights without the mover)."""
    g1, g2 = (h.get(g, 0) for g in neighbours(a) & neighbours(b))
    return min(g1, g2) <= max(h.get(a, 0), h.get(b, 0))


def _bug_dests(bug: Bug, origin: Hex, h: dict[Hex, int], rest: set[Hex]) -> set[Hex]:
    """Where ``bug`` on ``origin`` may go by its own way of moving (``h``: heights without it,
    ``rest``: the occupied cells without it); One Hive is the caller's check."""
    return _BUG_DESTS.get(bug, _beetle_dests)(origin, h, rest)


def _step_dests(origin: Hex, h: dict[Hex, int], rest: set[Hex]) -> set[Hex]:  # queen, pillbug
    return {n for n in neighbours(origin) if can_slide(origin, n, rest)}


def _ant_dests(origin: Hex, h: dict[Hex, int], rest: set[Hex]) -> set[Hex]:
    dests, todo = {origin}, [origin]
    while todo:
        a = todo.pop()
        for n in neighbours(a):
            if n not in dests and can_slide(a, n, rest):
                dests.add(n)
                todo.append(n)
    dests.discard(origin)
    return dests


def _spider_dests(origin: Hex, h: dict[Hex, int], rest: set[Hex]) -> set[Hex]:
    paths = [[origin]]
    for _ in range(3):
        paths = [p + [n] for p in paths for n in neighbours(p[-1]) if n not in p and can_slide(p[-1], n, rest)]
    return {p[-1] for p in paths}


def _grasshopper_dests(origin: Hex, h: dict[Hex, int], rest: set[Hex]) -> set[Hex]:
    dests = set()
    for d in DIRECTIONS:
        cell, jumped = origin + d, 0
        while cell in rest:
            cell, jumped = cell + d, jumped + 1
        if jumped:
            dests.add(cell)
    return dests


def _ladybug_dests(origin: Hex, h: dict[Hex, int], rest: set[Hex]) -> set[Hex]:
    dests = set()  # up, over, down: every path of three steps
    for a in neighbours(origin) & rest:
        for b in neighbours(a) & rest:
            for c in neighbours(b) - rest - {origin}:
                if gate_open(origin, a, h) and gate_open(a, b, h) and gate_open(b, c, h):
                    dests.add(c)
    return dests


def _beetle_dests(origin: Hex, h: dict[Hex, int], rest: set[Hex]) -> set[Hex]:
    dests = set()
    for n in neighbours(origin):
        src, dst = h.get(origin, 0), h.get(n, 0)
        if src == 0 and dst == 0:
            if can_slide(origin, n, rest):
                dests.add(n)
            continue
        if gate_open(origin, n, h):
            dests.add(n)
    return dests


_BUG_DESTS = {Bug.QUEEN: _step_dests, Bug.PILLBUG: _step_dests, Bug.ANT: _ant_dests, Bug.SPIDER: _spider_dests,
              Bug.GRASSHOPPER: _grasshopper_dests, Bug.LADYBUG: _ladybug_dests, Bug.BEETLE: _beetle_dests}


def _throws(board: Board, colour: str) -> set[Move]:
    """The Pillbug's special ability, for the pillbug and for a mosquito touching one."""
    moves: set[Move] = set()
    occupied = set(board.occupied())
    for thrower in board.pieces_on_board(colour):
        cell = position(board, thrower)
        if thrower == board.last_moved or board.stack(cell) != (thrower,):
            continue
        touching = {top(board, n).bug for n in neighbours(cell) & occupied}
        if not (thrower.bug is Bug.PILLBUG or (thrower.bug is Bug.MOSQUITO and Bug.PILLBUG in touching)):
            continue
        for src in neighbours(cell) & occupied:
            stack = board.stack(src)
            if len(stack) != 1 or stack[0] == board.last_moved or not connected(occupied - {src}):
                continue
            h = {c: board.height(c) for c in occupied - {src}}
            if not gate_open(src, cell, h):  # up onto the pillbug
                continue
            for dest in neighbours(cell) - occupied:
                if gate_open(cell, dest, h):  # and down beside it
                    moves.add(Move(stack[0], src, dest))
    return moves


# -- the engine against the brute force ------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_engine_agrees_with_brute_force_through_random_games(seed):
    check_random_game(Board(), seed)


@pytest.mark.parametrize(("game_type", "seed"), [(t, s) for t in GAME_TYPES[1:] for s in range(2)]
                         + [("Base+MLP", s) for s in range(2, 8)])
def test_expansions_agree_with_brute_force_through_random_games(game_type, seed):
    check_random_game(Board(game_type=game_type), seed)


def check_random_game(board: Board, seed: int) -> None:
    """At least 20 positions of seeded random games from ``board`` (another game from the same
    start when one ends early), each compared move for move with the brute-force generator."""
    rng = np.random.default_rng(seed)
    start = board.copy()
    checked = 0
    while checked < 20:
        board = start.copy()
        while board.outcome is None and board.ply < 70:
            ours = board.legal_moves()
            assert len(ours) == len(set(ours))
            assert set(ours) == brute_moves(board), board.game_string()
            for piece in {m.piece for m in ours if m.piece is not None}:
                assert set(board.moves_for(piece)) == {m for m in ours if m.piece == piece}
            board.play(ours[int(rng.integers(len(ours)))])
            checked += 1


def test_brute_force_sees_gates():
    # A sanity check of the checker itself: a queen in a pocket between two pieces.
    occupied = {Hex(1, -1), Hex(0, 1)}
    assert not can_slide(Hex(0, 0), Hex(1, 0), occupied)
    assert can_slide(Hex(0, 0), Hex(-1, 1), occupied)
    assert not can_slide(Hex(0, 0), Hex(-1, 0), occupied)  # would lose touch with the hive
