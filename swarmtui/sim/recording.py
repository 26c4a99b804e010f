"""A logged game read back for replay: every position, and the trace of each AI turn as objects.

The same record shape serves result files of ``swarmtui sim --out`` (``"kind": "game"`` lines
read by ``sim.records.read_results``) and the TUI's saved games: ``game``, ``players`` (seat ->
agent id), ``moves`` in the game's notation, optional ``traces`` (``{"ply": i, "trace": {...}}``
with ``Trace.to_json()`` output) and, for Hive's immobile-opponent protocol, ``skips``.
``Recording.from_record`` replays the moves through the game's rules (so a damaged or foreign
record is one ``SaveError`` sentence) and ``trace_from_json`` rebuilds the trace dataclasses
so the TUI's deliberation panels can animate a logged turn exactly as a live one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

import swarmtui.agents  # noqa: F401  (registers every agent's trace kind for trace_from_json)
from swarmtui.core.saves import SaveError
from swarmtui.core.state import GameState, IllegalMoveError, NotationError
from swarmtui.core.trace import Trace, trace_from_json
from swarmtui.games import GAMES


@dataclass
class Recording:
    """A game replayed from its record: ``positions[i]`` is the board after ``i`` moves.

    ``labels[i]`` says what ply ``i`` did (``"X plays b2"``); ``traces[i]`` is the decision
    trace of ply ``i`` when the record kept one (absent otherwise); ``seats`` are in turn order.
    """

    game: str
    players: dict[str, str]
    moves: list[str]
    positions: list[GameState]
    labels: list[str]
    movers: list[str]
    traces: dict[int, Trace] = field(default_factory=dict)
    result: str = ""
    seed: int | None = None
    params: dict[str, dict[str, str]] = field(default_factory=dict)
    redecided: str = ""
    """After ``redecide``: what it did (``""`` before or when the record kept its traces)."""

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.positions[0].seats) if hasattr(self.positions[0], "seats") else tuple(self.players)

    @classmethod
    def from_record(cls, record: dict[str, Any], where: str) -> Recording:
        """Replay ``record``; ``SaveError`` naming ``where`` when anything does not fit."""
        game = record.get("game")
        if game not in GAMES or GAMES[game].new_state is None:
            raise SaveError(f"{where}: unknown or unplayable game {game!r}")
        spec = GAMES[game]
        players = record.get("players")
        if not isinstance(players, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in players.items()):
            raise SaveError(f"{where}: 'players' is not a map of seat to agent")
        moves = record.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SaveError(f"{where}: 'moves' is not a list of move strings")
        skips = set(record.get("skips") or ())
        try:
            state = spec.start(len(players) if spec.seat_counts else None)
        except ValueError as error:
            raise SaveError(f"{where}: {error}") from None
        positions, labels, movers = [state.copy()], [], []
        for ply, text in enumerate(moves):
            seat = state.to_move
            if ply in skips and spec.skip_turn is not None:
                spec.skip_turn(state)
                labels.append(f"{seat} is immobile (turn skipped)")
            else:
                try:
                    state.play(state.parse_move(text))
                except (NotationError, IllegalMoveError, ValueError) as error:
                    raise SaveError(f"{where}: move {ply + 1} ({text!r}) cannot be played: {error}") from None
                labels.append(f"{seat} plays {text}")
            movers.append(seat)
            positions.append(state.copy())
        traces: dict[int, Trace] = {}
        for entry in record.get("traces") or ():
            if isinstance(entry, dict) and isinstance(entry.get("ply"), int):
                try:
                    traces[entry["ply"]] = trace_from_json(entry.get("trace", {}))
                except ValueError:
                    continue  # a trace this swarmtui cannot read: the move still replays
        seed = record.get("seed")
        given = record.get("params")
        params: dict[str, Any] = given if isinstance(given, dict) else {}
        return cls(game, dict(players), list(moves), positions, labels, movers, traces,
                   result=_result(record, state), seed=seed if isinstance(seed, int) else None,
                   params={s: dict(p) for s, p in params.items() if isinstance(p, dict)})

    def redecide(self, stop: Callable[[], bool] = lambda: False) -> int:
        """Rebuild the missing traces by letting each AI seat decide its turns again.

        A ``swarmtui sim`` game is a pure function of its seed: each seat's agent is built with
        ``seat_rng(seed, seat)`` and its parameter overrides (``sim.match.play_match``), so
        deciding every AI turn again in order gives the very moves of the record, and with them
        the traces the file did not keep. The first turn that comes out differently (another
        swarmtui version, a game that did not start from the usual position) ends the rebuild:
        later turns keep no trace. Returns how many traces were rebuilt; ``redecided`` says it.
        ``stop()`` is polled between turns (a worker being cancelled).
        """
        from swarmtui.agents import get_spec, make_agent
        from swarmtui.core.rng import seat_rng

        if self.seed is None:
            self.redecided = "no seed in the record: the reasoning cannot be rebuilt"
            return 0
        try:
            agents = {seat: make_agent(agent, self.game, seat, seat_rng(self.seed, seat),
                                       tuple(self.params.get(seat, {}).items()))
                      for seat, agent in self.players.items() if not get_spec(agent).interactive}
        except (ValueError, OSError, SaveError) as error:  # ParamError is a ValueError
            self.redecided = f"the agents cannot be rebuilt: {error}"
            return 0
        rebuilt = 0
        for ply, (seat, text) in enumerate(zip(self.movers, self.moves, strict=False)):
            if stop():
                break
            if seat not in agents or ply in self.traces:
                continue
            state = self.positions[ply]
            decision = agents[seat].decide(state.copy())
            if state.format_move(decision.move) != text:
                self.redecided = f"re-deciding from the seed differs at move {ply + 1}: no reasoning from there on"
                return rebuilt
            self.traces[ply] = decision.trace
            rebuilt += 1
        self.redecided = f"reasoning rebuilt from the seed for {rebuilt} AI moves"
        return rebuilt


def _result(record: dict[str, Any], state: GameState) -> str:
    outcome = state.outcome
    if outcome is not None:
        return f"{outcome.winner} wins ({outcome.reason})" if outcome.winner else outcome.reason
    return str(record.get("result") or "game not finished")
