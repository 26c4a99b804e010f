"""The extension test for a game (docs/architecture.md, "Adding a game"): a fourth game that
exists only in ``tests/connect_four``, registered through the public path only.

Registering its one descriptor (``register_game(SPEC)``, or the entry point) is all it takes:
the conformance checks run on it, ``mcts`` and ``random`` (which claim every game) play it,
``alphabeta`` plays it because the descriptor provides an evaluation, ``swarmtui sim`` runs and
lists it, and the TUI offers it from the menu, through the setup, to a game (on the notation
board, or its own ``BoardView`` once registered with the TUI) and the replay viewer.
"""

from __future__ import annotations

import dataclasses

import pytest
from cli_run import run_cli
from connect_four import SPEC
from connect_four.rules import ConnectFourRules
from test_conformance import GAME_CHECKS, agent_game

from swarmtui.agents import agents_for, make_agent
from swarmtui.core.params import ParamError
from swarmtui.core.rng import seat_rng
from swarmtui.core.state import Termination
from swarmtui.games import GAMES, register_game, unregister_game
from swarmtui.records.results import read_results


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


def test_the_generic_agents_and_alphabeta_offer_to_play_it() -> None:
    assert {a.id for a in agents_for("connect-four")} == {"human", "random", "mcts", "alphabeta"}


def test_alphabeta_plays_it_because_the_descriptor_provides_an_evaluation() -> None:
    """The same game without its ``evaluation`` service is not offered ``alphabeta``; with it,
    the search plays whole games and beats random."""
    bare = dataclasses.replace(SPEC, id="connect-four-bare", services={})
    register_game(bare)
    try:
        assert {a.id for a in agents_for(bare.id)} == {"human", "random", "mcts"}
        with pytest.raises(ParamError, match="does not play connect-four-bare"):
            make_agent("alphabeta", bare.id, "Red", seat_rng(1, "Red"))
    finally:
        unregister_game(bare.id)
    agent_game("alphabeta", SPEC)
    wins = wins_against_random("alphabeta", [("depth", "3")])
    assert wins >= 5, f"alphabeta (depth 3) beat random in only {wins} of 6 games"


def wins_against_random(agent_id: str, overrides: list[tuple[str, str]], games: int = 6) -> int:
    """How many of ``games`` seeded games ``agent_id`` (Red, moving first) wins against random."""
    wins = 0
    for seed in range(games):
        state = SPEC.start()
        agents = {"Red": make_agent(agent_id, SPEC.id, "Red", seat_rng(seed, "Red"), overrides),
                  "Yellow": make_agent("random", SPEC.id, "Yellow", seat_rng(seed, "Yellow"))}
        while state.outcome is None:
            state.play(agents[state.to_move].decide(state).move)
        wins += state.outcome.winner == "Red"
    return wins


def test_sim_runs_it_lists_it_and_its_games_replay(capsys, tmp_path) -> None:
    """``swarmtui sim run`` plays it (and its help lists it with its players); its result file
    replays with ``swarmtui replay``, the final position drawn by the game's own renderer."""
    out = tmp_path / "connect-four.jsonl"
    code, text, err = run_cli(capsys, "sim", "run", "connect-four", "-p", "alphabeta,random", "-n", "3",
                              "-w", "1", "--seed", "2", "--out", out, "--traces")
    assert code == 0, err
    assert "alphabeta (Red) vs random (Yellow)" in text and len(read_results(out).games) == 3
    code, shown, _ = run_cli(capsys, "sim", "run", "--help")
    listed = shown[shown.index("connect-four: Connect Four (small)"):].splitlines()[1]
    assert code == 0 and listed.strip().split(", ") == ["random", "mcts", "alphabeta"]
    code, replayed, err = run_cli(capsys, "replay", out, "--final", "--ascii")
    assert code == 0, err
    assert "a b c d e" in replayed and ("R" in replayed and "Y" in replayed)


def test_rule_variants_are_parameters_of_the_descriptor() -> None:
    big = SPEC.start(rules=ConnectFourRules(columns=7, rows=6))
    assert len(big.legal_moves()) == 7
    with pytest.raises(ValueError):
        SPEC.start(rules=object())


def test_mcts_plays_it_headless_and_beats_random() -> None:
    agent_game("mcts", SPEC)
    wins = wins_against_random("mcts", [("iterations", "300")])
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


async def test_the_replay_viewer_steps_through_its_recorded_games(tui_app, capsys, tmp_path) -> None:
    """A ``sim`` result file of the game opens in the TUI's replay viewer, on the notation board,
    with alphabeta's reasoning (a search trace) for its moves."""
    from screens import top
    from test_tui_records import open_record
    from waiting import settle

    from swarmtui.tui.screens.replay import ReplayScreen
    from swarmtui.tui.widgets.notation_board import NotationBoard

    out = tmp_path / "connect-four.jsonl"
    code, _, err = run_cli(capsys, "sim", "run", "connect-four", "-p", "alphabeta,random", "-n", "1", "-w", "1",
                           "--out", out, "--traces")
    assert code == 0, err
    [log] = read_results(out).games
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await open_record(app, pilot, out)
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = top(app, ReplayScreen)
        assert isinstance(replay.board, NotationBoard)
        await pilot.press("right")
        await settle(app, pilot, lambda: replay.ply == 1)
        assert replay.panel.deliberation is not None and replay.panel.deliberation.trace.kind == "search"
        await pilot.press("end")
        await settle(app, pilot, lambda: replay.ply == len(log.moves))
        assert replay.board.board.outcome is not None and str(log.result).split()[0] in str(
            replay.query_one("#status").render())


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
