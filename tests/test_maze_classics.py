"""The classic builders: each makes a perfect maze with its published texture, Aldous-Broder and
Wilson draw uniform spanning trees (chi-square over all 192 trees of a 3x3 grid), and the
structural signatures of binary tree and sidewinder.

Texture figures come from Pullen's and Buck's published comparisons (``tests/data/maze_textures.json``
says where from)."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from swarmtui.core.params import ParamError
from swarmtui.core.rng import make_rng
from swarmtui.mazes import BUILDERS, MazeError, build
from swarmtui.mazes.aldous_broder import aldous_broder_edges
from swarmtui.mazes.backtracker import backtracker_edges
from swarmtui.mazes.growing_tree import GrowingTreeParams
from swarmtui.mazes.metrics import measure, texture
from swarmtui.mazes.wilson import wilson_edges

TEXTURES = json.loads((Path(__file__).parent / "data" / "maze_textures.json").read_text())
CLASSIC = [a for a in BUILDERS if not BUILDERS[a].swarm]
NEW = ["eller", "aldous-broder", "hunt-and-kill", "sidewinder", "binary-tree", "growing-tree", "division"]


def test_the_issue_s_algorithms_are_all_registered():
    assert set(NEW) <= set(CLASSIC)


@pytest.mark.parametrize("algo", CLASSIC)
@pytest.mark.parametrize("size", [(3, 3), (5, 3), (3, 9), (4, 4), (23, 11), (31, 31)])
def test_every_classic_builder_makes_a_spanning_tree(algo, size):
    maze = build(algo, *size, seed=11)
    metrics = measure(maze)
    assert metrics.perfect and metrics.solvable and metrics.regions == 1 and metrics.loops == 0
    assert maze.walls[0::2, 0::2].all() and not maze.walls[1::2, 1::2].any()


@pytest.mark.parametrize("pick", ["newest", "random", "mixed"])
def test_growing_tree_variants_are_perfect(pick):
    for seed in range(3):
        assert measure(build("growing-tree", 41, 31, seed, GrowingTreeParams(pick=pick))).perfect


def test_growing_tree_rejects_an_unknown_pick():
    with pytest.raises(ParamError):
        GrowingTreeParams(pick="oldest")


def dead_end_percent(algo: str, params=None, seeds=range(3)) -> float:
    return 100 * float(np.mean([texture(build(algo, 121, 121, s, params).walls)[0] for s in seeds]))


@pytest.mark.parametrize("algo", sorted(TEXTURES["dead_end_percent"]))
def test_dead_end_ratio_matches_the_published_figure(algo):
    published = TEXTURES["dead_end_percent"][algo]
    tolerance = 5 if algo == "division" else 3
    assert abs(dead_end_percent(algo) - published) <= tolerance


def test_growing_tree_newest_is_the_backtracker_texture_and_random_is_bushier():
    newest = dead_end_percent("growing-tree", GrowingTreeParams(pick="newest"))
    random = dead_end_percent("growing-tree", GrowingTreeParams(pick="random"))
    mixed = dead_end_percent("growing-tree", GrowingTreeParams(pick="mixed"))
    assert abs(newest - TEXTURES["dead_end_percent"]["backtracker"]) <= 3
    assert newest < mixed < random and random >= 25


def test_river_separates_corridor_builders_from_bushy_ones():
    river = {a: float(np.mean([texture(build(a, 121, 121, s).walls)[1] for s in range(2)])) for a in CLASSIC}
    for long_corridors in ("backtracker", "hunt-and-kill"):
        assert river[long_corridors] > 0.7
    for bushy in ("prim", "kruskal", "wilson", "aldous-broder", "eller"):
        assert river[bushy] < 0.5


def test_binary_tree_has_full_north_and_east_corridors_and_sidewinder_a_north_one():
    for seed in range(3):
        tree = build("binary-tree", 41, 21, seed).walls
        assert not tree[1, 1:-1].any() and not tree[1:-1, -2].any()
        side = build("sidewinder", 41, 21, seed).walls
        assert not side[1, 1:-1].any()
        assert side[1:-1, -2].any()  # no east corridor: the bias binary tree has and sidewinder lacks


# --- uniformity: every spanning tree of the 3x3 cell grid equally often ---------------------

def spanning_tree_count(rows: int, cols: int) -> int:
    """Kirchhoff's matrix-tree theorem: any cofactor of the grid graph's Laplacian."""
    n = rows * cols
    laplacian = np.zeros((n, n))
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0)):
                if r + dr < rows and c + dc < cols:
                    a, b = r * cols + c, (r + dr) * cols + c + dc
                    laplacian[a, b] = laplacian[b, a] = -1
                    laplacian[a, a] += 1
                    laplacian[b, b] += 1
    return round(np.linalg.det(laplacian[1:, 1:]))


def chi_square(edges_of, draws: int, seed: int) -> tuple[float, int]:
    rng = make_rng(seed, "uniformity")
    counts: Counter[frozenset] = Counter()
    for _ in range(draws):
        u, v = edges_of(3, 3, rng)
        counts[frozenset(frozenset(pair) for pair in zip(u.tolist(), v.tolist(), strict=True))] += 1
    trees = spanning_tree_count(3, 3)
    expected = draws / trees
    observed = list(counts.values()) + [0] * (trees - len(counts))
    return sum((o - expected) ** 2 / expected for o in observed), trees - 1


def critical(df: int, z: float = 3.09) -> float:
    """The chi-square quantile at p = 0.001 (Wilson-Hilferty approximation)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_the_3x3_grid_has_192_spanning_trees():
    assert spanning_tree_count(3, 3) == 192


@pytest.mark.parametrize("edges_of", [aldous_broder_edges, wilson_edges], ids=["aldous-broder", "wilson"])
def test_uniform_spanning_trees_chi_square(edges_of):
    statistic, df = chi_square(edges_of, 192 * 40, seed=1)
    assert statistic < critical(df)


def test_the_chi_square_test_catches_a_biased_builder():
    statistic, df = chi_square(backtracker_edges, 192 * 40, seed=1)
    assert statistic > 3 * critical(df)


def test_aldous_broder_has_a_lower_size_bound():
    with pytest.raises(MazeError, match="too large"):
        build("aldous-broder", 1001, 1001)
