"""Maze files and solving: every text style and JSON read back, SVG/PNG pictures, the four
solvers against each other and against an independent BFS, braiding and chosen doors, and
``swarmtui maze solve`` as a person uses it."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from cli_run import run_cli

from swarmtui.core.rng import make_rng
from swarmtui.mazes import BUILDERS, MazeError, build
from swarmtui.mazes.braid import braid, with_doors
from swarmtui.mazes.mazefile import VERSION, from_json, read_maze, to_json
from swarmtui.mazes.metrics import measure
from swarmtui.mazes.picture import to_png, to_svg
from swarmtui.mazes.solve import shortest_path
from swarmtui.mazes.solvers import SOLVERS, compare
from swarmtui.mazes.text import STYLES, read_text, render


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    return run_cli(capsys, "maze", *argv)


@pytest.mark.parametrize("algo", ["backtracker", "division", "ant", "bee"])
@pytest.mark.parametrize("size", [(21, 11), (20, 10)])
def test_every_text_style_reads_back(algo, size):
    maze = build(algo, *size, seed=2)
    path = shortest_path(maze.walls, maze.entrance, maze.exit)
    for style in STYLES:
        if style == "lines" and BUILDERS[algo].swarm:
            continue
        for shown in (None, path):
            again = read_text(render(maze, style, shown))
            if style == "unicode" and BUILDERS[algo].swarm:  # thick walls' insides read as closed pockets
                assert shortest_path(again.walls, again.entrance, again.exit) is not None
                assert len(shortest_path(again.walls, again.entrance, again.exit)) == len(path)
            else:
                assert again == maze


def test_json_round_trip_keeps_everything_and_refuses_newer_versions():
    maze = build("growing-tree", 31, 15, seed=5)
    metrics = measure(maze)
    text = to_json(maze, BUILDERS["growing-tree"].default_params(), metrics)
    data = json.loads(text)
    assert data["format"] == "swarmtui-maze" and data["version"] == 1 <= VERSION
    assert data["params"] == {"pick": "mixed", "mix": 0.5} and data["metrics"]["perfect"] is True
    again = from_json(text)
    assert again == maze and again.algo == "growing-tree" and again.seed == 5
    data["version"] = VERSION + 1
    with pytest.raises(MazeError, match="version"):
        from_json(json.dumps(data))
    data["version"] = 1
    data["walls"][0] = data["walls"][0][:-1]
    with pytest.raises(MazeError, match="characters long"):
        from_json(json.dumps(data))
    with pytest.raises(MazeError, match="invalid JSON"):
        from_json("{nope")


def test_svg_is_one_wall_path_plus_the_solution():
    maze = build("kruskal", 21, 11, seed=1)
    path = shortest_path(maze.walls, maze.entrance, maze.exit)
    svg = to_svg(maze, path)
    assert svg.startswith("<?xml") and svg.count("<path") == 1 and "<polyline" in svg
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    wall_area = sum(int(h) for h in __import__("re").findall(r"h(\d+)v1", svg))
    assert root.tag.endswith("svg") and wall_area == int(maze.walls.sum())


def test_png_has_one_pixel_block_per_field():
    pytest.importorskip("PIL")
    from PIL import Image

    maze = build("prim", 21, 11, seed=1)
    image = Image.open(io.BytesIO(to_png(maze, scale=2)))
    assert image.size == (42, 22)
    pixels = np.asarray(image.convert("L"))[::2, ::2]
    assert np.array_equal(pixels < 128, maze.walls)


@pytest.mark.parametrize("algo", ["backtracker", "kruskal", "ant", "bee", "division"])
def test_solvers_agree_on_lengths_and_visit_sensibly(algo):
    for seed in range(3):
        maze = build(algo, 31, 15, seed)
        if algo == "kruskal":
            maze = braid(maze, 0.6, make_rng(seed))  # loops: dead-end filling must still find a shortest path
        by = {s.solver: s for s in compare(maze)}
        assert set(by) == set(SOLVERS)
        shortest = len(shortest_path(maze.walls, maze.entrance, maze.exit))
        assert by["bfs"].length == by["astar"].length == shortest
        assert by["dead-end"].length == shortest
        assert by["wall"].length >= shortest and by["wall"].path[-1] == maze.exit
        assert by["astar"].visited <= by["bfs"].visited
        for s in by.values():  # every route is a walk of open, adjacent fields from door to door
            route = s.path
            assert route[0] == maze.entrance and route[-1] == maze.exit
            assert all(not maze.walls[cell] for cell in route)
            assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(route, route[1:], strict=False))


def test_braid_removes_the_share_of_dead_ends_and_keeps_one_region():
    maze = build("backtracker", 61, 31, seed=3)
    before = measure(maze).dead_ends
    assert braid(maze, 0.0, make_rng(1)) == maze
    half, full = measure(braid(maze, 0.5, make_rng(1))), measure(braid(maze, 1.0, make_rng(1)))
    assert full.dead_ends == 0 and full.regions == 1 and full.loops > 0
    assert 0.25 * before < before - half.dead_ends < 0.75 * before
    with pytest.raises(MazeError):
        braid(maze, 1.5, make_rng(1))


def test_chosen_doors():
    maze = build("backtracker", 21, 11, seed=1)
    moved = with_doors(maze, (0, 5), (10, 15))
    assert moved.entrance == (0, 5) and moved.exit == (10, 15)
    assert moved.walls[maze.entrance] and moved.walls[maze.exit]
    assert shortest_path(moved.walls, moved.entrance, moved.exit) is not None
    with pytest.raises(MazeError, match="corner"):
        with_doors(maze, (0, 0), (10, 15))
    blocked = next(c for c in range(1, 20) if maze.walls[1, c])  # a top door that would open onto a wall
    with pytest.raises(MazeError, match="opens onto a wall"):
        with_doors(maze, (0, blocked), (10, 15))


def test_cli_formats_and_solve(capsys, tmp_path):
    target = tmp_path / "m.json"
    code, _, _ = run_main(capsys, "--algo", "eller", "--size", "21x11", "--format", "json", "-o", str(target))
    assert code == 0 and read_maze(target).algo == "eller"
    code, out, err = run_main(capsys, "solve", str(target), "--solver", "astar")
    assert code == 0 and "." in out and "astar" in out and "dead-end" in out and "wall" in out
    code, out, _ = run_main(capsys, "--algo", "bee", "--size", "21x11", "--style", "half", "--solution")
    assert code == 0 and "▀" in out
    text = tmp_path / "m.txt"
    text.write_text(out)
    code, out, _ = run_main(capsys, "solve", str(text))
    assert code == 0 and "bfs" in out
    code, out, _ = run_main(capsys, "--algo", "prim", "--size", "21x11", "--format", "svg", "--solution")
    assert code == 0 and out.startswith("<?xml") and "<polyline" in out
    code, out, _ = run_main(capsys, "--algo", "prim", "--size", "21x11", "--braid", "1", "--entrance", "0,5",
                            "--exit", "10,15", "--stats")
    assert code == 0 and read_text(out).entrance == (0, 5)


@pytest.mark.parametrize("argv, message", [
    (["solve", "/nonexistent/maze.txt"], "does not exist"),
    (["--format", "gif"], "unknown --format"),
    (["--format", "png"], "give -o"),
    (["--braid", "2"], "--braid must be between 0 and 1"),
    (["--entrance", "0,5"], "go together"),
    (["--algo", "prim", "--size", "21x11", "--exit", "10,15",
      "--entrance", f"0,{next(c for c in range(1, 20) if build('prim', 21, 11).walls[1, c])}"], "opens onto a wall"),
    (["--entrance", "x", "--exit", "1,1"], "ROW,COL"),
    (["solve", "README.md", "--solver", "dfs"], "unknown --solver"),
])
def test_bad_input_one_line(capsys, argv, message):
    code, out, err = run_main(capsys, *argv)
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_solve_refuses_a_file_that_is_not_a_maze(capsys, tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\nhello\nhello\n")
    code, _, err = run_main(capsys, "solve", str(junk))
    assert code == 2 and "two doors" in err
