"""``swarmtui web`` in a real browser: headless Chromium (Debian's ``chromium``, driven by
Playwright without a browser download) logs in with a token, plays Noughts & Crosses against
minimax to the end, and sits at a table an SSH player opened, in one process serving both doors.

Keys reach the app as a person's do: Chromium's keyboard events into textual-serve's xterm.js
terminal, then the websocket. The screen is read from what the page received on its
websocket (an init script keeps it), without escape sequences, as the SSH tests read theirs.
Skipped, saying why, where Chromium or Playwright is not installed (``.ci/run`` installs them).
"""

from __future__ import annotations

import contextlib
import re
import shutil
import sys
import time
from pathlib import Path

import asyncssh
import pytest
from ssh_setup import open_noughts_setup
from waiting import wait_until

from swarmtui.games import GAMES
from swarmtui.serve.environment import app_command
from swarmtui.serve.limits import Limits
from swarmtui.serve.probe import loopback_config
from swarmtui.serve.server import start_server
from swarmtui.serve.transcript import LIST_CLOSED, LIST_OPEN, plain_text
from swarmtui.serve.venue import Venue
from swarmtui.tui.screens.menu import menu_games
from swarmtui.tui.screens.setup import default_agent, seat_choices
from swarmtui.web.server import WebConfig, start_web

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
playwright = pytest.importorskip("playwright.async_api", reason="Playwright is not installed (pip install playwright)")
pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes"),
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="Chromium is not installed (apt-get install chromium chromium-driver; .ci/run does)"),
]

WAIT = 90.0
"""Seconds a step may take on a loaded machine (a wait ends as soon as the text shows)."""
TOKENS = {"alice": "Qk3v1lJ1b9Wg0mZrS1yP4xTq7N", "bob": "d2hXcEw0cWl5X2w3Q0ZpTnJ1V2s"}
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
KEEP_OUTPUT = """
(() => {
  const Native = window.WebSocket;
  const decoder = new TextDecoder();
  window.__swarmtuiOutput = "";
  function Kept(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") {
        window.__swarmtuiOutput += decoder.decode(new Uint8Array(event.data), {stream: true});
      }
    });
    return socket;
  }
  Kept.prototype = Native.prototype;
  window.WebSocket = Kept;
})();
"""
TABLES_ENTRY = [g.id for g in menu_games(tables=True)].index("tables")
_NOUGHTS_AGENTS = [a.id for a in seat_choices(GAMES["noughts"])]  # as the setup lists them
O_TO_REMOTE = len(_NOUGHTS_AGENTS) - _NOUGHTS_AGENTS.index(default_agent(GAMES["noughts"], 1))
"""Downs in O's agent list from its default to the last choice, "a connected player"."""
O_TO_MINIMAX = _NOUGHTS_AGENTS.index("minimax") - _NOUGHTS_AGENTS.index(default_agent(GAMES["noughts"], 1))
"""Downs in O's agent list from its default to minimax (stronger: the list is weakest first)."""
CELLS = [f"{c}{r}" for r in "123" for c in "abc"]
"""Cell names by the digit key that plays them (1 = a1 ... 9 = c3)."""


class Browser:
    """One page of headless Chromium on the app; ``text()`` is what the app drew, as text."""

    def __init__(self, page) -> None:
        self.page = page

    async def text(self, start: int = 0) -> str:
        output = await self.page.evaluate("window.__swarmtuiOutput")
        return plain_text(output[start:].encode())

    async def mark(self) -> int:
        return len(await self.page.evaluate("window.__swarmtuiOutput"))

    async def wait_for(self, pattern: str, start: int = 0, timeout: float = WAIT) -> str:
        deadline = time.monotonic() + timeout
        while not re.search(pattern, text := await self.text(start)):
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} did not appear in the browser; it shows:\n{text[-2000:]}")
            await self.page.wait_for_timeout(200)
        return text

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.page.keyboard.press(key)

    async def pick(self, downs: int) -> None:
        """Open the focused drop-down list, choose the entry ``downs`` below the current one, and
        return once the list has closed (as ``serve.probe.Probe.pick``)."""
        mark = await self.mark()
        await self.press("Enter")
        await self.wait_for(LIST_OPEN, start=mark)
        mark = await self.mark()
        await self.press(*["ArrowDown"] * downs, "Enter")
        await self.wait_for(LIST_CLOSED, start=mark)

    async def press_each(self, *keys: str, timeout: float = WAIT) -> None:
        """Press ``keys`` one at a time, each once the app has drawn its answer to the one before
        (as ``Probe.press_each``: keys sent together may reach the app in one read)."""
        for key in keys:
            mark = await self.mark()
            await self.page.keyboard.press(key)
            deadline = time.monotonic() + timeout
            while await self.mark() <= mark:
                if time.monotonic() > deadline:
                    raise AssertionError(f"the app drew nothing after {key!r}")
                await self.page.wait_for_timeout(50)


@contextlib.asynccontextmanager
async def _chromium(tmp_path: Path):
    async with playwright.async_playwright() as driver:
        context = await driver.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1000, "height": 640})
        try:
            yield context
        finally:
            await context.close()


async def _log_in(context, base: str, name: str) -> Browser:
    page = await context.new_page()
    await page.add_init_script(KEEP_OUTPUT)
    await page.goto(base + "/")
    await page.fill("#token", TOKENS[name])
    await page.click("#play")
    await page.wait_for_selector(".xterm-screen", timeout=WAIT * 1000)
    assert TOKENS[name] not in page.url and TOKENS[name] not in await page.content()
    await page.click(".xterm-screen")  # the terminal takes the keyboard
    browser = Browser(page)
    await browser.wait_for(r"About")
    return browser


def _tokens(tmp_path: Path) -> Path:
    path = tmp_path / "tokens"
    path.write_text("".join(f"{name} {token}\n" for name, token in TOKENS.items()))
    path.chmod(0o600)
    return path


async def test_a_browser_logs_in_and_plays_noughts_against_minimax_to_the_end(tmp_path):
    venue = await Venue.open(tmp_path / "players", Limits(), app_command())
    web = await start_web(WebConfig(tokens=_tokens(tmp_path), port=0), venue, owns_venue=True)
    try:
        async with _chromium(tmp_path) as context:
            browser = await _log_in(context, f"http://127.0.0.1:{web.port}", "alice")
            await browser.press("Enter")  # Noughts & Crosses, the first entry
            await browser.wait_for(r"Setup: Noughts")
            await browser.press("Tab")  # O's agent
            await browser.pick(O_TO_MINIMAX)
            await browser.press_each("Tab", "Enter", "Enter")  # the seed; Enter goes to Start; Start
            await browser.wait_for(r"X to move")
            await browser.press("s", "s")  # the fastest replay of minimax's reasoning
            taken: set[str] = set()
            mark = await browser.mark()
            for _ in range(5):
                mine = next(cell for cell in ("b2", "a1", "c1", "a3", "c3", "b1", "a2", "c2", "b3")
                            if cell not in taken)
                taken.add(mine)
                await browser.press(str(CELLS.index(mine) + 1))
                text = await browser.wait_for(
                    rf"(X|O) wins|Draw|plays (?!{'|'.join(taken)})[abc][123]", start=mark)
                if re.search(r"(X|O) wins|Draw", text):
                    break
                taken.update(re.findall(r"plays ([abc][123])", text))
            final = await browser.wait_for(r"O wins|Draw", start=mark)  # minimax never loses
            assert "X wins" not in final
            saved = list((tmp_path / "players").glob("web-*/saves/games/noughts-*.json"))
            await browser.press("q")
            await browser.page.wait_for_selector("body.-closed", timeout=WAIT * 1000)
    finally:
        await web.close()
    assert web.door.venue.count.total == 0 and not web.door.sessions
    assert saved or list((tmp_path / "players").glob("web-*/saves/games/noughts-*.json"))


async def test_a_browser_player_joins_a_table_an_ssh_player_opened_and_they_play(tmp_path):
    ssh_config, (alice_key,) = loopback_config(tmp_path, 1)
    venue = await Venue.open(ssh_config.players_root, ssh_config.limits, app_command())
    ssh = await start_server(ssh_config, venue)
    web = await start_web(WebConfig(tokens=_tokens(tmp_path), port=0), venue)
    try:
        async with asyncssh.connect("127.0.0.1", ssh.port, username="carol", known_hosts=None,
                                    client_keys=[alice_key], agent_path=None, config=None) as conn:
            host = await open_noughts_setup(conn, WAIT)
            host.press("tab")  # O's agent
            await host.pick(O_TO_REMOTE, timeout=WAIT)  # its last choice: a connected player
            await host.wait_for(r"This player has no parameters", timeout=WAIT)
            await host.press_each("tab", "4", "enter", "enter")  # seed 4; Enter goes to Start; Start: the table opens
            await host.wait_for(r"X to move \(you\)", timeout=WAIT)

            async with _chromium(tmp_path) as context:
                browser = await _log_in(context, f"http://127.0.0.1:{web.port}", "bob")
                await browser.press(*["ArrowDown"] * TABLES_ENTRY, "Enter")
                await browser.wait_for(r"Noughts")
                await browser.wait_for(r"carol \[[0-9a-f]{6}\]")  # the SSH player's table, by name
                mark = await browser.mark()
                await browser.press("Enter")  # take the free seat
                await browser.wait_for(r"X to move", start=mark)
                await host.wait_for(r"bob \[[0-9a-f]{6}\] sits at O", timeout=WAIT)

                mark, host_mark = await browser.mark(), len(host.output)
                host.press("5")  # carol (SSH) plays b2
                await browser.wait_for(r"O to move \(you\)", start=mark)
                await browser.press("1")  # bob (browser) answers a1
                await host.wait_for(r"X to move \(you\)", timeout=WAIT, start=host_mark)
                [table] = venue.hub.tables.values()  # the hub checked and kept both moves
                await wait_until(lambda: table.moves == ["b2", "a1"], WAIT)
                await browser.press("q")
                await browser.page.wait_for_selector("body.-closed", timeout=WAIT * 1000)
            host.press("ctrl+q")
    finally:
        await web.close()
        await ssh.close()
        await venue.close()
