"""The main menu: pick a game, an agent for each seat, optionally a seed, then start.

Games that are not playable yet are listed as "coming"; choosing one says so and starts
nothing. Messages up: ``StartGame`` carries the chosen ``MatchConfig`` to the app;
``OpenMazes`` asks it for the maze screen.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from swarmtui.agents import agents_for
from swarmtui.games import GAMES, GameSpec
from swarmtui.tui.boards import tui_playable
from swarmtui.tui.match import MatchConfig

MAZES = GameSpec("mazes", "Mazes", (), True, None,
                 "build mazes with ants and bees (Polap et al.) or classic algorithms; watch, measure, export")
"""The maze builders' entry: not a game, it opens the maze screen (``OpenMazes``)."""

DEFAULT_AGENTS = ("human", "minimax")
"""Preferred agent per seat in order; the first agent that plays the game otherwise."""

AI_PREFERENCE = ("aco-bco", "greedy")
"""For a game the default AI does not play, the computer players offered first (Halma)."""

BANNER = "swarmtui - swarm-intelligence agents play games; watch them think"


def menu_games() -> list[GameSpec]:
    """Playable games first, then the mazes, then the games that are coming, in registry order."""
    specs = list(GAMES.values())
    return [g for g in specs if tui_playable(g)] + [MAZES] + [g for g in specs if not tui_playable(g)]


def game_prompt(spec: GameSpec) -> Text:
    text = Text(spec.title, style="bold" if tui_playable(spec) or spec is MAZES else "", end="")
    if not tui_playable(spec) and spec is not MAZES:
        text.append("  (coming to the TUI)" if spec.playable else "  (coming)", style="dim italic")
    return text


def agents_text(game: GameSpec) -> Text:
    """One line per agent that plays ``game``: its title (bold) and what it does."""
    text = Text(end="")
    for i, spec in enumerate(agents_for(game.id)):
        if i:
            text.append("\n")
        text.append(f"{spec.title:<26}", style="bold")
        text.append(spec.description)
    text.append("\n\nEnter picks, Tab moves on, ? lists every key. Give a seed to replay a game.", style="dim")
    return text


def parse_seed(text: str) -> int | None:
    """Blank -> None (a random seed); a whole number >= 0 -> it; ValueError otherwise."""
    text = text.strip()
    if not text:
        return None
    seed = int(text)
    if seed < 0:
        raise ValueError("negative")
    return seed


class MenuScreen(Screen[None]):
    """Game list on the left, players/seed/start on the right."""

    DEFAULT_CSS = """
    MenuScreen #banner {
        height: 1;
        padding: 0 1;
        background: $panel;
        text-style: bold;
    }
    MenuScreen #games, MenuScreen #setup {
        width: 1fr;
        height: auto;
        max-height: 100%;
        border: round $primary;
        padding: 0 1;
    }
    MenuScreen #games:focus-within, MenuScreen #setup:focus-within {
        border: double $accent;  /* a different line, not only a colour */
    }
    MenuScreen #game-list {
        height: auto;
        border: none;
        padding: 0;
    }
    MenuScreen #game-info {
        height: auto;
        margin-top: 1;
        color: $text-muted;
    }
    MenuScreen Horizontal {
        height: auto;
    }
    MenuScreen #agents {
        height: 1fr;
        border: round $secondary;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    MenuScreen #seats {
        height: auto;
    }
    MenuScreen #start {
        margin-top: 1;
        width: 100%;
    }
    """

    class OpenMazes(Message):
        """The player chose the maze builders."""

    class StartGame(Message):
        """The player asked to start ``config``."""

        def __init__(self, config: MatchConfig) -> None:
            super().__init__()
            self.config = config

    def __init__(self, *, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed
        self.games = menu_games()
        self.game = next(g for g in self.games if tui_playable(g))

    def compose(self) -> ComposeResult:
        yield Static(BANNER, id="banner", markup=False)
        with Horizontal():
            with Vertical(id="games") as games:
                games.border_title = "1 Game"
                yield OptionList(*(Option(game_prompt(g), id=g.id) for g in self.games), id="game-list")
                yield Static(id="game-info", markup=False)
            with Vertical(id="setup") as setup:
                setup.border_title = f"2 Players: {self.game.title}"
                with Vertical(id="seats"):
                    yield from self.seat_widgets(self.game)
                yield Label("Seed (blank: random)")
                yield Input(
                    "" if self.seed is None else str(self.seed), placeholder="random",
                    type="integer", id="seed", compact=True,
                )
                yield Button("Start", id="start", variant="primary")
        yield Static(agents_text(self.game), id="agents", markup=False)
        yield Footer()

    def seat_widgets(self, game: GameSpec, players: int | None = None) -> ComposeResult:
        """A label and an agent selector per seat of ``game`` (and the number of players, if it varies)."""
        agents = agents_for(game.id)
        ids = [a.id for a in agents]
        if game.seat_counts:
            yield Label("Number of players")
            yield Select(
                [(str(n), n) for n in game.seat_counts], allow_blank=False, value=players or len(game.seats),
                id="players", compact=True,
            )
        for i, seat in enumerate(game.seats_for(players)):
            preferred = DEFAULT_AGENTS[min(i, len(DEFAULT_AGENTS) - 1)]
            if preferred not in ids and i:
                preferred = next((a for a in AI_PREFERENCE if a in ids), ids[0])
            yield Label(f"{seat} plays as")
            yield Select(
                [(Text(a.title), a.id) for a in agents], allow_blank=False,
                value=preferred if preferred in ids else ids[0], id=f"seat-{i}", compact=True,
            )

    def on_mount(self) -> None:
        self.query_one("#agents").border_title = "Who can play"
        self.query_one("#game-list", OptionList).focus()
        self.describe(self.game)

    def describe(self, game: GameSpec) -> None:
        state = "" if tui_playable(game) or game is MAZES else "Not playable in the TUI yet.\n" if game.playable else "Not playable yet.\n"
        self.query_one("#game-info", Static).update(Text(f"{state}{game.blurb}"))

    def game_by_id(self, game_id: str | None) -> GameSpec:
        return next(g for g in self.games if g.id == game_id)

    @on(OptionList.OptionHighlighted, "#game-list")
    def game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.describe(self.game_by_id(event.option.id))

    @on(OptionList.OptionSelected, "#game-list")
    async def game_selected(self, event: OptionList.OptionSelected) -> None:
        game = self.game_by_id(event.option.id)
        if game is MAZES:
            self.post_message(self.OpenMazes())
            return
        if not tui_playable(game):
            where = "in the TUI yet (try swarmtui sim)" if game.playable else "yet"
            self.notify(f"{game.title} is coming - it cannot be played {where}.", title="Coming")
            return
        if game is not self.game:
            self.game = game
            self.query_one("#setup").border_title = f"2 Players: {game.title}"
            seats = self.query_one("#seats")
            await seats.remove_children()
            await seats.mount_all(list(self.seat_widgets(game)))
            self.query_one("#agents", Static).update(agents_text(game))
        if self.focused is self.query_one("#game-list"):  # keys typed ahead may have moved on
            self.query_one("#seat-0", Select).focus()

    @on(Select.Changed, "#players")
    async def players_changed(self, event: Select.Changed) -> None:
        """Another number of players: one agent selector per seat of the new count."""
        players = int(event.value)  # type: ignore[arg-type]
        if players == len(self.query("#seats Select")) - 1:
            return  # the selector was (re)mounted with the count already shown
        seats = self.query_one("#seats")
        await seats.remove_children()
        await seats.mount_all(list(self.seat_widgets(self.game, players)))
        self.query_one("#players", Select).focus()

    @on(Button.Pressed, "#start")
    @on(Input.Submitted, "#seed")
    def start(self) -> None:
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except ValueError:
            self.notify("The seed must be a whole number, 0 or more (or blank).", severity="error")
            self.query_one("#seed", Input).focus()
            return
        agents = tuple(str(s.value) for s in self.query(Select).results(Select) if (s.id or "").startswith("seat-"))
        self.post_message(self.StartGame(MatchConfig(self.game.id, agents, seed)))
