"""The maze screen: pick a builder, grid, size, seed, parameters, mask and difficulty, watch the
build, read the metrics, export the maze, load one back.

The build runs in a thread worker (``request.build_request`` with an ``on_frame`` callback
collecting the frames), which posts ``Built`` (or ``BuildFailed``); ``MazeView`` then plays the
frames at the chosen speed, on any grid, and the maze panel scrolls (arrow keys, page keys)
when the maze is larger than it. Every message carries the build's ``token`` so a newer build
ignores replies meant for an older one. Export writes what reads back: the square maze as ``#``
text (``swarmtui maze``'s ascii style), a grid maze as JSON version 2, atomically, under
``saves/mazes/`` with a fresh name by default, or to the path typed in the file field, never
replacing an existing file; ``l`` loads the file typed there (any maze file ``maze solve``
reads, under the same bounds).

A finished maze can be solved on screen (``o``: the breadth-first search's waves, then the
shortest path, animated like the build) and walked (``w``: the arrow keys move the walker
from the entrance, the clock runs from the first step, the finish says the time and compares
the steps with the shortest way), on every grid. The search runs in a thread worker
(``find_route``) and is kept for the maze on screen. ``f`` fits a square maze into half the
rows (half-blocks); hex, triangle and polar mazes pan only. The footer lists Skip and Pause
while something animates, and Fit, Solve and Walk once there is a maze.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Input, Label, Select, Static

from swarmtui.core.params import split_assignment
from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import SaveError, free_path, saves_dir, typed_path, write_atomic
from swarmtui.mazes import ALL_BUILDERS, Maze, MazeError
from swarmtui.mazes.frames import NO_AGENTS, MazeFrame
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grids import GRIDS, cell_count
from swarmtui.mazes.metrics import MazeMetrics, measure
from swarmtui.mazes.request import Request, build_request, default_size, describe_size, parse_size
from swarmtui.mazes.wayfinding import Walk, Ways, search_waves
from swarmtui.tui.screens.help import QUIT_AND_HELP
from swarmtui.tui.screens.maze_help import MAZE_HELP
from swarmtui.tui.widgets.maze_metrics import MazeMetricsPanel
from swarmtui.tui.widgets.maze_overlay import fit_refusal
from swarmtui.tui.widgets.maze_view import MazeView
from swarmtui.tui.widgets.screen_title import ScreenTitle

TUI_MAX_FIELDS = 40_000
"""Largest square maze the screen builds (200x200 fields): the animation keeps every frame."""
TUI_MAX_CELLS = 10_000
"""Largest maze on another grid (a 100x100 hex maze, 55 rings): its text is four times its cells."""

DEFAULT_SIZE = "40x15"


def parse_request(algo: str, size: str, seed: str, params: str, grid: str = "square", mask: str = "",
                  difficulty: str = "") -> Request:
    """The screen's fields -> a ``Request``; ``ValueError`` says what is wrong."""
    if grid not in GRIDS:
        raise ValueError(f"unknown grid {grid!r}")
    chosen_size = parse_size(grid, size) if size.strip() else None  # MazeError is a ValueError
    shape = None
    if mask.strip():
        from swarmtui.mazes.masks import read_mask

        shape = read_mask(typed_path(mask))
    _check_screen_size(algo, grid, chosen_size, shape)
    seed_text = seed.strip()
    if seed_text and (not seed_text.isdigit() or len(seed_text) > 18):
        raise ValueError("the seed must be a whole number, 0 or more (or blank)")
    overrides = [split_assignment(part) for part in params.replace(",", " ").split()]
    chosen = ALL_BUILDERS[algo].parse_params(overrides)  # ParamError is a ValueError
    target = None
    if difficulty.strip():
        from swarmtui.mazes.difficulty import parse_difficulty

        target = parse_difficulty(difficulty.strip())
    return Request(algo, grid, chosen_size, int(seed_text) if seed_text else -1, chosen, shape, target)


def _check_screen_size(algo: str, grid: str, size: tuple[int, int] | None, mask) -> None:
    """``ValueError`` for a maze too large to animate here (the CLI builds larger ones)."""
    if size is None:
        size = default_size(grid) if mask is None else None
    if size is None:
        rows, cols = mask.natural_size(grid)
        size = (rows, 0) if grid == "polar" else (cols, rows)
    if grid == "square" and (mask is None or algo == "weave"):
        if size[0] * size[1] > TUI_MAX_FIELDS:
            raise ValueError(f"the screen builds up to {TUI_MAX_FIELDS:,} fields; use 'swarmtui maze' for more")
        return
    cells = cell_count(grid, size if grid == "polar" else (size[1], size[0]))
    if cells > TUI_MAX_CELLS:
        raise ValueError(f"the screen builds up to {TUI_MAX_CELLS:,} cells; use 'swarmtui maze' for more")


def export_path(maze: Maze | GridMaze, typed: str) -> Path:
    """Where ``e`` writes: the typed path, or a fresh ``saves/mazes/<algo>-<size>-seed<seed>.txt``
    (``.json`` for a grid maze)."""
    if typed.strip():
        return typed_path(typed)
    suffix = ".json" if isinstance(maze, GridMaze) else ".txt"
    size = maze.size.replace(" ", "-")
    return free_path(saves_dir() / "mazes" / f"{maze.algo or 'maze'}-{size}-seed{maze.seed}{suffix}")


def exported(maze: Maze | GridMaze, metrics: MazeMetrics | None) -> str:
    """The text ``e`` writes: one that ``maze solve`` and ``l`` read back."""
    if isinstance(maze, GridMaze):
        from swarmtui.mazes.gridfile import to_json_grid

        return to_json_grid(maze, None, metrics)
    from swarmtui.mazes.text import render

    return render(maze, "ascii")


def shown_frames(maze: Maze | GridMaze) -> list[MazeFrame]:
    """The one frame that shows a maze read from a file."""
    if isinstance(maze, GridMaze):
        return [MazeFrame(maze.algo, "done", 0, NO_AGENTS, None, maze.walls, grid=maze.grid,
                          passages=maze.passages)]
    walls = maze.walls.copy()
    return [MazeFrame(maze.algo, "done", 0, NO_AGENTS, walls.astype(float), walls)]


class MazeScreen(Screen[str]):
    """Settings and metrics on the left, the maze on the right; dismissed with the speed chosen."""

    HELP_TITLE = "Mazes"

    HELP = MAZE_HELP

    CSS_PATH = "maze.tcss"

    BINDINGS = [
        *QUIT_AND_HELP,
        Binding("b", "build", "Build", tooltip="build a maze with the chosen builder, grid, size and seed"),
        Binding("x", "skip", "Skip", tooltip="skip to the finished maze"),
        Binding("p", "pause", "Pause", tooltip="pause / resume the building"),
        Binding("s", "speed", "Speed", tooltip="speed: slow, normal, fast, instant"),
        Binding("f", "fit", "Fit", tooltip="fit / pan: a square maze in half-blocks, two rows of fields a line"),
        Binding("o", "solve", "Solve", tooltip="solve it: the breadth-first search spreading, then the shortest path"),
        Binding("w", "walk", "Walk", tooltip="walk it with the arrow keys against the clock (w again: start over)"),
        Binding("e", "export", "Export", show=False,
                tooltip="write the maze into the saves folder (text, or JSON on a grid)"),
        Binding("l", "load", "Load", show=False, tooltip="read the maze file typed in the file field"),
        Binding("m,escape", "menu", "Menu", tooltip="back to the menu"),
    ]

    WALK_TICK = 0.2
    """Seconds between updates of the walk's clock on screen."""

    class Built(Message):
        """A build finished: the maze, its frames and metrics, for build ``token``."""

        def __init__(self, token: int, maze: Maze | GridMaze, frames: list[MazeFrame], metrics: MazeMetrics,
                     seconds: float) -> None:
            super().__init__()
            self.token, self.maze, self.frames, self.metrics, self.seconds = token, maze, frames, metrics, seconds

    class BuildFailed(Message):
        def __init__(self, token: int, error: Exception) -> None:
            super().__init__()
            self.token, self.error = token, error

    class RouteFound(Message):
        """The search of build ``token``'s maze: its places, waves and path; ``then`` what to do
        with it (``solve`` or ``walk``)."""

        def __init__(self, token: int, ways: Ways, waves: list[list[int]], path: list[int] | None,
                     then: str) -> None:
            super().__init__()
            self.token, self.ways, self.waves, self.path, self.then = token, ways, waves, path, then

    def __init__(self, *, glyphs: str = "unicode", speed: str = "normal", seed: int | None = None) -> None:
        super().__init__()
        self.glyphs, self.speed, self.seed = glyphs, speed, seed
        self.token = 0
        self.maze: Maze | GridMaze | None = None
        self.metrics: MazeMetrics | None = None
        self.route: MazeScreen.RouteFound | None = None
        """The search of the maze on screen, once found (kept for the next solve or walk)."""
        self._walk_clock: Timer | None = None

    def compose(self) -> ComposeResult:
        yield ScreenTitle(Text("Mazes - ants, bees and classic builders", style="bold"), id="maze-title",
                          classes="-plain")
        with Horizontal():
            with Vertical(id="maze-form"):
                yield from self._row("builder", Select([(spec.title, spec.id) for spec in ALL_BUILDERS.values()],
                                                       value="ant", allow_blank=False, compact=True, id="maze-algo"))
                yield from self._row("grid", Select([(kind.title, kind.name) for kind in GRIDS.values()],
                                                    value="square", allow_blank=False, compact=True, id="maze-grid"))
                yield from self._row("size", Input(DEFAULT_SIZE, placeholder="40x15", compact=True, id="maze-size"))
                yield from self._row("seed", Input("" if self.seed is None else str(self.seed), placeholder="random",
                                                   compact=True, id="maze-seed"))
                yield from self._row("params", Input(placeholder="n=200 r=120", compact=True, id="maze-params"))
                yield from self._row("mask", Input(placeholder="shape.txt / .png", compact=True, id="maze-mask"))
                yield from self._row("level", Input(placeholder="easy medium hard 0.9", compact=True,
                                                    id="maze-difficulty"))
                yield from self._row("file", Input(placeholder="saves/mazes/...", compact=True, id="maze-export-path"))
                with Horizontal(id="maze-buttons"):
                    yield Button("Build", id="maze-build", variant="primary", compact=True)
                    yield Button("Export", id="maze-export", compact=True)
                    yield Button("Load", id="maze-load", compact=True)
                yield MazeMetricsPanel(id="maze-metrics")
            with ScrollableContainer(id="maze-scroll"):
                yield MazeView(glyphs=self.glyphs, speed=self.speed, id="maze-view")
        yield Footer(compact=True, show_command_palette=False)  # room for the keys at 80 columns

    @staticmethod
    def _row(label: str, field: Input | Select) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Label(label)
            yield field

    @property
    def view(self) -> MazeView:
        return self.query_one(MazeView)

    def on_mount(self) -> None:
        self.query_one("#maze-form").border_title = "Build"
        self.query_one("#maze-scroll").border_title = "Maze"
        self.query_one("#maze-algo", Select).focus()
        self.update_subtitle()

    @on(Select.Changed, "#maze-grid")
    def grid_changed(self, event: Select.Changed) -> None:
        """A new grid: its default size in the size field (a square size means nothing on rings)."""
        self.query_one("#maze-size", Input).value = describe_size(str(event.value), default_size(str(event.value)))

    # -- building -------------------------------------------------------------------------
    @on(Button.Pressed, "#maze-build")
    @on(Input.Submitted, "#maze-size, #maze-seed, #maze-params, #maze-mask, #maze-difficulty")
    def action_build(self) -> None:
        algo = str(self.query_one("#maze-algo", Select).value)
        grid = str(self.query_one("#maze-grid", Select).value)
        fields = (self.query_one(f"#maze-{name}", Input).value for name in ("size", "seed", "params", "mask",
                                                                             "difficulty"))
        try:
            size, seed, params, mask, difficulty = fields
            request = parse_request(algo, size, seed, params, grid, mask, difficulty)
        except ValueError as error:
            self.notify(safe_text(error).plain, title="Cannot build", severity="error", markup=False)
            return
        if request.seed < 0:
            request = replace(request, seed=random.randrange(1_000_000))
        self.token += 1
        self.set_title(Text(f"building {algo} on {grid} seed {request.seed}...", style="bold"))
        self.run_build(self.token, request)

    @work(thread=True, exclusive=True, group="maze-build")
    def run_build(self, token: int, request: Request) -> None:
        """Build off the event loop, keeping every frame for the animation (with a difficulty,
        the chosen candidate is built again for its frames)."""
        frames: list[MazeFrame] = []
        try:
            start = time.perf_counter()
            if request.difficulty is None:
                maze = build_request(request, frames.append)
            else:
                maze = build_request(request)
                assert maze.seed is not None
                build_request(replace(request, seed=maze.seed, difficulty=None), frames.append)
            seconds = time.perf_counter() - start
            metrics = measure(maze)
        except Exception as error:  # a bad request or a builder bug must not take the app down
            self.post_message(self.BuildFailed(token, error))
        else:
            self.post_message(self.Built(token, maze, frames, metrics, seconds))

    def on_maze_screen_built(self, message: Built) -> None:
        if message.token != self.token:
            return
        self.show(message.maze, message.metrics, message.frames)
        self.notify(f"built in {message.seconds * 1000:.0f} ms with {len(message.frames)} frames", timeout=2)

    def show(self, maze: Maze | GridMaze, metrics: MazeMetrics, frames: list[MazeFrame]) -> None:
        """Put ``maze`` on screen: title, metrics, the animation of ``frames``."""
        self.maze, self.metrics, self.route = maze, metrics, None
        self.stop_walk_clock()
        spec = ALL_BUILDERS.get(maze.algo)
        title = Text.assemble((spec.title if spec else "", "bold"), (f"  {maze.size}  ", "bold"))
        if spec is None:
            title.append_text(safe_text(maze.algo or "read from a file", "bold", limit=40))
        title.append(f"  seed {maze.seed}" if maze.seed is not None else "", style="dim")
        self.set_title(title)
        self.query_one(MazeMetricsPanel).show(maze, metrics)
        self.view.play(frames, (maze.entrance, maze.exit), maze)
        self.query_one("#maze-scroll").focus()
        self.update_subtitle()

    def on_maze_screen_build_failed(self, message: BuildFailed) -> None:
        if message.token == self.token:
            self.set_title(Text("build failed", style="bold"))
            self.notify(safe_text(message.error).plain, title="Cannot build", severity="error", markup=False)

    def on_maze_view_phase_shown(self, message: MazeView.PhaseShown) -> None:
        self.update_subtitle()

    def on_maze_view_finished(self, message: MazeView.Finished) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only what works now: Skip and Pause while the maze animates; Fit,
        Solve and Walk once there is a maze."""
        if action in ("skip", "pause"):
            return not self.view.done
        if action in ("fit", "solve", "walk"):
            return self.maze is not None
        return True

    # -- solving and walking --------------------------------------------------------------
    def action_solve(self) -> None:
        self.with_route("solve")

    def action_walk(self) -> None:
        self.with_route("walk")

    def with_route(self, then: str) -> None:
        """Solve or walk the maze on screen, once its search is found (in a worker, the first time)."""
        if self.maze is None:
            self.notify("Build a maze first.", title="No maze")
            return
        if self.route is not None:
            self.use_route(self.route, then)
            return
        self.run_route(self.token, then)

    @work(thread=True, exclusive=True, group="maze-route")
    def run_route(self, token: int, then: str) -> None:
        """The breadth-first search of the maze on screen, off the event loop."""
        ways = self.view.ways()
        waves, path = search_waves(ways)
        self.post_message(self.RouteFound(token, ways, waves, path, then))

    def on_maze_screen_route_found(self, message: RouteFound) -> None:
        if message.token == self.token:
            self.route = message
            self.use_route(message, message.then)

    def use_route(self, route: RouteFound, then: str) -> None:
        if then == "solve":
            self.stop_walk_clock()
            self.view.play_search(route.waves, route.path)
            self.query_one("#maze-scroll").focus()
            reached = sum(map(len, route.waves))
            found = f"a shortest path of {len(route.path) - 1} steps" if route.path else "no way from door to door"
            self.notify(f"breadth-first search: {found}, {reached} places reached", title="Solve", timeout=3)
        else:
            shortest = len(route.path) - 1 if route.path else None
            self.view.start_walk(Walk(route.ways, shortest))
            self.stop_walk_clock()
            self._walk_clock = self.set_interval(self.WALK_TICK, self.update_subtitle)
            self.notify("arrow keys: walk from the entrance (+) to the exit; the clock starts at your first step",
                        title="Walk", timeout=4)
        self.refresh_bindings()
        self.update_subtitle()

    def on_maze_view_walk_finished(self, message: MazeView.WalkFinished) -> None:
        self.stop_walk_clock()
        self.update_subtitle()
        self.set_title(Text(message.verdict, style="bold"))
        self.notify(message.verdict, title="Out of the maze", timeout=8)

    def stop_walk_clock(self) -> None:
        if self._walk_clock is not None:
            self._walk_clock.stop()
            self._walk_clock = None

    def action_fit(self) -> None:
        refusal = fit_refusal(self.maze)
        if refusal is not None:
            self.notify(refusal, title="Cannot fit", timeout=4)
            return
        fitted = self.view.toggle_fit()
        self.notify("fit: two rows of fields a line" if fitted else "pan: one field a character", timeout=1.5)
        self.update_subtitle()

    # -- keys -----------------------------------------------------------------------------
    def action_skip(self) -> None:
        self.view.skip()
        self.update_subtitle()
        self.refresh_bindings()

    def action_pause(self) -> None:
        self.view.toggle_pause()
        self.update_subtitle()

    def action_speed(self) -> None:
        self.speed = self.view.cycle_speed()
        self.notify(f"speed: {self.speed}", timeout=1.5)
        self.update_subtitle()

    @on(Button.Pressed, "#maze-export")
    def action_export(self) -> None:
        if self.maze is None:
            self.notify("Build a maze first.", title="Nothing to export")
            return
        typed = self.query_one("#maze-export-path", Input).value
        try:
            path = export_path(self.maze, typed)
            write_atomic(path, exported(self.maze, self.metrics), overwrite=False)
        except SaveError as error:
            self.notify(f"{safe_text(error).plain}; choose another name", title="Not exported", severity="error",
                        markup=False)
            return
        self.notify(f"wrote {safe_text(path).plain}", title="Exported", markup=False)

    @on(Button.Pressed, "#maze-load")
    def action_load(self) -> None:
        typed = self.query_one("#maze-export-path", Input).value
        if not typed.strip():
            self.notify("Type the maze file's path in the file field.", title="Nothing to load")
            return
        self.token += 1
        self.run_load(self.token, typed_path(typed))

    @work(thread=True, exclusive=True, group="maze-build")
    def run_load(self, token: int, path: Path) -> None:
        """Read a maze file off the event loop (bounded: ``mazefile.read_maze``)."""
        from swarmtui.mazes.mazefile import read_maze

        try:
            maze = read_maze(path)
            metrics = measure(maze)
        except (MazeError, SaveError) as error:
            self.post_message(self.BuildFailed(token, error))
        else:
            self.post_message(self.Built(token, maze, shown_frames(maze), metrics, 0.0))

    def action_menu(self) -> None:
        self.workers.cancel_group(self, "maze-build")
        self.workers.cancel_group(self, "maze-route")
        self.stop_walk_clock()
        self.token += 1
        self.dismiss(self.speed)

    # -- views ----------------------------------------------------------------------------
    def set_title(self, text: Text) -> None:
        self.query_one("#maze-title", Static).update(text)

    def update_subtitle(self) -> None:
        self.query_one("#maze-scroll").border_subtitle = self.view.describe()
