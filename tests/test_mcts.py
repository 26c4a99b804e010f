"""The mcts agent on noughts: UCT (eq. 3.1), depth limit, terminal rewards, root parallelisation."""

from __future__ import annotations

import math

import pytest

from swarmtui.agents import make_agent
from swarmtui.agents.mcts.agent import MctsParams, Node, grow_tree, search, uct_child
from swarmtui.core.params import ParamError
from swarmtui.core.rng import make_rng
from swarmtui.games.noughts import Board


def _mcts(seat: str, seed: int = 0, **params) -> object:
    return make_agent("mcts", "noughts", seat, make_rng(seed), [(k, str(v)) for k, v in params.items()])


def test_takes_an_immediate_win():
    assert _mcts("X").decide(Board.from_text("XX./OO./...")).move == 2
    assert _mcts("O").decide(Board.from_text("XX./OO./X..")).move == 5


def test_blocks_the_only_threat():
    # X threatens a1-b2-c3; every O move but c3 (cell 8) loses at once.
    decision = _mcts("O").decide(Board.from_text("X.O/.X./..."))
    assert decision.move == 8
    top = decision.trace.candidates[0]
    assert top.move == "c3" and top.value > max(c.value for c in decision.trace.candidates[1:])


def test_never_loses_to_random():
    for game in range(12):
        for seat in ("X", "O"):
            player = _mcts(seat, seed=game, iterations=300)
            other = make_agent("random", "noughts", "O" if seat == "X" else "X", make_rng(game, "random"))
            board = Board()
            while board.outcome is None:
                agent = player if board.to_move == seat else other
                board.play(agent.decide(board).move)
            assert board.outcome.winner in (seat, None), (game, seat, board.text)


def test_terminal_rewards_only_and_depth_limit():
    # One ply deep, nothing on the empty board ends the game: every reward is 0.
    stats = grow_tree(Board(), MctsParams(iterations=200, depth=1), seed=3)
    assert set(stats.rewards.values()) == {0.0} and sum(stats.visits.values()) == 200
    # A win one ply away is a +1 terminal reward even at depth 1.
    stats = grow_tree(Board.from_text("XX./OO./..."), MctsParams(iterations=100, depth=1), seed=3)
    assert stats.rewards[2] == stats.visits[2] > 0
    # The loss after O's reply (X plays elsewhere, O completes b1-b3) is -1 for X at depth 2.
    stats = grow_tree(Board.from_text("X../OO./X.."), MctsParams(iterations=400, depth=2), seed=3)
    blocked = stats.rewards[5] / stats.visits[5]
    others = [stats.rewards[m] / stats.visits[m] for m in stats.visits if m != 5]
    assert blocked == 0.0 and max(others) < 0


def test_uct_formula_picks_the_highest_bound():
    root = Node(None, None, None)
    root.n = 10
    for move, (n, w) in enumerate([(5, 4.0), (2, 0.0), (3, 3.0)]):
        child = Node(move, "X", root)
        child.n, child.w = n, w
        root.children.append(child)
    c = math.sqrt(2)
    bound = [w / n + c * math.sqrt(math.log(10) / n) for n, w in [(5, 4.0), (2, 0.0), (3, 3.0)]]
    assert uct_child(root, c).move == bound.index(max(bound)) == 2
    assert uct_child(root, 0.0).move == 2  # pure exploitation: mean 1.0 beats 0.8


def test_same_seed_same_trace_and_root_merge_sums_visits():
    board = Board.from_text("X../.O./...")
    one = _mcts("X", seed=5).decide(board)
    assert one.trace == _mcts("X", seed=5).decide(board).trace
    params = MctsParams(iterations=150, trees=3, workers=1)
    merged = search(board, params, [11, 12, 13])
    assert sum(merged.visits.values()) == 3 * 150
    singles = [grow_tree(board.copy(), params, s) for s in (11, 12, 13)]
    for move, n in merged.visits.items():
        assert n == sum(s.visits.get(move, 0) for s in singles)
        assert merged.rewards[move] == sum(s.rewards.get(move, 0.0) for s in singles)


def test_process_trees_match_in_process_trees():
    board = Board.from_text("X../.O./...")
    in_process = _mcts("X", seed=9, trees=2, workers=1, iterations=100).decide(board)
    pooled = _mcts("X", seed=9, trees=2, workers=2, iterations=100).decide(board)
    assert in_process.trace == pooled.trace


def test_parameters_are_checked():
    with pytest.raises(ParamError):
        _mcts("X", iterations=0)
    with pytest.raises(ParamError, match="depth"):
        _mcts("X", depth=0)


def _hive_position_with_a_win_in_one():
    """A protocol position, played on at random until the side to move can surround the Queen."""
    from swarmtui.games.hive.rules import Board
    from swarmtui.papers.mcguile.protocol import random_phase, random_placements

    for seed in range(50):
        board = Board()
        rng = make_rng(seed, "mcts-test")
        random_placements(board, rng)
        while board.outcome is None and board.ply < 400:
            opponent = board.queen("b" if board.to_move == "White" else "w")
            if opponent is not None and board.neighbours_occupied(opponent) == 5:
                for move in board.legal_moves():
                    board.play(move)
                    won = board.outcome is not None and board.outcome.winner == board.seats[(board.ply - 1) % 2]
                    board.undo()
                    if won:
                        return board
            random_phase(board, rng, 1)
    raise AssertionError("no position with a win in one found")


def test_hive_and_halma():
    board = _hive_position_with_a_win_in_one()
    seat = board.to_move
    decision = make_agent("mcts", "hive", seat, make_rng(0), [("iterations", "200")]).decide(board)
    board.play(decision.move)
    assert board.outcome is not None and board.outcome.winner == seat
    assert decision.trace.candidates[0].value == 1.0
    from swarmtui.games import GAMES

    halma = GAMES["halma"].start()
    move = make_agent("mcts", "halma", halma.to_move, make_rng(0),
                      [("iterations", "30"), ("depth", "3")]).decide(halma).move
    assert move in halma.legal_moves()
