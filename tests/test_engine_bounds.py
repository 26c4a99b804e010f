"""External engines that misbehave cost their side the game and nothing more (issue 27, point 7):
output without bounds, a move too long to record, a child that leaves the engine's session, an
orphan in a session of its own, an engine that stops reading, secrets in the environment, and
engines left behind by a run stopped with SIGTERM or SIGINT. One scripted engine per defect
(``fake_uhp_engine.py``), one test each."""

from __future__ import annotations

import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fake_engines import fake, gone, noted_pids, owner_engines
from waiting import poll_until

from swarmtui.agents import make_agent
from swarmtui.agents.engine_process import EngineProcess, engine_environment
from swarmtui.core.agent import AgentForfeit
from swarmtui.core.engines import parse_engine
from swarmtui.core.rng import seat_rng
from swarmtui.games.hive.rules import Board
from swarmtui.records.results import RecordWriter, read_results
from swarmtui.sim.match import play_match
from swarmtui.sim.seats import Seat


def engine_agent(mode: str, pid_dir: Path | str = "", grace: str = "0.5"):
    with owner_engines(faulty=fake(mode, pid_dir)):
        return make_agent("uhp", "hive", "White", seat_rng(0, "White"), [("engine", "faulty"), ("grace", grace)])


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize("mode", ["nonewline", "longlines", "longmove"])
def test_an_engine_flooding_its_output_forfeits_at_once_and_costs_little_memory(mode):
    agent = engine_agent(mode)
    before, start = peak_rss_mb(), time.monotonic()
    with pytest.raises(AgentForfeit, match=re.escape("wrote more than 64 KiB in answer to 'bestmove time 00:00:01' "
                                                     "(flooding; killed)")):
        agent.decide(Board())
    assert time.monotonic() - start < 10
    assert peak_rss_mb() - before < 64  # the defect: 3.6 GB in 4 s (no newline), 1.1 GB (long lines)
    agent.close()
    assert agent.engine is not None and gone(agent.engine.process.pid)


def test_a_long_illegal_move_is_recorded_cut_short_and_the_result_file_reads_back(tmp_path):
    seats = [Seat("White", "uhp", (("engine", "wordy"),)), Seat("Black", "random")]
    with owner_engines(wordy=fake("wordymove")):
        record = play_match("hive", seats, 0, 0)
    assert record.reason.startswith("White forfeits: the engine played an illegal move 'wwww")
    assert "… (5000 characters)" in record.reason and len(record.reason) < 400
    out = tmp_path / "run.jsonl"
    with RecordWriter(out, {"swarmtui": "test"}, []) as writer:
        writer.write(record)
        writer.finish({})
    assert read_results(out).games[0].reason == record.reason


def test_an_engines_id_line_is_recorded_short_and_without_escapes():
    seats = [Seat("White", "uhp", (("engine", "loud"),)), Seat("Black", "random")]
    with owner_engines(loud=fake("loudid")):
        record = play_match("hive", seats, 0, 0)
    identity = record.engines["White"]["id"]
    assert record.engines["White"]["name"] == "loud"
    assert identity.startswith("]0;ownedfake[2J NNN") and "\x1b" not in identity and "\x07" not in identity
    assert identity.endswith("… (516 characters)") and len(identity) < 150


@pytest.mark.parametrize("mode", ["setsid", "escape"])
def test_a_child_that_leaves_the_engines_session_dies_with_it(mode, tmp_path):
    """``setsid``: the child keeps the engine's output open from a session of its own (close()
    hung forever); ``escape``: its grandchild is an orphan in another session when the engine crashes."""
    agent = engine_agent(mode, tmp_path)
    start = time.monotonic()
    reason = "(hung; killed)" if mode == "setsid" else "crashed before answering 'bestmove time 00:00:01' (exit code 3)"
    with pytest.raises(AgentForfeit, match=re.escape(reason)):
        agent.decide(Board())
    agent.close()
    assert time.monotonic() - start < 15
    pids = noted_pids(tmp_path)
    assert sorted(pids.values()) == ["engine", "leaver"]
    for pid in pids:
        poll_until(lambda pid=pid: gone(pid))


def test_an_engine_that_stops_reading_cannot_block_a_turn(tmp_path):
    engine = EngineProcess(parse_engine("deaf", fake("deaf")), startup=20)
    start = time.monotonic()
    with pytest.raises(AgentForfeit, match=re.escape("did not read 'newgame' within 1 s (hung; killed)")):
        engine.send("newgame " + "x" * 1_000_000, timeout=1)  # far more than a pipe holds
    assert time.monotonic() - start < 10
    engine.close()
    assert gone(engine.process.pid)


def test_an_engine_gets_a_minimal_environment(tmp_path, monkeypatch):
    for name, value in {"SWARMTUI_TABLES_TOKEN": "t0ken", "SSH_AUTH_SOCK": "/tmp/agent", "MY_SECRET": "s",
                        "SWARMTUI_SAVES": "/srv/saves", "PYTHONPATH": "/evil", "LD_PRELOAD": "/evil.so",
                        "LC_ALL": "C.UTF-8", "AWS_ACCESS_KEY_ID": "k"}.items():
        monkeypatch.setenv(name, value)
    agent = engine_agent("environment", tmp_path)
    with pytest.raises(AgentForfeit):
        agent.decide(Board())
    agent.close()
    given = set((tmp_path / "environment").read_text().split())
    assert given <= {"PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "LC_ALL", "LC_CTYPE"}
    assert "LC_ALL" in given and "PATH" in given
    assert engine_environment({"LC_KEY_TOKEN": "x", "HOME": "/h", "HUB_TOKEN": "y"}) == {"HOME": "/h"}


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_run_stopped_with_two_workers_leaves_no_engine_behind(stop, tmp_path):
    """The defect: engines outlived a ``-w 2`` run stopped by SIGTERM or SIGINT (PPID 1)."""
    pids = tmp_path / "pids"
    pids.mkdir()
    run = subprocess.Popen(
        [sys.executable, "-m", "swarmtui", "sim", "run", "hive", "--players", "uhp:hanger,random",
         "--engine", f"hanger={fake('hang', pids)}", "-n", "4", "-w", "2", "--out", str(tmp_path / "run.jsonl")],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        poll_until(lambda: sorted(noted_pids(pids).values()) == ["child", "child", "engine", "engine"], timeout=60)
        run.send_signal(stop)
        _, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 128 + stop and "interrupted after 0 of 4 games" in err
    for pid in noted_pids(pids):
        poll_until(lambda pid=pid: gone(pid), timeout=15)



def test_an_engine_dies_with_swarmtui_killed_outright(tmp_path):
    """SIGKILL (or the out-of-memory killer) runs no cleanup in swarmtui: the keeper's lifeline
    closes with the process, and the keeper ends the engine (one that reads nothing, so the end
    of its input would not stop it)."""
    script = (f"import sys, time; sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
              "from fake_engines import fake\n"
              "from swarmtui.agents.engine_process import EngineProcess\n"
              "from swarmtui.core.engines import parse_engine\n"
              f"engine = EngineProcess(parse_engine('idle', fake('deaf', {str(tmp_path)!r})), 20)\n"
              "print('ready', flush=True)\n"
              "time.sleep(120)\n")
    swarmtui = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert swarmtui.stdout is not None and swarmtui.stdout.readline().strip() == "ready"
        [engine] = noted_pids(tmp_path)
        assert not gone(engine)
    finally:
        swarmtui.kill()
        swarmtui.wait()
    poll_until(lambda: gone(engine), timeout=15)


@pytest.mark.parametrize("mode, says", [("crash", "crashed"), ("illegal", "illegal move"), ("garbage", "greeting")])
def test_a_coach_engine_that_misbehaves_is_one_line_from_hint(mode, says, tmp_path, capsys):
    """``swarmtui hint`` with an external engine as the coach printed the AgentForfeit's
    traceback (exit 1) for every misbehaving engine (the third audit); the engine is gone after."""
    from cli_run import run_cli

    pids = tmp_path / "pids"
    pids.mkdir()
    code, out, err = run_cli(capsys, "hint", "hive", "Base;NotStarted;White[1]", "-a", "uhp", "--param",
                             "engine=faulty", "--param", "grace=0.5", "--engine", f"faulty={fake(mode, pids)}")
    assert code == 2 and not out and err.count("\n") == 1 and "the coach (uhp) gave no advice" in err and says in err
    for pid in noted_pids(pids):
        poll_until(lambda pid=pid: gone(pid), timeout=15)
