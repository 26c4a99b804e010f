"""The rules of a game on a screen of their own: its ``rulebook`` service (``core.services``)
drawn as Markdown in a scrolling box over the screen it was opened from.

Every screen that concerns one game opens it with ``F1`` (the menu for the highlighted game,
the setup, the game screen; also in the command palette, for terminals that keep ``F1`` for
themselves): ``show_rules`` pushes it, or says in one notice that the game provides no rules.
A game provides its rules the way it provides any service, so a game from another package
(``tests/connect_four``) has a rules screen as soon as its descriptor names a rulebook. Closed
with Escape, ``F1`` or ``q`` (``SwarmApp.action_quit`` closes it, as it does the help).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from swarmtui.core.services import RULEBOOK, Rulebook
from swarmtui.games import GameSpec

RULES_KEY = "f1"
"""The key that opens a game's rules on the menu, the setup and the game screen."""

RULES_BINDING = Binding(RULES_KEY, "rules", "Rules", tooltip="the rules of this game, on a screen of their own")
"""The binding each of those screens lists (their ``action_rules`` opens ``RulesScreen``)."""


class RulesScreen(ModalScreen[None]):
    """One game's rulebook, scrolled with the arrows, Page Up/Down, Home and End."""

    CSS_PATH = "rules.tcss"

    BINDINGS = [Binding(f"escape,{RULES_KEY}", "close", "Close")]

    def __init__(self, game: GameSpec, rulebook: Rulebook, playing: str = "") -> None:
        super().__init__()
        self.game = game
        self.rulebook = rulebook
        self.playing = playing
        """The rule options of the game in progress (``rules_in_play``), shown above the rules."""

    def compose(self) -> ComposeResult:
        # markdown-it loads when the rules are first opened: the menu binds F1 from this module
        # and must start as fast as before (benchmarks/startup.py)
        from textual.widgets import Markdown

        with VerticalScroll(id="rules-box") as box:
            box.border_title = f"Rules: {self.game.title}"
            box.border_subtitle = "arrows pgup pgdn: scroll  esc f1 q: close"
            if self.playing:
                yield Static(Text(self.playing, style="bold"), id="rules-playing")
            yield Markdown(self.rulebook.text, open_links=False)

    def on_mount(self) -> None:
        self.query_one("#rules-box").focus()

    def action_close(self) -> None:
        self.dismiss()


def rule_label(field: dataclasses.Field[object]) -> str:
    """A rule option's name as the setup shows it: its help up to the first colon."""
    return str(field.metadata.get("help", field.name)).split(":")[0]


def rules_in_play(game: GameSpec, overrides: Sequence[tuple[str, str]]) -> str:
    """The game's rule options with ``overrides`` applied, named as the setup names them
    (``This game: UHP game type: Base+M; Threefold repetition draw: yes``; '' without options)."""
    if not game.rules:
        return ""
    from swarmtui.referee.game import rules_object  # the referee: loaded with a game, not the menu

    rules = rules_object(game, overrides) or game.rules_type()()
    shown = []
    for field in dataclasses.fields(rules):
        value = getattr(rules, field.name)
        shown.append(f"{rule_label(field)}: {('yes' if value else 'no') if isinstance(value, bool) else value}")
    return "This game: " + "; ".join(shown)


def show_rules(app: App[object], game: GameSpec, playing: str = "") -> None:
    """Open ``game``'s rules over the current screen (``playing``: the options of the game in
    progress, shown first), or say that it provides none."""
    if not game.provides(RULEBOOK):
        app.notify(f"{game.title} provides no rules text", title="Rules")
        return
    rulebook = game.service(RULEBOOK)
    if not isinstance(rulebook, Rulebook):
        app.notify(f"{game.title}'s rules cannot be shown (not a Rulebook)", title="Rules", severity="error")
        return
    app.push_screen(RulesScreen(game, rulebook, playing))
