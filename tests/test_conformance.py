"""One conformance suite over every registered game and every agent that claims one.

OpenSpiel's ``random_sim_test`` in spirit: whatever ``swarmtui.games`` registers is checked
here without naming it (play/undo round trips, copy independence, notation round trips,
seeded determinism, terminal detection, random playouts), and every non-interactive agent
plays a whole game of every game it claims, headless, with each decision legal and its trace
readable back. A game added to the registry is in every check; the test-only Connect Four
(``tests/connect_four``) runs the same checks from ``test_connect_four.py``.
"""

from __future__ import annotations

import json
import shlex
import sys
from typing import Any

import numpy as np
import pytest
from fake_engines import owner_engines

from swarmtui.agents import agent_specs, make_agent
from swarmtui.core.rng import seat_rng
from swarmtui.core.services import RULEBOOK, Rulebook
from swarmtui.core.state import GameState, IllegalMoveError, Termination
from swarmtui.core.trace import Trace, trace_from_json
from swarmtui.games import GAMES, GameSpec, register_game, unregister_game

PLAYOUT_PLIES = 20_000
"""A random game longer than this fails terminal detection (every registered game ends sooner:
noughts in 9 plies, Halma at its 500-move cap, random Hive games in 240-6900 plies for seeds
7-14, under 2 s)."""
ROUND_TRIP_PLIES = 40
"""Plies of the play/undo, copy and notation checks (each position is compared in full)."""


def snapshot(state: GameState) -> tuple[Any, ...]:
    """What must come back after undo: whose turn, the history, the legal moves, the outcome."""
    return (state.to_move, state.ply, tuple(map(repr, state.history)),
            tuple(sorted(map(repr, state.legal_moves()))), state.outcome)


def random_line(spec: GameSpec, seed: int, plies: int) -> tuple[GameState, list[Any]]:
    """A random game of at most ``plies`` plies from the start; the final state and its moves."""
    rng = np.random.default_rng(seed)
    state, moves = spec.start(), list[Any]()
    while state.outcome is None and len(moves) < plies:
        legal = state.legal_moves()
        assert legal, f"{spec.id}: no legal move but no outcome at ply {state.ply}"
        move = legal[int(rng.integers(len(legal)))]
        state.play(move)
        moves.append(move)
    return state, moves


def check_play_undo(spec: GameSpec, seed: int) -> None:
    state = spec.start()
    rng = np.random.default_rng(seed)
    seen = [snapshot(state)]
    played: list[Any] = []
    while state.outcome is None and len(played) < ROUND_TRIP_PLIES:
        legal = state.legal_moves()
        move = legal[int(rng.integers(len(legal)))]
        assert state.is_legal(move)
        state.play(move)
        played.append(move)
        assert state.history[-1] == move and len(state.history) == len(played)
        seen.append(snapshot(state))
    for move in reversed(played):
        seen.pop()
        assert state.undo() == move
        assert snapshot(state) == seen[-1]


def check_copy_independence(spec: GameSpec, seed: int) -> None:
    state, _ = random_line(spec, seed, ROUND_TRIP_PLIES // 2)
    if state.outcome is not None:
        state.undo()
    before = snapshot(state)
    twin = state.copy()
    assert snapshot(twin) == before
    twin.play(twin.legal_moves()[0])
    assert snapshot(state) == before, "playing on a copy changed the original"
    state.play(state.legal_moves()[-1])
    twin.undo()
    assert snapshot(twin) == before, "playing on the original changed its copy"


def check_notation(spec: GameSpec, seed: int) -> None:
    state, _ = random_line(spec, seed, 0)
    rng = np.random.default_rng(seed)
    while state.outcome is None and state.ply < ROUND_TRIP_PLIES:
        legal = state.legal_moves()
        for move in legal:
            text = state.format_move(move)
            assert isinstance(text, str) and text
            again = state.parse_move(text)
            assert again == move and state.format_move(again) == text, f"{spec.id}: {text!r}"
        state.play(legal[int(rng.integers(len(legal)))])
    with pytest.raises(ValueError):
        state.parse_move("?? not a move ??")


def check_terminal(spec: GameSpec, seed: int) -> None:
    state, moves = random_line(spec, seed, PLAYOUT_PLIES)
    outcome = state.outcome
    assert outcome is not None, f"{spec.id}: no outcome after {PLAYOUT_PLIES} random plies"
    assert state.legal_moves() == []
    assert outcome.winner is None or outcome.winner in state.seats
    assert (outcome.winner is not None) == (outcome.termination is Termination.WIN)
    assert outcome.termination in (Termination.WIN, Termination.DRAW, Termination.MOVE_CAP)
    assert not state.is_legal(moves[-1])
    with pytest.raises(IllegalMoveError):
        state.play(moves[-1])
    assert isinstance(state.highlights(), tuple)
    assert spec.render_text(state).plain and spec.render_text(state, "ascii").plain
    assert all(ord(ch) < 128 for ch in spec.render_text(state, "ascii").plain)


def check_determinism(spec: GameSpec, seed: int) -> None:
    def game(game_seed: int) -> list[str]:
        agents = {seat: make_agent("random", spec.id, seat, seat_rng(game_seed, seat)) for seat in spec.seats}
        state, moves = spec.start(), list[Any]()
        while state.outcome is None and len(moves) < ROUND_TRIP_PLIES:
            move = agents[state.to_move].decide(state).move
            moves.append(state.format_move(move))
            state.play(move)
        return moves

    assert game(seed) == game(seed)
    assert game(seed) != game(seed + 1)


def check_rulebook(spec: GameSpec, seed: int) -> None:
    """Every game provides its rules for a person (the ``rulebook`` service the rules screen shows)."""
    assert spec.provides(RULEBOOK), f"{spec.id}: no rulebook service (its rules for the rules screen)"
    book = spec.service(RULEBOOK)
    assert isinstance(book, Rulebook)
    assert book.title and book.text.count("\n## ") >= 2, f"{spec.id}: a title and sections"
    assert len(book.text) > 300, f"{spec.id}: the rules, not a line"


GAME_CHECKS = (check_play_undo, check_copy_independence, check_notation, check_determinism, check_terminal,
               check_rulebook)


@pytest.mark.parametrize("check", GAME_CHECKS, ids=lambda c: c.__name__.removeprefix("check_"))
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_registered_game_conforms(game_id: str, check) -> None:
    check(GAMES[game_id], seed=7)


QUICK: dict[str, tuple[tuple[str, str], ...]] = {
    "mcts": (("iterations", "8"), ("depth", "4")),
    "aco-bco-colony": (("ants", "12"), ("iterations", "2")),
    "pso-verify": (("verify_depth", "1"),),
    "uhp": (("engine", "swarmtui-random"),),
}
"""Parameter overrides that keep a slow agent's game to seconds (its defaults are the papers'), or
that it needs to run at all (the external UHP player plays our own engine over the protocol)."""
ENGINES = {"uhp": {"swarmtui-random": shlex.join([sys.executable, "-m", "swarmtui", "uhp", "--agent", "random"])}}
"""Engines an agent's game declares as the machine's owner would (the external UHP player's)."""


def agent_game(agent_id: str, spec: GameSpec, seed: int = 3, plies: int = PLAYOUT_PLIES) -> GameState:
    """``agent_id`` in the first seat against ``random``, one whole game, every decision checked."""
    players = min(spec.player_counts)
    seats = spec.seats_for(players)
    with owner_engines(**ENGINES.get(agent_id, {})):
        agents = {seat: make_agent(agent_id if i == 0 else "random", spec.id, seat, seat_rng(seed, seat),
                                   QUICK.get(agent_id, ()) if i == 0 else ())
                  for i, seat in enumerate(seats)}
    state = spec.start(players if spec.seat_counts else None)
    while state.outcome is None and state.ply < plies:
        decision = agents[state.to_move].decide(state.copy())
        assert state.is_legal(decision.move), f"{agent_id} chose an illegal move in {spec.id}"
        assert isinstance(decision.trace, Trace)
        assert trace_from_json(json.loads(json.dumps(decision.trace.to_json()))) == decision.trace
        state.play(decision.move)
    assert state.outcome is not None, f"{agent_id} vs random: no outcome in {plies} plies of {spec.id}"
    return state


def _agent_games() -> list[tuple[str, str]]:
    return [(a.id, g) for a in agent_specs().values() if not a.interactive for g in GAMES if a.plays(GAMES[g])]


@pytest.mark.parametrize("agent_id, game_id", _agent_games())
def test_every_agent_plays_a_whole_game_of_each_game_it_claims(agent_id: str, game_id: str) -> None:
    agent_game(agent_id, GAMES[game_id])


LATER = GameSpec("later", "A game registered later", ("A", "B"))
"""A game that provides nothing beyond its rules (no services), for the registry checks."""


def test_generic_agents_claim_every_game() -> None:
    specs = agent_specs()
    for agent in ("random", "mcts", "human"):
        assert all(specs[agent].plays(g) for g in GAMES.values()) and specs[agent].plays(LATER)
    assert not specs["alphabeta"].plays(LATER)  # it needs an evaluation


def test_every_shipped_spec_names_its_implementation() -> None:
    """Each agent is written once, in its own spec: ``swarmtui.agents.SHIPPED`` names where each
    shipped spec is (one line per agent), the spec's id is the line's, and the factory,
    parameters and check it names by path are what they claim to be. The menus list agents
    from these specs (``agents_for``) in ``SHIPPED``'s order, then those registered later."""
    import dataclasses

    from swarmtui.agents import SHIPPED, agents_for
    from swarmtui.core.lazy import resolved

    specs = agent_specs()
    assert list(specs)[:len(SHIPPED)] == list(SHIPPED)
    for agent_id, path in SHIPPED.items():
        spec = specs[agent_id]
        assert spec.id == agent_id and spec.title and spec.description, path
        assert callable(resolved(spec.factory)) and (spec.check is None or callable(resolved(spec.check))), path
        assert spec.params_type is None or dataclasses.is_dataclass(spec.params_type), path
    register_game(LATER)
    try:
        for game in [*GAMES.values()]:
            assert [s.id for s in agents_for(game.id)] == [s.id for s in specs.values() if s.plays(game)], game.id
        assert [s.id for s in agents_for(LATER.id)] == ["human", "random", "mcts"]
    finally:
        unregister_game(LATER.id)
