"""``swarmtui serve`` under attack (issue 16, items 1-6), on loopback with bounded waits:
revoked keys fail closed, OpenSSH options in authorized_keys, connection caps and the
no-session timeout, the terminal-size clamp, and no temporary folder left by a failed start.
(The table hub's limits are in ``test_tables_hub``.)"""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from waiting import wait_until

from swarmtui.serve.hostkey import HostKeyError
from swarmtui.serve.keys import AuthorizedKeysError, parse_line, read_authorized_keys, split_options
from swarmtui.serve.limits import Limits
from swarmtui.serve.probe import open_terminal
from swarmtui.serve.server import ServeConfig, start_server

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

# A stand-in app: prints its terminal size, then on SIGWINCH the new one; exits on "bye".
SIZER = textwrap.dedent('''
    import fcntl, os, signal, struct, sys, termios
    def size():
        rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\\0" * 8))
        return f"{cols}x{rows}"
    signal.signal(signal.SIGWINCH, lambda *_: os.write(1, f"WINCH {size()}\\r\\n".encode()))
    print("SIZE", size(), flush=True)
    for line in sys.stdin:
        if line.strip() == "bye":
            break
''')


def _public(key: asyncssh.SSHKey) -> str:
    return key.export_public_key().decode().strip()


def _config(tmp_path: Path, **changes) -> ServeConfig:
    fields: dict[str, Any] = {"host_key": tmp_path / "host_key", "players_root": tmp_path / "players",
              "authorized_keys": tmp_path / "authorized_keys", "port": 0,
              "command": (sys.executable, "-c", SIZER)}
    fields.update(changes)
    return ServeConfig(**fields)


def _connect(server, key: asyncssh.SSHKey | None, username: str = "player"):
    return asyncssh.connect("127.0.0.1", server.port, username=username, known_hosts=None,
                            client_keys=[key] if key else None, agent_path=None, config=None)


async def _logs_in(server, key: asyncssh.SSHKey) -> bool:
    try:
        async with _connect(server, key):
            return True
    except asyncssh.PermissionDenied:
        return False


# -- 1. revoking keys fails closed ---------------------------------------------------------------
async def test_an_unusable_authorized_keys_file_lets_nobody_in_and_says_so(tmp_path, caplog):
    alice, bob = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_text(f"{_public(alice)}\n{_public(bob)}\n")
    server = await start_server(_config(tmp_path))
    try:
        assert await _logs_in(server, alice)
        keys.write_text(f"{_public(bob)}\n")  # alice's key removed
        assert not await _logs_in(server, alice) and await _logs_in(server, bob)
        broken = {
            "unparsable": lambda: keys.write_text(f"{_public(bob)}\nssh-ed25519 AAAAnot-a-key\n"),
            "unknown option": lambda: keys.write_text(f"frobnicate {_public(bob)}\n"),
            "empty": lambda: keys.write_text(""),
            "only comments": lambda: keys.write_text("# nobody\n"),
            "deleted": keys.unlink,
            "unreadable": keys.mkdir,  # a directory where the file was (root reads any mode)
            "not UTF-8": lambda: keys.write_bytes(b"\xff\xfe" + _public(bob).encode()),
        }
        for name, damage in broken.items():
            if keys.is_dir():
                keys.rmdir()
            damage()
            caplog.clear()
            with caplog.at_level(logging.INFO, logger="swarmtui.serve"):
                assert not await _logs_in(server, bob), name
            assert "NOBODY CAN LOG IN WITH A KEY" in caplog.text, name
        keys.write_text(f"{_public(bob)}\n")  # fixed: bob is back
        assert await _logs_in(server, bob)
    finally:
        await server.close()


# -- 3. OpenSSH options --------------------------------------------------------------------------
def test_options_are_split_as_openssh_splits_them():
    options, rest = split_options('command="echo hi, there",NO-PTY,from="10.0.0.1,::1" ssh-ed25519 AAAA x')
    assert options == [("command", "echo hi, there"), ("no-pty", None), ("from", "10.0.0.1,::1")]
    assert rest == "ssh-ed25519 AAAA x"
    assert split_options(r'environment="A=\"q\"" k')[0] == [("environment", 'A="q"')]
    with pytest.raises(ValueError, match="unbalanced quote"):
        split_options('command="x ssh-ed25519 AAAA')


def test_each_option_is_honoured_refused_or_makes_the_line_unusable():
    key = _public(asyncssh.generate_private_key("ssh-ed25519"))
    refused = {'command="echo hi",no-pty': "command=", "no-pty": "no-pty", "restrict": "restrict without pty",
               'environment="A=b"': "environment=", "cert-authority": "certificates",
               "verify-required": "verification", 'principals="x"': "certificates"}
    for options, why in refused.items():
        entry = parse_line(f"{options} {key}")
        assert entry.refusal is not None and why in entry.refusal, options
    for options in ("restrict,pty", "no-port-forwarding,no-agent-forwarding,No-X11-Forwarding,no-user-rc",
                    'permitopen="h:1",permitlisten="2",tunnel="0"', 'from="127.0.0.1"', "no-touch-required",
                    'expiry-time="20991231"'):
        assert parse_line(f"{options} {key}").refusal is None, options
    for options, error in (("frobnicate", "unknown option 'frobnicate'"), ("from", "from needs a value"),
                           ('expiry-time="tomorrow"', "not YYYYMMDD"), ('expiry-time="20261399"', "not a date")):
        with pytest.raises(ValueError, match=error):
            parse_line(f"{options} {key}")


async def test_from_expiry_and_command_keys_at_login(tmp_path, caplog):
    here, elsewhere, forced, expired, later, anywhere = (asyncssh.generate_private_key("ssh-ed25519")
                                                         for _ in range(6))
    (tmp_path / "authorized_keys").write_text("\n".join([
        f'from="127.0.0.1" {_public(here)}',
        f'FROM="10.9.9.9" {_public(elsewhere)}',  # option names are case-insensitive, as in sshd
        f'command="echo hi",no-pty {_public(forced)}',  # this line stopped serve from starting
        f'expiry-time="20000101" {_public(expired)}',
        f'expiry-time="20991231Z" {_public(later)}',
        f'from="!127.0.0.1,*" {_public(anywhere)}',  # anywhere but here
    ]) + "\n")
    with caplog.at_level(logging.INFO, logger="swarmtui.serve"):
        server = await start_server(_config(tmp_path))
        try:
            assert "line 3 is refused: command= forces a command" in caplog.text
            assert await _logs_in(server, here) and await _logs_in(server, later)
            for key in (elsewhere, forced, expired, anywhere):
                assert not await _logs_in(server, key)
        finally:
            await server.close()
    assert "line 2: from= does not allow 127.0.0.1" in caplog.text
    assert "line 3: command= forces a command" in caplog.text
    assert "line 4: expiry-time has passed" in caplog.text


def test_the_first_line_that_allows_the_login_decides_as_in_sshd(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / "keys"
    path.write_text(f'from="10.1.1.1" {_public(key)}\ncommand="x" {_public(key)}\n{_public(key)}\n')
    keys = read_authorized_keys(path)
    assert keys.check(key, "10.1.1.1").allowed
    assert keys.check(key, "127.0.0.1").reason.startswith("line 2: command=")
    path.write_text(f"# x\n\n{_public(asyncssh.generate_private_key('ssh-ed25519'))}\n")
    assert read_authorized_keys(path).check(key, "127.0.0.1").reason == "it is not listed"
    path.write_bytes(b"#" * (1024 * 1024 + 1))
    with pytest.raises(AuthorizedKeysError, match="too large to be a list of authorized keys"):
        read_authorized_keys(path)


# -- 2. connections are counted and time out without a session -----------------------------------
async def test_guest_connections_are_capped_and_a_key_still_gets_in(tmp_path, caplog):
    alice = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "authorized_keys").write_text(_public(alice) + "\n")
    limits = Limits(max_guest_connections=3, max_connections=8, login_seconds=30)
    server = await start_server(_config(tmp_path, guest=True, limits=limits))
    guests = []
    try:
        for _ in range(3):
            guests.append(await _connect(server, None, username="guest"))
        with caplog.at_level(logging.INFO, logger="swarmtui.serve"):
            await _closed_at_once(_connect(server, None, username="guest"))
        assert "guests have 3 connections open already" in caplog.text
        async with _connect(server, alice) as conn:  # a key is not locked out by guests
            probe = await open_terminal(conn)
            await probe.wait_for("SIZE")
            probe.press("bye\r")
            await asyncio.wait_for(probe.chan.wait_closed(), 10)
        assert server.state.connections.per_player["guests"] == 3
    finally:
        for conn in guests:
            conn.close()
        await server.close()
    await _wait(lambda: server.state.connections.total == 0)


async def test_connections_per_key_in_total_and_while_logging_in_are_capped(tmp_path):
    alice = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "authorized_keys").write_text(_public(alice) + "\n")
    limits = Limits(max_connections_per_player=2, max_connections=5, max_unauthenticated=2)
    server = await start_server(_config(tmp_path, limits=limits))
    held, raw = [], []
    try:
        held += [await _connect(server, alice), await _connect(server, alice)]
        await _closed_at_once(_connect(server, alice))
        for _ in range(2):  # two silent TCP connections, still logging in
            raw.append(await asyncio.open_connection("127.0.0.1", server.port))
        await _wait(lambda: server.state.connections.unauthenticated == 2)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        said = await asyncio.wait_for(reader.read(), 10)  # closed at once: the banner, then end of file
        assert said.startswith(b"SSH-2.0-") and said.count(b"\n") == 1
        writer.close()
        assert server.state.connections.total == 4
    finally:
        for _, writer in raw:
            writer.close()
        for conn in held:
            conn.close()
        await server.close()


async def test_a_connection_without_a_session_is_closed(tmp_path, caplog):
    alice = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "authorized_keys").write_text(_public(alice) + "\n")
    server = await start_server(_config(tmp_path, limits=Limits(login_seconds=0.5)))
    try:
        with caplog.at_level(logging.INFO, logger="swarmtui.serve"):
            conn = await _connect(server, alice)  # logs in, never opens a session
            await asyncio.wait_for(conn.wait_closed(), 10)
        assert "no session for 0.5 s" in caplog.text
        async with _connect(server, alice) as conn:  # a session keeps its connection open
            probe = await open_terminal(conn)
            await probe.wait_for("SIZE")
            await asyncio.sleep(1.2)  # more than twice the limit; the session is still there
            assert not probe.chan.is_closing()
            probe.press("bye\r")
            await asyncio.wait_for(probe.chan.wait_closed(), 10)
            await asyncio.wait_for(conn.wait_closed(), 10)  # and once it ends, the connection goes
        await _wait(lambda: server.state.connections.total == 0)
    finally:
        await server.close()


async def _closed_at_once(connecting) -> None:
    """The server closes this connection right after the login (or during it)."""
    try:
        conn = await connecting
    except (asyncssh.DisconnectError, asyncssh.ConnectionLost):
        return
    await asyncio.wait_for(conn.wait_closed(), 10)


_wait = wait_until


# -- 4. the terminal size is clamped -------------------------------------------------------------
async def test_a_huge_terminal_is_clamped(tmp_path):
    alice = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "authorized_keys").write_text(_public(alice) + "\n")
    server = await start_server(_config(tmp_path))
    try:
        async with _connect(server, alice) as conn:
            probe = await open_terminal(conn, size=(65535, 65535))
            await probe.wait_for(r"SIZE 500x200")
            probe.chan.change_terminal_size(120, 40)
            await probe.wait_for(r"WINCH 120x40")
            probe.chan.change_terminal_size(65535, 30)
            await probe.wait_for(r"WINCH 500x30")
            assert server.state.sessions.pop().size == (500, 30)
            probe.press("bye\r")
            await asyncio.wait_for(probe.chan.wait_closed(), 10)
    finally:
        await server.close()


# -- 6. a failed start leaves no temporary folder ------------------------------------------------
async def test_a_failed_start_leaves_no_tables_folder(tmp_path, monkeypatch):
    alice = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "authorized_keys").write_text(_public(alice) + "\n")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError):
            await start_server(_config(tmp_path, port=taken.getsockname()[1]))
    assert list(scratch.iterdir()) == []
    bad = tmp_path / "bad_host_key"
    bad.write_text("not a key")
    bad.chmod(0o600)
    with pytest.raises(HostKeyError):
        await start_server(_config(tmp_path, host_key=bad))
    (tmp_path / "authorized_keys").write_text("nonsense\n")
    with pytest.raises(AuthorizedKeysError):
        await start_server(_config(tmp_path))
    assert list(scratch.iterdir()) == []
