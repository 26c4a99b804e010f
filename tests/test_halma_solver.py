"""The crossing solver: its move generator agrees with the rules, and its crossings are legal and short."""

from __future__ import annotations

import random

import numpy as np
import pytest

from swarmtui.agents import make_agent
from swarmtui.agents.halma_beam import ROTATE, BeamParams, CrossingSearch, plan_crossing
from swarmtui.games.halma.geometry import STAR, TRIANGLES, rotate
from swarmtui.games.halma.rules import INDEX, Board, HalmaRules


@pytest.mark.parametrize("rules",
                         [HalmaRules(), HalmaRules(neutral="pass"), HalmaRules(neutral="closed", leave_goal=True)])
def test_search_moves_are_the_boards_legal_moves(rules):
    rng = random.Random(11)
    board = Board(2, rules=rules, max_moves=None)
    for _ in range(60):
        search = CrossingSearch(board)
        mine = {(STAR[a], STAR[b]) for a, b, _ in search.moves(search.start)}
        assert mine == {(m.start, m.end) for m in board.legal_moves()}
        board.play(rng.choice(board.legal_moves()))
        if board.outcome:
            break


def test_half_turn_maps_home_onto_goal():
    assert {STAR[ROTATE[INDEX[c]]] for c in TRIANGLES[3]} == TRIANGLES[0]
    assert all(STAR[ROTATE[INDEX[c]]] == rotate(c, 3) for c in STAR)


def test_solver_crosses_alone_legally_close_to_the_optimum():
    board = Board(1)
    moves, crossing = plan_crossing(board, BeamParams(width=100))
    assert crossing.complete
    for move in moves:
        board.play(move)  # every move legal under the rules (IllegalMoveError otherwise)
    assert board.outcome is not None and board.outcome.winner == "1"
    # Bell (2009): no crossing is shorter than 27 moves; the paper's swarm needed 68 at best
    assert 27 <= board.ply <= 30


def test_beam_agent_plays_its_plan_and_replans_among_others():
    board = Board(2, max_moves=16)
    small = [("replan_width", "6"), ("replan_depth", "8")]
    agents = {s: make_agent("beam", "halma", s, np.random.default_rng(int(s)), small) for s in board.seats}
    while board.outcome is None:
        decision = agents[board.to_move].decide(board)
        assert decision.trace.chosen == board.format_move(decision.move)
        board.play(decision.move)
    assert board.ply == 16 and all(board.in_goal(s) == 0 for s in board.seats)
    # both sides advanced: every piece of each left row 1 of its home or moved towards the centre
    assert all(len(board.pieces(s) - board.home(s)) >= 5 for s in board.seats)
