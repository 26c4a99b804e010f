"""What ``swarmtui serve`` and ``swarmtui web`` have in common: the players' limits and folders,
the engines offered, and running the doors of one venue until stopped.

Both commands declare the same options for these (the ``typer.Option`` objects below, shared),
so a limit reads the same at either door. One process may serve both doors (``swarmtui serve
--web-port``): they share one venue (``serve.venue``), so SSH and browser players sit at the
same tables and count against the same ``--max-sessions``.

asyncio, logging, asyncssh and aiohttp are imported only when a door runs: registering the
commands costs every other command nothing (``tests/test_startup_imports.py``).
"""

from __future__ import annotations

import errno
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from swarmtui.cli.app import CliError, fail
from swarmtui.cli.engines import CONFIG_HELP, ENGINE_HELP, declare_owner_engines
from swarmtui.core.config_file import ConfigError, default_path, read_document
from swarmtui.core.engines import Engine, declared_list, engines_section, offered_section, shown_name

HOST = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface).")
GUESTS = typer.Option(False, "--allow-guests", help="Let anyone play as a guest, without a key or a token (logged "
                      "loudly); at every door this server opens.")
PLAYERS_DIR = typer.Option(None, "--players-dir", help="Where each player's saves live (default: user data dir).")
RATINGS = typer.Option(None, "--ratings", dir_okay=False, help="SQLite database of the players' ratings at rated "
                       "tables (default: PLAYERS-ratings.sqlite3 beside the --players-dir PLAYERS).")
MAX_SESSIONS = typer.Option(8, "--max-sessions", min=1, help="Sessions open at once, in total (every door).")
MAX_PER_PLAYER = typer.Option(2, "--max-per-player", min=1, help="Sessions open at once per player.")
IDLE_MINUTES = typer.Option(30, "--idle-minutes", min=0.01, help="End a session after this long without a key.")
MAX_HOURS = typer.Option(4, "--max-hours", min=0.001, help="End a session after this long in total.")
MEMORY_MB = typer.Option(1536, "--memory-mb", min=256, help="Address space cap per session (RLIMIT_AS).")
CPU_MINUTES = typer.Option(60, "--cpu-minutes", min=1, help="CPU time cap per session (RLIMIT_CPU).")
GUESTS_PER_ADDRESS = typer.Option(
    4, "--guests-per-address", min=1,
    help="Guest connections at once from one address (raise it for a classroom behind one NAT).")
OFFER_ENGINES = typer.Option(
    None, "--offer-engines", help="External engines players may seat, by name, comma-separated (each declared "
    "in the config file's [engines] or with --engine); default: [serve] engines of the config file, else none.")
ENGINE = typer.Option([], "--engine", help=ENGINE_HELP)
CONFIG = typer.Option(None, "--config", dir_okay=False, help=CONFIG_HELP)
TOKENS = typer.Option(None, "--tokens", "-t", help="Token file: the browser players, 'NAME TOKEN' a line (mode 600).")
PUBLIC_URL = typer.Option(None, "--public-url", help="The address browsers use when a proxy stands in front "
                          "(https://games.example.org): its host is accepted, and cookies are Secure for https.")
TRUSTED_PROXY = typer.Option([], "--trusted-proxy", help="The address of the reverse proxy in front of the browser "
                             "door (repeatable): for its requests the player's address is read from "
                             "X-Forwarded-For, so the limits per address hold per player, not for the proxy.")


@dataclass(frozen=True)
class House:
    """The options both doors share, read from the command line."""

    guest: bool
    players_root: Path
    ratings: Path
    limits: Any
    """A ``serve.limits.Limits`` (imported when a door runs)."""
    command: tuple[str, ...]
    offered: list[str]


def house(*, guest: bool, players_dir: Path | None, ratings: Path | None, max_sessions: int, max_per_player: int,
          idle_minutes: float, max_hours: float, memory_mb: int, cpu_minutes: int, guests_per_address: int,
          offer_engines: str | None, engine: list[str], config_file: Path | None) -> House:
    """The limits, the players' root and ratings, and the app command (with the offered engines)."""
    from swarmtui.serve.environment import app_command
    from swarmtui.serve.limits import Limits
    from swarmtui.serve.state import ratings_beside

    offered = _offered_engines(offer_engines, engine, config_file)
    limits = Limits(max_sessions=max_sessions, max_sessions_per_player=max_per_player,
                    idle_seconds=idle_minutes * 60, session_seconds=max_hours * 3600,
                    memory_bytes=memory_mb * 2**20, cpu_seconds=cpu_minutes * 60,
                    # connections follow the session caps: a session needs one, a little slack
                    max_connections_per_player=max_per_player + 2, max_guest_connections=max_sessions,
                    max_guest_connections_per_address=guests_per_address,
                    max_connections=max(32, 2 * max_sessions + 8))
    root = (players_dir or data_dir() / "players").expanduser().absolute()  # a session's HOME and working folder
    return House(guest, root, ratings.expanduser() if ratings else ratings_beside(root), limits, app_command(offered),
                 [e.name for e in offered])


def data_dir() -> Path:
    """Where the servers keep their files (the host key, the players' folders) by default."""
    from platformdirs import user_data_path

    return user_data_path("swarmtui", appauthor=False) / "serve"


def _offered_engines(names: str | None, options: list[str], config: Path | None) -> list[Engine]:
    """The engines players may seat: ``--offer-engines`` (else ``[serve] engines``) among the
    owner's (the config file's ``[engines]`` and ``--engine``). None by default. A damaged config
    file is an error here: the operator is told before anyone can log in."""
    document, where, problem = read_document(config, default_path())
    if problem:
        raise CliError(problem)
    try:
        listed = offered_section(document, where)
        from_file = engines_section(document, where)
    except ConfigError as error:
        raise CliError(str(error)) from None
    owner = declare_owner_engines(options, from_file=from_file)
    if names is not None:
        listed = tuple(name.strip() for name in names.split(",") if name.strip())
    unknown = [name for name in listed or () if name not in owner]
    if unknown:
        raise CliError(f"--offer-engines / [serve] engines: {', '.join(map(shown_name, unknown))} is not declared "
                       f"(declared: {declared_list()})")
    return [owner[name] for name in listed or ()]


def run_doors(place: House, ssh: Any = None, web: Any = None) -> None:
    """Serve ``ssh`` (a ``ServeConfig``) and/or ``web`` (a ``WebConfig``) in one venue until
    Ctrl-C or SIGTERM, which hang up every session (games autosaved); a start failure is one line."""
    import asyncio
    import logging

    from swarmtui.serve.hostkey import HostKeyError
    from swarmtui.tables.ratings import RatingsError

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    logging.getLogger("aiohttp").setLevel(logging.WARNING)
    errors: tuple[type[Exception], ...] = (HostKeyError, RatingsError)
    if ssh is not None:
        from swarmtui.serve.server import AuthorizedKeysError

        errors += (AuthorizedKeysError,)
    if web is not None:
        from swarmtui.web.tokens import TokensError

        errors += (TokensError,)
    try:
        asyncio.run(_serve(place, ssh, web))
    except errors as error:
        raise fail(str(error)) from None
    except OSError as error:
        raise fail(_listen_error(error, getattr(error, "door", None))) from None
    except KeyboardInterrupt:
        typer.echo("swarmtui serve: stopped", err=True)


async def _serve(place: House, ssh: Any, web: Any) -> None:
    import asyncio
    import logging

    from swarmtui.serve.venue import Venue

    log = logging.getLogger("swarmtui.serve")
    venue = await Venue.open(place.players_root, place.limits, place.command, place.ratings)
    doors: list[Any] = []
    try:
        if ssh is not None:
            from swarmtui.serve.server import start_server

            doors.append(await _listening(start_server(ssh, venue), f"{ssh.host}:{ssh.port}"))
            log.info("listening on %s:%s (ssh -p %s %s); players' saves in %s, ratings in %s", ssh.host,
                     doors[-1].port, doors[-1].port, "guest@" + ssh.host if ssh.guest else ssh.host,
                     place.players_root, place.ratings)
        if web is not None:
            from swarmtui.web.server import start_web

            doors.append(await _listening(start_web(web, venue), f"{web.host}:{web.port}"))
            log.info("listening for browsers on http://%s:%s/%s; players' saves in %s, ratings in %s",
                     _url_host(web.host), doors[-1].port,
                     f" (players reach it as {web.public_url})" if web.public_url else "", place.players_root,
                     place.ratings)
        log.info("external engines players may seat: %s", ", ".join(place.offered) or "none")
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)  # like ctrl-c: hang up every session
        await stop.wait()
    finally:
        for door in doors:
            await door.close()
        await venue.close()
        if doors:
            log.info("stopped; every session was hung up (games autosaved)")


async def _listening(starting: Any, where: str) -> Any:
    """Await a door's start; an ``OSError`` (the port) says which address it was about."""
    try:
        return await starting
    except OSError as error:
        error.door = where  # type: ignore[attr-defined]
        raise


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _listen_error(error: OSError, where: str | None) -> str:
    where = where or "the address"
    port = where.rpartition(":")[2]
    if error.errno == errno.EADDRINUSE:
        return f"port {port} on {where.rpartition(':')[0]} is already in use (choose another port)"
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"not allowed to listen on {where} (ports below 1024 need privileges)"
    return f"cannot listen on {where}: {error.strerror or error}"
