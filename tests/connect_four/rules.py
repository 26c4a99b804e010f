"""Connect Four rules on a ``columns`` x ``rows`` board: a move is a column index."""

from __future__ import annotations

from dataclasses import dataclass

from swarmtui.core.state import IllegalMoveError, NotationError, Outcome

SEATS = ("Red", "Yellow")
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass(frozen=True)
class ConnectFourRules:
    """The board's size and how many in a row win (the classic game is 7 x 6, connect 4)."""

    columns: int = 5
    rows: int = 4
    connect: int = 4


class Board:
    """A position with undo; ``cells[c]`` is the stack of seat indices in column ``c``."""

    seats = SEATS

    def __init__(self, rules: ConnectFourRules = ConnectFourRules()) -> None:
        self.rules = rules
        self.cells: list[list[int]] = [[] for _ in range(rules.columns)]
        self.history: list[int] = []
        self._outcomes: list[Outcome | None] = [None]
        self._lines: list[tuple[tuple[int, int], ...]] = [()]

    @property
    def ply(self) -> int:
        return len(self.history)

    @property
    def to_move(self) -> str:
        return SEATS[self.ply % 2]

    @property
    def outcome(self) -> Outcome | None:
        return self._outcomes[-1]

    def legal_moves(self) -> list[int]:
        if self.outcome is not None:
            return []
        return [c for c, stack in enumerate(self.cells) if len(stack) < self.rules.rows]

    def is_legal(self, move: int) -> bool:
        return isinstance(move, int) and move in self.legal_moves()

    def play(self, move: int) -> None:
        if not self.is_legal(move):
            raise IllegalMoveError(f"{move!r} is not a free column here")
        seat = self.ply % 2
        self.cells[move].append(seat)
        self.history.append(move)
        line = self._line_through(move, len(self.cells[move]) - 1, seat)
        if line:
            self._outcomes.append(Outcome(SEATS[seat], "four in a row"))
        elif all(len(s) == self.rules.rows for s in self.cells):
            self._outcomes.append(Outcome(None, "board full"))
        else:
            self._outcomes.append(None)
        self._lines.append(line)

    def undo(self) -> int:
        if not self.history:
            raise IndexError("no move to undo")
        move = self.history.pop()
        self.cells[move].pop()
        self._outcomes.pop()
        self._lines.pop()
        return move

    def copy(self) -> Board:
        board = Board(self.rules)
        board.cells = [list(s) for s in self.cells]
        board.history = list(self.history)
        board._outcomes = list(self._outcomes)
        board._lines = list(self._lines)
        return board

    def highlights(self) -> tuple[int, ...]:
        """Nothing: a winning line is cells, not moves (``winning_cells`` has it for the renderer)."""
        return ()

    def winning_cells(self) -> tuple[tuple[int, int], ...]:
        return self._lines[-1]

    def parse_move(self, text: str) -> int:
        letter = text.strip().lower()
        if len(letter) != 1 or not "a" <= letter < chr(ord("a") + self.rules.columns):
            raise NotationError(f"{text!r} is not a column a-{chr(ord('a') + self.rules.columns - 1)}")
        return ord(letter) - ord("a")

    def format_move(self, move: int) -> str:
        return chr(ord("a") + move)

    def at(self, column: int, row: int) -> int | None:
        stack = self.cells[column]
        return stack[row] if row < len(stack) else None

    def _line_through(self, column: int, row: int, seat: int) -> tuple[tuple[int, int], ...]:
        for dc, dr in LINES:
            cells = [(column, row)]
            for sign in (1, -1):
                c, r = column + sign * dc, row + sign * dr
                while 0 <= c < self.rules.columns and 0 <= r < self.rules.rows and self.at(c, r) == seat:
                    cells.append((c, r))
                    c, r = c + sign * dc, r + sign * dr
            if len(cells) >= self.rules.connect:
                return tuple(sorted(cells))
        return ()

    def __repr__(self) -> str:
        return f"Board({'/'.join(''.join('RY'[v] for v in s) for s in self.cells)})"
