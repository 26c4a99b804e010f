"""Several concurrent SSH sessions of the real app (bounded: 4 sessions, a minute at most);
prints the resident memory of each session's process. ``benchmarks/serve_load.py`` goes bigger."""

from __future__ import annotations

import asyncio
import statistics

from swarmtui.serve.limits import Limits
from swarmtui.serve.probe import child_rss, loopback_config, quit_sessions, start_sessions
from swarmtui.serve.server import start_server

SESSIONS = 4


async def test_concurrent_sessions_each_get_their_own_app_and_memory_is_reported(tmp_path):
    limits = Limits(max_sessions=SESSIONS, max_sessions_per_player=SESSIONS, max_connections_per_player=SESSIONS,
                    max_unauthenticated_per_address=SESSIONS)  # all log in at once, from one address
    config, [key] = loopback_config(tmp_path, limits=limits)
    server = await start_server(config)
    try:
        conns, probes, seconds = await asyncio.wait_for(start_sessions(server.port, SESSIONS, key), 60)
        pids = server.child_pids()
        assert len(set(pids)) == SESSIONS
        rss = [child_rss(pid) / 2**20 for pid in pids]
        print(f"\n{SESSIONS} sessions: RSS per session {statistics.mean(rss):.0f} MiB "
              f"(min {min(rss):.0f}, max {max(rss):.0f}); menu after {statistics.mean(seconds):.1f} s "
              f"on average (max {max(seconds):.1f} s)")
        assert all(20 < r < limits.memory_bytes / 2**20 for r in rss)
        await quit_sessions(conns, probes)
        assert all(p.chan.get_exit_status() == 0 for p in probes)
    finally:
        await server.close()
    assert server.state.count.total == 0
