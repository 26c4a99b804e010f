"""``swarmtui sim`` sub-commands, and the spellings before them still working for one release."""

from __future__ import annotations

import json

import pytest
from cli_run import run_cli

from swarmtui.cli.sim import legacy_spelling

COMMANDS = {"run", "report", "preset", "train", "solve", "maze-timing", "round-robin"}


@pytest.mark.parametrize("old, new", [
    (["noughts", "-p", "ga,random", "-n", "5"], ["run", "noughts", "-p", "ga,random", "-n", "5"]),
    (["halma", "--preset", "table5-1", "-w", "2"], ["preset", "halma", "table5-1", "-w", "2"]),
    (["halma", "--preset=table5-1"], ["preset", "halma", "table5-1"]),
    (["halma", "--list-presets"], ["preset", "halma"]),
    (["halma", "--preset", "table5-1", "--list-presets"], ["preset", "halma"]),
    (["noughts", "--train", "X", "--algo", "paper"], ["train", "noughts", "X", "--algo", "paper"]),
    (["noughts", "--solve"], ["solve", "noughts"]),
    (["maze", "--algo", "ant"], ["maze-timing", "--algo", "ant"]),
    (["-n", "3", "noughts"], ["run", "-n", "3", "noughts"]),
    (["hive", "--round-robin", "random,alphabeta:difficulty=hard", "-n", "2"],
     ["round-robin", "hive", "random", "alphabeta:difficulty=hard", "-n", "2"]),
    (["hive", "--round-robin=random,pso"], ["round-robin", "hive", "random", "pso"]),
])
def test_old_spellings_become_sub_commands(old, new):
    assert legacy_spelling(old, COMMANDS) == new


@pytest.mark.parametrize("args", [["run", "noughts"], ["report", "x.jsonl"], ["--help"], []])
def test_new_spellings_are_left_alone(args):
    assert legacy_spelling(args, COMMANDS) is None




def _games(path) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return [{k: v for k, v in row.items() if "seconds" not in k} for row in rows if row["kind"] == "game"]


def test_an_old_spelling_plays_the_same_games_with_one_deprecation_line(capsys, tmp_path):
    args = ["-p", "minimax,random", "-n", "6", "-w", "1", "--seed", "2"]
    code, _, new_err = run_cli(capsys, "sim", "run", "noughts", *args, "-o", str(tmp_path / "new.jsonl"))
    assert code == 0 and "deprecated" not in new_err
    code, _, old_err = run_cli(capsys, "sim", "noughts", *args, "-o", str(tmp_path / "old.jsonl"))
    assert code == 0
    notes = [line for line in old_err.splitlines() if "deprecated" in line]
    assert len(notes) == 1 and notes[0].startswith(
        "swarmtui: deprecated: 'swarmtui sim noughts -p minimax,random -n 6 -w 1 --seed 2 -o ")
    assert "is now 'swarmtui sim run noughts -p minimax,random -n 6 -w 1 --seed 2 -o " in notes[0]
    assert _games(tmp_path / "old.jsonl") == _games(tmp_path / "new.jsonl") != []


def test_old_preset_listing_still_lists(capsys):
    code, out, err = run_cli(capsys, "sim", "halma", "--list-presets")
    assert code == 0 and "table5-1" in out and err.count("deprecated") == 1
    code, new, _ = run_cli(capsys, "sim", "preset", "halma")
    assert code == 0 and new == out


def test_the_papers_register_their_presets_and_sim_and_the_games_name_none():
    """``papers.PAPERS`` is the only list of preset modules: every paper package with a
    ``presets`` module is listed with the games its presets play, and registers exactly those;
    neither a game's descriptor nor ``sim`` names a paper (``GameSpec.presets`` is gone)."""
    from pathlib import Path

    import swarmtui.papers
    from swarmtui.games import GAMES
    from swarmtui.papers import PAPERS, load_presets
    from swarmtui.sim.presets import presets_for

    root = Path(swarmtui.papers.__file__).parent
    with_presets = {p.parent.name for p in root.glob("*/presets.py")}
    assert with_presets and with_presets == {paper.module for paper in PAPERS if paper.games}
    for paper in PAPERS:
        for game in paper.games:
            load_presets(game)
            assert presets_for(game) and {p.game for p in presets_for(game)} == {game}, paper.module
    assert all(not hasattr(spec, "presets") for spec in GAMES.values())


def test_asking_for_one_games_presets_imports_only_its_paper():
    import subprocess
    import sys

    probe = ("import sys; from swarmtui.papers import load_presets; load_presets('halma'); "
             "print(sorted(m for m in sys.modules if m.endswith('presets') and 'papers' in m))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['swarmtui.papers.kuehner_stock.presets']"
