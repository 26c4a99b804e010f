"""Same seed, same game, across the referee refactor: every recorded case plays its moves again.

``tests/data/referee_games.json`` was recorded at commit 8b357e5, before the referee (each face
had its own loop), by ``python tests/referee_games.py --write``; see ``tests/referee_games.py``
for the cases (every game, every agent but the external engine, each face's loop). Where an agent
changed its play on purpose, only its cases were recorded again (the rest still hold 8b357e5's
moves): the four Hive MCTS cases with the playout picker's pins, the seven Hive cases of
``alphabeta`` and ``pso-verify`` when the evaluation took the tuned weights, and the twenty Hive
cases whose play changed when the move list took its canonical order for the compiled kernel
and ``random_move`` became the list entry of one draw (issue 31, ``docs/hive.md``; recorded
by ``python tests/referee_games.py --update hive``, which refuses to write if a case of another
game changed).
"""

from __future__ import annotations

import json

import pytest
from referee_games import DATA, case_id, play

RECORDED = json.loads(DATA.read_text(encoding="utf-8"))["games"]


@pytest.mark.parametrize("recorded", RECORDED, ids=[case_id(r["case"]) for r in RECORDED])
def test_the_recorded_game_is_played_again(recorded) -> None:
    assert play(recorded["case"]) == recorded["played"]


def test_a_resumed_game_goes_on_as_the_unbroken_one() -> None:
    resumed = [r["played"] for r in RECORDED if r["case"]["face"] == "resume"]
    assert resumed and all(p["resumed"] == p["moves"] for p in resumed)


def test_every_game_and_every_computer_agent_is_recorded() -> None:
    from swarmtui.agents import agents_for
    from swarmtui.games import GAMES

    seen = set()
    for recorded in RECORDED:
        case = recorded["case"]
        agents = [a for a, _ in case.get("players", [])] if case["face"] in ("sim", "redecide") else []
        seen |= {(case["game"], agent) for agent in agents}
    wanted = {(game, spec.id) for game in GAMES for spec in agents_for(game)
              if not spec.interactive and spec.id != "uhp"}  # an external engine plays what it answers
    assert wanted <= seen
    assert {r["case"]["face"] for r in RECORDED} == {"sim", "redecide", "round-robin", "hive-protocol",
                                                     "halma-attempt", "tui", "resume"}
