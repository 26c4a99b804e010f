"""``swarmtui sim``: headless experiments as sub-commands.

``sim run GAME`` plays a batch, ``sim report FILE...`` reads result files, ``sim preset GAME
[NAME]`` runs (or lists) a game's named experiments (the papers' tables), ``sim train`` /
``sim solve`` evolve and solve the noughts GA's strategy, and ``sim maze-timing`` times the
maze builders against size (Połap et al., Fig. 5). The spellings before the sub-commands
(``sim GAME --preset NAME``, ``sim GAME --train X``, ``sim maze`` ...) still work for one
release: ``legacy_spelling`` turns them into the new ones and one deprecation line on stderr
says which.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text
from typer import _click as click  # the Click Typer bundles (its groups take its Context)
from typer.core import TyperCommand, TyperGroup

from swarmtui.cli.app import CliError, app, fail
from swarmtui.cli.engines import CONFIG_HELP, ENGINE_HELP, declare_owner_engines
from swarmtui.core import signals
from swarmtui.core.params import ParamError
from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import SaveError

DEFAULT_GAMES = 100

_LEGACY_FLAGS = {"--list-presets": "list", "--solve": "solve"}
_LEGACY_VALUED = {"--preset": "preset", "--train": "train", "--round-robin": "round-robin"}


def legacy_spelling(args: list[str], commands: set[str]) -> list[str] | None:
    """The sub-command form of a pre-sub-command ``sim`` call (None when ``args`` already is one).

    ``GAME ...`` becomes ``run GAME ...``; ``GAME --preset NAME`` ``preset GAME NAME``;
    ``GAME --list-presets`` ``preset GAME``; ``GAME --train SIDE`` ``train GAME SIDE``;
    ``GAME --solve`` ``solve GAME``; ``GAME --round-robin A,B,C`` ``round-robin GAME A B C``;
    ``maze ...`` ``maze-timing ...``.
    """
    if not args or args[0] in commands or args[0] in ("-h", "--help"):
        return None
    if args[0] == "maze":
        return ["maze-timing", *args[1:]]
    if args[0].startswith("-"):
        return ["run", *args]
    game, rest = args[0], list(args[1:])
    mode, value = "run", None
    kept: list[str] = []
    i = 0
    while i < len(rest):
        word = rest[i]
        name, eq, inline = word.partition("=")
        if word in _LEGACY_FLAGS:
            mode = "list" if mode == "list" or word == "--list-presets" else _LEGACY_FLAGS[word]
        elif name in _LEGACY_VALUED and (eq or i + 1 < len(rest)):
            if not eq:
                i += 1
                inline = rest[i]
            if mode != "list":
                mode, value = _LEGACY_VALUED[name], inline
        else:
            kept.append(word)
        i += 1
    if mode == "list":
        return ["preset", game, *kept]
    if mode in ("preset", "train"):
        return [mode, game, str(value), *kept]
    if mode == "round-robin":
        return [mode, game, *[entrant for entrant in str(value).split(",") if entrant], *kept]
    return [mode, game, *kept]


class _SimGroup(TyperGroup):
    """The ``sim`` group, reading the old spellings with one deprecation line on stderr."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        new = legacy_spelling(list(args), set(self.commands))
        if new is not None:
            typer.echo(f"swarmtui: deprecated: 'swarmtui sim {shlex.join(args)}' is now "
                       f"'swarmtui sim {shlex.join(new)}' (the old spelling goes in the next release)", err=True)
            args = new
        return super().parse_args(ctx, args)


class _RunCommand(TyperCommand):
    """``sim run``, whose help ends with the games and the agents that play each, read from the
    registries when the help is shown (each agent's own spec)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        import textwrap

        from swarmtui.agents import agents_for
        from swarmtui.games import GAMES

        super().format_epilog(ctx, formatter)
        with formatter.section("Games (GAME) and the agents that play them (--players)"):
            for game in GAMES.values():
                if not game.playable:
                    continue
                agents = ", ".join(spec.id for spec in agents_for(game.id) if not spec.interactive)
                formatter.write_text(f"{game.id}: {safe_text(game.title).plain}")
                width = max(20, (formatter.width or 80) - formatter.current_indent - 2)
                for line in textwrap.wrap(agents, width, break_on_hyphens=False):
                    formatter.write(f"{'':>{formatter.current_indent + 2}}{line}\n")


sim_app = typer.Typer(
    name="sim", cls=_SimGroup, rich_markup_mode=None,
    help="Headless experiments: run a batch, report result files, presets, GA training, maze timing.",
)
app.add_typer(sim_app, name="sim")

_GAME = typer.Argument(..., help="The game's id (listed at the end of 'swarmtui sim run --help').")
_SEED = typer.Option(0, "--seed", min=0, help="Base seed; game i uses a seed derived from it.")
_WORKERS = typer.Option(None, "--workers", "-w", min=1, max=512, help="Worker processes (default: all cores).")
_PARAM = typer.Option([], "--param", help="Agent parameter name=value (SEAT.name or AGENT.name to target one); "
                      "repeatable.")
_SCHEDULER = typer.Option(None, "--scheduler", help="Play on a Dask distributed cluster at this address "
                          "(swarmtui[dask]).")
_ENGINE = typer.Option([], "--engine", help=ENGINE_HELP)
_CONFIG = typer.Option(None, "--config", dir_okay=False, help=CONFIG_HELP)


def _playable(game: str) -> str:
    from swarmtui.games import GAMES

    if game not in GAMES:
        raise CliError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    if not GAMES[game].playable:
        raise CliError(f"{game} is coming but not playable yet; try 'swarmtui sim run noughts'")
    return game


def _strategy_game(game: str) -> None:
    """``train`` and ``solve`` work on the evolved strategy of the ``ga`` agent: its games only."""
    from swarmtui.agents import get_spec
    from swarmtui.games import get_game

    _playable(game)
    if not get_spec("ga").plays(get_game(game)):
        raise CliError(f"train and solve evolve the ga agent's strategy; it does not play {game}")


def _default_players(game: str) -> str:
    from swarmtui.games import get_game

    return ",".join(get_game(game).default_players)


@sim_app.command("run", cls=_RunCommand)
def run(
    game: str = _GAME,
    players: str | None = typer.Option(
        None, "--players", "-p", help="Agents per seat in seat order, comma-separated (noughts: X,O); "
        "default: the game's default players."
    ),
    games: int | None = typer.Option(
        None, "--games", "-n", min=1, max=10_000_000, help=f"Number of games (default {DEFAULT_GAMES})."
    ),
    seed: int = _SEED,
    workers: int | None = _WORKERS,
    out: Path | None = typer.Option(None, "--out", "-o", dir_okay=False,
        help="Write one JSON line per game to this file."),
    param: list[str] = _PARAM,
    sweep: list[str] = typer.Option([], "--sweep",
        help="Sweep a parameter: name=v1,v2,... (several form a grid; each cell is a result group)."),
    traces: bool = typer.Option(False, "--traces", help="Keep every AI decision's trace in --out (for replays)."),
    resume: Path | None = typer.Option(None, "--resume", dir_okay=False,
        help="Finish an interrupted run saved with --out FILE."),
    scheduler: str | None = _SCHEDULER,
    clock: str | None = typer.Option(None, "--clock", help="Each seat's clock in seconds, as cutechess spells it: "
                                     "60 (sudden death), 60+1 (Fischer increment), st=5 (per move). An AI seat "
                                     "budgets its thinking from its clock; a flag fall loses on time."),
    engine: list[str] = _ENGINE,
    config: Path | None = _CONFIG,
) -> None:
    """Play a batch of headless games: a progress bar on stderr, a summary table on stdout."""
    _playable(game)
    declare_owner_engines(engine, config)
    with _errors(), signals.deferred():  # set-up imports agents: a stop waits for the run's first safe point
        _run_experiment(game, players, games, seed, workers, out, param, sweep, resume, scheduler, traces,
                        Console(), Console(stderr=True), clock)


@sim_app.command("report")
def report(
    files: list[Path] | None = typer.Argument(None, help="Result files (JSON lines of 'sim run --out')."),
    plots: Path | None = typer.Option(None, "--plots", file_okay=False, help="Also save the plots into this folder."),
    plot_format: str = typer.Option("svg", "--plot-format", help="With --plots: svg or png."),
    ratings: bool = typer.Option(False, "--ratings", help="Elo ratings with 95% intervals and the pairwise "
                                 "table of two-player games (e.g. 'sim round-robin --out')."),
    anchor: str = typer.Option("random", "--anchor", help="With --ratings: the player rated 0."),
) -> None:
    """Summarise result files: the papers' statistics per result group, and plots; or Elo ratings."""
    if ratings:
        _ratings_report(files, anchor)
        return
    _report(files, plots, plot_format)


@sim_app.command("round-robin")
def round_robin(
    game: str = _GAME,
    entrants: list[str] = typer.Argument(..., help="Entrants: AGENT or AGENT:name=value:name=value "
                                         "(e.g. random alphabeta:difficulty=hard)."),
    rounds: int = typer.Option(1, "--rounds", "-n", min=1, max=100_000,
                               help="Games per pair and colour."),
    seed: int = _SEED,
    workers: int | None = _WORKERS,
    out: Path | None = typer.Option(None, "--out", "-o", dir_okay=False,
                                    help="Write one JSON line per game to this file."),
    cap: int = typer.Option(300, "--cap", min=1, help="Plies after which a game counts as a draw."),
    opening: int = typer.Option(2, "--opening", min=0, help="Random opening plies (the same for every seat order)."),
    anchor: str = typer.Option("random", "--anchor", help="The entrant rated 0."),
    players: int | None = typer.Option(None, "--players", min=2, max=6,
                                       help="Players per game (Halma: 2-6; default: the game's usual count)."),
    rotations: str = typer.Option("all", "--rotations",
                                  help="all: every group in each seat rotation; balanced: each group once a "
                                  "round, in one rotation, every entrant in every seat equally often."),
    within: str | None = typer.Option(None, "--within", help="Play only the groups whose entrants are all "
                                      "among these (comma-separated labels), as the whole round robin plays them."),
    involving: str | None = typer.Option(None, "--involving", help="Play only the groups with one of these "
                                         "entrants (comma-separated labels), as the whole round robin plays them."),
    engine: list[str] = _ENGINE,
    config: Path | None = _CONFIG,
) -> None:
    """Every pair (or group) of entrants in every seat order, from the start; then Elo ratings,
    wins with Wilson intervals and the pairwise table (games of 3+ players: winner against the rest)."""
    _playable(game)
    declare_owner_engines(engine, config)
    with _errors():
        _round_robin(game, entrants, rounds, seed, workers, out, cap, opening, anchor, players,
                     rotations, within, involving)


@sim_app.command("preset")
def preset(
    game: str = _GAME,
    name: str | None = typer.Argument(None, help="The preset to run; without it, list the game's presets."),
    games: int | None = typer.Option(None, "--games", "-n", min=1, max=10_000_000,
        help="Number of games (default: the preset's)."),
    seed: int = _SEED,
    workers: int | None = _WORKERS,
    out: Path | None = typer.Option(None, "--out", "-o", dir_okay=False,
        help="Write the preset's result lines to this file."),
    param: list[str] = _PARAM,
    scheduler: str | None = _SCHEDULER,
    traces: bool = typer.Option(False, "--traces", help="Keep every AI decision's trace in --out (for replays)."),
) -> None:
    """Run a named experiment of the game (the papers' tables), or list them."""
    _playable(game)
    with _errors():
        _run_preset(game, name, games, seed, workers, out, param, scheduler, Console(), Console(stderr=True),
                    traces)


@sim_app.command("train")
def train(
    game: str = _GAME,
    side: str = typer.Argument(..., help="The side whose strategy evolves: X or O."),
    algo: str | None = typer.Option(None, "--algo", help="The evolutionary algorithm (paper, hochmuth, ...)."),
    generations: int | None = typer.Option(None, "--generations", min=1, max=1_000_000, help="Generations."),
    population: int | None = typer.Option(None, "--population", min=2, max=1_000_000, help="Population size."),
    save: Path | None = typer.Option(None, "--save", dir_okay=False, help="Where to save the best strategy."),
    seed: int = _SEED,
    param: list[str] = _PARAM,
    out: Path | None = typer.Option(None, "--out", "-o", dir_okay=False, help="Write one JSON line per generation."),
) -> None:
    """Evolve a noughts strategy for one side (Ford's GA and its baselines)."""
    _strategy_game(game)
    from swarmtui.core.params import split_assignment
    from swarmtui.papers import ford as noughts_training

    with _errors():
        noughts_training.run_training(
            side, algo or noughts_training.ALGORITHMS[0], seed=seed, generations=generations,
            population=population, overrides=[split_assignment(p) for p in param], save=save, out=Console(),
            err=Console(stderr=True), log=out,
        )


@sim_app.command("solve")
def solve(game: str = _GAME, param: list[str] = _PARAM) -> None:
    """Print the exact optimum of Ford's play-all-games fitness for X and O (noughts)."""
    _strategy_game(game)
    from swarmtui.core.params import split_assignment
    from swarmtui.papers import ford as noughts_training

    with _errors():
        noughts_training.run_solve(overrides=[split_assignment(p) for p in param], out=Console())


@sim_app.command("maze-timing")
def maze_timing(
    algo: str | None = typer.Option(None, "--algo", help="Builders to time, comma-separated (default: all)."),
    param: list[str] = typer.Option([], "--param", help="sizes=WxH,..., repeats=N, or BUILDER.name=value; repeatable."),
    seed: int = _SEED,
    out: Path | None = typer.Option(None, "--out", "-o", dir_okay=False,
        help="Write one JSON line per size and builder."),
) -> None:
    """Time the maze builders against size (Połap et al., Fig. 5): table, plot and verdicts."""
    _maze_timing(algo, param, seed, out)


@contextmanager
def _errors() -> Iterator[None]:
    """Parameter mistakes are usage errors (exit 2); damaged or refused files runtime ones (1)."""
    try:
        yield
    except ParamError as error:
        raise CliError(str(error)) from None
    except SaveError as error:
        raise fail(str(error)) from None


def _run_experiment(game: str, players: str | None, games: int | None, seed: int, workers: int | None,
                    out: Path | None, param: list[str], sweep: list[str], resume: Path | None,
                    scheduler: str | None, traces: bool, out_console: Console, err_console: Console,
                    clock: str | None = None) -> None:
    from swarmtui.sim.batch import default_workers
    from swarmtui.sim.experiment import Experiment, parse_sweep
    from swarmtui.sim.resume import load_resume
    from swarmtui.sim.runner import run_experiment
    from swarmtui.sim.seats import split_players

    resumed = None
    if resume is not None:
        given = [flag for flag, value in (("--players", players), ("--games", games), ("--param", param),
                                          ("--sweep", sweep), ("--out", out), ("--traces", traces),
                                          ("--clock", clock)) if value]
        if given or seed != 0:
            raise CliError(f"--resume takes the run's settings from {resume}; drop {', '.join(given) or '--seed'}")
        resumed = load_resume(resume, game)
        experiment, out = resumed.experiment, resume
    else:
        if out is not None and out.exists():
            raise fail(f"{out} already exists and is not overwritten "
                       f"(finish it with --resume {out}, or choose another --out)")
        agents = tuple(split_players(players or _default_players(game)))
        if traces and out is None:
            raise CliError("--traces goes with --out FILE (the traces are kept in the result file)")
        experiment = Experiment(game, agents, games or DEFAULT_GAMES, seed, tuple(param),
                                tuple(parse_sweep(text) for text in sweep), traces, clock or "")
    run_experiment(experiment, workers=workers or default_workers(), scheduler=scheduler, out=out,
                   resumed=resumed, out_console=out_console, err_console=err_console)  # Interrupted: see cli.main


def _report(files: list[Path] | None, plots: Path | None, plot_format: str) -> None:
    from swarmtui.sim.report import PLOT_FORMATS, report

    if not files:
        raise CliError("'sim report' needs one or more result files")
    if plot_format not in PLOT_FORMATS:
        raise CliError(f"--plot-format must be one of {', '.join(PLOT_FORMATS)}; got {plot_format!r}")
    try:
        report(list(files), Console(), plots=plots, plot_format=plot_format)
    except SaveError as error:
        raise fail(str(error)) from None
    except ParamError as error:
        raise CliError(str(error)) from None


def _round_robin(game: str, texts: list[str], rounds: int, seed: int, workers: int | None, out: Path | None,
                 cap: int, opening: int, anchor: str, players: int | None = None, rotations: str = "all",
                 within: str | None = None, involving: str | None = None) -> None:
    from swarmtui.games import get_game
    from swarmtui.sim.batch import default_workers
    from swarmtui.sim.round_robin import ROTATIONS, parse_entrants, run_round_robin, schedule, select_groups

    spec = get_game(game)
    counts = [n for n in spec.player_counts if n >= 2]
    seats = players if players is not None else len(spec.seats)
    if seats not in counts:
        raise CliError(f"{spec.title} is not played by {seats} players in a round robin "
                       f"(--players {' or '.join(map(str, counts))})")
    entrants = parse_entrants(texts, game)
    if len(entrants) < seats:
        raise CliError(f"a round robin of {seats}-player games needs at least {seats} entrants")
    if anchor not in {e.label for e in entrants}:
        raise CliError(f"the anchor {anchor!r} is not an entrant (add it, or choose one with --anchor)")
    if rotations not in ROTATIONS:
        raise CliError(f"--rotations must be {' or '.join(ROTATIONS)} (got {rotations!r})")
    if out is not None and out.exists():
        raise fail(f"{out} already exists and is not overwritten; choose another --out")
    pairings = schedule(entrants, rounds, seed, seats, rotations)
    described: dict[str, object] = {"rotations": rotations} if rotations != "all" else {}
    chosen = {name: [label.strip() for label in text.split(",") if label.strip()]
              for name, text in (("within", within), ("involving", involving)) if text is not None}
    if chosen:
        pairings = select_groups(pairings, chosen.get("within"), chosen.get("involving"))
        described |= {"schedule_entrants": [e.label for e in entrants], **chosen}
        if anchor not in {e.label for p in pairings for e in p.seats}:
            raise CliError(f"the anchor {anchor!r} plays in none of the selected groups (choose one with --anchor)")
    err = Console(stderr=True)
    records = []
    for record in run_round_robin(game, pairings, seed, workers=workers or default_workers(), max_plies=cap,
                                  opening_plies=opening, out=out, described=described):
        records.append(record)
        err.print(safe_text(f"{len(records)}/{len(pairings)} {' vs '.join(record['players'].values())}: "
                            f"{record['result']}"), highlight=False)
    _print_ratings(records, anchor, opening)


def _ratings_report(files: list[Path] | None, anchor: str) -> None:
    from swarmtui.records.results import ResultReader

    if not files:
        raise CliError("'sim report --ratings' needs one or more result files")
    records: list[dict] = []
    for path in files:
        try:  # one game at a time, each kept without its traces (the ratings need its moves at most)
            records.extend({k: v for k, v in game.to_json().items() if k != "traces"}
                           for kind, game in ResultReader(path) if kind == "game")
        except SaveError as error:
            raise fail(str(error)) from None
    _print_ratings(records, anchor, 0)


def _print_ratings(records: list, anchor: str, opening: int) -> None:
    from swarmtui.sim.ratings import RatingError, format_pairs, format_ratings
    from swarmtui.sim.round_robin import format_win_shares, rate, seconds_per_move, win_shares

    try:
        ratings, pairs = rate(records, anchor=anchor)
    except RatingError as error:
        raise CliError(str(error)) from None
    per_move = seconds_per_move(records, opening)
    cpu = seconds_per_move(records, opening, clock="think_cpu")
    timed = any("think_cpu" in r for r in records)
    lines = [format_ratings(ratings), "", format_win_shares(win_shares(records)), ""]
    if timed:
        lines.append("| player | seconds per move | CPU seconds per move |\n|---|---:|---:|")
    else:
        lines.append("| player | seconds per move |\n|---|---:|")
    for r in ratings:
        row = f"| {safe_text(r.player).plain} | {per_move.get(r.player, 0.0):.3f} |"
        lines.append(row + (f" {cpu.get(r.player, 0.0):.3f} |" if timed else ""))
    lines += ["", format_pairs(pairs)]
    # Markdown tables of plain text (names made safe above): one line a row, whatever the width
    Console(soft_wrap=True).print(Text("\n".join(lines)))


def _run_preset(game: str, name: str | None, games: int | None, seed: int, workers: int | None, out: Path | None,
                param: list[str], scheduler: str | None, out_console: Console, err_console: Console,
                traces: bool = False) -> None:
    from swarmtui.papers import load_presets
    from swarmtui.sim.batch import default_workers
    from swarmtui.sim.presets import PresetRequest, get_preset, presets_for

    load_presets(game)

    if name is None:
        from rich.table import Table

        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column("preset", style="bold", no_wrap=True)
        table.add_column("what it runs")
        for preset in presets_for(game):
            table.add_row(preset.name, preset.summary)
        out_console.print(table if table.row_count else f"{game} has no presets yet", highlight=False)
        return
    chosen = get_preset(game, name)
    if traces and out is None:
        raise CliError("--traces goes with --out FILE (the traces are kept in the result file)")
    if traces and chosen.no_traces:
        raise CliError(f"preset {name} cannot keep traces: {chosen.no_traces}")
    if out is not None and out.exists():
        raise fail(f"{out} already exists and is not overwritten; choose another --out")
    request = PresetRequest(games, seed, workers or default_workers(), out, tuple(param), out_console, err_console,
                            scheduler, traces)
    chosen.run(request)


def _maze_timing(algo: str | None, param: list[str], seed: int, out: Path | None) -> None:
    """``sim maze-timing``: sizes/repeats/builders and ``BUILDER.name`` parameters come as ``--param``."""
    from swarmtui.mazes import MazeError
    from swarmtui.papers.polap import run_from_cli

    try:
        run_from_cli(algo, param, seed, out, Console(), Console(stderr=True))
    except (ParamError, MazeError) as error:
        raise CliError(str(error)) from None
    except SaveError as error:
        raise fail(str(error)) from None
