"""The swarmtui Textual app: the menu, setup, games, saves, replays, help, and ``run`` for the CLI.

``python -m swarmtui.tui.app`` runs it directly (the CLI's ``swarmtui`` does the terminal
checks first and then calls ``run``).

Games in progress are autosaved when the app closes: on ``q`` (and Textual's own quit keys,
which call ``action_quit``; when a game cannot be saved, ``UnsavedQuit`` says why and asks
first, offering another file), and when the terminal goes away — SIGHUP (a closed window, a
dropped SSH session) and SIGTERM run ``hang_up`` on the event loop (asyncio's
``add_signal_handler``; Textual installs no handler of its own, see Textualize/textual#5140),
which saves, marks the save as interrupted and exits; the next start offers to resume it
(``ResumeOffer``).

Under ``swarmtui serve`` the app has a ``TableClient`` (from the environment the server sets):
the menu then lists "Play with others", and a setup seat can be left to a connected player
(``tui.table_game``).
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Input

from swarmtui.core.counting import counted
from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import SaveError, saves_dir
from swarmtui.tables.client import TableClient, TableError
from swarmtui.tui.config import Preferences
from swarmtui.tui.crash_log import write_crash_log
from swarmtui.tui.panels.playback import SPEEDS
from swarmtui.tui.saved_game import SaveEntry, mark_interrupted, take_interrupted
from swarmtui.tui.screens.help import HelpScreen, screen_about, screen_commands, screen_keys
from swarmtui.tui.screens.menu import MenuScreen
from swarmtui.tui.screens.too_small import fit_terminal
from swarmtui.tui.setup_memory import LastSetup, load_memory, save_memory

if TYPE_CHECKING:
    from swarmtui.games import GameSpec
    from swarmtui.tui.match import Match
    from swarmtui.tui.screens.game import GameScreen
    from swarmtui.tui.screens.replay import ReplayScreen
    from swarmtui.tui.screens.results import ResultsScreen
    from swarmtui.tui.screens.saved_games import SavedGamesScreen
    from swarmtui.tui.screens.setup import SetupScreen
    from swarmtui.tui.screens.tables import TablesScreen

# Every other screen (setup, game, mazes, replays, saves, tables) is imported when it is first
# opened: the menu comes up without the games' engines, the agents, NumPy or the maze builders
# (tests/test_startup_imports.py).


def _is_opened(screen: Screen[object], module: str, name: str) -> bool:
    """``isinstance(screen, module.name)`` without importing ``module``: a screen class whose module
    was never imported has no instance."""
    loaded = sys.modules.get(module)
    return loaded is not None and isinstance(screen, getattr(loaded, name))


def _game_screens(screens: Sequence[Screen[object]]) -> list[GameScreen]:
    """The game screens among ``screens``."""
    return cast("list[GameScreen]", [s for s in screens if _is_opened(s, "swarmtui.tui.screens.game", "GameScreen")])


gc.freeze()
"""Everything imported by now (Textual, Rich, the app's modules: tens of thousands of objects that
live as long as the process) leaves the garbage collector's generations: each collection while the
app runs scans only what the app has created since. Done once, here, when the modules are loaded
and before any app exists (``benchmarks/startup.py`` measures the menu with it undone too: 7-20%
of the menu's start-up CPU in runs on a busy machine; a session's later collections are shorter
as well)."""

HANG_UP_SIGNALS = ("SIGHUP", "SIGTERM")
"""Signals meaning the terminal or the system is closing the app: autosave, then exit."""


class SwarmApp(App[None]):
    """Menu -> game screen; ``?`` help and ``q`` quit from anywhere."""

    TITLE = "swarmtui"
    CSS_PATH = "app.tcss"
    COMMAND_PALETTE_DISPLAY = "Commands"  # ctrl+p, shown on the menu and setup footers
    BINDINGS = [
        Binding("q", "quit_key", "Quit", priority=True),
        Binding("question_mark", "help", "Help"),
        Binding("ctrl+z", "suspend", "Suspend", show=False, tooltip="suspend the app (fg in the shell resumes it)"),
    ]

    def __init__(self, *, glyphs: str = "unicode", seed: int | None = None, speed: str = "normal",
                 tables: TableClient | None = None, preferences: Preferences | None = None,
                 notices: Sequence[str] = ()) -> None:
        super().__init__()
        self.preferences = preferences or Preferences()
        """The config file's preferences (default seats per game for the setup screens)."""
        self.notices = list(notices)
        """Lines to show once the menu is up (a config file that could not be used)."""
        if speed not in SPEEDS:
            raise ValueError(f"unknown speed {speed!r} (known: {', '.join(SPEEDS)})")
        self.glyphs = glyphs
        self.seed = seed
        self.speed = speed
        self.tables = tables if tables is not None else TableClient.from_environment()
        """The server's table hub (None when not run by ``swarmtui serve``)."""
        self.terminal_title = self.TITLE
        """The window title last set (``set_terminal_title``)."""
        self.setup_memory: dict[str, LastSetup] | None = None
        """Each game's last setup (``remembered_setups``), read when a setup first opens."""
        self.hang_up_signals: list[int] = []
        """Signals ``on_mount`` installed a handler for (``on_unmount`` removes them)."""
        self._crashed = False
        self._crash_log: Path | None = None
        self.crash_message = ""
        """After an unexpected error: the one line for the player (``run`` prints it)."""

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notice, from any screen or widget, is shown as text (``core.safe_text``, line by
        line): notices quote files, paths, names and other players' words, so markup in them
        would crash the app (``[/x]``) or vanish, and escape sequences would reach the terminal.
        No notice of this app uses markup; ``markup`` is taken for Textual's signature only."""
        shown = "\n".join(safe_text(line).plain for line in str(message).split("\n"))
        super().notify(shown, title=safe_text(title).plain, severity=severity, timeout=timeout, markup=False)

    def on_mount(self) -> None:
        self.push_screen(MenuScreen(seed=self.seed, tables=self.tables is not None))
        for notice in self.notices:
            self.notify(notice, title="Config file", severity="warning", timeout=10, markup=False)
        interrupted = take_interrupted()
        if interrupted is not None:
            from swarmtui.tui.screens.resume_offer import ResumeOffer

            self.push_screen(ResumeOffer(interrupted),
                             lambda resume: self.resume_entry(interrupted) if resume else None)
        fit_terminal(self, self.size)
        if not self.is_headless:
            loop = asyncio.get_running_loop()
            for name in HANG_UP_SIGNALS:
                number = getattr(signal, name, None)
                if number is not None:
                    loop.add_signal_handler(number, self.hang_up)
                    self.hang_up_signals.append(number)

    def on_resize(self, event: events.Resize) -> None:
        """Below 80x24 a notice says what size is needed; it goes when the terminal fits again."""
        fit_terminal(self, event.size)

    def on_unmount(self) -> None:
        loop = asyncio.get_running_loop()
        for number in self.hang_up_signals:
            loop.remove_signal_handler(number)

    def action_suspend(self) -> None:
        """Ctrl+Z: back to the shell (a game's clocks against the computer stop meanwhile). Not
        under ``swarmtui serve`` or ``web``: nobody there has a shell to bring the app back."""
        if self.tables is not None or not self._driver or not self._driver.can_suspend:
            self.notify("the app cannot be suspended here", title="Suspend", timeout=3)
            return
        self.action_suspend_process()

    # -- screens ----------------------------------------------------------------------------
    def on_menu_screen_open_setup(self, message: MenuScreen.OpenSetup) -> None:
        self.open_setup(message.game)

    def on_replay_screen_take_over(self, message: ReplayScreen.TakeOver) -> None:
        """Play on from a replay's position: the game's setup, with the position filled in."""
        from swarmtui.games import get_game

        self.open_setup(get_game(message.game), position=message.position, remote=False)

    def open_setup(self, game: GameSpec, *, position: str = "", remote: bool = True) -> None:
        """The setup of ``game`` with the config file's choices (``position``: to play on from;
        ``remote``: connected players' seats offered when there is a hub)."""
        from swarmtui.tui.screens.setup import SetupScreen

        self.push_screen(SetupScreen(game, seed=self.seed, remote=remote and self.tables is not None,
                                     seats=self.preferences.seats.get(game.id),
                                     coach=self.preferences.coach.get(game.id),
                                     clock=self.preferences.clock.get(game.id), position=position,
                                     last=self.remembered_setups().get(game.id), speed=self.speed,
                                     skip=self.preferences.skip_animation))

    def remembered_setups(self) -> dict[str, LastSetup]:
        """Each game's setup when it was last started (``tui.setup_memory``), read from the saves
        folder the first time a setup opens; a file that cannot be used is one notice."""
        if self.setup_memory is None:
            from swarmtui.games import GAMES

            self.setup_memory, problem = load_memory(GAMES)
            if problem is not None:
                self.notify(problem, title="Setup memory", severity="warning", timeout=10)
        return self.setup_memory

    def remember_setup(self, game_id: str, setup: LastSetup) -> None:
        """Keep ``setup`` as ``game_id``'s last (a file that cannot be written is one notice: the
        game starts all the same)."""
        memory = self.remembered_setups()
        memory[game_id] = setup
        try:
            save_memory(memory)
        except (SaveError, OSError) as error:
            self.notify(f"the setup is not remembered: {error}", title="Setup memory", severity="warning")

    def on_setup_screen_start_game(self, message: SetupScreen.StartGame) -> None:
        from swarmtui.tui.match import Match
        from swarmtui.tui.table_game import REMOTE, host_match

        if message.setup is not None:
            self.remember_setup(message.config.game_id, message.setup)
        self.speed = message.speed
        skip = message.skip
        if REMOTE in message.config.agents and self.tables is not None:
            tables, config, rated, private = self.tables, message.config, message.rated, message.private
            self.open_table(lambda: host_match(tables, config, rated=rated, private=private), "Cannot open the table",
                            skip)
            return
        try:
            match = Match(message.config)
        except (ValueError, OSError, SaveError) as error:  # ParamError is a ValueError
            self.notify(str(error), title="Cannot start", severity="error")
            return
        self.open_game(match, skip)

    def open_game(self, match: Match, skip: frozenset[str] = frozenset()) -> None:
        """The game screen of ``match`` (in place of the setup screen, if that is on top); the
        seats in ``skip`` play without their animation."""
        from swarmtui.tui.screens.setup import SetupScreen

        if isinstance(self.screen, SetupScreen):
            self.pop_screen()
        self.push_screen(self.game_screen(match, skip), self._game_closed)

    def game_screen(self, match: Match, skip: frozenset[str] = frozenset()) -> GameScreen:
        """The screen that plays ``match``: at a table, the one with its chat, notices and rematch."""
        if match.table is not None:
            from swarmtui.tui.screens.table_game_screen import TableGameScreen

            return TableGameScreen(match, glyphs=self.glyphs, speed=self.speed, skip=skip)
        from swarmtui.tui.screens.game import GameScreen

        return GameScreen(match, glyphs=self.glyphs, speed=self.speed, skip=skip)

    def set_terminal_title(self, title: str) -> None:
        """Set the terminal window's title (xterm's OSC 2, which terminals and tmux honour), shown
        as text: no control character of ``title`` reaches the terminal. Textual has no call for
        it; this writes through the driver as Textual's own ``bell`` does."""
        self.terminal_title = safe_text(title, limit=200).plain
        if not self.is_headless and self._driver is not None:
            self._driver.write(f"\x1b]2;{self.terminal_title}\x07")

    def on_menu_screen_open_tables(self, message: MenuScreen.OpenTables) -> None:
        if self.tables is not None:
            from swarmtui.tui.screens.tables import TablesScreen

            self.push_screen(TablesScreen(self.tables))

    def on_tables_screen_join(self, message: TablesScreen.Join) -> None:
        from swarmtui.tui.table_game import join_match

        tables, table, watch, code = self.tables, message.table, message.watch, message.code
        assert tables is not None
        self.open_table(lambda: join_match(tables, table, code=code, watch=watch),
                        "Cannot watch" if watch else "Cannot join")

    def on_tables_screen_open_ratings(self, message: TablesScreen.OpenRatings) -> None:
        if self.tables is not None:
            from swarmtui.tui.screens.leaderboard import LeaderboardScreen

            self.push_screen(LeaderboardScreen(self.tables))

    @work(thread=True, exclusive=True, group="table")
    def open_table(self, build: Callable[[], Match], failure: str, skip: frozenset[str] = frozenset()) -> None:
        """Host, join or watch a table off the event loop (the host's AI seats may re-decide
        their turns), then open its game screen."""
        try:
            match = build()
        except (TableError, SaveError, ValueError) as error:
            self.call_from_thread(self.notify, str(error), title=failure, severity="error", markup=False)
            return
        self.call_from_thread(self.open_game, match, skip)

    def on_menu_screen_open_mazes(self, message: MenuScreen.OpenMazes) -> None:
        from swarmtui.tui.screens.maze import MazeScreen

        self.push_screen(MazeScreen(glyphs=self.glyphs, speed=self.speed, seed=self.seed), self._game_closed)

    def on_menu_screen_open_saves(self, message: MenuScreen.OpenSaves) -> None:
        from swarmtui.tui.screens.saved_games import SavedGamesScreen

        self.push_screen(SavedGamesScreen())

    def on_menu_screen_open_results(self, message: MenuScreen.OpenResults) -> None:
        from swarmtui.tui.screens.results import ResultsScreen

        self.push_screen(ResultsScreen())

    def on_saved_games_screen_resume(self, message: SavedGamesScreen.Resume) -> None:
        self.resume_entry(message.entry)

    def resume_entry(self, entry: SaveEntry) -> None:
        """Rebuild ``entry``'s game (in a worker) and open it."""
        assert entry.game is not None
        self.notify(f"replaying {counted(len(entry.game.moves), 'move')} of {entry.path.name}...", title="Resuming",
                    timeout=3)
        self.resume(entry)

    @work(thread=True, exclusive=True, group="resume")
    def resume(self, entry: SaveEntry) -> None:
        """Rebuild the saved match off the event loop (AI seats re-decide their turns: an MCTS
        Halma game of a hundred moves takes a while) and open it when it is ready."""
        from swarmtui.tui.table_game import resume_match

        assert entry.game is not None
        try:
            match = resume_match(self.tables, entry.game, str(entry.path))
        except (SaveError, TableError) as error:
            self.call_from_thread(self.notify, f"{error}. The file is left as it is.",
                                  title="Cannot resume", severity="error")
            return
        match.save_path = entry.path
        match.resumed = True
        self.call_from_thread(self.open_resumed, match)

    def open_resumed(self, match: Match) -> None:
        """Open a resumed game in place of the saved-games list it was chosen from, so that
        leaving the game (``m``) goes back to the menu, as its footer says."""
        from swarmtui.tui.screens.saved_games import SavedGamesScreen

        if isinstance(self.screen, SavedGamesScreen):
            self.pop_screen()
        self.push_screen(self.game_screen(match), self._game_closed)

    def on_saved_games_screen_replay(self, message: SavedGamesScreen.Replay) -> None:
        self.replay_entry(message.entry)

    def replay_entry(self, entry: SaveEntry) -> None:
        from swarmtui.records.replay import Recording
        from swarmtui.tui.screens.replay import ReplayScreen

        assert entry.game is not None
        try:
            recording = Recording.from_log(entry.game, str(entry.path))
        except SaveError as error:
            self.notify(f"{error}. The file is left as it is.", title="Cannot replay", severity="error")
            return
        self.push_screen(ReplayScreen(recording, source=entry.path.name, glyphs=self.glyphs, speed=self.speed),
                         self._game_closed)

    def on_menu_screen_open_crossing(self, message: MenuScreen.OpenCrossing) -> None:
        from swarmtui.agents.halma_crossing import optimal_crossing_record
        from swarmtui.records.gamelog import GameLog
        from swarmtui.records.replay import Recording
        from swarmtui.tui.screens.replay import ReplayScreen

        try:
            path, record = optimal_crossing_record()
            recording = Recording.from_log(GameLog.from_json(record, str(path)), str(path))
        except SaveError as error:
            self.notify(str(error), title="Cannot replay", severity="error", markup=False)
            return
        self.push_screen(ReplayScreen(recording, source=f"the optimal crossing ({len(recording.moves)} moves)",
                                      glyphs=self.glyphs, speed=self.speed), self._game_closed)

    def on_results_screen_replay(self, message: ResultsScreen.Replay) -> None:
        from swarmtui.tui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(message.recording, source=message.source, glyphs=self.glyphs, speed=self.speed),
                         self._game_closed)

    def _game_closed(self, speed: str | None = None) -> None:
        """Back at the menu: remember the speed chosen in the game for the next one."""
        if speed in SPEEDS:
            self.speed = speed

    async def action_quit(self) -> None:
        """``q``: close the help or rules overlay if one is open, else autosave any game and quit.

        The binding has priority so that ``q`` quits even from the seed field or an open
        agent list; priority bindings are checked app-first, so the help screen's own ``q``
        would never be reached.
        """
        if isinstance(self.screen, HelpScreen) or _is_opened(self.screen, "swarmtui.tui.screens.rules", "RulesScreen"):
            self.screen.dismiss()
        elif _is_opened(self.screen, "swarmtui.tui.screens.unsaved_quit", "UnsavedQuit"):  # asked: quit means quit
            self.exit()
        else:
            self.autosave()
            unsaved = [s for s in _game_screens(self.screen_stack) if s.save_failure is not None]
            if unsaved and unsaved[-1].save_failure is not None:
                from swarmtui.tui.screens.unsaved_quit import UnsavedQuit

                self.push_screen(UnsavedQuit(unsaved[-1], unsaved[-1].save_failure), self._quit_unsaved)
            else:
                self.exit()

    def _quit_unsaved(self, quit_app: bool | None) -> None:
        if quit_app:
            self.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``q`` types into text fields (a file path, a parameter); it quits everywhere else
        (``ctrl+q`` quits from text fields too)."""
        focused = self.focused
        if action == "quit_key" and isinstance(focused, Input) and focused.type == "text":
            return False
        return True

    async def action_quit_key(self) -> None:
        await self.action_quit()

    def autosave(self) -> list[str]:
        """Save every game in progress on the screen stack; returns where they went."""
        return [where for screen in _game_screens(self.screen_stack) if (where := screen.autosave()) is not None]

    def hang_up(self) -> None:
        """The terminal went away (SIGHUP) or the app is asked to stop (SIGTERM): save, mark
        the save so the next start offers it, and exit."""
        saved = self.autosave()
        if saved:
            try:
                mark_interrupted(Path(saved[-1]))
            except (SaveError, OSError):
                pass  # the game is saved; only the offer at the next start is lost
        if not self.is_headless:  # a real terminal went away (never under the test pilot)
            _end_within(HANG_UP_GRACE)
        self.exit(return_code=1)

    def _fatal_error(self) -> None:
        """An exception nothing handled: its traceback goes to a log file (``tui.crash_log``),
        games in progress are saved when they can be, and the player reads one line (Textual
        would print a traceback with local variables to the terminal: a player's, under serve).
        Errors while the app closes after the first go to the same log, not to the screen."""
        error = self._exception if self._crash_log is None else sys.exc_info()[1]
        if self._crashed:
            write_crash_log(error, into=self._crash_log)
            return
        self._crashed = True
        self.bell()
        self._crash_log = write_crash_log(error or sys.exc_info()[1])
        try:
            saved = self.autosave()
        except Exception:  # noqa: BLE001 - the app is already failing; the log has the first error
            saved = []
        kept = f"your game is saved in {saved[-1]}; " if saved else ""
        told = f"the details are in {self._crash_log}" if self._crash_log else "no log could be written"
        self.crash_message = f"swarmtui: error: something went wrong and swarmtui stopped; {kept}{told}"
        self._close_messages_no_wait()

    def get_system_commands(self, screen: Screen[object]) -> Iterator[SystemCommand]:
        """ctrl+p: Textual's own (theme, keys, quit), a screenshot into the saves folder, ASCII
        glyphs, and the actions of the screen's keys (speed, save, undo, export, ...)."""
        yield from super().get_system_commands(screen)
        yield SystemCommand("Screenshot into the saves folder",
                            "an SVG picture of this screen, in the saves folder's screenshots/", self.screenshot)
        if self.glyphs != "ascii":
            yield SystemCommand("ASCII glyphs", "plain ASCII for the rest of this session (for fonts that "
                                "misalign box drawing; ascii = true in the config file keeps it)", self.use_ascii)
        yield from screen_commands(screen)

    def screenshot(self) -> None:
        """Save Textual's SVG screenshot of the screen under the palette into ``saves/screenshots``."""
        folder = saves_dir() / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            where = self.save_screenshot(path=str(folder))
        except OSError as error:
            self.notify(f"no screenshot: {error}", title="Screenshot", severity="error")
        else:
            self.notify(f"saved to {where}", title="Screenshot", timeout=4, markup=False)

    def use_ascii(self) -> None:
        """Switch Textual's drawing and every later board to plain ASCII (one way: Textual's own
        tables are patched in place)."""
        from swarmtui.tui.ascii_mode import use_ascii

        use_ascii()
        self.glyphs = "ascii"
        for screen in self.screen_stack:
            screen.refresh(layout=True)
        self.notify("ASCII glyphs on: the boards of new games and screens draw in ASCII too", title="ASCII")

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            screen = self.screen
            title = getattr(screen, "HELP_TITLE", "") or "this screen"
            about = screen_about(screen)
            heading = f"{'Help' if about else 'Keys'}: {title}"
            self.push_screen(HelpScreen(screen_keys(screen), title=heading, about=about))


HANG_UP_GRACE = 5.0
"""Seconds a hung-up app may take to close before the process ends anyway (its game is saved)."""


def _end_within(seconds: float) -> None:
    """End the process after ``seconds`` unless it has ended by then.

    After a hang-up the terminal is gone, and Textual's shutdown can block for ever: the kernel
    sends SIGCONT with the SIGHUP, Textual's resume handler restarts its output thread, and the
    close then waits on the stopped thread's full queue (seen as orphaned apps with PPID 1,
    main thread in ``WriterThread.stop``). The game is saved before this is armed, so ending
    hard loses nothing; a timer thread that is a daemon does nothing when the close succeeds.
    """
    timer = threading.Timer(seconds, os._exit, args=(1,))
    timer.daemon = True
    timer.start()


def run(*, glyphs: str = "unicode", mouse: bool = True, seed: int | None = None,
        preferences: Preferences | None = None, notices: Sequence[str] = ()) -> None:
    """Build the app and run it in this terminal until the user quits; after an unexpected
    error, print its one line (the traceback is in the crash log) and exit with status 1."""
    chosen = preferences or Preferences()
    app = SwarmApp(glyphs=glyphs, seed=seed, speed=chosen.speed, preferences=chosen, notices=notices)
    app.run(mouse=mouse)
    if app.crash_message:
        print(app.crash_message, file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    run()
