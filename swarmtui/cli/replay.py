"""``swarmtui replay FILE``: replay a logged game move by move in the terminal, for any game.

FILE is any game record swarmtui reads, by its extension (``records.formats``): a result file
of ``swarmtui sim`` (``.jsonl``: ``--out``, presets, ``benchmarks/hive_tables.py --records``), a
saved game of the TUI (``.json``), a Hive PGN (``.pgn``, from BoardSpace, Mzinga, hivegame.com or
``swarmtui hive convert``), a BoardSpace SGF Hive record (``.sgf``), or a text record (``.txt``:
any game's header and moves, or Hive UHP GameStrings). Each game names its ``game`` and lists
its ``moves`` in the game's notation (UHP MoveStrings for Hive); the board is re-played from
the start with the game's own rules (``records.replay.Recording``) and printed with the
game's text renderer (its descriptor's ``render_text``) after every move, with the move's
trace summary when the file kept traces. Hive games of the immobile-opponent protocol list the
skipped turns in ``skips``. Anything damaged — not JSON, no games, a move the rules refuse
(named by its number, its text and the rule it breaks), a field of the wrong shape, a FIFO or
a device instead of a file — is one clear error.

``--export OUT`` writes the game instead (``records.formats.write_games``, the format by OUT's
extension): a Halma or Noughts game as a text record, a Hive game as PGN or a UHP GameString,
any game as a saved game or a result file. ``swarmtui hive convert`` is the same for Hive files.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.text import Text

from swarmtui.cli.app import CliError, app, fail
from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import SaveError

if TYPE_CHECKING:
    from swarmtui.core.trace import Trace
    from swarmtui.records.gamelog import GameLog


FILE_HELP = ("A game record: a result file (.jsonl) from 'swarmtui sim --out' or a preset, a saved game (.json), "
             "a Hive PGN (.pgn) or BoardSpace SGF (.sgf), or a text record (.txt).")


def load_games(path: Path) -> list[GameLog]:
    """The games of ``path``; ``fail`` (exit 2) with one sentence when it is damaged."""
    from swarmtui.records.formats import read_games

    try:
        return read_games(path)
    except SaveError as error:
        raise fail(str(error)) from None


def load_game(path: Path, number: int) -> tuple[GameLog, int]:
    """Game ``number`` of ``path`` (a result file streamed: only that game is kept whole) and how
    many the file holds; ``CliError``/``fail`` (exit 2) with one sentence otherwise."""
    from swarmtui.records.formats import read_game

    try:
        return read_game(path, number)
    except SaveError as error:
        if "does not exist" in str(error):
            raise CliError(f"{error.args[0].replace(f'game {number}', f'--game {number}')}") from None
        raise fail(str(error)) from None


def export_games(source: Path, target: Path, game: int | None, games: list[GameLog] | None = None) -> Path:
    """Write game ``game`` of ``source`` (all of them when None) to the new file ``target`` in
    the format its extension names; ``fail`` with one sentence for any fault."""
    from swarmtui.records.formats import write_games

    if game is not None:
        if games is not None and game > len(games):
            raise CliError(f"{source} holds {len(games)} game(s); --game {game} does not exist")
        log, count = (games[game - 1], len(games)) if games is not None else load_game(source, game)
        chosen, where = [log], [f"{source} game {game}" if count > 1 else str(source)]
    else:
        games = load_games(source) if games is None else games
        chosen = games
        where = [f"{source} game {number}" if len(games) > 1 else str(source) for number in range(1, len(games) + 1)]
    try:
        return write_games(chosen, target, where, source.name)
    except SaveError as error:
        raise fail(str(error)) from None


def trace_summary(trace: Trace) -> str:
    """One line saying what a logged decision played and why (each trace kind's ``summary``);
    a trace whose fields a hostile file filled with the wrong types says so instead."""
    try:
        return trace.summary()
    except (ValueError, TypeError, KeyError, AttributeError, IndexError):
        return f"(a {trace.kind} trace this version cannot summarise)"


def _result(log: GameLog) -> str:
    result = log.result or (f"{log.winner} wins" if log.winner else "no winner")
    return f"{result} ({log.reason})" if log.reason else result


@app.command()
def replay(
    file: Path = typer.Argument(..., help=FILE_HELP),
    game: int = typer.Option(1, "--game", "-g", min=1, help="Which game of the file to replay (1 = the first)."),
    start: int = typer.Option(0, "--from", min=0,
                              help="Print the boards from this ply on (the moves before are still played)."),
    ascii_glyphs: bool = typer.Option(False, "--ascii", help="Plain ASCII glyphs instead of Unicode."),
    traces: bool = typer.Option(True, "--traces/--no-traces",
                                help="Print each move's trace summary when the file kept them."),
    final: bool = typer.Option(False, "--final", help="Print only the final position."),
    export: Path | None = typer.Option(None, "--export", metavar="OUT",
                                       help="Write the game to the new file OUT instead, the format by its extension: "
                                            ".txt (a text record; Hive: a UHP GameString), .pgn (Hive), .json (a "
                                            "saved game), .jsonl (a result file)."),
) -> None:
    """Replay a logged game move by move, printing the board after each move."""
    if export is not None:
        typer.echo(f"wrote {export_games(file, export, game)}")
        return
    log, _ = load_game(file, game)
    where = f"{file} game {game}"
    import swarmtui.agents  # noqa: F401  (registers every agent's trace kinds; imported only when replaying)
    from swarmtui.games import GAMES
    from swarmtui.records.replay import Recording

    try:
        recording = Recording.from_log(log, where)
    except SaveError as error:
        raise fail(str(error)) from None
    spec = GAMES[log.game]
    out = Console(highlight=False)
    glyphs = "ascii" if ascii_glyphs else "unicode"
    out.print(Text.assemble(safe_text(where), f": {log.game}, ",
                            safe_text(", ".join(f"{s} {a}" for s, a in log.names.items())),
                            f"; {len(log.moves)} moves; ", safe_text(_result(log))), soft_wrap=True)
    for ply, label in enumerate(recording.labels):
        if final or ply + 1 < start:
            continue
        out.print(Text.assemble("\nply ", str(ply + 1), ": ", safe_text(label)))
        if traces and ply in recording.traces:
            out.print(Text.assemble("  ", safe_text(trace_summary(recording.traces[ply]))))
        out.print(spec.render_text(recording.positions.at(ply + 1), glyphs))
    state = recording.positions.at(-1)
    if final:
        out.print(spec.render_text(state, glyphs))
    outcome = state.outcome
    if outcome is not None:
        end = outcome.reason + (f", {outcome.winner} wins" if outcome.winner else "")
    else:  # the board is not over: a finished log says why it ended (a resignation, time, a forfeit)
        end = _result(log) if log.finished else "game not finished"
    out.print(Text.assemble("\nend: ", safe_text(end)))
