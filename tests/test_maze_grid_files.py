"""Grid mazes through files and the command line (issue 32): JSON version 2 round trips
through ``maze solve`` on every grid, a bad version-2 file is one line (exit 2), masks from
text and PNG cut every grid with doors on the outline, SVG and PNG of every grid, weave mazes
solved through their tunnels, and ``maze --help``'s examples run as printed."""

from __future__ import annotations

import io
import json
import re
import shlex

import numpy as np
import pytest
from cli_run import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swarmtui.mazes import MazeError, build_on
from swarmtui.mazes.grid_maze import GridMaze
from swarmtui.mazes.gridfile import to_json_grid
from swarmtui.mazes.grids import GRIDS, make_grid
from swarmtui.mazes.grids.base import OUTSIDE
from swarmtui.mazes.masks import read_mask, text_mask
from swarmtui.mazes.mazefile import read_maze
from swarmtui.mazes.metrics import measure
from swarmtui.mazes.picture import grid_png, grid_svg
from swarmtui.mazes.solvers import compare

SIZES = {"square": "21x11", "hex": "9x6", "triangle": "14x5", "polar": "5"}


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    return run_cli(capsys, "maze", *argv)


@pytest.mark.parametrize("kind", list(GRIDS))
def test_json_round_trips_through_maze_solve_on_every_grid(capsys, tmp_path, kind):
    target = tmp_path / f"{kind}.json"
    algo = "weave" if kind == "square" else "kruskal"
    code, _, _ = run_main(capsys, "--grid", kind, "--algo", algo, "--size", SIZES[kind], "--seed", "4",
                          "--format", "json", "--solution", "-o", str(target))
    assert code == 0
    data = json.loads(target.read_text())
    assert data["version"] == 2 and data["grid"] == kind and data["metrics"]["perfect"] is True
    maze = read_maze(target)
    assert isinstance(maze, GridMaze) and maze.algo == algo and maze.seed == 4
    assert [maze.grid.coords[c].tolist() for c in compare(maze)[0].path] == data["solution"]
    code, out, _ = run_main(capsys, "solve", str(target), "--style", "unicode")
    assert code == 0 and "·" in out and "astar" in out and "perfect          yes" in out
    lengths = re.findall(r"^(bfs|astar|dead-end)\s+yes\s+(\d+)", out, re.M)
    assert len({length for _, length in lengths}) == 1 and int(lengths[0][1]) == data["metrics"]["solution_length"]


def test_a_swarm_maze_with_wall_cells_round_trips(tmp_path):
    maze = build_on("bee", make_grid("hex", (9, 13)), 2)
    again = read_maze_text(tmp_path, to_json_grid(maze, None, measure(maze)))
    assert again == maze and again.walls is not None and again.walls.sum() == maze.walls.sum()


def read_maze_text(tmp_path, text: str):
    path = tmp_path / "maze.json"
    path.write_text(text)
    return read_maze(path)


def good_doc() -> dict:
    return json.loads(to_json_grid(build_on("prim", make_grid("hex", (3, 4)), 1)))


@pytest.mark.parametrize("change, words", [
    ({"grid": "octagon"}, '"grid" must be one of'),
    ({"rows": 4001}, '"rows" must be between'),
    ({"rows": 1000, "cols": 1001}, "too large"),
    ({"cells": ["0101", "01"]}, '"cells" must be a list of 3'),
    ({"cells": ["zz" * 4] * 3}, "hexadecimal"),
    ({"entrance": [0, 0]}, "[row, col, side]"),
    ({"entrance": [0, 0, 9]}, "side"),
    ({"entrance": [2, 3, 0]}, "not an open side on the outline"),
    ({"tunnels": [[[0, 0], [0, 3]]]}, "does not pass under one cell"),
    ({"tunnels": "x"}, '"tunnels" must be a list'),
    ({"rings": 3, "grid": "polar"}, 'row 0 of "cells" must be 2 characters'),
])
def test_bad_version_2_files_are_one_line(capsys, tmp_path, change, words):
    doc = good_doc()
    doc.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    code, out, err = run_main(capsys, "solve", str(path))
    assert code == 2 and out == "" and words in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_side_open_on_one_cell_only_or_a_third_door_is_refused(tmp_path):
    doc = good_doc()
    row = doc["cells"][1]
    flipped = f"{int(row[2:4], 16) ^ 1:02x}"  # side E of cell (1, 1) flipped on that cell alone
    doc["cells"][1] = row[:2] + flipped + row[4:]
    with pytest.raises(MazeError, match="one cell and not on the cell beyond"):
        read_maze_text(tmp_path, json.dumps(doc))
    doc = good_doc()
    doc["cells"][0] = f"{int(doc['cells'][0][:2], 16) | 1 << 4:02x}" + doc["cells"][0][2:]  # (0, 0)'s NW side
    with pytest.raises(MazeError, match="opens 3 sides there"):
        read_maze_text(tmp_path, json.dumps(doc))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5000) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=10)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["grid", "rows", "cols", "rings", "cells", "tunnels", "entrance", "exit", "info"]),
       value=json_values)
def test_fuzz_version_2_fields(tmp_path, field, value):
    doc = good_doc()
    doc[field] = value
    try:
        read_maze_text(tmp_path, json.dumps(doc))
    except MazeError as error:
        assert str(error) and "\n" not in str(error)


# --- masks ---------------------------------------------------------------------------------

HEART = "##..####..##\n#....##....#\n#..........#\n##........##\n####....####\n#####..#####\n"


@pytest.mark.parametrize("kind", list(GRIDS))
def test_a_text_mask_cuts_every_grid_with_doors_on_its_outline(kind):
    mask = text_mask(HEART)
    size = mask.natural_size(kind) if kind != "polar" else (6, 0)
    grid = make_grid(kind, size, mask)
    whole = make_grid(kind, size)
    assert 0 < grid.cells < whole.cells and grid.masked
    inside = mask.covers(whole.centres(), GRIDS[kind].extent(size))
    assert grid.cells + grid.dropped == int(inside.sum())
    maze = build_on("wilson", grid, 1)
    for cell, side in (maze.entrance, maze.exit):
        assert maze.grid.nbr[cell, side] == OUTSIDE
    assert measure(maze).perfect


def test_a_mask_in_pieces_keeps_the_largest():
    mask = text_mask(".....#.\n.....#.\n.....#.\n")
    grid = make_grid("square", (3, 7), mask)
    assert grid.cells == 15 and grid.dropped == 3
    assert build_on("kruskal", grid).info["mask_dropped"] == 3


def test_a_png_mask_is_dark_outside(tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image

    picture = np.full((20, 40), 255, dtype=np.uint8)
    picture[:, :10] = 0  # the left quarter dark: outside
    path = tmp_path / "mask.png"
    Image.fromarray(picture).save(path)
    mask = read_mask(path)
    assert mask.shape == (20, 40) and not mask.inside[:, :10].any() and mask.inside[:, 10:].all()
    grid = make_grid("hex", (10, 20), mask)
    assert (grid.centres()[:, 0] > 4.5).all()


@pytest.mark.parametrize("content, words", [
    (b"#####\n#####\n", "no inside"),
    (b"\x89PNG\r\n\x1a\nnot really", "not a readable PNG"),
    (b"\xff\xfe\x00bad", "neither a PNG picture nor UTF-8 text"),
    (("." * 4001 + "\n").encode(), "at most 4000 a side"),
])
def test_bad_masks_are_one_line(capsys, tmp_path, content, words):
    path = tmp_path / "mask"
    path.write_bytes(content)
    code, out, err = run_main(capsys, "--grid", "hex", "--algo", "prim", "--mask", str(path))
    assert code == 2 and words in err and err.count("\n") == 1


def test_a_mask_that_is_a_fifo_is_refused(capsys, tmp_path):
    import os

    fifo = tmp_path / "mask.fifo"
    os.mkfifo(fifo)
    code, _, err = run_main(capsys, "--mask", str(fifo), "--algo", "prim")
    assert code == 2 and "not a regular file" in err


# --- pictures, weave, help -------------------------------------------------------------------

@pytest.mark.parametrize("kind", list(GRIDS))
def test_svg_and_png_draw_every_grid(kind):
    maze = build_on("backtracker", make_grid(kind, {"square": (5, 7), "hex": (5, 7), "triangle": (4, 9),
                                                  "polar": (4, 0)}[kind]), 1)
    path = compare(maze)[0].route
    svg = grid_svg(maze, path)
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and svg.count("<polyline") == 1
    pytest.importorskip("PIL")
    from PIL import Image

    image = Image.open(io.BytesIO(grid_png(maze, path, scale=10)))
    pixels = np.asarray(image.convert("RGB"))
    assert (pixels == (214, 39, 40)).all(axis=2).any() and (pixels == (29, 29, 29)).all(axis=2).any()


def test_weave_crossings_are_not_junctions():
    maze = build_on("weave", make_grid("square", (9, 15)), 5)
    metrics = measure(maze)
    assert maze.tunnels.shape[0] == maze.info["crossings"] > 0
    assert metrics.perfect and metrics.loops == 0  # the tunnels are edges of one spanning tree
    for a, b, under in maze.tunnels.tolist():
        ways = maze.links[under]
        assert a not in ways and b not in ways and (ways >= 0).sum() == 2  # the passage on top only
        assert b in maze.links[a] and a in maze.links[b]  # the tunnel leads straight through
    svg = grid_svg(maze)
    assert svg.count("<title>tunnel</title>") == maze.tunnels.shape[0]


def test_every_example_in_maze_help_runs(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "heart.txt").write_text(HEART)
    code, out, _ = run_main(capsys, "--help")
    examples = [line.strip() for line in out.splitlines() if line.strip().startswith("swarmtui maze")]
    assert len(examples) >= 7 and {f"--grid {k}" for k in ("hex", "triangle", "polar")} <= {
        " ".join(e.split()[2:4]) for e in examples}
    (tmp_path / "maze.json").write_text(to_json_grid(build_on("prim", make_grid("hex", (3, 4)), 1)))
    for example in examples:
        code, _, err = run_main(capsys, *shlex.split(example)[2:])
        assert code == 0, (example, err)
