"""Late move reductions at the root (``Searcher.search(reduced=...)``): what pso-verify's timed
verification uses for the moves its swarm did not propose."""

from __future__ import annotations

from swarmtui.agents.alphabeta.search import MATE_BOUND, Searcher
from swarmtui.core.hexgrid import Hex
from swarmtui.games.hive.evaluation import HiveEvaluation
from swarmtui.games.hive.pieces import parse_piece
from swarmtui.games.hive.rules import Board


def _five_round_black_queen() -> Board:
    """Black's queen at the origin with five neighbours; White's free ant can fill the sixth."""
    cells = {(0, 0): "bQ", (1, 0): "wQ", (0, 1): "wG1", (-1, 1): "bG1", (-1, 0): "bS1", (0, -1): "wS1",
             (2, -1): "wA1"}
    return Board.from_layout({Hex(*c): (parse_piece(p),) for c, p in cells.items()}, "White", ply=8)


def test_a_reduced_move_that_wins_is_searched_in_full_and_played():
    board = _five_round_black_queen()
    wins = [m for m in board.legal_moves() if m.dest == Hex(1, -1) and str(m.piece) == "wA1"]
    assert wins
    ev = HiveEvaluation()
    for depth in (2, 4):  # at depth 2 nothing is reduced (one ply left); at 4 the win is found shallow first
        result = Searcher(ev.prepare(board), ev, max_depth=depth).search(reduced=wins)
        assert result.best in wins and result.score >= MATE_BOUND


def test_reduced_moves_cost_fewer_nodes_and_are_still_scored():
    board = Board()
    for text in ("wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-"):
        board.play(board.parse_move(text))
    ev = HiveEvaluation()
    legal = board.legal_moves()
    rest = legal[4:]
    plain = Searcher(ev.prepare(board), ev, max_depth=4)
    plain.search()
    reduced = Searcher(ev.prepare(board), ev, max_depth=4)
    result = reduced.search(reduced=rest)
    assert reduced.nodes < plain.nodes
    first_iteration = [r.move for r in result.roots]
    assert set(first_iteration) == set(legal) and result.best in legal
