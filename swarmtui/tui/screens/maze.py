"""The maze screen: pick a builder, size, seed and parameters, watch the build, read the
metrics, export the maze as text.

The build runs in a thread worker (``build`` with an ``on_frame`` callback collecting the
frames), which posts ``Built`` (or ``BuildFailed``); ``MazeView`` then plays the frames at the
chosen speed. Every message carries the build's ``token`` so a newer build ignores replies
meant for an older one. Export writes the ``#`` text (``swarmtui maze``'s ascii style, which
reads back) atomically, under ``saves/mazes/`` with a fresh name by default, or to the path
typed in the export field, never replacing an existing file.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from swarmtui.core.params import split_assignment
from swarmtui.core.saves import SaveError, free_path, saves_dir, typed_path, write_atomic
from swarmtui.mazes import BUILDERS, Maze, build
from swarmtui.mazes.frames import MazeFrame
from swarmtui.mazes.metrics import MazeMetrics, measure
from swarmtui.mazes.text import render
from swarmtui.tui.screens.help import QUIT_AND_HELP
from swarmtui.tui.widgets.maze_metrics import MazeMetricsPanel
from swarmtui.tui.widgets.maze_view import MazeView

TUI_MAX_FIELDS = 40_000
"""Largest maze the screen builds (200x200 fields): the animation keeps every frame."""

DEFAULT_SIZE = "40x15"


def parse_request(algo: str, size: str, seed: str, params: str) -> tuple[int, int, int | None, object]:
    """The screen's fields -> ``(width, height, seed or None, params)``; ``ValueError`` says what is wrong."""
    width_text, sep, height_text = size.strip().lower().replace("×", "x").partition("x")
    if not sep or not width_text.strip().isdigit() or not height_text.strip().isdigit():
        raise ValueError(f"size must look like 40x15, not {size.strip()!r}")
    width, height = int(width_text), int(height_text)
    if width * height > TUI_MAX_FIELDS:
        raise ValueError(f"the screen builds up to {TUI_MAX_FIELDS:,} fields; use 'swarmtui maze' for more")
    seed_text = seed.strip()
    if seed_text and (not seed_text.isdigit()):
        raise ValueError("the seed must be a whole number, 0 or more (or blank)")
    overrides = [split_assignment(part) for part in params.replace(",", " ").split()]
    chosen = BUILDERS[algo].parse_params(overrides)  # ParamError is a ValueError
    return width, height, int(seed_text) if seed_text else None, chosen


def export_path(maze: Maze, typed: str) -> Path:
    """Where ``e`` writes: the typed path, or a fresh ``saves/mazes/<algo>-<size>-seed<seed>.txt``."""
    if typed.strip():
        return typed_path(typed)
    return free_path(saves_dir() / "mazes" / f"{maze.algo}-{maze.size}-seed{maze.seed}.txt")


class MazeScreen(Screen[str]):
    """Settings and metrics on the left, the maze on the right; dismissed with the speed chosen."""

    HELP_TITLE = "Mazes"

    DEFAULT_CSS = """
    MazeScreen #maze-title {
        height: 1;
        padding: 0 1;
        background: $panel;
    }
    MazeScreen #maze-form {
        width: 30;
        height: 100%;
        border: round $primary;
        padding: 0 1;
    }
    MazeScreen #maze-form:focus-within {
        border: double $accent;
    }
    MazeScreen .row {
        height: 1;
    }
    MazeScreen .row Label {
        width: 8;
    }
    MazeScreen .row Input, MazeScreen .row Select {
        width: 1fr;
    }
    MazeScreen #maze-buttons {
        height: 1;
        margin-top: 1;
    }
    MazeScreen #maze-buttons Button {
        width: 1fr;
        min-width: 8;
    }
    MazeScreen #maze-scroll {
        width: 1fr;
        border: round $secondary;
        border-subtitle-color: $text-muted;
    }
    MazeScreen #maze-scroll:focus {
        border: double $accent;
    }
    """

    BINDINGS = [
        *QUIT_AND_HELP,
        Binding("b", "build", "Build", tooltip="build a maze with the chosen builder, size and seed"),
        Binding("x", "skip", "Skip", tooltip="skip to the finished maze"),
        Binding("p", "pause", "Pause", tooltip="pause / resume the building"),
        Binding("s", "speed", "Speed", tooltip="speed: slow, normal, fast, instant"),
        Binding("e", "export", "Export", tooltip="write the maze as text into the saves folder"),
        Binding("m,escape", "menu", "Menu", tooltip="back to the menu"),
    ]

    class Built(Message):
        """A build finished: the maze, its frames and metrics, for build ``token``."""

        def __init__(self, token: int, maze: Maze, frames: list[MazeFrame], metrics: MazeMetrics,
                     seconds: float) -> None:
            super().__init__()
            self.token, self.maze, self.frames, self.metrics, self.seconds = token, maze, frames, metrics, seconds

    class BuildFailed(Message):
        def __init__(self, token: int, error: Exception) -> None:
            super().__init__()
            self.token, self.error = token, error

    def __init__(self, *, glyphs: str = "unicode", speed: str = "normal", seed: int | None = None) -> None:
        super().__init__()
        self.glyphs, self.speed, self.seed = glyphs, speed, seed
        self.token = 0
        self.maze: Maze | None = None
        self.metrics: MazeMetrics | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text("Mazes - ants, bees and classic builders", style="bold"), id="maze-title")
        with Horizontal():
            with Vertical(id="maze-form"):
                with Horizontal(classes="row"):
                    yield Label("builder")
                    yield Select([(spec.title, spec.id) for spec in BUILDERS.values()], value="ant",
                                 allow_blank=False, compact=True, id="maze-algo")
                with Horizontal(classes="row"):
                    yield Label("size")
                    yield Input(DEFAULT_SIZE, placeholder="40x15", compact=True, id="maze-size")
                with Horizontal(classes="row"):
                    yield Label("seed")
                    yield Input("" if self.seed is None else str(self.seed), placeholder="random", compact=True,
                                id="maze-seed")
                with Horizontal(classes="row"):
                    yield Label("params")
                    yield Input(placeholder="n=200 r=120", compact=True, id="maze-params")
                with Horizontal(classes="row"):
                    yield Label("export")
                    yield Input(placeholder="saves/mazes/...", compact=True, id="maze-export-path")
                with Horizontal(id="maze-buttons"):
                    yield Button("Build", id="maze-build", variant="primary", compact=True)
                    yield Button("Export", id="maze-export", compact=True)
                yield MazeMetricsPanel(id="maze-metrics")
            with ScrollableContainer(id="maze-scroll"):
                yield MazeView(glyphs=self.glyphs, speed=self.speed, id="maze-view")
        yield Footer(compact=True, show_command_palette=False)  # room for the keys at 80 columns

    @property
    def view(self) -> MazeView:
        return self.query_one(MazeView)

    def on_mount(self) -> None:
        self.query_one("#maze-form").border_title = "Build"
        self.query_one("#maze-scroll").border_title = "Maze"
        self.query_one("#maze-algo", Select).focus()
        self.update_subtitle()

    # -- building -------------------------------------------------------------------------
    @on(Button.Pressed, "#maze-build")
    @on(Input.Submitted, "#maze-size, #maze-seed, #maze-params")
    def action_build(self) -> None:
        algo = str(self.query_one("#maze-algo", Select).value)
        try:
            width, height, seed, params = parse_request(
                algo, *(self.query_one(f"#maze-{name}", Input).value for name in ("size", "seed", "params")))
        except ValueError as error:
            self.notify(str(error), title="Cannot build", severity="error")
            return
        if seed is None:
            seed = random.randrange(1_000_000)
        self.token += 1
        self.set_title(Text(f"building {algo} {width}x{height} seed {seed}...", style="bold"))
        self.run_build(self.token, algo, width, height, seed, params)

    @work(thread=True, exclusive=True, group="maze-build")
    def run_build(self, token: int, algo: str, width: int, height: int, seed: int, params: object) -> None:
        """Build off the event loop, keeping every frame for the animation."""
        frames: list[MazeFrame] = []
        try:
            start = time.perf_counter()
            maze = build(algo, width, height, seed, params, on_frame=frames.append)
            seconds = time.perf_counter() - start
            metrics = measure(maze)
        except Exception as error:  # a bad request or a builder bug must not take the app down
            self.post_message(self.BuildFailed(token, error))
        else:
            self.post_message(self.Built(token, maze, frames, metrics, seconds))

    def on_maze_screen_built(self, message: Built) -> None:
        if message.token != self.token:
            return
        self.maze, self.metrics = message.maze, message.metrics
        maze = message.maze
        title = Text(f"{BUILDERS[maze.algo].title}  {maze.size}  ", style="bold", end="")
        title.append(f"seed {maze.seed}", style="dim")
        self.set_title(title)
        self.query_one(MazeMetricsPanel).show(maze, message.metrics)
        self.notify(f"built in {message.seconds * 1000:.0f} ms with {len(message.frames)} frames", timeout=2)
        self.view.play(message.frames, (maze.entrance, maze.exit))
        self.query_one("#maze-scroll").focus()
        self.update_subtitle()

    def on_maze_screen_build_failed(self, message: BuildFailed) -> None:
        if message.token == self.token:
            self.set_title(Text("build failed", style="bold"))
            self.notify(str(message.error), title="Cannot build", severity="error")

    def on_maze_view_phase_shown(self, message: MazeView.PhaseShown) -> None:
        self.update_subtitle()

    # -- keys -----------------------------------------------------------------------------
    def action_skip(self) -> None:
        self.view.skip()
        self.update_subtitle()

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
            write_atomic(path, render(self.maze, "ascii"), overwrite=False)
        except SaveError as error:
            self.notify(f"{error}; choose another name", title="Not exported", severity="error")
            return
        self.notify(f"wrote {path}", title="Exported")

    def action_menu(self) -> None:
        self.workers.cancel_group(self, "maze-build")
        self.token += 1
        self.dismiss(self.speed)

    # -- views ----------------------------------------------------------------------------
    def set_title(self, text: Text) -> None:
        self.query_one("#maze-title", Static).update(text)

    def update_subtitle(self) -> None:
        self.query_one("#maze-scroll").border_subtitle = self.view.describe()
