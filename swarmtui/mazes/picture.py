"""Pictures of a maze: SVG written directly (no library), PNG through Pillow (an optional extra,
``pip install 'swarmtui[png]'``), each with the solution drawn on request; ``grid_svg`` and
``grid_png`` draw a maze of any grid from its cells' sides (polar arcs as short polylines).

SVG: one ``<path>`` for the walls, built from horizontal runs of wall fields (one ``M h v h z``
rectangle per run, so a 2001x2001 maze stays a few MB), and a polyline through the solution's
field centres. PNG: one pixel per field scaled up by ``scale`` (nearest neighbour), walls
black, open white, the solution red.
"""

from __future__ import annotations

import io

import numpy as np

from swarmtui.mazes.grid import Cell, Maze, MazeError
from swarmtui.mazes.grid_maze import GridMaze

WALL_COLOUR = "#1d1d1d"
PATH_COLOUR = "#d62728"


def wall_runs(walls: np.ndarray) -> list[tuple[int, int, int]]:
    """``(row, first column, length)`` of each horizontal run of wall fields."""
    padded = np.pad(walls.astype(np.int8), ((0, 0), (1, 1)))
    edges = np.diff(padded, axis=1)
    rows, starts = np.nonzero(edges == 1)
    _, stops = np.nonzero(edges == -1)
    return list(zip(rows.tolist(), starts.tolist(), (stops - starts).tolist(), strict=True))


def to_svg(maze: Maze, solution: list[Cell] | None = None, scale: int = 8) -> str:
    """The maze as an SVG document, ``scale`` pixels per field."""
    width, height = maze.width * scale, maze.height * scale
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {maze.width} {maze.height}" shape-rendering="crispEdges">\n',
        f'<title>{maze.algo or "maze"} {maze.size}{"" if maze.seed is None else f" seed {maze.seed}"}</title>\n',
        f'<rect width="{maze.width}" height="{maze.height}" fill="white"/>\n',
        f'<path fill="{WALL_COLOUR}" d="',
    ]
    parts.append("".join(f"M{c} {r}h{n}v1h-{n}z" for r, c, n in wall_runs(maze.walls)))
    parts.append('"/>\n')
    if solution:
        points = " ".join(f"{c + 0.5} {r + 0.5}" for r, c in solution)
        parts.append(f'<polyline fill="none" stroke="{PATH_COLOUR}" stroke-width="0.4" '
                     f'stroke-linejoin="round" stroke-linecap="round" points="{points}"/>\n')
    parts.append("</svg>\n")
    return "".join(parts)


def to_png(maze: Maze, solution: list[Cell] | None = None, scale: int = 4) -> bytes:
    """The maze as PNG bytes, ``scale`` pixels per field (``MazeError`` without Pillow)."""
    try:
        from PIL import Image
    except ImportError:
        raise MazeError("PNG needs Pillow: pip install 'swarmtui[png]' (or use --format svg)") from None
    rgb = np.full((maze.height, maze.width, 3), 255, dtype=np.uint8)
    rgb[maze.walls] = (29, 29, 29)
    if solution:
        rows, cols = np.array(solution).T
        rgb[rows, cols] = (214, 39, 40)
    image = Image.fromarray(rgb)
    if scale > 1:
        image = image.resize((maze.width * scale, maze.height * scale), Image.Resampling.NEAREST)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


TUNNEL_COLOUR = "#7f7f7f"
FILL_COLOUR = "#6b6b6b"


def grid_walls(maze: GridMaze) -> list[np.ndarray]:
    """Every wall side of a grid maze as a polyline (outline and inner walls; doors left open)."""
    from swarmtui.mazes.grid_text import closed_sides

    grid = maze.grid
    closed = closed_sides(maze)
    inside = maze.links >= -1  # every side; a side between two cells is drawn once, from its smaller cell
    lines = []
    for cell, side in zip(*np.nonzero(closed & inside), strict=True):
        other = grid.nbr[cell, side]
        if other >= 0 and other < cell and closed[other, grid.back[cell, side]]:
            continue
        lines.append(grid.side_points(int(cell), int(side)))
    return lines


def grid_svg(maze: GridMaze, solution: list[int] | np.ndarray | None = None, scale: int = 16) -> str:
    """A grid maze as an SVG document, ``scale`` pixels per unit: walls as one ``<path>``, wall
    cells filled, tunnels (weave) dashed beneath their crossing, the solution a polyline."""
    grid = maze.grid
    points = np.concatenate([grid.corners(c) for c in range(grid.cells)])
    x0, y0 = points.min(axis=0) - 0.5
    x1, y1 = points.max(axis=0) + 0.5
    width, height = x1 - x0, y1 - y0

    def xy(point) -> str:
        return f"{point[0] - x0:.3f} {point[1] - y0:.3f}"

    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" height="{height * scale:.0f}" '
        f'viewBox="0 0 {width:.3f} {height:.3f}">\n',
        f'<title>{maze.algo or "maze"} {maze.size}{"" if maze.seed is None else f" seed {maze.seed}"}</title>\n',
        f'<rect width="{width:.3f}" height="{height:.3f}" fill="white"/>\n',
    ]
    if maze.walls is not None and maze.walls.any():
        cells = "".join("M" + "L".join(xy(p) for p in grid.corners(int(c))) + "z" for c in np.flatnonzero(maze.walls))
        parts.append(f'<path fill="{FILL_COLOUR}" d="{cells}"/>\n')
    for a, b, _under in maze.tunnels.tolist():
        centres = grid.centres(np.array([a, b]))
        parts.append(f'<polyline fill="none" stroke="{TUNNEL_COLOUR}" stroke-width="0.12" stroke-dasharray="0.15 0.1" '
                     f'points="{xy(centres[0])} {xy(centres[1])}"><title>tunnel</title></polyline>\n')
    walls = "".join("M" + "L".join(xy(p) for p in line) for line in grid_walls(maze))
    parts.append(f'<path fill="none" stroke="{WALL_COLOUR}" stroke-width="0.1" stroke-linecap="round" '
                 f'stroke-linejoin="round" d="{walls}"/>\n')
    if solution is not None and len(solution):
        centres = grid.centres(np.asarray(solution, dtype=np.int64))
        parts.append(f'<polyline fill="none" stroke="{PATH_COLOUR}" stroke-width="0.25" stroke-linejoin="round" '
                     f'stroke-linecap="round" points="{" ".join(xy(p) for p in centres)}"/>\n')
    parts.append("</svg>\n")
    return "".join(parts)


def grid_png(maze: GridMaze, solution: list[int] | np.ndarray | None = None, scale: int = 16) -> bytes:
    """A grid maze as PNG bytes, ``scale`` pixels per unit (``MazeError`` without Pillow)."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise MazeError("PNG needs Pillow: pip install 'swarmtui[png]' (or use --format svg)") from None
    grid = maze.grid
    points = np.concatenate([grid.corners(c) for c in range(grid.cells)])
    origin = points.min(axis=0) - 0.5
    size = np.ceil((points.max(axis=0) + 0.5 - origin) * scale).astype(int)
    image = Image.new("RGB", (int(size[0]), int(size[1])), "white")
    draw = ImageDraw.Draw(image)

    def pixels(line: np.ndarray) -> list[tuple[float, float]]:
        return [tuple(p) for p in ((line - origin) * scale).tolist()]

    if maze.walls is not None:
        for cell in np.flatnonzero(maze.walls).tolist():
            draw.polygon(pixels(grid.corners(cell)), fill=(107, 107, 107))
    for a, b, _under in maze.tunnels.tolist():
        draw.line(pixels(grid.centres(np.array([a, b]))), fill=(127, 127, 127), width=max(1, scale // 8))
    wall = max(1, scale // 8)
    for line in grid_walls(maze):
        draw.line(pixels(line), fill=(29, 29, 29), width=wall, joint="curve")
    if solution is not None and len(solution):
        draw.line(pixels(grid.centres(np.asarray(solution, dtype=np.int64))), fill=(214, 39, 40),
                  width=max(1, scale // 4), joint="curve")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
