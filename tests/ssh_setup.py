"""An SSH player's way to a game's setup, shared by the tests that open a table over SSH."""

from __future__ import annotations

from swarmtui.serve.probe import Probe, open_terminal


async def open_noughts_setup(conn, timeout: float) -> Probe:
    """A session of the app at 100x30 on ``conn``, from the menu (which lists 'Play with others':
    the server has a table hub) to the setup of Noughts & Crosses, the menu's first game."""
    host = await open_terminal(conn, size=(100, 30))
    await host.wait_for(r"Play with others", timeout=timeout)
    host.press("enter")
    await host.wait_for(r"Setup: Noughts", timeout=timeout)
    return host
