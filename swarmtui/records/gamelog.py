"""One game's log: the one record behind saved games, result-file lines and replays.

A game is rebuilt from ``game`` (a registered game id), ``players`` (seat -> agent id, in
turn order), each seat's parameter overrides ``params``, the ``seed`` and its ``moves`` in the
game's notation; ``traces`` keep AI turns' deliberation (``{"ply": i, "trace": {...}}``,
``"seat"`` optional), ``skips`` the plies Hive's immobile-opponent protocol skipped, and
``engines`` what each seat played by an external engine was (``{"Black": {"name": "mzinga",
"id": "Mzinga.Engine v0.13"}}``: the owner's name for it and its UHP ``id`` line, never a
command line; ``core.engines``). Two kinds
of file hold it, as the same JSON object (``"kind": "game"``, ``"format": 1``):

- a **result-file line** (``swarmtui sim --out``, presets): also ``index`` (the game's number
  in its cell), ``group`` (the sweep cell), ``winner``, ``result``, ``reason``, ``plies``,
  ``seconds``, ``think_seconds``;
- a **saved game** of the TUI (``records.saved``): also ``finished``, ``result``, ``saved``
  (when) and, for a game at a table, ``table`` (``{"id": "3", "mine": ["White"]}``); the
  ``coach`` chosen (an agent id, ``"off"``; absent: the game's default) and the ``hints`` each
  seat asked it for (``{"1": 3}``; absent: none); for a game with a clock, ``clock``: its
  ``control`` in seconds (``"300+3"``, ``"st=10"``: ``core.clock.TimeControl``), the seconds
  ``spent`` on each move, the side to move's ``thinking`` so far when it was saved, and the time
  ``left`` on each seat's clock (for people reading the file: replaying ``spent`` rebuilds it).

A game read from another program's record (a PGN or BoardSpace SGF file, ``records.pgn``)
keeps that record's ``tags`` (``{"White": "Dumbot", "Date": "2018.10.31", ...}``), which
replays show and a PGN written back carries; a log without tags writes none. A game played on
from a position keeps it in ``start`` (the game's position notation); it is replayed from there.

A log with an ``index`` is written as a result line, one without as a saved game, each with the
fields its readers have always had (files of earlier versions read the same, and earlier
versions read these). Fields of other writers (Hive's protocol games keep ``labels``,
``game_string``, ``ai_start``...) are kept in ``extra`` and written back unchanged.

``GameLog.from_json`` is the one validator: every field's type and size is checked against
``core.bounded_json.LIMITS``, and anything else is one ``SaveError`` naming the file and field.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from swarmtui.core.bounded_json import LIMITS, SaveError
from swarmtui.core.state import Outcome
from swarmtui.games import GAMES
from swarmtui.games.descriptor import MAX_POSITION

LOG_KIND = "game"
LOG_FORMAT = 1
"""The game object's format; result files wrap it in their own (``records.results``)."""

_RUN_FIELDS = ("index", "group", "winner", "reason", "plies", "seconds", "think_seconds")
_SAVE_FIELDS = ("finished", "saved", "table", "coach", "hints", "clock")
_FIELDS = {"kind", "format", "game", "players", "seed", "moves", "params", "rules", "traces", "skips", "result",
           "engines", "tags", "start", *_RUN_FIELDS, *_SAVE_FIELDS}


@dataclass
class GameLog:
    """One game as logged (see the module docstring for which fields which file keeps)."""

    game: str
    players: dict[str, str]
    moves: list[str]
    seed: int | None = None
    params: dict[str, dict[str, str]] = field(default_factory=dict)
    traces: list[dict[str, Any]] | None = None
    """``{"ply": i, "trace": Trace.to_json(), "seat"?: s}`` per kept AI turn (None: not kept)."""
    skips: list[int] | None = None
    """Plies the immobile-opponent protocol skipped (Hive; None: the writer keeps no list)."""
    result: str = ""
    winner: str | None = None
    reason: str = ""
    index: int | None = None
    group: str | None = None
    """The result group (a sweep cell; ``""`` without a sweep; None: not written by a run)."""
    plies: int = 0
    seconds: float = 0.0
    think_seconds: dict[str, float] = field(default_factory=dict)
    finished: bool = False
    saved: str = ""
    table: dict[str, Any] | None = None
    """``{"id": "3", "mine": ["White"]}`` for a saved game at a table (None otherwise)."""
    coach: str = ""
    """The coach of a saved game: an agent id, ``"off"``, or empty for the game's default."""
    hints: dict[str, int] = field(default_factory=dict)
    """How many times each seat asked the coach (seats that never did are left out)."""
    clock: dict[str, Any] | None = None
    """A saved game's clocks: ``control``, ``spent``, ``thinking``, ``left`` (None: no clock)."""
    rules: dict[str, str] = field(default_factory=dict)
    """The game's rule-variant overrides, name -> value (Hive's ``game_type``); empty: the
    defaults. Replays and resumes start the game under them."""
    engines: dict[str, dict[str, str]] = field(default_factory=dict)
    """Seat -> ``{"name": ..., "id": ...}`` for the seats an external engine played (empty: none)."""
    tags: dict[str, str] = field(default_factory=dict)
    """The tag pairs of the record the game was read from (PGN's ``White``, ``Date``, ...), in
    the record's order; empty for a game swarmtui played."""
    start: str = ""
    """The position the game started from, in the game's position notation (``GameSpec.position``:
    a UHP GameString for Hive); empty: the game's own start. Set when a player plays on from a
    position (typed in the setup, or "take over here" in a replay), so that resuming and
    replaying start where the game did."""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_result_line(self) -> bool:
        return self.index is not None

    @property
    def names(self) -> dict[str, str]:
        """Each seat's player as replays show it: the record's name (PGN's ``White``/``Black``
        tags), else the agent id."""
        return {seat: self.tags.get(seat) or agent for seat, agent in self.players.items()}

    @property
    def outcome(self) -> Outcome | None:
        """How a result-file game ended, as ``core.state.Outcome`` with its ``Termination``
        (read from the ``winner``/``reason``/``result`` text every version writes); None for a
        saved game, whose position says it (``records.replay``)."""
        return Outcome.from_text(self.winner, self.reason, self.result) if self.is_result_line else None

    def light(self) -> GameLog:
        """This game without its moves, trace entries and other writers' fields: what tables,
        summaries and lists need, so a long run's or a large file's games hold little memory
        (``plies`` still counts the moves; ``traces`` is ``[]`` when the game kept them)."""
        return replace(self, moves=[], traces=None if self.traces is None else [], skips=None, extra={})

    def to_json(self) -> dict[str, Any]:
        """The JSON object of this log (a result line when it has an ``index``, else a save)."""
        payload: dict[str, Any] = {"kind": LOG_KIND, "format": LOG_FORMAT, "game": self.game,
                                   "players": self.players, "params": self.params, "seed": self.seed,
                                   "moves": self.moves}
        if self.is_result_line:
            payload |= {"index": self.index, "winner": self.winner, "result": self.result, "reason": self.reason,
                        "plies": self.plies, "seconds": self.seconds, "think_seconds": self.think_seconds}
            if self.traces is not None:
                payload["traces"] = self.traces
            if self.group is not None:
                payload["group"] = self.group
        else:
            payload |= {"finished": self.finished, "result": self.result, "saved": self.saved,
                        "traces": self.traces or []}
            if self.table is not None:
                payload["table"] = self.table
            if self.coach:
                payload["coach"] = self.coach
            if self.hints:
                payload["hints"] = self.hints
            if self.clock is not None:
                payload["clock"] = self.clock
        if self.skips is not None:
            payload["skips"] = self.skips
        if self.rules:
            payload["rules"] = self.rules
        if self.engines:
            payload["engines"] = self.engines
        if self.tags:
            payload["tags"] = self.tags
        if self.start:
            payload["start"] = self.start
        return payload | self.extra

    @classmethod
    def from_json(cls, payload: Any, where: str) -> GameLog:
        """Check every field; ``SaveError("{where} is damaged: ...")`` naming the first that
        does not fit. ``payload`` is already bounded in depth and integer size
        (``core.bounded_json.parse``)."""
        return _Reader(where).log(payload)


class _Reader:
    """The checks of ``GameLog.from_json`` for one file (``where``)."""

    def __init__(self, where: str) -> None:
        self.where = where

    def damaged(self, what: str) -> SaveError:
        return SaveError(f"{self.where} is damaged: {what}")

    def text(self, value: Any, what: str, limit: int = LIMITS.max_text) -> str:
        if not isinstance(value, str) or len(value) > limit:
            raise self.damaged(f"{what} is not a text of at most {limit} characters")
        return value

    def count(self, value: Any, what: str, limit: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= limit:
            raise self.damaged(f"{what} is not a whole number from 0 to {limit}")
        return value

    def number(self, value: Any, what: str) -> float:
        if (not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value)
                or not 0 <= value <= LIMITS.max_seconds):
            raise self.damaged(f"{what} is not a number of seconds from 0 to {LIMITS.max_seconds:g}")
        return value

    def log(self, payload: Any) -> GameLog:
        if not isinstance(payload, dict):
            raise self.damaged("a game is not a JSON object")
        if payload.get("kind", LOG_KIND) != LOG_KIND:
            raise self.damaged(f"not a game (kind is {payload.get('kind')!r})")
        if payload.get("format", LOG_FORMAT) != LOG_FORMAT:
            raise SaveError(f"{self.where} has unsupported format {payload.get('format')!r} "
                            f"(this swarmtui reads {LOG_FORMAT})")
        game = payload.get("game")
        if not isinstance(game, str):
            raise self.damaged("'game' is not a game id")
        if game not in GAMES:
            raise self.damaged(f"unknown game {game[:40]!r}")
        players = payload.get("players", {})
        if (not isinstance(players, dict) or len(players) > LIMITS.max_seats
                or not all(isinstance(k, str) and isinstance(v, str) and len(k) + len(v) <= LIMITS.max_text
                           for k, v in players.items())):
            raise self.damaged("'players' is not a map of seat to agent id")
        seed = payload.get("seed")
        if seed is not None:
            seed = self.count(seed, "'seed'", 2**64)
        moves = payload.get("moves")
        if (not isinstance(moves, list) or len(moves) > LIMITS.max_moves
                or not all(isinstance(m, str) and len(m) <= LIMITS.max_text for m in moves)):
            raise self.damaged("'moves' is not a list of move strings")
        log = GameLog(game, dict(players), list(moves), seed, self.params(payload.get("params")),
                      self.traces(payload.get("traces"), len(moves)), self.plies(payload.get("skips"), len(moves)))
        if log.skips and GAMES[game].skip_turn is None:
            raise self.damaged("skipped turns ('skips') exist only in Hive's immobile-opponent protocol")
        log.result = self.text(payload.get("result") or "", "'result'", LIMITS.max_note)
        winner = payload.get("winner")
        log.winner = None if winner is None else self.text(winner, "'winner'")
        log.reason = self.text(payload.get("reason") or "", "'reason'", LIMITS.max_note)
        if payload.get("index") is not None:
            log.index = self.count(payload["index"], "'index'", LIMITS.max_games)
        if payload.get("group") is not None:
            log.group = self.text(payload["group"], "'group'")
        log.plies = self.count(payload.get("plies", len(moves)), "'plies'", LIMITS.max_moves)
        log.seconds = self.number(payload.get("seconds", 0.0), "'seconds'")
        log.think_seconds = self.seat_seconds(payload.get("think_seconds") or {}, "'think_seconds'")
        finished = payload.get("finished", False)
        if not isinstance(finished, bool):
            raise self.damaged("'finished' is not true or false")
        log.finished = finished
        log.saved = self.text(payload.get("saved") or "", "'saved'")
        log.table = self.table(payload.get("table"), log.players)
        log.coach = self.text(payload.get("coach") or "", "'coach'")
        log.hints = self.hints(payload.get("hints"), log.players)
        log.clock = self.clock(payload.get("clock"), log.players, len(moves))
        log.rules = self.rules(payload.get("rules"))
        if log.rules and not GAMES[game].rules:
            raise self.damaged(f"'rules' are given, but {GAMES[game].title} has no rule variants")
        log.engines = self.engines(payload.get("engines"), log.players)
        log.tags = self.tags(payload.get("tags"))
        log.start = self.text(payload.get("start") or "", "'start'", MAX_POSITION)
        log.extra = {k: v for k, v in payload.items() if k not in _FIELDS}
        self.round_robin_extras(log.extra)
        return log

    def seat_seconds(self, value: Any, what: str) -> dict[str, float]:
        if not isinstance(value, dict) or len(value) > LIMITS.max_seats or not all(isinstance(k, str) for k in value):
            raise self.damaged(f"{what} is not a map of seat to seconds")
        return {k: self.number(v, what) for k, v in value.items()}

    def round_robin_extras(self, extra: dict[str, Any]) -> None:
        """A round robin's ``think_cpu`` (seat -> CPU seconds) and ``decisions`` (seat -> moves
        chosen), which ``sim report --ratings`` computes with: checked like the fields above."""
        if "think_cpu" in extra:
            self.seat_seconds(extra["think_cpu"], "'think_cpu'")
        decisions = extra.get("decisions", {})
        if not isinstance(decisions, dict) or len(decisions) > LIMITS.max_seats:
            raise self.damaged("'decisions' is not a map of seat to a number of moves")
        for count in decisions.values():
            self.count(count, "'decisions'", LIMITS.max_moves)

    def params(self, value: Any) -> dict[str, dict[str, str]]:
        value = value or {}
        if not isinstance(value, dict) or not all(
                isinstance(seat, str) and isinstance(p, dict) and all(isinstance(k, str) and isinstance(v, str)
                                                                      for k, v in p.items())
                for seat, p in value.items()):
            raise self.damaged("'params' is not a map of seat to name=value overrides")
        return {seat: dict(p) for seat, p in value.items()}

    def rules(self, value: Any) -> dict[str, str]:
        value = value or {}
        if not isinstance(value, dict) or len(value) > LIMITS.max_seats * 4 or not all(
                isinstance(k, str) and isinstance(v, str) and len(k) + len(v) <= LIMITS.max_text
                for k, v in value.items()):
            raise self.damaged("'rules' is not a map of rule name to value")
        return dict(value)

    def engines(self, value: Any, players: dict[str, str]) -> dict[str, dict[str, str]]:
        value = value or {}
        if not isinstance(value, dict) or not all(
                isinstance(seat, str) and seat in players and isinstance(entry, dict)
                and set(entry) <= {"name", "id"}
                and all(isinstance(v, str) and len(v) <= LIMITS.max_text for v in entry.values())
                for seat, entry in value.items()):
            raise self.damaged("'engines' is not a map of seat to an engine's name and id")
        return {seat: dict(entry) for seat, entry in value.items()}
    def tags(self, value: Any) -> dict[str, str]:
        value = value or {}
        if not isinstance(value, dict) or len(value) > LIMITS.max_tags or not all(
                isinstance(k, str) and isinstance(v, str) and len(k) <= LIMITS.max_text and len(v) <= LIMITS.max_text
                for k, v in value.items()):
            raise self.damaged(f"'tags' is not a map of at most {LIMITS.max_tags} tag names to texts")
        return dict(value)

    def traces(self, value: Any, moves: int) -> list[dict[str, Any]] | None:
        if value is None:
            return None
        if not isinstance(value, list) or not all(
                isinstance(entry, dict) and isinstance(entry.get("trace"), dict)
                and isinstance(entry.get("ply"), int) and not isinstance(entry.get("ply"), bool)
                and 0 <= entry["ply"] < moves and isinstance(entry.get("seat", ""), str)
                for entry in value):
            raise self.damaged("'traces' is not a list of {ply, trace} entries for the game's moves")
        return list(value)

    def plies(self, value: Any, moves: int) -> list[int] | None:
        if value is None:
            return None
        if not isinstance(value, list) or not all(
                isinstance(p, int) and not isinstance(p, bool) and 0 <= p < moves for p in value):
            raise self.damaged("'skips' is not a list of the game's plies")
        return list(value)

    def hints(self, value: Any, players: dict[str, str]) -> dict[str, int]:
        value = value or {}
        if not isinstance(value, dict) or not all(isinstance(seat, str) and seat in players for seat in value):
            raise self.damaged("'hints' is not a map of seat to the hints it asked for")
        return {seat: self.count(n, "'hints'", LIMITS.max_moves) for seat, n in value.items()}

    def clock(self, value: Any, players: dict[str, str], moves: int) -> dict[str, Any] | None:
        """A saved game's clocks (their control's spelling is checked where it is read: the referee's)."""
        if value is None:
            return None
        if not isinstance(value, dict) or set(value) - {"control", "spent", "thinking", "left"}:
            raise self.damaged("'clock' is not a clock's control, spent, thinking and left")
        control = self.text(value.get("control", "none"), "'clock.control'", 40)
        spent = value.get("spent", [])
        if not isinstance(spent, list) or len(spent) > moves:
            raise self.damaged("'clock.spent' is not a list of seconds, one per move")
        return {"control": control, "spent": [self.number(s, "'clock.spent'") for s in spent],
                "thinking": self.number(value.get("thinking", 0.0), "'clock.thinking'"),
                "left": {s: v for s, v in self.seat_seconds(value.get("left") or {}, "'clock.left'").items()
                         if s in players}}

    def table(self, value: Any, players: dict[str, str]) -> dict[str, Any] | None:
        if value is None:
            return None
        if not (isinstance(value, dict) and isinstance(value.get("id"), str) and len(value["id"]) <= LIMITS.max_text
                and isinstance(value.get("mine"), list)
                and all(isinstance(seat, str) and seat in players for seat in value["mine"])):
            raise self.damaged("'table' is not a table id with the seats played here")
        return dict(value)
