"""Faults from outside (issue 16, items 12, 14, 15 and "Also"): SIGTERM and SIGHUP stop ``sim``
like Ctrl-C (checkpoint, workers stopped, one line saying how to resume, no process left);
Ctrl-C at any moment is one clean line; every unusable Dask scheduler is one line, fast;
``sim maze`` refuses the run-only options; and a bounded fuzz of the whole CLI's argv
(no traceback, exit 0, 1 or 2, no hang)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from cli_run import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from waiting import poll_until

from swarmtui.cli import main
from swarmtui.records.results import read_results

ROOT = Path(__file__).resolve().parents[1]
RESUME_LINE = re.compile(r"^swarmtui: error: interrupted after (\d+) of \d+ games; \1 finished games are kept in "
                         r"(\S+); continue with: swarmtui sim run noughts --resume \2$")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")




def _spawn(*args: str) -> subprocess.Popen:
    """``python -m swarmtui ARGS`` in its own session, SIGINT at its default (not inherited ignored)."""
    return subprocess.Popen([sys.executable, "-m", "swarmtui", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, cwd=ROOT,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _catches(pid: int, number: int) -> bool:
    """Whether process ``pid`` has a handler for signal ``number`` (its SigCgt mask in /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (number - 1) & 1)
    return False


_until = poll_until


# -- 12. SIGTERM and SIGHUP stop a pool run like Ctrl-C ------------------------------------------
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_checkpoints_stops_the_workers_and_says_how_to_resume(tmp_path, number):
    path = tmp_path / "r.jsonl"
    process = _spawn("sim", "run", "noughts", "-n", "1000000", "-w", "2", "-o", str(path))
    try:
        _until(lambda: len(_children(process.pid)) >= 2 and path.exists())  # the pool is playing
        workers = _children(process.pid)
        process.send_signal(number)  # to the main process only, as `kill PID` does
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 128 + number, err
    assert "Traceback" not in err
    last = err.rstrip().splitlines()[-1]
    match = RESUME_LINE.match(last)
    assert match is not None, last
    _until(lambda: not [pid for pid in workers if Path(f"/proc/{pid}").exists()], 10)  # no orphan left
    kept = read_results(path)  # a valid checkpoint holding exactly what the line says
    assert kept.summary is None and len(kept.games) == int(match[1])
    assert [row.index for row in kept.games] == list(range(len(kept.games)))


# -- 14. Ctrl-C at any moment: one line --------------------------------------------------------
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_ctrl_c_while_the_command_is_still_starting_is_one_line(tmp_path):
    process = _spawn("sim", "run", "noughts", "-n", "1000000", "-w", "1")
    try:
        _until(lambda: _catches(process.pid, signal.SIGTERM), 30)  # swarmtui.launch has begun
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130 and "Traceback" not in err, err
    assert err.rstrip().splitlines()[-1].startswith(("swarmtui: interrupted", "swarmtui: error: interrupted after"))


def test_an_interrupted_command_says_so_instead_of_a_silent_130(capsys, monkeypatch):
    from swarmtui.papers import ford as noughts_training

    def interrupted(**_):
        raise KeyboardInterrupt

    monkeypatch.setattr(noughts_training, "run_solve", interrupted)
    code, _, err = run_cli(capsys, "sim", "solve", "noughts")
    assert code == 130 and err.strip().splitlines()[-1] == "swarmtui: interrupted"


# -- 15. unusable Dask schedulers --------------------------------------------------------------
def test_every_unusable_scheduler_is_one_line_and_fast(capsys):
    pytest.importorskip("distributed")
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nothing listens once this is closed
    cases = {
        "tls://127.0.0.1:1": "needs TLS certificates",
        "inproc://x": "not inproc://",
        "ucx://127.0.0.1:1": "not ucx://",
        "nonsense": "is not an address like tcp://HOST:8786",
        "tcp://[::1": "is not an address like",
        "": "is not an address like",
        f"tcp://127.0.0.1:{port}": "cannot reach the Dask scheduler",
        f"127.0.0.1:{port}": "cannot reach the Dask scheduler",
    }
    for address, why in cases.items():
        started = time.monotonic()
        code, _, err = run_cli(capsys, "sim", "run", "noughts", "-n", "2", "--scheduler", address)
        assert code == 2 and len(err.strip().splitlines()) == 1 and why in err, (address, err)
        assert "Traceback" not in err and "Exception ignored" not in err
        assert time.monotonic() - started < 8, address  # not the 10 s connect timeout, twice


# -- Also: sim maze refuses the run-only options ------------------------------------------------
@pytest.mark.parametrize("flags", [["--resume", "r.jsonl"], ["--solve"], ["--preset", "x"], ["--train", "X"]])
def test_sim_maze_refuses_run_options(capsys, flags):
    code, _, err = run_cli(capsys, "sim", "maze", *flags)
    assert code == 2 and f"No such option: {flags[0]}" in err and "Traceback" not in err


# -- the CLI's argv, fuzzed ---------------------------------------------------------------------
_HOSTILE = ["", "-", "--", "0", "-1", "x", "²", "1e3", "99999999999999999999", "é", "a" * 300, "=", "a=b=c",
            "nan", "inf", "/", "/dev/null", "-h"]
_PATHS = ["missing.jsonl", "out.jsonl", "sub/", "/dev/null"]
_COMMANDS: dict[tuple[str, ...], dict[str, list[str] | None]] = {
    ("sim", "run", "noughts"): {
        "-n": ["1", "2", "0", "-1", "x", "²", "10000001"], "-w": ["0", "513", "x"], "--seed": ["0", "7", "-1", "x"],
        "-p": ["random,random", "minimax,random", "nope", ",", "random"], "--param": ["X.depth=1", "junk", "="],
        "--sweep": ["X.quickest=true,false", "junk", "=", "X.depth="], "-o": _PATHS, "--resume": _PATHS,
        "--traces": None, "--scheduler": ["inproc://x", "nonsense"]},
    ("sim", "run"): {"-n": ["1"]},
    ("sim", "report"): {"--ratings": None, "--anchor": ["random", "nope"], "--plot-format": ["svg", "bmp"],
                        "--plots": ["plots"]},
    ("sim", "preset", "noughts"): {"-n": ["0", "x"], "--seed": ["-1"]},
    ("sim", "train", "noughts"): {"--generations": ["0", "x"], "--population": ["1", "x"], "--algo": ["nope"]},
    ("maze",): {"-a": ["ant", "backtracker", "nope"], "-s": ["5x5", "0x0", "4002x3", "3x", "x", "-5x5", "7x7"],
                "--braid": ["0.5", "2", "-1", "nan", "inf"], "--entrance": ["0,1", "a,b", "99,99", ""],
                "--exit": ["0,1", "1"], "--format": ["text", "json", "svg", "nope"], "--style": ["ascii", "nope"],
                "-o": _PATHS, "--force": None, "--stats": None, "--solution": None, "--param": ["junk", "a=1"],
                "--seed": ["1", "-1"]},
    ("replay",): {"-g": ["1", "0", "99999", "x"], "--from": ["0", "-1", "5"], "--final": None, "--ascii": None},
    ("hive", "show"): {},
    ("hive", "perft"): {},
}


@st.composite
def _argv(draw) -> list[str]:
    command = draw(st.sampled_from(sorted(_COMMANDS)))
    options = _COMMANDS[command]
    argv = [*command]
    if command[:2] == ("sim", "run"):
        argv += ["-w", "1", "-n", "2"]  # overridable below; keeps each example to a fraction of a second
    if command in (("sim", "run"), ("sim", "report"), ("replay",), ("hive", "show"), ("hive", "perft")):
        argv += draw(st.lists(st.sampled_from(_HOSTILE + _PATHS + ["1", "2"]), max_size=2))
    for name in draw(st.lists(st.sampled_from(sorted(options)), max_size=4)) if options else ():
        values = options[name]
        argv.append(name)
        if values is not None:
            argv.append(draw(st.sampled_from(values + _HOSTILE[:6])))
    return argv


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 80)), deadline=None,
          derandomize=not os.environ.get("FUZZ_EXAMPLES"),  # FUZZ_EXAMPLES=600: a longer, random search
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argv=_argv())
def test_fuzzed_argv_exits_0_1_or_2_with_no_traceback(capsys, argv):
    with tempfile.TemporaryDirectory() as tmp:
        cwd = os.getcwd()
        os.chdir(tmp)
        saves = os.environ.get("SWARMTUI_SAVES")
        os.environ["SWARMTUI_SAVES"] = str(Path(tmp) / "saves")
        started = time.monotonic()
        try:
            with pytest.raises(SystemExit) as exit_info:
                main(list(argv))
        finally:
            os.chdir(cwd)
            if saves is None:
                os.environ.pop("SWARMTUI_SAVES", None)
            else:
                os.environ["SWARMTUI_SAVES"] = saves
    err = capsys.readouterr().err
    assert exit_info.value.code in (0, 1, 2, None), (argv, err)
    assert "Traceback" not in err, (argv, err)
    assert time.monotonic() - started < 30, argv


def test_an_error_quoting_a_huge_text_is_one_short_line(capsys, tmp_path):
    """Messages quote what a file or an argument held: a 100 KB unreadable move and a
    5,000-digit turn were printed whole (audit 3); the line is cut to ``ERROR_LIMIT``."""
    from swarmtui.cli.app import ERROR_LIMIT

    record = tmp_path / "braces.pgn"
    record.write_text('[GameType "Base"]\n\n1. wS1 ' + "{" * 50_000 + "}" * 50_000 + "\n")
    for argv in (("replay", record), ("hint", "hive", f"Base;InProgress;White[{'9' * 5000}]")):
        code, out, err = run_cli(capsys, *argv)
        assert code == 2 and not out and err.startswith("swarmtui: error: ") and err.count("\n") == 1
        assert len(err) <= ERROR_LIMIT + 1 and err.rstrip().endswith("…")
