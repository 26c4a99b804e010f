"""The look-ahead planner (aco-bco-plus): its forward-pass move model agrees with the rules, it keeps
the paper's bee roles, and it crosses far faster than the paper's swarm on the same seeds."""

from __future__ import annotations

import random
import statistics

from swarmtui.agents import make_agent
from swarmtui.agents.aco_bco_forward import Rollout
from swarmtui.core.hexgrid import Hex
from swarmtui.core.rng import make_rng
from swarmtui.games.halma.geometry import STAR, TRIANGLES, opposite
from swarmtui.games.halma.rules import INDEX, Board


def crossing(agent_id: str, seed: int) -> int:
    board = Board(1)
    agent = make_agent(agent_id, "halma", "1", make_rng(seed), [("memory", "none")])
    while board.outcome is None:
        board.play(agent.decide(board).move)
    assert board.outcome.winner == "1"
    return board.ply


def test_forward_pass_reaches_exactly_the_boards_destinations():
    rnd = random.Random(4)
    for players in (1, 2):
        board = Board(players)
        for _ in range(60):
            seat = board.to_move
            rollout = Rollout.of(board, seat, opposite(board.corner(seat)))
            by_start: dict[int, set[int]] = {}
            for move in board.legal_moves():
                by_start.setdefault(INDEX[move.start], set()).add(INDEX[move.end])
            for start in rollout.mine:
                assert set(rollout.ends(start)) == by_start.get(start, set()), STAR[start]
            board.play(rnd.choice(board.legal_moves()))
            if board.outcome is not None:
                break


def test_plus_keeps_the_bee_roles():
    board = Board(1)
    agent = make_agent("aco-bco-plus", "halma", "1", make_rng(3))
    for _ in range(15):
        decision = agent.decide(board)
        trace = decision.trace
        bees = {b.piece: b for b in trace.bees.bees}
        assert bees[trace.bees.recruited].advertises
        assert all(bees[b.follows].advertises for b in bees.values() if not b.advertises)
        assert decision.move.path == trace.bees.path
        board.play(decision.move)


def test_plus_crosses_far_faster_than_the_paper_swarm():
    plus = [crossing("aco-bco-plus", seed) for seed in range(3)]
    paper = [crossing("aco-bco", seed) for seed in range(3)]
    assert statistics.median(plus) < 60 < 80 < statistics.median(paper)


def test_the_last_piece_walks_into_the_goal_from_the_side():
    goal = sorted(TRIANGLES[0])
    hole = Hex(2, -5)  # an empty hole of the goal's back row
    board = Board.from_pieces(1, {"1": [c for c in goal if c != hole] + [Hex(-4, -4)]})
    agent = make_agent("aco-bco-plus", "halma", "1", make_rng(0))
    for _ in range(12):
        board.play(agent.decide(board).move)
        if board.outcome is not None:
            break
    assert board.outcome is not None and board.outcome.winner == "1"
    assert board.ply == 6  # the shortest way: five steps along the goal's edge and one in (no jump exists)
