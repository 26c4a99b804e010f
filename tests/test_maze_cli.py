"""``swarmtui maze`` as a person uses it: pipes, styles, stats on stderr, -o, one-line errors."""

from __future__ import annotations

import pytest
from cli_run import run_cli

from swarmtui.cli import main
from swarmtui.mazes.text import read_ascii


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    return run_cli(capsys, "maze", *argv)


def test_maze_goes_to_stdout_and_is_the_same_for_the_same_seed(capsys):
    code, out, err = run_main(capsys, "--algo", "ant", "--size", "40x15", "--seed", "7")
    assert code == 0 and err == ""
    maze = read_ascii(out)
    assert maze.size == "40x15"
    assert run_main(capsys, "--algo", "ant", "--size", "40x15", "--seed", "7")[1] == out
    assert run_main(capsys, "--algo", "ant", "--size", "40x15", "--seed", "8")[1] != out


@pytest.mark.parametrize("algo", ["bee", "backtracker", "prim", "kruskal", "wilson"])
def test_every_builder_with_stats_on_stderr(capsys, algo):
    code, out, err = run_main(capsys, "--algo", algo, "--size", "21x11", "--stats", "--solution")
    assert code == 0
    assert "." in out and "#" in out
    assert "solvable         yes" in err and "wall density" in err
    if algo != "bee":
        assert ("perfect          yes" in err) == (algo != "ant")


def test_styles_and_params(capsys):
    code, out, _ = run_main(capsys, "--algo", "prim", "--size", "11x7", "--style", "lines")
    assert code == 0 and out.startswith("+--+")
    code, out, _ = run_main(capsys, "--algo", "kruskal", "--size", "11x7", "--style", "unicode")
    assert code == 0 and "─" in out
    code, out, _ = run_main(capsys, "--algo", "ant", "--size", "30x12", "--param", "n=10", "--param", "rho=0.5")
    assert code == 0 and read_ascii(out).size == "30x12"
    code, out, _ = run_main(capsys, "--algo", "bee", "--list-params")
    assert code == 0 and "m_share" in out and "0.1" in out


def test_output_file_is_written_and_never_clobbered_silently(capsys, tmp_path):
    target = tmp_path / "maze.txt"
    code, out, _ = run_main(capsys, "--algo", "prim", "--size", "11x7", "-o", str(target))
    assert code == 0 and out == "" and target.read_text().startswith("#")
    before = target.read_text()
    code, out, err = run_main(capsys, "--algo", "prim", "--size", "11x7", "--seed", "3", "-o", str(target))
    assert code == 2 and "exists" in err and "--force" in err and target.read_text() == before
    code, _, _ = run_main(capsys, "--algo", "prim", "--size", "11x7", "--seed", "3", "-o", str(target), "--force")
    assert code == 0 and target.read_text() != before


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--size", "40"], "WIDTHxHEIGHT"),
        (["--size", "axb"], "WIDTHxHEIGHT"),
        (["--size", "2x9"], "at least 3x3"),
        (["--size", "5000x5000", "--algo", "prim"], "too large"),
        (["--size", "1100x1000", "--algo", "ant"], "too large"),
        (["--algo", "dfs"], "unknown --algo 'dfs'"),
        (["--style", "fancy"], "unknown --style"),
        (["--style", "lines"], "lines style draws lattice mazes"),
        (["--param", "nope=1"], "unknown parameter 'nope'"),
        (["--param", "rho=2"], "rho must be between"),
        (["--param", "rho"], "name=value"),
        (["--algo", "prim", "--param", "n=3"], "prim has no parameters"),
        (["--seed", "-1"], "--seed"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys, argv, message):
    code, out, err = run_main(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("swarmtui: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_sim_maze_prints_the_fig5_table_plot_and_verdicts(capsys, tmp_path):
    out_file = tmp_path / "timing.jsonl"
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "maze-timing", "--algo", "ant,bee,prim", "--param", "sizes=20x15,40x15", "--param", "repeats=1",
              "--param", "ant.n=10", "--out", str(out_file)])
    captured = capsys.readouterr()
    assert exit_info.value.code == 0
    assert "Median build time" in captured.out and "40x15" in captured.out and "39x15" not in captured.out
    assert "Fig. 5" in captured.out and "A ant" in captured.out and "p prim" in captured.out
    assert "0-3000 fields: paper: bee faster; here:" in captured.out
    assert "Maze metrics, median over the seeds" in captured.out and "tort" in captured.out
    lines = out_file.read_text().splitlines()
    assert '"tortuosity"' in lines[0] and '"dead_end_ratio"' in lines[0]
    assert len(lines) == 6 and '"builder": "prim"' in lines[2] and '"size": "19x15"' in lines[2]


@pytest.mark.parametrize("argv, message", [
    (["--param", "sizes=4"], "WIDTHxHEIGHT"),
    (["--param", "repeats=0"], "repeats must be between"),
    (["--algo", "ant,dfs"], "unknown builder 'dfs'"),
    (["--param", "ant.nope=1"], "unknown parameter 'nope'"),
    (["--param", "sizes=2x2", "--algo", "prim"], "at least 3x3"),
])
def test_sim_maze_bad_input_is_one_line(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "maze-timing", *argv])
    captured = capsys.readouterr()
    assert exit_info.value.code == 2 and message in captured.err and captured.err.count("\n") == 1
