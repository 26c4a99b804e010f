"""The compiled evaluation (``games/hive/compiled_evaluation.py``) against ``HiveEvaluation``,
the Python reference it ports: the same score on every position of seeded base-game games
(played with a bias to climbs and to the queens, so that beetles sit on stacks and on queens,
queens get five neighbours and the hive gets holes), with the default weights, with random ones,
and with each weight changed alone (which also shows every term of the score is exercised).
Skipped where Numba is not installed.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import math
import os
from typing import Any

import numpy as np
import pytest

from swarmtui.core.hexgrid import Hex
from swarmtui.games.hive import compiled
from swarmtui.games.hive import compiled_evaluation as ce
from swarmtui.games.hive.cells import ARCS, BITS, D, cell_of
from swarmtui.games.hive.evaluation import HiveEvaluation, HiveWeights
from swarmtui.games.hive.pieces import parse_piece
from swarmtui.games.hive.rules import Board

NUMBA = importlib.util.find_spec("numba") is not None and not os.environ.get("SWARMTUI_NO_NUMBA")
pytestmark = pytest.mark.skipif(not NUMBA, reason="Numba is not installed (or SWARMTUI_NO_NUMBA is set)")

FIELDS = [f.name for f in dataclasses.fields(HiveWeights)]
NOT_IN_THE_SCORE = {"mobile_other", "hand_other", "noisy_from", "order_fill", "order_free"}  # expansion bugs, search


@pytest.fixture(scope="module")
def evaluate() -> Any:
    """The compiled ``_evaluate`` (skipped when it cannot be loaded)."""
    if compiled.load(600) is None:
        pytest.skip(f"the compiled generator did not load: {compiled.FAILURE}")
    loaded = ce.load()
    if loaded is None:
        pytest.skip(f"the compiled evaluation did not load: {ce.FAILURE}")
    return loaded


def random_weights(rng: np.random.Generator) -> HiveWeights:
    """Distinct positive weights for every term (``mobile_at_queen`` off 1, the own-beetle terms on)."""
    values = {name: float(rng.uniform(0.3, 12.0)) for name in FIELDS}
    values["noisy_from"] = int(rng.integers(2, 6))
    values["hand_blocked"] = float(rng.uniform(0.1, 0.9))
    values["mobile_at_queen"] = float(rng.uniform(0.2, 0.8) if rng.random() < 0.5 else rng.uniform(1.2, 2.0))
    return HiveWeights(**values)  # type: ignore[arg-type]


def situations(board: Board, python: HiveEvaluation) -> list[str]:
    """The situations of ``board`` the score treats specially, to count them."""
    found = ["black to move" if board._ply & 1 else "white to move"]
    stacks, nmask, pos = board._stacks, board._nmask, board._pos
    if board._tall:
        found.append("tall stack")
    if board._holes:
        found.append("hole")
        if any(len(st) == 1 and ARCS[nmask.get(cell, 0)] > 1 and not board._is_cut(cell)
               for cell, st in stacks.items()):
            found.append("two arcs, not a cut")  # the Python asks Tarjan here, the port its search
    if (pos[0] is None) != (pos[14] is None):
        found.append("one queen in hand")
    for side in (0, 1):
        q = pos[side * 14]
        if q is None:
            continue
        if len(BITS[nmask.get(q, 0)]) == 5:
            found.append("queen with five neighbours")
        if any(q + d in stacks and stacks[q + d][-1] // 14 != side for d in D):
            found.append("enemy beside a queen")
        if len(stacks[q]) > 1:
            if stacks[q][-1] // 14 == side:
                found.append("own beetle on a queen")
            else:
                found.append("enemy beetle on a queen")
                if python._drops(board, q, 1 - side):
                    found.append("drops")
        own = [cell for cell, st in stacks.items() if st[-1] // 14 == side]
        if board._hand_kinds[side] and own and not python._can_place(stacks, nmask, own, side):
            found.append("nowhere to place")
    return found


def play_on(board: Board, rng: np.random.Generator, out: list[Board], plies: int) -> None:
    """Add ``board`` and the positions (not over) of up to ``plies`` random moves from it to
    ``out``, the moves drawn at times from those next to or onto a queen and from the climbs."""
    while board.outcome is None and board.ply < plies:
        out.append(board.copy())
        moves = board.legal_moves()
        queens = {q for q in (board._pos[0], board._pos[14]) if q is not None}
        near = {q + d for q in queens for d in D} | queens
        pressing = [m for m in moves if m.dest is not None and cell_of(m.dest) in near]
        climbs = [m for m in moves if m.origin is not None and m.dest is not None and board.height(m.dest) > 0]
        u = rng.random()
        pool = pressing if pressing and u < 0.4 else climbs if climbs and u < 0.6 else moves
        board.play(pool[int(rng.integers(len(pool)))])


BLOCKED = [  # White's pieces ringed by Black's: every empty cell beside them touches Black (hand_blocked)
    {Hex(0, 0): ["wQ"], Hex(1, 0): ["bQ"], Hex(-1, 1): ["bS1"], Hex(0, -1): ["bA1"]},
    {Hex(0, 0): ["wS1"], Hex(1, 0): ["bQ"], Hex(-1, 1): ["bS1"], Hex(0, -1): ["bA1"]},  # White's queen in hand
    {Hex(0, 0): ["wQ"], Hex(1, 0): ["wA1", "bB1"], Hex(-1, 1): ["bS1"], Hex(0, -1): ["bA1"], Hex(-1, 0): ["bQ"]},
]


@pytest.fixture(scope="module")
def games() -> list[Board]:
    """Every position of 150 seeded games."""
    rng = np.random.default_rng(2026)
    out: list[Board] = []
    for _ in range(150):
        play_on(Board(), rng, out, 200)
    return out


@pytest.fixture(scope="module")
def blocked() -> list[Board]:
    """The ``BLOCKED`` set-ups, each side to move, and the positions of a few moves from each."""
    rng = np.random.default_rng(4)
    out: list[Board] = []
    for layout in BLOCKED:
        for to_move in ("White", "Black"):
            board = Board.from_layout({h: [parse_piece(p) for p in st] for h, st in layout.items()}, to_move)
            play_on(board, rng, out, board.ply + 4)
    return out


def shown(board: Board) -> str:
    """``board`` for a failure message: its game string and stacks (a set-up has no moves)."""
    return f"{board.game_string()} {board._stacks}"


def compiled_score(evaluate: Any, board: Board, vector: np.ndarray) -> float:
    return float(evaluate(board._where, board._ply, compiled.KINDS, vector, np.array(board._count, dtype=np.int64)))


def test_weight_indices_follow_the_fields() -> None:
    indices = {name: getattr(ce, name.upper()) for name in FIELDS}
    assert indices == {name: i for i, name in enumerate(FIELDS)}
    weights = random_weights(np.random.default_rng(1))
    assert ce.weight_vector(weights).tolist() == [float(getattr(weights, name)) for name in FIELDS]
    assert ce.weight_vector().tolist() == ce.weight_vector(HiveWeights()).tolist()


def test_the_evaluation_runs_compiled(evaluate: Any) -> None:
    assert not ce.FAILURE, ce.FAILURE
    assert evaluate is ce._evaluate and hasattr(evaluate, "py_func")  # a Numba dispatcher
    assert all(hasattr(getattr(ce, name), "py_func") for name in ce._COMPILED)
    assert ce.load() is evaluate


def test_random_games_score_the_same(evaluate: Any, games: list[Board], blocked: list[Board]) -> None:
    rng = np.random.default_rng(5)
    weight_sets = [HiveWeights()] + [random_weights(rng) for _ in range(4)]
    pythons = [HiveEvaluation(w) for w in weight_sets]
    vectors = [ce.weight_vector(w) for w in weight_sets]
    seen: dict[str, int] = {}
    for board in games + blocked:
        for python, vector in zip(pythons, vectors, strict=True):
            expected, got = python.evaluate(board), compiled_score(evaluate, board, vector)
            assert got == expected, (shown(board), python.weights)  # the same sums in the same order
        for situation in situations(board, pythons[0]):
            seen[situation] = seen.get(situation, 0) + 1
    least = {"white to move": 3000, "black to move": 3000, "tall stack": 3000, "hole": 500,
             "two arcs, not a cut": 400, "one queen in hand": 150, "queen with five neighbours": 1000,
             "enemy beside a queen": 4000, "own beetle on a queen": 1000, "enemy beetle on a queen": 150,
             "drops": 20, "nowhere to place": 6}
    assert all(seen.get(name, 0) >= n for name, n in least.items()), seen


def test_every_weight_counts_as_in_the_python(evaluate: Any, games: list[Board], blocked: list[Board]) -> None:
    # Each weight changed alone: the two agree, and the score moves on enough positions for every
    # term of the base game (and never for the expansion bugs' and the search's weights).
    rng = np.random.default_rng(9)
    base = random_weights(rng)
    boards = games[::3] + blocked
    before = [compiled_score(evaluate, board, ce.weight_vector(base)) for board in boards]
    for name in FIELDS:
        changed = dataclasses.replace(base, **{name: getattr(base, name) + (1 if name == "noisy_from" else 1.75)})
        python, vector = HiveEvaluation(changed), ce.weight_vector(changed)
        moved = 0
        for board, old in zip(boards, before, strict=True):
            got = compiled_score(evaluate, board, vector)
            assert got == python.evaluate(board), (name, shown(board))
            moved += not math.isclose(got, old, rel_tol=1e-12, abs_tol=1e-12)
        if name in NOT_IN_THE_SCORE:
            assert moved == 0, name
        else:
            assert moved >= 10, (name, moved)
