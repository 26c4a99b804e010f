"""The frame set of a trace and the frames drawn from it: the panels shipped with swarmtui are
loaded here (each registers its frame sets with ``frames.register_frames`` when imported), so
the shared vocabulary in ``frames`` imports no panel."""

from __future__ import annotations

from rich.text import Text

from swarmtui.core.trace import Trace
from swarmtui.tui.panels.frames import FRAMES, Deliberation, FrameSet


def _load_builtin() -> None:
    """The panels shipped with swarmtui register their frame sets when imported."""
    from swarmtui.tui.panels import (  # noqa: F401
        ants,
        bees,
        genome,
        halma_colony,
        halma_swarm,
        particles,
        plain,
        search,
    )


def frames_for(trace: Trace) -> FrameSet:
    """The frame set registered for ``trace``'s class or its nearest base (``Trace`` itself:
    the plain frames, for kinds without a panel of their own)."""
    _load_builtin()
    for cls in type(trace).__mro__:
        if cls in FRAMES:
            return FRAMES[cls]
    raise LookupError(f"no frames for {type(trace).__name__}")


def render_frame(d: Deliberation, phase: int, glyphs: str = "unicode") -> Text:
    """Frame ``phase`` of ``d``: a pure function of the trace and the phase index."""
    module = frames_for(d.trace)
    count = len(module.phases(d))
    return module.frame(d, max(0, min(phase, count - 1)), glyphs)


def phase_count(d: Deliberation) -> int:
    return len(frames_for(d.trace).phases(d))


DRAWING_ERRORS = (ArithmeticError, AttributeError, LookupError, TypeError, ValueError)
"""What drawing a damaged trace raises: a trace read from a file can have every field of the
right type and still not fit together (a chosen index past its list, a cell off the board)."""


MAX_PHASES = 1000
"""Phases a recorded turn may have (a Hive search: one per candidate move, a few hundred)."""


def drawable(d: Deliberation, glyphs: str = "unicode") -> bool:
    """True when every phase of ``d`` draws, frame and board overlay; False for a trace that
    does not fit together or has more than ``MAX_PHASES`` phases, which the replay viewer then
    shows as "reasoning unavailable"."""
    frames = frames_for(d.trace)
    try:
        count = len(frames.phases(d))
        if count > MAX_PHASES:
            return False
        for phase in range(count):
            frames.frame(d, phase, glyphs)
            frames.overlay(d, phase, glyphs)
    except DRAWING_ERRORS:
        return False
    return True
