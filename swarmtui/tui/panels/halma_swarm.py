"""Frames for a whole Halma swarm turn (``SwarmTrace``): the ants, then the bees, then the update.

The order follows Figure 7 of Kuehner & Stock: every piece's ant plans a path (``ants``' planning
phases), the bees' backward pass recruits the piece that moves (``bees``' phases), and only then
is the moved path's pheromone updated (``ants``' last phase, eq. 15-18). Each frame is the
matching ``ants`` or ``bees`` body under one heading counting the whole turn.
"""

from __future__ import annotations

from types import ModuleType

from rich.text import Text

from swarmtui.agents.aco_bco.trace import SwarmTrace
from swarmtui.core.trace import Trace
from swarmtui.tui.overlay import BoardOverlay
from swarmtui.tui.panels import ants, bees
from swarmtui.tui.panels.frames import Deliberation, Frames, phase_heading, register_frames, stack, trace_of


def phases(d: Deliberation | Trace) -> tuple[str, ...]:
    t = trace_of(d, SwarmTrace)
    return ants.plan_phases(t.ants) + tuple(f"bees: {name}" for name in bees.phases(t.bees)) + (ants.UPDATE,)


def part(t: SwarmTrace, phase: int) -> tuple[ModuleType, Trace, int]:
    """Which module draws turn phase ``phase``, of which half of the trace, at which own phase."""
    planning = len(ants.plan_phases(t.ants))
    recruiting = len(bees.phases(t.bees))
    if phase < planning:
        return ants, t.ants, phase
    if phase < planning + recruiting:
        return bees, t.bees, phase - planning
    return ants, t.ants, len(ants.phases(t.ants)) - 1


def frame(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> Text:
    names = phases(d)
    phase = max(0, min(phase, len(names) - 1))
    module, half, own = part(trace_of(d, SwarmTrace), phase)
    return stack(phase_heading(names, phase), module.body(half, own, glyphs))


def overlay(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> BoardOverlay:
    phase = max(0, min(phase, len(phases(d)) - 1))
    module, half, own = part(trace_of(d, SwarmTrace), phase)
    return module.overlay(half, own, glyphs)


FRAMES = register_frames(SwarmTrace, Frames(phases, frame, overlay))
