"""Shown over everything while the terminal is smaller than the app's layouts need.

Every screen is laid out for 80x24 at least (tested there); below that, panels would
overlap or be cut off mid-word. Instead of a broken layout this says what size is needed
and what the terminal has, and the app underneath carries on (an AI keeps thinking, the game
is autosaved on quit or hang-up as usual). It goes away by itself as soon as the terminal
is big enough again (``fit_terminal`` runs on every resize).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_COLUMNS = 80
MIN_ROWS = 24


def too_small(size: Size) -> bool:
    return size.width < MIN_COLUMNS or size.height < MIN_ROWS


def size_message(size: Size) -> Text:
    """What the screen says: the size needed, the size there is, and the way out."""
    return Text.assemble(
        ("Terminal too small\n", "bold"),
        f"swarmtui needs at least {MIN_COLUMNS}x{MIN_ROWS} (columns x rows); "
        f"this one is {size.width}x{size.height}.\n",
        "Enlarge the window or use a smaller font; ctrl+q quits.",
    )


class TooSmallScreen(ModalScreen[None]):
    """The size notice; keys other than the app's quit keys do nothing here."""

    CSS_PATH = "too_small.tcss"

    def compose(self) -> ComposeResult:
        yield Static(size_message(self.app.size), id="need")

    def show_size(self, size: Size) -> None:
        self.query_one("#need", Static).update(size_message(size))

    def on_screen_resume(self) -> None:
        """Back on top (the help was opened over it, say) after the terminal grew: go."""
        if not too_small(self.app.size):
            self.dismiss()


def fit_terminal(app: App, size: Size) -> None:
    """Show the notice when ``size`` is too small, update it, or take it away when it fits."""
    screen = app.screen
    showing = isinstance(screen, TooSmallScreen)
    if too_small(size):
        if isinstance(screen, TooSmallScreen):
            screen.show_size(size)
        else:
            app.push_screen(TooSmallScreen())
    elif showing:
        app.pop_screen()
