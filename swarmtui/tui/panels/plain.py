"""Frames for agents without a trace of their own (``NoTrace``: random, and any future kind
that has no panel yet): the agent's note, then the move."""

from __future__ import annotations

from rich.text import Text

from swarmtui.core.trace import Trace
from swarmtui.tui.panels.frames import CHOSEN, Deliberation, Frames, phase_heading, register_frames, stack

PHASES = ("choose", "move")


def phases(d: Deliberation) -> tuple[str, ...]:
    return PHASES


def frame(d: Deliberation, phase: int, glyphs: str = "unicode") -> Text:
    note = getattr(d.trace, "note", "") or f"{d.agent} chooses"
    body = Text(f"{d.seat} ({d.agent}): {note}", end="")
    move = Text(f"plays {d.move}", CHOSEN, end="") if phase >= 1 else Text(end="")
    return stack(phase_heading(PHASES, phase), body, move)


FRAMES = register_frames(Trace, Frames(phases, frame))
