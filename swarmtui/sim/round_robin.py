"""Round robins: every pair (or group) of entrants, every seat order, then Elo ratings.

An *entrant* is an agent with parameter overrides and a label, written
``AGENT[:name=value[:name=value...]]`` (``alphabeta:difficulty=hard``, ``mcts:iterations=200``);
the label is that text. :func:`schedule` lists every ordered pair ``rounds`` times, so each pair
meets with each colour ``rounds`` times. Games for more players (Halma with 3) take every group
of ``players`` entrants in each of its ``players`` rotations, so every entrant of a group sits
in every seat once per round; or, with ``rotations="balanced"``, each group once a round in one
rotation chosen so that every entrant still sits in every seat equally often over all the groups
(:func:`balanced_rotation`: 165 games instead of 495 for 11 entrants in threes). Game ``i`` has
its own seed (``sim.match.game_seed``) and so do its agents (``core.rng.seat_rng``), so a game
is the same on any worker in any order; :func:`select_groups` keeps part of a schedule (the
groups within some entrants, or involving some), each game as the whole schedule plays it, so a
round robin can be played in parts and the parts' result files rated together.

Deterministic players would replay one game again and again; ``opening_plies`` random plies
(uniform over the legal moves, from a seed shared by the seat orders of a group's round) start
each game differently and every seat order gets the same opening. ``max_plies`` caps a game: a
capped game is a draw for rating (and is marked so in its record).

:func:`rate` turns the records into :mod:`swarmtui.sim.ratings` games: ratings with 95%
intervals anchored at ``random`` = 0, and the pairwise table. A game of three or more players
ends when the first of them wins (Halma: the first to fill its goal), so it says who won and
nothing about the order of the others: it is rated **winner against the rest**, one won
two-player game of the winner against each other entrant of the game (and nothing between the
losers); a game without a winner is a draw between every two of its entrants. (Pairs drawn from
one game are not independent, so the intervals of multi-player ratings are somewhat too narrow;
:func:`win_shares` gives each entrant's share of games won, whose Wilson interval needs no such
assumption.)
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swarmtui.agents import agent_params, get_spec
from swarmtui.core.params import ParamError, split_assignment
from swarmtui.core.rng import derive_seed
from swarmtui.core.safe_text import safe_text
from swarmtui.games import get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.records.results import RecordWriter
from swarmtui.referee import Referee, Seat
from swarmtui.sim.execution import map_ordered
from swarmtui.sim.match import game_seed
from swarmtui.sim.openings import random_opening
from swarmtui.sim.ratings import Game, PairRecord, Rating, fit_ratings, pair_records
from swarmtui.sim.summary import wilson


@dataclass(frozen=True)
class Entrant:
    """An agent with its overrides, known by ``label``."""

    label: str
    agent: str
    overrides: tuple[tuple[str, str], ...] = ()


def parse_entrant(text: str, game_id: str) -> Entrant:
    """``"alphabeta:difficulty=hard"`` -> an entrant, its agent and parameters checked; an
    external engine is ``uhp:NAME`` (``uhp:NAME:time=2``), as in ``--players``."""
    agent, *assignments = [part.strip() for part in text.strip().split(":")]
    if agent == "uhp" and assignments and "=" not in assignments[0]:
        assignments[0] = f"engine={assignments[0]}"
    spec = get_spec(agent, game_id)
    if spec.interactive:
        raise ParamError(f"agent {agent!r} needs the TUI; a round robin takes computer players only")
    overrides = tuple(split_assignment(a) for a in assignments if a)
    agent_params(spec, game_id, overrides)
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
    """Game ``index``: ``seats`` in turn order (the first moves first), opening from ``opening_seed``."""

    index: int
    seats: tuple[Entrant, ...]
    opening_seed: int

    @property
    def white(self) -> Entrant:
        """The first seat (White in a two-player game)."""
        return self.seats[0]

    @property
    def black(self) -> Entrant:
        """The second seat."""
        return self.seats[1]


ROTATIONS = ("all", "balanced")


def schedule(entrants: Sequence[Entrant], rounds: int, seed: int, players: int = 2,
             rotations: str = "all") -> list[Pairing]:
    """Every group of ``players`` entrants, ``rounds`` times: in each of its rotations
    (``rotations="all"``; with two players every ordered pair, so each pair meets with each
    colour ``rounds`` times), or once a round in one rotation (``"balanced"``, see
    :func:`balanced_rotation`; round ``r`` shifts it by ``r`` seats, so ``rounds=players`` plays
    every rotation once, each from its own opening)."""
    if not 2 <= players <= len(entrants):
        raise ParamError(f"a round robin of {players}-player games needs at least {players} entrants")
    if rotations not in ROTATIONS:
        raise ParamError(f"rotations must be one of {', '.join(ROTATIONS)} (got {rotations!r})")
    games = []
    for r in range(rounds):
        for group in itertools.combinations(range(len(entrants)), players):
            opening = derive_seed(seed, "opening", *group, r)
            if rotations == "all":
                shifts: Iterable[int] = range(players)
            else:
                shifts = [(balanced_rotation(group, len(entrants)) + r) % players]
            for shift in shifts:
                order = group[shift:] + group[:shift]
                games.append((tuple(entrants[i] for i in order), opening))
    return [Pairing(k, seats, o) for k, (seats, o) in enumerate(games)]


def balanced_rotation(group: Sequence[int], size: int) -> int:
    """The seat shift that plays ``group`` (entrant indices, ascending, of ``size`` entrants) once
    so that, over all the groups, every entrant sits in every seat equally often.

    The entrants stand on a circle at their indices. A group's members split it into arcs (the
    gap from each member to the next, the last one wrapping round); the group starts from the
    member whose sequence of arcs onward is lexicographically largest (the first such member on
    a tie). The choice depends only on the group's shape on the circle, so turning the circle
    by one place turns every group's choice with it; when ``size`` and the group's size have
    no common factor no group is its own turn, every orbit of groups has ``size`` members, and
    each entrant sits in each seat exactly C(size, k)/size times (11 entrants in threes: 15
    times each seat). With a common factor a few groups (e.g. {0, 2, 4} of 6) are symmetric and
    the counts differ by at most those groups."""
    k = len(group)
    gaps = [group[(i + 1) % k] - group[i] for i in range(k - 1)] + [size - group[-1] + group[0]]
    arcs = [tuple(gaps[i:] + gaps[:i]) for i in range(k)]
    return max(range(k), key=lambda i: (arcs[i], -i))


def select_groups(pairings: Sequence[Pairing], within: Iterable[str] | None = None,
                  involving: Iterable[str] | None = None) -> list[Pairing]:
    """The scheduled games whose entrants are all ``within`` these labels and/or include one of
    ``involving``, each keeping its index, opening and seed: the games a run of the whole
    schedule plays for those groups, so runs of complementary selections (``within`` the
    entrants that did not change, ``involving`` those that did) join into the whole round robin."""
    inside = None if within is None else set(within)
    touch = None if involving is None else set(involving)
    labels = {e.label for p in pairings for e in p.seats}
    for name in (inside or set()) | (touch or set()):
        if name not in labels:
            raise ParamError(f"{name!r} is not an entrant of this round robin")
    chosen = [p for p in pairings
              if (inside is None or all(e.label in inside for e in p.seats))
              and (touch is None or any(e.label in touch for e in p.seats))]
    if not chosen:
        raise ParamError("no group of this round robin is selected")
    return chosen


def play_pairing(game_id: str, pairing: Pairing, seed: int, max_plies: int, opening_plies: int) -> GameLog:
    """Play one scheduled game (its random opening, then the entrants) to its end or the cap."""
    spec = get_game(game_id)
    names = spec.seats_for(len(pairing.seats))
    seats = [Seat(name, e.agent, e.overrides) for name, e in zip(names, pairing.seats, strict=True)]
    labels = {name: e.label for name, e in zip(names, pairing.seats, strict=True)}
    referee = Referee.seated(game_id, seats, game_seed(seed, pairing.index), players=labels, max_plies=max_plies)
    with referee:
        random_opening(referee, opening_plies, pairing.opening_seed)
        log = referee.run(index=pairing.index)
    log.extra = {"think_cpu": {k: round(v, 6) for k, v in referee.think_cpu.items()}, "decisions": referee.decisions}
    return log


def _play(args: tuple[str, Pairing, int, int, int]) -> dict[str, Any]:
    return play_pairing(*args).to_json()


def run_round_robin(game_id: str, pairings: Sequence[Pairing], seed: int, *, workers: int = 1,
                    max_plies: int = 300, opening_plies: int = 2, out: Path | None = None,
                    described: dict[str, Any] | None = None) -> Iterator[dict[str, Any]]:
    """Play ``pairings`` (``workers`` processes: ``sim.execution.map_ordered``, so a stop signal
    and a dying worker are handled as in ``sim run``), yielding each record in order; with
    ``out``, a result file (``records.results``: run header, one game line each, appended as
    the games finish, so an interrupted run keeps what it played). ``described`` adds
    to the header (how the schedule was chosen: ``rotations``, ``within``, ``involving``)."""
    jobs = [(game_id, p, seed, max_plies, opening_plies) for p in pairings]
    entrants = sorted({p.white.label for p in pairings} | {p.black.label for p in pairings})
    header = {"experiment": "round-robin", "game": game_id, "entrants": entrants, "seed": seed,
              "games": len(pairings), "max_plies": max_plies, "opening_plies": opening_plies,
              "players": len(pairings[0].seats) if pairings else 2, **(described or {})}
    with ExitStack() as stack:
        writer = stack.enter_context(RecordWriter(out, header)) if out is not None else None
        played = 0
        for record in map_ordered(_play, jobs, min(workers, os.cpu_count() or 1), chunk=1):
            played += 1
            if writer is not None:
                writer.write(record)
            yield record
        if writer is not None and played == len(jobs):
            writer.finish({"games": played})


def rating_games(records: Iterable[dict[str, Any]]) -> list[Game]:
    """Records as two-player rating games: a two-seat game as it is (White's score; capped or
    unfinished games are draws); a game of more seats as its winner against each of the others,
    or a draw between every two of them when nobody won (see the module docstring)."""
    games = []
    for r in records:
        seats = list(r["players"])
        winner = r.get("winner")
        if len(seats) == 2:
            first, second = (r["players"][s] for s in seats)
            score = 0.5 if winner is None else 1.0 if winner == seats[0] else 0.0
            games.append(Game(first, second, score))
        elif len(seats) > 2 and winner in r["players"]:
            games.extend(Game(r["players"][winner], r["players"][s], 1.0) for s in seats if s != winner)
        elif len(seats) > 2:
            games.extend(Game(r["players"][a], r["players"][b], 0.5) for a, b in itertools.combinations(seats, 2))
    return games


@dataclass(frozen=True)
class WinShare:
    """How many of its games an entrant won, with the 95% Wilson interval of the share."""

    player: str
    games: int
    wins: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0


def win_shares(records: Iterable[dict[str, Any]]) -> list[WinShare]:
    """Each entrant's games and wins (a seat's label counts once per game it sat in), best first."""
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    for r in records:
        for seat, label in r["players"].items():
            games[label] = games.get(label, 0) + 1
            wins[label] = wins.get(label, 0) + (r.get("winner") == seat)
    shares = [WinShare(label, n, wins[label], *wilson(wins[label], n)) for label, n in games.items()]
    return sorted(shares, key=lambda w: (-w.share, w.player))


def format_win_shares(shares: Sequence[WinShare]) -> str:
    """A Markdown table: entrant, games, wins, share of games won with its 95% Wilson interval."""
    lines = ["| player | games | wins | won | 95% Wilson |", "|---|---:|---:|---:|---|"]
    lines += [f"| {safe_text(w.player).plain} | {w.games} | {w.wins} | {100 * w.share:.0f}% | "
              f"{100 * w.low:.0f}-{100 * w.high:.0f}% |" for w in shares]
    return "\n".join(lines)


def rate(records: Iterable[dict[str, Any]], anchor: str = "random",
         prior_draws: float = 1.0) -> tuple[list[Rating], list[PairRecord]]:
    """Ratings (anchored at ``anchor`` = 0) and the pairwise table of round-robin records."""
    games = rating_games(records)
    return fit_ratings(games, anchor=anchor, prior_draws=prior_draws), pair_records(games)


def seconds_per_move(records: Iterable[dict[str, Any]], opening_plies: int = 0,
                     clock: str = "think_seconds") -> dict[str, float]:
    """Each label's mean thinking time per move it chose (the random opening plies left out):
    wall-clock (``think_seconds``) or the thinking process's CPU time (``think_cpu``, written by
    round robins since it was added; a loaded machine inflates the wall clock, not this)."""
    total: dict[str, float] = {}
    moves: dict[str, int] = {}
    for r in records:
        seats = list(r["players"])
        for k, seat in enumerate(seats):
            label = r["players"][seat]
            total[label] = total.get(label, 0.0) + r.get(clock, {}).get(seat, 0.0)
            if "decisions" in r:
                count = r["decisions"].get(seat, 0)
            else:
                count = len(r["moves"][opening_plies:][(k - opening_plies) % len(seats)::len(seats)])
            moves[label] = moves.get(label, 0) + count
    return {label: total[label] / moves[label] if moves[label] else 0.0 for label in total}
