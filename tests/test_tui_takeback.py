"""Takeback (u) and restart (r) in games against the computer: the game, its save and its
agents stay consistent, and nothing is thrown away without asking."""

from __future__ import annotations

from waiting import settle

from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.saved_game import list_games, read_game
from swarmtui.tui.screens.confirm import Confirm
from swarmtui.tui.screens.game import GameScreen


async def _game(app, pilot, config: MatchConfig) -> GameScreen:
    await pilot.pause()
    screen = GameScreen(Match(config), speed="instant")
    await app.push_screen(screen)
    await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
    return screen


async def _play_and_wait_reply(app, pilot, screen: GameScreen, *keys: str) -> None:
    before = len(screen.match.moves)
    await pilot.press(*keys)
    await settle(app, pilot, lambda: len(screen.match.moves) >= before + 2 and screen.match.human_to_move)


async def test_takeback_undoes_my_move_and_the_reply_and_the_ai_answers_the_same_again(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _game(app, pilot, MatchConfig("halma", ("human", "aco-bco"), seed=3))
        board = screen.board
        first = screen.match.state.legal_moves()[0]
        screen.play(first)  # the human's move, as the board would post it
        screen.next_turn()
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        reply = screen.match.moves[1]
        second = screen.match.state.legal_moves()[-1]
        screen.play(second)
        screen.next_turn()
        await settle(app, pilot, lambda: len(screen.match.moves) == 4 and screen.match.human_to_move)
        second_reply = screen.match.moves[3]
        await pilot.press("w")
        await pilot.press("u")
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        assert screen.match.moves[1] == reply and screen.board is board
        path = screen.match.save_path
        assert path is not None and len(read_game(path).moves) == 4  # the save of before the takeback
        screen.play(second)
        screen.next_turn()
        await settle(app, pilot, lambda: len(screen.match.moves) == 4 and screen.match.human_to_move)
        assert screen.match.moves[3] == second_reply  # the swarm's memory is where it was
        await pilot.press("u")
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        await pilot.press("u")
        await settle(app, pilot, lambda: not screen.match.moves and screen.match.human_to_move)
        assert screen.match.save_path == path
        await pilot.press("w")
        await pilot.pause()
        assert read_game(path).moves == []  # the save follows the game
        await pilot.press("u")
        await pilot.pause()
        assert not screen.match.moves


async def test_takeback_is_refused_without_a_move_of_mine(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        await _game(app, pilot, MatchConfig("noughts", ("human", "minimax"), seed=7))
        await pilot.press("u")
        await pilot.pause()
        assert any("no move of yours" in str(n.message) for n in app._notifications)


async def test_restart_asks_first_keeps_the_old_game_and_the_new_one_gets_its_own_file(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _game(app, pilot, MatchConfig("noughts", ("human", "minimax"), seed=7))
        await _play_and_wait_reply(app, pilot, screen, "5")
        await pilot.press("r")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("escape")  # keep playing
        await settle(app, pilot, lambda: app.screen is screen)
        assert len(screen.match.moves) == 2
        await pilot.press("r")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("enter")  # Restart
        await settle(app, pilot, lambda: app.screen is screen and not screen.match.moves)
        [old] = list_games()
        assert old.game is not None and len(old.game.moves) == 2
        assert read_game(old.path).moves == ["b2", old.game.moves[1]]
        await _play_and_wait_reply(app, pilot, screen, "1")
        await pilot.press("w")
        await pilot.pause()
        paths = {entry.path for entry in list_games()}
        assert len(paths) == 2 and old.path in paths
