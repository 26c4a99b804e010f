"""Every grid as text (issue 32): golden renders of small hex, triangle, polar, masked and woven
mazes in both styles with their solutions (``tests/data/maze_golden/``, checked by eye when
written: see its README), and the properties every render keeps."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarmtui.mazes import MazeError, build_on
from swarmtui.mazes.grid_paths import shortest_path_cells
from swarmtui.mazes.grid_text import GRID_STYLES, render_grid
from swarmtui.mazes.grids import make_grid
from swarmtui.mazes.masks import text_mask

GOLDEN = Path(__file__).parent / "data" / "maze_golden"
HEART = text_mask((GOLDEN / "heart.txt").read_text())

CASES = {
    "hex": ("kruskal", "hex", (5, 7), None),
    "triangle": ("backtracker", "triangle", (4, 12), None),
    "polar": ("wilson", "polar", (5, 0), None),
    "masked-hex": ("backtracker", "hex", (8, 12), HEART),
    "weave": ("weave", "square", (5, 10), None),
    "bee-hex": ("bee", "hex", (9, 13), None),
}


def rendered(case: str, style: str) -> str:
    algo, kind, size, mask = CASES[case]
    maze = build_on(algo, make_grid(kind, size, mask), 3)
    return render_grid(maze, style, shortest_path_cells(maze))


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("style", GRID_STYLES)
def test_golden_renders(case, style):
    expected = (GOLDEN / f"{case}-{style}.txt").read_text(encoding="utf-8")
    assert rendered(case, style) == expected


@pytest.mark.parametrize("case", list(CASES))
def test_every_render_is_rectangular_with_one_mark_a_solution_cell(case):
    algo, kind, size, mask = CASES[case]
    maze = build_on(algo, make_grid(kind, size, mask), 3)
    path = shortest_path_cells(maze)
    for style, dot in (("ascii", "."), ("unicode", "·")):
        text = render_grid(maze, style, path)
        lines = text.splitlines()
        assert text.endswith("\n") and len({len(line) for line in lines}) == 1
        if kind != "square":  # (the square lattice also marks the passages between the path's cells)
            assert text.count(dot) == len(path)
        assert render_grid(maze, style).count(dot) == 0


def test_styles_other_than_ascii_and_unicode_are_refused():
    maze = build_on("prim", make_grid("hex", (3, 3)))
    with pytest.raises(MazeError, match="ascii or unicode"):
        render_grid(maze, "half")


def test_the_hex_text_uses_the_boards_projection():
    """Cell (row, col) sits where core.hexgrid.project puts its axial hex with k = 2 (rows doubled)."""
    from swarmtui.core.hexgrid import Hex, project

    maze = build_on("prim", make_grid("hex", (4, 5)), 1)
    lines = render_grid(maze, "ascii", list(range(maze.cells))).splitlines()
    for row, col in maze.grid.coords.tolist():
        q = col - (row - (row & 1)) // 2
        x, y = project(Hex(q, row), k=2)
        assert lines[2 * y + 1][x + 2] == "."  # (two columns of margin for the west sides)
