"""What every door of one server shares: the players' folders, the app, the caps, the tables.

``swarmtui serve`` (SSH) and ``swarmtui web`` (browsers) are two doors into one house. When one
process serves both (``swarmtui serve --web-port``), they share one ``Venue``: one table hub
(with its ratings database), so an SSH player and a browser player sit at the same tables,
watch each other's reasoning and are rated on one leaderboard;
one ``SessionCount``, so ``max_sessions`` is the machine's capacity whichever door a player
uses; one players' root, one app command, one set of ``Limits``. Each door keeps its own
connection counting (an SSH connection and a browser's page connections are not alike).

One process rather than a hub that two servers connect to: the hub admits each session with a
secret handed over in memory, so no socket, file or secret stands between the doors for an
attacker to reach, and a player's session caps count across doors.

Door-neutral (no asyncssh here).
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from swarmtui.serve.limits import Limits, SessionCount
from swarmtui.tables.hub import Hub
from swarmtui.tables.ratings import RatingsStore


@dataclass
class Venue:
    """The shared parts of a server; ``open`` starts its hub, ``close`` stops it."""

    players_root: Path
    limits: Limits
    command: tuple[str, ...]
    hub: Hub
    count: SessionCount

    @classmethod
    async def open(cls, players_root: Path, limits: Limits, command: tuple[str, ...],
                   ratings: Path | None = None) -> Venue:
        """A venue whose table hub listens on a Unix socket in a private temporary folder
        (removed again if the hub cannot start), keeping rated games in the ``ratings`` database
        (None: no rated tables); a ratings file that is not usable is a ``RatingsError``."""
        store = None if ratings is None else await asyncio.to_thread(_open_ratings, players_root, ratings)
        hub_dir = _hub_folder()
        hub = Hub(hub_dir / "hub.sock", store)
        try:
            await hub.start()
        except BaseException:
            await hub.close()
            shutil.rmtree(hub_dir, ignore_errors=True)
            raise
        return cls(players_root, limits, command, hub, SessionCount(limits))

    async def close(self) -> None:
        """Stop the hub and remove its folder (after every door has hung up its sessions)."""
        await self.hub.close()
        shutil.rmtree(self.hub.path.parent, ignore_errors=True)


SOCKET_PATH_MAX = 100
"""Bytes a Unix socket's path may take here (107 on Linux, 103 on macOS, with room to spare)."""


def _hub_folder() -> Path:
    """A private temporary folder for the hub's socket: in the temporary directory (TMPDIR), or
    in /tmp when TMPDIR's path is too long for a socket path (the server would not start)."""
    folder = Path(tempfile.mkdtemp(prefix="swarmtui-tables-"))
    if len(bytes(folder / "hub.sock")) <= SOCKET_PATH_MAX or not Path("/tmp").is_dir():
        return folder
    folder.rmdir()
    return Path(tempfile.mkdtemp(prefix="swarmtui-tables-", dir="/tmp"))


def _open_ratings(players_root: Path, ratings: Path) -> RatingsStore:
    """The tables' ratings database (``RatingsError``, one line, when it is not usable)."""
    players_root.mkdir(parents=True, exist_ok=True, mode=0o700)
    return RatingsStore(ratings)
