"""The engine's shortcuts agree with its full move list: ``random_move`` draws every legal move
and only legal moves, uniformly; ``count_moves`` (perft's last ply) is the list's length;
``play`` of a move not taken from the list (checked on its own piece's moves only) accepts
exactly the legal moves and refuses the others."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from swarmtui.core.hexgrid import Hex
from swarmtui.core.state import IllegalMoveError
from swarmtui.games.hive.pieces import GAME_TYPES, parse_piece
from swarmtui.games.hive.rules import PASS, Board, Move


def random_positions(game_type: str, seed: int, count: int, plies: int = 90) -> list[Board]:
    """``count`` positions of seeded random games (new games when one ends)."""
    rng = np.random.default_rng(seed)
    out: list[Board] = []
    board = Board(game_type=game_type)
    while len(out) < count:
        if board.outcome is not None or board.ply >= plies:
            board = Board(game_type=game_type)
        moves = board.legal_moves()
        board.play(moves[int(rng.integers(len(moves)))])
        if board.outcome is None:
            out.append(board.copy())
    return out


@pytest.mark.parametrize("game_type", ["Base", "Base+ML", "Base+MLP"])
def test_random_move_draws_only_legal_moves(game_type):
    rng = np.random.default_rng(3)
    for board in random_positions(game_type, 11, 120):
        legal = board.legal_moves()
        fresh = board.copy()
        fresh._legal = None  # no cached list: the picker must work from the position alone
        move = fresh.random_move(rng)
        assert move in legal, (board.game_string(), move)
        fresh.play(move)
        assert fresh.zobrist == fresh.zobrist_from_scratch()


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_count_moves_is_the_length_of_the_move_list(game_type):
    for board in random_positions(game_type, 8, 60):
        fresh = board.copy()
        fresh._legal = None
        assert fresh.count_moves() == len(board.legal_moves()), board.game_string()
    over = random_positions("Base", 2, 1)[0]
    while over.outcome is None:
        over.play(over.random_move(np.random.default_rng(over.ply)))
    assert over.count_moves() == len(over.legal_moves()) == 0


def test_random_move_is_uniform():
    # A mid-game position with ants.
    board = random_positions("Base", 1, 50)[-1]
    legal = board.legal_moves()
    assert any(m.piece is not None and m.piece.bug.value == "A" and m.origin is not None for m in legal)
    rng = np.random.default_rng(7)
    draws = 40 * len(legal)
    counts: Counter = Counter()
    for _ in range(draws):
        board._legal = None
        counts[board.random_move(rng)] += 1
    assert set(counts) == set(legal)
    expected = draws / len(legal)
    chi2 = sum((counts[m] - expected) ** 2 / expected for m in legal)
    df = len(legal) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5, f"chi-square {chi2:.1f} on {df} degrees of freedom"


def test_random_move_is_the_list_entry_of_one_float_draw():
    # The draw is legal_moves()[floor(u * n)] for one u = rng.random(), whichever path (compiled
    # kernel or Python layers) listed the moves: a seeded playout is the same game on both.
    for board in random_positions("Base", 4, 40):
        legal = board.legal_moves()
        fresh = board.copy()
        fresh._legal = None
        u = np.random.default_rng(board.ply).random()
        assert fresh.random_move(np.random.default_rng(board.ply)) == legal[int(u * len(legal))]


def test_random_move_passes_only_when_nothing_else_is_legal_and_refuses_a_finished_game():
    # White's queen lies under a black beetle, next to the black queen: nothing of White's can move.
    stuck = Board.from_layout({Hex(0, 0): [parse_piece("wQ"), parse_piece("bB1")], Hex(1, 0): [parse_piece("bQ")]},
                              "White")
    assert stuck.legal_moves() == [PASS]
    stuck._legal = None
    assert stuck.count_moves() == 1
    assert stuck.random_move(np.random.default_rng(0)) == PASS
    board = random_positions("Base", 2, 1)[0]
    while board.outcome is None:
        board.play(board.random_move(np.random.default_rng(board.ply)))
    with pytest.raises(ValueError, match="over"):
        board.random_move(np.random.default_rng(0))


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_play_of_an_unlisted_move_accepts_exactly_the_legal_moves(game_type):
    for board in random_positions(game_type, 5, 15):
        legal = set(board.legal_moves())
        pieces = {m.piece for m in legal if m.piece is not None}
        cells = {m.dest for m in legal if m.dest is not None} | set(board.occupied())
        candidates = {Move(p, o, d) for p, o in {(m.piece, m.origin) for m in legal} for d in cells} | legal
        candidates |= {Move(p, None, d) for p in board.in_hand(board.colour_to_move) for d in cells}
        for move in candidates:
            trial = board.copy()
            trial._legal = None  # not from the list: the piece's own moves decide
            if move in legal:
                trial.play(move)
                assert trial.history[-1] == move
            else:
                with pytest.raises(IllegalMoveError):
                    trial.play(move)
        assert pieces


def test_the_one_hive_search_agrees_with_tarjan():
    for game_type in ("Base", "Base+MLP"):
        for board in random_positions(game_type, 3, 80):
            cut = board._cut_cells()
            assert {c for c in board._stacks if board._splits(c)} == cut, board.game_string()
