"""Named Halma experiments: Table V of Kuehner & Stock, the best-game memory, the look-ahead planner.

``swarmtui sim preset halma table5-N`` plays scenario N of Table V (``table5``)
with its game count (``-n`` to change it), ``--workers`` processes for the independent
scenarios, and prints median, mean and standard deviation of the winner's moves beside the
paper's numbers, then a histogram of the distribution like Figure 11. ``best-memory`` plays
memory-less games and saves the best one's final pheromones as a memory file (how the shipped
``saves/halma/best-memory.json`` was made). ``plus-solo`` / ``plus-duo`` run the look-ahead
planner ``aco-bco-plus`` on the protocol of Table V ids 1 and 7.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from swarmtui.agents import agent_params, get_spec
from swarmtui.agents.aco_bco.memory import save_memory, user_memory_path
from swarmtui.core.params import ParamError, split_assignment
from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import free_path
from swarmtui.papers.kuehner_stock.table5 import (
    PAPER_CAP,
    SCENARIOS,
    Scenario,
    Stats,
    SwarmGame,
    best_game_memory,
    run_constructed,
    run_independent,
    setup_for,
    stats,
)
from swarmtui.sim.execution import dask_client
from swarmtui.sim.folded import Folded
from swarmtui.sim.plots import histogram_text
from swarmtui.sim.presets import Preset, PresetRequest, register

PLUS = "aco-bco-plus"


def overrides(agent: str, params: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """``--param name=value`` strings as overrides, checked against ``agent``'s parameters now
    (not in a worker process)."""
    pairs = tuple(split_assignment(text) for text in params)
    for name, _ in pairs:
        if "." in name:
            raise ParamError(f"{name!r}: every seat plays the same agent here; give the bare parameter name")
    agent_params(get_spec(agent, "halma"), "halma", pairs)
    return pairs


def play_scenario(scenario: Scenario, request: PresetRequest, agent: str = "aco-bco",
                  games: int | None = None) -> tuple[list[SwarmGame], float]:
    """Play ``scenario`` as the request says; returns the games and the wall-clock seconds."""
    count = games or request.games or scenario.games
    setup = setup_for(scenario, agent, overrides(agent, request.params))
    tick = time.perf_counter()
    with _progress(request) as progress:
        task = progress.add_task(f"Table V id {scenario.id} ({agent})", total=count)

        def advance(_game: SwarmGame) -> None:
            progress.advance(task)

        if scenario.memory == "construct":
            results, best = run_constructed(setup, count, request.seed, advance)
            if best is not None:
                path = save_memory(best, free_path(user_memory_path(f"constructed-seed{request.seed}.json")))
                request.err_console.print(
                    safe_text(f"constructed memory (best game {best.moves} moves) saved to {path}"))
        else:
            with dask_client(request.scheduler) as client:
                results = run_independent(setup, count, request.seed, request.workers, advance, client)
    return results, time.perf_counter() - tick


def _progress(request: PresetRequest) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=request.err_console, transient=True)


def comparison_table(title: str, scenario: Scenario, result: Stats) -> Table:
    """Ours against Table V for one scenario."""
    table = Table(title=title, title_justify="left")
    for column in ("", "games", "median", "mean", "std"):
        table.add_column(column, justify="left" if not column else "right")
    table.add_row("ours", str(result.finished), f"{result.median:g}", f"{result.mean:.2f}", f"{result.std:.2f}")
    p = scenario.paper
    table.add_row("paper", str(scenario.games), f"{p.median:g}", f"{p.mean:.2f}", f"{p.std:.2f}")
    table.caption = (f"moves of the winner; best {result.best}, worst {result.worst}; "
                     f"{result.restarts} restart(s) after the {PAPER_CAP}-move cap"
                     + (f"; {result.games - result.finished} never finished" if result.finished < result.games else ""))
    table.caption_justify = "left"
    return table


def report(request: PresetRequest, scenario: Scenario, results: list[SwarmGame], seconds: float,
           agent: str, group: str) -> Stats:
    """Print the comparison and the Figure 11 style histogram; write ``--out`` records."""
    result = stats(results)
    title = f"Table V id {scenario.id}: {scenario.label} - {agent}, seed {request.seed}"
    request.out_console.print(Folded(comparison_table(title, scenario, result)))
    moves = [g.moves for g in results if g.moves is not None]
    request.out_console.print(histogram_text(moves, f"Moves to win (Figure 11, id {scenario.id})", bins=15))
    request.out_console.print(f"{len(results)} games in {seconds:.1f} s", highlight=False)
    if request.out:
        _write(request, request.out, results, group, {"scenario": scenario.id, "agent": agent})
    return result


def _write(request: PresetRequest, out: Path, results: list[SwarmGame], group: str, header: dict) -> None:
    from swarmtui.records.results import RecordWriter

    with RecordWriter(out, header={"game": "halma", "preset": group, "seed": request.seed,
                                           "params": list(request.params), **header}) as writer:
        for game in results:
            writer.write(game.to_json(), group=group)
    request.err_console.print(safe_text(f"wrote {len(results)} games to {request.out}"))


def _scenario_runner(scenario: Scenario, agent: str = "aco-bco") -> Callable[[PresetRequest], None]:
    def run(request: PresetRequest) -> None:
        results, seconds = play_scenario(scenario, request, agent)
        report(request, scenario, results, seconds, agent, f"table5-{scenario.id}")

    return run


def _build_memory(request: PresetRequest) -> None:
    """Play memory-less games (Table V id 1's setup) and save the best one's final pheromones."""
    games = request.games or 1000
    setup = setup_for(SCENARIOS[0], "aco-bco", overrides("aco-bco", request.params))
    with _progress(request) as progress:
        task = progress.add_task("games without memory", total=games)
        with dask_client(request.scheduler) as client:
            memory, results = best_game_memory(setup, games, request.seed, request.workers,
                                               lambda _g: progress.advance(task), client)
    result = stats(results)
    path = save_memory(memory, free_path(user_memory_path(f"best-memory-seed{request.seed}.json")))
    request.out_console.print(safe_text(
        f"{games} games: median {result.median:g}, mean {result.mean:.2f}; best game {memory.moves} moves "
        f"({memory.source}); memory saved to {path}"), soft_wrap=True)


NO_TRACES = ("the Table V presets keep each game's statistics (moves to finish, winner), not its moves, so there "
             "is nothing to replay; for traced Halma games use 'swarmtui sim run halma -p aco-bco --traces --out FILE'")

for _scenario in SCENARIOS:
    register(Preset("halma", f"table5-{_scenario.id}",
                    f"Kuehner & Stock Table V id {_scenario.id}: {_scenario.label} ({_scenario.games} games)",
                    _scenario_runner(_scenario), no_traces=NO_TRACES))

register(Preset("halma", "best-memory",
                "play 1000 memory-less games and save the best one's pheromones as a memory file (V-A)",
                _build_memory, no_traces="it writes a pheromone memory, not game records"))
register(Preset("halma", "plus-solo", "look-ahead planner (aco-bco-plus) on Table V id 1's protocol (1000 games)",
                _scenario_runner(SCENARIOS[0], PLUS), no_traces=NO_TRACES))
register(Preset("halma", "plus-duo", "look-ahead planner (aco-bco-plus) on Table V id 7's protocol (500 games)",
                _scenario_runner(SCENARIOS[6], PLUS), no_traces=NO_TRACES))

__all__ = ["comparison_table", "overrides", "play_scenario", "report"]
