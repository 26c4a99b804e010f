"""The browser door: an aiohttp server that runs one app per browser session, with serve's rules.

- **Who.** A browser logs in on the page ``/`` by POSTing a token from the operator's file
  (``tokens``: re-read at every login, failing closed, compared in constant time, never logged)
  or, when the operator allows guests, as a guest; failed logins are braked per source network
  and in all (``visitors.LoginBrake``). A login gives a cookie naming a *visit*
  (``visitors.Visitors``), which the websocket ``/ws`` must carry; each session re-reads the
  token file and refuses a visit whose token is no longer listed under its name, and logging
  out ends the visit's sessions. A token never appears in a URL, a log line, a cookie or a
  child's environment.
- **Where from.** ``POST`` requests and the websocket must come from a page of this server: the
  ``Origin`` header must name the host the request was sent to (cross-site websocket hijacking,
  login forgery), and that host must be one this server answers to (``WebConfig.hosts``:
  DNS rebinding); the cookie is ``SameSite=Strict`` and ``HttpOnly``. Every response carries a
  Content-Security-Policy without inline scripts and forbids framing.
- **What.** Each websocket is one session: its own ``swarmtui`` process (``child.WebChild``)
  with the player's folder, environment, memory, CPU and time limits exactly as an SSH
  session's (``serve.players``, ``serve.environment``, ``serve.limits``), the venue's table hub
  token, and ``SWARMTUI_CONFINE`` (no path outside the player's saves; only the engines the
  operator offers). Sessions count against the venue's ``SessionCount`` (whichever door).
- **How much.** TCP connections are admitted as SSH connections are (``ConnectionCount``: a
  total cap, places per source network with the fair-share rule of ``admission``), with more
  places per address than SSH gives, since a browser opens several connections to load a page
  (``PAGE_CONNECTIONS``); a connection that sends no request within ``handshake_seconds``, or
  stays idle that long between requests, is closed. A session's websocket then counts for its
  player (``max_connections_per_player``; guests as SSH guests do). Websocket messages are at
  most ``MAX_MESSAGE`` bytes (a larger one closes the session), request bodies
  ``MAX_BODY``; keystrokes wait in an ``InputQueue`` and the door stops reading the browser at
  half its cap; a session ends after ``idle_seconds`` without a keystroke or ``session_seconds``
  in all, and the app is hung up (it autosaves), as over SSH.
- **Paths.** The only URLs are ``/``, ``/login``, ``/logout``, ``/ws`` and ``/static/NAME`` for
  the five files of ``pages.static_files``; textual-serve's file downloads are not served.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, replace
from ipaddress import ip_address
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from aiohttp.web_protocol import RequestHandler

from swarmtui.serve.admission import plain_address
from swarmtui.serve.environment import DEFAULT_TERM, child_environment
from swarmtui.serve.input_queue import InputQueue
from swarmtui.serve.limits import GUESTS, ConnectionCount, Limits, duration_text
from swarmtui.serve.players import Player, forget_guest, player_home, player_label
from swarmtui.serve.venue import Venue
from swarmtui.tables.protocol import SOCKET_VARIABLE, TOKEN_VARIABLE
from swarmtui.web.child import AppStartError, WebChild, web_environment
from swarmtui.web.pages import CONTENT_SECURITY_POLICY, app_page, login_page, static_files
from swarmtui.web.tokens import Tokens, TokensError, read_tokens
from swarmtui.web.visitors import LoginBrake, Visit, Visitors

log = logging.getLogger("swarmtui.web")

COOKIE = "swarmtui_visit"
SECURE_PREFIX = "__Host-"
"""The cookie's name under https: browsers then take it only with ``Secure``, ``Path=/`` and no
``Domain``, so a page of a sibling domain cannot plant a visit of its own for this one."""
TITLE = "swarmtui"
PAGE_CONNECTIONS = 8
"""Connections one address may open at once before sending a request (a browser loading a page
opens up to six)."""
MAX_MESSAGE = 64 * 1024
"""The largest websocket message a browser may send (a keystroke is a few bytes, a paste more)."""
MAX_BODY = 4096
"""The largest request body (the login form)."""
MAX_PING = 64
CLOSE_TRY_LATER = 1013
CLOSE_POLICY = 1008
CLOSE_NORMAL = 1000


@dataclass
class WebConfig:
    """The browser door: who may log in, where it listens; ``port=0`` picks a free port (tests).

    ``public_url`` is the address players type when a proxy stands in front (``https://...``):
    its host is accepted as well, and the cookie is marked ``Secure`` when it is https."""

    tokens: Path | None = None
    guest: bool = False
    host: str = "127.0.0.1"
    port: int = 8080
    public_url: str | None = None
    trusted_proxies: tuple[str, ...] = ()
    """Addresses of the reverse proxies in front of the door: for a request one of them sends, the
    player's address is the last address of ``X-Forwarded-For`` that is not a trusted proxy."""

    def __post_init__(self) -> None:
        if self.tokens is None and not self.guest:
            raise ValueError("nobody could log in: give a token file, or allow guests")
        if self.public_url is not None and urlsplit(self.public_url).scheme not in ("http", "https"):
            raise ValueError(f"the public URL must start with http:// or https:// (got {self.public_url!r})")
        try:
            self.trusted_proxies = tuple(plain_address(str(ip_address(a.strip()))) for a in self.trusted_proxies)
        except ValueError:
            raise ValueError(f"a trusted proxy is an IP address (got {', '.join(self.trusted_proxies)!r})") from None

    def hosts(self, port: int) -> frozenset[str] | None:
        """The ``Host`` values a request may carry; None (any) when listening on every interface
        with no public URL (a name the server cannot know may lead to it)."""
        named = set()
        if self.public_url is not None:
            named.add(urlsplit(self.public_url).netloc.lower())
        if _is_loopback(self.host):
            named |= {f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"}
        elif self.host not in ("0.0.0.0", "::", ""):
            named.add(f"{self.host}:{port}" if ":" not in self.host else f"[{self.host}]:{port}")
        elif self.public_url is None:
            return None
        return frozenset(named)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


def page_limits(limits: Limits) -> Limits:
    """The connection caps of the browser door: serve's, with ``PAGE_CONNECTIONS`` places per
    address (and room for twice that in all) for connections that have not sent a request."""
    per_address = max(limits.max_unauthenticated_per_address, PAGE_CONNECTIONS)
    return replace(limits, max_unauthenticated_per_address=per_address,
                   max_unauthenticated=max(limits.max_unauthenticated, 2 * per_address),
                   max_connections=max(limits.max_connections, 4 * per_address))


class Connection(asyncio.Protocol):
    """One TCP connection, admitted (or refused) before aiohttp sees it; then passed through."""

    def __init__(self, door: WebDoor, handler: RequestHandler) -> None:
        self.door = door
        self.handler = handler
        self.transport: Any = None
        self.admitted = False
        self.source = ""
        self.peer = "?"
        self.bucket: str | None = None
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        address = plain_address(str(peer[0])) if peer else ""
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"
        # a proxy's connections carry many players: each is its own source here (the total and the
        # fair share still hold), and each request says whose it is (WebDoor.source)
        self.source = f"proxy {self.peer}" if address in self.door.config.trusted_proxies \
            else self.door.connections.source(address)
        admission = self.door.connections.open(self, self.source)
        if admission.refusal is not None:
            log.warning("refused a connection from %s: %s", self.peer, admission.refusal)
            transport.abort()
            return
        if isinstance(admission.evicted, Connection) and admission.evicted.transport is not None:
            log.warning("closed a connection from %s to make room for one from %s", admission.evicted.peer, self.peer)
            admission.evicted.transport.abort()
        self.admitted = True
        self.door.by_transport[transport] = self
        self.deadline = asyncio.get_running_loop().call_later(self.door.limits.handshake_seconds, self._silent)
        self.handler.connection_made(transport)

    def _silent(self) -> None:
        log.info("closed the connection from %s: it sent nothing in %g s", self.peer,
                 self.door.limits.handshake_seconds)
        self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        if self.admitted:
            self.handler.data_received(data)

    def eof_received(self) -> None:
        if self.admitted:
            self.handler.eof_received()

    def pause_writing(self) -> None:
        if self.admitted:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.handler.resume_writing()

    def connection_lost(self, exc: BaseException | None) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
        if not self.admitted:
            return
        self.admitted = False
        self.door.by_transport.pop(self.transport, None)
        self.door.connections.closed(self, self.bucket, self.source)
        self.handler.connection_lost(exc)


class WebDoor:
    """The state of one browser door: its config, the venue it serves, its counters and visits."""

    def __init__(self, config: WebConfig, venue: Venue) -> None:
        self.config = config
        self.venue = venue
        self.limits = venue.limits
        self.connections = ConnectionCount(page_limits(venue.limits))
        self.by_transport: dict[Any, Connection] = {}
        self.visitors = Visitors()
        self.brake = LoginBrake()
        self.sessions: set[BrowserSession] = set()
        self.port = 0
        self.secure = (config.public_url or "").startswith("https:")
        self.cookie = SECURE_PREFIX + COOKIE if self.secure else COOKIE
        self.files = static_files()

    # -- checks --------------------------------------------------------------------------------
    def current_tokens(self) -> Tokens | None:
        """The token file as it reads now; None (nobody logs in with a token, logged) while unusable."""
        if self.config.tokens is None:
            return None
        try:
            return read_tokens(self.config.tokens)
        except TokensError as error:
            log.error("%s; NOBODY CAN LOG IN WITH A TOKEN until it is fixed", error)
            return None

    def host_allowed(self, request: web.Request) -> bool:
        allowed = self.config.hosts(self.port)
        return allowed is None or request.host.lower() in allowed

    def same_origin(self, request: web.Request) -> bool:
        """The request comes from a page of this server: ``Origin`` is ``http(s)://`` + its host."""
        origin = request.headers.get("Origin", "")
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower() \
            and not parts.path and self.host_allowed(request)

    def visit(self, request: web.Request) -> Visit | None:
        return self.visitors.find(request.cookies.get(self.cookie))

    async def still_listed(self, visit: Visit) -> bool:
        """Whether the token file (read now, as at a login) still lists the token ``visit`` came
        with under its name: an operator who removes or replaces a line ends what it opened."""
        tokens = await asyncio.to_thread(self.current_tokens)
        return tokens is not None and tokens.still_lists(visit.name, visit.token)

    def source(self, request: web.Request) -> str:
        """The network a request is counted under: its sender's, or behind a trusted proxy, the
        player's (``client``)."""
        connection = self.by_transport.get(request.transport)
        if connection is not None and not connection.source.startswith("proxy "):
            return connection.source
        return self.connections.source(self.client(request))

    def client(self, request: web.Request) -> str:
        """The player's address: the sender's, or when a trusted proxy sent the request, the last
        address in its ``X-Forwarded-For`` that is not a trusted proxy (an untrusted sender's
        header is ignored: anyone can write one)."""
        sender = plain_address(request.remote or "")
        proxies = self.config.trusted_proxies
        if sender not in proxies:
            return sender
        for hop in reversed(",".join(request.headers.getall("X-Forwarded-For", [])).split(",")):
            try:
                address = plain_address(str(ip_address(hop.strip())))
            except ValueError:
                break  # not an address: what stands before it cannot be trusted either
            if address not in proxies:
                return address
        return sender

    # -- pages ---------------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.Response:
        visit = self.visit(request)
        if visit is None:
            return _page(login_page(TITLE, guests=self.config.guest))
        return _page(app_page(TITLE, visit.name))

    async def login(self, request: web.Request) -> web.StreamResponse:
        if not self.same_origin(request):
            raise web.HTTPForbidden(text="swarmtui web: a login must come from this server's own page")
        source = self.source(request)
        refusal = self.brake.refusal(source)
        if refusal is not None:
            log.warning("refused a login from %s: %s", self.client(request), refusal)
            return _page(login_page(TITLE, guests=self.config.guest, error=refusal), status=429)
        form = await request.post()
        token, guest = form.get("token"), form.get("guest")
        if guest == "1" and self.config.guest:
            log.warning("GUEST LOGIN without a token from %s", self.client(request))
            return self._enter(None, "guest")
        tokens = await asyncio.to_thread(self.current_tokens) if isinstance(token, str) and token else None
        listed = tokens.listed(token) if tokens is not None and isinstance(token, str) else None
        if listed is None:
            self.brake.failed(source)
            log.info("refused a login from %s: no such token", self.client(request))
            return _page(login_page(TITLE, guests=self.config.guest, error="That token is not on this server's list."),
                         status=401)
        player = Player.from_name(listed.name)
        log.info("login from %s as %s (%s)", self.client(request), listed.name, player.id)
        return self._enter(player, listed.name, listed.digest)

    def _enter(self, player: Player | None, name: str, token: bytes = b"") -> web.StreamResponse:
        cookie = self.visitors.admit(player, name, token=token)
        response = web.Response(status=303, headers={"Location": "/", "Cache-Control": "no-store"})
        response.set_cookie(self.cookie, cookie, max_age=int(self.visitors.lifetime), path="/", httponly=True,
                            samesite="Strict", secure=self.secure)
        return response

    async def logout(self, request: web.Request) -> web.StreamResponse:
        if not self.same_origin(request):
            raise web.HTTPForbidden(text="swarmtui web: a logout must come from this server's own page")
        ended = self.visitors.forget(request.cookies.get(self.cookie))
        for session in [s for s in self.sessions if ended is not None and s.visit is ended]:
            session.end("logged out")  # (its other tabs too: a shared computer is left logged out)
        response = web.Response(status=303, headers={"Location": "/", "Cache-Control": "no-store"})
        response.del_cookie(self.cookie, path="/", secure=self.secure)
        return response

    async def static(self, request: web.Request) -> web.StreamResponse:
        found = self.files.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        path, content_type = found
        return web.FileResponse(path, headers={"Content-Type": content_type, "Cache-Control": "max-age=3600"})

    # -- the app -------------------------------------------------------------------------------
    async def websocket(self, request: web.Request) -> web.StreamResponse:
        visit = self.visit(request)
        if not self.same_origin(request):
            log.warning("refused a websocket from %s: Origin %.80r is not this server's", self.client(request),
                        request.headers.get("Origin"))
            raise web.HTTPForbidden(text="swarmtui web: not from this server's page")
        if visit is None:
            raise web.HTTPForbidden(text="swarmtui web: log in first")
        revoked = visit.player is not None and not await self.still_listed(visit)
        if revoked:
            self.visitors.forget(request.cookies.get(self.cookie))
            log.warning("refused a session of %s from %s: its token is no longer in the token file", visit.name,
                        self.client(request))
        player = visit.player or Player.new_guest()
        connection = self.by_transport.get(request.transport)
        socket = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
        await socket.prepare(request)
        if revoked:
            await socket.close(code=CLOSE_POLICY, message=_reason("swarmtui web: your token is no longer on this "
                                                                  "server's list; log in again"))
            return socket
        bucket, source = GUESTS if player.guest else player.id, self.source(request)
        refusal = self.connections.refuse_login(bucket, source) or self.venue.count.refusal(player.id)
        if refusal is not None or connection is None:
            log.info("refused a session of %s from %s: %s", player.id, self.client(request), refusal)
            await socket.close(code=CLOSE_TRY_LATER, message=_reason(f"swarmtui web: {refusal or 'no connection'}"))
            return socket
        self.connections.logged_in(connection, bucket, source)
        connection.bucket, connection.source = bucket, source  # (the player's, through a proxy)
        session = BrowserSession(self, player, player_label(visit.name, player), socket, request, visit)
        self.sessions.add(session)
        self.venue.count.admit(player.id)
        try:
            await session.run()
        finally:
            self.venue.count.release(player.id)
            self.sessions.discard(session)
            forget_guest(self.venue.players_root, player)
        return socket


def _reason(text: str) -> bytes:
    """A websocket close reason: at most 123 bytes of UTF-8."""
    return text.encode()[:123].decode(errors="ignore").encode()


def _page(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", headers={"Cache-Control": "no-store"})


class BrowserSession:
    """One websocket wired to one app: keystrokes in, the screen out, the session's timers."""

    def __init__(self, door: WebDoor, player: Player, label: str, socket: web.WebSocketResponse,
                 request: web.Request, visit: Visit) -> None:
        self.door = door
        self.player = player
        self.visit = visit
        """The login this session came with (logging it out ends the session)."""
        self.label = label
        self.socket = socket
        self.peer = door.client(request)
        self.size = door.limits.clamp(_dimension(request.query.get("width"), 80),
                                      _dimension(request.query.get("height"), 24))
        self.reading = asyncio.Event()
        self.reading.set()
        self.keystrokes = InputQueue(door.limits.max_input_bytes, self.reading.clear, self.reading.set,
                                     who=f"the browser session of {player.id} from {self.peer}")
        self.child = WebChild(self._output, self.keystrokes)
        self.last_input = time.monotonic()
        self.end_reason: str | None = None

    async def run(self) -> None:
        """Start the app, pass traffic both ways until either side ends, then hang the app up."""
        door = self.door
        home = player_home(door.venue.players_root, self.player)
        env = child_environment({}, DEFAULT_TERM, home / "saves", home) | web_environment(*self.size)
        table_token = door.venue.hub.admit(self.player.id, self.label, self.player.guest)
        env |= {SOCKET_VARIABLE: str(door.venue.hub.path), TOKEN_VARIABLE: table_token}
        try:
            await self.child.start(door.venue.command, env, str(home), door.limits.memory_bytes,
                                   door.limits.cpu_seconds)
        except (AppStartError, OSError) as error:
            log.error("cannot start the app for %s: %s", self.player.id, error)
            door.venue.hub.forget(table_token)
            await self.socket.close(code=CLOSE_TRY_LATER, message=b"swarmtui web: the app could not be started")
            return
        log.info("browser session of %s from %s: pid %s, %sx%s", self.player.id, self.peer, self.child.pid, *self.size)
        app = asyncio.create_task(self._app())
        timers = asyncio.create_task(self._timers())
        try:
            await self._read()
        finally:
            timers.cancel()
            await self.child.hang_up()
            await app
            door.venue.hub.forget(table_token)
            log.info("browser session of %s ended%s", self.player.id,
                     f": {self.end_reason}" if self.end_reason else "")

    async def _app(self) -> None:
        code = await self.child.run()
        if not self.socket.closed:
            why = f"session closed: {self.end_reason}" if self.end_reason else "the app has ended"
            await self.socket.close(code=CLOSE_NORMAL if code == 0 else CLOSE_POLICY,
                                    message=_reason(f"swarmtui web: {why}"))

    async def _output(self, data: bytes) -> None:
        if not self.socket.closed:
            try:
                await self.socket.send_bytes(data)
            except ConnectionError:
                pass

    async def _timers(self) -> None:
        limits = self.door.limits
        ends = time.monotonic() + limits.session_seconds
        while True:
            now = time.monotonic()
            if now >= ends:
                self.end(f"the session time limit ({duration_text(limits.session_seconds)}) is reached")
                return
            if now - self.last_input >= limits.idle_seconds:
                self.end(f"no input for {duration_text(limits.idle_seconds)}")
                return
            await asyncio.sleep(min(ends, self.last_input + limits.idle_seconds) - now)

    def end(self, reason: str) -> None:
        """Hang the app up (it autosaves) and close the session, saying ``reason``."""
        self.end_reason = reason
        log.info("ending the browser session of %s: %s", self.player.id, reason)
        asyncio.get_running_loop().create_task(self.child.hang_up())

    async def _read(self) -> None:
        """The browser's messages, one at a time; none is read while the app is behind (the
        keystroke queue is past half its cap), so a flood waits in the browser's own buffers."""
        while True:
            await self.reading.wait()
            try:
                message = await self.socket.receive()
                if message.type == WSMsgType.TEXT:
                    await self._message(message.data)
            except ConnectionError as error:  # gone while a pong was sent (a ping flood that reads nothing)
                log.info("browser session of %s: %s", self.player.id, error)
                return
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                if message.type == WSMsgType.ERROR:
                    log.info("browser session of %s: %s", self.player.id, self.socket.exception())
                return

    async def _message(self, text: str) -> None:
        """One message of textual.js: ``["stdin", text]``, ``["resize", {width, height}]``,
        ``["ping", text]``, ``["focus"]`` or ``["blur"]``; anything else is ignored."""
        try:
            envelope = json.loads(text)
        except (ValueError, RecursionError):
            return
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            return
        kind, value = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(value, str):
            self.last_input = time.monotonic()
            self.child.type(value.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(value, dict):
            columns, rows = _dimension(value.get("width"), 0), _dimension(value.get("height"), 0)
            if columns and rows:
                self.size = self.door.limits.clamp(columns, rows)
                self.child.meta("resize", width=self.size[0], height=self.size[1])
        elif kind == "ping" and isinstance(value, str) and len(value) <= MAX_PING:
            await self.socket.send_str(json.dumps(["pong", value]))
        elif kind in ("focus", "blur"):
            self.child.meta(kind)


def _dimension(value: object, default: int) -> int:
    """A terminal dimension from the browser: a whole number from 1 to 10000, else ``default``."""
    if isinstance(value, str):
        value = int(value) if value.isascii() and value.isdigit() and len(value) <= 5 else None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 10_000:
        return value
    return default


@web.middleware
async def _guard(request: web.Request, handler: Any) -> web.StreamResponse:
    """Every request: a host this server answers to; every response: the security headers."""
    door: WebDoor = request.app[DOOR]
    if not door.host_allowed(request):
        log.warning("refused a request from %s for host %.80r", request.remote, request.host)
        raise web.HTTPMisdirectedRequest(text="swarmtui web: unknown host")
    try:
        response = await handler(request)
    except web.HTTPException as error:
        response = error
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")  # no-referrer would make Origin "null"
    response.headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    if isinstance(response, web.HTTPException):
        raise response
    return response


DOOR = web.AppKey("door", WebDoor)


@dataclass
class RunningWeb:
    """A listening browser door: its port, its state (sessions), and ``close``."""

    server: asyncio.Server
    runner: web.AppRunner
    door: WebDoor
    owns_venue: bool = False

    @property
    def port(self) -> int:
        return self.door.port

    def child_pids(self) -> list[int]:
        return [s.child.pid for s in self.door.sessions if s.child.pid is not None]

    async def close(self) -> None:
        """Stop listening, hang up every session (each app autosaves), close every connection."""
        self.server.close()
        await asyncio.gather(*(s.child.hang_up() for s in list(self.door.sessions)))
        await self.runner.cleanup()
        for connection in list(self.door.by_transport.values()):
            connection.transport.abort()
        if self.owns_venue:
            await self.door.venue.close()


async def start_web(config: WebConfig, venue: Venue, *, owns_venue: bool = False) -> RunningWeb:
    """Listen on ``config.host:config.port`` for browsers, in ``venue`` (shared with the SSH
    door when one process serves both). The token file is checked first: an unusable one is a
    ``TokensError`` here, before anyone can connect."""
    if config.tokens is not None:
        await asyncio.to_thread(read_tokens, config.tokens)
    door = WebDoor(config, venue)
    app = web.Application(middlewares=[_guard], client_max_size=MAX_BODY)
    app[DOOR] = door
    app.add_routes([web.get("/", door.index), web.post("/login", door.login), web.post("/logout", door.logout),
                    web.get("/ws", door.websocket), web.get("/static/{name}", door.static)])
    runner = web.AppRunner(app, access_log=None, keepalive_timeout=venue.limits.handshake_seconds,
                           handle_signals=False)
    await runner.setup()
    handlers = runner.server
    assert handlers is not None  # set by setup()
    try:
        server = await asyncio.get_running_loop().create_server(
            lambda: Connection(door, handlers()), config.host, config.port, reuse_address=True)
    except BaseException:
        await runner.cleanup()
        raise
    door.port = server.sockets[0].getsockname()[1]
    if config.guest:
        log.warning("GUEST ACCESS IS OPEN: anyone who can reach %s:%s may play in a browser without a token",
                    config.host, door.port)
    return RunningWeb(server, runner, door, owns_venue)
