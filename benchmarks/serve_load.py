"""Load of ``swarmtui serve``: N concurrent SSH sessions of the real app on loopback.

Prints the time each session took to show the menu, the resident memory (RSS) of each
session's process and of the server. Usage: ``python benchmarks/serve_load.py [N]`` (default 12).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from swarmtui.serve.limits import Limits
from swarmtui.serve.probe import child_rss, loopback_config, quit_sessions, start_sessions
from swarmtui.serve.server import start_server


async def main(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        limits = Limits(max_sessions=count, max_sessions_per_player=count, max_connections=count + 8,
                        max_unauthenticated=count, max_connections_per_player=count)
        config, [key] = loopback_config(Path(tmp), limits=limits)
        server = await start_server(config)
        try:
            started = time.monotonic()
            conns, probes, seconds = await start_sessions(server.port, count, key, timeout=300)
            wall = time.monotonic() - started
            rss = [child_rss(pid) / 2**20 for pid in server.child_pids()]
            server_rss = child_rss(os.getpid()) / 2**20
            print(f"sessions: {count} (os.cpu_count() = {os.cpu_count()})")
            print(f"all menus shown after {wall:.1f} s; per session median {statistics.median(seconds):.1f} s, "
                  f"max {max(seconds):.1f} s")
            print(f"RSS per session: mean {statistics.mean(rss):.0f} MiB, min {min(rss):.0f}, max {max(rss):.0f}; "
                  f"total {sum(rss):.0f} MiB")
            print(f"server process (with the {count} client connections of this benchmark): {server_rss:.0f} MiB")
            await quit_sessions(conns, probes, timeout=120)
        finally:
            await server.close()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 12))
