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
    from swarmtui.agents.halma_search import HalmaSearchParams, _Search
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
    # the best first move from the start of a two-player game is a hop chain, not a step
    board = Board(2)
    agent = make_agent("halma-search", "halma", "1", np.random.default_rng(0), [("difficulty", "hard")])
    decision = agent.decide(board)
    assert decision.move.is_jump


@pytest.mark.parametrize("players", [3, 6])
def test_best_reply_search_gives_the_position_back_unchanged(players):
    # pooled replies are played out of turn: every piece must stay its own seat's
    from swarmtui.agents.halma_search import HalmaSearchParams, _Search

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
