"""The chat of a table: its lines so far and a field to say something.

Every line is someone's words (the hub has cleaned them already) and is shown through
``core.safe_text`` all the same: a name or a line with ``[b]`` or an escape sequence shows as
text. Notes from the table itself (a rating change, a rematch) are drawn dim and italic.
Messages up: ``Say`` with what was typed (the screen sends it), ``Done`` on Escape (back to the
board). ``lines`` keeps the plain text shown, for the screen's notices and for tests.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, RichLog

from swarmtui.core.safe_text import safe_text
from swarmtui.tables.chat import MAX_CHARACTERS

KEPT_LINES = 200


def chat_line(line: dict[str, Any]) -> Text:
    """``alice [3f2a9c] (X): hello`` as text; a watcher's line has no seat."""
    seat = f" ({line['seat']})" if line.get("seat") else ""
    return Text.assemble(safe_text(f"{line.get('player', '?')}{seat}", "bold", limit=60), ": ",
                         safe_text(line.get("text", ""), limit=MAX_CHARACTERS))


class ChatView(Vertical):
    """The chat log above its input field."""

    DEFAULT_CSS = """
    ChatView {
        width: 1fr;
        border: round $secondary;
        padding: 0 1;
    }
    ChatView:focus-within {
        border: double $accent;
    }
    ChatView #chat-log {
        height: 1fr;
        background: $surface;
        scrollbar-size-vertical: 1;
    }
    ChatView #chat-input {
        height: 1;
        margin-top: 1;
    }
    """

    BINDINGS = [Binding("escape", "done", "Board", tooltip="back to the board (the chat stays)")]

    class Say(Message):
        """The player typed ``text`` and pressed Enter."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Done(Message):
        """The player left the chat field (Escape)."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield RichLog(id="chat-log", wrap=True, markup=False, max_lines=KEPT_LINES, auto_scroll=True, min_width=8)
        yield Input(placeholder="c: say something, Enter sends", max_length=MAX_CHARACTERS, id="chat-input",
                    compact=True)

    def on_mount(self) -> None:
        self.border_title = "Chat"

    def add_line(self, line: dict[str, Any]) -> None:
        text = chat_line(line)
        self._write(text)

    def add_note(self, note: str) -> None:
        self._write(safe_text(note, "dim italic"))

    def clear(self) -> None:
        self.lines.clear()
        self.query_one("#chat-log", RichLog).clear()

    def _write(self, text: Text) -> None:
        self.lines = [*self.lines[-(KEPT_LINES - 1):], text.plain]
        self.query_one("#chat-log", RichLog).write(text)

    def focus_input(self) -> None:
        """Focus the field now, not at the next idle moment (``Widget.focus`` defers it): keys typed
        right after ``c`` are the line's, and a ``q`` among them must not reach the quit key."""
        self.screen.set_focus(self.query_one("#chat-input", Input))

    @on(Input.Submitted, "#chat-input")
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.post_message(self.Say(event.value))
        event.input.clear()

    def action_done(self) -> None:
        self.post_message(self.Done())
