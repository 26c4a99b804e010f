"""Speed, pause and stepping for a deliberation animation: plain logic, no clock.

The widget owns the timer; this object only says which phase is shown, how long to wait
before the next one (``delay``) and whether the animation has reached its last phase.
At ``instant`` speed an animation starts on its last phase.
"""

from __future__ import annotations

from dataclasses import dataclass

SPEEDS: dict[str, float] = {"slow": 1.0, "normal": 0.4, "fast": 0.15, "instant": 0.0}
"""Seconds per phase for each speed setting, in the order ``cycle_speed`` visits them."""


@dataclass
class Playback:
    """The position of one animation: ``phase`` of ``phases``, at ``speed``, maybe ``paused``."""

    speed: str = "normal"
    paused: bool = False
    phases: int = 1
    phase: int = 0

    def __post_init__(self) -> None:
        if self.speed not in SPEEDS:
            raise ValueError(f"unknown speed {self.speed!r} (known: {', '.join(SPEEDS)})")

    @property
    def delay(self) -> float:
        return SPEEDS[self.speed]

    @property
    def instant(self) -> bool:
        return self.delay == 0

    @property
    def at_end(self) -> bool:
        return self.phase >= self.phases - 1

    def start(self, phases: int) -> None:
        """Begin an animation of ``phases`` phases (on the last one at instant speed)."""
        self.phases = max(1, phases)
        self.phase = self.phases - 1 if self.instant else 0

    def advance(self) -> bool:
        """Show the next phase (if any); True once the last phase is shown."""
        if not self.at_end:
            self.phase += 1
        return self.at_end

    def finish(self) -> None:
        """Jump to the last phase."""
        self.phase = self.phases - 1

    def cycle_speed(self) -> str:
        """The next speed setting (wrapping round); returns its name."""
        names = list(SPEEDS)
        self.speed = names[(names.index(self.speed) + 1) % len(names)]
        return self.speed

    def toggle_pause(self) -> bool:
        self.paused = not self.paused
        return self.paused

    def describe(self) -> str:
        """``"speed normal"`` or ``"speed slow - paused"`` for the panel's status line."""
        return f"speed {self.speed}" + (" - paused" if self.paused else "")
