"""Weights files: Hive evaluation weights an experiment found, with where they came from.

A weights file is versioned JSON (``"kind": "hive-weights", "format": 1``): ``"weights"`` maps
names of :class:`~swarmtui.games.hive.evaluation.HiveWeights` fields to values (any
subset: the others keep their defaults), and ``"tuning"`` says how they were found
(``swarmtui sim tune``: method, seed, generations, the log file). ``alphabeta``'s ``weights``
parameter plays a file (``alphabeta:weights=saves/hive/tuned.json``); a weight also given as a
parameter wins over the file (a parameter left at its default takes the file's value).

Reading is defensive (``core.saves.read_json``: a regular file of bounded size, bounded JSON):
an unknown name, a value that is not a finite number within ``±LIMIT`` (``noisy_from``: a whole
number from 1 to 6), or any damage is one ``SaveError`` sentence, and the file is left alone.
Writing is atomic and never replaces a file shipped with swarmtui (``core.saves``). Under
``swarmtui serve`` a player's path is confined to their saves folder (``core.saves.typed_path``).
"""

from __future__ import annotations

import math
import os
from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from swarmtui.core.saves import SaveError, is_shipped, read_json, typed_path, write_json
from swarmtui.games.hive.evaluation import HiveWeights

KIND = "hive-weights"
FORMAT = 1
LIMIT = 10_000.0
"""The largest magnitude a weight may have (the defaults are at most 100)."""
WHOLE = {"noisy_from": (1, 6)}
"""Weights that are whole numbers, with their range."""
NAMES = tuple(f.name for f in fields(HiveWeights))
TUNED = ("queen_neighbour", "queen_neighbour_sq", "queen_mobile", "attacker", "beetle_on_queen", "mobile_ant",
         "mobile_beetle", "mobile_grasshopper", "mobile_spider", "tempo")
"""The weights ``sim tune hive`` tunes unless told otherwise: the queen terms, the attackers, the
free bugs of the base game and the tempo (ten of the evaluation's terms that are not zero)."""


def check_weights(weights: Any, where: str) -> dict[str, float]:
    """``weights`` as a checked ``{name: value}`` (SaveError naming ``where`` otherwise)."""
    if not isinstance(weights, dict):
        raise SaveError(f"{where} is damaged: 'weights' is not a table of names and values")
    checked: dict[str, float] = {}
    for name, value in weights.items():
        if name not in NAMES:
            raise SaveError(f"{where}: {str(name)[:60]!r} is not a Hive evaluation weight")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise SaveError(f"{where}: the weight {name} is not a number")
        if name in WHOLE:
            low, high = WHOLE[name]
            if not (isinstance(value, int) and low <= value <= high):
                raise SaveError(f"{where}: {name} is a whole number from {low} to {high}")
        elif abs(value) > LIMIT:
            raise SaveError(f"{where}: the weight {name} is beyond ±{LIMIT:g}")
        checked[name] = value
    return checked


def read_weights(path: Path) -> dict[str, float]:
    """The weights of the file at ``path`` (SaveError when it cannot be read or is damaged)."""
    payload = read_json(path, kind=KIND, formats=(FORMAT,))
    return check_weights(payload.get("weights"), str(path))


@lru_cache(maxsize=32)
def _cached(path: str, version: tuple[int, int, int]) -> tuple[tuple[str, float], ...]:
    """``read_weights`` once per file version (an atomic save gives each version a new inode)."""
    return tuple(read_weights(Path(path)).items())


def load_weights(text: str) -> dict[str, float]:
    """The weights of the file the ``weights`` parameter names (a typed path, confined under
    ``serve``); SaveError when it cannot be read."""
    path = typed_path(text)
    try:
        info = os.stat(path)
    except OSError:
        read_weights(path)  # the reader's own sentence for a missing or unreadable file
        raise SaveError(f"cannot read {path}") from None
    return dict(_cached(str(path), (info.st_ino, info.st_mtime_ns, info.st_size)))


def write_weights(path: Path, weights: dict[str, float], tuning: dict[str, Any], *,
                  overwrite: bool = False) -> Path:
    """Save ``weights`` (checked) with how they were found, atomically; never over a shipped
    file, and over an existing file only with ``overwrite``."""
    weights = check_weights(weights, str(path))
    if is_shipped(Path(path)):
        raise SaveError(f"{path} is a file shipped with swarmtui and is never overwritten")
    if not overwrite and Path(path).exists():
        raise SaveError(f"{path} already exists and is not overwritten; choose another file")
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return write_json(Path(path), {"kind": KIND, "format": FORMAT, "weights": weights, "tuning": tuning})
