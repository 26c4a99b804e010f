"""An independent model of the Halma star for the tests and the move-generator benchmark.

A plain 17 x 25 character grid built from the published shape of the star (row lengths 1, 2,
3, 4, 13, 12, 11, 10, 9, 10, ..., centred), with neighbours two columns apart on a row and one
column apart on the rows above and below. It knows nothing of ``core.hexgrid`` or
``games.halma``: ``tests/test_halma_rules.py`` checks the engine against it, and
``benchmarks/halma_perft.py`` times the engine's perft against ``grid_perft`` (the plain-Python
reference generator that yields one move per (origin, destination) pair).
"""

from __future__ import annotations

from collections.abc import Iterator

Cell = tuple[int, int]

ROW_LENGTHS = (1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1)
GRID_HOLES = {(y, 12 - (n - 1) + 2 * i) for y, n in enumerate(ROW_LENGTHS) for i in range(n)}
GRID_DIRS = ((0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))
GRID_CORNERS = ("N", "NE", "SE", "S", "SW", "NW")  # clockwise from the top, like the contract


def grid_triangle(name: str) -> set[Cell]:
    """The six points by rows of the drawing: tips, and the 4-3-2-1 ends of the long rows."""
    if name == "N":
        return {h for h in GRID_HOLES if h[0] <= 3}
    if name == "S":
        return {h for h in GRID_HOLES if h[0] >= 13}
    rows = range(4, 8) if name in ("NW", "NE") else range(9, 13)
    out = set()
    for y in rows:
        row = sorted(x for yy, x in GRID_HOLES if yy == y)
        k = (8 - y) if name in ("NW", "NE") else (y - 8)
        out |= {(y, x) for x in (row[:k] if name in ("NW", "SW") else row[-k:])}
    return out


def grid_piece_moves(occupied: dict[Cell, int], start: Cell, goal: set[Cell]) -> Iterator[Cell]:
    """Each end hole of the piece on ``start`` once: steps, then breadth-first jump chains."""
    ends = set()
    for dy, dx in GRID_DIRS:
        n = (start[0] + dy, start[1] + dx)
        if n in GRID_HOLES and n not in occupied:
            ends.add(n)
    seen, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        for dy, dx in GRID_DIRS:
            over = (here[0] + dy, here[1] + dx)
            land = (here[0] + 2 * dy, here[1] + 2 * dx)
            if over in occupied and land in GRID_HOLES and land not in occupied and land not in seen:
                seen.add(land)
                frontier.append(land)
                ends.add(land)
    if start in goal:
        ends &= goal
    yield from ends


def grid_moves(occupied: dict[Cell, int], seat: int, goal: set[Cell]) -> set[tuple[Cell, Cell]]:
    """All (start, end) pairs for ``seat``: steps and breadth-first jump chains, goal kept."""
    return {(start, end) for start, owner in list(occupied.items()) if owner == seat
            for end in grid_piece_moves(occupied, start, goal)}


def grid_perft(occupied: dict[Cell, int], seats: tuple[int, ...], goals: dict[int, set[Cell]], depth: int) -> int:
    """Leaf count of the move tree ``depth`` moves deep, seats moving in turn from ``seats[0]``.

    No game ends within the depths it is used for (a goal cannot be filled in a few moves).
    """
    if depth == 0:
        return 1
    seat, rest = seats[0], seats[1:] + seats[:1]
    nodes = 0
    for start in [c for c, owner in occupied.items() if owner == seat]:
        for end in list(grid_piece_moves(occupied, start, goals[seat])):
            del occupied[start]
            occupied[end] = seat
            nodes += grid_perft(occupied, rest, goals, depth - 1)
            del occupied[end]
            occupied[start] = seat
    return nodes
