"""The maze being built: workers moving, the field darkening into walls, the queen walking.

Attributes down: the maze screen calls ``play(frames)`` with the ``MazeFrame``s a build
streamed, and forwards the keys (``skip``, ``toggle_pause``, ``cycle_speed``). Messages up:
``PhaseShown`` after each phase and ``Finished`` when the last one is on screen. The widget keeps
its own timer (Textual's animation level does not govern ``set_timer``); what it draws is the pure function
``render_phase(phase, glyphs)``, so tests can look at any phase without sleeping.

A phase is a frame plus how many fields of the queen's walk to show: a queen frame is played
as her walk growing step by step. Once built, a maze can be solved on screen (``play_search``:
the breadth-first search's waves spreading from the entrance, then the shortest path drawn
from it to the exit, on the same clock, speed and keys as the build) or walked (``start_walk``:
the arrow keys move the walker, its trail stays, ``WalkFinished`` says the time and how the
steps compare with the shortest way). ``fit`` draws a square maze in half-blocks, two fields
a row (``maze_overlay``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path

import numpy as np
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region, Spacing
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from swarmtui.mazes.frames import NO_AGENTS, MazeFrame
from swarmtui.mazes.grid import Maze
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grid_text import grid_canvas
from swarmtui.mazes.wayfinding import Walk, Ways, ways_of
from swarmtui.tui.panels.clock import PlaybackClock
from swarmtui.tui.panels.playback import Playback
from swarmtui.tui.widgets.maze_overlay import Mark, field_marks, field_picture, fit_refusal, fit_text, overlay_marks

MAZE_DELAYS: dict[str, float] = {"slow": 0.25, "normal": 0.08, "fast": 0.03, "instant": 0.0}
"""Seconds per animation phase of a maze build for each speed setting (same names as games)."""

MAX_PHASES = 400
"""A long build is thinned to at most this many phases (the last one always kept)."""

QUEEN_STEPS = 24
"""A queen frame is shown as her walk in this many growing parts (at most)."""

SEARCH_PHASES = 90
"""A search is shown in at most this many phases of its waves (a long one several waves a phase)."""

PATH_PHASES = 30
"""The shortest path is drawn in at most this many growing parts."""

GLYPHS = {
    "unicode": {"shades": " ░▒▓█", "wall": "█", "worker": "*", "queen": "Q", "trail": "o", "door": "+"},
    "ascii": {"shades": " .:+#", "wall": "#", "worker": "*", "queen": "Q", "trail": "o", "door": "+"},
}


@dataclass(frozen=True)
class Phase:
    """One picture of the animation: ``frame`` with the first ``queen_steps`` of her walk."""

    frame: MazeFrame
    queen_steps: int = 0
    waves: int = 0
    """How many waves of the breadth-first search show (a solving phase), else 0."""
    path_steps: int = 0
    """How many places of the shortest path show (a solving phase)."""


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


def search_phases(frame: MazeFrame, waves: list[list[int]], path: list[int] | None) -> list[Phase]:
    """The animation of a search on the finished maze ``frame``: its waves spreading, then the
    path growing from the entrance."""
    counts = np.unique(np.linspace(1, len(waves), min(len(waves), SEARCH_PHASES)).round().astype(int))
    out = [Phase(frame, 0, int(k)) for k in counts]
    if path:
        steps = np.unique(np.linspace(1, len(path), min(len(path), PATH_PHASES)).round().astype(int))
        out += [Phase(frame, 0, len(waves), int(j)) for j in steps]
    return out


def render_phase(phase: Phase, doors: tuple[tuple[int, int], ...] = (), glyphs: str = "unicode",
                 maze: GridMaze | None = None, marks: Sequence[Mark] = ()) -> Text:
    """The picture of ``phase``: walls (or the field's shade), doors, workers, the queen's walk,
    then ``marks`` (a search or a walk) on their places.

    A frame of a grid maze (``frame.grid``) is drawn as ``grid_text`` draws the maze, with the
    workers and the queen on their cells; the finished build draws ``maze`` itself (its
    tunnels too)."""
    frame = phase.frame
    if frame.grid is not None:
        return render_grid_phase(phase, doors, glyphs, maze, marks)
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
    for place, glyph, style in marks:
        row, col = divmod(place, width)
        chars[row, col], styles[row, col] = glyph, style
    text = Text(end="", no_wrap=True, overflow="ignore")
    for r in range(height):
        if r:
            text.append("\n")
        for c in range(width):
            text.append(chars[r, c], style=styles[r, c] or "")
    return text


def render_grid_phase(phase: Phase, doors: tuple[tuple[int, int], ...], glyphs: str,
                      maze: GridMaze | None = None, marks: Sequence[Mark] = ()) -> Text:
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
    styled: list[tuple[int, int, str]] = []
    field = frame.field
    if field is not None and walls is None:
        shades = g["shades"]
        level = np.clip((np.clip(field, 0, 1) * (len(shades) - 1)).round().astype(int), 0, len(shades) - 1)
        chars[row, col] = np.array(list(shades))[level]
    for cell in np.rint(frame.agents).astype(int).ravel().tolist() if frame.agents.size else ():
        if 0 <= cell < grid.cells:
            chars[row[cell], col[cell]] = g["worker"]
            styled.append((int(row[cell]), int(col[cell]), "bold yellow"))
    walk = frame.queen[: phase.queen_steps]
    for cell in walk:
        chars[row[cell], col[cell]] = g["trail"]
        styled.append((int(row[cell]), int(col[cell]), "bold magenta"))
    if walk:
        chars[row[walk[-1]], col[walk[-1]]] = g["queen"]
        styled.append((int(row[walk[-1]]), int(col[walk[-1]]), "bold reverse magenta"))
    for cell, glyph, style in marks:
        chars[row[cell], col[cell]] = glyph
        styled.append((int(row[cell]), int(col[cell]), style))
    return canvas_text(chars, styled)


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
    if phase.path_steps:
        return f"shortest path - {phase.path_steps} places"
    if phase.waves:
        return f"searching - wave {phase.waves}"
    return f"iteration {frame.iteration} - {what}"


class MazeView(PlaybackClock, Widget):
    """Plays a build's phases on a timer at the chosen speed; skippable and pausable. Once a
    maze is built: its search animated, a walk with the arrow keys, the half-block fit."""

    DEFAULT_CSS = Path(__file__).with_suffix(".tcss").read_text()

    BINDINGS = [Binding(arrow, f"walk('{arrow}')", "Walk", show=False, tooltip=f"walk {arrow}")
                for arrow in ("up", "down", "left", "right")]

    class Finished(Message):
        """The last phase of the current build (or search) is on screen."""

    class PhaseShown(Message):
        """Another phase is on screen (for the screen's status line)."""

    class WalkFinished(Message):
        """The walker reached the exit: ``verdict`` says the time and the steps."""

        def __init__(self, verdict: str) -> None:
            super().__init__()
            self.verdict = verdict

    def __init__(self, *, glyphs: str = "unicode", speed: str = "normal", id: str | None = None) -> None:
        super().__init__(id=id)
        self.shrink = False  # as wide as the maze: one wider than the panel scrolls, never wraps
        self.can_focus = True  # while walking it takes the arrow keys; otherwise they pan the panel
        self.glyphs = glyphs
        self.playback = Playback(speed=speed)
        self.phases: list[Phase] = []
        self.doors: tuple[tuple[int, int], ...] = ()
        self.maze: GridMaze | None = None
        self.source: Maze | GridMaze | None = None
        """The maze on screen (a field maze or a grid maze), once built."""
        self.search: tuple[list[list[int]], list[int] | None] | None = None
        """The waves and the path of the search being shown (``play_search``)."""
        self.walk: Walk | None = None
        self.fit = False
        """Draw the maze in half-blocks, two fields a row (square mazes: ``maze_overlay``)."""
        self.done = True
        self._timer: Timer | None = None

    @property
    def phase_delay(self) -> float:
        return self.delay

    def render(self) -> Text:
        if not self.phases:
            return Text("Choose a builder and press Build (b).", style="dim")
        marks = self.marks()
        if self.fitted:
            assert self.source is not None
            walls, fields = field_picture(self.source)
            return fit_text(walls, field_marks(self.source, fields, marks), self.door_fields(), self.glyphs)
        return render_phase(self.current, self.doors, self.glyphs, self.maze, marks)

    @property
    def fitted(self) -> bool:
        """Drawn in half-blocks now: fit chosen, a square maze, and its build over."""
        return self.fit and self.done and fit_refusal(self.source) is None

    def marks(self) -> list[Mark]:
        """What is drawn over the maze: the walk, or the search so far, or nothing."""
        if self.walk is not None:
            return overlay_marks(trail=self.walk.trail[:-1], walker=self.walk.at, glyphs=self.glyphs)
        phase = self.current
        if self.search is None or not (phase.waves or phase.path_steps):
            return []
        waves, path = self.search
        return overlay_marks(chain.from_iterable(waves[:phase.waves]), (path or [])[:phase.path_steps],
                             glyphs=self.glyphs)

    def door_fields(self) -> list[tuple[int, int]]:
        """The doors' fields in the fitted picture."""
        if isinstance(self.source, GridMaze):
            steps = ((-1, 0), (0, 1), (1, 0), (0, -1))
            coords = self.source.grid.coords
            return [(2 * int(coords[cell, 0]) + 1 + steps[side][0], 2 * int(coords[cell, 1]) + 1 + steps[side][1])
                    for cell, side in (self.source.entrance, self.source.exit)]
        return list(self.doors)

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
        self.source = maze if isinstance(maze, Maze | GridMaze) else None
        self.search = None
        self.walk = None
        self.done = False
        self.playback.start(len(self.phases))
        self._changed()

    def ways(self) -> Ways:
        """The places of the maze on screen, with their points on this drawing."""
        assert self.source is not None
        if isinstance(self.source, GridMaze):
            chars, row, col = grid_canvas(self.source, "ascii" if self.glyphs == "ascii" else "unicode")
            seam = float(chars.shape[1]) if self.source.grid.kind == "polar" else 0.0
            return ways_of(self.source, np.stack([2.0 * row, col], axis=1), seam)
        return ways_of(self.source)

    def finished_frame(self) -> MazeFrame:
        """The finished maze's frame without the workers (a search or a walk is drawn on it)."""
        return replace(self.phases[-1].frame, agents=NO_AGENTS)

    def play_search(self, waves: list[list[int]], path: list[int] | None) -> None:
        """Animate a breadth-first search on the finished maze: its waves, then its path."""
        self._cancel_timer()
        final = self.finished_frame()
        self.walk = None
        self.search = (waves, path)
        self.phases = search_phases(final, waves, path)
        self.done = False
        self.playback.start(len(self.phases))
        self._changed()

    def start_walk(self, walk: Walk) -> None:
        """Put the walker at the entrance (the maze's build or search skipped to its end)."""
        self.skip()
        self.search = None
        final = self.finished_frame()
        self.phases = [Phase(final)]
        self.playback.start(1)
        self.walk = walk
        self.refresh(layout=True)
        self.focus()
        self.call_after_refresh(self.show_walker)

    def toggle_fit(self) -> bool:
        self.fit = not self.fit
        self.refresh(layout=True)
        if self.walk is not None:
            self.call_after_refresh(self.show_walker)
        return self.fit

    def describe(self) -> str:
        if self.walk is not None:
            walk = self.walk
            state = "out" if walk.finished else "walking"
            shortest = f" (shortest {walk.shortest})" if walk.shortest is not None else ""
            return f"{state} - {walk.seconds():.1f} s - {walk.steps} steps{shortest}"
        where = describe_phase(self.current) if self.phases else "idle"
        fitted = " - fit" if self.fitted else ""
        return f"{where} - {self.playback.describe()}{fitted}"

    # -- walking --------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The arrows walk while a walk is on; otherwise they go on to the panel (panning)."""
        if action == "walk":
            return self.walk is not None and not self.walk.finished
        return True

    def action_walk(self, arrow: str) -> None:
        walk = self.walk
        if walk is None or not walk.move(arrow):
            return
        self.refresh()
        self.post_message(self.PhaseShown())
        self.show_walker()
        if walk.finished:
            self.post_message(self.WalkFinished(walk.verdict()))

    def show_walker(self) -> None:
        """Scroll the panel so the walker is in sight, with room around it."""
        walk, source, parent = self.walk, self.source, self.parent
        if walk is None or source is None or not isinstance(parent, Widget):
            return
        if self.fitted:
            _, fields = field_picture(source)
            row, col = int(fields[walk.at, 0]) // 2, int(fields[walk.at, 1])
        elif isinstance(source, GridMaze):
            _, rows, cols = grid_canvas(source, "ascii" if self.glyphs == "ascii" else "unicode")
            row, col = int(rows[walk.at]), int(cols[walk.at])
        else:
            row, col = divmod(walk.at, source.width)
        region = Region(col + self.styles.padding.left, row + self.styles.padding.top, 1, 1)
        parent.scroll_to_region(region, spacing=Spacing(2, 6, 2, 6), animate=False, immediate=True)

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
