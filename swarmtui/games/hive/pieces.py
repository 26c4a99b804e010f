"""Hive pieces, named as in UHP (``wS1``), and the game types that say which are in play.

The base game gives each side a Queen Bee, two Spiders, two Beetles, three Grasshoppers and
three Soldier Ants (McGuile, section 3.2.1); the three official expansions add one Mosquito,
one Ladybug and one Pillbug a side. Identical bugs carry numbers (``wS1``, ``wS2``) and
enter the hive in number order; single bugs have no number (``wQ``, ``wM``, ``wL``, ``wP``).

The 28 tiles are fixed objects: ``ALL_PIECES[code]`` is the tile with the small integer
``code`` the rules engine uses internally (white 0-13, black 14-27, each side in the order
Q, S1, S2, B1, B2, G1, G2, G3, A1, A2, A3, M, L, P). A :class:`GameType` (UHP's ``Base``,
``Base+M`` ... ``Base+MLP``) says which expansion tiles a game uses; the others stay out.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from swarmtui.core.state import NotationError


class Bug(str, Enum):  # noqa: UP042 - str mix-in with C-speed hashing below; StrEnum would change both
    """The five base-game bugs and the three expansion bugs, valued by their UHP letter."""

    QUEEN = "Q"
    SPIDER = "S"
    BEETLE = "B"
    GRASSHOPPER = "G"
    ANT = "A"
    MOSQUITO = "M"
    LADYBUG = "L"
    PILLBUG = "P"

    __hash__ = str.__hash__  # C-speed hashing: moves are hashed a lot by search players

    def __str__(self) -> str:
        return self.value


BUG_ORDER: tuple[Bug, ...] = (
    Bug.QUEEN, Bug.SPIDER, Bug.BEETLE, Bug.GRASSHOPPER, Bug.ANT, Bug.MOSQUITO, Bug.LADYBUG, Bug.PILLBUG,
)
BASE_BUGS: tuple[Bug, ...] = BUG_ORDER[:5]
EXPANSION_BUGS: tuple[Bug, ...] = BUG_ORDER[5:]
BUG_COUNTS: dict[Bug, int] = {
    Bug.QUEEN: 1, Bug.SPIDER: 2, Bug.BEETLE: 2, Bug.GRASSHOPPER: 3, Bug.ANT: 3,
    Bug.MOSQUITO: 1, Bug.LADYBUG: 1, Bug.PILLBUG: 1,
}
BUG_NAMES: dict[Bug, str] = {
    Bug.QUEEN: "Queen Bee", Bug.SPIDER: "Spider", Bug.BEETLE: "Beetle",
    Bug.GRASSHOPPER: "Grasshopper", Bug.ANT: "Soldier Ant",
    Bug.MOSQUITO: "Mosquito", Bug.LADYBUG: "Ladybug", Bug.PILLBUG: "Pillbug",
}
COLOURS = ("w", "b")
COLOUR_NAMES = {"w": "White", "b": "Black"}
PIECES_PER_SIDE = sum(BUG_COUNTS.values())  # 14: the base game's 11 and one of each expansion bug


class GameType(NamedTuple):
    """Which expansion bugs a game uses; written as UHP does: ``Base``, ``Base+M``, ... ``Base+MLP``."""

    mosquito: bool = False
    ladybug: bool = False
    pillbug: bool = False

    def __str__(self) -> str:
        letters = "".join(b.value for b, on in zip(EXPANSION_BUGS, self, strict=True) if on)
        return f"Base+{letters}" if letters else "Base"

    @property
    def bugs(self) -> tuple[Bug, ...]:
        """The bugs in play, in ``BUG_ORDER``."""
        return BASE_BUGS + tuple(b for b, on in zip(EXPANSION_BUGS, self, strict=True) if on)

    def count(self, bug: Bug) -> int:
        """How many tiles of ``bug`` each side has in this game (0 for a bug left out)."""
        return BUG_COUNTS[bug] if bug in self.bugs else 0

    @classmethod
    def parse(cls, text: str) -> GameType:
        """A UHP GameTypeString (exactly one of :data:`GAME_TYPES`); ``NotationError`` otherwise."""
        game_type = _GAME_TYPES.get(text.strip())
        if game_type is None:
            raise NotationError(f"{text.strip()!r} is not a game type (one of {', '.join(GAME_TYPES)})")
        return game_type


BASE = GameType()
FULL = GameType(True, True, True)
_GAME_TYPES: dict[str, GameType] = {
    str(t): t for t in (GameType(m, lb, p) for m in (False, True) for lb in (False, True) for p in (False, True))
}
GAME_TYPES: tuple[str, ...] = tuple(sorted(_GAME_TYPES, key=lambda name: (len(name), [
    "MLP".index(c) for c in name[5:]])))  # Base, Base+M, Base+L, Base+P, Base+ML, Base+MP, Base+LP, Base+MLP


class Piece(NamedTuple):
    """One tile: colour ``"w"``/``"b"``, bug, and number (0 for a bug a side has one of, else 1..3)."""

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
            if BUG_COUNTS[bug] == 1:
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
            f"{text.strip()!r} is not a Hive piece: colour w/b, bug Q/S/B/G/A/M/L/P, then the "
            "number of a bug that has several (wQ, bQ, wS1-2, wB1-2, wG1-3, wA1-3, wM, wL, wP)"
        )
    return piece


def colour_index(colour: str) -> int:
    """0 for white (``"w"``/``"White"``), 1 for black."""
    key = colour[:1].lower()
    if key not in COLOURS:
        raise ValueError(f"{colour!r} is not a colour (w/White or b/Black)")
    return COLOURS.index(key)


# -- pieces as small integers (the rules engine's) --------------------------------------------
SEATS = ("White", "Black")
QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG = range(8)  # bug kinds, in BUG_ORDER
KIND_START = (0, 1, 3, 5, 8, 11, 12, 13)  # the code of each kind's first tile on White's side
KIND_COUNT = tuple(BUG_COUNTS[b] for b in BUG_ORDER)
CLIMBERS = (BEETLE, MOSQUITO)  # the bugs that can end a move on top of the hive
KIND: tuple[int, ...] = tuple(BUG_ORDER.index(p.bug) for p in ALL_PIECES[:PIECES_PER_SIDE]) * 2
COLOUR_OF: tuple[int, ...] = tuple(code // PIECES_PER_SIDE for code in range(len(ALL_PIECES)))  # 0 white, 1 black
