"""``swarmtui sim sprt GAME A B``: paired games until the sequential probability ratio test decides.

The statistics are ``sim.pentanomial``'s, the match ``sim.sprt``'s; this module reads the
options, refuses nonsense with one line (exit 2) and resumes a result file.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from swarmtui.cli.app import CliError, fail
from swarmtui.cli.engines import declare_owner_engines
from swarmtui.cli.sim import _CONFIG, _ENGINE, _PARAM, _SCHEDULER, _SEED, _WORKERS, _errors, _playable, sim_app


@sim_app.command("sprt")
def sprt(
    game: str | None = typer.Argument(None, help="The game's id (any game of two players)."),
    first: str | None = typer.Argument(None, help="Player A: AGENT or AGENT:name=value:... (uhp:NAME for an "
                                       "engine the owner declared)."),
    second: str | None = typer.Argument(None, help="Player B, written as A."),
    elo0: float = typer.Option(0.0, "--elo0", help="H0: A is this many Elo stronger than B (default 0)."),
    elo1: float = typer.Option(10.0, "--elo1", help="H1: A is this many Elo stronger than B (default 10)."),
    alpha: float = typer.Option(0.05, "--alpha", help="The chance of accepting H1 when H0 holds (default 0.05)."),
    beta: float = typer.Option(0.05, "--beta", help="The chance of accepting H0 when H1 holds (default 0.05)."),
    model: str = typer.Option("logistic", "--model", help="logistic Elo (60% = +70; default) or normalized "
                              "(fishtest's nElo)."),
    param: list[str] = _PARAM,
    clock: str | None = typer.Option(None, "--clock", help="Each seat's clock in seconds: 60, 60+1, st=1 "
                                     "(as 'sim run --clock')."),
    opening: int = typer.Option(2, "--opening", min=0, max=200, help="Random plies that open each pair (the same "
                                "for both of its games; from the seed)."),
    book: Path | None = typer.Option(None, "--book", dir_okay=False, help="Openings from this file instead: one a "
                                     "line, moves separated by ';' (pair k plays line k, cycling)."),
    max_pairs: int = typer.Option(1000, "--max-pairs", min=1, max=5_000_000, help="Stop without a decision after "
                                  "this many pairs (default 1000)."),
    cap: int = typer.Option(10_000, "--cap", min=1, max=1_000_000, help="Plies after which a game is a draw."),
    seed: int = _SEED,
    workers: int | None = _WORKERS,
    scheduler: str | None = _SCHEDULER,
    out: Path | None = typer.Option(None, "--out", "-o", dir_okay=False, help="Keep the games in this result file."),
    resume: Path | None = typer.Option(None, "--resume", dir_okay=False, help="Go on with a match saved with --out."),
    engine: list[str] = _ENGINE,
    config: Path | None = _CONFIG,
) -> None:
    """Play pairs of games (one opening, colours swapped) until the SPRT accepts H0 or H1: the running
    LLR on stderr; the decision, the pentanomial and A's Elo over B with its interval on stdout."""
    from swarmtui.sim.batch import default_workers
    from swarmtui.sim.openings import read_book
    from swarmtui.sim.pentanomial import Sprt
    from swarmtui.sim.sprt import SprtMatch, load_sprt, run_sprt

    declare_owner_engines(engine, config)
    with _errors():
        resumed = None
        if resume is not None:
            given = [name for name, value in (("GAME A B", game or first or second), ("--param", param),
                                               ("--clock", clock), ("--book", book), ("--out", out)) if value]
            if given or seed:
                raise CliError(f"--resume takes the match from {resume}; drop {', '.join(given) or '--seed'}")
            resumed = load_sprt(resume)
            match, out = resumed.match, resume
        else:
            if game is None or first is None or second is None:
                raise CliError("give the game and the two players: swarmtui sim sprt GAME A B (or --resume FILE)")
            _playable(game)
            if out is not None and out.exists():
                raise fail(f"{out} already exists and is not overwritten "
                           f"(go on with --resume {out}, or choose another --out)")
            test = Sprt(elo0, elo1, alpha, beta, model)
            draft = SprtMatch(game, first, second, test, seed, tuple(param), max_pairs, opening, (), clock or "", cap)
            openings = read_book(book, game, draft.rules()) if book is not None else ()
            match = SprtMatch(game, first, second, test, seed, tuple(param), max_pairs, opening, openings,
                              clock or "", cap)
            match.players()  # a bad entrant or parameter is one line now
        run_sprt(match, workers=workers or default_workers(), scheduler=scheduler, out=out, resumed=resumed,
                 out_console=Console(), err_console=Console(stderr=True))
