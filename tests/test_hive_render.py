"""The Hive text renderer: exact text of a known position (Unicode and ASCII), and fit at 80x24."""

from __future__ import annotations

import numpy as np
import pytest

from swarmtui.games.hive.render import render_board, render_plain, render_position
from swarmtui.games.hive.rules import Board

# nokamute's "Beetle gate" position: two beetles up on stacks (bB2 on wQ, bB1 on bS1).
BEETLE_GATE = (
    "Base;InProgress;White[12];wB1;bS1 wB1-;wQ \\wB1;bQ bS1/;wB2 -wQ;bB1 bQ\\;wS1 /wB2;bB1 bS1;"
    "wG1 /wS1;bQ \\bB1;wG2 wG1\\;bB2 bQ/;wG3 wG2\\;bB2 \\bQ;wA1 wG3-;bB2 wQ;wA2 wA1-;bA1 bQ/;"
    "wS2 wA2-;bA1 bB1/;wA3 wS2/;bA1 wA3/"
)

UNICODE_SNAPSHOT = """\
White to move (turn 12)

            ·     ·     ·     ·
         ·    wB2  bB2²   bQ     ·
      ·    wS1    ·    wB1  bB1²    ·     ·
   ·    wG1    ·     ·     ·     ·    bA1    ·
      ·    wG2    ·     ·     ·    wA3    ·
         ·    wG3   wA1   wA2   wS2    ·
            ·     ·     ·     ·     ·

stacks: bB2² on wQ; bB1² on bS1
White hand: -
Black hand: S2 G1 G2 G3 A2 A3"""

ASCII_BOARD = """\
            .     .     .     .
         .    wB2  bB2^2  bQ     .
      .    wS1    .    wB1  bB1^2   .     .
   .    wG1    .     .     .     .    bA1    .
      .    wG2    .     .     .    wA3    .
         .    wG3   wA1   wA2   wS2    .
            .     .     .     .     ."""


def test_position_text_unicode():
    assert render_position(Board.from_game_string(BEETLE_GATE)).plain == UNICODE_SNAPSHOT


def test_board_text_ascii_is_pure_ascii():
    text = render_plain(Board.from_game_string(BEETLE_GATE))
    assert text == ASCII_BOARD
    assert text.isascii()


def test_styles_mark_colour_and_last_move_without_relying_on_colour():
    board = Board.from_game_string(BEETLE_GATE)
    last = board.history[-1]
    text = render_board(board, last=last)
    styled = {text.plain[span.start:span.end]: str(span.style) for span in text.spans}
    assert "underline" in styled["bA1"]  # the last move's target
    assert "reverse" in styled["bQ"] and "bold" in styled["wB1"]


def test_empty_board_says_where_the_first_piece_goes():
    assert "first piece" in render_plain(Board())


@pytest.mark.parametrize("seed", range(8))
def test_typical_mid_game_fits_80_by_24(seed):
    rng = np.random.default_rng(seed)
    board = Board()
    while board.ply < 40 and board.outcome is None:
        moves = board.legal_moves()
        board.play(moves[int(rng.integers(len(moves)))])
    lines = render_position(board).plain.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= 24
    labels = [str(board.top(c)) for c in board.occupied()]
    assert all(label in "\n".join(lines) for label in labels)


def test_a_very_wide_hive_switches_to_the_compact_layout():
    # nokamute's "Super long hive": all 22 pieces in one row.
    line = [
        "wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", "wS1 -wQ", "bS1 bQ-", "wS2 -wS1", "bS2 bS1-",
        "wB1 -wS2", "bB1 bS2-", "wB2 -wB1", "bB2 bB1-", "wG2 -wB2", "bG2 bB2-", "wG3 -wG2",
        "bG3 bG2-", "wA1 -wG3", "bA1 bG3-", "wA2 -wA1", "bA2 bA1-", "wA3 -wA2", "bA3 bA2-",
    ]
    board = Board()
    board.play_all(line)
    text = render_plain(board)
    assert max(len(row) for row in text.splitlines()) <= 100
    assert " Q " in text and " q " in text and "A3" in text and "a3" in text
