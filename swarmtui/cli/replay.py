"""``swarmtui replay FILE``: replay a logged game move by move in the terminal, for any game.

FILE is a result file of ``swarmtui sim`` (``--out``, presets, ``benchmarks/hive_tables.py
--records``), read by ``records.results.read_results``: JSON lines, a run header, then one
line per game (``"kind": "game"``, a ``records.GameLog``). Each game names its ``game`` and lists
its ``moves`` in the game's notation (UHP MoveStrings for Hive); the board is re-played from
the start with the game's own rules (``records.replay.Recording``) and printed with the
game's text renderer (its descriptor's ``render_text``) after every move, with the move's
trace summary when the file kept traces. Hive games of the immobile-opponent protocol list the
skipped turns in ``skips``. Anything damaged — not JSON, no games, a move the rules refuse, a
field of the wrong shape, a FIFO or a device instead of a file — is one clear error.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console

from swarmtui.cli.app import CliError, app, fail
from swarmtui.core.saves import SaveError

if TYPE_CHECKING:
    from swarmtui.core.trace import Trace
    from swarmtui.records.gamelog import GameLog


def _load_games(path: Path) -> list[GameLog]:
    """The games of ``path``; ``fail`` (exit 2) with one sentence when it is damaged."""
    from swarmtui.records.results import read_results

    try:
        games = read_results(path).games
    except SaveError as error:
        raise fail(str(error)) from None
    if not games:
        raise fail(f"{path} holds no game records (expected JSON lines from 'swarmtui sim --out' or a preset)")
    return games


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
    file: Path = typer.Argument(..., help="A result file (JSON lines) from 'swarmtui sim --out' or a preset."),
    game: int = typer.Option(1, "--game", "-g", min=1, help="Which game of the file to replay (1 = the first)."),
    start: int = typer.Option(0, "--from", min=0,
                              help="Print the boards from this ply on (the moves before are still played)."),
    ascii_glyphs: bool = typer.Option(False, "--ascii", help="Plain ASCII glyphs instead of Unicode."),
    traces: bool = typer.Option(True, "--traces/--no-traces",
                                help="Print each move's trace summary when the file kept them."),
    final: bool = typer.Option(False, "--final", help="Print only the final position."),
) -> None:
    """Replay a logged game move by move, printing the board after each move."""
    games = _load_games(file)
    if game > len(games):
        raise CliError(f"{file} holds {len(games)} game(s); --game {game} does not exist")
    log = games[game - 1]
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
    out.print(f"{where}: {log.game}, {', '.join(f'{s} {a}' for s, a in log.players.items())}; "
              f"{len(log.moves)} moves; {_result(log)}")
    for ply, label in enumerate(recording.labels):
        if final or ply + 1 < start:
            continue
        out.print(f"\nply {ply + 1}: {label}")
        if traces and ply in recording.traces:
            out.print(f"  {trace_summary(recording.traces[ply])}")
        out.print(spec.render_text(recording.positions.at(ply + 1), glyphs))
    state = recording.positions.at(-1)
    if final:
        out.print(spec.render_text(state, glyphs))
    outcome = state.outcome
    out.print(f"\nend: {outcome.reason if outcome else 'game not finished'}"
              + (f", {outcome.winner} wins" if outcome and outcome.winner else ""))
