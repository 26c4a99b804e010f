"""Time controls and the seats' clocks: none, sudden death, Fischer increment, a per-move limit.

A :class:`TimeControl` is spelt as cutechess and fastchess spell theirs, in seconds:
``"60"`` (sudden death: 60 s for the whole game), ``"60+1"`` (Fischer: 60 s, plus 1 s after
each move), ``"st=5"`` (5 s for every move, nothing carried over), ``"none"`` (no clock).
Minutes may be written ``"1:30+2"``. Moves-per-period controls (``"40/60"``) are not offered.

Each seat has its own :class:`Clock`. A move's thinking time is taken off its seat's clock and
the increment added after the move; a seat whose thinking time runs past its remaining time
(or past the per-move limit) has lost **on time**. An AI seat's budget for a decision
(``Limit(time=...)`` for ``decide_within``) comes from its clock by :meth:`Budgeting.budget`::

    sudden death / Fischer:  min(remaining / moves_expected + increment, max_share * remaining)
    per-move limit:          per_move_share * limit

``moves_expected`` (30) is how many more moves the seat plans for, as chess engines assume
when no "moves to go" is given; ``max_share`` (0.5) keeps half the remaining time back for the
rest of the game, so a budget never empties a clock; ``per_move_share`` (0.9) leaves a tenth of
a fixed move time for the agent's overshoot (the search engines stop within about 5% and 50 ms).
An agent that cannot take a limit (``decide`` only) thinks as long as it does and is timed all
the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from swarmtui.core.params import ParamError

NO_CLOCK = ("", "none", "inf", "-")
"""Spellings of "no time control"."""
LONGEST = 7 * 24 * 3600.0
"""A week: longer clocks are a typing mistake, not a game."""
_SECONDS = r"(?:(\d+):)?(\d+(?:\.\d+)?)"


def _seconds(minutes: str | None, seconds: str) -> float:
    return 60 * int(minutes or 0) + float(seconds)


@dataclass(frozen=True)
class TimeControl:
    """A game's time control: ``base`` seconds for the whole game and ``increment`` seconds
    added after each move (Fischer; 0: sudden death), or ``per_move`` seconds for each move.
    ``TimeControl()`` is no clock at all."""

    base: float | None = None
    increment: float = 0.0
    per_move: float | None = None

    def __post_init__(self) -> None:
        if self.base is not None and self.per_move is not None:
            raise ParamError("a time control is either a game's time (with an increment) or a time per move")
        for name, value in (("base", self.base), ("increment", self.increment), ("per_move", self.per_move)):
            if value is not None and not 0 <= value <= LONGEST:
                raise ParamError(f"the clock's {name} must be between 0 and {LONGEST:g} seconds; got {value:g}")
        if self.base == 0 or self.per_move == 0:
            raise ParamError("a clock of 0 seconds loses at the first move: give more than 0 seconds")
        if self.base is None and self.per_move is None and self.increment:
            raise ParamError("an increment needs a game time before it (60+1)")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"60+1"``, ``"60"``, ``"1:30+2"``, ``"st=5"`` or ``"none"`` (ParamError otherwise)."""
        spelt = text.strip().lower()
        if spelt in NO_CLOCK:
            return cls()
        if found := re.fullmatch(rf"st={_SECONDS}", spelt):
            return cls(per_move=_seconds(*found.groups()))
        if found := re.fullmatch(rf"{_SECONDS}(?:\+(\d+(?:\.\d+)?))?", spelt):
            minutes, seconds, increment = found.groups()
            return cls(base=_seconds(minutes, seconds), increment=float(increment or 0))
        raise ParamError(f"{text!r} is not a time control: give seconds as 60 (sudden death), 60+1 (Fischer "
                         "increment), st=5 (a time per move) or none")

    @classmethod
    def parse_minutes(cls, text: str) -> TimeControl:
        """The TUI's spelling, in minutes as board-game sites write theirs: ``"5+3"`` (5 minutes,
        plus 3 s a move), ``"1"`` (1-minute sudden death), ``"0:30"`` / ``"1:30+2"`` (minutes and
        seconds), ``"st=10"`` (10 s a move) and ``"none"`` or blank (no clock); ParamError otherwise."""
        spelt = text.strip().lower()
        if spelt in NO_CLOCK or spelt.startswith("st="):
            return cls.parse(spelt)
        if found := re.fullmatch(r"(\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?(?:\+(\d+(?:\.\d+)?))?", spelt):
            minutes, seconds, increment = found.groups()
            if seconds is None or float(seconds) < 60:
                return cls(base=60 * float(minutes) + float(seconds or 0), increment=float(increment or 0))
        raise ParamError(f"{text!r} is not a time control: give minutes as 5+3 (5 min + 3 s a move), 1 (1-minute "
                         "sudden death), 0:30 (30 s), st=10 (10 s a move) or none")

    def minutes(self) -> str:
        """This control in the TUI's spelling (``parse_minutes`` reads it back)."""
        if self.per_move is not None or self.base is None:
            return str(self)
        whole, seconds = divmod(self.base, 60)
        shown = f"{seconds:02.0f}" if seconds == int(seconds) else f"{seconds:04.1f}"
        base = f"{whole:g}" if not seconds else f"{whole:g}:{shown}"
        return f"{base}+{self.increment:g}" if self.increment else base

    @property
    def timed(self) -> bool:
        """Whether there is a clock at all."""
        return self.base is not None or self.per_move is not None

    def __str__(self) -> str:
        if self.per_move is not None:
            return f"st={self.per_move:g}"
        if self.base is None:
            return "none"
        return f"{self.base:g}+{self.increment:g}" if self.increment else f"{self.base:g}"

    def describe(self) -> str:
        """For people: ``"60 s + 1 s a move"``, ``"5 s a move"``, ``"no clock"``."""
        if self.per_move is not None:
            return f"{self.per_move:g} s a move"
        if self.base is None:
            return "no clock"
        return f"{self.base:g} s" + (f" + {self.increment:g} s a move" if self.increment else " (sudden death)")


@dataclass(frozen=True)
class Budgeting:
    """How an AI seat's thinking budget comes from its clock (the formula in the module docstring)."""

    moves_expected: float = field(default=30.0, metadata={"help": "moves a seat still plans for"})
    max_share: float = field(default=0.5, metadata={"help": "most of the remaining time one move may take"})
    per_move_share: float = field(default=0.9, metadata={"help": "share of a fixed time per move asked for"})
    least: float = field(default=0.01, metadata={"help": "the smallest budget asked for, in seconds"})

    def budget(self, control: TimeControl, remaining: float) -> float | None:
        """Seconds to think for a seat with ``remaining`` seconds on its clock (None: no clock)."""
        if control.per_move is not None:
            return max(self.least, self.per_move_share * control.per_move)
        if control.base is None:
            return None
        planned = remaining / self.moves_expected + control.increment
        return max(self.least, min(planned, self.max_share * remaining))


@dataclass
class Clock:
    """One seat's clock under ``control``: ``remaining`` seconds (the per-move time for a
    per-move control, which every move starts afresh) and whether its flag has fallen."""

    control: TimeControl
    remaining: float = 0.0
    fallen: bool = False

    def __post_init__(self) -> None:
        if not self.remaining:
            self.remaining = self.control.per_move if self.control.per_move is not None else (self.control.base or 0.0)

    def charge(self, seconds: float) -> None:
        """Take a move's ``seconds`` off the clock (which had them: the referee checks first) and
        add the increment; a per-move clock starts afresh."""
        if self.control.per_move is not None:
            self.remaining = self.control.per_move
        elif self.control.timed:
            self.remaining = self.remaining - seconds + self.control.increment

    def left(self, thinking: float = 0.0) -> float:
        """The time shown while the seat has been thinking ``thinking`` seconds of this move."""
        return max(0.0, self.remaining - thinking)
