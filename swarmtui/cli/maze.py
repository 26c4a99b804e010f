"""``swarmtui maze``: build one maze and write it (stdout by default, so it pipes); ``swarmtui maze
solve FILE``: read one back and solve it four ways.

``-o FILE`` writes atomically (temporary file, then rename) and refuses to replace an existing
file unless ``--force`` is given; a file shipped with swarmtui is never replaced. ``--stats``
prints the maze's metrics on stderr, so they stay out of a pipe. ``--format`` picks text (in
``--style``), json (the versioned schema of ``docs/mazes.md``), svg or png (png needs Pillow:
``pip install 'swarmtui[png]'``; it is binary, so it needs ``-o``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import typer

from swarmtui.cli.app import CliError, app, fail

CELL_PATTERN = re.compile(r"^\s*(\d{1,7})\s*,\s*(\d{1,7})\s*$")
FORMATS = ("text", "json", "svg", "png")

EXAMPLES = """Examples, one a grid:

\b
  swarmtui maze --algo kruskal --size 41x21 --style unicode --solution
  swarmtui maze --grid hex --algo backtracker --size 16x10 --solution
  swarmtui maze --grid triangle --algo wilson --size 18x8
  swarmtui maze --grid polar --algo prim --size 6 --style unicode
  swarmtui maze --grid hex --mask heart.txt --algo backtracker --size 24x16 --format svg -o heart.svg
  swarmtui maze --algo weave --size 31x15 --style unicode
  swarmtui maze --algo kruskal --size 41x21 --difficulty hard
  swarmtui maze solve maze.json
"""

maze_app = typer.Typer(help="Build a maze (ants, bees or a classic algorithm); 'maze solve FILE' solves one.")
app.add_typer(maze_app, name="maze")


def parse_size(text: str) -> tuple[int, int]:
    """``"40x15"`` -> ``(40, 15)`` (width, height); ``CliError`` for anything else."""
    from swarmtui.mazes import MazeError
    from swarmtui.mazes.request import parse_size as parse

    try:
        return parse("square", text)
    except MazeError:
        raise CliError(f"--size must look like WIDTHxHEIGHT, e.g. 40x15; got {text!r}") from None


def parse_cell(option: str, text: str) -> tuple[int, int]:
    """``"1,0"`` -> ``(1, 0)`` (row, column)."""
    match = CELL_PATTERN.match(text)
    if not match:
        raise CliError(f"{option} must look like ROW,COL, e.g. 1,0; got {text!r}")
    return int(match.group(1)), int(match.group(2))


@maze_app.callback(invoke_without_command=True, epilog=EXAMPLES)
def maze(
    ctx: typer.Context,
    algo: str = typer.Option(
        "ant", "--algo", "-a",
        help="Builder: ant, bee, backtracker, prim, kruskal, wilson, aldous-broder, hunt-and-kill, eller, "
             "sidewinder, binary-tree, growing-tree, division, weave (Kruskal with crossings, square)."),
    grid: str = typer.Option("square", "--grid", "-g",
                             help="Grid: square, hex (hexagons), triangle or polar (rings round a centre)."),
    size: str | None = typer.Option(
        None, "--size", "-s",
        help="Square: WIDTHxHEIGHT in fields, 3x3 up to 4001 a side and 2001x2001 fields in all (ant, bee: "
             "13x9 to 1001x1001; aldous-broder: 401x401; classic builders round even sides down); default "
             "40x15. Hex, triangle: COLSxROWS in cells (default 16x10, 18x8). Polar: the number of rings "
             "(default 6). With --mask and no --size: one cell a character (pixel) of the mask.",
    ),
    mask: Path | None = typer.Option(None, "--mask", dir_okay=False,
                                     help="Cut the grid to a shape: a text file (# outside, anything else "
                                          "inside) or a PNG picture (dark outside)."),
    seed: int = typer.Option(0, "--seed", min=0, help="Same seed, same maze."),
    difficulty: str | None = typer.Option(
        None, "--difficulty",
        help="easy, medium, hard or a figure (junctions on the solution per square root of the cells; "
             "easy 0.4, medium 0.9, hard 1.6): the closest of a few candidates, doors chosen on the outline."),
    style: str = typer.Option("ascii", "--style",
                              help="Text style: ascii (# walls), lines (+--+, lattice mazes), unicode (box "
                                   "drawing), half (half blocks, two rows per line). Grid mazes: ascii or "
                                   "unicode."),
    output_format: str = typer.Option("text", "--format", help="text (in --style), json, svg or png (needs -o)."),
    solution: bool = typer.Option(False, "--solution", help="Mark a shortest path from entrance to exit."),
    braid_share: float = typer.Option(0.0, "--braid", help="Remove this share (0..1) of the dead ends: loops."),
    entrance: str | None = typer.Option(None, "--entrance", help="Entrance as ROW,COL on the border."),
    exit_: str | None = typer.Option(None, "--exit", help="Exit as ROW,COL on the border."),
    param: list[str] = typer.Option([], "--param",
                                    help="Builder parameter name=value (see --list-params); repeatable."),
    list_params: bool = typer.Option(False, "--list-params",
                                     help="List the builder's parameters with defaults and exit."),
    output: Path | None = typer.Option(None, "--output", "-o", dir_okay=False,
                                       help="Write to FILE (atomically) instead of stdout."),
    force: bool = typer.Option(False, "--force", help="With -o: replace FILE if it exists."),
    stats: bool = typer.Option(False, "--stats", help="Print the maze's metrics on stderr."),
) -> None:
    """Build a maze with ants, bees or a classic algorithm on a square, hexagonal, triangular or
    polar grid, and write it as text, JSON, SVG or PNG."""
    if ctx.invoked_subcommand is not None:
        return
    from swarmtui.core.params import ParamError, split_assignment
    from swarmtui.mazes import ALL_BUILDERS, MazeError
    from swarmtui.mazes.grids import GRIDS
    from swarmtui.mazes.text import STYLES

    for option, value, known in (("--algo", algo, ALL_BUILDERS), ("--grid", grid, GRIDS), ("--style", style, STYLES),
                                 ("--format", output_format, FORMATS)):
        if value not in known:
            raise CliError(f"unknown {option} {value!r} (known: {', '.join(known)})")
    if output_format == "png" and output is None:
        raise CliError("--format png writes a binary file: give -o FILE.png")
    if not 0.0 <= braid_share <= 1.0:
        raise CliError(f"--braid must be between 0 and 1; got {braid_share}")
    if (entrance is None) != (exit_ is None):
        raise CliError("--entrance and --exit go together")
    doors = (parse_cell("--entrance", entrance), parse_cell("--exit", exit_)) if entrance and exit_ else None
    spec = ALL_BUILDERS[algo]
    try:
        params = spec.parse_params(split_assignment(p) for p in param)
    except ParamError as error:
        raise CliError(str(error)) from None
    if list_params:
        _list_params(algo, params)
        return
    if output is not None and output.exists() and not force:
        raise fail(f"{output} exists; use --force to replace it")
    if difficulty is not None and doors is not None:
        raise CliError("--difficulty chooses the doors: leave out --entrance and --exit")
    try:
        request = _request(algo, grid, size, mask, seed, params, difficulty)
        if not request.plain and (doors is not None or braid_share > 0):
            raise CliError("--braid, --entrance and --exit work on the plain square maze (no --grid, --mask or weave)")
        built, path = _built(request, doors, braid_share, solution or stats or output_format == "json")
        content = _content(built, output_format, style, params, path if solution else None, path)
    except MazeError as error:
        raise CliError(str(error)) from None
    _write(content, output, force)
    if stats:
        _print_stats(built, path)


def _list_params(algo: str, params) -> None:
    from swarmtui.core.params import describe

    rows = describe(params) if params is not None else []
    for name, value, help_text in rows:
        typer.echo(f"{name:<16} {value:<10} {help_text}")
    if not rows:
        typer.echo(f"{algo} has no parameters")


def _request(algo: str, grid: str, size: str | None, mask: Path | None, seed: int, params, difficulty: str | None):
    """The request the options make (``MazeError`` for a size, mask or difficulty that is not one)."""
    from swarmtui.mazes.difficulty import parse_difficulty
    from swarmtui.mazes.masks import read_mask
    from swarmtui.mazes.request import Request, parse_size

    target = None if difficulty is None else parse_difficulty(difficulty)
    shape = read_mask(mask) if mask is not None else None
    return Request(algo, grid, None if size is None else parse_size(grid, size), seed, params, shape, target)


def _built(request, doors, braid_share: float, want_path: bool):
    """The maze and, when wanted, its shortest path (fields, or cells on a grid)."""
    from swarmtui.core.rng import make_rng
    from swarmtui.mazes import MazeError
    from swarmtui.mazes.braid import braid, with_doors
    from swarmtui.mazes.grid_maze import GridMaze
    from swarmtui.mazes.request import build_request

    built = build_request(request)
    if isinstance(built, GridMaze):
        if not want_path:
            return built, None
        from swarmtui.mazes.grid_paths import shortest_path_cells

        return built, shortest_path_cells(built)
    if doors is not None:
        built = with_doors(built, *doors)
    if braid_share > 0:
        built = braid(built, braid_share, make_rng(request.seed, "maze", "braid"))
    path = None
    if want_path or doors is not None:
        from swarmtui.mazes.solve import shortest_path

        path = shortest_path(built.walls, built.entrance, built.exit)
    if doors is not None and path is None:
        raise MazeError(f"no passage joins the chosen doors {doors[0]} and {doors[1]} in this maze")
    return built, path


def _write(content: str | bytes, output: Path | None, force: bool) -> None:
    if output is None:
        sys.stdout.write(content if isinstance(content, str) else content.decode())
        sys.stdout.flush()
        return
    from swarmtui.core.saves import SaveError, write_atomic

    try:
        write_atomic(output, content, overwrite=force)
    except SaveError as error:
        raise fail(str(error)) from None


def _content(built, output_format: str, style: str, params, shown, path) -> str | bytes:
    from swarmtui.mazes.grid_maze import GridMaze

    on_grid = isinstance(built, GridMaze)
    if output_format == "json":
        from swarmtui.mazes.metrics import measure

        if on_grid:
            from swarmtui.mazes.gridfile import to_json_grid

            return to_json_grid(built, params, measure(built, path), shown)
        from swarmtui.mazes.mazefile import to_json

        return to_json(built, params, measure(built, path), shown)
    if output_format in ("svg", "png"):
        from swarmtui.mazes import picture

        if on_grid:
            return picture.grid_svg(built, shown) if output_format == "svg" else picture.grid_png(built, shown)
        return picture.to_svg(built, shown) if output_format == "svg" else picture.to_png(built, shown)
    if on_grid:
        from swarmtui.mazes.grid_text import render_grid

        return render_grid(built, style, shown)
    from swarmtui.mazes.text import render

    return render(built, style, shown)


def _print_stats(built, path) -> None:
    from swarmtui.mazes.metrics import measure

    metrics = measure(built, path)
    lines = [f"builder          {built.algo} (seed {built.seed})"]
    lines += [f"{name:<16} {value}" for name, value in metrics.rows()]
    lines += [f"{name:<16} {value}" for name, value in built.info.items()]
    typer.echo("\n".join(lines), err=True)


@maze_app.command("solve")
def solve(
    file: Path = typer.Argument(..., dir_okay=False,
                                help="A maze file: any text style of the square maze, or JSON (any grid)."),
    solver: str = typer.Option("bfs", "--solver",
                               help="Whose route to draw: bfs, astar, wall (left hand) or dead-end (filling)."),
    style: str = typer.Option("", "--style", help="Text style of the drawing (default: ascii; grid mazes: ascii "
                                                  "or unicode)."),
) -> None:
    """Read a maze, draw the chosen solver's route on it, and compare all four solvers."""
    from swarmtui.core.safe_text import safe_text
    from swarmtui.mazes import MazeError
    from swarmtui.mazes.grid_maze import GridMaze
    from swarmtui.mazes.grid_text import render_grid
    from swarmtui.mazes.mazefile import read_maze
    from swarmtui.mazes.metrics import measure
    from swarmtui.mazes.solvers import SOLVERS, compare
    from swarmtui.mazes.text import STYLES, render

    if solver not in SOLVERS:
        raise CliError(f"unknown --solver {solver!r} (known: {', '.join(SOLVERS)})")
    if style and style not in STYLES:
        raise CliError(f"unknown --style {style!r} (known: {', '.join(STYLES)})")
    try:
        read = read_maze(file)
        results = compare(read)
        chosen = next(r for r in results if r.solver == solver)
        if isinstance(read, GridMaze):
            drawing = render_grid(read, style or "ascii", chosen.route)
        else:
            drawing = render(read, style or "ascii", chosen.route)
    except MazeError as error:
        message = safe_text(error).plain  # (it may quote the file's own text)
        shown = safe_text(file).plain
        raise CliError(message if message.startswith(shown) else f"{shown}: {message}") from None
    sys.stdout.write(drawing)
    metrics = measure(read, next(r for r in results if r.solver == "bfs").path)
    origin = safe_text(read.algo or "read from " + file.name, limit=80).plain
    lines = [f"maze             {read.size} ({origin})"]
    lines += [f"{name:<16} {value}" for name, value in metrics.rows()[1:]]
    lines.append("")
    lines.append(f"{'solver':<10} {'found':<6} {'length':>8} {'visited':>8}")
    for r in results:
        length = "-" if r.length is None else str(r.length)
        lines.append(f"{r.solver:<10} {'yes' if r.route is not None else 'no':<6} {length:>8} {r.visited:>8}")
    typer.echo("\n".join(lines))
