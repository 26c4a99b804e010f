"""The swarmtui Textual app: the menu, games, help, and ``run`` for the CLI.

``python -m swarmtui.tui.app`` runs it directly (the CLI's ``swarmtui`` does the terminal
checks first and then calls ``run``).
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from swarmtui.core.saves import SaveError
from swarmtui.tui.match import Match
from swarmtui.tui.panels.playback import SPEEDS
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.help import HelpScreen
from swarmtui.tui.screens.maze import MazeScreen
from swarmtui.tui.screens.menu import MenuScreen


class SwarmApp(App[None]):
    """Menu -> game screen; ``?`` help and ``q`` quit from anywhere."""

    TITLE = "swarmtui"
    CSS = """
    /* Where the keyboard is must show without colour (NO_COLOR, 16 colours): underline it. */
    OptionList:focus > .option-list--option-highlighted {
        text-style: bold underline;
    }
    Select:focus > SelectCurrent Static#label {
        text-style: bold underline;
    }
    """
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("q", "quit", "Quit", priority=True),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, *, glyphs: str = "unicode", seed: int | None = None, speed: str = "normal") -> None:
        super().__init__()
        if speed not in SPEEDS:
            raise ValueError(f"unknown speed {speed!r} (known: {', '.join(SPEEDS)})")
        self.glyphs = glyphs
        self.seed = seed
        self.speed = speed

    def on_mount(self) -> None:
        self.push_screen(MenuScreen(seed=self.seed))

    def on_menu_screen_start_game(self, message: MenuScreen.StartGame) -> None:
        try:
            match = Match(message.config)
        except (ValueError, OSError, SaveError) as error:  # ParamError is a ValueError
            self.notify(str(error), title="Cannot start", severity="error")
            return
        self.push_screen(GameScreen(match, glyphs=self.glyphs, speed=self.speed), self._game_closed)

    def on_menu_screen_open_mazes(self, message: MenuScreen.OpenMazes) -> None:
        self.push_screen(MazeScreen(glyphs=self.glyphs, speed=self.speed, seed=self.seed), self._game_closed)

    def _game_closed(self, speed: str | None = None) -> None:
        """Back at the menu: remember the speed chosen in the game for the next one."""
        if speed in SPEEDS:
            self.speed = speed

    async def action_quit(self) -> None:
        """``q``: close the help overlay if it is open, else quit.

        The binding has priority so that ``q`` quits even from the seed field or an open
        agent list; priority bindings are checked app-first, so the help screen's own ``q``
        would never be reached.
        """
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
        else:
            self.exit()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())


def run(*, glyphs: str = "unicode", mouse: bool = True, seed: int | None = None) -> None:
    """Build the app and run it in this terminal until the user quits."""
    SwarmApp(glyphs=glyphs, seed=seed).run(mouse=mouse)


if __name__ == "__main__":
    run()
