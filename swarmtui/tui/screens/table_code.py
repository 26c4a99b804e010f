"""Ask for a table's code (``j`` on the tables list): Enter joins, ``w`` then Enter watches,
Escape goes back. Dismissed with ``(code, watch)``, or None.

The code is read as the hub reads it (``tables.codes.read_code``: any case, dashes and spaces,
O for 0, I and L for 1), so a code that cannot be one is refused here with a sentence, before
it counts as a wrong guess at the hub.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Static

from swarmtui.tables.codes import LENGTH, read_code


class TableCode(ModalScreen[tuple[str, bool] | None]):
    """A code field and a 'only watch' box."""

    CSS_PATH = "table_code.tcss"

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="ask") as box:
            box.border_title = "Join a table by its code"
            box.border_subtitle = "enter: join   esc: back"
            yield Static(f"The {LENGTH} characters its host reads out (K7Q-2XM):")
            yield Input(placeholder="K7Q-2XM", max_length=4 * LENGTH, id="code", compact=True)
            yield Checkbox("only watch", id="watch", compact=True)
            yield Static("", id="problem")

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()

    @on(Input.Submitted, "#code")
    def submitted(self, event: Input.Submitted) -> None:
        code = read_code(event.value)
        if code is None:
            self.query_one("#problem", Static).update(
                f"A code is {LENGTH} letters and digits, like K7Q-2XM.")
            return
        self.dismiss((code, self.query_one("#watch", Checkbox).value))

    def action_cancel(self) -> None:
        self.dismiss(None)
