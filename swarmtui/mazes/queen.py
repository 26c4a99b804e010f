"""The queen's walk (section II-D, Algorithm 4): the stop condition of both swarm builders.

After each iteration the queen tries to get through the bitmap. From each door in turn she
walks: at every step she looks at the neighbouring fields, drops those that are walls or that
eq. 12 forbids (``L_ij = 1``: only horizontal and vertical steps, no diagonals), drops the
fields she has already stood on, and moves to one of the rest at random; she stops when no move
is left (line 5). If she stops on the other door, there is a way out (lines 15-16).

Line 7 says "remove fields in a row, in which the Queen was in the previous step"; read as
"only the previous field" the walk would only end at dead ends and could circle a loop for
ever, so we read it as every field of her walk so far (a self-avoiding walk, which always ends)
and also stop as soon as she stands on the other door.

That literal walk (``queen=walk``) often misses a passage that exists: in the builders' first
mazes a random self-avoiding walk traps itself in a side pocket far more often than it gets
through: 40x15 builds (seeds 0-3) ran for 380-2800 ant iterations (2-15 s) and 120-360 bee
iterations, while a passage existed from iteration 1-2 (ants) or 5-20 (bees) on, and the
swarm's later iterations only open the maze further. Section II-D
states what the queen is for: "check whether exists a passage through constructed maze". The
default (``queen=backtrack``) keeps her random walk and lets her step back along it when she is
stuck, to the last field with a move she has not tried (a random depth-first search): she then
finds a passage exactly when one exists, and her walk is still a random route, which the TUI
shows.
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.grid import Cell, field_links

_BLOCK = 4096


def queen_walk(walls: np.ndarray, start: Cell, goal: Cell, rng: np.random.Generator,
               backtrack: bool = False) -> tuple[bool, list[Cell]]:
    """One walk of Algorithm 4 from ``start``: ``(reached goal, her route)``.

    With ``backtrack`` she steps back when stuck instead of giving up; the route is then the
    fields from ``start`` to where she stands, without the pockets she backed out of.
    """
    width = walls.shape[1]
    passed, path = walk_links(field_links(walls), start[0] * width + start[1], goal[0] * width + goal[1], rng,
                              backtrack)
    return passed, [divmod(cell, width) for cell in path]


def walk_links(links: np.ndarray, start: int, goal: int, rng: np.random.Generator,
               backtrack: bool = False) -> tuple[bool, list[int]]:
    """Algorithm 4 over a graph (``links``: the open neighbour through each side, -1 where shut):
    from ``start`` step to a random neighbour she has not stood on (through a side: eq. 12's
    "no diagonals"); stuck, she steps back along her walk when ``backtrack`` (a random depth-first
    search: she finds a passage exactly when one exists), else gives up."""
    sides = links.shape[1]
    flat = np.ascontiguousarray(links, dtype=np.int32).ravel().tolist()
    seen = bytearray(links.shape[0])
    here = start
    seen[here] = 1
    path = [here]
    coins = rng.random(_BLOCK).tolist()
    used = 0
    while here != goal:
        base = here * sides
        moves = [n for n in flat[base:base + sides] if n >= 0 and not seen[n]]
        if not moves:
            if backtrack and len(path) > 1:
                path.pop()
                here = path[-1]
                continue
            break
        if used == _BLOCK:
            coins = rng.random(_BLOCK).tolist()
            used = 0
        here = moves[int(coins[used] * len(moves))]
        used += 1
        seen[here] = 1
        path.append(here)
    return here == goal, path


def queen_check(walls: np.ndarray, doors: tuple[Cell, Cell], rng: np.random.Generator,
                walks: int = 1, backtrack: bool = True) -> tuple[bool, list[Cell]]:
    """Algorithm 4: walk from each door (``walks`` times each); the first success, else the last walk."""
    last: list[Cell] = []
    for _ in range(walks):
        for start, goal in ((doors[0], doors[1]), (doors[1], doors[0])):
            passed, path = queen_walk(walls, start, goal, rng, backtrack)
            if passed:
                return True, path
            last = path
    return False, last
