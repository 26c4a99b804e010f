"""Waiting in tests for the state a test needs, on a machine of any speed.

A test never waits a fixed time or a fixed number of event-loop rounds: on a loaded machine an
AI worker may not even have started after forty rounds, and an animation timer may fire late.
``settle`` polls its condition until it holds, for up to ``SETTLE_TIMEOUT`` seconds of wall time:
generous on purpose, because only an app that really hangs should reach it. Shared by every test
that waits: pilot (``settle``), asyncio without a pilot (``wait_until``), and plain threads or
processes (``poll_until``) -- one piece of code per idea.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from swarmtui.tui.screens.game import GameScreen

SETTLE_TIMEOUT = 180.0
"""Seconds of wall time before a wait gives up; a hung app, not a slow one, reaches it."""


def game_settled(app) -> bool:
    """No AI has anything left to do: not on a game screen, the game is over, or a person moves."""
    screen = app.screen
    return not isinstance(screen, GameScreen) or screen.match.is_over or screen.match.human_to_move


async def settle(app, pilot, until: Callable[[], object] | None = None, timeout: float = SETTLE_TIMEOUT,
                 workers: bool = True) -> None:
    """Let workers, timers and messages run until ``until()`` holds (default: ``game_settled``).

    ``workers=False`` does not wait for workers to finish (a remote seat's worker waits on purpose)."""
    condition = until if until is not None else (lambda: game_settled(app))
    deadline = time.monotonic() + timeout
    while True:
        if workers:
            await app.workers.wait_for_complete()
        await pilot.pause()
        if condition():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the app did not reach the awaited state within {timeout:.0f} s")
        await pilot.pause(0.02)  # let timers (animation phases, the AI's start) come due


async def wait_until(condition: Callable[[], object], timeout: float = SETTLE_TIMEOUT, poll: float = 0.05) -> None:
    """For tests without a pilot (SSH server, pseudo-terminal): poll ``condition`` until it holds."""
    import asyncio

    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"the awaited state did not come within {timeout:.0f} s")
        await asyncio.sleep(poll)


def poll_until(condition: Callable[[], object], timeout: float = SETTLE_TIMEOUT, poll: float = 0.05) -> None:
    """For synchronous tests (threads, child processes, files): poll ``condition`` until it holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"the awaited state did not come within {timeout:.0f} s")
        time.sleep(poll)
