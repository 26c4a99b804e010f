"""Hive rules on hand-built positions, each tricky case with its exact expected move set.

Coordinates are axial ``Hex(q, r)``: E (+1, 0), SE (0, +1), SW (-1, +1), W (-1, 0),
NW (0, -1), NE (+1, -1). Every expectation below was worked out by hand (the reasoning is in
the comments) and is also checked against the independent brute force.
"""

from __future__ import annotations

import pytest
from test_hive_brute import brute_moves

from swarmtui.core.hexgrid import Hex, ring
from swarmtui.core.state import IllegalMoveError
from swarmtui.games.hive.pieces import parse_piece
from swarmtui.games.hive.rules import PASS, Board


def layout(spec: dict[tuple[int, int], str], to_move: str = "White") -> Board:
    """``{(q, r): "bQ wB1"}`` (bottom to top) -> Board."""
    return Board.from_layout(
        {Hex(*cell): [parse_piece(p) for p in pieces.split()] for cell, pieces in spec.items()}, to_move
    )


def dests(board: Board, piece: str) -> set[Hex]:
    moves = board.moves_for(parse_piece(piece))
    assert all(m.origin == board.position(parse_piece(piece)) for m in moves)
    return {m.dest for m in moves if m.dest is not None}


def cells(*pairs: tuple[int, int]) -> set[Hex]:
    return {Hex(*p) for p in pairs}


# A ring of six stacks around an empty hole at (1, 0), a white ant hanging off the west.
RING = {
    (0, 0): "wQ",
    (1, -1): "bQ wB1",  # white beetle on the black queen
    (2, -1): "bA1",
    (2, 0): "wG1",
    (1, 1): "wS1 bB1",  # black beetle pins the white spider
    (0, 1): "bB2",
    (-1, 0): "wA1",
}


def test_ring_position_matches_the_brute_force():
    board = layout(RING)
    assert set(board.legal_moves()) == brute_moves(board)


def test_piece_holding_the_hive_together_cannot_move():
    # wQ is the ant's only neighbour: lifting it would split the hive (One Hive).
    board = layout(RING)
    assert dests(board, "wQ") == set()
    with pytest.raises(IllegalMoveError, match="One Hive"):
        board.play(_move(board, "wQ", (0, -1)))


def test_pinned_piece_under_a_beetle_cannot_move():
    board = layout(RING)
    assert dests(board, "wS1") == set()
    with pytest.raises(IllegalMoveError, match="pinned under bB1"):
        board.play(_move(board, "wS1", (1, 2)))


def test_ant_goes_all_round_but_not_through_the_gate_into_the_hole():
    # The outside of the ring is the radius-2 ring around the hole; the hole (1, 0) has six
    # occupied neighbours, so every way in is a gate.
    board = layout(RING)
    expected = set(ring(Hex(1, 0), 2)) - {Hex(-1, 0)}
    assert len(expected) == 11
    assert dests(board, "wA1") == expected


def test_beetle_on_top_steps_anywhere_even_down_into_the_hole():
    # From height 2 every neighbour (heights 0 or 1) is reachable: no flanking stack is
    # higher than the beetle's level, so the hole a ground piece cannot enter is open to it.
    board = layout(RING)
    assert dests(board, "wB1") == cells((2, -1), (1, 0), (0, 0), (0, -1), (1, -2), (2, -2))


def test_grasshopper_jumps_over_stacks_and_needs_a_piece_to_jump():
    # From (2, 0): SW over the stack at (1, 1) lands on (0, 2); NW over bA1 lands on (2, -2);
    # W is the empty hole (nothing to jump); E, SE, NE are empty.
    board = layout(RING)
    assert dests(board, "wG1") == cells((0, 2), (2, -2))


def test_queen_cannot_slide_through_a_gate():
    # wQ at (0, 0) with pieces NE (1, -1) and SE (0, 1) joined around the east: the step E to
    # (1, 0) passes between them (gate); W would lose touch with the hive; SW and NW slide.
    board = layout({(0, 0): "wQ", (1, -1): "bQ", (2, -1): "bA1", (2, 0): "wG1", (1, 1): "wS1", (0, 1): "bB1"})
    assert dests(board, "wQ") == cells((-1, 1), (0, -1))
    assert set(board.legal_moves()) == brute_moves(board)


def test_spider_walks_exactly_three_round_the_end_of_a_line():
    # A line (0..3, 0) with the spider at its west end: three slides clockwise end on
    # (2, -1), three anticlockwise on (1, 1); it may not double back.
    board = layout({(-1, 0): "wS1", (0, 0): "wQ", (1, 0): "bQ", (2, 0): "bG1", (3, 0): "wA1"})
    assert dests(board, "wS1") == cells((2, -1), (1, 1))
    assert set(board.legal_moves()) == brute_moves(board)


def test_beetle_cannot_climb_between_two_higher_stacks():
    # wB1 at (0, 0): E onto bA1 (height 1) passes between two height-2 stacks (blocked);
    # it may climb those stacks, and slide SW and NW on the ground; W would lose touch.
    board = layout({(0, 0): "wB1", (1, -1): "bQ bB1", (0, 1): "wG1 wB2", (1, 0): "bA1", (2, -1): "wQ"})
    assert dests(board, "wB1") == cells((0, 1), (-1, 1), (0, -1), (1, -1))
    # wB2 up on (0, 1) looks over everything around it (all heights <= 1).
    assert dests(board, "wB2") == cells((1, 1), (0, 2), (-1, 2), (-1, 1), (0, 0), (1, 0))
    assert set(board.legal_moves()) == brute_moves(board)


def _move(board: Board, piece: str, dest: tuple[int, int]):
    from swarmtui.games.hive.rules import Move

    p = parse_piece(piece)
    return Move(p, board.position(p), Hex(*dest))


# -- placement rules -------------------------------------------------------------------------
def test_tournament_rule_no_queen_on_the_first_turn():
    board = Board()
    assert {str(m.piece) for m in board.legal_moves()} == {"wS1", "wB1", "wG1", "wA1"}
    with pytest.raises(IllegalMoveError, match="tournament"):
        board.parse_move("wQ")
    board.play_all(["wS1"])
    assert {str(m.piece) for m in board.legal_moves()} == {"bS1", "bB1", "bG1", "bA1"}
    assert len(board.legal_moves()) == 4 * 6  # anywhere next to wS1


def test_queen_must_be_placed_by_the_fourth_turn():
    board = Board()
    board.play_all(["wS1", "bS1 wS1-", "wS2 -wS1", "bS2 bS1-", "wB1 -wS2", "bB1 bS2-"])
    assert board.turn == 4
    assert {str(m.piece) for m in board.legal_moves()} == {"wQ"}
    with pytest.raises(IllegalMoveError, match="fourth turn"):
        board.parse_move("wG1 -wB1")
    board.play_all(["wQ -wB1"])
    assert {str(m.piece) for m in board.legal_moves()} == {"bQ"}


def test_identical_bugs_enter_in_number_order():
    board = Board()
    with pytest.raises(IllegalMoveError, match="before wS1"):
        board.parse_move("wS2")
    board.play_all(["wS1", "bA1 wS1-"])
    assert {str(m.piece) for m in board.legal_moves()} == {"wQ", "wS2", "wB1", "wG1", "wA1"}


def test_new_pieces_touch_only_their_own_colour():
    board = Board()
    board.play_all(["wS1", "bS1 wS1-"])
    with pytest.raises(IllegalMoveError, match="own colour"):
        board.parse_move("wG1 bS1/")  # touches bS1
    # White's legal cells: the three on the far side of wS1 from bS1.
    assert {m.dest for m in board.legal_moves()} == cells((-1, 0), (-1, 1), (0, -1))


def test_nothing_moves_before_the_queen_is_placed():
    board = Board()
    board.play_all(["wS1", "bS1 wS1-", "wG1 -wS1", "bG1 bS1-"])
    assert all(m.origin is None for m in board.legal_moves())
    with pytest.raises(IllegalMoveError, match="Queen is placed"):
        board.parse_move("wG1 bG1-")


# -- outcome, pass, options ---------------------------------------------------------------------
def test_pass_is_refused_while_another_move_exists():
    board = Board()
    with pytest.raises(IllegalMoveError, match="only when no other move"):
        board.play(PASS)


def test_move_cap_draws_and_undo_reopens_the_game():
    board = Board(move_cap=4)
    board.play_all(["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
    assert board.outcome is not None and board.outcome.winner is None and "cap" in board.outcome.reason
    assert board.legal_moves() == []
    board.undo()
    assert board.outcome is None and board.legal_moves()


def test_repetition_is_a_draw_by_default_on_the_third_occurrence():
    shuffle = ["wQ -wS1", "bQ bB1-", "wQ \\wS1", "bQ bB1\\"]
    opening = ["wS1", "bB1 wS1-", "wQ \\wS1", "bQ bB1\\"]
    board = Board()
    board.play_all(opening + shuffle)
    assert board.outcome is None  # second occurrence
    board.play_all(shuffle)
    assert board.outcome is not None and board.outcome.winner is None
    assert board.outcome.reason == "threefold repetition" and board.legal_moves() == []
    assert board.game_string().split(";")[1] == "Draw"
    board.undo()
    assert board.outcome is None
    board.play_all(shuffle[-1:])  # the third occurrence again, after an undo
    assert board.outcome is not None and board.outcome.reason == "threefold repetition"
    copy = board.copy()
    copy.undo()
    assert copy.outcome is None and board.outcome is not None
    printed = Board(repetition=False)  # the printed rules have no repetition draw
    printed.play_all(opening + shuffle * 3)
    assert printed.outcome is None


def test_repetition_counts_positions_not_move_orders():
    # The same position reached by other routes counts again: each queen steps out to a
    # different cell each time and back.
    board = Board()
    board.play_all(["wS1", "bB1 wS1-", "wQ \\wS1", "bQ bB1\\"])
    start = board.zobrist
    board.play_all(["wQ \\bB1", "bQ wS1\\", "wQ \\wS1", "bQ bB1\\"])  # second time
    assert board.zobrist == start and board.outcome is None
    board.play_all(["wQ -wS1", "bQ bB1-", "wQ \\wS1"])  # the side to move differs: not the position
    assert board.outcome is None
    board.play_all(["bQ bB1\\"])  # third time
    assert board.zobrist == start
    assert board.outcome is not None and board.outcome.reason == "threefold repetition"


def test_the_repetition_rule_option_reaches_the_board():
    from swarmtui.games.hive import SPEC
    from swarmtui.games.hive.rules import HiveRules

    assert SPEC.start(rules=HiveRules()).repetition is True
    assert SPEC.start(rules=HiveRules(repetition=False)).repetition is False
    assert Board.from_game_string("Base;NotStarted;White[1]").repetition is True


def test_surrounding_both_queens_at_once_is_a_draw():
    # (0, 1) is the last free neighbour of both queens; wA3 slides in from (0, 2) (only
    # wA2 at (1, 1) flanks that step).
    board = layout({
        (0, 0): "wQ", (1, 0): "bQ",
        (1, -1): "wS1", (-1, 1): "wB1", (-1, 0): "wG1", (0, -1): "bG1",
        (2, -1): "wA1", (2, 0): "bA1", (1, 1): "wA2", (0, 2): "wA3",
    })
    assert board.outcome is None
    board.play(_move(board, "wA3", (0, 1)))
    assert board.outcome is not None and board.outcome.winner is None
    assert board.outcome.reason == "both queens surrounded"
    assert board.legal_moves() == []
