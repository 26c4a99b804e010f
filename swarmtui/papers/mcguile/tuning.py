"""The thesis' particle swarm tunes ``alphabeta``'s Hive evaluation (issue 31; beyond the thesis).

``swarmtui sim tune hive`` flies ``sim.tuning``'s swarm (eq. 2.1 over weight vectors) over the
weights of ``games.hive.evaluation.HiveWeights``; this module is the Hive side of it:
which weights are tuned unless told otherwise (``TUNED``) and where the best ones go, a
versioned weights file (``games.hive.tuned_weights``) that ``alphabeta:weights=FILE`` plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swarmtui.core.saves import SaveError, read_json
from swarmtui.games.hive.tuned_weights import KIND, TUNED, write_weights

__all__ = ["TUNED", "WeightsKeeper"]


@dataclass(frozen=True)
class WeightsKeeper:
    """Keeps the incumbent's weights in a Hive weights file at ``path`` (``sim.tune_runner.BestKeeper``)."""

    path: Path

    def check(self, log: Path | None, resuming: bool) -> None:
        """A new run never replaces a weights file; a resumed one replaces only the one its log wrote."""
        if not self.path.exists():
            return
        if not resuming:
            raise SaveError(f"{self.path} already exists and is not overwritten (choose another --save)")
        tuning = read_json(self.path, kind=KIND).get("tuning", {})
        if not isinstance(tuning, dict) or log is None or tuning.get("log") != str(log.resolve()):
            raise SaveError(f"{self.path} was not written by this run, so it is not overwritten")

    def keep(self, weights: dict[str, float], tuning: dict[str, Any]) -> None:
        write_weights(self.path, weights, tuning, overwrite=True)
