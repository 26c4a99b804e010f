"""The setup screen of one game: players, an agent per seat, each agent's parameters, the seed.

Left: the number of players (games with a varying count), one agent selector per seat, the
seed, the clock (``CLOCK_HELP``), the rule variants, the coach (any computer player of the game, the strongest first, or
off), and Start / Watch (every seat played by a computer, for demos). Right: the parameters of
the seat last focused, one field per field of its agent's params dataclass
(``core.params.param_fields``) with the paper's default and the field's help (a drop-down for a
field with a fixed set of values, such as a search player's difficulty); a value the
dataclass refuses shows its ``ParamError`` sentence under the field at once, and Start refuses
to go until every seat's values fit. Everything is reachable with Tab and the arrows at 80x24.

Under ``swarmtui serve`` (``remote=True``) a seat can also be "a connected player"
(``table_game.REMOTE``): Start then opens a table others join from their "Play with others",
listed or private (found only by its code), rated or not (``TABLE_KINDS``).

Messages up: ``StartGame`` with the chosen ``MatchConfig`` (the app opens the game screen).
"""

from __future__ import annotations

import dataclasses
import typing

from rich.text import Text
from textual import on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import DescendantFocus
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from swarmtui.agents import agent_params, agents_for, get_spec
from swarmtui.agents.ladder import casual_opponent, level_rating, rating
from swarmtui.core.agent import AgentSpec
from swarmtui.core.clock import TimeControl
from swarmtui.core.engines import engine_names
from swarmtui.core.params import ParamError
from swarmtui.core.safe_text import safe_text
from swarmtui.games import GameSpec
from swarmtui.referee import rules_object
from swarmtui.tui.config import SeatDefaults
from swarmtui.tui.match import COACH_OFF, MatchConfig
from swarmtui.tui.panels.playback import SPEEDS
from swarmtui.tui.screens.rules import RULES_BINDING, RULES_KEY, show_rules
from swarmtui.tui.setup_memory import LastSetup
from swarmtui.tui.table_game import REMOTE, REMOTE_SPEC
from swarmtui.tui.widgets.screen_title import ScreenTitle
from swarmtui.tui.widgets.tick_box import TickBox

AI_PREFERENCE = ("aco-bco", "pso", "minimax", "greedy", "mcts")
"""The computer players Watch puts in a human's seat, the first this game has (the swarms first:
watching them deliberate is the point of a demo)."""


TABLE_KINDS = (("listed", "listed"), ("listed, rated", "rated"), ("private: by code", "private"),
               ("private, rated", "private rated"))
"""The setup's choices for a table: (shown, value); the value's words say what it is."""


CLOCK_HELP = ("a time control for every seat, in minutes: 5+3 = 5 min + 3 s a move (Fischer), 1 = 1-minute "
              "sudden death, 0:30 = 30 s, st=10 = 10 s for each move; blank or none: no clock. A flag that "
              "falls loses on time.")
"""The time-control field's help (its tooltip): the spellings ``TimeControl.parse_minutes`` reads."""


def parse_seed(text: str) -> int | None:
    """Blank -> None (a random seed); a whole number >= 0 -> it; ValueError otherwise."""
    text = text.strip()
    if not text:
        return None
    seed = int(text)
    if seed < 0:
        raise ValueError("negative")
    return seed


def seat_choices(game: GameSpec, players: int | None = None) -> list[AgentSpec]:
    """The agents a seat's list offers, as it lists them: people first, then the computer players
    from the weakest to the strongest in the game's latest ladder (``agents.ladder``), then the
    unrated ones (an external engine, another package's agent) in menu order."""
    agents = [a for a in agents_for(game.id) if offered(a)]

    def strength(spec: AgentSpec) -> tuple[int, float]:
        if spec.interactive:
            return 0, 0.0
        rated = rating(game.id, spec.id, players)
        return (1, rated[1]) if rated is not None else (2, 0.0)

    return sorted(agents, key=strength)  # stable: unrated agents keep the menu's order


def seat_label(spec: AgentSpec, game: GameSpec, players: int | None = None) -> str:
    """A seat list's entry: the agent's id with its difficulty word and ladder rating
    (``alphabeta - easy (302)``), ``unrated`` for a computer player no ladder has rated."""
    if spec.id == REMOTE or spec.interactive:
        return spec.title if spec.id == REMOTE else spec.id
    rated = rating(game.id, spec.id, players)
    return f"{spec.id} - {rated[0]} ({rated[1]})" if rated is not None else f"{spec.id} - unrated"


def default_agent(game: GameSpec, index: int, players: int | None = None) -> str:
    """The agent a seat starts with: a person in the first seat; in the others the game's
    default opponent, one a casual player can beat (``agents.ladder``: ``Ladder.casual``)."""
    ids = [a.id for a in seat_choices(game, players)]
    if index == 0 and "human" in ids:
        return "human"
    casual = casual_opponent(game.id, players)
    return casual if casual in ids else computer_agent(game)


def computer_agent(game: GameSpec) -> str:
    """The computer player a Watch game puts in a human's seat."""
    ids = [a.id for a in agents_for(game.id) if not a.interactive]
    return next((a for a in AI_PREFERENCE if a in ids), ids[0])


def spec_of(agent_id: str) -> AgentSpec:
    """The spec of a seat's choice (``REMOTE`` included)."""
    return REMOTE_SPEC if agent_id == REMOTE else get_spec(agent_id)


def param_choices(params: type) -> dict[str, tuple[str, ...]]:
    """The fields of a params dataclass that take one of a fixed set of values, with those
    values: a ``Literal`` type (a search player's ``difficulty``), or a field whose metadata
    ``choices`` says which values this machine has (the ``uhp`` player's ``engine``: the names
    the owner declared, so no command line or path can be typed there). The setup offers them
    as a drop-down instead of a text field."""
    try:
        hints = typing.get_type_hints(params)
    except (NameError, TypeError):  # an annotation that does not resolve: plain text fields
        hints = {}
    choices = {name: tuple(str(v) for v in typing.get_args(hint))
               for name, hint in hints.items() if typing.get_origin(hint) is typing.Literal}
    for f in dataclasses.fields(params):
        offered = f.metadata.get("choices")
        if callable(offered):
            choices[f.name] = tuple(str(v) for v in offered())
    return choices


def offered(spec: AgentSpec) -> bool:
    """The setup offers ``spec``: any agent, but an external engine only where one is declared."""
    return not spec.external or bool(engine_names())


def position_check(game: GameSpec, text: str, rules: tuple[tuple[str, str], ...] = ()) -> tuple[str, int | None]:
    """``(why text is not a position to play on from, "" when it is; its number of players)``,
    by the game's own reader (``GameSpec.position_to_play``, as ``swarmtui hint`` reads POSITION)."""
    if not text:
        return "", None
    try:
        return "", len(game.position_to_play(text, rules_object(game, rules)).seats)
    except ValueError as error:
        return str(error), None


def animated(spec: AgentSpec) -> bool:
    """A seat whose moves come with an animated deliberation: a computer player of this app
    (not a person, not a connected player)."""
    return not spec.interactive and spec.id != REMOTE


def check_params(spec: AgentSpec, game: GameSpec, overrides: dict[str, str]) -> None:
    """Raise ``ParamError`` unless ``overrides`` fit ``spec``'s parameters in ``game``."""
    if overrides:
        agent_params(spec, game.id, overrides.items())


SETUP_HELP = f"""\
Choose who plays each seat, then Start. Tab moves from field to field (Shift+Tab back), Enter \
opens a list or presses a button, the arrows move in a list.

Left, in order: the number of players (games with several counts); each seat's player: you \
(human) or a computer player, listed from the weakest to the strongest with its difficulty \
and its rating in the game's latest ladder (the default opponent is one a casual player can \
beat); the seed (blank: a random one; Enter here goes to Start, it does not start); the clock \
(minutes: 5+3, 1, st=10; blank: none); the game's rule variants; the coach (a in the game asks \
it); the animation speed of the computer players' reasoning (s changes it in the game).

Right: the parameters of the seat last focused, with the paper's defaults and each one's help; \
a value the player refuses is explained under its field, and Start waits until every seat's \
values fit. For a computer seat, "Skip its animation" shows its moves at once.

Start plays; Watch gives every human seat to a computer player (a demo). The setup remembers \
each game's last choices (not the seed) for next time, in the saves folder. {RULES_KEY.upper()} shows \
the game's rules; Escape goes back to the menu."""
"""What the setup screen does, for its ``?`` help (``screens.help``)."""


class SetupScreen(Screen[None]):
    """Seats, agents, parameters and seed of one game; Start or Watch, Escape back to the menu."""

    HELP_TITLE = "Setup"

    HELP = SETUP_HELP

    CSS_PATH = "setup.tcss"

    BINDINGS = [Binding("escape", "back", "Menu"), RULES_BINDING,
                Binding("enter", "seed_entered", "Start", show=False, priority=True,
                        tooltip="in the seed field: go to Start (a second Enter starts)"),
                # Tab moves the focus as the key is read, before the next key is given to a widget:
                # keys typed ahead (one SSH read) then reach the field the earlier Tabs chose
                Binding("tab", "app.focus_next", "Next field", show=False, priority=True),
                Binding("shift+tab", "app.focus_previous", "Previous field", show=False, priority=True)]

    class StartGame(Message):
        """The player asked to start ``config``; a table for it (if it has a connected player's
        seat) is ``rated`` and/or ``private``. The game screen starts at ``speed`` and shows
        the moves of the seats in ``skip`` without their animation; ``setup`` is what the
        setup screen showed, for the app to remember (``tui.setup_memory``)."""

        def __init__(self, config: MatchConfig, rated: bool = False, private: bool = False, *,
                     speed: str = "normal", skip: frozenset[str] = frozenset(),
                     setup: LastSetup | None = None) -> None:
            super().__init__()
            self.config, self.rated, self.private = config, rated, private
            self.speed, self.skip, self.setup = speed, skip, setup

    def __init__(self, game: GameSpec, *, seed: int | None = None, remote: bool = False,
                 seats: SeatDefaults | None = None, coach: str | None = None, clock: str | None = None,
                 position: str = "", last: LastSetup | None = None, speed: str = "normal",
                 skip: bool = False) -> None:
        super().__init__()
        self.game = game
        self.position = position
        """The position to play on from (the game's notation; empty: the game's start)."""
        self.remote = remote and len(game.seats_for(None)) > 1
        """Seats may be left to connected players (the app runs under ``swarmtui serve``)."""
        self.seed = seed
        self.preferred = seats or SeatDefaults()
        """The config file's default seats for this game (``[seats.GAME]``)."""
        self.preferred_coach = coach
        """The config file's coach for this game (``[coach]``; None: the game's default)."""
        self.preferred_clock = clock or ""
        """The config file's time control for this game (``[clock]``; minutes: ``"5+3"``)."""
        self.last = last
        """This game's choices when it was last started (``tui.setup_memory``): they come back
        first, where they still fit; the config file's defaults otherwise."""
        if last is not None:
            self.preferred_clock = last.clock
        self.speed = last.speed if last is not None and last.speed in SPEEDS else speed
        """The animation speed the game starts at (the config file's ``speed`` by default)."""
        self.skip_default = skip
        """A computer seat's animation is skipped unless changed (the config's ``skip_animation``)."""
        self.players = self.preferred.players or len(game.seats)
        if last is not None and last.players in game.player_counts:
            self.players = last.players
        self.overrides: dict[int, dict[str, str]] = {}
        self.skips: dict[int, bool] = {}
        """Seats whose animation is skipped or not, where chosen (``skip_default`` elsewhere)."""
        self.agents_shown: dict[int, str] = {}
        """Each seat's agent as last shown: a Select announcing the same one changes nothing."""
        if last is not None and len(last.skip) == self.players:
            self.skips = dict(enumerate(last.skip))
        self.current = 0
        """The seat whose parameters are shown."""

    def compose(self) -> ComposeResult:
        yield ScreenTitle(Text(f"Setup: {self.game.title}  -  {self.game.blurb}"), id="title")
        with Horizontal():
            with VerticalScroll(id="seats-box", can_focus=False) as box:  # Tab: its fields, not the box
                box.border_title = "Players"
                if self.game.seat_counts:
                    yield Label("Number of players")
                    yield Select([(str(n), n) for n in self.game.seat_counts], allow_blank=False,
                                 value=self.players, id="players", compact=True)
                with Vertical(id="seats"):
                    yield from self.seat_widgets()
                yield Label("Seed (blank: random)")
                yield Input("" if self.seed is None else str(self.seed), placeholder="random",
                            type="integer", id="seed", compact=True)
                yield Label("Clock (minutes; blank: none)")
                yield Input(self.preferred_clock, placeholder="5+3, 1 (min) or st=10 (s a move)", id="clock",
                            compact=True, tooltip=CLOCK_HELP)
                clock_error = Static("", id="error-clock", classes="param-error")
                clock_error.display = False
                yield clock_error
                yield from self.rule_widgets()
                yield from self.position_widgets()
                if self.remote:
                    yield Label("Table (with a connected player)")
                    yield Select(TABLE_KINDS, allow_blank=False, value="listed", id="table-kind", compact=True,
                                 tooltip="rated: the game counts for both players' Glicko-2 ratings; "
                                         "private: not listed, others join with its code")
                yield from self.coach_widgets()
                yield Label("Animation speed")
                yield Select([(speed, speed) for speed in SPEEDS], allow_blank=False, value=self.speed, id="speed",
                             compact=True, tooltip="how fast a computer player's reasoning plays (s in the game)")
                with Horizontal(id="buttons"):
                    yield Button("Start", id="start", variant="primary", compact=True)
                    yield Button("Watch", id="watch", compact=True, tooltip="every seat a computer player")
            with VerticalScroll(id="params-box", can_focus=False) as params:
                params.border_title = "Parameters"
                yield Vertical(id="params")
        yield Footer()

    def seat_widgets(self) -> ComposeResult:
        agents = seat_choices(self.game, self.players) + ([REMOTE_SPEC] if self.remote else [])
        for i, seat in enumerate(self.game.seats_for(self.players)):
            yield Label(f"{seat} plays as")
            yield Select([(safe_text(seat_label(a, self.game, self.players)), a.id) for a in agents],
                         allow_blank=False, value=self.first_agent(i, [a.id for a in agents]), id=f"seat-{i}",
                         compact=True)

    def rule_widgets(self) -> ComposeResult:
        """One choice per rule variant with a fixed set of values (Hive: the game type)."""
        if not self.game.rules:
            return
        rules = self.game.rules_type()
        hints = typing.get_type_hints(rules)
        for f in dataclasses.fields(rules):
            if typing.get_origin(hints[f.name]) is typing.Literal:
                choices = [(str(v), str(v)) for v in typing.get_args(hints[f.name])]
            elif hints[f.name] is bool:
                choices = [("no", "False"), ("yes", "True")]
            else:
                continue
            remembered = dict(self.last.rules if self.last is not None else ()).get(f.name)
            value = remembered if remembered in [v for _, v in choices] else str(f.default)
            yield Label(f.metadata.get("help", f.name).split(":")[0])
            yield Select(choices, allow_blank=False, value=value, id=f"rule-{f.name}", compact=True,
                         tooltip=f.metadata.get("help", ""))

    def position_widgets(self) -> ComposeResult:
        """Where the game starts: blank for the game's start, or a position typed or pasted in the
        game's notation (``GameSpec.position``, as ``swarmtui hint`` reads it)."""
        if self.game.parse_position is None:
            return
        yield Label("Position (blank: the start)")
        yield Input(self.position, placeholder="paste a position", id="position", compact=True,
                    tooltip="play on from a position in the game's notation (paste one)")
        error = Static("", id="position-error", classes="param-error")
        error.display = False
        yield error

    @on(Input.Changed, "#position")
    def position_changed(self, event: Input.Changed) -> None:
        """Check the position as it is typed: its error under the field, the number of players
        set to the position's."""
        self.position = event.value.strip()
        message, players = position_check(self.game, self.position, self.chosen_rules())
        error = self.query_one("#position-error", Static)
        error.update(safe_text(message))
        error.display = bool(message)
        event.input.set_class(bool(message), "-invalid")
        if players is not None and self.game.seat_counts and players != self.players:
            self.query_one("#players", Select).value = players

    def coach_widgets(self) -> ComposeResult:
        """The coach: any computer player of the game, or none (the game's strongest first)."""
        default = self.game.coach[0]
        agents = [a for a in agents_for(self.game.id) if not a.interactive and offered(a)]
        agents.sort(key=lambda a: a.id != default)
        choices = [(safe_text(a.title + (" (default)" if a.id == default else "")), a.id) for a in agents]
        wanted = self.preferred_coach or default
        if self.last is not None and self.last.coach in [a.id for a in agents] + [COACH_OFF]:
            wanted = self.last.coach  # last time's coach, where it can still coach
        if wanted not in [a.id for a in agents] + [COACH_OFF]:
            self.notify(f"config file: {wanted!r} cannot coach {self.game.title}; it keeps its default coach",
                        severity="warning", markup=False)
            wanted = default
        yield Label("Coach (a in the game)")
        yield Select([*choices, ("off", COACH_OFF)], allow_blank=False, value=wanted, id="coach", compact=True,
                     tooltip="asked on your turn, it shows its reasoning and suggests a move")

    def chosen_coach(self) -> str | None:
        """The coach chosen: None for the game's default, else an agent id or ``COACH_OFF``."""
        chosen = str(self.query_one("#coach", Select).value)
        return None if chosen == self.game.coach[0] else chosen

    def chosen_rules(self) -> tuple[tuple[str, str], ...]:
        """The rule variants chosen, as overrides (the defaults left out)."""
        if not self.game.rules:
            return ()
        defaults = self.game.rules_type()()
        chosen = ((str(s.id).removeprefix("rule-"), str(s.value))
                  for s in self.query("#seats-box Select").results(Select) if str(s.id).startswith("rule-"))
        return tuple((name, value) for name, value in chosen if value != str(getattr(defaults, name)))

    def first_agent(self, index: int, offered: list[str]) -> str:
        """Seat ``index``'s agent on arrival: last time's when still offered, else the config
        file's choice when this game offers it, else the default."""
        last = self.last.agents if self.last is not None and self.last.players == self.players else ()
        if index < len(last) and last[index] in offered:
            return last[index]
        wanted = self.preferred.agents[index] if index < len(self.preferred.agents) else None
        if wanted is not None and wanted not in offered:
            self.notify(f"config file: {wanted!r} does not play {self.game.title}; seat {index + 1} keeps its default",
                        severity="warning", markup=False)
            wanted = None
        return wanted or default_agent(self.game, index, self.players)

    async def on_mount(self) -> None:
        self.agents_shown = dict(enumerate(self.seat_agents()))
        self.restore_overrides()
        await self.show_params(0)
        self.query_one("#seat-0", Select).focus()

    def restore_overrides(self) -> None:
        """Last time's parameters of each seat that has the same agent again, each value kept
        only while the agent still takes it (a parameter renamed or narrowed since is dropped)."""
        if self.last is None or self.last.players != self.players:
            return
        for index, agent in enumerate(self.seat_agents()):
            if index >= len(self.last.params) or index >= len(self.last.agents) or self.last.agents[index] != agent:
                continue
            kept = {}
            for name, value in self.last.params[index]:
                try:
                    check_params(spec_of(agent), self.game, {name: value})
                except ParamError:
                    continue
                kept[name] = value
            if kept:
                self.overrides[index] = kept

    # -- seats and agents -------------------------------------------------------------------
    def seat_agents(self) -> list[str]:
        return [str(s.value) for s in self.query("#seats Select").results(Select)]

    def agent_of(self, index: int) -> AgentSpec:
        return spec_of(self.seat_agents()[index])

    @on(Select.Changed, "#players")
    async def players_changed(self, event: Select.Changed) -> None:
        """Another number of players: one agent selector per seat of the new count."""
        players = event.value  # one of the seat counts: the Select has no blank
        if not isinstance(players, int) or players == self.players:
            return
        self.players = players
        self.overrides = {i: o for i, o in self.overrides.items() if i < players}
        self.skips = {i: skip for i, skip in self.skips.items() if i < players}
        seats = self.query_one("#seats")
        await seats.remove_children()
        await seats.mount_all(list(self.seat_widgets()))
        await self.show_params(min(self.current, players - 1))

    @on(Select.Changed, "#seats Select")
    async def agent_changed(self, event: Select.Changed) -> None:
        index = int((event.select.id or "seat-0").removeprefix("seat-"))
        if self.agents_shown.get(index) == event.value:
            return  # the value it was composed with (Select announces it on mount)
        self.agents_shown[index] = str(event.value)
        self.overrides.pop(index, None)  # another agent: its own defaults
        self.skips.pop(index, None)
        await self.show_params(index)

    async def on_descendant_focus(self, event: DescendantFocus) -> None:
        """Focusing a seat's selector shows that seat's parameters."""
        wid = event.widget.id or ""
        if wid.startswith("seat-") and int(wid.removeprefix("seat-")) != self.current:
            await self.show_params(int(wid.removeprefix("seat-")))

    # -- parameters -------------------------------------------------------------------------
    async def show_params(self, index: int) -> None:
        """Fill the right-hand box with seat ``index``'s parameters (defaults or its overrides)."""
        self.current = index
        spec = self.agent_of(index)
        seat = self.game.seats_for(self.players)[index]
        self.query_one("#params-box").border_title = safe_text(f"Parameters: {seat} - {spec.title}")
        box = self.query_one("#params")
        await box.remove_children()
        widgets: list = [Static(safe_text(spec.description, "italic"), classes="param-help")]
        if animated(spec):
            widgets.append(TickBox("Skip its animation (move at once)", self.skip_of(index), id="skip",
                                   compact=True, tooltip="x in the game skips one move's animation; "
                                                         "this skips every move of this seat"))
        params = spec.params_for(self.game)
        if params is None:
            widgets.append(Static(Text("This player has no parameters.", style="dim")))
        else:
            mine = self.overrides.get(index, {})
            defaults = params()
            widgets.append(Static(Text("Paper defaults shown; change a value to override it.", style="dim")))
            choices = param_choices(type(defaults))
            for f in dataclasses.fields(defaults):
                default = str(getattr(defaults, f.name))
                if choices.get(f.name) and mine.get(f.name, default) not in choices[f.name]:
                    mine = self.overrides.setdefault(index, mine)
                    mine[f.name] = choices[f.name][0]  # a default this machine does not offer (no engine)
                help_text = f.metadata.get("help", "")
                label = Text.assemble((f.name, "bold"), (f" - {help_text}" if help_text else "", "dim"))
                widgets.append(Static(label, classes="param-help"))
                if f.name in choices:  # a fixed set of values (a difficulty level): a drop-down
                    widgets.append(Select([(self.choice_label(spec, f.name, c), c) for c in choices[f.name]],
                                          allow_blank=False,
                                          value=mine.get(f.name, default), id=f"param-{f.name}", compact=True))
                else:
                    widgets.append(Input(mine.get(f.name, default), placeholder=default, id=f"param-{f.name}",
                                         compact=True, select_on_focus=False))
                error = Static("", id=f"error-{f.name}", classes="param-error")
                error.display = False
                widgets.append(error)
        await box.mount_all(widgets)
        for name, value in self.overrides.get(index, {}).items():
            self.check_field(name, value)

    def choice_label(self, spec: AgentSpec, name: str, value: str) -> str:
        """A drop-down's entry: a difficulty level with its ladder rating (``hard (567)``) when
        rated (the level's name is already its word)."""
        rated = level_rating(self.game.id, spec.id, value, self.players) if name == "difficulty" else None
        return value if rated is None else f"{value} ({rated[1]})"

    def skip_of(self, index: int) -> bool:
        """Whether seat ``index``'s animation is skipped (as chosen, else the config's default)."""
        return self.skips.get(index, self.skip_default)

    @on(Checkbox.Changed, "#skip")
    def skip_changed(self, event: Checkbox.Changed) -> None:
        self.skips[self.current] = event.value

    @on(Input.Changed, "#params Input")
    def param_changed(self, event: Input.Changed) -> None:
        self.set_param((event.input.id or "").removeprefix("param-"), event.value.strip())

    @on(Select.Changed, "#params Select")
    def param_chosen(self, event: Select.Changed) -> None:
        self.set_param((event.select.id or "").removeprefix("param-"), str(event.value))

    def set_param(self, name: str, value: str) -> None:
        """Seat ``current``'s ``name`` is now ``value`` (an override unless it is the default)."""
        params = self.agent_of(self.current).params_for(self.game)
        if params is None or name not in {f.name for f in dataclasses.fields(params)}:
            return
        default = str(getattr(params(), name))
        mine = self.overrides.setdefault(self.current, {})
        if value == default:
            mine.pop(name, None)
        else:
            mine[name] = value
        self.check_field(name, value)

    def check_field(self, name: str, value: str) -> None:
        """Show ``name=value``'s ParamError under its field (or nothing when it fits)."""
        spec = self.agent_of(self.current)
        try:
            check_params(spec, self.game, {name: value})
        except ParamError as error:
            message = str(error)
        else:
            message = ""
        for error_line in self.query(f"#error-{name}").results(Static):
            error_line.update(safe_text(message))
            error_line.display = bool(message)
        for field in self.query(f"#param-{name}").results(Input):
            field.set_class(bool(message), "-invalid")

    @on(Input.Changed, "#clock")
    def clock_changed(self, event: Input.Changed) -> None:
        """Say at once why a time control cannot be read (nothing when it can)."""
        message = ""
        try:
            TimeControl.parse_minutes(event.value)
        except ParamError as error:
            message = str(error)
        error_line = self.query_one("#error-clock", Static)
        error_line.update(safe_text(message))
        error_line.display = bool(message)
        event.input.set_class(bool(message), "-invalid")

    # -- start --------------------------------------------------------------------------------
    @on(Button.Pressed, "#start")
    async def start(self) -> None:
        await self.begin(self.seat_agents())

    def action_seed_entered(self) -> None:
        """Enter in the seed field goes to Start (a second Enter starts): an Enter typed to
        confirm a seed never starts a game before the fields under it have been seen.

        A priority binding, so the focus moves while the key is dispatched: an Enter typed
        right after (over SSH both may arrive in one read) already finds Start focused, where
        the seed field's own Enter would have moved the focus only later and kept the second."""
        seed = self.query_one("#seed", Input)
        if self.focused is not seed:
            raise SkipAction()  # any other field: Enter does what it does there
        self.set_focus(self.query_one("#start", Button))

    @on(Button.Pressed, "#watch")
    async def start_watching(self) -> None:
        """Start with every human seat given to a computer player (AI vs AI, for demos)."""
        ai = computer_agent(self.game)
        await self.begin([ai if spec_of(a).interactive else a for a in self.seat_agents()])

    async def begin(self, agents: list[str]) -> None:
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except ValueError:
            self.notify("The seed must be a whole number, 0 or more (or blank).", severity="error")
            self.query_one("#seed", Input).focus()
            return
        params = []
        seats = self.game.seats_for(self.players)
        for i, agent in enumerate(agents):
            mine = self.overrides.get(i, {}) if agent == self.seat_agents()[i] else {}
            try:
                check_params(spec_of(agent), self.game, mine)
            except ParamError as error:
                self.notify(f"{seats[i]}: {error}", title="Check the parameters", severity="error")
                await self.show_params(i)
                return
            params.append(tuple(mine.items()))
        try:
            clock = TimeControl.parse_minutes(self.query_one("#clock", Input).value)
        except ParamError as error:
            self.notify(str(error), title="Check the clock", severity="error")
            self.query_one("#clock", Input).focus()
            return
        problem = self.position_problem(agents)
        if problem:
            self.notify(problem, title="Check the position", severity="error", markup=False)
            self.query_one("#position", Input).focus()
            return
        kind = str(self.query_one("#table-kind", Select).value).split() if self.remote else []
        skip = frozenset(seat for i, seat in enumerate(seats) if animated(spec_of(agents[i])) and self.skip_of(i))
        speed = str(self.query_one("#speed", Select).value)
        self.post_message(self.StartGame(MatchConfig(self.game.id, tuple(agents), seed, tuple(params),
                                                     self.chosen_rules(), self.chosen_coach(), clock=clock,
                                                     position=self.position),
                                         rated="rated" in kind, private="private" in kind, speed=speed, skip=skip,
                                         setup=self.shown_setup()))

    def position_problem(self, agents: list[str]) -> str:
        """Why the game cannot start from the position typed ("" when it can, or none was)."""
        problem, players = position_check(self.game, self.position, self.chosen_rules())
        if not problem and players is not None and players != len(agents):
            problem = f"the position is a game of {players} players: choose {players}"
        if not problem and self.position and REMOTE in agents:
            problem = "a table starts from the game's start: clear the position to open one"
        return problem

    def shown_setup(self) -> LastSetup:
        """What the screen shows now, to come back next time (``tui.setup_memory``): the seats'
        choices (not Watch's stand-ins), their parameters, rules, coach, clock, speed and skips."""
        agents = self.seat_agents()
        return LastSetup(
            players=self.players, agents=tuple(agents),
            params=tuple(tuple(self.overrides.get(i, {}).items()) for i in range(len(agents))),
            rules=self.chosen_rules(), coach=str(self.query_one("#coach", Select).value),
            clock=self.query_one("#clock", Input).value.strip(), speed=str(self.query_one("#speed", Select).value),
            skip=tuple(self.skip_of(i) for i in range(len(agents))))

    def action_back(self) -> None:
        self.dismiss()

    def action_rules(self) -> None:
        show_rules(self.app, self.game)
