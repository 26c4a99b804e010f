"""The timer that plays an animation's phases: shared by the deliberation panel and the maze view.

``Playback`` (plain logic) says which phase is shown and how long to wait; this widget base owns the
Textual timer, because Textual's animation level does not govern ``set_timer``. A widget using
it has ``playback`` and ``done`` attributes and implements ``_changed`` (redraw, post its
messages, then call ``_continue``); ``phase_delay`` may be overridden for its own speeds.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget

from swarmtui.tui.panels.playback import Playback


class PlaybackClock(Widget):
    """Skip, pause and speed controls over a timer that advances ``playback`` phase by phase
    (a widget base: the timer is the widget's own ``set_timer``)."""

    playback: Playback
    done: bool
    _changed: Callable[[], None]
    """The widget's redraw after a phase change (each widget using the clock defines it)."""
    _timer: Timer | None = None

    @property
    def phase_delay(self) -> float:
        """Seconds before the next phase."""
        return self.playback.delay

    def skip(self) -> None:
        """Jump to the last phase."""
        if not self.done:
            self._cancel_timer()
            self.playback.finish()
            self._changed()

    def toggle_pause(self) -> bool:
        paused = self.playback.toggle_pause()
        if paused:
            self._cancel_timer()
        elif not self.done:
            self._schedule()
        self._controls_changed()
        return paused

    def cycle_speed(self) -> str:
        speed = self.playback.cycle_speed()
        if self.playback.instant:
            self.skip()
        elif self._timer is not None:
            self._schedule()
        self._controls_changed()
        return speed

    def _controls_changed(self) -> None:
        """Pause or speed changed (e.g. to update a subtitle)."""

    def _schedule(self) -> None:
        self._cancel_timer()
        self._timer = self.set_timer(self.phase_delay, self._tick)

    def _tick(self) -> None:
        self._timer = None
        if not self.done and not self.playback.paused:
            self.playback.advance()
            self._changed()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
