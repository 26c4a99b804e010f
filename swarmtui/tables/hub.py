"""The table hub: the server side of games between connected players (``swarmtui serve``).

One asyncio Unix-socket server in the serve process. Each session's app connects with the
secret token its session was given (``admit``), so the hub knows which player a connection
is; a connection that cannot say ``hello`` with a live token is dropped.

The tables themselves (seats, moves, chat, rematch, what a rated game's result is) are
``table.Table``; the hub finds them by number or by code (``codes``: a private table only by
its code, wrong codes limited per player), relays chat (``chat``: cleaned, paced per player),
opens a rematch once every seated player has asked for one, keeps a timed table's clocks (one
timer per table wakes when the side to move's time is up: ``Table.flag``), and stores each finished rated
game in the ratings database (``ratings.RatingsStore``, written in one worker thread so the
event loop never waits for the disk), telling the table what it did to each side's rating.

Limits are per player, not per connection (a player may open several connections): tables
held (``MAX_TABLES_PER_PLAYER``) and connections (``MAX_CONNECTIONS_PER_PLAYER``). A
connection must say ``hello`` within ``HELLO_SECONDS``. A malformed request gets an error
reply (``{"ok": false}``), never an exception in the server's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import inspect
import itertools
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from swarmtui.games import GAMES
from swarmtui.tables.chat import ChatRefused, Pace, clean_line
from swarmtui.tables.codes import Guesses, new_code, read_code
from swarmtui.tables.protocol import MAX_LINE, ProtocolError, decode, encode
from swarmtui.tables.ratings import RatingsError, RatingsStore
from swarmtui.tables.table import AI_PREFIX, HUMAN, Member, Refusal, Table

log = logging.getLogger("swarmtui.serve")

__all__ = ["HUMAN", "Hub", "Member", "Refusal", "Table"]

MAX_TABLES = 64
"""Tables open at once on one server (each holds a position and a move list)."""
MAX_TABLES_PER_PLAYER = 4
MAX_CONNECTIONS_PER_PLAYER = 4
"""Hub connections of one player at once (an app needs one; a few more cover reconnecting)."""
HELLO_SECONDS = 10.0
"""A connection that has not said ``hello`` by then is dropped."""
SEED_RANGE = 1_000_000
"""A rematch's seed is drawn below this (as the TUI draws seeds)."""
GUESTS = "guests"
"""The one account under which all guests' wrong table codes are counted."""


class Hub:
    """The tables of one server and the connections of its sessions' apps; ``ratings`` keeps the
    rated games (None: the server keeps no ratings, and a rated table is refused)."""

    def __init__(self, path: Path, ratings: RatingsStore | None = None,
                 codes: Callable[[set[str]], str] = new_code) -> None:
        self.path = path
        self.ratings = ratings
        self.new_code = codes
        """Draws a fresh table code not in the set given (``codes.new_code``; tests fix it)."""
        self.tokens: dict[str, tuple[str, str, bool]] = {}
        """token -> (player id, label, guest), for the sessions now running."""
        self.members: dict[str, set[Member]] = {}
        """token -> its live connections (dropped when the session ends)."""
        self.tables: dict[str, Table] = {}
        self.numbers = itertools.count(1)
        self.server: asyncio.AbstractServer | None = None
        self.pace = Pace()
        self.guesses = Guesses()
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ratings")
        """The one thread that reads and writes the ratings database."""
        self.pending: set[asyncio.Future[Any]] = set()
        self.secret = secrets.token_bytes(16)
        self.handles: dict[str, str] = {}
        """A person's handle on the leaderboard -> their player id (``_shown_id``)."""
        self.flag_timers: dict[str, asyncio.TimerHandle] = {}
        """Table id -> the timer that ends its game when the side to move's time is up."""

    async def start(self) -> None:
        self.server = await asyncio.start_unix_server(self._serve, path=str(self.path), limit=MAX_LINE)
        self.path.chmod(0o600)

    async def close(self) -> None:
        for timer in self.flag_timers.values():
            timer.cancel()
        if self.server is not None:
            self.server.close()
            for members in self.members.values():
                for member in members:
                    member.writer.close()
            await self.server.wait_closed()
        if self.pending:  # a rated game being written is finished, not cut off
            await asyncio.wait(self.pending, timeout=30)
        self.writer.shutdown(wait=True)
        if self.ratings is not None:
            self.ratings.close()
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
            member.send({"re": hello.get("re"), "ok": True, "player": member.label,
                         "ratings": self.ratings is not None, "guest": member.guest})
            while line := await reader.readline():
                await self._answer(member, decode(line))
        except (ProtocolError, ValueError, ConnectionError, asyncio.IncompleteReadError) as error:
            log.info("table hub: dropped a connection: %s", error)
        finally:
            if member is not None:
                self._drop(member)
                self.members.get(token, set()).discard(member)
            writer.close()

    async def _answer(self, member: Member, request: dict[str, Any]) -> None:
        handler = {"list": self._list, "host": self._host, "join": self._join, "move": self._move,
                   "leave": self._leave, "say": self._say, "rematch": self._rematch, "resign": self._resign,
                   "offer_draw": self._offer_draw, "answer_draw": self._answer_draw,
                   "leaderboard": self._leaderboard, "history": self._history}.get(str(request.get("op")))
        try:
            if handler is None:
                raise Refusal(f"unknown request {str(request.get('op'))[:40]!r}")
            reply: Any = handler(member, request)
            if inspect.isawaitable(reply):
                reply = await reply
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

    # -- finding tables -----------------------------------------------------------------------
    def _table(self, request: dict[str, Any]) -> Table:
        table = self.tables.get(str(request.get("table")))
        if table is None:
            raise Refusal(f"there is no table {str(request.get('table'))[:20]} (any more)")
        return table

    def _at(self, member: Member, request: dict[str, Any]) -> Table:
        """The table of a request about a table ``member`` sits at or watches."""
        table = self._table(request)
        if table.id not in member.tables:
            raise Refusal(f"you are not at table {table.id}")
        return table

    def _by_code(self, member: Member, text: object) -> Table:
        who = GUESTS if member.guest else member.player
        if not self.guesses.allowed(who):
            raise Refusal("too many wrong table codes: wait a minute and try again")
        code = read_code(text)
        found = next((t for t in self.tables.values() if t.code == code), None)
        if found is None:
            self.guesses.missed(who)
            raise Refusal(f"no table has the code {str(text)[:20]!r}")
        return found

    def _list(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        """The listed tables, and the private ones where this player owns a seat."""
        return {"tables": [t.describe() for t in self.tables.values()
                           if not t.config.private or member.player in t.owners.values()]}

    # -- hosting and joining ------------------------------------------------------------------
    def _host(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        if len(self.tables) >= MAX_TABLES:
            raise Refusal(f"the server has {MAX_TABLES} tables open; try again later")
        self._check_room(member)
        if request.get("rated") is True and self.ratings is None:
            raise Refusal("this server keeps no ratings, so it has no rated tables")
        table = Table.hosted(str(next(self.numbers)), self.new_code({t.code for t in self.tables.values()}),
                             request, member)
        self.tables[table.id] = table
        mine = [s for s, owner in table.owners.items() if owner == member.player]
        table.seat(member, mine)
        self._watch_clock(table)
        log.info("table %s (%s): %s hosts %s%s (%s)", table.id, table.code, member.label, table.game,
                 " rated" * table.config.rated, ", ".join(table.players.values()))
        return table.joined(mine)

    def _check_room(self, member: Member) -> None:
        if sum(1 for t in self.tables.values()
               if any(m.player == member.player for m in t.holders.values())) >= MAX_TABLES_PER_PLAYER:
            raise Refusal(f"you sit at {MAX_TABLES_PER_PLAYER} tables already")

    def _join(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        """Sit at (or watch) a table named by ``code``, or by number when it is listed or keeps
        a seat for this player."""
        if "code" in request:
            table = self._by_code(member, request.get("code"))
        else:
            table = self._table(request)
            if table.config.private and member.player not in table.owners.values():
                raise Refusal(f"table {table.id} is private: join it with its code")
        if table.held_by(member) or member in table.watchers:
            raise Refusal(f"you are at table {table.id} already")
        if request.get("watch"):
            table.watchers.add(member)
            member.tables.add(table.id)
            return table.joined([])
        seats = table.seats_for(member)
        if not any(owner == member.player for owner in table.owners.values()):
            self._check_room(member)
        started = table.turn_started
        table.seat(member, seats)
        if table.clocks and started is None and table.turn_started is not None:
            table.tell_others(member, table.clock_event())  # the clocks start: the others are told
        self._watch_clock(table)
        log.info("table %s: %s sits at %s", table.id, member.label, ", ".join(seats))
        return table.joined(seats)

    def _move(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        table = self._table(request)
        try:
            table.move(member, request.get("ply"), request.get("move"), request.get("trace"))
        finally:  # (a move that came after its flag fell ends the game on time, and is refused)
            self._watch_clock(table)
            if table.outcome is not None:
                self._rate(table)
        return {}

    def _watch_clock(self, table: Table) -> None:
        """(Re)arm ``table``'s flag timer for the side to move's time left (none when no clock runs)."""
        timer = self.flag_timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        due = table.due()
        if due is not None and table.id in self.tables:
            self.flag_timers[table.id] = asyncio.get_running_loop().call_later(
                max(0.0, due) + 0.01, self._flag_due, table)

    def _flag_due(self, table: Table) -> None:
        """The side to move's time is up: the game ends on time (and is rated); else look again."""
        self.flag_timers.pop(table.id, None)
        if table.flag():
            log.info("table %s: %s lost on time", table.id, table.ending.get("seat"))
            self._rate(table)
        else:
            self._watch_clock(table)

    def _resign(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        table = self._at(member, request)
        table.resign(member, request.get("seat"))
        log.info("table %s: %s resigns %s", table.id, member.label, request.get("seat"))
        self._rate(table)
        return {}

    def _offer_draw(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        self._at(member, request).offer_draw(member, request.get("seat"))
        return {}

    def _answer_draw(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        table = self._at(member, request)
        table.answer_draw(member, request.get("seat"), request.get("accept"))
        if table.outcome is not None:
            self._rate(table)
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
        table.rematch.discard(member.player)
        if table.deserted:
            del self.tables[table.id]
            self._watch_clock(table)  # (its timer stops with it)
            for watcher in table.watchers:
                watcher.tables.discard(table.id)
                watcher.send({"event": "closed", "table": table.id, "reason": "the players left the table"})
            log.info("table %s closed", table.id)

    # -- chat -----------------------------------------------------------------------------------
    def _say(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        """A line of chat to everyone at the table (the sender too: it is numbered there)."""
        table = self._at(member, request)
        try:
            text = clean_line(request.get("text"))
            self.pace.check(member.player)
        except ChatRefused as refusal:
            raise Refusal(str(refusal)) from None
        seats = table.held_by(member)
        line = table.chat.add(member.label, seats[0] if seats else None, text)
        table.tell_others(None, {"event": "said", **line})
        return {"number": line["number"]}

    # -- rematch --------------------------------------------------------------------------------
    def _rematch(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        """Ask for a rematch of a finished game; the last player to ask opens it."""
        table = self._at(member, request)
        if table.outcome is None:
            raise Refusal("the game is not over")
        if not table.held_by(member):
            raise Refusal("only the players can ask for a rematch")
        owners = {owner for owner in table.owners.values() if owner is not None}
        away = [table.labels.get(s, "a player") for s, owner in table.owners.items() if s not in table.holders]
        if away:
            raise Refusal(f"{', '.join(sorted(set(away)))} left the table: no rematch")
        table.rematch.add(member.player)
        if table.rematch < owners:
            table.tell_others(member, {"event": "rematch_asked", "player": member.label})
            return {"waiting": sorted(table.labels[s] for s, o in table.owners.items() if o not in table.rematch)}
        if len(self.tables) >= MAX_TABLES:
            raise Refusal(f"the server has {MAX_TABLES} tables open; try again later")
        self._open_rematch(table)
        return {"waiting": []}

    def _open_rematch(self, old: Table) -> None:
        config = old.config.turned(secrets.randbelow(SEED_RANGE))
        seats = list(old.players)
        turn = {seat: seats[(i + 1) % len(seats)] for i, seat in enumerate(seats)}
        owners = {turn[s]: owner for s, owner in old.owners.items()}
        new = Table(str(next(self.numbers)), self.new_code({t.code for t in self.tables.values()}), config,
                    {s: owners[s] for s in seats}, old.host_label)
        self.tables[new.id] = new
        old.rematch.clear()
        holders: dict[Member, list[str]] = {}
        for seat, member in old.holders.items():
            holders.setdefault(member, []).append(turn[seat])
        for member, mine in holders.items():
            new.seat(member, sorted(mine, key=seats.index))
        for watcher in old.watchers:
            new.watchers.add(watcher)
            watcher.tables.add(new.id)
        for member in new.members:
            member.send({"event": "rematch", "table": old.id, "new": new.joined(new.held_by(member))})
        self._watch_clock(new)
        log.info("table %s: rematch at table %s (%s)", old.id, new.id, new.code)

    # -- ratings --------------------------------------------------------------------------------
    def _rate(self, table: Table) -> None:
        """Store a finished rated game (in the ratings thread) and tell the table what it did."""
        found = table.result()
        if found is None or self.ratings is None:
            return
        table.rated_done = True
        first, second, score = found
        store, code, moves = self.ratings, table.code, len(table.moves)
        future = asyncio.get_running_loop().run_in_executor(
            self.writer, lambda: store.record(table.game, first, second, score, table=code, moves=moves))
        self.pending.add(future)

        def done(future: asyncio.Future[Any]) -> None:
            self.pending.discard(future)
            try:
                changes = future.result()
            except RatingsError as error:
                log.error("table %s: the game is not rated: %s", table.id, error)
                table.tell_others(None, {"event": "unrated", "error": str(error)})
                return
            seats = list(table.players)
            table.tell_others(None, {"event": "rated", "changes": [
                {"seat": seat, "player": c.label, "before": asdict(c.before), "after": asdict(c.after)}
                for seat, c in zip(seats, changes, strict=True)]})

        future.add_done_callback(done)

    async def _query(self, call: Any) -> Any:
        if self.ratings is None:
            raise Refusal("this server keeps no ratings")
        try:
            return await asyncio.get_running_loop().run_in_executor(self.writer, call)
        except RatingsError as error:
            raise Refusal(str(error)) from None

    async def _leaderboard(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        """The games with ratings, and the standings of ``game`` (the first such game if none)."""
        store = self.ratings
        games = await self._query(lambda: store.games() if store else [])
        game = request.get("game") or (games[0] if games else "")
        if game and game not in GAMES:
            raise Refusal(f"unknown game {str(game)[:40]!r}")
        standings = await self._query(lambda: store.leaderboard(game) if store and game else [])
        return {"games": games, "game": game, "you": self._shown_id(member.player),
                "standings": [{**asdict(s), "player": self._shown_id(s.player), "games": s.games}
                              for s in standings]}

    async def _history(self, member: Member, request: dict[str, Any]) -> dict[str, Any]:
        """One player's rated games of ``game`` (your own when no player is named)."""
        store = self.ratings
        game, shown = request.get("game"), request.get("player") or self._shown_id(member.player)
        if not isinstance(game, str) or game not in GAMES or not isinstance(shown, str):
            raise Refusal("'game' must be a game and 'player' a player")
        player = shown if shown.startswith(AI_PREFIX) else self.handles.get(shown)
        if player is None:
            raise Refusal("no such player (open the leaderboard again)")
        played = await self._query(lambda: store.history(game, player) if store else [])
        return {"game": game, "player": shown,
                "played": [{**asdict(p), "opponent": self._shown_id(p.opponent)} for p in played]}

    def _shown_id(self, player: str) -> str:
        """A player id as other players see it: a computer player's as it is, a person's (derived
        from their key) as a handle keyed by this hub's secret, so the leaderboard gives away no
        hash of anyone's key that would link them across servers."""
        if player.startswith(AI_PREFIX):
            return player
        handle = "p-" + hashlib.sha256(self.secret + player.encode()).hexdigest()[:20]
        self.handles[handle] = player
        return handle
