"""``swarmtui sim report FILE...``: the papers' tables and figures from result files.

For every result group of every file: wins, draws and losses per seat with 95% Wilson
intervals, game length median/mean/std (the statistics of Halma's Table V and Hive's
Tables 4.1-4.3), and a histogram of game lengths (Halma Fig. 11). GA training logs
(``sim noughts --train --out FILE``) give a convergence curve of the best fitness. With
``plots`` every figure is also saved as an SVG or PNG file.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.text import Text

from swarmtui.core.safe_text import safe_text
from swarmtui.records.gamelog import GameLog
from swarmtui.records.results import Results, read_results
from swarmtui.sim.folded import Folded
from swarmtui.sim.plots import PLOT_FORMATS, curve_text, histogram_text, save_curve, save_histogram
from swarmtui.sim.summary import comparison_table, summarise, summary_table

__all__ = ["PLOT_FORMATS", "report"]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9.=-]+", "_", text).strip("_") or "all"


def _groups(games: list[GameLog]) -> dict[str, list[GameLog]]:
    groups: dict[str, list[GameLog]] = defaultdict(list)
    for log in sorted(games, key=lambda g: (g.group or "", g.index or 0)):
        groups[log.group or ""].append(log)
    return dict(groups)


def report(files: list[Path], console: Console, plots: Path | None = None, plot_format: str = "svg") -> list[Path]:
    """Print the tables and plots of ``files``; save plot files into ``plots``; return their paths."""
    saved: list[Path] = []
    for path in files:
        results = read_results(path, moves=False)  # a large file's games hold little memory
        header = results.header
        console.print(Text.assemble(safe_text(path, "bold"), safe_text(f" ({_state(results, path)})")),
                      soft_wrap=True)
        if "sprt" in header:  # a match whose players swap colours: the test's tables, not per-seat ones
            from swarmtui.sim.sprt import sprt_report

            console.print(Text(sprt_report(header["sprt"], results.games)), soft_wrap=True)
            continue
        groups = _groups(results.games)
        for group, records in groups.items():
            label = f" [{group}]" if group else ""
            console.print(Folded(summary_table(summarise(records), f"{_title(header, records)}{label}")))
            plies = [r.plies for r in records]
            console.print(histogram_text(plies, f"plies per game{label}"))
            if plots is not None:
                target = plots / f"{Path(path).stem}-{_slug(group)}-plies.{plot_format}"
                saved.append(save_histogram(plies, target, f"Game length{label}", "plies"))
        if len(groups) > 1:
            summaries = {g: summarise(r) for g, r in groups.items()}
            console.print(Folded(comparison_table(summaries, "Result groups side by side")))
        saved += _convergence(results.generations, path, console, plots, plot_format)
    for file in saved:
        console.print(safe_text(f"saved {file}"))
    return saved


def _title(header: dict, records: list[GameLog]) -> str:
    experiment = header.get("experiment")
    seed = experiment.get("seed", records[0].seed) if isinstance(experiment, dict) else records[0].seed
    agents = " vs ".join(f"{a} ({s})" for s, a in records[0].players.items())
    return f"{records[0].game}: {agents}, seed {seed}"


def _state(results: Results, path: Path) -> str:
    if results.generations:
        return f"GA training log, {len(results.generations)} generations"
    cut = "; its last line was cut short (the run was killed while writing it) and is left out" if results.cut else ""
    if results.summary is not None:
        return f"complete, {len(results.games)} games{cut}"
    command = next((f"swarmtui sim {name} --resume" for name in ("sprt", "tune") if name in results.header),
                   "--resume")
    return f"unfinished: {len(results.games)} games so far; finish with {command} {path}{cut}"


def _convergence(generations: list[dict], path: Path, console: Console, plots: Path | None,
                 plot_format: str) -> list[Path]:
    """The GA's best fitness per generation, when the file is a training log."""
    if not generations:
        return []
    xs = [g["generation"] for g in generations]
    ys = [g["fitness"] for g in generations]
    console.print(curve_text(xs, ys, "best fitness per generation"))
    if plots is None:
        return []
    target = plots / f"{Path(path).stem}-convergence.{plot_format}"
    return [save_curve(xs, ys, target, "GA convergence", "generation", "best fitness")]
