"""The ratings store of the tables (``tables.ratings``): Glicko-2 by rating period in SQLite,
written safely (a killed writer, two writers at once, a full disk, a damaged file)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from waiting import poll_until

from swarmtui.core.glicko2 import Glicko, Result, idle, update
from swarmtui.tables.ratings import PERIOD_SECONDS, Contender, RatingsError, RatingsStore

ALICE, BOB = Contender("key-a", "alice [aaaaaa]"), Contender("key-b", "bob [bbbbbb]")
CAROL = Contender("key-c", "carol")
HARD = Contender("ai:alphabeta:difficulty=hard", "alphabeta (hard)", "ai")


class Clock:
    def __init__(self, now: float = 1_000 * PERIOD_SECONDS + 60) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_periods_games_are_rated_together_as_glickman_treats_them(tmp_path):
    store = RatingsStore(tmp_path / "r.sqlite3", clock=Clock())
    first, second = store.record("hive", ALICE, BOB, 1.0, table="K7Q2XM", moves=31)
    assert first.before == second.before == Glicko()
    assert first.after == update(Glicko(), [Result(Glicko(), 1.0)])
    assert second.after == update(Glicko(), [Result(Glicko(), 0.0)])
    alice, carol = store.record("hive", ALICE, CAROL, 0.5)
    assert alice.before == first.after  # provisional: what the table showed after the first game
    # both games of the period at once, each opponent at its rating when the period began
    assert alice.after == update(Glicko(), [Result(Glicko(), 1.0), Result(Glicko(), 0.5)])
    board = store.leaderboard("hive")
    assert [s.player for s in board] == ["key-a", "key-c", "key-b"]
    assert (board[0].wins, board[0].draws, board[0].losses, board[0].games) == (1, 1, 0, 2)
    assert store.leaderboard("noughts") == [] and store.games() == ["hive"]
    [latest, earliest] = store.history("hive", "key-a")
    assert (latest.opponent_label, latest.score, earliest.opponent, earliest.score) == ("carol", 0.5, "key-b", 1.0)
    assert (earliest.table, earliest.moves, earliest.after) == ("K7Q2XM", 31, first.after.rating)
    assert store.history("hive", "key-b")[0].score == 0.0


def test_a_new_period_starts_from_the_last_ones_result_and_widens_the_absent(tmp_path):
    clock = Clock()
    store = RatingsStore(tmp_path / "r.sqlite3", clock=clock)
    store.record("noughts", ALICE, HARD, 0.0)
    store.record("noughts", BOB, CAROL, 1.0)
    alice_end = update(Glicko(), [Result(Glicko(), 0.0)])
    bob_end = update(Glicko(), [Result(Glicko(), 1.0)])
    clock.now += 3 * PERIOD_SECONDS  # two empty periods later
    shown = {s.player: s for s in store.leaderboard("noughts")}
    assert shown["key-a"].rating == idle(alice_end, 2)  # read without writing
    assert shown["ai:alphabeta:difficulty=hard"].kind == "ai"
    change, _ = store.record("noughts", ALICE, BOB, 1.0)
    assert change.before == idle(alice_end, 2)
    assert change.after == update(idle(alice_end, 2), [Result(idle(bob_end, 2), 1.0)])


def test_a_game_against_oneself_or_a_nonsense_score_is_refused(tmp_path):
    store = RatingsStore(tmp_path / "r.sqlite3")
    with pytest.raises(RatingsError, match="themselves"):
        store.record("hive", ALICE, ALICE, 1.0)
    with pytest.raises(RatingsError, match="score"):
        store.record("hive", ALICE, BOB, 0.7)
    assert store.games() == []


def test_the_file_is_private_and_in_wal_mode(tmp_path):
    path = tmp_path / "r.sqlite3"
    RatingsStore(path).record("hive", ALICE, BOB, 1.0)
    assert path.stat().st_mode & 0o777 == 0o600
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_full_disk_is_one_sentence_and_loses_nothing_stored(tmp_path):
    store = RatingsStore(tmp_path / "r.sqlite3")
    store.record("hive", ALICE, BOB, 1.0)
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own 'database or disk is full'
    with pytest.raises(RatingsError, match="disk is full .*stored before are kept"):
        for n in range(500):
            store.record("hive", Contender(f"key-{n}", f"p{n}" * 40), BOB, 0.5)
    assert len(store.history("hive", "key-a")) == 1
    reopened = RatingsStore(tmp_path / "r.sqlite3")
    assert reopened._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert reopened.history("hive", "key-a")[0].score == 1.0


def test_a_damaged_file_a_fifo_or_a_directory_is_refused_and_left_alone(tmp_path):
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"not a database at all\n" * 100)
    with pytest.raises(RatingsError, match="not a usable ratings database"):
        RatingsStore(damaged)
    assert damaged.read_bytes() == b"not a database at all\n" * 100
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(RatingsError, match="not a regular file"):
        RatingsStore(fifo)
    with pytest.raises(RatingsError, match="not a regular file"):
        RatingsStore(tmp_path)


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from swarmtui.tables.ratings import Contender, RatingsStore
    store = RatingsStore(Path(sys.argv[1]))
    name = sys.argv[2]
    for n in range(int(sys.argv[3])):
        store.record("hive", Contender(f"key-{name}", name), Contender(f"key-{name}-{n % 5}", "x"), 1.0,
                     table=f"{name}{n}")
        print(n, flush=True)
""")


def _writer(path, name: str, games: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(games)], stdout=subprocess.PIPE,
                            text=True)


def test_two_writers_at_once_both_store_every_game(tmp_path):
    path = tmp_path / "r.sqlite3"
    RatingsStore(path)
    writers = [_writer(path, name, 40) for name in ("north", "south")]
    for writer in writers:
        assert writer.wait(120) == 0
    store = RatingsStore(path)
    assert len(store.history("hive", "key-north")) == len(store.history("hive", "key-south")) == 40


def test_a_killed_writer_loses_at_most_the_game_in_flight(tmp_path):
    path = tmp_path / "r.sqlite3"
    writer = _writer(path, "k", 100_000)
    assert writer.stdout is not None
    lines = []
    poll_until(lambda: lines.append(writer.stdout.readline()) or len(lines) >= 30)
    writer.send_signal(signal.SIGKILL)
    writer.wait(30)
    confirmed = len(lines) + sum(1 for _ in writer.stdout)  # every game it said it had stored
    store = RatingsStore(path)
    assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = len(store.history("hive", "key-k", limit=10**6))
    assert confirmed <= stored <= confirmed + 1


FILE_SIZE_LIMIT = textwrap.dedent("""
    import resource, signal, sys
    from pathlib import Path
    from swarmtui.tables.ratings import Contender, RatingsError, RatingsStore
    path = Path(sys.argv[1])
    store = RatingsStore(path)
    store.record("hive", Contender("key-a", "a"), Contender("key-b", "b"), 1.0)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # as ulimit -f with the signal ignored: writes fail
    limit = max(p.stat().st_size for p in path.parent.iterdir()) + 4096
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    try:
        for n in range(2000):
            store.record("hive", Contender(f"key-{n}", "x" * 2000), Contender("key-b", "b"), 0.5)
    except RatingsError as error:
        print(error)
""")


def test_a_file_size_limit_is_one_sentence_and_loses_nothing_stored(tmp_path):
    path = tmp_path / "r.sqlite3"
    done = subprocess.run([sys.executable, "-c", FILE_SIZE_LIMIT, str(path)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stdout.strip().splitlines()) == 1 and "the ratings stored before are kept" in done.stdout
    store = RatingsStore(path)
    assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert store.history("hive", "key-a")[0].score == 1.0
