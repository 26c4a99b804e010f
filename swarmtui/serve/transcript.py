"""What a scripted client saw of the app: its output as text, and waiting until it shows something.

For the tests and benchmarks of both doors (``serve.probe`` over SSH, ``web.probe`` and the
browser tests over a websocket). The text is the app's output with escape sequences removed:
enough to find the words the app draws; it is not a terminal emulator. No asyncssh here.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable

LIST_OPEN = r"esc Dismiss menu"
"""The footer while a drop-down list has the focus (Escape dismisses it)."""
LIST_CLOSED = r"esc Menu"
"""The footer once the list has closed and given the focus back to its field."""

ESCAPE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def plain_text(output: bytes) -> str:
    """``output`` without escape sequences, decoded (undecodable bytes replaced)."""
    return ESCAPE.sub(b"", output).decode("utf-8", "replace")


async def wait_on(condition: Callable[[], bool], changed: asyncio.Event, timeout: float,
                  failure: Callable[[], str]) -> None:
    """Wait until ``condition()`` holds, checking again whenever ``changed`` is set (and twice a
    second); ``AssertionError(failure())`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(failure())
        changed.clear()
        try:
            await asyncio.wait_for(changed.wait(), min(left, 0.5))
        except TimeoutError:
            pass
