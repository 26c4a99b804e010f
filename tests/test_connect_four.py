"""The registry's proof: a fourth game that exists only in ``tests/connect_four``.

Registering its one descriptor (``register_game(SPEC)``) is all it takes: the conformance
checks run on it, ``mcts`` and ``random`` (which claim every game) play it headless, and the
TUI offers it from the menu, through the setup, to its own ``BoardView`` with a human seat.
"""

from __future__ import annotations

import pytest
from connect_four import SPEC
from connect_four.rules import ConnectFourRules
from test_conformance import GAME_CHECKS, agent_game

from swarmtui.agents import agents_for, make_agent
from swarmtui.core.rng import seat_rng
from swarmtui.core.state import Termination
from swarmtui.games import GAMES, register_game, unregister_game


@pytest.fixture(autouse=True)
def connect_four():
    register_game(SPEC)
    yield SPEC
    unregister_game(SPEC.id)


@pytest.fixture
def own_board():
    """Its own board widget in the TUI (the TUI's registration: the descriptor names no widget)."""
    from swarmtui.tui.boards import register_board, unregister_board

    register_board(SPEC.id, "connect_four.board:ConnectFourBoard")
    yield
    unregister_board(SPEC.id)


@pytest.mark.parametrize("check", GAME_CHECKS, ids=lambda c: c.__name__.removeprefix("check_"))
def test_the_conformance_checks_hold(check) -> None:
    check(GAMES["connect-four"], seed=7)


def test_only_the_generic_agents_offer_to_play_it() -> None:
    assert {a.id for a in agents_for("connect-four")} == {"human", "random", "mcts"}


def test_rule_variants_are_parameters_of_the_descriptor() -> None:
    big = SPEC.start(rules=ConnectFourRules(columns=7, rows=6))
    assert len(big.legal_moves()) == 7
    with pytest.raises(ValueError):
        SPEC.start(rules=object())


def test_mcts_plays_it_headless_and_beats_random() -> None:
    agent_game("mcts", SPEC)
    wins = 0
    for seed in range(6):
        state = SPEC.start()
        agents = {"Red": make_agent("mcts", SPEC.id, "Red", seat_rng(seed, "Red"), [("iterations", "300")]),
                  "Yellow": make_agent("random", SPEC.id, "Yellow", seat_rng(seed, "Yellow"))}
        while state.outcome is None:
            state.play(agents[state.to_move].decide(state).move)
        wins += state.outcome.winner == "Red"
    assert wins >= 5, f"mcts (300 iterations) beat random in only {wins} of 6 games"


async def test_a_human_plays_it_through_the_tui(tui_app, own_board) -> None:
    from connect_four.board import ConnectFourBoard
    from test_tui_shell import start_game
    from waiting import settle

    from swarmtui.tui.screens.game import GameScreen

    app = tui_app()
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "connect-four", {0: "human", 1: "human"}, seed=5)
        assert isinstance(screen, GameScreen) and isinstance(screen.board, ConnectFourBoard)
        await settle(app, pilot, lambda: screen.match.human_to_move and screen.board.active)
        for key in "1212121":  # Red drops into a four times, Yellow into b three times
            ply = screen.match.state.ply
            await pilot.press(key)
            await settle(app, pilot, lambda: screen.match.state.ply == ply + 1)  # noqa: B023 (awaited here)
        outcome = screen.match.state.outcome
        assert outcome is not None and outcome.winner == "Red" and outcome.termination is Termination.WIN
        await settle(app, pilot, lambda: "Red wins" in str(screen.query_one("#status").render()))
        assert screen.match.moves == ["a", "b", "a", "b", "a", "b", "a"]


async def test_without_a_board_of_its_own_a_human_plays_it_on_the_notation_board(tui_app) -> None:
    """No widget registered: the TUI shows the game's own text rendering and steps through the
    legal moves in notation (arrows), Enter playing the one shown."""
    from test_tui_shell import start_game
    from waiting import settle

    from swarmtui.tui.widgets.notation_board import NotationBoard

    app = tui_app()
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "connect-four", {0: "human", 1: "human"}, seed=5)
        assert isinstance(screen.board, NotationBoard) and screen.board.GAME is SPEC
        for keys in [("enter",), ("right", "enter")] * 3 + [("enter",)]:  # a, b, a, b, a, b, a: Red wins
            ply = screen.match.state.ply
            await settle(app, pilot, lambda: screen.board.active and screen.match.state.ply == ply)  # noqa: B023
            assert "move > a" in str(screen.board.render())  # each turn starts at the first legal move
            await pilot.press(*keys)
            await settle(app, pilot, lambda: screen.match.state.ply == ply + 1)  # noqa: B023 (awaited here)
        assert screen.match.moves == ["a", "b", "a", "b", "a", "b", "a"]
        assert screen.match.state.outcome is not None and screen.match.state.outcome.winner == "Red"
        await settle(app, pilot, lambda: "last: a" in str(screen.board.render()))


def test_snapshot_the_notation_board(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        from test_tui_shell import start_game
        from waiting import settle

        screen = await start_game(pilot.app, pilot, "connect-four", {0: "human", 1: "random"}, seed=5)
        await settle(pilot.app, pilot, lambda: screen.board.active)
        await pilot.press("right", "right")

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


def test_an_installed_package_adds_a_game_through_the_entry_point_group(monkeypatch) -> None:
    """``[project.entry-points."swarmtui.games"]``: the registry loads it when games are listed."""
    import importlib.metadata

    import swarmtui.games as registry

    unregister_game(SPEC.id)
    point = importlib.metadata.EntryPoint("connect-four", "connect_four:SPEC", registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group: [point] if group == registry.ENTRY_POINT_GROUP else [])
    monkeypatch.setattr(registry.GAMES, "_plugins_loaded", False)
    assert "connect-four" in list(GAMES) and GAMES["connect-four"] is SPEC
