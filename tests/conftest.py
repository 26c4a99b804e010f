"""Shared fixtures for the TUI tests.

``tui_app`` builds a SwarmApp with the theme and animation level pinned on the instance
(environment variables are read before conftest runs: see TEXTUAL_NOTES), with the saves
folder in the test's temporary directory (games are autosaved on quit and when they end);
``genome_deliberation`` builds a GA turn as the ga agent records it, for panel tests.
"""

from __future__ import annotations

import pytest


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
    from swarmtui.core.trace import GenomeTrace
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
