"""The ``ga`` agent: Fig. 3's base-case lookup, legal moves everywhere, consistent traces, and
the shipped strategies."""

import pytest

from swarmtui.agents import make_agent
from swarmtui.agents.ga.agent import GaAgent
from swarmtui.agents.ga.fitness import FitnessParams, evaluate_genome
from swarmtui.agents.ga.genome import random_genomes
from swarmtui.agents.ga.solver import solve
from swarmtui.agents.ga.strategy import Strategy, load_strategy, shipped_strategy_path
from swarmtui.core.params import ParamError
from swarmtui.core.rng import make_rng
from swarmtui.games.noughts.notation import format_position
from swarmtui.games.noughts.rules import Board
from swarmtui.games.noughts.states import genes, reachable_keys
from swarmtui.games.noughts.symmetry import SYMMETRIES, apply, cell_from_image, cell_to_image, cells_of, gene_string


def _running_boards():
    for key in sorted(reachable_keys()):
        board = Board(cells_of(key))
        if not board.is_over():
            yield board


def _agent(seed=0):
    genome = random_genomes(make_rng(seed), 1)[0]
    return GaAgent(Strategy("X", genome, "test", seed, 0, 0, 0, 0, 0), "test")


def test_legal_moves_and_consistent_traces_in_every_reachable_position():
    agent = _agent()
    for board in _running_boards():
        decision = agent.decide(board)
        trace = decision.trace
        assert board.is_legal(decision.move)
        assert trace.position == board.text
        sym = SYMMETRIES.index(next(p for p in SYMMETRIES if
                                     format_position(apply(SYMMETRIES.index(p), board.cells)) == trace.canonical))
        assert genes()[trace.gene_index].string == trace.gene == gene_string(apply(sym, board.cells))
        assert trace.allele == agent.strategy.genome[trace.gene_index]
        assert trace.move == board.format_move(decision.move)


def test_the_move_on_a_turned_or_mirrored_board_is_the_turned_or_mirrored_move():
    agent = _agent(1)
    for board in list(_running_boards())[::7]:
        move = agent.decide(board).move
        after = board.copy()
        after.play(move)
        for s in range(8):
            turned = Board(apply(s, board.cells))
            turned_move = agent.decide(turned).move
            if turned_move == cell_to_image(s, move):
                continue
            # Only a position with its own symmetry may answer with a symmetric twin move.
            turned_after = turned.copy()
            turned_after.play(turned_move)
            assert any(apply(t, turned.cells) == tuple(turned.cells)
                       and apply(t, turned_after.cells) == apply(s, after.cells) for t in range(8))


def test_the_allele_is_mapped_back_through_the_inverse_symmetry():
    agent = _agent(2)
    board = Board.from_text("X../.O./...")
    trace = agent.decide(board).trace
    sym = ["I", "R", "R2", "R3", "H", "HR", "HR2", "HR3"].index(trace.symmetry)
    assert board.format_move(cell_from_image(sym, trace.allele)) == trace.move


@pytest.mark.parametrize("side", ["X", "O"])
def test_shipped_strategies_load_come_from_a_ga_and_reach_the_optimum(side):
    strategy = load_strategy(shipped_strategy_path(side))
    points = FitnessParams().points(side)
    assert strategy.side == side and strategy.algorithm == "subtree" and strategy.generation > 0
    score = evaluate_genome(strategy.genome, side, points)
    assert score == solve(side, points).score
    assert (strategy.fitness, strategy.wins, strategy.draws, strategy.losses) == tuple(score)


def test_registered_agent_plays_a_whole_game_out_of_the_box():
    board = Board()
    seats = {s: make_agent("ga", "noughts", s, make_rng(0)) for s in ("X", "O")}
    while not board.is_over():
        board.play(seats[board.to_move].decide(board).move)
    assert board.outcome.winner is None  # two optimal no-lose strategies draw


def test_a_strategy_for_the_other_side_is_refused():
    with pytest.raises(ParamError, match="not for the O seat"):
        make_agent("ga", "noughts", "O", make_rng(0), [("strategy", str(shipped_strategy_path("X")))])


def test_moves_follow_the_genome():
    agent = _agent(3)
    empty = Board()
    assert agent.decide(empty).move == cell_from_image(0, int(agent.strategy.genome[0]))


def test_a_strategy_file_is_read_once_per_version(tmp_path):
    from swarmtui.agents.ga.strategy import save_strategy

    path = tmp_path / "mine.json"
    first = Strategy("X", random_genomes(make_rng(1), 1)[0], "paper", 1, 0, 0, 0, 0, 0)
    save_strategy(first, path)
    a = make_agent("ga", "noughts", "X", make_rng(0), [("strategy", str(path))])
    b = make_agent("ga", "noughts", "X", make_rng(1), [("strategy", str(path))])
    assert a.strategy is b.strategy and isinstance(a.strategy.genome, bytes)  # immutable, shared
    second = Strategy("X", random_genomes(make_rng(2), 1)[0], "paper", 2, 0, 0, 0, 0, 0)
    save_strategy(second, path)
    c = make_agent("ga", "noughts", "X", make_rng(2), [("strategy", str(path))])
    assert c.strategy.seed == 2 and list(c.strategy.genome) == second.genome.tolist()
