"""The main menu: the games, the maze builders, saved games and result-file replays.

Choosing a game opens its setup screen (players, agents, parameters, seed); ``F1`` shows the
highlighted game's rules (``screens.rules``). Games that are not
playable yet are listed as "coming"; choosing one says so and opens nothing. Messages up:
``OpenSetup`` (a game was chosen), ``OpenMazes``, ``OpenSaves``, ``OpenResults``, ``OpenCrossing``
(the shipped optimal Halma crossing), ``OpenTables``
(under ``swarmtui serve`` only: the games of other connected players): the app opens the screen.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from swarmtui.agents import agents_for
from swarmtui.core.safe_text import safe_text
from swarmtui.games import GAMES, GameSpec
from swarmtui.tui.screens.rules import RULES_BINDING, show_rules
from swarmtui.tui.widgets.screen_title import ScreenTitle

MAZES = GameSpec("mazes", "Mazes", (), True, None,
                 "build mazes with ants and bees (Polap et al.) or classic algorithms; watch, measure, export")
"""The maze builders' entry: not a game, it opens the maze screen (``OpenMazes``)."""

SAVES = GameSpec("saves", "Saved games", (), True, None,
                 "resume a game in progress (autosaved on quit), or replay a finished one move by move")
RESULTS = GameSpec("results", "Replay a game record", (), True, None,
                   "step through a game logged by 'swarmtui sim --out' (with each AI turn's reasoning), a saved game, "
                   "a Hive PGN or BoardSpace SGF, or a text record")
TABLES = GameSpec("tables", "Play with others", (), True, None,
                  "join a game another player connected to this server opened, or watch one live; to open "
                  "one, choose 'A connected player' for a seat in a game's setup")
CROSSING = GameSpec("crossing", "Watch the optimal crossing", (), True, None,
                    "Halma alone in 27 moves, the fewest possible (Bell, 2009; the paper's swarm needed 68): "
                    "the beam solver's crossing replayed move by move, in notation")
TOOLS = (TABLES, MAZES, SAVES, RESULTS, CROSSING)
"""Menu entries that are not games: each opens its own screen (``TABLES`` under serve only)."""

BANNER = "swarmtui - swarm-intelligence agents play games; watch them think"


def menu_games(tables: bool = False) -> list[GameSpec]:
    """Playable games first, then the tools, then the games that are coming, in registry order."""
    specs = list(GAMES.values())
    tools = [t for t in TOOLS if tables or t is not TABLES]
    return [g for g in specs if g.playable] + tools + [g for g in specs if not g.playable]


def game_prompt(spec: GameSpec) -> Text:
    text = Text(spec.title, style="bold" if spec.playable else "", end="")
    if not spec.playable:
        text.append("  (coming)", style="dim italic")
    return text


def agents_text(game: GameSpec) -> Group:
    """The agents that play ``game``: each title (bold) in a column of its own beside what it does,
    so a long title wraps in its column instead of running into its description. Read from the
    agents' specs: the menu imports no agent's implementation."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", ratio=2)
    grid.add_column(ratio=3)
    for spec in agents_for(game.id):
        grid.add_row(safe_text(spec.title), safe_text(spec.description))
    hint = Text("\nEnter opens the game's setup (players, parameters, seed); ? lists every key.", style="dim")
    return Group(grid, hint)


def menu_help() -> str:
    """What the menu does, for its ``?`` help: what choosing a game or each other entry opens."""
    lines = ["Choose an entry with the arrows and Enter. The right-hand panel says what the highlighted "
             "entry is and, for a game, which computer players play it.",
             "",
             "A game (the entries in bold): opens its setup (players, parameters, rules, seed); "
             f"{RULES_BINDING.key.upper()} shows its rules. An entry marked (coming) cannot be played yet."]
    for entry in TOOLS:
        where = " (only when the app is served to several players)" if entry is TABLES else ""
        lines.append(f"{entry.title}{where}: {entry.blurb}")
    lines += ["", "ctrl+p opens the command palette (every action by name); q quits (a game in progress "
              "is saved)."]
    return "\n".join(lines)


class MenuScreen(Screen[None]):
    """The entries on the left; what the highlighted one is (and who can play it) on the right."""

    HELP_TITLE = "Menu"

    HELP = menu_help()

    BINDINGS = [Binding(RULES_BINDING.key, "rules", "Rules", tooltip="the rules of the highlighted game")]

    CSS_PATH = "menu.tcss"

    class OpenSetup(Message):
        """The player chose ``game``: its setup screen should open."""

        def __init__(self, game: GameSpec) -> None:
            super().__init__()
            self.game = game

    class OpenMazes(Message):
        """The player chose the maze builders."""

    class OpenSaves(Message):
        """The player chose the saved games."""

    class OpenResults(Message):
        """The player chose to replay a result file."""

    class OpenCrossing(Message):
        """The player chose to watch the optimal Halma crossing."""

    class OpenTables(Message):
        """The player chose to join or watch another player's game."""

    def __init__(self, *, seed: int | None = None, tables: bool = False) -> None:
        super().__init__()
        self.seed = seed
        self.games = menu_games(tables)
        self.game = next(g for g in self.games if g.playable)

    def compose(self) -> ComposeResult:
        yield ScreenTitle(BANNER, id="banner", markup=False)
        with Horizontal():
            with Vertical(id="games") as games:
                games.border_title = "Play, watch, replay"
                yield OptionList(*(Option(game_prompt(g), id=g.id) for g in self.games), id="game-list")
            with Vertical(id="about"):
                yield Static(id="game-info", markup=False)
                yield Static(agents_text(self.game), id="agents", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#about").border_title = "About"
        self.query_one("#game-list", OptionList).focus()
        self.describe(self.game)

    def describe(self, game: GameSpec) -> None:
        state = "" if game.playable else "Not playable yet.\n"
        info = Text(f"{game.title}\n", style="bold").append(f"{state}{game.blurb}", style="")
        self.query_one("#game-info", Static).update(info)
        agents = self.query_one("#agents", Static)
        agents.display = game not in TOOLS
        if game not in TOOLS:
            agents.update(agents_text(game))

    def action_rules(self) -> None:
        """The rules of the highlighted game (the other entries have none: say what to do)."""
        option = self.query_one("#game-list", OptionList).highlighted_option
        game = self.game_by_id(option.id) if option is not None else self.game
        if game in TOOLS or game.new_state is None:
            self.notify("Highlight a game to read its rules (F1); on the maze screen ? explains the maze's glyphs",
                        title="Rules")
            return
        show_rules(self.app, game)

    def game_by_id(self, game_id: str | None) -> GameSpec:
        return next(g for g in self.games if g.id == game_id)

    @on(OptionList.OptionHighlighted, "#game-list")
    def game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.describe(self.game_by_id(event.option.id))

    @on(OptionList.OptionSelected, "#game-list")
    def game_selected(self, event: OptionList.OptionSelected) -> None:
        game = self.game_by_id(event.option.id)
        tools = {MAZES.id: self.OpenMazes, SAVES.id: self.OpenSaves, RESULTS.id: self.OpenResults,
                 TABLES.id: self.OpenTables, CROSSING.id: self.OpenCrossing}
        if game.id in tools:
            self.post_message(tools[game.id]())
            return
        if not game.playable:
            self.notify(f"{game.title} is coming - it cannot be played yet.", title="Coming")
            return
        self.game = game
        self.post_message(self.OpenSetup(game))
