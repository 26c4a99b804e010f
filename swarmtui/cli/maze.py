"""``swarmtui maze``: build one maze and write it as text (stdout by default, so it pipes).

``-o FILE`` writes atomically (temporary file, then rename) and refuses to replace an existing
file unless ``--force`` is given; a file shipped with swarmtui is never replaced. ``--stats``
prints the maze's metrics on stderr, so they stay out of a pipe.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import typer

from swarmtui.cli.app import CliError, app, fail

SIZE_PATTERN = re.compile(r"^\s*(\d{1,7})\s*[xX×]\s*(\d{1,7})\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """``"40x15"`` -> ``(40, 15)`` (width, height); ``CliError`` for anything else."""
    match = SIZE_PATTERN.match(text)
    if not match:
        raise CliError(f"--size must look like WIDTHxHEIGHT, e.g. 40x15; got {text!r}")
    return int(match.group(1)), int(match.group(2))


@app.command()
def maze(
    algo: str = typer.Option(
        "ant", "--algo", "-a",
        help="Builder: ant, bee, backtracker, prim, kruskal, wilson, aldous-broder, hunt-and-kill, eller, "
             "sidewinder, binary-tree, growing-tree, division."),
    size: str = typer.Option(
        "40x15", "--size", "-s",
        help="WIDTHxHEIGHT in fields, 3x3 up to 4001 a side and 2001x2001 fields in all (ant and bee: 250000 "
             "fields). Classic builders need odd sides and round even ones down.",
    ),
    seed: int = typer.Option(0, "--seed", min=0, help="Same seed, same maze."),
    style: str = typer.Option("ascii", "--style",
                              help="ascii (# walls), lines (+--+, lattice mazes), unicode (box drawing)."),
    solution: bool = typer.Option(False, "--solution", help="Mark a shortest path from entrance to exit."),
    param: list[str] = typer.Option([], "--param",
                                    help="Builder parameter name=value (see --list-params); repeatable."),
    list_params: bool = typer.Option(False, "--list-params",
                                     help="List the builder's parameters with defaults and exit."),
    output: Path | None = typer.Option(None, "--output", "-o", dir_okay=False,
                                       help="Write to FILE (atomically) instead of stdout."),
    force: bool = typer.Option(False, "--force", help="With -o: replace FILE if it exists."),
    stats: bool = typer.Option(False, "--stats", help="Print the maze's metrics on stderr."),
) -> None:
    """Build a maze with ants, bees or a classic algorithm and print it as text."""
    from swarmtui.core.params import ParamError, describe, split_assignment
    from swarmtui.core.saves import SaveError, write_atomic
    from swarmtui.mazes import BUILDERS, MazeError, build
    from swarmtui.mazes.text import STYLES, render

    if algo not in BUILDERS:
        raise CliError(f"unknown --algo {algo!r} (known: {', '.join(BUILDERS)})")
    if style not in STYLES:
        raise CliError(f"unknown --style {style!r} (known: {', '.join(STYLES)})")
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
        path = None
        if solution or stats:
            from swarmtui.mazes.solve import shortest_path

            path = shortest_path(built.walls, built.entrance, built.exit)
        text = render(built, style, path if solution else None)
    except MazeError as error:
        raise CliError(str(error)) from None
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        try:
            write_atomic(output, text, overwrite=force)
        except SaveError as error:
            raise fail(str(error)) from None
    if stats:
        _print_stats(built, path)


def _print_stats(built, path) -> None:
    from swarmtui.mazes.metrics import measure

    metrics = measure(built, path)
    lines = [f"builder          {built.algo} (seed {built.seed})"]
    lines += [f"{name:<16} {value}" for name, value in metrics.rows()]
    lines += [f"{name:<16} {value}" for name, value in built.info.items()]
    typer.echo("\n".join(lines), err=True)
