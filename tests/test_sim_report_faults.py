"""``sim report`` on numbers and text at the edges (issue 27 point 10): each is one sentence
or a correct report, never a traceback.

Files with ``1e308`` seconds, a lone surrogate or a round robin's damaged extras are refused by
the one reader (``tests/test_records_hostile.py``); here: a GA log's fitness at the float
limits, a group named like mathtext with ``--plots``, and ratings of games in which one agent
sits in every seat (six Halma seats) or in two.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from cli_run import run_cli

from swarmtui.sim.plots import curve_text
from swarmtui.sim.ratings import Game, RatingError, fit_ratings, pair_records

DATA = Path(__file__).parent / "data" / "records"
RESULT_LINES = (DATA / "result-noughts-interrupted.jsonl").read_text(encoding="utf-8").splitlines()




def write_lines(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def training_log(path: Path, *fitness: float) -> Path:
    rows = [{"kind": "run", "format": 2}]
    rows += [{"kind": "generation", "generation": i, "fitness": f} for i, f in enumerate(fitness)]
    return write_lines(path, rows)


def test_a_float_fitness_at_the_float_limits_is_refused_and_a_40_digit_one_is_drawn(tmp_path, capsys):
    code, _, err = run_cli(capsys, "sim", "report", str(training_log(tmp_path / "f.jsonl", 1e308, -1e308)))
    assert code == 2 and "whole-number fitness" in err and err.count("\n") == 1
    pytest.importorskip("matplotlib")
    path = training_log(tmp_path / "big.jsonl", 10**39, -(10**39), 0)
    code, out, err = run_cli(capsys, "sim", "report", str(path), "--plots", str(tmp_path / "plots"))
    assert code == 0, err
    assert "1e+39 |*" in out and "-1e+39 |" in out and (tmp_path / "plots" / "big-convergence.svg").is_file()


def test_the_terminal_curve_places_values_at_the_float_limits():
    text = curve_text([0, 1, 2], [1e308, -1e308, 0.0], "fitness", height=3, width=3).plain
    rows = text.splitlines()[1:4]
    assert [row.split("|")[1] for row in rows] == ["*", "  *", " *"]
    assert [float(row.split("|")[0]) for row in rows] == [1e308, 0.0, -1e308]
    assert np.isfinite([float(row.split("|")[0]) for row in rows]).all()


def test_a_group_named_like_mathtext_is_drawn_as_text(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    rows = [json.loads(line) for line in RESULT_LINES]
    for row in rows[1:]:
        row["group"] = r"$\foo$ and $x^"
    path = write_lines(tmp_path / "math.jsonl", rows)
    code, _, err = run_cli(capsys, "sim", "report", str(path), "--plots", str(tmp_path / "plots"))
    assert code == 0, err
    [svg] = (tmp_path / "plots").glob("*.svg")
    assert r"$\foo$ and $x^" in svg.read_text(encoding="utf-8")


def halma_six_seats(path: Path, agents: list[str]) -> Path:
    seats = ["1", "2", "3", "4", "5", "6"]
    rows = [{"kind": "run", "format": 2}]
    for index, winner in enumerate(["1", "4", None]):
        rows.append({"kind": "game", "format": 1, "game": "halma", "index": index, "seed": index, "moves": [],
                     "players": dict(zip(seats, agents, strict=True)), "winner": winner,
                     "result": f"{winner} wins" if winner else "draw", "reason": "", "plies": 0})
    return write_lines(path, rows)


def test_ratings_of_six_seats_of_one_agent_are_one_sentence(tmp_path, capsys):
    path = halma_six_seats(tmp_path / "six.jsonl", ["random"] * 6)
    code, _, err = run_cli(capsys, "sim", "report", "--ratings", str(path))
    assert code == 2 and err == "swarmtui: error: no games between two different players to rate\n"


def test_ratings_leave_out_an_agent_against_itself(tmp_path, capsys):
    path = halma_six_seats(tmp_path / "six.jsonl", ["random", "greedy", "greedy", "greedy", "greedy", "greedy"])
    code, out, err = run_cli(capsys, "sim", "report", "--ratings", str(path))
    assert code == 0, err
    assert "| greedy | greedy |" not in out and "| greedy | random | 1 | 5 | 5 | 32% |" in out
    with pytest.raises(RatingError, match="two different players"):
        fit_ratings([Game("a", "a", 1.0)] * 3, anchor="a")
    assert pair_records([Game("a", "a", 1.0), Game("a", "b", 0.5)])[0].first == "a"
    assert len(pair_records([Game("a", "a", 1.0), Game("a", "b", 0.5)])) == 1
