"""Saved games of the TUI: the file format, where the files live, and the list the menu shows.

A saved game is one JSON file under ``saves_dir()/games/`` written atomically by
``core.saves.write_json`` (``"kind": "game"``, ``"format": 1``). It holds what rebuilds the game
exactly: the game id, the seats' agents (``players``, seat -> agent id, in turn order), each
seat's parameter overrides (``params``), the seed, and the ``moves`` in the game's notation.
Replaying the moves through the rules restores the position; each AI seat's agent is rebuilt
from the seed and re-decides its own recorded turns, so its generator and any memory (the Halma
swarm's pheromone, MCTS trees are per move) continue as if the game had never stopped (see
``tui.match.Match.from_saved``). ``traces`` keeps each AI turn's deliberation for the replay
viewer, in the same shape as ``swarmtui sim`` result files (``sim.recording``). A game played
at a table (``tables``) also keeps ``table``: the table's id and the seats this player played
(``mine``), so resuming it under ``swarmtui serve`` goes back to the table, or opens a new one.

No Textual here: plain data and files. A damaged file is reported (``SaveError``) and never
written to.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmtui.core.counting import counted
from swarmtui.core.saves import SaveError, free_path, read_json, read_text, saves_dir, write_atomic, write_json
from swarmtui.games import GAMES

SAVE_KIND = "game"
SAVE_FORMAT = 1
INTERRUPTED_MARK = ".interrupted"
"""In the games folder: the name of the save a hang-up wrote, so the next start offers it."""


def games_dir() -> Path:
    """Where saved games live: ``saves_dir()/games``."""
    return saves_dir() / "games"


@dataclass
class SavedGame:
    """One game as saved; ``finished`` games open in the replay viewer, others resume."""

    game: str
    players: dict[str, str]
    seed: int
    moves: list[str]
    params: dict[str, dict[str, str]] = field(default_factory=dict)
    traces: list[dict[str, Any]] = field(default_factory=list)
    finished: bool = False
    result: str = ""
    saved: str = ""
    table: dict[str, Any] | None = None
    """``{"id": "3", "mine": ["White"]}`` for a game at a table (None for a game of this app alone)."""

    def to_json(self) -> dict[str, Any]:
        payload = {
            "kind": SAVE_KIND, "format": SAVE_FORMAT, "game": self.game, "players": self.players,
            "params": self.params, "seed": self.seed, "moves": self.moves, "finished": self.finished,
            "result": self.result, "saved": self.saved, "traces": self.traces,
        }
        if self.table is not None:
            payload["table"] = self.table
        return payload

    @classmethod
    def from_json(cls, payload: dict[str, Any], where: str) -> SavedGame:
        """Check every field's type; ``SaveError`` with ``where`` and the field otherwise."""
        def damaged(what: str) -> SaveError:
            return SaveError(f"{where} is damaged: {what}")

        game = payload.get("game")
        if game not in GAMES:
            raise damaged(f"unknown game {game!r}")
        players = payload.get("players")
        if not isinstance(players, dict) or not players or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in players.items()):
            raise damaged("'players' is not a map of seat to agent id")
        seed = payload.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise damaged("'seed' is not a whole number >= 0")
        moves = payload.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise damaged("'moves' is not a list of move strings")
        params = payload.get("params") or {}
        if not isinstance(params, dict) or not all(
                isinstance(p, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in p.items())
                for p in params.values()):
            raise damaged("'params' is not a map of seat to name=value overrides")
        traces = payload.get("traces") or []
        if not isinstance(traces, list):
            raise damaged("'traces' is not a list")
        table = payload.get("table")
        if table is not None and not (isinstance(table, dict) and isinstance(table.get("id"), str)
                                      and isinstance(table.get("mine"), list)
                                      and all(seat in players for seat in table["mine"])):
            raise damaged("'table' is not a table id with the seats played here")
        return cls(game, dict(players), seed, list(moves), {s: dict(p) for s, p in params.items()},
                   traces, bool(payload.get("finished")), str(payload.get("result") or ""),
                   str(payload.get("saved") or ""), dict(table) if table else None)

    def record(self) -> dict[str, Any]:
        """The game as a result-file record (``sim.recording.Recording.from_record``)."""
        return {"game": self.game, "players": self.players, "moves": self.moves,
                "traces": self.traces, "seed": self.seed, "result": self.result}

    def describe(self, table_sep: str = "  ") -> str:
        """``"Noughts & Crosses  X human vs O minimax  5 moves  seed 7  in progress"``, then, for a
        table game, ``table_sep`` and ``"at table 3 as Black"`` (a newline keeps that phrase whole
        where the line would wrap)."""
        title = GAMES[self.game].title if self.game in GAMES else self.game
        players = " vs ".join(f"{s} {a}" for s, a in self.players.items())
        state = f"finished: {self.result}" if self.finished else "in progress"
        where = f"{table_sep}at table {self.table['id']} as {', '.join(self.table['mine'])}" if self.table else ""
        return f"{title}  {players}  {counted(len(self.moves), 'move')}  seed {self.seed}  {state}{where}"


def new_save_path(saved: SavedGame) -> Path:
    """A fresh file name for ``saved``: ``<game>-<YYYYmmdd-HHMMSS>.json`` (never an existing one)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return free_path(games_dir() / f"{saved.game}-{stamp}.json")


def write_game(saved: SavedGame, path: Path) -> Path:
    """Write ``saved`` atomically to ``path`` (``SaveError`` when it cannot)."""
    saved.saved = time.strftime("%Y-%m-%d %H:%M:%S")
    return write_json(path, saved.to_json())


def read_game(path: Path) -> SavedGame:
    """Load and check a saved game; any damage is one ``SaveError`` and the file is left as it is."""
    return SavedGame.from_json(read_json(path, kind=SAVE_KIND, formats=(SAVE_FORMAT,)), str(path))


@dataclass(frozen=True)
class SaveEntry:
    """One file of the saved-games list: the game, or the sentence saying why it cannot be read."""

    path: Path
    game: SavedGame | None
    error: str = ""


def list_games(folder: Path | None = None) -> list[SaveEntry]:
    """Every ``*.json`` in the saved-games folder, newest first; damaged files keep their error."""
    folder = games_dir() if folder is None else folder
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
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
