"""Clocks in the app (issue 29): the setup's time control, each seat's clock on the game screen,
a flag that falls, AI seats budgeting from their clock, clocks saved and restored, and the
clocks stopping while the person is away from a game against the computer."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static
from waiting import settle

from swarmtui.core.clock import TimeControl
from swarmtui.core.limits import Limit
from swarmtui.games import GAMES
from swarmtui.records.gamelog import GameLog
from swarmtui.referee import Budgeting
from swarmtui.tui.config import ConfigError, parse
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.saved_game import read_game
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.widgets.seat_clock import Reading, SeatClocks, clock_face


class FakeTime:
    """A clock the test moves by hand (the referee's ``timer``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def timed(game: str, agents: tuple[str, ...], clock: str, *, fake: FakeTime | None = None) -> Match:
    match = Match(MatchConfig(game, agents, seed=5, clock=TimeControl.parse_minutes(clock)))
    if fake is not None:
        match.referee.timer = fake
        match.referee.set_thinking(0.0)
    return match


async def open_game(app, pilot, match: Match, speed: str = "instant") -> GameScreen:
    screen = GameScreen(match, speed=speed)
    app.push_screen(screen)
    await settle(app, pilot, lambda: app.screen is screen)
    return screen


def shown(screen: GameScreen) -> str:
    return str(screen.query_one(SeatClocks).render())


# -- spelling --------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "control"), [
    ("5+3", TimeControl(300, 3)), ("1", TimeControl(60)), ("0:30", TimeControl(30)),
    ("1:30+2", TimeControl(90, 2)), ("st=10", TimeControl(per_move=10)), ("", TimeControl()), ("none", TimeControl()),
])
def test_the_tui_spells_time_controls_in_minutes(text, control) -> None:
    assert TimeControl.parse_minutes(text) == control
    assert TimeControl.parse_minutes(control.minutes()) == control  # written back as read


@pytest.mark.parametrize("text", ["abc", "5+", "-1", "0", "1:75", "5+3+1"])
def test_what_is_not_a_time_control_in_minutes_is_one_sentence(text) -> None:
    with pytest.raises(ValueError, match="time control|0 seconds"):
        TimeControl.parse_minutes(text)


def test_clock_faces() -> None:
    assert [clock_face(s) for s in (300, 59.99, 9.96, 0.04, 3723)] == ["5:00", "0:59", "0:09.9", "0:00.0", "1:02:03"]


def test_the_config_file_gives_a_games_time_control() -> None:
    assert parse('[clock]\nhive = "5+3"\nnoughts = "st=10"\n', "c.toml").clock == {"hive": "5+3", "noughts": "st=10"}
    with pytest.raises(ConfigError, match=r"c.toml: clock.hive: '5\+x' is not a time control"):
        parse('[clock]\nhive = "5+x"\n', "c.toml")
    with pytest.raises(ConfigError, match="clock.chess: unknown game"):
        parse('[clock]\nchess = "5"\n', "c.toml")


# -- setup ------------------------------------------------------------------------------------
async def test_setup_reads_the_clock_says_what_is_wrong_and_starts_a_timed_game(tui_app) -> None:
    from swarmtui.tui.screens.setup import SetupScreen

    app = tui_app()
    async with app.run_test() as pilot:
        app.push_screen(SetupScreen(GAMES["noughts"], clock="1"))
        await pilot.pause()
        setup = app.screen
        field = setup.query_one("#clock", Input)
        assert field.value == "1"  # the config file's default
        field.value = "5+x"
        await pilot.pause()
        error = setup.query_one("#error-clock", Static)
        assert error.display and "not a time control" in str(error.render()) and field.has_class("-invalid")
        await setup.start()
        await pilot.pause()
        assert app.screen is setup and any("Check the clock" in n.title for n in app._notifications)
        field.value = "5+3"
        await pilot.pause()
        assert not error.display
        await setup.start()
        await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
        match = app.screen.match
        assert match.config.clock == TimeControl(300, 3) and match.referee.time_control == TimeControl(300, 3)
        assert app.screen.query_one(SeatClocks).display
        await settle(app, pilot, lambda: " O 5:00" in shown(app.screen))


# -- the clocks on screen ---------------------------------------------------------------------
async def test_the_side_to_moves_clock_ticks_and_the_others_stands(tui_app) -> None:
    app = tui_app(glyphs="ascii")
    async with app.run_test() as pilot:
        fake = FakeTime()
        screen = await open_game(app, pilot, timed("noughts", ("human", "minimax"), "1", fake=fake))
        fake.now += 12.5
        await settle(app, pilot, lambda: screen.query_one(SeatClocks).readings[0].left == pytest.approx(47.5))
        readings = screen.query_one(SeatClocks).readings
        assert readings == (Reading("X", 47.5, True, False), Reading("O", 60.0, False, False))
        text = shown(screen)
        assert ">X 0:47" in text and " O 1:00" in text and text.isascii()
        untimed = await open_game(app, pilot, Match(MatchConfig("noughts", ("human", "minimax"), seed=5)))
        assert not untimed.query_one(SeatClocks).display


async def test_a_person_whose_flag_falls_loses_on_time_and_the_save_says_so(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, timed("noughts", ("human", "random"), "0:02"))
        screen.play(screen.match.state.parse_move("b2"))
        screen.next_turn()
        await settle(app, pilot, lambda: screen.match.is_over)
        assert screen.match.moves[0] == "b2" and len(screen.match.moves) == 2
        assert screen.match.result_text() == "O wins (X lost on time)"
        assert "lost on time" in str(screen.query_one("#status").render())
        assert "X flag" in shown(screen)
        assert screen.match.save_path is not None
        saved = read_game(screen.match.save_path)
        assert saved.finished and "on time" in saved.result


async def test_a_move_made_after_the_flag_fell_is_not_played(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        fake = FakeTime()
        screen = await open_game(app, pilot, timed("noughts", ("human", "minimax"), "st=5", fake=fake))
        fake.now += 5.5  # X thought 5.5 s of 5, and the screen has not looked yet
        screen.play(screen.match.state.parse_move("b2"))
        screen.next_turn()
        assert screen.match.moves == [] and screen.board.last is None
        assert screen.match.result_text() == "O wins (X lost on time)"


async def test_an_ai_that_overruns_its_clock_loses_on_time(tui_app, monkeypatch) -> None:
    import threading

    release = threading.Event()

    def slow(agent, state, limit):  # an agent that ignores its budget
        release.wait(10)
        return agent.decide(state)

    monkeypatch.setattr("swarmtui.referee.game.consult", slow)
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, timed("noughts", ("random", "human"), "st=0.3"))
        await settle(app, pilot, lambda: screen.match.is_over, workers=False)
        release.set()
        assert screen.match.result_text() == "O wins (X lost on time)"


async def test_the_pause_between_two_ai_moves_is_nobodys_time(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, timed("noughts", ("random", "random"), "st=0.3"), speed="normal")
        await settle(app, pilot, lambda: screen.match.is_over)  # each move shown 0.4 s and more
        assert "on time" not in screen.match.result_text() and len(screen.match.moves) >= 5


async def test_ai_seats_in_the_app_budget_from_their_clock(tui_app, monkeypatch) -> None:
    from swarmtui.referee import advice

    limits: list[Limit | None] = []

    def spy(agent, state, limit):
        limits.append(limit)
        return advice.consult(agent, state, limit)

    monkeypatch.setattr("swarmtui.referee.game.consult", spy)
    app = tui_app()
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, timed("noughts", ("minimax", "human"), "2+1"))
        await settle(app, pilot, lambda: screen.match.human_to_move)
        assert limits and limits[0] is not None
        assert limits[0].time == pytest.approx(Budgeting().budget(TimeControl(120, 1), 120.0))  # 120/30 + 1


# -- saved and restored, paused while away ---------------------------------------------------
async def test_clocks_are_saved_as_they_stood_and_restored(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        fake = FakeTime()
        screen = await open_game(app, pilot, timed("noughts", ("human", "human"), "1+2", fake=fake))
        fake.now += 10
        screen.play(screen.match.state.parse_move("b2"))
        screen.next_turn()
        fake.now += 4
        await pilot.press("m")  # back to the menu: saved, the clocks stopped
        await pilot.pause()
        assert screen.match.save_path is not None
        saved = read_game(screen.match.save_path)
        assert saved.clock == {"control": "60+2", "spent": [10.0], "thinking": 4.0, "left": {"X": 52.0, "O": 56.0}}
        fake.now += 500  # away: nothing runs
        restored = Match.from_saved(saved, "the save")
        restored.referee.timer = fake
        assert restored.referee.paused
        assert restored.referee.clocks["X"].remaining == 52.0
        assert restored.referee.remaining("O") == pytest.approx(56.0)
        again = await open_game(app, pilot, restored)
        assert not again.match.referee.paused
        fake.now += 1
        assert again.match.referee.remaining("O") == pytest.approx(55.0)


async def test_a_dropped_connection_saves_each_clock_as_it_stood(tui_app) -> None:
    from swarmtui.tui.saved_game import take_interrupted

    app = tui_app()
    async with app.run_test() as pilot:
        fake = FakeTime()
        screen = await open_game(app, pilot, timed("noughts", ("human", "minimax"), "5+3", fake=fake))
        screen.play(screen.match.state.parse_move("b2"))
        screen.next_turn()
        await settle(app, pilot, lambda: screen.match.human_to_move)
        fake.now += 42.5  # X has been thinking for 42.5 s when the connection drops (SIGHUP)
        app.hang_up()
    entry = take_interrupted()
    assert entry is not None and entry.game is not None and entry.game.clock is not None
    assert entry.game.clock["thinking"] == 42.5
    resumed = Match.from_saved(entry.game, "the save")
    assert resumed.referee.remaining("X") == pytest.approx(resumed.referee.clocks["X"].remaining - 42.5)
    assert resumed.referee.clocks["X"].remaining == pytest.approx(303.0)  # b2 took no time on the fake clock


def test_a_save_without_clocks_still_loads_and_a_damaged_clock_is_one_sentence() -> None:
    old = GameLog("noughts", {"X": "human", "O": "human"}, ["b2"], 5)
    match = Match.from_saved(GameLog.from_json(old.to_json(), "old.json"), "old.json")
    assert not match.timed and match.moves == ["b2"]
    from swarmtui.core.saves import SaveError

    with pytest.raises(SaveError, match="old.json is damaged: 'clock.spent'"):
        GameLog.from_json({**old.to_json(), "clock": {"control": "60", "spent": [-1]}}, "old.json")
    with pytest.raises(SaveError, match="old.json is damaged: its clock"):
        Match.from_saved(GameLog.from_json({**old.to_json(), "clock": {"control": "60/40"}}, "old.json"), "old.json")


async def test_the_clocks_stop_while_the_person_is_away(tui_app) -> None:
    from swarmtui.tui.screens.confirm import Confirm

    app = tui_app()
    async with app.run_test() as pilot:
        fake = FakeTime()
        screen = await open_game(app, pilot, timed("noughts", ("human", "minimax"), "1", fake=fake))
        referee = screen.match.referee
        fake.now += 5
        app.push_screen(Confirm("Away", "a screen over the game"))
        await settle(app, pilot, lambda: referee.paused)
        fake.now += 100  # covered: the clock stands
        app.pop_screen()
        await settle(app, pilot, lambda: not referee.paused)
        assert referee.remaining("X") == pytest.approx(55.0)
        app.app_suspend_signal.publish(app)  # Ctrl+Z
        assert referee.paused
        fake.now += 100
        app.app_resume_signal.publish(app)
        await settle(app, pilot, lambda: not referee.paused)
        assert referee.remaining("X") == pytest.approx(55.0)
        await settle(app, pilot, lambda: "(paused)" not in shown(screen))  # the next reading says so


# -- snapshot ---------------------------------------------------------------------------------
def test_snapshot_a_hive_game_with_clocks(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        fake = FakeTime()
        match = timed("hive", ("human", "alphabeta"), "5+3", fake=fake)
        match.play(match.state.parse_move("wA1"), seconds=7.4)
        match.play(match.state.parse_move("bG1 -wA1"), seconds=2.0)
        fake.now += 21.3
        screen = await open_game(app, pilot, match)
        await settle(app, pilot, lambda: screen.query_one(SeatClocks).readings)

    assert snap_compare(tui_app(), terminal_size=(80, 24), run_before=run_before)
