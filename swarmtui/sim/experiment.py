"""An experiment: a game, an agent per seat with parameters, a sweep grid, a game count, a seed.

``--sweep name=v1,v2`` adds an axis; several axes form a grid and every cell is its own
result group, played with the same game seeds (common random numbers: cells differ only in
the swept parameters). The experiment round-trips through the run header of a result file,
which is how ``--resume`` knows what to finish.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from swarmtui.core.bounded_json import LIMITS
from swarmtui.core.clock import TimeControl
from swarmtui.core.params import ParamError, split_assignment
from swarmtui.core.rng import SEED_LIMIT
from swarmtui.games import get_game
from swarmtui.sim.batch import Batch
from swarmtui.sim.seats import assign_params, parse_players, split_rules

MAX_CELLS = 10_000

Axis = tuple[str, tuple[str, ...]]


def parse_sweep(text: str) -> Axis:
    """``"q0=0.5,0.9"`` -> ``("q0", ("0.5", "0.9"))``; ParamError when malformed."""
    name, values_text = split_assignment(text)
    values = tuple(v.strip() for v in values_text.split(","))
    if any(not v for v in values):
        raise ParamError(f"--sweep {text!r}: give the values as name=v1,v2,... without empty entries")
    if len(set(values)) != len(values):
        raise ParamError(f"--sweep {text!r} repeats a value")
    return name, values


def cell_label(assignments: tuple[str, ...]) -> str:
    """The result-group name of a sweep cell (empty without a sweep)."""
    return " ".join(assignments)


@dataclass(frozen=True)
class Experiment:
    """What a ``swarmtui sim`` run plays; ``cells()`` turns it into one batch per sweep cell."""

    game: str
    agents: tuple[str, ...]
    games: int
    seed: int
    params: tuple[str, ...] = ()
    sweep: tuple[Axis, ...] = ()
    traces: bool = False
    clock: str = ""
    """The time control as ``--clock`` spelt it (``"60+1"``; empty: no clock)."""

    def __post_init__(self) -> None:
        TimeControl.parse(self.clock)  # ParamError for a spelling that is not a time control
        names = [name for name, _ in self.sweep]
        if len(set(names)) != len(names):
            raise ParamError("each --sweep parameter may appear once")
        swept = {name for name in names}
        for text in self.params:
            if split_assignment(text)[0] in swept:
                raise ParamError(f"{split_assignment(text)[0]!r} is both set with --param and swept")
        if self.cell_count() > MAX_CELLS:
            raise ParamError(f"the sweep grid has {self.cell_count()} cells; at most {MAX_CELLS}")
        if not 1 <= self.games <= LIMITS.max_games or self.games * self.cell_count() > LIMITS.max_games:
            raise ParamError(f"{self.games} games in each of {self.cell_count()} cells: a run plays 1 to "
                             f"{LIMITS.max_games} games in all")
        if not 0 <= self.seed <= SEED_LIMIT:
            raise ParamError(f"seed {self.seed} is not between 0 and {SEED_LIMIT}")

    def cell_count(self) -> int:
        count = 1
        for _, values in self.sweep:
            count *= len(values)
        return count

    def cells(self) -> list[Batch]:
        """One validated batch per grid cell, in grid order (ParamError on a bad name or value)."""
        game = get_game(self.game)
        agents = parse_players(game, ",".join(self.agents))
        axes = [[f"{name}={value}" for value in values] for name, values in self.sweep]
        batches = []
        for combo in itertools.product(*axes):
            assignments, rules = split_rules(game, agents, list(self.params) + list(combo))
            seats = assign_params(game, agents, assignments)
            batches.append(Batch(self.game, tuple(seats), self.games, self.seed, cell_label(combo), self.traces,
                                 rules, TimeControl.parse(self.clock)))
        return batches

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "agents": list(self.agents), "games": self.games, "seed": self.seed,
            "params": list(self.params), "sweep": [[name, list(values)] for name, values in self.sweep],
            "traces": self.traces,
        } | ({"clock": self.clock} if self.clock else {})

    @classmethod
    def from_json(cls, payload: Any) -> Experiment:
        """The experiment of a run header; ParamError when it does not describe one. Every field
        must have the type ``to_json`` writes (``"traces": "no"`` is not false, ``"games": "12"``
        not a count): a header is read, never guessed at."""
        if not isinstance(payload, dict):
            raise _not_an_experiment("it is not an object")
        for name in ("game", "agents", "games", "seed"):
            if name not in payload:
                raise _not_an_experiment(f"no {name!r}")
        sweep = payload.get("sweep", [])
        if not isinstance(sweep, list) or not all(
                isinstance(axis, list) and len(axis) == 2 and isinstance(axis[0], str) and _texts(axis[1])
                for axis in sweep):
            raise _not_an_experiment("'sweep' is not a list of [name, [values]]")
        checks = (("game", str, payload["game"]), ("games", int, payload["games"]), ("seed", int, payload["seed"]),
                  ("traces", bool, payload.get("traces", False)), ("clock", str, payload.get("clock", "")))
        for name, kind, value in checks:
            if not isinstance(value, kind) or kind is int and isinstance(value, bool):
                raise _not_an_experiment(f"{name!r} is not {_KINDS[kind]}")
        for name in ("agents", "params"):
            if not _texts(payload.get(name, [])):
                raise _not_an_experiment(f"{name!r} is not a list of texts")
        return cls(game=payload["game"], agents=tuple(payload["agents"]), games=payload["games"],
                   seed=payload["seed"], params=tuple(payload.get("params", [])),
                   sweep=tuple((name, tuple(values)) for name, values in sweep),
                   traces=payload.get("traces", False), clock=payload.get("clock", ""))


_KINDS = {str: "a text", int: "a whole number", bool: "true or false"}


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _not_an_experiment(why: str) -> ParamError:
    return ParamError(f"the run header does not describe an experiment ({why})")
