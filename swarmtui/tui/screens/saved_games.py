"""The saved-games list: resume a game in progress, replay a finished one.

Lists ``saved_game.list_games()`` newest first. A file that cannot be read is listed with the
sentence saying why; choosing it repeats the sentence and leaves the file exactly as it is.
Messages up: ``Resume`` (a game in progress) and ``Replay`` (a finished game); the app opens
the game screen or the replay viewer.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from swarmtui.core.safe_text import safe_text
from swarmtui.tui.saved_game import SaveEntry, describe, games_dir, list_games
from swarmtui.tui.widgets.screen_title import ScreenTitle


def entry_prompt(entry: SaveEntry) -> Text:
    """Two lines: the file name, then the game (or, dim, why it cannot be read)."""
    text = safe_text(entry.path.name, "bold")
    if entry.game is None:
        text.append(Text.assemble("\n", safe_text(f"  damaged: {entry.error}", "italic")))
    else:
        text.append(Text.assemble("\n  ", safe_text(describe(entry.game))))
    return text


class SavedGamesScreen(Screen[None]):
    """Enter resumes (or replays a finished game); Escape returns to the menu."""

    HELP_TITLE = "Saved games"

    CSS_PATH = "saved_games.tcss"

    BINDINGS = [Binding("escape,m", "back", "Menu"), Binding("f5", "reload", "Reload")]

    class Resume(Message):
        """Resume the game of ``entry``."""

        def __init__(self, entry: SaveEntry) -> None:
            super().__init__()
            self.entry = entry

    class Replay(Message):
        """Replay the finished game of ``entry``."""

        def __init__(self, entry: SaveEntry) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []

    def compose(self) -> ComposeResult:
        yield ScreenTitle(safe_text(f"Saved games in {games_dir()}"), id="title")
        with Vertical(id="box") as box:
            box.border_title = "Enter: resume / replay a finished game"
            yield Static(id="message")
            yield OptionList(id="saves")
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        self.entries = list_games()
        options = self.query_one("#saves", OptionList)
        options.clear_options()
        options.add_options([Option(entry_prompt(e), id=str(i)) for i, e in enumerate(self.entries)])
        options.highlighted = 0 if self.entries else None
        message = "" if self.entries else "No saved games yet: w saves a game; quitting saves it too."
        self.show_message(message)
        options.focus()

    def show_message(self, message: str) -> None:
        self.query_one("#message", Static).update(safe_text(message))

    @on(OptionList.OptionSelected, "#saves")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        entry = self.entries[int(event.option.id or 0)]
        if entry.game is None:
            self.show_message(f"Cannot open it: {entry.error}. The file is left as it is.")
            self.notify(entry.error, title="Damaged save", severity="error")
            return
        self.post_message(self.Replay(entry) if entry.game.finished else self.Resume(entry))

    def action_back(self) -> None:
        self.dismiss()
