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
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grid_text import grid_canvas
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


def render_phase(phase: Phase, doors: tuple[tuple[int, int], ...] = (), glyphs: str = "unicode",
                 maze: GridMaze | None = None) -> Text:
    """The picture of ``phase``: walls (or the field's shade), doors, workers, the queen's walk.

    A frame of a grid maze (``frame.grid``) is drawn as ``grid_text`` draws the maze, with the
    workers and the queen on their cells; the finished build draws ``maze`` itself (its
    tunnels too)."""
    frame = phase.frame
    if frame.grid is not None:
        return render_grid_phase(phase, doors, glyphs, maze)
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
    text = Text(end="", no_wrap=True, overflow="ignore")
    for r in range(height):
        if r:
            text.append("\n")
        for c in range(width):
            text.append(chars[r, c], style=styles[r, c] or "")
    return text


def render_grid_phase(phase: Phase, doors: tuple[tuple[int, int], ...], glyphs: str,
                      maze: GridMaze | None = None) -> Text:
    """A grid maze's frame: passages carved so far, or wall cells (the field's shade before the
    first bitmap), the workers and the queen's walk on their cells."""
    frame = phase.frame
    grid = frame.grid
    assert grid is not None
    g = GLYPHS.get(glyphs, GLYPHS["unicode"])
    style = "ascii" if glyphs == "ascii" else "unicode"
    walls = None if frame.walls is None else np.asarray(frame.walls, dtype=bool)
    if frame.phase == "done" and maze is not None:
        shown = maze
    else:
        if frame.passages is not None:
            passages = frame.passages
        elif walls is not None:
            passages = ~walls[grid.edge_u] & ~walls[grid.edge_v]
        else:
            passages = np.ones(grid.edges, dtype=bool)  # before the first bitmap: the shade alone
        shown = GridMaze(grid, passages, doors[0], doors[1], walls=walls)
    chars, row, col = grid_canvas(shown, style)
    marks: list[tuple[int, int, str]] = []
    field = frame.field
    if field is not None and walls is None:
        shades = g["shades"]
        level = np.clip((np.clip(field, 0, 1) * (len(shades) - 1)).round().astype(int), 0, len(shades) - 1)
        chars[row, col] = np.array(list(shades))[level]
    for cell in np.rint(frame.agents).astype(int).ravel().tolist() if frame.agents.size else ():
        if 0 <= cell < grid.cells:
            chars[row[cell], col[cell]] = g["worker"]
            marks.append((int(row[cell]), int(col[cell]), "bold yellow"))
    walk = frame.queen[: phase.queen_steps]
    for cell in walk:
        chars[row[cell], col[cell]] = g["trail"]
        marks.append((int(row[cell]), int(col[cell]), "bold magenta"))
    if walk:
        chars[row[walk[-1]], col[walk[-1]]] = g["queen"]
        marks.append((int(row[walk[-1]]), int(col[walk[-1]]), "bold reverse magenta"))
    return canvas_text(chars, marks)


def canvas_text(chars: np.ndarray, marks: list[tuple[int, int, str]]) -> Text:
    """A character canvas as ``Text``: walls dimmed, each mark ``(row, col, style)`` styled."""
    width = chars.shape[1]
    text = Text("\n".join("".join(line) for line in chars.tolist()), style="bright_black", end="", no_wrap=True,
                overflow="ignore")
    for row, col, mark in marks:
        at = row * (width + 1) + col
        text.stylize(mark, at, at + 1)
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
        self.shrink = False  # as wide as the maze: one wider than the panel scrolls, never wraps
        self.glyphs = glyphs
        self.playback = Playback(speed=speed)
        self.phases: list[Phase] = []
        self.doors: tuple[tuple[int, int], ...] = ()
        self.maze: GridMaze | None = None
        self.done = True
        self._timer: Timer | None = None

    @property
    def phase_delay(self) -> float:
        return self.delay

    def render(self) -> Text:
        if not self.phases:
            return Text("Choose a builder and press Build (b).", style="dim")
        return render_phase(self.current, self.doors, self.glyphs, self.maze)

    @property
    def current(self) -> Phase:
        return self.phases[self.playback.phase]

    @property
    def delay(self) -> float:
        return MAZE_DELAYS[self.playback.speed]

    # -- attributes down ------------------------------------------------------------------
    def play(self, frames: list[MazeFrame], doors: tuple[tuple[int, int], ...], maze: object = None) -> None:
        """Animate a build from its first phase (its last at instant speed); ``maze`` (a grid
        maze) is drawn as it is at the end."""
        self._cancel_timer()
        self.phases = phases_of(frames)
        self.doors = doors
        self.maze = maze if isinstance(maze, GridMaze) else None
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

