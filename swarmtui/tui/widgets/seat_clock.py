"""The seats' clocks of a timed game: one line per row of clocks, the side to move's ticking.

The game screen hands the widget a :class:`Reading` per seat (``readings``) several times a
second; the widget only draws them. The side to move is marked with ``>`` and shown reversed,
a clock under ten seconds shows tenths, a fallen flag says ``flag``, and stopped clocks (the
person away, ``paused``) say so: all plain ASCII, so it reads the same under ``--ascii`` and
``NO_COLOR``. Clocks that do not fit one row (six Halma seats in a narrow column) wrap between
clocks, never inside one.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from swarmtui.core.safe_text import safe_text


class Reading(NamedTuple):
    """One seat's clock as shown: ``left`` seconds, whether it is ``running`` (the side to
    move) and whether its flag has ``fallen``."""

    seat: str
    left: float
    running: bool = False
    fallen: bool = False


def clock_face(seconds: float) -> str:
    """``"4:59"``, ``"1:02:03"``, ``"0:09.4"`` (tenths under ten seconds, rounded down)."""
    if seconds < 10:
        return f"0:{math.floor(max(0.0, seconds) * 10) / 10:04.1f}"
    whole = math.floor(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class SeatClocks(Widget):
    """Every seat's clock (hidden by the game screen in a game without one)."""

    DEFAULT_CSS = """
    SeatClocks {
        height: auto;
        min-height: 1;
    }
    """

    readings: reactive[tuple[Reading, ...]] = reactive((), layout=True)
    control: reactive[str] = reactive("")
    """The time control in the TUI's spelling (``"5+3"``), shown first."""
    paused: reactive[bool] = reactive(False)
    """The clocks stand still (the person is away): said after the clocks."""

    def render(self) -> Text:
        width = max(1, self.size.width or 80)
        pieces = [self.piece(reading) for reading in self.readings]
        if self.paused:
            pieces.append(Text("(paused)", style="dim"))
        label = safe_text(f"clock {self.control}", "dim")
        if label.cell_len + sum(2 + piece.cell_len for piece in pieces) > width:
            label = Text()  # the clocks on one line matter more than naming the control
        lines: list[Text] = [label]
        for piece in pieces:
            if lines[-1].cell_len and lines[-1].cell_len + 2 + piece.cell_len > width:
                lines.append(Text())
            if lines[-1].cell_len:
                lines[-1].append("  ")
            lines[-1].append_text(piece)
        return Text("\n").join(lines)

    @staticmethod
    def piece(reading: Reading) -> Text:
        """One clock: ``">X 4:59"`` for the side to move, ``" O 5:00"``, ``" O flag"``."""
        face = "flag" if reading.fallen else clock_face(reading.left)
        style = "bold reverse" if reading.running else ("bold" if reading.fallen else "")
        text = Text(">" if reading.running else " ")
        text.append_text(safe_text(f"{reading.seat} {face}", style))
        return text
