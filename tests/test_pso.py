"""The pso agent (McGuile 3.5, 4.2): eq. 2.1, rounding, vicinities, intentions, the turn, fallback."""

from __future__ import annotations

import pytest

from swarmtui.agents import make_agent
from swarmtui.agents.pso.intentions import (
    VARIANTS,
    Insect,
    IntentionConstants,
    Surroundings,
    accuracy_factor,
    danger_factor,
    direct_to_goal,
    nearest_move,
)
from swarmtui.agents.pso.particles import desired_cell, fitness, round_component, update_velocity
from swarmtui.agents.pso.vicinity import vicinity_best, vicinity_members
from swarmtui.core.hexgrid import Hex, distance
from swarmtui.core.params import ParamError
from swarmtui.core.rng import make_rng
from swarmtui.games.hive.pieces import parse_piece
from swarmtui.games.hive.rules import PASS, Board, Move

# White's Queen at (-1, 0) with five neighbours (wS1, wB1, wG1, wA1, wA2); Black's at (2, 0).
FIVE_AROUND = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wB1 wQ\\", "bB1 bQ-", "wG1 /wQ", "bG1 bB1-",
               "wA1 -wQ", "bA1 bG1-", "wA2 \\wQ", "bA2 bA1-"]
K = IntentionConstants(radius=2, accuracy_scale=5, dtg_score=5, danger_five=6, danger_four=3,
                       danger_queen_five=8, danger_queen_four=4)


def _board(moves: list[str]) -> Board:
    board = Board()
    board.play_all(moves)
    return board


def _pso(seat: str, seed: int = 0, **params):
    return make_agent("pso", "hive", seat, make_rng(seed), [(k, str(v)) for k, v in params.items()])


def test_rounding_uses_the_quarter_threshold():
    cases = {1.3: 2, 1.2: 1, 1.25: 1, 1.26: 2, -0.3: -1, -0.2: 0, 0.0: 0, 0.26: 1, -1.9: -2, 2.0: 2}
    assert {v: round_component(v, 0.25) for v in cases} == cases
    assert round_component(0.4, 0.5) == 0 and round_component(0.6, 0.5) == 1
    assert desired_cell(Hex(2, -1), (0.3, -1.1), 0.25) == Hex(3, -2)


def test_velocity_update_is_eq_2_1():
    # v = 0.5*(1,-2) + 0.8*0.5*((3,1)-(1,1)) + 0.9*0.25*((0,4)-(1,1))
    v = update_velocity((1.0, -2.0), Hex(1, 1), Hex(3, 1), Hex(0, 4), w=0.5, c1=0.8, c2=0.9, r1=0.5, r2=0.25)
    assert v == pytest.approx((0.5 + 0.8 - 0.225, -1.0 + 0.0 + 0.675))


def test_fitness_counts_zero_as_one():
    assert fitness(Hex(0, 0), Hex(0, 0)) == 1 and fitness(Hex(1, 0), Hex(0, 0)) == 1
    assert fitness(Hex(3, -1), Hex(0, 0)) == 3


def test_vicinity_members_and_best():
    cells = [Hex(0, 0), Hex(2, 0), Hex(3, 0), Hex(0, 3)]
    assert vicinity_members(cells, 0, 2) == [0, 1]
    assert vicinity_members(cells, 1, 2) == [0, 1, 2]
    assert vicinity_members(cells, 3, None) == [0, 1, 2, 3]
    names = ["a", "b", "c", "d"]
    # Insect 1's vicinity {0, 1, 2}: 2 is fittest.
    assert vicinity_best([0, 1, 2], 1, cells, [5, 4, 2, 1], names) == 2
    # A tie with itself keeps the insect's own cell; other ties go to the nearest member.
    assert vicinity_best([0, 1, 2], 1, cells, [2, 2, 2, 1], names) == 1
    assert vicinity_best([0, 1, 2], 0, cells, [3, 2, 2, 1], names) == 1


def _insect(piece: str, at: Hex, desired: Hex, dests: list[Hex], goal: Hex) -> Insect:
    p = parse_piece(piece)
    return Insect(p, at, fitness(at, goal), desired, [Move(p, at, d) for d in dests])


def test_nearest_valid_move_accuracy_and_direct_to_goal():
    goal = Hex(5, 0)
    insect = _insect("wA1", Hex(0, 0), Hex(2, 0), [Hex(0, 2), Hex(1, 1), Hex(4, 1)], goal)
    # Distances to the desired cell (2, 0): 2, 1, 2 -> (1, 1); eq. 4.1 gives 5 - 1.
    move = nearest_move(insect, goal)
    assert move.dest == Hex(1, 1) and accuracy_factor(insect, move, K) == 4.0
    # Direct-to-Goal: the move nearest the Queen, (4, 1) beside her, is worth the full 5.
    where = Surroundings(goal, None, 0)
    near = _insect("wA1", Hex(3, 0), Hex(2, 0), [Hex(0, 2), Hex(1, 1), Hex(4, 1)], goal)
    intention = direct_to_goal(near, where, K)
    assert intention.move.dest == Hex(4, 1) and dict(intention.factors)["direct-to-goal"] == 5.0
    # An insect already beside the Queen gains nothing by moving: score 0.
    beside = _insect("wA1", Hex(4, 0), Hex(2, 0), [Hex(6, -1), Hex(1, 1)], goal)
    assert direct_to_goal(beside, where, K).score == 0.0


def test_danger_theory_bonuses():
    queen = Hex(0, 0)
    goal = Hex(9, 0)
    own_queen = _insect("wQ", queen, queen, [Hex(1, 0)], goal)
    near = _insect("wB1", Hex(2, 0), Hex(2, 0), [Hex(3, 0)], goal)
    far = _insect("wA1", Hex(3, 0), Hex(3, 0), [Hex(4, 0)], goal)
    five, four, three = (Surroundings(goal, queen, n) for n in (5, 4, 3))
    assert [danger_factor(i, five, K) for i in (own_queen, near, far)] == [8.0, 6.0, 0.0]
    assert [danger_factor(i, four, K) for i in (own_queen, near, far)] == [4.0, 3.0, 0.0]
    assert [danger_factor(i, three, K) for i in (own_queen, near, far)] == [0.0, 0.0, 0.0]


def test_swarm_turn_on_a_real_position_with_five_around_its_queen():
    board = _board(FIVE_AROUND)
    assert board.to_move == "White" and board.neighbours_occupied(board.queen("w")) == 5
    decision = _pso("White").decide(board)
    trace = decision.trace
    assert trace.kind == "particle" and not trace.fallback and trace.goal == (2, 0)
    views = {v.piece: v for v in trace.particles}
    assert set(views) == {str(p) for p in board.pieces_on_board("w")}
    for view in views.values():
        mobile = bool(board.moves_for(parse_piece(view.piece)))
        assert (view.score is not None) == mobile
        if mobile:  # every insect within two of its Queen feels five around her: +6
            assert dict((f.name, f.value) for f in view.factors)["danger"] == 6.0
            assert view.fitness == max(1, distance(Hex(*view.position), Hex(2, 0)))
    best = max(v.score for v in views.values() if v.score is not None)
    assert views[trace.chosen].score == best
    assert decision.move in board.legal_moves() and board.format_move(decision.move) == trace.move
    # Each vicinity's winner is a member of it with that vicinity's best score.
    for centre, winner in trace.vicinity_winners:
        members = views[centre].vicinity
        scores = [views[m].score for m in members if views[m].score is not None]
        assert winner in members and views[winner].score == max(scores)


def test_tiebreak_prefers_the_more_able_insect():
    board = _board(FIVE_AROUND)
    trace = _pso("White", seed=0).decide(board).trace
    views = {v.piece: v for v in trace.particles}
    chosen = views[trace.chosen]
    tied = [v for v in views.values() if v.score == chosen.score]
    order = "ABGSQ"  # Ant > Beetle > Grasshopper > Spider > Queen
    assert min(order.index(v.piece[1]) for v in tied) == order.index(chosen.piece[1])
    bonus = {"A": 5.0, "B": 4.0, "G": 3.0, "S": 2.0, "Q": 0.0}
    assert all(v.tiebreak == bonus[v.piece[1]] for v in views.values())


def test_the_queen_gets_her_own_danger_bonus():
    # Black's Queen at (2, 0) with four black neighbours and room to slide north-east.
    board = _board(["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wB1 -wQ", "bB1 bQ-", "wG1 -wB1", "bG1 bQ\\",
                    "wA1 -wG1", "bA1 /bQ", "wA2 -wA1", "bA2 bB1-", "wA3 -wA2"])
    assert board.to_move == "Black" and board.neighbours_occupied(board.queen("b")) == 4
    trace = _pso("Black").decide(board).trace
    views = {v.piece: v for v in trace.particles}
    danger = {p: dict((f.name, f.value) for f in v.factors).get("danger") for p, v in views.items() if v.factors}
    assert danger["bQ"] == 4.0  # the thesis' code never gave the Queen her bonus
    assert all(d == 3.0 for p, d in danger.items() if p != "bQ")
    assert trace.goal == tuple(board.queen("w"))


def test_plays_either_colour_and_is_deterministic():
    for seed in range(3):
        moves = []
        for _ in range(2):
            board = Board()
            agents = {"White": _pso("White", seed), "Black": _pso("Black", seed + 100)}
            played = []
            while board.outcome is None and board.ply < 60:
                decision = agents[board.to_move].decide(board)
                opponent_queen = board.queen("b" if board.to_move == "White" else "w")
                if not decision.trace.fallback:  # aims at the Queen where she is now
                    assert decision.trace.goal == tuple(opponent_queen)
                played.append(board.format_move(decision.move))
                board.play(decision.move)  # the engine refuses anything illegal
            moves.append(played)
        assert moves[0] == moves[1]


def test_fallback_placement_before_the_swarm_exists():
    board = Board()
    decision = _pso("White").decide(board)
    trace = decision.trace
    assert "no swarm move" in trace.fallback and "opponent Queen" in trace.fallback
    assert decision.move.origin is None and decision.move.piece.bug.value == "A"  # the most able piece
    board.play(decision.move)
    reply = _pso("Black").decide(board)
    assert reply.move.origin is None and reply.trace.fallback


def test_fallback_passes_when_the_engine_says_so():
    class OnlyPass:
        seats = ("White", "Black")
        to_move = "White"

        def legal_moves(self):
            return [PASS]

        def format_move(self, move):
            return "pass"

    decision = _pso("White").fallback(OnlyPass(), "every insect is pinned")
    assert decision.move == PASS and "pinned" in decision.trace.fallback


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_plays_legal_moves(variant):
    board = _board(FIVE_AROUND)
    for _ in range(6):
        if board.outcome is not None:
            break
        agent = _pso(board.to_move, intention=variant)
        decision = agent.decide(board)
        assert decision.move in board.legal_moves()
        board.play(decision.move)


def test_global_topology_sees_the_whole_swarm_and_params_are_checked():
    board = _board(FIVE_AROUND)
    trace = _pso("White", topology="global").decide(board).trace
    assert all(len(v.vicinity) == len(trace.particles) for v in trace.particles)
    with pytest.raises(ParamError):
        _pso("White", intention="telepathy")
    with pytest.raises(ParamError):
        _pso("White", threshold=2.0)
