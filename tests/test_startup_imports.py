"""Start-up stays light: each everyday command imports only what it needs (issue 15).

``benchmarks/startup.py`` measures the start-up times as ratios; these tests guard the gains by
*what is imported*, never by timing, so they hold on a busy machine. Each runs the real command
in a fresh interpreter and lists the modules it loaded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# Runs the CLI as the console script does, then prints every loaded module as one JSON line on
# stderr (the command's own output stays on stdout).
CLI_PROBE = """
import json, sys
from swarmtui.launch import main
sys.argv = ["swarmtui", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit as stop:
    assert stop.code in (0, None), stop.code
print("MODULES " + json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

# Builds the TUI headless and closes it once the menu is up, then prints the loaded modules.
MENU_PROBE = """
import json, sys
from swarmtui.tui.app import SwarmApp

async def close(pilot):
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "MenuScreen", pilot.app.screen
    pilot.app.exit()

SwarmApp().run(headless=True, size=(80, 24), auto_pilot=close)
print("MODULES " + json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

NEVER = ("numpy", "asyncssh", "ssl", "asyncio", "pydantic", "textual")
"""What no headless command but ``serve`` (and the TUI, for Textual and asyncio) may import."""


def _modules(code: str, *args: str, tmp_path: Path) -> set[str]:
    env = {**os.environ, "SWARMTUI_SAVES": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                          timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    [line] = [line for line in done.stderr.splitlines() if line.startswith("MODULES ")]
    return set(json.loads(line.removeprefix("MODULES ")))


def _loaded(modules: set[str], *roots: str) -> list[str]:
    return sorted(m for m in modules for root in roots if m == root or m.startswith(root + "."))


def _agent_modules(modules: set[str]) -> list[str]:
    """The shipped agents' implementations that were imported: the module each spec's factory
    names (``AgentSpec.implementation``), where it is not the spec's own module. Specs are light
    and read freely (the menu reads them all); an agent that is one light module, spec and
    implementation (``random``, ``human``, ``greedy``), is not counted."""
    from swarmtui.agents import SHIPPED, agent_specs

    specs = agent_specs()
    return sorted({specs[i].implementation for i in SHIPPED
                   if specs[i].implementation in modules and specs[i].implementation != SHIPPED[i].partition(":")[0]})


def test_help_imports_no_engine_no_numpy_no_network(tmp_path: Path) -> None:
    modules = _modules(CLI_PROBE, json.dumps(["--help"]), tmp_path=tmp_path)
    assert _loaded(modules, *NEVER) == []
    assert _loaded(modules, "swarmtui.agents", "swarmtui.sim", "swarmtui.games", "swarmtui.serve",
                   "swarmtui.mazes", "swarmtui.records", "swarmtui.tui.app") == []


@pytest.mark.parametrize("argv", [["sim", "run", "noughts", "-n", "1"], ["sim", "noughts", "-n", "1"]],
                         ids=["sim run", "old spelling"])
def test_a_noughts_sim_imports_its_two_agents_and_nothing_of_the_other_games(tmp_path: Path, argv: list[str]) -> None:
    """No NumPy: the seats' generators draw the random agent's bounded integers in pure Python
    (``core.pcg64``), and the ``ga`` agent reads its strategy file without the state-space
    enumeration (``agents.ga.alleles``)."""
    modules = _modules(CLI_PROBE, json.dumps(argv), tmp_path=tmp_path)
    assert _loaded(modules, *NEVER) == []
    assert _agent_modules(modules) == ["swarmtui.agents.ga.agent"]
    assert "swarmtui.agents.uniform" in modules
    assert _loaded(modules, "swarmtui.games.hive", "swarmtui.games.halma", "swarmtui.mazes", "swarmtui.serve",
                   "swarmtui.agents.ga.graph", "swarmtui.agents.ga.fitness", "swarmtui.agents.ga.genome",
                   "swarmtui.games.noughts.states", "multiprocessing",
                   "concurrent.futures.process") == [
        "swarmtui.games.halma", "swarmtui.games.hive"]  # their packages hold only the lazy descriptors


def test_the_menu_imports_no_agent_no_numpy_no_sim(tmp_path: Path) -> None:
    modules = _modules(MENU_PROBE, tmp_path=tmp_path)
    assert _agent_modules(modules) == []
    assert _loaded(modules, "numpy", "asyncssh", "pydantic", "typer", "swarmtui.sim", "swarmtui.mazes",
                   "swarmtui.serve", "swarmtui.tui.match", "swarmtui.tui.screens.game",
                   "swarmtui.tui.screens.setup", "swarmtui.tui.screens.maze",
                   "swarmtui.referee", "swarmtui.records", "markdown_it") == []  # F1's rules: when opened
