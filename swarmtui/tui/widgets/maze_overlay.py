"""What the maze view draws over a finished maze, and the maze fitted into half the rows.

Marks: the breadth-first search's waves (the places searched so far), the shortest path, a
walker's trail and the walker, each a ``Mark`` (place, glyph, style) put on its place's
character by ``maze_view.render_phase``. Later marks cover earlier ones.

Fit: a square maze (a field maze, or a square grid maze's field bitmap) drawn with half-block
glyphs, two fields per text row (``▀ ▄ █``; ``--ascii``: ``" _ #``), so a maze twice as tall as
the panel shows whole in height. A text cell with a mark in an open half shows it in colour
(the walker as ``@``, an all-open cell's mark by its glyph, so the path reads without colour
where the corridor is wider than a half row). Hex, triangle and polar mazes are drawn in line
characters, with two or more text rows and columns per cell, and have no such picture:
``fit_refusal`` says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from rich.style import Style
from rich.text import Text

from swarmtui.mazes.grid import Maze
from swarmtui.mazes.grid_maze import GridMaze

Mark = tuple[int, str, str]
"""``(place, glyph, style)``: a place of the maze (``wayfinding.Ways``) and how it is marked."""

MARK_GLYPHS = {
    "unicode": {"searched": "·", "path": "o", "trail": "·", "walker": "@"},
    "ascii": {"searched": ".", "path": "o", "trail": ".", "walker": "@"},
}
MARK_STYLES = {"searched": "cyan", "path": "bold green", "trail": "bold yellow", "walker": "bold reverse yellow",
               "door": "bold green", "wall": "bright_black"}

HALVES = {
    "unicode": {(True, True): "█", (True, False): "▀", (False, True): "▄"},
    "ascii": {(True, True): "#", (True, False): '"', (False, True): "_"},
}


def overlay_marks(searched: Iterable[int] = (), path: Sequence[int] = (), trail: Sequence[int] = (),
                  walker: int | None = None, glyphs: str = "unicode") -> list[Mark]:
    """The marks of a search (``searched`` places, then the ``path`` found) or of a walk (its
    ``trail`` and the ``walker``), in drawing order."""
    g = MARK_GLYPHS.get(glyphs, MARK_GLYPHS["unicode"])
    marks = [(place, g["searched"], MARK_STYLES["searched"]) for place in searched]
    marks += [(place, g["path"], MARK_STYLES["path"]) for place in path]
    marks += [(place, g["trail"], MARK_STYLES["trail"]) for place in trail]
    if walker is not None:
        marks.append((walker, g["walker"], MARK_STYLES["walker"]))
    return marks


def fit_refusal(maze: Maze | GridMaze | None) -> str | None:
    """Why ``maze`` cannot be fitted (None when it can)."""
    if maze is None:
        return "build a maze first"
    if isinstance(maze, GridMaze) and maze.grid.kind != "square":
        return (f"a {maze.grid.kind} maze is drawn in lines, several characters a cell: only square mazes fit "
                "in half-blocks (pan it with the arrow keys)")
    return None


def field_picture(maze: Maze | GridMaze) -> tuple[np.ndarray, np.ndarray]:
    """A square maze's field bitmap (True: wall) and each place's field (``(places, 2)``)."""
    if isinstance(maze, GridMaze):
        from swarmtui.mazes.grid_text import square_fields

        walls, _, _ = square_fields(maze, np.zeros(maze.cells, dtype=bool))
        return walls, 2 * np.asarray(maze.grid.coords, dtype=np.int64) + 1
    rows, cols = np.divmod(np.arange(maze.walls.size), maze.width)
    return np.asarray(maze.walls), np.stack([rows, cols], axis=1)


def field_marks(maze: Maze | GridMaze, fields: np.ndarray, marks: list[Mark]) -> list[tuple[int, int, str, str]]:
    """``marks`` on their fields; on a grid maze, a mark on two cells side by side also marks the
    passage field between them, so a path reads as a line."""
    out = [(int(fields[p, 0]), int(fields[p, 1]), glyph, style) for p, glyph, style in marks]
    if isinstance(maze, GridMaze):
        for (a, glyph, style), (b, _, other) in zip(marks, marks[1:], strict=False):
            (ra, ca), (rb, cb) = fields[a], fields[b]
            if style == other and abs(ra - rb) + abs(ca - cb) == 2:
                out.append(((int(ra) + int(rb)) // 2, (int(ca) + int(cb)) // 2, glyph, style))
    return out


def fit_text(walls: np.ndarray, marks: list[tuple[int, int, str, str]], doors: Sequence[tuple[int, int]] = (),
             glyphs: str = "unicode") -> Text:
    """The field bitmap ``walls`` in half-blocks, two fields a row, with ``marks`` (``(row, col,
    glyph, style)``, later ones on top) and the ``doors`` (fields) in colour."""
    height, width = walls.shape
    if height % 2:
        walls = np.vstack([walls, np.zeros((1, width), dtype=bool)])
    paint: dict[tuple[int, int], tuple[str, str]] = {}
    for row, col in doors:
        paint[row, col] = ("+", MARK_STYLES["door"])
    for row, col, glyph, style in marks:
        paint[row, col] = (glyph, style)
    halves = HALVES.get(glyphs, HALVES["unicode"])
    wall_colour = Style.parse(MARK_STYLES["wall"]).color
    text = Text(end="", no_wrap=True, overflow="ignore")
    for r in range(0, walls.shape[0], 2):
        if r:
            text.append("\n")
        for c in range(width):
            top, bottom = paint.get((r, c)), paint.get((r + 1, c))
            wall_top, wall_bottom = bool(walls[r, c]), bool(walls[r + 1, c])
            if top is None and bottom is None:
                glyph = halves.get((wall_top, wall_bottom), " ")
                text.append(glyph, style=MARK_STYLES["wall"] if glyph != " " else "")
                continue
            walker = next((p for p in (top, bottom) if p is not None and "reverse" in p[1]), None)
            if walker is not None:
                text.append(walker[0], style=walker[1])
            elif not (wall_top or wall_bottom):
                shown = bottom if bottom is not None else top
                assert shown is not None
                text.append(shown[0], style=shown[1])
            else:  # one half wall, the other marked: the wall's block on the mark's colour
                mark = top if top is not None else bottom
                assert mark is not None
                colour = Style.parse(mark[1]).color
                text.append(halves[wall_top, wall_bottom], style=Style(color=wall_colour, bgcolor=colour))
    return text
