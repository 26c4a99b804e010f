"""``swarmtui replay FILE``: replay a logged game move by move in the terminal, for any game.

FILE is a result file of ``swarmtui sim`` (``--out``, presets, ``benchmarks/hive_tables.py
--records``), read by ``sim.records.read_results``: JSON lines, a run header, then one line
per game (``"kind": "game"``). Each game names its ``game`` and lists its ``moves`` in the game's notation (UHP
MoveStrings for Hive); the board is re-played from the start with the game's own rules and
printed with its text renderer after every move, with the move's trace summary when the
file kept traces. Hive games of the immobile-opponent protocol list the skipped turns in
``skips``. Anything damaged — not JSON, no games, a move the rules refuse — is one clear error.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console

from swarmtui.cli.app import CliError, app, fail
from swarmtui.core.state import GameState, IllegalMoveError, NotationError

if TYPE_CHECKING:
    from swarmtui.games import GameSpec


def _load_games(path: Path) -> list[dict[str, Any]]:
    """The game lines of ``path``; ``fail`` (exit 1) with one sentence when it is damaged."""
    from swarmtui.core.saves import SaveError
    from swarmtui.sim.records import read_results

    try:
        games = read_results(path).games
    except SaveError as error:
        raise fail(str(error)) from None
    except IsADirectoryError:
        raise fail(f"{path} is a directory, not a result file") from None
    if not games:
        raise fail(f"{path} holds no game records (expected JSON lines from 'swarmtui sim --out' or a preset)")
    return games


def _start_state(record: dict[str, Any], where: str) -> tuple[GameSpec, GameState]:
    from swarmtui.games import GAMES

    game = record.get("game")
    if game not in GAMES or GAMES[game].new_state is None:
        raise fail(f"{where}: unknown or unplayable game {game!r}")
    spec = GAMES[game]
    players = record.get("players")
    count = len(players) if isinstance(players, dict) and spec.seat_counts else None
    try:
        return spec, spec.start(count)
    except ValueError as error:
        raise fail(f"{where}: {error}") from None


def trace_summary(trace: dict[str, Any]) -> str:
    """One line saying what a logged decision played and why (each trace kind's ``summary``)."""
    import swarmtui.agents  # noqa: F401  (registers every agent's trace kinds; imported only when replaying)
    from swarmtui.core.trace import trace_from_json

    try:
        return trace_from_json(trace).summary()
    except (ValueError, TypeError, KeyError):
        return f"(a {trace.get('kind', 'trace')!s} trace this version cannot read)"


def _result(record: dict[str, Any]) -> str:
    result = record.get("result") or (f"{record['winner']} wins" if record.get("winner") else "no winner")
    return f"{result} ({record['reason']})" if record.get("reason") else result


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
    record = games[game - 1]
    where = f"{file} game {game}"
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise fail(f"{where}: 'moves' is not a list of move strings")
    skips = set(record.get("skips") or ())
    spec, state = _start_state(record, where)
    if skips and spec.skip_turn is None:
        raise fail(f"{where}: skipped turns exist only in Hive's immobile-opponent protocol")
    notes = {t.get("ply"): t.get("trace", {}) for t in record.get("traces") or () if isinstance(t, dict)}
    out = Console(highlight=False)
    glyphs = "ascii" if ascii_glyphs else "unicode"
    name = record["game"]
    out.print(f"{where}: {name}, {', '.join(f'{s} {a}' for s, a in (record.get('players') or {}).items())}; "
              f"{len(moves)} moves; {_result(record)}")
    for ply, text in enumerate(moves):
        seat = state.to_move
        if ply in skips and spec.skip_turn is not None:
            spec.skip_turn(state)
            label = f"{seat} is immobile (turn skipped)"
        else:
            try:
                state.play(state.parse_move(text))
            except (NotationError, IllegalMoveError, ValueError) as error:
                raise fail(f"{where}: move {ply + 1} ({text!r}) cannot be played: {error}") from None
            label = f"{seat} plays {text}"
        if final or ply + 1 < start:
            continue
        out.print(f"\nply {ply + 1}: {label}")
        if traces and ply in notes:
            out.print(f"  {trace_summary(notes[ply])}")
        out.print(spec.render_text(state, glyphs))
    if final:
        out.print(spec.render_text(state, glyphs))
    outcome = state.outcome
    out.print(f"\nend: {outcome.reason if outcome else 'game not finished'}"
              + (f", {outcome.winner} wins" if outcome and outcome.winner else ""))

