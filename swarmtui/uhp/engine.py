"""A Universal Hive Protocol engine: commands in, reply lines out (Mzinga's UHP specification).

Every command's reply ends with ``ok``; a failure replies ``err <message>`` and an illegal
or unreadable move ``invalidmove <message>``, each followed by ``ok`` as in Mzinga's engine.
Commands: ``info`` (the id and the capabilities line ``Mosquito;Ladybug;Pillbug``),
``newgame [GameType|GameString]`` (every game type ``Base`` ... ``Base+MLP``), ``play``,
``pass``, ``validmoves``, ``bestmove [time hh:mm:ss | depth N]``, ``undo [N]``,
``options [get Name | set Name Value]``, ``perft N`` (one line ``depth: count`` for each depth
1..N from the current position, the form ``uhp-compare-perft`` reads) and ``exit``.

``bestmove`` asks the agent named by the ``Agent`` option (any registered Hive agent) for the
side to move, one agent per side kept for the game (so a swarm's memory persists). ``time`` and
``depth`` become a :class:`~swarmtui.core.limits.Limit` handed to the agent's
``decide_within``; what ``depth`` means is the agent's (a search: plies; MCTS: a scale of its
iterations; a swarm or the random player: nothing, and a swarm's turn takes milliseconds). A
depth also carries the ``DepthTimeLimit`` option as a time bound (the agent answers with what
it has by then), and ``depth 0`` (UHP allows it) asks for the agent's least search, depth 1.
When the agent ignores a limit the engine's log (stderr, never the reply) says so.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from swarmtui import __version__
from swarmtui.agents import make_agent
from swarmtui.core.agent import Agent
from swarmtui.core.limits import Limit, honours_limits
from swarmtui.core.params import ParamError
from swarmtui.core.rng import seat_rng
from swarmtui.core.state import IllegalMoveError, NotationError
from swarmtui.games import GAMES
from swarmtui.games.hive.notation import check_game_type, state_string, turn_string
from swarmtui.games.hive.perft import perft
from swarmtui.games.hive.rules import PASS, Board
from swarmtui.referee.advice import advise
from swarmtui.uhp.options import EngineOptions, OptionError

ENGINE_ID = f"swarmtui v{__version__}"
CAPABILITIES = "Mosquito;Ladybug;Pillbug"  # the expansion bugs this engine plays (UHP ``info``)
COMMANDS = ("info", "newgame", "play", "pass", "validmoves", "bestmove", "undo", "options", "perft", "exit")
MAX_DEPTH = 1000  # bestmove depth N: beyond any agent's use, and keeps N * iterations bounded
MAX_MESSAGE = 500  # characters of an err/invalidmove message: it may quote the viewer's input
MAX_PERFT = 20  # perft N: deeper counts would run for years in Python
MAX_SECONDS = 24 * 3600  # bestmove time: a day at most
_HMS = re.compile(r"([0-9]{1,5}):([0-5][0-9]):([0-5][0-9])")  # ASCII digits only (not '²')
_NUMBER = re.compile(r"[0-9]{1,6}")
SWARMS = ("pso", "pso-plus")


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` with every unprintable character (line breaks, controls) escaped, so a message
    that quotes the viewer's input stays one reply line, cut to ``limit`` characters (``…``):
    a 100 MB command line is not echoed back."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[: limit + 1])
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class CommandError(Exception):
    """A command that cannot be carried out: replied to as ``err <message>``."""


@dataclass
class UhpEngine:
    """The protocol state: the current game, the options and the agents playing for each side."""

    options: EngineOptions = field(default_factory=EngineOptions)
    board: Board | None = None
    agents: dict[str, Agent] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)  # MoveStrings as the viewer sent them
    finished: bool = False
    log: Callable[[str], None] = _stderr  # the engine's log: notes that are not replies

    def greeting(self) -> list[str]:
        """What the engine prints on start: the ``info`` reply."""
        return self.handle("info")

    def handle(self, line: str) -> list[str]:
        """The reply lines to one command line (``ok`` last, nothing after ``exit``)."""
        command, _, args = line.strip().partition(" ")
        args = args.strip()
        try:
            if command == "exit":
                self.finished = True
                return []
            handler = getattr(self, f"_cmd_{command}", None) if command in COMMANDS else None
            if handler is None:
                raise CommandError(f"Invalid command \"{command}\". Commands: {', '.join(COMMANDS)}.")
            lines = handler(args)
        except (NotationError, IllegalMoveError) as error:
            lines = [f"invalidmove {one_line(str(error))}"]
        except (CommandError, OptionError, ParamError) as error:
            return self.refuse(str(error))
        return [*lines, "ok"]

    def refuse(self, message: str) -> list[str]:
        """The reply to a line that cannot be carried out: ``err <message>``, then ``ok``."""
        return [f"err {one_line(message)}", "ok"]

    # -- commands ---------------------------------------------------------------------------
    def _cmd_info(self, args: str) -> list[str]:
        return [f"id {ENGINE_ID}", CAPABILITIES]

    def _cmd_newgame(self, args: str) -> list[str]:
        try:
            if not args or ";" not in args:
                board = Board(game_type=check_game_type(args or "Base"))
            else:
                board = Board.from_game_string(args)
        except (NotationError, IllegalMoveError) as error:
            raise CommandError(str(error)) from None
        self.board = board
        self.agents = {}
        self.moves = [" ".join(m.split()) for m in args.split(";")[3:]] if board.ply else []
        if GAMES["hive"].prepare is not None:
            GAMES["hive"].prepare()  # before any bestmove's clock (its compiled move generator)
        return [self._game_string()]

    def _cmd_play(self, args: str) -> list[str]:
        board = self._running()
        if not args:
            raise CommandError("play needs a MoveString, e.g. 'play wS1' or 'play bG1 -wS1'.")
        board.play(board.parse_move(args))
        self.moves.append(" ".join(args.split()))
        return [self._game_string()]

    def _cmd_pass(self, args: str) -> list[str]:
        board = self._running()
        board.play(PASS)
        self.moves.append("pass")
        return [self._game_string()]

    def _cmd_validmoves(self, args: str) -> list[str]:
        board = self._running()
        return [";".join(board.format_move(m) for m in board.legal_moves())]

    def _cmd_bestmove(self, args: str) -> list[str]:
        board = self._running()
        limit = self._limit(args)
        agent = self._agent(board.to_move)
        if limit is not None:
            if not honours_limits(agent):
                self.log(f"{self.options.agent} does not take a time or depth limit: it ignored '{args}'")
            elif limit.depth is not None and self.options.agent in SWARMS:
                self.log(f"{self.options.agent} is a swarm without a search depth: it ignored 'depth {limit.depth}'")
        start = time.monotonic()
        decision = advise(board, agent, limit)
        move = board.format_move(decision.move)
        self.log(f"{self.options.agent} chose {move} in {time.monotonic() - start:.3f} s")
        return [move]

    def _cmd_perft(self, args: str) -> list[str]:
        board = self._started()
        if not _NUMBER.fullmatch(args) or not 1 <= int(args) <= MAX_PERFT:
            raise CommandError(f"perft takes a depth from 1 to {MAX_PERFT}, e.g. 'perft 3'.")
        replay = board.copy()
        return [f"{depth}: {perft(replay, depth)}" for depth in range(1, int(args) + 1)]

    def _cmd_undo(self, args: str) -> list[str]:
        board = self._started()
        if args and not _NUMBER.fullmatch(args):
            raise CommandError(f"undo takes a number of moves, not \"{args}\".")
        count = int(args) if args else 1
        if not 1 <= count <= board.ply:
            raise CommandError(f"Unable to undo {count} moves ({board.ply} played).")
        for _ in range(count):
            board.undo()
            self.moves.pop()
        return [self._game_string()]

    def _cmd_options(self, args: str) -> list[str]:
        words = args.split()
        opts = self.options
        if not words:
            return [opts.describe(name) for name in opts.names]
        if words[0] == "get" and len(words) == 2:
            return [opts.describe(words[1])]
        if words[0] == "set" and len(words) == 3:
            opts.set(words[1], words[2])
            self.agents = {}
            return [opts.describe(words[1])]
        raise CommandError("Use 'options', 'options get Name' or 'options set Name Value'.")

    # -- helpers ----------------------------------------------------------------------------
    def _game_string(self) -> str:
        """The GameString, each move as it was sent (UHP allows any valid reference piece)."""
        board = self._started()
        return ";".join([str(board.game_type), state_string(board), turn_string(board), *self.moves])

    def _started(self) -> Board:
        if self.board is None:
            raise CommandError("No game in progress. Try 'newgame' to start a new game.")
        return self.board

    def _running(self) -> Board:
        board = self._started()
        if board.outcome is not None:
            raise CommandError(f"The game is over ({board.outcome.reason}). Try 'newgame' to start a new game.")
        return board

    def _limit(self, args: str) -> Limit | None:
        """``time hh:mm:ss`` / ``depth N`` as a :class:`Limit` (None for a plain ``bestmove``)."""
        if not args:
            return None
        words = args.split()
        usage = "Use 'bestmove', 'bestmove time hh:mm:ss' or 'bestmove depth N'."
        if len(words) != 2:
            raise CommandError(usage)
        if words[0] == "depth" and _NUMBER.fullmatch(words[1]):
            depth = int(words[1])
            if not 0 <= depth <= MAX_DEPTH:
                raise CommandError(f"The depth must be from 0 to {MAX_DEPTH}.")
            if depth == 0:  # UHP allows it: look no ply ahead, i.e. the agent's least search
                self.log(f"depth 0: {self.options.agent} answers with its least search (depth 1)")
            return Limit(depth=max(depth, 1), time=float(self.options.depth_time))
        if words[0] == "time" and (hms := _HMS.fullmatch(words[1])):
            h, m, s = (int(x) for x in hms.groups())
            seconds = h * 3600 + m * 60 + s
            if not 0 < seconds <= MAX_SECONDS:
                raise CommandError("The time must be from 00:00:01 to 24:00:00.")
            return Limit(time=float(seconds))
        raise CommandError(usage)

    def _agent(self, seat: str) -> Agent:
        if seat not in self.agents:
            self.agents[seat] = make_agent(self.options.agent, "hive", seat, seat_rng(self.options.seed, seat),
                                           self.options.parameters())
        return self.agents[seat]
