"""Chat at a table: what players and watchers say, cleaned, bounded and kept for latecomers.

A line is cleaned by ``core.safe_text`` before anyone else sees it (control characters and
escape sequences removed, line breaks made spaces, cut to ``MAX_CHARACTERS``), and each app
shows it through ``safe_text`` again, so no line can carry markup or move a terminal's cursor.
One player may say ``BURST`` lines in any ``WINDOW_SECONDS`` (sliding window, per player over
every table: a flood from one player is refused with one sentence, the others are not slowed);
a table keeps its last ``HISTORY`` lines, sent to whoever sits down or starts watching.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

from swarmtui.core.safe_text import safe_text

MAX_CHARACTERS = 300
BURST = 8
WINDOW_SECONDS = 10.0
HISTORY = 100


class ChatRefused(Exception):
    """A line that will not be said; the message is one sentence for the player."""


def clean_line(text: object) -> str:
    """What may be said of ``text``: shown as text, one line, at most ``MAX_CHARACTERS``."""
    if not isinstance(text, str):
        raise ChatRefused("a chat line is text")
    line = safe_text(text[: 4 * MAX_CHARACTERS], limit=MAX_CHARACTERS).plain.strip()
    if not line:
        raise ChatRefused("say something")
    return line


class Pace:
    """How fast each player talks (a sliding window of their last lines' times)."""

    def __init__(self, burst: int = BURST, window: float = WINDOW_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.window, self.clock = burst, window, clock
        self.said: dict[str, deque[float]] = {}

    def check(self, player: str) -> None:
        """Count a line of ``player``'s; ``ChatRefused`` past ``burst`` in ``window`` seconds."""
        said = self.said.setdefault(player, deque())
        now = self.clock()
        while said and said[0] <= now - self.window:
            said.popleft()
        if len(said) >= self.burst:
            raise ChatRefused(f"you are talking fast: at most {self.burst} lines in {self.window:g} s")
        said.append(now)


class Chat:
    """One table's lines, numbered from 1 (the last ``HISTORY`` kept)."""

    def __init__(self) -> None:
        self.lines: deque[dict[str, Any]] = deque(maxlen=HISTORY)
        self.count = 0

    def add(self, player: str, seat: str | None, text: str) -> dict[str, Any]:
        """Keep a cleaned line and return it as the ``said`` event's fields."""
        self.count += 1
        line = {"number": self.count, "player": player, "seat": seat, "text": text, "at": time.time()}
        self.lines.append(line)
        return line
