"""The ACO-BCO Halma player behaves as Kuehner & Stock's section V describes (checked on traces).

Expected values are recomputed here from the paper's equations and the board, independently of
the agent's own scoring code where that is practical.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from screens import as_a

from swarmtui.agents import make_agent
from swarmtui.agents.aco_bco.agent import AcoBcoAgent
from swarmtui.agents.aco_bco.bees import backward_pass
from swarmtui.agents.aco_bco.edges import edge_set
from swarmtui.agents.aco_bco.params import AcoBcoParams
from swarmtui.agents.aco_bco.pheromone import PheromoneField, path_deposit
from swarmtui.agents.aco_bco.trace import SwarmTrace
from swarmtui.core.hexgrid import Hex, distance
from swarmtui.core.params import ParamError
from swarmtui.core.rng import make_rng
from swarmtui.games.halma.geometry import STAR, rows_from_tip, tip
from swarmtui.games.halma.rules import Board

NO_MEMORY = AcoBcoParams(memory="none")
NORTH_TIP = tip(0)  # seat 1's goal is the north point in every seating


def agent(seed: int = 0, **changes) -> AcoBcoAgent:
    params = AcoBcoParams(**{"memory": "none", **changes})
    return AcoBcoAgent("1", make_rng(seed), params)


def play(board: Board, player: AcoBcoAgent, moves: int) -> list[SwarmTrace]:
    traces = []
    for _ in range(moves):
        if board.outcome is not None:
            break
        decision = player.decide(board)
        traces.append(as_a(decision.trace, SwarmTrace))
        board.play(decision.move)
    return traces


# -- the edges and the initial field (V-A, eq. 9, 10) ----------------------------------------------

def test_every_board_line_is_doubled_into_two_directed_edges():
    lines = {(a, b) for a in STAR for b in STAR if distance(a, b) == 1}  # brute force over all pairs
    edges = edge_set("lattice")
    assert set(edges.pairs) == lines and edges.size == len(lines) == 624
    for e, (a, b) in enumerate(edges.pairs):
        assert edges.pairs[edges.reverse[e]] == (b, a)
    hop = edge_set("hop")
    holes = set(STAR)
    straight = {(a, b) for a in STAR for b in STAR if distance(a, b) == 2  # a bent pair has an odd sum
                and (a.q + b.q) % 2 == 0 and (a.r + b.r) % 2 == 0
                and Hex((a.q + b.q) // 2, (a.r + b.r) // 2) in holes}
    assert set(hop.pairs) == lines | straight and len(straight) == 534


def test_distance_initialisation_eq10_and_uniform_eq9():
    edges = edge_set("lattice")
    field = PheromoneField.initial(edges, 0, NO_MEMORY)
    into_tip = [e for e, (a, b) in enumerate(edges.pairs) if b == NORTH_TIP]
    assert len(into_tip) == 2  # "the two edges connected to the first row"
    assert np.allclose(field.tau[into_tip], 5 + 10 / 1)
    for e, (a, b) in enumerate(edges.pairs):
        assert field.tau[e] == pytest.approx(5 + 10 / (1 + distance(b, NORTH_TIP)))
        if distance(b, NORTH_TIP) < distance(a, NORTH_TIP):
            assert field.tau[e] > field.tau[edges.reverse[e]]  # the direction to the goal is encoded
    uniform = PheromoneField.initial(edges, 0, AcoBcoParams(memory="none", init="uniform"))
    assert np.all(uniform.tau == 5.0)


# -- the ants (V-B, eq. 11) ------------------------------------------------------------------------

def test_exploiting_ants_keep_the_max_p_path_scored_by_eq11():
    board = Board(1)
    player = agent(3, q0=1.0)
    play(board, player, 12)
    before = player.field.tau.copy()
    trace = player.decide(board).trace
    edges = player.edges
    assert trace.ants.ants
    for ant in trace.ants.ants:
        assert ant.mode == "exploit" and ant.draw < 1.0
        for c in ant.candidates:
            hops = [edges.hop_edges[(c.path[i], c.path[i + 1])] for i in range(len(c.path) - 1)]
            flat = [e for hop in hops for e in hop]
            assert c.length == len(flat)  # l: board edges run along (a jump runs along two)
            assert c.pheromone == pytest.approx(before[flat].sum())
            assert c.score == pytest.approx(c.length * c.pheromone)
            assert distance(c.path[-1], NORTH_TIP) < distance(c.path[0], NORTH_TIP)  # heading=exploit
        if ant.chosen >= 0:
            assert ant.candidates[ant.chosen].score == max(c.score for c in ant.candidates)


def test_the_ant_trace_carries_the_whole_field_per_hole():
    board = Board(1)
    player = agent(4)
    play(board, player, 6)
    trace = player.decide(board).trace
    field = dict((Hex(*cell), tau) for cell, tau in trace.ants.field)
    assert set(field) == set(STAR)
    into = {hole: 0.0 for hole in STAR}
    for (_, end), tau in zip(player.edges.pairs, player.field.tau, strict=True):
        into[end] += tau
    assert all(field[hole] == pytest.approx(into[hole], rel=1e-3) for hole in STAR)


def test_exploring_ants_draw_among_all_valid_paths():
    board = Board(1)
    player = agent(5, q0=0.0)
    retreats = 0
    for trace in play(board, player, 25):
        for ant in trace.ants.ants:
            assert ant.mode == "explore" and 0 <= ant.chosen < len(ant.candidates)
            retreats += any(distance(c.path[-1], NORTH_TIP) > distance(c.path[0], NORTH_TIP) for c in ant.candidates)
    assert retreats > 0  # explorers keep the paths that lead away from the goal too


def test_explore_candidates_are_the_boards_paths():
    board = Board(1)
    player = agent(1, q0=0.0)
    play(board, player, 6)
    trace = player.decide(board).trace
    for ant in trace.ants.ants:
        assert [c.path for c in ant.candidates] == board.paths_from(Hex(*ant.piece))


def test_pieces_in_a_goal_filled_from_the_far_row_take_no_part():
    rows = rows_from_tip(0)
    placed = [*rows[0], *rows[1], rows[2][0], rows[3][1]]  # rows 1, 2 full; one in row 3 and row 4
    others = [Hex(0, 0), Hex(1, 0), Hex(-1, 1), Hex(0, 2), Hex(-2, 3), Hex(1, 3)]
    board = Board.from_pieces(1, {"1": placed + others})
    trace = agent(2).decide(board).trace
    resting = {Hex(*c) for c in trace.ants.resting}
    assert {*rows[0], *rows[1], rows[2][0]} <= resting
    assert rows[3][1] not in resting  # row 3 is not filled yet, so row 4 may move
    moving = {Hex(*a.piece) for a in trace.ants.ants}
    assert not moving & {*rows[0], *rows[1], rows[2][0]}
    assert {Hex(*b.piece) for b in trace.bees.bees} <= moving


# -- the bees (V-C, eq. 12-14) ---------------------------------------------------------------------

def test_backward_pass_on_traces_follows_the_paper():
    board = Board(1)
    player = agent(7)
    params = player.params
    traces = play(board, player, 40)
    assert len(traces) == 40
    for trace in traces:
        bees = trace.bees
        n = len(bees.bees)
        assert bees.threshold == pytest.approx(1 / n)
        assert sum(b.share for b in bees.bees) == pytest.approx(1.0)
        by_piece = {b.piece: b for b in bees.bees}
        for b in bees.bees:
            assert b.advertises == (b.share > 1 / n) or bees.note
            if b.advertises:
                assert b.follows is None
            else:  # an abandoning bee follows an advertiser
                assert b.follows is not None and by_piece[b.follows].advertises
        assert by_piece[bees.recruited].advertises
        assert bees.path == by_piece[bees.recruited].path
        for b, ant in zip(bees.bees, (a for a in trace.ants.ants if a.chosen >= 0), strict=True):
            c = ant.candidates[ant.chosen]
            closeness = 1 / params.f_g if b.in_goal else 1 / (1 + distance(Hex(*c.path[-1]), NORTH_TIP))
            assert b.fitness == pytest.approx(params.w_d * closeness + params.w_l * c.length + params.w_p * c.pheromone)


def test_recruiting_roulette_is_proportional_to_advertisers_fitness():
    fitness = np.array([1.0, 6.0, 3.0, 10.0])  # shares .05 .3 .15 .5 against 1/|C| = .25
    rng = make_rng(11)
    counts = np.zeros(4)
    followed = np.zeros(4)
    for _ in range(4000):
        bees = backward_pass(fitness, [False] * 4, NO_MEMORY, rng)
        assert list(bees.advertises) == [False, True, False, True]
        counts[bees.recruited] += 1
        for f in bees.follows:
            if f is not None:
                followed[f] += 1
    assert counts[0] == counts[2] == 0
    assert counts[1] / counts[3] == pytest.approx(6 / 10, rel=0.12)
    assert followed[1] / followed[3] == pytest.approx(6 / 10, rel=0.12)


def test_equal_shares_let_everyone_advertise():
    bees = backward_pass(np.full(3, 2.0), [False] * 3, NO_MEMORY, make_rng(0))
    assert bees.advertises.all() and bees.note


# -- the updates (V-D, eq. 15-17) ------------------------------------------------------------------

def test_eq15_deposit_amounts():
    p = NO_MEMORY
    assert path_deposit(1, False, p) == pytest.approx(0.1 * 1 * 5)  # a step
    assert path_deposit(2, True, p) == pytest.approx(0.1 * 2 * 5 * 5000)  # one jump
    assert path_deposit(4, True, p) == pytest.approx(0.1 * 4 * 5 * 2 * 5000)  # two jumps: 2j


def lattice_edges(path) -> list[tuple[Hex, Hex]]:
    """The board lines a move runs along: a step one, a jump the two through the jumped hole."""
    out = []
    for a, b in pairwise(path):
        if distance(a, b) == 1:
            out.append((a, b))
        else:
            middle = Hex((a.q + b.q) // 2, (a.r + b.r) // 2)
            out += [(a, middle), (middle, b)]
    return out


def test_moved_path_is_reinforced_by_eq15_and_evaporation_comes_every_e_moves():
    board = Board(1)
    player = agent(4, e=3)
    jumps = 0
    for k in range(1, 13):
        before = player.field.tau.copy() if player.field is not None else None
        decision = player.decide(board)
        trace = decision.trace.ants
        path = decision.move.path
        lines = lattice_edges(path)
        eq15 = [d for d in trace.deltas if d.rule == "eq15"]
        assert [(Hex(*d.start), Hex(*d.end)) for d in eq15] == lines
        is_jump = distance(path[0], path[1]) == 2
        jumps += is_jump
        factor = 1 if not is_jump else (5000 if len(path) == 2 else 10000)
        assert all(d.delta == pytest.approx(0.1 * len(lines) * 5 * factor) for d in eq15)
        assert trace.evaporation == (0.9 if k % 3 == 0 else 1.0)
        if before is not None:
            ids = [player.edges.edge_id[pair] for pair in lines]
            touched = set(ids) | {player.edges.edge_id[(Hex(*d.start), Hex(*d.end))] for d in trace.deltas}
            spare = next(e for e in range(player.edges.size) if e not in touched)
            assert player.field.tau[spare] == pytest.approx(before[spare] * trace.evaporation)
            assert player.field.tau[ids[0]] == pytest.approx((before[ids[0]] + eq15[0].delta) * trace.evaporation)
        board.play(decision.move)
    assert jumps


def test_eq16_rewards_every_edge_a_piece_used_when_it_reaches_the_goal():
    board = Board(1)
    player = agent(9)
    used: dict[Hex, set[tuple]] = {}
    for _ in range(300):
        decision = player.decide(board)
        move = decision.move
        trace = decision.trace.ants
        history = used.pop(move.start, set()) | {(Hex(*d.start), Hex(*d.end)) for d in trace.deltas if d.rule == "eq15"}
        used[move.end] = history
        eq16 = {(Hex(*d.start), Hex(*d.end)) for d in trace.deltas if d.rule == "eq16"}
        if move.start not in board.goal("1") and move.end in board.goal("1"):
            assert eq16 == history
            assert all(d.delta == pytest.approx(0.5 * 5 * 10) for d in trace.deltas if d.rule == "eq16")
            return
        assert not eq16
        board.play(move)
    pytest.fail("no piece reached the goal")


# -- cooperation (V-F, eq. 18) ---------------------------------------------------------------------

def test_eq18_adds_c_where_the_partner_exceeds_t_o_on_the_reverse_edge():
    edges = edge_set("lattice")
    mine = PheromoneField(edges, 0, np.full(edges.size, 1.0))
    theirs = PheromoneField(edges, 3, np.full(edges.size, 1.0))
    a, b = Hex(0, 0), Hex(1, 0)
    theirs.tau[edges.edge_id[(b, a)]] = 21.0  # partner's τ(s, r) > t_o
    theirs.tau[edges.edge_id[(a, b)]] = 500.0  # raises my reverse edge (b, a), not my (a, b)
    raised = mine.exchange(theirs, 5.0, 20.0)
    assert {edges.pairs[e] for e in raised} == {(a, b), (b, a)}
    assert mine.tau[edges.edge_id[(a, b)]] == 6.0 and mine.tau[edges.edge_id[(b, a)]] == 6.0
    assert np.count_nonzero(mine.tau == 6.0) == 2


def test_cooperating_agents_pair_and_exchange():
    one = make_agent("aco-bco", "halma", "1", make_rng(1), [("memory", "none"), ("cooperate", "true")])
    two = make_agent("aco-bco", "halma", "2", make_rng(2), [("memory", "none"), ("cooperate", "true")])
    assert one.partner is two and two.partner is one
    board = Board(2)
    traces = play(board, _Alternate(one, two), 30)
    eq18 = [d for t in traces for d in t.ants.deltas if d.rule == "eq18"]
    assert eq18 and all(d.delta == 5.0 for d in eq18)


class _Alternate:
    """Plays whichever seat is to move."""

    def __init__(self, *agents):
        self.agents = {a.seat: a for a in agents}

    def decide(self, board):
        return self.agents[board.to_move].decide(board)


# -- the whole player --------------------------------------------------------------------------------

def test_same_seed_same_game_and_the_swarm_crosses():
    def game(seed):
        board = Board(1)
        player = agent(seed)
        moves = []
        while board.outcome is None:
            move = player.decide(board).move
            moves.append(board.format_move(move))
            board.play(move)
        return moves, board.outcome

    first, outcome = game(21)
    assert game(21)[0] == first
    assert outcome.winner == "1" and len(first) < 300
    assert game(22)[0] != first


def test_parameters_are_checked():
    with pytest.raises(ParamError):
        make_agent("aco-bco", "halma", "1", make_rng(0), [("q0", "1.5")])
    with pytest.raises(ParamError):
        make_agent("aco-bco", "halma", "1", make_rng(0), [("heading", "sideways")])
    board = Board(2)
    board.play(board.legal_moves()[0])
    with pytest.raises(ValueError, match="seat 2 is to move"):
        agent().decide(board)
