"""The hive's shape as the move generator reads it: the hole count kept by ``play``/``undo``,
One Hive from it, and the ants' destinations from the rim and its pockets, each checked
against a plain computation from the occupied cells alone."""

from __future__ import annotations

import numpy as np
import pytest
from test_hive_brute import connected
from test_hive_move_picker import random_positions

from swarmtui.games.hive.rules import HEX, Board, D, cell_of


def finite_empty_regions(board: Board) -> int:
    """Holes counted directly: empty regions (cells joined through shared edges) inside the
    hive's bounding box, grown by one, that do not reach the box's border."""
    occupied = set(board._stacks)
    hexes = [HEX[c] for c in occupied]
    qs, rs = [h.q for h in hexes], [h.r for h in hexes]
    box = {cell_of(type(hexes[0])(q, r)) for q in range(min(qs) - 1, max(qs) + 2)
           for r in range(min(rs) - 1, max(rs) + 2)}
    border = {c for c in box if any(c + d not in box for d in D)}
    empty = box - occupied
    regions = 0
    while empty:
        start = empty.pop()
        todo, region = [start], {start}
        while todo:
            x = todo.pop()
            for d in D:
                if x + d in empty:
                    empty.discard(x + d)
                    region.add(x + d)
                    todo.append(x + d)
        regions += not region & border
    return regions


def cut_cells(board: Board) -> set[int]:
    """Cells whose piece cannot be lifted without splitting the hive (a search per cell)."""
    cells = {HEX[c] for c in board._stacks}
    return {cell_of(h) for h in cells if not connected(cells - {h})}


def ant_reach(board: Board, cell: int) -> set[int]:
    """Empty cells reached from ``cell`` by slides (one flanking cell occupied, the other
    empty), the piece on ``cell`` lifted."""
    occupied = set(board._stacks) - {cell}
    seen, todo = {cell}, [cell]
    while todo:
        x = todo.pop()
        for i, d in enumerate(D):
            n = x + d
            if n in occupied or n in seen:
                continue
            if (x + D[i - 1] in occupied) != (x + D[(i + 1) % 6] in occupied):
                seen.add(n)
                todo.append(n)
    return seen - {cell}


@pytest.mark.parametrize("game_type", ["Base", "Base+MLP"])
def test_holes_one_hive_and_ant_moves_agree_with_plain_searches(game_type):
    seen = {"holes": 0, "pockets": 0, "rim used with pockets": 0}
    for board in random_positions(game_type, 5, 150, plies=120):
        assert board._holes == board._holes_from_scratch() == finite_empty_regions(board), board.game_string()
        seen["holes"] += board._holes > 0
        cut = cut_cells(board)
        assert {c for c in board._stacks if board._is_cut(c)} == cut, board.game_string()
        board._rim = None
        for cell, st in board._stacks.items():
            if len(st) == 1 and cell not in cut:
                assert board._ant_dests(cell) == ant_reach(board, cell), (board.game_string(), HEX[cell])
        rim = board._rim
        if rim is not None and rim[1]:
            seen["pockets"] += 1
            seen["rim used with pockets"] += rim[0] is not None
    assert all(seen.values()), seen  # the positions did exercise holes, pockets and the rim


@pytest.mark.parametrize("game_type", ["Base", "Base+MLP"])
def test_hole_tall_stack_and_hand_counts_survive_play_undo_and_copy(game_type):
    rng = np.random.default_rng(8)
    board = Board(game_type=game_type)
    counts = []
    while board.outcome is None and board.ply < 160:
        counts.append((board._holes, board._tall))
        assert board._tall == sum(len(st) > 1 for st in board._stacks.values())
        assert board._hand_kinds == [len({p.bug for p in board.in_hand(c)}) for c in "wb"]
        assert board.count_moves() == len(board.legal_moves())
        assert (board.copy()._holes, board.copy()._tall) == counts[-1]
        moves = board.legal_moves()
        board.play(moves[int(rng.integers(len(moves)))])
    assert max(tall for _, tall in counts) > 0  # beetles did climb
    while board.history:
        board.undo()
        assert (board._holes, board._tall) == counts.pop()
    assert board._holes == 1 and not board._stacks  # the empty board's convention
