"""Every reachable noughts position, the 765 base cases and the 627 genes (Ford, 3.1).

Facts these enumerations reproduce (tested): 5478 reachable positions, 765 up to symmetry,
627 of them non-terminal; 255168 complete games (131184 won by X, 77904 by O, 46080 drawn).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from swarmtui.games.noughts.rules import EMPTY, O, X, side_to_move, winning_line
from swarmtui.games.noughts.symmetry import cells_of, gene_string, key_of, tables


def _children(cells: tuple[int, ...]) -> list[tuple[int, ...]]:
    if winning_line(cells) is not None:
        return []
    mark = side_to_move(cells)
    return [cells[:i] + (mark,) + cells[i + 1:] for i in range(9) if cells[i] == EMPTY]


@lru_cache(maxsize=1)
def reachable_keys() -> frozenset[int]:
    """Keys of all positions reachable from the empty board (5478)."""
    seen = {key_of((EMPTY,) * 9)}
    frontier: list[tuple[int, ...]] = [(EMPTY,) * 9]
    while frontier:
        cells = frontier.pop()
        for child in _children(cells):
            k = key_of(child)
            if k not in seen:
                seen.add(k)
                frontier.append(child)
    return frozenset(seen)


@lru_cache(maxsize=1)
def canonical_keys() -> tuple[int, ...]:
    """Sorted keys of the base cases of all reachable positions (765)."""
    canon = tables().canonical
    return tuple(sorted({int(canon[k]) for k in reachable_keys()}))


def is_terminal(cells) -> bool:
    return winning_line(cells) is not None or EMPTY not in cells


class Gene(NamedTuple):
    """One gene of Ford's genome: a non-terminal base case and who moves in it."""

    locus: int
    """The gene's place in the genome (``tuple.index`` is taken, hence not ``index``)."""
    key: int
    cells: tuple[int, ...]
    string: str
    mover: int  # X or O
    options: tuple[int, ...]  # the empty cells: the valid alleles


@lru_cache(maxsize=1)
def genes() -> tuple[Gene, ...]:
    """The 627 genes in gene-string order (the genome's fixed layout)."""
    out: list[Gene] = []
    for k in canonical_keys():
        cells = cells_of(k)
        if is_terminal(cells):
            continue
        options = tuple(i for i in range(9) if cells[i] == EMPTY)
        out.append(Gene(len(out), k, cells, gene_string(cells), side_to_move(cells), options))
    return tuple(out)


@lru_cache(maxsize=1)
def gene_index() -> dict[int, int]:
    """Canonical key -> gene index."""
    return {g.key: g.locus for g in genes()}


class GameCounts(NamedTuple):
    games: int
    x_wins: int
    o_wins: int
    draws: int


def count_games() -> GameCounts:
    """All complete games from the empty board, by result (255168 = 131184 + 77904 + 46080)."""
    memo: dict[int, tuple[int, int, int]] = {}

    def walk(cells: tuple[int, ...]) -> tuple[int, int, int]:
        k = key_of(cells)
        if k in memo:
            return memo[k]
        line = winning_line(cells)
        if line is not None:
            result = (1, 0, 0) if cells[line[0]] == X else (0, 1, 0)
        elif EMPTY not in cells:
            result = (0, 0, 1)
        else:
            parts = [walk(c) for c in _children(cells)]
            result = (sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts))
        memo[k] = result
        return result

    x, o, d = walk((EMPTY,) * 9)
    return GameCounts(x + o + d, x, o, d)


__all__ = ["reachable_keys", "canonical_keys", "genes", "gene_index", "count_games", "Gene", "O", "X"]
