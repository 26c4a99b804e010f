"""``swarmtui sim tune GAME``: the particle swarm tunes an agent's weights (``sim.tuning``).

This module reads the options, refuses nonsense with one line (exit 2), and resumes a log.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from swarmtui.cli.app import CliError, fail
from swarmtui.cli.sim import _SCHEDULER, _SEED, _WORKERS, _errors, _playable, sim_app


@sim_app.command("tune")
def tune(
    game: str | None = typer.Argument(None, help="The game (hive: alphabeta's evaluation weights)."),
    names: str | None = typer.Option(None, "--weights", help="The weights to tune, comma-separated (hive default: "
                                     "the queen terms, attackers, free bugs and tempo)."),
    agent: str = typer.Option("alphabeta", "--agent", help="The agent whose weights are tuned."),
    player: list[str] = typer.Option([], "--player", help="The agent's other parameters in the tuning games, "
                                     "name=value (default depth=2: the same games on any machine); repeatable."),
    method: str = typer.Option("swarm", "--method", help="swarm (eq. 2.1) or random (the ablation: uniform "
                               "candidates, the same number of evaluations)."),
    particles: int = typer.Option(8, "--particles", min=1, max=1000, help="Particles (candidates a generation)."),
    generations: int = typer.Option(10, "--generations", min=1, max=10_000, help="Generations."),
    pairs: int = typer.Option(4, "--pairs", min=1, max=10_000, help="Pairs of games (colours swapped) a "
                              "particle plays against the incumbent each generation."),
    opening: int = typer.Option(4, "--opening", min=0, max=200, help="Random plies that open each pair."),
    cap: int = typer.Option(150, "--cap", min=1, max=1_000_000, help="Plies after which a game is a draw."),
    param: list[str] = typer.Option([], "--param", help="The swarm's constants: w, c1, c2 (eq. 2.1; thesis code "
                                    "0.5, 0.8, 0.9), draws, initial_speed, span, promote; the promotion "
                                    "test's confirm_pairs (30; 0: none), confirm_elo1 (60), confirm_alpha "
                                    "(0.05), confirm_beta (0.2); repeatable."),
    seed: int = _SEED,
    workers: int | None = _WORKERS,
    scheduler: str | None = _SCHEDULER,
    out: Path | None = typer.Option(None, "--out", "-o", dir_okay=False, help="The log: every game, for --resume."),
    resume: Path | None = typer.Option(None, "--resume", dir_okay=False, help="Go on with a run logged with --out."),
    save: Path | None = typer.Option(None, "--save", dir_okay=False, help="The weights file (default: "
                                     "<saves>/GAME/weights-METHOD-seedSEED.json, never over an existing one; "
                                     "with --resume: the log's own, when it lies in saves/ or beside the log)."),
) -> None:
    """Tune an agent's weights with the thesis' particle swarm: particles are weight vectors, fitness the
    score of paired self-play games against the current best. Each generation is shown as a table; the
    best weights go to a versioned file in saves/ after every generation."""
    from swarmtui.core.params import apply_overrides, split_assignment
    from swarmtui.core.saves import free_path, saves_dir, typed_path
    from swarmtui.papers.mcguile.tuning import WeightsKeeper
    from swarmtui.sim.batch import default_workers
    from swarmtui.sim.tune_runner import load_tune, run_tune
    from swarmtui.sim.tuning import TuneSettings

    with _errors():
        resumed = None
        if resume is not None:
            given = [flag for flag, value in (("GAME", game), ("--weights", names), ("--player", player),
                                              ("--param", param), ("--out", out)) if value]
            if given or seed:
                raise CliError(f"--resume takes the run from {resume}; drop {', '.join(given) or '--seed'}")
            resumed = load_tune(resume)
            settings, out = resumed.settings, resume
            target = typed_path(str(save)) if save is not None else _logged_target(resume, resumed.save)
        else:
            if game is None:
                raise CliError("give the game: swarmtui sim tune hive (or --resume FILE)")
            _playable(game)
            if (game, agent) != ("hive", "alphabeta"):
                raise CliError("sim tune tunes alphabeta's Hive evaluation weights: swarmtui sim tune hive")
            if out is not None and out.exists():
                raise fail(f"{out} already exists and is not overwritten (go on with --resume {out})")
            chosen = _names(names)
            settings = TuneSettings(game, chosen, agent, tuple(split_assignment(p) for p in player or ["depth=2"]),
                                    method, particles, generations, pairs, opening, cap, seed)  # type: ignore[arg-type]
            settings = apply_overrides(settings, [split_assignment(p) for p in param])
            target = (typed_path(str(save)) if save is not None
                      else free_path(saves_dir() / game / f"weights-{method}-seed{seed}.json"))
        run_tune(settings, keeper=WeightsKeeper(target), workers=workers or default_workers(), scheduler=scheduler,
                 out=out, resumed=resumed, out_console=Console(), err_console=Console(stderr=True))


def _logged_target(log: Path, named: Path) -> Path:
    """The weights file a resumed run keeps its incumbent in: the one its log names when that lies
    in the saves folder or beside the log. A log is a file and may come from anywhere, so it does
    not choose a place elsewhere (a forged header once created files at any path it named); a
    file elsewhere is used only when ``--save`` names it again."""
    from swarmtui.core.saves import saves_dir

    resolved = named.expanduser().resolve()
    if named.name and any(resolved.is_relative_to(folder.expanduser().resolve())
                          for folder in (saves_dir(), log.parent)):
        return named
    raise CliError(f"{log} keeps its weights in {named}, outside your saves folder and the log's own folder; "
                   f"to keep them there, say so with --save {named} (or give another file)")


def _names(names: str | None) -> tuple[str, ...]:
    """The weights named with --weights, else the default set (``papers.mcguile.tuning.TUNED``)."""
    if names is not None:
        return tuple(n.strip() for n in names.split(",") if n.strip())
    from swarmtui.papers.mcguile.tuning import TUNED

    return TUNED
