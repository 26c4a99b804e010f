"""``swarmtui sim sprt``: paired games between two players until the sequential test decides.

Players A and B are entrants as ``sim round-robin`` writes them (``AGENT`` or
``AGENT:name=value:...``, an external engine ``uhp:NAME``); ``--param name=value`` applies to
both sides (and sets a rule variant such as Hive's ``game_type``). Pair ``k`` is games ``2k``
(A moves first) and ``2k + 1`` (B moves first), both from the same opening: ``opening_plies``
uniform random plies drawn from ``derive_seed(seed, "opening", k)``, or line ``k`` (cycling) of
an opening book (``sim.openings``). Game ``i`` has its own seed ``game_seed(seed, i)``, so a
game is the same on any worker, in any order, resumed or not.

The pairs are counted **in order** (``sim.pentanomial``): after each complete pair the LLR is
updated, and the run stops at the first pair whose LLR leaves Wald's band (or after
``max_pairs``: inconclusive). Results arrive in game order from ``sim.execution.map_ordered``
(this process, a pool, or Dask), so the decision, the pair at which it falls and every game
counted are the same whatever ``--workers``, and the same after ``--resume``: the result file
(``records.results``, read back by ``read_results``) keeps the match in its header and the
games played; a resumed run counts the kept games first and plays only what is missing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, overload

from rich.console import Console
from rich.progress import Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from swarmtui import __version__
from swarmtui.core import signals
from swarmtui.core.bounded_json import LIMITS
from swarmtui.core.params import ParamError
from swarmtui.core.rng import SEED_LIMIT, derive_seed
from swarmtui.core.safe_text import safe_text
from swarmtui.core.signals import Stopped
from swarmtui.games import get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.records.results import RecordWriter, ResultReader
from swarmtui.referee import Referee, Seat, TimeControl, check_seats, rules_object
from swarmtui.sim.batch import Batch
from swarmtui.sim.execution import WorkerLost, dask_client, map_ordered
from swarmtui.sim.match import game_seed
from swarmtui.sim.openings import MOVE_SEPARATOR, book_opening, parse_book, random_opening
from swarmtui.sim.pentanomial import PAIR_OUTCOMES, Sprt, pair_points
from swarmtui.sim.resume import replay_misfit
from swarmtui.sim.round_robin import Entrant, parse_entrant
from swarmtui.sim.seats import assign_params, split_rules

DEFAULT_MAX_PAIRS = 1000
DEFAULT_OPENING_PLIES = 2
MAX_PLIES = 10_000
LINE_SECONDS = 10.0
"""How often a run whose stderr is not a terminal (a log file) prints a line of progress."""


@dataclass(frozen=True)
class Player:
    """One side of the match as it is seated: agent, overrides (its own and ``--param``'s), label."""

    agent: str
    overrides: tuple[tuple[str, str], ...]
    label: str


@dataclass(frozen=True)
class SprtMatch:
    """What ``sim sprt`` plays: the game, players A and B, the test, the openings and the limits."""

    game: str
    first: str
    second: str
    test: Sprt = field(default_factory=Sprt)
    seed: int = 0
    params: tuple[str, ...] = ()
    max_pairs: int = DEFAULT_MAX_PAIRS
    opening_plies: int = DEFAULT_OPENING_PLIES
    book: tuple[tuple[str, ...], ...] = ()
    """Openings read from a book (``sim.openings.read_book``); empty: random plies."""
    clock: str = ""
    max_plies: int = MAX_PLIES

    def __post_init__(self) -> None:
        TimeControl.parse(self.clock)
        if not 1 <= self.max_pairs <= LIMITS.max_games // 2:
            raise ParamError(f"--max-pairs must be between 1 and {LIMITS.max_games // 2}")
        if not 0 <= self.seed <= SEED_LIMIT:
            raise ParamError(f"seed {self.seed} is not between 0 and {SEED_LIMIT}")
        if not 0 <= self.opening_plies <= 200 or not 1 <= self.max_plies <= LIMITS.max_moves:
            raise ParamError("--opening takes 0 to 200 plies and --cap 1 to 1,000,000")
        game = get_game(self.game)
        if len(game.seats) != 2 or 2 not in game.player_counts:
            raise ParamError(f"the SPRT compares two players; {game.title} is not a two-player game")

    def players(self) -> tuple[Player, Player]:
        """A and B with their overrides (ParamError for a bad entrant or parameter)."""
        spec = get_game(self.game)
        a, b = (parse_entrant(text, self.game) for text in (self.first, self.second))
        assignments, _ = split_rules(spec, [a.agent, b.agent], list(self.params))
        for text in assignments:
            scope = text.partition("=")[0].rpartition(".")[0]
            if scope in spec.seats:
                raise ParamError(f"--param {text!r}: the colours alternate in an SPRT, so a parameter cannot go "
                                 "to a seat; give one player's parameters as AGENT:name=value")
        extra = [seat.overrides for seat in assign_params(spec, [a.agent, b.agent], assignments)]
        labels = _labels(a, b)
        return (Player(a.agent, a.overrides + extra[0], labels[0]),
                Player(b.agent, b.overrides + extra[1], labels[1]))

    def rules(self) -> tuple[tuple[str, str], ...]:
        spec = get_game(self.game)
        a, b = (parse_entrant(text, self.game) for text in (self.first, self.second))
        return split_rules(spec, [a.agent, b.agent], list(self.params))[1]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "first": self.first, "second": self.second, "elo0": self.test.elo0,
                "elo1": self.test.elo1, "alpha": self.test.alpha, "beta": self.test.beta, "model": self.test.model,
                "seed": self.seed, "params": list(self.params), "max_pairs": self.max_pairs,
                "opening_plies": self.opening_plies, "book": [list(line) for line in self.book],
                "clock": self.clock, "max_plies": self.max_plies}

    @classmethod
    def from_json(cls, payload: Any) -> SprtMatch:
        """The match of a result file's header; ParamError when it does not describe one."""
        try:
            test = Sprt(float(payload["elo0"]), float(payload["elo1"]), float(payload["alpha"]),
                        float(payload["beta"]), str(payload["model"]))
            book = tuple(tuple(str(move) for move in line) for line in payload.get("book", []))
            match = cls(str(payload["game"]), str(payload["first"]), str(payload["second"]), test,
                        int(payload["seed"]), tuple(str(p) for p in payload.get("params", [])),
                        int(payload["max_pairs"]), int(payload["opening_plies"]), book, str(payload.get("clock", "")),
                        int(payload.get("max_plies", MAX_PLIES)))
            if book:  # checked as a --book file is: every line played from the start
                if any("\n" in move or MOVE_SEPARATOR in move for line in book for move in line):
                    raise ParamError("the run header's book has a move that is not one move")
                parse_book("\n".join(MOVE_SEPARATOR.join(line) for line in book), match.game, match.rules(),
                           "the run header's book")
            return match
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as error:
            if isinstance(error, ParamError):
                raise
            raise ParamError(f"the run header does not describe an SPRT match ({error})") from None

    def describe(self) -> str:
        return f"{self.game}: A = {self.first} against B = {self.second}"


def _labels(a: Entrant, b: Entrant) -> tuple[str, str]:
    if a.label != b.label:
        return a.label, b.label
    return f"{a.label} (A)", f"{b.label} (B)"


@dataclass(frozen=True)
class SprtGame:
    """One game of the match, as small as a pool task can be (the book's one line, not the book)."""

    game: str
    index: int
    seats: tuple[Seat, ...]
    labels: tuple[tuple[str, str], ...]
    seed: int
    rules: tuple[tuple[str, str], ...]
    clock: str
    max_plies: int
    book_line: tuple[str, ...] | None
    opening_plies: int
    opening_seed: int


class SprtGames(Sequence[SprtGame]):
    """The match's games ``indices``, built when a worker pool asks for them (a run of 20,000
    games holds no list of 20,000 tasks)."""

    def __init__(self, match: SprtMatch, indices: Sequence[int]) -> None:
        self.match, self.indices = match, list(indices)
        self.players = match.players()
        self.rules = match.rules()
        self.seat_names = get_game(match.game).seats

    def __len__(self) -> int:
        return len(self.indices)

    @overload
    def __getitem__(self, position: int) -> SprtGame: ...

    @overload
    def __getitem__(self, position: slice) -> Sequence[SprtGame]: ...

    def __getitem__(self, position: int | slice) -> SprtGame | Sequence[SprtGame]:
        if isinstance(position, slice):
            return SprtGames(self.match, self.indices[position])
        index = self.indices[position]
        pair, swapped = divmod(index, 2)
        order = self.players[::-1] if swapped else self.players
        match = self.match
        seats = tuple(Seat(name, p.agent, p.overrides) for name, p in zip(self.seat_names, order, strict=True))
        labels = tuple((name, p.label) for name, p in zip(self.seat_names, order, strict=True))
        line = match.book[pair % len(match.book)] if match.book else None
        return SprtGame(match.game, index, seats, labels, game_seed(match.seed, index), self.rules, match.clock,
                        match.max_plies, line, match.opening_plies, derive_seed(match.seed, "opening", pair))


def play_sprt_game(task: SprtGame) -> GameLog:
    """Play one game of the match: its opening, then the players, to the end or the cap."""
    referee = Referee.seated(task.game, task.seats, task.seed, rules=task.rules, players=dict(task.labels),
                             max_plies=task.max_plies, time_control=TimeControl.parse(task.clock))
    with referee:
        _open(referee, task)
        log = referee.run(index=task.index)
    log.extra = {"think_cpu": {k: round(v, 6) for k, v in referee.think_cpu.items()}, "decisions": referee.decisions}
    return log


def score_of_first(log: GameLog) -> float:
    """Player A's points in a logged game of the match (A sits first in even games): 1, 1/2 or 0;
    a game stopped at the cap is a draw."""
    mine = get_game(log.game).seats[(log.index or 0) % 2]
    return 0.5 if log.winner is None else 1.0 if log.winner == mine else 0.0


@dataclass
class Tally:
    """The test's state: pairs counted in order, the pentanomial, the LLR and the decision."""

    test: Sprt
    counts: list[int] = field(default_factory=lambda: [0] * 5)
    games: list[int] = field(default_factory=lambda: [0, 0, 0])
    """A's wins, draws and losses over the pairs counted."""
    llr: float = 0.0
    decision: str | None = None

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    def add_pair(self, first: float, second: float) -> None:
        self.counts[pair_points(first, second)] += 1
        for score in (first, second):
            self.games[0 if score == 1.0 else 1 if score == 0.5 else 2] += 1
        self.llr = self.test.llr(self.counts)
        self.decision = self.test.decision(self.llr)

    def fold(self, scores: dict[int, float]) -> None:
        """Count the pairs of ``scores`` (game index -> A's points) in order, from the first not
        yet counted, until one is incomplete or the test decides."""
        while self.decision is None and 2 * self.pairs + 1 in scores and 2 * self.pairs in scores:
            self.add_pair(scores[2 * self.pairs], scores[2 * self.pairs + 1])

    def status(self) -> str:
        """One line: pairs, LLR within its bounds, the Elo estimate, the pentanomial."""
        lower, upper = self.test.bounds
        line = f"{self.pairs} pairs, LLR {self.llr:+.2f} ({lower:+.2f}, {upper:+.2f})"
        estimate = self.test.estimate(self.counts)
        if estimate is not None:
            line += f", Elo {estimate.elo:+.1f} [{estimate.low:+.1f}, {estimate.high:+.1f}]"
        return line + f", pentanomial {self.counts}"

    def to_json(self) -> dict[str, Any]:
        estimate = self.test.estimate(self.counts)
        return {"decision": self.decision, "llr": round(self.llr, 6), "pairs": self.pairs,
                "pentanomial": dict(zip(PAIR_OUTCOMES, self.counts, strict=True)),
                "wins": self.games[0], "draws": self.games[1], "losses": self.games[2],
                "bounds": list(self.test.bounds)} | (
            {"elo": [estimate.elo, estimate.low, estimate.high]} if estimate is not None else {})


class SprtInterrupted(Stopped):
    """The match was stopped (Ctrl-C, SIGTERM, SIGHUP) or a worker died; the games played are
    kept in ``path`` and the message says how to go on."""

    def __init__(self, why: str, tally: Tally, path: Path | None, code: int | None = None) -> None:
        self.code = code
        kept = (f"the games are kept in {path}; continue with: swarmtui sim sprt --resume {path}" if path
                else "nothing was saved (use --out FILE to keep the games of a long match)")
        super().__init__(f"{why} after {tally.status()}; {kept}")

    @property
    def exit_code(self) -> int:
        return self.code if self.code is not None else super().exit_code


@dataclass
class ResumedMatch:
    """What an earlier run of the match left in its file: its games (``GameLog.light``), the size
    of its whole lines (where the resumed run appends) and whether a last line cut short was left out."""

    match: SprtMatch
    games: list[GameLog]
    whole_bytes: int = 0
    cut: bool = False


def load_sprt(path: Path) -> ResumedMatch:
    """The match and checked games of an unfinished ``sim sprt --out`` file (SaveError when
    damaged; ParamError when it is no SPRT file, is complete, or holds a line that is not one of
    the match's games: see :func:`misfit`). Checked whole before anything is played or written."""
    reader = ResultReader(path)
    match: SprtMatch | None = None
    games: SprtGames | None = None
    kept: dict[int, GameLog] = {}
    number = 0
    for kind, value in reader:
        if kind == "run":
            match = _header_match(path, value)
            games = SprtGames(match, range(2 * match.max_pairs))
        elif kind == "summary":
            raise ParamError(f"{path} is complete; nothing to resume (see 'swarmtui sim report {path}')")
        else:
            number += 1
            assert games is not None  # the reader yields the header first
            problem = (f"a {kind} line, not a game" if kind != "game"
                       else "a second line for that game" if value.index in kept else misfit(value, games))
            if problem:
                raise ParamError(f"{path}: game line {number} is not one of this match's games ({problem}), "
                                 "so the file is not resumed")
            kept[value.index] = value.light()
    assert match is not None  # the reader refuses a file without a run header
    return ResumedMatch(match, list(kept.values()), reader.whole_bytes, reader.cut)


def _header_match(path: Path, header: dict[str, Any]) -> SprtMatch:
    if "sprt" not in header:
        raise ParamError(f"{path} is not the result file of 'swarmtui sim sprt', so it cannot be resumed here")
    try:
        match = SprtMatch.from_json(header["sprt"])
        check_seats(match.game, SprtGames(match, [0])[0].seats)
    except ParamError as error:
        raise ParamError(f"{path} cannot be resumed: {error}") from None
    return match


def misfit(log: GameLog, games: SprtGames) -> str:
    """Why ``log`` is not game ``log.index`` of the match (empty: it is): its seats, labels,
    parameters, rules and seed are the ones the match gives that game, it opens with the pair's
    opening, and its moves replay to the ending it states (``sim.resume.replay_misfit``)."""
    match = games.match
    where = f"game {log.game}, index {log.index}"
    if log.game != match.game or log.index is None or not 0 <= log.index < len(games):
        return where
    task = games[log.index]
    if list(log.players.items()) != list(task.labels):
        return f"{where}: its players {log.players} are not the match's {dict(task.labels)}"
    params = {seat.name: dict(seat.overrides) for seat in task.seats if seat.overrides}
    if log.params != params or log.rules != dict(task.rules) or log.seed != task.seed:
        return f"{where}: its parameters, rules or seed are not the ones the match gives that game"
    if log.traces is not None or log.skips is not None or log.plies != len(log.moves):
        return f"{where}: its plies are not its moves"
    opening = opening_moves(task)
    if log.moves[:len(opening)] != opening:
        return f"{where}: it does not start with its pair's opening"
    batch = Batch(match.game, task.seats, len(games), match.seed, rules=task.rules,
                  time_control=TimeControl.parse(match.clock))
    return replay_misfit(log, batch, max_plies=match.max_plies)


def opening_moves(task: SprtGame) -> list[str]:
    """The moves a game of the match opens with (its book line, or its random plies)."""
    spec = get_game(task.game)
    names = [seat.name for seat in task.seats]
    referee = Referee(spec, spec.start(len(names), rules_object(spec, task.rules)), {}, outside=names,
                      max_plies=task.max_plies)
    _open(referee, task)
    return referee.moves


def _open(referee: Referee, task: SprtGame) -> None:
    if task.book_line is not None:
        book_opening(referee, task.book_line)
    else:
        random_opening(referee, task.opening_plies, task.opening_seed)


def _progress(console: Console) -> Progress:
    return Progress(TextColumn("{task.description}"), TimeElapsedColumn(), console=console, transient=False,
                    disable=not console.is_terminal)


class _Reporter:
    """The running LLR on stderr: a live line on a terminal, a line every ``LINE_SECONDS`` in a log."""

    def __init__(self, console: Console, progress: Progress, task: Any) -> None:
        self.console, self.progress, self.task = console, progress, task
        self.last = time.monotonic()

    def show(self, tally: Tally, games: int, final: bool = False) -> None:
        text = f"SPRT {games} games, {tally.status()}"
        self.progress.update(self.task, description=safe_text(text).plain)
        if not self.console.is_terminal and (final or time.monotonic() - self.last >= LINE_SECONDS):
            self.console.print(safe_text(text), soft_wrap=True)
            self.last = time.monotonic()


def run_sprt(match: SprtMatch, *, workers: int, scheduler: str | None, out: Path | None,
             resumed: ResumedMatch | None, out_console: Console, err_console: Console) -> Tally:
    """Play pairs until the test decides (or ``max_pairs``), keep the games in ``out``, print the
    result; return the test's state. Raises ``SprtInterrupted`` on a stop signal or a lost worker
    after saving the games played (one ``signals.deferred()`` region, as ``sim run``)."""
    check_seats(match.game, SprtGames(match, [0])[0].seats)
    earlier = resumed.games if resumed else []
    scores = {log.index or 0: score_of_first(log) for log in earlier}
    tally = tally_of(match, earlier)
    missing = [i for i in range(2 * match.max_pairs) if i not in scores] if tally.decision is None else []
    header = {"sprt": match.to_json(), "swarmtui": __version__}
    if out is None:
        writer: Any = nullcontext()
    elif resumed is not None:
        writer = RecordWriter(out, resume=True, keep_bytes=resumed.whole_bytes, kept_games=len(earlier))
    else:
        writer = RecordWriter(out, header)
    progress = _progress(err_console)
    with signals.deferred(), dask_client(scheduler) as client, writer as records_file, progress:
        reporter = _Reporter(err_console, progress, progress.add_task("SPRT", total=None))
        reporter.show(tally, len(scores))
        try:
            for log in play_until_decided(match, missing, workers, client, tally):
                scores[log.index or 0] = score_of_first(log)
                if records_file is not None:
                    records_file.write(log)
                tally.fold(scores)
                reporter.show(tally, len(scores))
        except KeyboardInterrupt:
            raise SprtInterrupted("interrupted", tally, out) from None
        except WorkerLost as lost:
            raise SprtInterrupted(f"stopped ({lost})", tally, out, code=2) from None
        reporter.show(tally, len(scores), final=True)
        if records_file is not None:
            records_file.finish({"sprt": tally.to_json()})
    print_result(match, tally, out_console)
    if out:
        err_console.print(safe_text(f"wrote {len(scores)} games to {out}"), soft_wrap=True)
    return tally


DASK_WINDOW = 256
"""Games handed to a Dask cluster at a time: Dask takes every task of a map at once, and a match
may allow millions of games it will never play."""


def play_until_decided(match: SprtMatch, indices: list[int], workers: int, client: Any,
                       tally: Tally) -> Iterator[GameLog]:
    """The games ``indices`` in order, until the test decides (the pool is stopped then: the
    games it was playing ahead are not kept, exactly as an uninterrupted run keeps them)."""
    window = len(indices) if client is None else DASK_WINDOW
    for start in range(0, len(indices), window):
        results = map_ordered(play_sprt_game, SprtGames(match, indices[start:start + window]), workers, client,
                              chunk=1)
        try:
            for log in results:
                yield log
                if tally.decision is not None:
                    return
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()


def verdict(match: SprtMatch, tally: Tally) -> str:
    """What the test says, in a sentence: H1 means "A is more than ``elo0`` stronger" (wrongly, when
    A is at most ``elo0`` stronger, with probability at most α), H0 "A is less than ``elo1``
    stronger" (wrongly, when A is at least ``elo1`` stronger, with probability at most β)."""
    test = match.test
    if tally.decision == "H1":
        return (f"H1 accepted: A is stronger than B by more than {test.elo0:g} {test.model} Elo "
                f"(a false H1 has probability at most alpha = {test.alpha:g})")
    if tally.decision == "H0":
        return (f"H0 accepted: A is not stronger than B by {test.elo1:g} {test.model} Elo or more "
                f"(a false H0 has probability at most beta = {test.beta:g})")
    return f"no decision after {tally.pairs} pairs (--max-pairs {match.max_pairs}): inconclusive"


def result_lines(match: SprtMatch, tally: Tally) -> list[str]:
    """The result as plain lines (the CLI's output and ``sim report``'s)."""
    lower, upper = match.test.bounds
    wins, draws, losses = tally.games
    games = wins + draws + losses
    lines = [f"SPRT {match.describe()}", verdict(match, tally),
             f"LLR {tally.llr:+.3f}, bounds ({lower:+.3f}, {upper:+.3f}); {match.test.describe()}",
             f"pairs {tally.pairs} ({games} games): " + ", ".join(
                 f"{name} {count}" for name, count in zip(PAIR_OUTCOMES, tally.counts, strict=True)),
             f"A won {wins}, drew {draws}, lost {losses}" + (
                 f" (score {100 * (wins + draws / 2) / games:.1f}%)" if games else "")]
    estimate = match.test.estimate(tally.counts)
    if estimate is not None:
        lines.append(f"Elo of A over B ({match.test.model}): {estimate.elo:+.1f}, 95% interval "
                     f"[{estimate.low:+.1f}, {estimate.high:+.1f}]")
    opening = (f"book of {len(match.book)} openings" if match.book
               else f"{match.opening_plies} random plies from seed {match.seed}")
    clock = TimeControl.parse(match.clock).describe()
    lines.append(f"openings: {opening}; clock: {clock}; cap {match.max_plies} plies")
    return lines


def print_result(match: SprtMatch, tally: Tally, console: Console) -> None:
    console.print(Text("\n".join(safe_text(line).plain for line in result_lines(match, tally))), soft_wrap=True)


def tally_of(match: SprtMatch, games: Sequence[GameLog]) -> Tally:
    """The test's state after ``games`` of the match (counted in order, as the run counts them)."""
    tally = Tally(match.test)
    tally.fold({log.index or 0: score_of_first(log) for log in games})
    return tally


def sprt_report(header: Any, games: Sequence[GameLog]) -> str:
    """``sim report``'s text for an SPRT result file: the test's state after its games (ParamError
    when the header describes no match)."""
    match = SprtMatch.from_json(header)
    return "\n".join(safe_text(line).plain for line in result_lines(match, tally_of(match, games)))
