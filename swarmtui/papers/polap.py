"""Połap et al. (seed 002), Fig. 5: maze generation time against size, ant vs bee, and the classics.

``swarmtui sim maze-timing`` runs it.

Polap et al. (section III, Fig. 5) time AACA and ABCA for mazes up to 10000 fields and more,
and report: below 3000 fields ABCA is faster; from 3000 to 6000 AACA; 6000-9000 about equal;
above 10000 AACA much faster. ``run`` times every builder on every size (median of
``repeats`` seeded builds, seeds ``seed, seed + 1, ...``), ``table`` and ``plot`` show the
result, and ``verdicts`` says which swarm was faster in each of the paper's size bands.
Sizes are ``WIDTHxHEIGHT`` in fields; the classic builders round even sides down to odd (the
field count shown is the one built).
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from swarmtui.core.params import ParamError, apply_overrides, check_range, split_assignment
from swarmtui.core.saves import write_atomic
from swarmtui.mazes import BUILDERS, build
from swarmtui.mazes.metrics import measure

DEFAULT_SIZES = "20x15,40x15,40x25,50x40,60x50,80x50,80x75,100x90,100x100,120x100"
"""300 to 12000 fields: Fig. 5's range and beyond; 40x15 and 100x100 are the paper's examples."""

GLYPHS = {"ant": "A", "bee": "B", "backtracker": "d", "prim": "p", "kruskal": "k", "wilson": "w",
          "aldous-broder": "a", "hunt-and-kill": "h", "eller": "e", "sidewinder": "s", "binary-tree": "b",
          "growing-tree": "g", "division": "v"}

BANDS = ((0, 3000, "bee"), (3000, 6000, "ant"), (6000, 9000, "either"), (10000, math.inf, "ant"))
"""Fig. 5's reading in section III: the faster swarm per band of field counts."""


@dataclass(frozen=True)
class TimingParams:
    """The experiment's settings, as ``--param name=value``."""

    sizes: str = field(default=DEFAULT_SIZES, metadata={"help": "comma-separated WIDTHxHEIGHT sizes"})
    repeats: int = field(default=3, metadata={"help": "seeded builds per builder and size (median taken)"})
    builders: str = field(default="ant,bee,backtracker,prim,kruskal,wilson", metadata={"help": "builders to time"})

    def __post_init__(self) -> None:
        check_range("repeats", self.repeats, 1, 1000)
        parse_sizes(self.sizes)
        parse_builders(self.builders)


@dataclass(frozen=True)
class Timing:
    """Median build time of ``builder`` at ``size`` (``fields`` as built) over ``repeats`` seeds."""

    builder: str
    request: str
    size: str
    fields: int
    seconds: float
    repeats: int
    iterations: float | None = None
    metrics: dict[str, float] = field(default_factory=dict)
    """Median over the seeds of each number in ``mazes.metrics.MazeMetrics`` (the maze's
    texture: solution length, tortuosity, decisions, dead ends, river, straightness, loops...)."""


SUMMARY = {"solution_length": "path", "tortuosity": "tort", "decisions": "dec", "dead_end_ratio": "dead%",
           "river": "river%", "straightness": "str%", "loops": "loops", "wall_density": "wall%"}
"""The metrics ``summary`` shows, in its column order, with their short headings."""


def parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        width, sep, height = part.strip().lower().partition("x")
        if not sep or not width.isdigit() or not height.isdigit():
            raise ParamError(f"sizes must be WIDTHxHEIGHT,...; got {part.strip()!r}")
        sizes.append((int(width), int(height)))
    return sizes


def parse_builders(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in BUILDERS]
    if unknown or not names:
        raise ParamError(f"unknown builder {unknown[0] if unknown else text!r} (known: {', '.join(BUILDERS)})")
    return names


def run(params: TimingParams, builder_params: dict[str, Any], seed: int = 0,
        progress: Callable[[str], None] | None = None) -> list[Timing]:
    """Time every builder on every size (median of ``repeats`` builds with consecutive seeds)."""
    results = []
    for width, height in parse_sizes(params.sizes):
        for algo in parse_builders(params.builders):
            seconds, iterations, built = [], [], None
            measured: list[dict[str, Any]] = []
            for i in range(params.repeats):
                start = time.perf_counter()
                built = build(algo, width, height, seed + i, builder_params.get(algo))
                seconds.append(time.perf_counter() - start)
                iterations.append(built.info.get("iterations"))
                measured.append(measure(built).to_json())  # after the clock: metrics are not build time
            assert built is not None
            its = [x for x in iterations if x is not None]
            medians = {name: float(statistics.median(m[name] for m in measured if m[name] is not None))
                       for name in measured[0] if isinstance(measured[0][name], (int, float))
                       and not isinstance(measured[0][name], bool) and all(m[name] is not None for m in measured)}
            results.append(Timing(algo, f"{width}x{height}", built.size, built.width * built.height,
                                  statistics.median(seconds), params.repeats, statistics.median(its) if its else None,
                                  medians))
            if progress is not None:
                progress(f"{algo} {built.size}: {statistics.median(seconds) * 1000:.1f} ms")
    return results


def table(results: list[Timing]) -> Table:
    """Median milliseconds per requested size (rows) and builder (columns)."""
    builders = list(dict.fromkeys(r.builder for r in results))
    grid = Table(title="Median build time in ms (classic builders round even sides down to odd)")
    grid.add_column("size")
    grid.add_column("fields", justify="right")
    for algo in builders:
        grid.add_column(algo, justify="right")
    by_request: dict[str, dict[str, Timing]] = {}
    for r in results:
        by_request.setdefault(r.request, {})[r.builder] = r
    for request, row in by_request.items():
        fields = max(r.fields for r in row.values())
        cells = [f"{row[algo].seconds * 1000:.1f}" if algo in row else "-" for algo in builders]
        grid.add_row(request, str(fields), *cells)
    return grid


def summary(results: list[Timing]) -> Table:
    """Each builder's mazes over the seeds: the medians of their metrics, per size."""
    grid = Table(title="Maze metrics, median over the seeds (path: solution fields; tort: path / straight "
                       "line; dec: junctions on the path)")
    grid.add_column("builder")
    grid.add_column("size")
    for heading in SUMMARY.values():
        grid.add_column(heading, justify="right")
    for r in results:
        cells = []
        for name in SUMMARY:
            value = r.metrics.get(name)
            if value is None:
                cells.append("-")
            elif name in ("dead_end_ratio", "river", "straightness", "wall_density"):
                cells.append(f"{100 * value:.1f}")
            elif name == "tortuosity":
                cells.append(f"{value:.2f}")
            else:
                cells.append(f"{value:g}")
        grid.add_row(r.builder, r.request, *cells)
    return grid


def plot(results: list[Timing], width: int = 60, height: int = 14) -> Text:
    """A terminal scatter plot: fields (x) against build time (y, log scale), one glyph per builder."""
    points = [(r.fields, r.seconds, GLYPHS.get(r.builder, "?")) for r in results if r.seconds > 0]
    text = Text("Build time against maze size (Fig. 5), log scale\n", style="bold")
    if not points:
        return text
    xs = [p[0] for p in points]
    ys = [math.log10(p[1]) for p in points]
    x0, x1 = min(xs), max(xs)
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))
    y1 = max(y1, y0 + 1)
    canvas = [[" "] * width for _ in range(height)]
    for (fields, _, glyph), y in zip(points, ys, strict=True):
        col = 0 if x1 == x0 else round((fields - x0) / (x1 - x0) * (width - 1))
        row = height - 1 - round((y - y0) / (y1 - y0) * (height - 1))
        canvas[row][col] = glyph if canvas[row][col] in (" ", glyph) else "*"
    for i, line in enumerate(canvas):
        level = y1 - (y1 - y0) * i / (height - 1)
        label = _seconds_label(10 ** level) if i in (0, height - 1) or i == (height - 1) // 2 else ""
        text.append(f"{label:>8} |" + "".join(line).rstrip() + "\n")
    text.append(" " * 9 + "+" + "-" * width + "\n")
    text.append(f"{'':9}{x0:<{width // 2}}{x1:>{width - width // 2}} fields\n")
    legend = "  ".join(f"{g} {name}" for name, g in GLYPHS.items() if any(r.builder == name for r in results))
    text.append(f"{'':9}{legend}  (* several)\n", style="dim")
    return text


def _seconds_label(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.3g} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} us"


def verdicts(results: list[Timing]) -> list[str]:
    """Per band of Fig. 5: which swarm the paper found faster and which was faster here."""
    ant = {r.fields: r.seconds for r in results if r.builder == "ant"}
    bee = {r.fields: r.seconds for r in results if r.builder == "bee"}
    lines = []
    for name in ("ant", "bee"):
        its = [r.iterations for r in results if r.builder == name and r.iterations is not None]
        if its:
            lines.append(f"{name}: median {statistics.median(its):g} iterations until the queen passed")
    for low, high, paper in BANDS:
        shared = [f for f in ant if f in bee and low <= f < high]
        if not shared:
            continue
        ratio = statistics.median(bee[f] / ant[f] for f in shared)
        here = "ant" if ratio > 1.25 else "bee" if ratio < 0.8 else "either"
        band = f"{low}-{high}" if high != math.inf else f">= {low}"
        lines.append(f"{band} fields: paper: {paper} faster; here: {here} (bee/ant time {ratio:.2f})")
    return lines


def run_from_cli(builders: str | None, overrides: Iterable[str], seed: int, out: Path | None,
                 console: Console, err_console: Console) -> list[Timing]:
    """``swarmtui sim maze``: ``--param`` sets the experiment (sizes, repeats, builders) and, as
    ``BUILDER.name=value``, a builder's parameters; ``--algo a,b`` picks the builders."""
    experiment: list[tuple[str, str]] = []
    per_builder: dict[str, list[tuple[str, str]]] = {}
    for text in overrides:
        name, value = split_assignment(text)
        target, dot, rest = name.partition(".")
        if dot:
            if target not in BUILDERS:
                raise ParamError(f"unknown builder {target!r} in {name!r} (known: {', '.join(BUILDERS)})")
            per_builder.setdefault(target, []).append((rest, value))
        else:
            experiment.append((name, value))
    if builders:
        experiment.append(("builders", builders))
    params = apply_overrides(TimingParams(), experiment)
    builder_params = {algo: BUILDERS[algo].parse_params(per_builder.get(algo, ()))
                      for algo in parse_builders(params.builders)}
    results = run(params, builder_params, seed, progress=lambda line: err_console.print(line, highlight=False))
    console.print(table(results))
    console.print(summary(results))
    console.print(plot(results))
    for line in verdicts(results):
        console.print(line, highlight=False)
    if out is not None:
        payload = "".join(json.dumps({"kind": "maze-timing", **asdict(r)}) + "\n" for r in results)
        write_atomic(out, payload, overwrite=False)
    return results
