"""The end of a game as a player meets it: resign (R, after asking), offer a draw (d) to the
computer, which answers by its search, or to a second person at the keyboard, redo (U) after
undo (u), and the hints used shown at the end and kept in the save."""

from __future__ import annotations

from collections.abc import Callable

from waiting import settle

from swarmtui.games import get_game
from swarmtui.referee.draw_offer import answer_draw
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.saved_game import read_game
from swarmtui.tui.screens.confirm import Confirm
from swarmtui.tui.screens.game import GameScreen


async def _game(app, pilot, config: MatchConfig, position: str | None = None) -> GameScreen:
    await pilot.pause()
    match = Match(config)
    if position is not None:
        match.state = get_game(config.game_id).position(position)
    screen = GameScreen(match, speed="instant")
    await app.push_screen(screen)
    await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
    return screen


def _notes(app) -> str:
    return " | ".join(str(n.message) for n in app._notifications)


async def test_resigning_asks_first_then_ends_the_game_saying_who_resigned(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await _game(app, pilot, MatchConfig("hive", ("human", "random"), seed=5))
        screen.play(screen.match.state.legal_moves()[0])
        screen.next_turn()
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        await pilot.press("R")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("n")  # play on
        await settle(app, pilot, lambda: app.screen is screen)
        assert not screen.match.is_over
        await pilot.press("R")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await settle(app, pilot, lambda: screen.match.is_over)
        assert screen.match.result_text() == "Black wins (White resigns)"
        status = str(screen.query_one("#status").render())
        assert "White resigns" in status
        assert screen.match.save_path is not None
        saved = read_game(screen.match.save_path)  # a finished game is kept for the replays
        assert saved.finished and saved.result == "Black wins (White resigns)"
        await pilot.press("R")
        await pilot.pause()
        assert "the game is over" in _notes(app)


async def test_a_game_resigned_before_any_move_is_kept_with_its_result(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await _game(app, pilot, MatchConfig("noughts", ("human", "random"), seed=5))
        await pilot.press("R")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await settle(app, pilot, lambda: screen.match.is_over and screen.match.save_path is not None)
        assert screen.match.save_path is not None
        saved = read_game(screen.match.save_path)
        assert saved.finished and saved.moves == [] and saved.result == "O wins (X resigns)"


async def test_the_computer_declines_a_draw_when_ahead_and_accepts_when_not(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        # O (the person) to move, X threatens two lines: the computer is ahead and declines
        screen = await _game(app, pilot, MatchConfig("noughts", ("minimax", "human"), seed=2), "XX./.O./X.O")
        await pilot.press("d")
        await settle(app, pilot, lambda: "declines" in _notes(app))
        assert "X declines the draw: it is ahead" in _notes(app)
        assert not screen.match.is_over
        # a level position: it accepts
        screen.start(Match(MatchConfig("noughts", ("minimax", "human"), seed=2)))
        await settle(app, pilot, lambda: screen.match.human_to_move)
        await pilot.press("d")
        await settle(app, pilot, lambda: screen.match.is_over)
        assert screen.match.result_text() == "Draw (draw agreed)"


def test_the_draw_rule_is_the_same_for_the_same_seed_and_reads_the_search_for_the_seat_offered() -> None:
    spec = get_game("noughts")
    losing = spec.position("XX./OO./...")  # X to move wins at once
    assert not answer_draw("noughts", losing, "X", 1).accepts  # X is ahead: declines
    assert answer_draw("noughts", losing, "O", 1).accepts  # O is behind: accepts
    hive = get_game("hive").start()
    hive.play(hive.legal_moves()[0])
    assert answer_draw("hive", hive, "White", 4) == answer_draw("hive", hive, "White", 4)


async def test_a_second_person_at_the_keyboard_answers_the_offer(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await _game(app, pilot, MatchConfig("noughts", ("human", "human"), seed=2))
        await pilot.press("d")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))
        assert "X offers a draw. O, do you accept?" in str(app.screen.query_one("Static").render())
        await pilot.press("n")
        await settle(app, pilot, lambda: app.screen is screen and "O declines the draw" in _notes(app))
        await pilot.press("a")  # a hint first: it is shown at the end and kept in the save
        await settle(app, pilot, lambda: screen.advice is not None)
        screen.play(screen.match.state.legal_moves()[0])
        screen.next_turn()
        await pilot.press("d")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))
        assert "O offers a draw. X, do you accept?" in str(app.screen.query_one("Static").render())
        await pilot.press("y")
        await settle(app, pilot, lambda: screen.match.is_over)
        assert screen.match.result_text() == "Draw (draw agreed)"
        status = str(screen.query_one("#status").render())
        assert "Draw (draw agreed)" in status and "hints: X used 1" in status
        assert screen.match.save_path is not None
        saved = read_game(screen.match.save_path)
        assert saved.finished and saved.result == "Draw (draw agreed)" and saved.hints == {"X": 1}


def test_the_seat_that_resigns_or_offers_is_the_one_at_this_keyboard() -> None:
    assert Match(MatchConfig("noughts", ("minimax", "human"), seed=2)).my_seat() == "O"  # not to move: still O
    assert Match(MatchConfig("noughts", ("human", "human"), seed=2)).my_seat() == "X"  # the side to move
    assert Match(MatchConfig("noughts", ("random", "random"), seed=2)).my_seat() is None  # nobody here
    assert Match(MatchConfig("halma", ("greedy", "human", "human"), seed=2)).my_seat() is None  # which one?


async def test_halma_with_three_players_says_draws_need_two(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await _game(app, pilot, MatchConfig("halma", ("human", "greedy", "greedy"), seed=2))
        await pilot.press("d")
        await pilot.pause()
        assert "draws by agreement need two players; this game has 3" in _notes(app)
        assert not screen.match.is_over



async def test_redo_replays_what_undo_took_back_and_a_new_move_clears_it(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await _game(app, pilot, MatchConfig("noughts", ("human", "minimax"), seed=7))
        def at(moves: int) -> Callable[[], bool]:
            return lambda: len(screen.match.moves) == moves and screen.match.human_to_move

        for key, moves in (("5", 2), ("1", 4)):
            await pilot.press(key)
            await settle(app, pilot, at(moves))
        played = list(screen.match.moves)
        await pilot.press("U")
        await pilot.pause()
        assert "nothing to redo" in _notes(app)
        for kept in (2, 0):
            await pilot.press("u")
            await settle(app, pilot, at(kept))
        assert screen.match.redo == played
        for kept in (2, 4):
            await pilot.press("U")
            await settle(app, pilot, at(kept))
            assert screen.match.moves == played[:kept]
        await pilot.press("u")
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        screen.play(screen.match.state.legal_moves()[-1])  # another move than the one taken back
        assert screen.match.redo == []
        await pilot.press("U")
        await pilot.pause()
        assert "nothing to redo" in _notes(app)


# -- snapshots at 80x24 --------------------------------------------------------------------
def test_snapshot_resigning_asks_first(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await _game(app, pilot, MatchConfig("noughts", ("human", "random"), seed=4))
        await pilot.press("5")
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        await pilot.press("R")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_a_draw_offered_to_the_second_person_at_the_keyboard(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await _game(app, pilot, MatchConfig("noughts", ("human", "human"), seed=4))
        screen.play(screen.match.state.legal_moves()[4])
        screen.next_turn()
        await pilot.press("d")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_a_drawn_game_with_its_hints(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await _game(app, pilot, MatchConfig("noughts", ("human", "human"), seed=4, coach="minimax"))
        await pilot.press("a")
        await settle(app, pilot, lambda: screen.advice is not None)
        await pilot.press("g")
        await settle(app, pilot, lambda: len(screen.match.moves) == 1)
        await pilot.press("d")
        await settle(app, pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await settle(app, pilot, lambda: screen.match.is_over)

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


async def test_a_resignation_while_an_undo_rebuilds_the_game_stands(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await _game(app, pilot, MatchConfig("noughts", ("human", "minimax"), seed=7))
        await pilot.press("5")
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        screen.action_takeback()  # the rebuild runs in a worker...
        screen.resign("X")  # ...and the player resigns before it is done
        await settle(app, pilot, lambda: not app.workers._workers)
        assert screen.match.is_over and screen.match.result_text() == "O wins (X resigns)"
        assert len(screen.match.moves) == 2
