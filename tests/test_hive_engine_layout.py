"""The Hive engine stays in pieces with one job each (issue 28, point 5): small modules, readable
functions, and notation that imports no board (python-chess style: the rules module exports both)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

import swarmtui.games.hive as hive_package

PACKAGE = Path(hive_package.__file__).parent
MAX_LINES = 600
MAX_COMPLEXITY = 15


def test_every_engine_module_is_small():
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in PACKAGE.glob("*.py")}
    assert len(sizes) > 10
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed (the test extra has it)")
def test_every_engine_function_is_readable():
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "C901", "--config",
         f"lint.mccabe.max-complexity={MAX_COMPLEXITY}", str(PACKAGE)],
        capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_notation_imports_no_board():
    probe = ("import json, sys; import swarmtui.games.hive.notation; "
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('swarmtui.games.hive'))))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                       check=True).stdout)
    assert "swarmtui.games.hive.notation" in loaded
    assert "swarmtui.games.hive.board" not in loaded
    assert "swarmtui.games.hive.rules" not in loaded


def test_rules_exports_the_board_and_its_notation():
    from swarmtui.games.hive import board, moves, notation, rules

    assert rules.Board is board.Board and rules.Move is moves.Move and rules.PASS is moves.PASS
    for name in ("parse_move_string", "format_move_string", "state_string", "turn_string", "check_game_type",
                 "split_game_string"):
        assert getattr(rules, name) is getattr(notation, name)
    game = rules.parse_game_string("Base;InProgress;Black[1];wS1")
    assert rules.format_game_string(game) == "Base;InProgress;Black[1];wS1"
    assert rules.format_move_string(game, rules.parse_move_string(game, "bG1 -wS1")) == "bG1 -wS1"
