"""Shared fixtures. ``tui_app`` builds a SwarmApp with the theme and animation level pinned on
the instance (environment variables are read before conftest runs: see TEXTUAL_NOTES)."""

from __future__ import annotations

import pytest


@pytest.fixture
def tui_app():
    def make(**kwargs):
        from swarmtui.tui.app import SwarmApp

        app = SwarmApp(**kwargs)
        app.theme = "textual-dark"
        app.animation_level = "none"
        return app

    return make
