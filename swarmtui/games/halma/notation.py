"""Halma moves and their notation: holes as ``<row><n>``, moves as ``e5-f5`` or ``m3:k3:k5``,
positions as rows.

``Move`` lives here with its notation (as python-chess keeps ``Move.uci`` with ``Move``), so the
rules import this module at their top and this module imports no rules.

Holes: the star's 17 rows are lettered ``a`` (the north tip) to ``q`` (the south tip), and the
holes of a row are numbered from the left starting at 1, exactly as the renderer draws them:
row ``a`` has one hole (``a1``), row ``e`` thirteen (``e1``-``e13``), the centre is ``i5``.

Moves: a step is ``start-end`` (``m5-l5``); a jump chain lists every hole it lands on, joined by
``:`` (``m3:k3:k5``), so the route is visible and replayable. When parsing, ``start-end`` also
names any legal move between the two holes (the board picks the route, see
``Board.legal_moves``); a ``:`` chain must be a valid chain exactly as written.

Positions: the 17 rows top to bottom joined by ``/``, each hole ``.`` (empty) or the seat digit
of its piece, then the number of players, the seat to move and the number of moves played::

    1/11/111/1111/........./.../... 2 1 0

(row contents abbreviated here). ``format_position`` and ``parse_position`` round-trip.
"""

from __future__ import annotations

import re
from typing import Protocol

from swarmtui.core.hexgrid import Hex, distance
from swarmtui.core.state import NotationError
from swarmtui.games.halma.geometry import SEATING, STAR

ROW_LETTERS = "abcdefghijklmnopq"

ROWS: tuple[tuple[Hex, ...], ...] = tuple(
    tuple(c for c in STAR if c.r == r) for r in sorted({c.r for c in STAR})
)
"""The star's rows top to bottom, each left to right."""

_NAMES: dict[Hex, str] = {
    cell: f"{ROW_LETTERS[row]}{n + 1}" for row, cells in enumerate(ROWS) for n, cell in enumerate(cells)
}
_CELLS: dict[str, Hex] = {name: cell for cell, name in _NAMES.items()}
_CELL_RE = re.compile(r"\s*([a-qA-Q])\s*(\d{1,2})\s*")


class Move:
    """A move from ``start`` to ``end``; equal and hashed by those two holes only.

    ``path`` is the concrete route (``path[0] == start``, ``path[-1] == end``): two holes for a
    step or a single jump, one more hole per further jump. An empty path means "any legal
    route": ``Board.play`` then uses the board's own.

    Moves from ``Board.legal_moves`` carry the breadth-first search that found them and build
    their path only when it is asked for (the TUI, traces, notation), so generating moves costs
    no path tuples; they also carry the position they were generated in, so ``Board.play`` takes
    them without re-checking the route. Immutable by convention (``__slots__``, no setters).
    """

    __slots__ = ("start", "end", "_path", "_found")

    start: Hex
    end: Hex

    def __init__(self, start: Hex, end: Hex, path: tuple[Hex, ...] = ()) -> None:
        self.start = start
        self.end = end
        self._path = tuple(path)
        self._found: tuple[int, int, dict[int, int] | None, int] | None = None

    @property
    def path(self) -> tuple[Hex, ...]:
        try:
            return self._path
        except AttributeError:  # a generated move: (start, end, jump-search parents, stamp)
            assert self._found is not None
            _, hole, parent, _ = self._found
            if parent is None:
                path: tuple[Hex, ...] = (self.start, self.end)
            else:
                route = [hole]
                while (hole := parent[hole]) != -1:
                    route.append(hole)
                path = tuple(STAR[i] for i in reversed(route))
            self._path = path
            return path

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.start == other.start and self.end == other.end

    def __hash__(self) -> int:
        return hash((self.start, self.end))

    def __repr__(self) -> str:
        return f"Move(start={self.start!r}, end={self.end!r}, path={self.path!r})"

    def __reduce__(self) -> tuple:
        return (Move, (self.start, self.end, self.path))

    @property
    def is_jump(self) -> bool:
        """True for a jump chain (the first hop spans two holes), False for a step."""
        if self._found is not None:
            return self._found[2] is not None
        if len(self._path) >= 2:
            return distance(self._path[0], self._path[1]) == 2
        return distance(self.start, self.end) != 1

    @property
    def jumps(self) -> int:
        """The number of jumps in the chain (0 for a step)."""
        return len(self.path) - 1 if self.is_jump and self.path else 0

    def __str__(self) -> str:
        return format_move(self)


class Position(Protocol):
    """What ``format_position`` reads of a board (``rules.Board``)."""

    @property
    def players(self) -> int: ...

    @property
    def to_move(self) -> str: ...

    @property
    def ply(self) -> int: ...

    def occupant(self, cell: Hex) -> str | None: ...


def format_cell(cell: Hex) -> str:
    """``Hex(0, 0)`` -> ``"i5"``."""
    try:
        return _NAMES[cell]
    except (KeyError, TypeError):
        raise NotationError(f"{cell!r} is not a hole of the star") from None


def parse_cell(text: str) -> Hex:
    """``"i5"`` (any case, spaces ignored) -> ``Hex(0, 0)``; ``NotationError`` otherwise."""
    m = _CELL_RE.fullmatch(text)
    if m:
        row = ROW_LETTERS.index(m.group(1).lower())
        n = int(m.group(2))
        if 1 <= n <= len(ROWS[row]):
            return ROWS[row][n - 1]
        raise NotationError(f"row {m.group(1).lower()} has holes 1-{len(ROWS[row])}, not {n}")
    raise NotationError(
        f"{text.strip()!r} is not a hole: a row letter a-q (top to bottom) and the hole's number in the row"
    )


def format_move(move: Move) -> str:
    """A step as ``start-end``, a jump chain as every landing hole joined by ``:``."""
    if move.is_jump and move.path:
        return ":".join(format_cell(c) for c in move.path)
    return f"{format_cell(move.start)}-{format_cell(move.end)}"


def parse_move(text: str) -> Move:
    """``"m5-l5"`` -> a Move without a path (any route); ``"m3:k3:k5"`` -> a Move with that path.

    Only the syntax is checked here; ``Board.parse_move`` also checks legality.
    """
    raw = text.strip()
    if ":" in raw:
        parts = raw.split(":")
        if len(parts) < 2 or not all(p.strip() for p in parts):
            raise NotationError(f"{raw!r} is not a jump chain: holes joined by ':' like m3:k3:k5")
        path = tuple(parse_cell(p) for p in parts)
        return Move(path[0], path[-1], path)
    parts = raw.split("-")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise NotationError(f"{raw!r} is not a move: start-end like m5-l5, or a jump chain like m3:k3:k5")
    start, end = parse_cell(parts[0]), parse_cell(parts[1])
    if start == end:
        raise NotationError(f"{raw!r} does not move: start and end are the same hole")
    return Move(start, end)


def format_position(board: Position) -> str:
    """The position as ``rows players to_move ply`` (see the module docstring)."""
    rows = "/".join("".join(board.occupant(c) or "." for c in row) for row in ROWS)
    return f"{rows} {board.players} {board.to_move} {board.ply}"


def parse_position(text: str) -> tuple[int, dict[str, list[Hex]], str, int]:
    """Position text -> ``(players, pieces per seat, seat to move, moves played)``."""
    fields = text.split()
    if len(fields) not in (3, 4):
        raise NotationError("a position is 'ROWS PLAYERS TO_MOVE [PLY]', e.g. '1/11/.../... 2 1 0'")
    rows_text, players_text, to_move = fields[:3]
    ply_text = fields[3] if len(fields) == 4 else "0"
    if not players_text.isdigit() or int(players_text) not in SEATING:
        raise NotationError(f"players must be one of {', '.join(map(str, SEATING))}, not {players_text!r}")
    players = int(players_text)
    seats = [str(i + 1) for i in range(players)]
    if to_move not in seats:
        raise NotationError(f"the seat to move must be one of {', '.join(seats)}, not {to_move!r}")
    if not ply_text.isdigit():
        raise NotationError(f"the number of moves played must be a whole number, not {ply_text!r}")
    rows = rows_text.split("/")
    if len(rows) != len(ROWS):
        raise NotationError(f"a position has {len(ROWS)} rows separated by '/', got {len(rows)}")
    pieces: dict[str, list[Hex]] = {s: [] for s in seats}
    for letter, row, cells in zip(ROW_LETTERS, rows, ROWS, strict=True):
        if len(row) != len(cells):
            raise NotationError(f"row {letter} has {len(cells)} holes, got {len(row)} characters {row!r}")
        for ch, cell in zip(row, cells, strict=True):
            if ch == ".":
                continue
            if ch not in pieces:
                raise NotationError(f"row {letter}: {ch!r} is neither '.' nor a seat 1-{players}")
            pieces[ch].append(cell)
    return players, pieces, to_move, int(ply_text)
