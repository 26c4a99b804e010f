"""The table protocol: one JSON object per line over a Unix stream socket.

Requests carry ``"op"`` and a request number ``"re"``; the hub answers each with
``{"re": n, "ok": true, ...}`` or ``{"re": n, "ok": false, "error": "<one sentence>"}``.
Events carry ``"event"`` and no ``"re"``:

- ``moved``  ``table, ply, seat, move, trace``: a move played at the table by someone else.
- ``seat``   ``table, seat, player, present``: a player took, left or came back to a seat.
- ``closed`` ``table, reason``: the table is gone (every player left).
- ``refused`` ``table, ply, error``: the hub refused one of our moves (the games disagree).
- ``said``   ``table, number, player, seat, text, at``: a chat line (ours too), cleaned by the hub.
- ``rematch_asked`` ``table, player``: a player asked for a rematch of the finished game.
- ``rematch`` ``table, new``: the rematch is open; ``new`` is the new table as a join reply.
- ``rated``  ``table, changes``: a finished rated game is stored: each seat's rating before and after.
- ``unrated`` ``table, error``: it could not be stored (the ratings database said why).
- ``resigned`` ``table, seat``: the person at ``seat`` resigned; the game is over.
- ``draw_offered`` ``table, seat, ply``: ``seat`` offers a draw (it stands until the next move).
- ``draw_agreed`` / ``draw_declined`` ``table, seat, offerer``: ``seat`` answered ``offerer``'s offer.
- ``clocks`` ``table, ply, running, clocks``: a timed table's clocks after ``ply`` moves (each
  seat's seconds left; ``running``: the seat whose clock runs, null before they start or after
  the end), sent to everyone after each move and when the clocks start.
- ``flagged`` ``table, seat, reason, ply, running, clocks``: ``seat``'s time ran out: the game
  is over, lost on time.

Requests: ``hello token`` (first, once; the reply says whether the server keeps ratings),
``list``, ``host game players seed params mine moves [rules rated private coach clock left]``, ``join table|code
[watch]``, ``move table ply move [trace]``, ``leave table``, ``say table text``, ``rematch
table``, ``leaderboard [game]``, ``history game [player]``, ``resign table seat``, ``offer_draw table
seat``, ``answer_draw table seat accept``. A join reply's ``ending`` says how a game ended outside
its rules (``{"kind": "resign", "seat": s}``, ``{"kind": "draw"}``, ``{"kind": "time", "seat": s}``;
empty otherwise), a timed table's ``clocks`` (as the event), and a draw offer that still stands
(``draw_offer``: ``{"seat": s, "ply": p}``).
"""

from __future__ import annotations

import json
from typing import Any

SOCKET_VARIABLE = "SWARMTUI_TABLES"
"""The environment variable naming the hub's socket (set by ``swarmtui serve`` only)."""
TOKEN_VARIABLE = "SWARMTUI_TABLE_TOKEN"
"""The session's secret: the hub knows which player a connection is by it."""

MAX_LINE = 4 * 1024 * 1024
"""Longest message accepted (a Halma swarm's trace with its pheromone field is ~100 KB)."""


class ProtocolError(ValueError):
    """A line that is not a JSON object, or is too long."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of compact JSON."""
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """The message of one line; ``ProtocolError`` when it is not a JSON object."""
    if len(line) > MAX_LINE:
        raise ProtocolError("message too long")
    try:
        message = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ProtocolError(f"not JSON: {error}") from None
    except RecursionError:  # (the hub's connection task died with a traceback)
        raise ProtocolError("not JSON: nested too deep") from None
    if not isinstance(message, dict):
        raise ProtocolError("not a JSON object")
    return message
