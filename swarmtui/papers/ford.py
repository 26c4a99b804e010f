"""Ford's GA (seed 003): training the noughts strategy genome and its exact optimum.

``swarmtui sim train noughts X`` and ``sim solve noughts`` run these headless.

``run_training`` evolves a strategy for X or O with one of ``ALGORITHMS`` (Ford's GA, 3.2;
Hochmuth's baseline, 4.3; the ``subtree`` variant), printing one line per generation — best
fitness, its win/draw/loss counts and the gap to the exact optimum — and saves the best
genome of the run as a strategy file. ``run_solve`` prints the exact optimum per side.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

from rich.console import Console
from rich.table import Table

from swarmtui.agents.ga.algorithms import ALGORITHMS as _ALGORITHMS
from swarmtui.agents.ga.algorithms import build_params, get_algorithm
from swarmtui.agents.ga.evolution import GenerationReport, evolve
from swarmtui.agents.ga.fitness import FitnessParams
from swarmtui.agents.ga.solver import solve
from swarmtui.agents.ga.strategy import Strategy, check_side, save_strategy, trained_path
from swarmtui.core.params import ParamError, apply_overrides
from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import SaveError, free_path
from swarmtui.records.results import RecordWriter
from swarmtui.sim.folded import Folded

ALGORITHMS: tuple[str, ...] = tuple(_ALGORITHMS)
"""Algorithm names; the first is the default."""


def parse_side(side: str) -> str:
    """``"x"`` -> ``"X"``; ``ParamError`` unless X or O."""
    try:
        return check_side(side)
    except ValueError as error:
        raise ParamError(str(error)) from None


def run_training(side: str, algorithm: str, *, seed: int, generations: int | None, population: int | None,
                 overrides: list[tuple[str, str]], save: Path | None, out: Console, err: Console,
                 log: Path | None = None) -> Path:
    """Evolve a strategy for ``side``, print progress on ``out``, save the best; return its path.

    With ``log``, every generation's best is also written as a result file (``sim report``
    draws its convergence curve).
    """
    side = parse_side(side)
    algo = get_algorithm(algorithm)
    if seed < 0:
        raise ParamError(f"seed must be a non-negative whole number; got {seed}")
    params = build_params(algo, overrides, generations=generations, population=population)
    points = params.points(side)
    if save is not None and Path(save).exists():
        raise SaveError(f"{save} already exists and is not overwritten; choose another --save path")
    out.print(f"{algo.title}", highlight=False, soft_wrap=True)
    out.print(f"side {side}  seed {seed}  population {params.population}  generations {params.generations}"
              f"  points win/draw/loss {points.win}/{points.draw}/{points.loss}", highlight=False, soft_wrap=True)
    header = {"training": {"game": "noughts", "side": side, "algorithm": algo.name, "seed": seed,
                           "population": params.population, "generations": params.generations}}
    best: GenerationReport | None = None
    with RecordWriter(log, header) if log is not None else nullcontext() as writer:
        for report in evolve(algo, side, params, seed):
            _print_generation(out, report)
            if writer is not None:
                writer.add("generation", _generation_line(report))
            if best is None or report.best.fitness > best.best.fitness:
                best = report
    assert best is not None
    path = Path(save) if save is not None else free_path(trained_path(side, algo.name, seed))
    strategy = Strategy(side, best.genome, algo.name, seed, best.generation, *best.best)
    save_strategy(strategy, path, overwrite=False)
    _print_summary(out, best, report.seconds, path)
    return path


def _generation_line(report: GenerationReport) -> dict:
    b = report.best
    return {"generation": report.generation, "fitness": int(b.fitness), "wins": int(b.wins), "draws": int(b.draws),
            "losses": int(b.losses), "gap": int(report.gap), "seconds": round(report.seconds, 6)}


def _print_generation(out: Console, report: GenerationReport) -> None:
    b = report.best
    out.print(f"gen {report.generation:5d}  best {b.fitness:7d}  W {b.wins:4d}  D {b.draws:4d}  L {b.losses:4d}"
              f"  gap {report.gap:6d}", highlight=False, soft_wrap=True)


def _print_summary(out: Console, best: GenerationReport, seconds: float, path: Path) -> None:
    b = best.best
    verdict = "the exact optimum" if best.gap == 0 else f"{best.gap} below the optimum {best.optimum}"
    out.print(f"best fitness {b.fitness} (W {b.wins} / D {b.draws} / L {b.losses}), first reached in generation"
              f" {best.generation}: {verdict}; {seconds:.2f} s", highlight=False, soft_wrap=True)
    out.print(safe_text(f"saved the best strategy to {path}"), soft_wrap=True)


def run_solve(*, overrides: list[tuple[str, str]], out: Console) -> None:
    """Print the exact optimum of the play-all-games fitness for X and O (``solver``)."""
    params = apply_overrides(FitnessParams(), overrides)
    table = Table(title="Exact optimum of Ford's fitness (every game, weighted points)")
    for column in ("side", "points W/D/L", "optimum fitness", "W", "D", "L", "games"):
        table.add_column(column, justify="left" if column == "side" else "right")
    for side in ("X", "O"):
        points = params.points(side)
        optimum = solve(side, points)
        s = optimum.score
        table.add_row(side, f"{points.win}/{points.draw}/{points.loss}", str(s.fitness), str(s.wins),
                      str(s.draws), str(s.losses), str(optimum.games))
    out.print(Folded(table))
