"""Running ``swarmtui sim tune``: generations of games on a pool or Dask, the log, the weights
file, and the swarm shown on the terminal as it flies (``sim.tuning`` has the method).

Each generation's games are played at once (every particle's evaluation, in order:
``sim.execution.map_ordered``); then the contender's promotion test is played pair by pair
until it decides (``sim.sprt.play_until_decided``), the swarm takes the scores and the test, and
a table shows the generation: the best particle's score against the incumbent, the test, whether
it took the incumbent's place, and for every tuned weight its default value, the incumbent's and
the particles' range (the weights moving). After each generation the incumbent's weights go to
the weights file the caller's ``BestKeeper`` writes (Hive's: ``papers.mcguile.tuning``), so a
stopped run's best so far is usable.
A stop (Ctrl-C, SIGTERM, SIGHUP) or a lost worker keeps every finished game in the log and says
how to resume.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from swarmtui import __version__
from swarmtui.core import signals
from swarmtui.core.params import ParamError
from swarmtui.core.safe_text import safe_text
from swarmtui.core.signals import Stopped
from swarmtui.records.gamelog import GameLog
from swarmtui.records.results import RecordWriter, ResultReader
from swarmtui.referee import check_seats
from swarmtui.sim.execution import WorkerLost, dask_client, map_ordered
from swarmtui.sim.sprt import (
    SprtGames,
    SprtMatch,
    Tally,
    misfit,
    play_sprt_game,
    play_until_decided,
    score_of_first,
    tally_of,
)
from swarmtui.sim.tuning import (
    Generation,
    Swarm,
    TuneSettings,
    confirmation_group,
    evaluation_games,
    replay,
    score,
    settled,
    tasks_of,
)


class TuneInterrupted(Stopped):
    """The run was stopped or a worker died; the finished games are kept in the log."""

    def __init__(self, why: str, generation: int, out: Path | None, code: int | None = None) -> None:
        self.code = code
        kept = (f"the games are kept in {out}; continue with: swarmtui sim tune --resume {out}" if out
                else "nothing was saved (use --out FILE to keep a long run's games)")
        super().__init__(f"{why} in generation {generation + 1}; {kept}")

    @property
    def exit_code(self) -> int:
        return self.code if self.code is not None else super().exit_code


@dataclass
class ResumedTune:
    """A tuning log read back: the settings, where the weights go, and its checked games."""

    settings: TuneSettings
    save: Path
    games: dict[tuple[str, int], GameLog]
    whole_bytes: int


def load_tune(path: Path) -> ResumedTune:
    """The run of an unfinished ``sim tune --out`` log (SaveError when damaged, ParamError when it
    is no tuning log, is complete, or holds a game that is not the one its swarm plays)."""
    reader = ResultReader(path)
    settings: TuneSettings | None = None
    save = Path()
    kept: dict[tuple[str, int], GameLog] = {}
    for kind, value in reader:
        if kind == "run":
            if "tune" not in value:
                raise ParamError(f"{path} is not the log of 'swarmtui sim tune', so it cannot be resumed here")
            settings = TuneSettings.from_json(value["tune"])
            save = Path(str(value.get("save", "")))
        elif kind == "summary":
            raise ParamError(f"{path} is complete; nothing to resume")
        elif kind != "game" or value.index is None or (value.group or "", value.index) in kept:
            raise ParamError(f"{path}: a line that is not one of the run's games, so the log is not resumed")
        else:
            kept[(value.group or "", value.index)] = value
    assert settings is not None
    try:
        replay(settings, kept, misfit)
    except ParamError as error:
        raise ParamError(f"{path} is not resumed: {error}") from None
    return ResumedTune(settings, save, {key: log.light() for key, log in kept.items()}, reader.whole_bytes)


class BestKeeper(Protocol):
    """Where the incumbent's weights go after every generation (the agent's weights file: sim
    knows no agent's format, so the caller hands one in, e.g. ``papers.mcguile.tuning``)."""

    @property
    def path(self) -> Path:
        """The weights file."""

    def check(self, log: Path | None, resuming: bool) -> None:
        """Refuse (SaveError) a file this run must not replace: any existing one for a new run."""

    def keep(self, weights: dict[str, float], tuning: dict[str, Any]) -> None:
        """Write ``weights`` and how they were found, atomically."""


def run_tune(settings: TuneSettings, *, keeper: BestKeeper, workers: int, scheduler: str | None, out: Path | None,
             resumed: ResumedTune | None, out_console: Console, err_console: Console) -> Swarm:
    """Fly the swarm (or the random search) for every generation not yet in the log; return it."""
    check_seats(settings.game, evaluation_games(Swarm.start(settings))[0][1][0].seats)  # before any game
    keeper.check(out, resumed is not None)
    swarm, pending = (replay(settings, resumed.games, _checked) if resumed else (Swarm.start(settings), {}))
    for record in swarm.history:
        show_generation(settings, record, out_console)
    if out is None:
        writer: Any = nullcontext()
    elif resumed is not None:
        writer = RecordWriter(out, resume=True, keep_bytes=resumed.whole_bytes, kept_games=len(resumed.games))
    else:
        header = {"tune": settings.to_json(), "save": str(keeper.path.resolve()), "swarmtui": __version__}
        writer = RecordWriter(out, header)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=err_console, transient=True, disable=not err_console.is_terminal)
    with signals.deferred(), dask_client(scheduler) as client, writer as log_file, progress:
        while swarm.generation < settings.generations:
            generation = swarm.generation
            evaluations = evaluation_games(swarm)
            todo = [(group, task) for group, task in tasks_of(evaluations) if (group, task.index) not in pending]
            task_bar = progress.add_task(f"generation {generation + 1}/{settings.generations}",
                                         total=len(todo))
            played = dict(pending)
            pending = {}
            try:
                logs = map_ordered(play_sprt_game, [task for _, task in todo], workers, client, chunk=1)
                for (group, task), log in zip(todo, logs, strict=True):
                    played[(group, task.index)] = log.light()
                    if log_file is not None:
                        log_file.write(log, group=group)
                    progress.advance(task_bar)
                progress.remove_task(task_bar)
                scores = [score([played[(group, k)] for k in range(len(games))]) for group, games in evaluations]
                match = swarm.confirmation(scores)
                test = None if match is None else _confirm(match, generation, played, workers, client, log_file)
            except KeyboardInterrupt:
                raise TuneInterrupted("interrupted", generation, out) from None
            except WorkerLost as lost:
                raise TuneInterrupted(f"stopped ({lost})", generation, out, code=2) from None
            record = swarm.advance(scores, test)
            show_generation(settings, record, out_console)
            keeper.keep(settings.weights(swarm.incumbent), tuning_record(settings, swarm, out))
        if log_file is not None:
            log_file.finish({"tune": {"weights": settings.weights(swarm.incumbent),
                                      "promotions": sum(g.promoted is not None for g in swarm.history)}})
    err_console.print(safe_text(f"wrote the weights to {keeper.path}" + (f" and the games to {out}" if out else "")),
                      soft_wrap=True)
    return swarm


def _confirm(match: SprtMatch, generation: int, played: dict[tuple[str, int], GameLog], workers: int, client: Any,
             log_file: Any) -> Tally:
    """The generation's promotion test, from its kept games (a resumed run) and pairs played until
    it is settled (``sim.tuning.settled``); each game goes to the log as it ends."""
    group = confirmation_group(generation)
    kept = [log for (where, _), log in played.items() if where == group]
    scores = {log.index or 0: score_of_first(log) for log in kept}
    test = tally_of(match, kept)
    missing = [i for i in range(2 * match.max_pairs) if i not in scores] if not settled(test, match) else []
    for log in play_until_decided(match, missing, workers, client, test):
        scores[log.index or 0] = score_of_first(log)
        if log_file is not None:
            log_file.write(log, group=group)
        test.fold(scores)
    return test


def _checked(log: GameLog, games: SprtGames) -> str:
    """The games ``load_tune`` read were checked whole there (``misfit``); their light copies pass."""
    return ""


def tuning_record(settings: TuneSettings, swarm: Swarm, out: Path | None) -> dict[str, Any]:
    """How the incumbent's weights were found, for the weights file."""
    return {"method": settings.method, "agent": settings.agent, "game": settings.game, "seed": settings.seed,
            "generations": swarm.generation, "of": settings.generations, "particles": settings.particles,
            "pairs": settings.pairs, "player": dict(settings.player),
            "promotion_test": ({"most_pairs": settings.confirm_pairs, "elo0": 0.0, "elo1": settings.confirm_elo1,
                                "alpha": settings.confirm_alpha, "beta": settings.confirm_beta}
                               if settings.confirm_pairs else None),
            "promoted_in": [g.number + 1 for g in swarm.history if g.promoted is not None],
            "factors": {n: round(2.0 ** float(x), 4) for n, x in zip(settings.names, swarm.incumbent, strict=True)},
            "log": str(out.resolve()) if out else None, "swarmtui": __version__}


def show_generation(settings: TuneSettings, record: Generation, console: Console) -> None:
    """One generation as a table: the best score, the promotion, and each weight's values."""
    best = max(range(len(record.scores)), key=lambda i: (record.scores[i], -i))
    what = "particle" if settings.method == "swarm" else "candidate"
    verdict = (f"{what} {best + 1} takes the incumbent's place" if record.promoted is not None
               else "the incumbent stays")
    if record.test is not None:
        lower, upper = record.test.test.bounds
        decided = {"H1": "H1: stronger", "H0": "H0: not stronger"}.get(record.test.decision or "", "undecided")
        verdict = (f"its promotion test: {record.test.pairs} pairs, LLR {record.test.llr:+.2f} "
                   f"({lower:+.2f}, {upper:+.2f}), {decided}; {verdict}")
    title = (f"generation {record.number + 1}/{settings.generations} ({settings.method}): best {what} "
             f"{best + 1} scored {100 * record.scores[best]:.1f}% against the incumbent; {verdict}")
    console.print(safe_text(title), soft_wrap=True)  # one line, whatever the width (a log file's is 80)
    table = Table(box=None, pad_edge=False)
    for column, justify in (("weight", "left"), ("default", "right"), ("incumbent", "right"),
                            (f"{what}s (min..max)", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    hand = settings.defaults()
    incumbent = settings.weights(record.incumbent)
    spread = [settings.weights(x) for x in record.positions]
    for name in settings.names:
        values = [w[name] for w in spread]
        table.add_row(name, f"{hand[name]:g}", f"{incumbent[name]:g}", f"{min(values):g}..{max(values):g}")
    console.print(table)
