"""``swarmtui web`` and ``swarmtui serve --web-port`` on the command line: a mistake is one line
(exit 2) before anyone can connect, and one process serves both doors until SIGTERM."""

from __future__ import annotations

import asyncio
import re
import signal
import sys

import asyncssh
from test_serve_cli import ROOT, _one_line_error, _swarmtui

from swarmtui.web.probe import client, log_in, open_screen

TOKEN = "Qk3v1lJ1b9Wg0mZrS1yP4xTq7N"


def test_mistakes_are_one_line_before_anything_listens(tmp_path):
    _one_line_error(_swarmtui("web"), 2, r"^swarmtui: error: nobody could log in: give --tokens FILE")
    tokens = tmp_path / "tokens"
    tokens.write_text(f"alice {TOKEN}\n")
    tokens.chmod(0o644)
    _one_line_error(_swarmtui("web", "--tokens", str(tokens), "-p", "0"), 2,
                    r"token file .* is accessible by other users \(mode 644\); run 'chmod 600")
    tokens.chmod(0o600)
    tokens.write_text("alice short\n")
    _one_line_error(_swarmtui("web", "--tokens", str(tokens), "-p", "0"), 2, r"tokens line 1: a token is 22 to 256")
    _one_line_error(_swarmtui("serve", "--allow-guests", "--tokens", str(tokens)), 2,
                    r"--tokens, --public-url and --trusted-proxy are for the browser door: add --web-port PORT")
    _one_line_error(_swarmtui("web", "--allow-guests", "--public-url", "javascript:x"), 2,
                    r"the public URL must start with http:// or https://")
    _one_line_error(_swarmtui("web", "--allow-guests", "--trusted-proxy", "proxy.example"), 2,
                    r"a trusted proxy is an IP address \(got 'proxy.example'\)")
    new = _swarmtui("web", "--new-token")
    assert new.returncode == 0 and re.fullmatch(r"[A-Za-z0-9_-]{32}\n", new.stdout)


async def test_one_process_serves_ssh_and_browsers_and_stops_on_sigterm(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_text(key.export_public_key().decode())
    (tmp_path / "tokens").write_text(f"alice {TOKEN}\n")
    (tmp_path / "tokens").chmod(0o600)
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "swarmtui", "serve", "-k", str(tmp_path / "keys"), "-p", "0", "--web-port", "0",
        "--tokens", str(tmp_path / "tokens"), "--host-key", str(tmp_path / "hk"),
        "--players-dir", str(tmp_path / "players"), stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    assert server.stderr is not None
    try:
        log = b""
        while (found := re.search(rb"listening for browsers on http://127\.0\.0\.1:(\d+)/", log)) is None:
            line = await asyncio.wait_for(server.stderr.readline(), 30)
            assert line, log.decode()
            log += line
        assert re.search(rb"listening on 127\.0\.0\.1:\d+ \(ssh", log)
        base = f"http://127.0.0.1:{found[1].decode()}"
        async with client(base) as http:
            assert (await log_in(http, TOKEN)).status == 303
            screen = await open_screen(http)
            await screen.wait_for(r"Play with others", timeout=60)
            server.send_signal(signal.SIGTERM)  # every session is hung up: the browser's closes
            await asyncio.wait_for(screen.closed.wait(), 30)
        assert await asyncio.wait_for(server.wait(), 30) == 0
        rest = await server.stderr.read()
        assert b"stopped; every session was hung up" in rest and TOKEN.encode() not in log + rest
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()


def test_both_doors_keep_the_ratings_beside_the_players_folder_by_default(tmp_path):
    """``swarmtui web`` and ``serve`` put the ratings database inside the players' folder, among
    the homes, though ``--help`` said beside it (the third audit); now both say and do beside."""
    from swarmtui.cli.doors import house
    from swarmtui.serve.state import ServeConfig

    config = tmp_path / "config.toml"
    config.write_text("")
    place = house(guest=True, players_dir=tmp_path / "players", ratings=None, max_sessions=8, max_per_player=2,
                  idle_minutes=30, max_hours=4, memory_mb=1536, cpu_minutes=60, guests_per_address=4,
                  offer_engines=None, engine=[], config_file=config)
    assert place.ratings == tmp_path / "players-ratings.sqlite3"
    assert ServeConfig(tmp_path / "key", tmp_path / "players", guest=True).ratings_path == place.ratings
