"""The compiled search (``games/hive/compiled_search.py`` under ``agents/alphabeta/native.py``)
against the Python ``Searcher`` it ports.

At a fixed depth the two must search the same tree: the same best move, score, principal
variation, root scores and node count on mid-game positions of seeded games (the compiled
evaluation is compared term by term in ``test_hive_compiled_evaluation``, the moves in
``test_hive_compiled``). Then what only the compiled one has: its time limit kept by the
watcher thread, the stop event, ``engine=auto`` in the agent (the same game as the Python
search at a fixed depth), and the Python search wherever it does not apply (expansions).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from swarmtui.agents import make_agent
from swarmtui.agents.alphabeta.native import NativeSearcher, native_search
from swarmtui.agents.alphabeta.search import Searcher, past_keys
from swarmtui.core.limits import Limit
from swarmtui.games.hive import compiled_search
from swarmtui.games.hive.evaluation import HiveEvaluation, HiveWeights
from swarmtui.games.hive.rules import Board

NUMBA = importlib.util.find_spec("numba") is not None and not os.environ.get("SWARMTUI_NO_NUMBA")
pytestmark = pytest.mark.skipif(not NUMBA, reason="Numba is not installed (or SWARMTUI_NO_NUMBA is set)")

ROOT = Path(__file__).resolve().parents[1]
SETTINGS: dict[str, Any] = {"max_extensions": 2, "reduce_from": 2, "reduce_more_after": 8, "null_move_from": 3,
            "null_move_reduction": 2, "quiesce": 2, "aspiration": 20.0}


@pytest.fixture(autouse=True, scope="module")
def loaded() -> None:
    compiled_search.load()


def test_the_search_compiled():
    assert not compiled_search.FAILURE, compiled_search.FAILURE
    assert compiled_search.ready() is not None


def mid_game_positions(games: int, seed: int) -> list[Board]:
    """Positions after 8 to 40 random plies of seeded games, both sides to move."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(games):
        board = Board()
        plies = int(rng.integers(8, 41))
        for _ in range(plies):
            moves = board.legal_moves()
            board.play(moves[int(rng.integers(len(moves)))])
            if board.outcome is not None:
                break
        if board.outcome is None:
            out.append(board)
    return out


def both(board: Board, evaluation: HiveEvaluation, depth: int, repetition: bool = True) -> tuple:
    """The Python search and the compiled one of ``board`` to ``depth`` (with ``repetition``, both
    told the game's earlier positions)."""
    past = past_keys(board, evaluation.key) if repetition else None
    python = Searcher(evaluation.prepare(board), evaluation, max_depth=depth, past=past, **SETTINGS).search()
    prepared = evaluation.prepare(board)
    native = evaluation.native(prepared, 1 << 20)
    assert native is not None
    compiled = NativeSearcher(prepared, evaluation, native, repetition, max_depth=depth, **SETTINGS).search()
    return python, compiled


@pytest.mark.parametrize("weights", [HiveWeights(), HiveWeights(attacker=9.0, mobile_at_queen=1.5, tempo=2.0,
                                                                 noisy_from=3, order_free=70.0)])
def test_the_same_tree_node_for_node(weights):
    evaluation = HiveEvaluation(weights)
    searched = 0
    for board in mid_game_positions(24, 31):
        python, compiled = both(board, evaluation, 3)
        assert compiled.best == python.best, board.game_string()
        assert (compiled.score, compiled.depth, compiled.nodes, compiled.pv) == (
            python.score, python.depth, python.nodes, python.pv)
        assert compiled.roots == python.roots
        searched += python.nodes
    assert searched > 5_000  # real trees, not forced moves


def test_a_forced_win_is_found_the_same_way():
    """A queen one move from surrounded: both find the mate at the same distance."""
    evaluation = HiveEvaluation()
    found = 0
    for board in mid_game_positions(120, 7):
        queens = [board._pos[0], board._pos[14]]
        if not any(q is not None and bin(board._nmask.get(q, 0)).count("1") >= 4 for q in queens):
            continue
        python, compiled = both(board, evaluation, 2)
        assert (compiled.best, compiled.score, compiled.nodes, compiled.pv) == (
            python.best, python.score, python.nodes, python.pv)
        found += abs(python.score) > 900_000
    assert found >= 1


def back_and_forth(board: Board) -> list | None:
    """Four movements that bring ``board`` back to itself (a piece of each side there and back),
    all legal, or None."""
    for there in [m for m in board.legal_moves() if m.origin is not None]:
        board.play(there)
        for reply in [m for m in board.legal_moves() if m.origin is not None][:12]:
            board.play(reply)
            back = there._replace(origin=there.dest, dest=there.origin)
            if back in board.legal_moves():
                board.play(back)
                again = reply._replace(origin=reply.dest, dest=reply.origin)
                ok = again in board.legal_moves() and board.outcome is None
                board.undo()
                if ok:
                    board.undo()
                    board.undo()
                    return [there, reply, back, again]
            board.undo()
        board.undo()
    return None


def test_a_position_met_before_scores_as_a_draw():
    """With ``repetition`` the move that brings back the position of four plies before scores 0
    (the game could be drawn by repetition from there); without, it is searched as any move. The
    Python search, told the same earlier positions, searches the same tree."""
    evaluation = HiveEvaluation()
    checked = 0
    for board in mid_game_positions(40, 12):
        line = back_and_forth(board)
        if line is None:
            continue
        for move in line[:3]:
            board.play(move)
        scores = {}
        for repetition in (True, False):
            prepared = evaluation.prepare(board)
            native = evaluation.native(prepared, 1 << 16)
            searcher = NativeSearcher(prepared, evaluation, native, repetition, max_depth=2, **SETTINGS)
            values, bounds, done = native.root([line[3]], 2, -2e6, 2e6, [False], 2, searcher.control)
            assert (bounds, done) == ([0], 1)  # exact, with the full window
            scores[repetition] = values[0]
        assert scores[True] == 0.0 and scores[False] != 0.0
        python, compiled = both(board, evaluation, 3)  # and the Python search sees it the same way
        assert (compiled.best, compiled.score, compiled.nodes, compiled.roots) == (
            python.best, python.score, python.nodes, python.roots)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def timed_search(**limits: Any) -> tuple[Board, Any]:
    """A mid-game position and the compiled search of it within ``limits`` (Searcher's)."""
    evaluation = HiveEvaluation()
    board = mid_game_positions(3, 5)[-1]
    prepared = evaluation.prepare(board)
    native = evaluation.native(prepared, 1 << 18)
    return board, NativeSearcher(prepared, evaluation, native, **limits, **SETTINGS).search()


def test_the_time_limit_holds_on_the_cpu_clock():
    start = time.thread_time()
    board, result = timed_search(deadline=start + 0.3, soft=start + 10, clock=time.thread_time)
    spent = time.thread_time() - start
    assert result.stopped and result.depth >= 3
    assert 0.25 < spent < 0.4
    assert result.best in board.legal_moves()


def test_the_agent_spends_its_whole_move_time():
    """``soft_limit`` 1 (the default): new iterations start until the time is gone, so a move
    at 0.3 CPU s takes about 0.3 s (at 0.5, as before, it stopped starting them at 0.15 s)."""
    for board in mid_game_positions(3, 5)[-3:]:
        agent = make_agent("alphabeta", "hive", "White", np.random.default_rng(0),
                           [("time_limit", "0.3"), ("clock", "cpu")])
        start = time.thread_time()
        decision = agent.decide(board)
        spent = time.thread_time() - start
        assert agent.last is not None and agent.last.stopped, "the last iteration was cut by the clock"
        assert 0.25 < spent < 0.45
        assert decision.move in board.legal_moves()


def test_the_stop_event_ends_the_search():
    stop = threading.Event()
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    board, result = timed_search(stop=stop)
    timer.join()
    assert result.stopped and result.best in board.legal_moves()


def test_engine_auto_plays_the_python_engines_game_at_a_fixed_depth():
    games = []
    for engine in ("python", "auto"):
        agents = [make_agent("alphabeta", "hive", seat, np.random.default_rng(9),
                             [("depth", "2"), ("engine", engine)]) for seat in ("White", "Black")]
        board = Board()
        line = []
        while board.outcome is None and len(line) < 24:
            move = agents[board._ply & 1].decide_within(board, Limit(depth=2)).move
            line.append(board.format_move(move))
            board.play(move)
        games.append(line)
    assert games[0] == games[1]
    assert agents[0].engines.native is not None  # the compiled search played


def test_the_expansions_keep_the_python_search():
    board = Board(game_type="Base+MLP")
    evaluation = HiveEvaluation()
    assert native_search(evaluation, evaluation.prepare(board), 1000) is None
    agent = make_agent("alphabeta", "hive", "White", np.random.default_rng(1), [("depth", "1"), ("engine", "auto")])
    assert agent.decide_within(board, Limit(depth=1)).move in board.legal_moves()
    assert agent.engines.native is None


LOADED_FROM_CACHE = """
import numpy as np
from swarmtui.games.hive import compiled_search
from swarmtui.agents import make_agent
from swarmtui.core.limits import Limit
from swarmtui.games.hive.rules import Board
assert compiled_search.load() is not None, compiled_search.FAILURE
board = Board()
agent = make_agent("alphabeta", "hive", "White", np.random.default_rng(1), [("engine", "auto")])
for _ in range(6):
    board.play(agent.decide_within(board, Limit(depth=3)).move)
assert agent.engines.native is not None
print("searched", agent.last.nodes)
"""


def test_a_new_process_loads_the_search_from_the_cache_and_searches():
    """The recursive search compiled in this process is loaded from Numba's cache by the next
    (a literal argument in a recursive call once made the cached code crash on loading)."""
    done = subprocess.run([sys.executable, "-c", LOADED_FROM_CACHE], capture_output=True, text=True, timeout=600,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "searched" in done.stdout


def test_pso_verify_verifies_with_the_compiled_search_and_plays_the_same_game():
    games = []
    for engine in ("python", "auto"):
        agents = [make_agent("pso-verify", "hive", seat, np.random.default_rng(4), [("engine", engine)])
                  for seat in ("White", "Black")]
        board = Board()
        line = []
        while board.outcome is None and len(line) < 16:
            move = agents[board._ply & 1].decide(board).move
            line.append(board.format_move(move))
            board.play(move)
        games.append(line)
    assert games[0] == games[1]
    assert agents[0].engines.native is not None
