"""The random and minimax agents, the agent registry and parameter handling."""

from __future__ import annotations

import pytest

from swarmtui.agents import agents_for, make_agent
from swarmtui.core.params import ParamError
from swarmtui.core.rng import make_rng
from swarmtui.games.noughts import Board


def _never_loses(seat: str) -> None:
    """Minimax in ``seat`` against every possible sequence of opponent moves."""
    agent = make_agent("minimax", "noughts", seat, make_rng(3))
    board = Board()

    def walk() -> None:
        outcome = board.outcome
        if outcome is not None:
            assert outcome.winner in (seat, None), board.text
            return
        if board.to_move == seat:
            board.play(agent.decide(board).move)
            walk()
            board.undo()
            return
        for move in board.legal_moves():
            board.play(move)
            walk()
            board.undo()

    walk()


@pytest.mark.parametrize("seat", ["X", "O"])
def test_minimax_never_loses_against_any_opponent(seat):
    _never_loses(seat)


def test_minimax_takes_an_immediate_win_and_blocks():
    agent = make_agent("minimax", "noughts", "X", make_rng(0))
    assert agent.decide(Board.from_text("XX./OO./...")).move == 2
    block = make_agent("minimax", "noughts", "O", make_rng(0))
    assert block.decide(Board.from_text("XX./.O./...")).move == 2


def test_minimax_trace_lists_every_candidate_with_a_value():
    agent = make_agent("minimax", "noughts", "O", make_rng(1))
    decision = agent.decide(Board.from_text("X.O/.X./..."))
    trace = decision.trace
    assert trace.kind == "search" and len(trace.candidates) == 6
    assert trace.chosen == "c3" and trace.best == ("c3",)
    values = {c.move: c.value for c in trace.candidates}
    assert values["c3"] == 0.0 and values["b1"] == -1.0


def test_minimax_ties_are_broken_by_the_seed():
    first = [make_agent("minimax", "noughts", "X", make_rng(s)).decide(Board()).move for s in range(20)]
    again = [make_agent("minimax", "noughts", "X", make_rng(s)).decide(Board()).move for s in range(20)]
    assert first == again and len(set(first)) > 1


def test_random_agent_is_uniform_legal_and_seeded():
    board = Board.from_text("X.O/.X./...")
    agent = make_agent("random", "noughts", "O", make_rng(5))
    picks = [agent.decide(board).move for _ in range(600)]
    assert set(picks) == set(board.legal_moves())
    assert min(picks.count(m) for m in board.legal_moves()) > 60
    again = make_agent("random", "noughts", "O", make_rng(5))
    assert [again.decide(board).move for _ in range(600)] == picks


def test_registry_and_parameter_errors():
    ids = [s.id for s in agents_for("noughts")]
    assert {"human", "random", "minimax"} <= set(ids)
    with pytest.raises(ParamError, match="unknown agent"):
        make_agent("alphazero", "noughts", "X", make_rng(0))
    with pytest.raises(ParamError, match="unknown parameter"):
        make_agent("minimax", "noughts", "X", make_rng(0), [("depth", "3")])
    with pytest.raises(ParamError, match="true or false"):
        make_agent("minimax", "noughts", "X", make_rng(0), [("quickest", "maybe")])
    with pytest.raises(ParamError, match="no parameters"):
        make_agent("random", "noughts", "X", make_rng(0), [("x", "1")])
    slow = make_agent("minimax", "noughts", "X", make_rng(0), [("quickest", "false")])
    assert slow.params.quickest is False
