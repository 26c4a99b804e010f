"""``swarmtui serve`` as a command: one-line errors, and a real server process on loopback."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import asyncssh

from swarmtui.serve.probe import open_terminal

ROOT = Path(__file__).resolve().parents[1]


def _swarmtui(*args: str, timeout: float = 20, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swarmtui", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=None if env is None else {**os.environ, **env})


def _one_line_error(done: subprocess.CompletedProcess, code: int, pattern: str) -> None:
    assert done.returncode == code, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    assert re.search(pattern, done.stderr), done.stderr


def test_nobody_could_log_in(tmp_path):
    _one_line_error(_swarmtui("serve"), 2, r"^swarmtui: error: nobody could log in: give --authorized-keys")


def test_unreadable_and_damaged_key_files(tmp_path):
    _one_line_error(_swarmtui("serve", "-k", str(tmp_path / "none")), 2,
                    r"cannot read authorized keys: .*none does not exist")
    bad = tmp_path / "keys"
    bad.write_text("hello\n")
    _one_line_error(_swarmtui("serve", "-k", str(bad)), 2, r"keys line 1 is not a public key")
    good = tmp_path / "good"
    good.write_text(asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode())
    host_key = tmp_path / "host_key"
    host_key.write_text("junk")
    host_key.chmod(0o644)
    _one_line_error(_swarmtui("serve", "-k", str(good), "--host-key", str(host_key)), 2,
                    r"host key .* is accessible by other users \(mode 644\); run 'chmod 600")


def test_port_in_use_and_bad_host_key_leave_no_temporary_folder(tmp_path):
    key = tmp_path / "keys"
    key.write_text(asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode())
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _swarmtui("serve", "-k", str(key), "-p", str(port), "--host-key", str(tmp_path / "hk"),
                         "--players-dir", str(tmp_path / "players"), env={"TMPDIR": str(scratch)})
    _one_line_error(done, 2, rf"^swarmtui: error: port {port} on 127.0.0.1 is already in use")
    (tmp_path / "bad").write_text("not a key")
    (tmp_path / "bad").chmod(0o600)
    done = _swarmtui("serve", "-k", str(key), "-p", "0", "--host-key", str(tmp_path / "bad"),
                     "--players-dir", str(tmp_path / "players"), env={"TMPDIR": str(scratch)})
    _one_line_error(done, 2, r"cannot read host key")
    damaged = tmp_path / "ratings.sqlite3"
    damaged.write_text("these are not ratings\n")
    done = _swarmtui("serve", "-k", str(key), "-p", "0", "--host-key", str(tmp_path / "hk"), "--ratings",
                     str(damaged), "--players-dir", str(tmp_path / "players"), env={"TMPDIR": str(scratch)})
    _one_line_error(done, 2, r"ratings.sqlite3 is not a usable ratings database .*it is left as it is")
    assert damaged.read_text() == "these are not ratings\n"
    assert list(scratch.iterdir()) == []


async def test_a_real_server_process_serves_the_app_and_logs_guest_access(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_text(key.export_public_key().decode())
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "swarmtui", "serve", "-k", str(tmp_path / "keys"), "--allow-guests", "-p", "0",
        "--host-key", str(tmp_path / "hk"), "--players-dir", str(tmp_path / "players"),
        stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    try:
        log = b""
        while (found := re.search(rb"listening on 127\.0\.0\.1:(\d+)", log)) is None:
            line = await asyncio.wait_for(server.stderr.readline(), 20)
            assert line, log.decode()
            log += line
        assert b"WARNING GUEST ACCESS IS OPEN" in log
        assert (tmp_path / "hk").stat().st_mode & 0o777 == 0o600
        async with asyncssh.connect("127.0.0.1", int(found[1]), username="me", client_keys=[key],
                                    known_hosts=None, agent_path=None, config=None) as conn:
            probe = await open_terminal(conn)
            await probe.wait_for("About")
            probe.press("ctrl+q")
            await asyncio.wait_for(probe.chan.wait_closed(), 15)
    finally:
        server.send_signal(signal.SIGTERM)
        await asyncio.wait_for(server.wait(), 15)
    assert server.returncode == 0
    assert b"stopped; every session was hung up" in await server.stderr.read()


async def test_a_long_tmpdir_does_not_stop_the_server(tmp_path, monkeypatch):
    """The table hub's socket path would outgrow what a Unix socket takes under a long TMPDIR
    ('AF_UNIX path too long', the server would not start): the hub's folder goes to /tmp then."""
    import tempfile

    from swarmtui.serve.limits import Limits
    from swarmtui.serve.venue import SOCKET_PATH_MAX, Venue

    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    monkeypatch.setattr(tempfile, "tempdir", str(deep))
    venue = await Venue.open(tmp_path / "players", Limits(), ("true",))
    try:
        assert len(bytes(venue.hub.path)) <= SOCKET_PATH_MAX and venue.hub.path.exists()
        assert not any(deep.iterdir())  # nothing left behind in the long folder
    finally:
        await venue.close()
    assert not venue.hub.path.parent.exists()
