"""Saved games of the TUI: where the files live, their names, and the list the menu shows.

A saved game is one ``records.GameLog`` written as one JSON file under ``saves_dir()/games/``
(``records.saved``: atomic, ``"kind": "game"``, ``"format": 1``, checked by the one reader). It
holds what rebuilds the game exactly: the game id, the seats' agents (``players``), each seat's
parameter overrides (``params``), the seed and the ``moves`` in the game's notation. Replaying
the moves through the rules restores the position; each AI seat's agent is rebuilt from the
seed and re-decides its own recorded turns, so its generator and any memory continue as if the
game had never stopped (``tui.match.Match.from_saved``). ``traces`` keep each AI turn's
deliberation for the replay viewer. A game played at a table also keeps ``table``: the table's
id and the seats this player played (``mine``), so resuming it under ``swarmtui serve`` goes
back to the table, or opens a new one.

No Textual here: plain data and files. A damaged file is reported (``SaveError``) and never
written to.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from swarmtui.core.counting import counted
from swarmtui.core.saves import SaveError, free_path, read_text, saves_dir, write_atomic
from swarmtui.games import GAMES

if TYPE_CHECKING:
    from swarmtui.records.gamelog import GameLog

# records (the game log and its reader) are imported when a save is read or written: the app
# asks at start-up whether a cut-off game waits (``take_interrupted``), which is usually not so.

INTERRUPTED_MARK = ".interrupted"
"""In the games folder: the name of the save a hang-up wrote, so the next start offers it."""


def games_dir() -> Path:
    """Where saved games live: ``saves_dir()/games``."""
    return saves_dir() / "games"


def describe(saved: GameLog, table_sep: str = "  ") -> str:
    """``"Noughts & Crosses  X human vs O minimax  5 moves  seed 7  in progress"``, then, for a
    table game, ``table_sep`` and ``"at table 3 as Black"`` (a newline keeps that phrase whole
    where the line would wrap)."""
    title = GAMES[saved.game].title if saved.game in GAMES else saved.game
    players = " vs ".join(f"{s} {a}" for s, a in saved.players.items())
    state = f"finished: {saved.result}" if saved.finished else "in progress"
    where = f"{table_sep}at table {saved.table['id']} as {', '.join(saved.table['mine'])}" if saved.table else ""
    return f"{title}  {players}  {counted(len(saved.moves), 'move')}  seed {saved.seed}  {state}{where}"


def new_save_path(saved: GameLog) -> Path:
    """A fresh file name for ``saved``: ``<game>-<YYYYmmdd-HHMMSS>.json`` (never an existing one)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return free_path(games_dir() / f"{saved.game}-{stamp}.json")


def write_game(saved: GameLog, path: Path) -> Path:
    """Write ``saved`` atomically to ``path`` (``SaveError`` when it cannot)."""
    from swarmtui.records.saved import write_saved

    return write_saved(saved, path)


def read_game(path: Path) -> GameLog:
    """Load and check a saved game; any damage is one ``SaveError`` and the file is left as it is."""
    from swarmtui.records.saved import read_saved

    return read_saved(path)


@dataclass(frozen=True)
class SaveEntry:
    """One file of the saved-games list: the game, or the sentence saying why it cannot be read."""

    path: Path
    game: GameLog | None
    error: str = ""


def list_games(folder: Path | None = None) -> list[SaveEntry]:
    """Every ``*.json`` in the saved-games folder, newest first; damaged files keep their error."""
    folder = games_dir() if folder is None else folder
    def newest(path: Path) -> tuple[float, str]:
        try:
            return path.stat().st_mtime, path.name
        except OSError:  # a dangling link: listed (as unreadable) last
            return 0.0, path.name

    try:
        files = sorted(folder.glob("*.json"), key=newest, reverse=True)
    except OSError:
        return []
    entries = []
    for path in files:
        try:
            entries.append(SaveEntry(path, read_game(path)))
        except SaveError as error:
            entries.append(SaveEntry(path, None, str(error)))
    return entries


def mark_interrupted(path: Path) -> None:
    """Remember that ``path`` was saved because the session was cut off (SIGHUP, SIGTERM)."""
    write_atomic(games_dir() / INTERRUPTED_MARK, Path(path).name)


def take_interrupted() -> SaveEntry | None:
    """The game a cut-off session saved, once (the mark is removed); None when there is none,
    or when that save has since finished, gone or become unreadable."""
    mark = games_dir() / INTERRUPTED_MARK
    if not mark.exists():
        return None
    try:
        name = read_text(mark, limit=4096, what="interrupted-game mark").strip()
        mark.unlink()
    except (SaveError, OSError):
        return None
    path = games_dir() / name
    if "/" in name or not name.endswith(".json") or not path.is_file():
        return None
    try:
        game = read_game(path)
    except SaveError:
        return None
    return None if game.finished else SaveEntry(path, game)
