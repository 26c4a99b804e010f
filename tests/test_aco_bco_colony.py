"""The ant-and-bee colony (aco-bco-colony): its move model is the board's, its updates are eq. 6-8,
its bees recruit as eq. 14 says, its ablation switches switch off what they name at the same
evaluation budget, and the trace it leaves is what the TUI panel animates."""

from __future__ import annotations

import copy
import json
import random

import pytest

from swarmtui.agents import make_agent
from swarmtui.agents.aco_bco_colony.foraging import Plan, _backward_pass, forage, value
from swarmtui.agents.aco_bco_colony.params import SWARM_PARTS, ColonyParams
from swarmtui.agents.aco_bco_colony.terrain import Terrain, eta
from swarmtui.agents.aco_bco_colony.trace import ColonyTrace
from swarmtui.agents.aco_bco_colony.trails import Trails
from swarmtui.core.params import ParamError
from swarmtui.core.rng import make_rng
from swarmtui.core.trace import trace_from_json
from swarmtui.games.halma.rules import INDEX, Board

SMALL = [("ants", "8"), ("iterations", "2"), ("horizon", "4"), ("pheromone", "true")]


def test_terrain_moves_are_exactly_the_boards():
    rnd = random.Random(5)
    for players in (1, 2):
        board = Board(players)
        for _ in range(50):
            terrain = Terrain(board, heading=False)
            ours = {(s, e) for s, e, _ in terrain.moves(terrain.start)[0]}
            assert ours == {(INDEX[m.start], INDEX[m.end]) for m in board.legal_moves()}
            headed = Terrain(board, heading=True).moves(terrain.start)[0]
            assert all(g >= 0 for _, _, g in headed) or all(g < 0 for _, _, g in headed)
            board.play(rnd.choice(board.legal_moves()))
            if board.outcome is not None:
                break


def test_trails_follow_eq_6_7_8():
    trails = Trails(tau0=5.0)
    trails.global_update([(1, 2)], alpha=0.1, deposit=105.0)  # eq. 7: 0.9 · 5 + 0.1 · 105
    assert trails.get(1, 2) == pytest.approx(15.0)
    trails.local_update(1, 2, rho=0.1)  # eq. 8: 0.9 · 15 + 0.1 · 5
    assert trails.get(1, 2) == pytest.approx(14.0)
    trails.local_update(3, 4, rho=0.1)  # an unvisited feature stays at τ0
    assert trails.get(3, 4) == 5.0 and len(trails.tau) == 1
    trails.evaporate(0.5)  # eq. 6 on the deposit: 5 + 0.5 · 9
    assert trails.get(1, 2) == pytest.approx(9.5)
    assert trails.strongest(1) == [(1, 2, pytest.approx(9.5))]


def test_eta_rewards_gain_and_stays_positive():
    assert eta(0) == 1.0 and eta(3) == 4.0
    assert 0 < eta(-3) < eta(-1) < eta(0)


def test_bees_below_the_share_threshold_follow_a_dancer():
    board = Board(1)
    terrain = Terrain(board)
    params = ColonyParams()
    rng = make_rng(1)
    plans = [Plan(terrain.start, [(0, 0)], [g]) for g in (9, 0, 0, 0)]
    out, dances = _backward_pass(plans, terrain, params, rng)
    assert [d.advertises for d in dances] == [True, False, False, False]
    assert [d.follows for d in dances] == [-1, 0, 0, 0]
    assert all(p.gains == [9] for p in out) and out[1] is not plans[0]  # a copy: it forages on alone
    assert [p.followed for p in out] == [[-1], [0], [0], [0]]
    equal = [Plan(terrain.start, [(0, 0)], [1]) for _ in range(3)]
    _, dances = _backward_pass(equal, terrain, params, rng)
    assert not any(d.advertises for d in dances) and all(d.follows == -1 for d in dances)


def play(overrides, turns: int, seed: int = 0) -> tuple[list, object]:
    board = Board(1)
    agent = make_agent("aco-bco-colony", "halma", "1", make_rng(seed), overrides)
    decisions = []
    for _ in range(turns):
        decision = agent.decide(board)
        assert board.is_legal(decision.move)
        decisions.append(decision)
        board.play(decision.move)
    return decisions, agent


def test_same_seed_same_game():
    first, _ = play(SMALL, 6, seed=3)
    again, _ = play(SMALL, 6, seed=3)
    assert [d.move for d in first] == [d.move for d in again]


SWITCHES = list(SWARM_PARTS)


@pytest.mark.parametrize("switch", ["", *SWITCHES, "all"])
def test_every_ablation_spends_the_same_budget(switch):
    off = SWITCHES if switch == "all" else [switch] if switch else []
    decisions, agent = play(SMALL + [(name, "false") for name in off], 3)
    for decision in decisions:
        trace = decision.trace
        assert isinstance(trace, ColonyTrace)
        assert trace.steps == 8 * 4 * 2  # ants × horizon × iterations: nothing switched off changes it
        assert len(trace.iterations) == 2 and all(it.ants == 8 for it in trace.iterations)
        assert bool(trace.iterations[0].dances) == ("recruitment" not in off)
        assert (not trace.trails) == ("pheromone" in off)
    if "pheromone" in off:
        assert not agent.trails.tau


def first_moves(spread_out: bool, ants: int) -> list[tuple[int, int]]:
    """The first move of each ant's plan in the first iteration of a colony's first turn."""
    terrain = Terrain(Board(1))
    params = ColonyParams(ants=ants, iterations=1, horizon=1, spread_out=spread_out)
    result = forage(terrain, Trails(params.tau0), params, make_rng(4))
    return [plan.moves[0] for plan in result.iterations[0].plans]


def test_ants_on_one_position_spread_out_over_its_moves():
    terrain = Terrain(Board(1))
    count = len(terrain.moves(terrain.start)[0])
    spread = first_moves(True, count)
    assert len(set(spread)) == count  # every move of the start taken once
    more = first_moves(True, count + 3)
    assert len(set(more)) == count  # then free again: no ant is left without a move
    crowded = first_moves(False, count)
    assert len(set(crowded)) < count  # q0 = 0.8: most ants take the same argmax move


def test_trail_memory_carries_the_field_into_the_next_turn():
    for memory in ("true", "false"):
        board = Board(1)
        agent = make_agent("aco-bco-colony", "halma", "1", make_rng(2), SMALL + [("trail_memory", memory)])
        board.play(agent.decide(board).move)
        fresh = make_agent("aco-bco-colony", "halma", "1", copy.deepcopy(agent.rng), SMALL)
        fresh.turns, fresh.elite = agent.turns, agent.elite
        mine, theirs = agent.decide(board), fresh.decide(board)
        assert (mine.trace == theirs.trace) == (memory == "false")


def test_the_first_ant_rewalks_last_turns_best_plan():
    board = Board(1)
    agent = make_agent("aco-bco-colony", "halma", "1", make_rng(6), SMALL)
    decision = agent.decide(board)
    assert len(agent.elite) == 3  # horizon 4: the best plan without its first move, which was played
    board.play(decision.move)
    terrain = Terrain(board)
    params = ColonyParams(ants=8, iterations=1, horizon=4, recruitment=False)
    result = forage(terrain, Trails(params.tau0), params, make_rng(0), agent.elite)
    assert tuple(result.iterations[0].plans[0].moves[:3]) == agent.elite
    assert result.steps == 8 * 4
    wrong = ((agent.elite[0][1], agent.elite[0][0]),) + agent.elite[1:]  # not a move here: the ant forages
    again = forage(Terrain(board), Trails(params.tau0), params, make_rng(0), wrong)
    assert again.iterations[0].plans[0].moves[0] != wrong[0] and again.steps == 8 * 4
    forgets = make_agent("aco-bco-colony", "halma", "1", make_rng(6), SMALL + [("plan_memory", "false")])
    forgets.decide(Board(1))
    assert forgets.elite == ()


def test_a_plan_that_fills_the_goal_stops_and_outranks_the_rest():
    board = Board(1)
    terrain = Terrain(board)
    terrain.rows_left = 9  # pretend the goal is nine rows away
    params = ColonyParams(finish=1.0, endgame=True)
    done = Plan(terrain.start, [(0, 1), (1, 2)], [5, 4])
    longer = Plan(terrain.start, [(0, 1), (1, 2), (2, 3)], [5, 0, 4])
    short = Plan(terrain.start, [(0, 1)], [8])
    assert value(done, terrain, params) > value(longer, terrain, params) > value(short, terrain, params)
    assert value(short, terrain, params) <= 8 + params.ladder * 1  # the ladder never counts more than the rows left
    stop = forage(Terrain(board), Trails(params.tau0), ColonyParams(ants=4, iterations=1, horizon=6, endgame=True),
                  make_rng(0))
    assert stop.steps == 4 * 6
    near = Terrain(board)
    near.rows_left = 1  # one row to go: every ant stops after its first forward move
    result = forage(near, Trails(params.tau0), ColonyParams(ants=4, iterations=1, horizon=6, endgame=True),
                    make_rng(0))
    plans = result.iterations[0].plans
    for plan in plans:  # an ant stops on the move that gains the row, never later
        assert sum(plan.gains[:-1]) == 0 and (plan.gains[-1] >= 1 or len(plan.moves) == 6)
    assert result.steps == sum(len(p.moves) for p in plans) < 4 * 6
    old = ColonyParams(ants=4, iterations=1, horizon=6, endgame=False)  # the reading before: no stop, no cap
    assert forage(near, Trails(params.tau0), old, make_rng(0)).steps == 4 * 6
    assert value(short, terrain, old) == 8 + old.ladder * terrain.spot(short.pos).best_gain - old.lag * (
        terrain.spot(short.pos).spread - terrain.spot(terrain.start).spread)


def test_the_trace_round_trips_and_names_the_played_move():
    decisions, _ = play(SMALL, 3)
    for decision in decisions:
        trace = decision.trace
        assert trace_from_json(json.loads(json.dumps(trace.to_json()))) == trace
        start, end = trace.best.moves[0]
        assert (decision.move.start, decision.move.end) == (start, end)
        assert trace.best.value >= max(p.value for it in trace.iterations for p in it.plans)
        assert f"plays {decision.move.start}" not in trace.summary()  # holes in notation, not tuples
        assert "best of 16 plans" in trace.summary()


def test_a_small_colony_crosses_alone():
    board = Board(1)
    agent = make_agent("aco-bco-colony", "halma", "1", make_rng(0), [("ants", "12"), ("iterations", "2")])
    while board.outcome is None and board.ply < 120:
        board.play(agent.decide(board).move)
    assert board.outcome is not None and board.outcome.winner == "1"


def test_bad_parameters_are_refused():
    for name, text in (("q0", "1.5"), ("ants", "0"), ("tau0", "0"), ("delta", "2"), ("finish", "-1")):
        with pytest.raises(ParamError):
            make_agent("aco-bco-colony", "halma", "1", make_rng(0), [(name, text)])

