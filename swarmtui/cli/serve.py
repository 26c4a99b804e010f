"""``swarmtui serve``: let others play over SSH (``ssh -p PORT host``), one app per session.

asyncio, ssl, logging and asyncssh are imported inside the command: registering it costs every other
command nothing (``tests/test_startup_imports.py``).
"""

from __future__ import annotations

import errno
import signal
from pathlib import Path

import typer

from swarmtui.cli.app import CliError, app, fail
from swarmtui.cli.engines import CONFIG_HELP, ENGINE_HELP, declare_owner_engines
from swarmtui.core.config_file import ConfigError, default_path, read_document
from swarmtui.core.engines import Engine, declared_list, engines_section, offered_section, shown_name


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(2222, "--port", "-p", min=0, max=65535, help="TCP port to listen on."),
    authorized_keys: Path | None = typer.Option(
        None, "--authorized-keys", "-k", help="OpenSSH authorized_keys file: the keys that may log in."),
    guest: bool = typer.Option(False, "--allow-guests",
                               help="Let anyone log in as user 'guest' without a key (logged loudly)."),
    host_key: Path | None = typer.Option(None, "--host-key",
                                            help="Host key file (default: created once in the user data dir)."),
    players_dir: Path | None = typer.Option(None, "--players-dir",
                                               help="Where each player's saves live (default: user data dir)."),
    ratings: Path | None = typer.Option(
        None, "--ratings", dir_okay=False,
        help="SQLite database of the players' ratings at rated tables (default: ratings.sqlite3 in --players-dir)."),
    max_sessions: int = typer.Option(8, "--max-sessions", min=1, help="Sessions open at once, in total."),
    max_per_player: int = typer.Option(2, "--max-per-player", min=1, help="Sessions open at once per key."),
    idle_minutes: float = typer.Option(30, "--idle-minutes", min=0.01,
                                       help="End a session after this long without a key."),
    max_hours: float = typer.Option(4, "--max-hours", min=0.001, help="End a session after this long in total."),
    memory_mb: int = typer.Option(1536, "--memory-mb", min=256, help="Address space cap per session (RLIMIT_AS)."),
    cpu_minutes: int = typer.Option(60, "--cpu-minutes", min=1, help="CPU time cap per session (RLIMIT_CPU)."),
    guests_per_address: int = typer.Option(
        4, "--guests-per-address", min=1,
        help="Guest connections at once from one address (raise it for a classroom behind one NAT)."),
    offer_engines: str | None = typer.Option(
        None, "--offer-engines", help="External engines players may seat, by name, comma-separated (each declared "
        "in the config file's [engines] or with --engine); default: [serve] engines of the config file, else none."),
    engine: list[str] = typer.Option([], "--engine", help=ENGINE_HELP),
    config_file: Path | None = typer.Option(None, "--config", dir_okay=False, help=CONFIG_HELP),
) -> None:
    """Serve the terminal UI over SSH: public-key logins, one process per session, saves per player.

    Connected players can play each other: a seat left to 'a connected player' in a game's
    setup opens a table, which others join or watch from 'Play with others'.
    """
    try:
        from swarmtui.serve.environment import app_command
        from swarmtui.serve.hostkey import HostKeyError, default_host_key_path
        from swarmtui.serve.limits import Limits
        from swarmtui.serve.server import AuthorizedKeysError, RatingsError, ServeConfig
    except ImportError:
        raise fail("swarmtui serve needs asyncssh: pip install 'swarmtui[serve]'") from None
    if authorized_keys is None and not guest:
        raise CliError("nobody could log in: give --authorized-keys FILE (for example ~/.ssh/authorized_keys), "
                       "or --allow-guests")
    offered = _offered_engines(offer_engines, engine, config_file)
    data = default_host_key_path().parent
    limits = Limits(max_sessions=max_sessions, max_sessions_per_player=max_per_player,
                    idle_seconds=idle_minutes * 60, session_seconds=max_hours * 3600,
                    memory_bytes=memory_mb * 2**20, cpu_seconds=cpu_minutes * 60,
                    # connections follow the session caps: a session needs one, a little slack
                    max_connections_per_player=max_per_player + 2, max_guest_connections=max_sessions,
                    max_guest_connections_per_address=guests_per_address,
                    max_connections=max(32, 2 * max_sessions + 8))
    config = ServeConfig(host_key=(host_key or data / "host_key").expanduser(),
                         players_root=(players_dir or data / "players").expanduser(),
                         authorized_keys=authorized_keys.expanduser() if authorized_keys else None,
                         guest=guest, host=host, port=port, limits=limits, command=app_command(offered),
                         ratings=ratings.expanduser() if ratings else None)
    import logging

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    import asyncio

    try:
        asyncio.run(_serve(config, [e.name for e in offered]))
    except (AuthorizedKeysError, HostKeyError, RatingsError) as error:
        raise fail(str(error)) from None
    except OSError as error:
        raise fail(_listen_error(error, host, port)) from None
    except KeyboardInterrupt:
        typer.echo("swarmtui serve: stopped", err=True)


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


async def _serve(config, offered: list[str]) -> None:
    import asyncio
    import logging

    from swarmtui.serve.server import start_server

    server = await start_server(config)
    logging.getLogger("swarmtui.serve").info(
        "listening on %s:%s (ssh -p %s %s); players' saves in %s, ratings in %s", config.host, server.port,
        server.port, "guest@" + config.host if config.guest else config.host, config.players_root,
        config.ratings_path)
    logging.getLogger("swarmtui.serve").info("external engines players may seat: %s", ", ".join(offered) or "none")
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)  # like ctrl-c: hang up every session
    try:
        await stop.wait()
    finally:
        await server.close()
        logging.getLogger("swarmtui.serve").info("stopped; every session was hung up (games autosaved)")


def _listen_error(error: OSError, host: str, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"port {port} on {host} is already in use (choose another with --port)"
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"not allowed to listen on {host}:{port} (ports below 1024 need privileges)"
    return f"cannot listen on {host}:{port}: {error.strerror or error}"
