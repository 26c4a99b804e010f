"""``swarmtui web`` on loopback, attacked as a stranger would: logins, origins, hosts, paths,
frames, floods and silent sockets; and a player's session gets serve's folder, environment and
limits. Tests that only need a process run a small stand-in that speaks Textual's web-driver
protocol; the real app is driven in the last test (and in a real browser in test_web_browser)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import sys
import textwrap
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from waiting import wait_until

from swarmtui.serve.environment import app_command
from swarmtui.serve.limits import Limits
from swarmtui.serve.venue import Venue
from swarmtui.web.probe import client, log_in, open_screen
from swarmtui.web.server import COOKIE, WebConfig, start_web

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes and signals")

ALICE = "Qk3v1lJ1b9Wg0mZrS1yP4xTq7N"
BOB = "d2hXcEw0cWl5X2w3Q0ZpTnJ1V2s"

# A stand-in app: says it is ready, reports where it runs, then answers each packet it reads.
STAND_IN = textwrap.dedent('''
    import json, os, resource, sys, time
    out, inp = sys.stdout.buffer, sys.stdin.buffer
    def packet(kind, payload):
        out.write(kind + len(payload).to_bytes(4, "big") + payload)
        out.flush()
    out.write(b"__GANGLION__\\n")
    out.flush()
    packet(b"D", b"REPORT " + json.dumps({"env": dict(os.environ), "cwd": os.getcwd(),
           "as": resource.getrlimit(resource.RLIMIT_AS)[0], "cpu": resource.getrlimit(resource.RLIMIT_CPU)[0],
           "argv": sys.argv}).encode() + b"\\n")
    slow, total = "SLOW" in os.environ.get("STAND_IN", ""), 0
    while len(head := inp.read(5)) == 5:
        payload = inp.read(int.from_bytes(head[1:], "big"))
        if head[:1] == b"D":
            total += len(payload)
            if payload.endswith(b"!END"):
                packet(b"D", f"TOTAL {total}\\n".encode())
            elif not slow:
                packet(b"D", b"GOT " + payload + b"\\n")
            if slow:
                time.sleep(0.05)
            if payload == b"bye":
                break
        else:
            packet(b"D", b"META " + payload + b"\\n")
''')


def _tokens(tmp_path: Path, text: str = f"alice {ALICE}\nbob {BOB}\n") -> Path:
    path = tmp_path / "tokens"
    path.write_text(text)
    path.chmod(0o600)
    return path


@contextlib.asynccontextmanager
async def _door(tmp_path: Path, *, limits: Limits | None = None, stand_in: str | None = STAND_IN,
                env_mark: str = "", **config):
    command = (sys.executable, "-c", stand_in) if stand_in is not None else app_command()
    venue = await Venue.open(tmp_path / "players", limits or Limits(), command)
    fields: dict[str, Any] = {"tokens": _tokens(tmp_path), "port": 0} | config
    web = await start_web(WebConfig(**fields), venue, owns_venue=True)
    try:
        yield web, f"http://127.0.0.1:{web.port}"
    finally:
        await web.close()


async def _report(screen) -> dict:
    text = await screen.wait_for(r"REPORT \{.*\}\n")
    line = next(line for line in text.splitlines() if line.startswith("REPORT "))
    return json.loads(line.removeprefix("REPORT "))


async def test_the_page_asks_for_a_token_and_a_good_token_gives_a_visit_never_the_token(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    async with _door(tmp_path) as (web, base), client(base) as http:
        async with http.get("/") as page:
            assert page.status == 200 and 'name="token"' in await page.text() and "guest" not in await page.text()
            assert "script-src 'self'" in page.headers["Content-Security-Policy"]
            assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
            assert page.headers["X-Frame-Options"] == "DENY" and page.headers["Cache-Control"] == "no-store"
        async with http.get(f"/?token={ALICE}") as page:  # a token in a URL is not read
            assert 'name="token"' in await page.text() and not http.cookie_jar.filter_cookies(base)
        response = await log_in(http, ALICE)
        assert response.status == 303 and response.headers["Location"] == "/"
        cookie = response.cookies[COOKIE]
        assert cookie["httponly"] and cookie["samesite"] == "Strict" and ALICE not in cookie.value
        async with http.get("/") as page:
            assert page.status == 200 and "textual-terminal" in await page.text() and "alice" in await page.text()
        async with http.post("/logout", allow_redirects=False) as out:
            assert out.status == 303
        async with http.get("/") as page:
            assert 'name="token"' in await page.text()
    assert ALICE not in caplog.text and "login from 127.0.0.1 as alice" in caplog.text


async def test_bad_tokens_are_refused_and_braked_per_address(tmp_path, caplog):
    async with _door(tmp_path) as (web, base), client(base) as http:
        for guess in ("x" * 30, ALICE[:-1], ""):
            assert (await log_in(http, guess)).status == 401
        assert (await log_in(http, None)).status == 401  # guests are not allowed here
        assert (await log_in(http, "y" * 30)).status == 401
        # five failures from this address: no more tries for a minute, not even with the right token
        assert (await log_in(http, ALICE)).status == 429
        assert not http.cookie_jar.filter_cookies(base)
    assert "x" * 30 not in caplog.text


async def test_logins_and_sessions_must_come_from_this_servers_page(tmp_path):
    async with _door(tmp_path) as (web, base):
        async with aiohttp.ClientSession(base) as bare:  # no Origin: a script, or a form elsewhere
            async with bare.post("/login", data={"token": ALICE}, allow_redirects=False) as response:
                assert response.status == 403
        async with aiohttp.ClientSession(base, headers={"Origin": "http://evil.example"}) as evil:
            async with evil.post("/login", data={"token": ALICE}, allow_redirects=False) as response:
                assert response.status == 403
        async with client(base) as http:
            assert (await log_in(http, ALICE)).status == 303
            for origin in ("http://evil.example", "null", f"{base}/x", ""):  # cross-site websocket hijacking
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect("/ws", headers={"Origin": origin})
                assert refused.value.status == 403
        async with client(base) as stranger:  # the right origin, no visit
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await stranger.ws_connect("/ws")
            assert refused.value.status == 403
        # DNS rebinding: a page of another name that resolves here
        rebound = f"http://evil.example:{web.port}"
        async with aiohttp.ClientSession(base, headers={"Host": f"evil.example:{web.port}",
                                                        "Origin": rebound}) as rebinding:
            async with rebinding.get("/") as response:
                assert response.status == 421
            async with rebinding.post("/login", data={"token": ALICE}) as response:
                assert response.status == 421


async def test_no_url_reaches_a_file_beyond_the_pages_own(tmp_path):
    (tmp_path / "players").mkdir()
    (tmp_path / "players" / "secret.txt").write_text("secret")
    async with _door(tmp_path) as (web, base):
        reader, writer = await asyncio.open_connection("127.0.0.1", web.port)
        statuses = {}
        for path in ("/static/textual.js", "/static/page.js", "/static/../../pyproject.toml",
                     "/static/%2e%2e/%2e%2e/pyproject.toml", "/static/..%2f..%2fserver.py", "/static/",
                     "/static/js/textual.js", "/download/abc", "/players/secret.txt", "//etc/passwd",
                     "/static/%00", "/ws/../static/page.css"):
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{web.port}\r\n\r\n".encode())
            await writer.drain()
            status = int((await reader.readline()).split()[1])
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = await reader.readexactly(length)
            statuses[path] = status
            assert b"secret" not in body and b"[build-system]" not in body
        writer.close()
    assert statuses.pop("/static/textual.js") == 200 and statuses.pop("/static/page.js") == 200
    assert all(status in (400, 404) for status in statuses.values()), statuses


async def test_a_session_gets_the_players_folder_limits_and_environment_and_no_token(tmp_path):
    limits = Limits(memory_bytes=700 * 2**20, cpu_seconds=120, max_columns=120, max_rows=40)
    async with _door(tmp_path, limits=limits) as (web, base), client(base) as http:
        await log_in(http, ALICE)
        screen = await open_screen(http, size=(4000, 3000))
        report = await _report(screen)
        env, home = report["env"], Path(report["cwd"])
        assert home.parent == tmp_path / "players" and home.name.startswith("web-")
        assert env["HOME"] == str(home) and env["SWARMTUI_SAVES"] == str(home / "saves")
        assert env["SWARMTUI_CONFINE"] == "1" and env["TEXTUAL_DRIVER"] == "textual.drivers.web_driver:WebDriver"
        assert (env["COLUMNS"], env["ROWS"]) == ("120", "40")  # the asked size, clamped
        assert report["as"] == 700 * 2**20 and report["cpu"] == 120
        assert env["SWARMTUI_TABLES"] == str(web.door.venue.hub.path) and env["SWARMTUI_TABLE_TOKEN"]
        assert ALICE not in json.dumps(report) and BOB not in json.dumps(report)
        assert not {"PYTHONPATH", "LD_PRELOAD", "SSH_AUTH_SOCK"} & set(env)
        await screen.socket.send_str(json.dumps(["resize", {"width": 10**9, "height": True}]))  # ignored
        await screen.socket.send_str(json.dumps(["resize", {"width": 999, "height": 999}]))
        await screen.wait_for(r'META \{"type": "resize", "width": 120, "height": 40\}')
        await screen.press("hello")
        await screen.wait_for(r"GOT hello")
        await screen.press("bye")
        await asyncio.wait_for(screen.closed.wait(), 30)
        await wait_until(lambda: not web.door.sessions)
        assert web.door.venue.count.total == 0


async def test_guests_only_when_allowed_each_session_a_new_guest_whose_folder_goes(tmp_path):
    async with _door(tmp_path, guest=True, tokens=None) as (web, base), client(base) as http:
        async with http.get("/") as page:
            assert 'id="guest"' in await page.text()
        assert (await log_in(http, None)).status == 303
        first, second = await open_screen(http), await open_screen(http)
        homes = {Path((await _report(s))["cwd"]) for s in (first, second)}
        assert len(homes) == 2 and all(h.name.startswith("guest-") and h.is_dir() for h in homes)
        for screen in (first, second):
            await screen.close()
        await wait_until(lambda: not web.door.sessions)
        assert not any(h.exists() for h in homes)


async def test_sessions_per_player_are_capped_with_a_reason(tmp_path):
    async with _door(tmp_path, limits=Limits(max_sessions_per_player=1)) as (web, base), client(base) as http:
        await log_in(http, ALICE)
        first = await open_screen(http)
        await _report(first)
        second = await open_screen(http)
        await asyncio.wait_for(second.closed.wait(), 20)
        assert second.socket.close_code == 1013
        await first.close()


async def test_an_oversized_message_ends_the_session_and_malformed_ones_are_ignored(tmp_path):
    async with _door(tmp_path) as (web, base), client(base) as http:
        await log_in(http, ALICE)
        screen = await open_screen(http)
        await _report(screen)
        for junk in ("not json", "[]", "{}", "[1, 2]", '["stdin", 5]', '["resize", "big"]',
                     '["ping", "' + "x" * 99 + '"]', "[" * 5000 + "]" * 5000, '["stdin", "\\ud800"]',
                     '["deliver_file_start", "k"]'):
            await screen.socket.send_str(junk)
        await screen.press("still here")
        await screen.wait_for(r"GOT .*still here")  # (the lone surrogate before it arrives as "?")
        await screen.socket.send_str(json.dumps(["stdin", "x" * 70_000]))  # over MAX_MESSAGE
        await asyncio.wait_for(screen.closed.wait(), 20)
        assert screen.socket.close_code == 1009
        await wait_until(lambda: not web.door.sessions)


async def test_a_keystroke_flood_waits_in_the_browser_bounded_and_nothing_is_lost(tmp_path, monkeypatch):
    monkeypatch.setenv("STAND_IN", "SLOW")  # not passed to the app: child_environment fixes it
    limits = Limits(max_input_bytes=64 * 1024)
    slow = STAND_IN.replace('"SLOW" in os.environ.get("STAND_IN", "")', "True")
    async with _door(tmp_path, limits=limits, stand_in=slow) as (web, base), client(base) as http:
        await log_in(http, ALICE)
        screen = await open_screen(http)
        await _report(screen)
        [session] = web.door.sessions
        queue, peak, paused = session.keystrokes, [0], [0]
        push = queue.push

        def measured_push(data: bytes) -> None:
            push(data)
            peak[0] = max(peak[0], len(queue))
            paused[0] += queue.paused

        monkeypatch.setattr(queue, "push", measured_push)
        sent, chunk = 0, "k" * 4000
        for _ in range(500):  # 2 MB, far more than the pipe, the queue and the socket buffers hold
            await screen.socket.send_str(json.dumps(["stdin", chunk]))
            sent += len(chunk)
        await screen.socket.send_str(json.dumps(["stdin", "!END"]))
        text = await screen.wait_for(r"TOTAL \d+", timeout=120)
        assert f"TOTAL {sent + 4}" in text  # every keystroke reached the app, in the end
        # the queue filled to where the door stops reading the browser, and never past its cap
        assert limits.max_input_bytes // 2 <= peak[0] <= limits.max_input_bytes and paused[0]
        assert queue.dropped == 0
        await screen.close()


async def test_silent_sockets_cannot_keep_a_player_out(tmp_path):
    limits = Limits(handshake_seconds=1.0)
    async with _door(tmp_path, limits=limits) as (web, base):
        silent = []
        for _ in range(40):  # one attacker address: it keeps at most PAGE_CONNECTIONS places
            sock = socket.socket()
            sock.bind(("127.0.0.2", 0))
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                sock.connect(("127.0.0.1", web.port))
            silent.append(sock)
        await wait_until(lambda: web.door.connections.arriving.held("127.0.0.2") <= 8)
        async with client(base) as http:  # a player from another address gets in at once
            assert (await log_in(http, ALICE)).status == 303
        await wait_until(lambda: web.door.connections.arriving.held("127.0.0.2") == 0)  # closed at the deadline
        for sock in silent:
            sock.close()


async def test_the_real_app_shows_its_menu_in_a_session_and_quits(tmp_path):
    async with _door(tmp_path, stand_in=None) as (web, base), client(base) as http:
        await log_in(http, BOB)
        screen = await open_screen(http)
        await screen.wait_for(r"Play with others", timeout=60)  # the venue's tables are offered
        await screen.press("q")
        await asyncio.wait_for(screen.closed.wait(), 60)
        assert screen.socket.close_code == 1000
        await wait_until(lambda: not web.door.sessions)
