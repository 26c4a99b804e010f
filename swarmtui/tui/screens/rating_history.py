"""One player's rated games of one game, the latest first (from the leaderboard's Enter).

Each row: the day and time (UTC), the opponent (``AI`` after a computer player), the result
from this player's side, the rating after the game with its change, and the table's code.
Read from the hub (``TableClient.history``) in a thread worker.
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer

from swarmtui.core.safe_text import safe_text
from swarmtui.games import GAMES
from swarmtui.tables.client import TableClient, TableError
from swarmtui.tables.codes import shown
from swarmtui.tui.rating_text import player_text, rating_text
from swarmtui.tui.widgets.screen_title import ScreenTitle

RESULTS = {1.0: "won", 0.5: "drew", 0.0: "lost"}


class RatingHistoryScreen(Screen[None]):
    """A table of the games; Escape goes back to the leaderboard."""

    HELP_TITLE = "A player's rated games"

    CSS_PATH = "rating_history.tcss"

    BINDINGS = [Binding("escape,m", "back", "Back")]

    def __init__(self, client: TableClient, game: str, player: str, label: str) -> None:
        super().__init__()
        self.client, self.game, self.player, self.label = client, game, player, label
        self.played: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        title = safe_text(f"{self.label}: rated games of {GAMES[self.game].title}", limit=78)
        yield ScreenTitle(title, id="title")
        with Vertical(id="box") as box:
            box.border_title = "Latest first"
            yield DataTable(id="played", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#played", DataTable)
        for label, width in (("When (UTC)", 16), ("Opponent", 17), ("Result", 6), ("Rating", 6), ("Change", 6),
                             ("Table", 7)):  # 70 columns with the cells' padding: the whole row at 80
            table.add_column(label, width=width)
        table.focus()
        self.load()

    @work(thread=True, exclusive=True, group="history")
    def load(self) -> None:
        try:
            played = self.client.history(self.game, self.player)
        except TableError as error:
            self.app.call_from_thread(self.notify, f"Cannot read the games: {error}", title="Ratings",
                                      severity="error")
            return
        self.app.call_from_thread(self.show, played)

    def show(self, played: list[dict[str, Any]]) -> None:
        self.played = played
        table = self.query_one("#played", DataTable)
        table.clear()
        for game in played:
            change = game["after"] - game["before"]
            table.add_row(Text(time.strftime("%Y-%m-%d %H:%M", time.gmtime(game["ended"]))),
                          player_text(game["opponent_label"], game["opponent_kind"]),
                          Text(RESULTS.get(game["score"], "?")), rating_text(game["after"], game["deviation"]),
                          Text(f"{change:+.0f}", justify="right"), safe_text(shown(str(game["table"]))))
        self.query_one("#box").border_subtitle = f"{len(played)} game{'s' * (len(played) != 1)}"

    def action_back(self) -> None:
        self.dismiss()
