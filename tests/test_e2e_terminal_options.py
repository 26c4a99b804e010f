"""The terminal options without a terminal: ``--ascii``'s text fallback keeps every cell
width, ``--theme`` refuses unknown names in one line."""

from __future__ import annotations

import subprocess
import sys

from rich.cells import cell_len
from waiting import wait_until

from swarmtui.tui.ascii_mode import ascii_text


def test_ascii_text_is_ascii_and_keeps_the_width_of_every_cell():
    samples = ["eq. 15  moved path: α·l·τ0 (×j jumps)", "d2→e7", "…", "漢字 ok", "naïve café", "◇ ● ▲ ■ ◆ ★ ✚",
               "e\u0301"]
    for text in samples:
        plain = ascii_text(text)
        assert plain.isascii() and cell_len(plain) == cell_len(text), (text, plain)
    assert ascii_text("α·l·τ0") == "a.l.t0" and ascii_text("d2→e7") == "d2>e7" and ascii_text("naïve") == "naive"


def test_unknown_theme_is_one_line():
    done = subprocess.run([sys.executable, "-m", "swarmtui", "--theme", "bogus"], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 2
    assert done.stderr.startswith("swarmtui: error: unknown theme 'bogus' (known: dark, light, ansi,")
    assert len(done.stderr.strip().splitlines()) == 1


async def test_a_terminal_too_small_says_what_is_needed_and_the_app_returns_when_it_fits():
    from textual.widgets import Static

    from swarmtui.tui.app import SwarmApp
    from swarmtui.tui.screens.menu import MenuScreen
    from swarmtui.tui.screens.too_small import TooSmallScreen

    app = SwarmApp(seed=1)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        notice = str(app.screen.query_one("#need", Static).render())
        assert "needs at least 80x24" in notice and "this one is 70x20" in notice
        await pilot.resize_terminal(79, 30)  # still too narrow: the notice follows the size
        await pilot.pause()
        assert "this one is 79x30" in str(app.screen.query_one("#need", Static).render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("question_mark")  # the help opens over it ...
        await pilot.resize_terminal(100, 30)  # ... the terminal grows meanwhile ...
        await pilot.press("escape")  # ... closing the help shows the menu, not a stale notice
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def _startup_bytes(tmp_path, *args: str) -> bytes:
    """What ``swarmtui ARGS`` writes to its terminal until the menu is drawn (then ctrl+q)."""
    import asyncio
    import os

    from swarmtui.serve.terminal import PtyChild

    output = bytearray()
    exited = asyncio.Event()
    child = PtyChild(output.extend, lambda code: exited.set())
    env = {**os.environ, "TERM": "xterm-256color", "SWARMTUI_SAVES": str(tmp_path)}
    env.pop("NO_COLOR", None)
    await child.start([sys.executable, "-m", "swarmtui", *args], env, str(tmp_path), (80, 24), 2**31, 600)
    await wait_until(lambda: b"About" in output)
    child.write(b"\x11")
    await asyncio.wait_for(exited.wait(), 15)
    return bytes(output)


async def test_no_mouse_means_no_mouse_reporting_is_asked_of_the_terminal(tmp_path):
    mouse_modes = (b"\x1b[?1000h", b"\x1b[?1003h", b"\x1b[?1006h")
    with_mouse = await _startup_bytes(tmp_path)
    without = await _startup_bytes(tmp_path, "--no-mouse")
    assert b"About" in with_mouse and b"About" in without
    assert any(mode in with_mouse for mode in mouse_modes)
    assert not any(mode in without for mode in mouse_modes)
