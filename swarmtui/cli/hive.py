"""``swarmtui hive ...``: Hive tools (perft move-generator counts, a position printed as text,
game records converted between formats)."""

from __future__ import annotations

import time
from pathlib import Path

import typer
from rich.console import Console

from swarmtui.cli.app import CliError, app

hive_app = typer.Typer(
    name="hive",
    help="Hive tools: perft counts of the move generator, positions shown as text, game records converted.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(hive_app, name="hive")

GAME_HELP = "Start from this UHP GameString (e.g. 'Base;InProgress;White[2];wS1;bS1 wS1-'); default: the empty board."


def _board(game: str | None):
    from swarmtui.games.hive.rules import Board

    if game is None:
        return Board()
    try:
        return Board.from_game_string(game)
    except ValueError as error:  # NotationError and IllegalMoveError
        raise CliError(f"bad GameString: {error}") from None


@hive_app.command()
def perft(
    depth: int = typer.Argument(..., min=0, max=12, help="Plies to count."),
    game: str | None = typer.Option(None, "--game", "-g", help=GAME_HELP),
    divide: bool = typer.Option(False, "--divide", help="Also print the count below each first move."),
) -> None:
    """Count the legal move sequences of DEPTH plies and print nodes and nodes/second."""
    from swarmtui.games.hive import perft as counting

    board = _board(game)
    start = time.perf_counter()
    if divide:
        split = counting.divide(board, depth) if depth > 0 else {}
        for move, count in split.items():
            typer.echo(f"{move}\t{count}")
        nodes = sum(split.values()) if depth > 0 else 1
    else:
        nodes = counting.perft(board, depth)
    seconds = time.perf_counter() - start
    rate = nodes / seconds if seconds > 0 else float("inf")
    typer.echo(f"perft({depth}) = {nodes} nodes in {seconds:.3f} s ({rate:,.0f} nodes/s)")


@hive_app.command()
def show(
    game: str | None = typer.Option(None, "--game", "-g", help=GAME_HELP),
    ascii_only: bool = typer.Option(False, "--ascii", help="ASCII glyphs only."),
    moves: bool = typer.Option(False, "--moves", help="Also list the legal moves (UHP MoveStrings)."),
) -> None:
    """Print a position: whose turn, the hive, stacks and hands."""
    from swarmtui.games.hive.render import render_position

    board = _board(game)
    console = Console(highlight=False)
    last = board.history[-1] if board.history else None
    console.print(render_position(board, glyphs="ascii" if ascii_only else "unicode", last=last))
    if moves:
        typer.echo(";".join(board.format_move(m) for m in board.legal_moves()) or "(none: the game is over)")

CONVERT_IN = ("A Hive game record: .pgn, .sgf (BoardSpace), .jsonl (a result file), .json (a saved game) or .txt "
              "(UHP GameStrings).")
CONVERT_OUT = "The new file to write: .pgn, .jsonl, .json or .txt (never replaced if it exists)."


@hive_app.command()
def convert(
    source: Path = typer.Argument(..., metavar="IN", help=CONVERT_IN),
    target: Path = typer.Argument(..., metavar="OUT", help=CONVERT_OUT),
    game: int | None = typer.Option(None, "--game", "-g", min=1,
                                    help="Convert only this game of IN (1 = the first); default: every game, "
                                         "where OUT holds several (.pgn, .jsonl, .txt)."),
) -> None:
    """Convert Hive game records between formats, each chosen by the file's extension.

    Every move is replayed by the rules on the way: an illegal or unreadable move, or a result
    the final position contradicts, stops the conversion with one line naming it (exit 2),
    and OUT is not written.
    """
    from swarmtui.cli.replay import export_games, load_games

    games = load_games(source)
    other = next((i for i, log in enumerate(games, start=1) if log.game != "hive" and game in (None, i)), None)
    if other is not None:
        raise CliError(f"{source} game {other} is {games[other - 1].game}, not Hive: "
                       f"'swarmtui replay {source} --export OUT.txt' exports any game")
    typer.echo(f"wrote {export_games(source, target, game, games)}")
