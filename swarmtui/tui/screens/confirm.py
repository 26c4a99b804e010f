"""A yes/no question on a modal screen: Enter or ``y`` says yes, Escape or ``n`` says no.

Used where a key would throw something away (``r`` on a game in progress). Dismissed with
True for yes, False for no.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from swarmtui.core.safe_text import safe_text


class Confirm(ModalScreen[bool]):
    """``question`` with a yes button (focused) and a no button."""

    CSS_PATH = "confirm.tcss"

    BINDINGS = [Binding("y", "choose(True)", "Yes"), Binding("escape,n", "choose(False)", "No")]

    def __init__(self, title: str, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.title_line, self.question, self.yes, self.no = title, question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm") as box:
            box.border_title = safe_text(self.title_line)
            box.border_subtitle = "enter/y: yes   esc/n: no"
            yield Static(safe_text(self.question))
            with Horizontal(id="buttons"):
                yield Button(self.yes, id="yes", variant="warning", compact=True)
                yield Button(self.no, id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_choose(self, answer: bool) -> None:
        self.dismiss(answer)
