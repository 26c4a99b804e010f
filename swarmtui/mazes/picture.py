"""Pictures of a maze: SVG written directly (no library), PNG through Pillow (an optional extra,
``pip install 'swarmtui[png]'``), each with the solution drawn on request.

SVG: one ``<path>`` for the walls, built from horizontal runs of wall fields (one ``M h v h z``
rectangle per run, so a 2001x2001 maze stays a few MB), and a polyline through the solution's
field centres. PNG: one pixel per field scaled up by ``scale`` (nearest neighbour), walls
black, open white, the solution red.
"""

from __future__ import annotations

import io

import numpy as np

from swarmtui.mazes.grid import Cell, Maze, MazeError

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
