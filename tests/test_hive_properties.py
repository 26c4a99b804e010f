"""Property tests (hypothesis) over random Hive games: undo, conservation, One Hive, notation."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hive_brute import connected

from swarmtui.games.hive.notation import parse_move_string
from swarmtui.games.hive.pieces import ALL_PIECES, GAME_TYPES
from swarmtui.games.hive.rules import Board

GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=90)
game_types = st.sampled_from(GAME_TYPES)  # every UHP game type, Base to Base+MLP


def play_out(picks: list[int], **options) -> Board:
    board = Board(**options)
    for pick in picks:
        moves = board.legal_moves()
        if not moves:
            break
        board.play(moves[pick % len(moves)])
    return board


def snapshot(board: Board):
    return (board.position_key(), board.ply, board.outcome, sorted(board.legal_moves()),
            [board.position(p) for p in ALL_PIECES])


@GAMES
@given(choices, game_types)
def test_play_then_undo_restores_every_position(picks, game_type):
    board = Board(game_type=game_type)
    before = []
    for pick in picks:
        moves = board.legal_moves()
        if not moves:
            break
        before.append(snapshot(board))
        board.play(moves[pick % len(moves)])
    while before:
        board.undo()
        assert snapshot(board) == before.pop()
    assert board.ply == 0 and not board.occupied()


@GAMES
@given(choices, game_types)
def test_pieces_are_conserved_and_the_hive_stays_connected(picks, game_type):
    board = Board(game_type=game_type)
    for pick in picks:
        moves = board.legal_moves()
        if not moves:
            break
        board.play(moves[pick % len(moves)])
        occupied = set(board.occupied())
        assert connected(occupied)
        for colour in "wb":
            on, hand = board.pieces_on_board(colour), board.in_hand(colour)
            assert len(on) + len(hand) == len(board.pieces()) // 2
            assert not set(on) & set(hand)
        stacked = [p for cell in occupied for p in board.stack(cell)]
        assert len(stacked) == len(set(stacked)) == len(board.pieces_on_board("w")) + len(board.pieces_on_board("b"))
        assert all(board.position(p) == cell for cell in occupied for p in board.stack(cell))
        assert all(p.bug.value in "BM" for cell in occupied for p in board.stack(cell)[1:])


@GAMES
@given(choices, game_types)
def test_every_generated_move_string_parses_back_to_its_move(picks, game_type):
    board = play_out(picks, game_type=game_type)
    for move in board.legal_moves():
        text = board.format_move(move)
        assert parse_move_string(board, text) == move
        assert board.parse_move(text) == move
        assert board.format_move(board.parse_move(text)) == text


@GAMES
@given(choices, game_types)
def test_game_strings_round_trip(picks, game_type):
    board = play_out(picks, game_type=game_type)
    text = board.game_string()
    again = Board.from_game_string(text)
    assert again.game_string() == text
    assert again.position_key() == board.position_key()
    assert again.outcome == board.outcome


@GAMES
@given(choices, st.integers(min_value=0, max_value=10**6), game_types)
def test_copy_is_independent(picks, pick, game_type):
    board = play_out(picks, game_type=game_type)
    before = snapshot(board)
    twin = board.copy()
    assert snapshot(twin) == before
    moves = twin.legal_moves()
    if moves:
        twin.play(moves[pick % len(moves)])
        assert twin.ply == board.ply + 1
        assert snapshot(board) == before


@GAMES
@given(choices, game_types, st.integers(min_value=0, max_value=10**6))
def test_the_engine_agrees_with_the_reference_generator_with_warm_tables(picks, game_type, seed):
    """The fast engine against the plain reference (``test_hive_brute``) at a random position of
    any game type, after its per-position tables (move list, articulation points, the ants'
    rim, the memoised steps) have been filled by a look-ahead of play/undo: every move list,
    count and random draw must still be the position's own."""
    import numpy as np
    from test_hive_brute import brute_moves

    board = play_out(picks, game_type=game_type)
    rng = np.random.default_rng(seed)
    expected = brute_moves(board)
    for move in board.legal_moves()[:: max(1, len(board.legal_moves()) // 6)]:
        board.play(move)  # fill the tables at the child, then come back
        child = board.copy()
        assert set(board.legal_moves()) == brute_moves(child)
        board.undo()
        assert set(board.legal_moves()) == expected
        fresh = board.copy()
        fresh._legal = None
        assert fresh.count_moves() == len(expected)
        if board.outcome is None:
            assert board.random_move(rng) in expected


@GAMES
@given(choices, st.lists(st.integers(min_value=0, max_value=10**6), max_size=6), game_types)
def test_perfts_placement_counts_agree_with_playing(picks, back_and_forth, game_type):
    # After play/undo sequences (what perft and MCTS do), the counts perft takes without playing a
    # placement are those playing gives.
    board = play_out(picks[:24], game_type=game_type)
    for pick in back_and_forth:
        moves = board.legal_moves()
        if not moves:
            break
        board.play(moves[pick % len(moves)])
    for _ in back_and_forth[: len(back_and_forth) // 2]:
        if board.history:
            board.undo()
    if board.outcome is not None:
        return
    counter = board._placement_child_counter()
    for move in board.legal_moves() if counter is not None else []:
        known = counter(move)
        if known is not None:
            board.play(move)
            fresh = board.copy()
            fresh._legal = None
            assert known == len(fresh.legal_moves())
            board.undo()
