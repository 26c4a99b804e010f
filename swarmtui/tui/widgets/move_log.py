"""The move log: moves in pairs (``1. b2  a1``), then the result once the game is over."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from swarmtui.core.safe_text import safe_text


class MoveLog(Widget):
    """Attributes down: the screen sets ``moves`` and ``result`` and calls ``refresh``."""

    DEFAULT_CSS = """
    MoveLog {
        height: 1fr;
        padding: 0 1;
        border: round $secondary;
    }
    """

    def __init__(self, seats: tuple[str, ...], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seats = seats
        self.moves: list[str] = []
        self.result = ""

    def on_mount(self) -> None:
        self.border_title = "Moves"

    def render(self) -> Text:
        return format_log(self.moves, self.seats, self.result)


def format_log(moves: list[str], seats: tuple[str, ...], result: str = "") -> Text:
    """Numbered rounds, one seat per column; the result (bold) on the last line."""
    text = Text(end="")
    if not moves:
        text.append("no moves yet", style="dim")
    width = len(seats)
    for start in range(0, len(moves), width):
        if start:
            text.append("\n")
        this_round = moves[start:start + width]  # the last round may be short of a move per seat
        round_moves = "  ".join(f"{seat} {move:<3}" for seat, move in zip(seats, this_round, strict=False))
        text.append(safe_text(f"{start // width + 1:>2}. {round_moves}".rstrip()))
    if result:
        text.append("\n")
        text.append(safe_text(result, "bold"))
    return text
