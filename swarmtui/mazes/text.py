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

from swarmtui.mazes.grid import MAX_FIELDS, MAX_SIDE, Cell, Maze, MazeError, default_doors

STYLES = ("ascii", "lines", "unicode", "half")

HALF = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}

WALL, OPEN, TRAIL = "#", " ", "."

# box-drawing glyph by wall neighbours: bit 1 north, 2 east, 4 south, 8 west
BOX = {
    0: "■", 1: "╵", 2: "╶", 3: "└", 4: "╷", 5: "│", 6: "┌", 7: "├",
    8: "╴", 9: "┘", 10: "─", 11: "┴", 12: "┐", 13: "┤", 14: "┬", 15: "┼",
}
DOT = "·"

Trail = list[Cell] | np.ndarray | None
"""A solution overlay: fields as ``(row, col)``, or as flat indices (a long walk stays compact)."""


def render(maze: Maze, style: str = "ascii", solution: Trail = None) -> str:
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


def _trail(maze: Maze, solution: list[Cell] | np.ndarray | None) -> np.ndarray:
    """The fields of ``solution`` marked: a list of ``(row, col)``, or flat field indices."""
    trail = np.zeros(maze.walls.shape, dtype=bool)
    if isinstance(solution, np.ndarray):
        trail.ravel()[solution] = True
    elif solution:
        rows, cols = zip(*solution, strict=True)
        trail[list(rows), list(cols)] = True
    return trail


def _finish(lines: list[str]) -> str:
    width = max(len(line) for line in lines)
    return "\n".join(line.ljust(width) for line in lines) + "\n"


def render_ascii(maze: Maze, solution: Trail = None) -> str:
    return finish_canvas(ascii_canvas(maze.walls, _trail(maze, solution)))


def ascii_canvas(walls: np.ndarray, trail: np.ndarray) -> np.ndarray:
    """One character per field: ``#`` wall, space open, ``.`` on the trail."""
    chars = np.where(walls, WALL, OPEN)
    chars[trail] = TRAIL
    return chars


def finish_canvas(chars: np.ndarray) -> str:
    """The rows of a character array as text (every row the full width, a final newline)."""
    return _finish(["".join(row) for row in chars.tolist()])


def read_ascii(text: str) -> Maze:
    """The maze of an ``ascii`` export (``#`` wall; space, ``.`` or anything else open).

    The doors are the open fields of the outer ring; there must be exactly two, and the
    entrance is the first of ``default_doors``' order when it matches, else the first in reading
    order.
    """
    lines = _lines(text)
    return _with_doors(_glyph_grid(lines, len(lines), max(len(line) for line in lines), 1) == ord(WALL))


def _lines(text: str) -> list[str]:
    """The text's lines (no final empty one, no carriage returns); ``MazeError`` when it holds no maze."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [line.rstrip("\r") for line in lines]
    if not any(line.strip() for line in lines):
        raise MazeError("no maze in the text")
    return lines


def check_extent(height: int, width: int) -> None:
    """``MazeError`` unless a maze read from text, ``width x height`` fields, is one this
    program makes (checked before any grid is built: a short file of one long line and many
    short ones would otherwise ask for gigabytes)."""
    if height > MAX_SIDE or width > MAX_SIDE or height * width > MAX_FIELDS:
        raise MazeError(f"the text is {width}x{height} fields: too large for a maze "
                        f"(at most {MAX_SIDE} a side and {MAX_FIELDS:,} fields)")


def _glyph_grid(lines: list[str], height: int, width: int, step: int) -> np.ndarray:
    """The code point of every ``step``-th character of each line padded with spaces to ``width``
    fields (``height x width``, after ``check_extent``)."""
    check_extent(height, width)
    padded = "".join(line[: width * step].ljust(width * step) for line in lines)
    codes = np.frombuffer(padded.encode("utf-32-le"), dtype=np.uint32).reshape(len(lines), width * step)
    return codes[:, ::step]


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


def render_lines(maze: Maze, solution: Trail = None) -> str:
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


def render_unicode(maze: Maze, solution: Trail = None) -> str:
    return finish_canvas(unicode_canvas(maze.walls, _trail(maze, solution)))


def unicode_canvas(walls: np.ndarray, trail: np.ndarray) -> np.ndarray:
    """Box drawing, two characters per field (field ``(r, c)`` at column ``2c``, the joint to its
    east neighbour at ``2c + 1``); thick walls drawn as their outline."""
    height, width = walls.shape
    shown = outline(walls)
    masks = wall_masks(shown)
    chars = np.full((height, 2 * width - 1), " ", dtype="<U1")
    chars[:, 0::2] = np.where(shown, np.array(list(BOX.values()))[np.minimum(masks, 15)], " ")
    chars[:, 0::2][~shown & trail] = DOT
    joint = chars[:, 1::2]
    joint[shown[:, :-1] & shown[:, 1:]] = "─"
    joint[trail[:, :-1] & trail[:, 1:]] = DOT
    return chars


def render_half(maze: Maze, solution: Trail = None) -> str:
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
    lines = _lines(text)
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
    if height < 3 or width < 3:
        raise MazeError(f"a maze is at least 3x3 fields; the text is {width}x{height}")
    ring = np.zeros_like(walls)
    ring[[0, -1], :] = ring[:, [0, -1]] = True
    found = np.argwhere(~walls & ring)
    if len(found) != 2:
        raise MazeError(f"a maze has two doors in its outer wall; this text has {len(found)}")
    doors = [(int(r), int(c)) for r, c in found]
    entrance, _ = default_doors(height, width)
    if doors[1] == entrance:
        doors.reverse()
    return Maze(walls, doors[0], doors[1])


def _read_half(lines: list[str]) -> np.ndarray:
    codes = _glyph_grid(lines, 2 * len(lines), max(len(line) for line in lines), 1)
    walls = np.empty((2 * len(lines), codes.shape[1]), dtype=bool)
    walls[0::2] = (codes == ord("▀")) | (codes == ord("█"))
    walls[1::2] = (codes == ord("▄")) | (codes == ord("█"))
    if not walls[-1].any():  # an odd height: the last lower half is blank padding
        walls = walls[:-1]
    return walls


def _read_unicode(lines: list[str]) -> np.ndarray:
    width = (max(len(line) for line in lines) + 1) // 2
    codes = _glyph_grid(lines, len(lines), width, 2)
    return np.isin(codes, [ord(glyph) for glyph in BOX_GLYPHS])


def _read_lines(lines: list[str]) -> np.ndarray:
    text_width = max(len(line) for line in lines)
    width = 2 * ((text_width - 1) // 3) + 1
    check_extent(len(lines), width)
    # columns: a post or wall ("+", "|") every three characters, two characters of cell between
    codes = _glyph_grid(lines, len(lines), 3 * ((width + 1) // 2), 1)[:, : 3 * (width // 2) + 1]
    walls = np.zeros((len(lines), width), dtype=bool)
    posts = codes[:, 0::3]
    walls[:, 0::2] = (posts == ord("+")) | (posts == ord("|"))
    walls[:, 1::2] = (codes[:, 1::3] == ord("-")) & (codes[:, 2::3] == ord("-"))
    return walls
