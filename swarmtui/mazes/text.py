"""Text exports of a maze, and reading every one of them back (``read_text``).

Four styles, each with an optional solution overlay, rectangular (every line the full width,
so the doors show as gaps in the border even at the end of a line), ending with a newline:
- ``ascii``: one character per field, ``#`` wall, space open, ``.`` on the solution. Reads
  back to the same grid with ``read_ascii`` (lines are padded with open fields to the width of
  the longest; the outer ring's corners are always wall, so the first line keeps the width).
- ``lines``: the classic ``+--+`` / ``|  |`` drawing of a lattice maze (odd sides, cells at
  odd coordinates, every cell open, every lattice corner a wall: what the classic builders
  make). Any other grid gets a ``MazeError`` saying why.
- ``unicode``: box-drawing characters chosen by each wall field's wall neighbours, fields two
  characters wide so the maze keeps its proportions in a terminal; ``·`` marks the solution.
  Thick walls (the swarm builders') are drawn as their outline: a wall field with no open
  field among its eight neighbours is left blank, so a solid block does not become a mesh.
  Read back, such a blank reads as open: the inside of a thick wall becomes a pocket that no
  path from a door reaches, so solving is unaffected, but the metrics of a thick-walled maze
  read from this style count those pockets (``ascii``, ``half`` and JSON read back exactly).
- ``half``: half blocks, two maze rows per text row (``▀`` upper wall, ``▄`` lower, ``█``
  both), one character per column: the most compact picture; ``·`` marks the solution where
  neither half is wall. An odd height leaves the last row's lower half blank.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.grid import Cell, Maze, MazeError, default_doors, is_border

STYLES = ("ascii", "lines", "unicode", "half")

HALF = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}

WALL, OPEN, TRAIL = "#", " ", "."

# box-drawing glyph by wall neighbours: bit 1 north, 2 east, 4 south, 8 west
BOX = {
    0: "■", 1: "╵", 2: "╶", 3: "└", 4: "╷", 5: "│", 6: "┌", 7: "├",
    8: "╴", 9: "┘", 10: "─", 11: "┴", 12: "┐", 13: "┤", 14: "┬", 15: "┼",
}
DOT = "·"


def render(maze: Maze, style: str = "ascii", solution: list[Cell] | None = None) -> str:
    """The maze as text in ``style`` with ``solution`` (a list of fields) marked if given."""
    if style == "ascii":
        return render_ascii(maze, solution)
    if style == "lines":
        return render_lines(maze, solution)
    if style == "unicode":
        return render_unicode(maze, solution)
    if style == "half":
        return render_half(maze, solution)
    raise MazeError(f"unknown style {style!r} (known: {', '.join(STYLES)})")


def _trail(maze: Maze, solution: list[Cell] | None) -> np.ndarray:
    trail = np.zeros(maze.walls.shape, dtype=bool)
    if solution:
        rows, cols = zip(*solution, strict=True)
        trail[list(rows), list(cols)] = True
    return trail


def _finish(lines: list[str]) -> str:
    width = max(len(line) for line in lines)
    return "\n".join(line.ljust(width) for line in lines) + "\n"


def render_ascii(maze: Maze, solution: list[Cell] | None = None) -> str:
    chars = np.where(maze.walls, WALL, OPEN)
    chars[_trail(maze, solution)] = TRAIL
    return _finish(["".join(row) for row in chars])


def read_ascii(text: str) -> Maze:
    """The maze of an ``ascii`` export (``#`` wall; space, ``.`` or anything else open).

    The doors are the open fields of the outer ring; there must be exactly two, and the
    entrance is the first of ``default_doors``' order when it matches, else the first in reading
    order.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise MazeError("no maze in the text")
    width = max(len(line) for line in lines)
    walls = np.array([[ch == WALL for ch in line.ljust(width)] for line in lines], dtype=bool)
    height = walls.shape[0]
    doors = [(r, c) for r, c in zip(*np.nonzero(~walls), strict=True) if is_border((int(r), int(c)), height, width)]
    if len(doors) != 2:
        raise MazeError(f"a maze has two doors in its outer wall; this text has {len(doors)}")
    doors = [(int(r), int(c)) for r, c in doors]
    entrance, _ = default_doors(height, width)
    if doors[1] == entrance:
        doors.reverse()
    return Maze(walls, doors[0], doors[1])


def lattice_problem(maze: Maze) -> str | None:
    """Why ``lines`` cannot draw ``maze``, or None when it can."""
    walls = maze.walls
    if maze.height % 2 == 0 or maze.width % 2 == 0:
        return f"its sides must be odd ({maze.size} is not)"
    if not walls[0::2, 0::2].all():
        return "it has open fields where lattice corners must be walls"
    if walls[1::2, 1::2].any():
        return "it has walls where lattice cells must be open"
    return None


def render_lines(maze: Maze, solution: list[Cell] | None = None) -> str:
    problem = lattice_problem(maze)
    if problem is not None:
        raise MazeError(f"the lines style draws lattice mazes (as the classic builders make); {problem}: "
                        "use --style ascii or unicode")
    walls, trail = maze.walls, _trail(maze, solution)
    lines = []
    for r in range(maze.height):
        parts = []
        for c in range(maze.width):
            if r % 2 == 0 and c % 2 == 0:
                parts.append("+")
            elif r % 2 == 0:
                parts.append("--" if walls[r, c] else (" ." if trail[r, c] else "  "))
            elif c % 2 == 0:
                parts.append("|" if walls[r, c] else ("." if trail[r, c] else " "))
            else:
                parts.append(" ." if trail[r, c] else "  ")
        lines.append("".join(parts))
    return _finish(lines)


def wall_masks(walls: np.ndarray) -> np.ndarray:
    """Box-drawing key of every field: which of its neighbours are walls (bits N=1 E=2 S=4 W=8)."""
    padded = np.pad(walls, 1, constant_values=False)
    north, south = padded[:-2, 1:-1], padded[2:, 1:-1]
    west, east = padded[1:-1, :-2], padded[1:-1, 2:]
    return north * 1 + east * 2 + south * 4 + west * 8


def outline(walls: np.ndarray) -> np.ndarray:
    """Wall fields that touch an open field (or the outside) among their eight neighbours."""
    free = np.pad(~walls, 1, constant_values=True)
    height, width = walls.shape
    near = np.zeros_like(walls)
    for dr in (0, 1, 2):
        for dc in (0, 1, 2):
            near |= free[dr:dr + height, dc:dc + width]
    return walls & near


def render_unicode(maze: Maze, solution: list[Cell] | None = None) -> str:
    walls, trail = outline(maze.walls), _trail(maze, solution)
    masks = wall_masks(walls)
    lines = []
    for r in range(maze.height):
        parts = []
        for c in range(maze.width):
            if walls[r, c]:
                parts.append(BOX[int(masks[r, c])])
            else:
                parts.append(DOT if trail[r, c] else " ")
            if c + 1 < maze.width:
                if walls[r, c] and walls[r, c + 1]:
                    parts.append("─")
                elif trail[r, c] and trail[r, c + 1]:
                    parts.append(DOT)
                else:
                    parts.append(" ")
        lines.append("".join(parts))
    return _finish(lines)


def render_half(maze: Maze, solution: list[Cell] | None = None) -> str:
    walls, trail = maze.walls, _trail(maze, solution)
    if maze.height % 2:
        walls = np.vstack([walls, np.zeros((1, maze.width), dtype=bool)])
        trail = np.vstack([trail, np.zeros((1, maze.width), dtype=bool)])
    lines = []
    for r in range(0, walls.shape[0], 2):
        top, bottom = walls[r], walls[r + 1]
        marked = (trail[r] | trail[r + 1]) & ~top & ~bottom
        lines.append("".join(DOT if marked[c] else HALF[bool(top[c]), bool(bottom[c])] for c in range(maze.width)))
    return _finish(lines)


BOX_GLYPHS = set(BOX.values()) | {"─"}


def read_text(text: str) -> Maze:
    """A maze from any of the text styles (told apart by their characters)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [line.rstrip("\r") for line in lines]
    if not any(line.strip() for line in lines):
        raise MazeError("no maze in the text")
    chars = set("".join(lines))
    if chars & set("▀▄█"):
        walls = _read_half(lines)
    elif chars & BOX_GLYPHS:
        walls = _read_unicode(lines)
    elif "+" in chars and chars <= set("+-| .\n"):
        walls = _read_lines(lines)
    else:
        return read_ascii(text)
    return _with_doors(walls)


def _with_doors(walls: np.ndarray) -> Maze:
    height, width = walls.shape
    doors = [(int(r), int(c)) for r, c in zip(*np.nonzero(~walls), strict=True)
             if is_border((int(r), int(c)), height, width)]
    if len(doors) != 2:
        raise MazeError(f"a maze has two doors in its outer wall; this text has {len(doors)}")
    entrance, _ = default_doors(height, width)
    if doors[1] == entrance:
        doors.reverse()
    return Maze(walls, doors[0], doors[1])


def _read_half(lines: list[str]) -> np.ndarray:
    width = max(len(line) for line in lines)
    rows = []
    for line in lines:
        line = line.ljust(width)
        rows.append([ch in "▀█" for ch in line])
        rows.append([ch in "▄█" for ch in line])
    walls = np.array(rows, dtype=bool)
    if not walls[-1].any():  # an odd height: the last lower half is blank padding
        walls = walls[:-1]
    return walls


def _read_unicode(lines: list[str]) -> np.ndarray:
    width = (max(len(line) for line in lines) + 1) // 2
    glyphs = np.array([[line.ljust(2 * width)[2 * c] for c in range(width)] for line in lines])
    return np.isin(glyphs, list(BOX_GLYPHS))


def _read_lines(lines: list[str]) -> np.ndarray:
    height = len(lines)
    text_width = max(len(line) for line in lines)
    width = 2 * ((text_width - 1) // 3) + 1
    walls = np.zeros((height, width), dtype=bool)
    for r, line in enumerate(lines):
        line = line.ljust(text_width)
        at = 0
        for c in range(width):
            if c % 2 == 0:
                walls[r, c] = line[at] in "+|"
                at += 1
            else:
                walls[r, c] = line[at:at + 2] == "--"
                at += 2
    return walls
