"""``swarmtui serve``: let others play over SSH (``ssh -p PORT host``), one app per session;
with ``--web-port``, in browsers too, at the same tables (``swarmtui web`` is the browser door alone).

asyncio, ssl, logging, asyncssh and aiohttp are imported inside the command: registering it costs
every other command nothing (``tests/test_startup_imports.py``).
"""

from __future__ import annotations

from pathlib import Path

import typer

from swarmtui.cli import doors
from swarmtui.cli.app import CliError, app, fail


@app.command()
def serve(
    host: str = doors.HOST,
    port: int = typer.Option(2222, "--port", "-p", min=0, max=65535, help="TCP port to listen on (SSH)."),
    authorized_keys: Path | None = typer.Option(
        None, "--authorized-keys", "-k", help="OpenSSH authorized_keys file: the keys that may log in."),
    guest: bool = doors.GUESTS,
    host_key: Path | None = typer.Option(None, "--host-key",
                                            help="Host key file (default: created once in the user data dir)."),
    web_port: int | None = typer.Option(
        None, "--web-port", min=0, max=65535,
        help="Serve browsers too, on this port, in the same process: SSH and browser players share the tables."),
    tokens: Path | None = doors.TOKENS,
    public_url: str | None = doors.PUBLIC_URL,
    trusted_proxy: list[str] = doors.TRUSTED_PROXY,
    players_dir: Path | None = doors.PLAYERS_DIR,
    ratings: Path | None = doors.RATINGS,
    max_sessions: int = doors.MAX_SESSIONS,
    max_per_player: int = doors.MAX_PER_PLAYER,
    idle_minutes: float = doors.IDLE_MINUTES,
    max_hours: float = doors.MAX_HOURS,
    memory_mb: int = doors.MEMORY_MB,
    cpu_minutes: int = doors.CPU_MINUTES,
    guests_per_address: int = doors.GUESTS_PER_ADDRESS,
    offer_engines: str | None = doors.OFFER_ENGINES,
    engine: list[str] = doors.ENGINE,
    config_file: Path | None = doors.CONFIG,
) -> None:
    """Serve the terminal UI over SSH: public-key logins, one process per session, saves per player.

    Connected players can play each other: a seat left to 'a connected player' in a game's
    setup opens a table, which others join or watch from 'Play with others'. With --web-port
    (and --tokens or --allow-guests), browsers reach the same tables (see 'swarmtui web').
    """
    try:
        from swarmtui.serve.server import ServeConfig
    except ImportError:
        raise fail("swarmtui serve needs asyncssh: pip install 'swarmtui[serve]'") from None
    if authorized_keys is None and not guest:
        raise CliError("nobody could log in: give --authorized-keys FILE (for example ~/.ssh/authorized_keys), "
                       "or --allow-guests")
    if web_port is None and (tokens is not None or public_url is not None or trusted_proxy):
        raise CliError("--tokens, --public-url and --trusted-proxy are for the browser door: add --web-port PORT")
    place = doors.house(guest=guest, players_dir=players_dir, ratings=ratings, max_sessions=max_sessions,
                        max_per_player=max_per_player, idle_minutes=idle_minutes, max_hours=max_hours,
                        memory_mb=memory_mb, cpu_minutes=cpu_minutes, guests_per_address=guests_per_address,
                        offer_engines=offer_engines, engine=engine, config_file=config_file)
    web = None
    if web_port is not None:
        from swarmtui.cli.web import web_config

        web = web_config(tokens, guest, host, web_port, public_url, trusted_proxy)
    ssh = ServeConfig(host_key=(host_key or doors.data_dir() / "host_key").expanduser(),
                      players_root=place.players_root,
                      authorized_keys=authorized_keys.expanduser() if authorized_keys else None,
                      guest=guest, host=host, port=port, limits=place.limits, command=place.command,
                      ratings=place.ratings)
    doors.run_doors(place, ssh=ssh, web=web)
