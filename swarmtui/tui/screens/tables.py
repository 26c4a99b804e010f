"""The tables of other connected players (``swarmtui serve``): join a free seat, or watch.

The list is read from the server's table hub when the screen opens and every
``REFRESH_SECONDS`` after (in a thread worker, so a slow hub never freezes the screen). Each
table shows its code, game, whether it is rated, who sits where (``open`` for a seat waiting
for a player, ``away`` for one kept for a player who left) and how far the game is. ``j``
joins a table by its code (a private table is found only that way), ``l`` opens the
leaderboard. Messages up: ``Join`` with the table (or its code) and whether to only watch;
``OpenRatings``; the app opens the screen.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from swarmtui.core.clock import TimeControl
from swarmtui.core.counting import counted
from swarmtui.core.safe_text import safe_text
from swarmtui.tables.client import TableClient, TableError
from swarmtui.tables.codes import shown
from swarmtui.tui.screens.table_code import TableCode
from swarmtui.tui.widgets.screen_title import ScreenTitle

REFRESH_SECONDS = 2.0


def seat_text(seat: dict[str, Any]) -> str:
    """``"White alice [3f2a9c]"``, ``"Black open"``, ``"2 greedy"`` or ``"Black away (bob [..])"``."""
    if seat["agent"] != "human":
        return f"{seat['seat']} {seat['agent']}"
    if seat["open"]:
        return f"{seat['seat']} open"
    if not seat["present"]:
        return f"{seat['seat']} away ({seat['player']})" if seat["player"] else f"{seat['seat']} away"
    return f"{seat['seat']} {seat['player']}"


def clock_minutes(control: str) -> str:
    """A table's time control (the hub's spelling, in seconds) as the setup spells it (``"5+3"``)."""
    try:
        return TimeControl.parse(control).minutes()
    except ValueError:
        return control


def table_prompt(table: dict[str, Any]) -> Text:
    """Two lines: table number, game and state; then the seats."""
    free = sum(1 for s in table["seats"] if s["open"])
    state = "finished" if table["over"] else f"{free} seat{'s' * (free != 1)} free" if free else "full"
    text = safe_text(f"Table {table['table']}  {table['title']}", "bold")  # the hub's words: shown as text
    if table.get("code"):
        text.append(safe_text(f"  {shown(str(table['code']))}"))
    if table.get("rated"):
        text.append("  rated", "italic")
    if table.get("private"):
        text.append("  private", "italic")
    if isinstance(table.get("clock"), str) and table["clock"] != "none":
        text.append_text(safe_text(f"  clock {clock_minutes(table['clock'])}", "italic"))
    text.append(safe_text(f"  {counted(table['moves'], 'move')}  {state}"))
    if table["watchers"]:
        text.append("  ")
        text.append(safe_text(f"{table['watchers']} watching", "dim"))
    if table.get("coach") is True:
        text.append("  coach allowed", "italic")
    text.append(Text.assemble("\n  ", safe_text("  ".join(seat_text(s) for s in table["seats"]))))
    return text


class TablesScreen(Screen[None]):
    """Enter joins the highlighted table, ``w`` watches it, Escape returns to the menu."""

    HELP_TITLE = "Play with others"

    CSS_PATH = "tables.tcss"

    BINDINGS = [Binding("escape,m", "back", "Menu"), Binding("w", "watch", "Watch"),
                Binding("j", "code", "Join by code", tooltip="join (or watch) the table with a code its host gave"),
                Binding("l", "ratings", "Leaderboard", tooltip="the ratings of rated games, and each player's games"),
                Binding("f5", "reload", "Reload")]

    class Join(Message):
        """Sit at ``table`` (or the table with ``code``), or only watch it."""

        def __init__(self, table: str | None, watch: bool, code: str | None = None) -> None:
            super().__init__()
            self.table, self.watch, self.code = table, watch, code

    class OpenRatings(Message):
        """Show the leaderboard."""

    def __init__(self, client: TableClient) -> None:
        super().__init__()
        self.client = client
        self.tables: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield ScreenTitle(Text("Games of players connected to this server"), id="title")
        with Vertical(id="box") as box:
            box.border_title = "Enter: take a free seat  w: watch  j: code  l: ratings"
            yield Static(id="message")
            yield OptionList(id="tables")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tables", OptionList).focus()
        self.action_reload()
        self.set_interval(REFRESH_SECONDS, self.action_reload)

    @work(thread=True, exclusive=True, group="tables")
    def action_reload(self) -> None:
        try:
            tables = self.client.list_tables()
        except TableError as error:
            self.app.call_from_thread(self.show, [], f"Cannot list the tables: {error}")
            return
        self.app.call_from_thread(self.show, tables, "")

    def show(self, tables: list[dict[str, Any]], problem: str) -> None:
        """Show ``tables``, keeping the highlighted table highlighted."""
        options = self.query_one("#tables", OptionList)
        keep = options.highlighted_option.id if options.highlighted_option is not None else None
        self.tables = tables
        options.clear_options()
        options.add_options([Option(table_prompt(t), id=str(t["table"])) for t in tables])
        ids = [str(t["table"]) for t in tables]
        options.highlighted = ids.index(keep) if keep in ids else (0 if ids else None)
        if not problem and not tables:
            problem = ("No tables yet. To open one, start a game of Halma or Hive and choose "
                       "'A connected player' for a seat.")
        self.query_one("#message", Static).update(safe_text(problem))

    @on(OptionList.OptionSelected, "#tables")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.post_message(self.Join(str(event.option.id), watch=False))

    def action_watch(self) -> None:
        option = self.query_one("#tables", OptionList).highlighted_option
        if option is not None:
            self.post_message(self.Join(str(option.id), watch=True))

    def action_code(self) -> None:
        self.app.push_screen(TableCode(), self._code_given)

    def _code_given(self, answer: tuple[str, bool] | None) -> None:
        if answer is not None:
            self.post_message(self.Join(None, watch=answer[1], code=answer[0]))

    def action_ratings(self) -> None:
        self.post_message(self.OpenRatings())

    def action_back(self) -> None:
        self.dismiss()
