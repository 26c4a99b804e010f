"""From a field of values to a wall bitmap: the threshold Lambda (eq. 11) and Algorithm 3.

Eq. 11 as printed: ``Lambda(y) = empty space if y in <0, kappa), walls if y in (kappa, 1>``.
The value ``y = kappa`` itself belongs to neither interval; we read it as a wall (the paper
calls kappa "the limit value for which it will create a wall"). Values are clipped to [0, 1].

Algorithm 3, read on a bitmap with one pixel per field:
- lines 5-12: a field whose Lambda is 1 becomes a wall, except that while random alleys are
  left (r > 0) a coin (0.5) may spare it. Taken literally in scan order the spared walls would
  all lie in the first rows; section II-D says the r walls are "removed in random way", so we
  remove ``r`` wall fields drawn uniformly from the inside walls (the same count, no scan-order
  bias).
- lines 13-18: an open field's wall neighbours become walls. With one pixel per field they are
  walls already by lines 5-12; applied to the alleys it would wall every alley next to a
  corridor again and make r useless (II-D: alleys help "create the passage"), so alleys stay.
- The outer ring stays wall except the entrance and the exit (the maze's "two different
  exits", Algorithms 1 and 2, line 3).
"""

from __future__ import annotations

import numpy as np

from swarmtui.mazes.grid import Cell


def threshold(field: np.ndarray, kappa: float) -> np.ndarray:
    """Eq. 11: True (wall) where ``y >= kappa``, False (empty space) where ``y < kappa``."""
    return np.clip(field, 0.0, 1.0) >= kappa


def enclose(walls: np.ndarray, alleys: np.ndarray, doors: tuple[Cell, Cell]) -> np.ndarray:
    """Algorithm 3's frame, in place: the outer ring walled, then the ``alleys`` (flat field
    indices a swarm keeps open) and the two doors opened; returns ``walls``."""
    walls[[0, -1], :] = True
    walls[:, [0, -1]] = True
    walls.ravel()[alleys] = False
    for door in doors:
        walls[door] = False
    return walls


def bitmap(field: np.ndarray, kappa: float, alleys: int, rng: np.random.Generator,
           doors: tuple[Cell, Cell]) -> np.ndarray:
    """Algorithm 3: the wall bitmap of ``field`` with ``alleys`` random walls removed."""
    walls = threshold(field, kappa)
    walls[[0, -1], :] = True
    walls[:, [0, -1]] = True
    if alleys > 0:
        inside = walls[1:-1, 1:-1]
        candidates = np.flatnonzero(inside)
        if candidates.size:
            take = rng.choice(candidates, size=min(alleys, candidates.size), replace=False)
            inside.flat[take] = False
    for door in doors:
        walls[door] = False
    return walls
