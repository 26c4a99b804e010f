"""The help overlay: every key, on a modal screen closed with ?, Escape, q or Enter.

(``q`` reaches the app's priority binding first; ``SwarmApp.action_quit`` closes this screen.)
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Menu and setup", (
        ("up/down, tab", "move between choices"),
        ("enter", "open a game's setup, a list; start"),
        ("Watch button", "every seat a computer player"),
        ("escape", "back to the menu"),
    )),
    ("Game", (
        ("arrows, hjkl", "move the cursor [ ]"),
        ("enter, space", "play on the cursor (your turn)"),
        ("1-9", "play a cell (1 = a1 ... 9 = c3)"),
        ("n", "next step of the AI's reasoning"),
        ("p, space", "pause / resume the reasoning"),
        ("x", "skip to the AI's move"),
        ("s", "speed: slow, normal, fast, instant"),
        ("v", "other panel: reasoning / moves"),
        ("w", "save (q and hang-up autosave)"),
        ("r", "restart the game"),
        ("m, escape", "back to the menu"),
    )),
    ("Play with others (over swarmtui serve)", (
        ("setup", "a seat 'A connected player': Start opens a table"),
        ("enter", "in 'Play with others': take a free seat"),
        ("w", "in 'Play with others': watch the table"),
    )),
    ("Replay", (
        ("right/left", "next / previous move (also l h . ,)"),
        ("home/end", "first / last position"),
        ("n p x s v", "step, pause, skip, speed, panel"),
    )),
    ("Anywhere", (
        ("?", "this help"),
        ("q", "quit (closes this help first)"),
    )),
)


def help_text() -> Text:
    """The key table as plain text with bold section names."""
    text = Text(end="")
    for i, (section, rows) in enumerate(KEYS):
        if i:
            text.append("\n\n")
        text.append(section, style="bold underline")
        for key, what in rows:
            text.append(f"\n  {key:<14}{what}")
    return text


class HelpScreen(ModalScreen[None]):
    """Lists the keys; any of ?, Escape, q, Enter closes it."""

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > VerticalScroll {
        width: 60;
        height: auto;
        max-height: 100%;
        padding: 0 2;
        border: thick $primary;
        background: $surface;
    }
    """

    BINDINGS = [Binding("question_mark,escape,enter,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:  # scrolls (arrows) when the keys outgrow the terminal
            box.border_title = "Keys"
            box.border_subtitle = "? esc q enter: close"
            yield Static(help_text())

    def action_close(self) -> None:
        self.dismiss()
