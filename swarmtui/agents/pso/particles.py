"""Particles of the Hive swarm: fitness (3.5.2), the velocity update (eq. 2.1), rounding (3.5.3).

A particle is one of the player's insects on the board. Its position is the insect's cell in
axial coordinates ``(q, r)`` (the thesis used ``(row, col)`` of its 2-D matrix; axial
coordinates make hex distance and velocity components independent of the column's parity,
the quirk its implementation notes had to work around). Its velocity is a real vector in the
same space, kept between turns; its personal best is the best cell it has occupied.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from swarmtui.core.hexgrid import Hex, distance


def fitness(cell: Hex, goal: Hex) -> int:
    """Hex distance from ``cell`` to the opponent Queen, 0 counted as 1 (section 3.5.2).

    A Beetle on top of the Queen pins her but does not surround her, so sitting on her is
    worth the same as touching her.
    """
    return max(1, distance(cell, goal))


@dataclass
class Particle:
    """The swarm's memory of one insect: its velocity and personal best cell (eq. 2.1's y)."""

    velocity: tuple[float, float]
    personal_best: Hex


def initial_velocity(rng: np.random.Generator, speed: float) -> tuple[float, float]:
    """A random starting velocity, each axial component uniform in [-speed, speed].

    Section 4.2.2: with zero initial velocities an insect with nobody else in its vicinity
    never moves, "this suggests velocities should be initialised randomly".
    """
    q, r = rng.uniform(-speed, speed, size=2)
    return float(q), float(r)


def update_velocity(velocity: tuple[float, float], position: Hex, personal_best: Hex, social_best: Hex,
                    w: float, c1: float, c2: float, r1: float, r2: float) -> tuple[float, float]:
    """Eq. 2.1: ``v(t+1) = w v(t) + c1 r1 (y - x) + c2 r2 (z - x)`` per axial component.

    ``y`` is the personal best, ``z`` the vicinity (or global) best. ``r1`` and ``r2`` are drawn
    once per particle and turn, as eq. 2.1 writes them (no dimension index) and as the
    thesis' code drew them.
    """
    vq, vr = velocity
    return (
        w * vq + c1 * r1 * (personal_best.q - position.q) + c2 * r2 * (social_best.q - position.q),
        w * vr + c1 * r1 * (personal_best.r - position.r) + c2 * r2 * (social_best.r - position.r),
    )


def round_component(value: float, threshold: float) -> int:
    """Section 3.5.3: round away from zero when the fractional part exceeds ``threshold``.

    The thesis' threshold 0.25 (lower than 0.5 "to encourage movement"): 1.3 -> 2, 1.2 -> 1,
    -0.3 -> -1, -0.2 -> 0.
    """
    whole = math.trunc(value)
    if abs(value - whole) > threshold:
        whole += 1 if value > 0 else -1
    return int(whole)


def desired_cell(position: Hex, velocity: tuple[float, float], threshold: float) -> Hex:
    """Where the insect would like to be: its position plus the rounded velocity."""
    return Hex(position.q + round_component(velocity[0], threshold),
               position.r + round_component(velocity[1], threshold))
