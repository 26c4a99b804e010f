"""The best game's pheromone memory (Kuehner & Stock, V-A; Table V "best solution").

"The pheromone distribution of the best game with the lowest number of moves played so far is
stored"; a new game starts from eq. 10 plus this memory weighted by b. A memory file is
versioned JSON (``"kind": "halma-pheromone", "format": 1``) holding the final τ of that game
on every directed edge of its edge model, turned so that the player's goal is the north point
(corner 0, the goal of seat 1 in every seating) — a player with another goal reads it turned
onto its own. It also records the game's move count, seed and parameters.

The memory shipped in the repository's ``saves/halma/`` was built by our own runs (see
``swarmtui.papers.kuehner_stock.table5.best_game_memory``); it is read-only: runs that construct
a memory write their own file under ``saves_dir()/halma/``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeGuard

import numpy as np

from swarmtui.agents.aco_bco.edges import EdgeSet, edge_set
from swarmtui.core.hexgrid import Hex
from swarmtui.core.saves import SaveError, read_json, saves_dir, shipped_dir, write_json
from swarmtui.games.halma.geometry import rotate

KIND = "halma-pheromone"
FORMAT = 1
CANONICAL_GOAL = 0
SHIPPED_NAME = "best-memory.json"


@dataclass(frozen=True)
class Memory:
    """A best game's final pheromone, on ``edge_model`` edges, goal turned to the north point."""

    edge_model: str
    tau: np.ndarray
    moves: int
    seed: int = 0
    source: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    def oriented(self, goal_corner: int) -> np.ndarray:
        """τ for a player whose goal is ``goal_corner`` (indexed by that player's edge ids)."""
        return self.tau[_turn_map(self.edge_model, goal_corner)] if goal_corner != CANONICAL_GOAL else self.tau.copy()

    def to_json(self) -> dict[str, Any]:
        edges = edge_set(self.edge_model)
        rows = [[a.q, a.r, b.q, b.r, round(float(t), 6)] for (a, b), t in zip(edges.pairs, self.tau, strict=True)]
        return {"kind": KIND, "format": FORMAT, "edge_model": self.edge_model, "moves": self.moves,
                "seed": self.seed, "source": self.source, "params": self.params, "edges": rows}


def from_field(tau: np.ndarray, edge_model: str, goal_corner: int, moves: int, *, seed: int = 0,
               source: str = "", params: dict[str, Any] | None = None) -> Memory:
    """A memory from a player's final field (``tau`` on its own edge ids, goal ``goal_corner``)."""
    canonical = np.empty_like(tau)
    canonical[_turn_map(edge_model, goal_corner)] = tau
    return Memory(edge_model, canonical, moves, seed, source, dict(params or {}))


@lru_cache(maxsize=12)
def _turn_map(edge_model: str, goal_corner: int) -> np.ndarray:
    """``m[e]`` = the canonical edge that the player's edge ``e`` is turned onto."""
    edges = edge_set(edge_model)
    steps = (CANONICAL_GOAL - goal_corner) % 6
    m = np.array([edges.edge_id[(rotate(a, steps), rotate(b, steps))] for a, b in edges.pairs], dtype=np.intp)
    m.setflags(write=False)
    return m


def shipped_memory_path() -> Path:
    """The read-only memory shipped in ``saves/halma/``."""
    shipped = shipped_dir()
    if shipped is None:
        raise SaveError("this swarmtui installation has no shipped saves folder")
    return shipped / "halma" / SHIPPED_NAME


def user_memory_path(name: str) -> Path:
    """A memory file a user run writes: ``saves_dir()/halma/<name>``."""
    return saves_dir() / "halma" / name


def save_memory(memory: Memory, path: Path, *, overwrite: bool = True) -> Path:
    """Write atomically (``core.saves``); never replaces a shipped file."""
    return write_json(path, memory.to_json(), overwrite=overwrite)


def load_memory(path: Path) -> Memory:
    """Read a memory file once per file version; any damage is one ``SaveError`` sentence."""
    path = Path(path)
    try:
        stat = path.stat()
    except OSError:
        return _parse(path)
    return _load_unchanged(str(path.resolve()), stat.st_ino, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=8)
def _load_unchanged(path: str, inode: int, mtime_ns: int, size: int) -> Memory:
    memory = _parse(Path(path))
    memory.tau.setflags(write=False)
    return memory


def _parse(path: Path) -> Memory:
    payload = read_json(path, kind=KIND, formats=(FORMAT,))
    try:
        model = payload.get("edge_model")
        if model not in ("lattice", "hop"):
            raise ValueError(f"edge_model {model!r} is neither lattice nor hop")
        edges = edge_set(model)
        moves, seed = payload.get("moves"), payload.get("seed", 0)
        if not _whole(moves) or not _whole(seed):
            raise ValueError("moves and seed must be whole numbers")
        tau = _edge_values(edges, payload.get("edges"))
        source = payload.get("source", "")
        params = payload.get("params", {})
        if not isinstance(source, str) or not isinstance(params, dict):
            raise ValueError("source must be text and params an object")
    except ValueError as error:
        raise SaveError(f"{path} is not a usable Halma pheromone memory: {error}") from None
    return Memory(model, tau, moves, seed, source, params)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _edge_values(edges: EdgeSet, rows: Any) -> np.ndarray:
    if not isinstance(rows, list) or len(rows) != edges.size:
        raise ValueError(f"edges must list all {edges.size} directed edges")
    tau = np.full(edges.size, np.nan)
    for row in rows:
        if not (isinstance(row, list) and len(row) == 5
                and all(isinstance(x, int) and not isinstance(x, bool) for x in row[:4])):
            raise ValueError(f"bad edge row {row!r}")
        a, b, value = Hex(row[0], row[1]), Hex(row[2], row[3]), row[4]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not np.isfinite(value) or value < 0:
            raise ValueError(f"pheromone {value!r} on {row[:4]} is not a non-negative number")
        e = edges.edge_id.get((a, b))
        if e is None:
            raise ValueError(f"{row[:4]} is not an edge of the star")
        tau[e] = float(value)
    if np.isnan(tau).any():
        raise ValueError("some edges are listed twice and others missing")
    return tau
