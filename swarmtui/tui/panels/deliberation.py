"""The side panel that animates the acting agent's deliberation, one phase at a time.

Attributes down: the game screen calls ``show`` with a ``Deliberation`` and forwards the
keys (``step``, ``skip``, ``toggle_pause``, ``cycle_speed``). Messages up: ``PhaseShown``
whenever another phase (or nothing) is on screen, so the screen can draw that phase's board
overlay (``frame_overlay``), and ``Finished`` when the last phase is on screen, which is when
the screen plays the move. The panel keeps its own timer because Textual's animation level
does not govern ``set_timer``; the frame itself is ``render_frame(deliberation, phase)``.
"""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from swarmtui.core.safe_text import safe_text
from swarmtui.tui.overlay import BoardOverlay
from swarmtui.tui.panels.clock import PlaybackClock
from swarmtui.tui.panels.frames import Deliberation
from swarmtui.tui.panels.framesets import frames_for, phase_count, render_frame
from swarmtui.tui.panels.playback import Playback

IDLE_TEXT = "An AI player's reasoning appears here, step by step, when it moves."


def frame_overlay(d: Deliberation, phase: int, glyphs: str = "unicode") -> BoardOverlay | None:
    """What phase ``phase`` of ``d`` draws on the board: its frame set's ``overlay(d, phase,
    glyphs)`` (same arguments as its ``frame``; None when the set draws nothing)."""
    count = phase_count(d)
    return frames_for(d.trace).overlay(d, max(0, min(phase, count - 1)), glyphs)


class DeliberationPanel(PlaybackClock, Widget):
    """Draws ``render_frame(deliberation, playback.phase)`` and advances it on a timer."""

    DEFAULT_CSS = """
    DeliberationPanel {
        width: 1fr;
        height: 1fr;
        padding: 0 1;
        border: round $secondary;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
    }
    """

    class PhaseShown(Message):
        """``phase`` of ``deliberation`` is on screen now (``deliberation`` None: the panel is idle)."""

        def __init__(self, deliberation: Deliberation | None, phase: int) -> None:
            super().__init__()
            self.deliberation, self.phase = deliberation, phase

    class Finished(Message):
        """The last phase of ``deliberation`` is on screen."""

        def __init__(self, deliberation: Deliberation) -> None:
            super().__init__()
            self.deliberation = deliberation

    def __init__(self, *, glyphs: str = "unicode", speed: str = "normal", id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self.playback = Playback(speed=speed)
        self.deliberation: Deliberation | None = None
        self.note = ""
        self.done = True
        self._timer: Timer | None = None

    def on_mount(self) -> None:
        self.border_title = "Deliberation"
        self._update_subtitle()

    def render(self) -> Text:
        if self.deliberation is None:
            return safe_text(Text(self.note or IDLE_TEXT, style="dim"))  # the note's own lines kept
        return safe_text(render_frame(self.deliberation, self.playback.phase, self.glyphs))

    # -- attributes down ------------------------------------------------------------------
    def show(self, deliberation: Deliberation) -> None:
        """Start animating ``deliberation`` from its first phase (its last at instant speed)."""
        self._cancel_timer()
        self.deliberation = deliberation
        self.done = False
        self.playback.start(phase_count(deliberation))
        self.border_title = safe_text(f"{deliberation.seat} - {deliberation.agent}")
        self._changed()

    def show_phase(self, deliberation: Deliberation, phase: int) -> None:
        """Freeze on ``phase`` of ``deliberation`` without playing it (previews and tests)."""
        self._cancel_timer()
        self.deliberation = deliberation
        self.done = True
        self.playback.start(phase_count(deliberation))
        self.playback.phase = max(0, min(phase, self.playback.phases - 1))
        self.border_title = safe_text(f"{deliberation.seat} - {deliberation.agent}")
        self._update_subtitle()
        self.refresh()
        self.post_message(self.PhaseShown(deliberation, self.playback.phase))

    def clear(self, note: str = "") -> None:
        """Show nothing (``note``, dim, instead of the idle text when given)."""
        self._cancel_timer()
        self.deliberation = None
        self.note = note
        self.done = True
        self.border_title = "Deliberation"
        self._update_subtitle()
        self.refresh()
        self.post_message(self.PhaseShown(None, 0))

    def step(self) -> None:
        """Show the next phase now (the ``n`` key)."""
        if not self.done:
            self._cancel_timer()
            self.playback.advance()
            self._changed()

    # -- clockwork ------------------------------------------------------------------------
    def _changed(self) -> None:
        self.refresh()
        self._update_subtitle()
        self.post_message(self.PhaseShown(self.deliberation, self.playback.phase))
        if self.playback.at_end:
            self._finish()
        elif not self.playback.paused:
            self._schedule()

    def _finish(self) -> None:
        if not self.done and self.deliberation is not None:
            self.done = True
            self.post_message(self.Finished(self.deliberation))

    def _controls_changed(self) -> None:
        self._update_subtitle()

    def _update_subtitle(self) -> None:
        self.border_subtitle = self.playback.describe()
