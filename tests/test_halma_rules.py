"""Halma rules against facts derived independently of the implementation.

The brute-force move generator is ``tests/halma_grid.py``: its own board, a plain 17 x 25
character grid built from the published shape of the star, that knows nothing of
``core.hexgrid`` or ``games.halma``.
"""

from __future__ import annotations

import random

import pytest
from halma_grid import GRID_CORNERS, GRID_HOLES, grid_moves, grid_triangle
from hypothesis import given, settings
from hypothesis import strategies as st

from swarmtui.core.hexgrid import Hex
from swarmtui.core.state import IllegalMoveError
from swarmtui.games.halma.geometry import (
    SEATING,
    STAR,
    STAR_SET,
    TRIANGLES,
    opposite,
    reflect,
    rotate,
    rows_from_tip,
    tip,
)
from swarmtui.games.halma.rules import Board, HalmaRules, Move


def to_grid(cell: Hex) -> tuple[int, int]:
    return cell.r + 8, 2 * cell.q + cell.r + 12


def model_moves(board: Board) -> set:
    occupied = {to_grid(c): int(s) for c, s in board.cells() if s is not None}
    goal = {to_grid(c) for c in board.goal(board.to_move)}
    return grid_moves(occupied, int(board.to_move), goal)


def board_moves(board: Board) -> set:
    return {(to_grid(m.start), to_grid(m.end)) for m in board.legal_moves()}


# -- geometry ----------------------------------------------------------------------------------------
def test_star_has_the_published_shape():
    assert len(STAR) == 121 and len(STAR_SET) == 121
    assert {to_grid(c) for c in STAR} == GRID_HOLES
    for corner, name in enumerate(GRID_CORNERS):
        assert {to_grid(c) for c in TRIANGLES[corner]} == grid_triangle(name)
    assert sum(len(t) for t in TRIANGLES.values()) == 60
    assert len(set().union(*TRIANGLES.values())) == 60


def test_rows_from_tip_are_1_2_3_4_starting_at_the_tip():
    for corner in range(6):
        rows = rows_from_tip(corner)
        assert [len(r) for r in rows] == [1, 2, 3, 4]
        assert rows[0] == (tip(corner),)
        assert set().union(*map(set, rows)) == TRIANGLES[corner]
    assert tip(0) == Hex(4, -8) and tip(3) == Hex(-4, 8)


def test_rotations_and_reflections_map_star_and_points_onto_themselves():
    for k in range(6):
        assert {rotate(c, k) for c in STAR} == STAR_SET
        for corner in range(6):
            assert {rotate(c, k) for c in TRIANGLES[corner]} == TRIANGLES[(corner + k) % 6]
    assert {reflect(c) for c in STAR} == STAR_SET
    for corner in range(6):
        assert {reflect(c) for c in TRIANGLES[corner]} == TRIANGLES[(6 - corner) % 6]
    # a 60-degree turn is a turn: six of them are the identity, and it is not a reflection
    assert all(rotate(c, 6) == c for c in STAR)
    assert rotate(Hex(1, 0)) == Hex(0, 1)


def test_seating_is_standard():
    assert SEATING[2] == (3, 0)
    for n, corners in SEATING.items():
        assert len(set(corners)) == n
        if n in (2, 4, 6):  # players sit in opposite pairs: everyone's goal is someone's home
            assert {opposite(c) for c in corners} == set(corners)
        if n == 3:  # alternate points: every goal starts empty
            assert not {opposite(c) for c in corners} & set(corners)


# -- move generation against the brute force ----------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 6])
def test_start_position_moves_match_brute_force(players):
    start = Board(players)
    for seat in start.seats:
        board = Board.from_pieces(players, {s: start.pieces(s) for s in start.seats}, to_move=seat)
        moves = board_moves(board)
        assert moves == model_moves(board)
        assert len(moves) == 14  # 8 steps of the front row + 6 jumps of the third row over it


@pytest.mark.parametrize("players,seed", [(1, 1), (2, 2), (3, 3), (6, 4)])
def test_moves_match_brute_force_through_random_games(players, seed):
    rng = random.Random(seed)
    board = Board(players, max_moves=150)
    while board.outcome is None:
        assert board_moves(board) == model_moves(board)
        moves = board.legal_moves()
        # bias towards jumps so that crowded, jump-rich positions are reached
        jumps = [m for m in moves if m.is_jump]
        board.play(rng.choice(jumps if jumps and rng.random() < 0.7 else moves))


# -- hand-built jump chains -----------------------------------------------------------------------------
def test_known_chain_with_a_turn():
    # mover at the centre; pieces east (1,0), two further east (3,0) and south-east of (2,0)
    board = Board.from_pieces(1, {"1": [Hex(0, 0), Hex(1, 0), Hex(3, 0), Hex(2, 1)]})
    paths = board.paths_from(Hex(0, 0))
    jumps = {p for p in paths if len(p) > 2 or p[1] == Hex(2, 0)}
    assert jumps == {
        (Hex(0, 0), Hex(2, 0)),
        (Hex(0, 0), Hex(2, 0), Hex(4, 0)),
        (Hex(0, 0), Hex(2, 0), Hex(2, 2)),
    }
    steps = {p[1] for p in paths if p not in jumps}
    assert steps == {Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1)}
    moves = [m for m in board.legal_moves() if m.start == Hex(0, 0)]
    assert len(moves) == 8
    assert next(m for m in moves if m.end == Hex(4, 0)).jumps == 2


def test_two_chains_to_one_hole_are_both_paths_but_one_move():
    board = Board.from_pieces(1, {"1": [Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(1, 1)]})
    jumps = {p for p in board.paths_from(Hex(0, 0))
             if Hex(0, 0) not in p[1:] and (len(p) > 2 or p[1] in (Hex(2, 0), Hex(0, 2)))}
    assert jumps == {
        (Hex(0, 0), Hex(2, 0)), (Hex(0, 0), Hex(2, 0), Hex(0, 2)),
        (Hex(0, 0), Hex(0, 2)), (Hex(0, 0), Hex(0, 2), Hex(2, 0)),
    }
    ends = [m.end for m in board.moves_from(Hex(0, 0))]
    assert sorted(ends) == sorted({Hex(2, 0), Hex(0, 2), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(1, -1)})
    # the kept path of each move is the shortest chain
    assert next(m for m in board.moves_from(Hex(0, 0)) if m.end == Hex(0, 2)).path == (Hex(0, 0), Hex(0, 2))


def test_no_chain_returns_over_or_onto_its_start():
    board = Board(2)
    rng = random.Random(7)
    for _ in range(60):
        board.play(rng.choice(board.legal_moves()))
        if board.outcome:
            break
        for cell in board.pieces(board.to_move):
            for path in board.paths_from(cell):
                assert len(set(path)) == len(path)
                if len(path) > 2 or path[1] not in set(cell.neighbours()):
                    # jump landings differ from the start by even q and r: never adjacent to it
                    assert all((c.q - cell.q) % 2 == 0 and (c.r - cell.r) % 2 == 0 for c in path)


def test_paths_from_agrees_with_legal_moves():
    rng = random.Random(3)
    board = Board(2)
    for _ in range(40):
        for cell in board.pieces(board.to_move):
            assert {p[-1] for p in board.paths_from(cell)} == {m.end for m in board.moves_from(cell)}
            for p in board.paths_from(cell):
                assert board.is_legal(Move(p[0], p[-1], p))
        board.play(rng.choice(board.legal_moves()))


def test_explicit_path_is_kept_and_bad_paths_are_refused():
    board = Board.from_pieces(1, {"1": [Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(1, 1)]})
    long = (Hex(0, 0), Hex(2, 0), Hex(0, 2))
    board.play(Move(long[0], long[-1], long))
    assert board.last_move.path == long
    board.undo()
    with pytest.raises(IllegalMoveError, match="jump over"):
        board.play(Move(Hex(0, 0), Hex(0, -2), (Hex(0, 0), Hex(0, -2))))
    with pytest.raises(IllegalMoveError, match="twice"):
        board.play(Move(Hex(0, 0), Hex(2, 0), (Hex(0, 0), Hex(2, 0), Hex(0, 2), Hex(2, 0))))
    with pytest.raises(IllegalMoveError, match="empty"):
        board.play(Move(Hex(3, 3), Hex(3, 4)))


# -- rule variants -----------------------------------------------------------------------------------------
def test_neutral_points_free_pass_closed():
    # seat 1 (south -> north) in a 1-player game; the south-west point (corner 4) is neutral.
    # The mover jumps west over (-4,3) into the point at (-5,3), then over (-6,3) to (-7,3).
    mover, land, beyond = Hex(-3, 3), Hex(-5, 3), Hex(-7, 3)
    assert {land, beyond} <= TRIANGLES[4] and mover not in TRIANGLES[4]
    pieces = {"1": [mover, Hex(-4, 3), Hex(-6, 3)]}
    free = Board.from_pieces(1, pieces)
    assert {land, beyond} <= {m.end for m in free.moves_from(mover)}
    for mode in ("pass", "closed"):
        board = Board.from_pieces(1, pieces, rules=HalmaRules(neutral=mode))
        assert not {m.end for m in board.moves_from(mover)} & TRIANGLES[4]


def test_pass_mode_allows_crossing_a_neutral_point():
    # a chain from the hexagon edge into the NW point (corner 5) and back out
    start, a, land, b, out = Hex(-1, -3), Hex(-2, -3), Hex(-3, -3), Hex(-3, -2), Hex(-3, -1)
    assert land in TRIANGLES[5] and start not in TRIANGLES[5] and out not in TRIANGLES[5]
    pieces = {"1": [start, a, b]}
    passing = Board.from_pieces(1, pieces, rules=HalmaRules(neutral="pass"))
    ends = {m.end for m in passing.moves_from(start)}
    assert out in ends and land not in ends
    closed = Board.from_pieces(1, pieces, rules=HalmaRules(neutral="closed"))
    assert out not in {m.end for m in closed.moves_from(start)}


def test_a_piece_in_its_goal_stays_there_unless_leave_goal():
    inside = Hex(1, -5)  # front row of the north point (seat 1's goal)
    assert inside in TRIANGLES[0]
    kept = Board.from_pieces(1, {"1": [inside]})
    assert kept.moves_from(inside) and all(m.end in TRIANGLES[0] for m in kept.moves_from(inside))
    free = Board.from_pieces(1, {"1": [inside]}, rules=HalmaRules(leave_goal=True))
    assert any(m.end not in TRIANGLES[0] for m in free.moves_from(inside))


def _blocked_position(rules: HalmaRules) -> Board:
    """Seat 2 keeps one piece on its tip (seat 1's goal); seat 1 has filled the other nine holes
    except one, and steps into it next."""
    goal = sorted(TRIANGLES[0], key=lambda c: (c.r, c.q))
    blocker, last = goal[0], goal[-1]  # the north tip, and a front-row hole
    one = [c for c in goal if c not in (blocker, last)] + [last + Hex(0, 1)]
    two = [blocker] + sorted(TRIANGLES[3])[:9]
    return Board.from_pieces(2, {"1": one, "2": two}, rules=rules)


def test_blocked_goal_fill_rule_gives_the_win():
    board = _blocked_position(HalmaRules(blocked_goal="fill"))
    goal_front = sorted(TRIANGLES[0], key=lambda c: (c.r, c.q))[-1]
    board.play(Move(goal_front + Hex(0, 1), goal_front))
    assert board.outcome is not None and board.outcome.winner == "1"
    assert "blocked" in board.outcome.reason


def test_blocked_goal_strict_rule_plays_on():
    board = _blocked_position(HalmaRules(blocked_goal="strict"))
    goal_front = sorted(TRIANGLES[0], key=lambda c: (c.r, c.q))[-1]
    board.play(Move(goal_front + Hex(0, 1), goal_front))
    assert board.outcome is None and board.to_move == "2"


def test_a_blocker_coming_home_into_the_last_hole_fills_the_goal_it_blocks():
    """Under "fill" the goal's player wins when the home player's piece fills the last hole: no
    move of its own could ever enter the full goal, so without this the game stalled to the cap."""
    goal = sorted(TRIANGLES[0], key=lambda c: (c.r, c.q))
    last = goal[-1]  # a front-row hole of seat 1's goal (seat 2's home)
    spare = sorted(TRIANGLES[3])[0]
    for blocked_goal, winner in (("fill", "1"), ("strict", None)):
        board = Board.from_pieces(2, {"1": [c for c in goal if c != last] + [spare],
                                      "2": [last + Hex(0, 1)] + sorted(TRIANGLES[3])[1:4]},
                                  rules=HalmaRules(blocked_goal=blocked_goal))
        board.play(next(m for m in board.moves_from(spare) if len(m.path) == 2))  # seat 1 steps elsewhere
        assert board.outcome is None
        board.play(Move(last + Hex(0, 1), last))  # seat 2's piece comes home into the last hole
        assert (board.outcome.winner if board.outcome else None) == winner
        if winner:
            assert "blocked" in board.outcome.reason
            board.undo()
            assert board.outcome is None and board.to_move == "2"


def test_win_with_all_ten_in_the_goal_and_undo():
    goal = sorted(TRIANGLES[0], key=lambda c: (c.r, c.q))
    front = goal[-1]
    board = Board.from_pieces(1, {"1": goal[:-1] + [front + Hex(0, 1)]})
    assert board.outcome is None
    board.play(Move(front + Hex(0, 1), front))
    assert board.outcome.winner == "1" and board.outcome.reason == "all 10 pieces in the goal"
    assert board.legal_moves() == []
    board.undo()
    assert board.outcome is None


def test_move_cap_ends_the_game_unfinished():
    board = Board(2, max_moves=4)
    for _ in range(4):
        board.play(board.legal_moves()[0])
    assert board.outcome.winner is None and "cap" in board.outcome.reason
    with pytest.raises(IllegalMoveError, match="over"):
        board.play(Move(Hex(0, 0), Hex(1, 0)))
    assert Board().max_moves == 500


def test_a_seat_without_moves_is_skipped():
    # seat 2's only piece sits on the north tip, its two neighbours and the landings held by seat 1
    t = Hex(4, -8)
    walls = [Hex(3, -7), Hex(4, -7), Hex(2, -6), Hex(4, -6)]
    board = Board.from_pieces(2, {"1": walls + [Hex(0, 0)], "2": [t]})
    assert board.moves_from(t) == [] and board.to_move == "1"
    board.play(Move(Hex(0, 0), Hex(1, 0)))
    assert board.to_move == "1" and board.outcome is None


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6).filter(lambda n: n != 5), st.lists(st.integers(0, 10_000), max_size=40))
def test_play_undo_round_trip_and_piece_conservation(players, picks):
    board = Board(players)
    before = [board.text]
    for pick in picks:
        moves = board.legal_moves()
        if not moves:
            break
        board.play(moves[pick % len(moves)])
        before.append(board.text)
        assert all(len(board.pieces(s)) == 10 for s in board.seats)
    copy = board.copy()
    final = board.text
    while board.history:
        board.undo()
        before.pop()
        assert board.text == before[-1]
    assert board.text == Board(players).text
    assert copy.text == final and copy.history == board.history + copy.history


# -- perft and the generator's shortcuts ------------------------------------------------------------
@pytest.mark.parametrize("players,depth", [(2, 3), (3, 2), (6, 2)])
def test_perft_matches_the_grid_model(players, depth):
    from halma_grid import grid_perft

    from swarmtui.games.halma.perft import perft

    board = Board(players, max_moves=None)
    occupied = {to_grid(c): int(s) for c, s in board.cells() if s is not None}
    goals = {int(s): {to_grid(c) for c in board.goal(s)} for s in board.seats}
    seats = tuple(int(s) for s in board.seats)
    assert perft(board, depth) == grid_perft(occupied, seats, goals, depth)
    assert board.ply == 0 and board.text == Board(players, max_moves=None).text


def test_generated_paths_are_built_on_demand_and_stale_moves_are_checked():
    board = Board(2)
    rng = random.Random(5)
    for _ in range(30):
        board.play(rng.choice(board.legal_moves()))
    for move in board.legal_moves():
        fresh = Move(move.start, move.end, move.path)  # a move built by hand is checked
        assert board.is_legal(fresh) and move == fresh and hash(move) == hash(fresh)
        assert move.path[0] == move.start and move.path[-1] == move.end
        assert move.is_jump == (len(move.path) > 2 or abs(to_grid(move.start)[1] - to_grid(move.end)[1]) > 2
                                or abs(to_grid(move.start)[0] - to_grid(move.end)[0]) > 1)
    stale = board.legal_moves()
    board.play(stale[0])
    refused = [m for m in stale if not board.is_legal(m)]
    assert refused  # moves generated before the last move are re-checked, not trusted
    with pytest.raises(IllegalMoveError):
        board.play(refused[0])
    board.undo()
    assert all(board.is_legal(m) for m in stale)  # the same position again: trusted again
    copy = board.copy()
    copy.play(stale[-1])
    assert board.history == copy.history[:-1]
