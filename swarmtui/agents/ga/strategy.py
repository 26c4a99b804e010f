"""Strategy files: an evolved genome with where it came from (DESIGN.md, Saves; Ford, 3.1).

A strategy file is versioned JSON (``"kind": "noughts-strategy", "format": 1``) holding the
side it plays, the algorithm, seed and generation that produced it, its fitness and
win/draw/loss counts, and ``"genes"``: the paper's ``{gene string: allele}`` mapping for all
627 genes. Loading is defensive: any damage is one ``SaveError`` sentence and the file is left
alone. Shipped defaults live in the read-only shipped saves; training writes under
``saves_dir()/noughts/trained``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from swarmtui.agents.ga.alleles import read_alleles
from swarmtui.core.saves import SaveError, read_json, saves_dir, shipped_dir, write_json

if TYPE_CHECKING:
    import numpy as np

KIND = "noughts-strategy"
FORMAT = 1
_INT_FIELDS = ("seed", "generation", "fitness", "wins", "draws", "losses")


@dataclass(frozen=True)
class Strategy:
    """A genome for one side plus its provenance and score. The genome is an int8 array, or
    the alleles as ``bytes`` when read only to be played (``load_strategy(arrays=False)``)."""

    side: str
    genome: np.ndarray | bytes
    algorithm: str
    seed: int
    generation: int
    fitness: int
    wins: int
    draws: int
    losses: int

    def to_json(self) -> dict[str, Any]:
        from swarmtui.agents.ga.genome import to_mapping

        return {
            "kind": KIND, "format": FORMAT, "side": self.side, "algorithm": self.algorithm,
            "seed": self.seed, "generation": self.generation, "fitness": self.fitness,
            "wins": self.wins, "draws": self.draws, "losses": self.losses,
            "genes": to_mapping(self.genome),
        }


def check_side(side: object) -> str:
    """``"x"``/``"X"`` -> ``"X"``; ``ValueError`` for anything but X or O."""
    upper = side.strip().upper() if isinstance(side, str) else ""
    if upper not in ("X", "O"):
        raise ValueError(f"side must be X or O; got {side!r}")
    return upper


def shipped_strategy_path(side: str) -> Path:
    """Where the shipped default strategy for ``side`` lives (saves/noughts/strategy-x.json)."""
    shipped = shipped_dir()
    if shipped is None:
        raise SaveError("this swarmtui installation has no shipped saves folder")
    return shipped / "noughts" / f"strategy-{check_side(side).lower()}.json"


def trained_path(side: str, algorithm: str, seed: int) -> Path:
    """The default file a training run writes: saves_dir()/noughts/trained/..."""
    name = f"strategy-{check_side(side).lower()}-{algorithm}-seed{seed}.json"
    return saves_dir() / "noughts" / "trained" / name


def save_strategy(strategy: Strategy, path: Path, *, overwrite: bool = True) -> Path:
    """Write atomically; refuses shipped files, and existing ones unless ``overwrite`` (``SaveError``)."""
    return write_json(path, strategy.to_json(), overwrite=overwrite)


def load_strategy(path: Path, *, arrays: bool = True) -> Strategy:
    """Read and check a strategy file; every problem is one ``SaveError`` sentence. With
    ``arrays=False`` the genome stays ``bytes`` (playing needs no NumPy)."""
    payload = read_json(path, kind=KIND, formats=(FORMAT,))
    try:
        side = check_side(payload.get("side"))
        numbers = {name: _whole(payload, name) for name in _INT_FIELDS}
        algorithm = payload.get("algorithm")
        if not isinstance(algorithm, str):
            raise ValueError("algorithm is not a string")
        genes = payload.get("genes")
        if not isinstance(genes, dict):
            raise ValueError("genes is not a {gene string: allele} object")
        alleles = read_alleles(genes)
    except ValueError as error:
        raise SaveError(f"{path} is not a usable strategy: {error}") from None
    if not arrays:
        return Strategy(side, alleles, algorithm, **numbers)
    import numpy as np

    return Strategy(side, np.frombuffer(alleles, np.int8).copy(), algorithm, **numbers)


def _whole(payload: dict[str, Any], name: str) -> int:
    value = payload.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} is not a whole number")
    return value
