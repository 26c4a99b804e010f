"""The ``alphabeta`` agent: exact search values, wins and defences, limits, stop, trace, games."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from swarmtui.agents import make_agent
from swarmtui.agents.alphabeta.agent import DIFFICULTIES, AlphaBetaAgent, AlphaBetaParams
from swarmtui.agents.alphabeta.search import MATE, Searcher
from swarmtui.core.hexgrid import Hex
from swarmtui.core.limits import Limit, honours_limits
from swarmtui.games.hive.evaluation import HiveEvaluation
from swarmtui.games.hive.pieces import parse_piece
from swarmtui.games.hive.rules import Board
from swarmtui.games.noughts.rules import Board as Noughts


def _layout(to_move: str, ply: int) -> Board:
    """Black's queen at the origin with five neighbours; White's free ant can fill the sixth."""
    cells = {(0, 0): "bQ", (1, 0): "wQ", (0, 1): "wG1", (-1, 1): "bG1", (-1, 0): "bS1", (0, -1): "wS1",
             (2, -1): "wA1"}
    return Board.from_layout({Hex(*c): (parse_piece(p),) for c, p in cells.items()}, to_move, ply=ply)


def _midgame(seed: int = 3, plies: int = 24) -> Board:
    board = Board()
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        moves = board.legal_moves()
        board.play(moves[int(rng.integers(len(moves)))])
        if board.outcome:
            break
    return board


def agent(game: str = "hive", **params) -> AlphaBetaAgent:
    overrides = [(k, str(v)) for k, v in params.items()]
    a = make_agent("alphabeta", game, "White", np.random.default_rng(7), overrides)
    assert isinstance(a, AlphaBetaAgent)
    return a


def reference_negamax(board: Board, ev: HiveEvaluation, depth: int, ply: int = 0) -> float:
    """Plain negamax without pruning, tables or ordering: the value PVS must reproduce."""
    if board.outcome is not None:
        if board.outcome.winner is None:
            return 0
        return MATE - ply if board.outcome.winner == board.to_move else -(MATE - ply)
    if depth == 0:
        return ev.evaluate(board)
    best = -float("inf")
    for move in board.legal_moves():
        board.play(move)
        best = max(best, -reference_negamax(board, ev, depth - 1, ply + 1))
        board.undo()
    return best


@pytest.mark.parametrize("seed,plies", [(1, 6), (2, 9), (5, 12)])
def test_pvs_with_table_gives_the_plain_minimax_value(seed, plies):
    board = _midgame(seed, plies)
    ev = HiveEvaluation()
    expected = reference_negamax(board.copy(), ev, 2)
    for depth_first in (1, 2):  # with and without a table warmed by a shallower search
        searcher = Searcher(ev.prepare(board), ev, max_depth=2, max_extensions=0, reduce_from=0)
        if depth_first == 1:
            Searcher(searcher.state, ev, max_depth=1, max_extensions=0, table=searcher.table).search()
        result = searcher.search()
        assert result.score == pytest.approx(expected)
        assert result.depth == 2


def test_it_takes_a_win_in_one_and_says_so():
    board = _layout("White", 8)
    decision = agent(depth=1).decide(board)
    board.play(decision.move)
    assert board.outcome is not None and board.outcome.winner == "White"
    assert decision.trace.candidates[0].note.startswith("wins in 1")


def test_it_defends_against_a_win_in_one():
    board = _layout("Black", 9)
    decision = agent(depth=2).decide(board)
    board.play(decision.move)
    for reply in board.legal_moves():
        board.play(reply)
        assert board.outcome is None or board.outcome.winner != "White"
        board.undo()


def test_a_time_limit_is_honoured_within_five_percent_and_50_ms():
    board = _midgame()
    a = agent()
    for seconds in (0.2, 0.5):
        start = time.perf_counter()
        decision = a.decide_within(board, Limit(time=seconds))
        elapsed = time.perf_counter() - start
        assert elapsed <= seconds * 1.05 + 0.05
        assert decision.move in board.legal_moves()


def test_a_depth_limit_is_reached_exactly_and_stop_ends_the_search():
    board = _midgame()
    decision = agent().decide_within(board, Limit(depth=2))
    assert decision.trace.depth == 2
    stop = threading.Event()
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    start = time.perf_counter()
    decision = agent().decide_within(board, Limit(time=60, stop=stop))
    assert time.perf_counter() - start < 1.0
    assert decision.move in board.legal_moves()
    timer.cancel()


def test_the_trace_shows_pv_depth_nodes_and_root_scores():
    board = _midgame()
    decision = agent().decide_within(board, Limit(depth=2))  # a depth, no clock: the same on a busy machine
    trace = decision.trace
    assert trace.algorithm == "alphabeta" and trace.depth == 2 and trace.nodes > 0
    assert trace.pv[0] == trace.chosen == board.format_move(decision.move)
    assert len(trace.pv) >= 2
    assert trace.candidates[0].move == trace.chosen
    values = [c.value for c in trace.candidates]
    assert values[0] == max(values)


def test_same_seed_same_moves_and_difficulties_are_parameters():
    board = _midgame()
    first = agent(difficulty="easy").decide(board).move
    assert all(agent(difficulty="easy").decide(board).move == first for _ in range(2))
    assert set(DIFFICULTIES) == {"easy", "medium", "hard", "max"}
    assert AlphaBetaParams().difficulty == "easy"
    assert honours_limits(agent())


def test_noughts_perfect_play_never_loses_to_random():
    for seed in range(4):
        board = Noughts()
        rng = np.random.default_rng(seed)
        ab = make_agent("alphabeta", "noughts", "X" if seed % 2 else "O", rng, [("depth", "9")])
        while board.outcome is None:
            if board.to_move == ("X" if seed % 2 else "O"):
                board.play(ab.decide(board).move)
            else:
                moves = board.legal_moves()
                board.play(moves[int(rng.integers(len(moves)))])
        assert board.outcome.winner in (None, "X" if seed % 2 else "O")


@pytest.mark.parametrize("game_type", ["Base", "Base+MLP"])
def test_it_plays_every_game_type_and_values_only_that_types_hand(game_type):
    board = Board(game_type=game_type)
    ev = HiveEvaluation()
    base_hand = 2 * 3.0 + 2 * 5.0 + 3 * 4.0 + 3 * 8.0
    assert ev.hand(board, 0) == ev.hand(board, 1) == base_hand + (3 * 5.0 if game_type == "Base+MLP" else 0)
    assert ev.evaluate(board) == ev.weights.tempo  # the empty board is even, bar the move
    a = agent(depth=1)
    for _ in range(10):
        board.play(a.decide(board).move)
    assert board.ply == 10


def test_uhp_bestmove_time_and_depth_drive_the_search():
    from swarmtui.uhp.engine import UhpEngine

    engine = UhpEngine()
    engine.handle("options set Agent alphabeta")
    engine.handle("newgame Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wS1;bA1 bQ\\")
    engine.handle("bestmove depth 1")  # the agent is built and its modules imported: time the search only
    start = time.perf_counter()
    reply = engine.handle("bestmove time 00:00:01")
    assert time.perf_counter() - start <= 1.05 + 0.05
    board = Board.from_game_string("Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wS1;bA1 bQ\\")
    assert reply[-1] == "ok" and board.parse_move(reply[0]) in board.legal_moves()
    reply = engine.handle("bestmove depth 2")
    assert board.parse_move(reply[0]) in board.legal_moves()


def test_the_evaluation_weights_are_parameters_in_the_game_whose_evaluation_has_them():
    """The Hive evaluation (the game's ``evaluation`` service) brings its named weights: in Hive
    they follow the search settings among alphabeta's parameters, and a weight set there reaches
    the evaluation; Noughts' evaluation has none, so a Hive weight there is an unknown parameter."""
    import pickle
    from dataclasses import fields

    from swarmtui.agents import agent_params, get_spec
    from swarmtui.core.params import ParamError
    from swarmtui.games import GAMES
    from swarmtui.games.hive.evaluation import HiveWeights

    spec = get_spec("alphabeta")
    hive = spec.params_for(GAMES["hive"])
    assert hive is not None and issubclass(hive, HiveWeights) and issubclass(hive, AlphaBetaParams)
    names = [f.name for f in fields(hive)]
    assert names == [f.name for f in fields(AlphaBetaParams)] + [f.name for f in fields(HiveWeights)]
    assert spec.params_for(GAMES["noughts"]) is AlphaBetaParams
    params = agent_params(spec, "hive", [("drop_liberty", "3"), ("depth", "2")])
    assert pickle.loads(pickle.dumps(params)) == params  # a pool worker gets the same settings
    built = make_agent("alphabeta", "hive", "White", np.random.default_rng(0), [("drop_liberty", "3")])
    assert built.evaluation.weights == HiveWeights(drop_liberty=3.0)
    with pytest.raises(ParamError, match="drop_liberty"):
        make_agent("alphabeta", "noughts", "X", np.random.default_rng(0), [("drop_liberty", "3")])
