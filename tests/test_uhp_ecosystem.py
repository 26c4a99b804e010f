"""swarmtui as a member of the UHP ecosystem: the PyPI package ``uhp-utils`` (in the test extra)
drives ``swarmtui uhp`` unchanged: ``uhp-arena`` plays it against itself, ``uhp-compare-validmoves``
walks recorded games, ``uhp-compare-perft`` compares perft counts."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("uhp_utils")

BIN = Path(sys.executable).parent
SWARMTUI = shutil.which("swarmtui", path=str(BIN)) or shutil.which("swarmtui")
DATA = Path(__file__).parent / "data" / "hive" / "nokamute_uhp_tests.txt"


def tool(name: str, *args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    exe = shutil.which(name, path=str(BIN)) or shutil.which(name)
    assert exe and SWARMTUI, f"{name} or swarmtui is not installed (pip install -e '.[test]')"
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def test_uhp_arena_plays_two_base_mlp_games_between_two_agents(tmp_path):
    result = tool("uhp-arena", SWARMTUI, SWARMTUI, "--white-arg", "uhp", "--white-arg=--agent=random",
                  "--black-arg", "uhp", "--black-arg=--agent=pso", "-g", "2", "-m", "60", "-t", "00:00:01",
                  "-G", "Base+MLP", "-r", str(tmp_path / "games.json"), "--search-timeout", "60",
                  "--command-timeout", "60")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "Games: 2" in result.stdout
    assert "ProtocolError" not in result.stdout and "Crash" not in result.stdout and "Timeout" not in result.stdout
    assert "Base+MLP" in (tmp_path / "games.json").read_text()


def test_uhp_compare_validmoves_agrees_through_recorded_games(tmp_path):
    games = [line for line in DATA.read_text().splitlines()
             if line.startswith("Base") and "Wins;" not in line and ";Draw;" not in line]
    positions = tmp_path / "games.txt"
    positions.write_text("\n".join(games) + "\n")
    result = tool("uhp-compare-validmoves", SWARMTUI, SWARMTUI, "--engine-a-arg", "uhp", "--engine-b-arg", "uhp",
                  str(positions), "-f", "-t", "60")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "0 differed" in result.stdout and "Compared" in result.stdout


def test_uhp_compare_perft_from_the_empty_base_mlp_board():
    result = tool("uhp-compare-perft", SWARMTUI, SWARMTUI, "--engine-a-arg", "uhp", "--engine-b-arg", "uhp",
                  "Base+MLP;NotStarted;White[1]", "3", "-t", "120")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "{1: 7, 2: 294, 3: 6678}" in result.stdout and "Perft results match." in result.stdout
