"""The thesis' Hive experiments (Tables 4.1-4.3): pairings, parallel games, tallies.

A *pairing* is two players under one protocol for a number of games. Its games are
independent and seeded by index, so they run on a process pool and come back in index order
— the same records whatever the worker count. ``tally`` counts them as the thesis did: wins,
losses and draws of player 1, games excluded because they ended before the AI phase, the
average number of AI moves the winner needed, and the share of each intention rule
(section 4.2.9).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from swarmtui.agents import get_spec
from swarmtui.core.params import ParamError, apply_overrides, param_fields, split_assignment
from swarmtui.games import get_game
from swarmtui.papers.mcguile.protocol import HiveGameRecord, Player, Protocol, play_protocol_game, player_one_seat
from swarmtui.sim.execution import map_ordered


@dataclass(frozen=True)
class Pairing:
    """Player 1 against player 2 under ``protocol`` for ``games`` games; ``group`` labels its rows."""

    group: str
    players: tuple[Player, Player]
    protocol: Protocol
    games: int
    thesis: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Tally:
    """A pairing's results, from player 1's side (``wins`` are player 1's)."""

    games: int
    excluded: int
    wins: int
    losses: int
    draws: int
    moves_to_win: float | None
    moves_to_lose: float | None
    intentions: dict[str, int]

    @property
    def played(self) -> int:
        return self.games - self.excluded

    def share(self, rule: str) -> float | None:
        total = sum(self.intentions.values())
        return self.intentions.get(rule, 0) / total if total else None


def _job(args: tuple[Pairing, int, int]) -> HiveGameRecord:
    pairing, seed, index = args
    return play_protocol_game(pairing.players, pairing.protocol, seed, index)


def run_pairings(pairings: list[Pairing], seed: int, workers: int, first: int = 0,
                 client: Any = None) -> Iterator[tuple[int, HiveGameRecord]]:
    """Yield ``(pairing number, record)`` for every game, interleaved across the pairings.

    Game ``i`` of every pairing is played before game ``i + 1`` of any, so a run stopped early
    (a long MCTS table) leaves every row with about the same number of games. Records come
    in this fixed order whatever the worker count. ``first`` skips the games before it (a run
    split over processes or resumed: game ``i`` is the same game whoever plays it). Games run
    through ``sim.execution.map_ordered``: here, on ``workers`` processes or a Dask ``client``.
    """
    jobs = [(k, (pairing, seed, i)) for i in range(first, max((p.games for p in pairings), default=0))
            for k, pairing in enumerate(pairings) if i < pairing.games]
    records = map_ordered(_job, [job for _, job in jobs], workers, client, chunk=1)
    for (k, _), record in zip(jobs, records, strict=True):
        yield k, record


def run_pairing(pairing: Pairing, seed: int, workers: int) -> Iterator[HiveGameRecord]:
    """Yield one pairing's records in index order."""
    for _, record in run_pairings([pairing], seed, workers):
        yield record


def _winner_moves(decided: list[HiveGameRecord]) -> float | None:
    """The winners' mean AI moves over games that have a winner (None without any)."""
    moves = [r.ai_moves[r.winner] for r in decided if r.winner is not None]
    return statistics.fmean(moves) if moves else None


def tally(records: list[HiveGameRecord]) -> Tally:
    """Count ``records`` from player 1's side."""
    played = [r for r in records if not r.excluded]
    wins = [r for r in played if r.winner is not None and r.winner == player_one_seat(r.index)]
    losses = [r for r in played if r.winner is not None and r.winner != player_one_seat(r.index)]
    draws = len(played) - len(wins) - len(losses)
    intentions: dict[str, int] = {}
    for r in played:
        for rule, n in r.intentions.get(player_one_seat(r.index), {}).items():
            intentions[rule] = intentions.get(rule, 0) + n
    return Tally(
        games=len(records), excluded=len(records) - len(played), wins=len(wins), losses=len(losses), draws=draws,
        moves_to_win=_winner_moves(wins), moves_to_lose=_winner_moves(losses),
        intentions=intentions,
    )




def with_overrides(player: Player, assignments: tuple[str, ...]) -> Player:
    """``player`` with the ``name=value`` (or ``agent.name=value``) assignments it takes."""
    params = get_spec(player.agent).params_for(get_game("hive"))
    fields = param_fields(params)
    extra = []
    for text in assignments:
        name, value = split_assignment(text)
        scope, _, bare = name.rpartition(".")
        if scope and scope not in (player.agent, player.name):
            continue
        if bare in fields:
            extra.append((bare, value))
    if extra and params is not None:  # (an agent without parameters takes no extra)
        apply_overrides(params(), list(player.overrides) + extra)  # fail early on bad values
    return Player(player.agent, tuple(player.overrides) + tuple(extra), player.label)


def check_assignments(players: list[Player], assignments: tuple[str, ...]) -> None:
    """ParamError for an assignment that no player takes (a typo never silently does nothing)."""
    for text in assignments:
        name, _ = split_assignment(text)
        scope, _, bare = name.rpartition(".")
        takers = [p for p in players if (not scope or scope in (p.agent, p.name))
                  and bare in param_fields(get_spec(p.agent).params_for(get_game("hive")))]
        if not takers:
            names = ", ".join(sorted({p.name for p in players}))
            raise ParamError(f"no player takes parameter {name!r} (players: {names})")
