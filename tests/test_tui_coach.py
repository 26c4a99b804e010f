"""The coach in the game screen (issue 29): a asks, the deliberation animates, the suggestion is
highlighted and g plays it; y rates the move under the cursor; asking again or moving cancels;
hints are counted, saved and shown at the end."""

from __future__ import annotations

from screens import as_a
from waiting import settle

from swarmtui.games import GAMES
from swarmtui.referee import Seat
from swarmtui.tables.client import TableLink
from swarmtui.tui.match import COACH_OFF, Match, MatchConfig
from swarmtui.tui.saved_game import read_game
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.widgets.noughts_board import NoughtsBoard

NOUGHTS = "XX./OO./..."
HALMA = ("1/11/111/.111/....1......../............/.........../........../........./........../....2222.../"
         ".222......../............./222./.../../. 2 1 40")


async def open_game(app, pilot, game: str, agents: tuple[str, ...], position: str | None = None,
                    coach: str | None = None, speed: str = "instant") -> GameScreen:
    match = Match(MatchConfig(game, agents, seed=5, coach=coach))
    if position is not None:
        match.state = GAMES[game].position(position)
    screen = GameScreen(match, speed=speed)
    app.push_screen(screen)
    await settle(app, pilot, lambda: app.screen is screen)
    return screen


def status(screen: GameScreen) -> str:
    return str(screen.query_one("#status").render())


async def test_the_coach_suggests_a_win_highlights_it_and_g_plays_it(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, "noughts", ("human", "random"), NOUGHTS)
        assert "a coach" in status(screen)
        await pilot.press("a")
        await settle(app, pilot, lambda: screen.advice is not None)
        assert as_a(screen.board, NoughtsBoard).cursor == 2 and "coach (Minimax (perfect)): c1" in status(screen)
        assert "enter or g plays it" in status(screen)
        assert screen.panel.deliberation is not None and "coach" in screen.panel.deliberation.agent
        assert screen.match.state.ply == 4 and screen.match.hints == {"X": 1}  # highlighted, not played
        await pilot.press("g")
        await settle(app, pilot)
        outcome = screen.match.state.outcome
        assert screen.match.is_over and outcome is not None and outcome.winner == "X"
        assert "hints: X used 1" in status(screen)
        assert screen.match.save_path is not None
        saved = read_game(screen.match.save_path)
        assert saved.hints == {"X": 1} and saved.finished


async def test_enter_plays_the_highlighted_suggestion_in_halma(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, "halma", ("human", "greedy"), HALMA)
        await pilot.press("a")
        await settle(app, pilot, lambda: screen.advice is not None)
        move = screen.match.state.parse_move("e5-d1")
        assert screen.board.cursor_move() == move
        await pilot.press("enter")
        await settle(app, pilot)
        assert screen.match.is_over and screen.match.moves[-1] == "e5-d1"


async def test_why_not_my_move_rates_the_move_under_the_cursor(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, "halma", ("human", "greedy"), HALMA)
        await pilot.press("y")
        await pilot.pause()
        assert screen.advice is None and screen.match.hints == {}  # nothing selected: nothing to rate
        screen.board.show_move(screen.match.state.parse_move("e5-f5"))  # as if the player had chosen it
        await pilot.press("y")
        await settle(app, pilot, lambda: screen.advice is not None)
        assert "e5-f5 scores" in status(screen) and "prefers e5-d1" in status(screen)
        assert screen.board.cursor_move() == screen.match.state.parse_move("e5-f5")  # the player's choice stays
        await pilot.press("g")
        await settle(app, pilot)
        assert screen.match.moves[-1] == "e5-d1"


async def test_asking_again_or_moving_cancels_a_coach_still_thinking(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, "noughts", ("human", "human"))
        screen.match.coach = Seat("coach", "mcts", (("iterations", "10000000"),))  # thinks until stopped
        await pilot.press("a")
        await pilot.pause()
        assert "thinking about your move" in status(screen)
        first = screen.coach_stop
        await pilot.press("a")  # asked again: the first question is stopped
        await pilot.pause()
        second = screen.coach_stop
        assert first is not None and first.is_set() and second is not None and not second.is_set()
        await pilot.press("5")  # a move: the coach stops, nothing is counted
        await settle(app, pilot, lambda: screen.match.state.ply == 1)
        assert second.is_set() and screen.coach_stop is None
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.match.hints == {} and screen.advice is None and screen.panel.deliberation is None


async def test_no_coach_and_not_your_turn_say_so(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, "noughts", ("human", "random"), coach=COACH_OFF)
        assert "a coach" not in status(screen)
        await pilot.press("a")
        await pilot.pause()
        assert screen.coach_stop is None and any("no coach" in n.message for n in app._notifications)
        screen = await open_game(app, pilot, "noughts", ("random", "human"), coach="random")
        await settle(app, pilot)
        assert screen.match.coach_title() == "Random"


async def test_a_resumed_game_keeps_its_coach_and_hints(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, "noughts", ("human", "minimax"), coach="random")
        await pilot.press("a")
        await settle(app, pilot, lambda: screen.advice is not None)
        screen.action_save()
        assert screen.match.save_path is not None
        saved = read_game(screen.match.save_path)
        assert saved.coach == "random" and saved.hints == {"X": 1}
        again = Match.from_saved(saved, "the save")
        assert again.coach is not None and again.coach.agent == "random" and again.hints == {"X": 1}


async def test_setup_offers_the_coach_strongest_first_and_the_config_file_chooses(tui_app) -> None:
    from textual.widgets import Select

    from swarmtui.tui.config import Preferences, parse
    from swarmtui.tui.screens.setup import SetupScreen

    assert parse('[coach]\nhive = "pso-verify"\nhalma = "off"\n', "c.toml").coach == {"hive": "pso-verify",
                                                                                    "halma": "off"}
    app = tui_app(preferences=Preferences(coach={"hive": "pso-verify", "noughts": "pso"}))
    async with app.run_test() as pilot:
        app.push_screen(SetupScreen(GAMES["hive"], coach="pso-verify"))
        await pilot.pause()
        coach = app.screen.query_one("#coach", Select)
        assert coach.value == "pso-verify"
        options = [value for _, value in coach._options]
        assert options[0] == "alphabeta" and options[-1] == COACH_OFF and "human" not in options
        assert app.screen.chosen_coach() == "pso-verify"
        coach.value = "alphabeta"
        assert app.screen.chosen_coach() is None  # the game's default, with its short budget
        app.push_screen(SetupScreen(GAMES["noughts"], coach="pso"))  # pso does not play noughts
        await pilot.pause()
        assert app.screen.query_one("#coach", Select).value == "minimax"
        assert any("cannot coach" in n.message for n in app._notifications)


# -- snapshots at 80x24 --------------------------------------------------------------------
def test_snapshot_the_coach_highlights_its_halma_suggestion(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await open_game(app, pilot, "halma", ("human", "greedy"), HALMA, coach="greedy")
        await pilot.press("a")
        await settle(app, pilot, lambda: screen.advice is not None)

    assert snap_compare(tui_app(), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_why_not_my_move(snap_compare, tui_app, monkeypatch) -> None:
    monkeypatch.setattr("swarmtui.agents.minimax.agent._TABLE", {})  # node counts independent of test order

    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await open_game(app, pilot, "noughts", ("human", "random"), NOUGHTS)
        await pilot.press("right", "down")  # the cursor from b2 to c3
        await pilot.press("y")
        await settle(app, pilot, lambda: screen.advice is not None)

    assert snap_compare(tui_app(), terminal_size=(80, 24), run_before=run_before)


def test_at_a_table_the_coach_is_off_unless_it_was_opened_with_one(hub) -> None:
    from swarmtui.tui.screens.tables import table_prompt
    from swarmtui.tui.table_game import REMOTE, host_match, join_match

    alice, bob = hub.client("alice"), hub.client("bob")
    closed = host_match(alice, MatchConfig("noughts", ("human", REMOTE), seed=1, coach=COACH_OFF))
    opened = host_match(alice, MatchConfig("noughts", ("human", REMOTE), seed=2, coach="random"))
    rated = host_match(alice, MatchConfig("noughts", ("human", REMOTE), seed=3, coach="random"), rated=True)
    assert closed.table is not None and opened.table is not None and rated.table is not None
    try:
        assert rated.coach is None and rated.table.coach is False  # ratings measure players, not coaches
        listed = {t["table"]: t for t in bob.list_tables()}
        assert listed[closed.table.id]["coach"] is False and listed[opened.table.id]["coach"] is True
        assert "coach allowed" in table_prompt(listed[opened.table.id]).plain
        assert "coach" not in table_prompt(listed[closed.table.id]).plain
        assert closed.coach is None and closed.to_saved().coach == COACH_OFF
        assert opened.coach is not None and opened.coach.agent == "random"  # the host's own choice
        joined = [join_match(bob, closed.table.id), join_match(bob, opened.table.id)]
        assert joined[0].coach is None  # nobody agreed: off for everyone
        assert joined[1].coach is not None and joined[1].coach.agent == "minimax"  # the joiner's own coach
        for match in joined:
            as_a(match.table, TableLink).leave()
    finally:
        for match in (closed, opened, rated):
            as_a(match.table, TableLink).leave()
