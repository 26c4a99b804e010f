"""``sim run GAME --resume FILE``: what an interrupted run left, checked game by game before
anything is played or written (issue 27 point 12).

A result file may come from anywhere, so a resume keeps a game line only when it is one of the
run's games in every respect: its game, result group and index (once each), its players in seat
order, their parameters, the rule variants, its seed (``match.game_seed``), whether it keeps
traces, its ply count; and its moves must replay under the rules from the start, ending as the
line says, with the winner, result and reason the referee writes for that end (``referee.Referee``
replays them with no agent seated): a win or draw by the rules, the seat to move forfeiting or
losing on time (a clock run only), or the run's ply limit. A line that fails any check refuses
the whole file with one sentence naming it, before the file is touched.

The file is streamed (``records.results.ResultReader``): a resume keeps each earlier game's
light record for the tables (no moves, no traces), not the file; a last line cut short when the
run was killed is left out and played again.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from swarmtui.core.params import ParamError
from swarmtui.core.state import Outcome, Termination
from swarmtui.games import get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.records.results import ResultReader
from swarmtui.referee import Referee, check_seats, rules_object
from swarmtui.sim.batch import Batch
from swarmtui.sim.experiment import Experiment
from swarmtui.sim.match import MAX_PLIES, game_seed


@dataclass
class Resumed:
    """What an earlier run of the experiment left in its result file: its games by
    ``(group, index)`` (``GameLog.light``: no moves or traces), the size of its whole lines (where the resumed
    run appends) and whether a last line cut short was left out."""

    experiment: Experiment
    games: dict[tuple[str, int], GameLog]
    whole_bytes: int
    cut: bool = False


def load_resume(path: Path, game: str) -> Resumed:
    """The experiment and checked games of ``path`` (SaveError when it is damaged, ParamError when
    it is not this game's run, is complete, or holds a line that is not one of its games)."""
    reader = ResultReader(path)
    experiment: Experiment | None = None
    batches: dict[str, Batch] = {}
    games: dict[tuple[str, int], GameLog] = {}
    number = 0
    for kind, value in reader:
        if kind == "run":
            experiment = _experiment(path, value, game)
            batches = {batch.group: batch for batch in experiment.cells()}
        elif kind == "summary":
            raise ParamError(f"{path} is complete; nothing to resume (see 'swarmtui sim report {path}')")
        else:
            number += 1
            key = _key(value) if kind == "game" else None
            problem = (f"a {kind} line, not a game" if key is None
                       else "a second line for that game" if key in games
                       else misfit(value, batches.get(key[0]), game))
            if problem:
                raise ParamError(f"{path}: game line {number} is not one of this run's games ({problem}), "
                                 "so the file is not resumed")
            games[key] = value.light()  # type: ignore[index]
    assert experiment is not None  # the reader refuses a file without a run header
    return Resumed(experiment, games, reader.whole_bytes, reader.cut)


def _experiment(path: Path, header: dict, game: str) -> Experiment:
    if "experiment" not in header:
        raise ParamError(f"{path} is not an experiment's result file, so it cannot be resumed")
    experiment = Experiment.from_json(header["experiment"])
    if experiment.game != game:
        raise ParamError(f"{path} holds a {experiment.game} run, not {game}")
    try:  # its players as this machine has them (an engine by a name declared here), before anything runs
        for batch in experiment.cells():
            check_seats(batch.game, batch.seats)
    except ParamError as error:
        raise ParamError(f"{path} cannot be resumed: {error}") from None
    return experiment


def _key(log: GameLog) -> tuple[str, int]:
    return log.group or "", log.index if log.index is not None else -1


def misfit(log: GameLog, batch: Batch | None, game: str) -> str:
    """Why ``log`` is not game ``log.index`` of ``batch`` (empty: it is)."""
    where = f"game {log.game}, group {log.group!r}, index {log.index}"
    if log.game != game or batch is None or log.index is None or not 0 <= log.index < batch.games:
        return where
    seats = [(seat.name, seat.agent) for seat in batch.seats]
    if list(log.players.items()) != seats:
        return f"{where}: its players {log.players} are not the run's {dict(seats)}"
    params = {seat.name: dict(seat.overrides) for seat in batch.seats if seat.overrides}
    if log.params != params:
        return f"{where}: its parameters {log.params} are not the run's {params}"
    if log.rules != dict(batch.rules):
        return f"{where}: its rules {log.rules} are not the run's {dict(batch.rules)}"
    if log.seed != game_seed(batch.seed, log.index):
        return f"{where}: its seed is not the one the run gives that game"
    if (log.traces is not None) != batch.traces:
        kept = "keeps" if batch.traces else "does not keep"
        return f"{where}: it {'lacks' if batch.traces else 'has'} the traces the run {kept}"
    if log.skips is not None or log.plies != len(log.moves):
        return f"{where}: its plies are not its moves"
    return replay_misfit(log, batch)


def replay_misfit(log: GameLog, batch: Batch, max_plies: int = MAX_PLIES) -> str:
    """Why ``log``'s moves and ending are not what the rules give from the start, for a run whose
    games stop at ``max_plies`` (empty: they are)."""
    spec = get_game(batch.game)
    seats = [seat.name for seat in batch.seats]
    referee = Referee(spec, spec.start(len(seats), rules_object(spec, batch.rules)), {}, seed=log.seed,
                      players=log.players, params=log.params, rules=batch.rules, outside=seats,
                      time_control=batch.time_control, max_plies=max_plies)
    where = f"game {log.index}"
    for ply, text in enumerate(log.moves, 1):
        if referee.is_over or referee.reached_max_plies:
            return f"{where}: it goes on after the game ended (move {ply})"
        try:
            referee.play(referee.state.parse_move(text), seconds=0.0)
        except (ValueError, TypeError, KeyError, IndexError) as error:  # NotationError, IllegalMoveError...
            return f"{where}: its move {ply} {text[:40]!r} is not legal there ({error})"
    problem = _end_outside_the_rules(referee, log)
    if problem:
        return f"{where}: {problem}"
    if not referee.is_over and not referee.reached_max_plies:
        return f"{where}: its moves stop before the game ended (a run plays each game to its end)"
    expected = referee.log(log.index)
    if (log.winner, log.result, log.reason) != (expected.winner, expected.result, expected.reason):
        return (f"{where}: it says {log.result!r} ({log.reason[:80]}), but its moves give {expected.result!r} "
                f"({expected.reason[:80]})")
    return ""


def _end_outside_the_rules(referee: Referee, log: GameLog) -> str:
    """End the replayed game as the line says when the rules did not: the seat to move forfeits
    or loses on time (with a clock). Returns why that cannot be (empty when it can, or nothing to do)."""
    if referee.is_over or referee.reached_max_plies:
        return ""
    ending = Outcome.from_text(log.winner, log.reason, log.result)
    seat = referee.to_move
    if ending.termination is Termination.ENGINE_ERROR:
        who, _, reason = log.reason.partition(" forfeits: ")
        if who != seat:
            return f"{who!r} forfeits, but {seat} was to move"
        referee.forfeit(seat, reason)
    elif ending.termination is Termination.TIME:
        if not referee.clocks or log.reason != f"{seat} lost on time":
            return f"{log.reason[:80]!r} is not a loss on time of {seat}, to move in a run with a clock"
        referee.lose_on_time(seat)
    return ""
