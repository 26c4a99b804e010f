"""Pick a game from a game record to replay: a result file of ``swarmtui sim --out`` (or a
preset), a saved game, a Hive PGN or BoardSpace SGF, or a text record.

Type the file's path and press Enter: its games are listed (read by
``records.formats.read_games`` by the file's extension, never written); Enter on one replays it
(``records.replay.Recording``) in the replay viewer. A file written without traces (plain ``sim
--out``) gets its reasoning rebuilt first, in a worker, by re-deciding every AI turn from the
game's seed (``referee.redecide``); a record of people's games (PGN, SGF) has none to rebuild.
A file that cannot be read, or a game whose moves do not fit the rules, is one sentence on
screen naming the move and the rule. Players' names from a record are shown through
``core.safe_text``. Messages up: ``Replay`` with the recording and a label for the title.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import SaveError, check_confined, typed_path
from swarmtui.records.formats import list_games, read_game
from swarmtui.records.gamelog import GameLog
from swarmtui.records.replay import Recording
from swarmtui.referee import redecide as rebuild_reasoning
from swarmtui.referee import seat_agents


def game_line(number: int, log: GameLog) -> Text:
    """``"3  halma  1 aco-bco vs 2 greedy  87 moves  1 wins  traces"`` (a record's players by name)."""
    players = " vs ".join(f"{s} {a}" for s, a in log.names.items())
    moves = log.plies or len(log.moves)  # a listed result line is light: its plies count its moves
    text = safe_text(f"{number:>3}  {log.game}  {players}  {moves} moves  {log.result}", limit=200)
    text.end = ""
    if log.tags:
        text.append(f"  {safe_text(log.tags.get('Date', ''), limit=20).plain}", style="dim")
    elif log.seed is not None:
        text.append("  traces" if log.traces is not None else "  no traces", style="dim")
    return text


class ResultsScreen(Screen[None]):
    """A path field and the games of the file it names."""

    HELP_TITLE = "Replay a game record"

    CSS_PATH = "results.tcss"

    BINDINGS = [Binding("escape", "back", "Menu")]

    class Replay(Message):
        """Replay ``recording`` (from ``source``, for the title)."""

        def __init__(self, recording: Recording, source: str) -> None:
            super().__init__()
            self.recording, self.source = recording, source

    def __init__(self, path: str = "") -> None:
        super().__init__()
        self.path = path
        self.games: list[GameLog] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="box") as box:
            box.border_title = "Replay a game record"
            yield Label("A result file (.jsonl, from 'swarmtui sim --out'), saved game (.json), Hive PGN (.pgn), "
                        "BoardSpace SGF (.sgf) or text record (.txt).")
            yield Label("Enter lists its games.")
            yield Input(self.path, placeholder="results.jsonl, game.pgn, ...", id="path", compact=True)
            yield Static(id="message")
            yield OptionList(id="games")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()
        if self.path:
            self.load(self.path)

    @on(Input.Submitted, "#path")
    def submitted(self, event: Input.Submitted) -> None:
        self.load(event.value)

    def load(self, text: str) -> None:
        """List the games of the file at ``text`` (a sentence instead when it cannot)."""
        options = self.query_one("#games", OptionList)
        options.clear_options()
        self.games = []
        path = typed_path(text)
        try:
            check_confined(path, reading=True)
            if path.is_dir():
                raise SaveError(f"{path} is a directory, not a game record")
            self.games = list_games(path)
        except SaveError as error:
            self.say(str(error))
            return
        if not self.games:
            self.say(f"{path} holds no game records")
            return
        self.path = str(path)
        options.add_options([Option(game_line(i + 1, g), id=str(i)) for i, g in enumerate(self.games)])
        options.highlighted = 0
        self.say(f"{len(self.games)} game(s); Enter replays one")
        options.focus()

    def say(self, message: str) -> None:
        self.query_one("#message", Static).update(safe_text(message))

    @on(OptionList.OptionSelected, "#games")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        number = int(event.option.id or 0)
        where = f"{Path(self.path).name} game {number + 1}"
        try:
            log, _ = read_game(Path(self.path), number + 1)
            recording = Recording.from_log(log, where)
        except SaveError as error:
            self.say(str(error))
            return
        if recording.traces or recording.seed is None:
            self.post_message(self.Replay(recording, where))
            return
        self.say(f"{where} kept no reasoning: re-deciding its AI moves from the seed...")
        self.redecide(recording, where)

    @work(thread=True, exclusive=True, group="redecide")
    def redecide(self, recording: Recording, where: str) -> None:
        """Rebuild the reasoning of a file without traces off the event loop, then replay it."""
        worker = get_current_worker()
        log = recording.log
        rebuild_reasoning(recording, seat_agents(log.game, log.players, log.params, log.seed),
                          stop=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.post_message(self.Replay(recording, where))

    def action_back(self) -> None:
        self.workers.cancel_group(self, "redecide")
        self.dismiss()

