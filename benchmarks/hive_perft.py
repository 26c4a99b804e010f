"""Hive move-generator speed against a fixed earlier engine, in one run: perft from the start,
``legal_moves + play + undo`` in mid-game, and MCTS iterations.

    .venv/bin/python benchmarks/hive_perft.py [--depth 5] [--baseline 9045de2] [--repeats 3]
    .venv/bin/python benchmarks/hive_perft.py --depth 6 --repeats 1      # the perft(6) target
    .venv/bin/python benchmarks/hive_perft.py --baseline none            # this engine alone
    .venv/bin/python benchmarks/hive_perft.py --baseline fad7f21         # against the engine before issue 20

The baseline is the engine of an earlier commit (default ``9045de2``, before issue 31's work),
extracted with ``git archive`` into a temporary folder and imported beside this one in the same
process; each measurement runs baseline and current engine in turn, ``--repeats`` times, and
keeps the smallest CPU time (``time.process_time``) of each, so the ratio holds on a loaded
machine. Without git (or the commit) the script says so and prints this engine's figures only.

Printed: per perft depth the leaf count (checked against Mzinga's published counts), CPU
seconds and the speed-up; with ``--depth 6`` also perft(5) by the plain reference generator of
the tests (``tests/test_hive_brute.py``: rules as written, breadth-first checks, no tables; the
same bulk counting of the last ply) and perft(6)'s time as a multiple of it, a yardstick that
moves with the machine as the engine does; the rate of ``legal_moves() + play() + undo()`` cycles on mid-game
positions (plies 40-60 of seeded random games, about 60 legal moves each: what a search
player spends its time on); and the CPU time per MCTS iteration (thesis settings: depth 13),
for this engine with its own playout picker (``random_move``) and with full-list playouts.
The mid-game positions and MCTS roots are the same positions in both engines (the moves of one
are replayed in the other); whether both engines list the same moves (and in the same order)
is checked on the way. ``--baseline HEAD`` compares uncommitted changes with the last commit.
"""

from __future__ import annotations

import argparse
import atexit
import dataclasses
import importlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np

from swarmtui.agents.mcts import agent as current_mcts
from swarmtui.games.hive import compiled
from swarmtui.games.hive import perft as current_perft
from swarmtui.games.hive import rules as current_rules

# jonthysell/Mzinga src/Mzinga.Test/TestCases/BoardTests/Board_Base_PerftTest.csv
MZINGA = {1: 4, 2: 96, 3: 1440, 4: 21600, 5: 516240, 6: 12219480, 7: 181641900}
DEFAULT_BASELINE = "9045de2"  # main before issue 31's engine work (fad7f21: before issue 20's)
REPO = Path(__file__).resolve().parent.parent


class Engine(NamedTuple):
    """One engine's modules: rules (``Board``), ``perft`` and the ``mcts`` agent."""

    name: str
    rules: ModuleType
    perft: ModuleType
    mcts: ModuleType


CURRENT = Engine("current", current_rules, current_perft, current_mcts)


def load_baseline(rev: str) -> tuple[Engine | None, str]:
    """The engine of commit ``rev`` imported beside the current one (None and why, if it cannot be)."""
    modules, commit = import_commit(rev, ("swarmtui.games.hive.rules", "swarmtui.games.hive.perft",
                                          "swarmtui.agents.mcts.agent"))
    if modules is None:
        return None, commit
    return Engine(f"baseline {commit}", *modules), commit


def import_commit(rev: str, names: tuple[str, ...]) -> tuple[list[ModuleType] | None, str]:
    """Modules ``names`` (``swarmtui.…``) of commit ``rev``, imported beside the current package.

    The commit's ``swarmtui`` is extracted with ``git archive`` into a temporary folder (removed
    when the process ends) as a package of its own name, ``swarmtui_<commit>``: every
    ``swarmtui.`` in its source is renamed so. Its modules then import only each other, also
    the ones they import lazily inside a function (``alphabeta``'s evaluation is such a one),
    and can never be answered by a current module of the same name. ``names`` are today's
    modules; an agent's ``swarmtui.agents.<id>.agent`` is ``swarmtui.agents.<id>`` in a commit before
    e34897f (a single-module agent then, a package of its spec and ``agent.py`` since). The modules
    and the short commit, or None and why they cannot be had."""
    if shutil.which("git") is None:
        return None, "git is not installed"
    try:
        commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", f"{rev}^{{commit}}"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except subprocess.CalledProcessError:
        return None, f"{rev!r} is not a commit of {REPO} (or this is not a git checkout)"
    alias = f"swarmtui_{commit}"
    if alias not in sys.modules:
        folder = Path(tempfile.mkdtemp(prefix="swarmtui-baseline-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        archive = subprocess.run(["git", "-C", str(REPO), "archive", commit, "swarmtui"], capture_output=True,
                                 check=True)
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
        (folder / "swarmtui").rename(folder / alias)
        for source in (folder / alias).rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            source.write_text(_OWN_NAME.sub(alias, text), encoding="utf-8")
        sys.path.insert(0, str(folder))
    modules = [_import_as(alias, name) for name in names]
    return modules, commit


def _import_as(alias: str, name: str) -> ModuleType:
    """Module ``name`` (``swarmtui.…``) of the package ``alias``; an agent's ``….agent`` that is not
    there (a commit before e34897f) is the agent's own module."""
    own = alias + name.removeprefix("swarmtui")
    try:
        return importlib.import_module(own)
    except ModuleNotFoundError as error:
        if error.name != own or not own.startswith(f"{alias}.agents.") or not own.endswith(".agent"):
            raise
        return importlib.import_module(own.removesuffix(".agent"))


_OWN_NAME = re.compile(r"\bswarmtui\b(?!-)")  # the package's name (imports, module paths, resources)


def reference_perft(board: Any, depth: int) -> int:
    """Perft by the tests' plain reference generator (``brute_moves``), last ply bulk-counted."""
    sys.path.insert(0, str(REPO / "tests"))
    try:
        from test_hive_brute import brute_moves
    finally:
        sys.path.remove(str(REPO / "tests"))
    if depth == 1:
        return len(brute_moves(board))
    total = 0
    for move in brute_moves(board):
        board.play(move)
        total += reference_perft(board, depth - 1)
        board.undo()
    return total


def cpu_time(run: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    result = run()
    return time.process_time() - start, result


def interleaved(engines: list[Any], job: Callable[[Any], Callable[[], Any]], repeats: int) -> list[tuple[float, Any]]:
    """Per engine (or variant) the smallest CPU time of ``repeats`` runs (they take turns) and its result."""
    best: list[tuple[float, Any]] = [(float("inf"), None)] * len(engines)
    for _ in range(repeats):
        for i, engine in enumerate(engines):
            seconds, result = cpu_time(job(engine))
            if seconds < best[i][0]:
                best[i] = (seconds, result)
    return best


def midgame_games(count: int, seed: int) -> list[list[tuple]]:
    """Move lists reaching plies 40-60 of unfinished seeded random games (current engine).

    Each move is drawn from the legal moves sorted by their text, so the positions do not
    depend on the order in which an engine lists its moves (it changes between versions).
    """
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        board = current_rules.Board()
        target = int(rng.integers(40, 61))
        while board.outcome is None and board.ply < target:
            moves = sorted(board.legal_moves(), key=repr)
            board.play(moves[int(rng.integers(len(moves)))])
        if board.outcome is None:
            out.append([tuple(m) for m in board.history])
    return out


def replay(engine: Engine, moves: list[tuple]) -> Any:
    """The position after ``moves`` in ``engine`` (moves compared by value: piece, origin, dest)."""
    board = engine.rules.Board()
    for move in moves:
        board.play(engine.rules.Move(*move))
    return board


def midgame_cycles(boards: list[Any], rounds: int) -> Callable[[], int]:
    def run() -> int:
        cycles = 0
        for r in range(rounds):
            for board in boards:
                board._legal = None  # no cached list: measure the generator itself
                moves = board.legal_moves()
                board.play(moves[r % len(moves)])
                board.undo()
                cycles += 1
        return cycles
    return run


def mcts_iterations(engine: Engine, boards: list[Any], iterations: int, **options: Any) -> Callable[[], list]:
    params = engine.mcts.MctsParams(iterations=iterations, **options)
    roots = [board.copy() for board in boards]  # fresh copies: undo may reorder a board's own tables

    def run() -> list:
        return [engine.mcts.grow_tree(board, params, 7 + k).visits for k, board in enumerate(roots)]
    return run


def playouts(boards: list[Any], count: int, plies: int = 13) -> Callable[[], int]:
    """``count`` random playouts of ``plies`` plies from each board, as MCTS plays them (``random_move``
    and ``play``, then every move taken back); the plies played."""
    def run() -> int:
        rng = np.random.default_rng(11)
        played = 0
        for board in boards:
            for _ in range(count):
                depth = 0
                while depth < plies and board.outcome is None:
                    board.play(board.random_move(rng))
                    depth += 1
                played += depth
                for _ in range(depth):
                    board.undo()
        return played
    return run


def ratio_text(times: list[float]) -> str:
    return f"  speed-up {times[0] / times[1]:5.2f}x" if len(times) == 2 else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=5, help="perft depths 1..DEPTH from the start")
    parser.add_argument("--positions", type=int, default=40, help="mid-game positions")
    parser.add_argument("--rounds", type=int, default=20, help="cycles per mid-game position")
    parser.add_argument("--mcts-positions", type=int, default=4, help="MCTS roots (mid-game positions)")
    parser.add_argument("--iterations", type=int, default=150, help="MCTS iterations per root")
    parser.add_argument("--playouts", type=int, default=10, help="random playouts per mid-game position")
    parser.add_argument("--repeats", type=int, default=3, help="timings per engine (the smallest is kept)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help="git revision to compare with, or 'none'")
    args = parser.parse_args()

    if compiled.load(600) is None:
        print("this engine without its compiled kernel (Numba not installed, or SWARMTUI_NO_NUMBA set)")
    engines = [CURRENT]
    if args.baseline.lower() != "none":
        baseline, why = load_baseline(args.baseline)
        if baseline is None:
            print(f"no baseline: {why}; absolute figures of this engine only")
        else:
            engines = [baseline, CURRENT]
    print("engines: " + ", ".join(e.name for e in engines) + f"; CPU seconds, smallest of {args.repeats}")
    figures: dict[str, float] = {}

    for d in range(1, args.depth + 1):
        best = interleaved(engines, lambda e, d=d: lambda: e.perft.perft(e.rules.Board(), d), args.repeats)
        nodes = best[-1][1]
        check = "ok" if MZINGA.get(d) == nodes else f"MISMATCH (Mzinga {MZINGA.get(d)})"
        if any(result != nodes for _, result in best):
            check += " ENGINES DISAGREE"
        times = [seconds for seconds, _ in best]
        cells = "  ".join(f"{e.name}: {s:7.3f} s" for e, s in zip(engines, times, strict=True))
        print(f"perft({d}) = {nodes:>12,}  {check:3}  {cells}{ratio_text(times)}")
        if d == 6:
            figures["perft6"] = times[-1]
            if len(times) == 2:
                figures["perft6 ratio"] = times[0] / times[1]
            (seconds, reference_nodes), = interleaved(
                [None], lambda _: lambda: reference_perft(CURRENT.rules.Board(), 5), args.repeats)
            check = "ok" if reference_nodes == MZINGA[5] else f"MISMATCH (Mzinga {MZINGA[5]})"
            figures["perft6 per reference perft5"] = times[-1] / seconds
            print(f"perft(5) = {reference_nodes:>12,}  {check:3}  plain reference generator: {seconds:7.3f} s; "
                  f"this engine's perft(6) takes {times[-1] / seconds:.2f}x that")

    games = midgame_games(args.positions, args.seed)
    boards = {e.name: [replay(e, g) for g in games] for e in engines}
    lists = [[[tuple(m) for m in b.legal_moves()] for b in boards[e.name]] for e in engines]
    if len(lists) == 1:
        same = "one engine"
    elif all(x == lists[0] for x in lists):
        same = "same moves in the same order"
    elif all([sorted(map(repr, m)) for m in x] == [sorted(map(repr, m)) for m in lists[0]] for x in lists):
        same = "same moves, in another order"
    else:
        same = "MOVE LISTS DIFFER"
    average = sum(len(m) for m in lists[-1]) / len(lists[-1])
    best = interleaved(engines, lambda e: midgame_cycles(boards[e.name], args.rounds), args.repeats)
    times = [seconds for seconds, _ in best]
    cycles = best[-1][1]
    cells = "  ".join(f"{e.name}: {cycles / s:8,.0f}/s" for e, s in zip(engines, times, strict=True))
    print(f"mid-game legal_moves+play+undo ({args.positions} positions, ~{average:.0f} moves, {same}): "
          f"{cells}{ratio_text(times)}")
    if len(times) == 2:
        figures["mid-game ratio"] = times[0] / times[1]

    roots = {name: b[: args.mcts_positions] for name, b in boards.items()}
    variants = [(e, {}) for e in engines]
    if "fast_playouts" in {f.name for f in dataclasses.fields(CURRENT.mcts.MctsParams)}:
        variants.insert(len(engines) - 1, (CURRENT, {"fast_playouts": False}))
    best = interleaved(variants, lambda v: mcts_iterations(v[0], roots[v[0].name], args.iterations, **v[1]),
                       args.repeats)
    n = args.iterations * len(roots[CURRENT.name])
    cells = "  ".join(f"{e.name}{' (full-list playouts)' if o else ''}: {1000 * s / n:6.3f} ms"
                      for (e, o), (s, _) in zip(variants, best, strict=True))
    times = [best[0][0], best[-1][0]] if len(variants) > 1 else []
    versus = "the baseline" if len(engines) > 1 else "full-list playouts"
    print(f"MCTS per iteration (depth 13, {n} iterations): {cells}{ratio_text(times)} (against {versus})")
    if len(engines) == 2:
        figures["mcts ratio"] = times[0] / times[1]
    if all(hasattr(b[0], "random_move") for b in boards.values()):
        best = interleaved(engines, lambda e: playouts(boards[e.name], args.playouts), args.repeats)
        times = [seconds for seconds, _ in best]
        cells = "  ".join(f"{e.name}: {best[i][1] / s:8,.0f} plies/s" for i, (e, s) in enumerate(zip(engines, times,
                                                                                                    strict=True)))
        print(f"playouts (random_move + play, 13 plies, {args.playouts} from each of {args.positions} positions): "
              f"{cells}{ratio_text(times)}")
    print_targets(figures, engines[0].name if len(engines) == 2 else None)


def print_targets(figures: dict[str, float], baseline: str | None) -> None:
    """Issue 31's three rules-engine targets against this run's figures."""
    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    print("issue 31 targets (this run; CPU seconds are inflated on a loaded machine, ratios are not):")
    if "perft6" in figures:
        ratio = figures["perft6 per reference perft5"]
        print(f"  perft(6) <= 2.5x the reference's perft(5): {ratio:.2f}x: {verdict(ratio <= 2.5)}")
        if "perft6 ratio" in figures:
            print(f"  perft(6) speed-up against {baseline}: {figures['perft6 ratio']:.2f}x")
    else:
        print("  perft(6) <= 2.5x the reference's perft(5): not measured (--depth 6)")
    if baseline is None:
        print("  ratio targets: no baseline engine in this run")
        return
    ratio = figures["mid-game ratio"]
    print(f"  mid-game legal_moves+play+undo >= 1.5x {baseline}: {ratio:.2f}x: {verdict(ratio >= 1.5)}")
    ratio = figures["mcts ratio"]
    print(f"  MCTS iteration >= 1.5x {baseline}: {ratio:.2f}x: {verdict(ratio >= 1.5)}")


if __name__ == "__main__":
    main()
