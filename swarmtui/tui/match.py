"""One game in progress as the TUI sees it: the position, an agent per seat, the seed.

Plain Python (no Textual), so the game screen stays a thin view and tests can drive a match
directly. Each seat's agent gets its own generator ``seat_rng(seed, seat)``, as in ``swarmtui
sim``: the same seed and the same agents replay the same game, also one from a result file.
A match records its moves in notation and each AI turn's trace, so it can be saved
(``tui.saved_game``) and rebuilt exactly (``Match.from_saved``).

A match at a table (``tables``: a game with players connected to the same ``swarmtui
serve``) has a ``TableLink``: the seats the link says are not ours are ``remote`` and played
by ``RemoteSeat`` agents that wait for the table; every move of ours is published to the
table as it is played (an AI's as soon as it is decided, see ``publish``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swarmtui.agents import get_spec, make_agent
from swarmtui.core.agent import Agent, close_agent, engines_played
from swarmtui.core.params import ParamError, apply_overrides
from swarmtui.core.rng import seat_rng
from swarmtui.core.saves import SaveError
from swarmtui.core.state import GameState, IllegalMoveError, NotationError, Termination
from swarmtui.core.trace import NoTrace, Trace, trace_from_json
from swarmtui.games import get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.tables.client import TableLink
from swarmtui.tables.remote_seat import RemoteSeat

SEED_RANGE = 1_000_000
"""Seeds drawn when the user gives none are small, so they are easy to read and retype."""


@dataclass(frozen=True)
class MatchConfig:
    """What the setup chose: the game, the agent id of every seat (in seat order), the seed,
    and each seat's parameter overrides as ``(name, value)`` pairs (empty: the paper defaults);
    ``rules``: the game's rule-variant overrides (Hive's ``game_type``), empty for the defaults."""

    game_id: str
    agents: tuple[str, ...]
    seed: int | None = None
    params: tuple[tuple[tuple[str, str], ...], ...] = ()
    rules: tuple[tuple[str, str], ...] = ()

    def with_seed(self) -> MatchConfig:
        """This config with a concrete seed (a fresh random one when none was given)."""
        if self.seed is not None:
            return self
        return MatchConfig(self.game_id, self.agents, secrets.randbelow(SEED_RANGE), self.params, self.rules)

    def overrides(self, index: int) -> tuple[tuple[str, str], ...]:
        """The parameter overrides of seat number ``index``."""
        return self.params[index] if index < len(self.params) else ()


class Match:
    """A running game: ``state`` plus the seats' agents, built from a seeded config.

    ``requested`` is the config as chosen (its seed may be None); ``config`` carries the seed
    actually used, so a restart of a seeded match replays it and an unseeded one varies.
    """

    def __init__(self, requested: MatchConfig, table: TableLink | None = None) -> None:
        self.requested = requested
        self.table = table
        self.remote: frozenset[str] = table.remote if table is not None else frozenset()
        self.config = requested.with_seed()
        spec = get_game(requested.game_id)
        if not spec.playable or spec.new_state is None:
            raise ValueError(f"{spec.title} is coming: it cannot be played yet")
        players = len(requested.agents)
        if players not in spec.player_counts:
            *most, last = map(str, spec.player_counts)
            raise ValueError(f"{spec.title} needs {', '.join(most) + ' or ' if most else ''}{last} players")
        self.title = spec.title
        rules = apply_overrides(spec.rules_type()(), requested.rules) if requested.rules else None
        self.state: GameState = spec.start(players, rules)
        self.agents: dict[str, Agent] = {}
        for i, (seat, agent_id) in enumerate(zip(spec.seats_for(players), requested.agents, strict=False)):
            if table is not None and seat in self.remote:  # played in another app, never built here
                self.agents[seat] = RemoteSeat(table, seat, trace_from_json)
            else:
                self.agents[seat] = make_agent(agent_id, spec.id, seat, seat_rng(self.seed, seat),
                                               self.config.overrides(i))
        self.moves: list[str] = []
        self.traces: dict[int, Trace] = {}
        self.save_path: Path | None = None
        self.diverged: list[str] = []
        """AI seats whose rebuilt agent chose differently from the save (see ``from_saved``)."""
        self.forfeit: tuple[str, str] | None = None
        """``(seat, reason)`` once a seat could not go on (an external engine that crashed,
        hung or played an illegal move): that seat has lost."""

    def resign(self, seat: str, reason: str) -> None:
        """``seat`` loses: its agent could not go on (``AgentForfeit``); its engine is stopped."""
        self.forfeit = (seat, reason)
        self.close()

    def close(self) -> None:
        """Stop what the agents hold (external engine processes); safe to call again."""
        for agent in self.agents.values():
            close_agent(agent)

    # -- playing and saving -----------------------------------------------------------------
    def play(self, move: object, trace: Trace | None = None) -> None:
        """Play ``move`` for the side to move, recording its notation and the AI's trace."""
        text = self.state.format_move(move)
        seat = self.state.to_move
        self.state.play(move)
        if trace is not None and not isinstance(trace, NoTrace):
            self.traces[len(self.moves)] = trace
        if seat not in self.remote:
            self.publish(text, trace)
        self.moves.append(text)

    def publish(self, move: str, trace: Trace | None = None) -> None:
        """Send our move of this ply to the table (once; nothing without a table).

        The game screen calls it as soon as an AI seat of ours has decided, so the other
        players see its reasoning while it is shown here too; ``play`` calls it again, which
        the link ignores."""
        if self.table is not None:
            payload = trace.to_json() if trace is not None and not isinstance(trace, NoTrace) else None
            self.table.publish(len(self.moves), move, payload)

    def to_saved(self) -> GameLog:
        """Everything ``from_saved`` needs to rebuild this match (``tui.saved_game``)."""
        params = {seat: dict(self.config.overrides(i)) for i, seat in enumerate(self.seats)
                  if self.config.overrides(i)}
        traces: list[dict[str, Any]] = [{"ply": ply, "trace": t.to_json()} for ply, t in sorted(self.traces.items())]
        table = None
        if self.table is not None and not self.table.watching:
            table = {"id": self.table.id, "mine": list(self.table.mine)}
        return GameLog(self.config.game_id, {seat: self.agent_id(seat) for seat in self.seats}, self.move_texts(),
                       self.seed, params, traces, result=self.result_text(), finished=self.is_over, table=table,
                       rules=dict(self.config.rules), engines=engines_played(self.agents))

    @classmethod
    def from_saved(cls, saved: GameLog, where: str, table: TableLink | None = None) -> Match:
        """Rebuild a saved match: same agents and seed, then every recorded move replayed.

        An AI seat re-decides each of its recorded turns before the move is played, so its
        generator and memory are where they were when the game was saved and it continues
        exactly as the unbroken game would have. Should a rebuilt agent choose differently (the
        agent's code or defaults changed since the save), the recorded move is played all the
        same and the seat is listed in ``diverged``: the position is exact, its agent's memory
        is then only as good as re-deciding made it. ``SaveError`` (naming ``where``) when the
        agents cannot be built or a move does not fit the rules. With a ``table``, seats played
        elsewhere are not re-decided (their agents run in other apps); nor are an external
        engine's (``AgentSpec.external``): it is told the whole game on its next turn. A save
        whose engine is recorded by a command line (an older swarmtui) is refused before anything
        is built, one naming an engine the owner did not declare when its agent is built:
        nothing runs.
        """
        refusal = engine_refusal(saved, table.remote if table is not None else frozenset())
        if refusal:
            raise SaveError(f"{where}: {refusal}")
        params = tuple(tuple(saved.params.get(seat, {}).items()) for seat in saved.players)
        config = MatchConfig(saved.game, tuple(saved.players.values()), saved.seed, params,
                             tuple(saved.rules.items()))  # the game's rule variants (Hive's game type)
        try:
            match = cls(config, table)
        except (ValueError, KeyError) as error:  # ParamError is a ValueError
            raise SaveError(f"{where}: {error}") from None
        if match.seats != tuple(saved.players):
            raise SaveError(f"{where} is damaged: seats {', '.join(saved.players)} do not fit {match.title}")
        for ply, text in enumerate(saved.moves):
            state = match.state
            seat = state.to_move
            try:
                move = state.parse_move(text)
                trace = None
                if not match.is_human(seat) and seat not in match.remote and not match.is_external(seat):
                    decision = match.agents[seat].decide(state.copy())
                    if state.format_move(decision.move) == text:
                        trace = decision.trace
                    elif seat not in match.diverged:
                        match.diverged.append(seat)
                match.play(move, trace)
            except (NotationError, IllegalMoveError, ValueError) as error:
                raise SaveError(f"{where}: move {ply + 1} ({text!r}) cannot be played: {error}") from None
        match.traces.update(_traces_of(saved))  # what was on screen then (e.g. search node counts)
        return match

    @property
    def seed(self) -> int:
        assert self.config.seed is not None
        return self.config.seed
    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.agents)

    def agent_id(self, seat: str) -> str:
        return self.config.agents[self.seats.index(seat)]

    def agent_title(self, seat: str) -> str:
        """The agent's title; a person at another terminal is named as the table knows them."""
        spec = get_spec(self.agent_id(seat))
        if spec.interactive and seat in self.remote:
            return (self.table.labels.get(seat) if self.table else None) or "a connected player"
        return spec.title

    def is_external(self, seat: str) -> bool:
        """Another program plays ``seat`` (an external engine: never re-decided)."""
        return get_spec(self.agent_id(seat)).external

    def is_human(self, seat: str) -> bool:
        """A person plays ``seat`` at this keyboard (not an AI, not somebody at another terminal)."""
        return get_spec(self.agent_id(seat)).interactive and seat not in self.remote

    @property
    def to_move(self) -> str:
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.outcome is not None or self.forfeit is not None

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.is_human(self.to_move)

    def result_text(self) -> str:
        """``"X wins (a1 b2 c3)"``, ``"Draw"``, or ``""`` while the game runs."""
        if self.forfeit is not None and self.state.outcome is None:
            seat, reason = self.forfeit
            others = [s for s in self.seats if s != seat]
            return f"{others[0] if len(others) == 1 else 'Nobody'} wins: {seat} forfeits ({reason})"
        outcome = self.state.outcome
        if outcome is None:
            return ""
        if outcome.winner is None:
            return "Draw" if outcome.termination is Termination.DRAW else outcome.summary()
        line = self.state.highlights()
        cells = f" ({' '.join(self.state.format_move(c) for c in line)})" if line else ""
        return f"{outcome.winner} wins{cells}"

    def move_texts(self) -> list[str]:
        """The moves played so far, in notation.

        Moves played on ``state`` directly (not through ``play``) are caught up from the
        state's history, each formatted in the position it was played in (Hive's notation
        names a neighbour, so it depends on the position).
        """
        history = self.state.history
        if len(history) != len(self.moves):
            spec = get_game(self.config.game_id)
            replay = spec.start(len(self.seats) if spec.seat_counts else None)
            self.moves = []
            for move in history:
                self.moves.append(replay.format_move(move))
                replay.play(move)
        return list(self.moves)


LEGACY_COMMAND = "command"
"""The ``uhp`` seat's parameter of older versions: the engine's command line, never run now."""


def engine_refusal(saved: GameLog, remote: frozenset[str] = frozenset()) -> str:
    """Why ``saved`` cannot be played on here (``""``: no such reason): a seat of ours (not one
    of the ``remote`` seats another app plays) whose external engine is recorded by its command
    line. (An engine name not declared here is refused when the seat's agent is built, as any
    parameter that does not fit.)"""
    for seat, agent in saved.players.items():
        if seat in remote:
            continue
        try:
            external = get_spec(agent).external
        except ParamError:
            continue  # an unknown agent: refused when the match is built
        if external and LEGACY_COMMAND in saved.params.get(seat, {}):
            return (f"{seat}'s external engine is recorded by its command line (a save of an older swarmtui); an "
                    "engine is now chosen by the name the machine's owner declared, so this game cannot be "
                    "resumed (nothing was run)")
    return ""


def _traces_of(saved: GameLog) -> dict[int, Trace]:
    """The saved AI turns' traces as objects (unreadable ones are left out)."""
    traces = {}
    for entry in saved.traces or ():
        try:
            traces[int(entry["ply"])] = trace_from_json(entry["trace"])
        except (KeyError, TypeError, ValueError):
            continue
    return traces
