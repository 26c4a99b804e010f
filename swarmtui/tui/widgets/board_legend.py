"""``BoardLegend``: what the board's glyphs, labels and marks mean, in place of the panels.

Attributes down: the game screen sets ``legend`` from its board's ``BoardView.glyph_legend``
and shows the widget with ``L`` (``GameScreen.action_legend``) instead of the deliberation
panel and the move log, until ``L`` or ``v`` again.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from swarmtui.tui.widgets.board_view import Legend


class BoardLegend(Static):
    """The legend of one board, in a bordered box titled "Legend"."""

    DEFAULT_CSS = """
    BoardLegend {
        width: 1fr;
        height: 1fr;
        border: round $secondary;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    """

    legend: reactive[Legend] = reactive(Legend(), layout=True)

    def on_mount(self) -> None:
        self.border_title = "Legend"
        self.border_subtitle = "L: back"

    def watch_legend(self, legend: Legend) -> None:
        self.update(legend.renderable() if legend.plain else Text(
            "This board has no glyphs to explain: it is the game's own text, with the moves in its notation."))
