"""The paranoid search player: legal moves for every seat count, wins it can see, levels that differ."""

from __future__ import annotations

import numpy as np
import pytest

from swarmtui.agents import make_agent
from swarmtui.core.hexgrid import Hex
from swarmtui.core.limits import Limit
from swarmtui.core.params import ParamError
from swarmtui.games.halma.geometry import TRIANGLES
from swarmtui.games.halma.rules import Board


@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_plays_legal_moves_for_every_seat_count(players):
    board = Board(players, max_moves=3 * players)
    agents = {s: make_agent("halma-search", "halma", s, np.random.default_rng(int(s)), [("time_limit", "0.2")])
              for s in board.seats}
    while board.outcome is None:
        decision = agents[board.to_move].decide(board)
        assert board.is_legal(decision.move) and decision.trace.chosen == board.format_move(decision.move)
        board.play(decision.move)


def test_takes_the_winning_move_and_sees_the_opponents():
    # seat 1 has nine pieces home in its goal (north) and one a step away; seat 2 far from done
    goal = sorted(TRIANGLES[0], key=lambda c: (c.r, c.q))
    last = goal[-1]
    outside = Hex(last.q, last.r + 1)
    board = Board.from_pieces(2, {"1": goal[:-1] + [outside], "2": sorted(TRIANGLES[3])[:3]}, to_move="1")
    agent = make_agent("halma-search", "halma", "1", np.random.default_rng(0), [("difficulty", "medium")])
    decision = agent.decide(board)
    board.play(decision.move)
    assert board.outcome is not None and board.outcome.winner == "1"


def test_levels_and_limits():
    with pytest.raises(ParamError):
        make_agent("halma-search", "halma", "1", np.random.default_rng(0), [("difficulty", "brutal")])
    board = Board(2)
    agent = make_agent("halma-search", "halma", "1", np.random.default_rng(0), [("difficulty", "max")])
    decision = agent.decide_within(board, Limit(depth=2))
    assert decision.trace.depth == 2 and board.is_legal(decision.move)


def test_zobrist_hash_follows_play_and_undo():
    from swarmtui.agents.halma_search.agent import HalmaSearchParams, _Search
    from swarmtui.games.halma.zobrist import position_hash

    board = Board(3)
    search = _Search(board, HalmaSearchParams(), None, None, None, {})
    rng = np.random.default_rng(4)
    hashes = [search.hash]
    for _ in range(12):
        k = board._turn + 1
        moves = search.moves_of(k)
        search.play(k, moves[int(rng.integers(len(moves)))])
        assert search.hash == position_hash(board._occ)
        hashes.append(search.hash)
    for expected in reversed(hashes[:-1]):
        search.undo()
        assert search.hash == expected == position_hash(board._occ)


@pytest.mark.parametrize("search", ["brs", "paranoid"])
def test_node_budget_and_same_seed_same_move(search):
    board = Board(3)
    for _ in range(3):  # one opening move by each of the three seats
        board.play(board.legal_moves()[-1])

    def decide():
        agent = make_agent("halma-search", "halma", board.to_move, np.random.default_rng(7),
                           [("difficulty", "hard"), ("nodes", "500"), ("search", search)])
        return agent.decide(board)

    first, second = decide(), decide()
    assert first.move == second.move and first.trace.nodes == second.trace.nodes <= 501
    assert board.is_legal(first.move) and first.trace.depth >= 2


def test_prefers_the_long_ladder():
    # by the search's own evaluation (the solver's plan, which may open with a step, switched off)
    # the best first move from the start of a two-player game is a hop chain, not a step
    board = Board(2)
    agent = make_agent("halma-search", "halma", "1", np.random.default_rng(0),
                       [("difficulty", "hard"), ("plan", "false")])
    decision = agent.decide(board)
    assert decision.move.is_jump


@pytest.mark.parametrize("players", [3, 6])
def test_best_reply_search_gives_the_position_back_unchanged(players):
    # pooled replies are played out of turn: every piece must stay its own seat's
    from swarmtui.agents.halma_search.agent import HalmaSearchParams, _Search

    board = Board(players)
    for _ in range(players):
        board.play(board.legal_moves()[0])
    before = board.copy()
    search = _Search(board, HalmaSearchParams(), None, None, None, {})
    order = [m for _, m in search.candidates(search.root, 12, None)]
    search.root_scores(order, 3, 0.0)
    assert board._occ == before._occ and board._pieces == before._pieces
    assert all(len(board._pieces[k]) == 10 for k in range(1, players + 1))


@pytest.mark.parametrize("players", [2, 3])
def test_ablation_switches_keep_the_value_and_cost_nodes(players):
    # the transposition table and the move ordering only save work: at a fixed depth the best
    # value is the same with either switched off, and without ordering the search visits more nodes
    board = Board(players)
    rng = np.random.default_rng(3)
    for _ in range(6 * players):
        moves = board.legal_moves()
        board.play(moves[int(rng.integers(len(moves)))])
    found = {}
    for table in ("true", "false"):
        for ordering in ("true", "false"):
            agent = make_agent("halma-search", "halma", board.to_move, np.random.default_rng(0),
                               [("nodes", "10000000"), ("depth", "3"), ("table", table), ("ordering", ordering)])
            decision = agent.decide(board)
            assert board.is_legal(decision.move) and decision.trace.depth == 3
            found[table, ordering] = (decision.trace.candidates[0].value, decision.trace.nodes)
    assert len({value for value, _ in found.values()}) == 1
    assert found["true", "true"][1] < found["true", "false"][1]
    assert found["true", "true"][1] < found["false", "false"][1]


# An end game of a three-player race (ply 84 of a game `beam` won against `max`): seat 1's last
# pieces are scattered, the other seats' pieces stand in the middle. Replayed as a solitaire
# among those fixed pieces, the crossing solver needs 13 moves.
SCATTERED_END = ("./11/11./.1../......1.1...2/....1......./3.......2../...3....../333....../.......22./"
                 "333.......2/33.......22./.........2.22/...1/.../.1/. 3 1 0")


def _moves_to_finish(plan: str) -> int:
    board = Board.from_text(SCATTERED_END)
    agent = make_agent("halma-search", "halma", "1", np.random.default_rng(0),
                       [("difficulty", "hard"), ("nodes", "500"), ("plan", plan)])
    for played in range(1, 41):
        move = agent.decide(board).move
        board.play(move)
        if board.outcome is not None:
            assert board.outcome.winner == "1"
            return played
        # the others stand still: seat 1 moves again among the same obstacles
        board = Board.from_pieces(3, {s: board.pieces(s) for s in board.seats}, to_move="1", max_moves=None)
    return 41


def test_the_solver_plan_brings_the_last_pieces_in_sooner():
    # the search's distance evaluation wastes moves on the last pieces; the solver's plan does not
    with_plan, without = _moves_to_finish("true"), _moves_to_finish("false")
    assert with_plan <= 15 < without  # the solver: 13 moves; 25 without the plan


def test_the_solver_plan_is_marked_and_vetoed_beyond_the_margin():
    board = Board.from_text(SCATTERED_END)

    def decide(*overrides):
        agent = make_agent("halma-search", "halma", "1", np.random.default_rng(0),
                           [("difficulty", "hard"), ("nodes", "500"), *overrides])
        return agent.decide(board)

    followed = decide()
    marked = [c for c in followed.trace.candidates if c.note]
    assert len(marked) == 1 and "solver plan 13 moves" in followed.trace.algorithm
    assert followed.trace.chosen == marked[0].move  # within the margin: the plan's move is played
    best = max(c.value for c in followed.trace.candidates)
    assert marked[0].value >= best - 3.0
    strict = decide(("plan_margin", "0"))  # no margin: the plan's move only if the search rates it best
    assert strict.trace.candidates[0].value == max(c.value for c in strict.trace.candidates)
    chosen = next(c for c in strict.trace.candidates if c.move == strict.trace.chosen)
    assert chosen.value == max(c.value for c in strict.trace.candidates)
    off = decide(("plan", "false"))
    assert not any(c.note for c in off.trace.candidates) and "solver plan" not in off.trace.algorithm


def test_the_plan_belongs_to_hard_max_and_explicit_limits_only():
    # medium's budget with only a stop event (as the TUI's worker passes) stays plan-free, as in sim
    import threading

    board = Board.from_text(SCATTERED_END)
    agent = make_agent("halma-search", "halma", "1", np.random.default_rng(0), [("difficulty", "medium")])
    assert "solver plan" not in agent.decide(board).trace.algorithm
    assert "solver plan" not in agent.decide_within(board, Limit(stop=threading.Event())).trace.algorithm
    assert "solver plan" in agent.decide_within(board, Limit(depth=2)).trace.algorithm
