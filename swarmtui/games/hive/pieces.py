"""Hive pieces of the base game: five bugs, eleven tiles a side, named as in UHP (``wS1``).

Each side has a Queen Bee, two Spiders, two Beetles, three Grasshoppers and three Soldier
Ants (McGuile, section 3.2.1). Identical bugs carry numbers (``wS1``, ``wS2``) and enter
the hive in number order; the Queen has no number (``wQ``).

The 22 tiles are fixed objects: ``ALL_PIECES[code]`` is the tile with the small integer
``code`` the rules engine uses internally (white 0-10, black 11-21, each side in the order
Q, S1, S2, B1, B2, G1, G2, G3, A1, A2, A3).
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from swarmtui.core.state import NotationError


class Bug(str, Enum):
    """The five base-game bugs, valued by their UHP letter."""

    QUEEN = "Q"
    SPIDER = "S"
    BEETLE = "B"
    GRASSHOPPER = "G"
    ANT = "A"

    __hash__ = str.__hash__  # C-speed hashing: moves are hashed a lot by search players

    def __str__(self) -> str:
        return self.value


BUG_ORDER: tuple[Bug, ...] = (Bug.QUEEN, Bug.SPIDER, Bug.BEETLE, Bug.GRASSHOPPER, Bug.ANT)
BUG_COUNTS: dict[Bug, int] = {Bug.QUEEN: 1, Bug.SPIDER: 2, Bug.BEETLE: 2, Bug.GRASSHOPPER: 3, Bug.ANT: 3}
BUG_NAMES: dict[Bug, str] = {
    Bug.QUEEN: "Queen Bee", Bug.SPIDER: "Spider", Bug.BEETLE: "Beetle",
    Bug.GRASSHOPPER: "Grasshopper", Bug.ANT: "Soldier Ant",
}
COLOURS = ("w", "b")
COLOUR_NAMES = {"w": "White", "b": "Black"}
PIECES_PER_SIDE = sum(BUG_COUNTS.values())  # 11


class Piece(NamedTuple):
    """One tile: colour ``"w"``/``"b"``, bug, and number (0 for the Queen, else 1..3)."""

    colour: str
    bug: Bug
    number: int

    def __str__(self) -> str:
        return f"{self.colour}{self.bug.value}{self.number or ''}"

    @property
    def code(self) -> int:
        """The tile's index in ``ALL_PIECES``."""
        return PIECE_CODES[self]


def _all_pieces() -> tuple[Piece, ...]:
    pieces = []
    for colour in COLOURS:
        for bug in BUG_ORDER:
            if bug is Bug.QUEEN:
                pieces.append(Piece(colour, bug, 0))
            else:
                pieces.extend(Piece(colour, bug, n) for n in range(1, BUG_COUNTS[bug] + 1))
    return tuple(pieces)


ALL_PIECES: tuple[Piece, ...] = _all_pieces()
PIECE_CODES: dict[Piece, int] = {p: i for i, p in enumerate(ALL_PIECES)}
_BY_NAME: dict[str, Piece] = {str(p).lower(): p for p in ALL_PIECES}


def parse_piece(text: str) -> Piece:
    """``"wS1"`` -> the white Spider 1 (case-insensitive); ``NotationError`` otherwise."""
    piece = _BY_NAME.get(text.strip().lower())
    if piece is None:
        raise NotationError(
            f"{text.strip()!r} is not a base-game piece: colour w/b, bug Q/S/B/G/A, then the "
            "number (wQ, bQ, wS1-2, wB1-2, wG1-3, wA1-3)"
        )
    return piece
