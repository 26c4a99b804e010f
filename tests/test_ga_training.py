"""``sim.noughts_training``: the interface the CLI calls for --train and --solve."""

import io

import pytest
from rich.console import Console

from swarmtui.agents.ga.strategy import load_strategy
from swarmtui.core.params import ParamError
from swarmtui.core.saves import SaveError
from swarmtui.papers.ford import ALGORITHMS, run_solve, run_training


def _consoles():
    out, err = io.StringIO(), io.StringIO()
    return out, err, Console(file=out, width=200), Console(file=err, width=200)


def test_algorithms_start_with_the_papers():
    assert ALGORITHMS == ("paper", "hochmuth", "subtree")


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_tiny_run_prints_each_generation_and_saves_into_the_users_saves(monkeypatch, tmp_path, algorithm):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    out, err, out_console, err_console = _consoles()
    path = run_training("o", algorithm, seed=4, generations=3, population=None, overrides=[],
                        save=None, out=out_console, err=err_console)
    assert path.is_relative_to(tmp_path / "noughts" / "trained") and path.is_file()
    lines = [line for line in out.getvalue().splitlines() if line.startswith("gen ")]
    assert [line.split()[1] for line in lines] == ["0", "1", "2", "3"]
    assert all(" gap " in line and " W " in line for line in lines)
    strategy = load_strategy(path)
    assert (strategy.side, strategy.algorithm, strategy.seed) == ("O", algorithm, 4)
    assert str(path) in out.getvalue()
    assert f"best fitness {strategy.fitness} " in out.getvalue()


def test_explicit_save_path_and_param_overrides(tmp_path):
    out, err, out_console, err_console = _consoles()
    target = tmp_path / "mine.json"
    path = run_training("X", "paper", seed=1, generations=1, population=None,
                        overrides=[("mutation_rate", "0.2"), ("draw_points", "-20")], save=target,
                        out=out_console, err=err_console)
    assert path == target and load_strategy(target).side == "X"
    assert "1/-20/-100" in out.getvalue()


@pytest.mark.parametrize("side, algorithm, overrides", [
    ("Y", "paper", []),
    ("X", "annealing", []),
    ("X", "paper", [("mutation_rate", "2")]),
    ("X", "paper", [("no_such", "1")]),
    ("O", "hochmuth", [("crossover_rate", "lots")]),
])
def test_bad_requests_raise_param_error(tmp_path, side, algorithm, overrides):
    _, _, out_console, err_console = _consoles()
    with pytest.raises(ParamError):
        run_training(side, algorithm, seed=0, generations=1, population=None, overrides=overrides,
                     save=tmp_path / "s.json", out=out_console, err=err_console)
    assert not (tmp_path / "s.json").exists()


def test_solve_prints_the_optimum_of_both_sides():
    out, _, out_console, _ = _consoles()
    run_solve(overrides=[], out=out_console)
    rows = {line.split("│")[1].strip(): [c.strip() for c in line.split("│")[2:-1]]
            for line in out.getvalue().splitlines() if line.count("│") > 3}
    assert rows["X"] == ["1/-15/-100", "220", "250", "2", "0", "252"]
    assert rows["O"] == ["1/0/-100", "728", "728", "167", "0", "895"]


def test_solve_takes_point_overrides():
    out, _, out_console, _ = _consoles()
    run_solve(overrides=[("draw_points", "0")], out=out_console)
    assert "1/0/-100" in out.getvalue() and "1/-15/-100" not in out.getvalue()
    with pytest.raises(ParamError):
        run_solve(overrides=[("population", "3")], out=out_console)


def test_earlier_results_are_never_replaced(monkeypatch, tmp_path):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    _, _, out_console, err_console = _consoles()
    run = dict(seed=3, population=None, overrides=[], save=None, out=out_console, err=err_console)
    first = run_training("X", "paper", generations=1, **run)
    before = first.read_bytes()
    second = run_training("X", "paper", generations=2, **run)
    assert second != first and second.name == first.stem + "-2.json"
    assert first.read_bytes() == before
    keep = tmp_path / "keep.json"
    keep.write_text("not a strategy, but mine")
    with pytest.raises(SaveError, match="not overwritten"):
        run_training("X", "paper", generations=1, **{**run, "save": keep})
    assert keep.read_text() == "not a strategy, but mine"
