"""The offer at start to resume the game a cut-off session saved (a dropped SSH connection, a
closed terminal window, a stopped process): Enter resumes, Escape leaves it under Saved games.

Dismissed with True (resume) or False; the app does the resuming.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from swarmtui.core.safe_text import safe_text
from swarmtui.tui.saved_game import SaveEntry, describe


def offer_text(entry: SaveEntry) -> Text:
    """What the offer says: why there is a saved game, which one, and that nothing is lost."""
    assert entry.game is not None
    text = Text("Your last session was cut off in the middle of a game", style="bold", end="")
    text.append(" (the connection dropped, or the app was stopped). It was saved:\n\n")
    lines = describe(entry.game, table_sep="\n").split("\n")  # the table phrase on a line of its own
    text.append(Text("\n").join(safe_text(line, "italic") for line in lines))
    text.append("\n\nResume it now? Either way it stays under Saved games.")
    return text


class ResumeOffer(ModalScreen[bool]):
    """Resume (Enter, y) or not now (Escape, n)."""

    CSS_PATH = "resume_offer.tcss"

    BINDINGS = [Binding("y", "choose(True)", "Resume"), Binding("escape,n", "choose(False)", "Not now")]

    def __init__(self, entry: SaveEntry) -> None:
        super().__init__()
        self.entry = entry

    def compose(self) -> ComposeResult:
        with Vertical(id="offer") as offer:
            offer.border_title = "A game was interrupted"
            yield Static(offer_text(self.entry))
            with Horizontal(id="buttons"):
                yield Button("Resume", id="resume", variant="primary", compact=True)
                yield Button("Not now", id="later", compact=True)

    def on_mount(self) -> None:
        self.query_one("#resume", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "resume")

    def action_choose(self, resume: bool) -> None:
        self.dismiss(resume)
