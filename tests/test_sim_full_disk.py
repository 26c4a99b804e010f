"""A result file that cannot be written any further (issue 27 point 14): a full disk or
``ulimit -f`` stops the run with one line saying how many games were lost and how many are kept,
and how to resume; the file keeps every whole line that fits and never ends in half a line;
the resume then equals an uninterrupted run. And a line cut short by a run killed mid-write is
left out by readers and written over by a resume.
"""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import run_cli

from swarmtui.records.gamelog import GameLog
from swarmtui.records.results import RecordWriteError, RecordWriter, read_results

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE")

LIMITED = """
import os, resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
os.execv(sys.executable, [sys.executable, "-m", "swarmtui", *sys.argv[2:]])
"""
FULL = re.compile(r"^swarmtui: error: cannot write (\S+): File too large; the (\d+) games played since its last "
                  r"write were lost; (\d+) finished games are kept in \1; continue with: swarmtui sim run noughts "
                  r"--resume \1 \(once there is room for it\)$")




def _games(path: Path) -> list[dict]:
    return [{k: v for k, v in g.to_json().items() if k not in ("seconds", "think_seconds")}
            for g in read_results(path).games]


def test_a_file_size_limit_stops_the_run_saying_what_was_lost_and_kept(tmp_path, capsys):
    path = tmp_path / "run.jsonl"
    done = subprocess.run([sys.executable, "-c", LIMITED, "20000", "sim", "run", "noughts", "-n", "600", "-w", "1",
                           "-o", str(path)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    match = FULL.match(done.stderr.strip().splitlines()[-1])
    assert match is not None, done.stderr
    lost, kept = int(match[2]), int(match[3])
    assert path.stat().st_size <= 20000 and path.read_bytes().endswith(b"\n")
    assert len(read_results(path).games) == kept > 0 and lost > 0 and kept + lost <= 600
    whole = tmp_path / "whole.jsonl"
    assert run_cli(capsys, "sim", "run", "noughts", "-n", "600", "-w", "1", "-o", str(whole))[0] == 0
    assert run_cli(capsys, "sim", "run", "noughts", "--resume", str(path))[0] == 0
    assert _games(path) == _games(whole)


_REAL_PWRITE = os.pwrite


class _DiskOf:
    """A stand-in for ``os.pwrite`` on a disk with room for ``capacity`` bytes of the file: a
    write past it gets what fits, then fails as a full disk does (a truncation frees the room)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity

    def __call__(self, fd: int, data: bytes, offset: int) -> int:
        room = self.capacity - offset
        if room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return _REAL_PWRITE(fd, bytes(data[:room]), offset)


def test_a_full_disk_keeps_every_whole_line_that_fits(tmp_path, monkeypatch):
    path = tmp_path / "r.jsonl"
    game = {"game": "noughts", "players": {"X": "random", "O": "random"}, "moves": [], "index": 0, "seed": 1}
    with pytest.raises(RecordWriteError) as failed:
        with RecordWriter(path, {"x": 1}, flush_seconds=3600) as writer:
            header = path.stat().st_size
            line = len(json.dumps(GameLog.from_json(game, "t").to_json(), separators=(",", ":"))) + 1
            monkeypatch.setattr(os, "pwrite", _DiskOf(header + 3 * line + 40))
            for index in range(10):
                writer.write({**game, "index": index})
    assert failed.value.games == 3 and "No space left on device; the 7 games played since" in str(failed.value)
    assert path.stat().st_size > header and path.read_bytes().endswith(b"\n")
    assert [g.index for g in read_results(path).games] == [0, 1, 2]


def test_a_line_cut_short_by_a_killed_run_is_left_out_and_written_over_by_the_resume(tmp_path, capsys):
    path = tmp_path / "run.jsonl"
    assert run_cli(capsys, "sim", "run", "noughts", "-n", "6", "-w", "1", "-o", str(path))[0] == 0
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:4]) + lines[4][:50], encoding="utf-8")  # killed while writing game 3
    kept = read_results(path)
    assert kept.cut and len(kept.games) == 3
    code, _, err = run_cli(capsys, "sim", "run", "noughts", "--resume", str(path))
    assert code == 0, err
    again = read_results(path)
    assert not again.cut and [g.index for g in again.games] == list(range(6)) and again.summary is not None


@pytest.mark.skipif(sys.platform == "win32", reason="advisory locks are POSIX")
def test_a_second_run_on_a_file_another_run_writes_is_refused_and_changes_nothing(tmp_path):
    from swarmtui.core.bounded_json import SaveError

    path = tmp_path / "run.jsonl"
    with RecordWriter(path, {"x": 1}) as first:  # e.g. a run still finishing its game when --resume starts
        first.flush()
        before = path.read_bytes()
        with pytest.raises(SaveError, match="being written by another run"):
            with RecordWriter(path, resume=True, keep_bytes=len(before)):
                pass
        assert path.read_bytes() == before
    with RecordWriter(path, resume=True, keep_bytes=len(before)) as second:  # once it has stopped: resumed
        second.add("note", {"y": 2})
    assert path.read_bytes() == before + b'{"kind":"note","y":2}\n'
