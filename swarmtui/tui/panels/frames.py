"""What every deliberation frame module shares: the record it draws and a few text helpers."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from rich.style import Style
from rich.text import Text

from swarmtui.core.trace import Trace

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


def frames_for(trace: Trace) -> ModuleType:
    """The frame module that draws ``trace`` (``plain`` for kinds without their own panel)."""
    from swarmtui.tui.panels import genome, plain, search
    from swarmtui.tui.panels import particles
    from swarmtui.tui.panels import ants, bees, halma_swarm

    return {"genome": genome, "search": search, "particle": particles, "ant": ants, "bee": bees, "swarm": halma_swarm}.get(trace.kind, plain)


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


def render_frame(d: Deliberation, phase: int, glyphs: str = "unicode") -> Text:
    """Frame ``phase`` of ``d``: a pure function of the trace and the phase index."""
    module = frames_for(d.trace)
    count = len(module.phases(d))
    return module.frame(d, max(0, min(phase, count - 1)), glyphs)


def phase_count(d: Deliberation) -> int:
    return len(frames_for(d.trace).phases(d))
