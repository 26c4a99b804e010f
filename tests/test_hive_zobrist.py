"""Zobrist hashing of Hive positions: incremental in play/undo, equal to a recomputation,
equal for transpositions, different for the side to move and for stack heights."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swarmtui.core.hexgrid import Hex
from swarmtui.games.hive.pieces import parse_piece
from swarmtui.games.hive.rules import ZOBRIST_BLACK_TO_MOVE, Board

GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=90)


@GAMES
@given(choices)
def test_incremental_hash_matches_recomputation_through_play_and_undo(picks):
    board = Board()
    hashes = [board.zobrist]
    assert board.zobrist == 0
    for pick in picks:
        moves = board.legal_moves()
        if not moves:
            break
        board.play(moves[pick % len(moves)])
        assert board.zobrist == board.zobrist_from_scratch()
        assert board.copy().zobrist == board.zobrist
        hashes.append(board.zobrist)
    while board.history:
        board.undo()
        hashes.pop()
        assert board.zobrist == hashes[-1] == board.zobrist_from_scratch()


def test_transpositions_hash_alike_and_side_to_move_counts():
    a = Board()
    a.play_all(["wS1", "bS1 wS1-", "wG1 -wS1", "bG1 bS1-", "wA1 /wS1", "bA1 bS1/"])
    b = Board()
    b.play_all(["wS1", "bS1 wS1-", "wA1 /wS1", "bA1 bS1/", "wG1 -wS1", "bG1 bS1-"])
    assert a.position_key() == b.position_key() and a.history != b.history
    assert a.zobrist == b.zobrist
    # Same pieces on other cells: another position, another hash.
    c = Board()
    c.play_all(["wS1", "bS1 wS1-", "wG1 /wS1", "bG1 bS1/", "wA1 -wS1", "bA1 bS1-"])
    assert c.zobrist != a.zobrist
    # Both sides shuffle their queens back and forth: the same position comes back.
    e = Board()
    e.play_all(["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
    before = e.zobrist
    e.play_all(["wQ \\wS1", "bQ bS1\\", "wQ -wS1", "bQ bS1-"])
    assert e.zobrist == before
    e.play(e.parse_move("wQ \\wS1"))
    assert e.zobrist != before and e.zobrist == e.zobrist_from_scratch()


def test_the_side_to_move_and_stack_heights_are_in_the_hash():
    layout = {Hex(0, 0): (parse_piece("wQ"),), Hex(1, 0): (parse_piece("bQ"),)}
    white = Board.from_layout(layout, "White", ply=6)
    black = Board.from_layout(layout, "Black", ply=7)
    assert white.zobrist ^ black.zobrist == ZOBRIST_BLACK_TO_MOVE
    low = Board.from_layout({Hex(0, 0): (parse_piece("wQ"), parse_piece("bB1")), Hex(1, 0): (parse_piece("bQ"),),
                             Hex(2, 0): (parse_piece("wB1"),)}, "White", ply=8)
    high = Board.from_layout({Hex(0, 0): (parse_piece("wQ"), parse_piece("wB1"), parse_piece("bB1")),
                              Hex(1, 0): (parse_piece("bQ"),)}, "White", ply=8)
    swapped = Board.from_layout({Hex(0, 0): (parse_piece("wQ"), parse_piece("bB1"), parse_piece("wB1")),
                                 Hex(1, 0): (parse_piece("bQ"),)}, "White", ply=8)
    assert len({low.zobrist, high.zobrist, swapped.zobrist}) == 3


def test_from_layout_agrees_with_the_played_game():
    played = Board()
    played.play_all(["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wB1 wQ\\", "bB1 bQ/"])
    layout = {h: played.stack(h) for h in played.occupied()}
    assert Board.from_layout(layout, "White", ply=played.ply).zobrist == played.zobrist
