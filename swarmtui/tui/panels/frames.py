"""What every deliberation frame module shares: the record it draws, the frame-set protocol
each trace class registers (``register_frames``), and a few text helpers. Finding and drawing a
trace's frames is ``framesets``' (it loads the shipped panels, which import this module)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from rich.style import Style
from rich.text import Text

from swarmtui.core.trace import Trace
from swarmtui.tui.overlay import BoardOverlay

HEADING = Style(bold=True)
MUTED = Style(dim=True)
CHOSEN = Style(bold=True, underline=True)


@dataclass(frozen=True)
class Deliberation:
    """One AI turn to animate: who moved, with which agent, its trace and the move's notation."""

    seat: str
    agent: str
    trace: Trace
    move: str


TraceT = TypeVar("TraceT", bound=Trace)


def trace_of(d: Deliberation | Trace, kind: type[TraceT]) -> TraceT:
    """The trace of type ``kind`` that ``d`` carries (frame modules also accept the bare trace);
    a trace of another type is a registration error, not a drawing one."""
    trace = d.trace if isinstance(d, Deliberation) else d
    if not isinstance(trace, kind):
        raise TypeError(f"expected a {kind.__name__}, got {type(trace).__name__}")
    return trace


class FrameSet(Protocol):
    """How one trace class is animated: the names of its phases, each phase's frame (a pure
    function of the trace and the phase index) and what that phase draws on the board."""

    def phases(self, d: Deliberation, /) -> tuple[str, ...]: ...

    def frame(self, d: Deliberation, phase: int, glyphs: str, /) -> Text: ...

    def overlay(self, d: Deliberation, phase: int, glyphs: str, /) -> BoardOverlay | None: ...


def _no_overlay(d: Deliberation, phase: int, glyphs: str = "unicode") -> BoardOverlay | None:
    return None


@dataclass(frozen=True)
class Frames:
    """A ``FrameSet`` made of a panel module's functions (``overlay`` optional: nothing drawn)."""

    phases: Callable[[Deliberation], tuple[str, ...]]
    frame: Callable[[Deliberation, int, str], Text]
    overlay: Callable[[Deliberation, int, str], BoardOverlay | None] = _no_overlay


F = TypeVar("F", bound=FrameSet)
FRAMES: dict[type[Trace], FrameSet] = {}
"""Each trace class's frame set, as the panel modules register them (``framesets.frames_for``
finds the one of a trace, loading the shipped panels first)."""


def register_frames(trace_class: type[Trace], frames: F) -> F:
    """Animate ``trace_class`` (and its subclasses without their own) with ``frames``."""
    FRAMES[trace_class] = frames
    return frames


def phase_heading(names: tuple[str, ...], phase: int) -> Text:
    """``"step 2/6  symmetry"``, bold: the first line of every frame."""
    return Text(f"step {phase + 1}/{len(names)}  {names[phase]}", HEADING, end="")


def side_by_side(blocks: list[Text], gap: str = "  ") -> Text:
    """Blocks of lines placed left to right, each padded to its widest line."""
    split = [block.split("\n", allow_blank=True) for block in blocks]
    widths = [max((line.cell_len for line in lines), default=0) for lines in split]
    height = max(len(lines) for lines in split)
    out = Text(no_wrap=True, end="")
    for row in range(height):
        if row:
            out.append("\n")
        for i, lines in enumerate(split):
            line = lines[row].copy() if row < len(lines) else Text()
            if i < len(split) - 1:
                line.pad_right(widths[i] - line.cell_len)
                line.append(gap)
            out.append_text(line)
    out.rstrip()
    return out


def centred_label(label: str, height: int, row: int) -> Text:
    """A one-word column ``height`` lines tall with ``label`` on ``row`` (an arrow between boards)."""
    return Text("\n".join(label if r == row else " " * len(label) for r in range(height)), end="")


def stack(*parts: Text) -> Text:
    """Parts one under another, separated by a blank line."""
    return Text("\n\n", end="").join(p for p in parts if p.plain)
