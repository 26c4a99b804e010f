"""Quitting when a game could not be autosaved (the saves folder is unwritable, the disk is
full): the app says so and asks instead of exiting with the game lost.

The game stays in memory while the dialog is open. Typing another file and Enter saves it
there and quits; ``ctrl+q`` (or ``q`` away from the file field) quits without saving;
Escape goes back to the game. Dismissed with True (quit) or False (stay).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import SaveError, typed_path
from swarmtui.tui.screens.game import GameScreen


class UnsavedQuit(ModalScreen[bool]):
    """Save elsewhere and quit (Enter), quit anyway (``ctrl+q``, the button), or stay (Escape)."""

    CSS_PATH = "unsaved_quit.tcss"

    BINDINGS = [Binding("escape", "choose(False)", "Back to the game")]

    def __init__(self, game: GameScreen, error: SaveError) -> None:
        super().__init__()
        self.game = game
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(id="unsaved") as box:
            box.border_title = "Your game is not saved"
            text = Text("The game in progress could not be saved:\n", style="bold", end="")
            text.append(safe_text(self.error))
            text.append("\n\nType another file to save it to and press Enter, quit without saving "
                        "(ctrl+q), or go back to the game (Escape).")
            yield Static(text)
            yield Input(placeholder="a file to save the game to, e.g. /tmp/my-game.json", id="where")
            yield Static("", id="why")
            with Horizontal(id="buttons"):
                yield Button("Back to the game", id="stay", variant="primary", compact=True)
                yield Button("Quit without saving", id="quit", variant="error", compact=True)

    def on_mount(self) -> None:
        self.query_one("#where", Input).focus()

    @on(Input.Submitted, "#where")
    def save_elsewhere(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            return
        try:
            where = self.game.save(typed_path(event.value))
        except SaveError as error:
            self.query_one("#why", Static).update(safe_text(error, "bold red"))
            return
        self.app.notify(f"saved to {where}", title="Saved")
        self.dismiss(True)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "quit")

    def action_choose(self, quit_app: bool) -> None:
        self.dismiss(quit_app)
