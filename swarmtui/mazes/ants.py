"""AACA, the Artificial Ant Colony Algorithm that digs mazes (Polap et al., section II-A, Algorithm 1).

Our reading of each printed equation (the PDF's typesetting is damaged; every choice below is
a parameter where it is a number):

- Field: a pheromone value ``tau`` per field. Algorithm 1, line 3 "create array with alpha
  values" is read as zeta, the initial and minimum pheromone (alpha is an exponent; Algorithm
  2, line 3 has zeta in the same place; the text says the first value "is everywhere the
  same"). Trails are the ants' roads, so the wall value thresholded by eq. 11 is ``1 - tau``.
- Eq. 3: ``L_ij = ||x_i - x_j||`` (Euclidean) between the fields of ants i and j.
- Eq. 2: ``Gamma_i = sum_{j != i} 1 / L_ij`` (the printed sum runs over i, a typo). Ants that
  share a field (L = 0) count as one field apart, ``1 / max(L, 1)``: a group that has met and
  moves on together keeps marking its road (leaving them out would make a merged group's
  trail fade to wall). Ant i deposits Gamma_i on each field it enters, so a crowded ant marks
  its road more strongly.
- Eq. 1: at the end of each iteration ``tau <- (1 - rho) tau + sum of deposits``, then floored
  at zeta ("the minimum value of the pheromone", Alg. 1 line 2) and capped at 1 (eq. 11 reads
  values in <0, 1>).
- Eq. 4: ``p(x_i, x_j) = [tau(x_i, x_j)]^alpha [1 / L_ij]^beta / sum_a [tau(x_i, x_a)]^alpha
  [1 / L_ia]^beta`` over the other ants a (N_i: "unknown roads", every ant on another field).
  The denominator prints no beta; we use beta in both (a probability must sum to 1) with
  beta = 1, which is what the denominator shows. ``tau(x_i, x_j)``, the pheromone "of the road
  to ant j", is the pheromone on the first field of that road: the one eq. 5 would step onto.
- Eq. 5: ``x_i <- x_i + sign(x_ind - x_i)``, ind the best target after sorting by p ("the
  movement of ants is based on the highest probability"; ``choice=roulette`` samples p
  instead). Moves are simultaneous; of two neighbouring ants that follow each other only the
  first moves (onto the other's field), otherwise they would swap fields for ever. A sign step
  may be diagonal; the queen (eq. 12) and the maze's passages are
  horizontal and vertical, so, like the queen, an ant moves along one axis per step: the one
  with the larger distance to its target (ties at random). Its trail is then a road the queen
  can walk.
- An iteration is a foraging trip (section II-A: "all the ants left home ... and moved over
  the space leaving pheromone trails"): ``steps`` moves (default width + height, enough to
  cross the field), from fresh random fields, two ants leaving from the fields inside the
  entrance and the exit (the nest and the food source). Eq. 1 runs once per iteration.

Parameters n, alpha, rho, zeta and r are Algorithm 1's; the paper's values (section III) are
n = 30, r = 20 for the 40x15 mazes, n = 200, r = 120 for 100x100, alpha = 0.4, rho = 0.3;
zeta is left blank in the paper.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from swarmtui.core.params import ParamError, check_range
from swarmtui.mazes.ant_loop import follow, run_ant_loop
from swarmtui.mazes.frames import FrameSink, MazeFrame
from swarmtui.mazes.grid import Cell, Maze, check_size, default_doors
from swarmtui.mazes.swarm import SWARM_MAX_FIELDS, SwarmParams, check_swarm_size, facing_doors, mouth, run_swarm, sized


@dataclass(frozen=True)
class AntParams(SwarmParams):
    """AACA's constants (Algorithm 1, line 2, and eqs. 1-5) with the paper's values."""

    n: int = field(default=0, metadata={"help": "workers (0: size rule, 30 at 40x15 and 200 at 100x100, at most 200)"})
    r: int = field(default=-1, metadata={"help": "random alleys per trip (-1: size rule, 20 at 40x15, 120 at 100x100)"})
    alpha: float = field(default=0.4, metadata={"help": "alpha: impact of left pheromone (eq. 4; III: 0.4)"})
    beta: float = field(default=1.0, metadata={"help": "beta: impact of distance (eq. 4; denominator shows 1)"})
    rho: float = field(default=0.3, metadata={"help": "rho: evaporation rate (eq. 1; III: 0.3)"})
    zeta: float = field(default=0.1, metadata={"help": "zeta: initial and minimum pheromone (Alg. 1; not given)"})
    steps: int = field(default=0, metadata={"help": "moves per iteration (0: width + height)"})
    choice: Literal["best", "roulette"] = field(
        default="best", metadata={"help": "best: follow the highest p (eq. 5); roulette: sample p (eq. 4)"})
    max_iterations: int = field(default=0, metadata={"help": "give up after this many loops (0: 200 crossings, "
                                                             "200 (width + height); trip: iterations, 0 = 5000)"})
    loop: Literal["step", "trip"] = field(
        default="step", metadata={"help": "step: one move per loop, queen every loop (Alg. 1); trip: a whole "
                                          "trip per iteration (the earlier reading)"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("alpha", self.alpha, 0.0, 100.0)
        check_range("beta", self.beta, 0.0, 100.0)
        check_range("rho", self.rho, 0.0, 1.0)
        check_range("zeta", self.zeta, 0.0, 1.0)
        check_range("steps", self.steps, 0, 1_000_000)
        if self.choice not in ("best", "roulette"):
            raise ParamError(f"choice must be best or roulette; got {self.choice!r}")
        if self.loop not in ("step", "trip"):
            raise ParamError(f"loop must be step or trip; got {self.loop!r}")


class AntColony:
    """n worker ants on a pheromone field (Algorithm 1, lines 5-9 per ``iterate``)."""

    def __init__(self, height: int, width: int, params: AntParams, rng: np.random.Generator,
                 doors: tuple[Cell, Cell]) -> None:
        self.params, self.rng = params, rng
        self.height, self.width = height, width
        self.tau = np.full((height, width), params.zeta)
        self.homes = np.array([mouth(d, height, width) for d in doors], dtype=np.int64)
        self.steps = params.steps or height + width
        self.pos = self.homes.copy()

    def positions(self) -> np.ndarray:
        return self.pos

    def wall_field(self) -> np.ndarray:
        return 1.0 - self.tau

    def leave_home(self) -> np.ndarray:
        """Fresh random fields inside the frame; ants 0 and 1 start at the two doors."""
        n = self.params.n
        pos = np.column_stack([self.rng.integers(1, self.height - 1, n), self.rng.integers(1, self.width - 1, n)])
        k = min(2, n)
        pos[:k] = self.homes[:k]
        return pos

    def iterate(self, iteration: int, emit: FrameSink | None) -> None:
        """One foraging trip (Alg. 1, lines 5-9): ``steps`` moves by eqs. 2-5, then eq. 1.

        Ants standing on one field see the same distances and pheromone, so they decide as
        one: each step works on the occupied fields with their ant counts (weights in eqs. 2
        and 4), which keeps the step cheap once the swarm has gathered.
        """
        p = self.params
        width = self.width
        pos = self.leave_home()
        deposit = np.zeros(self.tau.size)
        np.add.at(deposit, pos[:, 0] * width + pos[:, 1], 1.0)  # the start fields are roads too
        # [tau^t]^alpha, fixed during the trip (eq. 1 runs once per iteration)
        self._attraction = (self.tau ** p.alpha).ravel()
        for _ in range(self.steps):
            fields, ant_field, count = np.unique(pos[:, 0] * width + pos[:, 1], return_inverse=True, return_counts=True)
            if fields.size == 1:
                break  # the whole swarm stands on one field: nothing left to follow
            here = np.column_stack(np.divmod(fields, width))
            moved = self.step(here, count)
            np.add.at(deposit, moved[0], moved[1])
            pos = moved[2][ant_field]
            self.pos = pos
            if emit is not None:
                emit(MazeFrame("ant", "move", iteration, pos.astype(float), self.wall_field(), None))
        self.pos = pos
        tau = (1.0 - p.rho) * self.tau.ravel() + deposit  # eq. 1
        self.tau = np.clip(tau, p.zeta, 1.0).reshape(self.tau.shape)

    def step(self, here: np.ndarray, count: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Move the ants on the occupied fields ``here`` (``count`` ants each) one step.

        Returns the flat fields that receive pheromone, the amounts (``count * Gamma``, eq. 2)
        and the new field of each group.
        """
        p = self.params
        k = here.shape[0]
        groups = np.arange(k)
        diff = here[None, :, :] - here[:, None, :]  # x_j - x_i
        length = np.sqrt((diff * diff).sum(axis=2))  # eq. 3
        road = length > 0
        inverse = np.divide(1.0, length, out=np.zeros_like(length), where=road)
        gamma = inverse @ count + (count - 1)  # eq. 2: sum over the other ants, 1/max(L, 1)
        rows_first = np.abs(diff[..., 0]) > np.abs(diff[..., 1])
        tie = np.abs(diff[..., 0]) == np.abs(diff[..., 1])
        rows_first |= tie & (self.rng.random((k, k)) < 0.5)
        sign = np.sign(diff)
        nxt_row = here[:, None, 0] + np.where(rows_first, sign[..., 0], 0)
        nxt_col = here[:, None, 1] + np.where(rows_first, 0, sign[..., 1])
        weight = self.attraction_at(nxt_row, nxt_col) * inverse ** p.beta * count[None, :]  # eq. 4 numerator
        target = self.follow(weight)
        movers = np.ones(k, dtype=bool)
        # two neighbours following each other would swap fields for ever: the second stays
        movers &= ~((target[target] == groups) & (length[groups, target] == 1) & (groups > target))
        new = here.copy()
        new[movers, 0] = nxt_row[groups, target][movers]
        new[movers, 1] = nxt_col[groups, target][movers]
        return (new[movers, 0] * self.width + new[movers, 1]), (count * gamma)[movers], new

    def attraction_at(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        return self._attraction[rows * self.width + cols]

    def follow(self, weight: np.ndarray) -> np.ndarray:
        return follow(weight, self.params.choice, self.rng)


def build_ants(width: int, height: int, rng: np.random.Generator, params: AntParams | None = None,
               seed: int | None = None, on_frame: FrameSink | None = None) -> Maze:
    """An AACA maze of ``width x height`` fields (Algorithm 1 + Algorithms 3 and 4)."""
    chosen = sized(params or AntParams(), width, height)
    if chosen.loop == "step":
        check_swarm_size("ant", width, height)
        doors = facing_doors(height, width)
        return run_ant_loop(chosen, height, width, rng, doors, seed, on_frame)
    check_size(width, height, max_fields=SWARM_MAX_FIELDS)
    doors = default_doors(height, width)
    if not chosen.max_iterations:
        chosen = replace(chosen, max_iterations=5000)
    colony = AntColony(height, width, chosen, rng, doors)
    return run_swarm("ant", colony, chosen, rng, doors, seed, on_frame)
