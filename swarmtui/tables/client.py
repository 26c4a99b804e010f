"""The app's side of the table hub: requests with replies, and one ``TableLink`` per table.

A ``TableClient`` is a Unix socket to the hub with a reader thread. Requests (``list``,
``host``, ``join``) wait for their reply (the hub is local, so this is quick; ``REPLY_SECONDS``
bounds it); moves are sent without waiting, and the hub's refusal, if any, arrives as an
event. Events go to the ``TableLink`` of their table, which keeps the move list that
``RemoteSeat.decide`` waits on and tells its ``listener`` (the game screen) what happened.
Listeners are called from the reader thread.
"""

from __future__ import annotations

import itertools
import os
import socket
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from swarmtui.core.agent import TurnAbandoned
from swarmtui.tables.protocol import MAX_LINE, SOCKET_VARIABLE, TOKEN_VARIABLE, ProtocolError, decode, encode

REPLY_SECONDS = 10.0
WAIT_STEP_SECONDS = 0.25
"""How often a waiting remote seat checks whether it was cancelled."""


class TableError(Exception):
    """The hub refused a request or cannot be reached; the message is one sentence for the player."""


class TableClosed(TableError, TurnAbandoned):
    """The table is gone, or we left it, while a seat waited for its move (not that seat's fault:
    the referee passes it on, nobody forfeits)."""


Listener = Callable[[dict[str, Any]], None]


def standing_offer(reply: dict[str, Any], mine: tuple[str, ...], ply: int) -> tuple[str, int] | None:
    """The draw another seat offered that still stands when we join (the join reply's
    ``draw_offer``), as ``(seat, ply)``; None when there is none, it is ours, or it is not well formed."""
    offer = reply.get("draw_offer")
    if not isinstance(offer, dict) or offer.get("ply") != ply or not isinstance(offer.get("seat"), str):
        return None
    return None if offer["seat"] in mine else (offer["seat"], ply)


class TableLink:
    """One table as this app sits at it.

    ``mine`` are the seats this app plays (its people and, for the host, the computer
    seats); every other seat's moves arrive from the hub. ``moves`` is the table's whole
    move list as far as this app knows it, ``traces`` the deliberation sent with remote
    moves, ``present`` who sits at each seat now (None: nobody connected).
    """

    def __init__(self, client: TableClient, reply: dict[str, Any]) -> None:
        self.client = client
        self.id = str(reply["table"])
        self.game: str = reply["game"]
        self.title: str = reply.get("title", self.game)
        self.players: dict[str, str] = dict(reply["players"])
        self.seed: int = reply["seed"]
        self.params: dict[str, dict[str, str]] = dict(reply.get("params") or {})
        self.mine: tuple[str, ...] = tuple(reply["mine"])
        self.moves: list[str] = list(reply["move_list"])
        self.traces: dict[int, Any] = {}
        self.present: dict[str, str | None] = {s["seat"]: s["player"] if s["present"] else None
                                               for s in reply["seats"]}
        self.labels: dict[str, str | None] = {s["seat"]: s["player"] for s in reply["seats"]}
        self.code: str = str(reply.get("code", ""))
        self.rated: bool = reply.get("rated") is True
        self.coach: bool = reply.get("coach") is True
        """The table was opened with the coach allowed: everyone at it agreed by sitting down."""
        self.private: bool = reply.get("private") is True
        self.rules: dict[str, str] = dict(reply.get("rules") or {})
        self.chat: list[dict[str, Any]] = list(reply.get("chat") or [])
        """The table's chat lines so far (``said`` events' fields), oldest first."""
        self.rematch: TableLink | None = None
        """The rematch's table once it is open (``rematch`` event)."""
        self.closed: str | None = None
        """Why the table is gone for us (None while we sit at it)."""
        self.refused: str | None = None
        """The hub's last refusal of one of our moves (the two games disagree)."""
        self.ending: dict[str, str] = dict(reply.get("ending") or {})
        """How the game ended outside its rules, as the hub says (``Table.ending``; empty: it did not)."""
        self.draw_offer: tuple[str, int] | None = standing_offer(reply, self.mine, len(self.moves))
        """A draw offered by another seat, and the ply it stands at (a move ends it)."""
        self.clock: str = str(reply.get("clock") or "none")
        """The table's time control in seconds (``"300+3"``; ``"none"``): the table's rule."""
        self.clocks: dict[str, float] = {}
        """Each seat's time left as the hub last said, after ``clock_ply`` moves (``clocks`` events)."""
        self.clock_ply = -1
        self.clock_running: str | None = None
        """The seat whose clock runs (None: the clocks have not started, or the game is over)."""
        self.clock_received = 0.0
        """When (``time.monotonic``) the hub's clocks arrived."""
        if isinstance(reply.get("clocks"), dict):
            self._clocks(reply["clocks"])
        self.listener: Listener | None = None
        self._changed = threading.Condition()

    @property
    def watching(self) -> bool:
        return not self.mine

    @property
    def remote(self) -> frozenset[str]:
        return frozenset(self.players) - set(self.mine)

    def holder(self, seat: str) -> str | None:
        """The player at ``seat`` now, or None when nobody is there."""
        return self.present.get(seat)

    def rematch_refusal(self) -> str | None:
        """Why the hub would refuse our rematch of the finished game now (None: it would not),
        by the hub's own rule (``Hub._rematch``): a watcher, a table that is gone, a seat whose
        player left. The game screen offers ``r`` only when this is None."""
        if self.watching:
            return "only the players can ask for a rematch"
        if self.closed is not None:
            return f"the table is closed ({self.closed}): no rematch"
        away = sorted({self.labels.get(seat) or "a player" for seat in self.remote if self.holder(seat) is None})
        if away:
            return f"{', '.join(away)} left the table: no rematch"
        return None

    # -- our moves ----------------------------------------------------------------------------
    def publish(self, ply: int, move: str, trace: Any = None) -> None:
        """Send our move of ``ply`` (once: a second call for the same ply is ignored)."""
        with self._changed:
            if ply != len(self.moves) or self.closed:
                return
            self.moves.append(move)
        self.client.send({"op": "move", "table": self.id, "ply": ply, "move": move, "trace": trace})

    # -- theirs ---------------------------------------------------------------------------------
    def wait_move(self, ply: int, cancelled: Callable[[], bool] = lambda: False) -> tuple[str, Any]:
        """Block until move ``ply`` has arrived; ``TableClosed`` if the table goes or ``cancelled()``."""
        with self._changed:
            while len(self.moves) <= ply:
                if self.closed:
                    raise TableClosed(self.closed)
                if cancelled():
                    raise TableClosed("stopped waiting")
                self._changed.wait(WAIT_STEP_SECONDS)
            return self.moves[ply], self.traces.get(ply)

    def receive(self, event: dict[str, Any]) -> None:
        """An event for this table (reader thread): update, wake a waiting seat, tell the listener."""
        kind = event.get("event")
        with self._changed:
            if kind == "moved" and event.get("ply") == len(self.moves) and isinstance(event.get("move"), str):
                self.moves.append(event["move"])
                self.draw_offer = None
                if event.get("trace") is not None:
                    self.traces[event["ply"]] = event["trace"]
            elif kind == "seat":
                self.present[event["seat"]] = event["player"] if event.get("present") else None
                if event.get("present"):
                    self.labels[event["seat"]] = event["player"]
            elif kind == "closed":
                self.closed = str(event.get("reason", "the table closed"))
            elif kind == "refused":
                self.refused = str(event.get("error", "refused"))
            elif kind == "said":
                self.chat.append(event)
            elif kind in ("resigned", "draw_offered", "draw_agreed", "draw_declined", "clocks", "flagged"):
                self._ending_news(kind, event)
            elif kind == "rematch" and isinstance(event.get("link"), TableLink):
                self.rematch = event["link"]
            self._changed.notify_all()
        if self.listener is not None:
            self.listener(event)

    def _ending_news(self, kind: str, event: dict[str, Any]) -> None:
        """A resignation, a draw offered or answered, the clocks or a flag that fell (lock held)."""
        if kind == "resigned":
            self.ending = {"kind": "resign", "seat": str(event.get("seat"))}
        elif kind == "draw_offered" and isinstance(event.get("ply"), int):
            self.draw_offer = (str(event.get("seat")), event["ply"])
        elif kind in ("draw_agreed", "draw_declined"):
            self.draw_offer = None
            if kind == "draw_agreed":
                self.ending = {"kind": "draw"}
        elif kind in ("clocks", "flagged"):
            self._clocks(event)
            if kind == "flagged":
                self.ending = {"kind": "time", "seat": str(event.get("seat"))}
                self.draw_offer = None

    def _clocks(self, event: dict[str, Any]) -> None:
        clocks, ply, running = event.get("clocks"), event.get("ply"), event.get("running")
        if isinstance(clocks, dict) and isinstance(ply, int) and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in clocks.values()):
            self.clocks = {str(seat): float(left) for seat, left in clocks.items()}
            self.clock_ply = ply
            self.clock_running = running if isinstance(running, str) else None
            self.clock_received = time.monotonic()

    def clock_left(self, seat: str) -> float | None:
        """``seat``'s time left now by the hub's last word (None: no clock, or not heard yet)."""
        if seat not in self.clocks:
            return None
        running = seat == self.clock_running and not self.ending
        return max(0.0, self.clocks[seat] - (time.monotonic() - self.clock_received if running else 0.0))

    # -- talking, and asking for another game ---------------------------------------------------
    def say(self, text: str) -> None:
        """Say ``text`` to the table (it comes back as a ``said`` event); ``TableError`` when refused."""
        self.client.request("say", table=self.id, text=text)

    def resign(self, seat: str) -> None:
        """The person at ``seat`` resigns (``TableError`` when the hub refuses: the game is over...)."""
        self.client.request("resign", table=self.id, seat=seat)
        with self._changed:
            self.ending = {"kind": "resign", "seat": seat}

    def offer_draw(self, seat: str) -> None:
        """Offer the other seat a draw; its answer comes as an event (``TableError`` when refused)."""
        self.client.request("offer_draw", table=self.id, seat=seat)

    def answer_draw(self, seat: str, accept: bool) -> None:
        """``seat`` accepts or declines the draw offered (``TableError`` when no offer stands)."""
        self.client.request("answer_draw", table=self.id, seat=seat, accept=accept)
        with self._changed:
            self.draw_offer = None
            if accept:
                self.ending = {"kind": "draw"}

    def ask_rematch(self) -> list[str]:
        """Ask for a rematch of the finished game: who is still to ask (empty: it is open, and
        the ``rematch`` event brings its table)."""
        return [str(name) for name in self.client.request("rematch", table=self.id).get("waiting", [])]

    def leave(self) -> None:
        """Get up from the table (our seats stay kept for us); any waiting seat stops waiting."""
        if self.closed is None:
            self.client.send({"op": "leave", "table": self.id})
            self.client.links.pop(self.id, None)
        self.receive({"event": "closed", "reason": "you left the table", "ours": True})


class TableClient:
    """This app's connection to the hub of the ``swarmtui serve`` it runs under."""

    def __init__(self, path: str, token: str) -> None:
        self.path = path
        self.token = token
        self.links: dict[str, TableLink] = {}
        self.player = ""
        self.rated = False
        """The server keeps ratings (and this player, not a guest, can be rated)."""
        self._socket: socket.socket | None = None
        self._send_lock = threading.Lock()
        self._numbers = itertools.count(1)
        self._replies: dict[int, dict[str, Any]] = {}
        self._arrived = threading.Condition()
        self._lost: str | None = None

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> TableClient | None:
        """The client for the hub named in the environment; None outside ``swarmtui serve``."""
        path, token = environ.get(SOCKET_VARIABLE), environ.get(TOKEN_VARIABLE)
        return cls(path, token) if path and token else None

    # -- requests -----------------------------------------------------------------------------
    def list_tables(self) -> list[dict[str, Any]]:
        """Every table at the server, as the hub describes it (seats, players, moves so far)."""
        return list(self.request("list")["tables"])

    def host(self, game: str, players: dict[str, str], seed: int, params: dict[str, dict[str, str]],
             mine: Sequence[str], moves: Sequence[str] = (), *, rules: Mapping[str, str] | None = None,
             rated: bool = False, private: bool = False, coach: bool = False, clock: str = "none",
             left: Mapping[str, float] | None = None) -> TableLink:
        """Open a table for ``players`` where we play ``mine``; the other human seats are open.
        ``rated``: the game counts for both sides' ratings; ``private``: not listed, joined by code;
        ``coach``: the players may ask a coach (those who join agree to it by joining); ``clock``: the
        table's time control in seconds (``"300+3"``), which the hub keeps; ``left``: a resumed game's
        time left on each clock (None: full clocks)."""
        return self._link(self.request("host", game=game, players=players, seed=seed, params=params,
                                       mine=list(mine), moves=list(moves), rules=dict(rules or {}), rated=rated,
                                       private=private, coach=coach, clock=clock,
                                       **({"left": dict(left)} if left else {})))

    def join(self, table: str | None = None, *, code: str | None = None, watch: bool = False) -> TableLink:
        """Sit at ``table`` (or the table with ``code``): the seats kept for us, else a free one;
        or only watch it."""
        where = {"code": code} if code is not None else {"table": table}
        return self._link(self.request("join", watch=watch, **where))

    def leaderboard(self, game: str = "") -> dict[str, Any]:
        """``games`` with ratings, and ``standings`` of ``game`` (the hub's ``leaderboard`` reply)."""
        return self.request("leaderboard", game=game)

    def history(self, game: str, player: str = "") -> list[dict[str, Any]]:
        """``player``'s rated games of ``game`` (ours when empty), the latest first."""
        return list(self.request("history", game=game, player=player)["played"])

    def _link(self, reply: dict[str, Any]) -> TableLink:
        link = TableLink(self, reply)
        self.links[link.id] = link
        return link

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        """Send one request and wait for its reply; ``TableError`` when refused or unreachable."""
        self._connect()
        number = next(self._numbers)
        self.send({"op": op, "re": number, **fields})
        with self._arrived:
            if not self._arrived.wait_for(lambda: number in self._replies or self._lost is not None, REPLY_SECONDS):
                raise TableError("the server's table hub does not answer")
            reply = self._replies.pop(number, None)
        if reply is None:
            raise TableError(f"lost the connection to the server's table hub: {self._lost}")
        if not reply.get("ok"):
            raise TableError(str(reply.get("error", "refused")))
        return reply

    def send(self, message: dict[str, Any]) -> None:
        """Send without waiting (a lost connection shows at the next request)."""
        if self._socket is None:
            return
        with self._send_lock:
            try:
                self._socket.sendall(encode(message))
            except OSError as error:
                self._lose(f"cannot send: {error.strerror or error}")

    # -- the connection -----------------------------------------------------------------------
    def _connect(self) -> None:
        if self._socket is not None and self._lost is None:
            return
        self._lost = None
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(REPLY_SECONDS)
        try:
            sock.connect(self.path)
        except OSError as error:
            sock.close()
            raise TableError(f"cannot reach the server's table hub: {error.strerror or error}") from None
        sock.settimeout(None)
        self._socket = sock
        threading.Thread(target=self._read, args=(sock,), name="table-hub", daemon=True).start()
        hello = self.request("hello", token=self.token)
        self.player = hello.get("player", "")
        self.rated = hello.get("ratings") is True and hello.get("guest") is not True

    def _read(self, sock: socket.socket) -> None:
        stream = sock.makefile("rb")
        try:
            while line := stream.readline(MAX_LINE + 1):
                message = decode(line)
                if "re" in message and "event" not in message:
                    with self._arrived:
                        self._replies[message["re"]] = message
                        self._arrived.notify_all()
                elif (link := self.links.get(str(message.get("table")))) is not None:
                    if message.get("event") == "rematch" and isinstance(message.get("new"), dict):
                        try:
                            message["link"] = self._link(message["new"])  # before its first event is read
                        except (KeyError, TypeError, ValueError):
                            message["event"] = "unreadable rematch"
                    link.receive(message)
            self._lose("the server closed it")
        except (OSError, ProtocolError) as error:
            self._lose(str(error))

    def _lose(self, reason: str) -> None:
        with self._arrived:
            if self._lost is not None:
                return
            self._lost = reason
            self._arrived.notify_all()
        for link in list(self.links.values()):
            link.receive({"event": "closed", "reason": f"lost the connection to the server ({reason})"})
        self.links.clear()

    def close(self) -> None:
        if self._socket is not None:
            try:
                self._socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self._socket.close()
