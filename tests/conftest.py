"""Shared fixtures for the TUI tests.

``tui_app`` builds a SwarmApp with the theme and animation level pinned on the instance
(environment variables are read before conftest runs: see TEXTUAL_NOTES), with the saves
folder in the test's temporary directory (games are autosaved on quit and when they end);
``genome_deliberation`` builds a GA turn as the ga agent records it, for panel tests; ``hub``
runs a table hub on its own event loop thread (``RunningHub``), as the serve process does;
``owner_engine_table`` (autouse) gives every test the external-engine table it found.

pytest-xdist's workers run with ``COLUMNS=80`` and ``LINES=24`` in their environment; an app a
test starts in a real terminal (tmux, a pty) would take them over the terminal's own size, so
they are removed here: every test sees the environment a plain ``pytest`` run gives it.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import tempfile
import threading
from pathlib import Path

import pytest

from swarmtui.core.engines import declare_engines, declared_engines
from swarmtui.tables.client import TableClient
from swarmtui.tables.hub import Hub
from swarmtui.tables.ratings import RatingsStore

for _size in ("COLUMNS", "LINES"):
    os.environ.pop(_size, None)


@pytest.fixture(autouse=True)
def owner_engine_table():
    """Each test starts with the engine table it found: a command run in-process (Typer's
    runner, a face's start-up) declares the owner's engines for the whole process, and a later
    test that expects none declared would otherwise see them (the setup offered a ``uhp`` seat)."""
    before = declared_engines()
    yield
    declare_engines(before.values())


@pytest.fixture
def tui_app(monkeypatch, tmp_path):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path / "saves"))

    def make(**kwargs):
        from swarmtui.tui.app import SwarmApp

        app = SwarmApp(**kwargs)
        app.theme = "textual-dark"
        app.animation_level = "none"
        return app

    return make


@pytest.fixture
def genome_deliberation():
    from swarmtui.agents.ga.trace import GenomeTrace
    from swarmtui.games.noughts import symmetry
    from swarmtui.games.noughts.notation import format_cell, format_position
    from swarmtui.games.noughts.rules import Board
    from swarmtui.tui.panels.frames import Deliberation

    def genome_deliberation(position: str = "X../.O./...", allele: int = 2) -> Deliberation:
        """A GA turn built from the symmetry module, as the ga agent would record it."""
        board = Board.from_text(position)
        base = symmetry.canonical(board.cells)
        move = format_cell(symmetry.cell_from_image(base.symmetry, allele))
        trace = GenomeTrace(
            position=board.text, symmetry=base.symmetry_name, canonical=format_position(base.cells),
            gene=symmetry.gene_string(base.cells), gene_index=17, allele=allele, move=move,
            strategy="saves/noughts/strategy-x.json",
        )
        return Deliberation("X", "Genetic algorithm", trace, move)

    return genome_deliberation


HUB_TIME = 1_780_000_000.0
"""The ratings' clock at the test hub (2026-05-28 20:26 UTC): dates on screen are the same every run."""


class RunningHub:
    """A hub on its own event loop in a thread, as the serve process runs it, with a ratings
    database in its folder (``ratings``)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="swt-"))  # short: Unix socket paths are limited
        self.ratings = RatingsStore(self.folder / "ratings.sqlite3", clock=lambda: HUB_TIME)
        numbers = itertools.count(1)
        self.hub = Hub(self.folder / "hub.sock", self.ratings,
                       codes=lambda taken: f"K7Q{next(numbers):03d}")  # the same codes every run
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self.hub.start())
        self.clients: list[TableClient] = []

    def call(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(10)

    def client(self, player: str, *, guest: bool = False) -> TableClient:
        token = self.hub.admit(player, f"{player} [x]", guest)
        client = TableClient(str(self.hub.path), token)
        self.clients.append(client)
        return client

    def close(self) -> None:
        for client in self.clients:
            client.close()
        self.call(self.hub.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture
def hub():
    """A table hub for the test; ``hub.client(name)`` is a player's connection to it."""
    running = RunningHub()
    yield running
    running.close()


def pytest_configure(config: pytest.Config) -> None:
    """Compile Hive's move generator, evaluation and search once, before pytest-xdist starts its
    workers (Numba writes its cache beside the modules): on a fresh checkout every worker, and
    every subprocess a test starts that plays Hive with computer players, would otherwise compile
    them at the same time (``games/hive/compiled.py``, ``compiled_search.py``)."""
    if not hasattr(config, "workerinput"):
        from swarmtui.games.hive import compiled_search

        compiled_search.load()
