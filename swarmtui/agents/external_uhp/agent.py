"""The ``uhp`` agent: a Universal Hive Protocol engine (Mzinga, nokamute, another ``swarmtui
uhp``) plays a Hive seat, driven over its standard input and output.

The engine is one the machine's owner declared (``core.engines``) and is chosen by its name
(``uhp:NAME`` on the command line, ``engine=NAME``): no parameter of this agent names a
program or a path. It is started once per game (on the first ``decide``) by
``engine_process.EngineProcess`` (its own keeper, a minimal environment, bounded answers),
greeted (``id``, then the capabilities line: a game with Mosquito, Ladybug or Pillbug needs the
engine to declare them), told the game (``newgame <GameString>`` once, then ``play``/``pass``
for each move made since it last moved, so a long game costs no more per move than a short one;
a position that does not continue the engine's game, after an undo, is sent whole again) and
asked ``bestmove time hh:mm:ss`` (``time`` seconds, rounded up to whole seconds as UHP counts
them) or ``bestmove depth N``.

Every fault costs the engine's side the game, with the reason, by raising
:class:`~swarmtui.core.agent.AgentForfeit`: it cannot be started, it exits or closes its
output (a crash), it answers nothing within the limit plus ``grace`` seconds or stops reading
(a hang: it is killed), it writes more than any legitimate answer (a flood: it is killed), it
answers ``err``/``invalidmove`` or a move that is not legal here. What it wrote is recorded
only cut short (``engine_process.engine_text``). ``close()`` (and a finaliser, for every other
exit path, and the keeper when this process dies) ends every process the engine started, so
no engine outlives its game. An engine's turns are never re-decided to rebuild reasoning or
memory (``AgentSpec.external``): it keeps no trace, and another program is not seeded by ours.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from swarmtui.agents.engine_process import REPLY_BYTES, EngineProcess, engine_text
from swarmtui.core.agent import AgentForfeit
from swarmtui.core.engines import check_engine_name, engine_named, engine_names
from swarmtui.core.limits import Limit
from swarmtui.core.params import check_range
from swarmtui.core.state import GameState, IllegalMoveError, NotationError
from swarmtui.core.trace import Decision, NoTrace
from swarmtui.games.hive.rules import Board

CAPABILITY_NAMES = {"M": "Mosquito", "L": "Ladybug", "P": "Pillbug"}
IDENTITY_CHARACTERS = 120
"""Characters kept of an engine's ``id`` line in records."""


@dataclass(frozen=True)
class UhpParams:
    """Which of the owner's engines plays, and how it is timed."""

    engine: str = field(default="", metadata={
        "help": "the name of an engine the machine's owner declared ([engines] in the config file, "
                "or --engine NAME=COMMAND)", "choices": engine_names})
    time: float = field(default=1.0, metadata={"help": "seconds per move (bestmove time; whole seconds)"})
    depth: int | None = field(default=None, metadata={"help": "bestmove depth N instead of a time (none: use time)"})
    grace: float = field(default=5.0, metadata={"help": "seconds past the limit before a silent engine is hung"})
    depth_timeout: float = field(default=120.0, metadata={"help": "seconds a depth-limited bestmove may take"})
    startup: float = field(default=20.0, metadata={"help": "seconds for the engine's greeting"})

    def __post_init__(self) -> None:
        if self.engine:
            check_engine_name(self.engine)
        check_range("time", self.time, 0.001, 24 * 3600)
        check_range("grace", self.grace, 0.0, 3600)
        check_range("depth_timeout", self.depth_timeout, 0.1, 24 * 3600)
        check_range("startup", self.startup, 0.1, 3600)
        if self.depth is not None:
            check_range("depth", self.depth, 1, 1000)


MOVE_STRING_BYTES = 16
"""Room per move in a GameString (a MoveString such as ``bG1 \\wB1`` and its ``;`` take at most 9)."""


def game_string_bytes(state: Board) -> int:
    """The longest legitimate answer to ``newgame``/``play`` in ``state``: its GameString, with room
    to spare (counted from the moves, not built: that would cost a whole GameString per move)."""
    return REPLY_BYTES + MOVE_STRING_BYTES * (len(state.history) + 1)


class UhpAgent:
    """A Hive seat played by an external UHP engine; see the module docstring."""

    id = "uhp"

    def __init__(self, params: UhpParams) -> None:
        self.params = params
        self.declared = engine_named(params.engine)
        self.engine: EngineProcess | None = None
        self.name = params.engine
        self.identity = ""
        """What the engine says it is (its ``id`` line, cut short); empty until it has started."""
        self._mirror: Board | None = None  # the game as the engine has it

    def decide(self, state: GameState) -> Decision:
        return self.decide_within(state, Limit())

    def decide_within(self, state: GameState, limit: Limit) -> Decision:
        """Ask the engine for a move within ``limit`` (or the seat's own time or depth)."""
        if not isinstance(state, Board):
            raise TypeError("an external UHP engine plays Hive only")
        p = self.params
        engine = self._engine(state)
        depth = limit.depth if limit.depth is not None else (p.depth if limit.time is None else None)
        if depth is not None:
            ask, timeout = f"bestmove depth {depth}", p.depth_timeout
        else:
            seconds = max(1, math.ceil(limit.time if limit.time is not None else p.time))
            ask, timeout = f"bestmove time {seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}", seconds
        self._sync(engine, state)
        start = time.monotonic()
        answer = self._expect(engine, ask, timeout + p.grace, ask)
        if not answer:
            raise AgentForfeit(f"the engine answered '{ask}' with no move")
        text = answer[0]
        try:
            move = state.parse_move(text)
        except (IllegalMoveError, NotationError) as error:
            raise AgentForfeit(f"the engine played an illegal move '{engine_text(text)}': "
                               f"{engine_text(str(error))}") from None
        note = f"{self.name}: {ask} -> {text} in {time.monotonic() - start:.2f} s"
        return Decision(move, NoTrace(note=note))

    def _engine(self, state: Board) -> EngineProcess:
        if self.engine is None or not self.engine.running:
            if self.engine is not None:
                raise AgentForfeit("the engine is no longer running")
            self.engine = EngineProcess(self.declared, self.params.startup)
            greeting = self.engine.greeting
            if not greeting or not greeting[0].startswith("id "):
                self.close()
                shown = [engine_text(line) for line in greeting[:1]]
                raise AgentForfeit(f"the engine's greeting is not UHP's 'id ...' line: {shown}")
            self.identity = engine_text(greeting[0][3:].strip(), IDENTITY_CHARACTERS)
            declared = set(";".join(greeting[1:]).replace(" ", "").split(";"))
            game_type = str(state.game_type)
            missing = [CAPABILITY_NAMES[c] for c in game_type[5:] if CAPABILITY_NAMES[c] not in declared]
            if missing:
                self.close()
                raise AgentForfeit(f"the engine does not play {game_type} (it does not declare {', '.join(missing)})")
        return self.engine

    def _sync(self, engine: EngineProcess, state: Board) -> None:
        """Bring the engine's game to ``state``: the moves since its last, or the whole game."""
        mirror = self._mirror
        history = state.history
        if mirror is None or history[:len(mirror.history)] != mirror.history:
            mirror = self._mirror = Board(game_type=state.game_type)
            self._expect(engine, f"newgame {state.game_string()}", self.params.startup, "newgame",
                         game_string_bytes(state))
            for move in history:
                mirror._apply(move)
            return
        for move in history[len(mirror.history):]:
            text = mirror.format_move(move)
            mirror._apply(move)
            self._expect(engine, "pass" if text == "pass" else f"play {text}", self.params.startup, f"play {text}",
                         game_string_bytes(mirror))

    def _expect(self, engine: EngineProcess, command: str, timeout: float, what: str,
                limit: int = REPLY_BYTES) -> list[str]:
        engine.send(command, timeout)
        lines = engine.reply(timeout, f"'{what}'", limit)
        for line in lines:
            if line.startswith(("err", "invalidmove")):
                raise AgentForfeit(f"the engine refused '{what}': {engine_text(line)}")
        return lines

    def close(self) -> None:
        """Say ``exit`` and make sure the engine process is gone."""
        if self.engine is not None:
            self.engine.close()


def check(game_id: str, seat: str, params: UhpParams) -> None:
    """The seat names an engine the machine's owner declared (``ParamError`` otherwise)."""
    engine_named(params.engine)


def build(game_id: str, seat: str, rng: np.random.Generator, params: UhpParams) -> UhpAgent:
    return UhpAgent(params)
