"""pso-verify: the swarm proposes, alpha-beta verifies; the ablation switches exist and change what it does."""

from __future__ import annotations

import numpy as np
from screens import as_a

from swarmtui.agents import make_agent
from swarmtui.agents.pso.trace import ParticleTrace
from swarmtui.agents.pso.verified import VerifiedSwarmAgent
from swarmtui.games.hive import compiled
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
        agent = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(seed))
        decision = agent.decide(board)
        assert decision.move in agent.last_proposals
        assert decision.move in board.legal_moves()
        trace = decision.trace
        assert isinstance(trace, ParticleTrace) and trace.move == board.format_move(decision.move)
        if "swarm proposals" in trace.note:
            verified += 1
            listed = trace.note.split("proposals to depth 3: ")[1].split("; plays")[0].split(", ")
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


def _proposals(board: Board, seed: int, *overrides: tuple[str, str]) -> list:
    """The moves pso-verify verifies in ``board`` (a one-ply check keeps the test fast; no cap)."""
    agent = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(seed),
                       [("verify_depth", "1"), ("proposals_k", "1000"), *overrides])
    agent.decide(board)
    return as_a(agent, VerifiedSwarmAgent).last_proposals


SOURCES = [("per_insect", "1"), ("direct", "false"), ("placement_cells", "1"), ("danger_from", "7"),
           ("climb", "false")]
"""Each proposal source's switch and the value that turns it off."""


def _added(name: str, off: str, seeds: int = 60) -> tuple[Board, set]:
    """The first position (by seed) where the source adds proposals, and what it adds; every
    position probed on the way must lose nothing else when the source is off (same flight)."""
    for seed in range(seeds):
        board = _position(seed)
        full, without = set(_proposals(board, seed)), set(_proposals(board, seed, (name, off)))
        assert without <= full, (name, seed)
        if without < full:
            return board, full - without
    raise AssertionError(f"{name}={off} changed nothing in {seeds} positions")


def test_each_proposal_source_can_be_switched_off_and_adds_moves():
    for name, off in SOURCES:
        _added(name, off)


def test_climb_proposes_moves_onto_a_queen():
    board, extra = _added("climb", "false")
    queens = {board.queen("w"), board.queen("b")}
    assert extra and all(m.dest in queens for m in extra)


def test_flight_off_means_no_velocity():
    board = _position(3)
    decision = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(3),
                          [("w", "0"), ("c1", "0"), ("c2", "0"), ("verify_depth", "1")]).decide(board)
    particles = decision.trace.particles
    assert particles and all(view.velocity_after == (0.0, 0.0) for view in particles)
    assert all(view.desired == view.position for view in particles)


def test_a_depth_limit_replaces_the_verification_depth():
    from swarmtui.core.limits import Limit

    board = _position(0)
    agent = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(0))
    decision = agent.decide_within(board, Limit(depth=1))
    assert "proposals to depth 1:" in decision.trace.note


def test_the_opening_is_verified_too():
    board = Board()
    board.play(board.legal_moves()[0])
    agent = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(0), [("verify_depth", "1")])
    decision = agent.decide(board)
    assert decision.trace.fallback and "proposals to depth 1" in decision.trace.note
    assert {m.piece.bug for m in agent.last_proposals} == {m.piece.bug for m in board.legal_moves()}
    from swarmtui.tui.panels import particles

    shown = particles.frame(decision.trace, len(particles.FALLBACK_PHASES) - 1).plain
    assert f"plays {decision.trace.move}" in shown and "proposals to depth 1" in shown  # the panel says why


def test_a_time_limit_stops_the_verification_in_time():
    import time

    from swarmtui.core.limits import Limit

    board = _position(1)
    agent = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(1), [("verify_depth", "6")])
    took = []
    for _ in range(3):  # a busy machine may take the CPU from one try; an agent that overshoots fails all
        start = time.perf_counter()
        decision = agent.decide_within(board, Limit(time=0.2))
        took.append(time.perf_counter() - start)
        assert decision.move in board.legal_moves()
        if took[-1] <= 0.2 * 1.05 + 0.05:
            break
    assert min(took) <= 0.2 * 1.05 + 0.05, took


def test_given_time_it_verifies_deeper_and_wider_than_its_fixed_depth():
    """Issue 31: with a second it neither stops at verify_depth nor at the narrow proposals (CPU
    clock, so a busy machine does not shorten the search)."""
    import time

    compiled.load(600)  # the engine at its usual speed (its compiled move generator loaded)
    board = _position(4)  # 36 legal moves (seed 0, 109 of them: all verified to depth 3 in the second)
    fixed = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(0))
    fixed.decide(board)
    timed = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(0),
                       [("time_limit", "1"), ("clock", "cpu")])
    start = time.thread_time()
    decision = timed.decide(board)
    spent = time.thread_time() - start
    assert fixed.last_depth == 3 < timed.last_depth, (spent, decision.trace.note[:90])
    assert set(fixed.last_proposals) < set(timed.last_proposals)  # widened: the narrow set and more
    assert decision.move in timed.last_proposals and 0.4 < spent < 1.1
    assert f"proposals to depth {timed.last_depth}:" in decision.trace.note
    random = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(0),
                        [("time_limit", "1"), ("clock", "cpu"), ("proposals", "random")])
    random.decide(board)  # the ablation verifies as many proposals as the widened swarm
    assert len(random.last_proposals) == len(timed.last_proposals)


def test_little_time_keeps_the_narrow_proposals():
    board = _position(1)
    agent = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(1),
                       [("time_limit", "1"), ("clock", "cpu"), ("widen_share", "0")])
    narrow = make_agent("pso-verify", "hive", board.to_move, np.random.default_rng(1))
    narrow.decide(board)
    agent.decide(board)
    assert agent.last_proposals == narrow.last_proposals and agent.last_depth > 3
