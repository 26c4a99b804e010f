"""One table of the hub: a game's config, its seats and who holds them, its moves and its chat.

A ``Table`` is a game's config (``TableConfig``: game, seat -> agent, seed, parameter and rule
overrides, rated or not, listed or private, the coach allowed or not), its append-only move
list, and the hub's own copy of the position, which is how it refuses a move that is illegal, out of turn, or sent by a
connection not holding the seat to move. Seats are owned by players: the host owns its own seats
and every computer seat (its app runs those agents); the other human seats are open until
someone joins. A player who leaves keeps their seats reserved; a guest's open again, since a
guest never comes back.

**Rated tables** are two-seat games between players with a key (never guests) or computer
players, and never a resumed game (a host could bring a position of their choosing). Each side
is rated as a ``ratings.Contender``: a person by their player id, a computer seat by its agent
and its parameters (``ai:alphabeta:difficulty=hard``).

**The coach** is off at a table unless its host opened it with the coach allowed; the table list
says so, and a player who sits down agrees to it. Each player's app then asks its own coach. A
rated table never allows one (ratings measure the players, not their coaches).

**Resigning and draws.** The person at a seat may resign (the other seat of a two-player game
wins; a rated game counts it as that player's loss); in a game of two, a person may offer a
draw, which the other seat's player (the host's app for a computer seat, by its rule) accepts or
declines; a move ends the offer. Everyone at the table is told; a game so ended is over for the
hub as one ended by its rules (rated, no more moves, a rematch may be asked for).

**Clocks.** A table may be opened with a time control (``clock``, in seconds as the referee
spells it: ``"300+3"``, ``"st=10"``); it is the table's rule and the hub keeps the clocks. They
start once every seat is held (so nobody's time runs before an opponent sits down), the side to
move's runs from then on, and a move is charged the time since the move before it reached the
hub (plus the increment). They do **not** stop when a player's connection drops or the player
leaves: an absent player's clock runs on and they lose on time (``flag``, which the hub's timer
calls when the side to move's time is up; ``ending`` is then ``{"kind": "time", "seat": s}``).
A game resumed from a save is hosted with each clock's time ``left`` as it stood.
A flag that falls ends the game, rated like any other ending at a rated table.

**Rematch.** When a game is over, each player at the table may ask for a rematch; once every
player who owns a seat has asked, the hub opens a new table for the same players with the seats
turned by one (colours swapped in a two-seat game), a fresh seed, and each agent's parameters
moving with it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field, replace
from typing import Any

from swarmtui.core.clock import Clock, TimeControl
from swarmtui.core.params import ParamError, apply_overrides
from swarmtui.core.state import GameState, IllegalMoveError, NotationError, Outcome, Termination
from swarmtui.games import GAMES
from swarmtui.tables.chat import Chat
from swarmtui.tables.protocol import encode
from swarmtui.tables.ratings import Contender

log = logging.getLogger("swarmtui.serve")

HUMAN = "human"
MAX_MOVES = 20_000
"""Moves a table keeps; a game this long is abandoned rather than grown without bound."""
MAX_BACKLOG = 16 * 1024 * 1024
"""Bytes queued for a connection that does not read before the hub drops it."""
AI_PREFIX = "ai:"
"""How a computer player's rated identity begins; a person's is their player id (``key-...``)."""
MAX_NAME = 100
"""Longest agent id, parameter name or value a table takes."""


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


def _names(value: object, what: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) and len(k) <= MAX_NAME
                                              and len(v) <= MAX_NAME for k, v in value.items()):
        raise Refusal(f"'{what}' must map names to short texts")
    return dict(value)


@dataclass(frozen=True)
class TableConfig:
    """What a table plays: validated from a host's request (``from_request``)."""

    game: str
    players: dict[str, str]
    seed: int
    params: dict[str, dict[str, str]]
    rules: dict[str, str]
    rated: bool = False
    private: bool = False
    coach: bool = False
    """Everyone at the table may ask a coach (the host chose it; joining the table agrees)."""
    clock: str = "none"
    """The table's time control in seconds (``TimeControl``'s spelling: ``"300+3"``; ``"none"``)."""

    @classmethod
    def from_request(cls, request: dict[str, Any]) -> TableConfig:
        game = request.get("game")
        if not isinstance(game, str) or game not in GAMES or not GAMES[game].playable:
            raise Refusal(f"unknown game {str(game)[:40]!r}")
        players = _names(request.get("players"), "players")
        seed = request.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise Refusal("'seed' must be a whole number >= 0")
        params = request.get("params") or {}
        if not isinstance(params, dict):
            raise Refusal("'params' must map seats to name=value overrides")
        clock = request.get("clock") or "none"
        try:
            control = TimeControl.parse(clock if isinstance(clock, str) and len(clock) <= 40 else "?")
        except ParamError as error:
            raise Refusal(f"'clock': {error}") from None
        return cls(game, players, seed, {s: _names(p, "params") for s, p in params.items()},
                   _names(request.get("rules") or {}, "rules"), request.get("rated") is True,
                   request.get("private") is True,
                   request.get("coach") is True and request.get("rated") is not True,  # rated: no coach
                   str(control))

    @property
    def time_control(self) -> TimeControl:
        return TimeControl.parse(self.clock)  # (checked when the table was opened)

    def start(self) -> GameState:
        """The starting position under the table's rules."""
        spec = GAMES[self.game]
        try:
            rules = apply_overrides(spec.rules_type()(), self.rules.items()) if self.rules else None
            state = spec.start(len(self.players) if spec.seat_counts else None, rules)
        except (ParamError, ValueError, LookupError) as error:
            raise Refusal(str(error)) from None
        if tuple(self.players) != tuple(state.seats):
            raise Refusal(f"the seats of {spec.title} are {', '.join(state.seats)}")
        return state

    def turned(self, seed: int) -> TableConfig:
        """The rematch's config: every agent (and its parameters) one seat on, a new seed."""
        seats = list(self.players)
        turn = {seat: seats[(i + 1) % len(seats)] for i, seat in enumerate(seats)}
        players = {turn[s]: a for s, a in self.players.items()}
        return replace(self, players={s: players[s] for s in seats}, seed=seed,
                       params={turn[s]: p for s, p in self.params.items()})

    def computer(self, seat: str) -> Contender:
        """The rated identity of a computer seat: its agent and parameters."""
        agent, params = self.players[seat], sorted(self.params.get(seat, {}).items())
        identity = AI_PREFIX + agent + "".join(f":{k}={v}" for k, v in params)
        shown = ", ".join(v if k == "difficulty" else f"{k}={v}" for k, v in params)
        return Contender(identity, f"{agent} ({shown})" if shown else agent, "ai")


class Table:
    """One game between connected players; see the module docstring for who owns which seat."""

    def __init__(self, table_id: str, code: str, config: TableConfig, owners: dict[str, str | None],
                 host_label: str, moves: list[str] | None = None) -> None:
        self.id, self.code, self.config = table_id, code, config
        self.state = config.start()
        self.owners = owners
        self.moves: list[str] = []
        for ply, text in enumerate(moves or []):
            self._play(ply, text)
        self.holders: dict[str, Member] = {}
        self.labels: dict[str, str] = {}
        self.watchers: set[Member] = set()
        self.host_label = host_label
        self.chat = Chat()
        self.rematch: set[str] = set()
        """Players who asked for a rematch of the finished game."""
        self.rated_done = False
        self.ending: dict[str, str] = {}
        """How the game ended outside its rules: ``{"kind": "resign", "seat": s}`` or ``{"kind":
        "draw"}`` (empty while it runs, or when it ended by its rules)."""
        self.draw_offer: tuple[str, int] | None = None
        """The seat that offered a draw and the ply it stands at (a move ends it)."""
        control = config.time_control
        self.clocks: dict[str, Clock] = {seat: Clock(control) for seat in self.players} if control.timed else {}
        self.turn_started: float | None = None
        """When the side to move's clock started (None: the clocks have not started)."""

    @classmethod
    def hosted(cls, table_id: str, code: str, request: dict[str, Any], host: Member) -> Table:
        """The table a host's request opens, the host in the seats it names (``mine``)."""
        config = TableConfig.from_request(request)
        mine = request.get("mine")
        if not isinstance(mine, list) or not all(isinstance(s, str) for s in mine) \
                or not set(mine) <= set(config.players) or not mine:
            raise Refusal("'mine' must list some of the table's seats")
        owners: dict[str, str | None] = {}
        for seat, agent in config.players.items():
            if seat in mine:
                owners[seat] = host.player
            elif agent == HUMAN:
                owners[seat] = None
            else:
                raise Refusal(f"{seat} is a computer player, so the host's app must play it")
        if all(owner is not None for owner in owners.values()):
            raise Refusal("a table needs a seat for someone to join")
        moves = request.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise Refusal("'moves' must be a list of moves")
        if config.rated:
            if host.guest:
                raise Refusal("guests are not rated: log in with your key to open a rated table")
            if len(config.players) != 2:
                raise Refusal("a rated table is a game of two")
            if moves:
                raise Refusal("a game resumed from a save is not rated")
        table = cls(table_id, code, config, owners, host.label, moves)
        table.resume_clocks(request.get("left"))
        return table

    def resume_clocks(self, left: object) -> None:
        """A game resumed from a save goes on with each clock's time ``left`` as the save kept it
        (None: full clocks); never more than its control could have given after its moves."""
        if left is None or not self.clocks:
            return
        control = self.config.time_control
        most = control.per_move or (control.base or 0.0) + control.increment * (len(self.moves) + 1)
        if not isinstance(left, dict) or not all(
                seat in self.clocks and isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= most
                for seat, v in left.items()):
            raise Refusal(f"'left' must give seats' times left, above 0 and at most {most:g} seconds")
        for seat, seconds in left.items():
            self.clocks[seat].remaining = float(seconds)

    @property
    def game(self) -> str:
        return self.config.game

    @property
    def players(self) -> dict[str, str]:
        return self.config.players

    # -- seats --------------------------------------------------------------------------------
    def seat(self, member: Member, seats: list[str]) -> None:
        for seat in seats:
            self.owners[seat] = member.player
            self.holders[seat] = member
            self.labels[seat] = member.label
        member.tables.add(self.id)
        if self.clocks and self.turn_started is None and len(self.holders) == len(self.players):
            self.turn_started = time.monotonic()  # every seat is held: the game's clocks start
        self.tell_others(member, *({"event": "seat", "seat": s, "player": member.label, "present": True}
                                   for s in seats))

    def seats_for(self, member: Member) -> list[str]:
        """The seats ``member`` may take: the ones kept for them, else the first open one."""
        kept = [s for s, owner in self.owners.items() if owner == member.player and s not in self.holders]
        if kept:
            return kept
        open_seats = [s for s, owner in self.owners.items() if owner is None]
        if not open_seats:
            raise Refusal(f"table {self.id} has no free seat (watch it instead)")
        if self.config.rated and member.guest:
            raise Refusal("guests are not rated, so they cannot sit at a rated table: watch it instead")
        if self.config.rated and member.player in self.owners.values():
            raise Refusal("you hold the other seat of this rated table: a game against yourself is not rated")
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
            self.tell_others(member, {"event": "seat", "seat": seat, "player": member.label, "present": False})

    @property
    def deserted(self) -> bool:
        return not self.holders

    @property
    def members(self) -> set[Member]:
        return {*self.holders.values(), *self.watchers}

    # -- moves --------------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        """How the game ended: a resignation or a draw agreed here, else by its rules (None: it runs)."""
        if self.ending.get("kind") == "resign":
            seat = self.ending["seat"]
            others = [s for s in self.players if s != seat]
            return Outcome(others[0] if len(others) == 1 else None, f"{seat} resigns", Termination.RESIGNATION)
        if self.ending.get("kind") == "draw":
            return Outcome(None, "draw agreed", Termination.AGREEMENT)
        if self.ending.get("kind") == "time":
            seat = self.ending["seat"]
            others = [s for s in self.players if s != seat]
            return Outcome(others[0] if len(others) == 1 else None, f"{seat} lost on time", Termination.TIME)
        return self.state.outcome

    def move(self, member: Member, ply: object, text: object, trace: object) -> None:
        """Play ``text`` at ``ply`` for ``member``, then tell everyone else at the table."""
        seat = self.state.to_move
        if self.outcome is not None:
            raise Refusal("the game is over")
        if self.holders.get(seat) is not member:
            raise Refusal(f"it is {seat}'s turn, and you do not hold {seat}")
        if ply != len(self.moves) or not isinstance(text, str):
            raise Refusal(f"the table is at move {len(self.moves) + 1}")
        if self.flag():
            raise Refusal(f"{seat}'s time ran out before the move arrived: {seat} lost on time")
        self._play(len(self.moves), text)
        self.draw_offer = None  # a move ends an offer: the offerer's lapses it, the other's declines it
        if self.clocks and self.turn_started is not None:
            now = time.monotonic()
            self.clocks[seat].charge(now - self.turn_started)
            self.turn_started = now
        self.tell_others(member, {"event": "moved", "ply": ply, "seat": seat, "move": text, "trace": trace})
        if self.clocks:
            self.tell_others(None, self.clock_event())

    # -- clocks -------------------------------------------------------------------------------
    def left(self, seat: str, now: float | None = None) -> float:
        """What ``seat``'s clock shows (the side to move's running since its turn began)."""
        started = self.turn_started
        if started is None or seat != self.state.to_move or self.outcome is not None:
            return self.clocks[seat].left()
        return self.clocks[seat].left((now or time.monotonic()) - started)

    def due(self) -> float | None:
        """Seconds until the side to move's flag falls (None: no clock is running)."""
        if not self.clocks or self.turn_started is None or self.outcome is not None:
            return None
        return self.left(self.state.to_move)

    def flag(self) -> bool:
        """End the game on time if the side to move's time is up (True then)."""
        due = self.due()
        if due is None or due > 0:
            return False
        seat = self.state.to_move
        self.clocks[seat].remaining, self.clocks[seat].fallen = 0.0, True
        self.ending = {"kind": "time", "seat": seat}
        self.draw_offer = None
        self.tell_others(None, {**self.clock_event(), "event": "flagged", "seat": seat,
                                "reason": f"{seat} lost on time"})
        return True

    def clock_event(self) -> dict[str, Any]:
        """The ``clocks`` event: each seat's time left after ``ply`` moves and whose is running."""
        now = time.monotonic()
        running = self.state.to_move if self.turn_started is not None and self.outcome is None else None
        return {"event": "clocks", "ply": len(self.moves), "running": running,
                "clocks": {seat: round(self.left(seat, now), 3) for seat in self.clocks}}

    # -- resigning and draws ------------------------------------------------------------------
    def _person(self, member: Member, seat: object, what: str) -> str:
        """``seat``, a seat ``member`` holds in a running game (``what``: who may, for the refusal)."""
        if self.outcome is not None:
            raise Refusal("the game is over")
        if not isinstance(seat, str) or self.holders.get(seat) is not member:
            raise Refusal(f"only {what} can do that, and you do not hold {str(seat)[:20]}")
        return seat

    def resign(self, member: Member, seat: object) -> None:
        """The person at ``seat`` resigns: the game ends (the other seat of two wins), everyone is told."""
        seat = self._person(member, seat, "the person playing a seat")
        if self.players[seat] != HUMAN:
            raise Refusal(f"{seat} is a computer player: only a person resigns")
        self.ending = {"kind": "resign", "seat": seat}
        self.draw_offer = None
        self.tell_others(member, {"event": "resigned", "seat": seat})

    def offer_draw(self, member: Member, seat: object) -> None:
        """The person at ``seat`` offers a draw; the other seat's player is told (it stands until
        the next move)."""
        seat = self._person(member, seat, "the person playing a seat")
        if len(self.players) != 2:
            raise Refusal(f"draws by agreement need two players; this game has {len(self.players)}")
        if self.players[seat] != HUMAN:
            raise Refusal(f"{seat} is a computer player: it answers offers, it makes none")
        other = next(s for s in self.players if s != seat)
        if other not in self.holders:
            raise Refusal(f"nobody sits at {other} to answer a draw offer")
        self.draw_offer = (seat, len(self.moves))
        self.tell_others(member, {"event": "draw_offered", "seat": seat, "ply": len(self.moves)})

    def answer_draw(self, member: Member, seat: object, accept: object) -> None:
        """``seat`` (held by ``member``: a person, or the host's computer player) answers the
        offer standing; an accepted one draws the game."""
        seat = self._person(member, seat, "the other seat's player")
        offer = self.draw_offer
        if offer is None or offer[0] == seat or offer[1] != len(self.moves):
            raise Refusal("no draw offer stands (a move ends one)")
        self.draw_offer = None
        if accept is True:
            self.ending = {"kind": "draw"}
            self.tell_others(member, {"event": "draw_agreed", "seat": seat, "offerer": offer[0]})
        else:
            self.tell_others(member, {"event": "draw_declined", "seat": seat, "offerer": offer[0]})

    def _play(self, ply: int, text: str) -> None:
        if ply >= MAX_MOVES:
            raise Refusal(f"a table keeps at most {MAX_MOVES} moves")
        try:
            move = self.state.parse_move(text)
            if not self.state.is_legal(move):
                raise IllegalMoveError(f"{text} is not legal here")
            self.state.play(move)
        except (NotationError, IllegalMoveError, ValueError) as error:
            raise Refusal(f"move {ply + 1} ({text[:40]!r}) cannot be played: {error}") from None
        self.moves.append(text)

    def tell_others(self, sender: Member | None, *events: dict[str, Any]) -> None:
        for member in self.members - {sender}:
            for event in events:
                member.send({**event, "table": self.id})

    # -- ratings ------------------------------------------------------------------------------
    def result(self) -> tuple[Contender, Contender, float] | None:
        """The finished rated game's two sides and the first's score; None when there is none to rate."""
        outcome = self.outcome
        if not self.config.rated or outcome is None or self.rated_done:
            return None
        first, second = (self.contender(seat) for seat in self.players)
        if first is None or second is None or first.player == second.player:
            return None
        seats = list(self.players)
        score = 0.5 if outcome.winner is None else 1.0 if outcome.winner == seats[0] else 0.0
        return first, second, score

    def contender(self, seat: str) -> Contender | None:
        if self.players[seat] != HUMAN:
            return self.config.computer(seat)
        owner = self.owners.get(seat)
        return Contender(owner, self.labels.get(seat, owner)) if owner else None

    # -- what the lists show ------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        seats = [{"seat": s, "agent": a, "player": self.labels.get(s) if a == HUMAN or s in self.holders else None,
                  "present": s in self.holders, "open": self.owners[s] is None}
                 for s, a in self.players.items()]
        return {"table": self.id, "code": self.code, "game": self.game, "title": GAMES[self.game].title,
                "host": self.host_label, "seats": seats, "moves": len(self.moves),
                "over": self.outcome is not None, "watchers": len(self.watchers),
                "rated": self.config.rated, "private": self.config.private, "coach": self.config.coach,
                "clock": self.config.clock}

    def joined(self, seats: list[str]) -> dict[str, Any]:
        """The reply to a join: the table, the whole game so far, its chat, a draw offer that still
        stands (a player back after a dropped connection is asked it too), and the seats now ours."""
        offer = {"draw_offer": {"seat": self.draw_offer[0], "ply": self.draw_offer[1]}} if self.draw_offer else {}
        return {**self.describe(), "players": self.players, "seed": self.config.seed, "params": self.config.params,
                "rules": self.config.rules, "move_list": list(self.moves), "mine": seats,
                "chat": list(self.chat.lines), "ending": dict(self.ending), **offer,
                **({"clocks": self.clock_event()} if self.clocks else {})}
