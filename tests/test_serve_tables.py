"""Two players connected over SSH (loopback, real asyncssh clients, real apps in ptys) play
Hive against each other: alice hosts from the setup, bob joins from "Play with others", moves
go both ways, bob's connection drops and alice's game waits, bob resumes his autosave and is
back at his seat; a third connection watches the table live."""

from __future__ import annotations

import asyncio
import sys

import asyncssh
import pytest
from waiting import wait_until

from swarmtui.games import GAMES
from swarmtui.serve.probe import loopback_config, open_terminal
from swarmtui.serve.server import start_server
from swarmtui.tui.screens.menu import menu_games
from swarmtui.tui.screens.setup import default_agent, seat_choices

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

WAIT = 60.0
"""Seconds a step may take: generous, for a loaded CI machine (a wait ends as soon as the text shows)."""
TABLES_ENTRY = [g.id for g in menu_games(tables=True)].index("tables")
_HIVE_AGENTS = [a.id for a in seat_choices(GAMES["hive"])]  # as the setup lists them (no engine declared)
BLACK_TO_REMOTE = len(_HIVE_AGENTS) - _HIVE_AGENTS.index(default_agent(GAMES["hive"], 1))
"""Downs in Black's agent list from its default to the last choice, "a connected player"."""


def _connect(server, key, user: str):
    return asyncssh.connect("127.0.0.1", server.port, username=user, known_hosts=None, client_keys=[key],
                            agent_path=None, config=None)


async def _open_tables(probe) -> None:
    await probe.wait_for(r"About", timeout=WAIT)
    probe.press(*["down"] * TABLES_ENTRY, "enter")
    await probe.wait_for(r"Table 1 +Hive", timeout=WAIT)


async def test_two_players_play_hive_over_ssh_and_one_watches(tmp_path):
    config, (alice, bob, carol) = loopback_config(tmp_path, 3)
    server = await start_server(config)
    try:
        async with _connect(server, alice, "alice") as alice_conn:
            host = await open_terminal(alice_conn, size=(100, 30))
            await host.wait_for(r"Play with others", timeout=WAIT)
            host.press("down", "down", "enter")  # Hive
            await host.wait_for(r"Setup: Hive", timeout=WAIT)
            host.press("tab")  # Black's agent
            await host.pick(BLACK_TO_REMOTE, timeout=WAIT)  # its last choice: a connected player
            await host.wait_for(r"someone else connected", timeout=WAIT)
            await host.wait_for(r"This player has no parameters", timeout=WAIT)
            await host.press_each("tab", "4", "enter", "enter")  # seed 4; Enter goes to Start; Start: the table opens
            await host.wait_for(r"table 1", timeout=WAIT)
            await host.wait_for(r"White to move \(you\)", timeout=WAIT)

            bob_conn = await _connect(server, bob, "bob")
            guest = await open_terminal(bob_conn, size=(100, 30))
            await _open_tables(guest)
            guest.press("enter")  # take the free seat
            await guest.wait_for(r"Black alice \[[0-9a-f]{6}\] vs|White alice", timeout=WAIT)
            mark = len(host.output)
            await host.wait_for(r"bob \[[0-9a-f]{6}\] sits at Black", timeout=WAIT, start=mark)

            mark_guest = len(guest.output)
            host.press("enter", "enter")  # White's first piece
            await guest.wait_for(r"Black to move \(you\)", timeout=WAIT, start=mark_guest)
            await guest.wait_for(r"wS1", timeout=WAIT, start=mark_guest)
            mark = len(host.output)
            guest.press("tab", "enter", "enter")  # Black answers: its rack's first piece, first cell
            await host.wait_for(r"White to move \(you\)", timeout=WAIT, start=mark)
            await host.wait_for(r"bS1", timeout=WAIT, start=mark)

            async with _connect(server, carol, "carol") as carol_conn:
                watcher = await open_terminal(carol_conn, size=(100, 30))
                await _open_tables(watcher)
                watcher.press("w")
                await watcher.wait_for(r"\(watching\)", timeout=WAIT)
                mark_watch = len(watcher.output)
                host.press("tab", "enter", "enter")  # White's second piece: the watcher sees it live
                await watcher.wait_for(r"Black to move", timeout=WAIT, start=mark_watch)
                watcher.press("ctrl+q")
                await asyncio.wait_for(watcher.chan.wait_closed(), 20)

            mark = len(host.output)
            bob_conn.close()  # bob's connection drops: his app autosaves, his seat waits for him
            await host.wait_for(r"left Black", timeout=WAIT, start=mark)
            await host.wait_for(r"to come back", timeout=WAIT, start=mark)

            async with _connect(server, bob, "bob") as bob_again:
                guest = await open_terminal(bob_again, size=(100, 30))
                await guest.wait_for(r"Resume it now", timeout=WAIT)  # the dropped game is offered at once
                # A loaded machine may paint the offer in two frames, the game's line in the second.
                await guest.wait_for(r"at table 1 as Black", timeout=WAIT)
                mark = len(host.output)
                guest.press("enter")  # resume: back at table 1, in his own seat
                await guest.wait_for(r"Black to move \(you\)", timeout=WAIT)
                await host.wait_for(r"sits at Black", timeout=WAIT, start=mark)
                guest.press("ctrl+q")
                await asyncio.wait_for(guest.chan.wait_closed(), 20)
            host.press("ctrl+q")
            await asyncio.wait_for(host.chan.wait_closed(), 20)
        await wait_until(lambda: not server.state.sessions)
        assert not server.state.sessions and not server.state.hub.tables
    finally:
        await server.close()
