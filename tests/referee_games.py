"""A fixed set of seeded games of every game and agent, played through every face's loop.

``tests/data/referee_games.json`` holds what these cases played at commit 8b357e5 (before the
referee: each face had its own loop), recorded with ``python tests/referee_games.py --write``;
``tests/test_referee_same_games.py`` plays them again with the code of today and finds the same
moves, so the refactor onto one referee keeps "same seed, same game" for saved games, result
files and replays. A case names its *face* (the loop it goes through):

- ``sim``: one game of a ``swarmtui sim run`` batch (``sim.match.play_match``);
- ``round-robin``: a scheduled game with its random opening (``play_pairing``);
- ``hive-protocol``: McGuile's protocol game (random placements and phase, then the AI phase);
- ``halma-attempt``: one attempt of a Kuehner & Stock Table V game;
- ``tui``: an AI-versus-AI game in the TUI's game screen (run headless at instant speed), its
  first ``plies`` moves; ``resume`` rebuilds a saved prefix (``Match.from_saved``) and plays on.

Agents that think against the clock are given budgets they finish long before (a depth, a
node count) so the games do not depend on the machine's speed. The external ``uhp`` agent is
left out: it plays whatever the engine it runs answers.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "referee_games.json"

AB = [["depth", "1"], ["time_limit", "600"]]
"""alphabeta at one ply with a time limit it never reaches: the same move on any machine."""
MCTS = [["iterations", "40"]]


def _sim(game: str, players: list[tuple[str, list[list[str]]]], seed: int, index: int = 0,
         max_plies: int = 10_000, rules: list[list[str]] | None = None) -> dict[str, Any]:
    return {"face": "sim", "game": game, "players": [[a, o] for a, o in players], "seed": seed, "index": index,
            "max_plies": max_plies, "rules": rules or []}


def _cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    noughts = [("random", []), ("minimax", []), ("ga", []), ("mcts", MCTS), ("alphabeta", AB)]
    for i, first in enumerate(noughts):
        for j, second in enumerate(noughts):
            if i != j and (i + j) % 2 == 0 or j == 0 or i == 0:
                cases.append(_sim("noughts", [first, second], seed=10 + i, index=j))
    halma = [("greedy", []), ("beam", []), ("aco-bco", []), ("aco-bco-plus", []), ("aco-bco-colony", []),
             ("halma-search", []), ("mcts", [["iterations", "20"]])]
    for i, agent in enumerate(halma):
        cases.append(_sim("halma", [agent, ("random", [])], seed=20 + i, max_plies=40))
        cases.append(_sim("halma", [("greedy", []), agent], seed=30 + i, index=1, max_plies=40))
    cases.append(_sim("halma", [("greedy", []), ("aco-bco", []), ("halma-search", [])], seed=5, max_plies=60))
    cases.append(_sim("halma", [("aco-bco", [["cooperate", "true"]]), ("greedy", [])], seed=6, max_plies=40,
                      rules=[["neutral", "pass"]]))
    cases.append(_sim("halma", [("greedy", [])], seed=4))  # alone, to the end
    hive = [("pso", []), ("pso-plus", []), ("pso-verify", [["verify_depth", "1"]]), ("alphabeta", AB),
            ("mcts", [["iterations", "15"], ["depth", "4"]])]
    for i, agent in enumerate(hive):
        cases.append(_sim("hive", [agent, ("random", [])], seed=40 + i, max_plies=30))
        cases.append(_sim("hive", [("random", []), agent], seed=50 + i, index=2, max_plies=30))
    # This game repeats a position a third time at ply 34; recorded before the repetition draw
    # became Hive's default, it plays on under the printed rules (repetition=false).
    cases.append(_sim("hive", [("pso-plus", []), ("alphabeta", AB)], seed=7, max_plies=40,
                      rules=[["game_type", "Base+MLP"], ["repetition", "false"]]))
    cases.append(_sim("hive", [("random", []), ("random", [])], seed=8))  # to the end
    cases += [
        {"face": "round-robin", "game": "noughts", "entrants": ["minimax", "random", "mcts:iterations=30"],
         "rounds": 1, "seed": 3, "players": 2, "opening": 2, "cap": 300},
        {"face": "round-robin", "game": "hive", "entrants": ["pso", "random", "alphabeta:depth=1:time_limit=600"],
         "rounds": 1, "seed": 4, "players": 2, "opening": 2, "cap": 24},
        {"face": "round-robin", "game": "halma", "entrants": ["greedy", "random", "aco-bco"],
         "rounds": 1, "seed": 5, "players": 3, "opening": 3, "cap": 45},
    ]
    for index, (agents, immobile) in enumerate([(("pso", "random"), False), (("pso", "random"), True),
                                                 (("pso-plus", "mcts"), False), (("mcts", "pso"), False)]):
        cases.append({"face": "hive-protocol", "players": list(agents), "seed": 9, "index": index,
                      "random_moves": 3, "ai_moves": 6, "immobile": immobile,
                      "overrides": {"mcts": [["iterations", "15"], ["depth", "4"]]}})
    cases += [_sim("halma", [("aco-bco", []), ("greedy", [])], seed=12, max_plies=30) | {"face": "redecide"},
              _sim("hive", [("pso", []), ("random", [])], seed=13, max_plies=30) | {"face": "redecide"}]
    attempts: tuple[tuple[str, int, list[list[str]]], ...] = (
        ("aco-bco", 1, [["memory", "none"]]), ("aco-bco", 2, [["memory", "shipped"], ["cooperate", "true"]]),
        ("aco-bco-plus", 1, []), ("aco-bco-colony", 2, []))
    for halma_agent, players, overrides in attempts:
        cases.append({"face": "halma-attempt", "agent": halma_agent, "players": players, "overrides": overrides,
                      "seed": 11, "cap": 15})
    cases += [
        {"face": "tui", "game": "noughts", "agents": ["random", "minimax"], "seed": 3, "plies": 9},
        {"face": "tui", "game": "noughts", "agents": ["ga", "mcts"], "seed": 4, "plies": 9,
         "params": [[], MCTS]},
        {"face": "tui", "game": "halma", "agents": ["aco-bco", "greedy"], "seed": 5, "plies": 12},
        {"face": "tui", "game": "hive", "agents": ["pso-plus", "alphabeta"], "seed": 6, "plies": 10,
         "params": [[], AB]},
        {"face": "resume", "game": "hive", "agents": ["pso", "mcts"], "seed": 2, "plies": 10, "cut": 5,
         "params": [[], [["iterations", "15"], ["depth", "4"]]]},
        {"face": "resume", "game": "halma", "agents": ["aco-bco", "aco-bco-colony"], "seed": 2, "plies": 12,
         "cut": 7},
    ]
    return cases


CASES = _cases()


def _outcome(log: Any) -> dict[str, Any]:
    return {"moves": list(log.moves), "winner": log.winner, "result": log.result, "reason": log.reason}


def play_sim(case: dict[str, Any]) -> dict[str, Any]:
    return _outcome(_sim_log(case))


def _sim_log(case: dict[str, Any]) -> Any:
    from swarmtui.games import get_game
    from swarmtui.sim.match import play_match
    from swarmtui.sim.seats import Seat

    spec = get_game(case["game"])
    names = spec.seats_for(len(case["players"]))
    seats = [Seat(name, agent, tuple(map(tuple, overrides)))
             for name, (agent, overrides) in zip(names, case["players"], strict=True)]
    return play_match(case["game"], seats, case["seed"], case["index"], max_plies=case["max_plies"],
                      rules=tuple(tuple(r) for r in case["rules"]))


def play_redecide(case: dict[str, Any]) -> dict[str, Any]:
    """A sim game logged without traces, its AI turns re-decided for the replay viewer."""
    from swarmtui.records.replay import Recording
    from swarmtui.referee import redecide, seat_agents

    played = play_sim(case | {"face": "sim"})
    log = _sim_log(case)
    recording = Recording.from_log(log, "the recorded game")
    rebuilt = redecide(recording, seat_agents(log.game, log.players, log.params, log.seed))
    return played | {"rebuilt": rebuilt, "note": recording.redecided,
                     "kinds": {str(ply): trace.kind for ply, trace in sorted(recording.traces.items())}}


def play_round_robin(case: dict[str, Any]) -> dict[str, Any]:
    from swarmtui.sim.round_robin import parse_entrants, play_pairing, schedule

    entrants = parse_entrants(case["entrants"], case["game"])
    games = {}
    for pairing in schedule(entrants, case["rounds"], case["seed"], case["players"]):
        log = play_pairing(case["game"], pairing, case["seed"], case["cap"], case["opening"])
        games[str(pairing.index)] = _outcome(log) | {"decisions": log.extra["decisions"]}
    return games


def play_hive_protocol(case: dict[str, Any]) -> dict[str, Any]:
    from swarmtui.papers.mcguile.protocol import Player, Protocol, play_protocol_game

    players = tuple(Player(a, tuple(map(tuple, case["overrides"].get(a, [])))) for a in case["players"])
    protocol = Protocol(case["random_moves"], case["ai_moves"], case["immobile"])
    record = play_protocol_game(players, protocol, case["seed"], case["index"])  # type: ignore[arg-type]
    return {"moves": record.moves, "skips": record.skips, "ai_start": record.ai_start, "winner": record.winner,
            "reason": record.reason, "ai_moves": record.ai_moves, "intentions": record.intentions}


def play_halma_attempt(case: dict[str, Any]) -> dict[str, Any]:
    from swarmtui.papers.kuehner_stock.table5 import Setup, play_attempt

    setup = Setup(case["agent"], case["players"], tuple(map(tuple, case["overrides"])), cap=case["cap"])
    attempt = play_attempt(setup, case["seed"])
    board = attempt.board
    replay = type(board)(case["players"])
    moves = []
    for move in board.history:
        moves.append(replay.format_move(move))
        replay.play(move)
    return {"moves": moves, "winner": attempt.winner, "counts": attempt.moves}


async def _tui_game(case: dict[str, Any], prefix: list[str] | None = None) -> list[str]:
    """The first ``plies`` moves the game screen plays from the start, or from a saved game of the
    moves ``prefix`` (rebuilt by ``Match.from_saved``: the AI seats re-decide them)."""
    from swarmtui.records.gamelog import GameLog
    from swarmtui.tui.app import SwarmApp
    from swarmtui.tui.match import Match, MatchConfig
    from swarmtui.tui.screens.game import GameScreen

    params = tuple(tuple(map(tuple, p)) for p in case.get("params", ()))
    config = MatchConfig(case["game"], tuple(case["agents"]), case["seed"], params)
    app = SwarmApp(speed="instant")
    app.theme = "textual-dark"
    app.animation_level = "none"

    def done(screen: GameScreen) -> bool:
        return screen.match.is_over or len(screen.match.moves) >= case["plies"]

    async with app.run_test(size=(160, 48)) as pilot:
        match = Match(config)
        if prefix is not None:
            seats = match.seats
            match.close()
            saved = GameLog(case["game"], dict(zip(seats, case["agents"], strict=True)), prefix, case["seed"],
                            {s: dict(p) for s, p in zip(seats, params, strict=False) if p})
            match = Match.from_saved(saved, "the recorded game")
        app.open_game(match)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        while not done(screen):
            await pilot.pause(0.02)
        moves = screen.match.move_texts()[:case["plies"]]
        screen.token += 1  # ignore whatever its worker still answers
        app.exit()
    return moves


def play_tui(case: dict[str, Any]) -> dict[str, Any]:
    """A game screen's game; for ``resume``, also the game rebuilt from its first ``cut`` moves."""
    import os

    before = os.environ.get("SWARMTUI_SAVES")
    with tempfile.TemporaryDirectory() as saves:
        os.environ["SWARMTUI_SAVES"] = saves  # the games autosave here, not in the user's saves
        try:
            moves = asyncio.run(_tui_game(case))
            if case["face"] == "resume":
                return {"moves": moves, "resumed": asyncio.run(_tui_game(case, moves[:case["cut"]]))}
            return {"moves": moves}
        finally:
            if before is None:
                del os.environ["SWARMTUI_SAVES"]
            else:
                os.environ["SWARMTUI_SAVES"] = before


PLAYERS = {"sim": play_sim, "redecide": play_redecide, "round-robin": play_round_robin,
           "hive-protocol": play_hive_protocol, "halma-attempt": play_halma_attempt,
           "tui": play_tui, "resume": play_tui}


def play(case: dict[str, Any]) -> dict[str, Any]:
    """What ``case`` plays with the code of today."""
    return PLAYERS[case["face"]](case)


def case_id(case: dict[str, Any]) -> str:
    if case["face"] in ("sim", "redecide"):
        agents = "-".join(a for a, _ in case["players"])
        return f"{case['face']}-{case['game']}-{agents}-s{case['seed']}i{case['index']}"
    if case["face"] == "halma-attempt":
        return f"halma-attempt-{case['agent']}-{case['players']}p"
    if case["face"] == "hive-protocol":
        return f"hive-protocol-{'-'.join(case['players'])}-{case['index']}"
    return f"{case['face']}-{case.get('game', '')}-{'-'.join(case.get('agents', case.get('entrants', [])))}"


def main() -> None:
    if "--update" in sys.argv:
        update()
        return
    if "--write" not in sys.argv:
        raise SystemExit("usage: python tests/referee_games.py --write  (records tests/data/referee_games.json)\n"
                         "       python tests/referee_games.py --update GAME  (records again only GAME's cases whose "
                         "play changed)")
    import subprocess
    import time

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=DATA.parent).stdout.strip()
    recorded = []
    for case in CASES:
        tick = time.perf_counter()
        recorded.append({"case": case, "played": play(case)})
        print(f"{time.perf_counter() - tick:6.2f} s  {case_id(case)}", file=sys.stderr)
    DATA.write_text(json.dumps({"commit": commit, "games": recorded}, indent=1) + "\n", encoding="utf-8")


def update() -> None:
    """Record again only the cases of the game named after ``--update`` whose moves changed (an
    agent or engine that changed its play on purpose); every other case must still play its
    recorded moves, or nothing is written."""
    game = sys.argv[sys.argv.index("--update") + 1]
    data = json.loads(DATA.read_text(encoding="utf-8"))
    changed: list[str] = []
    wrong: list[str] = []
    for recorded in data["games"]:
        played = play(recorded["case"])
        if played == recorded["played"]:
            continue
        case = recorded["case"]
        (changed if case.get("game", "hive" if case["face"] == "hive-protocol" else None) == game
         else wrong).append(case_id(case))
        recorded["played"] = played
    if wrong:
        raise SystemExit("cases of other games changed too (nothing written): " + ", ".join(wrong))
    DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"recorded again ({len(changed)}): " + ", ".join(changed))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
