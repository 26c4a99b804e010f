"""The compiled move generator (``games/hive/compiled.py``) against the Python layers it speeds up.

Both must list the same moves in the same canonical order (a game must not depend on which path
played it): every position of seeded random games, set-ups with tall stacks, and positions with
holes, compared move list by move list; ``count_moves`` and ``random_move`` too. The Python
layers are in turn checked against the plain reference generator (``test_hive_brute``) and
Mzinga's perft counts (``test_hive_perft_shortcut``), so the kernel inherits those checks.
Skipped where Numba is not installed (the Python layers then answer alone).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading

import numpy as np
import pytest

from swarmtui.core.hexgrid import Hex
from swarmtui.games.hive import compiled
from swarmtui.games.hive.pieces import parse_piece
from swarmtui.games.hive.rules import Board

NUMBA = importlib.util.find_spec("numba") is not None and not os.environ.get("SWARMTUI_NO_NUMBA")
pytestmark = pytest.mark.skipif(not NUMBA, reason="Numba is not installed (or SWARMTUI_NO_NUMBA is set)")


@pytest.fixture(autouse=True, scope="module")
def loaded() -> None:
    """The kernel compiled (or loaded from Numba's cache) before the first comparison."""
    compiled.load(600)


def test_the_kernel_compiled():
    assert not compiled.FAILURE, compiled.FAILURE
    assert compiled.kernel() is not None


def python_moves(board: Board) -> list:
    """The move list of the Python layers (the kernel switched off for one call)."""
    fresh = board.copy()
    fresh._legal = None
    fresh._plain = False
    return fresh.legal_moves()


def compiled_moves(board: Board) -> list:
    fresh = board.copy()
    fresh._legal = None
    assert fresh._plain
    return fresh.legal_moves()


def test_random_games_list_the_same_moves_in_the_same_order():
    rng = np.random.default_rng(2026)
    positions = 0
    for _ in range(60):
        board = Board()
        while board.outcome is None and board.ply < 160:
            moves = compiled_moves(board)
            assert moves == python_moves(board), board.game_string()
            positions += 1
            board.play(moves[int(rng.integers(len(moves)))])
    assert positions > 5000


def test_beetle_stacks_and_holes():
    # Games that favour climbing (beetles on top of stacks, gates between tall stacks) and ring
    # shapes (holes): the cases the kernel handles with its own code (heights, One Hive search).
    rng = np.random.default_rng(7)
    tall = holes = 0
    for _ in range(80):
        board = Board()
        while board.outcome is None and board.ply < 200:
            moves = compiled_moves(board)
            assert moves == python_moves(board), board.game_string()
            tall += board._tall > 0
            holes += board._holes > 0
            climbs = [m for m in moves if m.origin is not None and board.height(m.dest) > 0]
            pool = climbs if climbs and rng.random() < 0.5 else moves
            board.play(pool[int(rng.integers(len(pool)))])
    assert tall > 500 and holes > 100, (tall, holes)


def test_counts_and_draws_agree():
    rng = np.random.default_rng(3)
    board = Board()
    while board.outcome is None and board.ply < 120:
        fresh = board.copy()
        fresh._legal = None
        slow = board.copy()
        slow._legal = None
        slow._plain = False
        assert fresh.count_moves() == slow.count_moves() == len(python_moves(board))
        seed = board.ply
        assert fresh.random_move(np.random.default_rng(seed)) == slow.random_move(np.random.default_rng(seed))
        board.play(board.random_move(rng))


def test_set_up_positions_and_copies_carry_the_kernels_view():
    piece = parse_piece
    board = Board.from_layout({Hex(0, 0): [piece("wQ")], Hex(1, 0): [piece("bQ"), piece("wB1")],
                               Hex(-1, 0): [piece("wS1")], Hex(2, 0): [piece("bA1")], Hex(-1, 1): [piece("wA1")],
                               Hex(3, -1): [piece("bG1")]}, "White")
    assert compiled_moves(board) == python_moves(board)
    copy = board.copy()
    for move in compiled_moves(board)[::7]:
        copy.play(move)
        assert compiled_moves(copy) == python_moves(copy)
        copy.undo()
    assert compiled_moves(copy) == compiled_moves(board)


FORKED = """
import os, numpy as np
from swarmtui.games.hive import compiled
from swarmtui.games.hive.rules import Board

def game():
    board, rng = Board(), np.random.default_rng(11)
    while board.outcome is None and board.ply < 60:
        board.play(board.random_move(rng))
    return board.game_string()

compiled.load(0)  # the loading thread starts (and is not waited for)
pid = os.fork()  # while it is (most likely) still loading
if pid == 0:
    print("child", compiled.kernel() is None, game(), flush=True)  # forked mid-loading: the Python layers
    os._exit(0)
os.waitpid(pid, 0)
compiled.load(600)
print("parent", compiled.kernel() is not None, game(), flush=True)
"""


def test_a_process_forked_while_the_kernel_loads_plays_the_same_game():
    # A process pool forks workers whenever it likes; a child forked in the middle of the loading
    # keeps to the Python layers (the thread is not copied, Numba's locks may be held) and plays on.
    done = subprocess.run([sys.executable, "-c", FORKED], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    child_python, child_game = lines["child"].split(" ", 1)
    parent_compiled, parent_game = lines["parent"].split(" ", 1)
    assert parent_compiled == "True" and child_game == parent_game  # (the child forked mid-loading: Python)
    assert child_python in ("True", "False")


def test_threads_generate_moves_while_the_kernel_is_in_use():
    boards = [Board() for _ in range(4)]
    rng = np.random.default_rng(5)
    for board in boards:
        for _ in range(int(rng.integers(20, 50))):
            if board.outcome is None:
                board.play(board.random_move(rng))
    expected = [python_moves(board) for board in boards]
    found: list[list] = []

    def work(board: Board) -> None:
        for _ in range(200):
            moves = compiled_moves(board)
            if moves != expected[boards.index(board)]:
                found.append(moves)

    threads = [threading.Thread(target=work, args=(board,)) for board in boards]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not found and not any(thread.is_alive() for thread in threads)
