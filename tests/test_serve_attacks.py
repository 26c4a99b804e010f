"""``swarmtui serve`` under the second audit's attacks (issue 27, points 3 and 4), bounded:
a keystroke flood is held back and costs the server bounded memory (nothing typed is lost);
a watcher that stops reading is let go; silent connections from one address, or from many,
cannot keep a player on another address out; a FIFO or a device in place of the operator's
files is refused at once, and reading them never stalls the server."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from waiting import wait_until

from swarmtui.serve.admission import Arrivals, plain_address, source_network
from swarmtui.serve.attacks import PeakRss, children, closed_within, flood_keystrokes, silent_connections
from swarmtui.serve.hostkey import HostKeyError, load_or_create
from swarmtui.serve.input_queue import InputQueue
from swarmtui.serve.keys import AuthorizedKeysError
from swarmtui.serve.limits import Limits, input_window
from swarmtui.serve.probe import open_terminal, start_server_process
from swarmtui.serve.server import ServeConfig, start_server

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="pseudo-terminals, /proc and 127.0.0.2 as a loopback address")

# A stand-in app that reads nothing until SIGUSR1, then reads 1 KiB a millisecond at most (slower than
# the client types) and counts the bytes before "!".
SLOW_READER = textwrap.dedent('''
    import os, signal, time, tty
    tty.setraw(0)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
    os.write(1, b"READY\\r\\n")
    signal.sigwait({signal.SIGUSR1})
    count = 0
    while True:
        data = os.read(0, 1024)
        if b"!" in data:
            count += data.index(b"!")
            break
        count += len(data)
        time.sleep(0.001)
    os.write(1, f"GOT {count}\\r\\n".encode())
''')

# A stand-in app that writes 1 MiB on "s" and ends on "b".
SPEAKER = textwrap.dedent('''
    import os, tty
    tty.setraw(0)
    os.write(1, b"READY\\r\\n")
    while data := os.read(0, 1024):
        if b"s" in data:
            for _ in range(64):
                os.write(1, b"x" * 16384)
            os.write(1, b"\\r\\nSPOKEN\\r\\n")
        if b"b" in data:
            break
''')


def _public(key: asyncssh.SSHKey) -> str:
    return key.export_public_key().decode().strip()


def _config(tmp_path: Path, *keys: asyncssh.SSHKey, **changes) -> ServeConfig:
    (tmp_path / "authorized_keys").write_text("".join(_public(k) + "\n" for k in keys))
    fields: dict[str, Any] = {"host_key": tmp_path / "host_key", "players_root": tmp_path / "players",
              "authorized_keys": tmp_path / "authorized_keys", "port": 0}
    fields.update(changes)
    return ServeConfig(**fields)


def _connect(port: int, key: asyncssh.SSHKey | None, username: str = "player", source: str = "127.0.0.1", **options):
    return asyncssh.connect("127.0.0.1", port, username=username, client_keys=[key] if key else None,
                            known_hosts=None, agent_path=None, config=None, local_addr=(source, 0), **options)


async def _close(server, attack) -> None:
    for _, writer in attack:
        writer.close()
    await server.close()


# -- 3. a keystroke flood ------------------------------------------------------------------------
def test_the_input_queue_pauses_at_half_resumes_at_an_eighth_and_caps():
    events = []
    queue = InputQueue(64, lambda: events.append("full"), lambda: events.append("drained"))
    queue.push(b"a" * 31)
    assert events == [] and not queue.paused
    queue.push(b"a")
    assert events == ["full"] and queue.paused
    queue.push(b"b" * 40)  # a door that could not stop in time: only up to the limit is kept
    assert len(queue) == 64 and queue.dropped == 8 and queue.pending == b"a" * 32 + b"b" * 32
    queue.consumed(56)
    assert events == ["full", "drained"] and not queue.paused and queue.pending == b"b" * 8
    queue.push(b"c" * 30)
    queue.clear()
    assert events == ["full", "drained", "full", "drained"] and len(queue) == 0


async def test_a_keystroke_flood_is_held_back_and_nothing_typed_is_lost(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    limits = Limits(max_input_bytes=64 * 1024)
    total = 2 * 2**20
    server = await start_server(_config(tmp_path, key, limits=limits, command=(sys.executable, "-c", SLOW_READER)))
    try:
        async with _connect(server.port, key) as conn:
            probe = await open_terminal(conn)
            await probe.wait_for("READY")
            [session] = server.state.sessions
            assert session.child is not None
            sent = 0

            async def flood() -> None:
                nonlocal sent
                for _ in range(total // 4096):
                    await probe.send(b"z" * 4096)
                    sent += 4096

            typing = asyncio.get_running_loop().create_task(flood())
            # the app reads nothing yet: the server stops taking keystrokes, and the client waits
            await wait_until(lambda: session.child.keystrokes.paused and not probe.writable.is_set(), 30)
            taken = sent - probe.chan.get_write_buffer_size()
            assert not typing.done() and taken < 512 * 1024, taken

            def held() -> int:  # keystrokes the server holds: its queue, and asyncssh's own buffer
                return len(session.child.keystrokes) + sum(len(d) for d, _ in session.chan._recv_buf)

            async with _Peak(held) as most:
                os.kill(session.child.pid, signal.SIGUSR1)  # now the app reads, slowly
                await asyncio.wait_for(typing, 120)
                probe.press("!")
                await probe.wait_for(r"GOT \d+", 120)
            assert f"GOT {total}" in probe.text()  # every byte typed reached the app, in order
            # a window smaller than the queue's room between its marks keeps asyncssh's buffer within one window
            assert most.value <= limits.max_input_bytes + input_window(limits), most.value
            assert len(session.child.keystrokes) == 0 and not session.child.keystrokes.paused
            assert session.child.keystrokes.dropped == 0
    finally:
        await server.close()


class _Peak:
    """The largest value ``measure()`` takes while the block runs, sampled every millisecond."""

    def __init__(self, measure) -> None:
        self.measure = measure
        self.value = 0
        self.task: asyncio.Task | None = None

    async def _watch(self) -> None:
        while True:
            self.value = max(self.value, self.measure())
            await asyncio.sleep(0.001)

    async def __aenter__(self) -> _Peak:
        self.task = asyncio.get_running_loop().create_task(self._watch())
        return self

    async def __aexit__(self, *exc) -> None:
        assert self.task is not None
        self.task.cancel()


async def test_the_real_server_s_memory_stays_flat_under_a_flood_and_after_it(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_text(_public(key) + "\n")
    server = await start_server_process("-k", str(tmp_path / "keys"), "--host-key", str(tmp_path / "hk"),
                                        "--players-dir", str(tmp_path / "players"))
    mib = 2**20
    try:
        async with _connect(server.port, key) as conn:
            probe = await open_terminal(conn)
            await probe.wait_for("About", timeout=120)
            async with PeakRss((server.pid,)) as peaks:
                before = peaks.peak[server.pid]
                typed = await flood_keystrokes(probe, 3.0)
            assert typed.taken < 20 * mib  # the client was held back (the unfixed server took 200+ MiB in 3 s)
            print(f"\nserver RSS {before / mib:.0f} MiB before, peak {peaks.peak[server.pid] / mib:.0f} MiB; "
                  f"it took {typed.taken / mib:.2f} MiB in 3 s")
            assert peaks.peak[server.pid] - before < 40 * mib
    finally:
        await server.stop()


async def test_a_watcher_that_stops_reading_is_let_go(tmp_path, caplog):
    alice, bob = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    limits = Limits(max_watcher_backlog_bytes=64 * 1024)
    server = await start_server(_config(tmp_path, alice, bob, limits=limits, command=(sys.executable, "-c", SPEAKER)))
    try:
        async with _connect(server.port, alice, "show") as shown, \
                _connect(server.port, bob, "watch", window=16384) as watching:
            player = await open_terminal(shown)
            await player.wait_for("READY")
            watcher = await open_terminal(watching)
            await watcher.wait_for(r"1\) key-")
            watcher.press("1", "enter")
            await wait_until(lambda: any(s.watchers for s in server.state.sessions), 30)
            watcher.chan.pause_reading()  # takes nothing more: the server's window to it closes
            with caplog.at_level(logging.INFO, logger="swarmtui.serve"):
                player.press("s")
                await player.wait_for("SPOKEN", 60)  # the player is not held back by the watcher
                await asyncio.wait_for(watching.wait_closed(), 30)
            assert "more than 65536 bytes of the game it watches wait for it" in caplog.text
            assert all(not s.watchers for s in server.state.sessions)
            player.press("b")
            await asyncio.wait_for(player.chan.wait_closed(), 30)
        await wait_until(lambda: server.state.count.total == 0, 30)
    finally:
        await server.close()


# -- 4. silent connections -----------------------------------------------------------------------
def test_addresses_are_counted_by_host_and_ipv6_by_its_64_block():
    assert source_network("10.1.2.3") == "10.1.2.3" == source_network("::ffff:10.1.2.3")
    assert source_network("2001:db8:1:2::1") == source_network("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert source_network("2001:db8:1:3::1") != source_network("2001:db8:1:2::1")
    assert source_network("2001:db8::1", 128) == "2001:db8::1/128"
    assert plain_address("::ffff:10.1.2.3") == "10.1.2.3" and plain_address("::1") == "::1"
    assert source_network("") == ""


def test_arrivals_cap_each_address_and_give_a_quiet_address_the_busiest_one_s_oldest_place():
    arrivals: Arrivals[str] = Arrivals(total=4, per_source=2)
    assert arrivals.arrive("a1", "A").refusal is None and arrivals.arrive("a2", "A").refusal is None
    assert "from your address" in (arrivals.arrive("a3", "A").refusal or "")
    assert arrivals.arrive("b1", "B").evicted is None and arrivals.arrive("b2", "B").evicted is None
    assert len(arrivals) == 4
    admitted = arrivals.arrive("c1", "C")  # full: a quiet address displaces the busiest's oldest
    assert admitted.refusal is None and admitted.evicted == "a1" and "a1" not in arrivals
    admitted = arrivals.arrive("c2", "C")  # B (2) is now busier than C (1)
    assert admitted.evicted == "b1"
    assert arrivals.arrive("d1", "D").evicted == "c1"  # A, B, C hold 1, 1, 2: C is the busiest
    assert [arrivals.held(s) for s in "ABCD"] == [1, 1, 1, 1]
    assert "4 connections are logging in already" in (arrivals.arrive("c3", "C").refusal or "")  # a fair share each
    assert arrivals.arrive("e1", "E").evicted == "a2"  # all hold 1: the oldest place goes
    arrivals.leave("c2")
    arrivals.leave("c2")  # twice is harmless
    assert arrivals.held("C") == 0 and len(arrivals) == 3


async def test_one_address_holds_only_a_few_silent_sockets_and_a_player_elsewhere_logs_in_at_once(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    limits = Limits(handshake_seconds=60, login_seconds=60)  # so no deadline is what lets anyone in
    server = await start_server(_config(tmp_path, key, limits=limits))
    attack = []
    try:
        attack = await silent_connections(server.port, 10, "127.0.0.1")
        closed = await asyncio.gather(*(closed_within(reader, 10) for reader, _ in attack[3:]))
        assert all(closed)  # the other 7 were closed at once
        assert server.state.connections.arriving.held("127.0.0.1") == 3
        started = time.monotonic()
        async with _connect(server.port, key, source="127.0.0.2"):
            took = time.monotonic() - started
        assert took < 10, took  # measured: about 0.01 s; before, the first login came after about 30 s
        with pytest.raises((asyncssh.Error, OSError)):  # the attacker's own address waits its turn
            async with _connect(server.port, key, source="127.0.0.1"):
                pass
    finally:
        await _close(server, attack)


async def test_many_addresses_cannot_keep_a_player_from_a_fresh_address_out(tmp_path, caplog):
    key = asyncssh.generate_private_key("ssh-ed25519")
    limits = Limits(max_unauthenticated=4, max_unauthenticated_per_address=2, handshake_seconds=60,
                    login_seconds=60)
    server = await start_server(_config(tmp_path, key, limits=limits))
    attack = []
    try:
        for source in ("127.0.1.1", "127.0.1.1", "127.0.1.2", "127.0.1.2"):
            attack += await silent_connections(server.port, 1, source)
        assert server.state.connections.unauthenticated == 4
        with caplog.at_level(logging.INFO, logger="swarmtui.serve"):
            async with _connect(server.port, key, source="127.0.0.2"):
                pass
            assert await closed_within(attack[0][0], 10)  # the oldest of the busiest address made room
        assert "to make room for one from 127.0.0.2" in caplog.text
        arriving = server.state.connections.arriving
        assert arriving.held("127.0.1.1") == 1 and arriving.held("127.0.1.2") == 2
    finally:
        await _close(server, attack)


async def test_a_connection_that_never_asks_to_log_in_is_closed_at_the_handshake_deadline(tmp_path, caplog):
    key = asyncssh.generate_private_key("ssh-ed25519")
    limits = Limits(handshake_seconds=0.5, login_seconds=60)
    server = await start_server(_config(tmp_path, key, limits=limits))
    try:
        with caplog.at_level(logging.INFO, logger="swarmtui.serve"):
            async with _connect(server.port, key) as conn:  # asks at once: its deadline is lifted
                [(reader, writer)] = await silent_connections(server.port, 1)
                assert await closed_within(reader, 20)
                writer.close()
                assert not conn.is_closed()  # still open, past its own deadline (opened earlier)
        assert "did not ask to log in within 0.5 s" in caplog.text
        await wait_until(lambda: server.state.connections.total == 0, 30)
    finally:
        await server.close()


async def test_guests_from_one_address_are_capped(tmp_path, caplog):
    limits = Limits(max_guest_connections_per_address=2)
    server = await start_server(_config(tmp_path, guest=True, authorized_keys=None, limits=limits))
    guests = []
    try:
        guests += [await _connect(server.port, None, "guest"), await _connect(server.port, None, "guest")]
        with caplog.at_level(logging.INFO, logger="swarmtui.serve"):
            try:
                late = await _connect(server.port, None, "guest")
                await asyncio.wait_for(late.wait_closed(), 10)
            except (asyncssh.DisconnectError, asyncssh.ConnectionLost):
                pass
        assert "guests from your address have 2 connections open" in caplog.text
        guests.append(await _connect(server.port, None, "guest", source="127.0.0.2"))  # another address: welcome
        assert not guests[-1].is_closed()
    finally:
        for conn in guests:
            conn.close()
        await server.close()


async def test_password_and_keyboard_interactive_logins_are_refused(tmp_path):
    """An audit result kept: only keys (and guests, when allowed) log in, whatever is typed."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await start_server(_config(tmp_path, key, guest=True))
    try:
        for user in ("player", "root", "show"):
            with pytest.raises(asyncssh.PermissionDenied):
                async with asyncssh.connect("127.0.0.1", server.port, username=user, password="hunter2",
                                            client_keys=None, known_hosts=None, agent_path=None, config=None,
                                            preferred_auth="password,keyboard-interactive"):
                    pass
    finally:
        await server.close()


# -- 4. the operator's files ---------------------------------------------------------------------
async def test_a_fifo_or_a_device_as_authorized_keys_is_refused_at_once(tmp_path, caplog):
    key = asyncssh.generate_private_key("ssh-ed25519")
    config = _config(tmp_path, key)
    keys = tmp_path / "authorized_keys"
    keys.unlink()
    os.mkfifo(keys)
    with pytest.raises(AuthorizedKeysError, match="not a regular file"):
        await asyncio.wait_for(start_server(config), 20)  # froze before, waiting for a writer
    keys.unlink()
    keys.write_text(_public(key) + "\n")
    server = await start_server(config)
    try:
        for damage in (lambda: os.mkfifo(keys), lambda: keys.symlink_to("/dev/zero")):
            keys.unlink()
            damage()
            caplog.clear()
            with caplog.at_level(logging.INFO, logger="swarmtui.serve"), pytest.raises(asyncssh.PermissionDenied):
                await asyncio.wait_for(_connect(server.port, key), 20)
            assert "not a regular file" in caplog.text and "NOBODY CAN LOG IN WITH A KEY" in caplog.text
        keys.unlink()
        keys.write_text(_public(key) + "\n")
        async with _connect(server.port, key):
            pass
    finally:
        await server.close()


async def test_reading_the_keys_never_stalls_the_server(tmp_path, monkeypatch):
    """A slow read (a network disk) of authorized_keys runs in a thread: meanwhile the server answers."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await start_server(_config(tmp_path, key))
    entered, release = threading.Event(), threading.Event()
    moments: dict[str, float] = {}
    from swarmtui.serve import state as state_module  # ServeState.current_keys reads the file at each login
    read = state_module.read_authorized_keys

    def slow_read(path):
        entered.set()
        release.wait(20)  # bounded, so that a server reading on its event loop fails this test, not hangs it
        moments["read"] = time.monotonic()
        return read(path)

    monkeypatch.setattr(state_module, "read_authorized_keys", slow_read)
    try:
        login = asyncio.ensure_future(_connect(server.port, key))
        await wait_until(entered.is_set, 30)
        [(reader, writer)] = await silent_connections(server.port, 1)  # the server answers meanwhile
        moments["answered"] = time.monotonic()
        writer.close()
        release.set()
        conn = await asyncio.wait_for(login, 30)
        conn.close()
        assert moments["answered"] < moments["read"]
    finally:
        release.set()
        await server.close()


def test_a_fifo_a_device_or_a_huge_file_as_host_key_is_refused_at_once(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo, 0o600)
    with pytest.raises(HostKeyError, match="not a regular file"):
        load_or_create(fifo)  # froze before, waiting for a writer
    device = tmp_path / "zero"
    device.symlink_to("/dev/zero")
    with pytest.raises(HostKeyError, match="not a regular file"):
        load_or_create(device)
    huge = tmp_path / "huge"
    huge.write_bytes(b"#" * (65 * 1024))
    huge.chmod(0o600)
    with pytest.raises(HostKeyError, match="too large to be a host key"):
        load_or_create(huge)


def test_children_lists_a_process_s_children():
    """``attacks.children`` reads /proc: the flood benchmark finds the app's process with it."""
    assert os.getpid() in children(os.getppid())
