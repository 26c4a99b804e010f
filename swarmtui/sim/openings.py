"""Openings for matches between agents: seeded random plies, or lines read from a book file.

Deterministic players would replay one game again and again, and a first-move advantage would
favour whoever sits first; so matches start each game (or each pair of games, colours swapped)
from an opening both sides are given:

- **Random plies** (:func:`random_opening`): ``plies`` moves, each uniform over the legal moves,
  drawn by ``numpy.random.default_rng(seed)``. The same seed gives the same opening, so a pair's
  two games (or a round robin's seat orders) start alike, and a run is reproducible.
- **A book** (:func:`read_book`): a text file, one opening a line, its moves in the game's
  notation separated by ``;`` (as UHP GameStrings separate Hive's moves), blank lines and lines
  starting with ``#`` skipped: ``wS1; bG1 -wS1; wQ wS1/``. Each line is played from the start
  when the book is read, so an illegal move is one error naming its line, before any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from swarmtui.core.params import ParamError
from swarmtui.core.saves import read_text
from swarmtui.games import get_game
from swarmtui.referee import Referee, rules_object

MOVE_SEPARATOR = ";"
BOOK_BYTES = 4 * 1024 * 1024
"""A book file's largest size (100,000 Hive openings of eight moves fit in half of it)."""
BOOK_LINES = 100_000
"""The most openings a book may hold."""
BOOK_PLIES = 200
"""The longest opening a book line may give."""


def random_opening(referee: Referee, plies: int, seed: int) -> None:
    """Play ``plies`` uniform random moves on the referee's game (see :func:`random_moves`),
    stopping early if the game ends or reaches its ply cap."""
    generator = np.random.default_rng(seed)
    while not referee.is_over and not referee.reached_max_plies and len(referee.moves) < plies:
        legal = referee.state.legal_moves()
        referee.play(legal[int(generator.integers(len(legal)))])


def book_opening(referee: Referee, moves: Sequence[str]) -> None:
    """Play a book line (move texts in the game's notation) on the referee's game."""
    for text in moves:
        if referee.is_over or referee.reached_max_plies:
            return
        referee.play(referee.state.parse_move(text))


def parse_book(text: str, game_id: str, rules: Sequence[tuple[str, str]] = (), where: str = "the book",
               ) -> tuple[tuple[str, ...], ...]:
    """The openings of a book's text, each checked by playing it from the start (ParamError
    naming the line when a move is not legal, the book is empty or too large)."""
    spec = get_game(game_id)
    openings: list[tuple[str, ...]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if len(openings) >= BOOK_LINES:
            raise ParamError(f"{where} holds more than {BOOK_LINES} openings")
        moves = tuple(m.strip() for m in line.split(MOVE_SEPARATOR) if m.strip())
        if len(moves) > BOOK_PLIES:
            raise ParamError(f"{where} line {number}: an opening of {len(moves)} moves (at most {BOOK_PLIES})")
        state = spec.start(None, rules_object(spec, rules))
        played = []
        for ply, move in enumerate(moves, 1):
            if state.outcome is not None:
                raise ParamError(f"{where} line {number}: the game is over before move {ply} ({move!r})")
            try:
                parsed = state.parse_move(move)
                text = state.format_move(parsed)
                state.play(parsed)
            except ValueError as error:  # NotationError and IllegalMoveError are ValueErrors
                raise ParamError(f"{where} line {number}, move {ply} ({move!r}): {error}") from None
            played.append(text)
        openings.append(tuple(played))
    if not openings:
        raise ParamError(f"{where} holds no opening (one a line, moves separated by '{MOVE_SEPARATOR}')")
    return tuple(openings)


def read_book(path: Path, game_id: str, rules: Sequence[tuple[str, str]] = ()) -> tuple[tuple[str, ...], ...]:
    """The openings of the book file ``path`` (:func:`parse_book`; a file that cannot be read is
    a ``SaveError``)."""
    return parse_book(read_text(path, limit=BOOK_BYTES, what="opening book"), game_id, rules, str(path))
