"""``swarmtui web``: the app in a browser (textual-serve's terminal client), one app per session,
with the SSH door's saves, limits and confinement (``swarmtui.web``).

aiohttp, asyncio and logging are imported inside the command (``tests/test_startup_imports.py``).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import typer

from swarmtui.cli import doors
from swarmtui.cli.app import CliError, app, fail


def web_config(tokens: Path | None, guest: bool, host: str, port: int, public_url: str | None,
               proxies: list[str] | None = None) -> Any:
    """The browser door's ``WebConfig``; one line (exit 2) when nobody could log in or aiohttp is missing."""
    try:
        from swarmtui.web.server import WebConfig
    except ImportError:
        raise fail("the browser door needs textual-serve: pip install 'swarmtui[web]'") from None
    if tokens is None and not guest:
        raise CliError("nobody could log in: give --tokens FILE (a line 'NAME TOKEN' per player; "
                       "'swarmtui web --new-token' prints a token), or --allow-guests")
    try:
        return WebConfig(tokens=tokens.expanduser() if tokens else None, guest=guest, host=host, port=port,
                         public_url=public_url, trusted_proxies=tuple(proxies or ()))
    except ValueError as error:
        raise CliError(str(error)) from None


@app.command()
def web(
    host: str = doors.HOST,
    port: int = typer.Option(8080, "--port", "-p", min=0, max=65535, help="TCP port to listen on."),
    tokens: Path | None = doors.TOKENS,
    guest: bool = doors.GUESTS,
    public_url: str | None = doors.PUBLIC_URL,
    trusted_proxy: list[str] = doors.TRUSTED_PROXY,
    new_token: bool = typer.Option(False, "--new-token", help="Print a new random token for the token file, and exit."),
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
    """Serve the app to browsers: token logins, one process per session, saves per player.

    Players open http://HOST:PORT/ and type their token (or play as a guest with
    --allow-guests). To have SSH and browser players at the same tables, run both doors in one
    process: 'swarmtui serve --web-port PORT --tokens FILE ...'.
    """
    if new_token:
        typer.echo(secrets.token_urlsafe(24))
        return
    config = web_config(tokens, guest, host, port, public_url, trusted_proxy)
    place = doors.house(guest=guest, players_dir=players_dir, ratings=ratings, max_sessions=max_sessions,
                        max_per_player=max_per_player, idle_minutes=idle_minutes, max_hours=max_hours,
                        memory_mb=memory_mb, cpu_minutes=cpu_minutes, guests_per_address=guests_per_address,
                        offer_engines=offer_engines, engine=engine, config_file=config_file)
    doors.run_doors(place, web=config)
