"""The ratings of the players at the tables: Glicko-2 (``core.glicko2``) kept in SQLite.

**Who is rated.** Each side of a rated table game: a person by their player id (the key they
log in with, so one person is one identity whatever name they type; guests are never rated),
an AI seat by its agent and difficulty (``ai:alphabeta:difficulty=hard``), so a person sees
where they stand against each. Ratings are per game (a Hive rating says nothing of Halma).

**Rating periods.** Glicko-2 treats the games of a rating period as played at once (the
paper's step 1). A period here is ``PERIOD_SECONDS`` (one UTC day, from the Unix epoch): Glickman
asks for "moderate to large" periods, and a day gathers an evening's games. Each player's row
holds their rating at the start of the *open* period. While it is open, what the tables show is
*provisional*: the start-of-period rating updated with that player's games of the period so far
(steps 2-8, every opponent taken at their start-of-period rating), so a game's effect shows at
once, and a later game of the same period is weighed together with it, as the paper does. When
the first game of a new period is recorded, the open period is closed for every player (their
provisional rating becomes their start, and a player who did not play gets the paper's wider
``RD``), and each further empty period widens every ``RD`` again (never past 350).

**Written safely.** One file (``ratings.sqlite3`` beside the server's players' folders, mode
0600) in WAL mode with ``synchronous=FULL``: a game is stored by one ``BEGIN IMMEDIATE``
transaction, so a killed server loses at most the game being written, and several processes
(``swarmtui serve`` and ``swarmtui web`` on the same folder) wait for each other up to
``BUSY_SECONDS`` instead of failing. A full disk (or any write error) rolls the transaction
back and raises ``RatingsError`` with one sentence: nothing stored before is touched. A file
that is not a regular file or not this database is refused, never overwritten.
"""

from __future__ import annotations

import math
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from swarmtui.core.glicko2 import Glicko, Result, idle, update

PERIOD_SECONDS = 86_400
"""One rating period: a UTC day."""
BUSY_SECONDS = 10.0
"""How long a write waits for another process's transaction before giving up."""
SCHEMA = 1
FILE_NAME = "ratings.sqlite3"

Kind = Literal["person", "ai"]

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    game TEXT NOT NULL, player TEXT NOT NULL, label TEXT NOT NULL, kind TEXT NOT NULL,
    rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
    PRIMARY KEY (game, player));
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, period INTEGER NOT NULL, ended REAL NOT NULL,
    first TEXT NOT NULL, second TEXT NOT NULL, score REAL NOT NULL,
    first_before REAL NOT NULL, first_after REAL NOT NULL, first_deviation REAL NOT NULL,
    second_before REAL NOT NULL, second_after REAL NOT NULL, second_deviation REAL NOT NULL,
    table_code TEXT NOT NULL, moves INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS games_by_period ON games (game, period);
CREATE INDEX IF NOT EXISTS games_by_first ON games (game, first, ended);
CREATE INDEX IF NOT EXISTS games_by_second ON games (game, second, ended);
"""


class RatingsError(Exception):
    """The ratings cannot be read or written; one sentence for the operator or the players."""


@dataclass(frozen=True)
class Contender:
    """One side of a rated game: its identity, the name shown, and whether it is a person."""

    player: str
    label: str
    kind: Kind = "person"


@dataclass(frozen=True)
class Change:
    """What one rated game did to one side's (provisional) rating."""

    player: str
    label: str
    before: Glicko
    after: Glicko


@dataclass(frozen=True)
class Standing:
    """One row of a leaderboard: the provisional rating and the record in this game."""

    player: str
    label: str
    kind: Kind
    rating: Glicko
    wins: int
    draws: int
    losses: int
    last: float
    """When their last rated game ended (Unix time)."""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass(frozen=True)
class Played:
    """One rated game in a player's history, from their side."""

    ended: float
    opponent: str
    opponent_label: str
    opponent_kind: Kind
    score: float
    before: float
    after: float
    deviation: float
    table: str
    moves: int


class RatingsStore:
    """The ratings database at ``path`` (created when missing). Thread-safe: calls are serialised."""

    def __init__(self, path: Path, *, period_seconds: int = PERIOD_SECONDS,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.period_seconds = period_seconds
        self.clock = clock
        self._lock = threading.Lock()
        self._db = self._open()

    # -- opening ------------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        where = self.path
        try:
            info = where.stat()
        except FileNotFoundError:
            try:
                os.close(os.open(where, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            except OSError as error:
                raise RatingsError(f"cannot create the ratings database {where}: {error.strerror or error}") from None
        except OSError as error:
            raise RatingsError(f"cannot read the ratings database {where}: {error.strerror or error}") from None
        else:
            if not stat.S_ISREG(info.st_mode):
                raise RatingsError(f"the ratings database {where} is not a regular file")
        try:
            db = sqlite3.connect(where, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise RatingsError(f"cannot open the ratings database {where}: {error}") from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
            with self._transaction(db):
                for statement in filter(str.strip, _TABLES.split(";")):
                    db.execute(statement)
                self._check_meta(db)
        except sqlite3.DatabaseError as error:
            db.close()
            raise RatingsError(f"{where} is not a usable ratings database ({error}); it is left as it is") from None
        except RatingsError:
            db.close()
            raise
        return db

    def _check_meta(self, db: sqlite3.Connection) -> None:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if not meta:
            db.executemany("INSERT INTO meta VALUES (?, ?)", [("schema", str(SCHEMA)),
                                                              ("period_seconds", str(self.period_seconds))])
            return
        if meta.get("schema") != str(SCHEMA):
            raise RatingsError(f"{self.path} is a ratings database of another version ({meta.get('schema')}); "
                               "it is left as it is")
        self.period_seconds = int(meta["period_seconds"])

    @contextmanager
    def _transaction(self, db: sqlite3.Connection | None = None) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``; rolled back (nothing changed) on any error."""
        db = db or self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            if db.in_transaction:  # SQLite has rolled back already after some errors (a full disk)
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- writing ------------------------------------------------------------------------------
    def record(self, game: str, first: Contender, second: Contender, score: float, *, table: str = "",
               moves: int = 0) -> tuple[Change, Change]:
        """Store one finished game (``score`` is ``first``'s: 1, 0.5 or 0) and return what it did
        to both sides' provisional ratings. ``RatingsError`` when it cannot be stored (nothing is)."""
        if first.player == second.player:
            raise RatingsError("a player's game against themselves is not rated")
        if score not in (0.0, 0.5, 1.0):
            raise RatingsError(f"a score is 0, 0.5 or 1, not {score}")
        with self._lock, self._writing():
            db = self._db
            period = self._advance(db)
            starts = self._starts(db, game)
            for side in (first, second):
                db.execute("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, player) "
                           "DO UPDATE SET label = excluded.label", (game, side.player, side.label, side.kind,
                                                                   *_numbers(Glicko())))
                starts.setdefault(side.player, Glicko())
            before = [self._provisional(db, game, period, starts, side.player) for side in (first, second)]
            row = db.execute(
                "INSERT INTO games (game, period, ended, first, second, score, first_before, first_after, "
                "first_deviation, second_before, second_after, second_deviation, table_code, moves) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, 0, 0, ?, ?)",
                (game, period, self.clock(), first.player, second.player, score, before[0].rating,
                 before[1].rating, table, moves))
            after = [self._provisional(db, game, period, starts, side.player) for side in (first, second)]
            db.execute("UPDATE games SET first_after = ?, first_deviation = ?, second_after = ?, "
                       "second_deviation = ? WHERE id = ?",
                       (after[0].rating, after[0].deviation, after[1].rating, after[1].deviation, row.lastrowid))
        return (Change(first.player, first.label, before[0], after[0]),
                Change(second.player, second.label, before[1], after[1]))

    @contextmanager
    def _writing(self) -> Iterator[None]:
        try:
            with self._transaction():
                yield
        except sqlite3.OperationalError as error:
            if "full" in str(error):
                raise RatingsError(f"the ratings database {self.path} cannot grow: the disk is full "
                                   "(the ratings stored before are kept)") from None
            raise RatingsError(f"the ratings database {self.path} cannot be written ({error}: is the disk full, "
                               "failing or read-only?); the ratings stored before are kept") from None
        except sqlite3.DatabaseError as error:
            raise RatingsError(f"the ratings database {self.path} cannot be written: {error}") from None

    def _period(self) -> int:
        return math.floor(self.clock() / self.period_seconds)

    def _advance(self, db: sqlite3.Connection) -> int:
        """Close the open period if a later one has begun (in the caller's transaction); the
        period now open."""
        now = self._period()
        found = db.execute("SELECT value FROM meta WHERE key = 'open_period'").fetchone()
        if found is None:
            db.execute("INSERT INTO meta VALUES ('open_period', ?)", (str(now),))
            return now
        if int(found[0]) >= now:
            return int(found[0])
        for (game,) in db.execute("SELECT DISTINCT game FROM players").fetchall():
            for player, rating in self._rolled(db, game, int(found[0]), now).items():
                db.execute("UPDATE players SET rating = ?, deviation = ?, volatility = ? WHERE game = ? AND "
                           "player = ?", (*_numbers(rating), game, player))
        db.execute("UPDATE meta SET value = ? WHERE key = 'open_period'", (str(now),))
        return now

    # -- reading ------------------------------------------------------------------------------
    def _stored(self, db: sqlite3.Connection, game: str) -> dict[str, Glicko]:
        rows = db.execute("SELECT player, rating, deviation, volatility FROM players WHERE game = ?", (game,))
        return {player: Glicko(r, d, v) for player, r, d, v in rows}

    def _rolled(self, db: sqlite3.Connection, game: str, open_period: int, now: int) -> dict[str, Glicko]:
        """Every player's rating at the start of period ``now``: the open period's games folded in
        (step 1-8 for those who played, a wider RD for the others), then ``now - open - 1``
        empty periods."""
        starts = self._stored(db, game)
        results = self._results(db, game, open_period, starts)
        return {player: idle(update(start, results.get(player, [])), now - open_period - 1)
                for player, start in starts.items()}

    def _starts(self, db: sqlite3.Connection, game: str) -> dict[str, Glicko]:
        """Start-of-period ratings of the period open now (rolled forward in memory if the stored
        one has ended: reading never writes)."""
        found = db.execute("SELECT value FROM meta WHERE key = 'open_period'").fetchone()
        now = self._period()
        if found is None or int(found[0]) >= now:
            return self._stored(db, game)
        return self._rolled(db, game, int(found[0]), now)

    def _results(self, db: sqlite3.Connection, game: str, period: int,
                 starts: dict[str, Glicko]) -> dict[str, list[Result]]:
        results: dict[str, list[Result]] = {}
        rows = db.execute("SELECT first, second, score FROM games WHERE game = ? AND period = ?", (game, period))
        for first, second, score in rows:
            results.setdefault(first, []).append(Result(starts.get(second, Glicko()), score))
            results.setdefault(second, []).append(Result(starts.get(first, Glicko()), 1.0 - score))
        return results

    def _provisional(self, db: sqlite3.Connection, game: str, period: int, starts: dict[str, Glicko],
                     player: str) -> Glicko:
        results = self._results(db, game, period, starts).get(player)
        start = starts.get(player, Glicko())
        return update(start, results) if results else start

    def leaderboard(self, game: str, limit: int = 200) -> list[Standing]:
        """Everyone rated in ``game``, best provisional rating first."""
        with self._lock, self._reading() as db:
            starts = self._starts(db, game)
            period = self._period()
            results = self._results(db, game, period, starts)
            shown = {p: update(s, results[p]) if p in results else s for p, s in starts.items()}
            records = {player: (w, d, lost, last) for player, w, d, lost, last in db.execute(_RECORDS, (game,) * 2)}
            rows = db.execute("SELECT player, label, kind FROM players WHERE game = ?", (game,)).fetchall()
        standings = [Standing(p, label, kind, shown[p], *records.get(p, (0, 0, 0, 0.0))) for p, label, kind in rows]
        standings.sort(key=lambda s: (-s.rating.rating, s.label))
        return standings[:limit]

    def history(self, game: str, player: str, limit: int = 200) -> list[Played]:
        """``player``'s rated games of ``game``, the latest first."""
        with self._lock, self._reading() as db:
            labels = {p: (label, kind) for p, label, kind in
                      db.execute("SELECT player, label, kind FROM players WHERE game = ?", (game,))}
            rows = db.execute(
                "SELECT ended, first, second, score, first_before, first_after, first_deviation, second_before, "
                "second_after, second_deviation, table_code, moves FROM games WHERE game = ? AND (first = ? OR "
                "second = ?) ORDER BY ended DESC, id DESC LIMIT ?", (game, player, player, limit)).fetchall()
        played = []
        for ended, first, second, score, fb, fa, fd, sb, sa, sd, table, moves in rows:
            ours = first == player
            opponent = second if ours else first
            label, kind = labels.get(opponent, (opponent, "person"))
            played.append(Played(ended, opponent, label, kind, score if ours else 1.0 - score,
                                 fb if ours else sb, fa if ours else sa, fd if ours else sd, table, moves))
        return played

    def games(self) -> list[str]:
        """The games with rated players."""
        with self._lock, self._reading() as db:
            return [g for (g,) in db.execute("SELECT DISTINCT game FROM players ORDER BY game")]

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        try:
            self._db.execute("BEGIN")  # one snapshot for every query of the call
            try:
                yield self._db
            finally:
                self._db.execute("COMMIT")
        except sqlite3.DatabaseError as error:
            raise RatingsError(f"the ratings database {self.path} cannot be read: {error}") from None


_RECORDS = """
SELECT player, SUM(score = 1.0), SUM(score = 0.5), SUM(score = 0.0), MAX(ended) FROM (
    SELECT first AS player, score, ended FROM games WHERE game = ?
    UNION ALL SELECT second, 1.0 - score, ended FROM games WHERE game = ?)
GROUP BY player
"""


def _numbers(rating: Glicko) -> tuple[float, float, float]:
    return rating.rating, rating.deviation, rating.volatility
