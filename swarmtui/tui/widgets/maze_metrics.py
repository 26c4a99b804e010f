"""The metrics of the maze on screen (``mazes.metrics``), with how the build went."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import Static

from swarmtui.mazes.grid import Maze
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.metrics import MazeMetrics


def metrics_text(maze: Maze | GridMaze, metrics: MazeMetrics) -> Text:
    """Label/value lines: the metrics and, for the swarms, the iterations the queen waited for."""
    text = Text(end="")
    rows = metrics.rows()[1:]  # the size is in the title
    if "iterations" in maze.info:
        rows.append(("iterations", str(maze.info["iterations"])))
    for i, (name, value) in enumerate(rows):
        if i:
            text.append("\n")
        text.append(f"{name:<16}", style="dim")
        text.append(value, style="bold" if name in ("solvable", "perfect") else "")
    return text


class MazeMetricsPanel(Static):
    """Shows ``metrics_text`` for the last build (empty before the first)."""

    DEFAULT_CSS = Path(__file__).with_suffix(".tcss").read_text()

    def show(self, maze: Maze | GridMaze, metrics: MazeMetrics) -> None:
        self.update(metrics_text(maze, metrics))
