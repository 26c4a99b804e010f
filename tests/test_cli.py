"""The command line as a person uses it: outputs, exit codes, one-line errors, determinism."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from cli_run import run_cli

from swarmtui import __version__


def run_process(*argv: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "swarmtui", *argv], capture_output=True, text=True, timeout=120,
        env={**os.environ, **(env or {})}, stdin=subprocess.DEVNULL,
    )


def test_version_and_help(capsys):
    code, out, _ = run_cli(capsys, "--version")
    assert code == 0 and out.strip() == f"swarmtui {__version__}"
    code, out, _ = run_cli(capsys, "sim", "--help")
    assert code == 0
    for command in ("run", "report", "preset", "train", "solve", "maze-timing"):
        assert f"  {command} " in out
    code, out, _ = run_cli(capsys, "sim", "run", "--help")
    assert code == 0
    for option in ("--players", "--games", "--seed", "--workers", "--out", "--param", "--sweep", "--resume",
                   "--scheduler", "--traces"):
        assert option in out


def test_sim_prints_a_summary_table(capsys):
    code, out, err = run_cli(capsys, "sim", "run", "noughts", "-p", "minimax,random", "-n", "30", "-w", "1",
                              "--seed", "4")
    assert code == 0
    assert "minimax" in out and "random" in out and "30 games" in out
    x_row = next(line for line in out.splitlines() if line.strip("│ ").startswith("X "))
    wins, draws, losses = (int(v) for v in x_row.replace("│", " ").split()[2:5])
    assert wins + draws == 30 and losses == 0


@pytest.mark.parametrize(
    "argv, message",
    [
        (["sim", "run", "noughts", "--bogus"], "No such option"),
        (["sim", "run", "noughts", "-n", "0"], "--games"),
        (["sim", "run", "noughts", "-n", "many"], "--games"),
        (["sim", "run", "noughts", "--workers", "0"], "--workers"),
        (["sim", "run", "chess"], "unknown game 'chess'"),
        (["sim", "run", "halma", "-p", "greedy,random,random,random,random"], "1, 2, 3, 4 or 6 players"),
        (["sim", "run", "halma", "-p", "greedy,ga"], "does not play halma"),
        (["sim", "run", "noughts", "-p", "random"], "needs 2"),
        (["sim", "run", "noughts", "-p", "random,deepblue"], "unknown agent"),
        (["sim", "run", "noughts", "-p", "random,human"], "needs the TUI"),
        (["sim", "run", "noughts", "-p", "minimax,random", "--param", "quickest=maybe"], "true or false"),
        (["sim", "run", "noughts", "-p", "minimax,random", "--param", "depth=3"], "takes parameter 'depth'"),
        (["sim", "run", "noughts", "-p", "minimax,random", "--param", "novalue"], "name=value"),
        (["sim", "run", "noughts", "--generations", "5"], "No such option: --generations"),
        (["sim", "preset", "noughts", "table9"], "unknown preset 'table9'"),
        (["sim", "preset", "noughts", "table9", "-p", "ga,random"], "No such option: -p"),
        (["sim", "run", "noughts", "--sweep", "quickest"], "name=value"),
        (["sim", "run", "noughts", "-p", "minimax,random", "--sweep", "quickest=true,,false"], "without empty entries"),
        (["sim", "run", "noughts", "-p", "minimax,random", "--sweep", "quickest=true,true"], "repeats a value"),
        (["sim", "run", "noughts", "-p", "minimax,random", "--sweep", "quickest=true,maybe"], "true or false"),
        (["sim", "run", "noughts", "-p", "minimax,random", "--sweep", "depth=1,2"], "takes parameter 'depth'"),
        (["sim", "run", "noughts", "-p", "minimax,random", "--param", "quickest=true",
          "--sweep", "quickest=true,false"],
         "both set with --param and swept"),
        (["sim", "train", "noughts", "X", "--sweep", "q=1,2"], "No such option: --sweep"),
        (["sim", "run", "noughts", "--resume", "r.jsonl", "-p", "ga,random"], "drop --players"),
        (["sim", "run", "noughts", "extra.jsonl"], "unexpected extra argument(s) (extra.jsonl)"),
        (["sim", "report"], "needs one or more result files"),
        (["sim", "report", "x.jsonl", "--plots", "p", "--plot-format", "gif"], "--plot-format"),
        (["sim"], "Missing command"),
        (["sim", "solve", "halma"], "it does not play halma"),
        (["--frobnicate"], "No such option"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("swarmtui: error:") and message in err
    assert "Traceback" not in err and out == ""


def test_bad_option_through_the_real_entry_point_has_no_traceback():
    result = run_process("sim", "run", "noughts", "--games", "-3")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize("env", [{}, {"TERM": "dumb"}])
def test_tui_refuses_a_non_terminal_and_points_to_sim(env):
    result = run_process(env=env)
    assert result.returncode == 2
    assert "swarmtui sim" in result.stderr and result.stderr.count("\n") == 1
    assert result.stdout == ""


def _records(path) -> list[dict]:
    """The game lines of a result file without their wall-clock timings."""
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    rows = [row for row in rows if row["kind"] == "game"]
    for row in rows:
        row.pop("seconds")
        row.pop("think_seconds")
    return rows


def test_workers_do_not_change_results(capsys, tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    base = ["sim", "run", "noughts", "-p", "random,minimax", "-n", "40", "--seed", "11"]
    assert run_cli(capsys, *base, "-w", "1", "-o", str(one))[0] == 0
    assert run_cli(capsys, *base, "-w", "2", "-o", str(two))[0] == 0
    first, second = _records(one), _records(two)
    assert first == second and len(first) == 40
    assert [r["index"] for r in first] == list(range(40))
    assert len({tuple(r["moves"]) for r in first}) > 5
    row = first[0]
    assert set(row) >= {"seed", "players", "moves", "result", "winner", "plies", "format"}
    assert row["players"] == {"X": "random", "O": "minimax"}


def test_same_seed_same_games_different_seed_different_games(capsys, tmp_path):
    paths = [tmp_path / f"{i}.jsonl" for i in range(3)]
    for path, seed in zip(paths, ("5", "5", "6"), strict=True):
        run_cli(capsys, "sim", "run", "noughts", "-p", "random,random", "-n", "20", "--seed", seed, "-w", "1",
                 "-o", str(path))
    assert _records(paths[0]) == _records(paths[1]) != _records(paths[2])


def test_targeted_params_reach_only_their_seat(capsys, tmp_path):
    path = tmp_path / "p.jsonl"
    code, _, _ = run_cli(capsys, "sim", "run", "noughts", "-p", "minimax,minimax", "-n", "2", "-w", "1",
                          "--param", "O.quickest=false", "-o", str(path))
    assert code == 0
    row = json.loads(path.read_text().splitlines()[1])
    assert row["params"] == {"O": {"quickest": "false"}}


def test_unwritable_out_file_is_one_line_and_nothing_is_left(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("keep me")
    code, _, err = run_cli(capsys, "sim", "run", "noughts", "-p", "random,random", "-n", "2",
                            "-o", str(blocker / "x.jsonl"))
    assert code == 2 and err.startswith("swarmtui: error: cannot write") and err.count("\n") == 1
    assert blocker.read_text() == "keep me"
