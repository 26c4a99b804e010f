"""The referee: one loop that plays a game, whichever face asked for it.

A :class:`Referee` holds the position, each seat's agent (built once, from the game's seed) and
the game's record. It asks the side to move for its decision (:meth:`Referee.think`, within the
budget its clock allows), checks and plays it (:meth:`Referee.play_turn`), and writes down the
move in the game's notation, the trace and the thinking time. Whatever goes wrong with a seat
ends the game with a reason: an agent that crashes or whose engine fails forfeits, a move that
is not legal forfeits, a clock that runs out loses on time. A seat may resign, and the seats may
agree a draw (:meth:`offer_draw`, :meth:`accept_draw`). The game's log is the one ``GameLog``
that result files, saves and replays share (:meth:`Referee.log`).

It is steppable: ``sim`` calls :meth:`run` (to the end or ``max_plies``, closing every agent
whatever happens); the TUI and the tables call :meth:`think` in a worker thread and
:meth:`play_turn` on their own thread once the deliberation has been shown, and :meth:`play`
for a move that arrives from a person. ``think`` changes nothing in the referee, so a view may
draw the position while an agent thinks (with ``isolate``, the agent thinks on a copy).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from swarmtui.core.agent import Agent, AgentForfeit, TurnAbandoned, close_agent, engines_played
from swarmtui.core.clock import Budgeting, Clock, TimeControl
from swarmtui.core.limits import Limit
from swarmtui.core.params import apply_overrides
from swarmtui.core.state import GameState, IllegalMoveError, Outcome, Termination
from swarmtui.core.trace import Decision, Trace
from swarmtui.games import GameSpec, get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.referee.advice import consult
from swarmtui.referee.seating import Seat, build_agents

NO_CLOCK = TimeControl()


@dataclass(frozen=True)
class Turn:
    """A seat's answer for ply ``ply``: its ``decision``, or the reason it ``forfeits`` (empty when
    it decided); ``seconds`` of wall-clock and ``cpu`` seconds of this process spent thinking."""

    seat: str
    ply: int
    decision: Decision | None
    seconds: float
    cpu: float
    forfeits: str = ""


def rules_object(game: GameSpec, rules: Sequence[tuple[str, str]]) -> Any:
    """The game's rules with the ``(name, value)`` overrides (None: the defaults)."""
    return apply_overrides(game.rules_type()(), rules) if rules else None


class Referee:
    """One game between seats: see the module docstring.

    ``agents`` are the seats that decide (a seat without one, such as Hive's immobile opponent,
    is played from outside with :meth:`play` or :meth:`skip`); ``outside`` names seats whose
    agent must never be asked (a person at the keyboard). ``players`` label the seats in the log
    (agent ids by default), ``params`` are each seat's overrides as logged.
    """

    def __init__(self, game: GameSpec, state: GameState, agents: Mapping[str, Agent], *,
                 seed: int | None = None, players: Mapping[str, str] | None = None,
                 params: Mapping[str, Mapping[str, str]] | None = None, rules: Sequence[tuple[str, str]] = (),
                 outside: Sequence[str] = (), time_control: TimeControl = NO_CLOCK,
                 budgeting: Budgeting = Budgeting(), keep_traces: bool = False, isolate: bool = False,
                 max_plies: int | None = None, timer: Callable[[], float] = time.perf_counter) -> None:
        self.game = game
        self.state = state
        self.agents: dict[str, Agent] = dict(agents)
        self.seed = seed
        self.players = dict(players) if players is not None else {s: a.id for s, a in self.agents.items()}
        self.params = {seat: dict(p) for seat, p in (params or {}).items() if p}
        self.rules = dict(rules)
        self.outside = frozenset(outside)
        self.time_control = time_control
        self.budgeting = budgeting
        self.isolate = isolate
        self.max_plies = max_plies
        self.timer = timer
        """The clocks' time source in seconds (``time.perf_counter``; a test may give a fake one)."""
        self.prepared = False
        """Whether the game's ``prepare`` has run (before the first computer turn)."""
        seats = self.seats
        self.clocks = {seat: Clock(time_control) for seat in seats} if time_control.timed else {}
        self.moves: list[str] = []
        self.trace_log: list[dict[str, Any]] | None = [] if keep_traces else None
        self.think_seconds = {seat: 0.0 for seat in seats}
        self.think_cpu = {seat: 0.0 for seat in seats}
        self.decisions = {seat: 0 for seat in seats}
        self.skips: list[int] | None = None
        self.ending: Outcome | None = None
        """How the game ended outside its rules (forfeit, resignation, time, agreed draw)."""
        self.forfeited: tuple[str, str] | None = None
        """``(seat, reason)`` of a seat that forfeited."""
        self.draw_agreed: set[str] = set()
        """The seats that offered or accepted a draw since the last move (a move ends the offer)."""
        self.spent: list[float] = []
        """The seconds charged to each ply's seat (what rebuilds the clocks of a saved game)."""
        self.started = timer()
        self.turn_started = self.started
        self.paused_at: float | None = None
        """When the clocks were stopped (:meth:`pause`; None: they run)."""

    @classmethod
    def seated(cls, game_id: str, seats: Sequence[Seat], seed: int, *, rules: Sequence[tuple[str, str]] = (),
               state: GameState | None = None, players: Mapping[str, str] | None = None,
               elsewhere: Mapping[str, Agent] | None = None, **options: Any) -> Referee:
        """The referee of a new game of ``game_id`` between ``seats``, each seat's agent built once
        with ``seat_rng(seed, seat)``; people's seats (``interactive`` agents) are played from
        outside. ``state``: another start than the game's (an experiment's board); ``elsewhere``:
        the agents of seats played in another app (a table's), asked but never built here."""
        from swarmtui.agents import get_spec

        spec = get_game(game_id)
        start = state if state is not None else spec.start(len(seats), rules_object(spec, rules))
        given = dict(elsewhere or {})
        built = build_agents(game_id, [s for s in seats if s.name not in given], seed)
        agents = {s.name: given[s.name] if s.name in given else built[s.name] for s in seats}
        return cls(spec, start, agents, seed=seed, players=players or {s.name: s.agent for s in seats},
                   params={s.name: dict(s.overrides) for s in seats}, rules=rules,
                   outside=[s.name for s in seats if s.name not in given and get_spec(s.agent).interactive],
                   **options)

    # -- the position -------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.state.seats)

    @property
    def to_move(self) -> str:
        return self.state.to_move

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (by its rules, or the ``ending`` outside them); None while it runs."""
        return self.ending or self.state.outcome

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def reached_max_plies(self) -> bool:
        """``max_plies`` moves have been played (a game still running then is stopped, unfinished)."""
        return self.max_plies is not None and len(self.moves) >= self.max_plies

    def asks(self, seat: str) -> bool:
        """Whether the referee asks ``seat``'s agent for its moves (not a person, not a skipped seat)."""
        return seat in self.agents and seat not in self.outside

    # -- turns --------------------------------------------------------------------------------
    def limit(self, seat: str, stop: threading.Event | None = None) -> Limit | None:
        """The budget ``seat`` thinks within: from its clock (None without a clock: the agent's own)."""
        if not self.clocks:
            return None
        return Limit(time=self.budget(seat), stop=stop)

    def budget(self, seat: str) -> float | None:
        """Seconds ``seat`` may think for its next move, by ``budgeting`` (None: no clock)."""
        clock = self.clocks.get(seat)
        return None if clock is None else self.budgeting.budget(self.time_control, clock.remaining)

    def think(self, stop: threading.Event | None = None) -> Turn:
        """Ask the side to move for its decision (changes nothing here: :meth:`play_turn` plays it).

        An agent that raises ``AgentForfeit`` or crashes answers a :class:`Turn` that forfeits
        with the reason; ``TurnAbandoned`` (a closed table) and stop signals pass through."""
        seat = self.to_move
        if self.is_over:
            raise ValueError("the game is over: nobody is to move")
        if not self.asks(seat):
            raise ValueError(f"{seat}'s moves come from outside the referee")
        return self._think(seat, stop)

    def _think(self, seat: str, stop: threading.Event | None = None) -> Turn:
        if not self.prepared:
            self.prepared = True
            if self.game.prepare is not None:
                self.game.prepare()  # before any clock: it is not the seat's thinking
        state = self.state.copy() if self.isolate else self.state
        self.begin_turn()  # the side to move's clock shows its thinking, not a view's pause before it
        limit = self.limit(seat, stop) if self.clocks else None
        ply = len(self.moves)
        cpu = time.process_time()
        decision: Decision | None = None
        reason = ""
        try:
            decision = consult(self.agents[seat], state, limit)
        except (TurnAbandoned, KeyboardInterrupt):
            raise
        except AgentForfeit as error:
            reason = str(error)
        except Exception as error:  # noqa: BLE001 - an agent's crash is its seat's loss, not the app's
            reason = f"crashed ({type(error).__name__}: {error})"
        # the seconds it thought: since begin_turn, its clock's pauses left out (the app suspended)
        return Turn(seat, ply, decision, self.thinking(), time.process_time() - cpu, reason)

    def play_turn(self, turn: Turn) -> None:
        """Play what ``turn`` decided: its thinking time is charged, and a forfeit, a flag that
        fell or a move that is not legal ends the game instead."""
        if turn.ply != len(self.moves) or turn.seat != self.to_move or self.is_over:
            raise ValueError(f"a stale turn: {turn.seat}'s answer for ply {turn.ply + 1}")
        self._play_turn(turn)

    def _play_turn(self, turn: Turn) -> None:
        self.think_seconds[turn.seat] += turn.seconds
        self.think_cpu[turn.seat] += turn.cpu
        if turn.decision is None:
            self.forfeit(turn.seat, turn.forfeits)
            return
        self.decisions[turn.seat] += 1
        try:
            self._play(turn.decision.move, turn.decision.trace, turn.seconds)
        except (IllegalMoveError, ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
            self.forfeit(turn.seat, f"illegal move ({error})")

    def step(self, stop: threading.Event | None = None) -> Turn:
        """Ask the side to move and play its answer."""
        turn = self.think(stop)
        self.play_turn(turn)
        return turn

    def play(self, move: object, trace: Trace | None = None, *, seconds: float | None = None) -> None:
        """Play ``move`` for the side to move (a person's, the table's, an opening's, an agent's
        through :meth:`play_turn`): ``IllegalMoveError`` when it is not legal, and nothing changes.

        With a clock, ``seconds`` (default: the time since the turn began) are charged first: a
        flag that falls loses on time and the move is not played."""
        if self.is_over:
            raise IllegalMoveError("the game is over")
        self._play(move, trace, seconds)

    def _play(self, move: object, trace: Trace | None, seconds: float | None) -> None:
        seat = self.to_move
        text = self.state.format_move(move)
        spent = self.thinking() if seconds is None else seconds
        if self.clocks and spent > self.clocks[seat].remaining:
            self.lose_on_time(seat)
            return
        self.state.play(move)  # IllegalMoveError (every game's play checks): nothing has changed
        if self.clocks:
            self.clocks[seat].charge(spent)
        if self.trace_log is not None and trace is not None:
            self.trace_log.append({"ply": len(self.moves), "seat": seat, "trace": trace.to_json()})
        self.moves.append(text)
        self.spent.append(round(spent, 3))
        self.draw_agreed.clear()  # a move ends a draw offer: the offerer's lapses it, another's declines it
        self.begin_turn()

    def skip(self) -> None:
        """The side to move skips its turn (an experiment protocol's immobile seat, the game's
        ``skip_turn``); the ply is listed in the log's ``skips``."""
        if self.game.skip_turn is None:
            raise ValueError(f"{self.game.title} has no turn to skip")
        self.skips = (self.skips or []) + [len(self.moves)]
        self.game.skip_turn(self.state)
        self.moves.append(self.state.format_move(self.state.history[-1]))
        self.spent.append(0.0)
        self.begin_turn()

    def run(self, stop: Callable[[], bool] = lambda: False, index: int | None = None) -> GameLog:
        """Play to the end (or ``max_plies``, or until ``stop()``), close every agent whatever
        happens, and return the log (``index``: the game's number in its batch)."""
        try:
            while not self.is_over and not self.reached_max_plies and not stop():
                seat = self.to_move
                if not self.asks(seat):
                    raise ValueError(f"{seat}'s moves come from outside the referee: it cannot run alone")
                self._play_turn(self._think(seat))  # (the checks of think and play_turn hold here)
        finally:
            self.close()
        return self.log(index)

    # -- endings outside the rules -------------------------------------------------------------
    def _end(self, seat: str, reason: str, termination: Termination) -> None:
        others = [s for s in self.seats if s != seat]
        self.ending = Outcome(others[0] if len(others) == 1 else None, reason, termination)
        self.close()  # an engine stops with its game

    def forfeit(self, seat: str, reason: str) -> None:
        """``seat`` could not go on (a crash, an engine's fault, an illegal move): it loses."""
        self.forfeited = (seat, reason)
        self._end(seat, f"{seat} forfeits: {reason}", Termination.ENGINE_ERROR)

    def resign(self, seat: str) -> None:
        """``seat`` resigns: the other seat of a two-player game wins (with more, nobody does)."""
        self._check_running(seat)
        self._end(seat, f"{seat} resigns", Termination.RESIGNATION)

    def offer_draw(self, seat: str) -> None:
        """``seat`` offers a draw; it stands until the next move (the offerer's lapses it, any
        other seat's declines it)."""
        self._check_running(seat)
        self.draw_agreed.add(seat)

    def accept_draw(self, seat: str) -> bool:
        """``seat`` agrees to the draw offered; True when every seat has agreed (the game is drawn)."""
        self._check_running(seat)
        if not self.draw_agreed - {seat}:
            raise ValueError("no draw has been offered")
        self.draw_agreed.add(seat)
        if self.draw_agreed >= set(self.seats):
            self.ending = Outcome(None, "draw agreed", Termination.AGREEMENT)
            self.close()
            return True
        return False

    def decline_draw(self, seat: str) -> None:
        """``seat`` turns the offer down."""
        self.draw_agreed.clear()

    def _check_running(self, seat: str) -> None:
        if self.is_over:
            raise ValueError("the game is over")
        if seat not in self.seats:
            raise ValueError(f"{seat} is not a seat of this game")

    # -- clocks -------------------------------------------------------------------------------
    def lose_on_time(self, seat: str) -> None:
        """``seat``'s flag fell: it loses on time."""
        self.clocks[seat].fallen = True
        self.clocks[seat].remaining = 0.0
        self._end(seat, f"{seat} lost on time", Termination.TIME)

    def remaining(self, seat: str) -> float | None:
        """What ``seat``'s clock shows now, counting the side to move's thinking (None: no clock)."""
        clock = self.clocks.get(seat)
        if clock is None:
            return None
        return clock.left(self.thinking() if seat == self.to_move and not self.is_over else 0.0)

    def thinking(self) -> float:
        """Seconds the side to move has had on its clock this turn (the pauses left out)."""
        now = self.paused_at if self.paused_at is not None else self.timer()
        return max(0.0, now - self.turn_started)

    def set_thinking(self, seconds: float) -> None:
        """The side to move has already thought ``seconds`` this turn (a resumed game's clock)."""
        now = self.paused_at if self.paused_at is not None else self.timer()
        self.turn_started = now - seconds

    def pause(self) -> None:
        """Stop the clocks (the person is away: the app suspended, the game screen hidden)."""
        if self.paused_at is None:
            self.paused_at = self.timer()

    def resume(self) -> None:
        """Start the clocks again where :meth:`pause` stopped them."""
        if self.paused_at is not None:
            self.turn_started += self.timer() - self.paused_at
            self.paused_at = None

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def begin_turn(self) -> None:
        """The side to move's turn (and its clock) starts now: after a move, when an agent is
        asked, or when a view first shows a new game."""
        self.turn_started = self.timer()
        if self.paused_at is not None:
            self.paused_at = self.turn_started

    def check_time(self) -> bool:
        """For a view's timer while a person thinks: True (and the game lost on time) when the side
        to move's clock has run out."""
        if not self.clocks or self.is_over or self.remaining(self.to_move):
            return False
        self.lose_on_time(self.to_move)
        return True

    # -- the record ---------------------------------------------------------------------------
    def close(self) -> None:
        """Release what the agents hold (external engines); safe to call again."""
        for agent in self.agents.values():
            close_agent(agent)

    def __enter__(self) -> Referee:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def log(self, index: int | None = None, extra: Mapping[str, Any] | None = None) -> GameLog:
        """The game's record as a result line (``index``: its number in the batch)."""
        outcome = self.outcome
        winner = outcome.winner if outcome else None
        reason = outcome.reason if outcome else f"stopped after {len(self.moves)} plies"
        drawn = outcome is not None and outcome.termination in (
            Termination.DRAW, Termination.AGREEMENT, Termination.MOVE_CAP)
        return GameLog(
            index=index, seed=self.seed, game=self.game.id, players=dict(self.players), moves=list(self.moves),
            winner=winner, result=f"{winner} wins" if winner else ("draw" if drawn else "unfinished"), reason=reason,
            plies=len(self.moves), seconds=round(self.timer() - self.started, 6),
            think_seconds={k: round(v, 6) for k, v in self.think_seconds.items()}, params=dict(self.params),
            traces=self.trace_log, skips=self.skips, rules=dict(self.rules), engines=engines_played(self.agents),
            extra=dict(extra or {}),
        )

