"""Load and attacks on ``swarmtui serve``, on loopback; prints the figures ``docs/serve.md`` quotes.

Three measurements (all by default, or name one):

- ``sessions [N]``: N concurrent SSH sessions of the real app (default 12): the time each took
  to show the menu, the resident memory (RSS) of each session's process and of the server.
- ``flood [SECONDS]``: one client types as fast as the server lets it for SECONDS (default 10)
  into the real app, through a ``swarmtui serve`` process of its own; the server process's RSS
  before, at the peak of and after the flood (and after the session), and the bytes it took.
- ``lockout [SOCKETS]``: one address (127.0.0.1) opens SOCKETS silent TCP connections (default
  50) to a ``swarmtui serve`` process with its default limits; how many the server keeps, the
  login latency of a player from another address (127.0.0.2) meanwhile, whether the attacker's
  own address can still log in, and how long the silent sockets are kept. Then the same with
  the sockets spread over 20 addresses (127.0.1.1-20).

- ``tables [SECONDS] [PLAYERS] [BROWSERS]``: PLAYERS (default 12) at PLAYERS/2 rated Noughts &
  Crosses tables for SECONDS (default 300), BROWSERS of them (default half) through the web door
  (``swarmtui web``'s scripted client, as textual.js speaks) and the others over SSH, one door
  serving both in one venue; each pair (an SSH host and a browser guest while there are both)
  opens its table from the setup, joins by its code, plays games and rematches by keys and
  chats (``table_players``): keystroke and move latency, every chat line and move delivered,
  every game in the ratings database, the server's memory. Exits 1 if anything was lost.

Usage: ``python benchmarks/serve_load.py [sessions [N] | flood [SECONDS] | lockout [SOCKETS] |
tables [SECONDS] [PLAYERS] [BROWSERS]]``.
Linux only (RSS from ``/proc``; 127.0.0.2 is a loopback address there).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

from swarmtui.serve.attacks import PeakRss, children, closed_within, flood_keystrokes, silent_connections
from swarmtui.serve.limits import Limits
from swarmtui.serve.probe import (
    child_rss,
    loopback_config,
    open_terminal,
    quit_sessions,
    start_server_process,
    start_sessions,
)
from swarmtui.serve.server import start_server

MIB = 2**20


async def sessions(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        limits = Limits(max_sessions=count, max_sessions_per_player=count, max_connections=count + 8,
                        max_unauthenticated=count, max_unauthenticated_per_address=count,
                        max_connections_per_player=count)
        config, [key] = loopback_config(Path(tmp), limits=limits)
        server = await start_server(config)
        try:
            started = time.monotonic()
            conns, probes, seconds = await start_sessions(server.port, count, key, timeout=300)
            wall = time.monotonic() - started
            rss = [child_rss(pid) / MIB for pid in server.child_pids()]
            server_rss = child_rss(os.getpid()) / MIB
            print(f"sessions: {count} (os.cpu_count() = {os.cpu_count()})")
            print(f"all menus shown after {wall:.1f} s; per session median {statistics.median(seconds):.1f} s, "
                  f"max {max(seconds):.1f} s")
            print(f"RSS per session: mean {statistics.mean(rss):.0f} MiB, min {min(rss):.0f}, max {max(rss):.0f}; "
                  f"total {sum(rss):.0f} MiB")
            print(f"server process (with the {count} client connections of this benchmark): {server_rss:.0f} MiB")
            await quit_sessions(conns, probes, timeout=120)
        finally:
            await server.close()


def _server_options(root: Path, key: asyncssh.SSHKey) -> tuple[str, ...]:
    (root / "keys").write_text(key.export_public_key().decode())
    return ("-k", str(root / "keys"), "--host-key", str(root / "host_key"), "--players-dir", str(root / "players"))


def _login(port: int, key: asyncssh.SSHKey, source: str = "127.0.0.1"):
    return asyncssh.connect("127.0.0.1", port, username="player", client_keys=[key], known_hosts=None,
                            agent_path=None, config=None, local_addr=(source, 0))


async def flood(seconds: float) -> dict[str, float]:
    """Type into the real app for ``seconds``; returns the figures (MiB, seconds) it prints."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    with tempfile.TemporaryDirectory() as tmp:
        server = await start_server_process(*_server_options(Path(tmp), key))
        try:
            async with _login(server.port, key) as conn:
                probe = await open_terminal(conn)
                await probe.wait_for("About", timeout=120)
                app = children(server.pid)[0]
                before = {pid: child_rss(pid) / MIB for pid in (server.pid, app)}
                async with PeakRss((server.pid, app)) as peaks:
                    typed = await flood_keystrokes(probe, seconds)
                    await probe.wait_until(lambda: probe.chan.get_write_buffer_size() == 0, 300,
                                           "the app never read what was typed")
                after = {pid: child_rss(pid) / MIB for pid in (server.pid, app)}
            await server.wait_for_log(b"session of key-[0-9a-f]+ ended", 120)
            ended = child_rss(server.pid) / MIB
        finally:
            await server.stop()
    print(f"flood: {seconds:g} s of keystrokes into the app through one SSH session "
          f"(os.cpu_count() = {os.cpu_count()})")
    print(f"the server took {typed.taken / MIB:.2f} MiB of keystrokes; the client spent {typed.waited:.1f} s of the "
          f"{seconds:g} s waiting to send more")
    print(f"server RSS: before {before[server.pid]:.0f} MiB, peak {peaks.peak[server.pid] / MIB:.0f} MiB, "
          f"after the flood {after[server.pid]:.0f} MiB, after the session {ended:.0f} MiB")
    print(f"the app's own process (its limit is --memory-mb): {before[app]:.0f} MiB before, peak "
          f"{peaks.peak[app] / MIB:.0f} MiB, {after[app]:.0f} MiB once it had read everything")
    return {"before": before[server.pid], "peak": peaks.peak[server.pid] / MIB, "after": after[server.pid],
            "ended": ended, "taken": typed.taken / MIB}


async def lockout(sockets: int) -> None:
    """Hold ``sockets`` silent connections from one address, then spread over 20 addresses; log in
    from another address meanwhile."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    with tempfile.TemporaryDirectory() as tmp:
        server = await start_server_process(*_server_options(Path(tmp), key))
        try:
            one = await _lockout_attack(server.port, key, sockets, ["127.0.0.1"])
            spread = await _lockout_attack(server.port, key, sockets, [f"127.0.1.{n}" for n in range(1, 21)])
        finally:
            await server.stop()
    for figures, where in ((one, "one address"), (spread, "20 addresses")):
        kept, closed = figures["kept"], sockets - figures["kept"]
        print(f"lockout: {where} opened {sockets} silent TCP connections to a server with its default limits")
        print(f"  the server kept {kept} of them and closed the other {closed} at once; it closed the kept ones "
              f"{figures['kept for']:.1f} s after they opened")
        print(f"  meanwhile a player from another address logged in in {figures['first login'] * 1000:.0f} ms "
              f"({figures['refused']} attempts refused on the way; then {figures['login median'] * 1000:.0f} ms, "
              f"median of {figures['logins']} more) and saw the menu {figures['menu']:.1f} s after connecting")
        print(f"  a player from an attacking address: {figures['same address']}")


async def _lockout_attack(port: int, key: asyncssh.SSHKey, sockets: int, sources: list[str]) -> dict:
    opened = time.monotonic()
    attack = []
    for number in range(sockets):
        attack += await silent_connections(port, 1, sources[number % len(sources)])
    closed = await asyncio.gather(*(closed_within(reader, 1.0) for reader, _ in attack))
    kept = [pair for pair, gone in zip(attack, closed, strict=True) if not gone]
    times, refused = [], 0
    for _ in range(5):
        started = time.monotonic()
        while True:  # a refused player tries again at once, as a person would after a moment
            try:
                async with _login(port, key, source="127.0.0.2"):
                    break
            except (asyncssh.Error, OSError):
                refused += 1
                await asyncio.sleep(0.1)
        times.append(time.monotonic() - started)
    started = time.monotonic()
    async with _login(port, key, source="127.0.0.2") as conn:
        probe = await open_terminal(conn)
        await probe.wait_for("About", timeout=120)
        menu = time.monotonic() - started
        probe.press("ctrl+q")
        await asyncio.wait_for(probe.chan.wait_closed(), 60)
    try:
        async with _login(port, key, source=sources[0]):
            same = "logged in"
    except (asyncssh.Error, OSError) as error:
        same = f"refused while the attacker holds its connections ({type(error).__name__})"
    await asyncio.gather(*(asyncio.wait_for(reader.read(), 120) for reader, _ in kept))
    kept_for = time.monotonic() - opened
    for _, writer in attack:
        writer.close()
    return {"kept": len(kept), "kept for": kept_for, "first login": times[0],
            "login median": statistics.median(times[1:]), "logins": len(times) - 1, "refused": refused,
            "menu": menu, "same address": same}


async def tables(seconds: float, players: int, browsers: int) -> bool:
    """Players at tables (``table_players``), ``browsers`` of them through the web door, each
    paired with an SSH player while there are both; True when nothing was lost."""
    import secrets

    from table_players import table_load

    from swarmtui.serve.environment import app_command
    from swarmtui.serve.venue import Venue
    from swarmtui.web.probe import client, log_in, open_screen
    from swarmtui.web.server import WebConfig, start_web

    with tempfile.TemporaryDirectory() as tmp:
        limits = Limits(max_sessions=players, max_sessions_per_player=2, max_unauthenticated=players,
                        max_unauthenticated_per_address=players, max_connections=4 * players + 8)
        config, keys = loopback_config(Path(tmp), players - browsers, limits=limits)
        tokens = {f"web{n:02d}": secrets.token_urlsafe(22) for n in range(browsers)}
        (Path(tmp) / "tokens").write_text("".join(f"{name} {token}\n" for name, token in tokens.items()))
        (Path(tmp) / "tokens").chmod(0o600)
        venue = await Venue.open(config.players_root, limits, app_command(), config.ratings_path)
        server = await start_server(config, venue)
        door = await start_web(WebConfig(tokens=Path(tmp) / "tokens", port=0), venue)
        https, conns = [], []
        try:
            ssh_sessions = []
            for n, key in enumerate(keys):
                conns.append(await asyncssh.connect("127.0.0.1", server.port, username=f"p{n:02d}", client_keys=[key],
                                                    known_hosts=None, agent_path=None, config=None))
                ssh_sessions.append(await open_terminal(conns[-1]))
            web_sessions = []
            for token in tokens.values():
                https.append(client(f"http://127.0.0.1:{door.port}"))
                await log_in(https[-1], token)
                web_sessions.append(await open_screen(https[-1]))
            sessions: list = []  # SSH host and browser guest at each table while there are both
            while ssh_sessions or web_sessions:
                sessions += [queue.pop(0) for queue in (ssh_sessions, web_sessions) if queue]
            started = time.monotonic()
            figures = await table_load(sessions, seconds)
            wall = time.monotonic() - started
            ratings = venue.hub.ratings
            assert ratings is not None
            stored = sum(s.games for s in ratings.leaderboard("noughts", limit=10**6)) // 2
            server_rss = child_rss(os.getpid()) / MIB
        finally:
            for http in https:
                await http.close()
            for conn in conns:
                conn.close()
            await door.close()
            await server.close()
            await venue.close()
    lost = figures.lost_messages()
    print(f"tables: {players} players ({players - browsers} over SSH, {browsers} in browsers) at {players // 2} rated "
          f"tables for {seconds:g} s of play ({wall:.0f} s in all; os.cpu_count() = {os.cpu_count()})")
    print(figures.summary(lost))
    print(f"rated games in the database: {stored} of {figures.games} finished")
    print(f"server process (both doors, hub, ratings, the benchmark's {players} clients): {server_rss:.0f} MiB")
    for failure in figures.failures:
        print(f"failure: {failure}")
    return not lost and not figures.lost_moves and stored == figures.games and not figures.failures


def main(argv: list[str]) -> None:
    what = argv[0] if argv else "all"
    number = float(argv[1]) if len(argv) > 1 else None
    if what == "tables":
        players = int(argv[2]) if len(argv) > 2 else 12
        browsers = int(argv[3]) if len(argv) > 3 else players // 2
        complete = asyncio.run(tables(number or 300.0, players, browsers))
        raise SystemExit(0 if complete else 1)
    if what in ("sessions", "all"):
        asyncio.run(sessions(int(number or 12)))
    if what in ("flood", "all"):
        asyncio.run(flood(number or 10.0))
    if what in ("lockout", "all"):
        asyncio.run(lockout(int(number or 50)))
    if what not in ("sessions", "flood", "lockout", "all"):
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
