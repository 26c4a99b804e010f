"""Same seed, same games: fingerprints of the Hive engine's behaviour against an earlier commit's.

    .venv/bin/python benchmarks/hive_fingerprint.py [--baseline a7908a8] [--games 12]
    .venv/bin/python benchmarks/hive_fingerprint.py --rules printed    # both engines without the repetition draw

For seeded random games of every game type (``--games`` each for Base and Base+MLP, a quarter as
many for the others, up to 200 plies) it hashes, at every position, the move list in its order,
``count_moves`` of a fresh copy, the Zobrist key and three ``random_move`` draws, then plays a
move (alternately a list pick, some rebuilt by hand so ``play`` checks them itself, and a
``random_move``); it adds the outcome and the moves played, and an MCTS tree grown from a mid-game
position (200 iterations: visits, rewards, nodes). The engine of the baseline commit is
extracted with ``git archive`` and imported beside this one (``hive_perft.load_baseline``), and
each fingerprint is compared. A refactor or a speed-up must print "identical" for every
fingerprint; a rule change prints which games it changes. The default baseline is the last
commit that changed the engine's play on purpose (``a7908a8``: the canonical move order of the
compiled generator; before it, ``e5dfb0b``'s ``random_move`` draws), so that the check means
something without a ``--baseline``. ``--rules default`` plays each
engine's own default rules (a game that repeats a position three times ends earlier since
issue 30); ``--rules printed`` plays both without the repetition draw.
"""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

import numpy as np
from hive_perft import CURRENT, Engine, load_baseline

from swarmtui.games.hive.pieces import GAME_TYPES

LAST_CHANGE = "a7908a8"  # the last commit that changed the engine's play on purpose (module docstring)


def game_fingerprint(engine: Engine, game_type: str, seed: int, options: dict[str, Any]) -> str:
    """The hash of one seeded game's every position (module docstring)."""
    digest = hashlib.sha256()
    rng, pick = np.random.default_rng(seed), np.random.default_rng(100 + seed)
    board = engine.rules.Board(game_type=game_type, **options)
    while board.outcome is None and board.ply < 200:
        moves = board.legal_moves()
        fresh = board.copy()
        fresh._legal = None
        digest.update(repr(([tuple(m) for m in moves], fresh.count_moves(), board.zobrist)).encode())
        digest.update(repr([tuple(board.random_move(pick)) for _ in range(3)]).encode())
        if board.ply % 2:
            board.play(board.random_move(rng))
        else:
            move = moves[int(rng.integers(len(moves)))]
            board.play(engine.rules.Move(*move) if board.ply % 4 == 0 else move)
    # The moves, not game_string(): the baseline's rules import their notation lazily, which
    # would find this engine's notation module.
    digest.update(repr((board.outcome, [tuple(m) for m in board.history])).encode())
    return digest.hexdigest()[:16]


def tree_fingerprint(engine: Engine, options: dict[str, Any]) -> str:
    """The hash of an MCTS tree's root statistics from a mid-game position."""
    board = engine.rules.Board(**options)
    rng = np.random.default_rng(5)
    while board.ply < 30:
        moves = sorted(board.legal_moves(), key=repr)
        board.play(moves[int(rng.integers(len(moves)))])
    stats = engine.mcts.grow_tree(board.copy(), engine.mcts.MctsParams(iterations=200), 3)
    root = ([tuple(m) for m in stats.visits], list(stats.visits.values()), list(stats.rewards.values()), stats.nodes)
    return hashlib.sha256(repr(root).encode()).hexdigest()[:16]


def fingerprints(engine: Engine, games: int, options: dict[str, Any]) -> dict[str, str]:
    out = {}
    for game_type in GAME_TYPES:
        for seed in range(games if game_type in ("Base", "Base+MLP") else max(1, games // 4)):
            out[f"{game_type} seed {seed}"] = game_fingerprint(engine, game_type, seed, options)
    out["mcts tree"] = tree_fingerprint(engine, options)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=LAST_CHANGE, help="git revision to compare with")
    parser.add_argument("--games", type=int, default=12, help="seeded games of Base and of Base+MLP")
    parser.add_argument("--rules", choices=("default", "printed"), default="default",
                        help="each engine's default rules, or both without the repetition draw")
    args = parser.parse_args()
    baseline, why = load_baseline(args.baseline)
    if baseline is None:
        raise SystemExit(f"no baseline: {why}")
    options = {"repetition": False} if args.rules == "printed" else {}
    ours, theirs = fingerprints(CURRENT, args.games, options), fingerprints(baseline, args.games, options)
    differ = [name for name in ours if ours[name] != theirs[name]]
    print(f"{len(ours)} fingerprints against {baseline.name} ({args.rules} rules): "
          + ("identical" if not differ else f"{len(differ)} differ: {', '.join(differ)}"))


if __name__ == "__main__":
    main()
