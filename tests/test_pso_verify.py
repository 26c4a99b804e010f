"""pso-verify: the swarm proposes, a two-ply alpha-beta verifies (and the random-proposal ablation)."""

from __future__ import annotations

import numpy as np

from swarmtui.agents import make_agent
from swarmtui.agents.pso.trace import ParticleTrace
from swarmtui.games.hive.rules import Board


def _position(seed: int) -> Board:
    """A running game with both queens in play (so the swarm has a goal)."""
    while True:
        board, rng = Board(), np.random.default_rng(seed)
        for _ in range(30):
            moves = board.legal_moves()
            board.play(moves[int(rng.integers(len(moves)))])
            if board.outcome is not None:
                break
        if board.outcome is None and board.queen("w") and board.queen("b"):
            return board
        seed += 1000


def test_the_swarm_proposes_and_the_search_picks_among_its_proposals():
    verified = 0
    for seed in range(4):
        board = _position(seed)
        decision = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(seed)).decide(board)
        assert decision.move in board.legal_moves()
        trace = decision.trace
        assert isinstance(trace, ParticleTrace) and trace.move == board.format_move(decision.move)
        if "swarm proposals" in trace.note:
            verified += 1
            listed = trace.note.split("depth 2: ")[1].split("; plays")[0].split(", ")
            assert board.format_move(decision.move) in {item.rsplit(" ", 1)[0] for item in listed}
            assert trace.particles  # the particle panel still shows the swarm
    assert verified >= 2


def test_random_proposals_are_the_ablation():
    board = _position(1)
    decision = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(1),
                          [("proposals", "random")]).decide(board)
    assert "random proposals" in decision.trace.note and decision.move in board.legal_moves()


def test_the_hive_proposes_one_placement_per_bug_nearest_the_enemy_queen():
    from swarmtui.agents.pso.verified import _placement_proposals
    from swarmtui.core.hexgrid import distance

    board = _position(2)
    target = board.queen("b" if board.to_move == "White" else "w")
    proposals = _placement_proposals(board, 3)
    placements = [m for m in board.legal_moves() if m.piece is not None and m.origin is None]
    assert len({m.piece.bug for m in proposals}) == len(proposals) == min(3, len({m.piece.bug for m in placements}))
    for m in proposals:
        same_bug = [o for o in placements if o.piece.bug is m.piece.bug]
        assert distance(m.dest, target) == min(distance(o.dest, target) for o in same_bug)
