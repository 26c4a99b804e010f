"""The two doors at one table watch each other's reasoning (issue 30): an SSH player opens a
Noughts table whose O is a computer player their app runs (minimax) and leaves X to a connected
player; a browser player (the web door's scripted client, as textual.js speaks) takes X, moves,
and sees minimax's deliberation for O's answer in the panel, as a player at its keyboard would."""

from __future__ import annotations

import asyncssh
from ssh_setup import open_noughts_setup

from swarmtui.games import GAMES
from swarmtui.serve.environment import app_command
from swarmtui.serve.probe import loopback_config
from swarmtui.serve.server import start_server
from swarmtui.serve.venue import Venue
from swarmtui.tui.screens.menu import menu_games
from swarmtui.tui.screens.setup import default_agent, seat_choices
from swarmtui.web.probe import client, log_in, open_screen
from swarmtui.web.server import WebConfig, start_web

WAIT = 90.0
"""Seconds a step may take on a loaded machine (a wait ends as soon as the text shows)."""
TOKEN = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdl"
_AGENTS = [a.id for a in seat_choices(GAMES["noughts"])]  # as the setup lists them
X_TO_REMOTE = len(_AGENTS) - _AGENTS.index(default_agent(GAMES["noughts"], 0))
O_TO_MINIMAX = _AGENTS.index("minimax") - _AGENTS.index(default_agent(GAMES["noughts"], 1))
TABLES_ENTRY = [g.id for g in menu_games(tables=True)].index("tables")


async def test_a_browser_player_sees_the_ssh_players_computer_seat_think(tmp_path) -> None:
    ssh_config, (key,) = loopback_config(tmp_path, 1)
    venue = await Venue.open(ssh_config.players_root, ssh_config.limits, app_command())
    ssh = await start_server(ssh_config, venue)
    tokens = tmp_path / "tokens"
    tokens.write_text(f"dora {TOKEN}\n")
    tokens.chmod(0o600)
    web = await start_web(WebConfig(tokens=tokens, port=0), venue)
    try:
        async with asyncssh.connect("127.0.0.1", ssh.port, username="carol", known_hosts=None,
                                    client_keys=[key], agent_path=None, config=None) as conn:
            host = await open_noughts_setup(conn, WAIT)
            await host.pick(X_TO_REMOTE, timeout=WAIT)  # X's agent (the setup opens on it): a connected player
            host.press("tab")  # O's agent
            await host.pick(O_TO_MINIMAX, timeout=WAIT)  # minimax, which the host's app runs
            await host.press_each("tab", "4", "enter", "enter")  # seed 4; Start: the table opens
            await host.wait_for(r"table 1", timeout=WAIT)

            async with client(f"http://127.0.0.1:{web.port}") as http:
                await log_in(http, TOKEN)
                browser = await open_screen(http, size=(100, 30))
                await browser.wait_for(r"About", WAIT)
                mark = len(browser.output)
                await browser.press(*["down"] * TABLES_ENTRY)
                await browser.wait_for(r"join a game another player", WAIT, start=mark)  # its About shows
                mark = len(browser.output)
                await browser.press("enter")
                await browser.wait_for(r"Games of players connected", WAIT, start=mark)
                await browser.wait_for(r"Table 1\s+Noughts", WAIT, start=mark)  # the SSH player's table
                mark = len(browser.output)
                await browser.press("enter")  # take the free seat, X
                await browser.wait_for(r"X to move \(you\)", WAIT, start=mark)
                mark = len(browser.output)
                await browser.press("5")  # X plays b2; O's answer arrives with its reasoning
                await browser.wait_for(r"O - [^\n]*Minimax", WAIT, start=mark)  # the panel's title: O's reasoning
                await browser.wait_for(r"X to move \(you\)", WAIT, start=mark)  # and the move it chose
                await browser.press("q")
                await browser.close()
            host.press("ctrl+q")
    finally:
        await web.close()
        await ssh.close()
        await venue.close()
