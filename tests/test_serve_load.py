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


def test_two_players_at_a_table_play_chat_and_lose_nothing():
    """``benchmarks/serve_load.py tables``, bounded: an SSH player opens a rated table from the
    setup, a browser player (the web door's scripted client) joins it by its code, and they play
    and chat for a game or two (rematches with the colours swapped included): every chat line
    and move arrives, every game is rated, and the keystroke latency is printed."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, str(root / "benchmarks" / "serve_load.py"), "tables", "2", "2"],
                          capture_output=True, text=True, timeout=300, cwd=root)
    print(done.stdout)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"moves lost 0, chat lines \d+, lost 0", done.stdout)
    found = re.search(r"rated games in the database: (\d+) of (\d+) finished", done.stdout)
    assert found and found[1] == found[2] and int(found[1]) >= 1
    assert re.search(r"keystroke latency \(chat key to its echo\): median \d+ ms", done.stdout)
