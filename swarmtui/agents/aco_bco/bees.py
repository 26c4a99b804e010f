"""The bees: the BCO backward pass that picks the one piece that moves (Kuehner & Stock, V-C).

Each taking-part piece's bee rates the path its ant proposed with the fitness

- eq. 12: f = w_d · 1/d + w_l · l + w_p · p, for a piece outside its goal;
- eq. 13: f = w_d · 1/f_g + w_l · l + w_p · p, for a piece already in its goal.

d is "the distance between the end node of the path and the first row (farthest goal
position)". A path may end on the tip itself, where the plain distance is 0, so we use the
same d as eq. 10: d = 1 + steps from the landing hole to the tip (1 on the tip). p is, per the
bullet list under eq. 12, "the sum of all pheromone values on all edges of the path" (Σ τ,
``fitness_p=sum``); ``fitness_p=score`` uses eq. 11's p = l · Σ τ instead. l_p in eq. 13 is
read as the same path length l.

The roulette share of bee i is f_i / Σ_C f_c (eq. 14). A bee whose share exceeds 1/|C|
advertises its path; the others abandon theirs and each follows one advertiser, drawn by the
same roulette restricted to the advertisers. When every share equals 1/|C| exactly nobody
exceeds it; then every bee counts as an advertiser (documented choice: the tie has no loser).

The piece that moves is "chosen from all characters that advertise their solution by an
Equation similar to (14)": ``recruit=fitness`` (default) draws it by roulette over the
advertisers' fitness. ``recruit=followers`` draws it by the bees each advertiser won (itself
plus its followers), the BCO reading in which the abandoners' choices decide.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from swarmtui.agents.aco_bco.ants import AntPlan
from swarmtui.agents.aco_bco.params import AcoBcoParams


@dataclass
class BeePass:
    """The outcome of the backward pass over ``len(fitness)`` bees (indices into the ant plans)."""

    fitness: np.ndarray
    in_goal: list[bool]
    shares: np.ndarray
    advertises: np.ndarray
    follows: list[int | None]
    recruited: int
    note: str = ""


def fitness(plans: list[AntPlan], in_goal: list[bool], tip_distance: np.ndarray, hole_id: dict,
            params: AcoBcoParams) -> np.ndarray:
    """eq. 12 (eq. 13 for pieces in the goal) for each plan's chosen path."""
    values = np.empty(len(plans))
    for i, plan in enumerate(plans):
        c = plan.chosen
        length = plan.lengths[c]
        p = plan.sums[c] if params.fitness_p == "sum" else plan.lengths[c] * plan.sums[c]
        if in_goal[i]:
            closeness = 1.0 / params.f_g
        else:
            closeness = 1.0 / (1.0 + tip_distance[hole_id[plan.path[-1]]])
        values[i] = params.w_d * closeness + params.w_l * length + params.w_p * p
    return values


def roulette(weights: np.ndarray, rng: np.random.Generator) -> int:
    """Index drawn with probability proportional to ``weights`` (uniform if they sum to 0)."""
    total = float(weights.sum())
    if total <= 0 or not np.isfinite(total):
        return int(rng.integers(len(weights)))
    return int(np.searchsorted(np.cumsum(weights), rng.random() * total, side="right").clip(0, len(weights) - 1))


def backward_pass(values: np.ndarray, in_goal: list[bool], params: AcoBcoParams,
                  rng: np.random.Generator) -> BeePass:
    """eq. 14, advertise/abandon, followers by roulette over advertisers, the recruited piece."""
    n = len(values)
    total = float(values.sum())
    shares = values / total if total > 0 else np.full(n, 1.0 / n)
    advertises = shares > 1.0 / n
    note = ""
    if not advertises.any():
        advertises[:] = True
        note = "every share equals 1/|C|: all advertise"
    advertisers = np.flatnonzero(advertises)
    weights = values[advertisers]
    follows: list[int | None] = [None] * n
    won = np.ones(len(advertisers))
    for i in np.flatnonzero(~advertises):
        pick = roulette(weights, rng)
        follows[int(i)] = int(advertisers[pick])
        won[pick] += 1
    pick = roulette(weights if params.recruit == "fitness" else won, rng)
    return BeePass(values, in_goal, shares, advertises, follows, int(advertisers[pick]), note)
