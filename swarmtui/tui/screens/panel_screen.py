"""What the game and replay screens share: a board, the deliberation panel and the move log.

Both lay their panels out by the terminal's width (side by side from ``WIDE`` columns, else
one at a time, switched with ``v``; ``L`` puts the board's legend in their place), forward the
playback keys to the panel, and draw the
board overlay of the phase on screen (attributes down). A screen on this base composes a
``BoardView`` with id ``board`` and a ``DeliberationPanel``, and sets ``glyphs``, ``shown`` and ``speed``.
"""

from __future__ import annotations

from textual.screen import Screen

from swarmtui.tui.panels.deliberation import DeliberationPanel, frame_overlay
from swarmtui.tui.widgets.board_legend import BoardLegend
from swarmtui.tui.widgets.board_view import BoardView

WIDE = 140
"""From this many columns the deliberation panel and the move log sit side by side."""

PANELS = ("panel", "log")
"""The panels ``v`` switches between when only one fits."""


class PanelScreen(Screen[str]):
    """Panel layout, playback keys and board overlays for a screen with a board and a panel."""

    CSS_PATH = ["panel_screen.tcss"]

    shown: str
    speed: str
    glyphs: str
    PANELS: tuple[str, ...] = PANELS
    """The panels of this screen, in ``v``'s order (each a widget with that id)."""
    legend_shown = False
    """The board's legend is on screen in place of the panels (``L``)."""

    @property
    def board(self) -> BoardView:
        return self.query_one("#board", BoardView)

    @property
    def panel(self) -> DeliberationPanel:
        return self.query_one(DeliberationPanel)

    def on_resize(self) -> None:
        self.layout_panels()

    def layout_panels(self) -> None:
        """Both panels when the terminal is wide; otherwise only ``shown``; the board's legend
        (a ``BoardLegend``, when the screen composes one) alone in their place while ``legend_shown``."""
        wide = self.app.size.width >= WIDE
        self.set_class(wide, "-wide")
        for name in self.PANELS:
            for panel in self.query(f"#{name}"):  # a panel mounted after the screen may not be there yet
                panel.set_class(self.legend_shown or (not wide and name != self.shown), "-hidden")
        for legend in self.query(BoardLegend):
            legend.set_class(not self.legend_shown, "-hidden")

    def action_legend(self) -> None:
        """``L``: the board's legend in place of the panels, or the panels back."""
        self.legend_shown = not self.legend_shown
        self.layout_panels()

    def on_deliberation_panel_phase_shown(self, message: DeliberationPanel.PhaseShown) -> None:
        """Draw the phase's board overlay while it is on screen; clear it otherwise."""
        d = message.deliberation
        board = self.board
        board.overlay = frame_overlay(d, message.phase, self.glyphs) if d is not None else None
        board.refresh()

    def action_next_phase(self) -> None:
        self.panel.step()

    def action_pause(self) -> None:
        self.panel.toggle_pause()

    def action_skip(self) -> None:
        self.panel.skip()

    def action_speed(self) -> None:
        self.speed = self.panel.cycle_speed()
        self.notify(f"speed: {self.speed}", timeout=1.5)

    def action_switch_panel(self) -> None:
        """``v``: the other panel, when only one fits (from the legend: the panels back first)."""
        if self.legend_shown:
            self.legend_shown = False
            self.layout_panels()
            return
        self.shown = self.PANELS[(self.PANELS.index(self.shown) + 1) % len(self.PANELS)]
        self.layout_panels()
