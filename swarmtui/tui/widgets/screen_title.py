"""A screen's title: the one line across its top, on the panel colour.

Every screen of the app starts with one (the menu's banner, the setup's game, the game's
players and seed); one widget keeps them alike instead of a copy of the same rule in each
screen's styles. The menu's banner, the setup's and the lists' titles are bold; the game's,
the replay's and the maze screen's titles style their own parts (``-plain``).
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static


class ScreenTitle(Static):
    """One line of title across the top of a screen."""

    DEFAULT_CSS = Path(__file__).with_suffix(".tcss").read_text()
