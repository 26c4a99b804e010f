"""Experiments at scale: sweeps, result files, interrupt and resume, Dask, reports and plots."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest
from cli_run import run_cli
from rich.console import Console

from swarmtui.cli import main
from swarmtui.core.saves import SaveError
from swarmtui.records.results import RecordWriter, read_results
from swarmtui.sim import execution
from swarmtui.sim.summary import wilson

BASE = ["sim", "run", "noughts", "-p", "minimax,minimax", "--seed", "3"]




def games(path) -> list[dict]:
    """Game lines (or a Halma preset's per-game tallies) without wall-clock timings, in file order."""
    results = read_results(path)
    rows = [row.to_json() for row in results.games] + results.tallies
    return [{k: v for k, v in row.items() if k not in ("seconds", "think_seconds")} for row in rows]


def test_wilson_interval_matches_published_values():
    # Newcombe (1998), Table I: 0/10 -> 0-0.2775 and 5/10 (method 3, no correction) -> 0.2366-0.7634.
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=5e-5)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=5e-5)
    assert wilson(0, 0) == (0.0, 1.0)


def test_sweep_cells_are_groups_with_the_same_seeds_as_single_runs(capsys, tmp_path):
    swept, single = tmp_path / "sweep.jsonl", tmp_path / "single.jsonl"
    code, out, _ = run_cli(capsys, *BASE, "-n", "12", "-w", "1", "--sweep", "X.quickest=true,false",
                            "--sweep", "O.quickest=true,false", "-o", str(swept))
    assert code == 0 and "Sweep: every cell side by side" in out
    rows = games(swept)
    groups = sorted({row["group"] for row in rows})
    assert groups == ["X.quickest=false O.quickest=false", "X.quickest=false O.quickest=true",
                      "X.quickest=true O.quickest=false", "X.quickest=true O.quickest=true"]
    assert run_cli(capsys, *BASE, "-n", "12", "-w", "1", "--param", "X.quickest=false", "--param",
                    "O.quickest=true", "-o", str(single))[0] == 0
    cell = [{k: v for k, v in r.items() if k != "group"} for r in rows
            if r["group"] == "X.quickest=false O.quickest=true"]
    assert cell == [{k: v for k, v in r.items() if k != "group"} for r in games(single)]
    summary = read_results(swept).summary
    assert summary is not None and len(summary["groups"]) == 4


def test_an_interrupted_run_resumes_to_the_uninterrupted_result(capsys, tmp_path, monkeypatch):
    whole, broken = tmp_path / "whole.jsonl", tmp_path / "broken.jsonl"
    assert run_cli(capsys, *BASE, "-n", "30", "-w", "1", "-o", str(whole))[0] == 0
    real_play, played = execution.play, []

    def play_until_ctrl_c(job):
        if len(played) == 17:
            raise KeyboardInterrupt
        played.append(job.index)
        return real_play(job)

    monkeypatch.setattr(execution, "play", play_until_ctrl_c)
    code, _, err = run_cli(capsys, *BASE, "-n", "30", "-w", "1", "-o", str(broken))
    last = err.rstrip().splitlines()[-1]
    assert code == 130 and last.startswith("swarmtui: error: interrupted after 17 of 30 games")
    assert "17 finished games are kept" in err and f"--resume {broken}" in err
    partial = read_results(broken)
    assert partial.summary is None and len(partial.games) == 17
    monkeypatch.setattr(execution, "play", real_play)
    code, out, _ = run_cli(capsys, "sim", "run", "noughts", "--resume", str(broken), "-w", "2")
    assert code == 0 and "30 games" in out
    assert games(broken) == games(whole)
    code, _, err = run_cli(capsys, "sim", "run", "noughts", "--resume", str(broken))
    assert code == 2 and "is complete; nothing to resume" in err


def _has_games(path) -> bool:
    """Whether the run's file holds a game line yet (lines are appended within a second)."""
    try:
        return '"kind":"game"' in path.read_text()
    except OSError:
        return False


def test_ctrl_c_on_the_process_pool_keeps_a_whole_file(tmp_path):
    path = tmp_path / "r.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "swarmtui", *BASE, "-n", "1000000", "-w", "2", "-o", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 90
    while not _has_games(path) and time.monotonic() < deadline:  # finished games written
        time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Traceback" not in err and err.rstrip().splitlines()[-1].startswith("swarmtui: error: interrupted after")
    kept = read_results(path)
    assert kept.summary is None and len(kept.games) > 0
    assert [row.index for row in kept.games] == list(range(len(kept.games)))


def test_an_existing_result_file_is_never_overwritten(capsys, tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text("precious\n")
    code, _, err = run_cli(capsys, *BASE, "-n", "2", "-o", str(path))
    assert code == 2 and "not overwritten" in err and path.read_text() == "precious\n"
    code, _, err = run_cli(capsys, "sim", "run", "noughts", "--resume", str(path))
    assert code == 2 and "is damaged: line 1 is not JSON" in err and path.read_text() == "precious\n"
    code, _, err = run_cli(capsys, "sim", "preset", "halma", "table5-7", "-n", "1", "-o", str(path))
    assert code == 2 and "not overwritten" in err and path.read_text() == "precious\n"
    code, _, err = run_cli(capsys, "sim", "train", "noughts", "X", "--generations", "1", "--save",
                            str(path.with_name("s.json")), "-o", str(path))
    assert code == 2 and "not overwritten" in err and path.read_text() == "precious\n"
    with pytest.raises(SaveError, match="not overwritten"):
        with RecordWriter(path, {}):
            pass
    assert path.read_text() == "precious\n"


def test_dask_cluster_gives_the_local_results(capsys, tmp_path):
    distributed = pytest.importorskip("distributed")
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    assert run_cli(capsys, *BASE, "-n", "40", "-w", "1", "-o", str(local))[0] == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        code, out, _ = run_cli(capsys, *BASE, "-n", "40", "--scheduler", cluster.scheduler_address, "-o", str(remote))
    assert code == 0 and "Dask at" in out
    assert games(remote) == games(local)


def test_a_paper_preset_runs_on_dask_with_the_local_results(capsys, tmp_path):
    distributed = pytest.importorskip("distributed")
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    preset = ["sim", "preset", "halma", "table5-7", "-n", "4", "--seed", "2"]
    assert run_cli(capsys, *preset, "-w", "1", "-o", str(local))[0] == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        assert run_cli(capsys, *preset, "--scheduler", cluster.scheduler_address, "-o", str(remote))[0] == 0
    assert games(remote) == games(local) and len(games(local)) == 4


def test_unreachable_scheduler_is_one_line(capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(execution, "CONNECT_TIMEOUT", "1s")
    code, _, err = run_cli(capsys, *BASE, "-n", "2", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and err.startswith("swarmtui: error: cannot reach the Dask scheduler") and err.count("\n") == 1


def test_report_prints_tables_histograms_and_saves_plots(capsys, tmp_path):
    path, plots = tmp_path / "r.jsonl", tmp_path / "plots"
    run_cli(capsys, *BASE, "-n", "20", "-w", "1", "--sweep", "X.quickest=true,false", "-o", str(path))
    code, out, _ = run_cli(capsys, "sim", "report", str(path), "--plots", str(plots), "--plot-format", "png")
    assert code == 0
    assert "complete, 40 games" in out and "plies per game [X.quickest=true]" in out
    assert "Result groups side by side" in out and "[95% CI]" in out and "█" in out
    files = sorted(p.name for p in plots.iterdir())
    assert files == ["r-X.quickest=false-plies.png", "r-X.quickest=true-plies.png"]
    assert (plots / files[0]).read_bytes().startswith(b"\x89PNG")


def test_report_draws_the_ga_convergence_curve(capsys, tmp_path):
    log, plots = tmp_path / "train.jsonl", tmp_path / "plots"
    code, _, _ = run_cli(capsys, "sim", "train", "noughts", "X", "--generations", "6", "--population", "60",
                          "--save", str(tmp_path / "s.json"), "-o", str(log))
    assert code == 0
    generations = read_results(log).generations
    assert [g["generation"] for g in generations] == list(range(7))
    code, out, _ = run_cli(capsys, "sim", "report", str(log), "--plots", str(plots))
    assert code == 0 and "GA training log, 7 generations" in out and "best fitness per generation" in out
    svg = (plots / "train-convergence.svg").read_text()
    assert svg.startswith("<?xml") and "<svg" in svg


def test_report_of_an_unfinished_or_damaged_file(capsys, tmp_path):
    path = tmp_path / "r.jsonl"
    run_cli(capsys, *BASE, "-n", "5", "-w", "1", "-o", str(path))
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:4]) + "\n")
    code, out, _ = run_cli(capsys, "sim", "report", str(path))
    assert code == 0 and "unfinished: 3 games so far" in out
    path.write_text("\n".join(lines[:4]) + '\n{"kind": "game", "trunc')  # the line a killed run was writing
    code, out, _ = run_cli(capsys, "sim", "report", str(path))
    assert code == 0 and "unfinished: 3 games so far" in out and "its last line was cut short" in out
    path.write_text("\n".join(lines[:4]) + '\n{"kind": "game", "trunc\n' + lines[4] + "\n")
    code, _, err = run_cli(capsys, "sim", "report", str(path))
    assert code == 2 and "line 5 is not JSON" in err and err.count("\n") == 1
    path.write_text("\n".join(lines[:4]) + '\n{"kind": "game", "index": 9}\n')
    code, _, err = run_cli(capsys, "sim", "report", str(path))
    assert code == 2 and "line 5 is damaged: a game line is neither a game" in err and err.count("\n") == 1


def test_terminal_plots_are_plain_text():
    from swarmtui.sim.plots import curve_text, histogram_text

    text = histogram_text([5, 5, 6, 7, 7, 7, 9], "lengths").plain
    assert "lengths" in text and text.count("█") > 0
    assert [line.split()[-1] for line in text.splitlines()[1:]] == ["2", "1", "3", "0", "1"]
    console = Console(width=80, record=True, color_system=None)
    console.print(curve_text([0, 1, 2, 3], [1, 4, 9, 16], "squares"))
    assert console.export_text().count("*") == 4


def test_traces_are_kept_per_ai_decision_and_read_back(capsys, tmp_path):
    from swarmtui.core.trace import trace_from_json

    path = tmp_path / "t.jsonl"
    code, _, _ = run_cli(capsys, "sim", "run", "noughts", "-p", "ga,minimax", "-n", "3", "-w", "1", "--traces", "-o",
                          str(path))
    assert code == 0
    for row in read_results(path).games:
        assert [t["ply"] for t in row.traces] == list(range(len(row.moves)))
        kinds = [trace_from_json(t["trace"]).kind for t in row.traces]
        assert kinds[0] == "genome" and kinds[1] == "search"
    plain = tmp_path / "p.jsonl"
    run_cli(capsys, "sim", "run", "noughts", "-p", "ga,minimax", "-n", "3", "-w", "1", "-o", str(plain))
    assert all(row.traces is None for row in read_results(plain).games)
    code, _, err = run_cli(capsys, "sim", "run", "noughts", "--traces")
    assert code == 2 and "--traces goes with --out" in err


def test_preset_traces_are_kept_for_every_hive_table_or_refused_with_the_reason(tmp_path, capsys):

    def run(*argv: str) -> tuple[int, str]:
        try:
            main(list(argv))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        return code, capsys.readouterr().err

    out = tmp_path / "t41.jsonl"
    code, err = run("sim", "preset", "hive", "table-4.1", "-n", "1", "-w", "1", "--traces", "-o", str(out))
    assert code == 0, err
    games = [row for row in map(json.loads, out.read_text().splitlines()) if row.get("kind") == "game"]
    assert games and all(g["traces"] and g["traces"][0]["trace"]["kind"] == "particle" for g in games)
    code, err = run("sim", "preset", "halma", "table5-1", "-n", "1", "--traces", "-o", str(tmp_path / "h.jsonl"))
    assert code == 2 and "cannot keep traces" in err and err.count("\n") == 1
    assert not (tmp_path / "h.jsonl").exists()
    code, err = run("sim", "preset", "hive", "table-4.2", "--traces")
    assert code == 2 and "--traces goes with --out" in err
