"""A scripted browser-less client for ``swarmtui web``: the tests and benchmarks use it.

It logs in as a browser does (the login form, the visit cookie, the page's ``Origin``), opens
the app's websocket as textual.js does, keeps everything the app draws and reads it back as
text (``serve.transcript``), and types as textual.js does (``["stdin", text]``).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable

import aiohttp

from swarmtui.serve.transcript import LIST_CLOSED, LIST_OPEN, plain_text, wait_on

KEYS = {"enter": "\r", "tab": "\t", "escape": "\x1b", "ctrl+q": "\x11", "down": "\x1b[B", "up": "\x1b[A",
        "home": "\x1b[H", "end": "\x1b[F"}


def client(base: str) -> aiohttp.ClientSession:
    """An HTTP client for the server at ``base`` that keeps cookies as a browser does (for an IP
    address too) and sends the page's ``Origin``."""
    return aiohttp.ClientSession(base, cookie_jar=aiohttp.CookieJar(unsafe=True), headers={"Origin": base})


async def log_in(http: aiohttp.ClientSession, token: str | None = None) -> aiohttp.ClientResponse:
    """POST the login form with ``token`` (None: as a guest); the response, not followed."""
    form = {"token": token} if token is not None else {"guest": "1"}
    async with http.post("/login", data=form, allow_redirects=False) as response:
        await response.read()
        return response


class Screen:
    """One session's websocket: ``output`` grows as the app draws; ``text()`` is it without escapes."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.output = bytearray()
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.output.extend(message.data)
                self.changed.set()
        self.closed.set()
        self.changed.set()

    def text(self, start: int = 0) -> str:
        return plain_text(bytes(self.output[start:]))

    async def wait_for(self, pattern: str, timeout: float = 30.0, start: int = 0) -> str:
        await self.wait_until(lambda: re.search(pattern, self.text(start)) is not None, timeout,
                              f"{pattern!r} did not appear")
        return self.text(start)

    async def wait_until(self, condition: Callable[[], bool], timeout: float = 30.0,
                         what: str = "the condition did not hold") -> None:
        await wait_on(condition, self.changed, timeout, lambda: f"{what}; the session shows:\n{self.text()[-2000:]}")

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.socket.send_str(json.dumps(["stdin", KEYS.get(key, key)]))

    async def pick(self, downs: int, timeout: float = 30.0) -> None:
        """Open the focused drop-down list, choose the entry ``downs`` below the current one, and
        return once the list has closed (as ``serve.probe.Probe.pick``)."""
        mark = len(self.output)
        await self.press("enter")
        await self.wait_for(LIST_OPEN, timeout, start=mark)
        mark = len(self.output)
        await self.press(*["down"] * downs, "enter")
        await self.wait_for(LIST_CLOSED, timeout, start=mark)

    async def close(self) -> None:
        await self.socket.close()
        await self.reader


async def open_screen(http: aiohttp.ClientSession, size: tuple[int, int] = (80, 24)) -> Screen:
    """The app's websocket, as textual.js opens it (the size in the query, then a resize message)."""
    socket = await http.ws_connect(f"/ws?width={size[0]}&height={size[1]}")
    await socket.send_str(json.dumps(["resize", {"width": size[0], "height": size[1]}]))
    return Screen(socket)
