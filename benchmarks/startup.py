"""Start-up time of the everyday commands, as ratios to Textual's own start-up, measured in one run.

Targets (issue "A new user's first hour"): ``swarmtui --help`` <= 1.1x and ``swarmtui sim noughts
-n 1`` <= 1.5x ``python -c "import textual"``; the TUI's menu <= 1.5x a minimal Textual app, both
started headless and closed as soon as their first screen is mounted. The menu is also measured
with the app's ``gc.freeze()`` (``tui/app.py``) undone, to show that one line's share. The issue's ``sim noughts -n 1``
is the old spelling of ``sim run noughts -n 1`` (it still works, with a deprecation line, and runs
the same code): both are measured, as a user types them (default ``--workers``; one game is played
in-process).

Each command runs ``--repeats`` times, interleaved so a busy machine slows every command alike.
The ratios are of the median CPU times (user + system of the child process, from
``getrusage(RUSAGE_CHILDREN)``), which other processes' load affects much less than the wall
clock; the median wall-clock ratios are printed beside them. Run: ``python benchmarks/startup.py``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

# Both apps run headless and are closed by Textual's auto-pilot once every pending message is
# processed (their first screen composed and mounted); the menu run checks it is the menu.
MINIMAL_APP = """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("hello")

async def close(pilot):
    await pilot.pause()
    assert pilot.app.query_one(Static)
    pilot.app.exit()

Minimal().run(headless=True, size=(80, 24), auto_pilot=close)
"""

SWARMTUI_MENU = """
from swarmtui.tui.app import SwarmApp

async def close(pilot):
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "MenuScreen", pilot.app.screen
    pilot.app.exit()

SwarmApp().run(headless=True, size=(80, 24), auto_pilot=close)
"""

SWARMTUI_MENU_UNFROZEN = SWARMTUI_MENU.replace(
    "from swarmtui.tui.app import SwarmApp\n", "from swarmtui.tui.app import SwarmApp\nimport gc\ngc.unfreeze()\n")
"""The menu with ``tui.app``'s ``gc.freeze()`` undone: how much of the menu's figure that one line is."""

TARGETS = {"swarmtui --help": 1.1, "swarmtui sim run noughts -n 1": 1.5, "swarmtui sim noughts -n 1": 1.5,
           "TUI menu (headless)": 1.5, "TUI menu, gc.freeze undone": 1.5}
BASE = {"swarmtui --help": "import textual", "swarmtui sim run noughts -n 1": "import textual",
        "swarmtui sim noughts -n 1": "import textual", "TUI menu (headless)": "minimal Textual app (headless)",
        "TUI menu, gc.freeze undone": "minimal Textual app (headless)"}


def _commands() -> dict[str, list[str]]:
    py = sys.executable
    return {
        "import textual": [py, "-c", "import textual"],
        "swarmtui --help": [py, "-m", "swarmtui", "--help"],
        "swarmtui sim run noughts -n 1": [py, "-m", "swarmtui", "sim", "run", "noughts", "-n", "1"],
        "swarmtui sim noughts -n 1": [py, "-m", "swarmtui", "sim", "noughts", "-n", "1"],
        "minimal Textual app (headless)": [py, "-c", MINIMAL_APP],
        "TUI menu (headless)": [py, "-c", SWARMTUI_MENU],
        "TUI menu, gc.freeze undone": [py, "-c", SWARMTUI_MENU_UNFROZEN],
    }


def _run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=120)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    commands = _commands()
    with tempfile.TemporaryDirectory() as saves:
        env = {**os.environ, "SWARMTUI_SAVES": saves}
        walls: dict[str, list[float]] = {name: [] for name in commands}
        cpus: dict[str, list[float]] = {name: [] for name in commands}
        for argv in commands.values():  # warm the file cache once
            _run_once(argv, env)
        for _ in range(args.repeats):
            for name, argv in commands.items():
                wall, cpu = _run_once(argv, env)
                walls[name].append(wall)
                cpus[name].append(cpu)
    wall = {name: statistics.median(values) for name, values in walls.items()}
    cpu = {name: statistics.median(values) for name, values in cpus.items()}
    print(f"{'command':34} {'cpu s':>7} {'wall s':>7}   ratio cpu (wall) to the reference, target")
    for name in commands:
        line = f"{name:34} {cpu[name]:7.3f} {wall[name]:7.3f}"
        if name in BASE:
            ref = BASE[name]
            ratio = cpu[name] / cpu[ref]
            line += (f"   {ratio:.2f}x ({wall[name] / wall[ref]:.2f}x) {ref}, <= {TARGETS[name]}"
                     f" {'met' if ratio <= TARGETS[name] else 'NOT met'}")
        print(line)
    print(f"medians of {args.repeats} interleaved runs; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
