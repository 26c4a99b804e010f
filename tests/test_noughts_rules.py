"""Noughts rules, notation and symmetry against independent facts.

The counts are the known facts about the game (e.g. Ford section 3.1 citing [5]; OEIS-style
enumerations): 5478 legal positions reachable from the empty board, 765 up to the eight
symmetries, 627 of those not yet finished; 255168 complete games, of which X wins 131184,
O wins 77904 and 46080 are drawn.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swarmtui.core.state import IllegalMoveError, NotationError
from swarmtui.games.noughts import Board, states, symmetry
from swarmtui.games.noughts.notation import format_cell, parse_cell
from swarmtui.games.noughts.render import render_plain


def test_position_counts_match_the_literature():
    assert len(states.reachable_keys()) == 5478
    assert len(states.canonical_keys()) == 765
    assert len(states.genes()) == 627


def test_game_counts_match_the_literature():
    assert tuple(states.count_games()) == (255168, 131184, 77904, 46080)


def test_board_api_plays_every_game_with_the_same_counts():
    """Walk the whole game tree through Board.play/undo only (no memo): the rules themselves."""
    tally = {"X": 0, "O": 0, None: 0}
    board = Board()

    def walk() -> None:
        outcome = board.outcome
        if outcome is not None:
            tally[outcome.winner] += 1
            return
        for move in board.legal_moves():
            board.play(move)
            walk()
            board.undo()

    walk()
    assert (tally["X"], tally["O"], tally[None]) == (131184, 77904, 46080)
    assert board == Board()


def test_symmetries_form_the_dihedral_group():
    perms = set(symmetry.SYMMETRIES)
    assert len(perms) == 8
    for p in symmetry.SYMMETRIES:
        for q in symmetry.SYMMETRIES:
            assert tuple(p[q[i]] for i in range(9)) in perms
    for s, inv in enumerate(symmetry.INVERSES):
        cells = tuple(range(9))
        assert symmetry.apply(inv, symmetry.apply(s, cells)) == cells
    # R is a quarter turn clockwise: the top-left corner goes to the top-right.
    r = symmetry.SYMMETRY_NAMES.index("R")
    assert symmetry.cell_to_image(r, 0) == 2
    h = symmetry.SYMMETRY_NAMES.index("H")
    assert symmetry.cell_to_image(h, 0) == 2 and symmetry.cell_to_image(h, 3) == 5


reachable = st.sampled_from(sorted(states.reachable_keys()))


@given(reachable, st.integers(0, 7))
def test_canonical_form_is_invariant_and_minimal(key, s):
    cells = symmetry.cells_of(key)
    canon = symmetry.canonical(cells)
    image = symmetry.apply(s, cells)
    assert symmetry.canonical(image).key == canon.key
    assert symmetry.apply(canon.symmetry, cells) == canon.cells
    assert canon.key == min(symmetry.key_of(symmetry.apply(t, cells)) for t in range(8))
    assert symmetry.cells_from_gene(symmetry.gene_string(cells)) == cells


def test_gene_strings_use_fords_encoding():
    board = Board.from_text(".../.X./...")
    assert symmetry.gene_string(board.cells) == "111121111"
    assert symmetry.gene_string(Board.from_text("O../.X./...").cells) == "311121111"


@given(st.lists(st.integers(0, 8), max_size=12))
def test_play_undo_round_trip(moves):
    board = Board()
    played = []
    for move in moves:
        if board.is_legal(move):
            before = board.copy()
            board.play(move)
            played.append((move, before))
    for move, before in reversed(played):
        assert board.undo() == move
        assert board == before
    assert board == Board()


def test_win_draw_and_turns():
    board = Board()
    for cell in "a1 a2 b1 b2 c1".split():
        assert board.outcome is None
        board.play(board.parse_move(cell))
    assert board.outcome.winner == "X" and board.winning_line == (0, 1, 2)
    assert board.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        board.play(8)
    draw = Board.from_text("XOX/XOO/OXX")
    assert draw.outcome.winner is None and draw.outcome.reason == "board full"
    assert Board.from_text("X../.../...").to_move == "O"


def test_illegal_moves_are_refused_with_a_clear_error():
    board = Board.from_text("X../.../...")
    with pytest.raises(IllegalMoveError, match="a1 is already taken"):
        board.play(0)
    with pytest.raises(IllegalMoveError, match="not a cell"):
        board.play(9)
    with pytest.raises(IllegalMoveError, match="already taken"):
        board.parse_move("a1")


@pytest.mark.parametrize("cell", range(9))
def test_cell_notation_round_trip(cell):
    assert parse_cell(format_cell(cell)) == cell
    assert parse_cell(str(cell)) == cell
    assert parse_cell(format_cell(cell).upper()) == cell


def test_cell_notation_layout():
    assert parse_cell("a1") == 0 and parse_cell("c1") == 2 and parse_cell("b2") == 4 and parse_cell("a3") == 6
    assert parse_cell("2b") == 4


@pytest.mark.parametrize("text", ["", "d1", "a4", "10", "b", "bb2", "-1", "x"])
def test_malformed_cells_raise_notation_error(text):
    with pytest.raises(NotationError):
        parse_cell(text)


@given(reachable)
def test_position_notation_round_trip(key):
    board = Board(symmetry.cells_of(key))
    assert Board.from_text(board.text) == board


@pytest.mark.parametrize("text",
                         ["XXX/.../...", "XXX/OOO/...", "OO./.../...", "XX.X/...", "XO?/.../...", "XXX/OO./OOX"])
def test_impossible_or_malformed_positions_are_refused(text):
    with pytest.raises(NotationError):
        Board.from_text(text)


def test_render_marks_cursor_last_move_and_uses_pure_ascii():
    board = Board.from_text("X.O/.X./...")
    text = render_plain(board, cursor=8, last=4)
    assert "[ ]" in text and "X*" in text
    assert all(ord(ch) < 128 for ch in text)
    lines = text.splitlines()
    assert lines[0].split() == ["a", "b", "c"] and len(lines) == 6
