"""One game in progress as the TUI sees it: the game's referee, the seed, the traces on show.

Plain Python (no Textual), so the game screen stays a thin view and tests can drive a match
directly. The game is played by a ``referee.Referee`` (the same loop as ``swarmtui sim``): each
seat's agent gets its own generator ``seat_rng(seed, seat)``, so the same seed and the same
agents replay the same game, also one from a result file; the screen asks the referee to
``think`` in a worker and plays the answer (``play_turn``) once its deliberation was shown.
A match records its moves in notation and each AI turn's trace, so it can be saved
(``tui.saved_game``) and rebuilt exactly (``Match.from_saved``).

A match at a table (``tables``: a game with players connected to the same ``swarmtui
serve``) has a ``TableLink``: the seats the link says are not ours are ``remote`` and played
by ``RemoteSeat`` agents that wait for the table; every move of ours is published to the
table as it is played (an AI's as soon as it is decided, see ``publish``).
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from swarmtui.agents import get_spec
from swarmtui.core.agent import Agent, close_agent, engines_played
from swarmtui.core.clock import TimeControl
from swarmtui.core.params import ParamError
from swarmtui.core.saves import SaveError
from swarmtui.core.state import GameState, IllegalMoveError, NotationError, Termination
from swarmtui.core.trace import NoTrace, Trace, trace_from_json
from swarmtui.games import GameSpec, get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.referee import DrawAnswer, Referee, Seat, Turn, answer_draw, build_coach, coach_seat, rules_object
from swarmtui.tables.client import TableLink
from swarmtui.tables.remote_seat import RemoteSeat

SEED_RANGE = 1_000_000
"""Seeds drawn when the user gives none are small, so they are easy to read and retype."""
COACH_OFF = "off"
"""``MatchConfig.coach`` of a game without a coach."""


@dataclass(frozen=True)
class MatchConfig:
    """What the setup chose: the game, the agent id of every seat (in seat order), the seed,
    and each seat's parameter overrides as ``(name, value)`` pairs (empty: the paper defaults);
    ``rules``: the game's rule-variant overrides (Hive's ``game_type``), empty for the defaults;
    ``coach``: the agent that coaches the people at this keyboard (None: the game's default,
    ``COACH_OFF``: none); ``clock``: the game's time control (``TimeControl()``: no clock);
    ``position``: where the game starts, in the game's position notation (``GameSpec.position``;
    empty: the game's own start)."""

    game_id: str
    agents: tuple[str, ...]
    seed: int | None = None
    params: tuple[tuple[tuple[str, str], ...], ...] = ()
    rules: tuple[tuple[str, str], ...] = ()
    coach: str | None = None
    clock: TimeControl = TimeControl()
    position: str = ""

    def with_seed(self) -> MatchConfig:
        """This config with a concrete seed (a fresh random one when none was given)."""
        if self.seed is not None:
            return self
        return replace(self, seed=secrets.randbelow(SEED_RANGE))

    def overrides(self, index: int) -> tuple[tuple[str, str], ...]:
        """The parameter overrides of seat number ``index``."""
        return self.params[index] if index < len(self.params) else ()


class Match:
    """A running game as the TUI plays it: the game's ``referee`` (position, agents, record) and
    what the screen adds, the trace objects on show, the table and the save file.

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
        seats = [Seat(seat, agent_id, self.config.overrides(i))
                 for i, (seat, agent_id) in enumerate(zip(spec.seats_for(players), requested.agents, strict=False))]
        elsewhere: dict[str, Agent] = {}
        if table is not None:  # (remote seats exist only at a table): played in another app, never built here
            elsewhere = {seat: RemoteSeat(table, seat, trace_from_json) for seat in self.remote}
        self.referee = Referee.seated(spec.id, seats, self.seed, rules=requested.rules, isolate=True,
                                      elsewhere=elsewhere, time_control=requested.clock,
                                      state=set_up(spec, requested, players))
        self.start = self.referee.state.copy()
        """The position the game started from (the game's start, or the one set up)."""
        self.traces: dict[int, Trace] = {}
        off = requested.coach == COACH_OFF or (table is not None and not table.coach)
        self.coach: Seat | None = None if off else coach_seat(spec.id, requested.coach)
        """The coach's agent and overrides (None: no coach in this game, or at a table not opened
        with one: everyone at a table must have agreed to a coach)."""
        self.coaches: dict[str, Agent] = {}
        """The coach's agent of each seat that asked (built on first use, with its own generator)."""
        self.coach_lock = threading.Lock()
        """Held while a coach thinks: a cancelled coach finishes before the next one starts."""
        self.hints: dict[str, int] = {}
        """How many times each seat asked the coach (saved with the game, shown at its end)."""
        self.save_path: Path | None = None
        self.diverged: list[str] = []
        """AI seats whose rebuilt agent chose differently from the save (see ``from_saved``)."""
        self.resumed = False
        """True for a game the player resumed from its save (the panel says so); False for a new
        game, one rebuilt by a takeback and one joined at a table."""
        self.redo: list[str] = []
        """Moves taken back (in notation, in the order they were played) that ``redo`` plays
        again; a new move clears them."""

    @property
    def state(self) -> GameState:
        return self.referee.state

    @state.setter
    def state(self, position: GameState) -> None:
        """Play on from ``position`` instead (a position set up by a test)."""
        self.referee.state = position
        self.start = position.copy()

    @property
    def agents(self) -> dict[str, Agent]:
        return self.referee.agents

    @property
    def moves(self) -> list[str]:
        """The moves played, in notation (the referee's record)."""
        return self.referee.moves

    @property
    def forfeit(self) -> tuple[str, str] | None:
        """``(seat, reason)`` once a seat could not go on (an agent that crashed, an external
        engine that failed, an illegal move): that seat has lost."""
        return self.referee.forfeited

    def close(self) -> None:
        """Stop what the agents hold (external engine processes); safe to call again."""
        self.referee.close()
        for agent in self.coaches.values():
            close_agent(agent)

    # -- the coach ----------------------------------------------------------------------------
    def coach_agent(self, seat: str) -> Agent:
        """The coach of the person at ``seat`` (``ValueError`` when this game has none)."""
        if self.coach is None:
            raise ValueError("this game has no coach")
        if seat not in self.coaches:
            self.coaches[seat] = build_coach(self.config.game_id, self.coach, seat, self.seed)
        return self.coaches[seat]

    def coach_title(self) -> str:
        """``"Alpha-beta"``: the coach's agent as people know it ("" without a coach)."""
        return get_spec(self.coach.agent).title if self.coach is not None else ""

    def hint_text(self) -> str:
        """``"hints: 1 used 3"`` for the end of the game ("" when nobody asked the coach)."""
        used = [f"{seat} used {n}" for seat, n in self.hints.items() if n]
        return f"hints: {', '.join(used)}" if used else ""

    # -- the end of a game ------------------------------------------------------------------
    def my_seat(self) -> str | None:
        """The seat a person at this keyboard plays now: the side to move when it is theirs,
        else their only seat (None when nobody here plays, or several seats and none to move)."""
        if self.human_to_move:
            return self.to_move
        mine = [seat for seat in self.seats if self.is_human(seat)]
        return mine[0] if len(mine) == 1 else None

    def resign(self, seat: str) -> None:
        """``seat`` resigns: the game ends (``ValueError`` when it is over already)."""
        self.referee.resign(seat)

    def draw_refusal(self) -> str:
        """Why no draw can be offered now (``""``: one can)."""
        if self.is_over:
            return "the game is over"
        if len(self.seats) != 2:
            return f"draws by agreement need two players; this game has {len(self.seats)}: resign or play on"
        return ""

    def opponent(self, seat: str) -> str:
        """The other seat of a two-player game."""
        return next(other for other in self.seats if other != seat)

    def answer_draw(self, seat: str) -> DrawAnswer:
        """How the computer seat opposite ``seat`` answers ``seat``'s draw offer (its search,
        ``referee.draw_offer``; slow for a moment: call it off the event loop)."""
        return answer_draw(self.config.game_id, self.state.copy(), self.opponent(seat), self.seed)

    def agree_draw(self, seat: str) -> None:
        """``seat`` offered a draw and the other seat accepted: the game is drawn."""
        self.referee.offer_draw(seat)
        self.referee.accept_draw(self.opponent(seat))

    def redo_count(self) -> int:
        """How many moves of ``redo`` the next redo plays: the person's move taken back and the
        replies of the seats not played at this keyboard that followed it (0: nothing to redo)."""
        state = self.state.copy()
        count = 0
        for text in self.redo:
            if count and self.is_human(state.to_move):
                break
            state.play(state.parse_move(text))
            count += 1
        return count

    # -- playing and saving -----------------------------------------------------------------
    def play(self, move: object, trace: Trace | None = None, seconds: float | None = None) -> None:
        """Play ``move`` for the side to move (a person's, or a recorded one), recording its
        notation and the AI's trace; ``IllegalMoveError`` when it is not legal. With a clock,
        ``seconds`` (default: the time the seat has thought) are charged, and a flag that falls
        first ends the game on time instead. A new move clears the moves a takeback kept for redo."""
        seat = self.to_move
        before = len(self.moves)
        self.referee.play(move, seconds=seconds)
        self.redo.clear()
        if len(self.moves) > before:
            self._played(seat, trace)

    def play_turn(self, turn: Turn) -> None:
        """Play an AI seat's answer (``Referee.think``) once it has been shown: its move, or the
        forfeit it is (a crash, an engine's fault, an illegal move)."""
        before = len(self.moves)
        self.referee.play_turn(turn)
        if len(self.moves) > before and turn.decision is not None:
            self._played(turn.seat, turn.decision.trace)

    def _played(self, seat: str, trace: Trace | None) -> None:
        ply = len(self.moves) - 1
        if trace is not None and not isinstance(trace, NoTrace):
            self.traces[ply] = trace
        if seat not in self.remote:
            self.publish(self.moves[ply], trace, ply)

    def publish(self, move: str, trace: Trace | None = None, ply: int | None = None) -> None:
        """Send our move of ply ``ply`` (default: the one to be played now) to the table (once;
        nothing without a table).

        The game screen calls it as soon as an AI seat of ours has decided, so the other
        players see its reasoning while it is shown here too; ``play`` calls it again, which
        the link ignores."""
        if self.table is not None:
            payload = trace.to_json() if trace is not None and not isinstance(trace, NoTrace) else None
            self.table.publish(len(self.moves) if ply is None else ply, move, payload)

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
                       rules=dict(self.config.rules), engines=engines_played(self.agents),
                       coach=COACH_OFF if self.coach is None else self.config.coach or "",
                       hints={s: n for s, n in self.hints.items() if n}, clock=self.clock_record(),
                       start=self.config.position)

    @property
    def timed(self) -> bool:
        """The game has a clock."""
        return bool(self.referee.clocks)

    def clock_record(self) -> dict[str, Any] | None:
        """The clocks as a save keeps them (None without a clock): the ``control`` in seconds
        (``"300+3"``), the seconds ``spent`` on each move, the side to move's ``thinking`` so far
        and, for people reading the file, the time ``left`` on each clock."""
        referee = self.referee
        if not referee.clocks:
            return None
        return {"control": str(referee.time_control), "spent": list(referee.spent),
                "thinking": round(referee.thinking(), 3) if not referee.is_over else 0.0,
                "left": {seat: round(referee.remaining(seat) or 0.0, 3) for seat in self.seats}}

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
        clock = saved.clock or {}
        try:
            control = TimeControl.parse(clock.get("control", "none"))
        except ParamError as error:
            raise SaveError(f"{where} is damaged: its clock: {error}") from None
        config = MatchConfig(saved.game, tuple(saved.players.values()), saved.seed, params,
                             tuple(saved.rules.items()),  # the game's rule variants (Hive's game type)
                             saved.coach or None, control, saved.start)
        try:
            match = cls(config, table)
        except (ValueError, KeyError) as error:  # ParamError is a ValueError
            raise SaveError(f"{where}: {error}") from None
        if match.seats != tuple(saved.players):
            raise SaveError(f"{where} is damaged: seats {', '.join(saved.players)} do not fit {match.title}")
        spent = clock.get("spent", [])
        match.referee.pause()  # the clocks stand still until the game is on screen again
        for ply, text in enumerate(saved.moves):
            try:
                seconds = spent[ply] if ply < len(spent) else 0.0
                match.play(match.state.parse_move(text), match._redecided(text), seconds)
            except (NotationError, IllegalMoveError, ValueError) as error:
                raise SaveError(f"{where}: move {ply + 1} ({text!r}) cannot be played: {error}") from None
            if len(match.moves) <= ply:
                raise SaveError(f"{where} is damaged: its clock falls at move {ply + 1}")
        if len(spent) == len(saved.moves):  # a save cut short (a takeback) thinks afresh
            match.referee.set_thinking(float(clock.get("thinking", 0.0)))
        match.traces.update(_traces_of(saved))  # what was on screen then (e.g. search node counts)
        match.hints = dict(saved.hints)
        return match

    def _redecided(self, text: str) -> Trace | None:
        """The trace of the side to move re-deciding the recorded move ``text`` (None for a seat
        not asked here; for one that now chooses differently, which joins ``diverged``)."""
        seat = self.to_move
        if not self.referee.asks(seat) or seat in self.remote or self.is_external(seat) or self.timed:
            return None  # (a timed seat's choices depended on its clock's budget: it thinks afresh)
        turn = self.referee.think()
        if turn.decision is not None and self.state.format_move(turn.decision.move) == text:
            return turn.decision.trace
        if seat not in self.diverged:
            self.diverged.append(seat)
        return None

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
        return self.referee.is_over

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.is_human(self.to_move)

    def result_text(self) -> str:
        """``"X wins (a1 b2 c3)"``, ``"Draw"``, ``"O wins: X forfeits (...)"``, or ``""`` while the game runs."""
        ending = self.referee.ending
        if ending is not None and self.state.outcome is None:
            if self.forfeit is not None:
                seat, reason = self.forfeit
                return f"{ending.winner or 'Nobody'} wins: {seat} forfeits ({reason})"
            return ending.summary()
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
        history = self.state.history[len(self.start.history):]
        if len(history) != len(self.moves):
            replay = self.start.copy()
            self.moves.clear()
            for move in history:
                self.moves.append(replay.format_move(move))
                replay.play(move)
        return list(self.moves)


def set_up(spec: GameSpec, config: MatchConfig, players: int) -> GameState | None:
    """The position ``config`` starts from (None: the game's own start); ``ValueError`` with one
    sentence when it is not a position of this game for ``players`` players, or is over."""
    if not config.position:
        return None
    state = spec.position_to_play(config.position, rules_object(spec, config.rules))
    if len(state.seats) != players:
        raise ValueError(f"the position is a game of {len(state.seats)} players, not {players}")
    return state


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
