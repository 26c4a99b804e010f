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

SIZE_PATTERN = re.compile(r"^\s*(\d{1,7})\s*[xX×]\s*(\d{1,7})\s*$")
CELL_PATTERN = re.compile(r"^\s*(\d{1,7})\s*,\s*(\d{1,7})\s*$")
FORMATS = ("text", "json", "svg", "png")

maze_app = typer.Typer(help="Build a maze (ants, bees or a classic algorithm); 'maze solve FILE' solves one.")
app.add_typer(maze_app, name="maze")


def parse_size(text: str) -> tuple[int, int]:
    """``"40x15"`` -> ``(40, 15)`` (width, height); ``CliError`` for anything else."""
    match = SIZE_PATTERN.match(text)
    if not match:
        raise CliError(f"--size must look like WIDTHxHEIGHT, e.g. 40x15; got {text!r}")
    return int(match.group(1)), int(match.group(2))


def parse_cell(option: str, text: str) -> tuple[int, int]:
    """``"1,0"`` -> ``(1, 0)`` (row, column)."""
    match = CELL_PATTERN.match(text)
    if not match:
        raise CliError(f"{option} must look like ROW,COL, e.g. 1,0; got {text!r}")
    return int(match.group(1)), int(match.group(2))


@maze_app.callback(invoke_without_command=True)
def maze(
    ctx: typer.Context,
    algo: str = typer.Option(
        "ant", "--algo", "-a",
        help="Builder: ant, bee, backtracker, prim, kruskal, wilson, aldous-broder, hunt-and-kill, eller, "
             "sidewinder, binary-tree, growing-tree, division."),
    size: str = typer.Option(
        "40x15", "--size", "-s",
        help="WIDTHxHEIGHT in fields, 3x3 up to 4001 a side and 2001x2001 fields in all (ant, bee: 13x9 to "
             "1001x1001 fields; aldous-broder: 401x401). Classic builders need odd sides "
             "and round even ones down.",
    ),
    seed: int = typer.Option(0, "--seed", min=0, help="Same seed, same maze."),
    style: str = typer.Option("ascii", "--style",
                              help="Text style: ascii (# walls), lines (+--+, lattice mazes), unicode (box "
                                   "drawing), half (half blocks, two rows per line)."),
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
    """Build a maze with ants, bees or a classic algorithm and write it as text, JSON, SVG or PNG."""
    if ctx.invoked_subcommand is not None:
        return
    from swarmtui.core.params import ParamError, describe, split_assignment
    from swarmtui.core.rng import make_rng
    from swarmtui.mazes import BUILDERS, MazeError, build
    from swarmtui.mazes.braid import braid, with_doors
    from swarmtui.mazes.text import STYLES

    if algo not in BUILDERS:
        raise CliError(f"unknown --algo {algo!r} (known: {', '.join(BUILDERS)})")
    if style not in STYLES:
        raise CliError(f"unknown --style {style!r} (known: {', '.join(STYLES)})")
    if output_format not in FORMATS:
        raise CliError(f"unknown --format {output_format!r} (known: {', '.join(FORMATS)})")
    if output_format == "png" and output is None:
        raise CliError("--format png writes a binary file: give -o FILE.png")
    if not 0.0 <= braid_share <= 1.0:
        raise CliError(f"--braid must be between 0 and 1; got {braid_share}")
    if (entrance is None) != (exit_ is None):
        raise CliError("--entrance and --exit go together")
    doors = (parse_cell("--entrance", entrance), parse_cell("--exit", exit_)) if entrance and exit_ else None
    spec = BUILDERS[algo]
    try:
        params = spec.parse_params(split_assignment(p) for p in param)
    except ParamError as error:
        raise CliError(str(error)) from None
    if list_params:
        rows = describe(params) if params is not None else []
        for name, value, help_text in rows:
            typer.echo(f"{name:<16} {value:<10} {help_text}")
        if not rows:
            typer.echo(f"{algo} has no parameters")
        return
    width, height = parse_size(size)
    if output is not None and output.exists() and not force:
        raise fail(f"{output} exists; use --force to replace it")
    try:
        built = build(algo, width, height, seed, params)
        if doors is not None:
            built = with_doors(built, *doors)
        if braid_share > 0:
            built = braid(built, braid_share, make_rng(seed, "maze", "braid"))
        path = None
        if solution or stats or output_format == "json":
            from swarmtui.mazes.solve import shortest_path

            path = shortest_path(built.walls, built.entrance, built.exit)
        if doors is not None and path is None:
            raise MazeError(f"no passage joins the chosen doors {entrance} and {exit_} in this maze")
        content = _content(built, output_format, style, params, path if solution else None, path)
    except MazeError as error:
        raise CliError(str(error)) from None
    if output is None:
        sys.stdout.write(content if isinstance(content, str) else content.decode())
        sys.stdout.flush()
    else:
        from swarmtui.core.saves import SaveError, write_atomic

        try:
            write_atomic(output, content, overwrite=force)
        except SaveError as error:
            raise fail(str(error)) from None
    if stats:
        _print_stats(built, path)


def _content(built, output_format: str, style: str, params, shown, path) -> str | bytes:
    from swarmtui.mazes.text import render

    if output_format == "json":
        from swarmtui.mazes.mazefile import to_json
        from swarmtui.mazes.metrics import measure

        return to_json(built, params, measure(built, path), shown)
    if output_format == "svg":
        from swarmtui.mazes.picture import to_svg

        return to_svg(built, shown)
    if output_format == "png":
        from swarmtui.mazes.picture import to_png

        return to_png(built, shown)
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
    file: Path = typer.Argument(..., dir_okay=False, help="A maze file: any text style of 'swarmtui maze', or JSON."),
    solver: str = typer.Option("bfs", "--solver",
                               help="Whose route to draw: bfs, astar, wall (left hand) or dead-end (filling)."),
    style: str = typer.Option("", "--style", help="Text style of the drawing (default: ascii)."),
) -> None:
    """Read a maze, draw the chosen solver's route on it, and compare all four solvers."""
    from swarmtui.core.safe_text import safe_text
    from swarmtui.mazes import MazeError
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
