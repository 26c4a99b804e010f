"""Mazes of every grid as text, in ``ascii`` or ``unicode``, with the solution overlay (issue 32).

Each kind has one drawing in which every side of every cell is one character, so a wall is
never confused with a passage:

- **hex**: the projection of the Hive and Halma boards (``core.hexgrid.project`` with k = 2,
  rows doubled): cell ``(row, col)`` is centred on text row ``2 row + 1``, column
  ``4 col + 2 (row % 2) + 2``; its E and W sides are ``|`` two columns away, its NE and SW
  sides ``\\`` and its NW and SE sides ``/`` on the rows above and below::

       / \\ / \\
      |   |   |
       \\ / \\ / \\
        |   |   |

- **triangle**: one text row per row of triangles, under a top line; each cell is three
  characters between two slanted sides (``/`` and ``\\``), and a closed base of an upward
  triangle (the top of the downward one below it) is ``___`` in the upward triangle's place.
- **polar**: unrolled, the centre on the first row and each ring on a row below it, the angle
  running left to right (the seam at the left and right edges is one side, drawn twice);
  between two rings a row of ``+--+`` for the sides between them, the rim last.
- **square** (a grid with a mask or with crossings): the square field maze's lattice (cells
  at odd coordinates, ``mazes.text``), cells cut away by a mask left blank; a crossing cell
  shows the passage on top (``|`` / ``-``, Unicode ``║`` / ``═``) and the two passage fields of
  the tunnel beneath it ``~`` (Unicode ``┈`` across, ``┊`` up and down).

A wall cell (the swarm builders') is filled (``#``, Unicode ``█``); the solution marks its
cells ``.`` (Unicode ``·``). Unicode uses ``│ ─ ╱ ╲`` and box-drawing corners.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.grid import MazeError
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.grids.base import NO_SIDE, OUTSIDE
from swarmtui.mazes.text import BOX, DOT, ascii_canvas, finish_canvas, unicode_canvas

GRID_STYLES = ("ascii", "unicode")

GLYPHS = {
    "ascii": {"|": "|", "-": "-", "/": "/", "\\": "\\", "fill": "#", "dot": ".", "over_ns": "|",
              "over_ew": "-", "under_ns": "~", "under_ew": "~"},
    "unicode": {"|": "│", "-": "─", "/": "╱", "\\": "╲", "fill": "█", "dot": DOT, "over_ns": "║",
                "over_ew": "═", "under_ns": "┊", "under_ew": "┈"},
}


def render_grid(maze: GridMaze, style: str = "ascii", solution: list[int] | np.ndarray | None = None) -> str:
    """``maze`` as text in ``style`` (``ascii`` or ``unicode``) with ``solution``'s cells marked."""
    if style not in GRID_STYLES:
        raise MazeError(f"a {maze.grid.kind} grid maze is drawn in {' or '.join(GRID_STYLES)}; not {style!r} "
                        "(lines and half draw the plain square maze)")
    path = np.zeros(maze.cells, dtype=bool)
    if solution is not None and len(solution):
        path[np.asarray(solution, dtype=np.int64)] = True
    return finish_canvas(grid_canvas(maze, style, path)[0])


Canvas = tuple[np.ndarray, np.ndarray, np.ndarray]
"""A drawing: the characters (rows x columns), and each cell's text row and column (where its
solution mark goes: the maze screen puts its workers and the queen there too)."""


def grid_canvas(maze: GridMaze, style: str = "ascii", path: np.ndarray | None = None) -> Canvas:
    """``maze`` drawn in ``style`` (``path``: a bool per cell, marked), with each cell's place."""
    if path is None:
        path = np.zeros(maze.cells, dtype=bool)
    draw = {"hex": _hex, "triangle": _triangle, "polar": _polar, "square": _square}[maze.grid.kind]
    return draw(maze, GLYPHS[style], path, style)


def closed_sides(maze: GridMaze) -> np.ndarray:
    """``(cells, sides)``: True where a cell's side is a wall (not a passage, tunnel or door)."""
    closed = (maze.links < 0) & (maze.grid.nbr != NO_SIDE)
    closed[maze.entrance] = closed[maze.exit] = False
    return closed


def solid_sides(maze: GridMaze) -> np.ndarray:
    """``(cells, sides)``: True where a side lies between two wall cells (drawn filled, so a
    block of wall cells reads as one block)."""
    nbr = maze.grid.nbr
    if maze.walls is None:
        return np.zeros(nbr.shape, dtype=bool)
    return (nbr >= 0) & maze.walls[:, None] & maze.walls[np.maximum(nbr, 0)]


def _hex(maze: GridMaze, glyphs: dict[str, str], path: np.ndarray, style: str) -> Canvas:
    rows, cols = maze.grid.size
    canvas = np.full((2 * rows + 1, 4 * cols + 3), " ", dtype="<U1")
    row, col = maze.grid.coords[:, 0], maze.grid.coords[:, 1]
    y, x = 2 * row + 1, 4 * col + 2 * (row & 1) + 2
    closed, solid = closed_sides(maze), solid_sides(maze)
    # E, SE, SW, W, NW, NE: where each side's character sits, and which it is
    for side, (dy, dx, glyph) in enumerate(((0, 2, "|"), (1, 1, "/"), (1, -1, "\\"), (0, -2, "|"),
                                            (-1, -1, "/"), (-1, 1, "\\"))):
        shut = closed[:, side]
        canvas[y[shut] + dy, x[shut] + dx] = np.where(solid[shut, side], glyphs["fill"], glyphs[glyph])
    _fill_and_mark(maze, canvas, y, x, glyphs, path, width=1)
    if maze.walls is not None:  # a corner between three wall cells is filled too
        padded = np.pad(canvas, ((0, 0), (1, 1)), constant_values=" ")
        gap = (canvas == " ") & (padded[:, :-2] == glyphs["fill"]) & (padded[:, 2:] == glyphs["fill"])
        canvas[gap] = glyphs["fill"]
    return canvas, y, x


def _triangle(maze: GridMaze, glyphs: dict[str, str], path: np.ndarray, style: str) -> Canvas:
    rows, cols = maze.grid.size
    canvas = np.full((rows + 1, 4 * cols + 1), " ", dtype="<U1")
    row, col = maze.grid.coords[:, 0], maze.grid.coords[:, 1]
    up = (row + col) % 2 == 0
    y, left = row + 1, 4 * col
    closed, solid = closed_sides(maze), solid_sides(maze)
    base_side = np.where(up, 1, 0)  # an up triangle's base, a down one's top
    cells = np.arange(maze.cells)
    base = closed[cells, base_side]
    base_row = np.where(up, y, y - 1)
    for dx in (1, 2, 3):
        canvas[base_row[base], left[base] + dx] = np.where(solid[cells, base_side][base], glyphs["fill"], "_")
    east_side = np.where(up, 0, 1)
    east, west = closed[cells, east_side], closed[:, 2]
    canvas[y[east], left[east] + 4] = np.where(solid[cells, east_side][east], glyphs["fill"],
                                               np.where(up[east], glyphs["\\"], glyphs["/"]))
    canvas[y[west], left[west]] = np.where(solid[west, 2], glyphs["fill"],
                                           np.where(up[west], glyphs["/"], glyphs["\\"]))
    _fill_and_mark(maze, canvas, y, left + 2, glyphs, path, width=1)
    return canvas, y, left + 2


def _polar(maze: GridMaze, glyphs: dict[str, str], path: np.ndarray, style: str) -> Canvas:
    grid = maze.grid
    counts = grid.counts()  # type: ignore[attr-defined]
    rings, outer = len(counts), counts[-1]
    width = 2 * outer
    canvas = np.full((2 * rings, width + 1), " ", dtype="<U1")
    ring, index = grid.coords[:, 0], grid.coords[:, 1]
    span = width // np.array(counts)[ring]
    start = index * span
    closed, solid = closed_sides(maze), solid_sides(maze)
    inner = ring > 0
    for cell in np.flatnonzero(inner).tolist():
        a, b, line = int(start[cell]), int(start[cell] + span[cell]), 2 * int(ring[cell])
        if closed[cell, 1]:  # the radial side at the cell's first angle; the last is the next cell's
            canvas[line, a] = glyphs["fill"] if solid[cell, 1] else glyphs["|"]
            if a == 0:
                canvas[line, width] = canvas[line, a]  # the seam, drawn at both edges
        if closed[cell, 0]:
            canvas[line - 1, a + 1:b] = glyphs["fill"] if solid[cell, 0] else glyphs["-"]
        canvas[line - 1, a] = canvas[line - 1, b] = "+"
        outward = [s for s in (2, 3) if grid.nbr[cell, s] == OUTSIDE]
        if outward:
            canvas[line + 1, a] = canvas[line + 1, b] = "+"
            if closed[cell, outward[0]]:
                canvas[line + 1, a + 1:b] = glyphs["-"]
    middle = start + span // 2
    _fill_and_mark(maze, canvas, 2 * ring, middle, glyphs, path, width=0, spans=(start, span, np.ones_like(inner)))
    _solid_posts(canvas, glyphs["fill"])
    if style == "unicode":
        _box_corners(canvas, glyphs)
    return canvas, 2 * ring, middle


def _solid_posts(canvas: np.ndarray, fill: str) -> None:
    """A post between filled characters (left and right, or above and below) is filled too."""
    padded = np.pad(canvas, 1, constant_values=" ")
    across = (padded[1:-1, :-2] == fill) & (padded[1:-1, 2:] == fill)
    down = (padded[:-2, 1:-1] == fill) & (padded[2:, 1:-1] == fill)
    canvas[(canvas == "+") & (across | down)] = fill


Spans = tuple[np.ndarray, np.ndarray, np.ndarray]
"""A polar drawing's ``(first column, columns, whether to fill the span)`` of each cell."""


def _fill_and_mark(maze: GridMaze, canvas: np.ndarray, y: np.ndarray, x: np.ndarray, glyphs: dict[str, str],
                   path: np.ndarray, width: int, spans: Spans | None = None) -> None:
    """Fill wall cells' insides, then put the solution's mark on its cells."""
    if maze.walls is not None:
        for cell in np.flatnonzero(maze.walls).tolist():
            if spans is not None and spans[2][cell]:
                start, span = int(spans[0][cell]), int(spans[1][cell])
                canvas[y[cell], start + 1:start + span] = glyphs["fill"]
            else:
                canvas[y[cell], x[cell] - width:x[cell] + width + 1] = glyphs["fill"]
    canvas[y[path], x[path]] = glyphs["dot"]


def _box_corners(canvas: np.ndarray, glyphs: dict[str, str]) -> None:
    """Every ``+`` becomes the box-drawing corner its wall neighbours call for (or a space)."""
    vertical, horizontal = glyphs["|"], glyphs["-"]
    padded = np.pad(canvas, 1, constant_values=" ")
    north = padded[:-2, 1:-1] == vertical
    south = padded[2:, 1:-1] == vertical
    west = np.isin(padded[1:-1, :-2], [horizontal])
    east = np.isin(padded[1:-1, 2:], [horizontal])
    masks = north * 1 + east * 2 + south * 4 + west * 8
    corners = canvas == "+"
    chosen = np.array([" "] + list(BOX.values())[1:])[masks]
    canvas[corners] = chosen[corners]


def _square(maze: GridMaze, glyphs: dict[str, str], path: np.ndarray, style: str) -> Canvas:
    """The lattice picture: walls, open fields, blank where a mask cut the grid away."""
    walls, trail, crossings = square_fields(maze, path)
    shown = walls.copy()  # the tunnels' fields drawn as the parapets of the passage on top
    for _cell, _over, tunnel in crossings:
        for field in tunnel:
            shown[field] = True
    canvas = ascii_canvas(walls, trail) if style == "ascii" else unicode_canvas(shown, trail & ~shown)
    step = 1 if style == "ascii" else 2
    for (row, col), over_ns, tunnel in crossings:
        if not trail[row, col]:
            canvas[row, step * col] = glyphs["over_ns" if over_ns else "over_ew"]
        for tr, tc in tunnel:
            if not trail[tr, tc]:
                canvas[tr, step * tc] = glyphs["under_ew" if over_ns else "under_ns"]
    coords = maze.grid.coords
    return canvas, 2 * coords[:, 0] + 1, step * (2 * coords[:, 1] + 1)


def square_fields(maze: GridMaze, path: np.ndarray):
    """The field bitmap of a square grid maze: ``(walls, trail, crossings)``; each crossing is
    ``((row, col) of the cell passed under, whether the passage on top runs north-south, the
    two fields of the tunnel)``. Fields of cells a mask cut away are open (drawn blank)."""
    rows, cols = maze.grid.size
    walls = np.ones((2 * rows + 1, 2 * cols + 1), dtype=bool)
    inside = np.zeros((rows, cols), dtype=bool)
    row, col = maze.grid.coords[:, 0], maze.grid.coords[:, 1]
    inside[row, col] = True
    fields = walls[1::2, 1::2]
    fields[inside] = False
    if maze.walls is not None:
        fields[row[maze.walls], col[maze.walls]] = True
    closed = closed_sides(maze)
    for side, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        open_side = ~closed[:, side] & (maze.grid.nbr[:, side] != NO_SIDE)
        walls[2 * row[open_side] + 1 + dr, 2 * col[open_side] + 1 + dc] = False
    _blank_outside(walls, inside)
    trail = np.zeros_like(walls)
    trail[2 * row[path] + 1, 2 * col[path] + 1] = True
    crossings = []
    for a, b, under in maze.tunnels.tolist():
        ur, uc = (int(v) for v in maze.grid.coords[under])
        over_ns = maze.grid.coords[a, 0] == ur  # the tunnel runs east-west: the passage on top north-south
        tunnel = [(2 * ur + 1, 2 * uc), (2 * ur + 1, 2 * uc + 2)] if over_ns else [(2 * ur, 2 * uc + 1),
                                                                                (2 * ur + 2, 2 * uc + 1)]
        for field in tunnel:
            walls[field] = False
        if path[a] and path[b]:
            for field in tunnel:
                trail[field] = True
        crossings.append(((2 * ur + 1, 2 * uc + 1), bool(over_ns), tunnel))
    _trail_passages(maze, path, trail)
    return walls, trail, crossings


def _blank_outside(walls: np.ndarray, inside: np.ndarray) -> None:
    """Open every field that touches no cell inside the shape (the outside, drawn blank)."""
    height, width = walls.shape
    near = np.zeros_like(walls)
    cells = np.zeros_like(walls)
    cells[1::2, 1::2] = inside
    padded = np.pad(cells, 1)
    for dr in (0, 1, 2):
        for dc in (0, 1, 2):
            near |= padded[dr:dr + height, dc:dc + width]
    walls[~near] = False


def _trail_passages(maze: GridMaze, path: np.ndarray, trail: np.ndarray) -> None:
    """Mark the passage fields between consecutive cells of the path (both cells on it, a passage
    between them) and the doors of its end cells."""
    row, col = maze.grid.coords[:, 0], maze.grid.coords[:, 1]
    links = maze.links
    for side, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        nxt = links[:, side]
        both = path & (nxt >= 0) & path[np.maximum(nxt, 0)] & (maze.grid.nbr[:, side] == nxt)
        trail[2 * row[both] + 1 + dr, 2 * col[both] + 1 + dc] = True
    for cell, side in (maze.entrance, maze.exit):
        if path[cell]:
            dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[side]
            trail[2 * row[cell] + 1 + dr, 2 * col[cell] + 1 + dc] = True
