"""Table V of Kuehner & Stock: the swarm's Halma games, counted and restarted as the paper did.

A game is played by one agent per seat (``aco-bco`` or a stronger swarm) with the scenario's
parameters. Its length is the number of moves *the winner* made: a one-player game's moves,
and in a two-player game the winner's half (the paper compares 15 moves per player in the
optimal two-player game with 27 alone, and its two-player medians sit just below the
one-player ones). The cap is the paper's 500 moves per player; "if a game has not been
finished after 500 moves, the game has been stopped and restarted" (VI-A): a capped game is
replayed with the next attempt's seed, up to ``restarts`` times, and the restarts are counted.

Games with a fixed memory (off, or the shipped best game) are independent and run through
``sim.execution.map_ordered`` — a process pool or a Dask cluster — in index order whatever
the worker count. A memory *constructed during the run*
(Table V, id 3) makes every game depend on the ones before it — the best game so far seeds
the next — so that scenario runs sequentially in one process.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from swarmtui.agents import get_spec
from swarmtui.agents.aco_bco import cooperation
from swarmtui.agents.aco_bco.agent import AcoBcoAgent
from swarmtui.agents.aco_bco.memory import Memory, from_field
from swarmtui.core.params import ParamError, param_fields
from swarmtui.core.rng import derive_seed
from swarmtui.games import get_game
from swarmtui.games.halma.rules import Board
from swarmtui.referee import Referee, Seat
from swarmtui.sim.execution import map_ordered

PAPER_CAP = 500
"""Moves per player after which the paper stopped and restarted a game (VI-A)."""


@dataclass(frozen=True)
class PaperRow:
    """A row of Table V as published."""

    median: float
    mean: float
    std: float


@dataclass(frozen=True)
class Scenario:
    """A Table V scenario: players, best-solution memory (off / on / construct), cooperation."""

    id: int
    players: int
    games: int
    memory: str
    cooperate: bool
    paper: PaperRow

    @property
    def label(self) -> str:
        coop = ", cooperating" if self.cooperate else ""
        memory = {"off": "no memory", "on": "best-game memory", "construct": "memory built during the run"}
        return f"{self.players} player{'s' if self.players > 1 else ''}, {memory[self.memory]}{coop}"


SCENARIOS: tuple[Scenario, ...] = (
    Scenario(1, 1, 1000, "off", False, PaperRow(133, 153.46, 63.27)),
    Scenario(2, 1, 1000, "on", False, PaperRow(113, 116.82, 33.42)),
    Scenario(3, 1, 1000, "construct", False, PaperRow(120, 132.81, 39.2)),
    Scenario(4, 2, 500, "on", True, PaperRow(102, 118.35, 58.45)),
    Scenario(5, 2, 500, "on", False, PaperRow(104, 121.75, 54.96)),
    Scenario(6, 2, 500, "off", True, PaperRow(114, 142, 73.32)),
    Scenario(7, 2, 500, "off", False, PaperRow(121.5, 152.91, 81.4)),
)


@dataclass(frozen=True)
class Setup:
    """Who plays: ``agent`` in every seat of a ``players``-player game, with ``overrides``."""

    agent: str
    players: int
    overrides: tuple[tuple[str, str], ...] = ()
    cap: int = PAPER_CAP
    restarts: int = 20


@dataclass(frozen=True)
class SwarmGame:
    """One game of a scenario: ``moves`` is the winner's move count, None if every attempt hit the cap."""

    index: int
    seed: int
    moves: int | None
    plies: int
    restarts: int
    winner: str | None
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "moves": self.moves, "plies": self.plies,
                "restarts": self.restarts, "winner": self.winner, "seconds": round(self.seconds, 4)}


@dataclass
class Attempt:
    """A game played to its end: the board, the agents by seat and each seat's move count."""

    board: Board
    agents: dict[str, Any]
    moves: dict[str, int] = field(default_factory=dict)

    @property
    def winner(self) -> str | None:
        outcome = self.board.outcome
        return outcome.winner if outcome else None


def setup_for(scenario: Scenario, agent: str = "aco-bco", extra: Sequence[tuple[str, str]] = ()) -> Setup:
    """The setup of a Table V scenario (memory and cooperation), then ``extra`` overrides."""
    overrides = [("memory", "shipped" if scenario.memory == "on" else "none"),
                 ("cooperate", "true" if scenario.cooperate else "false")]
    known = param_fields(get_spec(agent, "halma").params_for(get_game("halma")))
    if "memory" not in known or "cooperate" not in known:  # an agent without a best-game memory or eq. 18
        if scenario.memory != "off" or scenario.cooperate:
            raise ParamError(f"agent {agent!r} has no best-game memory or cooperation: "
                             f"Table V id {scenario.id} needs them")
        overrides = []
    return Setup(agent, scenario.players, tuple(overrides) + tuple(extra))


def attempt_seed(base_seed: int, index: int, attempt: int) -> int:
    return derive_seed(base_seed, "halma-swarm", index, attempt)


def play_attempt(setup: Setup, seed: int, memory: Memory | None = None) -> Attempt:
    """Play one game from seed ``seed`` to a win or the cap (``memory`` replaces the agents')."""
    board = Board(setup.players, max_moves=setup.cap * setup.players)
    referee = Referee.seated("halma", [Seat(seat, setup.agent, setup.overrides) for seat in board.seats], seed,
                             state=board)
    swarms = [a for a in referee.agents.values() if isinstance(a, AcoBcoAgent)]  # aco-bco and its stronger variants
    if memory is not None:
        for swarm in swarms:
            swarm.memory = memory
    cooperating = [a for a in swarms if a.params.cooperate]
    if len(cooperating) == 2:
        cooperation.link(*cooperating)
    referee.run()
    return Attempt(board, dict(referee.agents), dict(referee.decisions))


def play_game(setup: Setup, base_seed: int, index: int, memory: Memory | None = None) -> tuple[SwarmGame, Attempt]:
    """Game ``index``: attempts until one is won (at most ``setup.restarts`` restarts)."""
    tick = time.perf_counter()
    for restart in range(setup.restarts + 1):
        seed = attempt_seed(base_seed, index, restart)
        attempt = play_attempt(setup, seed, memory)
        if attempt.winner is not None:
            break
    winner = attempt.winner
    moves = attempt.moves[winner] if winner is not None else None
    game = SwarmGame(index, seed, moves, attempt.board.ply, restart, winner, time.perf_counter() - tick)
    return game, attempt


def _game_only(setup: Setup, base_seed: int, index: int) -> SwarmGame:
    return play_game(setup, base_seed, index)[0]


def run_independent(setup: Setup, games: int, seed: int, workers: int = 1,
                    on_game: Callable[[SwarmGame], None] | None = None, client: Any = None) -> list[SwarmGame]:
    """``games`` independent games on ``workers`` processes (or a Dask ``client``), in index order."""
    results: list[SwarmGame] = []
    for game in map_ordered(partial(_game_only, setup, seed), range(games), workers, client):
        results.append(game)
        if on_game:
            on_game(game)
    return results


def final_memory(attempt: Attempt, seed: int, source: str) -> Memory:
    """The winner's pheromone at the end of ``attempt`` as a memory (V-A)."""
    winner = attempt.winner
    if winner is None:
        raise ValueError("an unfinished game leaves no best-game memory")
    agent = attempt.agents[winner]
    params = agent.params
    return from_field(agent.field.tau, params.edge_model, agent.field.goal_corner, attempt.moves[winner],
                      seed=seed, source=source, params={k: str(v) for k, v in vars(params).items()})


def run_constructed(setup: Setup, games: int, seed: int,
                    on_game: Callable[[SwarmGame], None] | None = None) -> tuple[list[SwarmGame], Memory | None]:
    """Table V id 3: start without memory; after every game that beats the best so far, its final
    pheromones become the memory of the games that follow. Sequential by nature."""
    best: Memory | None = None
    results: list[SwarmGame] = []
    for index in range(games):
        game, attempt = play_game(setup, seed, index, best)
        if game.moves is not None and (best is None or game.moves < best.moves):
            best = final_memory(attempt, game.seed, f"constructed run, seed {seed}, game {index}")
        results.append(game)
        if on_game:
            on_game(game)
    return results, best


def best_game_memory(setup: Setup, games: int, seed: int, workers: int = 1,
                     on_game: Callable[[SwarmGame], None] | None = None,
                     client: Any = None) -> tuple[Memory, list[SwarmGame]]:
    """Play ``games`` games, take the one won in the fewest moves and replay it (same seed, same
    game) to read its final pheromones: the best-game memory of V-A."""
    results = run_independent(setup, games, seed, workers, on_game, client)
    finished = [g for g in results if g.moves is not None]
    if not finished:
        raise ValueError("no game finished: there is no best game to remember")
    best = min(finished, key=lambda g: (g.moves, g.index))
    attempt = play_attempt(setup, best.seed)
    source = f"best of {games} games of {setup.agent} (seed {seed}, game {best.index})"
    return final_memory(attempt, best.seed, source), results


@dataclass(frozen=True)
class Stats:
    """Median, mean and sample standard deviation of the finished games' move counts."""

    games: int
    finished: int
    restarts: int
    median: float
    mean: float
    std: float
    best: int
    worst: int


def stats(results: Sequence[SwarmGame]) -> Stats:
    moves = [g.moves for g in results if g.moves is not None]
    if not moves:
        raise ValueError("no game finished")
    std = statistics.stdev(moves) if len(moves) > 1 else 0.0
    return Stats(len(results), len(moves), sum(g.restarts for g in results), float(statistics.median(moves)),
                 statistics.fmean(moves), std, min(moves), max(moves))
