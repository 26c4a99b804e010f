"""``swarmtui serve`` on loopback: a real asyncssh client logs in, drives the app in its pty,
resizes, disconnects; refused keys, sessions without a terminal, commands, forwarding; caps.

Tests that only need a process in the pty (limits, environment, resize signals) run a tiny
Python script instead of the app, so they stay fast; the app itself is driven end to end
in the first tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import stat
import sys
import textwrap
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from waiting import SETTLE_TIMEOUT, wait_until

from swarmtui.serve.environment import child_environment
from swarmtui.serve.hostkey import HostKeyError, load_or_create
from swarmtui.serve.limits import Limits
from swarmtui.serve.probe import open_terminal
from swarmtui.serve.server import AuthorizedKeysError, ServeConfig, read_authorized_keys, start_server
from swarmtui.tui.screens.menu import menu_games

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

# A stand-in app: reports its terminal, limits and environment, then echoes SIGWINCH sizes.
REPORTER = textwrap.dedent('''
    import fcntl, json, os, resource, signal, struct, sys, termios, time
    def size():
        rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\\0" * 8))
        return f"{cols}x{rows}"
    signal.signal(signal.SIGWINCH, lambda *_: os.write(1, f"WINCH {size()}\\r\\n".encode()))
    print("REPORT", json.dumps({"tty": os.ttyname(0), "ctty": os.tcgetpgrp(0) == os.getpgrp(),
          "size": size(), "as": resource.getrlimit(resource.RLIMIT_AS)[0],
          "cpu": resource.getrlimit(resource.RLIMIT_CPU)[0], "env": dict(os.environ), "cwd": os.getcwd()}),
          flush=True)
    for line in sys.stdin:
        print("GOT", line.strip(), flush=True)
        if line.strip() == "bye":
            break
''')


def _key(tmp_path: Path, name: str) -> asyncssh.SSHKey:
    key = asyncssh.generate_private_key("ssh-ed25519")
    with (tmp_path / "authorized_keys").open("a") as out:
        out.write(key.export_public_key().decode())
    return key


def _config(tmp_path: Path, **changes) -> ServeConfig:
    fields: dict[str, Any] = {"host_key": tmp_path / "host_key", "players_root": tmp_path / "players",
              "authorized_keys": tmp_path / "authorized_keys", "port": 0}
    fields.update(changes)
    return ServeConfig(**fields)


def _connect(server, key: asyncssh.SSHKey | None, username: str = "player"):
    return asyncssh.connect("127.0.0.1", server.port, username=username, known_hosts=None,
                            client_keys=[key] if key else None, agent_path=None, config=None)


@pytest.fixture
async def alice_and_bob(tmp_path):
    return _key(tmp_path, "alice"), _key(tmp_path, "bob")


def _report(text: str) -> dict:
    line = next(line for line in text.splitlines() if line.startswith("REPORT "))
    return json.loads(line[len("REPORT "):])


# -- the real app ------------------------------------------------------------------------------
async def test_play_the_app_resize_and_quit(tmp_path, alice_and_bob):
    alice, _ = alice_and_bob
    server = await start_server(_config(tmp_path))
    try:
        async with _connect(server, alice) as conn:
            probe = await open_terminal(conn, size=(80, 24))
            menu = await probe.wait_for(r"About")
            assert "Noughts & Crosses" in menu and "Halma" in menu
            probe.press("enter")
            await probe.wait_for(r"Setup: Noughts")
            mark = len(probe.output)
            probe.chan.change_terminal_size(100, 30)  # the app redraws on 30 rows
            await probe.wait_until(lambda: b"\x1b[30;1H" in probe.output[mark:], 10, "no redraw on 30 rows")
            await probe.wait_for(r"Setup: Noughts", timeout=SETTLE_TIMEOUT, start=mark)
            probe.press("ctrl+q")
            await asyncio.wait_for(probe.chan.wait_closed(), 15)
            assert probe.chan.get_exit_status() == 0
        assert server.state.count.total == 0 and not server.state.sessions
    finally:
        await server.close()


async def test_dropped_connection_autosaves_into_the_players_own_saves(tmp_path, alice_and_bob):
    alice, bob = alice_and_bob
    server = await start_server(_config(tmp_path))
    try:
        async with _connect(server, alice) as conn:
            probe = await open_terminal(conn)
            await probe.wait_for(r"About")
            probe.press("enter")
            await probe.wait_for(r"Setup: Noughts")
            await probe.press_each("tab", "tab", "enter", "enter")  # you vs the default opponent; seed; Start
            await probe.wait_for(r"X to move")
            mark = len(probe.output)
            probe.press("s", "s", "enter")  # speed instant; X plays b2; the AI answers
            await probe.wait_for(r"plays [abc][123]", start=mark)  # the AI answered
            [pid] = server.child_pids()
        # the connection is gone: the child got SIGHUP, saved and exited
        await wait_until(lambda: not server.state.sessions)
        assert not server.state.sessions
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
        homes = {p.name: p for p in (tmp_path / "players").iterdir()}
        [alice_home] = homes.values()
        assert alice_home.name.startswith("key-") and stat.S_IMODE(alice_home.stat().st_mode) == 0o700
        [saved] = (alice_home / "saves" / "games").glob("noughts-*.json")
        payload = json.loads(saved.read_text())
        assert payload["kind"] == "game" and payload["moves"][0] == "b2" and len(payload["moves"]) == 2
        # bob's session sees bob's (empty) saves, never alice's
        server.state.command = (sys.executable, "-c", REPORTER)
        async with _connect(server, bob) as conn:
            probe = await open_terminal(conn)
            report = _report(await probe.wait_for(r"REPORT .*\}"))
            probe.press("bye\r")
            await probe.chan.wait_closed()
        bob_saves = Path(report["env"]["SWARMTUI_SAVES"])
        assert bob_saves.parent != alice_home and bob_saves.parent.parent == tmp_path / "players"
        assert not list(bob_saves.rglob("*.json")) and report["cwd"] == str(bob_saves.parent)
        assert report["env"]["SWARMTUI_CONFINE"] == "1"
    finally:
        await server.close()


# -- who may log in ----------------------------------------------------------------------------
async def test_an_unknown_key_and_keyless_logins_are_refused(tmp_path, alice_and_bob):
    server = await start_server(_config(tmp_path))
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            async with _connect(server, stranger):
                pass
        with pytest.raises(asyncssh.PermissionDenied):
            async with _connect(server, None, username="guest"):  # guests were not allowed
                pass
    finally:
        await server.close()


async def test_guests_only_when_opted_in_each_in_a_fresh_directory_removed_afterwards(tmp_path):
    server = await start_server(_config(tmp_path, authorized_keys=None, guest=True,
                                        command=(sys.executable, "-c", REPORTER)))
    try:
        reports = []
        for _ in range(2):
            async with _connect(server, None, username="guest") as conn:
                probe = await open_terminal(conn)
                reports.append(_report(await probe.wait_for(r"REPORT .*\}")))
                assert Path(reports[-1]["cwd"]).is_dir()
                probe.press("bye\r")
                await probe.chan.wait_closed()
        first, second = (Path(r["cwd"]) for r in reports)
        assert first != second and first.name.startswith("guest-")
        await asyncio.sleep(0.2)
        assert not first.exists() and not second.exists()
        with pytest.raises(asyncssh.PermissionDenied):  # only the user name 'guest' is a guest
            async with _connect(server, None, username="alice"):
                pass
    finally:
        await server.close()


# -- what a session may ask for ----------------------------------------------------------------
async def test_sessions_without_a_terminal_commands_subsystems_and_forwarding_are_refused(tmp_path, alice_and_bob):
    alice, _ = alice_and_bob
    marker = tmp_path / "ran"
    server = await start_server(_config(tmp_path))
    try:
        async with _connect(server, alice) as conn:
            done = await conn.run(f"touch {marker}", term_type="xterm")  # a command, even with a pty
            assert done.exit_status == 1 and "runs only the swarmtui app, no commands" in done.stderr
            assert not marker.exists()
            done = await conn.run()  # a shell without a pty
            assert done.exit_status == 1 and "needs a terminal" in done.stderr
            with pytest.raises(asyncssh.ChannelOpenError):  # the sftp subsystem
                await conn.start_sftp_client()
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", server.port)  # direct-tcpip
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.start_server(lambda: None, "127.0.0.1", 0)  # remote forwarding
        assert server.state.count.total == 0
    finally:
        await server.close()


def test_only_whitelisted_client_variables_reach_the_child(tmp_path):
    client = {"TERM": "evil", "LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8", "COLORTERM": "truecolor",
              "NO_COLOR": "1", "PYTHONPATH": "/tmp/x", "LD_PRELOAD": "/tmp/x.so", "SWARMTUI_SAVES": "/",
              "HOME": "/", "PATH": "/tmp", "LC_CTYPE": "a b; rm -rf /", "LCX": "1"}
    env = child_environment(client, "screen-256color", tmp_path / "saves", tmp_path)
    assert env["TERM"] == "screen-256color" and env["SWARMTUI_SAVES"] == str(tmp_path / "saves")
    assert env["HOME"] == str(tmp_path) and env["PATH"] == "/usr/local/bin:/usr/bin:/bin"
    assert {env["LANG"], env["LC_ALL"], env["COLORTERM"], env["NO_COLOR"]} == {
        "de_DE.UTF-8", "fr_FR.UTF-8", "truecolor", "1"}
    assert not {"PYTHONPATH", "LD_PRELOAD", "LC_CTYPE", "LCX"} & env.keys()
    assert child_environment({}, "dumb", tmp_path, tmp_path)["TERM"] == "xterm-256color"
    assert child_environment({}, "x;y", tmp_path, tmp_path)["TERM"] == "xterm-256color"


async def test_the_child_has_its_pty_limits_environment_and_resizes(tmp_path, alice_and_bob):
    alice, _ = alice_and_bob
    limits = Limits(memory_bytes=900 * 2**20, cpu_seconds=77)
    server = await start_server(_config(tmp_path, limits=limits, command=(sys.executable, "-c", REPORTER)))
    try:
        async with _connect(server, alice) as conn:
            probe = await open_terminal(conn, size=(91, 27), term="xterm",
                                        env={"NO_COLOR": "1", "PYTHONPATH": "/evil", "LC_ALL": "C.UTF-8"})
            report = _report(await probe.wait_for(r"REPORT .*\}"))
            assert report["tty"].startswith("/dev/pts/") and report["ctty"] and report["size"] == "91x27"
            assert report["as"] == 900 * 2**20 and report["cpu"] == 77
            env = report["env"]
            assert env["TERM"] == "xterm" and env["NO_COLOR"] == "1" and env["LC_ALL"] == "C.UTF-8"
            assert "PYTHONPATH" not in env
            probe.chan.change_terminal_size(120, 40)
            await probe.wait_for(r"WINCH 120x40")
            probe.press("hello\r")
            await probe.wait_for(r"GOT hello")
            probe.press("bye\r")
            await probe.chan.wait_closed()
            assert probe.chan.get_exit_status() == 0
    finally:
        await server.close()


# -- caps ---------------------------------------------------------------------------------------
async def test_session_caps_global_and_per_player(tmp_path, alice_and_bob):
    alice, bob = alice_and_bob
    carol = _key(tmp_path, "carol")
    limits = Limits(max_sessions=2, max_sessions_per_player=1)
    server = await start_server(_config(tmp_path, limits=limits, command=(sys.executable, "-c", REPORTER)))
    try:
        async with _connect(server, alice) as a, _connect(server, bob) as b, _connect(server, carol) as c:
            first = await open_terminal(a)
            await first.wait_for("REPORT")
            again = await open_terminal(a)  # alice's second session
            await asyncio.wait_for(again.chan.wait_closed(), 10)
            assert again.chan.get_exit_status() == 1 and b"already have 1 session" in again.stderr
            second = await open_terminal(b)
            await second.wait_for("REPORT")
            third = await open_terminal(c)  # the server is full
            await asyncio.wait_for(third.chan.wait_closed(), 10)
            assert b"server is full (2 sessions)" in third.stderr
            assert server.state.count.total == 2
            first.press("bye\r")
            await first.chan.wait_closed()
            await asyncio.sleep(0.1)
            late = await open_terminal(c)  # a place is free again
            await late.wait_for("REPORT")
            for probe in (second, late):
                probe.press("bye\r")
                await probe.chan.wait_closed()
    finally:
        await server.close()


async def test_idle_and_total_time_end_a_session_saying_why(tmp_path, alice_and_bob):
    alice, _ = alice_and_bob
    for limits, why in ((Limits(idle_seconds=0.6), "no input for 0.6 s"),
                        (Limits(session_seconds=1.0, idle_seconds=30), "session time limit (1 s)")):
        server = await start_server(_config(tmp_path, limits=limits, command=(sys.executable, "-c", REPORTER)))
        try:
            async with _connect(server, alice) as conn:
                probe = await open_terminal(conn)
                await probe.wait_for("REPORT")
                if "time limit" in why:
                    for _ in range(4):  # typing does not extend the total time
                        if probe.chan.is_closing():
                            break
                        with contextlib.suppress(BrokenPipeError):  # the limit may strike mid-typing
                            probe.press("x\r")
                        await asyncio.sleep(0.3)
                await asyncio.wait_for(probe.chan.wait_closed(), 10)
                assert why in probe.text()
        finally:
            await server.close()


# -- keys on disk -------------------------------------------------------------------------------
def test_host_key_is_created_once_private_and_reused(tmp_path):
    path = tmp_path / "serve" / "host_key"
    first = load_or_create(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create(path).public_data == first.public_data
    path.chmod(0o644)
    with pytest.raises(HostKeyError, match="chmod 600"):
        load_or_create(path)
    path.chmod(0o600)
    path.write_text("not a key")
    with pytest.raises(HostKeyError, match="cannot read host key"):
        load_or_create(path)


def test_authorized_keys_file_with_options_comments_and_damage(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / "authorized_keys"
    path.write_text(f"# team\n\nno-port-forwarding,from=\"127.0.0.1\" {key.export_public_key().decode()}")
    assert read_authorized_keys(path).check(key, "127.0.0.1").allowed
    path.write_text("ssh-ed25519 AAAAnotbase64\n")
    with pytest.raises(AuthorizedKeysError, match="line 1 is not a public key"):
        read_authorized_keys(path)
    with pytest.raises(AuthorizedKeysError, match="cannot read"):
        read_authorized_keys(tmp_path / "missing")


# -- one player's files are out of another's reach ------------------------------------------
async def test_a_player_cannot_open_another_players_files_from_the_app(tmp_path, alice_and_bob):
    alice, bob = alice_and_bob
    server = await start_server(_config(tmp_path))
    try:
        async with _connect(server, bob) as conn:  # bob's home exists; put a result file in his saves
            probe = await open_terminal(conn)
            await probe.wait_for("About")
            bob_home = next((tmp_path / "players").iterdir())
            probe.press("ctrl+q")
            await probe.chan.wait_closed()
        secret = bob_home / "saves" / "games.jsonl"
        secret.write_text('{"kind": "run"}\n')
        async with _connect(server, alice) as conn:
            probe = await open_terminal(conn)
            await probe.wait_for("About")
            entries = [g.id for g in menu_games(tables=True)]  # under serve the menu lists the tables too
            probe.press(*["down"] * entries.index("results"), "enter")
            await probe.wait_for("Enter lists its games")
            mark = len(probe.output)
            probe.press(f"../{bob_home.name}/saves/games.jsonl", "enter")
            await probe.wait_for(r"outside\s+your\s+saves", start=mark)
            probe.press("ctrl+q")
            await probe.chan.wait_closed()
    finally:
        await server.close()


def test_confinement_resolves_dot_dot_and_symlinks_and_allows_the_shipped_defaults(tmp_path, monkeypatch):
    from swarmtui.core.saves import SaveError, read_json, shipped_dir, write_json

    mine, theirs = tmp_path / "a" / "saves", tmp_path / "b" / "saves"
    theirs.mkdir(parents=True)
    write_json(theirs / "x.json", {"format": 1, "kind": "game"})
    monkeypatch.setenv("SWARMTUI_SAVES", str(mine))
    monkeypatch.setenv("SWARMTUI_CONFINE", "1")
    assert write_json(mine / "games" / "y.json", {"format": 1, "kind": "game"}).exists()
    assert read_json(mine / "games" / "y.json", kind="game")["kind"] == "game"
    for path in (theirs / "x.json", mine / ".." / ".." / "b" / "saves" / "x.json"):
        with pytest.raises(SaveError, match="outside your saves"):
            read_json(path, kind="game")
        with pytest.raises(SaveError, match="outside your saves"):
            write_json(path, {"format": 1, "kind": "game"})
    (mine / "link.json").symlink_to(theirs / "x.json")
    with pytest.raises(SaveError, match="outside your saves"):
        read_json(mine / "link.json", kind="game")
    shipped = next(shipped_dir().rglob("*.json"))
    read_json(shipped, kind=json.loads(shipped.read_text())["kind"],
              formats=(json.loads(shipped.read_text())["format"],))
    with pytest.raises(SaveError, match="outside your saves"):
        write_json(shipped.with_name("new.json"), {"format": 1, "kind": "game"})
