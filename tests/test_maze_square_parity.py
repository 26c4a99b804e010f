"""The plain square maze is unchanged by the grids of issue 32: every builder, at five sizes and
three seeds, gives the maze (walls and doors), the number of animation frames and the builder's
report it gave before (``tests/data/maze_square_fingerprints.json``, written by main at
f1059c1, before issue 32's first change: see ``tests/data/README.md``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from swarmtui.core.rng import make_rng
from swarmtui.mazes import BUILDERS, build
from swarmtui.mazes.braid import braid

FINGERPRINTS = json.loads((Path(__file__).parent / "data" / "maze_square_fingerprints.json").read_text())


def digest(maze) -> str:
    h = hashlib.sha256()
    h.update(repr((maze.walls.shape, maze.entrance, maze.exit)).encode())
    h.update(maze.walls.tobytes())
    return h.hexdigest()[:16]


def fingerprints() -> dict[str, object]:
    """The same table the file holds, computed now (the script that wrote it, unchanged)."""
    out: dict[str, object] = {}
    for algo, spec in BUILDERS.items():
        if spec.make is None:
            continue
        sizes = [(21, 11), (40, 15), (61, 41)] if spec.swarm else [(3, 3), (21, 11), (40, 15), (61, 41), (400, 300)]
        for w, h in sizes:
            for seed in range(3):
                maze = build(algo, w, h, seed)
                frames: list = []
                if w * h <= 2600:
                    build(algo, w, h, seed, on_frame=frames.append)
                out[f"{algo} {w}x{h} seed {seed}"] = [digest(maze), len(frames), dict(maze.info)]
    maze = build("kruskal", 41, 21, 3)
    out["braid kruskal 41x21 seed 3 share 0.5"] = digest(braid(maze, 0.5, make_rng(3, "maze", "braid")))
    return out


def test_every_square_builder_gives_the_same_mazes_seed_by_seed():
    now = json.loads(json.dumps(fingerprints()))
    assert set(now) == set(FINGERPRINTS)
    assert [key for key in FINGERPRINTS if now[key] != FINGERPRINTS[key]] == []
