"""The leaderboard of the rated games at this server: one game's Glicko-2 ratings, best first.

Read from the table hub (``TableClient.leaderboard``) in a thread worker when the screen opens
and when another game is chosen. Each row: rank, player (computer players marked ``AI``, so a
person sees where they stand against ``alphabeta`` at each difficulty; your own row marked
``>``), the rating with ``?`` while it is still uncertain (a deviation over
``UNCERTAIN_DEVIATION``, as online servers mark provisional ratings), the 95% interval as ``±``
two deviations (Glickman's way to report it), games, wins-draws-losses and the day of the last
game (UTC). Enter opens the highlighted player's games (``RatingHistoryScreen``).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Select, Static

from swarmtui.core.safe_text import safe_text
from swarmtui.games import GAMES
from swarmtui.tables.client import TableClient, TableError
from swarmtui.tui.rating_text import day, player_text, rating_text
from swarmtui.tui.screens.rating_history import RatingHistoryScreen
from swarmtui.tui.widgets.screen_title import ScreenTitle


class LeaderboardScreen(Screen[None]):
    """A game chooser over the standings; Enter shows a player's history, Escape goes back."""

    HELP_TITLE = "Leaderboard"

    CSS_PATH = "leaderboard.tcss"

    BINDINGS = [Binding("escape,m", "back", "Back"), Binding("f5", "reload", "Reload")]

    def __init__(self, client: TableClient, game: str = "") -> None:
        super().__init__()
        self.client = client
        self.game = game
        self.standings: list[dict[str, Any]] = []
        self.you = ""

    def compose(self) -> ComposeResult:
        yield ScreenTitle(Text("Ratings at this server (Glicko-2)"), id="title")
        with Vertical(id="box") as box:
            box.border_title = "Enter: a player's games"
            yield Select([], prompt="Game", id="game", compact=True)
            yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)
            yield Static(Text("Rating ± two deviations (95%); ? : still uncertain. Rated by day (UTC): "
                              "a day's games count together."), id="note")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#standings", DataTable)
        for label, width in (("#", 2), ("Player", 21), ("Rating", 6), ("±", 4), ("Games", 5), ("W-D-L", 7),
                             ("Last", 10)):  # 69 columns with the cells' padding: the whole row at 80
            table.add_column(label, width=width)
        table.focus()
        self.action_reload()

    @work(thread=True, exclusive=True, group="leaderboard")
    def action_reload(self) -> None:
        try:
            reply = self.client.leaderboard(self.game)
        except TableError as error:
            self.app.call_from_thread(self.show, {}, f"Cannot read the ratings: {error}")
            return
        self.app.call_from_thread(self.show, reply, "")

    def show(self, reply: dict[str, Any], problem: str) -> None:
        games = [g for g in reply.get("games", []) if g in GAMES]
        self.game = str(reply.get("game") or self.game)
        self.you = str(reply.get("you", ""))
        self.standings = list(reply.get("standings", []))
        chooser = self.query_one("#game", Select)
        with self.prevent(Select.Changed):
            chooser.set_options([(GAMES[g].title, g) for g in games])
            if self.game in games:
                chooser.value = self.game
        table = self.query_one("#standings", DataTable)
        table.clear()
        for rank, s in enumerate(self.standings, 1):
            rating = s["rating"]
            table.add_row(Text(str(rank), justify="right"), player_text(s["label"], s["kind"], s["player"] == self.you),
                          rating_text(rating["rating"], rating["deviation"]),
                          Text(f"{2 * rating['deviation']:.0f}", justify="right"),
                          Text(str(s["games"]), justify="right"), Text(f"{s['wins']}-{s['draws']}-{s['losses']}"),
                          Text(day(s["last"])))
        if not problem and not self.standings:
            problem = ("No rated games yet. To play one, open a table from a game's setup with "
                       "'A connected player' and Table: rated.")
        self.query_one("#box").border_subtitle = safe_text(problem).plain if problem else ""
        if problem:
            self.notify(problem, title="Ratings", timeout=6)

    @on(Select.Changed, "#game")
    def game_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.game:
            self.game = event.value
            self.action_reload()

    @on(DataTable.RowSelected, "#standings")
    def chosen(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self.standings):
            row = self.standings[event.cursor_row]
            self.app.push_screen(RatingHistoryScreen(self.client, self.game, row["player"], row["label"]))

    def action_back(self) -> None:
        self.dismiss()
