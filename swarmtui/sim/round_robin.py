"""Round robins: every pair of entrants, both colours, from the empty board, then Elo ratings.

An *entrant* is an agent with parameter overrides and a label, written
``AGENT[:name=value[:name=value...]]`` (``alphabeta:difficulty=hard``, ``mcts:iterations=200``);
the label is that text. :func:`schedule` lists every ordered pair ``rounds`` times, so each pair
meets with each colour ``rounds`` times. Game ``i`` has its own seed (``sim.match.game_seed``)
and so do its agents (``core.rng.seat_rng``), so a game is the same on any worker in any order.

Deterministic players would replay one game again and again; ``opening_plies`` random plies
(uniform over the legal moves, from a seed shared by the two colour orders of a pair's round)
start each game differently and both colours get the same opening. ``max_plies`` caps a game:
a capped game is a draw for rating (and is marked so in its record).

:func:`rate` turns the records into :mod:`swarmtui.sim.ratings` games: ratings with 95%
intervals anchored at ``random`` = 0, and the pairwise table.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from swarmtui.agents import get_spec, make_agent
from swarmtui.core.params import ParamError, apply_overrides, split_assignment
from swarmtui.core.rng import derive_seed, seat_rng
from swarmtui.games import get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.records.results import RecordWriter
from swarmtui.sim.match import game_seed
from swarmtui.sim.ratings import Game, PairRecord, Rating, fit_ratings, pair_records


@dataclass(frozen=True)
class Entrant:
    """An agent with its overrides, known by ``label``."""

    label: str
    agent: str
    overrides: tuple[tuple[str, str], ...] = ()


def parse_entrant(text: str, game_id: str) -> Entrant:
    """``"alphabeta:difficulty=hard"`` -> an entrant, its agent and parameters checked."""
    agent, *assignments = [part.strip() for part in text.strip().split(":")]
    spec = get_spec(agent, game_id)
    if spec.interactive:
        raise ParamError(f"agent {agent!r} needs the TUI; a round robin takes computer players only")
    overrides = tuple(split_assignment(a) for a in assignments if a)
    if spec.params is not None:
        apply_overrides(spec.params(), overrides)
    elif overrides:
        raise ParamError(f"agent {agent!r} has no parameters (got {overrides[0][0]!r})")
    return Entrant(text.strip(), agent, overrides)


def parse_entrants(texts: Iterable[str], game_id: str) -> list[Entrant]:
    """Several entrants (labels must differ; at least two)."""
    entrants = [parse_entrant(t, game_id) for t in texts if t.strip()]
    labels = [e.label for e in entrants]
    if len(set(labels)) != len(labels):
        raise ParamError("an entrant is listed twice")
    if len(entrants) < 2:
        raise ParamError("a round robin needs at least two entrants")
    return entrants


@dataclass(frozen=True)
class Pairing:
    """Game ``index``: ``white`` against ``black``, opening from ``opening_seed``."""

    index: int
    white: Entrant
    black: Entrant
    opening_seed: int


def schedule(entrants: Sequence[Entrant], rounds: int, seed: int) -> list[Pairing]:
    """Every ordered pair ``rounds`` times (each pair meets with each colour ``rounds`` times)."""
    games = []
    for r in range(rounds):
        for i, a in enumerate(entrants):
            for j, b in enumerate(entrants):
                if i < j:
                    opening = derive_seed(seed, "opening", i, j, r)
                    games.append((a, b, opening))
                    games.append((b, a, opening))
    return [Pairing(k, w, b, o) for k, (w, b, o) in enumerate(games)]


def play_pairing(game_id: str, pairing: Pairing, seed: int, max_plies: int, opening_plies: int) -> GameLog:
    """Play one scheduled game to its end or the cap."""
    spec = get_game(game_id)
    gseed = game_seed(seed, pairing.index)
    seats = dict(zip(spec.seats, (pairing.white, pairing.black), strict=True))
    agents = {seat: make_agent(e.agent, game_id, seat, seat_rng(gseed, seat), e.overrides) for seat, e in seats.items()}
    state = spec.start()
    opening = np.random.default_rng(pairing.opening_seed)
    moves: list[str] = []
    think = {seat: 0.0 for seat in seats}
    start = time.perf_counter()
    while state.outcome is None and len(moves) < max_plies:
        seat = state.to_move
        if len(moves) < opening_plies:
            legal = state.legal_moves()
            move = legal[int(opening.integers(len(legal)))]
        else:
            tick = time.perf_counter()
            move = agents[seat].decide(state).move
            think[seat] += time.perf_counter() - tick
        moves.append(state.format_move(move))
        state.play(move)
    outcome = state.outcome
    winner = outcome.winner if outcome else None
    return GameLog(
        index=pairing.index, seed=gseed, game=game_id,
        players={seat: e.label for seat, e in seats.items()}, moves=moves, winner=winner,
        result=f"{winner} wins" if winner else ("draw" if outcome else "unfinished"),
        reason=outcome.reason if outcome else f"stopped after {max_plies} plies",
        plies=len(moves), seconds=round(time.perf_counter() - start, 6),
        think_seconds={k: round(v, 6) for k, v in think.items()},
        params={seat: dict(e.overrides) for seat, e in seats.items() if e.overrides},
    )


def _play(args: tuple[str, Pairing, int, int, int]) -> dict[str, Any]:
    return play_pairing(*args).to_json()


def run_round_robin(game_id: str, pairings: Sequence[Pairing], seed: int, *, workers: int = 1,
                    max_plies: int = 300, opening_plies: int = 2, out: Path | None = None) -> Iterator[dict[str, Any]]:
    """Play ``pairings`` (``workers`` processes), yielding each record as it finishes; with
    ``out``, a result file (``records.results``: run header, one game line each, written
    atomically at checkpoints, so an interrupted run keeps what it played)."""
    jobs = [(game_id, p, seed, max_plies, opening_plies) for p in pairings]
    entrants = sorted({p.white.label for p in pairings} | {p.black.label for p in pairings})
    header = {"experiment": "round-robin", "game": game_id, "entrants": entrants, "seed": seed,
              "games": len(pairings), "max_plies": max_plies, "opening_plies": opening_plies}
    with ExitStack() as stack:
        writer = stack.enter_context(RecordWriter(out, header)) if out is not None else None
        if workers <= 1:
            results: Iterable[dict[str, Any]] = map(_play, jobs)
        else:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or 1)))
            results = pool.map(_play, jobs)
        played = 0
        for record in results:
            played += 1
            if writer is not None:
                writer.write(record)
            yield record
        if writer is not None and played == len(jobs):
            writer.finish({"games": played})


def rating_games(records: Iterable[dict[str, Any]]) -> list[Game]:
    """Two-seat records as rating games (White's score; capped or unfinished games are draws)."""
    games = []
    for r in records:
        seats = list(r["players"])
        if len(seats) != 2:
            continue
        first, second = (r["players"][s] for s in seats)
        winner = r.get("winner")
        score = 0.5 if winner is None else 1.0 if winner == seats[0] else 0.0
        games.append(Game(first, second, score))
    return games


def rate(records: Iterable[dict[str, Any]], anchor: str = "random",
         prior_draws: float = 1.0) -> tuple[list[Rating], list[PairRecord]]:
    """Ratings (anchored at ``anchor`` = 0) and the pairwise table of round-robin records."""
    games = rating_games(records)
    return fit_ratings(games, anchor=anchor, prior_draws=prior_draws), pair_records(games)


def seconds_per_move(records: Iterable[dict[str, Any]], opening_plies: int = 0) -> dict[str, float]:
    """Each label's mean thinking time per move it chose (the random opening plies left out)."""
    total: dict[str, float] = {}
    moves: dict[str, int] = {}
    for r in records:
        seats = list(r["players"])
        for k, seat in enumerate(seats):
            label = r["players"][seat]
            total[label] = total.get(label, 0.0) + r.get("think_seconds", {}).get(seat, 0.0)
            count = len(r["moves"][opening_plies:][(k - opening_plies) % len(seats)::len(seats)])
            moves[label] = moves.get(label, 0) + count
    return {label: total[label] / moves[label] if moves[label] else 0.0 for label in total}
