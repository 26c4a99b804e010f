"""The table hub: the server side of games between connected players (``swarmtui serve``).

One asyncio Unix-socket server in the serve process. Each session's app connects with the
secret token its session was given (``admit``), so the hub knows which player a connection
is; a connection that cannot say ``hello`` with a live token is dropped.

A ``Table`` is a game's config (game, seat -> agent, seed, parameter overrides), its
append-only move list, and the hub's own copy of the position, which is how it refuses a
move that is illegal, out of turn, or sent by a connection not holding the seat to move.
Seats are owned by players: the host owns its own seats and every computer seat (its app
runs those agents); the other human seats are open until someone joins. A player who leaves
(quits, hangs up, loses the connection) keeps their seats reserved, so coming back to the
table (resuming the autosave) gives them back; a guest's seats open again instead, since a
guest never comes back. A table closes when no seat holder is connected.

Limits are per player, not per connection (a player may open several connections): tables
held (``MAX_TABLES_PER_PLAYER``) and connections (``MAX_CONNECTIONS_PER_PLAYER``). A
connection must say ``hello`` within ``HELLO_SECONDS``. A malformed request gets an error
reply (``{"ok": false}``), never an exception in the server's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmtui.core.state import GameState, IllegalMoveError, NotationError
from swarmtui.games import GAMES
from swarmtui.tables.protocol import MAX_LINE, ProtocolError, decode, encode

log = logging.getLogger("swarmtui.serve")

HUMAN = "human"
MAX_TABLES = 64
"""Tables open at once on one server (each holds a position and a move list)."""
MAX_TABLES_PER_PLAYER = 4
MAX_CONNECTIONS_PER_PLAYER = 4
"""Hub connections of one player at once (an app needs one; a few more cover reconnecting)."""
HELLO_SECONDS = 10.0
"""A connection that has not said ``hello`` by then is dropped."""
MAX_MOVES = 20_000
"""Moves a table keeps; a game this long is abandoned rather than grown without bound."""
MAX_BACKLOG = 16 * 1024 * 1024
"""Bytes queued for a connection that does not read before the hub drops it."""


class Refusal(Exception):
    """A request the hub will not carry out; the message is one sentence for the player."""


@dataclass(eq=False)
class Member:
    """One app connected to the hub, as the player its token belongs to."""

    player: str
    label: str
    guest: bool
    writer: asyncio.StreamWriter
    tables: set[str] = field(default_factory=set)

    def send(self, message: dict[str, Any]) -> None:
        if self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("table hub: %s does not read its messages; dropping it", self.label)
            self.writer.close()
            return
        self.writer.write(encode(message))


class Table:
    """One game between connected players; see the module docstring for who owns which seat."""

    def __init__(self, table_id: str, request: dict[str, Any], host: Member) -> None:
        self.id = table_id
        self.game, self.players, self.seed, self.params = _config(request)
        spec = GAMES[self.game]
        self.state: GameState = spec.start(len(self.players) if spec.seat_counts else None)
        if tuple(self.players) != tuple(self.state.seats):
            raise Refusal(f"the seats of {spec.title} are {', '.join(self.state.seats)}")
        mine = request.get("mine")
        if not isinstance(mine, list) or not all(isinstance(s, str) for s in mine) \
                or not set(mine) <= set(self.players) or not mine:
            raise Refusal("'mine' must list some of the table's seats")
        self.owners: dict[str, str | None] = {}
        for seat, agent in self.players.items():
            if seat in mine:
                self.owners[seat] = host.player
            elif agent == HUMAN:
                self.owners[seat] = None
            else:
                raise Refusal(f"{seat} is a computer player, so the host's app must play it")
        if all(owner is not None for owner in self.owners.values()):
            raise Refusal("a table needs a seat for someone to join")
        self.moves: list[str] = []
        moves = request.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise Refusal("'moves' must be a list of moves")
        for ply, text in enumerate(moves):
            self._play(ply, text)
        self.holders: dict[str, Member] = {}
        self.labels: dict[str, str] = {}
        self.watchers: set[Member] = set()
        self.host_label = host.label

    # -- seats --------------------------------------------------------------------------------
    def seat(self, member: Member, seats: list[str]) -> None:
        for seat in seats:
            self.owners[seat] = member.player
            self.holders[seat] = member
            self.labels[seat] = member.label
        member.tables.add(self.id)
        self._tell_others(member, *({"event": "seat", "seat": s, "player": member.label, "present": True}
                                    for s in seats))

    def seats_for(self, member: Member) -> list[str]:
        """The seats ``member`` may take: the ones kept for them, else the first open one."""
        kept = [s for s, owner in self.owners.items() if owner == member.player and s not in self.holders]
        if kept:
            return kept
        open_seats = [s for s, owner in self.owners.items() if owner is None]
        if not open_seats:
            raise Refusal(f"table {self.id} has no free seat (watch it instead)")
        return open_seats[:1]

    def held_by(self, member: Member) -> list[str]:
        return [s for s, m in self.holders.items() if m is member]

    def leave(self, member: Member) -> None:
        """``member`` is gone: its seats stay reserved for the player (a guest's open again)."""
        self.watchers.discard(member)
        member.tables.discard(self.id)
        for seat in self.held_by(member):
            del self.holders[seat]
            if member.guest:
                self.owners[seat] = None
            self._tell_others(member, {"event": "seat", "seat": seat, "player": member.label, "present": False})

    @property
    def deserted(self) -> bool:
        return not self.holders

    # -- moves --------------------------------------------------------------------------------
    def move(self, member: Member, ply: object, text: object, trace: object) -> None:
        """Play ``text`` at ``ply`` for ``member``, then tell everyone else at the table."""
        seat = self.state.to_move
        if self.state.outcome is not None:
            raise Refusal("the game is over")
        if self.holders.get(seat) is not member:
            raise Refusal(f"it is {seat}'s turn, and you do not hold {seat}")
        if ply != len(self.moves) or not isinstance(text, str):
            raise Refusal(f"the table is at move {len(self.moves) + 1}")
        self._play(len(self.moves), text)
        self._tell_others(member, {"event": "moved", "ply": ply, "seat": seat, "move": text, "trace": trace})

    def _play(self, ply: int, text: str) -> None:
        if ply >= MAX_MOVES:
            raise Refusal(f"a table keeps at most {MAX_MOVES} moves")
        try:
            move = self.state.parse_move(text)
            if not self.state.is_legal(move):
                raise IllegalMoveError(f"{text} is not legal here")
            self.state.play(move)
        except (NotationError, IllegalMoveError, ValueError) as error:
            raise Refusal(f"move {ply + 1} ({text!r}) cannot be played: {error}") from None
        self.moves.append(text)

    def _tell_others(self, sender: Member | None, *events: dict[str, Any]) -> None:
        for member in {*self.holders.values(), *self.watchers} - {sender}:
            for event in events:
                member.send({**event, "table": self.id})

    # -- what the lists show ------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        seats = [{"seat": s, "agent": a, "player": self.labels.get(s) if a == HUMAN or s in self.holders else None,
                  "present": s in self.holders, "open": self.owners[s] is None}
                 for s, a in self.players.items()]
        return {"table": self.id, "game": self.game, "title": GAMES[self.game].title, "host": self.host_label,
                "seats": seats, "moves": len(self.moves), "over": self.state.outcome is not None,
                "watchers": len(self.watchers)}

    def joined(self, seats: list[str]) -> dict[str, Any]:
        """The reply to a join: the table, the whole game so far, and the seats now ours."""
        return {**self.describe(), "players": self.players, "seed": self.seed, "params": self.params,
                "move_list": list(self.moves), "mine": seats}


def _config(request: dict[str, Any]) -> tuple[str, dict[str, str], int, dict[str, dict[str, str]]]:
    game = request.get("game")
    if not isinstance(game, str) or game not in GAMES or not GAMES[game].playable:
        raise Refusal(f"unknown game {game!r}")
    players = request.get("players")
    if not isinstance(players, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in players.items()):
        raise Refusal("'players' must map seats to agents")
    seed = request.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise Refusal("'seed' must be a whole number >= 0")
    params = request.get("params") or {}
    if not isinstance(params, dict) or not all(
            isinstance(p, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in p.items())
            for p in params.values()):
        raise Refusal("'params' must map seats to name=value overrides")
    return game, dict(players), seed, {s: dict(p) for s, p in params.items()}


class Hub:
    """The tables of one server and the connections of its sessions' apps."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tokens: dict[str, tuple[str, str, bool]] = {}
        """token -> (player id, label, guest), for the sessions now running."""
        self.members: dict[str, set[Member]] = {}
        """token -> its live connections (dropped when the session ends)."""
        self.tables: dict[str, Table] = {}
        self.numbers = itertools.count(1)
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        self.server = await asyncio.start_unix_server(self._serve, path=str(self.path), limit=MAX_LINE)
        self.path.chmod(0o600)

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            for members in self.members.values():
                for member in members:
                    member.writer.close()
            await self.server.wait_closed()
        with contextlib.suppress(OSError):
            self.path.unlink()

    # -- sessions -----------------------------------------------------------------------------
    def admit(self, player: str, label: str, guest: bool) -> str:
        """A new session's token: its app says it in ``hello`` to be known as ``player``."""
        token = secrets.token_hex(16)
        self.tokens[token] = (player, label, guest)
        return token

    def forget(self, token: str) -> None:
        """The session ended: its token is void and its connections are closed."""
        self.tokens.pop(token, None)
        for member in self.members.pop(token, set()):
            member.writer.close()

    # -- one connection -----------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        member = None
        token = ""
        try:
            try:
                hello = decode(await asyncio.wait_for(reader.readline(), HELLO_SECONDS))
            except TimeoutError:
                log.info("table hub: dropped a connection that did not say hello in %g s", HELLO_SECONDS)
                return
            token = str(hello.get("token", ""))
            if hello.get("op") != "hello" or token not in self.tokens:
                writer.write(encode({"re": hello.get("re"), "ok": False, "error": "unknown session"}))
                return
            player = self.tokens[token][0]
            if sum(m.player == player for ms in self.members.values() for m in ms) >= MAX_CONNECTIONS_PER_PLAYER:
                writer.write(encode({"re": hello.get("re"), "ok": False,
                                     "error": f"you have {MAX_CONNECTIONS_PER_PLAYER} connections to the tables"}))
                return
            member = Member(*self.tokens[token], writer)
            self.members.setdefault(token, set()).add(member)
            member.send({"re": hello.get("re"), "ok": True, "player": member.label})
            while line := await reader.readline():
                self._answer(member, decode(line))
        except (ProtocolError, ValueError, ConnectionError, asyncio.IncompleteReadError) as error:
            log.info("table hub: dropped a connection: %s", error)
        finally:
            if member is not None:
                self._drop(member)
                self.members.get(token, set()).discard(member)
            writer.close()

    def _answer(self, member: Member, request: dict[str, Any]) -> None:
        handler = {"list": self._list, "host": self._host, "join": self._join,
                   "move": self._move, "leave": self._leave}.get(str(request.get("op")))
        try:
            if handler is None:
                raise Refusal(f"unknown request {str(request.get('op'))[:40]!r}")
            reply = handler(member, request)
        except Refusal as refusal:
            error = str(refusal)
        except Exception as failure:  # a request no check foresaw: answer it, keep the hub up
            log.error("table hub: request %.80r from %s failed: %r", request.get("op"), member.label, failure)
            error = "malformed request"
        else:
            if "re" in request:
                member.send({"re": request["re"], "ok": True, **reply})
            return
        if request.get("op") == "move":
            member.send({"event": "refused", "table": request.get("table"), "ply": request.get("ply"), "error": error})
        if "re" in request:
            member.send({"re": request["re"], "ok": False, "error": error})

    def _table(self, request: dict[str, Any]) -> Table:
        table = self.tables.get(str(request.get("table")))
        if table is None:
            raise Refusal(f"there is no table {request.get('table')} (any more)")
        return table

    def _list(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        return {"tables": [t.describe() for t in self.tables.values()]}

    def _host(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        if len(self.tables) >= MAX_TABLES:
            raise Refusal(f"the server has {MAX_TABLES} tables open; try again later")
        if sum(1 for t in self.tables.values()
               if any(m.player == member.player for m in t.holders.values())) >= MAX_TABLES_PER_PLAYER:
            raise Refusal(f"you sit at {MAX_TABLES_PER_PLAYER} tables already")
        table = Table(str(next(self.numbers)), request, member)
        self.tables[table.id] = table
        mine = [s for s, owner in table.owners.items() if owner == member.player]
        table.seat(member, mine)
        log.info("table %s: %s hosts %s (%s)", table.id, member.label, table.game, ", ".join(table.players.values()))
        return table.joined(mine)

    def _join(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        table = self._table(request)
        if table.held_by(member) or member in table.watchers:
            raise Refusal(f"you are at table {table.id} already")
        if request.get("watch"):
            table.watchers.add(member)
            member.tables.add(table.id)
            return table.joined([])
        seats = table.seats_for(member)
        table.seat(member, seats)
        log.info("table %s: %s sits at %s", table.id, member.label, ", ".join(seats))
        return table.joined(seats)

    def _move(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        self._table(request).move(member, request.get("ply"), request.get("move"), request.get("trace"))
        return {}

    def _leave(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        table = self._table(request)
        self._part(member, table)
        return {}

    def _drop(self, member: Member) -> None:
        for table_id in list(member.tables):
            if table_id in self.tables:
                self._part(member, self.tables[table_id])

    def _part(self, member: Member, table: Table) -> None:
        table.leave(member)
        if table.deserted:
            del self.tables[table.id]
            for watcher in table.watchers:
                watcher.tables.discard(table.id)
                watcher.send({"event": "closed", "table": table.id, "reason": "the players left the table"})
            log.info("table %s closed", table.id)
