"""A logged game read back for replay: every position, and the trace of each AI turn as objects.

``Recording.from_log`` replays a ``GameLog``'s moves through the game's rules (so a log whose
moves do not fit is one ``SaveError`` sentence) and rebuilds its kept traces as trace objects,
so the TUI's deliberation panels animate a logged turn exactly as a live one. ``swarmtui
replay``, the TUI's saved games and its result-file viewer all replay through it.
The referee rebuilds the traces a log did not keep (``referee.advice.redecide``), given each AI
seat's agent rebuilt from the seed (``referee.seating.seat_agents``).

Traces are rebuilt by ``core.trace.trace_from_json``, which knows the kinds registered so far:
an agent's own kind registers when ``swarmtui.agents`` is imported, which every face does
(``records`` sits below ``agents`` and cannot import it); a kind not registered is skipped
like an unreadable trace, and the move still replays.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from swarmtui.core.bounded_json import SaveError
from swarmtui.core.params import apply_overrides
from swarmtui.core.state import GameState
from swarmtui.core.trace import Trace, trace_from_json
from swarmtui.games import GAMES
from swarmtui.records.gamelog import GameLog
from swarmtui.records.positions import Positions


@dataclass
class Recording:
    """A game replayed from its log: ``positions[i]`` is (a copy of) the board after ``i`` moves.

    ``labels[i]`` says what ply ``i`` did (``"X plays b2"``); ``traces[i]`` is the decision
    trace of ply ``i`` when the log kept one (absent otherwise); ``seats`` are in turn order.
    """

    log: GameLog
    positions: Positions
    """Walked on demand, in memory linear in the game's length (``records.positions``)."""
    labels: list[str]
    movers: list[str]
    traces: dict[int, Trace] = field(default_factory=dict)
    result: str = ""
    redecided: str = ""
    """After ``referee.redecide``: what it did (``""`` before or when the log kept its traces)."""
    unreadable: set[int] = field(default_factory=set)
    """Plies whose kept trace could not be read back (damaged, or of a kind not registered)."""

    @property
    def game(self) -> str:
        return self.log.game

    @property
    def players(self) -> dict[str, str]:
        return self.log.players

    @property
    def moves(self) -> list[str]:
        return self.log.moves

    @property
    def seed(self) -> int | None:
        return self.log.seed

    @property
    def params(self) -> dict[str, dict[str, str]]:
        return self.log.params

    @property
    def seats(self) -> tuple[str, ...]:
        seats = getattr(self.positions.at(0), "seats", None)
        return tuple(seats) if seats else tuple(self.players)

    @classmethod
    def from_log(cls, log: GameLog, where: str) -> Recording:
        """Replay ``log``; ``SaveError`` naming ``where`` when a move does not fit the rules.

        A log that names no ``repetition`` rule and ends later than a threefold repetition was
        written before the repetition draw became the default (Hive, issue 30): it replays
        under the printed rules, as it was played."""
        try:
            return cls._replay(log, where, rules_of(log, where))
        except SaveError as error:
            printed = _without_repetition(log, where)
            if printed is None:
                raise
            try:
                return cls._replay(log, where, printed)
            except SaveError:
                raise error from None

    @classmethod
    def _replay(cls, log: GameLog, where: str, rules: Any) -> Recording:
        spec = GAMES[log.game]
        if spec.new_state is None:
            raise SaveError(f"{where}: {spec.title} cannot be played yet")
        state = starting_position(log, where, rules)
        skips = set(log.skips or ())
        positions = Positions(state, spec.skip_turn)
        labels, movers = [], []
        for ply, text in enumerate(log.moves):
            state = positions.board
            seat = state.to_move
            if ply in skips and spec.skip_turn is not None:
                positions.skip()
                labels.append(f"{seat} is immobile (turn skipped)")
            else:
                try:
                    positions.play(state.parse_move(text))
                except (ValueError, IndexError, KeyError, TypeError) as error:  # a hostile move text: one sentence
                    raise SaveError(f"{where}: move {ply + 1} ({text!r}) cannot be played: {error}") from None
                labels.append(f"{seat} plays {text}")
            movers.append(seat)
        traces: dict[int, Trace] = {}
        unreadable: set[int] = set()
        for entry in log.traces or ():
            try:
                traces[entry["ply"]] = trace_from_json(entry["trace"])
            except ValueError:
                unreadable.add(entry["ply"])  # a trace this swarmtui cannot read: the move still replays
        return cls(log, positions, labels, movers, traces, result=_result(log, positions.board), unreadable=unreadable)


def _result(log: GameLog, state: GameState) -> str:
    outcome = state.outcome
    if outcome is not None:
        return f"{outcome.winner} wins ({outcome.reason})" if outcome.winner else outcome.reason
    return log.result or "game not finished"


def _without_repetition(log: GameLog, where: str) -> Any:
    """``log``'s rules with the repetition draw off, when the game has that rule on by default
    and the log does not name it; None otherwise (nothing else to try)."""
    if "repetition" in log.rules or not GAMES[log.game].rules:
        return None
    rules = rules_of(log, where) or GAMES[log.game].rules_type()()
    if getattr(rules, "repetition", None) is not True:
        return None
    return dataclasses.replace(rules, repetition=False)


def starting_position(log: GameLog, where: str, rules: Any = None) -> GameState:
    """The position ``log``'s game started from under ``rules``: its ``start`` (a game played on
    from a position) or the game's own start; ``SaveError`` naming ``where`` when it cannot be
    set up or its seats are not the log's players."""
    spec = GAMES[log.game]
    if not log.start:
        try:
            return spec.start(len(log.players) if spec.seat_counts else None, rules)
        except ValueError as error:
            raise SaveError(f"{where}: {error}") from None
    try:
        state = spec.position(log.start, rules)
    except (ValueError, LookupError) as error:  # NotationError, IllegalMoveError, a count the game has not
        raise SaveError(f"{where}: the starting position cannot be set up: {error}") from None
    if tuple(state.seats) != tuple(log.players):
        raise SaveError(f"{where} is damaged: the starting position's seats ({', '.join(state.seats)}) "
                        f"are not its players' ({', '.join(log.players)})")
    return state


def rules_of(log: GameLog, where: str) -> Any:
    """The rule variants ``log`` was played under (its ``rules``, checked by the schema; None:
    the game's defaults) as the game's rules object; ``SaveError`` naming ``where`` for a rule
    or value the game does not take."""
    if not log.rules:
        return None
    try:
        return apply_overrides(GAMES[log.game].rules_type()(), log.rules.items())
    except (ValueError, LookupError) as error:  # ParamError: an unknown rule or a bad value
        raise SaveError(f"{where} is damaged: 'rules': {error}") from None
