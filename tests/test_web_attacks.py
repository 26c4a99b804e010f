"""The third audit's attacks on ``swarmtui web`` (docs/security.md): each failed before its fix.

A removed or replaced token still opened sessions for twelve hours; logging out left the
login's sessions playing; a guesser spread over a dozen addresses kept every player out (the
right token refused); a ping flood that never read its pongs ended in a traceback; and a door
killed outright left its apps running as orphans. (A flood of guest logins logging the token
players out is tested on ``Visitors`` itself, in test_web_tokens.)
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import time

import aiohttp
import pytest
from test_web import ALICE, BOB, _door, _report, _tokens
from waiting import wait_until

from swarmtui.serve.limits import Limits
from swarmtui.web.probe import client, log_in, open_screen
from swarmtui.web.server import COOKIE
from swarmtui.web.visitors import LoginBrake

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes and signals")


async def _refused_with(http: aiohttp.ClientSession, pattern: str) -> None:
    """A session is refused: its websocket closes with 1008 and a reason (which page.js shows)."""
    socket = await http.ws_connect("/ws?width=80&height=24")
    message = await socket.receive(timeout=20)
    assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 1008
    assert re.search(pattern, message.extra or ""), message.extra
    await socket.close()


async def test_a_removed_or_replaced_token_opens_no_more_sessions(tmp_path, caplog):
    async with _door(tmp_path) as (web, base), client(base) as alice, client(base) as bob:
        assert (await log_in(alice, ALICE)).status == 303 and (await log_in(bob, BOB)).status == 303
        (tmp_path / "tokens").write_text(f"bob {BOB}\n")  # alice's line is gone
        await _refused_with(alice, "no longer on this server's list")
        async with alice.get("/") as page:  # and the visit with it
            assert 'name="token"' in await page.text()
        (tmp_path / "tokens").write_text(f"bob {ALICE}\n")  # bob's token replaced (his old one leaked)
        await _refused_with(bob, "log in again")
        assert (await log_in(bob, ALICE)).status == 303  # the new token works at once
        await _report(await open_screen(bob))
    assert "its token is no longer in the token file" in caplog.text and ALICE not in caplog.text


async def test_logging_out_ends_the_sessions_of_that_login(tmp_path):
    async with _door(tmp_path) as (web, base), client(base) as http, client(base) as elsewhere:
        await log_in(http, ALICE)
        await log_in(elsewhere, ALICE)  # the same player on another computer
        here, there = await open_screen(http), await open_screen(elsewhere)
        await _report(here)
        await _report(there)
        async with http.post("/logout", allow_redirects=False) as response:
            assert response.status == 303
        await asyncio.wait_for(here.closed.wait(), 20)
        await there.press("still here")
        await there.wait_for("GOT still here")  # the other login plays on
        assert [s.end_reason for s in web.door.sessions] == [None]
        await there.close()


async def test_a_guesser_on_many_addresses_does_not_keep_the_right_token_out(tmp_path):
    async with _door(tmp_path) as (web, base):
        web.door.brake = LoginBrake(per_source=5, total=3)
        guessers = [aiohttp.ClientSession(base, connector=aiohttp.TCPConnector(local_addr=(f"127.0.0.{n}", 0)),
                                          headers={"Origin": base}) for n in (2, 3, 4)]
        try:
            for guesser in guessers:  # three networks guess once each: the total is reached
                assert (await log_in(guesser, "x" * 30)).status == 401
            for guesser in guessers:  # each network that failed now waits, even with a right token
                assert (await log_in(guesser, ALICE)).status == 429
        finally:
            for guesser in guessers:
                await guesser.close()
        async with client(base) as player:  # a network that has not failed still logs in
            assert (await log_in(player, ALICE)).status == 303


def _ping_frame(payload: bytes = b"p" * 125) -> bytes:
    mask = os.urandom(4)
    return bytes([0x89, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def test_a_ping_flood_that_reads_nothing_ends_quietly(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    async with _door(tmp_path) as (web, base), client(base) as http:
        await log_in(http, ALICE)
        cookie = next(c.value for c in http.cookie_jar if c.key == COOKIE)
        reader, writer = await asyncio.open_connection("127.0.0.1", web.port)
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the pongs fill it at once
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{web.port}\r\nOrigin: {base}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                      f"Cookie: {COOKIE}={cookie}\r\n\r\n").encode())
        assert b" 101 " in await reader.readline()
        frames, ends = _ping_frame() * 1000, time.monotonic() + 20
        while time.monotonic() < ends:  # until the server stops reading: its pongs wait for us
            writer.write(frames)
            try:
                await asyncio.wait_for(writer.drain(), 1.0)
            except TimeoutError:
                break
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        writer.transport.abort()  # gone, with the server's pong half sent
        await wait_until(lambda: not web.door.sessions)
    assert "Traceback" not in caplog.text and "Error handling request" not in caplog.text


def test_the_apps_of_a_door_killed_outright_end_too(tmp_path):
    """SIGKILL of ``swarmtui web``: its app notices its parent is gone and hangs itself up (it
    saves the game it plays); before, it ran on as an orphan with its memory and no one to see it."""
    tokens = _tokens(tmp_path)
    door = subprocess.Popen([sys.executable, "-m", "swarmtui", "web", "--tokens", str(tokens), "--port", "0",
                             "--players-dir", str(tmp_path / "players")], stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    app = None
    try:
        assert door.stderr is not None
        for line in door.stderr:
            if found := re.search(r"listening for browsers on (http://\S+)/", line):
                base = found.group(1)
                break
        else:
            pytest.fail("the door did not start")

        async def session() -> int:
            async with client(base) as http:
                await log_in(http, BOB)
                screen = await open_screen(http)
                await screen.wait_for(r"Play with others", timeout=60)
                [pid] = [int(p) for p in subprocess.check_output(["pgrep", "-P", str(door.pid)]).split()]
                os.kill(door.pid, signal.SIGKILL)
                await asyncio.wait_for(screen.closed.wait(), 20)
                return pid

        app = asyncio.run(session())
        door.wait(10)
        deadline = time.monotonic() + 20
        while _alive(app) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(app), "the app of a killed door is still running"
    finally:
        door.kill()
        door.wait()
        if app is not None and _alive(app):
            os.kill(app, signal.SIGKILL)


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for init to reap it does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def _through(base: str, forwarded: str, host: str = "127.0.0.1") -> aiohttp.ClientSession:
    """A browser behind a proxy at ``host`` that says the player is at ``forwarded``."""
    return aiohttp.ClientSession(base, connector=aiohttp.TCPConnector(local_addr=(host, 0)),
                                 cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 headers={"Origin": base, "X-Forwarded-For": forwarded})


async def test_behind_a_trusted_proxy_the_limits_hold_per_player_not_for_the_proxy(tmp_path):
    """Behind the TLS proxy docs/web.md asks for, every player had the proxy's address: five wrong
    tokens from anyone kept everyone out for a minute (the third audit). With --trusted-proxy the
    player's address comes from X-Forwarded-For; anyone else's X-Forwarded-For is ignored."""
    async with _door(tmp_path, trusted_proxies=("127.0.0.1",)) as (web, base):
        async with _through(base, "10.0.0.1") as guesser:
            for _ in range(5):
                assert (await log_in(guesser, "x" * 30)).status == 401
            assert (await log_in(guesser, ALICE)).status == 429
        async with _through(base, "10.0.0.1, 10.0.0.2") as player:  # the proxy appended 10.0.0.2
            assert (await log_in(player, ALICE)).status == 303
        async with _through(base, "10.0.0.3", host="127.0.0.2") as spoofer:  # not the proxy: header ignored
            for _ in range(5):
                assert (await log_in(spoofer, "x" * 30)).status == 401
        async with _through(base, "10.0.0.4", host="127.0.0.2") as same:
            assert (await log_in(same, ALICE)).status == 429  # counted as 127.0.0.2, whatever it says


async def test_behind_a_trusted_proxy_guests_are_counted_per_player_address(tmp_path):
    limits = Limits(max_guest_connections_per_address=1)
    async with _door(tmp_path, limits=limits, guest=True, tokens=None, trusted_proxies=("127.0.0.1",)) as (web, base):
        async with _through(base, "10.0.0.1") as first, _through(base, "10.0.0.2") as second, \
                _through(base, "10.0.0.1") as again:
            screens = []
            for http in (first, second, again):
                assert (await log_in(http, None)).status == 303
                screens.append(await open_screen(http))
            await _report(screens[0])
            await _report(screens[1])  # another player behind the same proxy
            await asyncio.wait_for(screens[2].closed.wait(), 20)
            assert screens[2].socket.close_code == 1013  # the first player's address has its guest
            for screen in screens[:2]:
                await screen.close()
        await wait_until(lambda: not web.door.sessions)
        assert not web.door.connections.guests_from


async def test_under_https_the_visit_cookie_cannot_be_planted_by_a_sibling_domain(tmp_path):
    """With an https public URL the cookie is ``__Host-`` prefixed (Secure, Path=/, no Domain):
    a page of another subdomain cannot set one for this host (the third audit)."""
    public = "https://games.example.org"
    async with _door(tmp_path, public_url=public) as (web, base):
        async with aiohttp.ClientSession(base, headers={"Origin": public, "Host": "games.example.org"}) as http:
            response = await log_in(http, ALICE)
            assert response.status == 303 and COOKIE not in response.cookies
            cookie = response.cookies["__Host-" + COOKIE]
            assert cookie["secure"] and cookie["path"] == "/" and not cookie["domain"] and cookie["httponly"]
            planted = {COOKIE: cookie.value}  # the same value under the unprefixed name is not read
            async with http.get("/", cookies=planted) as page:
                assert 'name="token"' in await page.text()
            async with http.get("/", cookies={"__Host-" + COOKIE: cookie.value}) as page:
                assert "textual-terminal" in await page.text()
