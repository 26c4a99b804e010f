"""Clocks at tables (issue 29): the table's time control is its rule and the hub keeps the
clocks; they start when every seat is held, run on when a player leaves or drops, and a flag
that falls ends the game on time (rated at a rated table); both players see both clocks."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select
from waiting import poll_until, settle

from swarmtui.games import GAMES
from swarmtui.tables.client import TableError
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.tables import table_prompt
from swarmtui.tui.widgets.seat_clock import SeatClocks

PLAYERS = {"X": "human", "O": "human"}


def test_a_timed_table_starts_its_clocks_when_both_sit_and_an_absent_players_flag_falls(hub) -> None:
    alice = hub.client("alice").host("noughts", PLAYERS, 7, {}, ["X"], rated=True, clock="1.5")
    assert alice.clock == "1.5" and alice.clocks == {"X": 1.5, "O": 1.5} and alice.clock_running is None
    listed = hub.client("carol").list_tables()[0]
    assert listed["clock"] == "1.5" and "clock 0:01.5" in table_prompt(listed).plain  # the tables list says so
    bob = hub.client("bob").join("1")
    poll_until(lambda: alice.clock_running == "X")  # both seats held: X's clock runs
    assert bob.clock_running == "X" and bob.clock_left("O") == 1.5
    alice.publish(0, "b2")
    poll_until(lambda: bob.clock_ply == 1 and bob.clock_running == "O")
    # O's clock runs from X's move: the update may already have taken a few milliseconds from it
    # (1.498 once, in a CI run on a loaded machine)
    assert 1.4 < bob.clocks["X"] <= 1.5 and 1.45 < bob.clocks["O"] <= 1.5
    bob.leave()  # gone: the clock does not stop
    poll_until(lambda: alice.ending == {"kind": "time", "seat": "O"})
    assert alice.clocks["O"] == 0.0 and alice.clock_running is None
    poll_until(lambda: len(hub.ratings.leaderboard("noughts")) == 2)  # rated: alice won on time
    board = {row.label: row for row in hub.ratings.leaderboard("noughts")}
    assert board["alice [x]"].wins == 1 and board["alice [x]"].rating.rating > board["bob [x]"].rating.rating
    late = hub.client("bob").join("1")  # the finished table says how it ended
    assert late.ending == {"kind": "time", "seat": "O"}
    with pytest.raises(TableError, match="game is not over|over"):
        late.client.request("move", table="1", ply=1, move="a1")


def test_a_move_that_arrives_after_its_flag_fell_is_refused_and_ends_the_game(hub) -> None:
    alice = hub.client("alice").host("noughts", PLAYERS, 7, {}, ["X"], clock="st=60")
    bob = hub.client("bob").join("1")
    poll_until(lambda: alice.clock_running == "X")
    table = hub.hub.tables["1"]
    # X has been thinking for 100 s; the hub's flag timer, set for 60 s from the turn's start, has
    # not woken yet (a short clock raced it on a loaded machine: the timer ended the game first)
    table.turn_started -= 100
    alice.publish(0, "b2")
    poll_until(lambda: bob.ending == {"kind": "time", "seat": "X"})
    assert alice.refused is not None and "lost on time" in alice.refused
    assert table.moves == [] and table.outcome is not None and table.outcome.reason == "X lost on time"


def test_a_resumed_game_opens_its_table_with_the_time_its_clocks_had_left(hub) -> None:
    from swarmtui.records.gamelog import GameLog
    from swarmtui.tui.table_game import resume_match

    saved = GameLog("noughts", PLAYERS, ["b2"], 7, clock={"control": "60+2", "spent": [3.0], "thinking": 9.0,
                                                          "left": {"X": 59.0, "O": 51.0}},
                    table={"id": "9", "mine": ["X"]})
    match = resume_match(hub.client("alice"), saved, "the save")
    assert match.table is not None and match.table.clocks == {"X": 59.0, "O": 51.0}
    assert match.referee.time_control.base == 60
    with pytest.raises(TableError, match="'left' must give seats' times left, above 0 and at most 64"):
        hub.client("bob").host("noughts", PLAYERS, 7, {}, ["X"], ["b2"], clock="60+2", left={"X": 65.0})


def test_a_table_refuses_a_clock_that_is_not_one(hub) -> None:
    with pytest.raises(TableError, match="'clock': '40/60' is not a time control"):
        hub.client("alice").host("noughts", PLAYERS, 7, {}, ["X"], clock="40/60")


async def test_the_host_sees_both_clocks_and_loses_on_time_at_the_table(tui_app, hub) -> None:
    from swarmtui.tui.screens.setup import SetupScreen

    app = tui_app(speed="instant", tables=hub.client("alice"))
    async with app.run_test() as pilot:
        app.push_screen(SetupScreen(GAMES["noughts"], remote=True, clock="0:02"))
        await settle(app, pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#seat-1", Select).value = "remote"
        assert app.screen.query_one("#clock", Input).value == "0:02"
        await pilot.pause()
        await app.screen.start()
        await settle(app, pilot, lambda: isinstance(app.screen, GameScreen), workers=False)
        screen = app.screen
        assert screen.match.table is not None and screen.match.table.clock == "2"
        clocks = screen.query_one(SeatClocks)
        await settle(app, pilot, lambda: clocks.paused, workers=False)  # nobody's time runs before O sits
        bob = hub.client("bob").join("1")
        await settle(app, pilot, lambda: clocks.readings and clocks.readings[0].left < 2.0, workers=False)
        assert clocks.readings[0].running and bob.clock_running == "X"
        await settle(app, pilot, lambda: screen.match.is_over, workers=False)
        assert screen.match.result_text() == "O wins (X lost on time)"
        await settle(app, pilot, lambda: "X flag" in str(clocks.render()), workers=False)
