"""A Universal Hive Protocol engine: commands in, reply lines out (Mzinga's UHP specification).

Every command's reply ends with ``ok``; a failure replies ``err <message>`` and an illegal
or unreadable move ``invalidmove <message>``, each followed by ``ok`` as in Mzinga's engine.
``bestmove`` asks the agent named by the ``Agent`` option (any registered Hive agent) for
the side to move; ``time hh:mm:ss`` and ``depth N`` are accepted and handed to the agent
when its parameters have a matching field (``time_limit``/``seconds``, ``depth``/``max_depth``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from swarmtui import __version__
from swarmtui.agents import get_spec, make_agent
from swarmtui.core.agent import Agent
from swarmtui.core.params import ParamError, param_fields
from swarmtui.core.rng import seat_rng
from swarmtui.core.state import IllegalMoveError, NotationError
from swarmtui.games.hive.notation import check_game_type, state_string, turn_string
from swarmtui.games.hive.rules import PASS, Board
from swarmtui.uhp.options import EngineOptions, OptionError

ENGINE_ID = f"swarmtui v{__version__}"
CAPABILITIES = "Mosquito;Ladybug;Pillbug"  # the expansion bugs this engine plays (UHP ``info``)
COMMANDS = ("info", "newgame", "play", "pass", "validmoves", "bestmove", "undo", "options", "exit")
TIME_FIELDS = ("time_limit", "seconds")
DEPTH_FIELDS = ("depth", "max_depth")
_HMS = re.compile(r"(\d+):([0-5]?\d):([0-5]?\d)")


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
            lines = [f"invalidmove {error}"]
        except (CommandError, OptionError, ParamError) as error:
            lines = [f"err {error}"]
        return [*lines, "ok"]

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
        overrides = self._limits(args)
        agent = self._agent(board.to_move, overrides)
        decision = agent.decide(board.copy())
        return [board.format_move(decision.move)]

    def _cmd_undo(self, args: str) -> list[str]:
        board = self._started()
        try:
            count = int(args) if args else 1
        except ValueError:
            raise CommandError(f"undo takes a number of moves, not \"{args}\".") from None
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
            return [opts.describe(name) for name in opts.NAMES]
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

    def _limits(self, args: str) -> list[tuple[str, str]]:
        """``time hh:mm:ss`` / ``depth N`` as parameter overrides the agent understands."""
        if not args:
            return []
        words = args.split()
        fields = param_fields(get_spec(self.options.agent, "hive").params)
        if len(words) == 2 and words[0] == "depth" and words[1].isdigit() and int(words[1]) > 0:
            names, value = DEPTH_FIELDS, words[1]
        elif len(words) == 2 and words[0] == "time" and (hms := _HMS.fullmatch(words[1])):
            h, m, s = (int(x) for x in hms.groups())
            names, value = TIME_FIELDS, str(max(1, h * 3600 + m * 60 + s))
        else:
            raise CommandError("Use 'bestmove', 'bestmove time hh:mm:ss' or 'bestmove depth N'.")
        return [(name, value) for name in names if name in fields][:1]

    def _agent(self, seat: str, overrides: list[tuple[str, str]]) -> Agent:
        if overrides:  # a one-off limit: a fresh agent with the same seat generator stream
            return make_agent(self.options.agent, "hive", seat, seat_rng(self.options.seed, seat), overrides)
        if seat not in self.agents:
            self.agents[seat] = make_agent(self.options.agent, "hive", seat, seat_rng(self.options.seed, seat))
        return self.agents[seat]
