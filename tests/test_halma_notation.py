"""Halma notation: holes, moves and positions round-trip; bad text gets one clear message."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swarmtui.core.hexgrid import Hex
from swarmtui.core.state import IllegalMoveError, NotationError
from swarmtui.games.halma.geometry import STAR
from swarmtui.games.halma.notation import (
    ROWS,
    format_cell,
    format_move,
    format_position,
    parse_cell,
    parse_move,
    parse_position,
)
from swarmtui.games.halma.rules import Board, Move


def test_hole_names_follow_the_drawing():
    assert [len(r) for r in ROWS] == [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    assert format_cell(Hex(4, -8)) == "a1"  # the north tip
    assert format_cell(Hex(0, 0)) == "i5"  # the centre
    assert format_cell(Hex(-4, 8)) == "q1"  # the south tip
    assert parse_cell(" E13 ") == Hex(8, -4)  # the right end of row e is the north-east tip


@given(st.sampled_from(STAR))
def test_every_hole_round_trips(cell):
    assert parse_cell(format_cell(cell)) == cell


def _random_board(seed: int, players: int, plies: int) -> Board:
    rng = random.Random(seed)
    board = Board(players, max_moves=None)
    for _ in range(plies):
        board.play(rng.choice(board.legal_moves()))
    return board


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([1, 2, 3, 4, 6]), st.integers(0, 60))
def test_moves_and_positions_round_trip(seed, players, plies):
    board = _random_board(seed, players, plies)
    again = Board.from_text(board.text)
    assert again.text == board.text and again.to_move == board.to_move and again.ply == board.ply
    for move in board.legal_moves():
        text = board.format_move(move)
        parsed = board.parse_move(text)
        assert parsed == move and parsed.path == move.path
        assert format_move(parse_move(text)) == text or not move.is_jump


def test_start_end_form_finds_the_route_and_chain_form_keeps_it():
    board = Board.from_pieces(1, {"1": [Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(1, 1)]})
    short = board.parse_move(f"{format_cell(Hex(0, 0))}-{format_cell(Hex(0, 2))}")
    assert short.path == (Hex(0, 0), Hex(0, 2))
    chain = "i5:i7:k7"
    assert [format_cell(c) for c in (Hex(0, 0), Hex(2, 0), Hex(0, 2))] == chain.split(":")
    assert board.parse_move(chain).path == (Hex(0, 0), Hex(2, 0), Hex(0, 2))


@pytest.mark.parametrize(
    "text, error, words",
    [
        ("z1-a1", NotationError, "row letter a-q"),
        ("e14-e13", NotationError, "row e has holes 1-13"),
        ("i5", NotationError, "start-end"),
        ("i5-i5", NotationError, "does not move"),
        ("i5::i7", NotationError, "jump chain"),
        ("i5-i6", IllegalMoveError, "i5 is empty"),
        ("q1-p1", IllegalMoveError, "p1 is occupied"),
        ("n1-l5", IllegalMoveError, "cannot reach"),
        ("o2:m6:k6", IllegalMoveError, "no piece to jump over"),
    ],
)
def test_bad_moves_get_one_clear_message(text, error, words):
    with pytest.raises(error, match=words):
        Board(1).parse_move(text)


EMPTY_ROWS = "/".join("." * n for n in (1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2)) + "/"
"""The empty board's first 16 rows in position notation (the tests append the 17th)."""


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "ROWS PLAYERS TO_MOVE"),
        ("1/11 2 1", "17 rows"),
        (f"{EMPTY_ROWS}. 5 1", "players must be one of"),
        (f"{EMPTY_ROWS}. 2 3", "seat to move"),
        (f"{EMPTY_ROWS}.. 2 1", "row q has 1 holes"),
        (f"{EMPTY_ROWS}7 2 1", "neither '.' nor a seat"),
        (f"{EMPTY_ROWS}. 2 1 x", "whole number"),
    ],
)
def test_bad_positions_get_one_clear_message(text, words):
    with pytest.raises(NotationError, match=words):
        parse_position(text)


def test_position_text_of_the_start():
    text = format_position(Board(2))
    assert text.startswith("2/22/222/2222/.............")
    assert text.endswith("/1111/111/11/1 2 1 0")
    assert str(Move(Hex(-3, 4), Hex(-3, 3), (Hex(-3, 4), Hex(-3, 3)))) == "m6-l5"  # row m: q -8..4, row l: q -7..4
