"""The maze being built: workers moving, the field darkening into walls, the queen walking.

Attributes down: the maze screen calls ``play(frames)`` with the ``MazeFrame``s a build
streamed, and forwards the keys (``skip``, ``toggle_pause``, ``cycle_speed``). Messages up:
``PhaseShown`` after each phase and ``Finished`` when the last one is on screen. The widget keeps
its own timer (Textual's animation level does not govern ``set_timer``); what it draws is the pure function
``render_phase(phase, glyphs)``, so tests can look at any phase without sleeping.

A phase is a frame plus how many fields of the queen's walk to show: a queen frame is played
as her walk growing step by step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from rich.text import Text
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from swarmtui.mazes.frames import MazeFrame
from swarmtui.tui.panels.clock import PlaybackClock
from swarmtui.tui.panels.playback import Playback

MAZE_DELAYS: dict[str, float] = {"slow": 0.25, "normal": 0.08, "fast": 0.03, "instant": 0.0}
"""Seconds per animation phase of a maze build for each speed setting (same names as games)."""

MAX_PHASES = 400
"""A long build is thinned to at most this many phases (the last one always kept)."""

QUEEN_STEPS = 24
"""A queen frame is shown as her walk in this many growing parts (at most)."""

GLYPHS = {
    "unicode": {"shades": " ░▒▓█", "wall": "█", "worker": "*", "queen": "Q", "trail": "o", "door": "+"},
    "ascii": {"shades": " .:+#", "wall": "#", "worker": "*", "queen": "Q", "trail": "o", "door": "+"},
}


@dataclass(frozen=True)
class Phase:
    """One picture of the animation: ``frame`` with the first ``queen_steps`` of her walk."""

    frame: MazeFrame
    queen_steps: int = 0


def phases_of(frames: list[MazeFrame], limit: int = MAX_PHASES) -> list[Phase]:
    """The animation of a build: each frame, queen frames unrolled into her growing walk."""
    out: list[Phase] = []
    for frame in frames:
        if frame.phase == "queen" and frame.queen:
            steps = len(frame.queen)
            parts = min(steps, QUEEN_STEPS)
            out.extend(Phase(frame, math.ceil(i * steps / parts)) for i in range(1, parts + 1))
        else:
            out.append(Phase(frame, len(frame.queen)))
    if len(out) > limit:
        keep = np.unique(np.linspace(0, len(out) - 1, limit).round().astype(int))
        out = [out[i] for i in keep]
    return out


def render_phase(phase: Phase, doors: tuple[tuple[int, int], ...] = (), glyphs: str = "unicode") -> Text:
    """The picture of ``phase``: walls (or the field's shade), doors, workers, the queen's walk."""
    frame = phase.frame
    g = GLYPHS.get(glyphs, GLYPHS["unicode"])
    shades = g["shades"]
    field = frame.field if frame.field is not None else np.ones((3, 3))
    height, width = field.shape
    levels = np.clip((np.clip(field, 0, 1) * (len(shades) - 1)).round().astype(int), 0, len(shades) - 1)
    chars = np.array(list(shades), dtype=object)[levels]
    styles = np.full((height, width), "", dtype=object)
    if frame.walls is not None:
        chars = np.where(frame.walls, g["wall"], np.where(levels >= len(shades) - 1, shades[-2], chars))
        styles[frame.walls] = "bright_black"
    for row, col in doors:
        chars[row, col], styles[row, col] = g["door"], "bold green"
    for row, col in np.rint(frame.agents).astype(int) if frame.agents.size else ():
        if 0 <= row < height and 0 <= col < width:
            chars[row, col], styles[row, col] = g["worker"], "bold yellow"
    walk = frame.queen[: phase.queen_steps]
    for row, col in walk:
        chars[row, col], styles[row, col] = g["trail"], "bold magenta"
    if walk:
        row, col = walk[-1]
        chars[row, col], styles[row, col] = g["queen"], "bold reverse magenta"
    text = Text(end="")
    for r in range(height):
        if r:
            text.append("\n")
        for c in range(width):
            text.append(chars[r, c], style=styles[r, c] or "")
    return text


def describe_phase(phase: Phase) -> str:
    """``"iteration 2 - queen walking (31 fields)"`` for the view's subtitle."""
    frame = phase.frame
    what = {"move": "workers moving", "field": "field thresholded", "done": "done"}.get(frame.phase, "")
    if frame.phase == "queen":
        verdict = "passed" if frame.passed and phase.queen_steps >= len(frame.queen) else "walking"
        what = f"queen {verdict} ({phase.queen_steps} fields)"
    return f"iteration {frame.iteration} - {what}"


class MazeView(PlaybackClock, Widget):
    """Plays a build's phases on a timer at the chosen speed; skippable and pausable."""

    DEFAULT_CSS = Path(__file__).with_suffix(".tcss").read_text()

    class Finished(Message):
        """The last phase of the current build is on screen."""

    class PhaseShown(Message):
        """Another phase is on screen (for the screen's status line)."""

    def __init__(self, *, glyphs: str = "unicode", speed: str = "normal", id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self.playback = Playback(speed=speed)
        self.phases: list[Phase] = []
        self.doors: tuple[tuple[int, int], ...] = ()
        self.done = True
        self._timer: Timer | None = None

    @property
    def phase_delay(self) -> float:
        return self.delay

    def render(self) -> Text:
        if not self.phases:
            return Text("Choose a builder and press Build (b).", style="dim")
        return render_phase(self.current, self.doors, self.glyphs)

    @property
    def current(self) -> Phase:
        return self.phases[self.playback.phase]

    @property
    def delay(self) -> float:
        return MAZE_DELAYS[self.playback.speed]

    # -- attributes down ------------------------------------------------------------------
    def play(self, frames: list[MazeFrame], doors: tuple[tuple[int, int], ...]) -> None:
        """Animate a build from its first phase (its last at instant speed)."""
        self._cancel_timer()
        self.phases = phases_of(frames)
        self.doors = doors
        self.done = False
        self.playback.start(len(self.phases))
        self._changed()

    def describe(self) -> str:
        where = describe_phase(self.current) if self.phases else "idle"
        return f"{where} - {self.playback.describe()}"

    # -- clockwork ------------------------------------------------------------------------
    def _changed(self) -> None:
        self.refresh(layout=True)
        self.post_message(self.PhaseShown())
        if self.playback.at_end:
            if not self.done:
                self.done = True
                self.post_message(self.Finished())
        elif not self.playback.paused:
            self._schedule()

