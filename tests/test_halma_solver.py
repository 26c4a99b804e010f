"""The crossing solver: its move generator agrees with the rules, and its crossings are legal and short."""

from __future__ import annotations

import random

import numpy as np
import pytest

from swarmtui.agents import make_agent
from swarmtui.agents.halma_beam.agent import ROTATE, BeamParams, CrossingSearch, plan_crossing
from swarmtui.agents.halma_crossing import bits_of, holes_of, turned
from swarmtui.games.halma.geometry import STAR, TRIANGLES, advance, opposite, rotate
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


def test_solver_finds_bells_optimum_alone_with_default_parameters():
    board = Board(1)
    moves, crossing = plan_crossing(board)
    assert crossing.complete
    for move in moves:
        board.play(move)  # every move legal under the rules (IllegalMoveError otherwise)
    assert board.outcome is not None and board.outcome.winner == "1"
    # Bell (2009): no crossing is shorter than 27 moves, and the solver finds one that long
    assert board.ply == 27


def test_bit_sets_and_half_turns_agree_with_piece_sets():
    rng = random.Random(3)
    cells = rng.sample(range(len(STAR)), 10)
    bits = bits_of(cells)
    assert holes_of(bits) == sorted(cells)
    assert holes_of(turned(bits)) == sorted(ROTATE[i] for i in cells)
    assert turned(turned(bits)) == bits


def test_a_narrow_beam_without_ladders_is_worse_and_widening_recovers():
    narrow = CrossingSearch(Board(1), BeamParams(width=100, max_width=100, ladder=0)).solve()
    assert narrow.complete and len(narrow.moves) > 27 and narrow.rounds == ((100, len(narrow.moves)),)
    widened = CrossingSearch(Board(1), BeamParams(width=250, max_width=500)).solve()
    assert len(widened.moves) == 27 and widened.rounds[-1] == (widened.width, 27)


def test_beam_agent_plays_its_plan_and_replans_among_others():
    board = Board(2, max_moves=16)
    small = [("replan_width", "6"), ("replan_depth", "8")]
    agents = {s: make_agent("beam", "halma", s, np.random.default_rng(int(s)), small) for s in board.seats}
    while board.outcome is None:
        decision = agents[board.to_move].decide(board)
        assert decision.trace.chosen == board.format_move(decision.move)
        board.play(decision.move)
    assert board.ply == 16 and board.outcome.winner is None
    # both sides advanced: every piece of each left row 1 of its home or moved towards the centre
    assert all(len(board.pieces(s) - board.home(s)) >= 5 for s in board.seats)


def test_the_shipped_optimal_crossing_replays_legally_in_27_moves():
    import json
    from pathlib import Path

    from swarmtui.records import GameLog, Recording

    path = Path(__file__).resolve().parent.parent / "saves" / "halma" / "optimal-crossing.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    board = Board(1)
    for text in record["moves"]:
        board.play(board.parse_move(text))  # each hop of each chain checked (the notation gives the path)
    assert board.ply == 27 and board.outcome is not None and board.outcome.winner == "1"
    assert all(":" in text or "-" in text for text in record["moves"])
    recording = Recording.from_log(GameLog.from_json(record, path.name), path.name)
    assert len(recording.positions) == 28 and recording.positions[-1].outcome.winner == "1"


def test_cooperative_mode_wins_fast_under_the_fill_rule_and_replays_legally():
    from swarmtui.agents.halma_crossing import CooperativeParams, CooperativeSearch

    rules = HalmaRules(blocked_goal="fill")
    game = CooperativeSearch(rules, CooperativeParams(width=200, depth=30)).solve()
    assert game.winner == "1"
    board = Board(2, rules=rules, max_moves=None)
    for start, end in game.moves:
        board.play(next(m for m in board.moves_from(STAR[start]) if m.end == STAR[end]))
    assert board.outcome is not None and board.outcome.winner == "1"
    # the blockers count for seat 1: far fewer than Bell's 30 moves for the whole-goal rule
    assert board.ply <= 15 and board.in_goal("1") < 10


def _blocked_goal_position(rules: HalmaRules) -> Board:
    """Seat 1 to move: six pieces in its goal's tip, two goal holes held by seat 2's pieces that
    never left home, two free, four own pieces on the row in front of the goal."""
    board = Board(2)
    tip = opposite(board.corner("1"))
    goal = sorted(board.goal("1"), key=lambda c: (-advance(c, tip), c.q))
    front = sorted((c for c in STAR if advance(c, tip) == 4), key=lambda c: abs(c.q - 2))[:4]
    far = sorted(board.goal("2"), key=lambda c: -advance(c, board.corner("1")))[:8]
    return Board.from_pieces(2, {"1": goal[:6] + front, "2": goal[6:8] + far}, rules=rules)


def test_beam_completes_a_goal_blocked_by_its_home_player_under_the_fill_rule():
    board = _blocked_goal_position(HalmaRules())
    moves, crossing = plan_crossing(board, BeamParams(width=20, max_width=20, depth=8))
    assert crossing.complete and 1 <= len(moves) <= 4
    for move in moves:
        board.play(move)
        if board.outcome is not None:
            break
        board.play(next(m for m in board.legal_moves() if m.start not in board.goal("1")))  # blockers stay
    assert board.outcome is not None and board.outcome.winner == "1"
    assert "rest blocked" in board.outcome.reason
    # strict: ten own pieces are needed, which two blockers make impossible within the plan's reach
    strict = _blocked_goal_position(HalmaRules(blocked_goal="strict"))
    assert not plan_crossing(strict, BeamParams(width=20, max_width=20, depth=8))[1].complete


def test_alone_from_a_scattered_position_the_solver_still_finishes_the_crossing():
    """Mid-game alone (e.g. after a person's first moves): the start is no longer the home
    triangle, so meeting a turned position proves nothing; the plain search must finish."""
    board = Board(1)
    greedy = make_agent("greedy", "halma", "1", np.random.default_rng(0), [])
    for _ in range(8):
        board.play(greedy.decide(board).move)
    moves, crossing = plan_crossing(board, BeamParams(width=30, max_width=30))
    assert crossing.complete and len(moves) <= 40
    for move in moves:
        board.play(move)
    assert board.outcome is not None and board.outcome.winner == "1"


def test_a_seeded_tie_break_is_the_same_in_every_process():
    """``seed`` breaks ties between equally scored positions: the same plan whatever Python's
    string-hash randomisation of the process (it once salted the tie-break with a str hash)."""
    import os
    import subprocess
    import sys

    probe = ("from swarmtui.agents.halma_crossing import CrossingParams, CrossingSearch\n"
             "from swarmtui.games.halma.rules import Board\n"
             "params = CrossingParams(width=40, max_width=40, seed=5, depth=40)\n"
             "print(CrossingSearch(Board(1), params).solve().moves)\n")
    plans = {subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120,
                            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)}).stdout for hash_seed in (1, 2, 3)}
    assert len(plans) == 1
