"""Watching a game live over SSH: a player logged in as ``show`` is mirrored, read-only, to a
player logged in as ``watch``."""

from __future__ import annotations

import asyncio

import asyncssh

from swarmtui.serve.probe import loopback_config, open_terminal
from swarmtui.serve.server import start_server


def _connect(server, key, username):
    return asyncssh.connect("127.0.0.1", server.port, username=username, client_keys=[key], known_hosts=None,
                            agent_path=None, config=None)


async def test_a_watcher_sees_the_game_live_and_cannot_touch_it(tmp_path):
    config, (alice, bob, carol) = loopback_config(tmp_path, 3)
    server = await start_server(config)
    try:
        async with _connect(server, bob, "watch") as conn:  # nobody shows a game yet
            early = await open_terminal(conn)
            await asyncio.wait_for(early.chan.wait_closed(), 10)
            assert "nobody is showing a game right now" in early.text()
        async with _connect(server, alice, "show") as a, _connect(server, bob, "watch") as b, \
                _connect(server, carol, "watch") as c:
            player = await open_terminal(a)
            await player.wait_for("About")
            watcher = await open_terminal(b)
            await watcher.wait_for(r"1\) key-")
            mark = len(watcher.output)
            watcher.press("1", "enter")
            # the whole menu, repainted (its parts may arrive in any order)
            await watcher.wait_until(lambda: all(part in watcher.text(mark) for part in (
                "Replay a game record", "Noughts & Crosses", "Play, watch, replay")), what="the menu was not repainted")
            player.press("enter")
            await watcher.wait_for(r"Setup: Noughts", start=mark)  # live
            seen = len(player.output)
            watcher.press("enter", "tab", "enter")  # a watcher's keys never reach the game
            await asyncio.sleep(1.0)
            assert "X to move" not in player.text(seen) and "X to move" not in watcher.text(mark)
            watcher.press("q")
            await asyncio.wait_for(watcher.chan.wait_closed(), 10)
            assert "you stopped watching" in watcher.text()
            assert b"\x1b[?1049l" in watcher.output[-200:]  # the watcher's terminal is given back
            other = await open_terminal(c)
            await other.wait_for(r"1\) key-")
            other.press("1", "enter")
            await other.wait_for("Setup: Noughts")
            player.press("ctrl+q")  # the game ends: its watchers are told
            await asyncio.wait_for(other.chan.wait_closed(), 15)
            assert "the game you watched has ended" in other.text()
            await asyncio.wait_for(player.chan.wait_closed(), 15)
        assert server.state.count.total == 0
    finally:
        await server.close()
